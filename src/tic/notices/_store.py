"""The notice store on SQLAlchemy Core: post (N1-N4, N10-N12), deliver (N5-N7), mutes (N8), withdraw (N9).

Tables (src/tic/db.py): `notices` keeps every stored post (history); `notice_pending`
keeps, per reader, what is still to be shown, already collapsed per template and
series; `notice_repeats` the repeat holds a reader is under; `notice_mutes` the
mutes. A tool call asks `deliver`, which consults an in-memory hint first and
touches the database only when something may be pending for its caller.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import replace
import uuid
import weakref
from typing import Any, Callable, Iterable

from sqlalchemy import update
from sqlalchemy.exc import DBAPIError

from tic.agents import Roster
from tic.clock import Clock
from tic.db import mute_table, notice_table
from tic.errors import NoticeError
from tic.notices import _sql
from tic.notices._audience import Audience, ephemeral_audience, stored_audience
from tic.notices._caller import call_site, current_caller
from tic.notices._decide import RepeatPolicy, plan
from tic.notices._ephemeral import DEFAULT_TTL, EphemeralStore, MemoryEphemeralStore, Reminder
from tic.notices._hint import TOPICS, PendingHint
from tic.notices._keys import SEVERITIES, key_for, plain, valid_key
from tic.notices._model import Entry, Line, Notice
from tic.notices._sync import watch_for

log = logging.getLogger(__name__)

Listener = Callable[[Notice, list[str]], None]
KINDS = ("notice", "notification")


def _topics(kind: str, actionable: bool) -> tuple[str, ...]:
    return (kind, "actionable") if actionable else (kind,)


class SqlNoticeStore:
    """The one notice store, shared by every part of an engine, kept in the world's database.

    `policy` sets the repeat holds (N7); `ephemeral` is where reminders live (N12,
    this engine's memory by default); `sync_every` bounds how stale this engine's
    view of other engines' posts may be on SQLite (PostgreSQL is told at once).
    """

    def __init__(
        self,
        engine,
        roster: Roster,
        clock: Clock,
        *,
        user: str = "me",
        policy: RepeatPolicy | None = None,
        ephemeral: EphemeralStore | None = None,
        sync_every: float = 2.0,
    ) -> None:
        self._engine = engine
        self._roster = roster
        self._clock = clock
        self._user = user
        self.policy = policy or RepeatPolicy()
        self._ephemeral: EphemeralStore = ephemeral if ephemeral is not None else MemoryEphemeralStore(clock)
        self._hint = PendingHint()
        self._listeners: list[Listener] = []
        self._lock = threading.Lock()
        self._mutes: dict[str, frozenset[str]] = {}  # per caller, for reminders (stored reads filter in SQL)
        self._mutes_gen = 0
        forget = weakref.WeakMethod(self._forget_mutes)  # the watch must not keep the store alive
        self._watch = watch_for(engine, self._hint, clock, every=sync_every,
                                on_mutes=lambda: (f := forget()) and f(), origin=uuid.uuid4().hex)
        weakref.finalize(self, self._watch.close)  # a store dropped without close() still lets its connection go

    @property
    def user(self) -> str:
        return self._user

    def close(self) -> None:
        """Stop following other engines (closes the LISTEN connection on PostgreSQL)."""
        self._watch.close()

    def refresh(self, *, force: bool = False) -> None:
        self._watch.refresh(force=force)

    # --- listeners (N14 live receivers) -------------------------------------------------

    def subscribe(self, listener: Listener) -> None:
        """Call `listener(notice, readers)` after each committed post (from the posting thread)."""
        with self._lock:
            self._listeners.append(listener)

    def announce(self, notice: Notice, readers: list[str] | None = None) -> None:
        """After a post made inside the caller's own transaction committed: wake readers and live receivers."""
        readers = list(notice.readers) if readers is None else list(readers)
        self._hint.mark(readers, _topics(notice.kind, notice.actionable))
        for listener in list(self._listeners):
            try:
                listener(notice, readers)
            except Exception:  # a receiver's failure never undoes a stored post
                log.exception("notice listener failed")

    # --- N1 post ----------------------------------------------------------------------

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
        """Store a notice for its audience (or keep a reminder, N12) and return it.

        A refused post raises NoticeError (a ValueError) and stores nothing.
        `connection`: post inside the caller's open transaction (a decision and its
        notification commit together); call `announce(notice)` after it commits.
        """
        if severity not in SEVERITIES:
            raise NoticeError(f"unknown severity {severity!r}: use one of {', '.join(SEVERITIES)}")
        if origin not in ("code", "content"):
            raise NoticeError(f"unknown origin {origin!r}: use 'code' or 'content'")
        if kind not in KINDS:
            raise NoticeError(f"unknown kind {kind!r}: use {' or '.join(KINDS)}")
        if not isinstance(template, str) or not template.strip():
            raise NoticeError("a notice needs a template: a fixed sentence such as 'wave complete'")
        try:
            params = plain(params)
        except TypeError as exc:
            raise NoticeError(str(exc)) from exc
        if ephemeral:
            return self._remind(template, params, audience, origin, sticky, ttl, renew)
        readers, broad = stored_audience(audience, self._roster)
        if actionable is None:
            actionable = not broad  # N4
        row = {
            "key": key_for(template), "template": template, "params": params, "severity": severity, "kind": kind,
            "origin": origin, "actionable": bool(actionable), "poster": current_caller(),
            "location": call_site() if include_location else None, "readers": list(readers),
            "created_at": self._clock.now(),
        }
        topics = _topics(kind, bool(actionable))

        def write(conn) -> int:
            notice_id = _sql.insert_post(conn, row, self._watch.message(conn, readers, topics))
            _sql.add_post(conn, {**row, "id": notice_id}, readers)
            return notice_id

        notice_id = write(connection) if connection is not None else self._transact(write)
        notice = Notice(id=notice_id, **{**row, "readers": tuple(readers)})
        if connection is None:
            self.announce(notice, readers)
        else:
            self._hint.mark(readers, topics)  # again in announce(), once it committed
        return notice

    def _remind(self, template, params, audience, origin, sticky, ttl, renew) -> Notice:
        """N12: severity, include_location and actionable have no effect here; sticky, ttl, renew do."""
        readers = ephemeral_audience(audience)
        location = call_site() or "?"
        reminder = Reminder(current_caller(), template, location, params, readers, origin, bool(sticky),
                            DEFAULT_TTL if ttl is None else float(ttl), bool(renew))
        try:
            self._ephemeral.put(reminder)
        except NoticeError:
            raise
        except Exception as exc:
            raise NoticeError(f"ephemeral notice refused: the ephemeral store cannot be reached ({exc})") from exc
        return Notice(id=0, key=key_for(template), template=template, params=params, origin=origin,
                      poster=reminder.poster, created_at=self._clock.now(),
                      readers=("*",) if readers == "*" else tuple(sorted(readers)), ephemeral=True)

    # --- N5 delivery --------------------------------------------------------------------

    def deliver(self, reader: str, *, kinds: Iterable[str] = ("notice",)) -> list[Line]:
        """The tool-call path: what `reader` is to be shown now, stored lines then reminders.

        When the hint says nothing is pending for `reader`, no SQL statement runs.
        """
        kinds = tuple(kinds)
        self._watch.refresh()
        lines: list[Line] = []
        now = self._clock.now()
        if not self._watch.trusted or any(self._hint.maybe(reader, k, now) for k in kinds):
            lines = self.take(reader, kinds=kinds)
        return lines + self.ephemeral_for(reader)

    def ephemeral_for(self, reader: str) -> list[Line]:
        """Reminders for `reader` as normal notice lines (no receiver here has an ephemeral channel)."""
        try:
            if not self._ephemeral.waiting(reader):
                return []
            return self._ephemeral.read(reader, self._muted(reader))
        except Exception:
            log.exception("notice store: cannot read the ephemeral store")
            return []

    def take(self, reader: str, *, kinds: Iterable[str] | None = None, actionable: bool | None = None,
             connection=None) -> list[Line]:
        """Everything deliverable to `reader` now (of `kinds`; only actionable or only background ones
        if asked), removed for that reader alone, in one transaction."""
        kinds = tuple(kinds) if kinds is not None else None
        topics = kinds or TOPICS
        token = self._hint.token(reader, topics)
        now = self._clock.now()

        def work(conn):
            rows = _sql.take_rows(conn, reader, self._user, now, kinds, actionable)
            if not rows:
                return [], _sql.next_due(conn, reader)
            states = _sql.load_states(conn, reader, {r.key for r in rows if r.is_series})
            p = plan(rows, states, now=now, policy=self.policy)
            _sql.hold_rows(conn, p.held)
            _sql.save_states(conn, reader, p.states)
            return p.lines, _sql.next_due(conn, reader)

        if connection is not None:
            return work(connection)[0]  # the caller's transaction may still roll back: the hint stays as it is
        lines, due = self._transact(work)
        if actionable is None:
            self._hint.settle(reader, topics, token, due)
        return lines

    def peek(self, reader: str, *, kinds: Iterable[str] | None = None) -> list[Line]:
        """The lines `take` would show `reader` now, without taking them."""
        now = self._clock.now()
        with self._engine.connect() as conn:
            rows = _sql.peek_rows(conn, reader, self._user, now, kinds)
            states = _sql.load_states(conn, reader, {r.key for r in rows if r.is_series})
        return plan(rows, states, now=now, policy=self.policy).lines

    def pending(self, reader: str, *, kinds: Iterable[str] | None = None) -> list[Notice]:
        """The stored posts `reader` has not been shown yet, one by one, oldest first (held repeats
        included; muted keys and withdrawn posts not). For inspection: it reads every post."""
        with self._engine.connect() as conn:
            return _sql.posts_pending(conn, reader, self._user, kinds)

    def has_pending(self, reader: str, *, kinds: Iterable[str] | None = None, actionable: bool | None = None) -> bool:
        """Is anything deliverable to `reader` (of `kinds`, actionable if asked)? No SQL when the hint says no."""
        kinds = tuple(kinds) if kinds is not None else None
        self._watch.refresh()
        topics = ("actionable",) if actionable and kinds is None else (kinds or TOPICS)
        now = self._clock.now()
        if self._watch.trusted and not any(self._hint.maybe(reader, t, now) for t in topics):
            return False
        exact = actionable is None or (actionable and kinds is None)  # the query answers for every topic asked
        token = self._hint.token(reader, topics)
        with self._engine.connect() as conn:
            found = _sql.any_deliverable(conn, reader, self._user, now, kinds, actionable)
            due = None if found else _sql.next_due(conn, reader)
        if not found and exact:
            self._hint.settle(reader, topics, token, due)
        return found

    # --- N8 mutes -----------------------------------------------------------------------

    def suppress(self, key: str, *, caller: str | None = None) -> None:
        """N8: mute `key` for this caller (default: the running one, else the signed-in user) and this user."""
        who = caller or current_caller() or f"user:{self._user}"
        key = valid_key(key)

        def write(conn):
            ins = _sql.insert_for(conn)(mute_table).values(user=self._user, caller=who, key=key, created_at=self._clock.now())
            conn.execute(ins.on_conflict_do_nothing(index_elements=["user", "caller", "key"]))
            self._watch.mutes_changed(conn)

        self._transact(write)
        self._forget_mutes()

    def unsuppress(self, key: str, *, caller: str | None = None) -> bool:
        who = caller or current_caller() or f"user:{self._user}"
        key = valid_key(key)

        def write(conn):
            m = mute_table
            gone = conn.execute(m.delete().where(m.c.user == self._user, m.c.caller == who, m.c.key == key)).rowcount
            if gone:
                self._watch.mutes_changed(conn)
            return gone

        gone = self._transact(write)
        self._forget_mutes()
        self._hint.mark([who], TOPICS)  # what it muted is deliverable again
        return gone > 0

    def muted(self, caller: str) -> list[str]:
        return sorted(self._muted(caller))

    def _muted(self, caller: str) -> frozenset[str]:
        with self._lock:
            cached, gen = self._mutes.get(caller), self._mutes_gen
        if cached is not None:
            return cached
        with self._engine.connect() as conn:
            keys = _sql.muted_keys(conn, self._user, caller)
        with self._lock:
            if gen == self._mutes_gen:
                self._mutes[caller] = keys
        return keys

    def _forget_mutes(self) -> None:
        with self._lock:
            self._mutes.clear()
            self._mutes_gen += 1

    # --- N9 withdraw, N13 entries -------------------------------------------------------

    def withdraw(self, template: str, *, replacing: bool = False) -> int:
        """N9: remove the calling code's notices of `template`, stored and ephemeral; how many.

        Without `replacing` the condition is over: mutes on the key end (and its repeat
        holds). A failure to reach the ephemeral store is logged; the stored ones go anyway.
        """
        key = key_for(template)
        poster = current_caller()
        reminders = 0
        try:
            reminders = self._ephemeral.withdraw(poster, template)
        except Exception:
            log.exception("notice store: cannot reach the ephemeral store to withdraw %r; withdrawing the stored ones", template)
        n = notice_table
        cond = [n.c.key == key, n.c.withdrawn_at.is_(None), n.c.poster.is_(None) if poster is None else n.c.poster == poster]

        def write(conn) -> int:
            stored = conn.execute(update(n).where(*cond).values(withdrawn_at=self._clock.now())).rowcount
            _sql.withdraw_pending(conn, key, poster)
            if (stored or reminders) and not replacing:
                _sql.end_mutes(conn, key)
                self._watch.mutes_changed(conn)
            return stored

        stored = self._transact(write)
        if (stored or reminders) and not replacing:
            self._forget_mutes()
            self._hint.mark_all()
        return stored + reminders

    def entries(self, *, limit: int = 200, caller: str | None = None) -> list[Entry]:
        """N13: reminders (marked ephemeral), then standing notices, one entry per template, newest first."""
        with self._engine.connect() as conn:
            stored = _sql.standing(conn, limit)
            muted = _sql.muted_keys(conn, self._user, caller) if caller else frozenset()
        try:
            reminders = self._ephemeral.entries()
        except Exception:
            log.exception("notice store: cannot list the ephemeral store")
            reminders = []
        return [replace(e, muted=True) if e.key in muted else e for e in reminders + stored]

    # --- transactions ---------------------------------------------------------------------

    def _transact(self, work):
        """Run `work(conn)` in its own transaction; retry a PostgreSQL deadlock or serialization failure
        (the losing transaction was rolled back whole, so running it again is safe)."""
        for attempt in range(4):
            try:
                with self._engine.begin() as conn:
                    return work(conn)
            except DBAPIError as exc:
                code = getattr(getattr(exc, "orig", None), "sqlstate", None)
                if code not in ("40P01", "40001") or attempt == 3:
                    raise
                log.info("notice store: retrying after %s", code)
        raise AssertionError("unreachable")

