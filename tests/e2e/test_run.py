"""The walking skeleton end to end: the real ./tic run on its demo, as a user (or a script) drives it."""

from __future__ import annotations

import json
import os
import subprocess

import pytest
from sqlalchemy import create_engine, select

from tests.conftest import ROOT
from tic.db import chat_history_table, chat_llm_tools_table
from tic.demo import EXPECTED_NOTIFY

pytestmark = pytest.mark.e2e

# Who or what each demo event is about, as the main agent should name it.
NAMED = {
    "email:demo-kandice@demo.tic": "Kandice Phillips at Dawson Cornwell",
    "email:demo-serena-mediation@demo.tic": "Family Mediation Bookings",
    "calendar:demo-disclosure-call": "Call with Kandice Phillips - disclosure list",
    "whatsapp:demo-wa-valentina": "Valentina sent you a WhatsApp message",
    "whatsapp:demo-wa-mention": "Zia Paola mentioned you",
}
NOT_NAMED = ["Morning Brief", "LinkedIn", "Payments Desk", "Team stand-up", "Dentist", "Zio Franco"]


def run_tic(data_dir, stdin: str = "", timeout: float = 120) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith("TIC_")}
    env["TIC_DATA_DIR"] = str(data_dir)
    return subprocess.run([str(ROOT / "tic"), "run"], input=stdin, capture_output=True, text=True,
                          timeout=timeout, env=env, cwd=ROOT)


def delivered_keys(data_dir) -> list[str]:
    engine = create_engine(f"sqlite:///{data_dir / 'tic.db'}")
    with engine.connect() as conn:
        q = (
            select(chat_llm_tools_table.c.result)
            .join(chat_history_table, chat_history_table.c.id == chat_llm_tools_table.c.message_id)
            .where(chat_history_table.c.is_synthetic.is_(True), chat_llm_tools_table.c.name == "read_notification")
        )
        results = [r for (r,) in conn.execute(q)]
    engine.dispose()
    return [item["refs"]["event_key"] for result in results for item in json.loads(result)]


def test_run_tells_the_user_exactly_what_the_demo_rules_select_and_never_twice(tmp_path):
    data = tmp_path / "data"
    first = run_tic(data)
    assert first.returncode == 0, first.stderr[-2000:]
    said = first.stdout
    assert said.startswith("assistant: "), said
    assert sorted(delivered_keys(data)) == sorted(EXPECTED_NOTIFY)  # exactly the selected events, once each
    for key, name in NAMED.items():
        assert name in said, f"the main agent did not name {key} ({name!r}):\n{said}"
    for name in NOT_NAMED:
        assert name not in said, f"{name!r} should not have been surfaced:\n{said}"
    assert (data / "notifications.md").read_text().startswith("# Notification preferences")

    second = run_tic(data)  # restart: the same sources, nothing new
    assert second.returncode == 0, second.stderr[-2000:]
    assert second.stdout == ""
    assert sorted(delivered_keys(data)) == sorted(EXPECTED_NOTIFY)


def test_run_answers_the_users_lines_from_stdin(tmp_path):
    proc = run_tic(tmp_path / "data", stdin="hello\nwhat's new?\nStop alerting me about group WhatsApp messages\n")
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "assistant: Hello!" in proc.stdout
    assert "assistant: Done: I added “Group WhatsApp messages” under Never notify" in proc.stdout  # H9
    never = (tmp_path / "data" / "notifications.md").read_text().split("## Never notify")[1].split("##")[0]
    assert "- Group WhatsApp messages" in never
    assert proc.stdout.count("assistant: ") >= 4  # three answers and at least one notification message
