"""Convention 3: every wait goes through the injected Clock - the counted ones advance a manual clock, the pacing
ones (polls, heartbeats) run in real time on every clock, and worker threads wait on the clock they were given."""

from __future__ import annotations

import asyncio
import threading

from tic.clock import ManualClock, SystemClock, blocking_sleep

from tests.conftest import T0


def test_sleep_advances_a_manual_clock_at_once():
    clock = ManualClock(T0)
    asyncio.run(clock.sleep(30))
    assert (clock.now() - T0).total_seconds() == 30 and clock.monotonic() == 30


def test_pause_and_wait_pace_in_real_time_and_leave_a_manual_clock_where_it_is():
    clock = ManualClock(T0)

    async def run() -> tuple[bool, bool]:
        event = asyncio.Event()
        await clock.pause(0.01)
        timed_out = await clock.wait(event, 0.01)
        asyncio.get_running_loop().call_later(0.01, event.set)
        woken = await clock.wait(event, 5)
        return timed_out, woken

    assert asyncio.run(run()) == (False, True)
    assert clock.now() == T0 and clock.monotonic() == 0


def test_blocking_sleep_on_a_manual_clock_advances_it_from_a_worker_thread_and_from_a_loop_thread():
    clock = ManualClock(T0)
    sleep = blocking_sleep(clock)
    worker = threading.Thread(target=sleep, args=(5,))
    worker.start()
    worker.join(5)
    assert clock.monotonic() == 5

    async def inside_a_loop() -> None:
        sleep(7)  # a thread whose loop is running: the wait runs on a helper thread

    asyncio.run(inside_a_loop())
    assert clock.monotonic() == 12


def test_blocking_sleep_on_the_system_clock_blocks_the_thread():
    clock = SystemClock()
    start = clock.monotonic()
    blocking_sleep(clock)(0.02)
    blocking_sleep()(0)  # no clock given: the machine's; nothing to wait
    assert clock.monotonic() - start >= 0.02
