"""Sources: one module per kind of inbox, all yielding typed Events with stable keys; cursors."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from tic.sources._base import Fetched, Source
from tic.sources._event import BODY_CAP, Event, Person, cap_body
from tic.sources.ics import IcsFileSource
from tic.sources.maildir import MaildirSource
from tic.sources.whatsapp import WhatsAppSource

__all__ = [
    "BODY_CAP",
    "Event",
    "Fetched",
    "IcsFileSource",
    "MaildirSource",
    "Person",
    "Source",
    "WhatsAppSource",
    "cap_body",
    "sources_from_dir",
]


def sources_from_dir(path: Path, *, horizon: timedelta = timedelta(hours=24)) -> list[Source]:
    """The sources present in a folder laid out like an evaluation case.

    `mail/` (a Maildir), `calendar.ics` and `whatsapp.jsonl`, each optional;
    what is absent is simply not configured.
    """
    path = Path(path)
    sources: list[Source] = []
    if (path / "mail").is_dir():
        sources.append(MaildirSource(path / "mail"))
    if (path / "calendar.ics").is_file():
        sources.append(IcsFileSource(path / "calendar.ics", horizon=horizon))
    if (path / "whatsapp.jsonl").is_file():
        sources.append(WhatsAppSource(path / "whatsapp.jsonl"))
    return sources
