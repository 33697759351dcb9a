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
        "# My preferences\n\n## Always notify\n- Emails from Mario Rossi\n- Calendar invites that @-mention me\n\n"
        "## Never notify\n- Anything from Mario Rossi\n\n## Custom rules\n- Tell me whatever my boss sends\n\n"
        "## Travel\n- Flights from Lufthansa\n")
    r = run("rules", "check")
    assert r.exit_code == 0, r.output
    out = r.output
    assert "5 rules, 2 understood locally, 3 need a model" in out
    assert "- Emails from Mario Rossi\n      Notify me about e-mails from Mario Rossi." in out
    assert "- Tell me whatever my boss sends\n      needs a model:" in out
    assert "No model is configured" in out
    assert "- Calendar invites that @-mention me\n      needs a model: part of the rule could match no event" in out
    assert 'sender "Mario Rossi" is in both Always notify' in out
    assert "Travel  ->  rules read on their own words" in out and "My preferences  ->" not in out
    assert 'heading "Travel" says neither always nor never' in out
    assert "- Flights from Lufthansa\n      needs a model: the rule does not say whether to notify" in out


def test_t7_rules_check_json_and_a_named_file(env, tmp_path):
    other = tmp_path / "other.md"
    other.write_text("## Never notify\n- Group chats\n")
    r = run("rules", "check", str(other), "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    (rule,) = data["rules"]
    assert rule["meaning"] == "Don't notify me about WhatsApp messages in group chats." and rule["read_by"] == "local"
    assert rule["reading"]["effect"] == "skip" and rule["reading"]["when"]["op"] == "all"
    assert data["headings"] == [{"heading": "Never notify", "taken_as": "Never notify"}]
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
    overall = lines[-1]
    assert overall.startswith("overall: accuracy=") and f"cases={len(list(CASES.glob('*/expected.json')))}" in overall
    assert float(overall.split("accuracy=")[1].split()[0]) >= 0.95 and float(overall.split("recall=")[1].split()[0]) >= 0.95


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


# --- T11 holds and T9 the user's zone on the command line ---------------------------------------------


def _quiet_hours(events, rules_text, now, tz):
    """Holds every event until the next 07:00 in the user's zone (T9), saying so in its reason (T11)."""
    from datetime import timedelta

    from tic.triage import Decision
    from tic.triage._decision import hold_phrase

    local = now.astimezone(tz)
    until = (local + timedelta(days=1) if local.hour >= 7 else local).replace(hour=7, minute=0, second=0, microsecond=0)
    return [Decision(e.key, False, "Custom rule: quiet hours - " + hold_phrase(until, tz, "quiet hours", now=now),
                     rule="quiet hours", summary="Something arrived.", decided_by="rule", held_until=until,
                     hold_reason="quiet hours") for e in events]


def _standup(folder):
    from tests.triage.test_tick_zone import ICS

    folder.mkdir(exist_ok=True)
    (folder / "calendar.ics").write_text(ICS.replace("X-WR-TIMEZONE:Asia/Dubai", "X-WR-TIMEZONE:Europe/Rome"))
    return folder


def test_t11_why_and_log_show_the_hold_then_its_release(env, monkeypatch):
    import tic.app

    monkeypatch.setattr(tic.app, "triage_decider", lambda *a, **kw: _quiet_hours)
    sources = _standup(env / "in")
    evening = run("tick", "--json", "--sources", str(sources), "--now", "2026-11-30T22:00:00Z")  # 23:00 in Rome
    assert evening.exit_code == 0, evening.output
    (row,) = [json.loads(line) for line in evening.output.splitlines()]
    assert row["notify"] is False and row["reason"].endswith("held until 07:00 (quiet hours)")
    r = run("why", "standup-1")
    assert r.exit_code == 0, r.output
    assert "held - decided by rule at 2026-11-30 22:00 UTC" in r.output
    assert "hold: held until 07:00 (quiet hours)" in r.output
    held = json.loads(run("why", "calendar:standup-1@test", "--json").output)["decisions"][0]
    assert held["held_until"] == "2026-12-01T06:00:00+00:00" and held["released_at"] is None

    early = run("tick", "--json", "--sources", str(sources), "--now", "2026-12-01T05:59:00Z")
    assert early.exit_code == 0 and early.output == ""  # still held: nothing surfaced
    morning = run("tick", "--json", "--sources", str(sources), "--now", "2026-12-01T06:00:00Z")
    (released,) = [json.loads(line) for line in morning.output.splitlines()]
    assert released == {"event": "calendar:standup-1@test", "notify": True, "released": True,
                        "reason": "released at 07:00 (held until 07:00, quiet hours)"}
    assert run("tick", "--json", "--sources", str(sources), "--now", "2026-12-01T06:15:00Z").output == ""  # once

    r = run("why", "standup-1")
    assert "notified when its hold ended - decided by rule" in r.output
    assert "hold: released at 07:00 (held until 07:00, quiet hours)" in r.output
    log = [json.loads(line) for line in run("log", "--json").output.splitlines()]
    assert [(e["kind"], e["notify"], e["decided_at"]) for e in log] == [
        ("release", True, "2026-12-01T06:00:00+00:00"), ("decision", False, "2026-11-30T22:00:00+00:00")]
    assert log[0]["reason"] == "released at 07:00 (held until 07:00, quiet hours)"
    assert log[1]["reason"].endswith("held until 07:00 (quiet hours)") and log[1]["released_at"] == log[0]["decided_at"]
    table = run("log").output.splitlines()
    assert table[0].split()[3:5] == ["yes", "rule"] and "released at 07:00" in table[0]
    assert table[1].split()[3:5] == ["no", "rule"] and "held until 07:00 (quiet hours)" in table[1]


def test_t9_t11_dry_run_prints_a_hold_as_notify_false_in_the_users_zone(env, monkeypatch):
    import tic.cli.tick

    monkeypatch.setattr(tic.cli.tick, "dry_run_decider", lambda *a, **kw: _quiet_hours)
    sources = _standup(env / "in")
    args = ["tick", "--dry-run", "--json", "--rules", str(env / "absent.md"), "--sources", str(sources),
            "--now", "2026-11-30T22:00:00Z"]
    (row,) = [json.loads(line) for line in run(*args).output.splitlines()]
    assert row == {"event": "calendar:standup-1@test", "notify": False,
                   "reason": "Custom rule: quiet hours - held until 07:00 (quiet hours)"}  # the calendar's Europe/Rome
    monkeypatch.setenv("TIC_TIMEZONE", "Asia/Tokyo")  # the setting wins: 22:00Z is 07:00 on 1 Dec in Tokyo, no longer quiet
    (row,) = [json.loads(line) for line in run(*args).output.splitlines()]
    assert row["notify"] is False and row["reason"].endswith("held until Wed 2 Dec 07:00 (quiet hours)")
    monkeypatch.setenv("TIC_TIMEZONE", "Europe/Roma")
    bad = run(*args)
    assert bad.exit_code == 2 and "TIC_TIMEZONE: unknown time zone 'Europe/Roma'" in bad.output
