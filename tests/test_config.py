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
