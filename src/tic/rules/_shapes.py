"""The shapes a rule's condition is made of: one registration each (T7).

    @shape("mention", kinds=WA, render=lambda c: "that @-mention me", absent="no @-mention of the user")
    def _mention(c, e, ctx): ...   # the predicate: an explanation when it holds, else None

A shape brings, in one place, its predicate on an event, how it reads in the
rendered sentence, the kinds of event it can ever hold for (a rule is not asked
about the others), and how specific it is (the most specific rule explains a
decision best). The words that produce it are in the lexicon (`_lexicon*.py`),
its typed node in `_reading.py`. The sender, topic and category tests reuse the
event signals every part of the hub uses (display names, addresses, domains,
saved contacts; topic key words; mail traits).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from email.utils import getaddresses
from datetime import datetime, time, timedelta
from typing import Callable

from tic.rules import _reading as R
from tic.rules._currency import PREFIX_PATTERN, SUFFIX_PATTERN, code_of
from tic.signals import (CategoryMatcher, RecurrenceMatcher, SenderSpec, TopicMatcher, event_start, fmt_delta,
                         topic_terms)
from tic.signals import NAME_KNOWN_REF, header
from tic.signals import Topic as _Terms
from tic.sources import Event, Person

__all__ = ["SHAPES", "Shape", "shape", "ALL_KINDS", "KIND_NOUNS", "WHO_KINDS", "KIND_WORDS", "CATEGORY_NOUNS", "duration",
           "window_bounds", "window_local", "window_phrase"]

ALL_KINDS = frozenset({"email", "whatsapp", "calendar"})
EMAIL, WA, CAL = frozenset({"email"}), frozenset({"whatsapp"}), frozenset({"calendar"})
KIND_NOUNS = {"email": "e-mails", "whatsapp": "WhatsApp messages", "calendar": "calendar items"}
CATEGORY_NOUNS = {"newsletter": "newsletters", "marketing": "marketing", "digest": "digests",
                  "automated": "automated mail", "social": "social-network notifications", "transactional": "receipts",
                  "list": "mailing lists", "spam": "spam", "autoreply": "automatic replies"}


@dataclass(frozen=True)
class Shape:
    op: str
    holds: Callable  # (node, event, ctx) -> explanation | None
    render: Callable  # node -> its words in the rendered sentence
    kinds: Callable  # node -> the kinds of event it can ever hold for
    specificity: int
    absent: str = ""  # how to say it did not hold, when "not <render>" reads badly
    clause: Callable | None = None  # node -> its words after "unless" / "only if", when "it is <render>" reads badly
    prefix: Callable | None = None  # node -> whether its words go before the noun ("new calendar items")


SHAPES: dict[str, Shape] = {}


def shape(op: str, *, render: Callable, kinds: frozenset | Callable = ALL_KINDS, specificity: int = 1,
          absent: str = "", clause: Callable | None = None, prefix: Callable | None = None):
    """Register the predicate below as the shape `op`, with its rendering, kinds and specificity."""
    def register(fn):
        kinds_of = kinds if callable(kinds) else (lambda c, _k=kinds: _k)
        SHAPES[op] = Shape(op, fn, render, kinds_of, specificity, absent, clause, prefix)
        return fn
    return register


def _quoted(phrases) -> str:
    return " or ".join(f'"{p}"' for p in phrases)


def _who_words(w: R.Who) -> str:
    return {"org": f"anyone at {w.value}", "domain": f"@{w.value}", "contact": f'"{w.value}"',
            "display": f'"{w.value}" in the name', "unsaved": "unknown numbers", "saved": "my contacts",
            "role": {"recruiter": "recruiters", "school": "the school"}.get(w.value, f"my {w.value}")}.get(w.by, w.value)


def duration(minutes: int) -> str:
    if minutes % 1440 == 0 and minutes >= 2880:
        return f"{minutes // 1440} days"
    if minutes % 60 == 0:
        return f"{minutes // 60} hours" if minutes != 60 else "1 hour"
    return f"{minutes} minutes"


def _amount_words(c: R.Amount) -> str:
    word = {">": "over", ">=": "at least", "<": "below", "<=": "at most"}[c.cmp]
    return f"{word} {c.value:g} {c.currency}".strip()


@shape("everything", render=lambda c: "anything", specificity=0)
def _everything(c, e, ctx):
    return "any event"


KIND_WORDS = {"email": "an e-mail", "whatsapp": "a WhatsApp message", "calendar": "a calendar item"}


@shape("kind", kinds=lambda c: frozenset(c.kinds), specificity=0,
       render=lambda c: " or ".join(KIND_NOUNS[k] for k in c.kinds))
def _kind(c: R.Kind, e: Event, ctx):
    return KIND_WORDS[e.kind] if e.kind in c.kinds else None


def _spec(who: R.Who) -> SenderSpec:
    kind = {"phone": "address", "saved": "known", "unsaved": "unknown", "display": "literal"}.get(who.by, who.by)
    return SenderSpec(kind, who.value)


def _sender_words(who: tuple[R.Who, ...]) -> str:
    """'Kandice Phillips (kp@dawsoncornwell.com) or anyone at Dawson Cornwell': a person's own addresses in
    brackets after the name, as the rule gives them."""
    out = []
    for w in who:
        if _pinned(w) and any(n.by == "name" and n.value == w.of for n in who):
            continue
        mine = [_who_words(p) for p in who if _pinned(p) and p.of == w.value] if w.by == "name" else []
        out.append(_who_words(w) + (f" ({', '.join(mine)})" if mine else ""))
    return " or ".join(out)


def _pinned(w: R.Who) -> bool:
    """An address, domain or number the rule gives as a named person's own (`Who.of`)."""
    return bool(w.of) and w.by in {"address", "domain", "phone"}


