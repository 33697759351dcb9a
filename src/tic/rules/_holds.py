"""The parts of a hold rule beyond its window (T9, T11): the window's own zone, what happens at its end, and
the list of what may still get through.

    zone_note(aside_items)        # "(hora de Madrid)", "(Madrid time)", "(Berliner Zeit)" -> "Europe/Madrid"
    strip_release(items)          # ": lo que haya pendiente, guárdamelo y me lo enseñas a las 7:30" -> (rest, "07:30")
    only_list(text, people)       # "Solo dos cosas pueden despertarme: Palo y las alertas P1" -> Any(...)  (_only)

A zone note names a city the time zone database knows (in English or by a common exonym, "Lisboa",
"Londres"); any other note about time refuses the rule. A release clause only says what a hold does anyway
(keep what arrives, show it when the window ends): its time, when given, must be the window's end. An only-list
says how many things may get through and lists exactly that many; it is read only as the exceptions of the
hold just before it (`_markdown`), never on its own.
"""

from __future__ import annotations

from tic.rules._clauses import QUIET_LABELS
from tic.rules._scan import Item
from tic.rules._slots import _clock
from tic.rules._tokens import fold
from tic.rules._unread import Unread
from tic.rules._zones import zone_note

__all__ = ["release_of", "rest_released", "strip_release", "zone_note"]

_WINDOW_WORDS = {"between", "weekend", "weekday", "day", "before", "after", "night"}
_RELEASE_OK = {"keep", "v+", "f", "pron", "and", "punct", "time", "number", "my", "any", "tillw", "rest", "notice"}
# words a release clause may say besides its time: "hold everything till 6:30", "bis 7 Uhr zurückhalten",
# "until the morning", "hold it until then" - the morning or "then" is the window's end
_RELEASE_WORDS = {"until", "till", "til", "bis", "hasta", "jusqu'a", "jusqu'", "a", "ate", "para", "pour", "then", "morning",
                  "primera", "primeira", "first thing", "premiere", "reicht", "mir", "suffit", "basta", "pls",
                  "lendemain", "next", "siguiente", "seguinte", "nachsten", "dia", "day", "following", "jour",
                  "suivant", "tag", "tages", "folgenden", "do", "del", "du", "des",
                  "manana", "manha", "matin", "morgen", "fruh", "morgens", "sondern", "uhr", "h",
                  "sollen", "soll", "sollten", "konnen", "kann", "durfen", "darf", "die", "sie",
                  "esa", "hora", "essa", "cette", "heure", "that", "time", "dieser", "zeit", "ese", "momento",
                  "dahin", "entonces", "la", "alors", "the", "danach", "hinterher", "nachher", "afterwards",
                  "in", "later", "plus", "tard", "depois", "mas", "tarde", "spater", "fur", "le", "o", "zum", "am"}


