"""Benchmarks of the notice store: `python -m bench.notices [--pg URL] [--quick]`.

(a) posts per second through `SqlNoticeStore.post` against a plain SQLAlchemy Core insert of
    the same rows (the history row and one row per reader, one transaction per post), as a ratio;
(b) SQL statements a tool call makes when nothing is pending for its caller (SQLAlchemy's
    before_cursor_execute hook), and its cost in microseconds;
(c) 10,000 posts of one template: the time and peak memory (tracemalloc) to take and render
    them, against 100 and 1,000 posts - they must not grow with the count;
(d) fan-out of one "*" notice to 100 readers: the post, then every reader's delivery.

Runs on SQLite (a temporary file) and on PostgreSQL when one answers (TIC_TEST_POSTGRES_URL or
--pg; a throwaway schema). Prints one line per figure and a JSON summary at the end.
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
import tracemalloc
import uuid
from datetime import datetime, timezone
from pathlib import Path

from pydantic import BaseModel
from sqlalchemy import JSON, Boolean, Column, Integer, MetaData, String, Table, Text, create_engine, event, insert, text

from tic.agents import Agent, AgentMeta, Roster, load_roster
from tic.clock import ManualClock
from tic.db import UtcDateTime, notice_table, open_world
from tic.hub import CallContext, Tool, ToolRegistry
from tic.models import ToolCall
from tic.notices import SqlNoticeStore, key_for

ROOT = Path(__file__).resolve().parent.parent
PG_URL = os.environ.get("TIC_TEST_POSTGRES_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test")
T0 = datetime(2026, 11, 30, 9, 0, tzinfo=timezone.utc)

# The baseline's per-reader rows: the columns of notice_pending, no key, nothing merged.
_plain = MetaData()
plain_pending = Table(
    "bench_plain_pending", _plain,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("reader", String(128)), Column("key", String(8)), Column("poster", String(128)),
    Column("series", String(24)), Column("kind", String(16)), Column("template", Text),
    Column("severity", String(8)), Column("origin", String(16)), Column("actionable", Boolean),
    Column("location", String(512)), Column("count", Integer), Column("first_id", Integer),
    Column("last_id", Integer), Column("first_at", UtcDateTime()), Column("last_at", UtcDateTime()),
    Column("params", JSON), Column("summary", JSON), Column("due_at", UtcDateTime()),
)


def roster_of(n: int) -> Roster:
    agents = {f"a{i:03d}": Agent(AgentMeta(name=f"a{i:03d}"), "", ROOT) for i in range(n)}
    return Roster(agents=agents)


class World:
    """A fresh world on one backend; `close()` removes it."""

    def __init__(self, backend: str, pg_url: str) -> None:
        self.backend = backend
        if backend == "sqlite":
            self._dir = tempfile.TemporaryDirectory()
            self.url = f"sqlite:///{self._dir.name}/bench.db"
            self.engine = open_world(self.url)
        else:
            self._admin = create_engine(pg_url)
            self.schema = "bench_" + uuid.uuid4().hex[:10]
            with self._admin.begin() as conn:
                conn.execute(text(f"CREATE SCHEMA {self.schema}"))
            self.engine = open_world(pg_url, connect_args={"options": f"-csearch_path={self.schema}"})
        _plain.create_all(self.engine)

    def close(self) -> None:
        self.engine.dispose()
        if self.backend == "sqlite":
            self._dir.cleanup()
        else:
            with self._admin.begin() as conn:
                conn.execute(text(f"DROP SCHEMA {self.schema} CASCADE"))
            self._admin.dispose()


def _post_args(i: int):
    """The mix posted: mostly a collapsing info template, some warn series, some new values."""
    if i % 4 == 3:
        return "enemy spawn failed", {"wave": i % 5}, "warn"
    return "texture atlas rebuilt", {"path": f"{i}.png"}, "info"


def bench_posts(world: World, n: int, rounds: int) -> dict:
    """(a) store posts/s against plain inserts of the same rows; best of `rounds`, interleaved."""
    roster = load_roster(ROOT / "agents")
    clock = ManualClock(T0)
    store = SqlNoticeStore(world.engine, roster, clock)
    readers = ["agent:main"]
    store_rates, plain_rates = [], []
    for _ in range(rounds):
        t = time.perf_counter()
        for i in range(n):
            template, params, severity = _post_args(i)
            store.post(template, params, severity=severity, audience=["main"])
        store_rates.append(n / (time.perf_counter() - t))
        t = time.perf_counter()
        for i in range(n):
            template, params, severity = _post_args(i)
            row = {"key": key_for(template), "template": template, "params": params, "severity": severity,
                   "kind": "notice", "origin": "code", "actionable": True, "poster": None, "location": None,
                   "readers": readers, "created_at": clock.now()}
            with world.engine.begin() as conn:
                nid = conn.execute(insert(notice_table), row).inserted_primary_key[0]
                conn.execute(insert(plain_pending), [
                    {"reader": r, "key": row["key"], "poster": "", "series": "", "kind": "notice", "template": template,
                     "severity": severity, "origin": "code", "actionable": True, "location": None, "count": 1,
                     "first_id": nid, "last_id": nid, "first_at": row["created_at"], "last_at": row["created_at"],
                     "params": params, "summary": None, "due_at": None} for r in readers])
        plain_rates.append(n / (time.perf_counter() - t))
        store.take("agent:main")
    store.close()
    s, p = max(store_rates), max(plain_rates)
    return {"posts": n, "store_per_s": round(s), "plain_per_s": round(p), "ratio": round(s / p, 2)}


class _NoArgs(BaseModel):
    pass


def bench_idle_call(world: World, calls: int) -> dict:
    """(b) statements and time of a tool call when nothing is pending for its caller."""
    store = SqlNoticeStore(world.engine, load_roster(ROOT / "agents"), ManualClock(T0))
    registry = ToolRegistry(store)
    registry.register(Tool("echo", "echo", _NoArgs, lambda args, ctx: "ok"))
    ctx = CallContext("tic", depth=1)
    store.post("something for tic", audience=["tic"])
    first = registry.call(ToolCall("c", "echo", {}), ctx)  # delivers it; learns that nothing more is pending
    assert first.notices
    seen: list[str] = []

    def hook(conn, cursor, statement, parameters, context, executemany):
        seen.append(statement)

    event.listen(world.engine, "before_cursor_execute", hook)
    t = time.perf_counter()
    for _ in range(calls):
        registry.call(ToolCall("c", "echo", {}), ctx)
    elapsed = time.perf_counter() - t
    event.remove(world.engine, "before_cursor_execute", hook)
    # the same call on a registry without a store: what the middleware adds
    bare = ToolRegistry(None)
    bare.register(Tool("echo", "echo", _NoArgs, lambda args, ctx: "ok"))
    t = time.perf_counter()
    for _ in range(calls):
        bare.call(ToolCall("c", "echo", {}), ctx)
    base = time.perf_counter() - t
    store.close()
    return {"calls": calls, "statements": len(seen), "statements_per_call": len(seen) / calls,
            "us_per_call": round(elapsed / calls * 1e6, 1), "us_per_call_without_store": round(base / calls * 1e6, 1)}


def bench_collapse(world: World, counts: list[int]) -> dict:
    """(c) N posts of one template, taken and rendered: time and peak memory per N."""
    out = {}
    for n in counts:
        store = SqlNoticeStore(world.engine, load_roster(ROOT / "agents"), ManualClock(T0))
        for i in range(n):
            store.post("texture atlas rebuilt", {"path": f"{i}.png"}, audience=["main"])
        store.post("warm-up", audience=["tic"])
        store.take("agent:tic")  # statements compiled, connection pooled: what is measured is the read
        tracemalloc.start()
        t = time.perf_counter()
        lines = [line.text for line in store.take("agent:main")]
        elapsed = time.perf_counter() - t
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        assert lines == [f'texture atlas rebuilt (x{n}) {{ path="0.png", "1.png", ... }} #{key_for("texture atlas rebuilt")}'], lines
        out[n] = {"ms": round(elapsed * 1000, 2), "peak_kib": round(peak / 1024, 1), "line": lines[0]}
        store.close()
    return out


def bench_fanout(world: World, readers: int, posts: int) -> dict:
    """(d) one "*" notice to `readers` readers: the post, then each reader's delivery; then `posts` more."""
    roster = roster_of(readers)
    store = SqlNoticeStore(world.engine, roster, ManualClock(T0))
    t = time.perf_counter()
    store.post("lighting rebaked", audience="*")
    post_ms = (time.perf_counter() - t) * 1000
    t = time.perf_counter()
    got = [store.deliver(caller) for caller in roster.callers_here()]
    deliver_ms = (time.perf_counter() - t) * 1000
    assert all(len(lines) == 1 for lines in got)
    t = time.perf_counter()
    for i in range(posts):
        store.post("lighting rebaked", {"pass": i}, audience="*")
    many_ms = (time.perf_counter() - t) * 1000
    with world.engine.connect() as conn:
        rows = conn.execute(text("SELECT count(*) FROM notice_pending")).scalar()
    t = time.perf_counter()
    got = [store.deliver(caller) for caller in roster.callers_here()]
    many_deliver_ms = (time.perf_counter() - t) * 1000
    assert all(lines[0].count == posts for lines in got)
    store.close()
    return {"readers": readers, "post_ms": round(post_ms, 2), "deliver_all_ms": round(deliver_ms, 1),
            "deliver_per_reader_ms": round(deliver_ms / readers, 3), f"post_x{posts}_ms_each": round(many_ms / posts, 2),
            "pending_rows_after": rows, f"deliver_all_after_x{posts}_ms": round(many_deliver_ms, 1)}


