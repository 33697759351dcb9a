"""The triage tick (T2): read memory, collect new events, decide each once, notify what matters."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Callable, Iterable

from sqlalchemy import Engine, insert, select
from sqlalchemy.exc import IntegrityError

from tic.agents import Agent
from tic.clock import Clock
from tic.db import cursor_table, decision_table
from tic.errors import ItemError, SourceError
from tic.hub import Notifier
from tic.notices import SqlNoticeStore, running_as
from tic.sources import Event
from tic.sources._base import Source
from tic.triage._decision import Decision
from tic.triage._notification import notification_for
from tic.triage.prompt import read_memory, system_prompt

log = logging.getLogger(__name__)

__all__ = ["Triage", "TickReport", "decide_events"]

Decide = Callable[[Iterable[Event], str | None, datetime], list[Decision]]


def decide_events(events: Iterable[Event], rules_text: str | None, now: datetime) -> list[Decision]:
    """The offline decider: the local rules, then the built-in heuristics (T3, T7)."""
    from tic.triage.decider import LocalDecider
    from tic.triage.rules import parse_rules
    from tic.triage.summary import summarize

    decider = LocalDecider(parse_rules(rules_text))
    out = []
    for event in events:
        d = decider.decide(event, now)
        if d.notify and not d.summary:
            d = Decision(d.event_key, d.notify, d.reason, d.rule, d.certain, summarize(event))
        out.append(d)
    return out


@dataclass
class TickReport:
    decided: list[tuple[Event, Decision]] = field(default_factory=list)
    skipped: int = 0  # already decided in an earlier tick (same key and version)
    errors: list[str] = field(default_factory=list)

    @property
    def notified(self) -> int:
        return sum(1 for _, d in self.decided if d.notify)


class Triage:
    """The triage agent of one engine: its sources, its memory file, its decider, its notify."""

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
        self.last_prompt = ""

    def tick(self) -> TickReport:
        with running_as(self.agent.caller):
            return self._tick()

    def _tick(self) -> TickReport:
        report = TickReport()
        memory = read_memory(self._resolve, self.agent.meta.inject_memory)  # T2 (1): fresh every tick
        self.last_prompt = system_prompt(self.agent, memory)
        rules_text = next(iter(memory.values()), None)
        now = self._clock.now()
        for source in self._sources:
            try:
                self._tick_source(source, rules_text, now, report)
            except SourceError as exc:
                report.errors.append(str(exc))
                self._warn("a source could not be read", {"source": source.name, "error": str(exc)})
        log.info("tick: %d decided (%d notified), %d already decided, %d errors",
                 len(report.decided), report.notified, report.skipped, len(report.errors))
        return report

    def _tick_source(self, source: Source, rules_text: str | None, now: datetime, report: TickReport) -> None:
        cursor = self._load_cursor(source.name)
        since = now - self._first_run if cursor is None else None  # S5
        fetched = source.fetch(cursor, now=now, since=since)
        for err in fetched.errors:
            report.errors.append(str(err))
            self._item_error(err)
        known = self._decided_versions([e.key for e in fetched.events])
        fresh = [e for e in fetched.events if e.version not in known.get(e.key, set())]
        report.skipped += len(fetched.events) - len(fresh)
        for event, decision in zip(fresh, self._decide(fresh, rules_text, now)):
            if self._record(event, decision, is_update=bool(known.get(event.key))):
                report.decided.append((event, decision))
        self._save_cursor(source.name, fetched.cursor)

    def _record(self, event: Event, decision: Decision, *, is_update: bool) -> bool:
        """T5/H2: the decision and its notification commit together, or neither does."""
        notice = None
        try:
            with self._engine.begin() as conn:
                if decision.notify:
                    note = notification_for(event, decision.summary or event.subject or event.key, is_update=is_update)
                    notice = self._notifier.notify(note, connection=conn)
                conn.execute(
                    insert(decision_table).values(
                        event_key=event.key,
                        version=event.version,
                        agent=self.agent.name,
                        notify=decision.notify,
                        reason=decision.reason,
                        rule=decision.rule,
                        summary=decision.summary if decision.notify else None,
                        is_update=is_update,
                        notice_id=notice.id if notice else None,
                        decided_at=self._clock.now(),
                    )
                )
        except IntegrityError:  # another engine decided it first
            return False
        if notice is not None:
            self._store.announce(notice)
        return True

    # --- bookkeeping -----------------------------------------------------------------------

    def _decided_versions(self, keys: list[str]) -> dict[str, set[str]]:
        out: dict[str, set[str]] = {}
        with self._engine.connect() as conn:
            for i in range(0, len(keys), 500):
                chunk = keys[i : i + 500]
                q = select(decision_table.c.event_key, decision_table.c.version).where(decision_table.c.event_key.in_(chunk))
                for key, version in conn.execute(q):
                    out.setdefault(key, set()).add(version)
        return out

    def _load_cursor(self, name: str) -> dict | None:
        with self._engine.connect() as conn:
            row = conn.execute(select(cursor_table.c.cursor).where(cursor_table.c.source == name)).first()
        return dict(row[0]) if row else None

    def _save_cursor(self, name: str, cursor: dict) -> None:
        with self._engine.begin() as conn:
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
