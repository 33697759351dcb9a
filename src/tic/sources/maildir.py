"""Maildir source (S1, S2, S5): one Event per message in new/ and cur/.

Messages are read with stdlib `mailbox.Maildir` and parsed by the shared
`tic.sources._email.email_event` (the same parser IMAP uses).
The cursor is time-based on the delivery time (the leading epoch of the
Maildir unique name, else the file's mtime): `{"delivered": <epoch>,
"recent": [<Maildir keys delivered in the last SLACK before it>]}`; the next
fetch looks at everything delivered from `delivered - SLACK` on, so a message
moved late from tmp/ is not missed, and skips the `recent` keys it already
returned. (Any duplicate left is dropped by the tick's key + version dedupe, T5.)

Idle cost does not grow with the mailbox (issue 10): the cursor also holds the
modification times of new/ and cur/ (`dirs`); a fetch whose folders did not
change since the cursor's listing lists nothing and opens nothing. A folder
changed within `RACY` of the listing is marked `racy` (a later change in the
same timestamp granule would not show), and is listed again next time. When
it did change, the listing is diffed against the one the cursor was made from
(kept in memory, `listing` names it): only keys not seen before are read; a
renamed file (a flag change, new/ -> cur/, the S flag) is not a new event, and
a deleted file is not an event at all (the user removed mail they had). After
a restart, with no listing in memory, the time rule above decides.

A Sent folder beside the inbox (`.Sent` inside it, `Sent`, `Gesendet`,
`Enviados`, `Envoyés` … next to it; see `_sent`) tells who the user writes to:
an event from one of them carries `refs["correspondent"] = "sent"`, one that
only looks like one `refs["lookalike_of"]`.
"""

from __future__ import annotations

import mailbox
import os
import re
import secrets
from collections import OrderedDict
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path

from tic.clock import Clock, SystemClock
from tic.errors import ItemError, SourceError
from tic.sources._base import RACY_SECONDS, Cursor, Fetched
from tic.sources._email import email_event, html_to_text
from tic.sources._event import Event
from tic.sources._sent import Correspondents, MaildirSent

__all__ = ["MaildirSource", "html_to_text"]

SLACK = timedelta(minutes=10)  # re-read window before the cursor (late tmp/ -> new/ moves)
FIRST_RUN_MARGIN = timedelta(days=1)  # delivered this long before `since` => Date is older too
RACY = RACY_SECONDS  # a folder changed this close to its listing is listed again (coarse file-system clocks)
LISTINGS = 2  # listings kept in memory: the cursor just returned, and the one before (a tick that did not store it)

_EPOCH_NAME = re.compile(r"^(\d{9,11})(?:[._]|$)")


@dataclass(frozen=True)
class _Entry:
    """One message file as listed on disk."""

    key: str
    subdir: str
    flags: str
    delivered: float


