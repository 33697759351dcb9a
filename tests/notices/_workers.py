"""Work done in other processes by the concurrency tests (importable, so `spawn` can run it)."""

from __future__ import annotations

from collections import Counter

from sqlalchemy import create_engine

from tic.agents import load_roster
from tic.clock import SystemClock
from tic.notices import SqlNoticeStore, running_as
ROOT = __import__("pathlib").Path(__file__).resolve().parents[2]


def engine_for(url: str, schema: str | None):
    if schema is None:
        return create_engine(url, connect_args={"timeout": 30, "check_same_thread": False})
    return create_engine(url, connect_args={"options": f"-csearch_path={schema}"})


def post_and_read(url: str, schema: str | None, poster: str, posts: int, reader: str) -> dict[str, int]:
    """Post `posts` notices to main and tic, reading `reader`'s share as it goes; what it was shown, by key."""
    engine = engine_for(url, schema)
    store = SqlNoticeStore(engine, load_roster(ROOT / "agents"), SystemClock(), sync_every=0.05)
    shown: Counter = Counter()
    try:
        with running_as(poster):
            for i in range(posts):
                post_one(store, i)
                if i % 3 == 0:
                    for line in store.deliver(reader):
                        shown[line.key] += line.count
        return dict(shown)
    finally:
        store.close()
        engine.dispose()


def post_one(store, i: int) -> None:
    """A mix: info collapsing, a warn series repeating, a warn with new values each time."""
    kind = i % 3
    if kind == 0:
        store.post("texture atlas rebuilt", {"path": f"{i}.png"}, audience=["main", "tic"])
    elif kind == 1:
        store.post("enemy spawn failed", {"wave": 3}, severity="warn", audience=["main", "tic"])
    else:
        store.post("save slot corrupted", {"slot": i}, severity="error", audience=["main", "tic"])
