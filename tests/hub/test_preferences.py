"""H9 end to end: the user tells the (offline) main agent; the rules file changes; the next decision follows."""

from __future__ import annotations

import asyncio
from datetime import datetime, timezone

import pytest

from tic.demo import DEMO_RULES
from tic.hub import ChatHub, FileArea, Notifier, ToolRegistry, register_builtin_tools, register_file_tools
from tic.models.offline import OfflineMainModel
from tic.rules import read_rules
from tic.rules._markdown import heading_effect
from tic.sources import Event, Person
from tic.triage.tick import decide_events

ONLY_IF_MENTIONED = "Only notify about WhatsApp group messages if I am explicitly mentioned"
GROUP = Event(key="whatsapp:g1", source="whatsapp", kind="whatsapp", type="message",
              time=datetime(2026, 11, 30, 8, 0, tzinfo=timezone.utc), sender=Person(name="Zia Paola", address="+39333"),
              chat="Famiglia", is_group=True, mentions=("me",), body="@Luca what time do you land?")


def hub_with_files(world, store, roster, clock, data, said):
    registry = ToolRegistry(store)
    register_builtin_tools(registry, store, Notifier(store, clock))
    register_file_tools(registry, FileArea(data))
    return ChatHub(engine=world, store=store, registry=registry, agent=roster["main"],
                   model=OfflineMainModel(clock, read_rules=read_rules, heading_effect=heading_effect),
                   clock=clock, say=said.append)


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
    # the custom rule let mentioned group messages through: the newest word wins, and nothing else changed
    assert text.replace("- Group WhatsApp messages\n", "") == DEMO_RULES.replace(f"- {ONLY_IF_MENTIONED}\n", "")
    assert said == ["Done: I added “Group WhatsApp messages” under Never notify in data/notifications.md. "
                    f"I removed “{ONLY_IF_MENTIONED}” from Custom rules, which said the opposite. "
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


# --- H9 by the rules' own reading (T7): section, existing headings, contradictions, duplicates, refusals ---

MARIO = Event(key="email:m1", source="email", kind="email", type="message",
              time=datetime(2026, 11, 30, 8, 0, tzinfo=timezone.utc),
              sender=Person(name="Mario Rossi", address="mario@rossi.it"), subject="Dinner on Friday?", body="Are you free?")

BASE = """\
# Prefs

## Always notify
- Emails from Kandice Phillips

## Never notify
- Newsletters

## Custom rules
- For emails about the Serena legal matter, always notify regardless of sender
"""

APPLIES = "The triage agent reads that file on every tick, so it applies from the next one."


def say(world, store, roster, clock, tmp_path, before: str | None, *lines: str):
    """The user says `lines` to the offline main agent over a rules file `before` (None: no file)."""
    rules = tmp_path / "notifications.md"
    if before is not None:
        rules.write_text(before)
    said: list[str] = []
    hub = hub_with_files(world, store, roster, clock, tmp_path, said)
    for line in lines:
        asyncio.run(hub.user_says(line))
    names = [c["name"] for r in hub.history.rows() for c in r["tool_calls"]]
    return (rules.read_text() if rules.exists() else None), said, names


def section_of(text: str, heading: str) -> list[str]:
    """The lines under `heading` up to the next heading."""
    body = text.split(f"{heading}\n", 1)[1]
    return [line for line in body.split("\n#", 1)[0].splitlines() if line.strip()]


@pytest.mark.parametrize("request_, heading, rule", [
    ("Notify me when I get an email from Mario", "## Always notify", "Emails from Mario"),          # notify
    ("Stop alerting me about group chats", "## Never notify", "Group chats"),                       # skip
    ("Always tell me if a meeting starts in less than an hour", "## Always notify",
     "Any meeting that starts in less than an hour"),
    ("Only notify me about WhatsApp group messages if someone mentions me", "## Custom rules",     # only-if
     "Only notify about WhatsApp group messages if I am mentioned"),
    ("Stop alerting me about group WhatsApp messages unless I am mentioned", "## Custom rules",    # unless: re-said
     "Don't notify me about WhatsApp messages in group chats unless I am @-mentioned."),            # for its section
    ("Don't notify me about emails before 9am", "## Custom rules",                                # a hold
     "Don't notify me about e-mails before 09:00: hold it until then."),
], ids=["notify-always", "skip-never", "notify-calendar", "only-if-custom", "unless-custom", "hold-custom"])
def test_h9_section_comes_from_the_new_rules_reading(world, store, roster, clock, tmp_path, request_, heading, rule):
    text, said, names = say(world, store, roster, clock, tmp_path, BASE, request_)
    assert section_of(text, heading)[-1] == f"- {rule}"
    assert text.replace(f"- {rule}\n", "", 1) == BASE  # nothing else moved
    assert said == [f"Done: I added “{rule}” under {heading[3:]} in data/notifications.md. {APPLIES}"]
    assert names == ["read_file", "write_file"]
    added = [r for r in read_rules(text).rules if r.text == rule]
    assert len(added) == 1 and added[0].understood and added[0].heading == heading[3:]  # written as it is read


@pytest.mark.parametrize("before, request_, heading, line", [
    ("## Immer benachrichtigen\n- E-Mails von Kandice\n\n## Jamais\n- Newsletters\n",
     "Notify me when I get an email from Mario", "Immer benachrichtigen", "- Emails from Mario"),
    ("## Immer benachrichtigen\n- E-Mails von Kandice\n\n## Jamais\n- Newsletters\n",
     "Stop alerting me about group chats", "Jamais", "- Group chats"),
    ("# Meine Regeln\n\n## always\n* Emails from Kandice\n\n## Nunca\n- LinkedIn\n",
     "Notify me when I get an email from Mario", "always", "* Emails from Mario"),  # the list's own marker
    ("## Toujours\n- Emails from Kandice\n\n## Reglas personalizadas\n- Newsletters only if they mention Serena\n",
     "Only notify me about WhatsApp group messages if someone mentions me", "Reglas personalizadas",
     "- Only notify about WhatsApp group messages if I am mentioned"),
], ids=["de-always", "fr-never", "lowercase-always-star", "es-custom"])
def test_h9_existing_heading_in_the_users_words_is_reused(world, store, roster, clock, tmp_path, before, request_,
                                                          heading, line):
    text, said, _ = say(world, store, roster, clock, tmp_path, before, request_)
    assert section_of(text, f"## {heading}")[-1] == line
    assert text.replace(f"{line}\n", "", 1) == before  # no new English section, nothing else moved
    assert said == [f"Done: I added “{line[2:]}” under {heading} in data/notifications.md. {APPLIES}"]
    assert [r.heading for r in read_rules(text).rules if r.text == line[2:]] == [heading]


@pytest.mark.parametrize("before, request_, removed, where, added, how", [
    ("## Always notify\n- Emails from Mario\n- Emails from Kandice\n\n## Never notify\n- Newsletters\n",
     "Stop notifying me about emails from Mario", "Emails from Mario", "Always notify", "Emails from Mario",
     "the opposite"),                                                              # the same `when`
    ("## Always notify\n- Emails from Mario\n- Emails from Kandice\n\n## Never notify\n- Newsletters\n",
     "Stop notifying me about Mario", "Emails from Mario", "Always notify", "Mario", "the opposite"),  # same sender
    ("## Immer benachrichtigen\n- Emails from Kandice\n\n## Jamais\n- Newsletters\n- Emails from Mario\n",
     "Notify me when I get an email from Mario", "Emails from Mario", "Jamais", "Emails from Mario", "the opposite"),
    (DEMO_RULES, "Notify me about group WhatsApp messages", ONLY_IF_MENTIONED, "Custom rules",
     "Group WhatsApp messages", "otherwise"),                                      # its exception said otherwise
], ids=["same-when", "same-sender-wider", "non-english-sections", "exception-otherwise"])
def test_h9_contradicting_rule_is_removed_and_reported(world, store, roster, clock, tmp_path, before, request_,
                                                       removed, where, added, how):
    text, said, _ = say(world, store, roster, clock, tmp_path, before, request_)
    rules = read_rules(text).rules
    assert [r.text for r in rules if r.heading == where].count(removed) == 0
    assert [r.text for r in rules].count(added) == 1
    assert f" I removed “{removed}” from {where}, which said {how}. {APPLIES}" in said[-1]
    assert said[-1].startswith(f"Done: I added “{added}” under ")
    assert text.count("\n") == before.count("\n")  # one line out, one line in


def test_h9_newest_word_wins_in_the_next_decision(world, store, roster, clock, tmp_path):
    before = "## Always notify\n- Emails from Mario\n"
    assert decide_events([MARIO], before, clock.now())[0].notify is True
    text, said, _ = say(world, store, roster, clock, tmp_path, before, "Stop notifying me about emails from Mario")
    assert text == "## Always notify\n\n## Never notify\n- Emails from Mario\n"
    assert said == ["Done: I added “Emails from Mario” under Never notify in data/notifications.md. "
                    f"I removed “Emails from Mario” from Always notify, which said the opposite. {APPLIES}"]
    assert decide_events([MARIO], text, clock.now())[0].notify is False


@pytest.mark.parametrize("before, request_", [
    ("## Always notify\n- WhatsApp messages from Mario\n", "Stop notifying me about emails from Mario"),  # other kind
    ("## Always notify\n- Mario\n", "Stop notifying me about emails from Mario"),  # narrower: the skip wins anyway
    (BASE, "Stop notifying me about Houzz"),
], ids=["other-kind", "narrower", "unrelated"])
def test_h9_rule_that_does_not_say_the_opposite_stays(world, store, roster, clock, tmp_path, before, request_):
    text, said, _ = say(world, store, roster, clock, tmp_path, before, request_)
    assert all(line in text.splitlines() for line in before.splitlines())
    assert "I removed" not in said[-1] and said[-1].startswith("Done: I added")


def test_h9_rule_a_never_rule_still_covers_is_added_with_a_note(world, store, roster, clock, tmp_path):
    text, said, _ = say(world, store, roster, clock, tmp_path, "## Never notify\n- Mario\n",
                        "Notify me when I get an email from Mario")
    assert text == "## Never notify\n- Mario\n\n## Always notify\n- Emails from Mario\n"
    assert "Note that “Mario” under Never notify still covers these" in said[-1]


@pytest.mark.parametrize("before, request_, reply", [
    ("## Always notify\n- Emails from Mario\n", "Notify me when I get an email from Mario",
     "“Emails from Mario” is already under Always notify in data/notifications.md."),
    ("## Immer benachrichtigen\n- Emails from Mario\n", "Let me know when Mario emails",
     "“Emails from Mario” is already under Immer benachrichtigen in data/notifications.md."),
    ("## Always notify\n- E-mails from Mario\n", "Notify me when I get an email from Mario",
     "“E-mails from Mario” under Always notify in data/notifications.md already says that "
     "(“Notify me about e-mails from Mario.”), so I changed nothing."),
    (DEMO_RULES, "Stop alerting me about group WhatsApp messages unless I am mentioned",  # its mirror image
     f"“{ONLY_IF_MENTIONED}” under Custom rules in data/notifications.md already says that "
     "(“Don't notify me about WhatsApp messages in group chats unless I am @-mentioned.”), so I changed nothing."),
], ids=["same-text", "non-english-heading", "same-reading-other-words", "mirrored-exception"])
def test_h9_duplicate_is_not_added(world, store, roster, clock, tmp_path, before, request_, reply):
    text, said, names = say(world, store, roster, clock, tmp_path, before, request_)
    assert text == before
    assert said == [reply]
    assert names == ["read_file"]


@pytest.mark.parametrize("before", [BASE, None], ids=["file", "no-file"])
def test_h9_unreadable_composed_rule_is_refused(world, store, roster, clock, tmp_path, before):
    text, said, names = say(world, store, roster, clock, tmp_path, before,
                            "Stop notifying me about the weather report thing")
    assert text == before  # nothing written, no file created
    assert names == ["read_file"]
    assert said == ["I understood that you want to change your notification rules, but I can't read "
                    "“The weather report thing” as a rule myself (\"weather\" is not understood), so I haven't "
                    "changed data/notifications.md. Could you put it differently? For example “notify me when I "
                    "get an email from Mario”, “stop alerting me about newsletters” or “only notify me about "
                    "WhatsApp group messages if someone mentions me”."]


def test_h9_offline_model_without_the_rules_reader_edits_nothing(world, store, roster, clock, tmp_path):
    registry = ToolRegistry(store)
    register_file_tools(registry, FileArea(tmp_path))
    said: list[str] = []
    hub = ChatHub(engine=world, store=store, registry=registry, agent=roster["main"], model=OfflineMainModel(clock),
                  clock=clock, say=said.append)
    asyncio.run(hub.user_says("Notify me when I get an email from Mario"))
    assert not (tmp_path / "notifications.md").exists()
    assert said and "can't change your notification rules" in said[0]
