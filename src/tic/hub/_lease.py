"""H7/H11 across engines: a root agent's turn is owned through the world, by a lease row.

Several engines may share one world (SPEC: engine, world). The ChatHub's turn lock
serialises turns inside one engine; this lease serialises them across engines:

- one row per root agent in `hub_turn_lease`: the owning engine's id, an `epoch`
  that changes with every new owner (a fencing token) and an expiry on the owner's
  injected Clock;
- `acquire` takes the row when it is released, expired, or a leftover of this very
  engine, in one conditional UPDATE (atomic on SQLite, whose writers are serialised,
  and on PostgreSQL, whose UPDATE re-checks its WHERE after waiting for a row lock);
- the owner's heartbeat (`renew`) pushes the expiry forward; an owner that stops
  beating (killed, paused, partitioned) loses the turn once it expires, and the
  next engine to acquire it is told it `took_over`, so it repairs and resumes what
  the old owner left (the hub's own restart path, H5/H8);
- `guard(conn)` runs first in every transaction that writes the turn (injection,
  each model reply, each tool result, a user message, a repair): it renews the row
  only if it still carries this engine's id and epoch, else raises `TurnLost` and
  the transaction stores nothing. A slow engine whose lease was taken over can
  therefore never store (or show) a late reply: its work is left to the new owner.

An expired lease nobody took is still this engine's (no one else can have written
the turn without bumping the epoch), so a slow owner whose turn nobody needed
simply goes on.
"""

from __future__ import annotations

import logging
import os
import socket
import threading
import uuid
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import timedelta
from typing import Iterator

from sqlalchemy import Engine, and_, or_, select, update
from sqlalchemy.exc import OperationalError

from tic.clock import Clock
from tic.db import turn_lease_table as L
from tic.errors import TicError

log = logging.getLogger(__name__)

__all__ = ["Claim", "TurnLease", "TurnLost", "engine_id"]

TTL_SECONDS = 30.0  # a turn whose owner has not beaten for this long (Clock time) may be taken over
BEAT_SECONDS = 5.0  # how often the owner beats while it holds the turn (event-loop time)
PG_LOCK_TIMEOUT = "2s"  # PostgreSQL: an acquire never waits longer than this on a stuck owner's row lock

# The turn the running code belongs to: (id of its lease, epoch). Set for the length of a turn and
# copied into the threads it starts (asyncio.to_thread), so a turn's thread that outlives its turn
# (its task was cancelled) is still checked against its own epoch, never waved through.
_TURN: ContextVar[tuple[int, int] | None] = ContextVar("tic_turn", default=None)


class TurnLost(TicError):
    """This engine no longer owns the root agent's turn: another engine took it over and answers it."""


@dataclass(frozen=True)
class Claim:
    """An acquired turn. `took_over`: the previous owner never released it (it died or stalled mid-turn)."""

    epoch: int
    took_over: bool
    taken_from: str


def engine_id() -> str:
    """This engine's id in the world: host, process and a random part (two hubs in one process differ)."""
    return f"{socket.gethostname()[:40]}:{os.getpid()}:{uuid.uuid4().hex[:8]}"


