"""N13: ./tic notices list | suppress KEY | unsuppress KEY for people."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from tic.agents import load_roster
from tic.clock import SystemClock
from tic.cli import app
from tic.db import open_world
from tic.notices import SqlNoticeStore, key_for
from tests.conftest import ROOT


@pytest.fixture
def env(tmp_path, monkeypatch):
    monkeypatch.setenv("TIC_HOME", str(ROOT))
    monkeypatch.setenv("TIC_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("COLUMNS", "200")
    world = open_world(f"sqlite:///{tmp_path / 'tic.db'}")
    yield SqlNoticeStore(world, load_roster(ROOT / "agents"), SystemClock())
    world.dispose()


def test_n13_list_shows_the_stores_entries(env):
    env.post("calendar feed unreachable", {"url": "https://cal.example/feed.ics"}, severity="warn", audience="*")
    r = CliRunner().invoke(app, ["notices", "list", "--json"])
    assert r.exit_code == 0, r.output
    assert key_for("calendar feed unreachable") in r.output and '"unread": 3' in r.output
    table = CliRunner().invoke(app, ["notices", "list"])
    assert "calendar feed unreachable" in table.output


def test_n13_suppress_and_unsuppress_by_key(env):
    n = env.post("calendar feed unreachable", audience=["user:me"])
    runner = CliRunner()
    assert runner.invoke(app, ["notices", "suppress", n.key]).output.strip() == f"muted #{n.key}"
    assert env.pending("user:me") == []
    assert runner.invoke(app, ["notices", "unsuppress", f"#{n.key}"]).output.strip() == f"unmuted #{n.key}"
    assert len(env.pending("user:me")) == 1


def test_n13_bad_key_is_a_clear_error(env):
    r = CliRunner().invoke(app, ["notices", "suppress", "nothex!!"])
    assert r.exit_code == 2 and "not a notice key" in r.output


def test_n13_n8_a_persons_mute_is_theirs_alone_and_listed(env):
    n = env.post("calendar feed unreachable", severity="warn", audience=["user:me", "main"])
    runner = CliRunner()
    assert runner.invoke(app, ["notices", "suppress", n.key]).exit_code == 0
    listed = [__import__("json").loads(x) for x in runner.invoke(app, ["notices", "list", "--json"]).output.splitlines()]
    assert listed[0]["muted"] is True and listed[0]["posts"] == 1
    assert env.deliver("user:me") == []
    assert [l.template for l in env.deliver("agent:main")] == ["calendar feed unreachable"]  # main keeps receiving it
    assert "[muted]" in runner.invoke(app, ["notices", "list"]).output


def test_n13_a_listed_notification_shows_its_summary_not_its_refs(env):
    env.post("new email message", {"source": "email", "event_type": "message", "summary": "Mario sent an email.",
                                   "refs": {"message_id": "secret-thread-123"}},
             audience=["main"], actionable=True, origin="content", kind="notification")
    r = CliRunner().invoke(app, ["notices", "list", "--json"])
    assert "Mario sent an email." in r.output and "secret-thread-123" not in r.output
