"""H2-H8, H11, N5, N14: the ChatHub on a real world, a manual clock and a scripted model."""

from __future__ import annotations

import asyncio
import json
import threading

import pytest
from sqlalchemy import func, select

from tic.db import chat_history_table, chat_llm_tools_table
from tic.hub import (
    INTERRUPTED,
    NOTIFICATION_REASONING,
    CallContext,
    ChatHub,
    Notification,
    Notifier,
    ToolRegistry,
    register_builtin_tools,
)
from tic.models import AssistantMessage, ToolCall
from tests.fakes import ScriptedModel, assert_valid_sequence

NOTE = Notification(source="email", event_type="message", summary="Kandice Phillips sent an email.", refs={"message_id": "m1"})


def rows(world, table):
    with world.connect() as conn:
        return conn.execute(select(func.count()).select_from(table)).scalar()


def make_hub(world, store, roster, clock, model, said=None, window=0.2):
    registry = ToolRegistry(store)
    notifier = Notifier(store, clock)
    register_builtin_tools(registry, store, notifier)
    hub = ChatHub(
        engine=world, store=store, registry=registry, agent=roster["main"], model=model, clock=clock,
        say=(said.append if said is not None else (lambda _t: None)), batch_window=window,
    )
    return hub, notifier, registry


def test_h2_notify_stores_before_it_answers_queued(world, store, roster, clock):
    hub, notifier, registry = make_hub(world, store, roster, clock, ScriptedModel())
    result = registry.call(ToolCall("c1", "notify", NOTE.model_dump(mode="json")), CallContext("tic", depth=1))
    assert (result.status, result.result) == ("done", "queued")
    (n,) = store.pending("agent:main")
    assert n.kind == "notification" and n.actionable and n.origin == "content"
    assert n.params["summary"] == NOTE.summary


def test_h2_notify_rejects_a_malformed_notification(world, store, roster, clock):
    _, _, registry = make_hub(world, store, roster, clock, ScriptedModel())
    result = registry.call(ToolCall("c1", "notify", {"source": "email"}), CallContext("tic", depth=1))
    assert result.status == "error" and "invalid arguments" in result.result
    assert store.pending("agent:main") == []


def test_h4_h5_injection_then_resume_shows_the_synthetic_call(world, store, roster, clock):
    model = ScriptedModel(AssistantMessage(content="Kandice Phillips emailed you."))
    said: list[str] = []
    hub, notifier, _ = make_hub(world, store, roster, clock, model, said)
    notifier.notify(NOTE)
    assert asyncio.run(hub.deliver_pending()) == 1
    model.assert_done()
    messages, tools = model.calls[0]
    assert_valid_sequence(messages)
    call_msg, result_msg = messages[-2], messages[-1]
    assert call_msg["role"] == "assistant" and call_msg["reasoning_content"] == NOTIFICATION_REASONING
    assert call_msg["tool_calls"][0]["function"]["name"] == "read_notification"
    batch = json.loads(result_msg["content"])
    assert batch[0]["summary"] == NOTE.summary and batch[0]["refs"] == {"message_id": "m1"}
    assert said == ["Kandice Phillips emailed you."]
    (first,) = [r for r in hub.history.rows() if r["is_synthetic"]]
    (call,) = first["tool_calls"]
    assert (call["status"], call["result_type"]) == ("done", "json")
    assert store.pending("agent:main") == []  # marked read


def test_h4_injection_is_one_transaction(world, store, roster, clock, monkeypatch):
    hub, notifier, _ = make_hub(world, store, roster, clock, ScriptedModel())
    notifier.notify(NOTE)

    def boom(*a, **k):
        raise RuntimeError("crash mid-injection")

    monkeypatch.setattr(hub.history, "finish_call", boom)
    with pytest.raises(RuntimeError):
        asyncio.run(hub.deliver_pending())
    assert rows(world, chat_history_table) == 0 and rows(world, chat_llm_tools_table) == 0
    assert len(store.pending("agent:main")) == 1  # not marked read: nothing lost


def test_h3_batch_takes_what_arrives_within_the_window(world, store, roster, clock):
    model = ScriptedModel(AssistantMessage(content="ok"))
    hub, notifier, _ = make_hub(world, store, roster, clock, model)
    real_sleep = clock.sleep

    async def sleep_and_post(seconds):
        assert seconds == pytest.approx(0.2)  # H3: the 200 ms window
        notifier.notify(NOTE.model_copy(update={"summary": "second"}))
        await real_sleep(seconds)

    clock.sleep = sleep_and_post  # the second notification lands inside the window

    async def scenario():
        hub.attach(asyncio.get_running_loop())
        consumer = asyncio.create_task(hub.run_consumer())
        notifier.notify(NOTE)
        for _ in range(200):
            await asyncio.sleep(0.01)
            if model.calls:
                break
        consumer.cancel()

    asyncio.run(scenario())
    batch = json.loads(model.calls[0][0][-1]["content"])
    assert [b["summary"] for b in batch] == [NOTE.summary, "second"]


