"""Issue 8: a reply is stored and shown as one step - a kill between the two shows it again on restart, marked."""

from __future__ import annotations

import asyncio

import pytest

from tic.hub import ChatHub, ToolRegistry, register_builtin_tools
from tic.hub._hub import SHOWN_AGAIN
from tic.models import AssistantMessage
from tic.notices import SqlNoticeStore
from tic.notification import Notifier
from tests.fakes import ScriptedModel


class Killed(BaseException):
    """The process dying between storing a reply and showing it (SIGKILL, power cut)."""


def hub_on(world, roster, clock, model, say) -> ChatHub:
    store = SqlNoticeStore(world, roster, clock)
    registry = ToolRegistry(store)
    register_builtin_tools(registry, store, Notifier(store, clock))
    return ChatHub(engine=world, store=store, registry=registry, agent=roster["main"], model=model, clock=clock, say=say)


def test_a_reply_shown_is_marked_shown_and_never_shown_again(world, roster, clock):
    said: list[str] = []
    hub = hub_on(world, roster, clock, ScriptedModel(AssistantMessage(content="hello")), said.append)
    asyncio.run(hub.user_says("hi"))
    assert said == ["hello"] and hub.history.unshown() == []
    again: list[str] = []
    assert asyncio.run(hub_on(world, roster, clock, ScriptedModel(), again.append).show_unshown()) == 0
    assert again == []  # a restart shows nothing twice


def test_a_reply_stored_but_killed_before_it_was_shown_is_shown_again_on_restart_marked(world, roster, clock):
    def killed_before_showing(text: str) -> None:
        raise Killed

    hub = hub_on(world, roster, clock, ScriptedModel(AssistantMessage(content="your flight moved to 9:40")),
                 killed_before_showing)
    with pytest.raises(Killed):
        asyncio.run(hub.user_says("anything new?"))
    assert [text for _, text in hub.history.unshown()] == ["your flight moved to 9:40"]  # stored, not shown

    said: list[str] = []
    restarted = hub_on(world, roster, clock, ScriptedModel(), said.append)
    assert asyncio.run(restarted.show_unshown()) == 1
    assert said == [f"{SHOWN_AGAIN} your flight moved to 9:40"]  # shown again, marked, rather than never
    assert asyncio.run(restarted.resume()) is False  # answered already: no new turn, nothing doubled
    assert asyncio.run(hub_on(world, roster, clock, ScriptedModel(), said.append).show_unshown()) == 0
    assert restarted.history.assistant_texts() == ["your flight moved to 9:40"]  # stored once
