"""The world: one database (SQLite by default, PostgreSQL when engines share it) and its tables."""

from __future__ import annotations

from datetime import timezone
from pathlib import Path

from sqlalchemy import (
    JSON,
    Boolean,
    Column,
    DateTime,
    Engine,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    TypeDecorator,
    UniqueConstraint,
    create_engine,
    event,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DatabaseError, OperationalError

from tic.errors import ConfigError
from tic.walindex import WalIndexGuard

__all__ = ["memory_world", "metadata", "open_world", "sqlite_url"]

metadata = MetaData()


class UtcDateTime(TypeDecorator):
    """An aware UTC datetime on every backend (SQLite keeps no zone; this puts UTC back)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value, dialect):
        if value is not None:
            if value.tzinfo is None:
                raise ValueError("store aware datetimes only (the Clock returns UTC)")
            value = value.astimezone(timezone.utc)
            if dialect.name == "sqlite":
                value = value.replace(tzinfo=None)
        return value

    def process_result_value(self, value, dialect):
        if value is not None:
            value = value.replace(tzinfo=timezone.utc) if value.tzinfo is None else value.astimezone(timezone.utc)
        return value

# --- notice store (N) -------------------------------------------------------------

notice_table = Table(
    "notices",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("key", String(8), nullable=False),  # N2 handle, from the template
    Column("template", Text, nullable=False),
    Column("params", JSON, nullable=False, default=dict),
    Column("severity", String(8), nullable=False, default="info"),
    Column("kind", String(16), nullable=False, default="notice"),  # "notice" | "notification" (H2)
    Column("origin", String(16), nullable=False, default="code"),  # "code" | "content" (N10)
    Column("actionable", Boolean, nullable=False, default=False),
    Column("poster", String(128), nullable=True),  # caller key of the posting code; NULL = engine
    Column("location", String(512), nullable=True),  # N11 file:line
    Column("readers", JSON, nullable=True),  # the resolved audience (N3): reader keys; NULL in older worlds
    Column("created_at", UtcDateTime(), nullable=False),
    Column("withdrawn_at", UtcDateTime(), nullable=True),
)
Index("ix_notices_key", notice_table.c.key)

# What each reader still has to be shown, already collapsed (N5, N6, N7): one row per
# (reader, template key, poster, series). `series` is '' for info notices (one bucket a
# template, its values summarised within bounds), the values hash for warn/error notices
# (a repeat series, N7), and '#<notice id>' for a notification (never collapsed, H4).
# A post adds to a row (count + 1); a delivery deletes it. Size grows with templates and
# readers, not with posts, so 10,000 posts of one template are one row per reader.
pending_notice_table = Table(
    "notice_pending",
    metadata,
    Column("reader", String(128), primary_key=True),
    Column("key", String(8), primary_key=True),
    Column("poster", String(128), primary_key=True),  # caller key; '' = the engine
    Column("series", String(24), primary_key=True),
    Column("kind", String(16), nullable=False),
    Column("template", Text, nullable=False),
    Column("severity", String(8), nullable=False),  # the highest severity posted into the row
    Column("origin", String(16), nullable=False),  # 'content' if any post was content (N10)
    Column("actionable", Boolean, nullable=False),  # any post actionable (N4)
    Column("location", String(512), nullable=True),  # N11, of the first post
    Column("count", Integer, nullable=False),
    Column("first_id", Integer, nullable=False),
    Column("last_id", Integer, nullable=False),
    Column("first_at", UtcDateTime(), nullable=False),
    Column("last_at", UtcDateTime(), nullable=False),
    Column("params", JSON, nullable=False),  # values of the first post (exact for a series or notification)
    Column("summary", JSON, nullable=True),  # bounded value summary of an info bucket
    Column("due_at", UtcDateTime(), nullable=True),  # a held repeat: not before this (N7)
)
Index("ix_notice_pending_key", pending_notice_table.c.key, pending_notice_table.c.poster)

# N7 repeat state: a warn/error series a reader has been shown, and its hold.
repeat_table = Table(
    "notice_repeats",
    metadata,
    Column("reader", String(128), primary_key=True),
    Column("key", String(8), primary_key=True),
    Column("series", String(24), primary_key=True),
    Column("total", Integer, nullable=False),  # posts of the series shown so far ("in all")
    Column("hold", Float, nullable=False),  # seconds the next repeat is held after the last delivery
    Column("last_delivered", UtcDateTime(), nullable=False),
    Column("last_seen", UtcDateTime(), nullable=False),  # time of the last post delivered (quiet period)
)

# Versions other engines poll (SQLite) to learn that mutes changed (N8 across engines).
notice_sync_table = Table(
    "notice_sync",
    metadata,
    Column("name", String(32), primary_key=True),
    Column("version", Integer, nullable=False),
)

# N8 mutes, per user and caller, kept in the world.
mute_table = Table(
    "notice_mutes",
    metadata,
    Column("user", String(128), primary_key=True),
    Column("caller", String(128), primary_key=True),
    Column("key", String(8), primary_key=True),
    Column("created_at", UtcDateTime(), nullable=False),
)

# --- ChatHub (H) -----------------------------------------------------------------

chat_history_table = Table(
    "chat_history",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("conversation", String(64), nullable=False, default="main"),
    Column("role", String(16), nullable=False),  # user | assistant
    Column("content", Text, nullable=True),
    Column("reasoning_content", Text, nullable=True),
    Column("is_synthetic", Boolean, nullable=False, default=False),
    Column("created_at", UtcDateTime(), nullable=False),
    # a reply's text reached the views (the terminal, the page); NULL: not a reply, or stored and not shown yet
    # (a kill between the two): shown again, marked, on the next start
    Column("shown_at", UtcDateTime(), nullable=True),
)
Index("ix_chat_history_conv", chat_history_table.c.conversation, chat_history_table.c.id)

chat_llm_tools_table = Table(
    "chat_llm_tools",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("message_id", Integer, ForeignKey("chat_history.id", ondelete="CASCADE"), nullable=False),
    Column("call_id", String(64), nullable=False),
    Column("name", String(64), nullable=False),
    Column("arguments", JSON, nullable=False, default=dict),
    Column("status", String(16), nullable=False, default="pending"),  # pending | done | error
    Column("result_type", String(16), nullable=True),  # json | text
    Column("result", Text, nullable=True),
    Column("created_at", UtcDateTime(), nullable=False),
    Column("finished_at", UtcDateTime(), nullable=True),
)
Index("ix_chat_llm_tools_message", chat_llm_tools_table.c.message_id)

# H7/H11 across engines: who owns a root agent's turn. One row per root agent; `epoch` changes with
# every new owner (the fencing token checked in the same transaction as every write of the turn);
# `expires_at` is on the owner's Clock, pushed forward by its heartbeat; owner '' = released.
# `taken_from` is the owner the last acquisition replaced ('' when it had been released cleanly).
turn_lease_table = Table(
    "hub_turn_lease",
    metadata,
    Column("agent", String(128), primary_key=True),
    Column("owner", String(128), nullable=False, default=""),
    Column("epoch", Integer, nullable=False, default=0),
    Column("expires_at", UtcDateTime(), nullable=False),
    Column("beat_at", UtcDateTime(), nullable=False),
    Column("taken_from", String(128), nullable=False, default=""),
)

# --- triage (T) and sources (S) ----------------------------------------------------

decision_table = Table(
    "triage_decisions",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("event_key", String(512), nullable=False),
    Column("version", String(32), nullable=False),
    Column("agent", String(64), nullable=False, default="tic"),
    Column("notify", Boolean, nullable=False),
    Column("reason", Text, nullable=False),
    Column("rule", Text, nullable=True),  # the rule text that decided it, when one did
    Column("summary", Text, nullable=True),
    Column("is_update", Boolean, nullable=False, default=False),
    Column("notice_id", Integer, nullable=True),
    Column("decided_at", UtcDateTime(), nullable=False),
    Column("decided_by", String(16), nullable=True),  # rule | heuristics | model (T6); NULL in older worlds
    Column("label", Text, nullable=True),  # what the event was, for people: "email from X: subject" (T6)
    UniqueConstraint("event_key", "version", name="uq_decision_event_version"),
)
Index("ix_decisions_key", decision_table.c.event_key)

# Events a tick could not decide (the model failed or left them undecided, R3): offered again next tick.
pending_event_table = Table(
    "triage_pending",
    metadata,
    Column("event_key", String(512), primary_key=True),
    Column("agent", String(64), primary_key=True),
    Column("version", String(32), nullable=False),
    Column("event", JSON, nullable=False),  # the Event, as JSON
    Column("offers", Integer, nullable=False, default=1),  # ticks it has been offered to a decider
    Column("first_seen", UtcDateTime(), nullable=False),
)

# R2/T5: an event that could not be read, decided, notified or recorded, with its error (`./tic why`).
# Retried on later ticks (the Event is kept) until `attempts` reaches the limit, then parked: never
# retried, still shown. `version` is '' when the item could not be read at all (no Event to retry).
failure_table = Table(
    "triage_failures",
    metadata,
    Column("event_key", String(512), primary_key=True),
    Column("version", String(32), primary_key=True),
    Column("agent", String(64), primary_key=True),
    Column("stage", String(16), nullable=False),  # read | decide | notify | record
    Column("error", Text, nullable=False),
    Column("event", JSON(none_as_null=True), nullable=True),  # the Event, to retry; NULL for an unreadable item
    Column("label", Text, nullable=True),  # what the event was, for people (as decisions keep it)
    Column("attempts", Integer, nullable=False, default=1),
    Column("first_failed_at", UtcDateTime(), nullable=False),
    Column("last_failed_at", UtcDateTime(), nullable=False),
    Column("parked_at", UtcDateTime(), nullable=True),  # given up: never retried again
)

# T7: a model's reading of a rule the offline reader did not understand, once per version of the rules
# file (RuleSet.version). `reading` NULL = the model was asked and gave none (refused, or no valid answer):
# not asked again for this version. Rows of another `schema_version` (tic.rules.SCHEMA_VERSION) are ignored.
rule_reading_table = Table(
    "rule_reading",
    metadata,
    Column("rules_version", String(32), primary_key=True),
    Column("rule_text_hash", String(64), primary_key=True),  # sha256 of the rule's text
    Column("reading", JSON(none_as_null=True), nullable=True),  # the Reading as JSON; NULL = none
    Column("why", Text, nullable=True),  # why there is no reading (the model's refusal)
    Column("read_by", String(64), nullable=False),  # "model" (the model's name is in the log)
    Column("schema_version", Integer, nullable=False),
    Column("created_at", UtcDateTime(), nullable=False),
)

# T11: events decided as held (quiet hours, "not before 9"): surfaced once when the hold ends. The
# release sets `released_at` with a conditional UPDATE (... WHERE released_at IS NULL) in the same
# transaction as the notification, so one engine releases it, once, whatever restarts or races.
# A newer version of the event decided before the release sets `replaced_at` instead.
held_event_table = Table(
    "held_event",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("event_key", String(512), nullable=False),
    Column("version", String(32), nullable=False),
    Column("agent", String(64), nullable=False, default="tic"),
    Column("event", JSON, nullable=False),  # the Event, as JSON (its notification is built from it)
    Column("summary", Text, nullable=True),  # H1 summary for the notification sent on release
    Column("is_update", Boolean, nullable=False, default=False),  # the held version was an update (T5)
    Column("held_until", UtcDateTime(), nullable=False),
    Column("reason", Text, nullable=False, default=""),  # why it is held, in a few words ("quiet hours")
    Column("zone", String(64), nullable=False, default="UTC"),  # the user's zone when held (T9), for display
    Column("held_at", UtcDateTime(), nullable=False),
    Column("released_at", UtcDateTime(), nullable=True),
    Column("notice_id", Integer, nullable=True),  # the notification posted on release
    Column("replaced_at", UtcDateTime(), nullable=True),  # a newer version was decided while it was held
    UniqueConstraint("event_key", "version", name="uq_held_event_version"),
)
Index("ix_held_event_due", held_event_table.c.released_at, held_event_table.c.held_until)

cursor_table = Table(
    "source_cursors",
    metadata,
    Column("source", String(128), primary_key=True),
    Column("cursor", JSON, nullable=False),
    Column("updated_at", UtcDateTime(), nullable=False),
)


def sqlite_url(path: Path) -> str:
    return f"sqlite:///{path}"


def open_world(url: str, *, create: bool = True, connect_args: dict | None = None) -> Engine:
    """Open the database at `url`, creating the tables when `create` (idempotent).

    SQLite runs in WAL mode with a busy timeout, so several threads and
    processes can share one file; a file world's WAL index is guarded
    (tic.walindex): made unwritable under us, it is an error, never a SIGBUS.
    """
    parsed = make_url(url)
    kwargs: dict = {"future": True}
    if parsed.get_backend_name() == "sqlite":
        if parsed.database and parsed.database != ":memory:":
            Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
        kwargs["connect_args"] = {"timeout": 30, "check_same_thread": False}
    if connect_args:
        kwargs["connect_args"] = {**kwargs.get("connect_args", {}), **connect_args}
    engine = create_engine(url, **kwargs)
    if parsed.get_backend_name() == "sqlite":
        guard = None
        if parsed.database and parsed.database != ":memory:" and not parsed.database.startswith("file:"):
            guard = WalIndexGuard(engine, Path(parsed.database).resolve())  # issue 8: no SIGBUS in the -shm
        event.listen(engine, "connect", lambda dbapi_conn, record: _sqlite_pragmas(dbapi_conn, record, guard))
    if create:
        try:
            _create_schema(engine)
        except (OperationalError, DatabaseError) as exc:
            engine.dispose()
            raise ConfigError(_cannot_open(parsed, exc)) from exc
        except ConfigError:  # a world a newer release upgraded: left as it is
            engine.dispose()
            raise
    return engine


def _cannot_open(parsed, exc: Exception) -> str:
    """What to tell a person whose world will not open (nothing in it was changed)."""
    where = parsed.database if parsed.get_backend_name() == "sqlite" else parsed.render_as_string(hide_password=True)
    reason = str(getattr(exc, "orig", exc)).strip().splitlines()[0]
    if parsed.get_backend_name() == "sqlite":
        hint = "if it is not a tic database, move it aside or point TIC_DATABASE_URL elsewhere; nothing was changed"
    else:
        hint = "check that the server is running and TIC_DATABASE_URL (host, port, user, database) is right"
    return f"cannot open the database {where}: {reason}; {hint}"


SCHEMA_LOCK = 0x7469635F776F726C  # PostgreSQL advisory lock key for schema changes ("tic_worl")


def _create_schema(engine: Engine) -> None:
    """Create or upgrade the world (Alembic revisions, tic.migrations), idempotent under concurrent starts (H11).

    A world at this release's revision is only inspected (no lock, no write: a read-only world
    still opens). Otherwise the upgrade runs in one transaction under a lock - PostgreSQL: a
    transaction-level advisory lock; SQLite: BEGIN IMMEDIATE (the file's write lock) - and is
    checked again under it, so of twenty engines starting on a new world one creates it and
    nineteen find it made. A world made before migrations existed (no alembic_version) is
    upgraded from the baseline, keeping every row. An "already exists" from a creator outside
    the lock (an older version) is tolerated: the check runs again.
    """
    from tic import migrations

    with engine.connect() as conn:
        if migrations.at_head(conn) or migrations.is_current(conn):
            return
    for attempt in range(3):
        try:
            with engine.connect() as conn:
                if conn.dialect.name == "sqlite":
                    conn.exec_driver_sql("BEGIN IMMEDIATE")
                elif conn.dialect.name == "postgresql":
                    conn.exec_driver_sql(f"SELECT pg_advisory_xact_lock({SCHEMA_LOCK})")
                migrations.upgrade(conn, metadata)
                conn.commit()
            return
        except DatabaseError as exc:
            if attempt == 2 or not _already_exists(exc):
                raise


def _already_exists(exc: DatabaseError) -> bool:
    code = getattr(exc.orig, "sqlstate", None)  # psycopg: duplicate table/object, or the pg_type race
    return code in ("42P07", "42710", "23505") or "already exists" in str(exc.orig)


def _sqlite_pragmas(dbapi_conn, record, guard: WalIndexGuard | None = None) -> None:
    if guard is not None:
        guard.on_connect(dbapi_conn, record)  # before the first statement can touch the WAL index (tic.walindex)
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.close()


def memory_world() -> Engine:
    """A private in-memory world (one connection shared by every thread), for runs that must write nothing to disk."""
    from sqlalchemy.pool import StaticPool

    engine = create_engine("sqlite://", future=True, poolclass=StaticPool,
                           connect_args={"check_same_thread": False})
    metadata.create_all(engine)
    return engine
