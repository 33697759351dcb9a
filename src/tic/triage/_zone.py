"""T9: the user's time zone - the setting, else the calendar's, else the machine's."""

from __future__ import annotations

import re
from datetime import timedelta, timezone, tzinfo
from typing import Iterable
from zoneinfo import ZoneInfo

from tic.clock import local_zone
from tic.errors import ConfigError

__all__ = ["calendar_zone", "user_zone", "zone_name", "zone_from_name"]


def user_zone(setting: str | None, events: Iterable) -> tzinfo:
    """The zone "today", "tonight", weekdays and quiet hours are read in (T9).

    `setting` (TIC_TIMEZONE) when set; else the time zone of the first calendar
    event that names a known one (`Event.timezone`: the calendar's
    X-WR-TIMEZONE, else its source's configured zone, else the event's TZID);
    else the machine's (`clock.local_zone`). A setting that names no zone is a
    ConfigError saying what to do.
    """
    if setting is not None and setting.strip():
        try:
            return ZoneInfo(setting.strip())
        except (ValueError, KeyError, OSError) as exc:
            raise ConfigError(f"unknown time zone {setting!r} in TIC_TIMEZONE: use an IANA name such as "
                              "'Europe/Rome' or 'America/New_York', or unset it to follow your calendar") from exc
    return calendar_zone(events) or local_zone()


def calendar_zone(events: Iterable) -> tzinfo | None:
    """The zone the first calendar event names (a name zoneinfo does not know is passed over), or None."""
    for event in events:
        if getattr(event, "kind", None) == "calendar" and event.timezone:
            try:
                return ZoneInfo(event.timezone.strip())
            except (ValueError, KeyError, OSError):
                continue  # an Outlook TZID ('W. Europe Standard Time') and the like
    return None


def zone_name(tz: tzinfo) -> str:
    """A name `zone_from_name` reads back: the IANA key, else `UTC+01:00` for a fixed offset."""
    key = getattr(tz, "key", None)
    if key:
        return str(key)
    offset = tz.utcoffset(None) or timedelta(0)
    sign = "-" if offset < timedelta(0) else "+"
    minutes = abs(int(offset.total_seconds())) // 60
    return f"UTC{sign}{minutes // 60:02d}:{minutes % 60:02d}"


_OFFSET = re.compile(r"^UTC([+-])(\d\d):(\d\d)$")


def zone_from_name(name: str | None) -> tzinfo:
    """The zone `zone_name` wrote (UTC for an empty or unknown name)."""
    if name:
        if m := _OFFSET.match(name):
            delta = timedelta(hours=int(m[2]), minutes=int(m[3]))
            return timezone(-delta if m[1] == "-" else delta)
        try:
            return ZoneInfo(name)
        except (ValueError, KeyError, OSError):
            pass
    return timezone.utc
