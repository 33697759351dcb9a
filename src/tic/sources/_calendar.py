"""iCalendar documents -> calendar Events (S1, S3, S5): the code every calendar source shares.

A `.ics` file, a `.ics` URL and a CalDAV collection all end here: the source
reads its documents (`parse_calendar` for each body of bytes), then
`calendar_fetch` turns them into one Event per VEVENT UID and picks the ones a
tick considers.

Recurring series (RRULE, RDATE, EXDATE, RECURRENCE-ID overrides, time zones)
are expanded with `recurring_ical_events` on a budget (`_recur`: dense or old
rules fast-forwarded, a cap on instances per series and per fetch), and a
document is read component by component when a bad one would spoil the whole
(`_ical_read`: each bad VEVENT is an item error, the rest are read). A
recurring UID is judged on its
next occurrence starting at or after `now` (the last one when none is left);
the Event's `time`/`start`/`end` are that occurrence's. All-day (VALUE=DATE)
and floating times are read in the calendar's time zone (X-WR-TIMEZONE, else
the source's configured zone), else UTC. A fetch returns the UIDs created or
modified since the cursor (or `since` on a first run) plus those starting
within the look-ahead horizon; with neither cursor nor `since`, every UID.
Cursor: `{"checked_at": <now ISO>}`. The sources keep what they read between
ticks (`_calendar_memo.CalendarMemo`, which selects exactly what
`calendar_fetch` selects, without parsing again); `calendar_fetch` is the
one-shot form.

A series with exceptions (overrides, EXDATE, RDATE) carries a `revision`: a
fingerprint of its dates, status and text across all its components, so a
moved or cancelled instance that is not the next one still makes the Event an
update (T5) even when the client did not touch LAST-MODIFIED.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from datetime import date, datetime, timedelta, timezone, tzinfo
from typing import Any
from zoneinfo import ZoneInfo

import icalendar

from tic.errors import ItemError
from tic.sources._base import Cursor, Fetched
from tic.sources._event import Event, Person, cap_body, stable_key
from tic.sources._ical_read import read_calendar
from tic.sources._recur import LOOK_BACK, MAX_SCAN, Budget, next_occurrence
from tic.sources._recur import as_utc as _utc

__all__ = ["calendar_fetch", "parse_calendar", "read_calendar", "zone_named", "LOOK_BACK", "MAX_SCAN"]
# What a user would call a change of a series' instance (not DTSTAMP, SEQUENCE, attendee replies).
_REVISION_PROPS = ("RECURRENCE-ID", "DTSTART", "DTEND", "DURATION", "RRULE", "RDATE", "EXDATE", "STATUS",
                   "SUMMARY", "LOCATION", "DESCRIPTION")


def parse_calendar(raw: bytes | str) -> list[icalendar.Calendar]:
    """The VCALENDARs in one body of iCalendar text (the VEVENTs that can be read); ValueError when there is none."""
    return read_calendar(raw, source="calendar")[0]


def zone_named(name: str | None) -> tzinfo | None:
    """A time zone by IANA name, or None for an empty or unknown name."""
    if not name or not name.strip():
        return None
    try:
        return ZoneInfo(name.strip())
    except (ValueError, KeyError, OSError):
        return None


def calendar_fetch(
    calendars: list[icalendar.Calendar],
    *,
    source: str,
    cursor: Cursor | None,
    now: datetime,
    since: datetime | None,
    horizon: timedelta,
    zone: tzinfo | None = None,
    errors: list[ItemError] | None = None,
) -> Fetched:
    """One Event per UID across `calendars`, filtered as the module docstring says.

    `zone` is the fallback for floating and all-day times when no calendar names
    its own (X-WR-TIMEZONE). `errors` are item errors the caller already found
    (documents it could not parse); the ones found here are added to them.
    """
    now = _utc(now, timezone.utc) or now
    zone = _calendar_zone(calendars) or zone
    errors = list(errors or [])
    groups, zones = _by_uid(calendars, source, errors)
    budget = Budget()  # instances of recurring series this fetch may examine, all series together
    threshold = _cursor_time(cursor) if cursor else since
    events: list[Event] = []
    for uid, components in groups.items():
        try:
            event = _event(source, uid, components, zones[uid], zone, now, budget)
        except Exception as exc:  # noqa: BLE001 - one bad VEVENT must not stop the fetch (R2)
            errors.append(ItemError(source, f"VEVENT {uid[:200]}", f"{type(exc).__name__}: {str(exc)[:300]}",
                                    key=stable_key("calendar", uid)))
            continue
        if (cursor is None and since is None) or _wanted(event, threshold, now, horizon):
            events.append(event)
    events.sort(key=lambda e: e.time)
    return Fetched(events=events, cursor={"checked_at": now.isoformat()}, errors=errors)


def _by_uid(calendars: list[icalendar.Calendar], source: str,
            errors: list[ItemError]) -> tuple[dict[str, list[Any]], dict[str, list[Any]]]:
    """The VEVENTs of `calendars` grouped by UID, and each UID's VTIMEZONEs (those of its own documents, one per
    TZID); a VEVENT without a UID is an item error added to `errors`."""
    groups: dict[str, list[Any]] = defaultdict(list)
    zones: dict[str, dict[str, Any]] = defaultdict(dict)  # UID -> TZID -> VTIMEZONE
    n = 0
    for cal in calendars:
        timezones = {str(tz.get("TZID", "")): tz for tz in cal.walk("VTIMEZONE")}
        for component in cal.walk("VEVENT"):
            n += 1
            uid = str(component.get("UID", "")).strip()
            if uid:
                groups[uid].append(component)
                zones[uid].update(timezones)
            else:
                errors.append(ItemError(source, f"VEVENT #{n} ({_text(component, 'SUMMARY')[:80]!r})", "it has no UID"))
    return dict(groups), {uid: list(z.values()) for uid, z in zones.items()}


def _wanted(event: Event, threshold: datetime | None, now: datetime, horizon: timedelta) -> bool:
    if threshold is not None and any(t is not None and t >= threshold for t in (event.created, event.last_modified)):
        return True
    return now <= event.time <= now + horizon


def _event(source: str, uid: str, components: list[Any], timezones: list[Any], zone: tzinfo | None, now: datetime,
           budget: Budget | None = None) -> Event:
    master = next((c for c in components if "RECURRENCE-ID" not in c), None)
    first = master if master is not None else components[0]
    if "DTSTART" not in first:
        raise ValueError("DTSTART is missing")
    if isinstance(first["DTSTART"], list):
        raise ValueError("DTSTART appears more than once")
    single = master is not None and len(components) == 1 and "RRULE" not in master and "RDATE" not in master
    occurrence = master if single else next_occurrence(components, timezones, now, zone, budget)
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
        key=stable_key("calendar", uid),
        source=source,
        kind="calendar",
        type="event",
        time=start,
        sender=_organizer(occurrence.get("ORGANIZER") or first.get("ORGANIZER")),
        attendees=_attendees(occurrence.get("ATTENDEE") or first.get("ATTENDEE")),
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
        revision="" if single else _revision(components),
        refs={"uid": uid},
    )


def _revision(components: list[Any]) -> str:
    """A fingerprint of a series' exceptions; '' for a plain series (its version needs none)."""
    master = next((c for c in components if "RECURRENCE-ID" not in c), None)
    if len(components) == 1 and master is not None and "EXDATE" not in master and "RDATE" not in master:
        return ""
    parts = []
    for component in components:
        props = []
        for name in _REVISION_PROPS:
            values = component.get(name)
            for value in values if isinstance(values, list) else [values]:
                if value is not None:
                    props.append(f"{name}={_ical(value)}")
        parts.append("\n".join(props))
    return hashlib.sha256("\n\n".join(sorted(parts)).encode()).hexdigest()[:16]


def _ical(value: Any) -> str:
    try:
        raw = value.to_ical()
        return raw.decode("utf-8", "replace") if isinstance(raw, bytes) else str(raw)
    except Exception:  # noqa: BLE001
        return str(value)


def _rrule_text(master: Any) -> str:
    rules = master.get("RRULE") if master is not None else None
    if rules is None:
        return ""
    return "\n".join(r.to_ical().decode() for r in (rules if isinstance(rules, list) else [rules]))


def _calendar_zone(calendars: list[icalendar.Calendar]) -> tzinfo | None:
    for cal in calendars:
        zone = zone_named(str(cal.get("X-WR-TIMEZONE", "")))
        if zone is not None:
            return zone
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


def _text(component: Any, name: str) -> str:
    value = component.get(name)
    if isinstance(value, list):
        value = value[0] if value else None
    return str(value).strip() if value is not None else ""


def _attendees(value: Any) -> tuple[Person, ...]:
    """ATTENDEE properties (CN + mailto) as People, in order, without duplicates."""
    values = value if isinstance(value, list) else [value] if value is not None else []
    people = [_organizer(v) for v in values]
    return tuple(dict.fromkeys(p for p in people if p.name or p.address))


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
