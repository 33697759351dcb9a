"""A Reading applied to one event: which effect, and why (T7, T9, T11).

`holds(cond, event, ctx)` returns a short explanation when the condition holds
("sender domain is kestrellabs.com; starts in 45 minutes") or None. Each
condition node has one predicate here, registered by its `op`; the sender,
topic and category tests reuse the matchers the triage agent has always used
(display names, addresses, domains, saved contacts; topic key words; mail
traits), so a reading matches exactly what its sentence says.
"""

from __future__ import annotations

import re
from datetime import datetime, time, timedelta
from typing import Callable

from tic.rules import _reading as R
from tic.sources import Event
from tic.signals._classify import traits
from tic.signals._matchers import CategoryMatcher, SenderSpec
from tic.signals._matchers import Topic as _Terms
from tic.signals._matchers import TopicMatcher, topic_terms, topic_terms
from tic.signals._timing import RecurrenceMatcher, event_start, fmt_delta

__all__ = ["holds", "judge", "specificity", "release_time"]

_PREDICATES: dict[str, Callable] = {}


def predicate(op: str):
    def register(fn):
        _PREDICATES[op] = fn
        return fn
    return register


def holds(cond, event: Event, ctx) -> str | None:
    return _PREDICATES[cond.op](cond, event, ctx)


@predicate("everything")
def _everything(c, e, ctx):
    return "any event"


_KIND_WORDS = {"email": "an e-mail", "whatsapp": "a WhatsApp message", "calendar": "a calendar item"}


@predicate("kind")
def _kind(c: R.Kind, e: Event, ctx):
    return _KIND_WORDS[e.kind] if e.kind in c.kinds else None


def _spec(who: R.Who) -> SenderSpec:
    kind = {"phone": "address", "saved": "known", "unsaved": "unknown", "display": "literal"}.get(who.by, who.by)
    return SenderSpec(kind, who.value)


@predicate("sender")
def _sender(c: R.Sender, e: Event, ctx):
    for who in c.who:
        if who.by == "phone":
            have = re.sub(r"\D", "", e.sender.address)
            if have and have == re.sub(r"\D", "", who.value):
                return f"sender number is {e.sender.address}"
            continue
        if who.by == "contact" and e.kind != "whatsapp":
            continue  # a saved chat name identifies a chat contact, not an e-mail display name
        if hit := _spec(who).match(e):
            return f"organiser: {hit}" if c.attendee and e.kind == "calendar" else hit
    if c.attendee and e.kind == "calendar":
        for person in e.attendees:
            as_sender = e.model_copy(update={"sender": person})
            for who in c.who:
                if hit := _spec(who).match(as_sender):
                    return f"attendee {person}: {hit}"
    return None


@predicate("chat")
def _chat(c: R.Chat, e: Event, ctx):
    if e.kind != "whatsapp":
        return None
    if c.group is not None and e.is_group != c.group:
        return None
    if c.name:
        from tic.signals._text import words

        if words(e.chat) != words(c.name):  # the chat's whole name ("Sunday League" is not "Sunday League Veterans")
            return None
        return f'in the chat "{e.chat}"'
    return f'group message in "{e.chat}"' if e.is_group else "a direct message"


@predicate("mention")
def _mention(c, e: Event, ctx):
    return "the user is @-mentioned" if e.kind == "whatsapp" and e.mentions_me else None


def _terms(phrase: str):
    return topic_terms(phrase)


@predicate("topic")
def _topic(c: R.Topic, e: Event, ctx):
    topics = tuple(t for t in (_terms(p) for p in c.phrases) if t is not None)
    if c.where == "subject":
        topics = tuple(_Terms(label=t.label, proper=t.proper, common=t.common, where="subject") for t in topics)
    return TopicMatcher(topics).match(e, ctx.now) if topics else None


@predicate("category")
def _category(c: R.Category, e: Event, ctx):
    if e.kind == "calendar":
        return None
    return CategoryMatcher(frozenset(c.categories)).match(e, ctx.now)


@predicate("created")
def _created(c: R.Created, e: Event, ctx):
    if e.kind != "calendar" or e.created is None:
        return None
    created = e.created
    if created > ctx.now + timedelta(minutes=5):
        return None
    if c.within_minutes is not None:
        return f"added {fmt_delta(ctx.now - created)} ago" if ctx.now - created <= timedelta(minutes=c.within_minutes) else None
    if created.astimezone(ctx.tz).date() != ctx.local_now.date():
        return None
    return f"added today at {created.astimezone(ctx.tz):%H:%M} (local time)"


def _start(e: Event, ctx) -> datetime:
    if e.all_day and e.start is not None:
        return datetime.combine(event_start(e).date() if not e.timezone else event_start(e).date(), time(0), ctx.tz) \
            if not e.timezone else event_start(e)
    return event_start(e)


