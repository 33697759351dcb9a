"""H1/H5/T6/R1: one description of each kind of event, and the typed references the main agent reads."""

from __future__ import annotations

from datetime import timedelta

import pytest
from pydantic import ValidationError

from tic.notification import (AgentRefs, CalendarRefs, ChatRefs, EmailRefs, NoticeRefs, Notification,
                              describe_notification, event_data, label_for, notification_for, refs_type, summarize)
from tic.sources import Person

from tests.triage._factories import NOW, chat, email, meeting


def test_h1_an_emails_notification_keeps_the_json_the_main_agent_reads():
    e = email("Odile Martin", "odile@martin-avocats.fr", "Draft lease", "Please review.")
    data = notification_for(e, summarize(e)).model_dump(mode="json")
    assert data["source"] == "email" and data["event_type"] == "message"
    assert data["refs"] == {"event_key": e.key, "message_id": e.refs.get("message_id", e.key.partition(":")[2]),
                            "from_name": "Odile Martin", "from_address": "odile@martin-avocats.fr",
                            "subject": "Draft lease"}  # thread_id and organization only when the mail has them


def test_h1_a_chat_message_and_a_calendar_item_have_their_own_references():
    m = notification_for(chat("Bea", "@Noor keys?", chat_name="Choir", group=True, mentions=("me",)), "s")
    assert m.event_type == "mention" and isinstance(m.refs, ChatRefs)
    assert m.model_dump(mode="json")["refs"]["chat"] == "Choir" and m.refs.is_group and m.refs.mentioned
    c = notification_for(meeting("Hearing prep", starts_in=timedelta(hours=3), created_ago=timedelta(minutes=5)), "s",
                         is_update=True)
    assert c.event_type == "event_changed" and isinstance(c.refs, CalendarRefs) and c.refs.title == "Hearing prep"


@pytest.mark.parametrize("source,event_type,kind", [
    ("email", "message", EmailRefs), ("whatsapp", "mention", ChatRefs), ("calendar", "event", CalendarRefs),
    ("calendar", "digest", AgentRefs), ("notices", "warn", NoticeRefs), ("weather", "alert", AgentRefs)])
def test_h1_the_source_says_which_references_a_notification_carries(source, event_type, kind):
    assert refs_type(source, event_type) is kind


def test_h1_references_are_typed_an_unknown_key_is_refused():
    with pytest.raises(ValidationError, match="Extra inputs"):
        Notification(source="email", event_type="message", summary="x", refs={"free_form": 1})
    with pytest.raises(ValidationError):
        Notification(source="whatsapp", event_type="message", summary="x", refs={"is_group": "perhaps"})
    n = Notification(source="email", event_type="message", summary="x", refs={"message_id": "m1"})
    assert n.model_dump(mode="json")["refs"] == {"message_id": "m1"}  # unset references are left out


def test_h1_r2_a_nul_in_content_and_an_overlong_summary_never_fail_the_notification():
    e = chat("B\x00ea", "hi\x00there")
    n = notification_for(e, "x" * 2_100)
    assert len(n.summary) == 2_000 and n.summary.endswith("…")
    assert "\x00" not in n.refs.from_name and "\x00" not in n.refs.text


def test_t6_one_label_per_kind():
    assert label_for(email("A", "a@b.example", "")) == "email from A <a@b.example>: (no subject)"
    assert label_for(chat("Bea", "hi  there", chat_name="Choir", group=True)).startswith(
        "WhatsApp message from Bea") and "in the group Choir: hi there" in label_for(
        chat("Bea", "hi  there", chat_name="Choir", group=True))
    assert label_for(meeting("Stand-up", starts_in=timedelta(hours=1), created_ago=timedelta(days=1),
                             organiser=Person(name="Jo", address="jo@x.example"))).startswith("calendar event Stand-up")


def test_r1_what_a_model_is_shown_of_an_event_leaves_out_the_empty_facts():
    d = event_data(chat("Bea", "hello", chat_name="Choir", group=True), "e1")
    assert d == {"id": "e1", "kind": "whatsapp", "from": d["from"], "time": d["time"], "chat": "Choir",
                 "group": True, "mentions_user": False, "body": "hello"}


def test_h5_the_offline_sentence_names_the_source_and_adds_context():
    obj = {"source": "email", "event_type": "message", "summary": "s",
           "event_time": (NOW - timedelta(minutes=40)).isoformat(),
           "refs": {"from_name": "Kandice Phillips", "from_address": "kphillips@dawsoncornwell.com", "subject": "Bundle"}}
    assert describe_notification(obj, NOW) == ("An email from Kandice Phillips at dawsoncornwell.com about “Bundle” "
                                               "arrived 40 minutes ago.")
    digest = {"source": "calendar", "event_type": "digest", "summary": "2 items",
              "refs": {"items": [{"title": "Stand-up", "when": "09:30"}]}}
    assert describe_notification(digest, NOW) == "Your calendar for today: Stand-up (09:30)."
    notice = {"source": "notices", "event_type": "warn", "summary": "a source could not be read #1234abcd",
              "event_time": None, "refs": {"key": "1234abcd"}}
    assert describe_notification(notice, NOW) == "A system notice: a source could not be read #1234abcd"


def test_h5_an_object_of_another_version_is_told_by_its_summary():
    old = {"source": "email", "event_type": "message", "summary": "Mario wrote.", "refs": {"n": 1}}
    assert describe_notification(old, NOW) == "email (message): Mario wrote."


def test_h5_who_a_notification_is_from_by_its_kind():
    from tic.notification import sender_of

    assert sender_of({"source": "email", "event_type": "message", "summary": "s",
                      "refs": {"from_address": "a@b.example", "organization": "B"}}) == "a@b.example"
    assert sender_of({"source": "whatsapp", "event_type": "message", "summary": "s",
                      "refs": {"from_number": "+34 600"}}) == "+34 600"
    assert sender_of({"source": "calendar", "event_type": "event", "summary": "s", "refs": {"organizer": "Jo"}}) == "Jo"
    assert sender_of({"source": "calendar", "event_type": "digest", "summary": "s", "refs": {"items": []}}) == ""
    assert sender_of({"source": "email", "summary": ""}) == ""  # not readable: no one
