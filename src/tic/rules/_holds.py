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

from tic.rules._scan import Item
from tic.rules._slots import _clock
from tic.rules._tokens import fold
from tic.rules._unread import Unread
from tic.rules._zones import zone_note

__all__ = ["zone_note", "strip_release"]

_WINDOW_WORDS = {"between", "weekend", "weekday", "day", "before", "after"}
_RELEASE_OK = {"keep", "v+", "f", "pron", "and", "punct", "time", "number", "my", "any", "tillw", "rest"}
# words a release clause may say besides its time: "hold everything till 6:30", "bis 7 Uhr zurückhalten",
# "until the morning", "hold it until then" - the morning or "then" is the window's end
_RELEASE_WORDS = {"until", "till", "til", "bis", "hasta", "jusqu'a", "jusqu'", "a", "ate", "para", "pour", "then", "morning",
                  "manana", "manha", "matin", "morgen", "fruh", "morgens", "sondern", "uhr", "h",
                  "sollen", "soll", "sollten", "konnen", "kann", "durfen", "darf", "die", "sie",
                  "esa", "hora", "essa", "cette", "heure", "that", "time", "dieser", "zeit", "ese", "momento"}


def strip_release(items: list[Item]) -> tuple[list[Item], str | None, bool]:
    """A hold's last clause that keeps what arrives and shows it at the end ("lo que haya pendiente, guárdamelo
    y me lo enseñas a las 7:30", "keep them and show me at 7:30"): the rule without it, the time it names,
    and whether there was one. Anything else in that clause refuses the rule."""
    first = next((k for k, it in enumerate(items) if it.cls == "keep"), None)
    if first is None:
        return items, None, False
    start = next((k for k in range(first - 1, -1, -1) if items[k].cls == "punct" and items[k].text in {":", ";", ",", "-", "–", "—"}), None)
    if any(it.cls in _WINDOW_WORDS for it in items[(start or -1) + 1 : first]):
        # "Between 22:00 and 07:00 hold everything except Denise", "das 8h às 15h segure tudo": the rule's own
        # verb, said right after its window - it holds, as "don't notify me then" does
        items = [*items[:first], Item("v-", items[first].text, lang=items[first].lang), *items[first + 1 :]]
        return items, None, True
    if start is None:
        raise Unread(f'"{items[first].text}" is understood only after the hold it belongs to')
    # the clause runs to the end, or to an exception after it ("hold everything till 6:30 except Sam")
    end = next((k for k in range(first + 1, len(items)) if items[k].cls in {"except", "unless"}), len(items))
    clause = items[start + 1 : end]
    if bad := [it.text for it in clause if it.cls not in _RELEASE_OK and fold(it.text) not in _RELEASE_WORDS]:
        raise Unread(f'"{" ".join(bad[:3])}" is not understood in what happens when the hold ends')
    if all(it.cls in {"keep", "any", "f", "pron"} for it in clause) and not any(
            fold(it.text) in _RELEASE_WORDS for it in clause):  # "at night, 23:00-6:00, hold everything": the verb
        return [*items[:first], Item("v-", items[first].text, lang=items[first].lang), *items[first + 1 :]], None, True
    times = [it for it in clause if it.cls in {"time", "number"}]
    if len(times) > 1:
        raise Unread("more than one time for the end of a hold is not understood")
    rest = items[:start] + ([Item("punct", ",")] + items[end:] if end < len(items) else [])
    return rest, _clock(times[0]) if times else None, True
