"""H7, H11 across engines: the turn lease itself, and the ChatHub's use of it, rule by rule."""

from __future__ import annotations

import asyncio
import threading

import pytest
from sqlalchemy import select

from tic.db import turn_lease_table
from tic.hub import ChatHub, Notification, Notifier, ToolRegistry, register_builtin_tools
from tic.hub._lease import TurnLease, TurnLost
from tic.models import AssistantMessage, ToolCall
from tic.notices import SqlNoticeStore
from tests.fakes import ScriptedModel, assert_valid_sequence

TTL = 30.0


def lease(world, clock, owner: str) -> TurnLease:
    return TurnLease(world, clock, agent="main", owner=owner, ttl=TTL, beat=0.02)


def note(n: int) -> Notification:
    return Notification(source="email", event_type="message", summary=f"note {n}", refs={"message_id": str(n)})


def engine(world, roster, clock, owner: str, model, said: list[str]):
    store = SqlNoticeStore(world, roster, clock)
    registry = ToolRegistry(store)
    notifier = Notifier(store, clock)
    register_builtin_tools(registry, store, notifier)
    hub = ChatHub(engine=world, store=store, registry=registry, agent=roster["main"], model=model, clock=clock,
                  say=said.append, lease=lease(world, clock, owner))
    return hub, notifier, store


# --- the lease -----------------------------------------------------------------------------------


def test_h7_a_live_lease_keeps_every_other_engine_out(world, clock):
    a, b = lease(world, clock, "a"), lease(world, clock, "b")
    claim = a.acquire()
    assert claim is not None and not claim.took_over
    assert b.acquire() is None
    clock.advance(TTL - 1)
    assert a.renew()  # the heartbeat pushes the expiry forward...
    clock.advance(TTL - 1)
    assert b.acquire() is None  # ...so it is still a's, TTL - 1 seconds after the first expiry
    a.release()
    claim_b = b.acquire()
    assert claim_b is not None and not claim_b.took_over  # released cleanly: nothing to finish
    assert claim_b.epoch == claim.epoch + 1


def test_h11_an_expired_lease_is_taken_over_and_its_old_owner_fenced_off(world, clock):
    a, b = lease(world, clock, "a"), lease(world, clock, "b")
    a.acquire()
    clock.advance(TTL + 1)  # a stopped beating
    claim = b.acquire()
    assert claim is not None and claim.took_over and claim.taken_from == "a"
    with world.begin() as conn, pytest.raises(TurnLost):
        a.guard(conn)  # a's next write is refused...
    assert not a.renew() and a.lost  # ...and so is its heartbeat
    with world.begin() as conn:
        b.guard(conn)  # b's go through
    a.release()  # a's late release changes nothing of b's
    with world.connect() as conn:
        assert conn.execute(select(turn_lease_table.c.owner)).scalar() == "b"


def test_h11_an_expired_lease_nobody_took_is_still_its_owners(world, clock):
    a = lease(world, clock, "a")
    a.acquire()
    clock.advance(TTL * 3)  # slow, but nobody needed the turn meanwhile
    with world.begin() as conn:
        a.guard(conn)  # no one else can have written the turn: a goes on (and renews)
    assert lease(world, clock, "b").acquire() is None


def test_h11_an_interrupted_release_makes_the_next_owner_finish_first(world, clock):
    a, b = lease(world, clock, "a"), lease(world, clock, "b")
    a.acquire()
    a.release(interrupted=True)
    assert b.orphaned()
    claim = b.acquire()
    assert claim.took_over and claim.taken_from == "a"


def test_h11_a_heartbeat_racing_an_interrupted_release_never_holds_the_turn_on(world, clock):
    """The race behind a cancelled turn: a beat already on its way (its UPDATE done, not committed) when the
    turn is released as interrupted is rolled back, so another engine takes the turn over at once."""
    a, b = lease(world, clock, "a"), lease(world, clock, "b")
    a.acquire()
    renew = a._renew
    releaser: list[threading.Thread] = []

    def renew_then_release(conn, epoch):
        ok = renew(conn, epoch)  # the beat's UPDATE is in; the turn is released before it commits
        releaser.append(threading.Thread(target=a.release, kwargs={"interrupted": True}))
        releaser[0].start()
        while a.holding:
            threading.Event().wait(0.001)
        return ok

    a._renew = renew_then_release
    assert a.renew() is False  # rolled back: the release cleared the turn while the beat was in flight
    releaser[0].join(10)
    assert b.orphaned()
    claim = b.acquire()
    assert claim is not None and claim.took_over and claim.taken_from == "a"


