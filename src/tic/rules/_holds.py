"""The parts of a hold rule beyond its window (T9, T11): the window's own zone, what happens at its end, and
the list of what may still get through.

    zone_note(aside_items)        # "(hora de Madrid)", "(Madrid time)", "(Berliner Zeit)" -> "Europe/Madrid"
    strip_release(items)          # ": lo que haya pendiente, guárdamelo y me lo enseñas a las 7:30" -> (rest, "07:30")
    only_list(text, people)       # "Solo dos cosas pueden despertarme: Palo y las alertas P1" -> Any(...)

A zone note names a city the time zone database knows (in English or by a common exonym, "Lisboa",
"Londres"); any other note about time refuses the rule. A release clause only says what a hold does anyway
(keep what arrives, show it when the window ends): its time, when given, must be the window's end. An only-list
says how many things may get through and lists exactly that many; it is read only as the exceptions of the
hold just before it (`_markdown`), never on its own.
"""

from __future__ import annotations

from functools import lru_cache

from tic.rules._scan import Item, is_number, scan
from tic.rules._slots import Unread
from tic.rules._slots import _clock
from tic.rules._tokens import fold

__all__ = ["zone_note", "strip_release", "only_list"]

_TIME_WORDS = {"time", "hora", "horario", "heure", "zeit", "uhrzeit", "ora"}
_OF = {"de", "du", "in", "of", "em", "en", "von", "d'"}
_EXONYMS = {"lisboa": "Europe/Lisbon", "londres": "Europe/London", "bruselas": "Europe/Brussels",
            "bruxelles": "Europe/Brussels", "bruxelas": "Europe/Brussels", "viena": "Europe/Vienna",
            "wien": "Europe/Vienna", "vienne": "Europe/Vienna", "roma": "Europe/Rome", "rom": "Europe/Rome",
            "varsovia": "Europe/Warsaw", "warschau": "Europe/Warsaw", "varsovie": "Europe/Warsaw",
            "atenas": "Europe/Athens", "athen": "Europe/Athens", "athenes": "Europe/Athens", "praga": "Europe/Prague",
            "prag": "Europe/Prague", "copenhague": "Europe/Copenhagen", "kopenhagen": "Europe/Copenhagen",
            "moscu": "Europe/Moscow", "moskau": "Europe/Moscow", "moscou": "Europe/Moscow",
            "nueva york": "America/New_York", "nova iorque": "America/New_York", "new york": "America/New_York",
            "tokio": "Asia/Tokyo", "ciudad de mexico": "America/Mexico_City", "mexico": "America/Mexico_City",
            "sao paulo": "America/Sao_Paulo", "los angeles": "America/Los_Angeles"}
_AREAS = {"Europe", "America", "Asia", "Africa", "Australia", "Pacific", "Atlantic", "Indian"}


@lru_cache(maxsize=1)
def _cities() -> dict[str, str]:
    from zoneinfo import available_timezones

    seen: dict[str, list[str]] = {}
    for zone in available_timezones():
        area, _, city = zone.partition("/")
        if area in _AREAS and city:
            seen.setdefault(fold(city.rpartition("/")[2].replace("_", " ")), []).append(zone)
    return {city: zones[0] for city, zones in seen.items() if len(zones) == 1}


def zone_of(city: str) -> str | None:
    key = fold(city).strip()
    return _EXONYMS.get(key) or _cities().get(key)


def zone_note(inner: list[Item]) -> str | None:
    """The IANA zone an aside after a time window names, None when the aside is no note about time; a note
    about time that names no known city refuses the rule."""
    words = [it for it in inner if not (it.cls == "punct" and it.text in {".", ","})]
    texts = [fold(it.text) for it in words]
    if not any(t in _TIME_WORDS or t.endswith(" zeit") for t in texts):
        return None
    city = ""
    if len(words) == 3 and texts[0] in _TIME_WORDS and texts[1] in _OF and words[2].cls in {"name", "word"}:
        city = words[2].text  # "hora de Madrid", "heure de Paris", "Zeit in Berlin"
    elif len(words) == 2 and texts[1] in _TIME_WORDS and words[0].cls in {"name", "word"}:
        city = words[0].text  # "Madrid time"
    elif len(words) == 1 and texts[0].endswith("er zeit"):
        city = words[0].text.split()[0][:-2]  # "Berliner Zeit"
    zone = zone_of(city) if city else None
    if zone is None:
        raise Unread(f'the time zone "{" ".join(it.text for it in inner)}" is not known')
    return zone


_RELEASE_OK = {"keep", "v+", "f", "pron", "and", "punct", "time", "number", "my"}


