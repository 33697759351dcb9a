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
and the time rule alone decides, as before; so it does for a cursor another
engine sharing the world wrote (its state is not in this one's memory). Only
these ids go into the stored cursor (`source_cursors`): the documents, ETags
and sync-tokens are useless without each other, so they stay in memory.
"""

from __future__ import annotations

import secrets
from bisect import bisect_left, bisect_right
from collections import OrderedDict
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone, tzinfo
from typing import Any

import icalendar

from tic.errors import ItemError
from tic.sources._base import Cursor, Fetched
from tic.sources._calendar import _by_uid, _calendar_zone, _cursor_time, _event
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
        self._unmade = False  # documents loaded whose UIDs have no Event yet
        self._current: dict[str, Event] = {}
        self._item_errors: list[ItemError] = []
        self._order: dict[str, int] = {}
        self._times: list[datetime] = []
        self._time_uids: list[str] = []
        self._stamps: list[datetime] = []
        self._stamp_uids: list[str] = []
        self._moving: dict[str, datetime] = {}  # recurring UIDs -> the start of the occurrence their Event holds

    @property
    def loaded(self) -> bool:
        return self._loaded

    def load(self, calendars: list[icalendar.Calendar], errors: list[ItemError], *, source: str,
             zone: tzinfo | None) -> None:
        """New documents: group their VEVENTs by UID; a UID whose components are the same objects keeps its Event."""
        errors = list(errors)
        self._groups, self._zones = _by_uid(calendars, source, errors)
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
        self._unmade = True
        self._moving = {}

    def select(self, *, source: str, cursor: Cursor | None, now: datetime, since: datetime | None,
               horizon: timedelta) -> Fetched:
        """What a tick considers now, as the module docstring says; the cursor names the state it came from.

        Its cost does not grow with the calendar: single events' times and stamps are kept sorted (two
        bisections); only the recurring series whose held occurrence has started are expanded again."""
        now = _utc(now, timezone.utc) or now
        budget = Budget()
        if self._unmade:
            for uid, components in self._groups.items():
                if uid not in self._known:
                    self._known[uid] = self._make(source, uid, components, now, budget)
            self._unmade = False
            self._dirty = True
        for uid in [uid for uid, t in self._moving.items() if t < now]:
            self._known[uid] = self._make(source, uid, self._groups[uid], now, budget)
            self._dirty = True
        if self._dirty:
            self._reindex()
        current = self._current
        threshold = _cursor_time(cursor) if cursor else since
        if cursor is None and since is None:
            chosen = list(current)
        else:
            lo, hi = bisect_left(self._times, now), bisect_right(self._times, now + horizon)
            chosen = self._time_uids[lo:hi]
            if threshold is not None:
                chosen = chosen + self._stamp_uids[bisect_left(self._stamps, threshold):]
        events = [current[uid] for uid in dict.fromkeys(chosen)]
        before = self._states.get(str(cursor.get("state"))) if cursor else None
        state = self._remember(current)
        if before is not None and str(cursor.get("state")) != state:  # type: ignore[union-attr]
            events.extend(self._changes(before, current, {e.key for e in events}, threshold or now, now))
        order = self._order
        events.sort(key=lambda e: (e.time, order.get(e.refs.get("uid", ""), len(order))))
        return Fetched(events=events, cursor={"checked_at": now.isoformat(), "state": state},
                       errors=list(self._item_errors))

    def _reindex(self) -> None:
        """The Events in document order, sorted by time and by their latest stamp, and the series still moving."""
        known = self._known
        self._current = {uid: known[uid].event for uid in self._groups if known[uid].event is not None}  # type: ignore[misc]
        self._item_errors = self._errors + [known[uid].error for uid in self._groups if known[uid].error is not None]
        self._order = {uid: n for n, uid in enumerate(self._groups)}
        by_time = sorted(((e.time, self._order[uid], uid) for uid, e in self._current.items()))
        self._times, self._time_uids = [t for t, _, _ in by_time], [u for _, _, u in by_time]
        stamped = sorted((max(t for t in (e.created, e.last_modified) if t is not None), uid)
                         for uid, e in self._current.items() if e.created is not None or e.last_modified is not None)
        self._stamps, self._stamp_uids = [t for t, _ in stamped], [u for _, u in stamped]
        self._moving = {uid: known[uid].event.time for uid in self._current if not known[uid].final}  # type: ignore[union-attr]

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