def strip_release(items: list[Item]) -> tuple[list[Item], str | None, bool]:
    """A hold's last clause that keeps what arrives and shows it at the end ("lo que haya pendiente, guárdamelo
    y me lo enseñas a las 7:30", "keep them and show me at 7:30"): the rule without it, the time it names,
    and whether there was one. Anything else in that clause refuses the rule."""
    if (rest := rest_released(items)) is not None:
        return rest
    first = next((k for k, it in enumerate(items) if it.cls == "keep"), None)
    if first is None:
        return items, None, False
    start = next((k for k in range(first - 1, -1, -1) if items[k].cls == "punct" and items[k].text in {":", ";", ",", "-", "–", "—"}), None)
    if any(it.cls in _WINDOW_WORDS for it in items[(start or -1) + 1 : first]) or start is not None and any(
            it.cls in _WINDOW_WORDS | {"time"} for it in items[:start]) and _until_follows(items, first) and not any(
            it.cls in {"v+", "v-"} or it.cls == "neg" and fold(it.text) not in QUIET_LABELS for it in items[:first]):
        # "Between 22:00 and 07:00 hold everything except Denise", "das 8h às 15h segure tudo": the rule's own
        # verb, said right after its window - it holds, as "don't notify me then" does
        items = [*items[:first], Item("v-", items[first].text, lang=items[first].lang), *items[first + 1 :]]
        return _until_after_verb(items, first)
    if start is None and first == 0 and any(it.cls in _WINDOW_WORDS | {"time"} for it in items[1:]):
        # "Hold everything on Sundays", "Hold everything between 22:00 and 07:00": the rule's own verb, said first
        items = [Item("v-", items[0].text, lang=items[0].lang), *items[1:]]
        return _until_after_verb(items, 0)
    if start is None:
        raise Unread(f'"{items[first].text}" is understood only after the hold it belongs to')
    # the clause runs to the end, or to an exception after it ("hold everything till 6:30 except Sam")
    end = next((k for k in range(first + 1, len(items)) if items[k].cls in {"except", "unless"}), len(items))
    clause = items[start + 1 : end]
    if not _releases(clause):
        bad = [it.text for it in clause if it.cls not in _RELEASE_OK | {"day"} and fold(it.text) not in _RELEASE_WORDS]
        raise Unread(f'"{" ".join(bad[:3])}" is not understood in what happens when the hold ends')
    if all(it.cls in {"keep", "any", "f", "pron"} for it in clause) and not any(
            w in _RELEASE_WORDS for it in clause for w in fold(it.text).split()):  # "at night, 23:00-6:00, hold
        # everything": the verb ("nichts melden, sondern erst danach" says when: the end of the window)
        return [*items[:first], Item("v-", items[first].text, lang=items[first].lang), *items[first + 1 :]], None, True
    head = items[:start]
    if not any(it.cls in {"v+", "v-", "neg", "negv", "keep"} for it in head):  # "Entre 22h et 7h, garder tout pour le
        head = [*head, Item("v-", items[first].text, lang=items[first].lang)]  # matin": the hold is the rule's verb
    rest = head + ([Item("punct", ",")] + items[end:] if end < len(items) else [])
    return rest, release_of(clause), True


_MORNING = {"morning", "manana", "manha", "matin", "morgen", "fruh", "morgens"}


def rest_released(items: list[Item]) -> tuple[list[Item], str | None, bool] | None:
    """'Entre 23:00 y 7:00 nada salvo X; lo demás, a primera hora', 'Weekends: only family. Everything else Monday
    at 8': the last clause says when the rest of the window is shown - the rule without it, and that time. None
    when the rule has no such clause. A day with only "morning" ("Monday morning") does not say when."""
    k = next((k for k in range(len(items) - 1, 0, -1) if items[k].cls == "rest"), None)
    if k is not None and k > 1 and items[k - 1].cls == "keep":  # "…, save the rest for Monday 8am": the verb first
        items = [*items[: k - 1], *items[k:]]
        k -= 1
    if k is None or not (items[k - 1].cls == "punct" and items[k - 1].text in {";", ".", ",", "-", "–", "—", ":"}) \
            or not any(it.cls in _WINDOW_WORDS | {"time"} for it in items[: k - 1]):
        return None
    clause = items[k + 1 :]
    if not clause or any(it.cls in {"neg", "v-"} for it in clause) or not _releases(clause):
        return None  # "…; everything else: don't notify me" is a rule for the rest, not when it is shown
    days = [it for it in clause if it.cls == "day"]
    if days and not any(it.cls in {"time", "number"} for it in clause) \
            and any(w in _MORNING for it in clause for w in fold(it.text).split()):
        raise Unread(f'"{" ".join(it.text for it in clause)}": at what time? (say, e.g., "Monday at 8:00")')
    return items[: k - 1], release_of(clause), True


def _until_follows(items: list[Item], verb: int) -> bool:
    """'On weekends, email from anyone at x.io can wait till Monday 8am': the hold verb is the rule's own (its
    window said first), with what it holds before it and when it ends after it."""
    return _says_until(items[verb]) or _until_at(items, verb) is not None


