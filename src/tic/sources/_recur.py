"""Recurrence expansion on a budget (S3, R2): a series costs a few instances, however dense or long it is.

A tick wants one occurrence of each recurring series: the first starting at or
after `now`, else the last one before it. `recurring_ical_events` (RRULE, RDATE,
EXDATE, overrides, time zones) finds them; two things keep that cheap:

- **fast-forward.** dateutil enumerates a rule from its DTSTART, so a
  `FREQ=SECONDLY` series that began a year ago costs 31 million instances
  before the first one near `now`. A rule of one RRULE whose grid is regular
  (SECONDLY ... WEEKLY) and that has more than `FAST_FORWARD_AFTER` grid steps
  behind it is first moved forward by a whole number of steps to just before
  the search window (DTSTART and DTEND move together, COUNT shrinks by the
  steps skipped; a COUNT already used up, or an UNTIL already passed, puts
  DTSTART on the series' last instance). A COUNT together with BY* parts
  cannot be fast-forwarded (how many instances were skipped is unknown
  without counting them): such a series with more than `EXPAND_LIMIT` steps
  behind it is judged on its first instance, unexpanded.
- **small windows, hard caps.** The search asks for windows sized to the rule's
  density (about 8 instances each, growing while they come back empty)
  instead of a day at a time, and stops after `MAX_SCAN` instances of one
  series or when the fetch's `Budget` (`BUDGET` instances across every
  series of one fetch) is spent; what it saw by then is the answer, and a
  series the budget no longer covers is judged on its first instance.

So `FREQ=SECONDLY;COUNT=1000000` and an unbounded SECONDLY rule cost a handful of
instances per tick, not seconds and hundreds of megabytes.
"""

from __future__ import annotations

import copy
import logging
from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone, tzinfo
from typing import Any

import icalendar
import recurring_ical_events

__all__ = ["BUDGET", "Budget", "MAX_SCAN", "next_occurrence"]

log = logging.getLogger(__name__)

LOOK_BACK = timedelta(days=400)  # how far back the "last occurrence" of an ended series is sought
MAX_SCAN = 1_000  # instances of one series examined per fetch
BUDGET = 20_000  # instances examined per fetch, every series together
FAST_FORWARD_AFTER = 500  # grid steps between DTSTART and the search beyond which a rule is moved forward
GRID_STEPS = 20_000  # grid steps dateutil may walk per query: how far ahead a dense, filtered rule is searched
EXPAND_LIMIT = GRID_STEPS  # steps behind a rule that cannot be moved forward beyond which it is not expanded
_UNIT = {"SECONDLY": 1, "MINUTELY": 60, "HOURLY": 3_600, "DAILY": 86_400, "WEEKLY": 604_800,
         "MONTHLY": 30 * 86_400, "YEARLY": 365 * 86_400}
_EXPANDS = {  # BY* parts that add instances within one period of a frequency (RFC 5545, 3.3.10)
    "SECONDLY": (), "MINUTELY": ("BYSECOND",), "HOURLY": ("BYMINUTE", "BYSECOND"),
    "DAILY": ("BYHOUR", "BYMINUTE", "BYSECOND"), "WEEKLY": ("BYDAY", "BYHOUR", "BYMINUTE", "BYSECOND"),
    "MONTHLY": ("BYDAY", "BYMONTHDAY", "BYHOUR", "BYMINUTE", "BYSECOND"),
    "YEARLY": ("BYMONTH", "BYWEEKNO", "BYYEARDAY", "BYMONTHDAY", "BYDAY", "BYHOUR", "BYMINUTE", "BYSECOND"),
}
_BY = ("BYSECOND", "BYMINUTE", "BYHOUR", "BYDAY", "BYMONTHDAY", "BYYEARDAY", "BYWEEKNO", "BYMONTH", "BYSETPOS")


@dataclass
class Budget:
    """Instances one fetch may still examine (every series of every calendar of the fetch together)."""

    left: int = BUDGET

    def take(self, n: int) -> bool:
        """Count `n` instances; False once the budget is spent."""
        self.left -= n
        return self.left > 0


@dataclass(frozen=True)
class _Rule:
    freq: str
    interval: int
    count: int | None
    until: Any
    by: bool  # any BY* part
    expansion: int = 1  # instances per period its BY* parts may add

    @property
    def step(self) -> timedelta:
        return timedelta(seconds=_UNIT[self.freq] * self.interval)


