"""Calendar timing matchers (T7): added today / recently, starts within N, recurring.

Times are compared at the tick's `now`; "today" is the calendar's own time zone
(X-WR-TIMEZONE), and all-day items start at 00:00 there.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, time, timedelta, timezone
from zoneinfo import ZoneInfo

from tic.sources import Event

__all__ = ["CreatedTodayMatcher", "RecurrenceMatcher", "StartsWithinMatcher", "event_start", "fmt_delta", "local_zone"]


def local_zone(event: Event) -> ZoneInfo | timezone:
    try:
        return ZoneInfo(event.timezone) if event.timezone else timezone.utc
    except (KeyError, ValueError):
        return timezone.utc


def event_start(event: Event) -> datetime:
    """The (next occurrence's) start instant; all-day items start 00:00 in the calendar's zone."""
    start = event.start or event.time
    if start.tzinfo is None:
        start = start.replace(tzinfo=timezone.utc)
    if not event.all_day:
        return start
    tz = local_zone(event)
    utc = start.astimezone(timezone.utc)
    if utc.time() == time(0) and start.astimezone(tz).time() != time(0):
        day = utc.date()  # the source kept the bare date at UTC midnight
    else:
        day = start.astimezone(tz).date()
    return datetime.combine(day, time(0), tz)


def fmt_delta(delta: timedelta) -> str:
    minutes = int(round(delta.total_seconds() / 60))
    if abs(minutes) < 60:
        return f"{minutes} minutes"
    if abs(minutes) >= 48 * 60:
        return f"{round(minutes / 1440)} days"
    hours, rest = divmod(minutes, 60)
    if not rest:
        return f"{hours} hour" + ("s" if hours != 1 else "")
    return f"{hours} h {rest:02d} min" if hours < 6 else f"about {round(minutes / 60)} hours"


@dataclass(frozen=True)
class CreatedTodayMatcher:
    """Created (added to the calendar) today in the calendar's time zone, or within `within`."""

    within: timedelta | None = None

    def match(self, event: Event, now: datetime) -> str | None:
        if event.kind != "calendar" or event.created is None:
            return None
        tz = local_zone(event)
        created = event.created if event.created.tzinfo else event.created.replace(tzinfo=timezone.utc)
        if created > now + timedelta(minutes=5):
            return None
        if self.within is not None:
            return f"created {fmt_delta(now - created)} ago" if now - created <= self.within else None
        if created.astimezone(tz).date() != now.astimezone(tz).date():
            return None
        return f"created today at {created.astimezone(timezone.utc):%H:%M} UTC"

    def describe(self) -> str:
        return f"added within {fmt_delta(self.within)}" if self.within else "added today"


@dataclass(frozen=True)
class StartsWithinMatcher:
    window: timedelta

    def match(self, event: Event, now: datetime) -> str | None:
        if event.kind != "calendar":
            return None
        start = event_start(event)
        if now - timedelta(minutes=1) <= start <= now + self.window:
            where = f" ({start.astimezone(local_zone(event)):%d %b %H:%M} {event.timezone})" if event.timezone else ""
            return f"starts in {fmt_delta(start - now)}{where}"
        return None

    def describe(self) -> str:
        return f"starts within {fmt_delta(self.window)}"


def _every_workday(rule: str) -> bool:
    """A weekly rule on five or more days (BYDAY=MO,TU,WE,TH,FR) is a daily series for the user."""
    m = re.search(r"BYDAY=([A-Z0-9,+-]+)", rule)
    return "FREQ=WEEKLY" in rule and bool(m) and len(set(m.group(1).split(","))) >= 5


@dataclass(frozen=True)
class RecurrenceMatcher:
    """A recurring calendar item; `freq` (WEEKLY, DAILY, ...) narrows it."""

    freq: str | None = None

    def match(self, event: Event, now: datetime) -> str | None:
        rule = event.recurrence.upper()
        if event.kind != "calendar" or not rule:
            return None
        if self.freq and f"FREQ={self.freq}" not in rule and not (self.freq == "DAILY" and _every_workday(rule)):
            return None
        return f"recurring (RRULE {event.recurrence})"

    def describe(self) -> str:
        return f"recurring {self.freq.lower()}" if self.freq else "recurring"