class MaildirSource:
    """A local Maildir folder (`cur/`, `new/`, `tmp/`)."""

    kind = "email"

    def __init__(self, path: Path | str, name: str = "mail", *, clock: Clock | None = None) -> None:
        self.path = Path(path)
        self.name = name
        self._sent: MaildirSent | None = None
        self._people: Correspondents | None = None
        self._clock = clock or SystemClock()  # the file system's time, compared with the folders' mtimes
        self._prefix = secrets.token_hex(4)
        self._serial = 0
        self._listings: OrderedDict[str, frozenset[str]] = OrderedDict()  # listing id -> the Maildir keys listed

    def __repr__(self) -> str:
        return f"MaildirSource({str(self.path)!r}, name={self.name!r})"

    def fetch(self, cursor: Cursor | None, *, now: datetime, since: datetime | None) -> Fetched:
        stamp = self._stamp()
        if cursor and cursor.get("dirs") == stamp and not cursor.get("racy"):
            return Fetched(events=[], cursor=dict(cursor))  # nothing moved in new/ or cur/: nothing to list or read
        listed_at = self._clock.now().timestamp()
        box = self._open()
        after = _cursor_time(cursor)
        done = _recent(cursor) if after is not None else set()
        try:
            entries = _list(self.path, box.colon)
        except OSError as exc:
            raise SourceError(f"{self.name}: cannot list the Maildir {self.path}: {exc.strerror or exc}; check its permissions") from exc
        seen = self._listings.get(str(cursor.get("listing"))) if cursor else None
        listing = frozenset(e.key for e in entries)  # keys, not names: a rename keeps its key
        newest = after if after is not None else 0.0
        wanted: list[_Entry] = []
        for entry in entries:
            newest = max(newest, entry.delivered)
            if seen is not None:
                if entry.key in seen:
                    continue  # known: unchanged, or renamed (flags, new/ -> cur/)
            elif after is not None:
                if entry.delivered < after - SLACK.total_seconds() or entry.key in done:
                    continue
            elif since is not None and entry.delivered < (since - FIRST_RUN_MARGIN).timestamp():
                continue
            wanted.append(entry)
        events, errors = self._read(box, wanted, first_run=after is None and seen is None, since=since)
        recent = sorted(e.key for e in entries if e.delivered >= newest - SLACK.total_seconds())
        return Fetched(events=events, cursor={"delivered": newest, "recent": recent, "dirs": stamp,
                                              "racy": any(ns / 1e9 >= listed_at - RACY for ns in stamp),
                                              "listing": self._remember(listing)}, errors=errors)

    def _read(self, box: mailbox.Maildir, wanted: list[_Entry], *, first_run: bool,
              since: datetime | None) -> tuple[list[Event], list[ItemError]]:
        events: list[Event] = []
        errors: list[ItemError] = []
        if wanted:
            self._people = self._correspondents()
        for entry in wanted:
            try:
                raw = box.get_bytes(entry.key)
            except KeyError:
                continue  # deleted between listing and reading
            except OSError as exc:
                errors.append(ItemError(self.name, f"{entry.subdir}/{entry.key}", str(exc)))
                continue
            try:
                event = self._event(raw, entry)
            except Exception as exc:  # noqa: BLE001 - one bad message must not stop the fetch (R2)
                errors.append(ItemError(self.name, f"{entry.subdir}/{entry.key}", f"{type(exc).__name__}: {exc}"))
                continue
            if first_run and since is not None and event.time < since:
                continue
            events.append(event)
        events.sort(key=lambda e: e.time)
        return events, errors

    def _stamp(self) -> list[int]:
        """The modification times (ns) of new/ and cur/: a delivery, a move, a rename or a deletion changes one."""
        try:
            return [os.stat(self.path / sub).st_mtime_ns for sub in ("new", "cur")]
        except FileNotFoundError:
            self._open()  # raises the message that says what to do
            raise
        except OSError as exc:
            raise SourceError(f"{self.name}: cannot read the Maildir {self.path}: {exc.strerror or exc}; check its permissions") from exc

    def _remember(self, listing: frozenset[str]) -> str:
        self._serial += 1
        ident = f"{self._prefix}-{self._serial}"
        self._listings[ident] = listing
        while len(self._listings) > LISTINGS:
            self._listings.popitem(last=False)
        return ident

    def _open(self) -> mailbox.Maildir:
        if not (self.path / "cur").is_dir() or not (self.path / "new").is_dir():
            raise SourceError(
                f"{self.name}: {self.path} is not a Maildir folder (it needs cur/, new/ and tmp/ inside); "
                "create it (mkdir -p cur new tmp) or point the source at your Maildir"
            )
        try:
            return mailbox.Maildir(str(self.path), factory=None, create=False)
        except OSError as exc:
            raise SourceError(f"{self.name}: cannot open Maildir {self.path}: {exc}") from exc

    def _event(self, raw: bytes, entry: _Entry) -> Event:
        received = datetime.fromtimestamp(entry.delivered, timezone.utc)
        event = email_event(raw, source=self.name, received=received, seen="S" in entry.flags)
        return self._people.mark(event) if self._people else event

    def _correspondents(self) -> Correspondents | None:
        """The Sent folders' correspondents, re-read only when a folder's listing changed."""
        try:
            sent = MaildirSent.beside(self.path)
            if not sent.folders:
                return None
            if self._sent is not None and self._sent.folders == sent.folders:
                sent = self._sent
            self._sent = sent
            return sent.refresh()
        except OSError:
            return None  # no Sent folder to read only means no known correspondents


def _cursor_time(cursor: Cursor | None) -> float | None:
    if not cursor:
        return None
    try:
        return float(cursor["delivered"])
    except (KeyError, TypeError, ValueError):
        return None  # unknown cursor shape: behave as a first run


def _recent(cursor: Cursor | None) -> set[str]:
    recent = (cursor or {}).get("recent")
    return {str(k) for k in recent} if isinstance(recent, list) else set()


def _list(path: Path, colon: str) -> list[_Entry]:
    """Every message file in new/ and cur/, keyed as mailbox.Maildir keys them."""
    entries = []
    for subdir in ("new", "cur"):
        with os.scandir(path / subdir) as it:
            for f in it:
                if f.name.startswith(".") or not f.is_file():
                    continue
                key, _, info = f.name.partition(colon)
                flags = info[2:] if info.startswith("2,") else ""
                m = _EPOCH_NAME.match(key)
                try:
                    delivered = float(m.group(1)) if m else f.stat().st_mtime
                except OSError:
                    continue
                entries.append(_Entry(key, subdir, flags, delivered))
    return entries
