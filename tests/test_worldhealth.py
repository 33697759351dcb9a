"""R3: the world's faults, as real databases raise them, are named; told once; waited out; a deleted world stops us."""

from __future__ import annotations

import asyncio
import os

import pytest
from sqlalchemy import create_engine, event, insert, select, text
from sqlalchemy.exc import IntegrityError

from tic.db import notice_table, open_world
from tic.worldhealth import WorldGone, WorldHealth, classify

from tests.conftest import PG_URL, T0


def row(n: int = 0) -> dict:
    return dict(key="k", template="t", params={"n": n}, created_at=T0)


def write_many(world, ns) -> None:
    with world.begin() as conn:
        conn.execute(insert(notice_table), [row(n) for n in ns])


def write(world, n: int = 0) -> None:
    with world.begin() as conn:
        conn.execute(insert(notice_table).values(**row(n)))


class Faults:
    """Real SQLite faults, switched per connection as the pool hands it out: read-only or a full database.

    Disk full is simulated with SQLite's own size limit (PRAGMA max_page_count set to the pages in use): the
    same SQLITE_FULL error a full disk gives, without filling the machine's disk."""

    def __init__(self, world) -> None:
        self.mode: str | None = None
        event.listen(world, "checkout", self._apply)

    def _apply(self, dbapi_conn, _record, _proxy) -> None:
        cur = dbapi_conn.cursor()
        cur.execute(f"PRAGMA query_only = {'ON' if self.mode == 'read_only' else 'OFF'}")
        pages = cur.execute("PRAGMA page_count").fetchone()[0]
        cur.execute(f"PRAGMA max_page_count = {pages if self.mode == 'full' else 1073741823}")
        cur.close()


@pytest.fixture
def sqlite_world(tmp_path):
    engine = open_world(f"sqlite:///{tmp_path / 'world.db'}")
    yield engine
    engine.dispose()


# --- classify: the world's faults, as each backend raises them --------------------------------------


def test_r3_a_read_only_sqlite_world_is_named_read_only(sqlite_world):
    Faults(sqlite_world).mode = "read_only"
    with pytest.raises(Exception) as err:
        write(sqlite_world)
    assert classify(err.value).kind == "read_only"


def test_r3_a_full_sqlite_world_is_named_full(sqlite_world):
    Faults(sqlite_world).mode = "full"
    with pytest.raises(Exception) as err:
        for n in range(2000):
            write(sqlite_world, n)
    assert classify(err.value).kind == "full"


def test_r3_errors_that_are_not_the_worlds_are_not_named(sqlite_world):
    write(sqlite_world)
    with pytest.raises(IntegrityError) as err, sqlite_world.begin() as conn:
        conn.execute(insert(notice_table).values(id=1, **row()))
    assert classify(err.value) is None
    assert classify(ValueError("a bug")) is None


@pytest.mark.postgres
def test_r3_a_terminated_postgresql_backend_is_a_lost_connection():
    admin = create_engine(PG_URL)
    try:
        admin.connect().close()
    except Exception:
        pytest.skip("no PostgreSQL here")
    world = create_engine(PG_URL, connect_args={"application_name": "tic-health-test"})
    with world.connect() as conn:
        conn.execute(text("SELECT 1"))
        with admin.begin() as a:  # what a server restart looks like to a client
            a.execute(text("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'tic-health-test'"))
        with pytest.raises(Exception) as err:
            conn.execute(text("SELECT 1"))
    assert classify(err.value).kind == "lost"
    with world.connect() as conn:  # the pool's next connection is a new one
        assert conn.execute(text("SELECT 1")).scalar() == 1
    with world.connect() as conn, pytest.raises(Exception) as err:
        conn.execute(text("SET TRANSACTION READ ONLY"))
        conn.execute(text("CREATE TEMP TABLE x (a int)"))
    assert classify(err.value).kind == "read_only"
    world.dispose(), admin.dispose()


# --- WorldHealth: told once, waited out, resumed ---------------------------------------------------------


def health_for(world, clock):
    told: list[tuple[str, bool]] = []
    posted: list[tuple[str, dict]] = []
    health = WorldHealth(world, clock, tell=lambda line, ok: told.append((line, ok)),
                         post=lambda template, params: posted.append((template, params)), settle=0.3)
    return health, told, posted