def strip_release(items: list[Item]) -> tuple[list[Item], str | None, bool]:
    """A hold's last clause that keeps what arrives and shows it at the end ("lo que haya pendiente, guárdamelo
    y me lo enseñas a las 7:30", "keep them and show me at 7:30"): the rule without it, the time it names,
    and whether there was one. Anything else in that clause refuses the rule."""
    first = next((k for k, it in enumerate(items) if it.cls == "keep"), None)
    if first is None:
        return items, None, False
    start = next((k for k in range(first - 1, -1, -1) if items[k].cls == "punct" and items[k].text in {":", ";", "-", "–", "—"}), None)
    if start is None:
        raise Unread(f'"{items[first].text}" is understood only after the hold it belongs to')
    end = len(items)
    clause = items[start + 1 : end]
    if bad := [it.text for it in clause if it.cls not in _RELEASE_OK]:
        raise Unread(f'"{" ".join(bad[:3])}" is not understood in what happens when the hold ends')
    times = [it for it in clause if it.cls in {"time", "number"}]
    if len(times) > 1:
        raise Unread("more than one time for the end of a hold is not understood")
    return items[:start], _clock(times[0]) if times else None, True


_THINGS = {"things", "cosas", "coisas", "choses", "dinge", "sachen", "people", "personas", "pessoas", "personnes",
           "leute", "personen"}
_LIST_OK = {"f", "v+", "punct"}


def only_list(text: str, people) -> object | None:
    """'Solo dos cosas pueden despertarme: Palo y las alertas P1' ("Only two things may wake me: ...", "Nur zwei
    Dinge dürfen mich wecken: ...", "Seules deux choses peuvent me réveiller : ...", "Só duas coisas me podem
    acordar: ..."): the alternatives that get through, or None when the sentence is not one. The number said
    must be the number listed."""
    from tic.rules._phrases import noun_phrases
    from tic.rules._reader import _cond, _merge
    from tic.rules._reading import Any, Everything

    items = scan(text)
    colon = next((k for k, it in enumerate(items) if it.cls == "punct" and it.text == ":"), None)
    if colon is None or not items or items[0].cls != "only":
        return None
    head = items[1:colon]
    count = next((n for it in head if (n := is_number(it)) is not None), None)
    nouns = [it for it in head if fold(it.text) in _THINGS]
    if count is None or not nouns or not any(it.cls == "v+" for it in head):
        return None
    if any(it.cls not in _LIST_OK and it not in nouns and is_number(it) is None for it in head):
        return None
    parts: list[list[Item]] = [[]]
    for it in items[colon + 1 :]:
        if it.cls in {"and", "or"} or it.cls == "punct" and it.text in {",", ";"}:
            parts.append([])
        elif not (it.cls == "punct" and it.text in {".", "!"}):
            parts[-1].append(it)
    parts = [p for p in parts if p]
    if len(parts) != int(count):
        raise Unread(f"the rule says {int(count)} things get through but lists {len(parts)}")
    alternatives = [_known_contacts(_cond(_merge(noun_phrases(p, people))), people) for p in parts]
    if any(isinstance(a, Everything) for a in alternatives):
        raise Unread("what gets through is not understood")
    return alternatives[0] if len(alternatives) == 1 else Any(of=tuple(dict.fromkeys(alternatives)))


def _known_contacts(cond, people):
    """'Palo 🐢' named again after 'la tengo guardada como "Palo 🐢"': the saved contact, matched whole."""
    from tic.rules._reading import Sender, Who
    from tic.signals import words

    if not isinstance(cond, Sender):
        return cond
    saved = {tuple(words(w.value)): w for ws in people.roles.values() for w in ws if w.by == "contact"}
    return cond.model_copy(update={"who": tuple(
        saved.get(tuple(words(w.value)), w) if w.by == "name" else w for w in cond.who)})


def with_exceptions(prev, text: str, people):
    """The hold rule `prev` with the only-list `text` that follows it as its exceptions ("De 23:30 a 7:30 no
    quiero ninguna notificación. Solo dos cosas pueden despertarme: Palo y las alertas P1."), one rule of both
    sentences; refused together when the list is not understood. None: `text` is no only-list after a hold."""
    from tic.rules._rule import Rule

    reading = prev.reading
    if reading is None or reading.effect != "hold" or reading.unless is not None or reading.catch_all:
        return None
    both = f"{prev.text} {text}"
    try:
        cond = only_list(text, people)
    except Unread as exc:
        return Rule(section=prev.section, text=both, why_not=str(exc), heading=prev.heading)
    if cond is None:
        return None
    return Rule(section=prev.section, text=both, heading=prev.heading,
                reading=reading.model_copy(update={"unless": cond}))

