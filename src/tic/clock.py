"""The one source of time: every hold, window, TTL and schedule asks a Clock.

Nothing else in the package reads the machine's time or sleeps (a test walks the source for it):

    clock.now(), clock.monotonic()     the time, wall and monotonic
    await clock.sleep(s)               a wait that counts: a batch window, a backoff (a manual clock advances)
    await clock.pause(s)               pacing in real time: a poll, a heartbeat (a manual clock stays put)
    await clock.wait(event, s)         an asyncio.Event, or `s` of real time, whichever first (a poll)
    blocking_sleep(clock)(s)           `sleep` for worker threads (sources, model requests): the clock's, blocking
"""

from __future__ import annotations

import asyncio
import os
import threading
import time
from datetime import datetime, timedelta, timezone, tzinfo
from pathlib import Path
from typing import Callable, Protocol
from zoneinfo import ZoneInfo

__all__ = ["Clock", "SystemClock", "FixedClock", "ManualClock", "blocking_sleep", "local_zone", "parse_instant"]


class Clock(Protocol):
    """Tells the time and waits. Implementations must return aware UTC datetimes."""

    def now(self) -> datetime:
        """The current instant, timezone-aware, in UTC."""

    def monotonic(self) -> float:
        """Seconds from an arbitrary origin that never go backwards."""

    async def sleep(self, seconds: float) -> None:
        """Wait `seconds` of this clock's time."""

    async def pause(self, seconds: float) -> None:
        """Wait `seconds` of real (event-loop) time, however this clock runs: polls and heartbeats that pace work
        rather than measure it (a lease measures its expiry with `now`, not with these waits)."""

    async def wait(self, event: asyncio.Event, timeout: float) -> bool:
        """Wait until `event` is set, at most `timeout` seconds of real time (a poll); whether it was set."""


class _RealWaits:
    """Pacing waits in real time: the same on every clock."""

    async def pause(self, seconds: float) -> None:
        await asyncio.sleep(max(0.0, seconds))

    async def wait(self, event: asyncio.Event, timeout: float) -> bool:
        try:
            await asyncio.wait_for(event.wait(), timeout=max(0.0, timeout))
        except asyncio.TimeoutError:
            pass
        return event.is_set()


class SystemClock(_RealWaits):
    """The real wall clock."""

    def now(self) -> datetime:
        return datetime.now(timezone.utc)

    def monotonic(self) -> float:
        return time.monotonic()

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(seconds)


class ManualClock(_RealWaits):
    """A clock that moves only when told to (tests, simulations).

    `sleep` advances the clock by the requested amount and yields once to the
    event loop, so code that waits on time runs instantly and deterministically.
    `pause` and `wait` pace in real time and leave the clock where it is.
    """

    def __init__(self, start: datetime) -> None:
        if start.tzinfo is None:
            raise ValueError("ManualClock needs an aware datetime (add tzinfo=timezone.utc)")
        self._now = start.astimezone(timezone.utc)
        self._mono = 0.0

    def now(self) -> datetime:
        return self._now

    def monotonic(self) -> float:
        return self._mono

    def advance(self, seconds: float) -> None:
        self._now += timedelta(seconds=seconds)
        self._mono += seconds

    async def sleep(self, seconds: float) -> None:
        self.advance(max(0.0, seconds))
        await asyncio.sleep(0)


class FixedClock(ManualClock):
    """A clock pinned at one instant (`./tic tick --now ISO`); sleeping still advances it."""


def _wall_sleep(seconds: float) -> None:
    if seconds > 0:
        time.sleep(seconds)


def blocking_sleep(clock: Clock | None = None) -> Callable[[float], None]:
    """A plain `sleep(seconds)` for worker threads, waited on `clock` (default: the machine's).

    On the system clock it blocks the thread. On another clock it waits on `clock.sleep` (async), so a
    ManualClock just advances: the wait gets an event loop of its own (worker threads run none), or a helper
    thread when called on a thread whose loop is running."""
    if clock is None or type(clock) is SystemClock:
        return _wall_sleep

    def sleep(seconds: float) -> None:
        if seconds <= 0:
            return
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            asyncio.run(clock.sleep(seconds))
            return
        helper = threading.Thread(target=lambda: asyncio.run(clock.sleep(seconds)), daemon=True)
        helper.start()
        helper.join()

    return sleep


def parse_instant(text: str) -> datetime:
    """Parse an ISO 8601 instant; a naive one is taken as UTC."""
    try:
        value = datetime.fromisoformat(text.strip().replace("Z", "+00:00"))
    except ValueError as exc:
        raise ValueError(f"not an ISO 8601 time: {text!r} (example: 2026-11-30T09:00:00Z)") from exc
    if value.tzinfo is None:
        value = value.replace(tzinfo=timezone.utc)
    return value.astimezone(timezone.utc)


def local_zone() -> tzinfo:
    """The machine's time zone (T9's last resort): the one place that asks the machine.

    An IANA zone when one can be named (`TZ`, the `/etc/localtime` link,
    `/etc/timezone`), so daylight saving is followed; else the fixed offset the
    machine reports now.
    """
    for name in _local_zone_names():
        try:
            return ZoneInfo(name)
        except (ValueError, KeyError, OSError):
            continue
    return datetime.now().astimezone().tzinfo or timezone.utc


def _local_zone_names():
    tz = os.environ.get("TZ", "").strip().lstrip(":")
    if tz:
        yield tz
        return  # TZ wins over the system files, as in libc; an unreadable TZ falls to the offset
    try:
        target = os.readlink("/etc/localtime")
    except OSError:
        target = ""
    if "zoneinfo/" in target:
        yield target.rsplit("zoneinfo/", 1)[1]
    try:
        yield Path("/etc/timezone").read_text(encoding="utf-8").strip()
    except OSError:
        pass
