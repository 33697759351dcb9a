"""The schedule: APScheduler runs each scheduled agent's job (the triage tick every 15 minutes)."""

from __future__ import annotations

import asyncio
import logging
from datetime import datetime
from typing import Awaitable, Callable

from apscheduler.schedulers.asyncio import AsyncIOScheduler
from apscheduler.triggers.cron import CronTrigger
from apscheduler.triggers.interval import IntervalTrigger

from tic.agents import Schedule
from tic.errors import ConfigError

log = logging.getLogger(__name__)

__all__ = ["Scheduler", "trigger_for"]


def trigger_for(schedule: Schedule):
    if schedule.every_minutes:
        return IntervalTrigger(minutes=schedule.every_minutes)
    if schedule.cron:
        try:
            return CronTrigger.from_crontab(schedule.cron)
        except ValueError as exc:
            raise ConfigError(f"bad cron expression {schedule.cron!r}: {exc}") from exc
    raise ConfigError("a schedule needs every_minutes or cron")


class Scheduler:
    """Runs async jobs on their schedules; each job runs at most once at a time, missed runs coalesce."""

    def __init__(self) -> None:
        self._aps = AsyncIOScheduler()
        self.first_runs: dict[str, asyncio.Future] = {}
        self._runs: dict[str, Callable[[], Awaitable[None]]] = {}
        self._running: set[str] = set()
        self._again: set[str] = set()  # woken while running: run once more when the run ends
        self._woken: set[asyncio.Task] = set()

    def add(self, name: str, schedule: Schedule, job: Callable[[], Awaitable[object]], *, run_now: datetime | None) -> None:
        """Schedule `job`; `run_now` (the current time) also runs it once at start."""
        loop = asyncio.get_running_loop()
        first = loop.create_future()
        self.first_runs[name] = first

        async def _run() -> None:
            if name in self._running:  # a woken run is under way: this one follows it instead of overlapping
                self._again.add(name)
                return
            self._running.add(name)
            try:
                while True:
                    self._again.discard(name)
                    try:
                        await job()
                    except Exception:  # R3: a failing job is logged and tried again next time; the engine goes on
                        log.exception("scheduled job %s failed", name)
                    finally:
                        if not first.done():
                            first.set_result(None)
                    if name not in self._again:
                        break
            finally:
                self._running.discard(name)

        self._runs[name] = _run

        extra = {"next_run_time": run_now} if run_now is not None else {}  # None would add it paused
        self._aps.add_job(
            _run,
            trigger_for(schedule),
            id=name,
            name=name,
            coalesce=True,
            max_instances=1,
            misfire_grace_time=60,
            **extra,
        )

    def wake(self, name: str) -> None:
        """Run `name`'s job now, outside its schedule (new mail under IMAP IDLE); once more after a run under way.

        Call it from the event loop. Runs still never overlap; the schedule itself is unchanged."""
        if name in self._running:
            self._again.add(name)
            return
        task = asyncio.get_running_loop().create_task(self._runs[name](), name=f"{name}-woken")
        self._woken.add(task)
        task.add_done_callback(self._woken.discard)

    def start(self) -> None:
        self._aps.start()

    def shutdown(self) -> None:
        if self._aps.running:
            self._aps.shutdown(wait=False)
