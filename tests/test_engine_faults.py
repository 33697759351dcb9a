"""R3/H11/T5: the engine (`run_engine`, its tick, consumer and chat) under a failing world - told once, no crash,
nothing lost, nothing doubled; a world deleted underneath stops it cleanly (tic.worldhealth)."""

from __future__ import annotations

import asyncio
import io
import json
import os
import threading
import uuid

import pytest
from sqlalchemy import create_engine, select, text

from tests.conftest import PG_URL, ROOT
from tests.test_worldhealth import Faults
from tic.app import build_app
from tic.clock import SystemClock
from tic.config import Settings
from tic.db import chat_history_table, chat_llm_tools_table, notice_table
from tic.demo import EXPECTED_NOTIFY, create_demo
from tic.engine import run_engine
from tic.worldhealth import WorldGone


def demo_app(tmp_path, database_url: str | None = None):
    settings = Settings(home=ROOT, data_dir=tmp_path / "data", demo=True, database_url=database_url)
    clock = SystemClock()
    create_demo(settings.data_dir, clock.now())
    return build_app(settings, clock)


def delivered(world) -> list[str]:
    """The event keys the main agent was handed, one entry per time (H11: each exactly once)."""
    q = (select(chat_llm_tools_table.c.result)
         .join(chat_history_table, chat_history_table.c.id == chat_llm_tools_table.c.message_id)
         .where(chat_history_table.c.is_synthetic.is_(True), chat_llm_tools_table.c.name == "read_notification"))
    with world.connect() as conn:
        results = [r for (r,) in conn.execute(q)]
    return [item["refs"]["event_key"] for result in results for item in json.loads(result) if "event_key" in item["refs"]]


def on_first_notification(app, action) -> None:
    """Run `action` once, in the posting thread, right after the first notification is stored (mid-tick)."""
    fired = threading.Event()

    def heard(notice, readers) -> None:
        if notice.kind == "notification" and not fired.is_set():
            fired.set()
            action()

    app.store.subscribe(heard)


def run(app, stdin=None, timeout: float = 120) -> tuple[int, list[str]]:
    said: list[str] = []
    status = asyncio.run(asyncio.wait_for(run_engine(app, stdin=stdin or io.StringIO(""), say=said.append), timeout))
    return status, said


@pytest.mark.parametrize("mode, says, when", [("read_only", "is read-only", "mid-run"), ("full", "is full", "at start")])
def test_r3_a_read_only_or_full_world_is_said_once_and_the_engine_resumes_when_it_can_write(tmp_path, mode, says, when):
    """Read-only: SQLite's PRAGMA query_only (root ignores chmod), from the first notification on (mid-tick; the
    consumer's injection and the chat meet it). Full: PRAGMA max_page_count at the pages in use - the same
    SQLITE_FULL a full disk gives, without filling this machine's disk - from the start, so that the tick's
    decisions (which need new pages) meet it. Either way it lasts 2.5 s."""
    app = demo_app(tmp_path)
    faults = Faults(app.world)

    def fail_for_a_while() -> None:
        faults.mode = mode
        threading.Timer(2.5, lambda: setattr(faults, "mode", None)).start()

    if when == "mid-run":
        on_first_notification(app, fail_for_a_while)
    else:
        fail_for_a_while()
    try:
        status, said = run(app)
        assert status == 0
        assert sorted(delivered(app.world)) == sorted(EXPECTED_NOTIFY)  # 0 lost, 0 doubled
        faulted = [line for line in said if line.startswith("[tic] the database")]
        assert len(faulted) == 2 and says in faulted[0] and "works again" in faulted[1], said
        with app.world.connect() as conn:
            held = conn.execute(select(notice_table.c.params).where(
                notice_table.c.template == "the database was unavailable for a while")).scalars().all()
        assert [p["fault"] for p in held] == [mode]  # the held notice, stored once the world could be written
    finally:
        faults.mode = None
        app.world.dispose()


