"""N5 through the tool registry for every agent, N13 the notices toolbox, N14 the ChatHub as live receiver."""

from __future__ import annotations

import asyncio
import json
import logging

import pytest
from pydantic import BaseModel

import tic.hub._hub as hub_module
from tic.hub import CallContext, Notifier, Tool, ToolRegistry, register_builtin_tools
from tic.hub._background import BackgroundAgent
from tic.models import AssistantMessage, ToolCall
from tic.notices import key_for, running_as
from tests.fakes import ScriptedModel, assert_valid_sequence
from tests.hub.test_hub import NOTE, make_hub


class _Args(BaseModel):
    fail: bool = False


def with_probe(store, registry):
    def probe(args, ctx):
        store.post("probe fired", {"by": ctx.agent})  # default audience: the caller running
        if args.fail:
            raise RuntimeError("probe broke")
        return "ok"

    registry.register(Tool("probe", "probe", _Args, probe))
    return registry


def lines(result):
    return [n.split(" #")[0] for n in result.notices]


# --- N5: one middleware, every caller -------------------------------------------------------


@pytest.mark.parametrize("agent, depth", [("main", 0), ("tic", 1), ("helper", 2)])  # root, background, sub-agent
def test_n5_every_agents_call_carries_its_own_notices(world, store, roster, clock, agent, depth):
    _, _, registry = make_hub(world, store, roster, clock, ScriptedModel())
    with_probe(store, registry)
    ok = registry.call(ToolCall("1", "probe", {}), CallContext(agent, depth=depth))
    bad = registry.call(ToolCall("2", "probe", {"fail": True}), CallContext(agent, depth=depth))
    assert lines(ok) == [f'probe fired {{ by="{agent}" }}']
    assert bad.status == "error" and lines(bad) == [f'probe fired {{ by="{agent}" }}']


def test_n5_a_refused_call_still_carries_pending_notices(world, store, roster, clock):
    _, _, registry = make_hub(world, store, roster, clock, ScriptedModel())
    store.post("source recovered", audience=["tic"])
    unknown = registry.call(ToolCall("1", "no_such_tool", {}), CallContext("tic", depth=1))
    assert unknown.status == "error" and lines(unknown) == ["source recovered"]
    store.post("source recovered", audience=["tic"])
    invalid = registry.call(ToolCall("2", "notices", {"action": "explode"}), CallContext("tic", depth=1))
    assert invalid.status == "error" and lines(invalid) == ["source recovered"]


def test_n5_notices_for_others_wait_for_their_own_calls(world, store, roster, clock):
    _, _, registry = make_hub(world, store, roster, clock, ScriptedModel())
    with_probe(store, registry)
    with running_as("agent:tic"):
        store.post("for digest", audience=["digest"])
    assert lines(registry.call(ToolCall("1", "probe", {}), CallContext("tic", depth=1))) == ['probe fired { by="tic" }']
    assert lines(registry.call(ToolCall("2", "notices", {"action": "list"}), CallContext("digest", depth=1))) == ["for digest"]


def test_n5_a_background_agents_run_receives_its_notices(world, store, roster, clock):
    """Background agents are callers too: their calls pass the same middleware."""
    registry = ToolRegistry(store)
    register_builtin_tools(registry, store, Notifier(store, clock))
    store.post("calendar feed unreachable", audience=["digest"], severity="warn")
    model = ScriptedModel(
        AssistantMessage(tool_calls=(ToolCall("c1", "notify", NOTE.model_dump(mode="json")),)),
        AssistantMessage(content="done"),
    )
    history = BackgroundAgent(agent=roster["digest"], model=model, registry=registry, engine=world, clock=clock).run()
    (call,) = [c for m in history.rows() for c in m["tool_calls"]]
    assert call["result"].startswith("queued\n\n[notices]\n- calendar feed unreachable #")
    assert_valid_sequence(history.messages())


def test_n5_a_failing_store_never_costs_the_tool_result(world, store, roster, clock, monkeypatch, caplog):
    _, _, registry = make_hub(world, store, roster, clock, ScriptedModel())

    def down(*a, **k):
        raise ConnectionError("database down")

    monkeypatch.setattr(store, "deliver", down)
    with caplog.at_level(logging.ERROR):
        result = registry.call(ToolCall("1", "read_notification", {}), CallContext("main", depth=0))
    assert (result.status, result.result, result.notices) == ("done", "[]", ())
    assert "stay pending" in caplog.text


# --- N13: the notices toolbox ----------------------------------------------------------------


def tool(registry, agent, **args):
    return registry.call(ToolCall("t", "notices", args), CallContext(agent, depth=0 if agent == "main" else 1))


