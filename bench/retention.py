"""A year of history pruned while ticks write: `python -m bench.retention [--backend sqlite|postgresql|both] [--pg URL] [--quick]`.

Builds a world holding a year (365 days) of history - notices (a few still unread by a reader
that never reads), decisions, held events released long ago, a long conversation - then runs the
engine's own pruner (tic.retention.Pruner.run on the SystemClock, batches in a worker thread,
its pause between batches) to a 30-day retention of everything, while a thread does what a
tick does, again and again: one transaction inserting 20 decisions, then a notice posted through
the notice store. It times every tick-like write (begin to commit) during the pruning and, for
comparison, the same writes for 60 s (--quick: 10 s) with no pruning running, and every pruning batch's transaction (the longest is
how long a write can wait on the pruner: SQLite has one write lock; on PostgreSQL the pruner's
deletes and a tick's inserts touch other rows and share no lock). The target: no write waits
more than 100 ms on the pruner - counted exactly: the writer's connections give up on a lock after
100 ms (SQLite's busy timeout, PostgreSQL's lock_timeout), so each longer wait is a failed write
(`lock_waits_over_100ms`); the write times also hold the CPU the two share on a busy machine. Prints one
JSON line per backend and checks that what must stay stayed (unread notices, the newest
conversation messages, every row newer than the cutoff).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import tempfile
import threading
import time
import uuid
from datetime import timedelta
from pathlib import Path

from sqlalchemy import create_engine, func, insert, select, text

ROOT = Path(__file__).resolve().parent.parent
PG_URL = os.environ.get("TIC_TEST_POSTGRES_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test")
DAYS = 365
KEEP = timedelta(days=30)


def build(world, clock, *, notices: int, decisions: int, held: int, messages: int) -> None:
    """A year of history, spread evenly."""
    from tic.db import chat_history_table, decision_table, held_event_table, notice_table, pending_notice_table

    now = clock.now()
    span = timedelta(days=DAYS)

    def at(i: int, n: int):
        return now - span + span * (i / n)

    chunk = 5000
    with world.begin() as conn:
        for start in range(0, notices, chunk):
            conn.execute(insert(notice_table), [
                dict(key=f"{i % 50:08x}", template=f"template {i % 50}", params={"i": i}, severity="info",
                     kind="notice", origin="code", actionable=False, poster=None, location=None,
                     readers=["agent:main"], created_at=at(i, notices))
                for i in range(start, min(notices, start + chunk))])
        # a reader that never reads: its pending rows cover the first 100 notices of three templates
        first = conn.execute(select(func.min(notice_table.c.id))).scalar_one()
        conn.execute(insert(pending_notice_table), [
            dict(reader="agent:digest", key=f"{k:08x}", poster="", series="", kind="notice", template=f"template {k}",
                 severity="info", origin="code", actionable=False, count=2, first_id=first + k,
                 last_id=first + k + 100, first_at=now - span, last_at=now - span, params={}, summary=None)
            for k in range(3)])
        for start in range(0, decisions, chunk):
            conn.execute(insert(decision_table), [
                dict(event_key=f"email:<m{i}@example.com>", version="1", agent="tic", notify=i % 7 == 0,
                     reason="Never notify: newsletters", rule="newsletters", summary=None, is_update=False,
                     decided_at=at(i, decisions), decided_by="rule", label=f"email from someone: subject {i}")
                for i in range(start, min(decisions, start + chunk))])
        conn.execute(insert(held_event_table), [
            dict(event_key=f"whatsapp:h{i}", version="1", agent="tic", event={"key": f"whatsapp:h{i}"},
                 summary="x wrote", is_update=False, held_until=at(i, held) + timedelta(hours=8), reason="quiet hours",
                 zone="UTC", held_at=at(i, held), released_at=at(i, held) + timedelta(hours=8))
            for i in range(held)])
        for start in range(0, messages, chunk):
            conn.execute(insert(chat_history_table), [
                dict(conversation="main", role="user" if i % 2 == 0 else "assistant", content=f"message {i}",
                     is_synthetic=False, created_at=at(i, messages))
                for i in range(start, min(messages, start + chunk))])


def newer_than(world, since) -> dict[str, int]:
    """The built history's rows newer than `since` (what pruning must leave alone), the ticker's own left out."""
    from tic.db import decision_table, notice_table

    with world.connect() as conn:
        return {
            "notices": conn.execute(select(func.count()).where(notice_table.c.created_at >= since,
                                                               notice_table.c.template.like("template %"))).scalar_one(),
            "decisions": conn.execute(select(func.count()).where(decision_table.c.decided_at >= since,
                                                                 decision_table.c.event_key.like("email:<m%"))).scalar_one(),
        }


class Ticker(threading.Thread):
    """Tick-like writes, one after another with a short gap, each timed from begin to commit.

    Its connections give up on a lock after 100 ms (SQLite's busy timeout, PostgreSQL's lock_timeout):
    a write that waited longer than that on the pruner fails and is counted in `lock_waits_over_100ms`.
    """

    def __init__(self, world, store, clock) -> None:
        super().__init__(daemon=True)
        self.world, self.store, self.clock = world, store, clock
        self.times: list[float] = []
        self.failed = 0
        self.stop = threading.Event()
        self.n = 0

    def run(self) -> None:
        from sqlalchemy.exc import OperationalError

        from tic.db import decision_table

        while not self.stop.is_set():
            self.n += 1
            t0 = time.perf_counter()
            try:
                with self.world.begin() as conn:
                    conn.execute(insert(decision_table), [
                        dict(event_key=f"email:<tick{self.n}-{i}-{uuid.uuid4().hex[:6]}@x>", version="1", agent="tic",
                             notify=False, reason="r", decided_at=self.clock.now()) for i in range(20)])
                self.store.post("tick {n} decided", {"n": self.n}, audience=["main"])
            except OperationalError:  # "database is locked" / lock_timeout: it waited over 100 ms for a lock
                self.failed += 1
            self.times.append(time.perf_counter() - t0)
            self.stop.wait(0.02)


def figures(times: list[float]) -> dict[str, float]:
    ms = sorted(t * 1000 for t in times)
    return {"writes": len(ms), "max_ms": round(ms[-1], 1), "p99_ms": round(ms[int(len(ms) * 0.99) - 1], 1),
            "median_ms": round(statistics.median(ms), 1), "over_100ms": sum(t > 100 for t in ms)}


def ticker_world(url: str, schema: str):
    """The ticker's own engine, giving up on any lock after 100 ms."""
    from tic.db import open_world

    if schema:
        return open_world(url, connect_args={"options": f"-csearch_path={schema} -clock_timeout=100"})
    return open_world(url, connect_args={"timeout": 0.1})


