"""Events that failed (R2, T5): recorded with their error, retried a bounded number of times, then parked.

An event fails at one stage: `read` (its source item could not be made into an
Event), `decide` (the decider raised on it), `notify` (its notification could
not be built) or `record` (its decision could not be stored). The failure is a
row of `triage_failures` keyed by (event key, version, agent): the error, the
Event itself when there is one (so a later tick can retry it although the
source's cursor moved on), and how many times it failed. After
`MAX_ATTEMPTS` failures it is parked: never retried, still shown by
`./tic why`. A later successful decision of the same version removes the row.

`decide_isolated` calls a decider on a batch and, when the batch raises, splits
it in halves until each failing event is alone: the others are decided as
usual, each failing one is reported with its own error. A decider that fails on
every event of the batch alike (a broken rules file, a broken decider) is not
the events' fault: that is reported as `Unanimous` and no event is charged.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime
from typing import Callable, Sequence

from sqlalchemy import Engine, and_, delete, insert, or_, select, update
from sqlalchemy.exc import IntegrityError

from tic.db import failure_table
from tic.sources import Event, clean_text

__all__ = ["MAX_ATTEMPTS", "Failure", "Unanimous", "clear_failures", "decide_isolated", "describe", "load_retries",
           "parked_versions", "record_failure"]

log = logging.getLogger(__name__)

MAX_ATTEMPTS = 3  # failures of one event version before it is parked
ERROR_CHARS = 1_000
MAX_SPLIT_CALLS = 200  # decide calls one tick may spend isolating failures; the rest wait for the next tick
UNANIMOUS = 3  # the first events that fail alone as their batch did, before any succeeds: the decider is broken


@dataclass(frozen=True)
class Failure:
    """One failure as recorded: which event, where it failed, why, how often, and whether it is parked."""

    key: str
    version: str
    stage: str
    error: str
    attempts: int
    parked: bool
    counted: bool = True  # this failure was counted (False: the event had been parked already)


class Unanimous(Exception):
    """Every event of a batch failed alike: the decider, not an event, is broken (no event is charged)."""


def describe(exc: BaseException) -> str:
    """`TypeName: message`, one line, bounded, storable (no NUL)."""
    text = " ".join(str(exc).split()) or "(no message)"
    return clean_text(f"{type(exc).__name__}: {text}", ERROR_CHARS)


def record_failure(engine: Engine, agent: str, *, key: str, version: str, stage: str, error: str,
                   event: Event | None, label: str | None, now: datetime) -> Failure:
    """Add one failure of (key, version) in its own transaction; parked once it failed MAX_ATTEMPTS times.

    `now` is the tick's time: a second failure of the same (key, version) in one tick (the same calendar
    UID in two feeds) is the same attempt."""
    error = clean_text(error, ERROR_CHARS)
    data = event.model_dump(mode="json") if event is not None else None
    label = clean_text(label, 300) if label else None
    t = failure_table
    where = and_(t.c.event_key == key, t.c.version == version, t.c.agent == agent)
    for _ in range(2):  # a second engine may insert the same row meanwhile: then it is an update
        with engine.begin() as conn:
            row = conn.execute(select(t.c.attempts, t.c.parked_at, t.c.last_failed_at).where(where)).first()
            if row is None:
                try:
                    with conn.begin_nested():
                        conn.execute(insert(t).values(event_key=key, version=version, agent=agent, stage=stage,
                                                      error=error, event=data, label=label, attempts=1,
                                                      first_failed_at=now, last_failed_at=now,
                                                      parked_at=now if MAX_ATTEMPTS <= 1 else None))
                except IntegrityError:
                    continue
                return Failure(key, version, stage, error, 1, MAX_ATTEMPTS <= 1)
            attempts, parked_at, last = row
            if last is not None and last.replace(tzinfo=None) == now.replace(tzinfo=None):
                return Failure(key, version, stage, error, attempts, parked_at is not None)  # this tick's already
            if parked_at is not None:
                return Failure(key, version, stage, error, attempts, True, counted=False)
            attempts += 1
            parked = attempts >= MAX_ATTEMPTS
            conn.execute(update(t).where(where).values(stage=stage, error=error, event=data, label=label,
                                                      attempts=attempts, last_failed_at=now,
                                                      parked_at=now if parked else None))
            return Failure(key, version, stage, error, attempts, parked)
    raise RuntimeError(f"could not record the failure of {key}")  # pragma: no cover - two races in a row


def clear_failures(conn, agent: str, decided: Sequence[tuple[str, str]]) -> None:
    """Inside the transaction that records these decisions: their versions' failures, their keys'
    unreadable-item failures and the retries of their keys' other versions are over (parked ones stay shown)."""
    t = failure_table
    pairs = list(dict.fromkeys(decided))
    for i in range(0, len(pairs), 200):
        part = pairs[i : i + 200]
        conn.execute(delete(t).where(t.c.agent == agent, or_(*(
            and_(t.c.event_key == key, or_(t.c.version.in_([version, ""]), t.c.parked_at.is_(None)))
            for key, version in part))))