@predicate("starts_within")
def _starts(c: R.StartsWithin, e: Event, ctx):
    if e.kind != "calendar":
        return None
    start = _start(e, ctx)
    if ctx.now - timedelta(minutes=1) <= start <= ctx.now + timedelta(minutes=c.minutes):
        return f"starts in {fmt_delta(start - ctx.now)} ({start.astimezone(ctx.tz):%a %d %b %H:%M} local time)"
    return None


@predicate("recurring")
def _recurring(c: R.Recurring, e: Event, ctx):
    if e.kind != "calendar" or not e.recurrence:
        return None
    if not c.freq:
        return RecurrenceMatcher(None).match(e, ctx.now)
    for f in c.freq:
        if hit := RecurrenceMatcher(f).match(e, ctx.now):
            return hit
    return None


@predicate("all_day")
def _all_day(c, e: Event, ctx):
    return "an all-day item" if e.kind == "calendar" and e.all_day else None


def _window_bounds(w: R.Window, local: datetime) -> tuple[datetime, datetime] | None:
    """The occurrence of window `w` that contains `local`, as (start, end), or None."""
    days = set(w.days) or set(R.WEEKDAYS)
    if not w.start:
        start_t, end_t = time(0), None  # whole days
    else:
        h, m = map(int, w.start.split(":"))
        start_t = time(h % 24, m)
        eh, em = map(int, (w.end or "24:00").split(":"))
        end_t = (eh, em)
    for back in (0, 1):
        day = (local - timedelta(days=back)).date()
        if R.WEEKDAYS[day.weekday()] not in days:
            continue
        begin = datetime.combine(day, start_t, local.tzinfo)
        if end_t is None:
            end = begin + timedelta(days=1)
            while R.WEEKDAYS[end.weekday()] in days and end - begin < timedelta(days=7):
                end += timedelta(days=1)
        else:
            end = datetime.combine(day, time(0), local.tzinfo) + timedelta(hours=end_t[0], minutes=end_t[1])
            if end <= begin:
                end += timedelta(days=1)
        if begin <= local < end:
            return begin, end
    return None


@predicate("window")
def _window(c: R.Window, e: Event, ctx):
    bounds = _window_bounds(c, ctx.local_now)
    if bounds is None:
        return None
    return f"it is {ctx.local_now:%a %H:%M} local time, inside {_window_words(c)}"


def _window_words(c: R.Window) -> str:
    from tic.rules._render import window_phrase

    return window_phrase(c)


def release_time(cond, ctx) -> datetime | None:
    """When the windows in `cond` that hold now end (the hold's release), or None."""
    ends = []
    for w in _windows(cond):
        if (b := _window_bounds(w, ctx.local_now)) is not None:
            ends.append(b[1])
    return max(ends) if ends else None


def _windows(cond) -> list:
    if cond is None:
        return []
    if isinstance(cond, R.Window):
        return [cond]
    if isinstance(cond, (R.All, R.Any)):
        return [w for c in cond.of for w in _windows(c)]
    if isinstance(cond, R.Not):
        return []
    return []


_MONEY = re.compile(r"(?:(?P<sym>[$€£¥]|R\$|US\$)\s?(?P<a>\d[\d.,]*)|(?P<b>\d[\d.,]*)\s?(?P<code>€|\$|£|EUR|USD|GBP|euros?|dollars?)(?!\w))", re.I)
_SYM = {"$": "USD", "us$": "USD", "€": "EUR", "£": "GBP", "¥": "JPY", "r$": "BRL", "eur": "EUR", "usd": "USD",
        "gbp": "GBP", "euro": "EUR", "euros": "EUR", "dollar": "USD", "dollars": "USD"}


@predicate("amount")
def _amount(c: R.Amount, e: Event, ctx):
    from tic.rules._slots import money

    text = f"{e.subject}\n{e.body}"
    for m in _MONEY.finditer(text):
        cur = _SYM.get((m.group("sym") or m.group("code") or "").lower(), "")
        if c.currency and cur != c.currency:
            continue
        try:
            value, _ = money(m.group(0))
        except ValueError:
            continue
        ok = {">": value > c.value, ">=": value >= c.value, "<": value < c.value, "<=": value <= c.value}[c.cmp]
        if ok:
            return f"names the amount {m.group(0).strip()}"
    return None


@predicate("judgement")
def _judgement(c, e, ctx):
    return None  # only a model settles it; the decider asks one (or the heuristics guess, uncertain)


@predicate("all")
def _all(c: R.All, e, ctx):
    hits = []
    for sub in c.of:
        hit = holds(sub, e, ctx)
        if hit is None:
            return None
        hits.append(hit)
    said = [h for h in dict.fromkeys(hits) if h]
    plain = [h for h in said if h not in _KIND_WORDS.values()]  # "a WhatsApp message" says nothing beside the rest
    return "; ".join(plain or said)


