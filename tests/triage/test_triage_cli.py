"""./tic rules check, eval, why, log (T3, T6, T7) and the dry run with a model configured (R3)."""

from __future__ import annotations

import json
import os
import shutil

import pytest
from typer.testing import CliRunner

from tic.cli import app
from tic.clock import SystemClock
from tic.demo import EXPECTED_NOTIFY, create_demo

from tests.conftest import ROOT

CASES = ROOT / "tests" / "triage" / "cases"


@pytest.fixture
def env(tmp_path, monkeypatch):
    for k in list(os.environ):
        if k.startswith("TIC_"):
            monkeypatch.delenv(k)
    monkeypatch.setenv("TIC_HOME", str(ROOT))
    monkeypatch.setenv("TIC_DATA_DIR", str(tmp_path))
    return tmp_path


def run(*args: str):
    result = CliRunner().invoke(app, list(args))
    return result


def test_t7_rules_check_lists_each_rule_how_it_was_understood_and_warnings(env):
    rules = env / "notifications.md"
    rules.write_text(
        "# My preferences\n\n## Always notify\n- Emails from Mario Rossi\n- Calendar invites where I am @-mentioned\n\n"
        "## Never notify\n- Anything from Mario Rossi\n\n## Custom rules\n- Tell me whatever my boss sends\n\n"
        "## Travel\n- Flights from Lufthansa\n")
    r = run("rules", "check")
    assert r.exit_code == 0, r.output
    out = r.output
    assert "4 rules, 3 understood locally, 1 need a model" in out
    assert "- Emails from Mario Rossi\n      notify: email; from Mario Rossi" in out
    assert "- Tell me whatever my boss sends\n      needs a model:" in out
    assert "No model is configured" in out
    assert '"Calendar invites where I am @-mentioned" can match no event' in out
    assert 'sender "Mario Rossi" is in both Always notify' in out
    assert 'unknown section "Travel"' in out and 'unknown section "My preferences"' not in out


def test_t7_rules_check_json_and_a_named_file(env, tmp_path):
    other = tmp_path / "other.md"
    other.write_text("## Never notify\n- Group chats\n")
    r = run("rules", "check", str(other), "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["rules"] == [{"section": "never", "text": "Group chats", "understood": True,
                              "meaning": "drop: whatsapp; group chat"}]
    assert data["warnings"] == [] and data["model"] is None
    assert run("rules", "check", str(tmp_path / "absent.md")).exit_code == 2


def test_t7_rules_check_without_a_file_says_heuristics_apply(env):
    r = run("rules", "check")
    assert r.exit_code == 0 and "built-in heuristics decide every event" in r.output


def test_eval_scores_cases_in_process_per_case_and_overall(env):
    r = run("eval", str(CASES))
    assert r.exit_code == 0, r.output
    lines = r.output.strip().splitlines()
    assert any(line.startswith("lisbon-founder-unless: accuracy=1.000 precision=1.000 recall=1.000") for line in lines)
    assert lines[-1].startswith("overall: accuracy=1.000 precision=1.000 recall=1.000") and f"cases={len(list(CASES.glob('*/expected.json')))}" in lines[-1]


def test_eval_reports_mismatches(env, tmp_path):
    case = tmp_path / "case"
    shutil.copytree(CASES / "lisbon-founder-unless", case)
    expected = json.loads((case / "expected.json").read_text())
    flipped = sorted(k for k, v in expected.items() if v["notify"])[0]
    expected[flipped]["notify"] = False
    expected["email:absent@test"] = {"notify": True, "why": "not in the sources"}
    (case / "expected.json").write_text(json.dumps(expected))
    r = run("eval", str(case))
    assert r.exit_code == 0, r.output
    assert f"case: BAD {flipped} want=False got=True" in r.output
    assert "case: MISSING email:absent@test (want notify=True)" in r.output
    assert "missing=1" in r.output.splitlines()[-1]
    assert run("eval", str(tmp_path / "nowhere")).exit_code == 2


def test_t6_why_and_log_read_the_recorded_decisions(env):
    create_demo(env, SystemClock().now())
    assert run("tick", "--json").exit_code == 0
    key = EXPECTED_NOTIFY[0]
    r = run("why", key)
    assert r.exit_code == 0, r.output
    assert r.output.startswith(key) and "notified - decided by rule at" in r.output
    assert 'reason: Always notify: "Emails from Kandice Phillips or anyone at Dawson Cornwell"' in r.output
    assert "summary: " in r.output
    part = run("why", key.split(":", 1)[1].split("@")[0])  # a key typed without its prefix
    assert part.exit_code == 0 and part.output.startswith(key)
    data = json.loads(run("why", key, "--json").output)
    assert data["decisions"][0]["decided_by"] == "rule" and data["decisions"][0]["notify"] is True
    missing = run("why", "email:nothing-like-it")
    assert missing.exit_code == 1 and "no decision" in missing.output
    log = [json.loads(line) for line in run("log", "-n", "3", "--json").output.splitlines()]
    assert len(log) == 3 and all({"event", "notify", "decided_by", "decided_at", "reason"} <= set(row) for row in log)
    table = run("log", "-n", "50")
    assert table.exit_code == 0
    assert any(line.split()[3:6] == ["yes", "rule", key] for line in table.output.splitlines())


def test_log_with_no_decisions_yet(env):
    r = run("log")
    assert r.exit_code == 0 and "no decisions yet" in r.output


def test_r3_dry_run_with_a_failing_model_prints_undecided_events(env, monkeypatch):
    create_demo(env, SystemClock().now())
    (env / "notifications.md").write_text("## Custom rules\n- Tell me whatever my boss sends\n")  # every event unsure
    monkeypatch.setenv("TIC_TIC_MODEL", "tictest-unknown-provider/none")
    import tic.triage.model_decider as md

    monkeypatch.setitem(md.ModelDecider.__init__.__kwdefaults__, "attempts", 1)
    monkeypatch.setitem(md.ModelDecider.__init__.__kwdefaults__, "sleep", lambda seconds: None)
    r = run("tick", "--dry-run", "--json", "--rules", str(env / "notifications.md"), "--sources", str(env / "demo"),
            "--now", SystemClock().now().isoformat())
    assert r.exit_code == 0, r.output
    rows = [json.loads(line) for line in r.output.splitlines() if line.startswith("{")]
    assert rows and all(row["notify"] is False and row.get("undecided") for row in rows)
    assert "the triage model could not decide some events" in r.output