def test_h6_read_notification_is_root_only_and_returns_empty(world, store, roster, clock):
    _, _, registry = make_hub(world, store, roster, clock, ScriptedModel())
    tool = registry.get("read_notification")
    assert tool.category == "Introspection" and tool.root_agent_only
    assert "read_notification" in registry.root_only_tool_names()
    assert "read_notification" in [t.name for t in registry.tools_for(None, depth=0)]
    assert "read_notification" not in [t.name for t in registry.tools_for(None, depth=1)]
    result = registry.call(ToolCall("c", "read_notification", {}), CallContext("main", depth=0))
    assert (result.result_type, result.result) == ("json", "[]")
    refused = registry.call(ToolCall("c", "read_notification", {}), CallContext("helper", depth=1))
    assert refused.status == "error"


def test_h7_batch_waits_for_the_running_turn(world, store, roster, clock):
    started, release = threading.Event(), threading.Event()

    def slow_tool_call(messages, tools):
        started.set()
        release.wait(5)
        return AssistantMessage(tool_calls=(ToolCall("t1", "notices", {"action": "list"}),))

    model = ScriptedModel(slow_tool_call, AssistantMessage(content="listed"), AssistantMessage(content="noted"))
    hub, notifier, _ = make_hub(world, store, roster, clock, model)

    async def scenario():
        turn = asyncio.create_task(hub.user_says("list my notices"))
        await asyncio.to_thread(started.wait, 5)
        notifier.notify(NOTE)
        delivery = asyncio.create_task(hub.deliver_pending())
        await asyncio.sleep(0.05)
        assert not delivery.done()  # held: the turn is between a tool call and its result
        release.set()
        await turn
        await delivery

    asyncio.run(scenario())
    model.assert_done()
    messages = model.calls[-1][0]
    assert_valid_sequence(messages)
    names = [m.get("tool_calls", [{}])[0].get("function", {}).get("name") for m in messages if m["role"] == "assistant" and m.get("tool_calls")]
    assert names == ["notices", "read_notification"]


def test_h8_interrupted_call_gets_an_error_result(world, store, roster, clock):
    hub, _, _ = make_hub(world, store, roster, clock, ScriptedModel())
    hub.history.append_user("hi")
    hub.history.append_assistant(AssistantMessage(tool_calls=(ToolCall("x1", "notices", {"action": "list"}),)))
    messages = hub.history.messages()
    assert_valid_sequence(messages)
    assert messages[-1]["content"] == INTERRUPTED
    assert hub.history.repair() == 1
    assert hub.history.repair() == 0


def test_h11_crash_mid_resume_delivers_once_after_restart(world, store, roster, clock):
    def crash(messages, tools):
        raise RuntimeError("engine died mid-resume")

    hub, notifier, _ = make_hub(world, store, roster, clock, ScriptedModel(crash))
    notifier.notify(NOTE)
    with pytest.raises(RuntimeError):
        asyncio.run(hub.deliver_pending())
    # restart: a new hub on the same world resumes the injected batch, and nothing is injected again
    model = ScriptedModel(AssistantMessage(content="You have an email from Kandice."))
    said: list[str] = []
    hub2, _, _ = make_hub(world, store, roster, clock, model, said)
    assert asyncio.run(hub2.resume()) is True
    assert asyncio.run(hub2.deliver_pending()) == 0
    assert asyncio.run(hub2.resume()) is False
    assert said == ["You have an email from Kandice."]
    synthetic = [r for r in hub2.history.rows() if r["is_synthetic"]]
    assert len(synthetic) == 1


def test_n5_notice_rides_on_the_running_tool_call_even_on_failure(world, store, roster, clock):
    from tic.hub import Tool
    from pydantic import BaseModel

    _, _, registry = make_hub(world, store, roster, clock, ScriptedModel())

    class Args(BaseModel):
        fail: bool = False

    def handler(args, ctx):
        store.post("probe fired", {"n": 1})  # default audience: the running caller
        if args.fail:
            raise RuntimeError("tool broke")
        return "ok"

    registry.register(Tool("probe", "test", Args, handler))
    ok = registry.call(ToolCall("1", "probe", {}), CallContext("tic", depth=1))
    bad = registry.call(ToolCall("2", "probe", {"fail": True}), CallContext("tic", depth=1))
    assert ok.notices and ok.notices[0].startswith('probe fired { n="1" } #')
    assert bad.status == "error" and bad.notices and "[notices]" in bad.for_model()
    assert store.pending("agent:tic") == []


def test_n5_notice_posted_between_calls_rides_on_the_next_call(world, store, roster, clock):
    _, _, registry = make_hub(world, store, roster, clock, ScriptedModel())
    store.post("source recovered", audience=["tic"])
    result = registry.call(ToolCall("1", "notices", {"action": "list"}), CallContext("tic", depth=1))
    assert any(line.startswith("source recovered") for line in result.notices)
