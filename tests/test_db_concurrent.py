"""H11: twenty engines starting at once on a new world all open it (one creates the tables, none fails)."""

from __future__ import annotations

import subprocess
import sys
import time
import uuid

import pytest

from tests.conftest import PG_URL, ROOT
from tests.test_db_migrations import prev_postgres  # noqa: F401  (a fixture)

STARTERS = 20

OPEN = """
import sys, time
from tic.db import open_world
url, schema, start = sys.argv[1], sys.argv[2], float(sys.argv[3])
time.sleep(max(0.0, start - time.time()))  # every process opens at the same instant
try:
    open_world(url, connect_args={"options": "-csearch_path=" + schema} if schema else None).dispose()
    print("ok")
except Exception as exc:
    print("FAIL", exc)
"""


def start_together(url: str, schema: str = "") -> list[str]:
    start = time.time() + 2.0
    procs = [subprocess.Popen([sys.executable, "-c", OPEN, url, schema, str(start)], cwd=ROOT,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True) for _ in range(STARTERS)]
    return [p.communicate(timeout=120)[0].strip() for p in procs]


def tables(engine) -> set[str]:
    from sqlalchemy import inspect

    return set(inspect(engine).get_table_names())


def test_h11_twenty_engines_create_a_new_sqlite_world_at_once(tmp_path):
    from tic.db import metadata, open_world

    for round_ in range(2):
        url = f"sqlite:///{tmp_path / f'world{round_}.db'}"
        outputs = start_together(url)
        assert outputs == ["ok"] * STARTERS, [o for o in outputs if o != "ok"][:3]
        engine = open_world(url, create=False)
        assert tables(engine) >= set(metadata.tables)
        engine.dispose()


@pytest.mark.postgres
def test_h11_twenty_engines_create_a_new_postgresql_world_at_once():
    from sqlalchemy import create_engine, text

    from tic.db import metadata

    admin = create_engine(PG_URL)
    schema = "race_" + uuid.uuid4().hex[:10]
    try:
        with admin.begin() as conn:
            conn.execute(text(f"CREATE SCHEMA {schema}"))
    except Exception as exc:
        admin.dispose()
        pytest.skip(f"PostgreSQL not reachable at {PG_URL}: {exc.__class__.__name__}")
    try:
        outputs = start_together(PG_URL, schema)
        assert outputs == ["ok"] * STARTERS, [o for o in outputs if o != "ok"][:3]
        with admin.connect() as conn:
            made = set(conn.execute(text("SELECT tablename FROM pg_tables WHERE schemaname = :s"), {"s": schema}).scalars())
        assert made >= set(metadata.tables)
    finally:
        with admin.begin() as conn:
            conn.execute(text(f"DROP SCHEMA {schema} CASCADE"))
        admin.dispose()


def test_h11_a_complete_world_is_only_inspected(tmp_path):
    """The creation lock is taken only when something is missing: a finished world opens without a write
    (so a read-only world still opens)."""
    from sqlalchemy import event
    from sqlalchemy.engine import Engine

    from tic.db import open_world

    url = f"sqlite:///{tmp_path / 'world.db'}"
    open_world(url).dispose()
    seen: list[str] = []

    def record(conn, cursor, statement, *args):
        seen.append(statement.strip().split()[0].upper())

    event.listen(Engine, "before_cursor_execute", record)
    try:
        open_world(url).dispose()
    finally:
        event.remove(Engine, "before_cursor_execute", record)
    assert seen and set(seen) <= {"SELECT", "PRAGMA"}, seen


def test_h11_twenty_engines_upgrade_a_previous_release_sqlite_world_at_once(tmp_path):
    """Issue 10.4: the migration runs under the same lock: one engine upgrades, nineteen find it done, no row lost."""
    import shutil

    from sqlalchemy import create_engine

    from tests.test_db_migrations import PREV, kept, snapshot
    from tic import migrations

    shutil.copyfile(PREV / "world.db", tmp_path / "tic.db")
    url = f"sqlite:///{tmp_path / 'tic.db'}"
    plain = create_engine(url)
    before = snapshot(plain)
    plain.dispose()
    outputs = start_together(url)
    assert outputs == ["ok"] * STARTERS, [o for o in outputs if o != "ok"][:3]
    engine = create_engine(url)
    with engine.connect() as conn:
        assert migrations.current(conn) == migrations.head()
    kept(before, snapshot(engine))
    engine.dispose()


@pytest.mark.postgres
def test_h11_twenty_engines_upgrade_a_previous_release_postgresql_world_at_once(prev_postgres):
    from sqlalchemy import create_engine

    from tests.test_db_migrations import kept, snapshot
    from tic import migrations

    plain = create_engine(PG_URL, connect_args=prev_postgres)
    before = snapshot(plain)
    outputs = start_together(PG_URL, prev_postgres["options"].removeprefix("-csearch_path="))
    assert outputs == ["ok"] * STARTERS, [o for o in outputs if o != "ok"][:3]
    with plain.connect() as conn:
        assert migrations.current(conn) == migrations.head()
    kept(before, snapshot(plain))
    plain.dispose()
