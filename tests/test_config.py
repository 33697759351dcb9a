"""Settings: defaults under data/, SQLite by default, everything overridable by TIC_ variables."""

from __future__ import annotations

from tic.config import Settings


def test_defaults_live_under_home(tmp_path, monkeypatch):
    for k in list(__import__("os").environ):
        if k.startswith("TIC_"):
            monkeypatch.delenv(k)
    s = Settings(home=tmp_path)
    assert s.data_dir == tmp_path / "data"
    assert s.database_url == f"sqlite:///{tmp_path / 'data' / 'tic.db'}"
    assert s.sources_dir == tmp_path / "data" / "demo"
    assert s.resolve("data/notifications.md") == tmp_path / "data" / "notifications.md"
    assert s.batch_window_ms == 200


def test_environment_overrides(tmp_path, monkeypatch):
    monkeypatch.setenv("TIC_DATA_DIR", str(tmp_path / "elsewhere"))
    monkeypatch.setenv("TIC_DEMO", "false")
    monkeypatch.setenv("TIC_MAIN_MODEL", "openai/gpt-4o-mini")
    s = Settings(home=tmp_path)
    assert s.resolve("data/notifications.md") == tmp_path / "elsewhere" / "notifications.md"
    assert s.sources_dir is None and s.main_model == "openai/gpt-4o-mini"


def test_n7_repeat_hold_settings_reach_the_store(tmp_path, monkeypatch):
    import pytest

    from tic.app import build_app
    from tic.clock import SystemClock

    monkeypatch.setenv("TIC_REPEAT_HOLD_SECONDS", "5")
    monkeypatch.setenv("TIC_REPEAT_CAP_SECONDS", "60")
    s = Settings(home=__import__("tests.conftest", fromlist=["ROOT"]).ROOT, data_dir=tmp_path)
    app = build_app(s, SystemClock())
    assert (app.store.policy.hold, app.store.policy.cap) == (5.0, 60.0)
    app.world.dispose()
    monkeypatch.setenv("TIC_REPEAT_CAP_SECONDS", "1")
    with pytest.raises(ValueError, match="at least"):
        Settings(home=tmp_path)


def test_t9_timezone_setting_is_an_iana_zone(tmp_path, monkeypatch):
    import re

    import pytest
    from pydantic import ValidationError

    monkeypatch.delenv("TIC_TIMEZONE", raising=False)
    assert Settings(home=tmp_path).timezone is None  # default: the calendar's zone, else the machine's
    monkeypatch.setenv("TIC_TIMEZONE", " America/Argentina/Buenos_Aires ")
    assert Settings(home=tmp_path).timezone == "America/Argentina/Buenos_Aires"
    monkeypatch.setenv("TIC_TIMEZONE", "")
    assert Settings(home=tmp_path).timezone is None
    for bad in ("Europe/Rom", "CEST+2", "../../etc/passwd"):
        monkeypatch.setenv("TIC_TIMEZONE", bad)
        with pytest.raises(ValidationError, match=re.escape(f"unknown time zone {bad!r}: use an IANA name such as")):
            Settings(home=tmp_path)


def test_t9_a_bad_timezone_is_a_clear_error_on_the_command_line(tmp_path, monkeypatch):
    from typer.testing import CliRunner

    from tic.cli import app

    monkeypatch.setenv("TIC_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("TIC_TIMEZONE", "Europe/Rom")
    r = CliRunner().invoke(app, ["log"])
    assert r.exit_code == 2
    assert "error: bad setting: TIC_TIMEZONE: unknown time zone 'Europe/Rom'" in r.output
    assert "or unset TIC_TIMEZONE to follow your calendar's time zone" in r.output


def test_t9_timezone_setting_reaches_the_triage(tmp_path, monkeypatch):
    from zoneinfo import ZoneInfo

    from tic.app import build_app, build_triage
    from tic.clock import SystemClock

    monkeypatch.setenv("TIC_TIMEZONE", "Pacific/Auckland")
    s = Settings(home=__import__("tests.conftest", fromlist=["ROOT"]).ROOT, data_dir=tmp_path)
    app = build_app(s, SystemClock())
    triage = build_triage(app, [])
    triage.tick()
    assert triage.last_zone == ZoneInfo("Pacific/Auckland")
    app.world.dispose()
