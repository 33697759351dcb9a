"""The normalised Event every source yields (S1).

Every text field is capped at the edge (R2): a value over its cap is cut with an
ellipsis, never rejected, so a 2,100-character sender name or a 50 MB subject
costs only its cap and cannot make a later step (a notification's summary, a
database column) fail. NUL characters are removed and lone surrogates replaced
everywhere (PostgreSQL rejects both in text), and the collections (recipients,
headers, mentions, refs) are bounded too.
"""

from __future__ import annotations

import hashlib
import json
import re
from datetime import datetime
from functools import partial
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

BODY_CAP = 8_000  # characters of body text kept per event (S1: size-capped)
NAME_CAP = 256  # a person's display name
ADDRESS_CAP = 320  # an e-mail address or a phone number
SUBJECT_CAP = 1_000  # an e-mail subject or a calendar summary
SHORT_CAP = 256  # chat names, mentions, the source's name, header and ref names
LONG_CAP = 2_000  # a header's or ref's value, a location, a recurrence rule
MANY = 100  # people in `to` / `attendees`, mentions, headers, refs kept per event

EventKind = Literal["email", "whatsapp", "calendar"]

_UNSAFE = re.compile("[\x00\ud800-\udfff]")


_ESCAPED = re.compile("[\udc80-\udcff]+")
_SURROGATE = re.compile("[\ud800-\udfff]")


def _unescape(run: re.Match) -> str:
    """Raw bytes a decoder kept as surrogates (surrogateescape: an 8-bit header) read as UTF-8, else Latin-1."""
    raw = bytes(ord(c) - 0xDC00 for c in run.group())
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


def clean_text(value: str, cap: int | None = None) -> str:
    """`value` without NUL characters or lone surrogates, cut to `cap` characters with an ellipsis.

    Surrogates that stand for raw bytes (an undeclared 8-bit header) are read as UTF-8 (else Latin-1); any other lone
    surrogate (a `\\ud800` escape in JSON) becomes U+FFFD. PostgreSQL stores neither NUL nor surrogates."""
    if _UNSAFE.search(value):
        value = value.replace("\x00", "")
        value = _SURROGATE.sub("\ufffd", _ESCAPED.sub(_unescape, value))
    if cap is not None and len(value) > cap:
        value = value[: cap - 1] + "…"
    return value


def _capped(cap: int):
    return AfterValidator(partial(clean_text, cap=cap))


def _clean_map(value: dict[str, str]) -> dict[str, str]:
    items = list(value.items())[:MANY]
    return {clean_text(str(k), SHORT_CAP): clean_text(str(v), LONG_CAP) for k, v in items}


def _first(many: tuple) -> tuple:
    return tuple(many[:MANY])


def _clean_key(value: str) -> str:
    value = clean_text(value)
    if len(value) <= KEY_CAP:
        return value
    prefix, _, ident = value.partition(":")
    return stable_key(prefix[:32], ident)


Name = Annotated[str, _capped(NAME_CAP)]
Address = Annotated[str, _capped(ADDRESS_CAP)]
Subject = Annotated[str, _capped(SUBJECT_CAP)]
Body = Annotated[str, _capped(BODY_CAP)]
Short = Annotated[str, _capped(SHORT_CAP)]
Long = Annotated[str, _capped(LONG_CAP)]
Tag = Annotated[str, _capped(64)]
StrMap = Annotated[dict[str, str], AfterValidator(_clean_map)]


class Person(BaseModel):
    """Who sent or organised an item. Either part may be empty."""

    model_config = ConfigDict(frozen=True)

    name: Name = ""
    address: Address = ""  # e-mail address, or phone number for chats

    @property
    def domain(self) -> str:
        """The e-mail domain, lower-cased ('' when the address is not an e-mail address)."""
        _, at, domain = self.address.rpartition("@")
        return domain.lower().strip(">") if at else ""

    def __str__(self) -> str:
        if self.name and self.address:
            return f"{self.name} <{self.address}>"
        return self.name or self.address