def _who_hit(who: R.Who, e: Event) -> str | None:
    if who.by == "phone":
        have = re.sub(r"\D", "", e.sender.address)
        want = re.sub(r"\D", "", who.value)
        if not who.value.startswith("+"):  # a national number: its part after the trunk 0 ends the E.164 number
            want = want.lstrip("0")
            return f"sender number is {e.sender.address}" if len(want) >= 8 and have.endswith(want) else None
        return f"sender number is {e.sender.address}" if have and have == want else None
    if who.by == "contact" and e.kind != "whatsapp":
        return None  # a saved chat name identifies a chat contact, not an e-mail display name
    return _spec(who).match(e)


def _doubt(c: R.Sender, who: R.Who, e: Event) -> str:
    """Why a name that matched `e` does not prove who sent it (issue 8.6), or '': the rule gives that person's
    addresses and this is not one of them, or the Sent folder shows the user writing to that display name at
    another address. A chat's saved contact is who the address book says (an unsaved number shows no name)."""
    if who.by != "name" or e.kind == "whatsapp":
        return ""
    mine = [p for p in c.who if _pinned(p) and p.of == who.value and p.by != "phone"]  # an e-mail's identity
    elsewhere = e.refs.get(NAME_KNOWN_REF)
    if not mine and not elsewhere:
        return ""  # nothing known about the person's addresses: the name is all there is
    address = e.sender.address or "(none)"
    shown = bool(e.sender.name) and _spec(who).match(
        e.model_copy(update={"sender": Person(name=e.sender.name)})) is not None
    said = f"display name matches {who.value}" if shown else f"the sender matches {who.value} by name"
    if mine:
        if any(_who_hit(p, e) for p in mine):
            return ""
        known = ", ".join(_who_words(p) for p in mine)
        return f"{said}, but the address {address} is not one known for them (the rule gives {known})"
    if shown:
        return (f"{said}, but the address {address} is not one known for them (the Sent folder shows the user "
                f"writing to that name at {elsewhere})")
    return ""


def _sender_hit(c: R.Sender, e: Event, trust_names: bool) -> str | None:
    doubt = None
    for who in c.who:
        if (hit := _who_hit(who, e)) is None:
            continue
        if why := _doubt(c, who, e):
            doubt = doubt or why
            continue
        return hit
    return doubt if trust_names else None


WHO_KINDS = {"unsaved": WA, "saved": WA, "contact": WA, "phone": WA, "address": EMAIL | CAL, "domain": EMAIL | CAL}


@shape("sender", specificity=2,  # the kinds any of its senders can send: a number writes on WhatsApp, an address e-mails
       kinds=lambda c: frozenset().union(*(WHO_KINDS.get(w.by, ALL_KINDS) for w in c.who)),
       render=lambda c: ("with " if c.attendee else "from ") + _sender_words(c.who))
def _sender(c: R.Sender, e: Event, ctx):
    if hit := _sender_hit(c, e, ctx.trust_names):
        return f"organiser: {hit}" if c.attendee and e.kind == "calendar" else hit
    if c.attendee and e.kind == "calendar":
        for person in e.attendees:
            if hit := _sender_hit(c, e.model_copy(update={"sender": person}), ctx.trust_names):
                return f"attendee {person}: {hit}"
    return None


@shape("chat", kinds=WA, specificity=2,
       render=lambda c: (f'in the "{c.name}" {"group" if c.group else "chat"}' if c.name
                         else "in group chats" if c.group else "in direct chats"))
