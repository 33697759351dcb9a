"""N6, N7, N8: the delivery decision, table by table, on a fake clock (no database).

In the style of Alertmanager's TestDedupStageNeedsUpdate: each row is one
situation - severity, what the reader was shown before, when the posts came,
what time it is - and the decision it must give: deliver now, hold (until
when), repeat (with which totals) or leave muted.
"""

from __future__ import annotations

from datetime import timedelta

import pytest

from tic.notices import Action, PendingRow, RepeatPolicy, RepeatState, decide, key_for, plan
from tic.notices._keys import series_for
from tests.conftest import T0

POLICY = RepeatPolicy()  # 30 s, doubling, capped at 1 h


def at(seconds: float):
    return T0 + timedelta(seconds=seconds)


def shown(total=1, hold=30.0, delivered=0.0, seen=0.0) -> RepeatState:
    return RepeatState(total=total, hold=hold, last_delivered=at(delivered), last_seen=at(seen))


# name, severity, muted, count, first post, last post, state, now -> action, due, total, next hold
DECISIONS = [
    ("info is delivered at once", "info", False, 1, 0, 0, None, 0, Action.DELIVER, None, None, None),
    ("info posted again after it was shown is not a repeat", "info", False, 1, 5, 5, shown(), 6,
     Action.DELIVER, None, None, None),
    ("a muted key stays pending", "error", True, 3, 0, 0, shown(), 999, Action.MUTED, None, None, None),
    ("first warn is delivered and starts the hold at base", "warn", False, 1, 0, 0, None, 0,
     Action.DELIVER, None, None, 30.0),
    ("first error collapsed x3 counts 3 shown", "error", False, 3, 0, 2, None, 2, Action.DELIVER, None, None, 30.0),
    ("repeat inside the hold is held until last delivery + hold", "warn", False, 2, 5, 20, shown(), 29,
     Action.HOLD, 30, None, None),
    ("repeat at the end of the hold: x14 again, 15 in all; hold doubles", "error", False, 14, 1, 29, shown(), 30,
     Action.REPEAT, None, 15, 60.0),
    ("after one repeat delivery the hold is 60 s", "warn", False, 1, 31, 31, shown(15, 60, 30, 29), 89,
     Action.HOLD, 90, None, None),
    ("at 90 s the second repeat goes; hold 120", "warn", False, 1, 31, 31, shown(15, 60, 30, 29), 90,
     Action.REPEAT, None, 16, 120.0),
    ("the hold is capped at one hour", "warn", False, 1, 4000, 4000, shown(9, 2400, 1800, 1800), 4200,
     Action.REPEAT, None, 10, 3600.0),
    ("at the cap it stays at the cap", "warn", False, 1, 4000, 4000, shown(9, 3600, 1000, 1000), 4600,
     Action.REPEAT, None, 10, 3600.0),
    ("a quiet period of one cap resets the hold to base", "warn", False, 1, 3600, 3600, shown(9, 3600, 0, 0), 3600,
     Action.REPEAT, None, 10, 60.0),
    ("a shorter quiet keeps the long hold", "warn", False, 1, 3599, 3599, shown(9, 3600, 0, 0), 3599.5,
     Action.HOLD, 3600, None, None),
    ("a capped hold still ends", "error", False, 40, 1, 3500, shown(9, 3600, 0, 0), 3600,
     Action.REPEAT, None, 49, 3600.0),
]


@pytest.mark.parametrize(
    "name, severity, muted, count, first, last, state, now, action, due, total, hold",
    DECISIONS, ids=[d[0] for d in DECISIONS],
)
def test_n7_n8_delivery_decision(name, severity, muted, count, first, last, state, now, action, due, total, hold):
    out = decide(severity=severity, count=count, first_at=at(first), last_at=at(last), state=state, now=at(now),
                 policy=POLICY, muted=muted)
    assert out.action is action
    assert out.due == (at(due) if due is not None else None)
    assert out.total == total
    assert (out.state.hold if out.state else None) == hold
    if out.state is not None:
        assert out.state.last_delivered == at(now)
        assert out.state.total == (total if total is not None else count)


def test_n7_hold_doubles_on_each_delivery_of_a_repeat():
    """One error posted every second for three hours, read every second: when is it shown?"""
    state, shown_at, lines = None, [], []
    pending = None  # (count, first, last)
    for t in range(0, 3 * 3600):
        pending = (pending[0] + 1, pending[1], t) if pending else (1, t, t)
        out = decide(severity="error", count=pending[0], first_at=at(pending[1]), last_at=at(pending[2]),
                     state=state, now=at(t), policy=POLICY)
        if out.action in (Action.DELIVER, Action.REPEAT):
            shown_at.append(t)
            lines.append((pending[0], out.total))
            state, pending = out.state, None
    assert shown_at == [0, 30, 90, 210, 450, 930, 1890, 3810, 7410]
    assert [b - a for a, b in zip(shown_at, shown_at[1:])] == [30, 60, 120, 240, 480, 960, 1920, 3600]
    assert lines[:3] == [(1, None), (30, 31), (60, 91)]
    assert sum(count for count, _ in lines) == lines[-1][1]  # the last "in all" counts every post shown


def test_n7_quiet_period_resets_the_doubling():
    state = shown(total=50, hold=3600, delivered=0, seen=0)  # a long-running error, at the cap
    out = decide(severity="warn", count=1, first_at=at(7200), last_at=at(7200), state=state, now=at(7200), policy=POLICY)
    assert out.action is Action.REPEAT and out.total == 51 and out.state.hold == 60
    nxt = decide(severity="warn", count=1, first_at=at(7201), last_at=at(7201), state=out.state, now=at(7259), policy=POLICY)
    assert nxt.action is Action.HOLD and nxt.due == at(7260)


