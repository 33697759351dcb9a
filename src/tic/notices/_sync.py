"""Following other engines of the world, so the pending hint stays true across processes.

Two ways, one per backend, behind one small interface (`Watch`):

- PostgreSQL: every post (and every mute change) sends `pg_notify` inside its own
  transaction, so it is heard exactly when it commits. Each store LISTENs on one
  connection of its own and drains what arrived at the start of every read - a
  socket read (~10 us), not a SQL statement. Staleness: the time a NOTIFY takes
  to arrive (milliseconds). While the listening connection is down, the hint is
  not trusted (every read queries) and it reconnects every 5 s.
- SQLite: one writer at a time, so notice ids commit in order. `refresh` polls
  `max(notices.id)` and the mutes version (one statement) when its view is older
  than `every` seconds (default 2 s). The ChatHub consumer refreshes every second,
  so while it runs tool calls never poll; without it, a read polls itself at most
  once every 2 s. Staleness: at most 2 s (1 s under the ChatHub) for a change made
  by another process; none for a change made by this one.

Out of scope on purpose: a held repeat's due time is learnt by the engine that
read the reader's pending rows (each reader is served by one engine: N3).
"""

from __future__ import annotations

import json
import logging
import threading
from typing import Callable, Iterable, Protocol

from sqlalchemy import Engine, func, select, text

from tic.clock import Clock
from tic.db import notice_sync_table, notice_table, pending_notice_table
from tic.notices._hint import PendingHint

log = logging.getLogger(__name__)

MAX_PAYLOAD = 7000  # pg_notify payloads must stay under 8000 bytes


class Watch(Protocol):
    trusted: bool  # False while changes of other engines cannot be followed: reads must not trust the hint

    def refresh(self, *, force: bool = False) -> None:
        """Fold what other engines changed into the hint (cheap; may do nothing)."""

    def message(self, conn, readers: Iterable[str], topics: Iterable[str]) -> tuple[str, str] | None:
        """(channel, payload) the posting transaction sends so other engines learn these readers may have
        something new; None when other engines find out by polling."""

    def mutes_changed(self, conn) -> None:
        """Inside a writing transaction: tell other engines that mutes changed."""

    def close(self) -> None: ...


def watch_for(engine: Engine, hint: PendingHint, clock: Clock, *, every: float, on_mutes: Callable[[], None], origin: str) -> Watch:
    if engine.dialect.name == "postgresql":
        return PgListen(engine, hint, clock, on_mutes=on_mutes, origin=origin)
    return SqlitePoll(engine, hint, clock, every=every, on_mutes=on_mutes)


def bump_mutes(conn) -> None:
    """The mutes version every engine compares (SQLite polling; harmless on PostgreSQL)."""
    t = notice_sync_table
    if conn.execute(t.update().where(t.c.name == "mutes").values(version=t.c.version + 1)).rowcount == 0:
        from tic.notices._sql import upsert

        upsert(conn, t, [{"name": "mutes", "version": 1}], ["name"], {"version": t.c.version + 1})


class SqlitePoll:
    def __init__(self, engine: Engine, hint: PendingHint, clock: Clock, *, every: float, on_mutes: Callable[[], None]) -> None:
        self._engine = engine
        self._hint = hint
        self._clock = clock
        self._every = every
        self._on_mutes = on_mutes
        self._lock = threading.Lock()
        self.trusted = True
        self._last_poll: float | None = None
        self._last_id: int | None = None
        self._mutes: int | None = None
        self._down = False  # a world fault was logged and the world has not answered since

    def refresh(self, *, force: bool = False) -> None:
        now = self._clock.monotonic()
        if not force and self._last_poll is not None and now - self._last_poll < self._every:
            return
        if not self._lock.acquire(blocking=force):
            return  # another thread is polling right now
        try:
            with self._engine.connect() as conn:
                last_id, mutes = conn.execute(
                    select(
                        select(func.max(notice_table.c.id)).scalar_subquery(),
                        select(notice_sync_table.c.version).where(notice_sync_table.c.name == "mutes").scalar_subquery(),
                    )
                ).one()
                last_id, mutes = last_id or 0, mutes or 0
                if self._last_id is not None and last_id > self._last_id:
                    p = pending_notice_table
                    q = select(p.c.reader, p.c.kind, p.c.actionable).where(p.c.last_id > self._last_id).distinct()
                    for reader, kind, actionable in conn.execute(q):
                        self._hint.mark([reader], (kind, "actionable") if actionable else (kind,))
            if self._mutes is not None and mutes != self._mutes:
                self._hint.mark_all()
                self._on_mutes()
            self._last_id, self._mutes, self._last_poll = last_id, mutes, now
            if self._down:
                self._down = False
                log.info("notice store: polling the world again")
        except Exception as exc:
            from tic.worldhealth import classify  # the engine's health says it once; here only one line

            if (fault := classify(exc)) is None:
                log.exception("notice store: cannot poll the world; every reader will be checked")
            elif not self._down:
                log.warning("notice store: cannot poll the world (%s: %s); every reader will be checked",
                            fault.kind, fault.detail)
            self._down = fault is not None
            self._hint.mark_all()
        finally:
            self._lock.release()

    def message(self, conn, readers: Iterable[str], topics: Iterable[str]) -> None:
        return None  # other processes see the new notice id on their next poll

    def mutes_changed(self, conn) -> None:
        bump_mutes(conn)

    def close(self) -> None:
        pass


