"""Issue 10.4: the world's schema is migrated by Alembic on start; a world of the previous release is upgraded
in place, keeping every row; the revisions build exactly the schema of the metadata (SQLite and PostgreSQL)."""

from __future__ import annotations

import json
import shutil
import sqlite3
import uuid
from datetime import datetime, timezone
from pathlib import Path

import pytest
from sqlalchemy import MetaData, create_engine, select, text

from tests.conftest import PG_URL
from tic import migrations
from tic.db import metadata, open_world
from tic.errors import ConfigError

PREV = Path(__file__).resolve().parent / "data" / "prev_world"  # made by make.py with the release before migrations
ROWS = json.loads((PREV / "rows.json").read_text())
T = datetime(2026, 11, 30, 9, 0, tzinfo=timezone.utc)


def snapshot(engine) -> dict[str, set[tuple]]:
    """Every row of every table, as (column, value) pairs: what a reader of the world could see."""
    seen = MetaData()
    out = {}
    with engine.connect() as conn:
        seen.reflect(conn)
        for name, table in seen.tables.items():
            if name != "alembic_version":
                out[name] = {tuple(sorted((k, repr(v)) for k, v in r.items())) for r in conn.execute(select(table)).mappings()}
    return out


def kept(before: dict[str, set[tuple]], after: dict[str, set[tuple]]) -> None:
    """Every row of `before` is in `after` with the same values (columns added since are ignored)."""
    assert set(before) <= set(after)
    for name, rows in before.items():
        cols = {k for row in rows for k, _ in row}
        projected = {tuple(p for p in row if p[0] in cols) for row in after[name]}
        assert rows <= projected, f"{name}: rows lost or changed by the upgrade"


@pytest.fixture
def prev_sqlite(tmp_path) -> str:
    path = tmp_path / "tic.db"
    shutil.copyfile(PREV / "world.db", path)
    return f"sqlite:///{path}"


@pytest.fixture
def prev_postgres():
    """The previous release's world, loaded from its pg_dump into a fresh schema; yields (url, connect_args)."""
    admin = create_engine(PG_URL)
    schema = "prev_" + uuid.uuid4().hex[:10]
    sql = (PREV / "world.pg.sql").read_text().replace("tic_prev_release", schema)
    sql = "\n".join(line for line in sql.splitlines() if not line.startswith("\\"))  # psql's own commands
    try:
        raw = admin.raw_connection()
    except Exception as exc:
        admin.dispose()
        pytest.skip(f"PostgreSQL not reachable at {PG_URL}: {exc.__class__.__name__}")
    try:
        with raw.cursor() as cur:
            cur.execute(sql)
        raw.commit()
    finally:
        raw.close()
    yield {"options": f"-csearch_path={schema}"}
    with admin.begin() as conn:
        conn.execute(text(f"DROP SCHEMA {schema} CASCADE"))
    admin.dispose()


def test_the_previous_release_world_is_recognised_and_not_yet_versioned(prev_sqlite):
    engine = create_engine(prev_sqlite)
    with engine.connect() as conn:
        assert migrations.current(conn) is None
    assert {k: len(v) for k, v in snapshot(engine).items()} == ROWS
    engine.dispose()


def test_a_sqlite_world_of_the_previous_release_is_upgraded_on_open_keeping_every_row(prev_sqlite):
    plain = create_engine(prev_sqlite)
    before = snapshot(plain)
    plain.dispose()
    engine = open_world(prev_sqlite)
    with engine.connect() as conn:
        assert migrations.current(conn) == migrations.head()
        assert migrations.differences(conn, metadata) == []
    kept(before, snapshot(engine))
    engine.dispose()


@pytest.mark.postgres
def test_a_postgresql_world_of_the_previous_release_is_upgraded_on_open_keeping_every_row(prev_postgres):
    plain = create_engine(PG_URL, connect_args=prev_postgres)
    before = snapshot(plain)
    plain.dispose()
    assert {k: len(v) for k, v in before.items()} == ROWS
    engine = open_world(PG_URL, connect_args=prev_postgres)
    with engine.connect() as conn:
        assert migrations.current(conn) == migrations.head()
        assert migrations.differences(conn, metadata) == []
    kept(before, snapshot(engine))
    engine.dispose()


