"""The one description of each kind of event, looked up by kind: an Event becomes what a model is shown (R1),
its summary (H1), its label (T6), its Notification (H1); a notification object becomes one sentence for the user
(the offline model, H5).

Each kind lives in a module of its own (`_email`, `_chat`, `_calendar`, `_other`), every way of telling it in one
class, so a new fact about an email is written in one place.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Protocol

from pydantic import BaseModel, ValidationError

from tic.notification._calendar import CalendarKind
from tic.notification._chat import ChatKind
from tic.notification._email import EmailKind
from tic.notification._model import SUMMARY_CHARS, Notification
from tic.notification._other import SUMMARY_QUOTE, AgentKind, NoticeKind
from tic.notification._text import clip
from tic.sources import Event, clean_text

__all__ = ["EventKind", "describe_notification", "event_data", "label_for", "notification_for", "sender_of", "summarize"]


class EventKind(Protocol):
    """How one kind of source event is told, every way (one class per kind)."""

    name: str
    refs_type: type[BaseModel]

    @staticmethod
    def event_type(event: Event, is_update: bool) -> str: ...

    @staticmethod
    def refs(event: Event) -> BaseModel: ...

    @staticmethod
    def prompt(event: Event) -> dict[str, Any]: ...

    @staticmethod
    def summary(event: Event) -> str: ...

    @staticmethod
    def label(event: Event) -> str: ...

    @staticmethod
    def who(n: Notification) -> str: ...

    @staticmethod
    def describe(n: Notification, now: datetime) -> str: ...


_EVENT_KINDS: dict[str, EventKind] = {k.name: k for k in (EmailKind, ChatKind, CalendarKind)}


def _kind(event: Event) -> EventKind:
    return _EVENT_KINDS.get(event.kind, CalendarKind)  # an Event is an email, a chat message or a calendar item


def event_data(event: Event, ident: str) -> dict[str, Any]:
    """What a model is shown of one event: the facts a rule can be about, empty ones left out."""
    d: dict[str, Any] = {"id": ident, "kind": event.kind, "from": str(event.sender) or None, **_kind(event).prompt(event)}
    return {k: v for k, v in d.items() if v is not None}


def summarize(event: Event) -> str:
    """One neutral third-person sentence of fact about the event (H1), e.g. 'X <x@y> sent an email with the subject "..."'."""
    return _kind(event).summary(event)


def label_for(event: Event) -> str:
    """A short line a person recognises an event by (kept with its decision, so `why` questions can find it, T6)."""
    return _kind(event).label(event)


def notification_for(event: Event, summary: str, *, is_update: bool = False) -> Notification:
    """One notification per event: neutral summary, refs that point back at the item and name its source.

    R2: the summary is cut to SUMMARY_CHARS with an ellipsis and every text value is stored without NUL
    characters, so no event - a 2,100-character sender name, a NUL in a chat body - can make its notification
    fail validation or the database refuse it."""
    kind = _kind(event)
    summary = clean_text(str(summary or ""), SUMMARY_CHARS).strip() or clean_text(event.key, SUMMARY_CHARS)
    refs = kind.refs(event)
    refs = refs.model_copy(update={k: clean_text(v) for k, v in refs if isinstance(v, str)})
    return Notification(source=event.kind, event_type=kind.event_type(event, is_update), summary=summary,
                        event_time=event.time, refs=refs)


def _read(obj: Any) -> Notification | None:
    try:
        return Notification.model_validate(obj)
    except (ValidationError, TypeError, ValueError):
        return None


def sender_of(obj: dict[str, Any]) -> str:
    """Who a notification object is from, as a person reads it (a sender, a number, an organiser); '' when it is
    from no one (a digest, an engine notice) or this version cannot read it."""
    n = _read(obj)
    kind = _EVENT_KINDS.get(n.source) if n is not None and n.event_type != "digest" else None
    return kind.who(n) if kind is not None and n is not None else ""


def describe_notification(obj: dict[str, Any], now: datetime) -> str:
    """One user-facing sentence about a notification object as the main agent reads it (H5: name the source,
    add context, never echo the summary); an object this version cannot read is told by its summary."""
    n = _read(obj)
    if n is None:
        return f"{obj.get('source') or 'Something'} ({obj.get('event_type') or 'event'}): " \
               f"{clip(obj.get('summary') or '', SUMMARY_QUOTE)}"
    if n.source == "notices":
        return NoticeKind.describe(n, now)
    if n.event_type == "digest" or n.source not in _EVENT_KINDS:
        return AgentKind.describe(n, now)
    return _EVENT_KINDS[n.source].describe(n, now)
