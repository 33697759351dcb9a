"""iCalendar file source (S1, S3, S5): one Event per VEVENT UID.

Parsed with `icalendar`; recurring series (RRULE, RDATE, EXDATE, RECURRENCE-ID
overrides, time zones) are expanded with `recurring_ical_events`. A recurring
UID is judged on its next occurrence starting at or after `now` (the last one
when none is left); the Event's `time`/`start`/`end` are that occurrence's.
All-day (VALUE=DATE) and floating times are read in the calendar's time zone
(X-WR-TIMEZONE), else UTC. A fetch returns the UIDs created or modified since
the cursor (or `since` on a first run) plus those starting within the
look-ahead horizon; with neither cursor nor `since`, every UID. Cursor:
`{"checked_at": <now ISO>}`.
"""

from __future__ import annotations

from collections import defaultdict
from datetime import date, datetime, timedelta, timezone, tzinfo
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import icalendar
import recurring_ical_events

from tic.errors import ItemError, SourceError
from tic.sources._base import Cursor, Fetched
from tic.sources._event import Event, Person, cap_body

__all__ = ["IcsFileSource"]

LOOK_BACK = timedelta(days=400)  # how far back the "last occurrence" of an ended series is sought
MAX_SCAN = 1_000  # occurrences examined while looking for the next one (ongoing multi-day ones)


class IcsFileSource:
    """A local `.ics` file (a calendar export, a synced copy, a subscribed feed's download)."""

    kind = "calendar"

    def __init__(self, path: Path | str, name: str = "calendar", horizon: timedelta = timedelta(hours=24)) -> None:
        self.path = Path(path)
        self.name = name
        self.horizon = horizon

    def __repr__(self) -> str:
        return f"IcsFileSource({str(self.path)!r}, name={self.name!r}, horizon={self.horizon!r})"

    def fetch(self, cursor: Cursor | None, *, now: datetime, since: datetime | None) -> Fetched:
        now = _utc(now, timezone.utc)
        calendars = self._read()
        zone = _calendar_zone(calendars)
        timezones = [tz for cal in calendars for tz in cal.walk("VTIMEZONE")]
        groups: dict[str, list[Any]] = defaultdict(list)
        errors: list[ItemError] = []
        for n, component in enumerate((c for cal in calendars for c in cal.walk("VEVENT")), start=1):
            uid = str(component.get("UID", "")).strip()
            if uid:
                groups[uid].append(component)
            else:
                errors.append(ItemError(self.name, f"VEVENT #{n} ({_text(component, 'SUMMARY')!r})", "it has no UID"))
        threshold = _cursor_time(cursor) if cursor else since
        events: list[Event] = []
        for uid, components in groups.items():
            try:
                event = self._event(uid, components, timezones, zone, now)
            except Exception as exc:  # noqa: BLE001 - one bad VEVENT must not stop the fetch (R2)
                errors.append(ItemError(self.name, f"VEVENT {uid}", f"{type(exc).__name__}: {exc}"))
                continue
            if (cursor is None and since is None) or self._wanted(event, threshold, now):
                events.append(event)
        events.sort(key=lambda e: e.time)
        return Fetched(events=events, cursor={"checked_at": now.isoformat()}, errors=errors)

    def _wanted(self, event: Event, threshold: datetime | None, now: datetime) -> bool:
        if threshold is not None and any(t is not None and t >= threshold for t in (event.created, event.last_modified)):
            return True
        return now <= event.time <= now + self.horizon

    def _read(self) -> list[icalendar.Calendar]:
        try:
            raw = self.path.read_bytes()
        except FileNotFoundError as exc:
            raise SourceError(f"{self.name}: calendar file {self.path} does not exist; create it or fix the configured path") from exc
        except OSError as exc:
            raise SourceError(f"{self.name}: cannot read calendar file {self.path}: {exc}") from exc
        try:
            calendars = icalendar.Calendar.from_ical(raw, multiple=True)
        except Exception as exc:  # noqa: BLE001 - icalendar raises ValueError and friends
            raise SourceError(f"{self.name}: {self.path} is not a valid iCalendar file: {exc}") from exc
        if not calendars:
            raise SourceError(f"{self.name}: {self.path} holds no VCALENDAR")
        return list(calendars)

    def _event(self, uid: str, components: list[Any], timezones: list[Any], zone: tzinfo | None, now: datetime) -> Event:
        master = next((c for c in components if "RECURRENCE-ID" not in c), None)
        first = master if master is not None else components[0]
        if "DTSTART" not in first:
            raise ValueError("DTSTART is missing")
        if isinstance(first["DTSTART"], list):
            raise ValueError("DTSTART appears more than once")
        if master is not None and len(components) == 1 and "RRULE" not in master and "RDATE" not in master:
            occurrence = master
        else:
            occurrence = _next_occurrence(components, timezones, now, zone)
        local = zone or timezone.utc
        raw_start = _decoded(occurrence, "DTSTART")
        start = _utc(raw_start, local)
        if start is None:
            raise ValueError(f"DTSTART cannot be read: {occurrence.get('DTSTART')!r}")
        end = _utc(_decoded(occurrence, "DTEND"), local)
        if end is None:
            duration = _decoded(occurrence, "DURATION")
            end = start + duration if isinstance(duration, timedelta) else start
        stamps = [_utc(_decoded(c, "LAST-MODIFIED"), local) for c in components]
        tzid = str(first["DTSTART"].params.get("TZID", ""))
        return Event(
            key=f"calendar:{uid}",
            source=self.name,
            kind="calendar",
            type="event",
            time=start,
            sender=_organizer(occurrence.get("ORGANIZER") or first.get("ORGANIZER")),
            subject=_text(occurrence, "SUMMARY"),
            body=cap_body(_text(occurrence, "DESCRIPTION")),
            start=start,
            end=end,
            all_day=isinstance(raw_start, date) and not isinstance(raw_start, datetime),
            created=_utc(_decoded(first, "CREATED"), local),
            last_modified=max((s for s in stamps if s is not None), default=None),
            recurrence=_rrule_text(master),
            location=_text(occurrence, "LOCATION"),
            timezone=str(getattr(zone, "key", "") or tzid),
            status=_text(occurrence, "STATUS").upper(),
            refs={"uid": uid},
        )


