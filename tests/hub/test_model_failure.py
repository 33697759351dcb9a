"""R3: a failing main-agent model never stops the engine; the user is told once, until it works again; the
unanswered batch is answered once it works."""

from __future__ import annotations

import asyncio

from tic.errors import ModelError
from tic.hub import ChatHub, Notification, Notifier, ToolRegistry, register_builtin_tools
from tic.hub._health import MODEL_FAILED, RETRY_FIRST
from tic.models import AssistantMessage
from tests.fakes import ScriptedModel

NOTE = Notification(source="email", event_type="message", summary="Mario sent an email.", refs={})


def down(messages, tools):
    error = ModelError("model 'x' failed: provider error (HTTP 5xx): boom")
    error.cause = "provider error (HTTP 5xx)"
    raise error


def hub(world, store, roster, clock, model, said):
    registry = ToolRegistry(store)
    notifier = Notifier(store, clock)
    register_builtin_tools(registry, store, notifier)
    h = ChatHub(engine=world, store=store, registry=registry, agent=roster["main"], model=model, clock=clock, say=said.append)
    return h, notifier


def test_r3_a_failing_model_is_reported_and_the_batch_answered_later(world, store, roster, clock):
    said: list[str] = []
    h, notifier = hub(world, store, roster, clock, ScriptedModel(down), said)
    notifier.notify(NOTE)
    assert asyncio.run(h.deliver_pending()) == 1  # injected; the failure did not raise
    assert said and said[-1].startswith("[tic] I could not reach my language model")
    assert h.failing
    # the report is the user's, not the main agent's: it starts no turn of its own (nothing pending for main)
    assert not store.has_pending("agent:main")
    (err,) = [e for e in store.entries() if e.template == MODEL_FAILED]
    assert err.severity == "error" and "provider error (HTTP 5xx)" in err.line
    # the model is back (a restart, or the next turn): the injected batch is answered once
    model = ScriptedModel(AssistantMessage(content="Mario emailed you."))
    h2, _ = hub(world, store, roster, clock, model, said)
    assert asyncio.run(h2.resume()) is True
    assert said[-1] == "Mario emailed you." and asyncio.run(h2.resume()) is False
    tool_messages = [m for m in model.calls[0][0] if m["role"] == "tool"]
    assert len(tool_messages) == 1 and "Mario sent an email." in tool_messages[0]["content"]


def test_r3_told_once_until_it_recovers_then_told_it_works_again(world, store, roster, clock):
    said: list[str] = []
    model = ScriptedModel(down, down, down, AssistantMessage(content="Hello again."))
    h, notifier = hub(world, store, roster, clock, model, said)
    notifier.notify(NOTE)
    asyncio.run(h.deliver_pending())
    asyncio.run(h.user_says("are you there?"))
    notifier.notify(NOTE.model_copy(update={"summary": "Luigi sent an email."}))
    asyncio.run(h.deliver_pending())
    assert [s for s in said if s.startswith("[tic]")] == [said[0]] and len(said) == 1  # three failures, told once
    asyncio.run(h.user_says("hello"))
    assert said[1:] == ["Hello again.", "[tic] My language model (scripted) works again."]
    assert not h.failing and not [e for e in store.entries() if e.template == MODEL_FAILED]  # N9: withdrawn
    model.assert_done()


def test_r3_the_consumer_starts_no_turn_while_the_model_is_down_until_the_retry_time(world, store, roster, clock):
    said: list[str] = []
    model = ScriptedModel(down, AssistantMessage(content="Luigi emailed you."))
    h, notifier = hub(world, store, roster, clock, model, said)

    async def scenario():
        h.attach(asyncio.get_running_loop())
        consumer = asyncio.create_task(h.run_consumer())
        notifier.notify(NOTE)
        for _ in range(200):
            await asyncio.sleep(0.01)
            if h.failing and h.idle():
                break
        notifier.notify(NOTE.model_copy(update={"summary": "Luigi sent an email."}))
        await asyncio.sleep(1.5)  # polls pass: the new batch waits (no second model call)
        assert len(model.calls) == 1 and store.has_pending("agent:main", actionable=True)
        clock.advance(RETRY_FIRST)
        for _ in range(300):
            await asyncio.sleep(0.01)
            if not h.failing and h.idle():
                break
        consumer.cancel()

    asyncio.run(scenario())
    assert said == [said[0], "Luigi emailed you.", "[tic] My language model (scripted) works again."]
    model.assert_done()
