"""A Reading as one plain English sentence - one the reader reads back to the same Reading (T7).

    render(Reading(effect="skip", when=Category(categories=("newsletter",))))
    -> 'Don't notify me about newsletters.'
"""

from __future__ import annotations

from tic.rules import _reading as R

__all__ = ["render", "describe", "absent", "window_phrase"]

_KIND_NOUN = {"email": "e-mails", "whatsapp": "WhatsApp messages", "calendar": "calendar items"}
_CAT_NOUN = {"newsletter": "newsletters", "marketing": "marketing", "digest": "digests", "automated": "automated mail",
             "social": "social-network notifications", "transactional": "receipts", "list": "mailing lists",
             "spam": "spam", "autoreply": "automatic replies"}
_DAY = {"mon": "Mondays", "tue": "Tuesdays", "wed": "Wednesdays", "thu": "Thursdays", "fri": "Fridays",
        "sat": "Saturdays", "sun": "Sundays"}


def render(reading: R.Reading) -> str:
    if reading.catch_all:
        verb = {"notify": "notify me", "skip": "don't notify me", "hold": "hold it"}[reading.effect]
        return f"If none of the above applies, {verb}."
    verb = "Notify me about" if reading.effect == "notify" else "Don't notify me about"
    text = f"{verb} {_scope(reading.when)}"
    if reading.unless is not None:
        if isinstance(reading.unless, R.Not):
            text += f" only if {_clause(reading.unless.of)}"
        else:
            text += f" unless {_clause(reading.unless)}"
    return text + "."


def describe(reading: R.Reading) -> str:
    """The reading for listings (`rules check`, reasons): the sentence without its full stop."""
    return render(reading).rstrip(".")


def _scope(cond) -> str:
    if isinstance(cond, R.Any):
        return ", or ".join(_phrase(c) for c in cond.of)
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
            head = f"{head} ({' or '.join(_KIND_NOUN[k] for k in kinds.kinds)})" if False else head
    if kinds is not None:
        noun = " or ".join(_KIND_NOUN[k] for k in kinds.kinds)
        head = f"{noun} that are {head}" if head else noun
    if not head:
        head = "anything"
    words = [head]
    for p in parts:
        if isinstance(p, (R.Kind, R.Category)):
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
        elif isinstance(p, R.Mention):
            out.append("I am @-mentioned")
        else:
            out.append("it is " + _modifier(p))
    return " and ".join(out)


def _who(w: R.Who) -> str:
    if w.by == "org":
        return f"anyone at {w.value}"
    if w.by == "domain":
        return f"@{w.value}"
    if w.by == "contact":
        return f'"{w.value}"'
    if w.by == "unsaved":
        return "unknown numbers"
    if w.by == "saved":
        return "my contacts"
    if w.by == "role":
        return {"recruiter": "recruiters", "school": "the school"}.get(w.value, w.value)
    return w.value


def _modifier(p) -> str:
    if isinstance(p, R.Sender):
        return ("with " if p.attendee else "from ") + " or ".join(_who(w) for w in p.who)
    if isinstance(p, R.Chat):
        if p.name:
            return f'in the "{p.name}" group'
        return "in group chats" if p.group else "in direct chats"
    if isinstance(p, R.Mention):
        return "that @-mention me"
    if isinstance(p, R.Topic):
        quoted = " or ".join(f'"{t}"' for t in p.phrases)
        return f"with {quoted} in the subject" if p.where == "subject" else f"about {quoted}"
    if isinstance(p, R.Created):
        return "added today" if p.today and p.within_minutes is None else f"new"
    if isinstance(p, R.StartsWithin):
        return f"starting within {_duration(p.minutes)}"
    if isinstance(p, R.Recurring):
        return "recurring" + ("" if not p.freq else " " + " or ".join(f.lower() for f in p.freq))
    if isinstance(p, R.AllDay):
        return "all-day"
    if isinstance(p, R.Window):
        return window_phrase(p)
    if isinstance(p, R.Amount):
        word = {">": "over", ">=": "at least", "<": "below", "<=": "at most"}[p.cmp]
        value = f"{p.value:g}"
        return f"{word} {value} {p.currency}".strip() if p.currency else f"{word} {value}"
    if isinstance(p, R.Judgement):
        return f"({p.question}: needs judgement)"
    if isinstance(p, R.Not):
        return "not " + _modifier(p.of)
    if isinstance(p, (R.All, R.Any)):
        return (" and " if isinstance(p, R.All) else " or ").join(_modifier(c) for c in p.of)
    return ""


def _duration(minutes: int) -> str:
    if minutes % 1440 == 0 and minutes >= 2880:
        return f"{minutes // 1440} days"
    if minutes % 60 == 0:
        return f"{minutes // 60} hours" if minutes != 60 else "1 hour"
    return f"{minutes} minutes"


def window_phrase(w: R.Window) -> str:
    days = ""
    if set(w.days) == {"sat", "sun"}:
        days = "on weekends"
    elif set(w.days) == {"mon", "tue", "wed", "thu", "fri"}:
        days = "on weekdays"
    elif w.days:
        days = "on " + " or ".join(_DAY[d] for d in w.days)
    times = ""
    if w.start and w.start == "00:00" and w.end:
        times = f"before {w.end}"
    elif w.start:
        times = f"between {w.start} and {w.end or '24:00'}"
    return " ".join(x for x in (days, times) if x)


def absent(cond) -> str:
    """How to say a condition did not hold ("no @-mention of the user")."""
    if isinstance(cond, R.Mention):
        return "no @-mention of the user"
    if isinstance(cond, R.Window):
        return f"outside {window_phrase(cond)}"
    return "not " + (_modifier(cond) or _phrase(cond))
