"""Helpers for the notice tests: counting SQL statements, reading rendered counts, fresh stores."""

from __future__ import annotations

import re
from contextlib import contextmanager
from typing import Iterator

from sqlalchemy import event, text

from tic.notices import SqlNoticeStore

NOTICE_TABLES = ("notice_pending", "notice_repeats", "notice_mutes", "notice_sync", "notices")


@contextmanager
def counting(engine) -> Iterator[list[str]]:
    """Every SQL statement `engine` runs inside the block (SQLAlchemy's before_cursor_execute hook)."""
    seen: list[str] = []

    def hook(conn, cursor, statement, parameters, context, executemany):
        seen.append(statement)

    event.listen(engine, "before_cursor_execute", hook)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", hook)


_COUNT = re.compile(r" \(x(\d+)(?: again, (\d+) in all)?\)")


def shown(line: str) -> int:
    """How many posts a rendered line says it covers: `(xN)`, `(xK again, T in all)` or 1."""
    m = _COUNT.search(line)
    return int(m.group(1)) if m else 1


def in_all(line: str) -> int | None:
    m = _COUNT.search(line)
    return int(m.group(2)) if m and m.group(2) else None


def wipe(engine) -> None:
    """Empty the notice tables (between hypothesis examples on one world)."""
    with engine.begin() as conn:
        for table in NOTICE_TABLES:
            conn.execute(text(f"DELETE FROM {table}"))


def second_engine(world):
    """Another engine on the same world: its own connection pool, its own store state."""
    from sqlalchemy import create_engine

    if world.dialect.name == "sqlite":
        return create_engine(world.url, connect_args={"timeout": 30, "check_same_thread": False})
    with world.connect() as conn:
        schema = conn.execute(text("SELECT current_schema()")).scalar()
    return create_engine(world.url, connect_args={"options": f"-csearch_path={schema}"})


def make_store(engine, roster, clock, **kw) -> SqlNoticeStore:
    return SqlNoticeStore(engine, roster, clock, **kw)
