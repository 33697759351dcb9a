"""A calendar item, described once: references, what a model is shown, summary, label, offline wording."""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from tic.notification._model import CalendarRefs, Notification
from tic.notification._text import NAME_CHARS, SUBJECT_CHARS, body, clip, excerpt, iso, parse, until
from tic.signals import event_start, local_zone
from tic.sources import Event

__all__ = ["CalendarKind"]


class CalendarKind:
    name = "calendar"
    refs_type = CalendarRefs

    @staticmethod
    def event_type(event: Event, is_update: bool) -> str:
        return "event_changed" if is_update else "event"

    @staticmethod
    def refs(event: Event) -> CalendarRefs:
        return CalendarRefs(event_key=event.key, uid=event.refs.get("uid", event.key.partition(":")[2]),
                            title=event.subject, start=event.start.isoformat() if event.start else None,
                            all_day=event.all_day, organizer=event.sender.name or event.sender.address,
                            location=event.location)

    @staticmethod
    def prompt(event: Event) -> dict[str, Any]:
        return dict(
            title=event.subject or None, start=iso(event.start), end=iso(event.end), all_day=event.all_day or None,
            timezone=event.timezone or None, created=iso(event.created), last_modified=iso(event.last_modified),
            recurrence=event.recurrence or None, status=event.status or None, location=event.location or None,
            description=body(event.body) or None,
        )

    @staticmethod
    def summary(event: Event) -> str:
        start = event_start(event).astimezone(local_zone(event))
        zone = event.timezone or "UTC"
        when = f"{start:%Y-%m-%d}" if event.all_day else f"{start:%Y-%m-%d %H:%M} {zone}"
        title = excerpt(event.subject, 200) or "(untitled)"
        verb = "was cancelled" if event.status.upper() == "CANCELLED" else "was added"
        if event.created and event.last_modified and (event.last_modified - event.created).total_seconds() > 60:
            verb = "was changed" if verb == "was added" else verb
        organiser = f" by {event.sender}" if str(event.sender) else ""
        what = "An all-day calendar event" if event.all_day else "A calendar event"
        where = "on" if event.all_day else "starting"
        return re.sub(r"\s+", " ", f'{what} "{title}" {verb}{organiser}, {where} {when}.')

    @staticmethod
    def label(event: Event) -> str:
        return f"calendar event {event.subject or '(untitled)'} organised by {str(event.sender) or 'unknown sender'}"[:300]

    @staticmethod
    def who(n: Notification) -> str:
        refs = n.refs
        return (refs.organizer or "") if isinstance(refs, CalendarRefs) else ""

    @staticmethod
    def describe(n: Notification, now: datetime) -> str:
        refs = n.refs
        assert isinstance(refs, CalendarRefs)
        title = clip(refs.title or "an event", SUBJECT_CHARS)
        start = parse(refs.start)
        soon = until(start, now) if start else "soon"
        by = f", organised by {clip(refs.organizer, NAME_CHARS)}" if refs.organizer else ""
        return f"A new calendar event, “{title}”, starts {soon}{by}."
