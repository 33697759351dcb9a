"""The normalised Event every source yields (S1)."""

from __future__ import annotations

import hashlib
import json
from datetime import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

BODY_CAP = 8_000  # characters of body text kept per event (S1: size-capped)

EventKind = Literal["email", "whatsapp", "calendar"]


class Person(BaseModel):
    """Who sent or organised an item. Either part may be empty."""

    model_config = ConfigDict(frozen=True)

    name: str = ""
    address: str = ""  # e-mail address, or phone number for chats

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

    key: str
    source: str  # the configured source's name, e.g. "mail", "calendar", "whatsapp"
    kind: EventKind
    type: str  # "message" for email/chat, "event" for calendar
    time: datetime  # when it arrived (mail/chat) or when it starts (calendar), aware UTC
    sender: Person = Field(default_factory=Person)
    to: tuple[Person, ...] = ()
    attendees: tuple[Person, ...] = ()  # calendar ATTENDEEs (CN + mailto); not part of `version`
    subject: str = ""  # e-mail subject or calendar summary
    body: str = ""  # plain text, capped at BODY_CAP
    headers: dict[str, str] = Field(default_factory=dict)  # List-Unsubscribe, Precedence, Auto-Submitted, ...
    seen: bool = False  # e-mail already read by the user (Maildir S flag)
    # chat
    chat: str = ""
    is_group: bool = False
    mentions: tuple[str, ...] = ()
    # calendar
    start: datetime | None = None
    end: datetime | None = None
    all_day: bool = False
    created: datetime | None = None
    last_modified: datetime | None = None
    recurrence: str = ""  # the RRULE text, '' for a single event
    location: str = ""
    timezone: str = ""  # the calendar's own time zone name (X-WR-TIMEZONE or the event's TZID)
    status: str = ""  # calendar STATUS (CONFIRMED, CANCELLED, ...)
    revision: str = ""  # the source's fingerprint of changes the fields above miss (a series' moved/cancelled instances)
    refs: dict[str, str] = Field(default_factory=dict)  # message id, thread id, calendar UID, ...

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
    text = text.strip()
    return text if len(text) <= BODY_CAP else text[: BODY_CAP - 1] + "…"