def run(backend: str, pg_url: str, quick: bool) -> dict:
    def fresh():
        return World(backend, pg_url)

    results = {}
    for name, fn in [
        ("a_posts", lambda w: bench_posts(w, 300 if quick else 2000, 2 if quick else 3)),
        ("b_idle_tool_call", lambda w: bench_idle_call(w, 2000 if quick else 20000)),
        ("c_collapse", lambda w: bench_collapse(w, [100, 1000] if quick else [100, 1000, 10000])),
        ("d_fanout", lambda w: bench_fanout(w, 100, 20 if quick else 200)),
    ]:
        w = fresh()
        try:
            results[name] = fn(w)
        finally:
            w.close()
        print(f"{backend:10} {name:18} {json.dumps(results[name], ensure_ascii=False)}", flush=True)
    return results


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pg", default=PG_URL, help="PostgreSQL URL ('' to skip)")
    ap.add_argument("--quick", action="store_true", help="smaller counts (a smoke run)")
    args = ap.parse_args()
    summary = {"sqlite": run("sqlite", args.pg, args.quick)}
    if args.pg:
        try:
            create_engine(args.pg).connect().close()
        except Exception as exc:
            print(f"postgresql skipped: {exc.__class__.__name__}")
        else:
            summary["postgresql"] = run("postgresql", args.pg, args.quick)
    print(json.dumps(summary, ensure_ascii=False, default=str))


if __name__ == "__main__":
    main()
