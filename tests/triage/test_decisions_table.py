"""T6: a world created before `decided_by` existed gets the column when it is opened again (its migration)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from sqlalchemy import inspect

import tic.migrations
from tic.db import _create_schema


def baseline_schema():
    """The tables as the release before migrations made them (revision 0001's frozen copy)."""
    path = Path(tic.migrations.__file__).parent / "versions" / "0001_baseline.py"
    spec = importlib.util.spec_from_file_location("baseline_0001", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.schema


def as_before_migrations(world) -> None:
    """Turn a new world into one the releases before migrations left: baseline tables, no alembic_version."""
    baseline = baseline_schema()
    have = inspect(world)
    with world.begin() as conn:
        for name in have.get_table_names():
            if name == "alembic_version" or name not in baseline.tables:
                conn.exec_driver_sql(f"DROP TABLE {name}")
                continue
            for column in have.get_columns(name):
                if column["name"] not in baseline.tables[name].c:
                    conn.exec_driver_sql(f"ALTER TABLE {name} DROP COLUMN {column['name']}")


def test_t6_an_older_world_gains_the_decided_by_column(world):
    as_before_migrations(world)
    with world.begin() as conn:
        conn.exec_driver_sql("ALTER TABLE triage_decisions DROP COLUMN decided_by")
    assert "decided_by" not in {c["name"] for c in inspect(world).get_columns("triage_decisions")}
    for _ in range(2):  # idempotent: what open_world runs on start
        _create_schema(world)
    assert "decided_by" in {c["name"] for c in inspect(world).get_columns("triage_decisions")}
