"""`./tic run` with an IMAP source on the real dovecot (issue 10; S2): new mail is decided by an early tick.

The triage tick runs at start and then every 15 minutes; a message delivered
after that first tick is decided (its decision stored) within seconds, long
before the next scheduled tick, because the engine keeps the folder in IDLE.
"""

from __future__ import annotations

import os
import subprocess
import time
from email.message import EmailMessage

import pytest
from sqlalchemy import create_engine, select

from tests.conftest import ROOT
from tests.sources.conftest import dovecot  # noqa: F401 - the real dovecot the source tests start
from tic.db import cursor_table, decision_table

pytestmark = pytest.mark.e2e

WAIT = 60.0


def rows(data_dir, column) -> set[str]:
    if not (data_dir / "tic.db").exists():
        return set()
    engine = create_engine(f"sqlite:///{data_dir / 'tic.db'}")
    try:
        with engine.connect() as conn:
            return {r[0] for r in conn.execute(select(column))}
    except Exception:  # noqa: BLE001 - the engine has not created its tables yet
        return set()
    finally:
        engine.dispose()


def until(check, what: str) -> None:
    deadline = time.monotonic() + WAIT
    while not check():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.1)


def test_issue10_run_decides_new_imap_mail_by_an_early_tick(dovecot, tmp_path):
    folder = "T-run-idle"
    client = dovecot.client()
    try:
        if client.folder_exists(folder):
            client.delete_folder(folder)
        client.create_folder(folder)
    finally:
        client.logout()
    data = tmp_path / "data"
    data.mkdir()
    (data / "sources.toml").write_text(f"""
[[source]]
type = "imap"
name = "mail"
host = "127.0.0.1"
port = {dovecot.port}
username = "{dovecot.user}"
password_env = "TIC_TEST_IDLE_PASSWORD"
folder = "{folder}"
ca_file = "{dovecot.tls.ca}"
""")
    env = {k: v for k, v in os.environ.items() if not k.startswith("TIC_")}
    env.update(TIC_DATA_DIR=str(data), TIC_DEMO="false", TIC_TEST_IDLE_PASSWORD=dovecot.password)
    proc = subprocess.Popen([str(ROOT / "tic"), "run"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    try:
        until(lambda: "mail" in rows(data, cursor_table.c.source), "the tick at start (an empty folder) to end")
        assert proc.poll() is None
        time.sleep(1.0)  # the folder is in IDLE; the next scheduled tick is 15 minutes away
        msg = EmailMessage()
        msg["From"], msg["To"], msg["Subject"] = "Ines Duarte <ines@bank.example>", "alice@example.org", "Statement"
        msg["Message-ID"] = "<idle-run@example.com>"
        msg.set_content("Your statement is ready.\n")
        client = dovecot.client()
        try:
            client.append(folder, bytes(msg))
        finally:
            client.logout()
        until(lambda: "email:idle-run@example.com" in rows(data, decision_table.c.event_key), "the new mail's decision")
    finally:
        out, err = proc.communicate(input="", timeout=120)
    assert proc.returncode in (0, 1), err[-2000:]
