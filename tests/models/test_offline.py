"""The offline main model: names each source and adds context, never echoes the summary (H5)."""

from __future__ import annotations

import json
from datetime import timedelta

from tic.models.offline import HELP, OfflineMainModel
from tic.notification import describe_notification


def tool_result(batch):
    return [
        {"role": "system", "content": "x"},
        {"role": "assistant", "content": None, "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "read_notification", "arguments": "{}"}}]},
        {"role": "tool", "tool_call_id": "c1", "name": "read_notification", "content": json.dumps(batch)},
    ]


def test_h5_email_names_sender_organisation_and_subject(clock):
    batch = [{
        "source": "email", "event_type": "message",
        "summary": "Kandice Phillips <kphillips@dawsoncornwell.com> sent an email with the subject \"Bundle\".",
        "event_time": (clock.now() - timedelta(minutes=40)).isoformat(),
        "refs": {"from_name": "Kandice Phillips", "from_address": "kphillips@dawsoncornwell.com",
                 "organization": "Dawson Cornwell", "subject": "Bundle"},
    }]
    text = OfflineMainModel(clock, describe=describe_notification).complete(tool_result(batch), []).content
    assert text == "An email from Kandice Phillips at Dawson Cornwell about “Bundle” arrived 40 minutes ago."
    assert batch[0]["summary"] not in text


def test_h5_several_notifications_one_line_each(clock):
    start = (clock.now() + timedelta(hours=3)).isoformat()
    batch = [
        {"source": "whatsapp", "event_type": "mention", "summary": "s1", "event_time": clock.now().isoformat(),
         "refs": {"from_name": "Zia Paola", "chat": "Famiglia", "is_group": True, "mentioned": True, "text": "@Luca when?"}},
        {"source": "calendar", "event_type": "event", "summary": "s2", "event_time": start,
         "refs": {"title": "Hearing prep", "start": start, "organizer": "Kandice Phillips"}},
    ]
    text = OfflineMainModel(clock, describe=describe_notification).complete(tool_result(batch), []).content
    lines = text.splitlines()
    assert lines[0] == "You have 2 new things that match your notification rules:"
    assert lines[1] == "- Zia Paola mentioned you in the WhatsApp group “Famiglia” just now: “@Luca when?”"
    assert lines[2].startswith("- A new calendar event, “Hearing prep”, starts in about 3 hours (")
    assert lines[2].endswith("organised by Kandice Phillips.")


def test_offline_reply_to_the_user_is_honest(clock):
    model = OfflineMainModel(clock)
    assert model.complete([{"role": "user", "content": "please book me a flight"}], []).content == HELP
    assert "Nothing has come in" in model.complete([{"role": "user", "content": "what's new?"}], []).content
