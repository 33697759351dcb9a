"""The Source seam: what every kind of inbox offers the triage tick."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

from tic.errors import ItemError
from tic.sources._event import Event

__all__ = ["Fetched", "Source"]

Cursor = dict[str, Any]

# A file or folder changed this close (seconds) to when it was read may change again within the same
# timestamp granule (1 s on some file systems, 2 s on FAT) without its mtime moving: it is read again next time.
RACY_SECONDS = 2.0


@dataclass(frozen=True)
class Fetched:
    """What one fetch found.

    `events`: the items new (or changed) since the cursor. `errors`: one per
    malformed item; the rest of the fetch went on (R2). `cursor`: JSON-able
    state to store once these events are decided; passing it back to the next
    fetch yields only what came after.
    """

    events: list[Event]
    cursor: Cursor
    errors: list[ItemError] = field(default_factory=list)


class Source(Protocol):
    """One configured inbox (a Maildir, an .ics file, a WhatsApp JSONL file, ...).

    `fetch(cursor, now=, since=)`:
    - `cursor` is what the previous fetch returned, or None on the first run;
    - `since` applies only when `cursor` is None: the first-run window (S5),
      items older than it are skipped; None means every item whatever its age;
    - `now` is the tick's time (calendar look-ahead, recurrence expansion).
    It must not raise for one bad item (report it in `errors`); it raises
    `tic.errors.SourceError` when the whole source cannot be read.
    """

    name: str
    kind: str

    def fetch(self, cursor: Cursor | None, *, now: datetime, since: datetime | None) -> Fetched: ...