def _chat(c: R.Chat, e: Event, ctx):
    if e.kind != "whatsapp":
        return None
    if c.group is not None and e.is_group != c.group:
        return None
    if c.name:
        from tic.signals import words

        if words(e.chat) != words(c.name):  # the chat's whole name ("Sunday League" is not "Sunday League Veterans")
            return None
        return f'in the chat "{e.chat}"'
    return f'group message in "{e.chat}"' if e.is_group else "a direct message"


@shape("mention", kinds=WA, render=lambda c: "that @-mention me", absent="no @-mention of the user",
       clause=lambda c: "I am @-mentioned")
def _mention(c, e: Event, ctx):
    return "the user is @-mentioned" if e.kind == "whatsapp" and e.mentions_me else None


_THREAD = {False: "a thread I started or answered", True: "a thread I started"}


@shape("thread", kinds=EMAIL, specificity=2, render=lambda c: f"replying in {_THREAD[c.started]}",
       absent="not a reply in a thread the user started or answered",
       clause=lambda c: f"it replies in {_THREAD[c.started]}")
def _thread(c: R.Thread, e: Event, ctx):
    """A reply in a thread the user started or answered: one of the messages it answers is one the Sent folder
    holds, or one a sent message answered; `started`: the thread's first message is one the user sent. No Sent
    folder: nothing can be told - the rule says nothing."""
    if e.kind != "email":
        return None
    if c.started:
        return "it replies in a thread the user started" if e.refs.get("user_started_thread") else None
    return "it replies in a thread the user wrote in" if e.refs.get("in_user_thread") else None


_ADDRESSED = {"to": "I am in the To line", "cc": "I am only in CC"}


@shape("addressed", kinds=EMAIL, specificity=2, render=lambda c: f"where {_ADDRESSED[c.how]}",
       absent="the user's place among the recipients does not fit", clause=lambda c: _ADDRESSED[c.how])
def _addressed(c: R.Addressed, e: Event, ctx):
    """Whether the user is in To (or only in Cc). The user's addresses come from the mail itself (the address
    most mail is sent to) or the Sent folder; when none is known, nothing can be told - the rule says nothing."""
    if e.kind != "email" or not ctx.me:
        return None
    in_to = any(p.address.lower() in ctx.me for p in e.to)
    cc = {a.lower() for _, a in getaddresses([header(e.headers, "Cc")]) if a}
    if c.how == "to":
        return "the user is in the To line" if in_to else None
    return "the user is only in Cc" if cc & ctx.me and not in_to else None


def _terms(phrase: str):
    return topic_terms(phrase)


@shape("topic", kinds=lambda c: EMAIL | CAL if c.where == "subject" else ALL_KINDS, specificity=2,
       render=lambda c: (f"with {_quoted(c.phrases)} in the subject" if c.where == "subject" else f"about {_quoted(c.phrases)}"))
def _topic(c: R.Topic, e: Event, ctx):
    topics = tuple(t for t in (_terms(p) for p in c.phrases) if t is not None)
    if c.where == "subject":
        topics = tuple(_Terms(label=t.label, proper=t.proper, common=t.common, where="subject") for t in topics)
    return TopicMatcher(topics).match(e, ctx.now) if topics else None


@shape("category",
       kinds=lambda c: frozenset({"email", "whatsapp"}) if set(c.categories) & {"spam", "marketing"} else EMAIL,
       render=lambda c: " or ".join(CATEGORY_NOUNS[x] for x in c.categories))
def _category(c: R.Category, e: Event, ctx):
    if e.kind == "calendar":
        return None
    return CategoryMatcher(frozenset(c.categories)).match(e, ctx.now)


@shape("created", kinds=CAL, render=lambda c: "added today" if c.today and c.within_minutes is None else "new",
       prefix=lambda c: not (c.today and c.within_minutes is None))
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


@shape("starts_within", kinds=CAL, render=lambda c: f"starting within {duration(c.minutes)}")
def _starts(c: R.StartsWithin, e: Event, ctx):
    if e.kind != "calendar":
        return None
    start = _start(e, ctx)
    if ctx.now - timedelta(minutes=1) <= start <= ctx.now + timedelta(minutes=c.minutes):
        return f"starts in {fmt_delta(start - ctx.now)} ({start.astimezone(ctx.tz):%a %d %b %H:%M} local time)"
    return None


@shape("recurring", kinds=CAL,
       render=lambda c: "recurring" + ("" if not c.freq else " " + " or ".join(f.lower() for f in c.freq)),
       prefix=lambda c: not c.freq)
