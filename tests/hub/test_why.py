"""T6 in the chat: the user asks the main agent why something was or was not surfaced; it looks the decision up."""

from __future__ import annotations

import asyncio

import pytest

from tic.app import build_app, build_hub, build_triage
from tic.clock import ManualClock
from tic.config import Settings
from tic.demo import create_demo
from tic.models.offline import why_query
from tic.triage.history import search
from tests.conftest import ROOT, T0


@pytest.mark.parametrize("said, query", [
    ("Why didn't you tell me about the LinkedIn email?", "LinkedIn"),
    ("why did you notify me about Valentina's message", "Valentina"),
    ("Why wasn't I told about the Morning Brief?", "Morning Brief"),
    ("Why no alert for the dentist appointment?", "dentist"),
    ("why is the sky blue", None),
    ("tell me about LinkedIn", None),
])
def test_t6_why_questions_name_what_they_ask_about(said, query):
    assert why_query(said) == query


@pytest.fixture
def demo_app(tmp_path):
    clock = ManualClock(T0)
    create_demo(tmp_path, clock.now())
    app = build_app(Settings(home=ROOT, data_dir=tmp_path, demo=True, first_run_hours=24 * 400), clock)
    build_triage(app).tick()
    yield app
    app.world.dispose()


def test_t6_decisions_are_found_by_the_words_a_person_uses(demo_app):
    (linkedin,) = search(demo_app.world, "linkedin searches")
    assert linkedin.notify is False and linkedin.label.startswith("email from LinkedIn")
    assert search(demo_app.world, "linkedin valentina") == []  # every word must match
    assert search(demo_app.world, "100%_") == []  # LIKE wildcards are literal


def test_t6_the_main_agent_answers_why_from_the_stored_decision(demo_app):
    said: list[str] = []
    hub = build_hub(demo_app, said.append)
    asyncio.run(hub.user_says("Why didn't you tell me about the LinkedIn email?"))
    assert said[-1].startswith("I did not tell you about the email from LinkedIn")
    assert 'Reason: Never notify: "LinkedIn notifications"' in said[-1]
    asyncio.run(hub.user_says("why did you tell me about Valentina"))
    assert said[-1].startswith("I told you about the WhatsApp message from Valentina")
