"""The triage tick (T2): read memory, collect new events, decide each once, notify what matters.

T11: a decision may hold its event (quiet hours): it is recorded, not notified,
and a later tick - the first whose `now` is at or past `held_until` - surfaces
it once. T9: the deciders read time in the user's zone (`_zone.user_zone`).

R2/T5: every event is decided and recorded on its own. One that fails - its
source item unreadable, the decider raising on it, its notification not
buildable, its decision not storable - is recorded as failed with its error
(`_failures`: a repeat-held warn notice, `./tic why` shows it), retried on the
next ticks, parked after `MAX_ATTEMPTS`; the rest of the tick goes on and the
cursors move. Events are decided and recorded chunk by chunk (`CHUNK`), so a
crash loses at most the chunk in hand and a backlog makes progress however
often the tick is killed. With a model configured each chunk's uncertain events
go to it in one batched request: one request per tick up to CHUNK new events.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta, tzinfo
from pathlib import Path
from typing import Callable

from sqlalchemy import Engine, insert, select, update
from sqlalchemy.exc import IntegrityError

from tic.agents import Agent
from tic.clock import Clock
from tic.db import decision_table, held_event_table
from tic.errors import ConfigError, ItemError, SourceError
from tic.notices import NoticeStore, running_as
from tic.notification import Notifier, label_for, notification_for, summarize
from tic.sources import Event, Fetched, Source, clean_text
from tic.triage._decision import Decide, Decision, call_decide, release_phrase, settle_hold
from tic.triage._failures import (MAX_ATTEMPTS, Failure, Unanimous, clear_failures, decide_isolated, describe,
                                  load_retries, parked_versions, record_failure)
from tic.triage._report import Release, TickReport
from tic.triage._state import TickState
from tic.triage._zone import calendar_zone, user_zone, zone_from_name, zone_name
from tic.triage.decide import decide_events
from tic.triage.prompt import RulesFileTooLarge, oversize_rules, read_memory, system_prompt
from tic.worldhealth import classify

log = logging.getLogger(__name__)

__all__ = ["Triage", "TickReport", "Release", "Decide", "decide_events"]

CHUNK = 500  # events decided, then recorded in one transaction with their notifications (a crash loses a chunk, doubles none)


class Triage:
    """The triage agent of one engine: its sources, its memory file, its decider, its notify.

    A tick fetches every source, then decides the new events chunk by chunk -
    one call of `decide` per chunk (so a model sees one batched request per
    chunk), the chunk's decisions recorded at once, each with its notification,
    one transaction per chunk - and last, in one transaction, keeps the
    undecided events for the next tick and advances the cursors. A crash before
    that re-reads the sources from the old cursors; what was already decided is
    skipped (T5), so each killed tick still saves the chunks it finished. An
    event that fails is isolated (module docstring) and the chunk goes on.

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
        store: NoticeStore,
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
        self._state = TickState(engine, agent.name, clock)
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
        self._failed_keys: set[str] = set()  # keys with a failure on record (R2), cleared when decided
        self._tick_now = clock.now()
        self.last_zone: tzinfo | None = None  # the zone the last tick decided in

    def tick(self) -> TickReport:
        with running_as(self.agent.caller):
            return self._tick()

    def _tick(self) -> TickReport:
        report = TickReport()
        self._tick_now = self._clock.now()  # one attempt per tick for each failing event (R2)
        self._release_due(self._clock.now(), report)  # T11: holds that ended, before anything new
        try:
            memory = read_memory(self._resolve, self.agent.meta.inject_memory)  # T2 (1): fresh every tick
        except RulesFileTooLarge as exc:  # R2: not read at all; the heuristics decide, every verdict uncertain
            report.errors.append(str(exc))
            self._warn("the preferences file is too large to read", {"path": exc.path, "error": str(exc)})
            memory = {rel: oversize_rules(exc.size) for rel in self.agent.meta.inject_memory}
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
            except Exception as exc:  # noqa: BLE001 - a source's own fault blocks only that source (R2)
                report.errors.append(f"{source.name}: {describe(exc)}")
                self._warn("a source could not be read", {"source": source.name, "error": describe(exc)})
        pending, history = self._state.load_pending()
        retries = load_retries(self._engine, self.agent.name, now)  # R2: failed before, not parked yet
        incoming = [e for _, f in fetched for e in f.events]
        candidates = _latest(pending + retries, incoming)
        known = self._state.decided_versions([e.key for e in candidates])
        failed = parked_versions(self._engine, self.agent.name, [e.key for e in candidates])
        self._failed_keys = {key for key, _ in failed}
        parked = {(e.key, e.version) for e in candidates if failed.get((e.key, e.version))}
        fresh = [e for e in candidates if e.version not in known.get(e.key, set()) and (e.key, e.version) not in parked]
        report.skipped = sum(1 for e in incoming if e.version in known.get(e.key, set()))
        report.parked = len(parked)
        tz = self._zone(incoming + pending)
        if fresh:
            self._decide_all(fresh, rules_text, now, tz, known, report)
            if any(d.held_until is not None and d.held_until <= now for _, d in report.decided):
                self._release_due(self._clock.now(), report)  # a hold already over: surfaced at once
        self._state.save(fetched, pending, report.undecided, history)
        log.info("tick: %d decided (%d notified, %d held), %d released, %d already decided, %d undecided, "
                 "%d failed, %d parked, %d errors", len(report.decided), report.notified, report.held,
                 len(report.released), report.skipped, len(report.undecided), len(report.failed), report.parked,
                 len(report.errors))
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
        cursor = self._state.load_cursor(source.name)
        since = now - self._first_run if cursor is None else None  # S5
        fetched = source.fetch(cursor, now=now, since=since)
        for err in fetched.errors:
            report.errors.append(str(err))
            self._item_error(err, report)
        return fetched

    # --- deciding, chunk by chunk, each event on its own (R2, T5) ---------------------------

    def _decide_all(self, fresh: list[Event], rules_text: str | None, now: datetime, tz: tzinfo,
                    known: dict[str, set[str]], report: TickReport) -> None:
        """Decide and record `fresh` one chunk at a time; an event the decider raises on fails alone."""
        calls = [0]  # decide calls spent isolating failures this tick (bounded: _failures.MAX_SPLIT_CALLS)

        def decide(events: list[Event]) -> list:
            return call_decide(self._decide, events, rules_text, now, tz)

        for i in range(0, len(fresh), self._chunk):
            chunk = fresh[i : i + self._chunk]
            try:
                verdicts, errors = decide_isolated(decide, chunk, calls)
            except Unanimous as exc:  # the decider fails on every event: its fault, not theirs; none is charged
                report.errors.append(f"the triage agent could not decide: {exc}")
                self._warn("the triage agent could not decide", {"error": str(exc)[:300]})
                report.undecided.extend(fresh[i:])
                return
            decided: list[tuple[Event, Decision]] = []
            for n, event in enumerate(chunk):
                verdict = verdicts.get(n)
                if n in errors:
                    self._fail(event, "decide", errors[n], report)
                elif verdict is None:
                    report.undecided.append(event)  # the model left it (R3), or the split budget ran out
                else:
                    try:
                        decided.append((event, settle_hold(verdict, tz, now)))
                    except Exception as exc:  # noqa: BLE001 - not a Decision: the decider's fault on this event
                        self._fail(event, "decide", describe(exc), report)
            self._record_chunk(decided, known, report, tz)

    # --- recording: a decision and its notification commit together (T5, H2) -------------------

    def _record_chunk(self, decided: list[tuple[Event, Decision]], known: dict[str, set[str]], report: TickReport,
                      tz: tzinfo) -> None:
        if not decided:
            return
        try:
            with self._engine.begin() as conn:
                notices = self._write(conn, decided, known, tz)
        except Exception as exc:  # noqa: BLE001 - another engine decided one first, or one cannot be stored: one by one
            if classify(exc) is not None:
                raise  # R3: the world's fault (lost, read-only, full), not the events': the tick is retried whole
            for one in decided:
                self._record(one, known, tz, report)
            return
        report.decided.extend(decided)
        self._announce(notices)

    def _record(self, one: tuple[Event, Decision], known: dict[str, set[str]], tz: tzinfo, report: TickReport) -> None:
        """One decision and its notification in one transaction; a failure is that event's alone."""
        event = one[0]
        try:
            with self._engine.begin() as conn:
                notices = self._write(conn, [one], known, tz)
        except _NotificationFailed as exc:
            if classify(exc) is not None:
                raise  # R3: the world's fault, not this event's
            self._fail(event, "notify", describe(exc.__cause__ or exc), report)
            return
        except IntegrityError as exc:
            if event.version not in self._state.decided_versions([event.key]).get(event.key, set()):
                self._fail(event, "record", describe(exc), report)  # not a race: this decision cannot be stored
            return  # else another engine decided it first
        except Exception as exc:  # noqa: BLE001 - e.g. a value the database refuses (R2)
            if classify(exc) is not None:
                raise  # R3: the world's fault, never charged to the event (it would be parked, never told)
            self._fail(event, "record", describe(exc), report)
            return
        report.decided.append(one)
        self._announce(notices)

    def _announce(self, notices: list) -> None:
        for notice in notices:
            try:
                self._store.announce(notice)
            except Exception:  # noqa: BLE001 - stored already: a receiver that missed the wake-up reads it later
                log.exception("could not announce notice %s", getattr(notice, "id", "?"))

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
        retried = [(e.key, e.version) for e, _ in chunk if e.key in self._failed_keys]
        if retried:  # R2: decided at last - its failures are over
            clear_failures(conn, self.agent.name, retried)
        return notices

    def _notify(self, event: Event, decision: Decision, is_update: bool, conn):
        if not decision.notify:
            return None
        try:
            note = notification_for(event, decision.summary or event.subject or event.key, is_update=is_update)
        except Exception as exc:  # noqa: BLE001 - this event's notification cannot be built (R2)
            raise _NotificationFailed() from exc
        return self._notifier.notify(note, connection=conn)

    def _row(self, event: Event, decision: Decision, is_update: bool, notice) -> dict:
        summary = decision.summary if decision.notify or decision.held_until is not None else None
        return dict(
            event_key=event.key, version=event.version, agent=self.agent.name, notify=decision.notify,
            reason=clean_text(str(decision.reason), REASON_CHARS), rule=_text(decision.rule, REASON_CHARS),
            summary=_text(summary, SUMMARY_CHARS),
            is_update=is_update, notice_id=notice.id if notice else None, decided_at=self._clock.now(),
            decided_by=decision.by, label=label_for(event),
        )

    # --- T11 holds ------------------------------------------------------------------------

    def _held_row(self, event: Event, decision: Decision, is_update: bool, tz: tzinfo) -> dict:
        return dict(
            event_key=event.key, version=event.version, agent=self.agent.name, event=event.model_dump(mode="json"),
            summary=_text(decision.summary or summarize(event), SUMMARY_CHARS), is_update=is_update,
            held_until=decision.held_until, reason=clean_text(str(decision.hold_reason), 200), zone=zone_name(tz)[:64],
            held_at=self._clock.now(),
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
            try:
                with self._engine.begin() as conn:
                    claim = update(h).where(h.c.id == row["id"], h.c.released_at.is_(None), h.c.replaced_at.is_(None))
                    if conn.execute(claim.values(released_at=now)).rowcount != 1:
                        continue  # another engine released it, or a newer version replaced it, meanwhile
                    if event is not None:
                        note = notification_for(event, row["summary"] or summarize(event), is_update=row["is_update"])
                        notice = self._notifier.notify(note, connection=conn)
                        conn.execute(update(h).where(h.c.id == row["id"]).values(notice_id=notice.id))
            except Exception as exc:  # noqa: BLE001 - this release alone fails; it is tried again next tick (R2)
                report.errors.append(f"{row['event_key']}: {describe(exc)}")
                self._warn("a held event could not be surfaced; it is tried again next tick",
                           {"event": row["event_key"], "error": describe(exc)[:300]})
                continue
            if notice is None:
                continue
            self._announce([notice])
            reason = release_phrase(now, row["held_until"], zone_from_name(row["zone"]), row["reason"],
                                    held_at=row["held_at"])
            report.released.append(Release(event, row["held_until"], now, reason))  # type: ignore[arg-type]

    def _item_error(self, err: ItemError, report: TickReport) -> None:
        """R2: a source item that could not be read, recorded under its key when the source knew it."""
        key = err.key or clean_text(f"item:{err.source}:{err.item}", 500)
        failure = record_failure(self._engine, self.agent.name, key=key, version="", stage="read", error=err.reason,
                                 event=None, label=f"{err.source}: {err.item}", now=self._tick_now)
        if failure.counted:
            report.failed.append(failure)
            self._warn("a source item could not be read", {"source": err.source, "item": err.item,
                                                           "reason": err.reason})

    def _fail(self, event: Event, stage: str, error: str, report: TickReport) -> None:
        """R2: this event failed at `stage`; recorded (retried next tick, parked after MAX_ATTEMPTS) and told."""
        log.warning("%s failed at %s: %s", event.key, stage, error)
        try:
            failure = record_failure(self._engine, self.agent.name, key=event.key, version=event.version, stage=stage,
                                     error=error, event=event, label=label_for(event), now=self._tick_now)
        except Exception:  # noqa: BLE001 - the Event itself cannot be stored: record the failure without it
            log.exception("recording the failure of %s with its event failed", event.key)
            failure = record_failure(self._engine, self.agent.name, key=event.key, version=event.version,
                                     stage=stage, error=error, event=None, label=None, now=self._tick_now)
        report.failed.append(failure)
        params = {"event": event.key, "stage": stage, "error": error[:300]}
        if failure.parked:
            self._warn(f"an event failed {MAX_ATTEMPTS} times and is set aside (./tic why shows it)", params)
        else:
            self._warn("an event could not be triaged; it is tried again next tick", params)

    def _warn(self, template: str, params: dict) -> None:
        log.warning("%s: %s", template, params)
        self._store.post(template, params, severity="warn", audience="*")


REASON_CHARS = 4_000  # a decision's reason and rule, as stored
SUMMARY_CHARS = 2_000  # a summary, as stored (a notification's summary has the same cap)


class _NotificationFailed(Exception):
    """An event's notification could not be built (its cause says why)."""


def _text(value, cap: int) -> str | None:
    return clean_text(str(value), cap) if value is not None else None


def _latest(pending: list[Event], incoming: list[Event]) -> list[Event]:
    """Pending events then incoming ones, one per key and version; a newer version of a pending key replaces it."""
    newer = {e.key for e in incoming}
    out: dict[tuple[str, str], Event] = {}
    for e in [p for p in pending if p.key not in newer] + incoming:
        out.setdefault((e.key, e.version), e)
    return list(out.values())
