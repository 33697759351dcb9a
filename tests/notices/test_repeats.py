"""N6, N7: collapse and repeat holds through the real store, on both backends, on a fake clock."""

from __future__ import annotations

import pytest

from tic.notices import key_for, running_as

ES = "enemy spawn failed"
K = key_for(ES)
MAIN = "agent:main"


def texts(lines):
    return [line.text for line in lines]


def test_n6_seed_line_texture_atlas_x950(store):
    for i in range(950):
        store.post("texture atlas rebuilt", {"path": f"{chr(ord('a') + i % 26)}.png" if i < 26 else f"p{i}.png"},
                   audience=["main"])
    assert texts(store.take(MAIN)) == [
        f'texture atlas rebuilt (x950) {{ path="a.png", "b.png", ... }} #{key_for("texture atlas rebuilt")}'
    ]
    assert store.take(MAIN) == []


def test_n7_seed_line_enemy_spawn_failed_x14_again(store, clock):
    store.post(ES, {"wave": 3}, severity="error", audience=["main"])
    assert texts(store.take(MAIN)) == [f'{ES} {{ wave="3" }} #{K}']
    for _ in range(14):
        clock.advance(1)
        store.post(ES, {"wave": 3}, severity="error", audience=["main"])
    assert store.take(MAIN) == []  # held: inside the 30 s after it was shown
    clock.advance(16)
    assert texts(store.take(MAIN)) == [f'{ES} (x14 again, 15 in all) {{ wave="3" }} #{K}']


def test_n7_hold_doubles_through_the_store(store, clock):
    """Delivered at 0, then a repeat just after each delivery: shown at 30, 90, 210, 450 (holds 30, 60, 120, 240)."""
    store.post(ES, {"wave": 3}, severity="warn", audience=["main"])
    assert len(store.take(MAIN)) == 1
    t, shown_at = 0, []
    for due in (30, 90, 210, 450):
        clock.advance(1)
        t += 1
        store.post(ES, {"wave": 3}, severity="warn", audience=["main"])
        clock.advance(due - 1 - t)
        t = due - 1
        assert store.take(MAIN) == [], f"shown before {due}"
        clock.advance(1)
        t = due
        (line,) = store.take(MAIN)
        assert line.again and line.count == 1
        shown_at.append((t, line.total))
    assert shown_at == [(30, 2), (90, 3), (210, 4), (450, 5)]


def test_n7_quiet_period_resets_the_hold(store, clock):
    store.post(ES, {"wave": 3}, severity="warn", audience=["main"])
    store.take(MAIN)
    for _ in range(3):  # three repeat deliveries: hold now 240 s
        clock.advance(1)
        store.post(ES, {"wave": 3}, severity="warn", audience=["main"])
        clock.advance(600)
        assert store.take(MAIN)[0].again
    clock.advance(3600)  # quiet for a whole cap
    store.post(ES, {"wave": 3}, severity="warn", audience=["main"])
    (line,) = store.take(MAIN)  # due at once (base hold, long since the last delivery)
    assert line.text == f'{ES} (x1 again, 5 in all) {{ wave="3" }} #{K}'
    clock.advance(1)
    store.post(ES, {"wave": 3}, severity="warn", audience=["main"])
    clock.advance(58)
    assert store.take(MAIN) == []  # held 60 s: the doubling started again from 30
    clock.advance(1)
    assert store.take(MAIN)[0].total == 6


def test_n7_other_values_and_templates_are_delivered_beside_a_held_repeat(store, clock):
    store.post(ES, {"wave": 3}, severity="error", audience=["main"])
    store.take(MAIN)
    clock.advance(1)
    store.post(ES, {"wave": 3}, severity="error", audience=["main"])
    store.post(ES, {"wave": 4}, severity="error", audience=["main"])
    store.post("save slot corrupted, using defaults", {"slot": 1}, severity="warn", audience=["main"])
    assert texts(store.take(MAIN)) == [
        f'{ES} {{ wave="4" }} #{K}',
        f'save slot corrupted, using defaults {{ slot="1" }} #{key_for("save slot corrupted, using defaults")}',
    ]
    clock.advance(29)
    assert texts(store.take(MAIN)) == [f'{ES} (x1 again, 2 in all) {{ wave="3" }} #{K}']


def test_n7_repeats_are_per_reader(store, clock):
    store.post(ES, {"wave": 3}, severity="warn", audience=["main", "tic"])
    store.take(MAIN)
    clock.advance(1)
    store.post(ES, {"wave": 3}, severity="warn", audience=["main", "tic"])
    assert store.take(MAIN) == []  # main was shown it: a repeat, held
    assert texts(store.take("agent:tic")) == [f'{ES} (x2) {{ wave="3" }} #{K}']  # tic never was: both at once


@pytest.mark.parametrize("severity", ["info"])
def test_n7_info_is_never_held(store, severity):
    store.post("wave complete", {"wave": 3}, severity=severity, audience=["main"])
    store.take(MAIN)
    store.post("wave complete", {"wave": 3}, severity=severity, audience=["main"])
    assert texts(store.take(MAIN)) == [f'wave complete {{ wave="3" }} #{key_for("wave complete")}']


def test_n7_held_repeat_reaches_the_tool_call_path_when_due(store, clock):
    store.post(ES, {"wave": 3}, severity="warn", audience=["main"])
    assert len(store.deliver(MAIN)) == 1
    clock.advance(1)
    store.post(ES, {"wave": 3}, severity="warn", audience=["main"])
    assert store.deliver(MAIN) == []
    clock.advance(29)
    assert texts(store.deliver(MAIN)) == [f'{ES} (x1 again, 2 in all) {{ wave="3" }} #{K}']


def test_n9_withdraw_ends_the_repeat_state(store, clock):
    with running_as("agent:tic"):
        store.post(ES, {"wave": 3}, severity="warn", audience=["main"])
    store.take(MAIN)
    with running_as("agent:tic"):
        store.withdraw(ES)  # the condition is over
        store.post(ES, {"wave": 3}, severity="warn", audience=["main"])
    assert texts(store.take(MAIN)) == [f'{ES} {{ wave="3" }} #{K}']  # shown at once, not a repeat
