"""Schema migrations of the world (Alembic): revisions ship in versions/ and run on every start, under a lock.

No alembic.ini is needed: the revisions are found beside this file, so an installed copy finds
them too. `tic.db.open_world` calls `at_head` (plain SQL), then `is_current` (reads only, with
Alembic) and, when the world is behind, `upgrade` inside its locked transaction. A world made before migrations existed (no
alembic_version table) is upgraded from the baseline, which creates only what it lacks.

Adding a table or column to `tic.db.metadata` needs a revision here: copy the newest file of
versions/, set `revision` and `down_revision`, write `upgrade()` with `alembic.op`, set HEAD below; the test
comparing the migrated schema with the metadata (tests/test_db_migrations.py) fails until it
exists and prints what is missing. This package never imports tic.db: the metadata is passed in.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from sqlalchemy import MetaData, inspect

from tic.errors import ConfigError

__all__ = ["HEAD", "at_head", "head", "current", "is_current", "upgrade", "differences"]

HERE = Path(__file__).resolve().parent
# The newest revision, written out so that opening a current world needs no Alembic import (~0.2 s a start).
# A new revision updates it; tests/test_db_migrations.py fails until it does. A stale value costs only
# that time (the full check runs), never a wrong answer.
HEAD = "0002"


def at_head(conn) -> bool:
    """The quick check on every start: is the world stamped at HEAD? Plain SQL, no Alembic."""
    from sqlalchemy import select, table, column

    if not inspect(conn).has_table("alembic_version"):
        return False
    versions = conn.execute(select(column("version_num")).select_from(table("alembic_version"))).scalars().all()
    return versions == [HEAD]


@cache
def _script():
    from alembic.script import ScriptDirectory

    return ScriptDirectory(str(HERE), version_locations=[str(HERE / "versions")])


def head() -> str:
    """The newest revision this release knows."""
    return _script().get_current_head()


def current(conn) -> str | None:
    """The world's revision (None: made before migrations, or empty). Reads only."""
    from alembic.migration import MigrationContext

    return MigrationContext.configure(conn).get_current_revision()


def is_current(conn) -> bool:
    """Is the world at this release's head? Raises ConfigError for a world a newer release upgraded."""
    rev = current(conn)
    if rev is not None and rev != head() and rev not in _known():
        raise ConfigError(
            f"the database is at schema revision {rev!r}, newer than this tic knows (up to {head()!r}): "
            "run the newer tic that upgraded it, or point TIC_DATABASE_URL at another database; nothing was changed"
        )
    return rev == head()


def _known() -> set[str]:
    return {r.revision for r in _script().walk_revisions()}


def upgrade(conn, metadata: MetaData, *, replay: bool = False) -> str | None:
    """Bring the world to head inside the caller's transaction (the caller holds the lock and commits).

    An empty world gets `metadata` created and is stamped at head (Alembic's recipe for a new
    database) unless `replay`, which runs every revision from the first (how the schema test
    checks the revisions against the metadata); a world never stamped whose tables are already
    exactly the metadata's is stamped; any other world runs the revisions from where it is.
    Returns the revision it started from ('' for an empty world, 'pre-migrations' for a world of
    the releases before, 'unstamped'), or None when it was already at head.
    """
    if is_current(conn):
        return None
    rev = current(conn)
    if rev is None and not set(inspect(conn).get_table_names()) & set(metadata.tables) and not replay:
        metadata.create_all(conn)
        _run(conn, metadata, lambda r, _ctx: _script()._stamp_revs("head", r))
        return ""
    if rev is None and not replay and not differences(conn, metadata):
        # tables exactly as this release makes them, but never stamped (made with create_all alone): stamp only
        _run(conn, metadata, lambda r, _ctx: _script()._stamp_revs("head", r))
        return "unstamped"
    _run(conn, metadata, lambda r, _ctx: _script()._upgrade_revs("head", r))
    return rev or "pre-migrations"


def _run(conn, metadata: MetaData, fn) -> None:
    from alembic.config import Config
    from alembic.runtime.environment import EnvironmentContext

    with EnvironmentContext(Config(), _script(), fn=fn, destination_rev="head") as env:
        env.configure(connection=conn, target_metadata=metadata)
        with env.begin_transaction():  # the caller's transaction: nothing is committed here
            env.run_migrations()


def differences(conn, metadata: MetaData) -> list:
    """What the world's schema lacks or has beyond `metadata` (Alembic's compare_metadata); [] = in step."""
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    ctx = MigrationContext.configure(conn, opts={"compare_type": True})
    return [d for d in compare_metadata(ctx, metadata) if not _ignored(d)]


def _ignored(diff) -> bool:
    """alembic_version is Alembic's own table, not part of the metadata."""
    return isinstance(diff, tuple) and diff[0] == "remove_table" and diff[1].name == "alembic_version"
