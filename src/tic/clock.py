"""The one source of time: every hold, window, TTL and schedule asks a Clock."""

from __future__ import annotations

import asyncio
import os
import time
from datetime import datetime, timedelta, timezone, tzinfo
from pathlib import Path
from typing import Protocol
from zoneinfo import ZoneInfo

__all__ = ["Clock", "SystemClock", "FixedClock", "ManualClock", "local_zone", "parse_instant"]


class Clock(Protocol):
    """Tells the time and waits. Implementations must return aware UTC datetimes."""

    def now(self) -> datetime:
        """The current instant, timezone-aware, in UTC."""

    def monotonic(self) -> float:
        """Seconds from an arbitrary origin that never go backwards."""

    async def sleep(self, seconds: float) -> None:
        """Wait `seconds` of this clock's time."""


class SystemClock:
    """The real wall clock."""

    def now(self) -> datetime:
        return datetime.now(timezone.utc)

    def monotonic(self) -> float:
        return time.monotonic()

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(seconds)


class ManualClock:
    """A clock that moves only when told to (tests, simulations).

    `sleep` advances the clock by the requested amount and yields once to the
    event loop, so code that waits on time runs instantly and deterministically.
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