def next_occurrence(components: list[Any], timezones: list[Any], now: datetime, zone: tzinfo | None,
                    budget: Budget | None = None) -> Any:
    """The first occurrence starting at/after `now`, else the last one before it, else the master, on a budget."""
    budget = budget if budget is not None else Budget()
    master = next((c for c in components if "RECURRENCE-ID" not in c), None)
    rule = _rule(master)
    local = zone or timezone.utc
    if master is not None and rule is not None:
        moved = _fast_forward(master, rule, now, local)
        if moved is None:
            return master  # too long to expand and cannot be moved forward: judged on its first instance
        components = [moved if c is master else c for c in components]
    if budget.left <= 0:
        return master if master is not None else components[0]
    calendar = icalendar.Calendar()
    for component in (*timezones, *components):
        calendar.add_component(component)
    query = recurring_ical_events.of(calendar)
    spacing = _spacing(rule)
    starts = [s for s in (_start(c, local) for c in components) if s is not None]
    reach = max(timedelta(days=4_000), 3 * spacing)
    if rule is not None:
        reach = min(reach, GRID_STEPS * rule.step)  # SECONDLY;BYMONTH=1 in March: not searched for 10 months
    found, before = _forward(query, now, local, spacing, budget, min(starts, default=None), reach)
    if found is not None:
        return found
    if before is None and budget.left > 0:
        before = _backward(query, now, local, spacing, budget)
    if before is not None:
        return before
    return master if master is not None else components[0]


def _forward(query, now: datetime, local: tzinfo, spacing: timedelta, budget: Budget,
             first: datetime | None, reach: timedelta) -> tuple[Any, Any]:
    """(first occurrence starting at/after now, or None; the latest one seen before now, or None).

    A series that begins after `now` is searched from its beginning (`first`), not from `now`."""
    lo = now - min(timedelta(days=1), 4 * spacing)
    if first is not None and first - spacing > lo:
        lo = first - spacing
    width = _width(spacing)
    far = lo + reach
    seen = 0
    before, before_start = None, None
    while lo <= far:
        occurrences = query.between(lo, lo + width)
        seen += len(occurrences)
        future = []
        for occurrence in occurrences:
            start = _start(occurrence, local)
            if start is None:
                continue
            if start >= now:
                future.append((start, occurrence))
            elif before_start is None or start > before_start:
                before, before_start = occurrence, start
        if future:
            return min(future, key=lambda so: so[0])[1], before
        if not budget.take(len(occurrences)) or seen >= MAX_SCAN:
            return None, before
        lo += width
        if not occurrences:
            width *= 2
    return None, before


def _backward(query, now: datetime, local: tzinfo, spacing: timedelta, budget: Budget) -> Any:
    """The occurrence with the latest start before `now` within LOOK_BACK, in windows going back."""
    hi = now
    width = _width(spacing)
    seen = 0
    best, best_start = None, None
    while hi > now - LOOK_BACK:
        lo = max(hi - width, now - LOOK_BACK)
        occurrences = query.between(lo, hi)
        seen += len(occurrences)
        started_inside = False
        for occurrence in occurrences:
            start = _start(occurrence, local)
            if start is None or start >= now:
                continue
            started_inside = started_inside or start >= lo
            if best_start is None or start > best_start:
                best, best_start = occurrence, start
        if started_inside or not budget.take(len(occurrences)) or seen >= MAX_SCAN:
            break
        hi = lo
        width *= 2
    return best


def _width(spacing: timedelta) -> timedelta:
    """A first window expected to hold about 8 instances: at least a second, at most a day."""
    return min(timedelta(days=1), max(timedelta(seconds=1), 8 * spacing))


def _spacing(rule: _Rule | None) -> timedelta:
    """The expected time between two instances (a day for RDATE-only series)."""
    if rule is None:
        return timedelta(days=1)
    return rule.step / rule.expansion


def _rule(master: Any) -> "_Rule | None":
    """The master's one RRULE, read enough to budget it; None without one (or with several)."""
    if master is None:
        return None
    value = master.get("RRULE")
    if value is None or isinstance(value, list):
        return None
    try:
        freq = str(_one(value.get("FREQ"))).upper()
        if freq not in _UNIT:
            return None
        interval = max(1, int(_one(value.get("INTERVAL")) or 1))
        count = _one(value.get("COUNT"))
        count = int(count) if count is not None else None
    except (TypeError, ValueError):
        return None
    expansion = 1
    for part in _EXPANDS[freq]:
        values = value.get(part)
        if values:
            expansion *= max(1, len(values) if isinstance(values, list) else 1)
    return _Rule(freq, interval, count, _one(value.get("UNTIL")), any(k in value for k in _BY), min(expansion, 10**6))


