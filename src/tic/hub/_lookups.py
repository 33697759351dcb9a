"""Read-only look-up tools for background agents (T1, T8): they read sources, they change nothing."""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any, Callable, Protocol, Sequence
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import BaseModel, ConfigDict, Field

from tic.clock import Clock
from tic.errors import SourceError, ToolError
from tic.hub._registry import Tool, ToolRegistry
from tic.sources import Event, Source

__all__ = ["register_lookup_tools", "register_decision_tool", "calendar_today"]


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


class _DecisionArgs(BaseModel):
    model_config = ConfigDict(extra="forbid")

    query: str = Field(description="words the event is known by: a sender, a subject word, a chat name")
    limit: int = Field(5, ge=1, le=20)


class Decided(Protocol):
    """One recorded decision as the look-up shows it (the triage agent's history, T6)."""

    event_key: str
    label: str | None
    notify: bool
    reason: str
    decided_by: str
    decided_at: datetime


SearchDecisions = Callable[[str, int], Sequence[Decided]]  # (words, limit) -> decisions, newest first


def register_decision_tool(registry: ToolRegistry, search: SearchDecisions) -> None:
    """T6 for the person chatting: the main agent can look up why something was or was not surfaced.

    `search` is the triage agent's decision search over the world, passed in by the wiring (app.py)."""

    def _decisions(args: _DecisionArgs, ctx) -> list[dict[str, Any]]:
        return [
            {"event": r.event_key, "what": r.label, "notified": r.notify, "reason": r.reason,
             "decided_by": r.decided_by, "decided_at": r.decided_at.isoformat()}
            for r in search(args.query, args.limit)
        ]

    registry.register(Tool("decisions", "Why the triage agent did or did not surface an event (read-only): "
                           "its decisions matching some words, newest first.", _DecisionArgs, _decisions, category="Lookup"))
