"""Read-only look-up tools for background agents (T1, T8): they read sources, they change nothing."""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Callable
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import BaseModel, ConfigDict

from tic.clock import Clock
from tic.errors import SourceError, ToolError
from tic.hub._registry import Tool, ToolRegistry
from tic.sources import Event
from tic.sources._base import Source

__all__ = ["register_lookup_tools", "calendar_today"]


class _NoArgs(BaseModel):
    model_config = ConfigDict(extra="forbid")


def _zone(name: str):
    try:
        return ZoneInfo(name) if name else timezone.utc
    except (ZoneInfoNotFoundError, ValueError):
        return timezone.utc


def calendar_today(calendars: list[Source], now: datetime) -> dict:
    """Today's calendar items (today in each calendar's own time zone), earliest first."""
    events: list[Event] = []
    for source in calendars:
        fetched = source.fetch(None, now=now, since=None)  # a read: no cursor is stored
        events.extend(e for e in fetched.events if e.start is not None and e.status.upper() != "CANCELLED")
    items = []
    for e in events:
        zone = _zone(e.timezone)
        if e.start.astimezone(zone).date() != now.astimezone(zone).date():
            continue
        when = "all day" if e.all_day else e.start.astimezone(zone).strftime("%H:%M")
        items.append({"title": e.subject or "(untitled)", "when": when, "start": e.start.isoformat(),
                      "location": e.location, "key": e.key})
    items.sort(key=lambda i: (i["when"] != "all day", i["start"]))
    return {"source": "calendar", "label": "on the calendar today", "items": items}


def register_lookup_tools(registry: ToolRegistry, calendars: Callable[[], list[Source]], clock: Clock) -> None:
    def _today(args: _NoArgs, ctx) -> dict:
        try:
            return calendar_today(calendars(), clock.now())
        except SourceError as exc:
            raise ToolError(f"the calendar could not be read: {exc}") from exc

    registry.register(Tool("calendar_today", "Today's calendar events (read-only): title, time, location.",
                           _NoArgs, _today, category="Lookup"))