@predicate("any")
def _any(c: R.Any, e, ctx):
    for sub in c.of:
        if (hit := holds(sub, e, ctx)) is not None:
            return hit
    return None


@predicate("not")
def _not(c: R.Not, e, ctx):
    if holds(c.of, e, ctx) is None:
        from tic.rules._render import absent

        return absent(c.of)
    return None


def _needs_judgement(cond) -> str:
    if cond is None:
        return ""
    if isinstance(cond, R.Judgement):
        return cond.question
    if isinstance(cond, (R.All, R.Any)):
        return next((q for q in (_needs_judgement(c) for c in cond.of) if q), "")
    if isinstance(cond, R.Not):
        return _needs_judgement(cond.of)
    return ""


_QUESTIONS: dict[int, tuple[R.Reading, str]] = {}


def _question(reading: R.Reading) -> str:
    """The judgement a reading needs ("anything urgent"), worked out once per reading."""
    hit = _QUESTIONS.get(id(reading))
    if hit is None or hit[0] is not reading:
        if len(_QUESTIONS) > 4096:
            _QUESTIONS.clear()
        hit = (reading, _needs_judgement(reading.when) or _needs_judgement(reading.unless))
        _QUESTIONS[id(reading)] = hit
    return hit[1]


def judge(reading: R.Reading, event: Event, ctx):
    """The Verdict of `reading` on `event`, or None when the rule does not cover it."""
    from tic.rules._rule import Verdict

    question = _question(reading)
    scope = holds(reading.when, event, ctx)
    if scope is None:
        return Verdict("", "", judgement=question) if question else None
    effect, why = reading.effect, scope
    if reading.unless is not None:
        hit = holds(reading.unless, event, ctx)
        if hit is not None:
            effect, why = reading.exception_effect, f"{scope}; {hit}"
        elif isinstance(reading.unless, R.Not) and (inner := holds(reading.unless.of, event, ctx)):
            why = f"{scope}; {inner}"  # "only if I am mentioned": and the user is
    held = None
    if effect == "hold":
        held = release_time(reading.when, ctx) or release_time(Not_to_window(reading.unless), ctx)
        if held is None:
            held = _next_window_start(reading.unless, ctx)
        if held is None:
            return None
    return Verdict(effect, why, held_until=held, judgement=question)


def Not_to_window(cond):  # noqa: N802 - small adapter
    return cond.of if isinstance(cond, R.Not) else None


def _next_window_start(cond, ctx) -> datetime | None:
    """For 'only during W' rules held outside W: the next start of W."""
    windows = _windows(cond.of if isinstance(cond, R.Not) else cond)
    best = None
    for w in windows:
        probe = ctx.local_now
        for _ in range(7 * 24 * 4):
            probe += timedelta(minutes=15)
            if _window_bounds(w, probe) is not None:
                start = probe.replace(second=0, microsecond=0)
                best = start if best is None or start < best else best
                break
    return best


ALL_KINDS = frozenset({"email", "whatsapp", "calendar"})


def possible_kinds(cond) -> frozenset[str]:
    """The kinds of event `cond` can ever hold for (a rule is skipped at once for the others)."""
    if isinstance(cond, R.Kind):
        return frozenset(cond.kinds)
    if isinstance(cond, (R.Mention, R.Chat)):
        return frozenset({"whatsapp"})
    if isinstance(cond, (R.Created, R.StartsWithin, R.Recurring, R.AllDay)):
        return frozenset({"calendar"})
    if isinstance(cond, R.Category):
        return frozenset({"email", "whatsapp"} if set(cond.categories) & {"spam", "marketing"} else {"email"})
    if isinstance(cond, R.Sender) and all(w.by in {"unsaved", "saved", "contact"} for w in cond.who):
        return frozenset({"whatsapp"})
    if isinstance(cond, R.Topic) and cond.where == "subject":
        return frozenset({"email"})
    if isinstance(cond, R.All):
        out = ALL_KINDS
        for c in cond.of:
            out &= possible_kinds(c)
        return out
    if isinstance(cond, R.Any):
        return frozenset().union(*(possible_kinds(c) for c in cond.of))
    return ALL_KINDS


def specificity(reading: R.Reading) -> int:
    """2: names senders, a topic or a chat; 1: other conditions; 0: a whole channel or everything."""
    ops = _ops(reading.when) | _ops(reading.unless)
    if ops & {"sender", "topic", "chat"}:
        return 2
    return 1 if ops - {"kind", "everything", "all", "any", "not"} else 0


def _ops(cond) -> set[str]:
    if cond is None:
        return set()
    if isinstance(cond, (R.All, R.Any)):
        return {cond.op}.union(*(_ops(c) for c in cond.of))
    if isinstance(cond, R.Not):
        return {"not"} | _ops(cond.of)
    return {cond.op}


_ = traits