class PgListen:
    RETRY_SECONDS = 5.0  # while the LISTEN connection is down, try again this often (reads query meanwhile)

    def __init__(self, engine: Engine, hint: PendingHint, clock: Clock, *, on_mutes: Callable[[], None], origin: str) -> None:
        self._engine = engine
        self._clock = clock
        self._retry_at: float | None = None
        self._hint = hint
        self._on_mutes = on_mutes
        self._origin = origin
        self._lock = threading.Lock()
        self._conn = None  # the psycopg connection that LISTENs
        self._channel: str | None = None

    @property
    def trusted(self) -> bool:
        return self._conn is not None

    def channel(self, conn=None) -> str:
        """One channel per database schema, so worlds sharing a server do not hear each other."""
        if self._channel is None:
            if conn is not None:
                schema = conn.execute(text("SELECT current_schema()")).scalar()
            else:
                with self._engine.connect() as c:
                    schema = c.execute(text("SELECT current_schema()")).scalar()
            self._channel = "tic_notices_" + "".join(ch if ch.isalnum() else "_" for ch in str(schema))[:40]
        return self._channel

    def _listen(self) -> None:
        raw = self._engine.raw_connection()
        try:
            dbapi = raw.driver_connection
            raw.detach()  # ours for good: not returned to the pool
            dbapi.rollback()
            dbapi.autocommit = True
            cur = dbapi.cursor()
            cur.execute("SELECT current_schema()")
            if self._channel is None:
                schema = cur.fetchone()[0]
                self._channel = "tic_notices_" + "".join(ch if ch.isalnum() else "_" for ch in str(schema))[:40]
            cur.execute(f'LISTEN "{self._channel}"')
            cur.close()
        except Exception:
            raw.close()
            raise
        self._conn = dbapi
        self._hint.mark_all()  # what happened before we listened is unknown

    def refresh(self, *, force: bool = False) -> None:
        if not self._lock.acquire(blocking=force):
            return
        try:
            if self._conn is None:
                if self._retry_at is not None and self._clock.monotonic() < self._retry_at:
                    self._hint.mark_all()  # not listening: trust no hint
                    return
                self._listen()
                self._retry_at = None
            for note in self._conn.notifies(timeout=0):
                self._heard(note.payload)
        except Exception:
            log.warning("notice store: lost the LISTEN connection; every reader will be checked", exc_info=True)
            self._hint.mark_all()
            self._drop()
            self._retry_at = self._clock.monotonic() + self.RETRY_SECONDS
        finally:
            self._lock.release()

    def _heard(self, payload: str) -> None:
        try:
            data = json.loads(payload)
        except ValueError:
            self._hint.mark_all()
            return
        if data.get("o") == self._origin:
            return  # our own post: the hint was marked when it committed
        if data.get("m"):
            self._hint.mark_all()
            self._on_mutes()
        elif data.get("r") == "*":
            self._hint.mark_all()
        else:
            self._hint.mark(data.get("r", []), data.get("t", ()))

    def message(self, conn, readers: Iterable[str], topics: Iterable[str]) -> tuple[str, str]:
        payload = json.dumps({"o": self._origin, "r": list(readers), "t": list(topics)}, separators=(",", ":"))
        if len(payload.encode()) > MAX_PAYLOAD:
            payload = json.dumps({"o": self._origin, "r": "*"})
        return self.channel(conn), payload

    def mutes_changed(self, conn) -> None:
        conn.execute(select(func.pg_notify(self.channel(conn), json.dumps({"o": self._origin, "m": 1}))))

    def _drop(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None:
            try:
                conn.close()
            except Exception:
                pass

    def close(self) -> None:
        with self._lock:
            self._drop()