@pytest.mark.postgres
def test_r3_h11_t5_postgresql_restarted_under_a_running_engine_recovers_by_itself_nothing_lost_or_doubled(tmp_path):
    """A server restart as a client sees it: every backend of the engine terminated (pg_terminate_backend), twice
    mid-run - the tick's, the consumer's, the store's LISTEN connection."""
    admin = create_engine(PG_URL)
    try:
        with admin.begin() as conn:
            schema = "t_" + uuid.uuid4().hex[:12]
            conn.execute(text(f"CREATE SCHEMA {schema}"))
    except Exception as exc:  # noqa: BLE001
        admin.dispose()
        pytest.skip(f"PostgreSQL not reachable: {exc.__class__.__name__}")
    name = f"tic-{schema}"
    app = demo_app(tmp_path, f"{PG_URL}?application_name={name}&options=-csearch_path%3D{schema}")
    killed: list[int] = []

    def restart() -> None:
        with admin.begin() as conn:
            killed.append(len(conn.execute(text("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                                                "WHERE application_name = :n"), {"n": name}).all()))

    def restart_twice() -> None:
        restart()
        threading.Timer(0.5, restart).start()

    on_first_notification(app, restart_twice)
    try:
        status, said = run(app)
        assert status == 0 and killed and killed[0] >= 1
        assert sorted(delivered(app.world)) == sorted(EXPECTED_NOTIFY)  # 0 lost, 0 doubled
        assert len([line for line in said if "cannot be reached" in line]) <= 1  # said once at most (it may not hit a query)
    finally:
        app.world.dispose()
        with admin.begin() as conn:
            conn.execute(text(f"DROP SCHEMA {schema} CASCADE"))
        admin.dispose()


@pytest.mark.parametrize("how", ["deleted", "replaced"])
def test_r3_a_sqlite_world_deleted_or_replaced_under_a_running_engine_stops_it_cleanly(tmp_path, how):
    """Its open connections would go on writing into the deleted file: the engine stops with a clear error instead."""
    app = demo_app(tmp_path)
    path = tmp_path / "data" / "tic.db"
    read_end, write_end = os.pipe()  # the user's terminal: open, nothing typed
    stdin = os.fdopen(read_end)

    def pull_the_file() -> None:
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(f"{path}{suffix}"):
                os.remove(f"{path}{suffix}")
        if how == "replaced":
            path.write_bytes(b"")

    threading.Timer(1.5, pull_the_file).start()
    try:
        with pytest.raises(WorldGone, match=f"{path} was {how}.*stopped rather than write"):
            run(app, stdin=stdin, timeout=60)
    finally:
        os.close(write_end)
        app.world.dispose()


def test_r3_a_chat_line_typed_while_the_world_is_read_only_is_stored_once_and_answered_once(tmp_path):
    """Before: one chat line on a full or read-only world crashed the engine. Now the line waits with the world."""
    app = demo_app(tmp_path)
    faults = Faults(app.world)
    faults.mode = "read_only"
    threading.Timer(2.5, lambda: setattr(faults, "mode", None)).start()
    try:
        status, said = run(app, stdin=io.StringIO("hello\n"))
        assert status == 0
        with app.world.connect() as conn:
            users = conn.execute(select(chat_history_table.c.content).where(chat_history_table.c.role == "user")).scalars().all()
        assert users == ["hello"]  # stored once, after the world could be written
        assert sorted(delivered(app.world)) == sorted(EXPECTED_NOTIFY)
        assert len([line for line in said if "is read-only" in line]) == 1
    finally:
        faults.mode = None
        app.world.dispose()


def test_r3_a_run_whose_world_stays_read_only_ends_with_a_clear_error_and_the_next_run_tells_all_once(tmp_path):
    """At start (and at the end of the input) nothing waits for ever: a world still failing after the patience ends the run
    (WorldDown, a clear error: exit 2 in ./tic run); nothing stored is lost, the next run tells everything once."""
    from tic.worldhealth import WorldDown

    app = demo_app(tmp_path)
    faults = Faults(app.world)
    faults.mode = "read_only"
    said: list[str] = []
    try:
        with pytest.raises(WorldDown, match="is read-only.* s at start; stopped. Nothing stored was lost"):
            asyncio.run(asyncio.wait_for(run_engine(app, stdin=io.StringIO(""), say=said.append, world_patience=2), 60))
        assert len([line for line in said if "is read-only" in line]) == 1
        assert delivered(app.world) == []
    finally:
        faults.mode = None
        app.world.dispose()
    app = demo_app(tmp_path)  # the next run, on a writable world
    try:
        status, _ = run(app)
        assert status == 0 and sorted(delivered(app.world)) == sorted(EXPECTED_NOTIFY)
    finally:
        app.world.dispose()


def test_r3_a_world_that_turns_read_only_for_good_mid_run_ends_a_piped_run_at_the_end_of_its_input(tmp_path):
    from tic.worldhealth import WorldDown

    app = demo_app(tmp_path)
    faults = Faults(app.world)
    on_first_notification(app, lambda: setattr(faults, "mode", "read_only"))
    said: list[str] = []
    try:
        with pytest.raises(WorldDown, match="at the end of the input; stopped"):
            asyncio.run(asyncio.wait_for(run_engine(app, stdin=io.StringIO(""), say=said.append, world_patience=2), 60))
        assert len([line for line in said if "is read-only" in line]) == 1
    finally:
        faults.mode = None
        app.world.dispose()
    app = demo_app(tmp_path)
    try:
        status, _ = run(app)
        assert status == 0 and sorted(delivered(app.world)) == sorted(EXPECTED_NOTIFY)  # the rest, once
    finally:
        app.world.dispose()


IMMUTABLE_FOR_GOOD = r"""
import asyncio, io, json, subprocess, sys
from pathlib import Path

from tests.test_engine_faults import demo_app, run
from tic.engine import run_engine
from tic.worldhealth import WorldDown

tmp = Path(sys.argv[1])
app = demo_app(tmp)
status, _ = run(app)  # the demo told; the pool's connections stay open, the -shm mapped read-write
path = tmp / "data" / "tic.db"
subprocess.run(["chattr", "+i", *(f"{path}{suffix}" for suffix in ("", "-wal", "-shm"))], check=True)
said = []
try:
    asyncio.run(asyncio.wait_for(run_engine(app, stdin=io.StringIO(""), say=said.append, world_patience=2), 60))
    outcome = "ran"
except WorldDown as exc:
    outcome = str(exc)
print(json.dumps({"first": status, "outcome": outcome, "said": said}), flush=True)
# the end, files still immutable, connections open: closing them must not checkpoint into the -shm (SIGBUS)
"""


def test_r3_issue8_a_world_made_immutable_for_good_ends_the_run_with_a_clear_error_not_sigbus(tmp_path):
    """Before: the next run's first read stored a read mark into the immutable -shm's map and the process died of
    SIGBUS, and so did its exit (the last connection's checkpoint). Now: told once as read-only, WorldDown after
    the patience (exit 2 in ./tic run), a clean exit; once writable, the next run tells nothing twice."""
    import json
    import shutil
    import subprocess
    import sys

    if shutil.which("chattr") is None:
        pytest.skip("no chattr here")
    path = tmp_path / "data" / "tic.db"
    try:
        child = subprocess.run([sys.executable, "-c", IMMUTABLE_FOR_GOOD, str(tmp_path)], cwd=ROOT,
                               capture_output=True, text=True, timeout=120)
    finally:
        subprocess.run(["chattr", "-i", *(f"{path}{suffix}" for suffix in ("", "-wal", "-shm"))], capture_output=True)
    if child.returncode != 0 and "chattr" in child.stderr and "Operation not supported" in child.stderr:
        pytest.skip("chattr +i refused here")
    assert child.returncode == 0, (child.returncode, child.stderr[-2000:])  # -7 was SIGBUS
    seen = json.loads(child.stdout.strip().splitlines()[-1])
    assert seen["first"] == 0
    assert "is read-only" in seen["outcome"] and "at start; stopped" in seen["outcome"], seen
    told = [line for line in seen["said"] if line.startswith("[tic] the database")]
    assert len(told) == 1 and "-shm cannot be written" in told[0], seen["said"]
    app = demo_app(tmp_path)  # writable again: the next run
    try:
        status, _ = run(app)
        assert status == 0 and sorted(delivered(app.world)) == sorted(EXPECTED_NOTIFY)  # each once, none lost
    finally:
        app.world.dispose()
