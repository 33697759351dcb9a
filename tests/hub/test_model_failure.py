"""R3: a failing main-agent model never stops the engine; the unanswered batch is answered once it works."""

from __future__ import annotations

import asyncio

from tic.errors import ModelError
from tic.hub import ChatHub, Notification, Notifier, ToolRegistry, register_builtin_tools
from tic.models import AssistantMessage
from tests.fakes import ScriptedModel

NOTE = Notification(source="email", event_type="message", summary="Mario sent an email.", refs={})


def hub(world, store, roster, clock, model, said):
    registry = ToolRegistry(store)
    notifier = Notifier(store, clock)
    register_builtin_tools(registry, store, notifier)
    h = ChatHub(engine=world, store=store, registry=registry, agent=roster["main"], model=model, clock=clock, say=said.append)
    return h, notifier


def test_r3_a_failing_model_is_reported_and_the_batch_answered_later(world, store, roster, clock):
    def down(messages, tools):
        raise ModelError("model 'x' failed: APIConnectionError")

    said: list[str] = []
    h, notifier = hub(world, store, roster, clock, ScriptedModel(down), said)
    notifier.notify(NOTE)
    assert asyncio.run(h.deliver_pending()) == 1  # injected; the failure did not raise
    assert said and said[-1].startswith("[tic] I could not reach my language model")
    (err,) = [line for line in store.take("agent:main") if "could not answer" in getattr(line, "text", str(line))]
    assert err is not None
    # the model is back (a restart, or the next turn): the injected batch is answered once
    model = ScriptedModel(AssistantMessage(content="Mario emailed you."))
    h2, _ = hub(world, store, roster, clock, model, said)
    assert asyncio.run(h2.resume()) is True
    assert said[-1] == "Mario emailed you." and asyncio.run(h2.resume()) is False
    tool_messages = [m for m in model.calls[0][0] if m["role"] == "tool"]
    assert len(tool_messages) == 1 and "Mario sent an email." in tool_messages[0]["content"]
