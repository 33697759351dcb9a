"""Shared fixtures: a fresh world (SQLite in a temp folder), the project's roster, a manual clock."""

from __future__ import annotations

import os
from datetime import datetime, timezone
from pathlib import Path

import pytest

from tic.agents import load_roster
from tic.clock import ManualClock
from tic.db import open_world
from tic.notices import SqlNoticeStore

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
EVAL_DEV = Path(os.environ.get("TIC_EVAL_DIR", SHARED / "eval" / "dev"))
T0 = datetime(2026, 11, 30, 9, 0, tzinfo=timezone.utc)


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock(T0)


@pytest.fixture
def roster():
    return load_roster(ROOT / "agents")


PG_URL = os.environ.get("TIC_TEST_POSTGRES_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test")


def _postgres_world():
    """A fresh schema on the PostgreSQL server for one test (skipped when no server answers)."""
    import uuid

    from sqlalchemy import create_engine, text

    admin = create_engine(PG_URL)
    try:
        with admin.begin() as conn:
            schema = "t_" + uuid.uuid4().hex[:12]
            conn.execute(text(f"CREATE SCHEMA {schema}"))
    except Exception as exc:  # no server here: the SQLite run still covers the contract
        admin.dispose()
        pytest.skip(f"PostgreSQL not reachable at {PG_URL}: {exc.__class__.__name__}")
    engine = open_world(PG_URL, connect_args={"options": f"-csearch_path={schema}"})
    return engine, admin, schema


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def world(request, tmp_path):
    """The world, once on SQLite and once on PostgreSQL: one contract, every backend."""
    if request.param == "sqlite":
        engine = open_world(f"sqlite:///{tmp_path / 'world.db'}")
        yield engine
        engine.dispose()
        return
    from sqlalchemy import text

    engine, admin, schema = _postgres_world()
    yield engine
    engine.dispose()
    with admin.begin() as conn:
        conn.execute(text(f"DROP SCHEMA {schema} CASCADE"))
    admin.dispose()


@pytest.fixture
def store(world, roster, clock) -> SqlNoticeStore:
    return SqlNoticeStore(world, roster, clock)
