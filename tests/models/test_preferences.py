"""H9 (offline): preference requests become one rule in the right section."""

from __future__ import annotations

import pytest

from tic.models._preferences import Preference, add_rule, parse_preference


@pytest.mark.parametrize(
    "said, section, rule",
    [
        ("Notify me when I get an email from Mario", "always", "Emails from Mario"),
        ("Stop alerting me about group WhatsApp messages", "never", "Group WhatsApp messages"),
        ("Always tell me if a meeting starts in less than an hour", "always", "Any meeting that starts in less than an hour"),
        ("stop alerting me about group chats", "never", "Group chats"),
        ("Don't notify me about LinkedIn.", "never", "LinkedIn"),
        ("no more alerts about Houzz", "never", "Houzz"),
        ("Let me know when Kandice emails", "always", "Emails from Kandice"),
        ("Only notify me about WhatsApp group messages if someone mentions me", "custom",
         "Only notify about WhatsApp group messages if I am mentioned"),
    ],
)
def test_h9_requests_become_rules(said, section, rule):
    assert parse_preference(said) == Preference(section, rule)


@pytest.mark.parametrize("said", ["hello", "what's new?", "tell me about the weather", "don't worry", "stop", "stop notifying me"])
def test_h9_other_talk_is_not_a_preference(said):
    assert parse_preference(said) is None


def test_h9_rule_goes_at_the_end_of_its_section_and_nothing_else_moves():
    text = "# Prefs\n\n## Always notify\n- A\n\n## never notify\n- B\n\nprose\n"
    assert add_rule(text, Preference("never", "C")) == "# Prefs\n\n## Always notify\n- A\n\n## never notify\n- B\n- C\n\nprose\n"
    assert add_rule(text, Preference("always", "D")).startswith("# Prefs\n\n## Always notify\n- A\n- D\n\n## never")


def test_h9_missing_section_or_file_is_created():
    assert add_rule("## Always notify\n- A\n", Preference("custom", "X")) == "## Always notify\n- A\n\n## Custom rules\n- X\n"
    assert add_rule(None, Preference("always", "Y")) == "# Notification preferences\n\n## Always notify\n- Y\n"