class TimedPruner:
    """The engine's pruner, each batch's transaction timed: the longest is how long a writer can wait on it."""

    def __new__(cls, *args, **kwargs):
        from tic.retention import Pruner

        class _Timed(Pruner):
            batches: list[float] = []

            def _step(self, p):
                t0 = time.perf_counter()
                super()._step(p)
                self.batches.append(time.perf_counter() - t0)
                self.kinds[p.kind] = max(self.kinds.get(p.kind, 0.0), self.batches[-1])

        _Timed.batches = []
        _Timed.kinds = {}
        return _Timed(*args, **kwargs)


def run(backend: str, url: str, schema: str, sizes: dict[str, int], batch: int, pause: float, alone: float) -> dict:
    from tic.agents import load_roster
    from tic.clock import SystemClock
    from tic.db import chat_history_table, notice_table, open_world, pending_notice_table
    from tic.notices import SqlNoticeStore
    from tic.retention import Retention

    args = {"options": f"-csearch_path={schema}"} if schema else None
    world = open_world(url, connect_args=args)
    clock = SystemClock()
    t0 = time.perf_counter()
    build(world, clock, **sizes)
    with world.connect() as conn:  # a year-old world's rows were checkpointed long ago, and analysed
        if conn.dialect.name == "postgresql":
            conn.exec_driver_sql("CHECKPOINT")
            for table in ("notices", "notice_pending", "triage_decisions", "held_event", "chat_history", "chat_llm_tools"):
                conn.exec_driver_sql(f"ANALYZE {table}")  # this world's tables only (the search_path's schema)
        else:
            conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
    ticks = ticker_world(url, schema)
    store = SqlNoticeStore(ticks, load_roster(ROOT / "agents"), clock)
    built = time.perf_counter() - t0

    baseline = Ticker(ticks, store, clock)
    baseline.start()
    time.sleep(alone)
    baseline.stop.set()
    baseline.join()

    retention = Retention(notices=KEEP, decisions=KEEP, held=KEEP, conversation=KEEP, conversation_messages=1000)
    pruner = TimedPruner(world, clock, retention, batch=batch, pause=pause)
    since = clock.now() - KEEP + timedelta(minutes=1)  # the pruner's cutoff is a few ms later than now - KEEP
    stay = newer_than(world, since)
    ticker = Ticker(ticks, store, clock)
    ticker.start()
    t1 = time.perf_counter()
    counts = asyncio.run(pruner.run())
    pruning = time.perf_counter() - t1
    ticker.stop.set()
    ticker.join()

    with world.connect() as conn:
        unread = conn.execute(select(func.count()).select_from(notice_table).where(
            notice_table.c.id.in_(select(pending_notice_table.c.first_id)))).scalar_one()
        messages = conn.execute(select(func.count()).select_from(chat_history_table)).scalar_one()
    assert newer_than(world, since) == stay, (newer_than(world, since), stay)
    assert messages >= min(1000, sizes["messages"]) and unread >= 3, (messages, unread)
    store.close()
    ticks.dispose()
    world.dispose()
    return {"backend": backend, "history": sizes, "retention_days": KEEP.days, "batch": batch, "pause_s": pause,
            "build_s": round(built, 1), "pruned": counts, "pruning_s": round(pruning, 1),
            "batches": len(pruner.batches), "longest_batch_ms": round(max(pruner.batches) * 1000, 1),
            "median_batch_ms": round(statistics.median(pruner.batches) * 1000, 1),
            "longest_batch_ms_by_kind": {k: round(v * 1000, 1) for k, v in pruner.kinds.items()},
            "lock_waits_over_100ms": ticker.failed, "lock_waits_over_100ms_without_pruning": baseline.failed,
            "ticks_during_pruning": figures(ticker.times), "ticks_without_pruning": figures(baseline.times)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--backend", choices=["sqlite", "postgresql", "both"], default="both")
    ap.add_argument("--pg", default=PG_URL, help="PostgreSQL URL (a fresh schema is used and dropped)")
    ap.add_argument("--quick", action="store_true", help="a tenth of the history")
    ap.add_argument("--batch", type=int, default=500)
    ap.add_argument("--pause", type=float, default=0.1)
    args = ap.parse_args()
    scale = 10 if args.quick else 1
    alone = 10.0 if args.quick else 60.0  # seconds of tick-like writes with no pruning, for comparison
    # a busy year: ~300 decisions and ~140 notices a day, a hold a day, ~150 chat messages a day
    sizes = {"notices": 50_000 // scale, "decisions": 110_000 // scale, "held": 365, "messages": 55_000 // scale}
    if args.backend in ("sqlite", "both"):
        with tempfile.TemporaryDirectory() as tmp:
            print(json.dumps(run("sqlite", f"sqlite:///{Path(tmp) / 'world.db'}", "", sizes, args.batch, args.pause,
                                 alone)))
    if args.backend == "sqlite":
        return
    admin = create_engine(args.pg)
    schema = "bench_" + uuid.uuid4().hex[:10]
    try:
        with admin.begin() as conn:
            conn.execute(text(f"CREATE SCHEMA {schema}"))
    except Exception as exc:  # no server: the SQLite figures stand alone
        print(json.dumps({"backend": "postgresql", "skipped": exc.__class__.__name__}))
        return
    try:
        print(json.dumps(run("postgresql", args.pg, schema, sizes, args.batch, args.pause, alone)))
    finally:
        with admin.begin() as conn:
            conn.execute(text(f"DROP SCHEMA {schema} CASCADE"))
        admin.dispose()


if __name__ == "__main__":
    main()