@pytest.mark.parametrize("mode, says", [("read_only", "is read-only"), ("full", "is full")])
def test_r3_a_fault_is_told_once_waited_out_and_the_work_resumes_once(sqlite_world, clock, mode, says):
    faults = Faults(sqlite_world)
    for n in range(50):
        write(sqlite_world, n)  # the full world's pages are in use: the next rows need new ones
    health, told, posted = health_for(sqlite_world, clock)
    attempts = []

    async def step():
        attempts.append(clock.now())
        if len(attempts) == 6:
            faults.mode = None  # the disk was cleared, the file made writable again
        await asyncio.to_thread(write_many, sqlite_world, range(100, 300))  # one transaction: all or nothing
        return "stored"

    faults.mode = mode
    start = clock.now()
    assert asyncio.run(health.call("the test's step", step)) == "stored"
    assert len(attempts) == 6 and health.faults == 5
    assert [ok for _, ok in told] == [False, True]  # once when it began, once when it ended
    assert says in told[0][0] and "nothing is lost" in told[0][0] and "works again" in told[1][0]
    assert [(t, p["fault"]) for t, p in posted] == [("the database was unavailable for a while", mode)]
    waits = [(b - a).total_seconds() for a, b in zip(attempts, attempts[1:])]
    assert waits == [1, 2, 4, 8, 16]  # backoff on the Clock
    assert (clock.now() - start).total_seconds() == 31
    with sqlite_world.connect() as conn:
        assert len(conn.execute(select(notice_table.c.id).where(notice_table.c.params["n"].as_integer() >= 100)).all()) == 200


def test_r3_an_error_not_of_the_world_is_not_retried(sqlite_world, clock):
    health, told, _ = health_for(sqlite_world, clock)

    async def bug():
        raise KeyError("a bug")

    with pytest.raises(KeyError):
        asyncio.run(health.call("the test's step", bug))
    assert told == [] and health.faults == 0


def test_r3_a_loop_ended_by_a_fault_is_restarted_and_told_working_once_it_runs_without_one(sqlite_world, clock):
    faults = Faults(sqlite_world)
    health, told, _ = health_for(sqlite_world, clock)
    runs = []

    async def loop():  # meant to run forever; a fault ends it twice
        runs.append(1)
        if len(runs) == 1:
            faults.mode = "read_only"
        if len(runs) == 3:
            faults.mode = None
        await asyncio.to_thread(write, sqlite_world)
        while True:
            await asyncio.sleep(0.05)  # it runs on: a read works on a read-only world and proves nothing

    async def scenario():
        task = asyncio.create_task(health.supervise("the test's loop", loop))
        for _ in range(100):
            await asyncio.sleep(0.05)
            if len(told) == 2:
                break
        task.cancel()

    asyncio.run(scenario())
    assert len(runs) == 3 and [ok for _, ok in told] == [False, True]  # told working after `settle` without a fault


def test_r3_a_read_that_works_on_a_faulty_world_does_not_tell_it_works_again(sqlite_world, clock):
    faults = Faults(sqlite_world)
    health, told, _ = health_for(sqlite_world, clock)
    faults.mode = "read_only"
    attempts = []

    async def store():
        attempts.append(1)
        if len(attempts) == 3:
            faults.mode = None
        await asyncio.to_thread(write, sqlite_world)

    async def read():
        with sqlite_world.connect() as conn:
            return conn.execute(select(notice_table.c.id)).all()

    async def scenario():
        writing = asyncio.create_task(health.call("a write", store))
        await asyncio.sleep(0)
        await health.call("a read", read)  # works: proves nothing about writing
        await writing

    asyncio.run(scenario())
    assert [ok for _, ok in told] == [False, True]


@pytest.mark.parametrize("how", ["deleted", "replaced"])
def test_r3_a_world_deleted_or_replaced_underneath_stops_the_work(tmp_path, clock, how):
    path = tmp_path / "world.db"
    world = open_world(f"sqlite:///{path}")
    health, told, _ = health_for(world, clock)
    write(world)
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(f"{path}{suffix}"):
            os.remove(f"{path}{suffix}")
    if how == "replaced":
        open_world(f"sqlite:///{path}").dispose()  # another, empty world at the same path
    calls = []

    async def step():
        calls.append(1)

    with pytest.raises(WorldGone, match=f"was {how}"):
        asyncio.run(health.call("the test's step", step))
    assert calls == []  # nothing more is written into the old file
    with pytest.raises(WorldGone, match="Put the file back"):
        asyncio.run(health.watch(every=0.01))
    world.dispose()


