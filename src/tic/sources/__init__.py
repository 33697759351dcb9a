"""Sources: one module per kind of inbox, all yielding typed Events with stable keys; cursors.

Local: `MaildirSource`, `IcsFileSource`, `WhatsAppSource`. Network (their
libraries are imported on the first fetch): `ImapSource`, `IcsUrlSource`,
`CalDavSource`. `load_sources(data/sources.toml)` builds them from the user's
configuration; `sources_from_dir` from a folder laid out like an evaluation case.
`watch_sources` keeps IMAP folders in IDLE and wakes the tick on new mail.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from tic.sources._base import Fetched, Source
from tic.sources._event import BODY_CAP, Event, Person, cap_body, clean_text
from tic.sources._retry import Retry
from tic.sources._sent import lookalike
from tic.sources.config import SOURCES_FILE, ConfiguredSource, UnavailableSource, load_sources
from tic.sources.dav import CalDavSource
from tic.sources.ics import IcsFileSource, IcsUrlSource
from tic.sources.imap import ImapSource
from tic.sources.maildir import MaildirSource
from tic.sources.watch import Debounce, watch_sources
from tic.sources.whatsapp import WhatsAppSource

__all__ = [
    "BODY_CAP",
    "SOURCES_FILE",
    "CalDavSource",
    "ConfiguredSource",
    "Debounce",
    "Event",
    "Fetched",
    "IcsFileSource",
    "IcsUrlSource",
    "ImapSource",
    "MaildirSource",
    "Person",
    "Retry",
    "Source",
    "UnavailableSource",
    "WhatsAppSource",
    "cap_body",
    "clean_text",
    "load_sources",
    "lookalike",
    "sources_from_dir",
    "watch_sources",
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