def test_h11_a_released_turns_thread_writes_nothing_more(world, clock):
    """A thread of a turn that ended (cancelled, released as interrupted) is refused even before anyone
    took the turn over: the next turn (this engine's or another's) finishes what it left."""
    a = lease(world, clock, "a")
    claim = a.acquire()
    with a.bound(claim):
        with world.begin() as conn:
            a.guard(conn)  # during the turn: fine
        a.release(interrupted=True)
        with world.begin() as conn, pytest.raises(TurnLost, match="has ended"):
            a.guard(conn)
    with world.connect() as conn:
        assert conn.execute(select(turn_lease_table.c.expires_at)).scalar() <= clock.now()  # still takeable at once


def test_h11_the_lease_needs_a_heartbeat_shorter_than_itself(world, clock):
    with pytest.raises(ValueError, match="heartbeat"):
        TurnLease(world, clock, agent="main", ttl=5, beat=5)


# --- the hub under the lease ------------------------------------------------------------------------


def test_h7_another_engines_batch_waits_for_the_owners_turn(world, roster, clock):
    """B never injects while A's lease is live, even mid-turn between a tool call and its result."""
    started, release = threading.Event(), threading.Event()

    def slow(messages, tools):
        started.set()
        release.wait(10)
        return AssistantMessage(content="told")

    said_a: list[str] = []
    said_b: list[str] = []
    hub_a, notify_a, store_a = engine(world, roster, clock, "a", ScriptedModel(slow), said_a)
    hub_b, notify_b, store_b = engine(world, roster, clock, "b", ScriptedModel(AssistantMessage(content="second")), said_b)

    async def scenario():
        notify_a.notify(note(1))
        turn = asyncio.create_task(hub_a.deliver_pending())
        await asyncio.to_thread(started.wait, 10)
        notify_b.notify(note(2))
        assert await hub_b.deliver_pending() == 0  # A owns the turn: B injects nothing
        assert await hub_b.resume() is False
        release.set()
        assert await turn == 1
        assert await hub_b.deliver_pending() == 1  # now B's batch, after A's answer

    asyncio.run(scenario())
    assert said_a == ["told"] and said_b == ["second"]
    assert_valid_sequence(hub_b.history.messages())
    store_a.close(), store_b.close()


def test_h11_a_stalled_engines_late_reply_is_dropped_and_its_batch_answered_once(world, roster, clock):
    """A injects and stalls mid-turn; its lease expires; B takes over, answers A's batch, then its own.
    A's late reply is neither stored nor shown."""
    started, release = threading.Event(), threading.Event()

    def stalls(messages, tools):
        started.set()
        release.wait(10)
        return AssistantMessage(content="late reply from A")

    said_a: list[str] = []
    said_b: list[str] = []
    hub_a, notify_a, store_a = engine(world, roster, clock, "a", ScriptedModel(stalls), said_a)
    # B's lease gets no heartbeat pause here; A's heartbeat is stopped by making its renew wait with its model
    hub_a.lease.renew = lambda: (release.wait(10), False)[1]
    model_b = ScriptedModel(AssistantMessage(content="note 1, for A"), AssistantMessage(content="note 2"))
    hub_b, notify_b, store_b = engine(world, roster, clock, "b", model_b, said_b)

    async def scenario():
        notify_a.notify(note(1))
        turn = asyncio.create_task(hub_a.deliver_pending())
        await asyncio.to_thread(started.wait, 10)
        notify_b.notify(note(2))
        clock.advance(TTL + 1)
        assert await hub_b.deliver_pending() == 1  # took over: finished A's batch first, then injected its own
        release.set()
        await turn

    asyncio.run(scenario())
    model_b.assert_done()
    assert said_a == [] and said_b == ["note 1, for A", "note 2"]
    texts = hub_b.history.assistant_texts()
    assert texts == ["note 1, for A", "note 2"]
    first_answer_sees = [m for m in model_b.calls[0][0] if m["role"] == "tool"]
    assert len(first_answer_sees) == 1 and '"message_id": "1"' in first_answer_sees[0]["content"]
    store_a.close(), store_b.close()


def test_h11_an_abandoned_turn_is_finished_by_the_other_engines_consumer(world, roster, clock):
    """A injected a batch and died (never released): B's consumer finishes it with no new notification."""
    said_b: list[str] = []
    hub_a, notify_a, store_a = engine(world, roster, clock, "a", ScriptedModel(), [])
    hub_b, _, store_b = engine(world, roster, clock, "b", ScriptedModel(AssistantMessage(content="note 1")), said_b)
    notify_a.notify(note(1))
    assert hub_a.lease.acquire() is not None
    assert hub_a._inject() == 1  # ...and the process is killed here

    async def scenario():
        consumer = asyncio.create_task(hub_b.run_consumer())
        await asyncio.sleep(0.05)
        assert said_b == []  # A's lease is live: B waits
        clock.advance(TTL + 1)
        for _ in range(300):
            await asyncio.sleep(0.01)
            if said_b:
                break
        consumer.cancel()

    asyncio.run(scenario())
    assert said_b == ["note 1"]
    assert hub_b.history.needs_resume() is False
    store_a.close(), store_b.close()


