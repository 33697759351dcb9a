"""A Reading as one plain English sentence - one the reader reads back to the same Reading (T7).

    render(Reading(effect="skip", when=Category(categories=("newsletter",))))
    -> 'Don't notify me about newsletters.'
"""

from __future__ import annotations

from tic.rules import _reading as R
from tic.rules._shapes import CATEGORY_NOUNS as _CAT_NOUN
from tic.rules._shapes import KIND_NOUNS as _KIND_NOUN
from tic.rules._shapes import SHAPES, window_phrase

__all__ = ["render", "describe", "absent", "window_phrase"]


def render(reading: R.Reading) -> str:
    if reading.catch_all:
        verb = {"notify": "notify me", "skip": "don't notify me", "hold": "hold it"}[reading.effect]
        return f"If none of the above applies, {verb}."
    verb = "Notify me about" if reading.effect == "notify" else "Don't notify me about"
    when, next_morning = _next_morning(reading.when) if reading.effect == "hold" else (reading.when, None)
    text = f"{verb} {_scope(when)}"
    if reading.unless is not None:
        if isinstance(reading.unless, R.Not):
            text += f" only if {_clause(reading.unless.of)}"
        else:
            text += f" unless {_clause(reading.unless)}"
    if reading.effect == "hold" and next_morning is not None:
        day, at = next_morning
        text += f": hold it until {_DAY_NAME[day]} {at}"  # "on weekends … until Monday 09:00"
    elif reading.effect == "hold":
        text += ": hold it until then"  # quiet hours keep what arrives and show it when they end (T11)
    return text + "."


_DAY_NAME = {"mon": "Monday", "tue": "Tuesday", "wed": "Wednesday", "thu": "Thursday", "fri": "Friday",
             "sat": "Saturday", "sun": "Sunday"}


def _next_morning(when):
    """A hold over whole days that runs on into the next day's morning (the reader's "until Monday 9am"): the
    rule's own window, and (day, "HH:MM") - or `when` as it is and None."""
    def split(any_):
        if isinstance(any_, R.Any) and len(any_.of) == 2 and all(isinstance(w, R.Window) for w in any_.of):
            days, morning = any_.of
            if days.days and not days.start and len(morning.days) == 1 and morning.start == "00:00" and morning.end:
                return days, (morning.days[0], morning.end)
        return None

    if (hit := split(when)) is not None:
        return hit
    if isinstance(when, R.All):
        for c in when.of:
            if (hit := split(c)) is not None:
                return R.All(of=tuple(hit[0] if x is c else x for x in when.of)), hit[1]
    return when, None


def describe(reading: R.Reading) -> str:
    """The reading for listings (`rules check`, reasons): the sentence without its full stop."""
    return render(reading).rstrip(".")


def _scope(cond) -> str:
    if isinstance(cond, R.Any):  # a kind alone among them is all of that kind ("…, or any WhatsApp messages")
        return ", or ".join(("any " if isinstance(c, R.Kind) else "") + _phrase(c) for c in cond.of)
    return _phrase(cond)


def _parts(cond) -> list:
    if isinstance(cond, R.All):
        return list(cond.of)
    if isinstance(cond, R.Everything):
        return []
    return [cond]


def _phrase(cond) -> str:
    """A noun phrase: "e-mails from Ana Ruiz about "the lease" ..."."""
    parts = _parts(cond)
    kinds = next((p for p in parts if isinstance(p, R.Kind)), None)
    cats = next((p for p in parts if isinstance(p, R.Category)), None)
    head = ""
    if cats is not None:
        head = " or ".join(_CAT_NOUN[c] for c in cats.categories)
    if kinds is not None:
        noun = " or ".join(_KIND_NOUN[k] for k in kinds.kinds)
        head = f"{noun} that are {head}" if head else noun
    if not head:
        head = "anything"
    before = [p for p in parts if (first := getattr(SHAPES.get(getattr(p, "op", "")), "prefix", None)) and first(p)]
    words = [_modifier(p) for p in before] + [head]  # "new calendar items"
    for p in parts:
        if isinstance(p, (R.Kind, R.Category)) or p in before:
            continue
        words.append(_modifier(p))
    return " ".join(w for w in words if w)


def _clause(cond) -> str:
    """A condition after "unless" / "only if": "it is from Ana Ruiz", "they @-mention me"."""
    parts = _parts(cond) if not isinstance(cond, R.Any) else [cond]
    out = []
    for p in parts:
        if isinstance(p, R.Kind):
            out.append("it is one of the " + " or ".join(_KIND_NOUN[k] for k in p.kinds))
        elif isinstance(p, R.Category):
            out.append("it is one of the " + " or ".join(_CAT_NOUN[c] for c in p.categories))
        elif isinstance(p, R.Any):
            out.append(" or ".join(_clause(c) for c in p.of))
        elif (said := getattr(SHAPES.get(getattr(p, "op", "")), "clause", None)) is not None:
            out.append(said(p))  # "I am @-mentioned", "I am only in CC"
        else:
            out.append("it is " + _modifier(p))
    return " and ".join(out)


def _modifier(p) -> str:
    if isinstance(p, R.Not):
        return "not " + _modifier(p.of)
    if isinstance(p, (R.All, R.Any)):
        return (" and " if isinstance(p, R.All) else " or ").join(_modifier(c) for c in p.of)
    return SHAPES[p.op].render(p)


def absent(cond) -> str:
    """How to say a condition did not hold ("no @-mention of the user")."""
    if isinstance(cond, R.Window):
        return f"outside {window_phrase(cond)}"
    if (said := getattr(SHAPES.get(getattr(cond, "op", "")), "absent", "")):
        return said
    return "not " + (_modifier(cond) or _phrase(cond))
