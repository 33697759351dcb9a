"""What a calendar source read last, kept between ticks, so an idle tick parses nothing (issue 10; S3, T5).

`CalendarMemo` holds one source's parsed documents: the VEVENTs grouped by UID
and, for each UID, the Event `_calendar._event` made of them. A source hands it
new documents only when they changed (`load`: a file's mtime and size, an HTTP
ETag / Last-Modified, a CalDAV sync-token or ctag); `select` then picks what a
tick considers exactly as `_calendar.calendar_fetch` does - the UIDs created or
changed since the cursor plus those starting within the look-ahead horizon -
without parsing: a single event's time is fixed; a recurring series' next
occurrence is recomputed only once the one held has started.

The cursor names the state it was made from (`state`); while that state is
still in memory, `select` also returns what changed against it:

- a UID that is new, or whose version changed, is returned even when its
  LAST-MODIFIED did not move (a client that forgot it) and it is not soon;
- a UID that is gone (deleted from the file, the feed or the collection) while
  it was still upcoming comes back once as an update: its last known Event with
  STATUS CANCELLED, LAST-MODIFIED at the tick and `refs["deleted"] = "true"`,
  so the tick judges it again under its key (T5) like a cancelled meeting.
  A deletion of something already over is not news and yields nothing.

After a restart nothing is in memory: the first fetch reads everything once
and the time rule alone decides, as before.
"""

from __future__ import annotations

import secrets
from collections import OrderedDict, defaultdict
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone, tzinfo
from typing import Any

import icalendar

from tic.errors import ItemError
from tic.sources._base import Cursor, Fetched
from tic.sources._calendar import _calendar_zone, _cursor_time, _event, _text, _wanted
from tic.sources._event import Event, stable_key
from tic.sources._recur import Budget
from tic.sources._recur import as_utc as _utc

__all__ = ["CalendarMemo"]

STATES = 4  # states kept in memory: the cursor just returned, and a few a failed tick did not store


@dataclass
class _Known:
    """One UID's Event, made from these components (their identities), and whether its time can still move."""

    components: tuple[int, ...]
    event: Event | None
    error: ItemError | None
    final: bool  # a single event, or a series with no occurrence left: its time never moves


class CalendarMemo:
    """One calendar source's documents as last read; `load` new ones, `select` what a tick considers."""

    def __init__(self) -> None:
        self._groups: dict[str, list[Any]] = {}
        self._zones: dict[str, list[Any]] = {}
        self._zone: tzinfo | None = None
        self._errors: list[ItemError] = []
        self._known: dict[str, _Known] = {}
        self._loaded = False
        self._prefix = secrets.token_hex(4)
        self._generation = 0
        self._states: OrderedDict[str, dict[str, Event]] = OrderedDict()  # state id -> UID -> Event
        self._dirty = True  # documents loaded or an Event remade since the last state was kept

    @property
    def loaded(self) -> bool:
        return self._loaded

    def load(self, calendars: list[icalendar.Calendar], errors: list[ItemError], *, source: str,
             zone: tzinfo | None) -> None:
        """New documents: group their VEVENTs by UID; a UID whose components are the same objects keeps its Event."""
        groups: dict[str, list[Any]] = defaultdict(list)
        zones: dict[str, dict[str, Any]] = defaultdict(dict)
        errors = list(errors)
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
        self._groups = dict(groups)
        self._zones = {uid: list(z.values()) for uid, z in zones.items()}
        zone = _calendar_zone(calendars) or zone
        if zone != self._zone:
            self._known = {}
        self._zone = zone
        self._errors = errors
        self._known = {uid: k for uid, k in self._known.items()
                       if uid in self._groups and k.components == tuple(map(id, self._groups[uid]))}
        self._generation += 1
        self._loaded = True
        self._dirty = True

    def select(self, *, source: str, cursor: Cursor | None, now: datetime, since: datetime | None,
               horizon: timedelta) -> Fetched:
        """What a tick considers now, as the module docstring says; the cursor names the state it came from."""
        now = _utc(now, timezone.utc) or now
        budget = Budget()
        errors = list(self._errors)
        current: dict[str, Event] = {}
        for uid, components in self._groups.items():
            known = self._known.get(uid)
            if known is None or (not known.final and known.event is not None and known.event.time < now):
                known = self._make(source, uid, components, now, budget)
                self._known[uid] = known
                self._dirty = True
            if known.error is not None:
                errors.append(known.error)
            elif known.event is not None:
                current[uid] = known.event
        threshold = _cursor_time(cursor) if cursor else since
        before = self._states.get(str(cursor.get("state"))) if cursor else None
        events = [e for e in current.values() if (cursor is None and since is None) or _wanted(e, threshold, now, horizon)]
        state = self._remember(current)
        if before is not None and str(cursor.get("state")) != state:  # type: ignore[union-attr]
            events.extend(self._changes(before, current, {e.key for e in events}, threshold or now, now))
        events.sort(key=lambda e: e.time)
        return Fetched(events=events, cursor={"checked_at": now.isoformat(), "state": state}, errors=errors)

    def _make(self, source: str, uid: str, components: list[Any], now: datetime, budget: Budget) -> _Known:
        ids = tuple(map(id, components))
        try:
            event = _event(source, uid, components, self._zones.get(uid, []), self._zone, now, budget)
        except Exception as exc:  # noqa: BLE001 - one bad VEVENT must not stop the fetch (R2)
            error = ItemError(source, f"VEVENT {uid[:200]}", f"{type(exc).__name__}: {str(exc)[:300]}",
                              key=stable_key("calendar", uid))
            return _Known(ids, None, error, True)
        single = len(components) == 1 and "RRULE" not in components[0] and "RDATE" not in components[0] \
            and "RECURRENCE-ID" not in components[0]
        return _Known(ids, event, None, single or event.time < now)

    def _changes(self, before: dict[str, Event], current: dict[str, Event], chosen: set[str],
                 seen_gone: datetime, now: datetime) -> list[Event]:
        """New or changed UIDs not chosen already, and the upcoming ones gone (deleted: seen gone since `seen_gone`,
        the cursor's time, so the same cursor gives the same update)."""
        out = []
        for uid, event in current.items():
            old = before.get(uid)
            if event.key not in chosen and (old is None or old.version != event.version):
                out.append(event)
        for uid, old in before.items():
            if uid not in current and (old.end or old.time) >= now:
                stamp = max(t for t in (old.last_modified, seen_gone) if t is not None)
                out.append(old.model_copy(update={"status": "CANCELLED", "last_modified": stamp,
                                                  "refs": {**old.refs, "deleted": "true"}}))
        return out

    def _remember(self, current: dict[str, Event]) -> str:
        """The id of this state; the same id while the documents and every Event are unchanged."""
        if not self._dirty and self._states:
            return next(reversed(self._states))
        self._dirty = False
        self._states[f"{self._prefix}-{self._generation}-{secrets.token_hex(3)}"] = current
        while len(self._states) > STATES:
            self._states.popitem(last=False)
        return next(reversed(self._states))
