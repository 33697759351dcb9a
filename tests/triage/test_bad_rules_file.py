"""R2: a preferences file that is not UTF-8 text is a clear error everywhere it is read, never a traceback."""

from __future__ import annotations

from typer.testing import CliRunner

from tic.cli import app


def test_r2_dry_run_and_rules_check_refuse_a_non_utf8_rules_file(tmp_path):
    bad = tmp_path / "notifications.md"
    bad.write_bytes(b"## Always notify\n- Emails from Mario \xff\n")
    case = tmp_path / "sources"
    case.mkdir()
    runner = CliRunner()
    dry = runner.invoke(app, ["tick", "--dry-run", "--json", "--rules", str(bad), "--sources", str(case),
                              "--now", "2026-11-30T09:00:00Z"])
    assert dry.exit_code == 2 and "is not UTF-8 text" in dry.output and "save it as UTF-8" in dry.output
    check = runner.invoke(app, ["rules", "check", str(bad)])
    assert check.exit_code == 2 and "is not UTF-8 text" in check.output
