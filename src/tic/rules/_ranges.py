"""Days and hours written as short ranges, read after the scan (T9): 'Mon-Thu 7am-7pm', 'Tue & Thu 9am-1pm',
'Sa + So', 'sam/dim', 'Sat 9am'. Short weekday forms are days only where they stand as days - in a range or list
of days of one language ("Mon-Thu", "Tue & Thu", "Sa + So"), or, in English, right before a time or another day
("Sat 9am"); elsewhere "Sun", "Wed", "So" or "Mon" stay what the scanner made of them. Two clock times joined by a dash, with no "between" before them, are a
window from the one to the other ("9am-1pm" reads as "between 9am and 1pm")."""

from __future__ import annotations

import re

from tic.rules._reading import WEEKDAYS
from tic.rules._item import Item, replace_spans
from tic.rules._slots import range_end
from tic.rules._tokens import fold
from tic.rules._unread import Unread

__all__ = ["day_ranges", "time_ranges"]

_EN = {"mon": "mon", "tue": "tue", "tues": "tue", "wed": "wed", "thu": "thu", "thur": "thu", "thurs": "thu",
       "fri": "fri", "sat": "sat", "sun": "sun", **{d: d[:3] for d in ("monday", "tuesday", "wednesday", "thursday",
                                                                      "friday", "saturday", "sunday")}}
# short weekday forms per language: read as days only in a list or range of them ("Sa + So", "sam/dim", "sáb-dom")
_SHORT = {
    "en": _EN,
    "de": {"mo": "mon", "di": "tue", "mi": "wed", "do": "thu", "fr": "fri", "sa": "sat", "so": "sun"},
    "fr": {"lun": "mon", "mar": "tue", "mer": "wed", "jeu": "thu", "ven": "fri", "sam": "sat", "dim": "sun"},
    "es": {"lun": "mon", "mar": "tue", "mie": "wed", "jue": "thu", "vie": "fri", "sab": "sat", "dom": "sun"},
    "pt": {"seg": "mon", "ter": "tue", "qua": "wed", "qui": "thu", "sex": "fri", "sab": "sat", "dom": "sun"},
}
_RANGE = re.compile(r"\s*(?:-|–|\bto\b|\bthrough\b|\bthru\b|\bbis\b|\ba\b|\bau\b)\s*")
_LIST = re.compile(r"\s*(?:&|\+|/|,|\band\b|\bund\b|\bet\b|\by\b|\be\b)\s*")
_JOINS = {"to", "-", "–", "through", "thru", "&", "and", "+", "/", "und", "et", "y", "e", "bis", "a", "au"}


def _days(text: str) -> tuple[str, ...] | None:
    """'Mon-Thu' -> mon..thu, 'Tue & Thu' -> (tue, thu), 'Sa + So' -> (sat, sun); None unless every part is a day
    of one language's short forms."""
    low = fold(text).replace(".", "")
    for names in _SHORT.values():
        ends = _RANGE.split(low)
        if len(ends) == 2 and all(e in names for e in ends):
            a, b = (WEEKDAYS.index(names[e]) for e in ends)
            return tuple(WEEKDAYS[(a + n) % 7] for n in range((b - a) % 7 + 1))
        parts = _LIST.split(low)
        if len(parts) >= 2 and all(p in names for p in parts):
            return tuple(dict.fromkeys(names[p] for p in parts))
    return None


def day_ranges(items: list[Item]) -> list[Item]:
    """Day abbreviations, lists and ranges as days."""
    return replace_spans(items, _day_span)


def _day_span(items: list[Item], k: int) -> tuple[list[Item], int] | None:
    it = items[k]
    if it.cls not in {"name", "word", "my", "pron", "f"}:
        return None
    if (days := _days(it.text)) is not None:  # "Mon-Thu", "Tue & Thu": one item
        return [Item("day", it.text, value=days, lang=it.lang)], k + 1
    if k + 2 < len(items) and fold(items[k + 1].text) in _JOINS \
            and (days := _days(f"{it.text} {items[k + 1].text} {items[k + 2].text}")) is not None:
        return [Item("day", " ".join(x.text for x in items[k : k + 3]), value=days, lang=it.lang)], k + 3  # "Mon to Thu"
    low = fold(it.text).strip(".")
    nxt = items[k + 1] if k + 1 < len(items) else None
    if it.lang == "en" and low in _EN and it.text[:1].isupper() and nxt is not None and nxt.cls in {"time", "day"}:
        return [Item("day", it.text, value=(_EN[low],), lang=it.lang)], k + 1  # "Sat 9am"
    after = next((x for x in items[k + 1 : k + 3] if x.cls != "neg"), None)
    if it.text[:1].isupper() and after is not None and after.cls in {"time", "before", "after", "between"} \
            and any(low in names for lang, names in _SHORT.items() if lang != "en"):
        short = _SHORT.get(it.lang, {})
        if low not in short:  # "So nichts vor 10 Uhr" in a rule too short to tell its language: "so", or Sunday?
            raise Unread(f'"{it.text}": a weekday, or not? Write the day out')
        return [Item("day", it.text, value=(short[low],), lang=it.lang)], k + 1
    return None


def time_ranges(items: list[Item]) -> list[Item]:
    """'7am-7pm', '23h à 7h', '22–7 Uhr' (`_slots.range_end`) with no "between" before it: the window between the
    two times, its connector read as "until" - in brackets too ("Nachts (22–7 Uhr)")."""
    out: list[Item] = []
    for k, it in enumerate(items):
        if it.cls == "aside":
            it.items = time_ranges(it.items)
        if it.cls in {"time", "number"} and (end := range_end(items, k)) is not None and items[end].cls == "time" \
                and not (out and out[-1].cls in {"between", "f"}):
            out.append(Item("between", "", lang=it.lang))
            items[k + 1] = Item("tillw", items[k + 1].text, lang=it.lang) if end == k + 2 else items[k + 1]
        out.append(it)
    return out
