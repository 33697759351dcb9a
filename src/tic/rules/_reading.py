"""A rule's reading: what one rule means, as data (T7).

A reading is an effect and a condition tree over typed event attributes:

    Reading(effect="skip", when=All(of=[Kind(kinds=["whatsapp"]), Chat(group=True)]),
            unless=Mention())

`when` says which events the rule talks about; `unless` (optional) carves out
the events inside `when` that get `unless_effect` instead (by default the
opposite: notify <-> skip). "Only notify about X if Y" reads as effect notify,
when X, unless Not(Y). A catch-all ("if none of the above applies, don't notify
me", T10) is `when=Everything()` with `catch_all=True`: it decides only what no
other rule covers. A hold (T11) is effect "hold" with a `Window` in `when`: the
events are held while the window lasts and surfaced when it ends.

Every node is pydantic, JSON-serialisable and discriminated by `op`, so a model
can produce the same form by structured output against `Reading`'s JSON schema.
`SCHEMA_VERSION` changes whenever a change here would read an old cache wrongly.
"""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, field_validator

__all__ = [
    "SCHEMA_VERSION", "Effect", "Cond", "Reading",
    "All", "Any", "Not", "Everything", "Kind", "Sender", "Who", "Chat", "Mention", "Topic", "Category",
    "Created", "StartsWithin", "Recurring", "AllDay", "Window", "Amount", "Judgement", "CATEGORIES", "WEEKDAYS",
]

SCHEMA_VERSION = 1

Effect = Literal["notify", "skip", "hold"]
EventKindName = Literal["email", "whatsapp", "calendar"]
CATEGORIES = ("newsletter", "marketing", "digest", "automated", "social", "transactional", "list", "spam", "autoreply")
CategoryName = Literal["newsletter", "marketing", "digest", "automated", "social", "transactional", "list", "spam",
                       "autoreply"]
WEEKDAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
Weekday = Literal["mon", "tue", "wed", "thu", "fri", "sat", "sun"]

_FROZEN = ConfigDict(frozen=True, extra="forbid")


class _Node(BaseModel):
    model_config = _FROZEN


class Everything(_Node):
    """Every event (a catch-all's condition, or a rule about "anything")."""

    op: Literal["everything"] = "everything"


