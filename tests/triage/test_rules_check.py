"""T3/T7: `check_rules` - what each rule means, and the warnings (dead rules, Always/Never clashes, unknown sections)."""

from __future__ import annotations

import pytest

from tic.triage.check import check_rules

DEAD = [
    ("mention-on-calendar", "## Always notify\n- Calendar invites where I am @-mentioned\n", "only happens in WhatsApp messages"),
    ("timing-on-chat", "## Always notify\n- WhatsApp messages that start within 2 hours\n", "only happens in calendar items"),
    ("unsaved-on-calendar", "## Always notify\n- Meetings from unknown numbers\n", "only happens in WhatsApp messages"),
]
ALIVE = [
    ("mention-in-groups", "## Custom rules\n- Only notify about WhatsApp group messages if I am explicitly mentioned\n"),
    ("calendar-timing", "## Always notify\n- Any calendar event that was added today and starts within 24 hours\n"),
    ("newsletters", "## Never notify\n- Newsletters, promotions and automated reports\n"),
    ("unless-mentioned", "## Custom rules\n- Group chats on WhatsApp: stay quiet unless someone @-mentions me directly.\n"),
]


@pytest.mark.parametrize("rules,why", [r[1:] for r in DEAD], ids=[r[0] for r in DEAD])
def test_t7_a_rule_no_event_can_match_is_reported(rules, why):
    (warning,) = check_rules(rules).warnings
    assert "can match no event" in warning and why in warning


@pytest.mark.parametrize("rules", [r[1] for r in ALIVE], ids=[r[0] for r in ALIVE])
def test_t7_rules_that_can_match_are_not_reported(rules):
    report = check_rules(rules)
    assert report.warnings == [] and all(r.understood for r in report.rules)


def test_t3_same_sender_in_always_and_never_is_reported_once_per_pair():
    report = check_rules("## Always notify\n- Emails from anyone at kestrellabs.com\n- Odile Martin\n\n"
                         "## Never notify\n- Newsletters from kestrellabs.com\n")
    assert report.warnings == ['sender "kestrellabs.com" is in both Always notify ("Emails from anyone at '
                               'kestrellabs.com") and Never notify ("Newsletters from kestrellabs.com"): '
                               "Never wins wherever both match"]


def test_t3_unknown_sections_but_not_the_title_or_sub_headings():
    report = check_rules("# Notifications\n\n## Always notify\n### Family\n- Emails from Odile Martin\n\n"
                         "## Holidays\nI am away in August.\n")
    assert report.warnings == ['unknown section "Holidays": not Always notify, Never notify or Custom rules, '
                               "so its text is read as guidance only"]


def test_t7_not_understood_rules_say_they_need_a_model():
    report = check_rules("## Always notify\n- Whatever my boss sends\n")
    (rule,) = report.needs_model
    assert rule.meaning.startswith("needs a model: ") and not rule.understood


import pytest as _pytest


@_pytest.mark.parametrize("rule", ["Emails from Mario on weekends", "WhatsApp messages from Omid after 10pm",
                                   "Anything from Dana Whitfield outside working hours"])
def test_t7_a_time_of_day_or_week_qualifier_needs_a_model_not_silence(rule):
    from tic.triage.rules import parse_rules

    (parsed,) = parse_rules(f"## Never notify\n- {rule}\n").never
    assert parsed.understood is False and "time of day or week" in parsed.note


def test_t7_calendar_timing_is_not_mistaken_for_a_time_qualifier():
    from tic.triage.rules import parse_rules

    rules = parse_rules("## Always notify\n- Any meeting that starts in less than an hour\n"
                        "- Any calendar event that was added today and starts within 24 hours\n")
    assert all(r.understood for r in rules.always)
