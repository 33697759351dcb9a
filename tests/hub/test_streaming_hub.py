"""Issue 9 item 7 (H3/H4): the ChatHub hands its views the reply as it streams, then the whole reply once stored."""

from __future__ import annotations

import asyncio

from tic.hub import ChatHub, ChatViews, ToolRegistry
from tic.models import AssistantMessage
from tic.models.offline import OfflineMainModel
from tests.fakes import ScriptedModel


class Recorder:
    def __init__(self, hub_ref: list) -> None:
        self.events: list[tuple] = []
        self._hub = hub_ref

    def user_line(self, text, *, origin):
        self.events.append(("user", text))

    def notifications(self, items):
        self.events.append(("notifications", len(items)))

    def reply_delta(self, turn, text):
        self.events.append(("delta", turn, text))

    def reply(self, turn, text):
        stored = self._hub[0].history.assistant_texts()
        self.events.append(("reply", turn, text, stored[-1] == text))

    def status(self, text, *, level):
        self.events.append(("status", level))


def hub_with(world, store, roster, clock, model):
    ref: list = []
    view = Recorder(ref)
    hub = ChatHub(engine=world, store=store, registry=ToolRegistry(store), agent=roster["main"], model=model,
                  clock=clock, views=ChatViews(view))
    ref.append(hub)
    return hub, view


def test_item7_the_offline_reply_streams_to_the_views_then_is_shown_whole_once_stored(world, store, roster, clock):
    hub, view = hub_with(world, store, roster, clock, OfflineMainModel(clock))
    asyncio.run(hub.user_says("hello"))
    deltas = [e for e in view.events if e[0] == "delta"]
    (reply,) = [e for e in view.events if e[0] == "reply"]
    assert len(deltas) > 5 and "".join(d[2] for d in deltas) == reply[2]
    assert {d[1] for d in deltas} == {reply[1]}  # one turn's pieces
    assert view.events.index(reply) > view.events.index(deltas[-1]) and reply[3]  # stored before it is shown


def test_item7_two_replies_in_one_turn_each_stream_and_each_is_whole(world, store, roster, clock):
    from tic.models import ToolCall

    model = ScriptedModel(AssistantMessage(content="Let me check.", tool_calls=(ToolCall("c1", "notices", {"action": "list"}),)),
                          AssistantMessage(content="Nothing is pending."))
    hub, view = hub_with(world, store, roster, clock, model)
    asyncio.run(hub.user_says("anything pending?"))
    kinds = [e[0] for e in view.events]
    assert kinds == ["user", "delta", "delta", "delta", "reply", "delta", "delta", "delta", "reply"]
    assert [e[2] for e in view.events if e[0] == "reply"] == ["Let me check.", "Nothing is pending."]
