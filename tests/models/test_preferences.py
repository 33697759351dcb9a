"""H9 (offline): preference requests become one rule in the right section."""

from __future__ import annotations

import pytest

from tic.models._preferences import Preference, add_rule, parse_preference
from tic.models._rules_file import place, remove_rule
from tic.rules._markdown import heading_effect


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


# --- H9 line edits by what each heading is taken as (the heading mapping is passed in, here tic.rules') ---


@pytest.mark.parametrize("before, section, after, heading", [
    ("## Immer benachrichtigen\n- A\n\n## Jamais\n- B\n", "never",
     "## Immer benachrichtigen\n- A\n\n## Jamais\n- B\n- R\n", "Jamais"),
    ("## Always notify\n- Clients:\n  - Acme\n  - Beta\n\n## Never\n- X\n", "always",  # after the nested items
     "## Always notify\n- Clients:\n  - Acme\n  - Beta\n- R\n\n## Never\n- X\n", "Always notify"),
    ("## Always notify\n- A\n```\n## Never notify\n- quoted\n```\n\n## Jamais\n- X\n", "never",  # not in code
     "## Always notify\n- A\n```\n## Never notify\n- quoted\n```\n\n## Jamais\n- X\n- R\n", "Jamais"),
    ("## Always notify\n- A\n\n### Work\n- B\n\n## Never notify\n- X\n", "always",  # an own-words sub-heading
     "## Always notify\n- A\n\n### Work\n- B\n- R\n\n## Never notify\n- X\n", "Always notify"),
    ("## Always notify\n- A long rule that\n  wraps here\n\nSome prose.\n", "always",
     "## Always notify\n- A long rule that\n  wraps here\n- R\n\nSome prose.\n", "Always notify"),
    ("## About me\nI work nights.\n", "custom", "## About me\nI work nights.\n\n## Custom rules\n- R\n", "Custom rules"),
], ids=["non-english", "nested-items", "fenced-code", "sub-heading", "wrapped-item", "no-such-section"])
def test_h9_place_goes_by_what_the_heading_is_taken_as(before, section, after, heading):
    label = {"always": "Always notify", "never": "Never notify", "custom": "Custom rules"}[section]
    assert place(before, section, "R", heading_effect, label) == (after, heading)


@pytest.mark.parametrize("before, rule, after", [
    ("## A\n- A long rule that\n  wraps here\n- B\n", "A long rule that wraps here", "## A\n- B\n"),
    ("## A\n- **Emails** from `Mario`\n- B\n", "Emails from Mario", "## A\n- B\n"),
    ("## A\n- Clients:\n  - Emails from Acme\n  - Beta\n", "Clients: Emails from Acme", "## A\n- Clients:\n  - Beta\n"),
    ("## A\n\nI like quiet. Never notify me about Mario. Thanks.\n", "Never notify me about Mario.",
     "## A\n\nI like quiet. Thanks.\n"),
    ("```\n- X\n```\n- Y\n", "X", None),  # only as code: not a rule to remove
    ("## A\n- Clients:\n  - Beta\n", "Clients:", None),  # a parent over items is no rule of its own
], ids=["wrapped", "inline-markup", "nested", "prose-sentence", "code", "parent"])
def test_h9_remove_rule_takes_out_exactly_its_item(before, rule, after):
    assert remove_rule(before, rule) == after
