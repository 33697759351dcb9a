"""T1: agent definitions are data; a broken one is a clear error naming the file."""

from __future__ import annotations

import json

import pytest

from tic.agents import load_roster
from tic.errors import ConfigError
from tests.conftest import ROOT


def test_t1_shipped_agents():
    roster = load_roster(ROOT / "agents")
    tic, main = roster["tic"], roster["main"]
    assert tic.meta.inject_memory == ["data/notifications.md"]
    assert tic.meta.schedule and tic.meta.schedule.every_minutes == 15
    assert set(tic.meta.tools) >= {"notify"} and "read_notification" not in tic.meta.tools
    assert main.meta.depth == 0 and "read_notification" in main.meta.tools
    assert "Built-in heuristics" in tic.instructions
    assert roster.callers_here() == ["agent:digest", "agent:main", "agent:tic"]


def test_t4_triage_agent_cannot_write_or_send():
    tools = set(load_roster(ROOT / "agents")["tic"].meta.tools)
    assert not tools & {"write_file", "edit_file", "send_email", "send_message", "delete"}


@pytest.mark.parametrize(
    "content, message",
    [("{not json", "not a valid agent definition"), (json.dumps({"name": "x", "colour": "red"}), "not a valid agent definition"),
     (json.dumps({"name": "other"}), "must match its folder")],
)
def test_bad_meta_json_is_a_clear_error(tmp_path, content, message):
    (tmp_path / "x").mkdir()
    (tmp_path / "x" / "meta.json").write_text(content)
    with pytest.raises(ConfigError, match=message):
        load_roster(tmp_path)


def test_missing_agents_folder(tmp_path):
    with pytest.raises(ConfigError, match="TIC_AGENTS_DIR"):
        load_roster(tmp_path / "nope")