def _recurring(c: R.Recurring, e: Event, ctx):
    if e.kind != "calendar" or not e.recurrence:
        return None
    if not c.freq:
        return RecurrenceMatcher(None).match(e, ctx.now)
    for f in c.freq:
        if hit := RecurrenceMatcher(f).match(e, ctx.now):
            return hit
    return None


@shape("all_day", kinds=CAL, render=lambda c: "all-day", prefix=lambda c: True)
def _all_day(c, e: Event, ctx):
    return "an all-day item" if e.kind == "calendar" and e.all_day else None


@shape("starts_on", kinds=CAL, specificity=2,
       render=lambda c: f"starting {c.day}" + (" or earlier" if c.or_before else "")
       + (f" before {c.before}" if c.before else ""))
def _starts_on(c: R.StartsOn, e: Event, ctx):
    if e.kind != "calendar":
        return None
    start = _start(e, ctx)
    if start < ctx.now - timedelta(minutes=1):
        return None
    local = start.astimezone(ctx.tz)
    target = ctx.local_now.date() + timedelta(days=1 if c.day == "tomorrow" else 0)
    if (local.date() > target) if c.or_before else (local.date() != target):
        return None
    if c.before and local.strftime("%H:%M") >= c.before:
        return None
    return f"starts {local:%a %d %b %H:%M} (local time), {c.day}" + (f" before {c.before}" if c.before else "")


@shape("cancelled", kinds=CAL, render=lambda c: "cancelled", specificity=2)
def _cancelled(c, e: Event, ctx):
    return "the item was cancelled" if e.kind == "calendar" and e.status == "CANCELLED" else None


@shape("changed", kinds=CAL, render=lambda c: "changed after it was added", specificity=2)
def _changed(c, e: Event, ctx):
    if e.kind != "calendar" or e.status == "CANCELLED" or e.created is None or e.last_modified is None:
        return None
    if e.last_modified - e.created < timedelta(minutes=2):
        return None
    return f"changed at {e.last_modified.astimezone(ctx.tz):%Y-%m-%d %H:%M} (local time), after it was added"


def window_local(w: R.Window, ctx) -> datetime:
    """Now in the window's own zone ("hora de Madrid"), else in the user's (T9)."""
    if w.zone:
        from zoneinfo import ZoneInfo

        return ctx.now.astimezone(ZoneInfo(w.zone))
    return ctx.local_now


def window_bounds(w: R.Window, local: datetime) -> tuple[datetime, datetime] | None:
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


@shape("window", render=lambda c: window_phrase(c))
def _window(c: R.Window, e: Event, ctx):
    local = window_local(c, ctx)
    if window_bounds(c, local) is None:
        return None
    where = f"{c.zone.rpartition('/')[2].replace('_', ' ')} time" if c.zone else "local time"
    return f"it is {local:%a %H:%M} {where}, inside {window_phrase(c)}"


_AMOUNT = r"\d{1,3}(?:[ \u202f\u00a0]\d{3})+(?:[.,]\d{1,2})?|\d[\d.,]*"  # "2 400 €", "1.000,50 €", "$5,000"
_MONEY = re.compile(rf"(?:(?P<sym>{PREFIX_PATTERN})\s?(?P<a>{_AMOUNT})|(?P<b>{_AMOUNT})\s?"
                    rf"(?P<code>{SUFFIX_PATTERN}))", re.I)


@shape("amount", render=_amount_words)
def _amount(c: R.Amount, e: Event, ctx):
    from tic.rules._slots import money

    text = f"{e.subject}\n{e.body}"
    for m in _MONEY.finditer(text):
        cur = code_of(m.group("sym") or m.group("code") or "")
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


@shape("judgement", render=lambda c: f"({c.question}: needs judgement)")
def _judgement(c, e, ctx):
    return None  # only a model settles it; the decider asks one (or the heuristics guess, uncertain)


_DAY_NAMES = {"mon": "Mondays", "tue": "Tuesdays", "wed": "Wednesdays", "thu": "Thursdays", "fri": "Fridays",
              "sat": "Saturdays", "sun": "Sundays"}


def window_phrase(w: R.Window) -> str:
    days = ""
    if set(w.days) == {"sat", "sun"}:
        days = "on weekends"
    elif set(w.days) == {"mon", "tue", "wed", "thu", "fri"}:
        days = "on weekdays"
    elif w.days:
        days = "on " + " or ".join(_DAY_NAMES[d] for d in w.days)
    times = ""
    if w.start and w.start == "00:00" and w.end:
        times = f"before {w.end}"
    elif w.start:
        times = f"between {w.start} and {w.end or '24:00'}"
    zone = f"({w.zone.rpartition('/')[2].replace('_', ' ')} time)" if w.zone else ""
    return " ".join(x for x in (days, times, zone) if x)