def test_h11_a_tool_call_of_a_turn_taken_over_is_repaired_by_the_new_owner(world, roster, clock):
    """A stalls inside a tool call; B marks it interrupted (H8) and answers; A's late result is refused."""
    inside, release = threading.Event(), threading.Event()
    said_a: list[str] = []
    said_b: list[str] = []
    model_a = ScriptedModel(AssistantMessage(tool_calls=(ToolCall("t1", "notices", {"action": "list"}),)))
    hub_a, notify_a, store_a = engine(world, roster, clock, "a", model_a, said_a)
    real_call = hub_a._registry.call

    def stalled_call(call, ctx, *, allowed=None):
        inside.set()
        release.wait(10)
        return real_call(call, ctx, allowed=allowed)

    hub_a._registry.call = stalled_call
    hub_a.lease.renew = lambda: (release.wait(10), False)[1]
    hub_b, _, store_b = engine(world, roster, clock, "b", ScriptedModel(AssistantMessage(content="note 1")), said_b)

    async def scenario():
        notify_a.notify(note(1))
        turn = asyncio.create_task(hub_a.deliver_pending())
        await asyncio.to_thread(inside.wait, 10)
        clock.advance(TTL + 1)
        assert await hub_b.resume() is True
        release.set()
        await turn

    asyncio.run(scenario())
    rows = hub_b.history.rows()
    (call,) = [c for m in rows for c in m["tool_calls"] if c["call_id"] == "t1"]
    assert call["status"] == "error" and "interrupted" in call["result"]
    assert said_a == [] and said_b == ["note 1"]
    assert_valid_sequence(hub_b.history.messages())
    store_a.close(), store_b.close()


def test_h11_a_user_message_waits_for_the_turn_and_is_stored_once(world, roster, clock):
    started, release = threading.Event(), threading.Event()

    def slow(messages, tools):
        started.set()
        release.wait(10)
        return AssistantMessage(content="told")

    hub_a, notify_a, store_a = engine(world, roster, clock, "a", ScriptedModel(slow), [])
    said_b: list[str] = []
    hub_b, _, store_b = engine(world, roster, clock, "b", ScriptedModel(AssistantMessage(content="hello")), said_b)

    async def scenario():
        notify_a.notify(note(1))
        turn = asyncio.create_task(hub_a.deliver_pending())
        await asyncio.to_thread(started.wait, 10)
        user = asyncio.create_task(hub_b.user_says("hi"))
        await asyncio.sleep(0.1)
        assert not user.done()  # waits for A's turn (never between A's injection and its answer)
        release.set()
        await turn
        await user

    asyncio.run(scenario())
    roles = [(m["role"], m["content"]) for m in hub_b.history.rows() if m["role"] == "user" or m["content"]]
    assert roles == [("assistant", "told"), ("user", "hi"), ("assistant", "hello")]
    assert said_b == ["hello"]
    store_a.close(), store_b.close()


def test_h11_a_cancelled_turns_thread_cannot_write_after_another_engine_took_over(world, roster, clock):
    """The engine stops (its task is cancelled) while its model thread runs on: the turn is released as
    interrupted, the other engine finishes it, and the thread's late reply is refused (its own epoch)."""
    started, release = threading.Event(), threading.Event()

    def slow(messages, tools):
        started.set()
        release.wait(10)
        return AssistantMessage(content="late")

    said_a: list[str] = []
    said_b: list[str] = []
    hub_a, notify_a, store_a = engine(world, roster, clock, "a", ScriptedModel(slow), said_a)
    hub_b, _, store_b = engine(world, roster, clock, "b", ScriptedModel(AssistantMessage(content="note 1")), said_b)

    async def scenario():
        notify_a.notify(note(1))
        turn = asyncio.create_task(hub_a.deliver_pending())
        await asyncio.to_thread(started.wait, 10)
        turn.cancel()  # the engine shuts down; its to_thread worker goes on
        with pytest.raises(asyncio.CancelledError):
            await turn
        assert hub_b.lease.orphaned()  # released as interrupted: no need to wait for the expiry
        assert await hub_b.resume() is True
        release.set()
        await asyncio.sleep(0.2)  # the stale thread tries to store its reply

    asyncio.run(scenario())
    assert hub_b.history.assistant_texts() == ["note 1"]
    assert said_a == [] and said_b == ["note 1"]
    store_a.close(), store_b.close()
