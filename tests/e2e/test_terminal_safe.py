"""R1 end to end: an email subject and a WhatsApp body full of terminal escape sequences, through ./tic run,
./tic log, ./tic why and ./tic notices list, reach the terminal without any of them; a 5,000-character
subject is clipped."""

from __future__ import annotations

import email.utils
import json
import os
import subprocess
from datetime import datetime, timedelta, timezone
from email.message import EmailMessage

import pytest
from typer.testing import CliRunner

from tests.conftest import ROOT
from tests.test_textsafe import POISON, assert_terminal_safe

pytestmark = pytest.mark.e2e

RULES = "## Always notify\n- Emails from Mallory Evil\n- WhatsApp messages from Eve\n"
LONG_SUBJECT = "Long " + "x" * 4995


def poisoned_sources(folder):
    """A Maildir with a poisoned subject and a 5,000-character one, and a WhatsApp inbox with a poisoned body."""
    now = datetime.now(timezone.utc)
    for sub in ("new", "cur", "tmp"):
        (folder / "mail" / sub).mkdir(parents=True)
    for i, subject in enumerate([f"Invoice {POISON}overdue", LONG_SUBJECT], start=1):
        m = EmailMessage()
        m["From"] = "Mallory Evil <mallory@evil.example>"
        m["To"] = "me@example.com"
        m["Subject"] = subject  # RFC 2047-encoded on the wire, decoded back to the raw characters
        m["Date"] = email.utils.format_datetime(now - timedelta(minutes=10 + i))
        m["Message-ID"] = f"<poison-{i}@evil.example>"
        m.set_content("Hello")
        (folder / "mail" / "new" / f"{i}.eml").write_bytes(bytes(m))
    line = {"id": "wa-poison", "chat": "Eve", "is_group": False, "from": "Eve", "from_number": "+441234",
            "body": f"Call me {POISON}now", "timestamp": (now - timedelta(minutes=5)).isoformat(), "mentions": []}
    (folder / "whatsapp.jsonl").write_text(json.dumps(line) + "\n")


@pytest.fixture
def env(tmp_path, monkeypatch):
    for k in list(os.environ):
        if k.startswith("TIC_"):
            monkeypatch.delenv(k)
    data, sources = tmp_path / "data", tmp_path / "sources"
    data.mkdir()
    (data / "notifications.md").write_text(RULES)
    poisoned_sources(sources)
    values = {"TIC_HOME": str(ROOT), "TIC_DATA_DIR": str(data), "TIC_DEMO": "false", "TIC_SOURCES_DIR": str(sources)}
    for k, v in values.items():
        monkeypatch.setenv(k, v)
    return values


def test_r1_escape_sequences_in_content_never_reach_the_terminal(env):
    from tic.cli import app

    run = subprocess.run([str(ROOT / "tic"), "run", "-v"], input="", capture_output=True, text=True, timeout=120,
                         env=dict(os.environ), cwd=ROOT)
    assert run.returncode == 0, run.stderr[-2000:]
    said = run.stdout
    assert "Invoice overdue" in said and "Call me now" in said, said[:2000]  # told, minus the sequences
    assert_terminal_safe(said)
    assert_terminal_safe(run.stderr)
    long_line = next(line for line in said.splitlines() if "Long xxx" in line)
    assert "x" * 200 not in long_line and "x…”" in long_line and len(long_line) < 400  # the subject is clipped

    runner = CliRunner()
    for args in (["log"], ["log", "--json"], ["why", "poison-1"], ["why", "wa-poison"], ["why", "poison-2"],
                 ["why", "poison-1", "--json"], ["notices", "list"], ["notices", "list", "--json"]):
        result = runner.invoke(app, args)
        assert result.exit_code == 0, (args, result.output)
        assert_terminal_safe(result.output)
        if args[0] == "why" and "--json" not in args:
            assert all(len(line) < 1100 for line in result.output.splitlines()), result.output
    why = json.loads(runner.invoke(app, ["why", "poison-1", "--json"]).output)
    assert POISON in why["decisions"][0]["summary"]  # JSON keeps the exact value, escaped
    shown = runner.invoke(app, ["why", "poison-1"]).output
    assert 'subject "Invoice overdue"' in shown