class Kind(_Node):
    """The event's source kind: e-mail, WhatsApp (chat) message, calendar item."""

    op: Literal["kind"] = "kind"
    kinds: tuple[EventKindName, ...] = Field(min_length=1)

    @field_validator("kinds")
    @classmethod
    def _sorted(cls, v: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(sorted(set(v)))


class Who(_Node):
    """One way to recognise a sender.

    by: name (a person or organisation's name, matched on display name, address and domain),
    org (anyone at an organisation), domain, address (e-mail), phone (E.164), contact (a saved
    chat contact's exact name), display (text the sender's display name contains: "(Ridgeline)"), unsaved (a chat number not in the contacts), saved (any saved
    contact), role (a kind of sender shown by the sender itself: "recruiter", "school").

    of: on an address, domain or phone, the `name` of the same Sender it belongs to ("Kandice Phillips
    (kp@dawsoncornwell.com)"): that person is then known by it, and their name shown from another address
    does not decide the rule (issue 8.6). Empty for an alternative of its own ("Kandice Phillips or x.com").
    """

    by: Literal["name", "org", "domain", "address", "phone", "contact", "display", "unsaved", "saved", "role"]
    value: str = ""
    of: str = ""


class Sender(_Node):
    """Sent by any of `who`; with `attendee` a calendar item's organiser or attendees count too."""

    op: Literal["sender"] = "sender"
    who: tuple[Who, ...] = Field(min_length=1)
    attendee: bool = False


class Chat(_Node):
    """A chat message in a group (group=True), a direct chat (False), or in the chat called `name`."""

    op: Literal["chat"] = "chat"
    group: bool | None = None
    name: str = ""


class Mention(_Node):
    """The user is @-mentioned in a chat message (not merely named in its text)."""

    op: Literal["mention"] = "mention"


class Addressed(_Node):
    """An e-mail the user is in the To line of (how="to"), or only in Cc of (how="cc": in Cc, not in To)."""

    op: Literal["addressed"] = "addressed"
    how: Literal["to", "cc"]


class Thread(_Node):
    """An e-mail that replies in a thread the user started or answered (known from the Sent folder); with
    `started`, only in one the user started (its first message is one the user sent)."""

    op: Literal["thread"] = "thread"
    started: bool = False


class Topic(_Node):
    """The text mentions a topic: every phrase's key words (any phrase of `phrases` is enough)."""

    op: Literal["topic"] = "topic"
    phrases: tuple[str, ...] = Field(min_length=1)
    where: Literal["any", "subject"] = "any"


class Category(_Node):
    """A kind of mail or message: newsletter, marketing, digest, automated, social network, ..."""

    op: Literal["category"] = "category"
    categories: tuple[CategoryName, ...] = Field(min_length=1)

    @field_validator("categories")
    @classmethod
    def _ordered(cls, v: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(c for c in CATEGORIES if c in set(v))


class Created(_Node):
    """A calendar item added today (the user's local date) or within the last `within_minutes`."""

    op: Literal["created"] = "created"
    today: bool = True
    within_minutes: int | None = Field(None, gt=0)


class StartsWithin(_Node):
    """A calendar item that starts within `minutes` from now."""

    op: Literal["starts_within"] = "starts_within"
    minutes: int = Field(gt=0)


class Recurring(_Node):
    """A recurring calendar item; `freq` narrows it (any of DAILY, WEEKLY, MONTHLY, YEARLY)."""

    op: Literal["recurring"] = "recurring"
    freq: tuple[Literal["DAILY", "WEEKLY", "MONTHLY", "YEARLY"], ...] = ()


class AllDay(_Node):
    """An all-day calendar item."""

    op: Literal["all_day"] = "all_day"


class StartsOn(_Node):
    """A calendar item that starts later today or tomorrow (the user's local dates); `or_before`: by the end of
    that day, from now; `before` ("HH:MM"): before that time of that day ("demain avant midi")."""

    op: Literal["starts_on"] = "starts_on"
    day: Literal["today", "tomorrow"]
    or_before: bool = False
    before: str = ""

    @field_validator("before")
    @classmethod
    def _before(cls, v: str) -> str:
        if v:
            h, _, m = v.partition(":")
            if not (h.isdigit() and m.isdigit() and int(h) < 24 and int(m) < 60 and len(m) == 2):
                raise ValueError(f"{v!r} is not HH:MM")
        return v


class Cancelled(_Node):
    """A calendar item that was cancelled (its STATUS is CANCELLED, or it was deleted before it began)."""

    op: Literal["cancelled"] = "cancelled"


class Changed(_Node):
    """A calendar item changed after it was added - moved, rescheduled, edited (its LAST-MODIFIED is later than its
    CREATED) - and not cancelled (that is `Cancelled`)."""

    op: Literal["changed"] = "changed"


class Window(_Node):
    """Now (the tick's time) falls in a local time window: on `days` (empty = every day),
    from `start` to `end` ("HH:MM"; end before start runs past midnight; both empty = all day), in the
    user's time zone, or in `zone` (an IANA name, "Europe/Madrid") when the rule names one ("hora de Madrid")."""

    op: Literal["window"] = "window"
    days: tuple[Weekday, ...] = ()
    start: str = ""
    end: str = ""
    zone: str = ""

    @field_validator("zone")
    @classmethod
    def _iana(cls, v: str) -> str:
        if v:
            from zoneinfo import available_timezones

            if v not in available_timezones():
                raise ValueError(f"{v!r} is not an IANA time zone")
        return v

    @field_validator("start", "end")
    @classmethod
    def _hhmm(cls, v: str) -> str:
        if v:
            h, _, m = v.partition(":")
            if not (h.isdigit() and m.isdigit() and 0 <= int(h) <= 24 and 0 <= int(m) < 60):
                raise ValueError(f"{v!r} is not HH:MM")
            v = f"{int(h):02d}:{int(m):02d}"
        return v

    @field_validator("days")
    @classmethod
    def _week_order(cls, v: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(d for d in WEEKDAYS if d in set(v))


class Amount(_Node):
    """The text names an amount of money compared to `value` (in `currency`, ISO code; '' = any)."""

    op: Literal["amount"] = "amount"
    cmp: Literal[">", ">=", "<", "<="]
    value: float
    currency: str = ""


class Judgement(_Node):
    """A condition only judgement can settle ("anything urgent", "important clients"): a model decides."""

    op: Literal["judgement"] = "judgement"
    question: str = Field(min_length=1)


class All(_Node):
    op: Literal["all"] = "all"
    of: tuple["Cond", ...] = Field(min_length=1)


class Any(_Node):
    op: Literal["any"] = "any"
    of: tuple["Cond", ...] = Field(min_length=1)


class Not(_Node):
    op: Literal["not"] = "not"
    of: "Cond"


Cond = Annotated[
    Union[Everything, Kind, Sender, Chat, Mention, Addressed, Thread, Topic, Category, Created, StartsWithin, StartsOn, Recurring, AllDay, Cancelled,
          Changed,
          Window,
          Amount, Judgement, All, Any, Not],
    Field(discriminator="op"),
]
All.model_rebuild()
Any.model_rebuild()
Not.model_rebuild()

_OPPOSITE = {"notify": "skip", "skip": "notify", "hold": "notify"}


class Reading(BaseModel):
    """One rule's meaning. See the module docstring."""

    model_config = _FROZEN

    schema_version: Literal[1] = SCHEMA_VERSION
    effect: Effect
    when: Cond
    unless: Cond | None = None
    unless_effect: Effect | None = None
    catch_all: bool = False

    @property
    def exception_effect(self) -> str:
        return self.unless_effect or _OPPOSITE[self.effect]


def conjoin(parts: list) -> object:
    """All(parts), flattened; one part stands alone; none is Everything()."""
    flat: list = []
    for p in parts:
        if isinstance(p, All):
            flat.extend(p.of)
        elif not isinstance(p, Everything):
            flat.append(p)
    flat = list(dict.fromkeys(flat))
    if not flat:
        return Everything()
    return flat[0] if len(flat) == 1 else All(of=tuple(flat))
