"""A time window's own zone, said in an aside after it (T9): "(hora de Madrid)", "(Madrid time)", "(Berliner Zeit)".

A zone note names a city the time zone database knows (in English or by a common exonym, "Lisboa", "Londres");
any other note about time refuses the rule.
"""

from __future__ import annotations

from functools import lru_cache

from tic.rules._scan import Item
from tic.rules._tokens import fold
from tic.rules._unread import Unread

__all__ = ["zone_note", "zone_of"]

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
            "sao paulo": "America/Sao_Paulo", "los angeles": "America/Los_Angeles",
            # countries with one time zone, as people name their clock ("India time", "hora de Portugal")
            "india": "Asia/Kolkata", "indian": "Asia/Kolkata", "japan": "Asia/Tokyo", "japon": "Asia/Tokyo",
            "uk": "Europe/London", "germany": "Europe/Berlin", "deutschland": "Europe/Berlin",
            "alemania": "Europe/Berlin", "france": "Europe/Paris", "francia": "Europe/Paris",
            "franca": "Europe/Paris", "italy": "Europe/Rome", "italia": "Europe/Rome", "portugal": "Europe/Lisbon",
            "netherlands": "Europe/Amsterdam", "belgium": "Europe/Brussels", "belgique": "Europe/Brussels",
            "switzerland": "Europe/Zurich", "schweiz": "Europe/Zurich", "suisse": "Europe/Zurich",
            "austria": "Europe/Vienna", "osterreich": "Europe/Vienna", "ireland": "Europe/Dublin",
            "singapore": "Asia/Singapore", "philippines": "Asia/Manila", "israel": "Asia/Jerusalem",
            "korea": "Asia/Seoul", "south africa": "Africa/Johannesburg", "kenya": "Africa/Nairobi",
            "nigeria": "Africa/Lagos", "egypt": "Africa/Cairo", "turkey": "Europe/Istanbul",
            "uae": "Asia/Dubai", "pakistan": "Asia/Karachi", "bangladesh": "Asia/Dhaka", "thailand": "Asia/Bangkok",
            "vietnam": "Asia/Ho_Chi_Minh", "colombia": "America/Bogota", "peru": "America/Lima",
            "argentina": "America/Argentina/Buenos_Aires", "uruguay": "America/Montevideo",
            "chile": "America/Santiago", "new zealand": "Pacific/Auckland", "nz": "Pacific/Auckland"}
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
