"""T3/T7: `check_rules` - each rule's reading as one sentence, and the warnings (dead rules, Always/Never clashes,
headings with no effect). The meaning shown is the reading the decider uses, so a dry run cannot contradict it."""

from __future__ import annotations

from datetime import datetime, timezone

from tic.rules import read_rules
from tic.rules._reading import All, Kind, Mention, Reading
from tic.rules.check import check_rules
from tic.triage.decide import local_decisions

from tests.triage._factories import chat, email


def test_t7_each_rule_with_its_reading_or_why_it_needs_a_model() -> None:
    report = check_rules("## Always notify\n- Emails from Mario Rossi\n- Whatever my boss sends\n")
    ok, refused = report.rules
    assert ok.understood and ok.meaning == "Notify me about e-mails from Mario Rossi."
    assert not refused.understood and refused.meaning.startswith("needs a model: ")
    assert report.needs_model == [refused]


def test_t7_a_rule_no_event_can_match_is_not_understood() -> None:
    report = check_rules("## Always notify\n- Calendar invites that @-mention me\n")
    (rule,) = report.rules
    assert not rule.understood and "could match no event" in rule.meaning and "WhatsApp messages" in rule.meaning


def test_t7_a_model_reading_no_event_can_match_is_warned() -> None:
    text = "## Always notify\n- Calendar invites that @-mention me\n"
    dead = Reading(effect="notify", when=All(of=(Kind(kinds=("calendar",)), Mention())))
    ruleset = read_rules(text).with_readings({"Calendar invites that @-mention me": dead})
    (warning,) = check_rules(text, ruleset).warnings
    assert "can match no event" in warning and "WhatsApp messages" in warning


def test_t3_same_sender_in_always_and_never_is_warned() -> None:
    report = check_rules("## Always notify\n- Emails from Mario Rossi\n\n## Never notify\n- Anything from Mario Rossi\n")
    assert any('sender "Mario Rossi" is in both' in w for w in report.warnings)


def test_t3_headings_and_context_are_reported() -> None:
    report = check_rules("## About me\nI teach.\n\n## Travel\n- Tell me about emails from Lufthansa\n")
    assert report.headings == [("About me", "context"), ("Travel", "own")]
    assert report.context == ["I teach."]
    assert any('heading "Travel"' in w for w in report.warnings)


def test_t7_the_reading_shown_is_the_one_that_decides() -> None:
    text = ("## Never notify\n- Group chats\n\n## Custom rules\n"
            "- Unless I'm @-tagged in it, never surface a message from a WhatsApp group\n")
    now = datetime(2027, 3, 9, 9, 0, tzinfo=timezone.utc)
    report = check_rules(text)
    assert [r.meaning for r in report.rules] == [
        "Don't notify me about WhatsApp messages in group chats.",
        "Don't notify me about WhatsApp messages in group chats unless I am @-mentioned."]
    tagged = chat("Bea", "@Noor keys?", chat_name="Choir", group=True, mentions=("me",))
    (d,) = local_decisions([tagged], text, now)
    assert not d.notify and "Never notify" in d.reason  # Never is a hard filter, as the first reading says
    assert read_rules(text).rules[0].reading == report.ruleset.rules[0].reading
    _ = email


def test_t7_a_judgement_read_by_a_model_sends_only_the_events_it_may_cover() -> None:
    """A reading with a condition only judgement settles ("anything urgent from a client") leaves exactly the
    events its other conditions cover to the model; the rest are not its business."""
    from tic.rules import Context, Reading
    from tic.rules import _reading as R
    from tic.rules._rule import Rule

    reading = Reading(effect="notify", when=R.All(of=(R.Kind(kinds=("email",)),
                                                       R.Judgement(question="is it urgent?"))))
    rule = Rule(section="always", text="Anything urgent by e-mail", reading=reading, read_by="model")
    ctx = Context(now=datetime(2027, 3, 9, 9, 0, tzinfo=timezone.utc))
    mail = rule.verdict(email("Dana Wu", "dana@wu.example", "Server down", "Now!"), ctx)
    assert mail is not None and mail.effect == "" and mail.judgement == "is it urgent?"
    assert rule.verdict(chat("Ben", "hi"), ctx) is None
