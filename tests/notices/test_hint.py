"""N5 hot path: a tool call costs no SQL when nothing is pending for its caller - and the hint never lies.

The staleness bound for changes made by another engine of the world: none on
PostgreSQL (LISTEN/NOTIFY, drained at the start of every read); on SQLite the
store polls at most every `sync_every` seconds (2 s), so a change made by
another process is seen within 2 s of the clock.
"""

from __future__ import annotations

import time
from datetime import timedelta

from pydantic import BaseModel

from tic.hub import CallContext, Tool, ToolRegistry
from tic.models import ToolCall
from tic.notices import key_for, running_as
from tic.notices._hint import PendingHint
from tests.conftest import T0
from tests.notices._support import counting, make_store, second_engine


class _Args(BaseModel):
    pass


def soon(read, seconds: float = 2.0):
    """PostgreSQL: a NOTIFY crosses the network - allow it a moment (real time) to arrive."""
    deadline = time.monotonic() + seconds
    while True:
        got = read()
        if got or time.monotonic() > deadline:
            return got
        time.sleep(0.005)


def registry_with_echo(store) -> ToolRegistry:
    registry = ToolRegistry(store)
    registry.register(Tool("echo", "echo", _Args, lambda args, ctx: "ok"))
    return registry


def call(registry, agent="tic"):
    return registry.call(ToolCall("c", "echo", {}), CallContext(agent, depth=1))


def test_n5_a_tool_call_with_nothing_pending_runs_no_sql(world, store):
    registry = registry_with_echo(store)
    call(registry)  # the first call learns that nothing is pending
    with counting(world) as statements:
        for _ in range(200):
            assert call(registry).notices == ()
    assert statements == []


def test_n5_a_post_costs_the_next_call_one_read_then_none_again(world, store):
    registry = registry_with_echo(store)
    call(registry)
    store.post("source recovered", audience=["tic"])
    with counting(world) as statements:
        result = call(registry)
    assert [n.split(" #")[0] for n in result.notices] == ["source recovered"]
    assert statements  # it had to read
    with counting(world) as statements:
        assert call(registry).notices == ()
        assert call(registry, "main").notices == ()  # main was never addressed: its first look is a read
        assert call(registry, "main").notices == ()
    assert len([s for s in statements if "notice_pending" in s]) <= 2


def test_n5_a_post_for_another_caller_costs_this_caller_nothing(world, store):
    registry = registry_with_echo(store)
    call(registry)
    store.post("for main only", audience=["main"])
    with counting(world) as statements:
        assert call(registry).notices == ()
    assert statements == []


def test_n5_notice_posted_during_the_call_needs_no_poll(world, store):
    registry = ToolRegistry(store)
    registry.register(Tool("probe", "probe", _Args, lambda args, ctx: store.post("probe fired") and "ok"))
    registry.call(ToolCall("c", "probe", {}), CallContext("tic", depth=1))  # warm
    result = registry.call(ToolCall("c", "probe", {}), CallContext("tic", depth=1))
    assert [n.split(" #")[0] for n in result.notices] == ["probe fired"]


def test_has_pending_is_free_when_the_answer_is_no(world, store):
    assert store.has_pending("agent:main") is False  # learns
    with counting(world) as statements:
        for _ in range(50):
            assert store.has_pending("agent:main") is False
            assert store.has_pending("agent:main", actionable=True) is False
    assert statements == []
    store.post("x", audience=["main"])
    assert store.has_pending("agent:main", actionable=True) is True


def test_other_engine_post_is_seen_within_the_staleness_bound(world, roster, clock):
    here = make_store(world, roster, clock)
    other_engine = second_engine(world)
    there = make_store(other_engine, roster, clock)
    try:
        assert here.deliver("agent:main") == []
        there.post("posted on another engine", audience=["main"])
        if world.dialect.name == "postgresql":  # told as soon as the NOTIFY arrives (milliseconds)
            assert [l.template for l in soon(lambda: here.deliver("agent:main"))] == ["posted on another engine"]
            return
        clock.advance(2.0)  # SQLite: the next poll, at most sync_every (2 s) later
        assert [l.template for l in here.deliver("agent:main")] == ["posted on another engine"]
    finally:
        here.close()
        there.close()
        other_engine.dispose()


def test_n8_unmute_on_another_engine_is_seen_within_the_bound(world, roster, clock):
    here = make_store(world, roster, clock)
    other_engine = second_engine(world)
    there = make_store(other_engine, roster, clock)
    try:
        key = key_for("disk almost full")
        there.suppress(key, caller="agent:main")
        here.post("disk almost full", severity="warn", audience=["main"])
        assert here.deliver("agent:main") == []  # muted: learns that nothing is deliverable
        assert there.unsuppress(key, caller="agent:main")
        clock.advance(2.0)  # SQLite: the next poll; PostgreSQL: the NOTIFY
        assert [l.template for l in soon(lambda: here.deliver("agent:main"))] == ["disk almost full"]
    finally:
        here.close()
        there.close()
        other_engine.dispose()


def test_hint_settle_is_refused_when_a_post_raced_the_read():
    hint = PendingHint()
    now = T0
    assert hint.maybe("agent:main", "notice", now)  # unknown: maybe
    token = hint.token("agent:main", ("notice",))
    hint.mark(["agent:main"], ("notice",))  # a post committed while the read ran
    assert hint.settle("agent:main", ("notice",), token, None) is False
    assert hint.maybe("agent:main", "notice", now)
    token = hint.token("agent:main", ("notice",))
    assert hint.settle("agent:main", ("notice",), token, None) is True
    assert not hint.maybe("agent:main", "notice", now)
    hint.mark_all()
    assert hint.maybe("agent:main", "notice", now)


def test_hint_wakes_a_reader_when_its_held_repeat_falls_due():
    hint = PendingHint()
    token = hint.token("agent:main", ("notice",))
    hint.settle("agent:main", ("notice",), token, T0 + timedelta(seconds=30))
    assert not hint.maybe("agent:main", "notice", T0 + timedelta(seconds=29))
    assert hint.maybe("agent:main", "notice", T0 + timedelta(seconds=30))


def test_n5_withdraw_and_mutes_keep_the_hint_true(world, store):
    registry = registry_with_echo(store)
    with running_as("agent:tic"):
        store.post("source down", audience=["tic"], severity="warn")
    store.suppress(key_for("source down"), caller="agent:tic")
    assert call(registry).notices == ()
    store.unsuppress(key_for("source down"), caller="agent:tic")
    assert [n.split(" #")[0] for n in call(registry).notices] == ['source down']


def test_n5_a_post_that_commits_while_a_read_finishes_is_not_hidden(store, monkeypatch):
    """The race the hint must survive: the read's query ran, then a post committed, then the read settles."""
    real_settle = store._hint.settle
    raced = []

    def settle_after_a_post(reader, topics, token, due):
        if not raced:
            raced.append(store.post("posted during the read", audience=["main"]))
        return real_settle(reader, topics, token, due)

    monkeypatch.setattr(store._hint, "settle", settle_after_a_post)
    assert store.deliver("agent:main") == []  # its query saw nothing; the post came after
    assert [l.template for l in store.deliver("agent:main")] == ["posted during the read"]
