"""T6: a world created before `decided_by` existed gets the column when it is opened again (its migration)."""

from __future__ import annotations

from sqlalchemy import inspect

from tic.db import _create_schema


def test_t6_an_older_world_gains_the_decided_by_column(world):
    with world.begin() as conn:
        conn.exec_driver_sql("ALTER TABLE triage_decisions DROP COLUMN decided_by")
        conn.exec_driver_sql("DROP TABLE alembic_version")  # as the releases before migrations left it
    assert "decided_by" not in {c["name"] for c in inspect(world).get_columns("triage_decisions")}
    for _ in range(2):  # idempotent: what open_world runs on start
        _create_schema(world)
    assert "decided_by" in {c["name"] for c in inspect(world).get_columns("triage_decisions")}