class TurnLease:
    """One engine's hold on one root agent's turn (thread-safe: the heartbeat and the turn share it)."""

    def __init__(self, engine: Engine, clock: Clock, *, agent: str, owner: str | None = None,
                 ttl: float = TTL_SECONDS, beat: float = BEAT_SECONDS) -> None:
        if not 0 < beat < ttl:
            raise ValueError("the heartbeat must be shorter than the lease (0 < beat < ttl)")
        self._engine = engine
        self._clock = clock
        self.agent = agent
        self.owner = owner or engine_id()
        self.ttl = ttl
        self.beat = beat
        self._lock = threading.Lock()
        self._epoch: int | None = None  # the epoch held, None when not holding
        self._lost = False  # held, then taken over: every write of the turn is refused until released

    # --- state -------------------------------------------------------------------------

    @property
    def holding(self) -> bool:
        with self._lock:
            return self._epoch is not None and not self._lost

    @property
    def lost(self) -> bool:
        with self._lock:
            return self._lost

    # --- acquire / release ----------------------------------------------------------------

    def acquire(self) -> Claim | None:
        """Take the turn if it is free, expired or a leftover of this engine; None while another engine holds it."""
        try:
            return self._acquire()
        except OperationalError as exc:
            if getattr(exc.orig, "sqlstate", None) == "55P03":  # lock_timeout: the owner is mid-write (or stuck)
                return None
            raise

    def _acquire(self) -> Claim | None:
        now = self._clock.now()
        with self._engine.begin() as conn:
            if conn.dialect.name == "postgresql":
                conn.exec_driver_sql(f"SET LOCAL lock_timeout = '{PG_LOCK_TIMEOUT}'")
            _insert_missing(conn, dict(agent=self.agent, owner="", epoch=0, expires_at=now, beat_at=now, taken_from=""))
            res = conn.execute(
                update(L)
                .where(L.c.agent == self.agent, or_(L.c.owner == "", L.c.expires_at <= now, L.c.owner == self.owner))
                .values(owner=self.owner, epoch=L.c.epoch + 1, expires_at=now + timedelta(seconds=self.ttl),
                        beat_at=now, taken_from=L.c.owner)
            )
            if res.rowcount != 1:
                return None
            epoch, taken_from = conn.execute(select(L.c.epoch, L.c.taken_from).where(L.c.agent == self.agent)).one()
        with self._lock:
            self._epoch, self._lost = epoch, False
        claim = Claim(epoch=epoch, took_over=bool(taken_from), taken_from=taken_from)
        if claim.took_over and taken_from != self.owner:
            log.warning("took over the %s agent's turn from engine %s (it stopped beating or was interrupted)", self.agent, taken_from)
        return claim

    def release(self, *, interrupted: bool = False) -> None:
        """Give the turn back (only if still ours). `interrupted`: the turn ended on an error, so it
        is left expired but owned, and whoever acquires it next (this engine too) finishes it first."""
        with self._lock:
            epoch, self._epoch, self._lost = self._epoch, None, False
        if epoch is None:
            return
        now = self._clock.now()
        values = dict(expires_at=now, beat_at=now) if interrupted else dict(owner="", expires_at=now, beat_at=now)
        with self._engine.begin() as conn:
            conn.execute(
                update(L).where(L.c.agent == self.agent, L.c.owner == self.owner, L.c.epoch == epoch).values(**values)
            )

    @contextmanager
    def bound(self, claim: Claim) -> Iterator[None]:
        """The code run in this block (and the threads it starts) belongs to the turn of `claim`."""
        token = _TURN.set((id(self), claim.epoch))
        try:
            yield
        finally:
            _TURN.reset(token)

    # --- ownership checks -------------------------------------------------------------------

    def guard(self, conn) -> None:
        """First statement of a transaction that writes the turn: still ours (and renewed), or `TurnLost`.

        Code of a turn is checked against that turn's epoch: once the turn is released (its task was
        cancelled, it ended) a thread it left running writes nothing more, and whoever takes the turn
        next finishes it. Other code is checked against the turn held now. Outside any turn (nothing
        held) it checks nothing: direct use of a history (tests, tools).
        """
        bound = _TURN.get()
        with self._lock:
            held, lost = self._epoch, self._lost
        if bound is not None and bound[0] == id(self):
            epoch = bound[1]
            if held != epoch:
                raise TurnLost(f"the {self.agent} agent's turn this work belongs to has ended; the next turn finishes it")
        elif lost:
            raise TurnLost(f"another engine took over the {self.agent} agent's turn")
        elif held is None:
            return
        else:
            epoch = held
        if not self._renew(conn, epoch):
            self._mark_lost(epoch)
            raise TurnLost(f"another engine took over the {self.agent} agent's turn")
        if not self._still_held(epoch):  # released while renewing: the caller's rollback undoes the renewal
            raise TurnLost(f"the {self.agent} agent's turn this work belongs to has ended; the next turn finishes it")

    def renew(self) -> bool:
        """The heartbeat: push the expiry forward. False once the turn was taken over (or not held).

        A beat that races the turn's release is rolled back, so a released (interrupted) turn stays
        expired and is taken over at once, never held another `ttl` by a beat already on its way.
        """
        with self._lock:
            epoch = None if self._lost else self._epoch
        if epoch is None:
            return False
        with self._engine.connect() as conn:
            with conn.begin() as tx:
                ok = self._renew(conn, epoch)
                if ok and not self._still_held(epoch):
                    tx.rollback()
                    return False
        if not ok:
            self._mark_lost(epoch)
        return ok

    def _still_held(self, epoch: int) -> bool:
        """Checked after a renewing UPDATE, inside its transaction: `release` clears the epoch before its own
        UPDATE, which waits for this transaction (SQLite's one writer, PostgreSQL's row lock) - so either the
        renewal is rolled back here, or the release's UPDATE lands after it."""
        with self._lock:
            return self._epoch == epoch and not self._lost

    def _mark_lost(self, epoch: int) -> None:
        with self._lock:
            if self._epoch == epoch:
                self._lost = True

    def _renew(self, conn, epoch: int) -> bool:
        now = self._clock.now()
        res = conn.execute(
            update(L)
            .where(and_(L.c.agent == self.agent, L.c.owner == self.owner, L.c.epoch == epoch))
            .values(expires_at=now + timedelta(seconds=self.ttl), beat_at=now)
        )
        return res.rowcount == 1

    def orphaned(self) -> bool:
        """The turn is held by an owner that stopped beating (or by a leftover of this engine): take it over."""
        now = self._clock.now()
        with self._engine.connect() as conn:
            row = conn.execute(select(L.c.owner, L.c.expires_at).where(L.c.agent == self.agent)).first()
        if row is None or not row.owner:
            return False
        return row.expires_at <= now or (row.owner == self.owner and not self.holding)


def _insert_missing(conn, values: dict) -> None:
    """INSERT the lease row unless it exists (one statement, so it is the transaction's first write)."""
    if conn.dialect.name == "postgresql":
        from sqlalchemy.dialects.postgresql import insert
    elif conn.dialect.name == "sqlite":
        from sqlalchemy.dialects.sqlite import insert
    else:  # pragma: no cover - the product runs on SQLite and PostgreSQL
        if conn.execute(select(L.c.agent).where(L.c.agent == values["agent"])).first() is None:
            from sqlalchemy import insert as plain

            conn.execute(plain(L).values(**values))
        return
    conn.execute(insert(L).values(**values).on_conflict_do_nothing(index_elements=[L.c.agent]))