def test_tic_run_upgrades_the_previous_release_world_and_loses_nothing(tmp_path, monkeypatch):
    """The user's path: `./tic run` on a data folder whose tic.db the previous release made."""
    from typer.testing import CliRunner

    from tic.cli import app

    shutil.copyfile(PREV / "world.db", tmp_path / "tic.db")
    plain = create_engine(f"sqlite:///{tmp_path / 'tic.db'}")
    before = snapshot(plain)
    plain.dispose()
    monkeypatch.setenv("TIC_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("TIC_DEMO", "false")
    r = CliRunner().invoke(app, ["run"], input="")
    assert r.exit_code == 0, r.output
    engine = open_world(f"sqlite:///{tmp_path / 'tic.db'}", create=False)
    with engine.connect() as conn:
        assert migrations.current(conn) == migrations.head()
    after = snapshot(engine)
    engine.dispose()
    for name in ("notices", "chat_history", "chat_llm_tools", "triage_decisions", "held_event", "notice_mutes",
                 "rule_reading", "triage_failures", "source_cursors"):  # history the run only adds to
        cols = {k for row in before[name] for k, _ in row}
        ids = {dict(row).get("id", row) for row in before[name]}
        assert len(after[name]) >= len(before[name]), name
        if "id" in cols:
            assert ids <= {dict(row)["id"] for row in after[name]}, name


@pytest.mark.parametrize("backend", ["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def test_the_revisions_build_exactly_the_metadata(backend, tmp_path):
    """A table or column added to tic.db.metadata without its revision fails here (Alembic's compare_metadata)."""
    if backend == "sqlite":
        engine, cleanup = create_engine(f"sqlite:///{tmp_path / 'w.db'}"), None
    else:
        admin = create_engine(PG_URL)
        schema = "rev_" + uuid.uuid4().hex[:10]
        try:
            with admin.begin() as conn:
                conn.execute(text(f"CREATE SCHEMA {schema}"))
        except Exception as exc:
            pytest.skip(f"PostgreSQL not reachable at {PG_URL}: {exc.__class__.__name__}")
        engine = create_engine(PG_URL, connect_args={"options": f"-csearch_path={schema}"})

        def cleanup():
            with admin.begin() as conn:
                conn.execute(text(f"DROP SCHEMA {schema} CASCADE"))
            admin.dispose()
    try:
        with engine.connect() as conn:
            assert migrations.upgrade(conn, metadata, replay=True) == "pre-migrations"
            conn.commit()
            diffs = migrations.differences(conn, metadata)
        assert diffs == [], f"tic.db.metadata and the revisions in tic/migrations/versions differ: {diffs}"
    finally:
        engine.dispose()
        if cleanup:
            cleanup()


def test_a_new_world_is_created_from_the_metadata_and_stamped(tmp_path):
    engine = open_world(f"sqlite:///{tmp_path / 'new.db'}")
    with engine.connect() as conn:
        assert migrations.current(conn) == migrations.head()
        assert migrations.differences(conn, metadata) == []
    engine.dispose()


def test_a_world_a_newer_release_upgraded_is_refused_untouched(tmp_path):
    path = tmp_path / "tic.db"
    open_world(f"sqlite:///{path}").dispose()
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE alembic_version SET version_num = 'f00d'")
        conn.commit()
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    before = path.read_bytes()
    with pytest.raises(ConfigError, match="newer than this tic knows.*nothing was changed"):
        open_world(f"sqlite:///{path}")
    assert path.read_bytes() == before


def test_a_world_older_than_the_previous_release_gains_its_missing_columns(tmp_path):
    """Worlds from before the columns added in place (notices.readers, decisions.decided_by/label) upgrade too."""
    path = tmp_path / "tic.db"
    shutil.copyfile(PREV / "world.db", path)
    with sqlite3.connect(path) as conn:
        for table, column in (("notices", "readers"), ("triage_decisions", "decided_by"), ("triage_decisions", "label")):
            conn.execute(f"ALTER TABLE {table} DROP COLUMN {column}")
    engine = open_world(f"sqlite:///{path}")
    with engine.connect() as conn:
        assert migrations.differences(conn, metadata) == []
        assert conn.execute(text("SELECT count(*) FROM triage_decisions")).scalar_one() == ROWS["triage_decisions"]
    engine.dispose()


def test_a_world_with_every_table_but_never_stamped_is_stamped_not_migrated_again(tmp_path):
    """Tables made by create_all alone (a tool, a test world) are already current: stamped, rows kept."""
    from sqlalchemy import insert

    from tic.db import cursor_table

    engine = create_engine(f"sqlite:///{tmp_path / 'tic.db'}")
    metadata.create_all(engine)
    with engine.begin() as conn:
        conn.execute(insert(cursor_table).values(source="s", cursor={"a": 1}, updated_at=T))
    before = snapshot(engine)
    engine.dispose()
    engine = open_world(f"sqlite:///{tmp_path / 'tic.db'}")
    with engine.connect() as conn:
        assert migrations.current(conn) == migrations.head()
    assert snapshot(engine) == before
    engine.dispose()


def test_head_is_written_out_for_the_quick_check_on_start():
    """tic.migrations.HEAD lets a current world open without importing Alembic: it must name the newest revision."""
    assert migrations.HEAD == migrations.head(), (
        f"set HEAD = {migrations.head()!r} in src/tic/migrations/__init__.py (the newest revision)")


def test_opening_a_current_world_imports_no_alembic(tmp_path):
    import subprocess
    import sys

    url = f"sqlite:///{tmp_path / 'tic.db'}"
    open_world(url).dispose()
    code = ("import sys; from tic.db import open_world; open_world(sys.argv[1]).dispose(); "
            "print(sorted(m for m in sys.modules if m.startswith('alembic')))")
    out = subprocess.run([sys.executable, "-c", code, url], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