def _next_occurrence(components: list[Any], timezones: list[Any], now: datetime, zone: tzinfo | None) -> Any:
    """The first occurrence starting at/after `now`, else the last one before it."""
    calendar = icalendar.Calendar()
    for component in (*timezones, *components):
        calendar.add_component(component)
    query = recurring_ical_events.of(calendar)
    local = zone or timezone.utc
    for n, occurrence in enumerate(query.after(now - timedelta(days=1))):
        start = _utc(_decoded(occurrence, "DTSTART"), local)
        if start is not None and start >= now:
            return occurrence
        if n >= MAX_SCAN:
            break
    past = query.between(now - LOOK_BACK, now)
    if past:
        return max(past, key=lambda o: _utc(_decoded(o, "DTSTART"), local) or now)
    master = next((c for c in components if "RECURRENCE-ID" not in c), components[0])
    return master


def _rrule_text(master: Any) -> str:
    rules = master.get("RRULE") if master is not None else None
    if rules is None:
        return ""
    return "\n".join(r.to_ical().decode() for r in (rules if isinstance(rules, list) else [rules]))


def _calendar_zone(calendars: list[icalendar.Calendar]) -> tzinfo | None:
    for cal in calendars:
        name = str(cal.get("X-WR-TIMEZONE", "")).strip()
        if name:
            try:
                return ZoneInfo(name)
            except (ValueError, KeyError, OSError):
                continue  # unknown zone name: fall back to UTC
    return None


def _cursor_time(cursor: Cursor) -> datetime | None:
    try:
        return _utc(datetime.fromisoformat(str(cursor["checked_at"])), timezone.utc)
    except (KeyError, TypeError, ValueError):
        return None


def _decoded(component: Any, name: str) -> Any:
    try:
        return component.decoded(name) if name in component else None
    except Exception:  # noqa: BLE001 - a broken optional property reads as absent
        return None


def _utc(value: Any, local: tzinfo) -> datetime | None:
    """An iCalendar date/date-time as aware UTC; dates and floating times are read in `local`."""
    if isinstance(value, datetime):
        aware = value if value.tzinfo is not None else value.replace(tzinfo=local)
        return aware.astimezone(timezone.utc)
    if isinstance(value, date):
        return datetime(value.year, value.month, value.day, tzinfo=local).astimezone(timezone.utc)
    return None


def _text(component: Any, name: str) -> str:
    value = component.get(name)
    if isinstance(value, list):
        value = value[0] if value else None
    return str(value).strip() if value is not None else ""


def _organizer(value: Any) -> Person:
    if isinstance(value, list):
        value = value[0] if value else None
    if value is None:
        return Person()
    address = str(value).strip()
    if address.lower().startswith("mailto:"):
        address = address[len("mailto:"):]
    params = getattr(value, "params", {}) or {}
    return Person(name=str(params.get("CN", "")).strip('"'), address=address)