# --- issue 8: the WAL index (-shm) made unwritable under a live connection: an error, never SIGBUS ------------

IMMUTABLE_CHILD = r"""
import json, os, sqlite3, subprocess, sys
path, how = sys.argv[1], sys.argv[2]

def say(**kw):
    print(json.dumps(kw), flush=True)

if how == "plain":  # SQLite as it is: WAL, a commit, then the next transaction reads its snapshot
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("CREATE TABLE t (x)")
    conn.execute("INSERT INTO t VALUES (1)")
    conn.commit()
    subprocess.run(["chattr", "+i", path, path + "-wal", path + "-shm"], check=True)
    say(step="immutable")
    conn.execute("SELECT count(*) FROM t").fetchall()  # a read mark stored into the -shm mapping: SIGBUS
    say(step="read", fault=None)
    sys.exit(0)

from sqlalchemy import text
from tic.db import open_world
from tic.worldhealth import classify

world = open_world("sqlite:///" + path)
with world.begin() as c:
    c.execute(text("CREATE TABLE t (x)"))
    c.execute(text("INSERT INTO t VALUES (1)"))
subprocess.run(["chattr", "+i", path, path + "-wal", path + "-shm"], check=True)
say(step="immutable")
for step in ("read", "write"):
    try:
        with world.begin() as c:
            c.execute(text("SELECT count(*) FROM t")).all()
            if step == "write":
                c.execute(text("INSERT INTO t VALUES (2)"))
        say(step=step, fault=None)
    except Exception as exc:
        fault = classify(exc)
        say(step=step, fault=fault.kind if fault else repr(exc), detail=fault.detail if fault else "")
if sys.stdin.readline().strip() == "writable":  # the files can be written again: the same engine goes on
    world.dispose()
    with world.begin() as c:
        c.execute(text("INSERT INTO t VALUES (2)"))
    with world.connect() as c:
        say(step="again", rows=c.execute(text("SELECT x FROM t ORDER BY x")).scalars().all())
    world.dispose()
else:
    world.dispose()  # closed while immutable: the last connection's checkpoint would write the -shm
    say(step="closed")
"""


