"""Reading iCalendar text so that one bad component costs only itself (S3, R2).

    calendars, errors = read_calendar(raw, source="calendar")

The whole document is parsed at once first (icalendar is tolerant of most bad
properties: it keeps them in `component.errors`). When that raises (an END
without its BEGIN) or loses VEVENTs (one left unclosed swallows the rest), the
text is read again component by component: the calendar's own properties and
its VTIMEZONEs once, then every VEVENT on its own, so the good ones are read
and each bad one is an ItemError naming its UID (its key, `calendar:<UID>`,
when the UID could be found). One linear pass over the lines, no backtracking.
"""

from __future__ import annotations

import re

import icalendar

from tic.errors import ItemError
from tic.sources._event import clean_text, stable_key

__all__ = ["read_calendar"]

_BEGIN_VEVENT = re.compile(r"^BEGIN:VEVENT[ \t]*\r?$", re.IGNORECASE | re.MULTILINE)
_UID = re.compile(r"^UID(?:;[^:\r\n]*)?:(.*)$", re.IGNORECASE)


def read_calendar(raw: bytes | str, *, source: str) -> tuple[list[icalendar.Calendar], list[ItemError]]:
    """The VCALENDARs in one body of iCalendar text and an ItemError per VEVENT that could not be read.

    ValueError when the text holds no calendar at all."""
    text = raw.decode("utf-8", "replace") if isinstance(raw, (bytes, bytearray)) else raw
    try:
        calendars = list(icalendar.Calendar.from_ical(raw, multiple=True))
    except Exception as exc:  # noqa: BLE001 - icalendar raises ValueError and friends
        calendars, whole_error = [], exc
    else:
        whole_error = None
        expected = len(_BEGIN_VEVENT.findall(text))
        if calendars and sum(len(c.walk("VEVENT")) for c in calendars) >= expected:
            return calendars, []
    calendars, errors = _piecewise(text, source)
    if not calendars:
        reason = f"not a valid iCalendar document: {whole_error}" if whole_error else "it holds no VCALENDAR"
        raise ValueError(reason)
    return calendars, errors


def _unfold(text: str) -> list[str]:
    """Content lines with folded continuations joined (RFC 5545, 3.1)."""
    lines: list[str] = []
    for line in re.split(r"\r\n|\n|\r", text):
        if line[:1] in (" ", "\t") and lines:
            lines[-1] += line[1:]
        elif line.strip():
            lines.append(line)
    return lines


class _Calendar:
    """One VCALENDAR's pieces while the text is read: its own properties, its VTIMEZONEs, its VEVENTs."""

    def __init__(self) -> None:
        self.header: list[str] = []
        self.zones: list[list[str]] = []
        self.events: list[list[str]] = []
        self.unclosed: list[list[str]] = []


def _piecewise(text: str, source: str) -> tuple[list[icalendar.Calendar], list[ItemError]]:
    cals: list[_Calendar] = []
    cal: _Calendar | None = None
    block: list[str] | None = None  # the top-level component being collected
    kind = ""  # its name
    depth = 0  # components open inside it
    for line in _unfold(text):
        name, _, value = line.partition(":")
        tag, word = name.strip().upper(), value.strip().upper()
        if block is not None:
            if tag == "BEGIN" and word == kind == "VEVENT" and depth == 0 or tag == "END" and word == "VCALENDAR":
                if kind == "VEVENT":
                    cal.unclosed.append(block)  # type: ignore[union-attr] - a VEVENT never closed
                block = None
            else:
                block.append(line)
                if tag == "BEGIN":
                    depth += 1
                elif tag == "END" and depth > 0:
                    depth -= 1
                elif tag == "END" and word == kind:
                    if kind in ("VEVENT", "VTIMEZONE"):
                        (cal.events if kind == "VEVENT" else cal.zones).append(block)  # type: ignore[union-attr]
                    block = None  # any other component (VTODO, VJOURNAL, ...) is not an event: dropped
                continue
        if tag == "BEGIN" and word == "VCALENDAR":
            cal = _Calendar()
            cals.append(cal)
        elif tag == "END" and word == "VCALENDAR":
            cal = None
        elif tag == "BEGIN":
            if cal is None:  # a component outside any VCALENDAR: read it as if it had one
                cal = _Calendar()
                cals.append(cal)
            block, kind, depth = [line], word, 0
        elif tag == "END":
            continue  # an END without its BEGIN: nothing to close
        elif cal is not None:
            cal.header.append(line)
    if block is not None and cal is not None and kind == "VEVENT":
        cal.unclosed.append(block)
    out: list[icalendar.Calendar] = []
    errors: list[ItemError] = []
    n = 0
    for piece in cals:
        calendar = _skeleton(piece)
        for lines in piece.events:
            n += 1
            try:
                calendar.add_component(_one_event(lines))
            except Exception as exc:  # noqa: BLE001 - this VEVENT alone is lost (R2)
                errors.append(_error(source, lines, n, f"{type(exc).__name__}: {exc}"))
        for lines in piece.unclosed:
            n += 1
            errors.append(_error(source, lines, n, "it is not closed (END:VEVENT is missing)"))
        out.append(calendar)
    return out, errors


def _skeleton(piece: _Calendar) -> icalendar.Calendar:
    """The calendar's own properties and VTIMEZONEs (the ones that can be read), without events."""
    head = ["BEGIN:VCALENDAR", *piece.header]
    for zones in (piece.zones, []):
        try:
            return icalendar.Calendar.from_ical("\r\n".join(head + [l for z in zones for l in z] + ["END:VCALENDAR"]))
        except Exception:  # noqa: BLE001 - a bad VTIMEZONE: its events' times fall back to their TZID names
            continue
    return icalendar.Calendar()


def _one_event(lines: list[str]) -> icalendar.Event:
    component = icalendar.Event.from_ical("\r\n".join(lines))
    if not isinstance(component, icalendar.Event):
        raise ValueError("it is not a VEVENT")
    return component


def _error(source: str, lines: list[str], n: int, reason: str) -> ItemError:
    uid = next((m.group(1).strip() for line in lines if (m := _UID.match(line))), "")
    uid = clean_text(uid, 400)
    item = f"VEVENT {uid}" if uid else f"VEVENT #{n}"
    return ItemError(source, item, reason[:500], key=stable_key("calendar", uid) if uid else None)