def test_n13_list_suppress_unsuppress(world, store, roster, clock):
    _, _, registry = make_hub(world, store, roster, clock, ScriptedModel())
    store.post("disk almost full", {"free": "3%"}, severity="warn", audience="*")
    store.post("the build is not published", ephemeral=True, audience="*", sticky=True)
    listed = json.loads(tool(registry, "tic", action="list").result)
    assert [(e["line"].split(" #")[0], e.get("ephemeral", False)) for e in listed] == [
        ("the build is not published", True), ('disk almost full { free="3%" }', False)]
    key = key_for("disk almost full")
    assert tool(registry, "tic", action="suppress", key=key).result == f"muted #{key} for tic"
    assert json.loads(tool(registry, "tic", action="list").result)[1]["muted"] is True
    assert store.deliver("agent:tic") == [] or all(l.ephemeral for l in store.deliver("agent:tic"))
    assert [l.template for l in store.take("agent:digest")] == ["disk almost full"]  # the mute is tic's own
    assert tool(registry, "tic", action="unsuppress", key=f"#{key}").result == f"unmuted #{key}"
    assert tool(registry, "tic", action="unsuppress", key=key).result == f"#{key} was not muted"


@pytest.mark.parametrize("args, message", [({"action": "suppress"}, "needs a key"),
                                           ({"action": "suppress", "key": "zz"}, "not a notice key")])
def test_n13_bad_requests_are_clear_errors(world, store, roster, clock, args, message):
    _, _, registry = make_hub(world, store, roster, clock, ScriptedModel())
    result = tool(registry, "tic", **args)
    assert result.status == "error" and message in result.result


# --- N14: the ChatHub as the main agent's live receiver ---------------------------------------


def run_consumer_briefly(hub, monkeypatch, until=lambda: False, rounds=30):
    monkeypatch.setattr(hub_module, "POLL_SECONDS", 0.01)

    async def scenario():
        hub.attach(asyncio.get_running_loop())
        consumer = asyncio.create_task(hub.run_consumer())
        for _ in range(rounds):
            await asyncio.sleep(0.01)
            if until():
                break
        consumer.cancel()

    asyncio.run(scenario())


def test_n14_an_actionable_notice_starts_a_turn_when_idle(world, store, roster, clock, monkeypatch):
    model = ScriptedModel(AssistantMessage(content="The build is ready for review."))
    hub, _, _ = make_hub(world, store, roster, clock, model)
    store.post("build ready for review", audience=["main"], actionable=True)
    run_consumer_briefly(hub, monkeypatch, until=lambda: bool(model.calls))
    model.assert_done()
    batch = json.loads(model.calls[0][0][-1]["content"])
    assert batch[0]["source"] == "notices" and batch[0]["summary"].startswith("build ready for review #")


def test_n14_a_background_notice_waits_for_the_next_prompt(world, store, roster, clock, monkeypatch):
    model = ScriptedModel(AssistantMessage(content="Hi."))
    hub, _, _ = make_hub(world, store, roster, clock, model)
    store.post("lighting rebaked", audience="*")  # background (N4)
    store.post("the build is not published", {"uncommitted": 4}, ephemeral=True, audience=["main"])
    run_consumer_briefly(hub, monkeypatch)
    assert model.calls == []  # no turn of its own
    asyncio.run(hub.user_says("hello"))
    messages = model.calls[0][0]
    assert_valid_sequence(messages)
    assert messages[-1] == {"role": "user", "content": "hello"}
    batch = json.loads(messages[-2]["content"])  # joined the context just before the prompt
    assert [b["summary"].split(" #")[0] for b in batch] == [
        "lighting rebaked", 'the build is not published { uncommitted="4" }']
    assert batch[1]["refs"]["ephemeral"] is True  # a reminder, shown as a normal notice: no ephemeral channel
    assert store.pending("agent:main") == []


def test_n14_a_prompt_leaves_actionable_notifications_their_own_turn(world, store, roster, clock):
    model = ScriptedModel(AssistantMessage(content="Hi."), AssistantMessage(content="Kandice emailed you."))
    hub, notifier, _ = make_hub(world, store, roster, clock, model)
    notifier.notify(NOTE)
    asyncio.run(hub.user_says("hello"))
    assert model.calls[0][0][-1] == {"role": "user", "content": "hello"}  # not absorbed into the prompt
    assert asyncio.run(hub.deliver_pending()) == 1
    model.assert_done()


def test_n14_a_background_notice_joins_mains_next_tool_call(world, store, roster, clock):
    _, _, registry = make_hub(world, store, roster, clock, ScriptedModel())
    store.post("lighting rebaked", audience="*")
    result = registry.call(ToolCall("1", "notices", {"action": "list"}), CallContext("main", depth=0))
    assert lines(result) == ["lighting rebaked"]


def test_n14_the_consumer_polls_other_engines_cheaply(world, store, roster, clock, monkeypatch):
    hub, _, _ = make_hub(world, store, roster, clock, ScriptedModel())
    assert hub._actionable_pending() is False
    from tests.notices._support import counting

    with counting(world) as statements:
        for _ in range(20):
            assert hub._actionable_pending() is False
    assert statements == []  # nothing changed: no query (SQLite polls once per 2 s of the clock)
