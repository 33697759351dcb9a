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


def test_offline_commands_never_import_litellm(tmp_path):
    code = (
        "import sys\n"
        "from typer.testing import CliRunner\n"
        "from tic.cli import app\n"
        "from tic.demo import create_demo\n"
        "from tic.clock import SystemClock\n"
        f"d = {str(tmp_path)!r}\n"
        "create_demo(__import__('pathlib').Path(d), SystemClock().now())\n"
        "for args in (['tick', '--dry-run', '--json', '--rules', d + '/notifications.md', '--sources', d + '/demo'],\n"
        "             ['rules', 'check', d + '/notifications.md'], ['notices', 'list'], ['log']):\n"
        "    r = CliRunner().invoke(app, args)\n"
        "    assert r.exit_code == 0, (args, r.output)\n"
        "assert 'litellm' not in sys.modules, 'an offline command imported litellm'\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120,
                          env={**__import__("os").environ, "TIC_DATA_DIR": str(tmp_path)})
    assert proc.returncode == 0, proc.stderr[-2000:]
