"""./tic tick: the dry run of the CLI contract writes nothing; a real tick stores each decision once."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from tic.cli import app
from tic.clock import SystemClock
from tic.demo import EXPECTED_NOTIFY, create_demo
from tests.conftest import ROOT


@pytest.fixture
def demo_env(tmp_path, monkeypatch, clock):
    for k in list(__import__("os").environ):
        if k.startswith("TIC_"):
            monkeypatch.delenv(k)
    monkeypatch.setenv("TIC_HOME", str(ROOT))
    monkeypatch.setenv("TIC_DATA_DIR", str(tmp_path))
    create_demo(tmp_path, SystemClock().now())  # the real tick runs on the wall clock
    return tmp_path


def lines(output: str) -> list[dict]:
    return [json.loads(line) for line in output.splitlines() if line.startswith("{")]


def test_cli_contract_dry_run_prints_one_object_per_event_and_writes_nothing(demo_env, clock):
    now = SystemClock().now().isoformat()
    r = CliRunner().invoke(app, ["tick", "--dry-run", "--json", "--rules", str(demo_env / "notifications.md"),
                                 "--sources", str(demo_env / "demo"), "--now", now])
    assert r.exit_code == 0, r.output
    rows = lines(r.output)
    assert len(rows) == 11  # every item, whatever its age (the dentist too)
    assert {row["event"] for row in rows if row["notify"]} == set(EXPECTED_NOTIFY)
    assert all(("summary" in row) == row["notify"] and row["reason"] for row in rows)
    assert not (demo_env / "tic.db").exists()


def test_cli_contract_missing_rules_file_means_heuristics(demo_env, clock):
    r = CliRunner().invoke(app, ["tick", "--dry-run", "--json", "--rules", str(demo_env / "absent.md"),
                                 "--sources", str(demo_env / "demo"), "--now", SystemClock().now().isoformat()])
    assert r.exit_code == 0, r.output
    assert all(row["reason"].startswith("Built-in heuristics") for row in lines(r.output))


def test_real_tick_stores_decisions_once(demo_env):
    runner = CliRunner()
    first = runner.invoke(app, ["tick", "--json"])
    assert first.exit_code == 0, first.output
    assert {row["event"] for row in lines(first.output) if row["notify"]} == set(EXPECTED_NOTIFY)
    second = runner.invoke(app, ["tick", "--json"])
    assert second.exit_code == 0 and lines(second.output) == []


def test_real_tick_refuses_rules_option(demo_env):
    r = CliRunner().invoke(app, ["tick", "--rules", "x.md"])
    assert r.exit_code == 2 and "--dry-run only" in r.output


def test_real_tick_with_sources_reads_that_folder_even_when_sources_toml_exists(demo_env):
    (demo_env / "sources.toml").write_text('[[source]]\ntype = "whatsapp"\nname = "wa"\npath = "nowhere.jsonl"\n')
    r = CliRunner().invoke(app, ["tick", "--json", "--sources", str(demo_env / "demo")])
    assert r.exit_code == 0, r.output
    assert {row["event"] for row in lines(r.output) if row["notify"]} == set(EXPECTED_NOTIFY)
