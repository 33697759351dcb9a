"""The triage tick (T2): read memory, collect new events, decide each once, notify what matters.

T11: a decision may hold its event (quiet hours): it is recorded, not notified,
and a later tick - the first whose `now` is at or past `held_until` - surfaces
it once. T9: the deciders read time in the user's zone (`_zone.user_zone`).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import datetime, timedelta, tzinfo
from pathlib import Path
from typing import Callable

from sqlalchemy import Engine, delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from tic.agents import Agent
from tic.clock import Clock
from tic.db import cursor_table, decision_table, held_event_table, pending_event_table
from tic.errors import ConfigError, ItemError, SourceError
from tic.hub import Notifier
from tic.notices import SqlNoticeStore, running_as
from tic.sources import Event
from tic.sources._base import Fetched, Source
from tic.triage._decision import Decide, Decision, call_decide, release_phrase, settle_hold
from tic.triage._notification import notification_for
from tic.triage._zone import calendar_zone, user_zone, zone_from_name, zone_name
from tic.triage.decide import decide_events
from tic.triage.history import label_for
from tic.triage.prompt import read_memory, system_prompt
from tic.triage.summary import summarize

log = logging.getLogger(__name__)

__all__ = ["Triage", "TickReport", "Release", "Decide", "decide_events"]

CHUNK = 500  # decisions committed per transaction, each with its notification (a crash loses a chunk, doubles none)


@dataclass(frozen=True)
class Release:
    """T11: a held event surfaced by this tick, its hold over."""

    event: Event
    held_until: datetime
    released_at: datetime
    reason: str  # "released at 07:00 (held until 07:00, quiet hours)", in the user's time


@dataclass
class TickReport:
    decided: list[tuple[Event, Decision]] = field(default_factory=list)  # held ones included (notify=False)
    skipped: int = 0  # already decided in an earlier tick (same key and version)
    undecided: list[Event] = field(default_factory=list)  # kept for the next tick (R3)
    errors: list[str] = field(default_factory=list)
    released: list[Release] = field(default_factory=list)  # T11: holds that ended, surfaced now

    @property
    def notified(self) -> int:
        return sum(1 for _, d in self.decided if d.notify)

    @property
    def held(self) -> int:
        return sum(1 for _, d in self.decided if d.held)


class Triage:
    """The triage agent of one engine: its sources, its memory file, its decider, its notify.

    A tick fetches every source, then decides all the new events in one call of
    `decide` (so a model sees one batched request per tick), records the
    decisions in chunks - each decision commits with its notification, a chunk
    per transaction - and last, in one transaction, keeps the undecided events
    for the next tick and advances the cursors. A crash before that re-reads
    the sources from the old cursors; what was already decided is skipped (T5).

    Before deciding anything, a tick releases the held events whose hold has
    ended (T11): each one's notification and its `released_at` commit together,
    claimed by a conditional UPDATE, so a restart or a second engine on the same
    world never surfaces it twice. `timezone` is TIC_TIMEZONE (T9); without it
    the zone of the calendar events last seen, else the machine's, is passed to
    `decide` as `tz`.
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
        timezone: str | None = None,
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
        self._zone_setting = timezone
        user_zone(timezone, [])  # a bad TIC_TIMEZONE fails here, with what to do, not on every tick
        self._calendar_zone: tzinfo | None = None  # T9: the calendar's zone, remembered between ticks
        self.last_zone: tzinfo | None = None  # the zone the last tick decided in

    def tick(self) -> TickReport:
        with running_as(self.agent.caller):
            return self._tick()

    def _tick(self) -> TickReport:
        report = TickReport()
        self._release_due(self._clock.now(), report)  # T11: holds that ended, before anything new
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
        tz = self._zone(incoming + pending)
        if fresh:
            verdicts = call_decide(self._decide, fresh, rules_text, now, tz)
            decided = [(e, settle_hold(d, tz, now)) for e, d in zip(fresh, verdicts) if d is not None]
            report.undecided = [e for e, d in zip(fresh, verdicts) if d is None]
            self._record_all(decided, known, report, tz)
            if any(d.held_until is not None and d.held_until <= now for _, d in report.decided):
                self._release_due(self._clock.now(), report)  # a hold already over: surfaced at once
        self._save_state(fetched, pending, report.undecided, history)
        log.info("tick: %d decided (%d notified, %d held), %d released, %d already decided, %d undecided, %d errors",
                 len(report.decided), report.notified, report.held, len(report.released), report.skipped,
                 len(report.undecided), len(report.errors))
        return report

    def _zone(self, events: list[Event]) -> tzinfo:
        """T9: TIC_TIMEZONE, else the calendar's zone (from these events or an earlier tick's), else the machine's."""
        if self._zone_setting is None:
            self._calendar_zone = calendar_zone(events) or self._calendar_zone
            self.last_zone = self._calendar_zone or user_zone(None, [])
        else:
            self.last_zone = user_zone(self._zone_setting, [])
        return self.last_zone

    def _fetch(self, source: Source, now: datetime, report: TickReport) -> Fetched:
        cursor = self._load_cursor(source.name)
        since = now - self._first_run if cursor is None else None  # S5
        fetched = source.fetch(cursor, now=now, since=since)
        for err in fetched.errors:
            report.errors.append(str(err))
            self._item_error(err)
        return fetched

    # --- recording: a decision and its notification commit together (T5, H2) -------------------

    def _record_all(self, decided: list[tuple[Event, Decision]], known: dict[str, set[str]], report: TickReport,
                    tz: tzinfo) -> None:
        for i in range(0, len(decided), self._chunk):
            chunk = decided[i : i + self._chunk]
            try:
                with self._engine.begin() as conn:
                    notices = self._write(conn, chunk, known, tz)
            except IntegrityError:  # another engine decided one of them first: go one by one
                for one in chunk:
                    if self._record(one, known, tz):
                        report.decided.append(one)
                continue
            report.decided.extend(chunk)
            for notice in notices:
                self._store.announce(notice)

    def _record(self, one: tuple[Event, Decision], known: dict[str, set[str]], tz: tzinfo) -> bool:
        """One decision and its notification in one transaction; False when it was already recorded."""
        try:
            with self._engine.begin() as conn:
                notices = self._write(conn, [one], known, tz)
        except IntegrityError:  # another engine decided it first
            return False
        for notice in notices:
            self._store.announce(notice)
        return True

    def _write(self, conn, chunk: list[tuple[Event, Decision]], known: dict[str, set[str]], tz: tzinfo) -> list:
        """Inside one transaction: each decision, its notification or its hold; a newer version replaces a hold."""
        notices, rows = [], []
        for event, decision in chunk:
            notice = self._notify(event, decision, bool(known.get(event.key)), conn)
            rows.append(self._row(event, decision, bool(known.get(event.key)), notice))
            if notice is not None:
                notices.append(notice)
        conn.execute(insert(decision_table), rows)
        updated = [e.key for e, _ in chunk if known.get(e.key)]
        if updated:  # T11: an edited event is judged again; its old version's hold is over
            h = held_event_table
            for i in range(0, len(updated), 500):
                conn.execute(update(h).where(h.c.event_key.in_(updated[i : i + 500]), h.c.released_at.is_(None),
                                             h.c.replaced_at.is_(None)).values(replaced_at=self._clock.now()))
        held = [self._held_row(e, d, bool(known.get(e.key)), tz) for e, d in chunk if d.held_until is not None]
        if held:
            conn.execute(insert(held_event_table), held)
        return notices

    def _notify(self, event: Event, decision: Decision, is_update: bool, conn):
        if not decision.notify:
            return None
        note = notification_for(event, decision.summary or event.subject or event.key, is_update=is_update)
        return self._notifier.notify(note, connection=conn)

    def _row(self, event: Event, decision: Decision, is_update: bool, notice) -> dict:
        return dict(
            event_key=event.key, version=event.version, agent=self.agent.name, notify=decision.notify,
            reason=decision.reason, rule=decision.rule,
            summary=decision.summary if decision.notify or decision.held_until is not None else None,
            is_update=is_update, notice_id=notice.id if notice else None, decided_at=self._clock.now(),
            decided_by=decision.by, label=label_for(event),
        )

    # --- T11 holds ------------------------------------------------------------------------

    def _held_row(self, event: Event, decision: Decision, is_update: bool, tz: tzinfo) -> dict:
        return dict(
            event_key=event.key, version=event.version, agent=self.agent.name, event=event.model_dump(mode="json"),
            summary=decision.summary or summarize(event), is_update=is_update, held_until=decision.held_until,
            reason=decision.hold_reason, zone=zone_name(tz)[:64], held_at=self._clock.now(),
        )

    def _release_due(self, now: datetime, report: TickReport) -> None:
        """Surface every held event whose hold has ended, each once: claim, notify, commit together."""
        h = held_event_table
        q = (select(h).where(h.c.agent == self.agent.name, h.c.released_at.is_(None), h.c.replaced_at.is_(None),
                             h.c.held_until <= now).order_by(h.c.held_until, h.c.id))
        with self._engine.connect() as conn:
            due = conn.execute(q).mappings().all()
        for row in due:
            try:
                event = Event.model_validate(row["event"])
            except ValueError as exc:  # written by another version: it cannot be surfaced; say so once
                event = None
                self._warn("a held event could not be read back", {"event": row["event_key"], "error": str(exc)[:200]})
            notice = None
            with self._engine.begin() as conn:
                claim = update(h).where(h.c.id == row["id"], h.c.released_at.is_(None), h.c.replaced_at.is_(None))
                if conn.execute(claim.values(released_at=now)).rowcount != 1:
                    continue  # another engine released it, or a newer version replaced it, meanwhile
                if event is not None:
                    note = notification_for(event, row["summary"] or summarize(event), is_update=row["is_update"])
                    notice = self._notifier.notify(note, connection=conn)
                    conn.execute(update(h).where(h.c.id == row["id"]).values(notice_id=notice.id))
            if notice is None:
                continue
            self._store.announce(notice)
            reason = release_phrase(now, row["held_until"], zone_from_name(row["zone"]), row["reason"],
                                    held_at=row["held_at"])
            report.released.append(Release(event, row["held_until"], now, reason))  # type: ignore[arg-type]

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
