"""H1: the notification summary is one neutral, third-person sentence of fact."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest

from tic.sources import Person
from tic.notification import summarize

from tests.triage._factories import NOW, chat, email, meeting


def test_h1_email_summary() -> None:
    e = email("Odile Martin", "odile@martin-avocats.fr", "Draft lease", "Please review.")
    assert summarize(e) == 'Odile Martin <odile@martin-avocats.fr> sent an email with the subject "Draft lease".'


def test_h1_direct_whatsapp_summary_quotes_the_start_of_the_text() -> None:
    s = summarize(chat("Tomi", "x" * 400))
    assert s.startswith('Tomi sent a WhatsApp message: "') and len(s) < 240 and s.endswith('…"')


def test_h1_group_mention_summary() -> None:
    e = chat("Bea", "@Noor keys?", chat_name="Choir", group=True, mentions=("me",))
    assert summarize(e) == 'Bea mentioned the user in the WhatsApp group "Choir": "@Noor keys?"'


def test_h1_calendar_summary_in_the_calendars_zone() -> None:
    e = meeting("Call with Jo Park", starts_in=timedelta(hours=4, minutes=15), created_ago=timedelta(minutes=30),
                tz="Europe/London", organiser=Person(name="Jo Park", address="jo@kestrellabs.com"))
    assert summarize(e) == ('A calendar event "Call with Jo Park" was added by Jo Park <jo@kestrellabs.com>, '
                            "starting 2027-03-09 13:15 Europe/London.")


@pytest.mark.parametrize(
    "event",
    [email("A", "a@b.example", "You must pay"), chat("B", "you should call me"),
     meeting("Your review", starts_in=timedelta(hours=1), created_ago=timedelta(hours=1))],
)
def test_h1_summary_is_one_sentence_without_second_person_framing(event) -> None:
    s = summarize(event)
    outside_quotes = re.sub(r'"[^"]*"', "", s)
    assert not re.search(r"\b(you|your|should)\b", outside_quotes, re.I)
    assert s.endswith((".", '"')) and NOW  # one statement of fact
