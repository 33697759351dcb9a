"""The one source of time: every hold, window, TTL and schedule asks a Clock."""

from __future__ import annotations

import asyncio
import time
from datetime import datetime, timedelta, timezone
from typing import Protocol

__all__ = ["Clock", "SystemClock", "FixedClock", "ManualClock", "parse_instant"]


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
