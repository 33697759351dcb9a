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
