"""The delivery decision, pure: deliver now, hold, collapse or leave muted (N5-N8).

Everything here is a function of its arguments (rows, repeat states, the time,
the policy), so the whole decision is tested table by table on a fake clock,
without a database. The store feeds it the rows it took and writes back what it
returns.

- An info post is delivered at once; pending posts of one template delivered
  together collapse into one line (N6).
- A warn/error post is a series (template + values). Its first delivery starts a
  repeat state: hold = base. A later post of the series is a repeat: held until
  last delivery + hold, collecting every further repeat, then delivered as
  `(xK again, T in all)`; each such delivery doubles the hold up to the cap. When
  the series was quiet for a whole cap before its next post, the hold starts
  again from base (N7).
- A muted key is left pending, untouched (N8).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from enum import Enum
from typing import Any, Iterable

from tic.notices._keys import RANK, REPEATING
from tic.notices._model import Line
from tic.notices._render import Summary

__all__ = ["Action", "Outcome", "PendingRow", "Plan", "RepeatPolicy", "RepeatState", "decide", "plan"]


@dataclass(frozen=True)
class RepeatPolicy:
    """N7 holds: the first hold (`hold`, default 30 s) doubles on each delivery of a repeat up to `cap` (1 h)."""

    hold: float = 30.0
    cap: float = 3600.0

    def __post_init__(self) -> None:
        if not (self.hold > 0 and self.cap >= self.hold):
            raise ValueError(f"repeat hold {self.hold} s and cap {self.cap} s: need 0 < hold <= cap")


@dataclass(frozen=True)
class RepeatState:
    """What a reader was shown of one series: posts shown so far, the current hold, when."""

    total: int
    hold: float
    last_delivered: datetime
    last_seen: datetime  # when the last post it was shown had been posted


class Action(str, Enum):
    DELIVER = "deliver"  # shown now (collapsing with the template's other fresh posts)
    REPEAT = "repeat"  # shown now as `(xK again, T in all)`
    HOLD = "hold"  # a repeat inside its hold: kept, collecting, until `due`
    MUTED = "muted"  # the reader muted the key: kept pending, not shown


@dataclass(frozen=True)
class Outcome:
    action: Action
    due: datetime | None = None  # HOLD: not before
    state: RepeatState | None = None  # the series' state after a DELIVER/REPEAT of warn/error
    total: int | None = None  # REPEAT: posts of the series shown, this delivery included


def decide(
    *,
    severity: str,
    count: int,
    first_at: datetime,
    last_at: datetime,
    state: RepeatState | None,
    now: datetime,
    policy: RepeatPolicy,
    muted: bool = False,
) -> Outcome:
    """The decision for `count` pending posts of one series (or one info bucket) for one reader."""
    if muted:
        return Outcome(Action.MUTED)
    if severity not in REPEATING:
        return Outcome(Action.DELIVER)
    if state is None:
        return Outcome(Action.DELIVER, state=RepeatState(count, policy.hold, now, last_at))
    hold = state.hold
    if (first_at - state.last_seen).total_seconds() >= policy.cap:
        hold = policy.hold  # a quiet period of one cap: the hold starts again from base
    due = state.last_delivered + timedelta(seconds=hold)
    if now < due:
        return Outcome(Action.HOLD, due=due)
    total = state.total + count
    after = RepeatState(total, min(hold * 2, policy.cap), now, max(last_at, state.last_seen))
    return Outcome(Action.REPEAT, state=after, total=total)


@dataclass(frozen=True)
class PendingRow:
    """One row of `notice_pending`: `count` posts of a template by one poster, for one reader."""

    reader: str
    key: str
    poster: str
    series: str  # '' info bucket | values hash (warn/error) | '#<id>' notification
    kind: str
    template: str
    severity: str
    origin: str
    actionable: bool
    location: str | None
    count: int
    first_id: int
    last_id: int
    first_at: datetime
    last_at: datetime
    params: dict[str, Any] = field(default_factory=dict)
    summary: dict | None = None
    due_at: datetime | None = None

    @property
    def is_series(self) -> bool:
        return bool(self.series) and not self.series.startswith("#")

    def values(self) -> Summary:
        return Summary.from_json(self.summary) if self.summary is not None else Summary.of(self.params)


@dataclass(frozen=True)
class Plan:
    """What one read does: the lines shown, the rows held (with their due time), the states to write."""

    lines: list[Line]
    held: list[PendingRow]  # rows to keep, due_at set
    states: dict[tuple[str, str], RepeatState]  # (key, series) -> state after this read
    kept: list[PendingRow] = field(default_factory=list)  # muted rows, untouched


def _combine(rows: list[PendingRow]) -> PendingRow:
    """Rows of one series from several posters, as one."""
    rows = sorted(rows, key=lambda r: r.first_id)
    first = rows[0]
    return replace(
        first,
        count=sum(r.count for r in rows),
        last_id=max(r.last_id for r in rows),
        first_at=min(r.first_at for r in rows),
        last_at=max(r.last_at for r in rows),
        severity=max((r.severity for r in rows), key=lambda s: RANK.get(s, 0)),
        origin="content" if any(r.origin == "content" for r in rows) else first.origin,
        actionable=any(r.actionable for r in rows),
    )


def _line(rows: list[PendingRow], **extra: Any) -> Line:
    rows = sorted(rows, key=lambda r: r.first_id)
    first = rows[0]
    summary = Summary()
    for r in rows:
        summary = summary.merge(r.values())
    return Line(
        key=first.key,
        template=first.template,
        count=sum(r.count for r in rows),
        severity=max((r.severity for r in rows), key=lambda s: RANK.get(s, 0)),
        kind=first.kind,
        origin="content" if any(r.origin == "content" for r in rows) else "code",
        actionable=any(r.actionable for r in rows),
        params=dict(first.params),
        summary=summary,
        location=first.location,
        poster=first.poster or None,
        first_id=first.first_id,
        first_at=min(r.first_at for r in rows),
        last_at=max(r.last_at for r in rows),
        **extra,
    )


def plan(
    rows: Iterable[PendingRow],
    states: dict[tuple[str, str], RepeatState],
    *,
    now: datetime,
    policy: RepeatPolicy,
    muted: frozenset[str] | set[str] = frozenset(),
) -> Plan:
    """Decide every pending row of one reader; collapse what is shown into one line per template (N6)."""
    fresh: dict[str, list[PendingRow]] = {}
    series: dict[tuple[str, str], list[PendingRow]] = {}
    lines: list[Line] = []
    held: list[PendingRow] = []
    kept: list[PendingRow] = []
    new_states: dict[tuple[str, str], RepeatState] = {}
    for row in rows:
        if row.key in muted:
            kept.append(row)
        elif row.kind == "notification" or row.series.startswith("#"):
            lines.append(_line([row]))
        elif row.is_series:
            series.setdefault((row.key, row.series), []).append(row)
        else:
            fresh.setdefault(row.key, []).append(row)
    for (key, sid), group in series.items():
        one = _combine(group)
        out = decide(severity=one.severity, count=one.count, first_at=one.first_at, last_at=one.last_at,
                     state=states.get((key, sid)), now=now, policy=policy)
        if out.action is Action.HOLD:
            held.extend(replace(r, due_at=out.due) for r in group)
            continue
        if out.state is not None:
            new_states[(key, sid)] = out.state
        if out.action is Action.REPEAT:
            lines.append(_line(group, again=True, total=out.total))
        else:
            fresh.setdefault(key, []).extend(group)
    lines.extend(_line(group) for group in fresh.values())
    lines.sort(key=lambda line: line.first_id)
    return Plan(lines, held, new_states, kept)