def _until_at(items: list[Item], verb: int) -> int | None:
    """Where "until" stands after the hold verb, in the same clause, before a day or time - or None."""
    for j in range(verb + 1, len(items)):
        if items[j].cls in {"except", "unless"} or items[j].cls == "punct" and items[j].text in {";", "."}:
            return None
        if fold(items[j].text) in _UNTIL:
            k = j + 1  # "garde tout pour le lendemain matin 8h": "the next morning" says no more than the time
            while k < len(items) and items[k].cls not in {"day", "time", "number"} and (
                    items[k].cls in {"f", "pron"} or fold(items[k].text) in _RELEASE_WORDS):
                k += 1
            if k < len(items) and items[k].cls in {"day", "time", "number"}:
                return j
    return None


def _says_until(verb: Item) -> bool:
    """'can wait till', 'kann warten bis': a hold verb that already says "until"."""
    return fold(verb.text).rpartition(" ")[2] in _UNTIL


_UNTIL = {"until", "till", "til", "bis", "hasta", "jusqu'a", "jusqu'", "ate", "until then", "pour", "para", "pra"}


def _until_after_verb(items: list[Item], verb: int) -> tuple[list[Item], str | None, bool]:
    """'between 22:00 and 07:00 hold everything until 07:00': the hold verb said after its window, then when it
    ends - the rule without the "until ...", and its time."""
    k = verb + 1
    while k < len(items) and items[k].cls in {"any", "f", "pron"} and fold(items[k].text) not in _UNTIL:
        k += 1
    if _says_until(items[verb]) and k < len(items) and items[k].cls in {"day", "time", "number"}:
        end = _clause_end(items, k)  # "can wait till Monday 8am"
        if not _releases(items[k:end]):
            return items, None, True
        return [*items[:k], *items[end:]], release_of(items[k:end]), True
    if k + 1 < len(items) and items[k].cls == "and" and items[k + 1].cls == "v+":
        end = _clause_end(items, k)  # "hold everything and tell me at 06:30": when it ends, said as a verb
        if _releases(items[k + 1 : end]):
            return [*items[:k], *items[end:]], release_of(items[k + 1 : end]), True
    if (k >= len(items) or fold(items[k].text) not in _UNTIL and items[k].cls != "tillw") \
            and (later := _until_at(items, verb)) is not None:
        k = later  # "hold emails from my @initech.com work address until Monday 8am": what, then until when
    if k >= len(items) or fold(items[k].text) not in _UNTIL and items[k].cls != "tillw":
        k = next((j for j in range(verb - 1, -1, -1) if fold(items[j].text) in _UNTIL
                  and any(x.cls in {"day", "time", "number"} for x in items[j + 1 : verb])), None)
        if k is None:  # "Am Wochenende alles bis Montag 8 Uhr zurückhalten": the verb last, the end before it
            return items, None, True
        end = verb
    else:
        end = _clause_end(items, k)
    clause = items[k:end]
    if not _releases(clause):
        return items, None, True  # not a plain "until ..." (the reader says what it cannot read)
    return [*items[:k], *items[end:]], release_of(clause), True


def _clause_end(items: list[Item], k: int) -> int:
    """Where the clause from items[k] ends: an exception, a clause mark, or the rule's end."""
    return next((j for j in range(k, len(items)) if items[j].cls in {"except", "unless"}
                 or items[j].cls == "punct" and items[j].text in {",", ";", "."}), len(items))


def _releases(clause: list[Item]) -> bool:
    """Whether a clause only says when a hold ends ("until Monday 8am", "tell me at 06:30", "bis dahin")."""
    return not [it for it in clause if it.cls not in _RELEASE_OK | {"day"} and fold(it.text) not in _RELEASE_WORDS]


def release_of(clause: list[Item]) -> str | None:
    """When a hold's release clause says it ends: "07:00", "mon 09:00" ("until Monday 9am", "bis Montag 8 Uhr"),
    "mon" (the day's start), or None (the window's end)."""
    times = [it for it in clause if it.cls in {"time", "number"}]
    days = [d for it in clause if it.cls == "day" for d in (it.value or ())]
    if len(times) > 1 or len(days) > 1:
        raise Unread("more than one time or day for the end of a hold is not understood")
    at = _clock(times[0]) if times else None
    if days:
        return f"{days[0]} {at}" if at else days[0]
    return at