def _immutable_run(path, how: str, then: str = "") -> tuple[int, list[dict]]:
    """Run IMMUTABLE_CHILD (a SIGBUS must not take pytest with it); the files are made writable again after it."""
    import json
    import subprocess
    import sys

    from tests.conftest import ROOT

    proc = subprocess.Popen([sys.executable, "-c", IMMUTABLE_CHILD, str(path), how], cwd=ROOT, text=True,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    files = [f"{path}{suffix}" for suffix in ("", "-wal", "-shm")]
    try:
        lines = []
        while True:
            line = proc.stdout.readline()
            if not line:
                break
            lines.append(json.loads(line))
            if how == "guarded" and lines[-1]["step"] == "write":
                if then == "writable":
                    subprocess.run(["chattr", "-i", *files], check=True)
                proc.stdin.write(then + "\n")
                proc.stdin.close()
        proc.wait(timeout=60)
        if proc.returncode not in (0, -7) and not lines:
            pytest.skip(f"chattr +i refused here (not root, or a filesystem without it): {proc.stderr.read()[-300:]}")
        return proc.returncode, lines
    finally:
        subprocess.run(["chattr", "-i", *files], capture_output=True)
        if proc.poll() is None:
            proc.kill()


def _sigbus_here(tmp_path) -> None:
    """Plain SQLite dies of SIGBUS here when its -shm is made immutable under it; else there is nothing to show."""
    import shutil
    import signal

    if shutil.which("chattr") is None:
        pytest.skip("no chattr here")
    status, lines = _immutable_run(tmp_path / "plain.db", "plain")
    if status != -signal.SIGBUS:
        pytest.skip(f"this filesystem does not raise SIGBUS for an immutable -shm (exit {status}, {lines})")


@pytest.mark.parametrize("then", ["writable", "closed"])
def test_r3_issue8_an_immutable_wal_index_is_a_read_only_fault_not_a_sigbus(tmp_path, then):
    """Before: chattr +i on the world's files killed the process by SIGBUS at its next transaction (a read mark, a
    WAL restart or a close's checkpoint stored into the -shm mapping). Now each transaction is refused first
    (read-only, told once by the engine); once writable the same engine goes on; closed while immutable, it
    exits cleanly and loses nothing."""
    import signal
    import sqlite3

    _sigbus_here(tmp_path)
    path = tmp_path / "world.db"
    status, lines = _immutable_run(path, "guarded", then)
    assert status == 0, (status, lines)
    assert status != -signal.SIGBUS
    faults = [line for line in lines if line["step"] in ("read", "write")]
    assert [(f["step"], f["fault"]) for f in faults] == [("read", "read_only"), ("write", "read_only")]
    assert all("world.db-shm cannot be written" in f["detail"] for f in faults)
    if then == "writable":
        assert lines[-1] == {"step": "again", "rows": [1, 2]}
    else:
        assert lines[-1] == {"step": "closed"}
        conn = sqlite3.connect(path)  # the WAL kept (no checkpoint on that close): the next opener reads it
        assert conn.execute("SELECT x FROM t").fetchall() == [(1,)]
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        conn.close()


def test_r3_issue8_only_an_index_sqlite_could_not_write_is_refused(tmp_path, monkeypatch):
    """shm_unwritable: no -shm, or one only the mode bits forbid (the mapping made before still writes), is fine;
    EPERM (immutable, append-only) and EROFS (its filesystem read-only) are the SIGBUS cases."""
    import errno

    from tic import walindex

    db = tmp_path / "w.db"
    assert walindex.shm_unwritable(db) is None  # no index yet
    (tmp_path / "w.db-shm").write_bytes(b"")
    assert walindex.shm_unwritable(db) is None
    monkeypatch.setattr(walindex.os, "access", lambda *a: False)
    for code, refused in ((errno.EACCES, False), (errno.EPERM, True), (errno.EROFS, True), (errno.ENOENT, False)):
        def refuse(*a, code=code):
            raise (FileNotFoundError if code == errno.ENOENT else OSError)(code, os.strerror(code))

        monkeypatch.setattr(walindex.os, "open", refuse)
        assert (walindex.shm_unwritable(db) is not None) is refused, code


FRESH_CHILD = r"""
import json, sys
from sqlalchemy import text
from tic.db import open_world
from tic.worldhealth import classify

world = open_world("sqlite:///" + sys.argv[1])
with world.connect() as c:
    rows = c.execute(text("SELECT id FROM notices")).scalars().all()
try:
    with world.begin() as c:
        c.execute(text("DELETE FROM notices"))
    fault = None
except Exception as exc:
    fault = classify(exc)
world.dispose()
print(json.dumps({"rows": rows, "fault": fault and fault.kind, "detail": fault and fault.detail}))
"""


def test_r3_issue8_a_world_already_immutable_when_opened_still_reads(tmp_path):
    """A process that opens the world after it was made immutable maps its -shm read-only (no SIGBUS is possible):
    not refused - reads work (`./tic why` on an archived world), a write is SQLite's own read-only error."""
    import json
    import subprocess
    import sys

    from tests.conftest import ROOT

    _sigbus_here(tmp_path)
    path = tmp_path / "world.db"
    keeper = open_world(f"sqlite:///{path}")  # keeps the WAL and the -shm in place, as a running engine would
    write(keeper, 1)
    files = [f"{path}{suffix}" for suffix in ("", "-wal", "-shm")]
    try:
        subprocess.run(["chattr", "+i", *files], check=True)
        child = subprocess.run([sys.executable, "-c", FRESH_CHILD, str(path)], cwd=ROOT, capture_output=True,
                               text=True, timeout=60)
    finally:
        subprocess.run(["chattr", "-i", *files], capture_output=True)
        keeper.dispose()
    assert child.returncode == 0, child.stderr[-2000:]
    seen = json.loads(child.stdout)
    assert len(seen["rows"]) == 1 and seen["fault"] == "read_only" and "readonly database" in seen["detail"], seen
