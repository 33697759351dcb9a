"""N12 ephemeral notices: reminders shown for a short window, never stored in the world.

A reminder is identified by who posted it, its template and the code location
that posted it: posting again from there replaces it (identical text only
refreshes its lifetime; `renew=True` shows it again). `sticky` reminders are
shown on every read until replaced, withdrawn or expired; others once per
reader. Every reminder expires `ttl` seconds (default 120, at most 600) after
its last post.

The store behind the `EphemeralStore` protocol may be remote; the one here
lives in the engine's memory, so a reminder reaches the readers of the engine
it was posted on. No receiver here has an ephemeral channel of its own (the
ChatHub has no such panel), so every reader gets reminders as normal notice
lines on its tool results and batches - marked `ephemeral` in listings.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, Protocol

from tic.clock import Clock
from tic.errors import NoticeError
from tic.notices._keys import key_for
from tic.notices._model import Entry, Line
from tic.notices._render import Summary, render_line

DEFAULT_TTL = 120.0
MAX_TTL = 600.0
CAPACITY = 1000
EVERYONE = "*"


@dataclass(frozen=True)
class Reminder:
    """An ephemeral post as the store receives it."""

    poster: str | None
    template: str
    location: str
    params: dict[str, Any]
    audience: frozenset[str] | str  # reader keys, or "*"
    origin: str = "code"
    sticky: bool = False
    ttl: float = DEFAULT_TTL
    renew: bool = False

    @property
    def identity(self) -> tuple[str, str, str]:
        return (self.poster or "", self.template, self.location)


class EphemeralStore(Protocol):
    """Where reminders live. Every method may raise if the store cannot be reached."""

    def put(self, reminder: Reminder) -> None:
        """Keep (or replace, or refresh) a reminder; raise NoticeError with the reason when refusing it."""

    def read(self, reader: str, muted: frozenset[str] = frozenset()) -> list[Line]:
        """The reminders `reader` is to be shown now (marks the non-sticky ones seen)."""

    def waiting(self, reader: str) -> bool:
        """Cheap: might `read(reader)` show anything?"""

    def withdraw(self, poster: str | None, template: str) -> int:
        """Remove `poster`'s reminders of `template`; how many."""

    def entries(self) -> list[Entry]: ...


@dataclass
class _Item:
    reminder: Reminder
    key: str
    text: str
    posted_at: datetime
    expires_at: datetime
    seen: set[str] = field(default_factory=set)

    def for_reader(self, reader: str) -> bool:
        aud = self.reminder.audience
        return aud == EVERYONE or reader in aud


class MemoryEphemeralStore:
    """Reminders in this engine's memory, bounded (`capacity`), expiring on the injected clock."""

    def __init__(self, clock: Clock, *, capacity: int = CAPACITY) -> None:
        self._clock = clock
        self._capacity = capacity
        self._items: dict[tuple[str, str, str], _Item] = {}
        self._lock = threading.Lock()

    def put(self, reminder: Reminder) -> None:
        if not (0 < reminder.ttl <= MAX_TTL):
            raise NoticeError(f"ephemeral ttl {reminder.ttl:g} s refused: give 0 < ttl <= {MAX_TTL:g} seconds")
        key = key_for(reminder.template)
        text = render_line(reminder.template, key, Summary.of(reminder.params), origin=reminder.origin)
        with self._lock:
            now = self._clock.now()
            self._prune(now)
            expires = now + timedelta(seconds=reminder.ttl)
            item = self._items.get(reminder.identity)
            if item is not None and item.text == text:  # identical text: refresh, show again only on renew
                item.reminder, item.expires_at = reminder, expires
                if reminder.renew:
                    item.seen.clear()
                return
            if item is None and len(self._items) >= self._capacity:
                raise NoticeError(
                    f"ephemeral notice refused: the store holds {self._capacity} reminders; withdraw some or let them expire"
                )
            self._items[reminder.identity] = _Item(reminder, key, text, now, expires)

    def read(self, reader: str, muted: frozenset[str] = frozenset()) -> list[Line]:
        if not self._items:
            return []
        out = []
        with self._lock:
            self._prune(self._clock.now())
            for item in self._items.values():
                r = item.reminder
                if item.key in muted or not item.for_reader(reader):
                    continue
                if r.sticky or reader not in item.seen:
                    item.seen.add(reader)
                    out.append(
                        Line(key=item.key, template=r.template, params=dict(r.params), summary=Summary.of(r.params),
                             origin=r.origin, poster=r.poster, first_at=item.posted_at, last_at=item.posted_at, ephemeral=True)
                    )
        return out

    def waiting(self, reader: str) -> bool:
        if not self._items:
            return False
        with self._lock:
            now = self._clock.now()
            return any(
                i.expires_at > now and i.for_reader(reader) and (i.reminder.sticky or reader not in i.seen)
                for i in self._items.values()
            )

    def withdraw(self, poster: str | None, template: str) -> int:
        with self._lock:
            gone = [k for k, i in self._items.items() if i.reminder.template == template and k[0] == (poster or "")]
            for k in gone:
                del self._items[k]
        return len(gone)

    def entries(self) -> list[Entry]:
        with self._lock:
            self._prune(self._clock.now())
            items = sorted(self._items.values(), key=lambda i: i.posted_at, reverse=True)
            return [
                Entry(key=i.key, template=i.reminder.template, line=i.text, severity="info", kind="notice", posts=1,
                      pending=0, readers=0 if i.reminder.audience == EVERYONE else len(i.reminder.audience),
                      last_at=i.posted_at, ephemeral=True, sticky=i.reminder.sticky, expires_at=i.expires_at)
                for i in items
            ]

    def _prune(self, now: datetime) -> None:
        for k in [k for k, i in self._items.items() if i.expires_at <= now]:
            del self._items[k]
