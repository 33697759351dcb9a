"""Retention: old history leaves the world in small batches, never what a reader, a hold or a turn still needs.

What is pruned, each after its own period (a period of None keeps everything):

- notices: posted before the cutoff, unless still unread by some reader (a pending row of its
  key covers its id), or it is the newest standing (not withdrawn) notice of its key (what
  `notices list` shows stays, with a smaller count);
- decisions (the triage log): decided before the cutoff, unless it is the newest decision of a
  calendar item (a calendar keeps offering an old item while it starts within the horizon, and
  the decision is what says it was already decided, T5) or of an event still held; with them
  the parked failures whose last failure is before the cutoff;
- held events: released or replaced before the cutoff; one not yet released is never pruned;
- the conversation: messages before the cutoff AND outside what the main agent reads. The agent
  reads the whole stored conversation (its requests fold older turns into a summary when they
  are built), so pruning it shortens the agent's memory: it is off unless configured, and even
  then keeps the newest `conversation_messages`, the newest synthetic message (the channels'
  delivered fingerprint is read back from it), every turn from the first with an unfinished
  tool call, and anything at or after `reads_from(conn, conversation)` when one is given (the
  first message id the agent still reads). It cuts only at a user message, so the history left
  starts a turn and no tool call loses its result (H8).

The newest row of each table always stays (SQLite gives a deleted max id to the next insert, and
other engines learn of new notices by max(id) growing).

Each batch examines at most `batch` rows in id order and deletes the prunable ones in its own
short transaction (the size halves when a batch took longer than `target`, so a slow disk gets
smaller batches), then `run` pauses (on the Clock) so a tick's write never waits behind a long
delete; a run stops at the first window with nothing older than the cutoff.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, Callable

from sqlalchemy import Engine, and_, delete, exists, func, not_, or_, select, tuple_
from sqlalchemy.orm import aliased

from tic.clock import Clock
from tic.db import (
    chat_history_table,
    chat_llm_tools_table,
    decision_table,
    failure_table,
    held_event_table,
    notice_table,
    pending_notice_table,
)

log = logging.getLogger(__name__)

__all__ = ["Pruner", "Retention", "KINDS"]

KINDS = ("notices", "decisions", "failures", "held", "conversation")
RETENTION_LOCK = 0x7469635F7072756E  # PostgreSQL advisory lock key of a pruning batch ("tic_prun")
DAY = timedelta(days=1)


@dataclass(frozen=True)
class Retention:
    """How long each kind of history is kept (None = for ever)."""

    notices: timedelta | None = 90 * DAY
    decisions: timedelta | None = 365 * DAY
    held: timedelta | None = 30 * DAY
    conversation: timedelta | None = None
    conversation_messages: int = 1000

    @classmethod
    def from_settings(cls, settings: Any) -> "Retention":
        def days(value: float) -> timedelta | None:
            return timedelta(days=value) if value and value > 0 else None

        return cls(notices=days(settings.keep_notices_days), decisions=days(settings.keep_decisions_days),
                   held=days(settings.keep_held_days), conversation=days(settings.keep_conversation_days),
                   conversation_messages=settings.keep_conversation_messages)

    def period(self, kind: str) -> timedelta | None:
        return {"failures": self.decisions}.get(kind, getattr(self, kind, None))


@dataclass
class _Pass:
    """One kind's progress through its table in this run."""

    kind: str
    cutoff: datetime
    after: Any = None  # the last id (or key) examined
    done: bool = False
    deleted: int = 0
    floors: dict[str, int] = field(default_factory=dict)  # conversation -> first message id kept
    keep: frozenset[int] = frozenset()  # notices: the newest standing notice of each template
    top: int | None = None  # the table's newest id when the pass began: never pruned (SQLite reuses a deleted max id)


_ID_TABLES = {"notices": notice_table, "decisions": decision_table, "held": held_event_table}


