"""The triage tick (T2): read memory, collect new events, decide each once, notify what matters."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Callable, Iterable

from sqlalchemy import Engine, delete, insert, select
from sqlalchemy.exc import IntegrityError

from tic.agents import Agent
from tic.clock import Clock
from tic.db import cursor_table, decision_table, pending_event_table
from tic.errors import ConfigError, ItemError, SourceError
from tic.hub import Notifier
from tic.notices import SqlNoticeStore, running_as
from tic.sources import Event
from tic.sources._base import Fetched, Source
from tic.triage._decision import Decision
from tic.triage._notification import notification_for
from tic.triage.decide import decide_events
from tic.triage.history import label_for
from tic.triage.prompt import read_memory, system_prompt

log = logging.getLogger(__name__)

__all__ = ["Triage", "TickReport", "decide_events"]

Decide = Callable[[Iterable[Event], str | None, datetime], list[Decision | None]]
"""One verdict per event, in order; None = undecided this tick (kept and offered again next tick)."""

CHUNK = 500  # decisions committed per transaction, each with its notification (a crash loses a chunk, doubles none)


@dataclass
class TickReport:
    decided: list[tuple[Event, Decision]] = field(default_factory=list)
    skipped: int = 0  # already decided in an earlier tick (same key and version)
    undecided: list[Event] = field(default_factory=list)  # kept for the next tick (R3)
    errors: list[str] = field(default_factory=list)

    @property
    def notified(self) -> int:
        return sum(1 for _, d in self.decided if d.notify)


class Triage:
    """The triage agent of one engine: its sources, its memory file, its decider, its notify.

    A tick fetches every source, then decides all the new events in one call of
    `decide` (so a model sees one batched request per tick), records the
    decisions in chunks - each decision commits with its notification, a chunk
    per transaction - and last, in one transaction, keeps the undecided events
    for the next tick and advances the cursors. A crash before that re-reads
    the sources from the old cursors; what was already decided is skipped (T5).
    """

    def __init__(
        self,
        *,
        engine: Engine,
        store: SqlNoticeStore,
        notifier: Notifier,
        clock: Clock,
        agent: Agent,
        resolve: Callable[[str], Path],
        sources: list[Source],
        first_run: timedelta = timedelta(hours=24),
        decide: Decide = decide_events,
        chunk_size: int = CHUNK,
    ) -> None:
        self._engine = engine
        self._store = store
        self._notifier = notifier
        self._clock = clock
        self.agent = agent
        self._resolve = resolve
        self._sources = sources
        self._first_run = first_run
        self._decide = decide
        self._chunk = max(1, chunk_size)
        self.last_prompt = ""

    def tick(self) -> TickReport:
        with running_as(self.agent.caller):
            return self._tick()

    def _tick(self) -> TickReport:
        report = TickReport()
        try:
            memory = read_memory(self._resolve, self.agent.meta.inject_memory)  # T2 (1): fresh every tick
        except ConfigError as exc:  # R2: no decisions without the user's rules; sources and cursors untouched
            report.errors.append(str(exc))
            self._warn("the preferences file could not be read", {"error": str(exc)})
            return report
        self.last_prompt = system_prompt(self.agent, memory)
        rules_text = next(iter(memory.values()), None)
        now = self._clock.now()
        fetched: list[tuple[Source, Fetched]] = []
        for source in self._sources:
            try:
                fetched.append((source, self._fetch(source, now, report)))
            except SourceError as exc:
                report.errors.append(str(exc))
                self._warn("a source could not be read", {"source": source.name, "error": str(exc)})
        pending, history = self._load_pending()
        incoming = [e for _, f in fetched for e in f.events]
        candidates = _latest(pending, incoming)
        known = self._decided_versions([e.key for e in candidates])
        fresh = [e for e in candidates if e.version not in known.get(e.key, set())]
        report.skipped = sum(1 for e in incoming if e.version in known.get(e.key, set()))
        if fresh:
            verdicts = list(self._decide(fresh, rules_text, now))
            decided = [(e, d) for e, d in zip(fresh, verdicts) if d is not None]
            report.undecided = [e for e, d in zip(fresh, verdicts) if d is None]
            self._record_all(decided, known, report)
        self._save_state(fetched, pending, report.undecided, history)
        log.info("tick: %d decided (%d notified), %d already decided, %d undecided, %d errors",
                 len(report.decided), report.notified, report.skipped, len(report.undecided), len(report.errors))
        return report

    def _fetch(self, source: Source, now: datetime, report: TickReport) -> Fetched:
        cursor = self._load_cursor(source.name)
        since = now - self._first_run if cursor is None else None  # S5
        fetched = source.fetch(cursor, now=now, since=since)
        for err in fetched.errors:
            report.errors.append(str(err))
            self._item_error(err)
        return fetched

    # --- recording: a decision and its notification commit together (T5, H2) -------------------

    def _record_all(self, decided: list[tuple[Event, Decision]], known: dict[str, set[str]], report: TickReport) -> None:
        for i in range(0, len(decided), self._chunk):
            chunk = decided[i : i + self._chunk]
            try:
                notices = self._record_chunk(chunk, known)
            except IntegrityError:  # another engine decided one of them first: go one by one
                for event, decision in chunk:
                    if self._record(event, decision, is_update=bool(known.get(event.key))):
                        report.decided.append((event, decision))
                continue
            report.decided.extend(chunk)
            for notice in notices:
                self._store.announce(notice)

    def _record_chunk(self, chunk: list[tuple[Event, Decision]], known: dict[str, set[str]]) -> list:
        notices, rows = [], []
        with self._engine.begin() as conn:
            for event, decision in chunk:
                notice = self._notify(event, decision, bool(known.get(event.key)), conn)
                rows.append(self._row(event, decision, bool(known.get(event.key)), notice))
                if notice is not None:
                    notices.append(notice)
            conn.execute(insert(decision_table), rows)
        return notices

    def _record(self, event: Event, decision: Decision, *, is_update: bool) -> bool:
        """One decision and its notification in one transaction; False when it was already recorded."""
        try:
            with self._engine.begin() as conn:
                notice = self._notify(event, decision, is_update, conn)
                conn.execute(insert(decision_table).values(**self._row(event, decision, is_update, notice)))
        except IntegrityError:  # another engine decided it first
            return False
        if notice is not None:
            self._store.announce(notice)
        return True

    def _notify(self, event: Event, decision: Decision, is_update: bool, conn):
        if not decision.notify:
            return None
        note = notification_for(event, decision.summary or event.subject or event.key, is_update=is_update)
        return self._notifier.notify(note, connection=conn)

    def _row(self, event: Event, decision: Decision, is_update: bool, notice) -> dict:
        return dict(
            event_key=event.key, version=event.version, agent=self.agent.name, notify=decision.notify,
            reason=decision.reason, rule=decision.rule, summary=decision.summary if decision.notify else None,
            is_update=is_update, notice_id=notice.id if notice else None, decided_at=self._clock.now(),
            decided_by=decision.by, label=label_for(event),
        )

    # --- bookkeeping -----------------------------------------------------------------------

    def _decided_versions(self, keys: list[str]) -> dict[str, set[str]]:
        out: dict[str, set[str]] = {}
        if not keys:
            return out
        unique = list(dict.fromkeys(keys))
        with self._engine.connect() as conn:
            for i in range(0, len(unique), 500):
                chunk = unique[i : i + 500]
                q = select(decision_table.c.event_key, decision_table.c.version).where(decision_table.c.event_key.in_(chunk))
                for key, version in conn.execute(q):
                    out.setdefault(key, set()).add(version)
        return out

    def _load_pending(self) -> tuple[list[Event], dict[tuple[str, str], tuple[datetime, int]]]:
        """The events earlier ticks left undecided, and for each (key, version) when it was first seen and how often offered."""
        t = pending_event_table
        q = select(t.c.event, t.c.first_seen, t.c.offers).where(t.c.agent == self.agent.name).order_by(t.c.first_seen)
        with self._engine.connect() as conn:
            rows = conn.execute(q).all()
        events, history = [], {}
        for data, first_seen, offers in rows:
            try:
                event = Event.model_validate(data)
            except ValueError as exc:  # written by another version: drop it rather than fail every tick
                log.warning("dropping an unreadable pending event: %s", exc)
                continue
            events.append(event)
            history[(event.key, event.version)] = (first_seen, offers)
        return events, history

    def _save_state(self, fetched: list[tuple[Source, Fetched]], pending: list[Event], undecided: list[Event],
                    history: dict[tuple[str, str], tuple[datetime, int]]) -> None:
        """Keep the undecided events, forget the rest of the old pending ones, advance the cursors: one transaction."""
        t = pending_event_table
        now = self._clock.now()
        with self._engine.begin() as conn:
            stale = list({e.key for e in pending} | {e.key for e in undecided})
            for i in range(0, len(stale), 500):
                conn.execute(delete(t).where(t.c.agent == self.agent.name, t.c.event_key.in_(stale[i : i + 500])))
            if undecided:
                rows = []
                for e in {e.key: e for e in undecided}.values():
                    first_seen, offers = history.get((e.key, e.version), (now, 0))
                    rows.append({"event_key": e.key, "agent": self.agent.name, "version": e.version,
                                 "event": e.model_dump(mode="json"), "first_seen": first_seen, "offers": offers + 1})
                conn.execute(insert(t), rows)
            for source, f in fetched:
                self._save_cursor(conn, source.name, f.cursor)

    def _load_cursor(self, name: str) -> dict | None:
        with self._engine.connect() as conn:
            row = conn.execute(select(cursor_table.c.cursor).where(cursor_table.c.source == name)).first()
        return dict(row[0]) if row else None

    def _save_cursor(self, conn, name: str, cursor: dict) -> None:
        res = conn.execute(
            cursor_table.update().where(cursor_table.c.source == name).values(cursor=cursor, updated_at=self._clock.now())
        )
        if res.rowcount == 0:
            conn.execute(insert(cursor_table).values(source=name, cursor=cursor, updated_at=self._clock.now()))

    def _item_error(self, err: ItemError) -> None:
        self._warn("a source item could not be read", {"source": err.source, "item": err.item, "reason": err.reason})

    def _warn(self, template: str, params: dict) -> None:
        log.warning("%s: %s", template, params)
        self._store.post(template, params, severity="warn", audience="*")


def _latest(pending: list[Event], incoming: list[Event]) -> list[Event]:
    """Pending events then incoming ones, one per key and version; a newer version of a pending key replaces it."""
    newer = {e.key for e in incoming}
    out: dict[tuple[str, str], Event] = {}
    for e in [p for p in pending if p.key not in newer] + incoming:
        out.setdefault((e.key, e.version), e)
    return list(out.values())
