"""Concurrency, on SQLite and PostgreSQL alike: threads and processes posting and reading at once
lose nothing and double nothing (N5, N6, N7), and the pending hint never hides a post."""

from __future__ import annotations

import pytest

import multiprocessing
import threading
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from datetime import timedelta

from sqlalchemy import text

from tic.clock import ManualClock, SystemClock
from tic.notices import key_for, running_as
from tests.notices._support import make_store
from tests.notices._workers import post_and_read, post_one

READERS = ("agent:main", "agent:tic")
TEMPLATES = ("texture atlas rebuilt", "enemy spawn failed", "save slot corrupted")


def expected(posts_each: int, posters: int) -> Counter:
    """Posts per key addressed to each reader."""
    c: Counter = Counter()
    for i in range(posts_each):
        c[key_for(TEMPLATES[i % 3])] += posters
    return c


def drain(store, clock, shown: dict[str, Counter]) -> None:
    """Past every hold: what is left, through the hot path (a wrong 'nothing pending' hint would lose it)."""
    clock.advance(7300)
    for reader in READERS:
        for line in store.deliver(reader):
            shown[reader][line.key] += line.count
        assert store.deliver(reader) == []


def test_threads_posting_and_reading_lose_nothing_and_double_nothing(world, roster, clock):
    store = make_store(world, roster, clock)
    posters, posts_each = 4, 45
    shown = {r: Counter() for r in READERS}
    lock = threading.Lock()
    done = threading.Event()
    errors: list[BaseException] = []

    def poster(n: int) -> None:
        try:
            with running_as(f"agent:p{n}"):
                for i in range(posts_each):
                    post_one(store, i)
        except BaseException as exc:  # surfaced below
            errors.append(exc)

    def reader(who: str) -> None:
        try:
            while not done.is_set():
                for line in store.deliver(who):
                    with lock:
                        shown[who][line.key] += line.count
        except BaseException as exc:
            errors.append(exc)

    readers = [threading.Thread(target=reader, args=(r,)) for r in READERS for _ in range(2)]
    writers = [threading.Thread(target=poster, args=(n,)) for n in range(posters)]
    for t in readers + writers:
        t.start()
    for t in writers:
        t.join(60)
    done.set()
    for t in readers:
        t.join(60)
    assert not errors, errors
    drain(store, clock, shown)
    for r in READERS:
        assert shown[r] == expected(posts_each, posters), r
    store.close()


@pytest.mark.slow
def test_processes_posting_and_reading_lose_nothing_and_double_nothing(world, roster):
    if world.dialect.name == "sqlite":
        url, schema = world.url.render_as_string(hide_password=False), None
    else:
        url = world.url.render_as_string(hide_password=False)
        with world.connect() as conn:
            schema = conn.execute(text("SELECT current_schema()")).scalar()
    procs, posts_each = 3, 30
    shown = {r: Counter() for r in READERS}
    ctx = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=procs, mp_context=ctx) as pool:
        jobs = [pool.submit(post_and_read, url, schema, f"agent:proc{n}", posts_each, READERS[n % 2]) for n in range(procs)]
        for n, job in enumerate(jobs):
            shown[READERS[n % 2]].update(job.result(timeout=120))
    clock = ManualClock(SystemClock().now() + timedelta(seconds=1))  # after every post the children made
    store = make_store(world, roster, clock)
    drain(store, clock, shown)
    for r in READERS:
        assert shown[r] == expected(posts_each, procs), r
    store.close()
