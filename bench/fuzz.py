"""Fuzz benchmark (R2, issue 8): ticks over events and rule files of random sizes and characters, and the memory.

    python -m bench.fuzz [--examples 300] [--max-lines 40] [--limit-mb 300]

Hypothesis draws WhatsApp lines (ids, names, numbers, bodies: any Unicode, NUL,
lone surrogates, bidi controls, runs of up to 30,000 characters, up to
--max-lines a file, garbage bytes after them) and a rules file (random lines
under "## Always notify"); each example is one offline tick on one world (a
SQLite file, shared by every example as a real engine's world grows). Nothing may
raise. The process's resident memory is sampled after each tick and its
peak (getrusage) reported; it must stay under --limit-mb (the target: 300 MB).
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NOW = datetime(2027, 3, 9, 9, 0, tzinfo=timezone.utc)


def rss_mb() -> float:
    """The resident memory now (Linux: /proc/self/statm); elsewhere the peak so far (getrusage)."""
    try:
        import os

        pages = int(Path("/proc/self/statm").read_text().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, IndexError):
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def strategies(max_lines: int):
    from hypothesis import strategies as st

    from tests.triage._fuzz import LINE, rules_files

    return st.lists(LINE, min_size=1, max_size=max_lines), rules_files(6), st.binary(max_size=400)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=300)
    parser.add_argument("--max-lines", type=int, default=40)
    parser.add_argument("--limit-mb", type=float, default=300.0)
    args = parser.parse_args(argv)

    from hypothesis import HealthCheck, given, settings

    from tic.agents import load_roster
    from tic.clock import ManualClock
    from tic.db import open_world
    from tic.notices import SqlNoticeStore
    from tic.notification import Notifier
    from tic.sources import WhatsAppSource
    from tic.triage.decide import decide_events
    from tic.triage.tick import Triage

    lines_st, rules_st, garbage_st = strategies(args.max_lines)
    samples: list[float] = []
    counts = {"examples": 0, "lines": 0, "decided": 0, "failed": 0, "undecided": 0, "bytes": 0}
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp)
        (home / "data").mkdir()
        clock = ManualClock(NOW)
        world = open_world(f"sqlite:///{home / 'world.db'}")
        roster = load_roster(ROOT / "agents")
        store = SqlNoticeStore(world, roster, clock)

        @settings(max_examples=args.examples, deadline=None, database=None,
                  suppress_health_check=list(HealthCheck))
        @given(lines=lines_st, rules=rules_st, garbage=garbage_st)
        def one(lines, rules, garbage) -> None:
            n = counts["examples"]
            counts["examples"] += 1
            path = home / f"fuzz-{n}.jsonl"
            stamp = (clock.now() - timedelta(minutes=5)).isoformat()
            body = b"".join(json.dumps({**line, "id": f"{n}-{i}-{line['id']}", "timestamp": stamp})
                            .encode("utf-8", "surrogatepass") + b"\n" for i, line in enumerate(lines))
            path.write_bytes(body + garbage.replace(b"\n", b" ") + b"\n")
            (home / "data" / "notifications.md").write_bytes(rules.encode("utf-8", "replace"))
            triage = Triage(engine=world, store=store, notifier=Notifier(store, clock), clock=clock,
                            agent=roster["tic"], resolve=lambda rel: home / rel,
                            sources=[WhatsAppSource(path, name=f"fuzz{n}")], decide=decide_events)
            report = triage.tick()
            clock.advance(60)
            path.unlink()
            counts["lines"] += len(lines)
            counts["bytes"] += len(body)
            counts["decided"] += len(report.decided)
            counts["failed"] += len(report.failed)
            counts["undecided"] += len(report.undecided)
            samples.append(rss_mb())

        started = time.perf_counter()
        one()
        elapsed = time.perf_counter() - started
        store.close()
        world.dispose()
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    print(f"fuzz: {counts['examples']} ticks, {counts['lines']} lines ({counts['bytes'] / 2**20:.1f} MiB of JSONL), "
          f"{counts['decided']} decided, {counts['failed']} failed (recorded), {counts['undecided']} undecided, "
          f"{elapsed:.1f} s")
    print(f"RSS after each tick: first {samples[0]:.0f} MB, last {samples[-1]:.0f} MB, max {max(samples):.0f} MB; "
          f"peak (getrusage) {peak:.0f} MB; limit {args.limit_mb:.0f} MB")
    ok = peak < args.limit_mb
    print("OK" if ok else "FAIL: over the memory limit")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