def _one(value: Any) -> Any:
    return value[0] if isinstance(value, list) and value else (None if isinstance(value, list) else value)


def _fast_forward(master: Any, rule: _Rule, now: datetime, local: tzinfo) -> Any:
    """The master moved forward to just before the search (see the module docstring), itself, or None."""
    if rule.freq in ("MONTHLY", "YEARLY"):
        return master  # at most 12 steps a year: cheap from any DTSTART that datetime can hold
    try:
        start = master.decoded("DTSTART")
    except Exception:  # noqa: BLE001 - an unreadable DTSTART is the caller's error to report
        return master
    all_day = isinstance(start, date) and not isinstance(start, datetime)
    if all_day and rule.freq not in ("DAILY", "WEEKLY"):
        return master
    begin = datetime(start.year, start.month, start.day) if all_day else start
    wall_start = begin.replace(tzinfo=None)
    wall_now = (now.astimezone(begin.tzinfo) if begin.tzinfo is not None else now.astimezone(local)).replace(tzinfo=None)
    step = rule.step
    lead = min(timedelta(days=1), 4 * _spacing(rule)) + 2 * step
    behind = (wall_now - lead - wall_start) // step  # whole steps DTSTART may move
    if behind <= FAST_FORWARD_AFTER:
        return master
    until = _wall(rule.until, begin)
    if rule.count is not None and rule.by or (until is not None and until < wall_start + behind * step and rule.by):
        if behind > EXPAND_LIMIT:
            log.info("a %s series with %d steps behind it is not expanded (COUNT/UNTIL with BY parts)", rule.freq, behind)
            return None
        return master
    count = rule.count
    if count is not None:
        behind = min(behind, count - 1)
        count -= behind
    if until is not None and wall_start + behind * step > until:
        behind = max(0, (until - wall_start) // step)
    if behind <= 0:
        return master
    return _moved(master, behind * step, count, all_day)


def _wall(until: Any, begin: datetime) -> datetime | None:
    """UNTIL as a naive wall time comparable with the master's DTSTART, or None."""
    if isinstance(until, datetime):
        if until.tzinfo is not None and begin.tzinfo is not None:
            until = until.astimezone(begin.tzinfo)
        return until.replace(tzinfo=None)
    if isinstance(until, date):
        return datetime(until.year, until.month, until.day, 23, 59, 59)
    return None


def _moved(master: Any, delta: timedelta, count: int | None, all_day: bool) -> Any:
    """A shallow copy of `master` with DTSTART (and DTEND) `delta` later in wall time, COUNT set to `count`."""
    moved = copy.copy(master)
    for name in ("DTSTART", "DTEND"):
        prop = master.get(name)
        if prop is None or isinstance(prop, list):
            continue
        value = prop.dt
        shifted = value + (timedelta(days=delta.days) if all_day else delta)
        if isinstance(value, datetime) and value.tzinfo is not None:  # wall time: same clock reading, same zone
            shifted = (value.replace(tzinfo=None) + delta).replace(tzinfo=value.tzinfo)
        new = icalendar.vDDDTypes(shifted)
        new.params = prop.params.copy()
        moved[name] = new
    if count is not None:
        rrule = icalendar.vRecur(dict(master["RRULE"]))
        rrule["COUNT"] = [count]
        moved["RRULE"] = rrule
    return moved


def as_utc(value: Any, local: tzinfo) -> datetime | None:
    """An iCalendar date/date-time as aware UTC; dates and floating times are read in `local`."""
    if isinstance(value, datetime):
        aware = value if value.tzinfo is not None else value.replace(tzinfo=local)
        return aware.astimezone(timezone.utc)
    if isinstance(value, date):
        return datetime(value.year, value.month, value.day, tzinfo=local).astimezone(timezone.utc)
    return None


def _start(occurrence: Any, local: tzinfo) -> datetime | None:
    try:
        value = occurrence.decoded("DTSTART")
    except Exception:  # noqa: BLE001
        return None
    return as_utc(value, local)
