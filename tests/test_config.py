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