def parked_versions(engine: Engine, agent: str, keys: Sequence[str]) -> dict[tuple[str, str], bool]:
    """For the failed versions of `keys`: (key, version) -> parked."""
    out: dict[tuple[str, str], bool] = {}
    unique = list(dict.fromkeys(keys))
    t = failure_table
    with engine.connect() as conn:
        for i in range(0, len(unique), 500):
            q = select(t.c.event_key, t.c.version, t.c.parked_at).where(
                t.c.agent == agent, t.c.event_key.in_(unique[i : i + 500]))
            for key, version, parked_at in conn.execute(q):
                out[(key, version)] = parked_at is not None
    return out


def load_retries(engine: Engine, agent: str, now: datetime) -> list[Event]:
    """The failed events to try again this tick (not parked, with their Event); an unreadable one is parked."""
    t = failure_table
    q = (select(t.c.event_key, t.c.version, t.c.event).where(t.c.agent == agent, t.c.parked_at.is_(None),
                                                               t.c.event.is_not(None))
         .order_by(t.c.first_failed_at))
    with engine.connect() as conn:
        rows = conn.execute(q).all()
    events = []
    for key, version, data in rows:
        try:
            events.append(Event.model_validate(data))
        except ValueError as exc:  # written by another version of the program: it cannot be retried
            log.warning("parking the failed event %s: it cannot be read back (%s)", key, exc)
            with engine.begin() as conn:
                conn.execute(update(t).where(t.c.event_key == key, t.c.version == version, t.c.agent == agent)
                             .values(parked_at=now, error=clean_text(f"{describe(exc)} (it could not be read back)",
                                                                     ERROR_CHARS)))
    return events


Verdicts = list  # list[Decision | None], one per event


def decide_isolated(decide: Callable[[list[Event]], Verdicts], events: list[Event],
                    calls: list[int] | None = None) -> tuple[dict[int, object], dict[int, str]]:
    """Decide `events`, isolating the ones the decider raises on.

    Returns (verdicts by index, errors by index): every index is in exactly one of
    them, except the ones left for the next tick when the split budget (`calls`, a
    one-element counter shared by the tick) is spent. Raises `Unanimous` when the
    batch failed and so did its first UNANIMOUS events alone, alike, before any
    event succeeded."""
    calls = calls if calls is not None else [0]
    verdicts: dict[int, object] = {}
    errors: dict[int, str] = {}

    def attempt(idx: list[int]) -> str | None:
        calls[0] += 1
        try:
            out = list(decide([events[i] for i in idx]))
            if len(out) != len(idx):
                raise ValueError(f"the decider returned {len(out)} verdicts for {len(idx)} events")
        except Exception as exc:  # noqa: BLE001 - isolate: one event's failure must not stop the others (R2)
            return describe(exc)
        verdicts.update(zip(idx, out))
        return None

    def split(idx: list[int], error: str) -> None:
        if len(idx) == 1:
            errors[idx[0]] = error
            if not verdicts and len(errors) >= UNANIMOUS and len(set(errors.values())) == 1 and error == first:
                raise Unanimous(first)  # the first events alone fail as the batch did, and none succeeded
            return
        half = len(idx) // 2
        for part in (idx[:half], idx[half:]):
            if calls[0] >= MAX_SPLIT_CALLS:
                return  # the rest are left undecided: offered again next tick, no attempt charged
            err = attempt(part)
            if err is not None:
                split(part, err)

    everything = list(range(len(events)))
    first = attempt(everything)
    if first is None:
        return verdicts, errors
    split(everything, first)
    return verdicts, errors
