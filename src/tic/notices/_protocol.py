"""The NoticeStore seam: what every part of the engine may ask of the notice store.

    post(template, params, *, severity, audience, actionable, ephemeral, include_location,
         origin, kind, sticky, ttl, renew, connection)     N1-N4, N10-N12; H2: kind="notification",
                           inside the caller's transaction when `connection` is given (then `announce`)
    announce(notice)       after such a post committed: wake its readers and the live receivers (N14)
    deliver(reader)        the tool-call path (N5): pending lines + reminders; no SQL when nothing is pending
    take(reader)           everything deliverable now, marked shown for that reader alone, in one transaction
    peek(reader)           the same lines without taking them
    pending(reader)        the individual posts not yet shown to reader (inspection)
    has_pending(reader)    is anything deliverable (cheap when the answer is no)
    suppress/unsuppress    N8 mutes, per user and caller, in the world
    withdraw(template)     N9, stored and ephemeral
    entries()              N13 listing
    subscribe(listener)    N14 live receivers hear each committed post
    refresh()              fold in what other engines of the world changed
    muted(caller)          the keys `caller` muted (N8)
    user, close()          whose world view this is; stop following other engines

Nothing outside `tic.notices` names the SQL implementation but the wiring (app.py):
every other part holds a NoticeStore.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Protocol, Sequence

from tic.notices._model import Entry, Line, Notice

Audience = str | Sequence[str] | None
Listener = Callable[[Notice, list[str]], None]


class NoticeStore(Protocol):
    @property
    def user(self) -> str:
        """The user whose mutes and callers this store speaks for (N8)."""

    def post(
        self,
        template: str,
        params: dict[str, Any] | None = None,
        *,
        severity: str = "info",
        audience: Audience = None,
        actionable: bool | None = None,
        ephemeral: bool = False,
        include_location: bool = False,
        origin: str = "code",
        kind: str = "notice",
        sticky: bool = False,
        ttl: float | None = None,
        renew: bool = False,
        connection=None,
    ) -> Notice:
        """Store a notice (or keep a reminder, N12) and return it; a refused post raises NoticeError.

        `kind`: "notice" or "notification" (H2). `connection`: post inside the caller's open
        transaction, so a decision and its notification commit together; call `announce` after it commits."""

    def announce(self, notice: Notice, readers: list[str] | None = None) -> None:
        """After a post made inside the caller's own transaction committed: wake readers and live receivers."""

    def deliver(self, reader: str, *, kinds: Iterable[str] = ("notice",)) -> list[Line]: ...

    def take(self, reader: str, *, kinds: Iterable[str] | None = None, actionable: bool | None = None,
             connection=None) -> list[Line]: ...

    def peek(self, reader: str, *, kinds: Iterable[str] | None = None) -> list[Line]: ...

    def pending(self, reader: str, *, kinds: Iterable[str] | None = None) -> list[Notice]: ...

    def has_pending(self, reader: str, *, kinds: Iterable[str] | None = None, actionable: bool | None = None) -> bool: ...

    def ephemeral_for(self, reader: str) -> list[Line]: ...

    def suppress(self, key: str, *, caller: str | None = None) -> None: ...

    def unsuppress(self, key: str, *, caller: str | None = None) -> bool: ...

    def withdraw(self, template: str, *, replacing: bool = False) -> int: ...

    def entries(self, *, limit: int = 200, caller: str | None = None) -> list[Entry]: ...

    def subscribe(self, listener: Listener) -> None: ...

    def refresh(self, *, force: bool = False) -> None: ...

    def muted(self, caller: str) -> list[str]: ...

    def close(self) -> None: ...
