"""Two engines, one world, paused at random: `python -m bench.shared_world [--events N] [--pg URL | --sqlite] [--kills]`.

H7/H11 across engines, with real processes and real time. Each engine is a process running the
ChatHub's own consumer (SystemClock, the 200 ms batch window, the turn lease and its heartbeat)
with a model that names every notification it answers (and now and then calls a tool first, and
takes 0-60 ms). This process posts N notifications into the world (as a triage agent on another
engine would) and meanwhile stops a random engine with SIGSTOP and continues it with SIGCONT:
some pauses are shorter than the lease (slow: the other engine must wait), some longer (stalled:
the other engine takes over and finishes the batch; the stopped one's late reply must be refused).
With --kills some pauses are a SIGKILL and a restart instead.

At the end (nothing pending, nothing unanswered) it counts, per notification, from the world's
history and from what each engine showed: lost (never answered), doubled (in two read_notification
results or two answers), and prints one JSON line.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PG_URL = os.environ.get("TIC_TEST_POSTGRES_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test")


def _world(url: str, schema: str, *, create: bool = True):
    from tic.db import open_world

    return open_world(url, create=create, connect_args={"options": f"-csearch_path={schema}"} if schema else None)


# --- one engine (a child process) ---------------------------------------------------------------


class CountingModel:
    """Answers the read_notification results since its last answer, naming each notification."""

    name = "counting"

    def __init__(self, seed: int, *, trailing: bool = False, turn_file: Path | None = None) -> None:
        self._turn_file = turn_file  # where it says "a model call of this process is running" (the pauser aims)
        self._rng = random.Random(seed)
        self._lock = threading.Lock()
        self._trailing = trailing  # like the offline main model: only the results right before the call

    def complete(self, messages, tools):
        from tic.models import AssistantMessage, ToolCall

        from tests.hub._shared_world import answer, batch_ids

        with self._lock:
            delay, detour = 0.02 + self._rng.random() * 0.06, self._rng.random() < 0.25
        if self._turn_file is not None:
            self._turn_file.write_text(f"{os.getpid()} {uuid.uuid4().hex}")
        time.sleep(delay)
        last = messages[-1]
        if last["role"] == "tool" and last.get("name") == "read_notification" and detour and not self._trailing:
            return AssistantMessage(tool_calls=(ToolCall("call_" + uuid.uuid4().hex[:12], "notices", {"action": "list"}),))
        ids: list[str] = []
        for m in reversed(messages):
            if m["role"] == "assistant" and (m.get("content") or self._trailing):
                break
            if m["role"] == "tool" and m.get("name") == "read_notification":
                ids = batch_ids(m["content"]) + ids
        return AssistantMessage(content=answer(ids))


def run_engine(url: str, schema: str, name: str, ttl: float, beat: float, said_path: str, stop_path: str,
               mode: str = "") -> None:
    from tic.agents import load_roster
    from tic.clock import SystemClock
    from tic.hub import ChatHub, Notifier, ToolRegistry, register_builtin_tools
    from tic.hub._lease import TurnLease
    from tic.notices import SqlNoticeStore

    from tests.hub._shared_world import NoLease

    world = _world(url, schema)
    roster = load_roster(ROOT / "agents")
    clock = SystemClock()
    store = SqlNoticeStore(world, roster, clock)
    registry = ToolRegistry(store)
    register_builtin_tools(registry, store, Notifier(store, clock))
    said = open(said_path, "a", buffering=1, encoding="utf-8")
    lease_cls = NoLease if "no-lease" in mode else TurnLease
    lease = lease_cls(world, clock, agent="main", owner=f"{name}:{os.getpid()}", ttl=ttl, beat=beat)
    model = CountingModel(os.getpid(), trailing="trailing" in mode, turn_file=Path(said_path).parent / "turn")
    hub = ChatHub(engine=world, store=store, registry=registry, agent=roster["main"], model=model,
                  clock=clock, say=lambda text: said.write(text.replace("\n", " ") + "\n"), lease=lease)

    async def main() -> None:
        hub.attach(asyncio.get_running_loop())
        await hub.resume()
        consumer = asyncio.create_task(hub.run_consumer())
        while not Path(stop_path).exists():
            await asyncio.sleep(0.1)
        consumer.cancel()

    asyncio.run(main())
    store.close()


# --- the driver ------------------------------------------------------------------------------------


class Engines:
    def __init__(self, url: str, schema: str, ttl: float, beat: float, work: Path, mode: str) -> None:
        self.args = (url, schema, str(ttl), str(beat))
        self.mode = mode
        self.work = work
        self.stop = work / "stop"
        self.procs: dict[str, subprocess.Popen] = {}

    def start(self, name: str) -> None:
        url, schema, ttl, beat = self.args
        cmd = [sys.executable, "-m", "bench.shared_world", "--engine", url, schema, name, ttl, beat,
               str(self.work / f"said-{name}.txt"), str(self.stop), self.mode]
        self.procs[name] = subprocess.Popen(cmd, cwd=ROOT, stderr=open(self.work / f"log-{name}.txt", "a"))

    def said(self) -> list[str]:
        return [line for p in self.work.glob("said-*.txt") for line in p.read_text(encoding="utf-8").splitlines()]

    def finish(self) -> None:
        for p in self.procs.values():
            os.kill(p.pid, signal.SIGCONT)
        self.stop.touch()
        for p in self.procs.values():
            p.wait(60)


def drive(url: str, schema: str, *, events: int, ttl: float, beat: float, kills: bool, seed: int, mode: str = "") -> dict:
    from tic.agents import load_roster
    from tic.clock import SystemClock
    from tic.hub import ChatHistory, Notification, Notifier
    from tic.notices import SqlNoticeStore

    rng = random.Random(seed)
    world = _world(url, schema)
    clock = SystemClock()
    store = SqlNoticeStore(world, load_roster(ROOT / "agents"), clock)
    notifier = Notifier(store, clock)
    work = Path(tempfile.mkdtemp(prefix="tic-shared-"))
    engines = Engines(url, schema, ttl, beat, work, mode)
    for name in ("a", "b"):
        engines.start(name)
    time.sleep(2.0)  # both up (imports, resume)
    stats: Counter = Counter()
    done = threading.Event()

    turn_file = work / "turn"

    def mid_turn() -> str | None:
        """Wait (up to 3 s) for the next model call to start; the name of the engine making it."""
        seen = turn_file.read_text() if turn_file.exists() else ""
        for _ in range(600):
            now = turn_file.read_text() if turn_file.exists() else ""
            if now and now != seen:
                pid = int(now.split()[0])
                return next((n for n, p in engines.procs.items() if p.pid == pid), None)
            time.sleep(0.005)
        return None

    def pauser() -> None:
        while not done.is_set():
            time.sleep(rng.uniform(0.2, 1.0))
            aimed = rng.random() < 0.8
            name = mid_turn() if aimed else rng.choice(sorted(engines.procs))
            if name is None:
                continue
            stats["mid_turn"] += aimed
            proc = engines.procs[name]
            if kills and rng.random() < 0.15:
                proc.kill()
                proc.wait()
                stats["killed"] += 1
                engines.start(name)
                continue
            pause = rng.choice([rng.uniform(0.05, ttl * 0.5), rng.uniform(ttl + beat * 2, ttl * 2.5)])
            stats["stalled" if pause > ttl else "slow"] += 1
            os.kill(proc.pid, signal.SIGSTOP)
            done.wait(pause)
            os.kill(proc.pid, signal.SIGCONT)

    thread = threading.Thread(target=pauser, daemon=True)
    thread.start()
    started = time.monotonic()
    n = 0
    while n < events:
        for _ in range(min(rng.randint(1, 20), events - n)):
            notifier.notify(Notification(source="email", event_type="message", summary=f"note {n}", refs={"message_id": str(n)}))
            n += 1
        time.sleep(rng.uniform(0.1, 0.9))
    done.set()
    thread.join()
    history = ChatHistory(world, clock)
    quiet = 0
    deadline = time.monotonic() + 120
    while quiet < 3 and time.monotonic() < deadline:  # everything delivered and answered, three checks running
        time.sleep(1.0)
        busy = store.has_pending("agent:main") or history.needs_resume()
        quiet = 0 if busy else quiet + 1
    elapsed = time.monotonic() - started
    engines.finish()
    store.close()
    result = {"events": events, "seconds": round(elapsed, 1), "pauses": dict(stats), **count(history, engines.said(), events)}
    world.dispose()
    return result


def count(history, said: list[str], total: int) -> dict:
    from tests.hub._shared_world import figures, tally

    rows = history.rows()
    return {**figures(map(str, range(total)), *tally(rows, said)),
            "batches": sum(1 for m in rows for c in m["tool_calls"] if c["name"] == "read_notification")}


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--engine":
        run_engine(*sys.argv[2:5], float(sys.argv[5]), float(sys.argv[6]), *sys.argv[7:10])
        return
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--events", type=int, default=2000)
    ap.add_argument("--ttl", type=float, default=2.0, help="lease seconds (the product's default is 30)")
    ap.add_argument("--beat", type=float, default=0.4, help="heartbeat seconds (the product's default is 5)")
    ap.add_argument("--pg", nargs="?", const=PG_URL, default=None, help="a PostgreSQL URL (a throwaway schema)")
    ap.add_argument("--kills", action="store_true", help="some pauses are SIGKILL and a restart")
    ap.add_argument("--seed", type=int, default=8)
    ap.add_argument("--no-lease", action="store_true", help="the old hub: a turn lock per process only")
    ap.add_argument("--trailing", action="store_true",
                    help="the model answers only the results right before its call, as the offline main model does")
    args = ap.parse_args()
    if args.pg:
        from sqlalchemy import create_engine, text

        url, schema = args.pg, "bench_" + uuid.uuid4().hex[:10]
        admin = create_engine(url)
        with admin.begin() as conn:
            conn.execute(text(f"CREATE SCHEMA {schema}"))
    else:
        url, schema, admin = f"sqlite:///{tempfile.mkdtemp(prefix='tic-world-')}/tic.db", "", None
    try:
        mode = ",".join(m for m, on in (("no-lease", args.no_lease), ("trailing", args.trailing)) if on)
        result = drive(url, schema, events=args.events, ttl=args.ttl, beat=args.beat, kills=args.kills, seed=args.seed,
                       mode=mode)
        result["mode"] = mode or "lease"
        result["backend"] = "postgresql" if args.pg else "sqlite"
        print(json.dumps(result))
    finally:
        if admin is not None:
            with admin.begin() as conn:
                conn.execute(text(f"DROP SCHEMA {schema} CASCADE"))
            admin.dispose()


if __name__ == "__main__":
    main()
