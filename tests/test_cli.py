"""The launcher and CLI: help without litellm, clear errors for bad input."""

from __future__ import annotations

import subprocess
import sys

from tests.conftest import ROOT


def run_py(code: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)


def test_help_does_not_import_litellm():
    code = (
        "import sys\n"
        "from typer.testing import CliRunner\n"
        "from tic.cli import app\n"
        "r = CliRunner().invoke(app, ['--help'])\n"
        "assert r.exit_code == 0, r.output\n"
        "assert 'run' in r.output and 'tick' in r.output\n"
        "assert 'litellm' not in sys.modules, 'litellm was imported by --help'\n"
    )
    proc = run_py(code)
    assert proc.returncode == 0, proc.stderr


def test_launcher_help_runs(tmp_path):
    proc = subprocess.run([str(ROOT / "tic"), "--help"], capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0 and "notices" in proc.stdout


def test_tick_bad_now_is_a_clear_error(tmp_path):
    from typer.testing import CliRunner

    from tic.cli import app

    r = CliRunner().invoke(app, ["tick", "--dry-run", "--json", "--sources", str(tmp_path), "--now", "yesterday"])
    assert r.exit_code == 2 and "not an ISO 8601 time" in r.output


def test_tick_missing_sources_is_a_clear_error(tmp_path):
    from typer.testing import CliRunner

    from tic.cli import app

    r = CliRunner().invoke(app, ["tick", "--dry-run", "--sources", str(tmp_path / "nope"), "--now", "2026-11-30T09:00:00Z"])
    assert r.exit_code == 2 and "pass --sources DIR" in r.output


def test_a_bad_setting_is_a_clear_error_not_a_traceback(monkeypatch):
    from typer.testing import CliRunner

    from tic.cli import app

    monkeypatch.setenv("TIC_BATCH_WINDOW_MS", "soon")
    r = CliRunner().invoke(app, ["notices", "list"])
    assert r.exit_code == 2 and "bad setting: TIC_BATCH_WINDOW_MS" in r.output and "Traceback" not in r.output
