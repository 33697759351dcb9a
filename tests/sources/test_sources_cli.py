"""./tic sources check: connects to each configured source and reports, storing nothing (S2, S3, S4, R3)."""

from __future__ import annotations

import json
import mailbox
from datetime import datetime, timedelta, timezone
from email.message import EmailMessage

import pytest
from typer.testing import CliRunner

from tic.cli import app

NOW = datetime(2026, 12, 1, 9, 0, tzinfo=timezone.utc)


@pytest.fixture
def home(tmp_path, monkeypatch):
    for var in ("TIC_DATA_DIR", "TIC_SOURCES_DIR", "TIC_DATABASE_URL", "TIC_DEMO", "TIC_FIRST_RUN_HOURS"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("TIC_HOME", str(tmp_path))
    (tmp_path / "data").mkdir()
    return tmp_path


def mail(n: int, at: datetime) -> bytes:
    msg = EmailMessage()
    msg["From"] = f"Sender {n} <s{n}@example.com>"
    msg["Subject"] = f"Message {n}"
    msg["Date"] = at.strftime("%a, %d %b %Y %H:%M:%S +0000")
    msg["Message-ID"] = f"<m{n}@example.com>"
    msg.set_content("hello")
    return bytes(msg)


def check(*args: str, env: dict | None = None):
    return CliRunner().invoke(app, ["sources", "check", "--now", NOW.isoformat(), *args], env=env)


def test_sources_check_reports_each_source_and_stores_nothing(home, dovecot, monkeypatch):
    data = home / "data"
    box = mailbox.Maildir(str(data / "mail"), create=True)
    box.add(mailbox.MaildirMessage(mail(1, NOW - timedelta(hours=2))))
    box.add(mailbox.MaildirMessage(mail(2, NOW - timedelta(days=3))))  # outside the first-run window
    (data / "whatsapp.jsonl").write_text('{"id": "w1", "chat": "Ana", "from": "Ana", "body": "hi", "timestamp": "2026-12-01T08:00:00Z"}\n'
                                        "not json\n")
    monkeypatch.setenv("TIC_TEST_IMAP_PW", dovecot.password)
    (data / "sources.toml").write_text(f"""
[[source]]
type = "maildir"
name = "mail"
path = "mail"

[[source]]
type = "whatsapp"
name = "chat"
path = "whatsapp.jsonl"

[[source]]
type = "imap"
name = "server"
host = "127.0.0.1"
port = {dovecot.port}
username = "{dovecot.user}"
password_env = "TIC_TEST_IMAP_PW"
ca_file = "{dovecot.tls.ca}"

[[source]]
type = "imap"
name = "other-account"
host = "127.0.0.1"
port = {dovecot.port}
username = "bob"
password_env = "TIC_TEST_UNSET_PW"
""")
    monkeypatch.delenv("TIC_TEST_UNSET_PW", raising=False)
    r = check()
    assert r.exit_code == 1, r.output
    lines = r.output.splitlines()
    assert lines[0].startswith(f"sources from {data / 'sources.toml'}; each fetched as a first run (the last 24 hours)")
    assert "ok    mail (maildir): 1 item" in lines
    assert "ok    chat (whatsapp): 1 item, 1 unreadable (each is a warning on the next tick)" in lines
    assert any(line.startswith("ok    server (imap): ") for line in lines)
    assert ("FAIL  other-account (imap): other-account: the environment variable TIC_TEST_UNSET_PW "
            "(password_env in sources.toml) is not set; export TIC_TEST_UNSET_PW before starting tic") in lines
    assert not (data / "tic.db").exists()  # nothing stored, no cursor moved


def test_sources_check_json_and_exit_zero_when_all_answer(home):
    data = home / "data"
    mailbox.Maildir(str(data / "mail"), create=True).add(mailbox.MaildirMessage(mail(1, NOW - timedelta(hours=1))))
    (data / "sources.toml").write_text('[[source]]\ntype = "maildir"\nname = "mail"\npath = "mail"\n')
    r = check("--json", "--verbose")
    assert r.exit_code == 0, r.output
    rows = [json.loads(line) for line in r.output.splitlines() if line.startswith("{")]
    assert rows == [{"source": "mail", "type": "maildir", "ok": True, "items": 1, "unreadable": [], "keys": ["email:m1@example.com"]}]


def test_sources_check_a_wrong_file_is_a_clear_error(home):
    (home / "data" / "sources.toml").write_text('[[source]]\ntype = "imap"\nname = "x"\nhost = "h"\n')
    r = check()
    assert r.exit_code == 2
    assert "source #1 ('x'): username: Field required; password_env: Field required" in r.output


def test_sources_check_without_a_file_checks_the_sources_folder(home):
    folder = home / "data" / "demo"
    folder.mkdir()
    mailbox.Maildir(str(folder / "mail"), create=True).add(mailbox.MaildirMessage(mail(1, NOW - timedelta(hours=1))))
    r = check()
    assert r.exit_code == 0, r.output
    assert r.output.splitlines()[0].startswith(f"no {home / 'data' / 'sources.toml'}: the sources in {folder}")
    assert "ok    mail (email): 1 item" in r.output
    (folder / "mail").rename(home / "elsewhere")
    r = check()
    assert r.exit_code == 2 and "no sources configured: create" in r.output