class Pruner:
    """Prunes the world to its retention, batch by batch (run it on the scheduler, or `prune_all` at once)."""

    def __init__(self, engine: Engine, clock: Clock, retention: Retention | None = None, *, batch: int = 500,
                 pause: float = 0.1, target: float = 0.025,
                 reads_from: Callable[[Any, str], int | None] | None = None) -> None:
        if batch < 1:
            raise ValueError("batch must be at least 1 row")
        self._engine = engine
        self._clock = clock
        self.retention = retention or Retention()
        self._max_batch = batch
        self._batch = batch
        self._pause = pause
        self._target = target  # a batch's transaction should take about this long (seconds): the size adapts
        self._reads_from = reads_from

    def _passes(self) -> list[_Pass]:
        now = self._clock.now()
        return [_Pass(kind, now - period) for kind in KINDS if (period := self.retention.period(kind)) is not None]

    async def run(self) -> dict[str, int]:
        """Prune every kind; each batch in a worker thread and its own transaction, a pause between batches."""
        counts: dict[str, int] = {}
        for p in self._passes():
            while not p.done:
                await asyncio.to_thread(self._step, p)
                if not p.done:
                    await self._clock.sleep(self._pause)
            counts[p.kind] = p.deleted
        if any(counts.values()):
            log.info("retention: pruned %s", ", ".join(f"{n} {k}" for k, n in counts.items() if n))
        return counts

    def prune_all(self) -> dict[str, int]:
        """Prune every kind now, without pauses (tests, a one-off command)."""
        counts: dict[str, int] = {}
        for p in self._passes():
            while not p.done:
                self._step(p)
            counts[p.kind] = p.deleted
        return counts

    def _step(self, p: _Pass) -> None:
        """One batch in its own transaction; the next batch is halved when this one took longer than the target
        (a slow disk, a busy machine), doubled back up to `batch` when it took under half of it."""
        if p.after is None and p.kind in ("conversation", "notices", "decisions", "held"):
            with self._engine.connect() as conn:  # read only, once a pass: what this pass must keep
                if p.kind in _ID_TABLES:
                    p.top = conn.execute(select(func.max(_ID_TABLES[p.kind].c.id))).scalar()
                if p.kind == "conversation":  # where each conversation's kept part starts
                    p.floors = {c: f for c in conn.execute(select(chat_history_table.c.conversation).distinct()).scalars()
                                if (f := self._floor(conn, c, p.cutoff)) is not None}
                    p.after = 0
                elif p.kind == "notices":  # notices posted later are newer still; a withdrawal later only makes more prunable
                    n = notice_table
                    p.keep = frozenset(conn.execute(select(func.max(n.c.id)).where(n.c.withdrawn_at.is_(None))
                                                    .group_by(n.c.key)).scalars())
        started = self._clock.monotonic()
        with self._engine.begin() as conn:
            if conn.dialect.name == "postgresql":
                # engines sharing a world prune one batch at a time (no two deleting the same rows in another order)
                conn.exec_driver_sql(f"SELECT pg_advisory_xact_lock({RETENTION_LOCK})")
                # a prune lost in a crash is pruned again: no need to wait for the disk, so ticks' commits get it
                conn.exec_driver_sql("SET LOCAL synchronous_commit = off")
            getattr(self, f"_{p.kind}")(conn, p)
        took = self._clock.monotonic() - started
        if took > self._target:
            self._batch = max(10, self._batch // 2)
        elif took < self._target / 2:
            self._batch = min(self._max_batch, self._batch * 2)

    # --- one batch of each kind, inside its transaction ---------------------------------------------

    def _window(self, conn, p: _Pass, table, when, *where) -> list[int]:
        """The next `batch` ids after the last examined; marks the pass done when none is older than the cutoff."""
        q = select(table.c.id, when).where(*where).order_by(table.c.id).limit(self._batch)
        if p.after is not None:
            q = q.where(table.c.id > p.after)
        rows = conn.execute(q).all()
        if not rows or all(t is None or t >= p.cutoff for _, t in rows):
            p.done = True
            return []
        p.after = rows[-1][0]
        if len(rows) < self._batch:
            p.done = True
        # the newest row stays: SQLite gives a deleted max id to the next insert, and other engines notice new
        # notices by max(id) growing (tic.notices' poll), so the max never goes back
        return [i for i, t in rows if t is not None and t < p.cutoff and (p.top is None or i < p.top)]

    def _notices(self, conn, p: _Pass) -> None:
        n, pend = notice_table, pending_notice_table
        ids = [i for i in self._window(conn, p, n, n.c.created_at) if i not in p.keep]
        if not ids:
            return
        # every other notice of a template is withdrawn or older than its newest standing one (what N13 lists)
        unread = exists().where(pend.c.key == n.c.key, n.c.id.between(pend.c.first_id, pend.c.last_id))
        p.deleted += conn.execute(delete(n).where(n.c.id.in_(ids), n.c.created_at < p.cutoff, not_(unread))).rowcount

    def _decisions(self, conn, p: _Pass) -> None:
        d, newer, h = decision_table, aliased(decision_table), held_event_table
        ids = self._window(conn, p, d, d.c.decided_at)
        if not ids:
            return
        later = exists().where(newer.c.event_key == d.c.event_key, newer.c.id > d.c.id)
        held = exists().where(h.c.event_key == d.c.event_key, h.c.version == d.c.version,
                              h.c.released_at.is_(None), h.c.replaced_at.is_(None))
        p.deleted += conn.execute(delete(d).where(d.c.id.in_(ids), d.c.decided_at < p.cutoff, not_(held),
                                                  or_(not_(d.c.event_key.startswith("calendar:")), later))).rowcount

    def _failures(self, conn, p: _Pass) -> None:
        f = failure_table
        pk = tuple_(f.c.event_key, f.c.version, f.c.agent)
        q = (select(f.c.event_key, f.c.version, f.c.agent).where(f.c.parked_at.is_not(None), f.c.last_failed_at < p.cutoff)
             .order_by(f.c.event_key, f.c.version, f.c.agent).limit(self._batch))
        if p.after is not None:
            q = q.where(pk > tuple_(*p.after))
        keys = [tuple(r) for r in conn.execute(q)]
        if len(keys) < self._batch:
            p.done = True
        if keys:
            p.after = keys[-1]
            p.deleted += conn.execute(delete(f).where(pk.in_(keys))).rowcount

    def _held(self, conn, p: _Pass) -> None:
        h = held_event_table
        ids = self._window(conn, p, h, h.c.held_at)
        if not ids:
            return
        over = or_(and_(h.c.released_at.is_not(None), h.c.released_at < p.cutoff),
                   and_(h.c.replaced_at.is_not(None), h.c.replaced_at < p.cutoff))
        p.deleted += conn.execute(delete(h).where(h.c.id.in_(ids), over)).rowcount

    def _conversation(self, conn, p: _Pass) -> None:
        m, t = chat_history_table, chat_llm_tools_table
        if not p.floors:
            p.done = True
            return
        below = or_(*[and_(m.c.conversation == c, m.c.id < f) for c, f in p.floors.items()])
        ids = list(conn.execute(select(m.c.id).where(below, m.c.id > p.after).order_by(m.c.id).limit(self._batch)).scalars())
        if len(ids) < self._batch:
            p.done = True
        if ids:
            p.after = ids[-1]
            conn.execute(delete(t).where(t.c.message_id.in_(ids)))
            p.deleted += conn.execute(delete(m).where(m.c.id.in_(ids))).rowcount

    def _floor(self, conn, conversation: str, cutoff: datetime) -> int | None:
        """The first message id of `conversation` to keep (a user message), or None to keep it all."""
        m, t = chat_history_table, chat_llm_tools_table
        mine = m.c.conversation == conversation
        bounds = [conn.execute(select(func.min(m.c.id)).where(mine, m.c.created_at >= cutoff)).scalar()]
        keep = max(1, self.retention.conversation_messages)  # the newest turn is always kept
        bounds.append(conn.execute(select(m.c.id).where(mine).order_by(m.c.id.desc()).offset(keep - 1).limit(1)).scalar())
        bounds.append(conn.execute(select(func.max(m.c.id)).where(mine, m.c.is_synthetic.is_(True))).scalar())
        bounds.append(conn.execute(select(func.min(t.c.message_id)).where(
            t.c.status == "pending", t.c.message_id.in_(select(m.c.id).where(mine)))).scalar())
        if self._reads_from is not None:
            bounds.append(self._reads_from(conn, conversation))
        if bounds[1] is None:
            return None  # fewer messages than are always kept
        limit = min(b for b in bounds if b is not None)
        return conn.execute(select(func.max(m.c.id)).where(mine, m.c.role == "user", m.c.id <= limit)).scalar()
