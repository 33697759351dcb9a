"""T1/T8: scheduled agents run at once, then on their schedule; runs never overlap and misses coalesce."""

from __future__ import annotations

import asyncio
from datetime import datetime, timezone

import pytest

from tic.agents import Schedule
from tic.errors import ConfigError
from tic.scheduler import Scheduler, trigger_for


def test_t1_job_runs_once_at_start_and_is_configured_to_coalesce():
    runs = []

    async def scenario():
        sched = Scheduler()

        async def job():
            runs.append(1)

        sched.add("tic", Schedule(every_minutes=15), job, run_now=datetime.now(timezone.utc))
        sched.start()
        await asyncio.wait_for(sched.first_runs["tic"], 5)
        aps_job = sched._aps.get_job("tic")
        assert aps_job.coalesce is True and aps_job.max_instances == 1
        assert aps_job.trigger.interval.total_seconds() == 900
        sched.shutdown()

    asyncio.run(scenario())
    assert runs == [1]


def test_r3_a_failing_job_does_not_stop_the_scheduler():
    async def scenario():
        sched = Scheduler()

        async def job():
            raise RuntimeError("source down")

        sched.add("tic", Schedule(every_minutes=15), job, run_now=datetime.now(timezone.utc))
        sched.start()
        await asyncio.wait_for(sched.first_runs["tic"], 5)  # resolved although the job failed
        assert sched._aps.running
        sched.shutdown()

    asyncio.run(scenario())


def test_t8_cron_schedules_and_bad_ones():
    assert "cron" in str(trigger_for(Schedule(cron="0 7 * * *"))).lower()
    with pytest.raises(ValueError):
        Schedule(cron="every morning")
    with pytest.raises(ConfigError):
        trigger_for(Schedule())


def test_t8_a_cron_job_without_a_run_at_start_is_scheduled_not_paused():
    async def scenario():
        sched = Scheduler()

        async def job():
            pass

        sched.add("digest", Schedule(cron="0 7 * * *"), job, run_now=None)
        sched.start()
        nxt = sched._aps.get_job("digest").next_run_time
        sched.shutdown()
        return nxt

    nxt = asyncio.run(scenario())
    assert nxt is not None and (nxt.hour, nxt.minute) == (7, 0)


def test_issue10_wake_runs_the_job_now_and_once_more_after_a_run_under_way():
    """IMAP IDLE wakes the triage tick early: at once when idle; a wake during a run adds exactly one run after it."""
    runs = []

    async def scenario():
        sched = Scheduler()
        gate = asyncio.Event()

        async def job():
            runs.append(len(runs))
            if len(runs) == 1:
                await gate.wait()

        sched.add("tic", Schedule(every_minutes=15), job, run_now=None)
        sched.start()
        sched.wake("tic")  # nothing scheduled before 15 minutes: this run is the wake's
        await asyncio.sleep(0.05)
        assert runs == [0]
        sched.wake("tic")
        sched.wake("tic")  # two wakes during the run: one more run, not two
        gate.set()
        for _ in range(100):
            await asyncio.sleep(0.01)
        assert runs == [0, 1]
        sched.shutdown()

    asyncio.run(scenario())