def test_n7_policy_is_configurable_and_checked():
    quick = RepeatPolicy(hold=1, cap=4)
    state, holds, now = None, [], 0.0
    for _ in range(5):
        first = state.last_delivered + timedelta(seconds=0.5) if state else at(now)  # posted all along
        out = decide(severity="warn", count=1, first_at=first, last_at=at(now), state=state, now=at(now), policy=quick)
        state = out.state
        holds.append(state.hold)
        now += state.hold
    assert holds == [1, 2, 4, 4, 4]
    with pytest.raises(ValueError):
        RepeatPolicy(hold=0)
    with pytest.raises(ValueError):
        RepeatPolicy(hold=60, cap=30)


# --- plan: one reader's pending rows -> the lines shown (collapse, repeat, hold, muted) ---

_ids = iter(range(1, 10_000))


def row(template, params=None, *, severity="info", count=1, poster="", kind="notice", first=0.0, last=None, reader="agent:main"):
    params = params or {}
    nid = next(_ids)
    series = f"#{nid}" if kind == "notification" else (series_for(params) if severity in ("warn", "error") else "")
    return PendingRow(
        reader=reader, key=key_for(template), poster=poster, series=series, kind=kind, template=template,
        severity=severity, origin="code", actionable=True, location=None, count=count, first_id=nid, last_id=nid,
        first_at=at(first), last_at=at(first if last is None else last), params=params,
        summary=None if series else {"v": [[k, [f'"{v}"'], False] for k, v in params.items()], "x": False},
    )


def texts(p):
    return [line.text for line in p.lines]


ES = "enemy spawn failed"
K = key_for(ES)

PLANS = [
    (
        "info rows of one template from two posters collapse into one line",
        [row("texture atlas rebuilt", {"path": "a.png"}, count=3, poster="agent:tic"),
         row("texture atlas rebuilt", {"path": "b.png"}, count=2, poster="")],
        {}, 10, set(),
        [f'texture atlas rebuilt (x5) {{ path="a.png", "b.png" }} #{key_for("texture atlas rebuilt")}'], 0,
    ),
    (
        "fresh warn series of one template collapse too",
        [row(ES, {"wave": 3}, severity="warn"), row(ES, {"wave": 4}, severity="warn")],
        {}, 0, set(),
        [f'{ES} (x2) {{ wave="3", "4" }} #{K}'], 0,
    ),
    (
        "a due repeat is its own line; new values are delivered at once beside it",
        [row(ES, {"wave": 3}, severity="error", count=14, first=1, last=29), row(ES, {"wave": 4}, severity="error", first=20)],
        {(K, series_for({"wave": 3})): shown()}, 30, set(),
        [f'{ES} (x14 again, 15 in all) {{ wave="3" }} #{K}', f'{ES} {{ wave="4" }} #{K}'], 0,
    ),
    (
        "a held repeat does not hold back new values",
        [row(ES, {"wave": 3}, severity="error", count=5, first=1, last=9), row(ES, {"wave": 4}, severity="error", first=9)],
        {(K, series_for({"wave": 3})): shown()}, 10, set(),
        [f'{ES} {{ wave="4" }} #{K}'], 1,
    ),
    (
        "another template is delivered at once beside a held repeat",
        [row(ES, {"wave": 3}, severity="error", first=1), row("save slot corrupted", {"slot": 2}, severity="warn", first=2)],
        {(K, series_for({"wave": 3})): shown()}, 10, set(),
        [f'save slot corrupted {{ slot="2" }} #{key_for("save slot corrupted")}'], 1,
    ),
    (
        "a muted key shows nothing and stays",
        [row("disk almost full", {"free": "1%"}, severity="warn"), row("wave complete", {"wave": 3})],
        {}, 0, {key_for("disk almost full")},
        [f'wave complete {{ wave="3" }} #{key_for("wave complete")}'], 0,
    ),
    (
        "notifications are never collapsed",
        [row("new email message", {"summary": "A wrote."}, kind="notification"),
         row("new email message", {"summary": "B wrote."}, kind="notification")],
        {}, 0, set(),
        [f'new email message {{ summary="A wrote." }} #{key_for("new email message")}',
         f'new email message {{ summary="B wrote." }} #{key_for("new email message")}'], 0,
    ),
]


@pytest.mark.parametrize("name, rows, states, now, muted, expected, held", PLANS, ids=[p[0] for p in PLANS])
def test_n6_n7_n8_plan(name, rows, states, now, muted, expected, held):
    p = plan(rows, states, now=at(now), policy=POLICY, muted=frozenset(muted))
    assert texts(p) == expected
    assert len(p.held) == held
    assert all(r.due_at is not None for r in p.held)
    shown_count = sum(line.count for line in p.lines)
    assert shown_count + sum(r.count for r in p.held) + sum(r.count for r in p.kept) == sum(r.count for r in rows)


def test_n7_plan_records_state_for_every_series_shown():
    rows = [row(ES, {"wave": 3}, severity="warn", count=2), row(ES, {"wave": 4}, severity="warn"), row("x", {"a": 1})]
    p = plan(rows, {}, now=at(5), policy=POLICY)
    assert set(p.states) == {(K, series_for({"wave": 3})), (K, series_for({"wave": 4}))}
    assert p.states[(K, series_for({"wave": 3}))].total == 2
