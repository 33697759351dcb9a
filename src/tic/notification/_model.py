"""H1: the Notification and its references, typed per kind of event (pydantic: it is an edge, the `notify` tool's
arguments and the JSON the main agent reads).

The references point back at the item (message id, thread id, calendar UID) and carry the facts the main agent may
name (sender, subject, chat, start). Which kind a notification's `refs` are is told by its `source` (and
`event_type` "digest" for a background agent's digest); unknown keys are refused, so every key the main agent reads
is one of these fields. Serialised, refs leave out what is unset (None), so the JSON is the one H4 injects.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Union

from pydantic import BaseModel, ConfigDict, Field, field_serializer, field_validator, model_validator

__all__ = ["AgentItem", "AgentRefs", "CalendarRefs", "ChatRefs", "EmailRefs", "NoticeRefs", "Notification", "Refs",
           "SUMMARY_CHARS", "refs_type"]

SUMMARY_CHARS = 2_000  # Notification.summary's max_length


class _Refs(BaseModel):
    model_config = ConfigDict(extra="forbid")

    event_key: str | None = Field(None, description="the event's stable key (email:<Message-ID>, ...)")


class EmailRefs(_Refs):
    """An email: its Message-ID and thread, who sent it, the subject."""

    message_id: str | None = None
    thread_id: str | None = None
    from_name: str | None = None
    from_address: str | None = None
    subject: str | None = None
    organization: str | None = None


class ChatRefs(_Refs):
    """A chat message (WhatsApp): the chat, whether it is a group and the user was mentioned, the sender, the text."""

    message_id: str | None = None
    chat: str | None = None
    is_group: bool | None = None
    mentioned: bool | None = None
    from_name: str | None = None
    from_number: str | None = None
    text: str | None = None


class CalendarRefs(_Refs):
    """A calendar item: its UID, title, start (ISO 8601), organiser, place."""

    uid: str | None = None
    title: str | None = None
    start: str | None = None
    all_day: bool | None = None
    organizer: str | None = None
    location: str | None = None


class AgentItem(BaseModel):
    """One item a background agent's look-up found (T8), e.g. a calendar item of today's digest."""

    model_config = ConfigDict(extra="forbid")

    title: str = ""
    when: str = ""
    start: str | None = None
    location: str | None = None
    key: str | None = None


class AgentRefs(_Refs):
    """What a background (cron) agent reports (T8): the items it found, none for a plain statement."""

    items: list[AgentItem] | None = None


class NoticeRefs(BaseModel):
    """An engine notice read with the notifications (N14): its handle, and whether it is a reminder (N12)."""

    model_config = ConfigDict(extra="forbid")

    key: str
    ephemeral: bool | None = None


Refs = Union[EmailRefs, ChatRefs, CalendarRefs, AgentRefs, NoticeRefs]
_BY_SOURCE: dict[str, type[BaseModel]] = {"email": EmailRefs, "whatsapp": ChatRefs, "calendar": CalendarRefs,
                                          "notices": NoticeRefs}


def refs_type(source: str, event_type: str = "") -> type[BaseModel]:
    """The references a notification of this source and type carries (a background agent's when no source's)."""
    return AgentRefs if event_type == "digest" else _BY_SOURCE.get(source, AgentRefs)


class Notification(BaseModel):
    """What a background agent tells the main agent about one event (H1).

    `summary` is a neutral third-person statement of fact; the main agent owns
    the wording the user sees. `refs` are the typed references of its kind.
    """

    model_config = ConfigDict(extra="forbid")

    source: str = Field(min_length=1, max_length=64)
    event_type: str = Field(min_length=1, max_length=64)
    summary: str = Field(min_length=1, max_length=SUMMARY_CHARS)
    event_time: datetime | None = None
    refs: Refs = Field(default_factory=AgentRefs, description="references of the notification's kind (H1)")

    @model_validator(mode="before")
    @classmethod
    def _typed_refs(cls, data: Any) -> Any:
        """The refs of a dict are read as the kind its source names (a union would guess)."""
        if isinstance(data, dict):
            refs = data.get("refs")
            kind = refs_type(str(data.get("source") or ""), str(data.get("event_type") or ""))
            if refs is None or isinstance(refs, dict):
                data = {**data, "refs": kind.model_validate(refs or {})}
            elif not isinstance(refs, kind):
                raise ValueError(f"refs of a {data.get('source')} {data.get('event_type')} are {kind.__name__}")
        return data

    @field_validator("event_time")
    @classmethod
    def _aware(cls, v: datetime | None) -> datetime | None:
        if v is not None and v.tzinfo is None:
            raise ValueError("event_time needs a time zone (ISO 8601 with Z or an offset)")
        return v

    @field_serializer("refs")
    def _refs_json(self, refs: BaseModel) -> dict[str, Any]:
        return refs.model_dump(mode="json", exclude_none=True)