class Event(BaseModel):
    """One email, chat message or calendar item, as every later step sees it.

    `key` is stable across runs (`email:<Message-ID>`, `whatsapp:<id>`,
    `calendar:<UID>`); `version` changes when the item is edited, so an update is
    judged again (T5) under the same key.
    """

    model_config = ConfigDict(frozen=True)

    key: Annotated[str, AfterValidator(_clean_key)]  # over KEY_CAP: the prefix and a hash of the rest
    source: Short  # the configured source's name, e.g. "mail", "calendar", "whatsapp"
    kind: EventKind
    type: Tag  # "message" for email/chat, "event" for calendar
    time: datetime  # when it arrived (mail/chat) or when it starts (calendar), aware UTC
    sender: Person = Field(default_factory=Person)
    to: Annotated[tuple[Person, ...], AfterValidator(_first)] = ()
    attendees: Annotated[tuple[Person, ...], AfterValidator(_first)] = ()  # calendar ATTENDEEs; not part of `version`
    subject: Subject = ""  # e-mail subject or calendar summary
    body: Body = ""  # plain text, capped at BODY_CAP
    headers: StrMap = Field(default_factory=dict)  # List-Unsubscribe, Precedence, Auto-Submitted, ...
    seen: bool = False  # e-mail already read by the user (Maildir S flag)
    # chat
    chat: Short = ""
    is_group: bool = False
    mentions: Annotated[tuple[Short, ...], AfterValidator(_first)] = ()
    # calendar
    start: datetime | None = None
    end: datetime | None = None
    all_day: bool = False
    created: datetime | None = None
    last_modified: datetime | None = None
    recurrence: Long = ""  # the RRULE text, '' for a single event
    location: Long = ""
    timezone: Tag = ""  # the calendar's own time zone name (X-WR-TIMEZONE or the event's TZID)
    status: Tag = ""  # calendar STATUS (CONFIRMED, CANCELLED, ...)
    revision: Tag = ""  # the source's fingerprint of changes the fields above miss (a series' moved/cancelled instances)
    refs: StrMap = Field(default_factory=dict)  # message id, thread id, calendar UID, ...

    @property
    def version(self) -> str:
        """A short fingerprint of what a user would call the item's content (T5)."""
        # A series' start is its next occurrence, which moves on by itself: only an
        # edit (LAST-MODIFIED, RRULE) makes a recurring event an update.
        moving = bool(self.recurrence)
        material = {
            "subject": self.subject,
            "body": self.body,
            "start": self.start.isoformat() if self.start and not moving else None,
            "end": self.end.isoformat() if self.end and not moving else None,
            "recurrence": self.recurrence,
            "last_modified": self.last_modified.isoformat() if self.last_modified else None,
            "status": self.status,
            "location": self.location,
        }
        if self.revision:  # only when set, so the versions of everything else stay as they were
            material["revision"] = self.revision
        raw = json.dumps(material, sort_keys=True).encode()
        return hashlib.sha256(raw).hexdigest()[:16]

    @property
    def mentions_me(self) -> bool:
        return "me" in self.mentions


KEY_CAP = 500  # characters; the database keeps keys up to 512


def stable_key(prefix: str, ident: str) -> str:
    """`<prefix>:<ident>`, or `<prefix>:sha256:<hash of ident>` when the id is too long to store as it is."""
    if len(prefix) + 1 + len(ident) <= KEY_CAP:
        return f"{prefix}:{ident}"
    return f"{prefix}:sha256:{hashlib.sha256(ident.encode('utf-8', 'surrogatepass')).hexdigest()[:32]}"


def cap_body(text: str) -> str:
    """Trim body text to BODY_CAP characters, marking the cut."""
    return clean_text(text.strip(), BODY_CAP)
