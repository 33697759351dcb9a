"""The world: a file that is not a database, or a server that does not answer, is a clear error; nothing changes."""

from __future__ import annotations

import pytest

from tic.db import open_world
from tic.errors import ConfigError


def test_a_file_that_is_not_a_database_is_refused_untouched(tmp_path):
    path = tmp_path / "tic.db"
    path.write_bytes(b"my notes, not a database\n" * 100)
    before = path.read_bytes()
    with pytest.raises(ConfigError, match="move it aside"):
        open_world(f"sqlite:///{path}")
    assert path.read_bytes() == before


def test_an_unreachable_server_says_what_to_check():
    with pytest.raises(ConfigError, match="check that the server is running") as err:
        open_world("postgresql+psycopg://someone:secret@127.0.0.1:1/nowhere")
    assert "secret" not in str(err.value)


def test_run_reports_it_without_a_traceback(tmp_path, monkeypatch):
    from typer.testing import CliRunner

    from tic.cli import app

    (tmp_path / "tic.db").write_text("not a database")
    monkeypatch.setenv("TIC_DATA_DIR", str(tmp_path))
    r = CliRunner().invoke(app, ["run"], input="")
    assert r.exit_code == 2 and "cannot open the database" in r.output
