"""Make the previous release's worlds (commit ebd9a09, before migrations) with data in every table.

Run it with THAT release's code on the path, never this one's, from this checkout's root:

    git worktree add ../prev ebd9a09
    PYTHONPATH=../prev/src python tests/data/prev_world/make.py tests/data/prev_world

It writes `world.db` (SQLite) and `world.pg.sql` (a pg_dump --inserts of the same world on
PostgreSQL, in the schema `tic_prev_release`, which the test renames). The notices and the
conversation are written through that release's own store and history; the other tables by
plain inserts into its own tables. `rows.json` lists each table's row count.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

from sqlalchemy import create_engine, func, insert, select, text

from tic import db as old
from tic.agents import load_roster
from tic.clock import ManualClock
from tic.db import open_world
from tic.hub._history import ChatHistory
from tic.models import AssistantMessage, ToolCall
from tic.notices import SqlNoticeStore

T0 = datetime(2026, 11, 20, 9, 0, tzinfo=timezone.utc)
PG_URL = os.environ.get("TIC_TEST_POSTGRES_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test")
SCHEMA = "tic_prev_release"


def fill(engine, roster_dir: Path) -> dict[str, int]:
    clock = ManualClock(T0)
    store = SqlNoticeStore(engine, load_roster(roster_dir), clock)
    store.post("disk {name} is nearly full", {"name": "/home"}, severity="warn", audience=["main"])
    store.post("backup finished", audience="*")
    store.post("calendar {cal} could not be read", {"cal": "work.ics"}, severity="error", audience=["main"])
    store.deliver("agent:main")  # shown once: read marks and repeat state
    store.post("disk {name} is nearly full", {"name": "/home"}, severity="warn", audience=["main"])  # a held repeat
    store.post("backup finished", audience="*")  # unread
    history = ChatHistory(engine, clock)
    history.append_user("what is on my calendar today?")
    history.append_assistant(AssistantMessage(content=None, tool_calls=(ToolCall("call_1", "read_file", {"path": "notifications.md"}),)))
    with engine.begin() as conn:
        history.inject_read_notification([{"source": "email", "event_type": "message", "summary": "Mario wrote"}],
                                         connection=conn)
    history.append_assistant(AssistantMessage(content="Mario wrote to you about the invoice.", tool_calls=()))
    now = clock.now()
    with engine.begin() as conn:
        for i in range(3):
            conn.execute(insert(old.decision_table).values(
                event_key=f"email:<m{i}@example.com>", version=f"v{i}", agent="tic", notify=i % 2 == 0,
                reason=f"rule {i}", rule="Always notify: Mario", summary=f"Mario wrote {i}", is_update=False,
                notice_id=None, decided_at=now - timedelta(days=i), decided_by="rule", label=f"email from Mario: {i}"))
        conn.execute(insert(old.held_event_table).values(
            event_key="whatsapp:w1", version="1", agent="tic", event={"key": "whatsapp:w1", "body": "hi"},
            summary="Anna wrote", is_update=False, held_until=now + timedelta(hours=8), reason="quiet hours",
            zone="Europe/Rome", held_at=now))
        conn.execute(insert(old.pending_event_table).values(
            event_key="email:<p@x>", agent="tic", version="1", event={"key": "email:<p@x>"}, offers=2, first_seen=now))
        conn.execute(insert(old.failure_table).values(
            event_key="email:<bad@x>", version="", agent="tic", stage="read", error="unreadable", event=None,
            label=None, attempts=3, first_failed_at=now, last_failed_at=now, parked_at=now))
        conn.execute(insert(old.rule_reading_table).values(
            rules_version="abc", rule_text_hash="0" * 64, reading=None, why="refused", read_by="model",
            schema_version=1, created_at=now))
        conn.execute(insert(old.cursor_table).values(source="maildir:inbox", cursor={"seen": ["a", "b"]}, updated_at=now))
        conn.execute(insert(old.mute_table).values(user="me", caller="agent:main", key="0a1b2c3d", created_at=now))
        conn.execute(insert(old.turn_lease_table).values(agent="main", owner="", epoch=3, expires_at=now, beat_at=now,
                                                         taken_from=""))
        conn.execute(insert(old.repeat_table).values(reader="agent:main", key="0a1b2c3d", series="s", total=2, hold=60.0,
                                                     last_delivered=now, last_seen=now))
        conn.execute(insert(old.notice_sync_table).values(name="mutes", version=4))
        counts = {t: conn.execute(select(func.count()).select_from(old.metadata.tables[t])).scalar_one()
                  for t in sorted(old.metadata.tables)}
    assert all(counts.values()), counts
    return counts


def main(out: Path) -> None:
    roster_dir = Path(old.__file__).resolve().parents[2] / "agents"
    out.mkdir(parents=True, exist_ok=True)
    (out / "world.db").unlink(missing_ok=True)
    engine = open_world(f"sqlite:///{out / 'world.db'}")
    counts = fill(engine, roster_dir)
    with engine.connect() as conn:
        conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
    engine.dispose()
    (out / "rows.json").write_text(json.dumps(counts, indent=1, sort_keys=True) + "\n")
    admin = create_engine(PG_URL)
    with admin.begin() as conn:
        conn.execute(text(f"DROP SCHEMA IF EXISTS {SCHEMA} CASCADE"))
        conn.execute(text(f"CREATE SCHEMA {SCHEMA}"))
    pg = open_world(PG_URL, connect_args={"options": f"-csearch_path={SCHEMA}"})
    assert fill(pg, roster_dir) == counts
    pg.dispose()
    dump = subprocess.run(["pg_dump", "--inserts", "--no-owner", "--no-privileges", f"--schema={SCHEMA}",
                           "-h", "127.0.0.1", "-U", "postgres", "test"], check=True, capture_output=True, text=True).stdout
    (out / "world.pg.sql").write_text(dump)
    with admin.begin() as conn:
        conn.execute(text(f"DROP SCHEMA {SCHEMA} CASCADE"))
    admin.dispose()


if __name__ == "__main__":
    main(Path(sys.argv[1]))
