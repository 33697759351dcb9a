"""H9 end to end: the user tells the (offline) main agent; the rules file changes; the next decision follows."""

from __future__ import annotations

import asyncio
from datetime import datetime, timezone

from tic.demo import DEMO_RULES
from tic.hub import ChatHub, FileArea, Notifier, ToolRegistry, register_builtin_tools, register_file_tools
from tic.models.offline import OfflineMainModel
from tic.sources import Event, Person
from tic.triage.tick import decide_events

GROUP = Event(key="whatsapp:g1", source="whatsapp", kind="whatsapp", type="message",
              time=datetime(2026, 11, 30, 8, 0, tzinfo=timezone.utc), sender=Person(name="Zia Paola", address="+39333"),
              chat="Famiglia", is_group=True, mentions=("me",), body="@Luca what time do you land?")


def hub_with_files(world, store, roster, clock, data, said):
    registry = ToolRegistry(store)
    register_builtin_tools(registry, store, Notifier(store, clock))
    register_file_tools(registry, FileArea(data))
    return ChatHub(engine=world, store=store, registry=registry, agent=roster["main"],
                   model=OfflineMainModel(clock), clock=clock, say=said.append)


def test_h9_stop_group_messages_edits_the_never_section_and_changes_the_next_decision(world, store, roster, clock, tmp_path):
    rules = tmp_path / "notifications.md"
    rules.write_text(DEMO_RULES)
    assert decide_events([GROUP], rules.read_text(), clock.now())[0].notify is True  # mentioned: surfaced
    said: list[str] = []
    hub = hub_with_files(world, store, roster, clock, tmp_path, said)
    asyncio.run(hub.user_says("Stop alerting me about group WhatsApp messages"))
    text = rules.read_text()
    never = text.split("## Never notify")[1].split("##")[0]
    assert "- Group WhatsApp messages" in never
    assert text.replace("- Group WhatsApp messages\n", "") == DEMO_RULES  # nothing else changed
    assert said == ["Done: I added “Group WhatsApp messages” under Never notify in data/notifications.md. "
                    "The triage agent reads that file on every tick, so it applies from the next one."]
    decision = decide_events([GROUP], text, clock.now())[0]
    assert decision.notify is False and "Group WhatsApp messages" in decision.reason
    names = [c["name"] for r in hub.history.rows() for c in r["tool_calls"]]
    assert names == ["read_file", "write_file"]


def test_h9_repeated_request_changes_nothing(world, store, roster, clock, tmp_path):
    rules = tmp_path / "notifications.md"
    rules.write_text(DEMO_RULES)
    said: list[str] = []
    hub = hub_with_files(world, store, roster, clock, tmp_path, said)
    asyncio.run(hub.user_says("Notify me when I get an email from Mario"))
    once = rules.read_text()
    asyncio.run(hub.user_says("Notify me when I get an email from Mario"))
    assert rules.read_text() == once and once.count("- Emails from Mario") == 1
    assert said[-1] == "“Emails from Mario” is already under Always notify in data/notifications.md."


def test_h9_missing_rules_file_is_created(world, store, roster, clock, tmp_path):
    said: list[str] = []
    hub = hub_with_files(world, store, roster, clock, tmp_path, said)
    asyncio.run(hub.user_says("Always tell me if a meeting starts in less than an hour"))
    assert (tmp_path / "notifications.md").read_text() == (
        "# Notification preferences\n\n## Always notify\n- Any meeting that starts in less than an hour\n"
    )
