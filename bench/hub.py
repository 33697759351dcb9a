"""The ChatHub's timings (H3/H4, issue 9 item 7): `python -m bench.hub [--burst N] [--samples N]`.

Real parts on real time: the ChatHub built as `./tic run` builds it (offline main model, SystemClock, the
200 ms batch window, SQLite world in a temporary folder), its consumer running.

- burst: N notifications (default 1,000) notified over one second by 4 threads (as triage ticks and
  cron agents do) -> how many read_notification injections the consumer made for them (target: at most 6);
- notify -> turn: one notification while the hub is idle -> the time until its batch is injected (the
  synthetic turn starts), per sample (target: within the batch window + 50 ms);
- first token: a user line -> the first streamed piece of the offline reply (target: under 100 ms).

Prints one JSON object.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
POSTERS = 4  # threads notifying at once (one alone cannot commit 1,000 notifications a second on SQLite)


class TimingView:
    """A ChatView that notes when things are shown."""

    def __init__(self) -> None:
        self.batches: list[tuple[float, int]] = []
        self.first_delta: float | None = None
        self.replies = 0

    def user_line(self, text, *, origin):
        pass

    def notifications(self, items):
        self.batches.append((time.perf_counter(), len(items)))

    def reply_delta(self, turn, text):
        if self.first_delta is None:
            self.first_delta = time.perf_counter()

    def reply(self, turn, text):
        self.replies += 1

    def status(self, text, *, level):
        pass


def build(folder: Path):
    from tic.app import build_app, build_hub
    from tic.clock import SystemClock
    from tic.config import Settings
    from tic.hub import ChatViews

    settings = Settings(home=ROOT, data_dir=folder, demo=False, batch_window_ms=200)
    app = build_app(settings, SystemClock())
    view = TimingView()
    hub = build_hub(app, views=ChatViews(view))
    return app, hub, view


def notification(n: int):
    from tic.notification import Notification

    return Notification(source="email", event_type="message", summary=f"Sender {n} sent an email about invoice {n}.",
                        refs={"message_id": f"bench-{n}"})


async def until(condition, timeout: float) -> bool:
    end = time.perf_counter() + timeout
    while time.perf_counter() < end:
        if condition():
            return True
        await asyncio.sleep(0.002)
    return condition()


async def measure(burst: int, samples: int) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        app, hub, view = build(Path(tmp))
        hub.attach(asyncio.get_running_loop())
        consumer = asyncio.create_task(hub.run_consumer())
        try:
            # first token of an offline reply (the first call warms the model's imports; it is not counted)
            first: list[float] = []
            for i in range(samples + 1):
                view.first_delta = None
                start = time.perf_counter()
                await hub.user_says("hello" if i % 2 else "what's new?")
                if i:
                    first.append((view.first_delta - start) * 1000)
            # notify -> the synthetic turn, at idle
            latency: list[float] = []
            for i in range(samples):
                await until(hub.idle, 5)
                before = len(view.batches)
                start = time.perf_counter()
                app.notifier.notify(notification(10_000 + i))
                await until(lambda: len(view.batches) > before, 5)
                latency.append((view.batches[before][0] - start) * 1000)
                await until(hub.idle, 5)
            # a burst over one second
            await until(hub.idle, 5)
            before = len(view.batches)

            def post(first: int, step: int) -> None:
                for n in range(first, burst, step):
                    app.notifier.notify(notification(n))
                    pause = started + (n + 1) / burst - time.perf_counter()
                    if pause > 0:
                        time.sleep(pause)

            posters = [threading.Thread(target=post, args=(k, POSTERS)) for k in range(POSTERS)]
            started = time.perf_counter()
            for poster in posters:
                poster.start()
            for poster in posters:
                await asyncio.to_thread(poster.join)
            posted_in = time.perf_counter() - started
            await until(lambda: sum(n for _, n in view.batches[before:]) >= burst and hub.idle(), 60)
            injections = len(view.batches) - before
            told = sum(n for _, n in view.batches[before:])
        finally:
            consumer.cancel()
            try:
                await consumer
            except asyncio.CancelledError:
                pass
            app.world.dispose()
    return {
        "burst": {"notifications": burst, "posted_in_s": round(posted_in, 2), "injections": injections,
                  "notifications_injected": told, "target": "<= 6 injections"},
        "notify_to_turn_ms": {"p50": round(statistics.median(latency), 1), "max": round(max(latency), 1),
                              "samples": samples, "target": "<= 250 (window 200 + 50)"},
        "first_token_ms": {"p50": round(statistics.median(first), 1), "max": round(max(first), 1),
                           "samples": samples, "target": "< 100"},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--burst", type=int, default=1000)
    parser.add_argument("--samples", type=int, default=20)
    args = parser.parse_args()
    print(json.dumps(asyncio.run(measure(args.burst, args.samples))))


if __name__ == "__main__":
    main()
