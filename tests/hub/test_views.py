"""H3/H4/H11 (issue 11): the hub tells every view what happened, once it is stored - a user line from any
view with its origin, an injected batch once, the reply by turn (its streamed pieces first), a failing
model's state; a broken view never stops the others or the turn."""

from __future__ import annotations

import asyncio

from tic.hub import ChatHub, ChatViews, Notification, Notifier, ToolRegistry, register_builtin_tools
from tic.models import AssistantMessage
from tests.fakes import ScriptedModel


class Recorder:
    def __init__(self) -> None:
        self.seen: list[tuple] = []

    def user_line(self, text, *, origin):
        self.seen.append(("user", text, origin))

    def notifications(self, items):
        self.seen.append(("notifications", [i["summary"] for i in items]))

    def reply_delta(self, turn, text):
        self.seen.append(("delta", turn, text))

    def reply(self, turn, text):
        self.seen.append(("reply", turn, text))

    def status(self, text, *, level):
        self.seen.append(("status", level))


class Broken(Recorder):
    def user_line(self, text, *, origin):
        raise BrokenPipeError("the tab went away")

    reply = notifications = user_line  # type: ignore[assignment]


def make(world, store, roster, clock, model, *views):
    registry = ToolRegistry(store)
    notifier = Notifier(store, clock)
    register_builtin_tools(registry, store, notifier)
    hub = ChatHub(engine=world, store=store, registry=registry, agent=roster["main"], model=model, clock=clock,
                  views=ChatViews(*views), batch_window=0)
    return hub, notifier


def test_h4_views_see_the_batch_once_then_the_reply(world, store, roster, clock):
    terminal, web = Recorder(), Recorder()
    hub, notifier = make(world, store, roster, clock, ScriptedModel(AssistantMessage(content="Mario wrote.")),
                         Broken(), terminal, web)
    notifier.notify(Notification(source="email", event_type="message", summary="Mario sent an email."))
    assert asyncio.run(hub.deliver_pending()) == 1
    assert asyncio.run(hub.deliver_pending()) == 0  # nothing shown twice
    for view in (terminal, web):
        kinds = [s for s in view.seen if s[0] != "delta"]
        assert kinds[0] == ("notifications", ["Mario sent an email."])
        assert [s[0] for s in kinds] == ["notifications", "reply"] and kinds[1][2] == "Mario wrote."
    assert terminal.seen == web.seen  # the same turn id, the same order: one conversation


def test_issue11_a_line_from_the_page_reaches_every_view_with_its_origin(world, store, roster, clock):
    terminal = Recorder()
    hub, _ = make(world, store, roster, clock, ScriptedModel(AssistantMessage(content="Hello!")), terminal)
    asyncio.run(hub.user_says("hi from the browser", origin="web"))
    assert terminal.seen[0] == ("user", "hi from the browser", "web")
    assert terminal.seen[-1][0] == "reply" and terminal.seen[-1][2] == "Hello!"
    deltas = "".join(s[2] for s in terminal.seen if s[0] == "delta")
    assert deltas in ("", "Hello!")  # streamed pieces, when the model streams, join to the reply
