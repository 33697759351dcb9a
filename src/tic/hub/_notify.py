"""H1/H2: the structured Notification and `notify`, which stores it durably before answering."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from tic.clock import Clock
from tic.notices import Notice, NoticeStore

__all__ = ["Notification", "Notifier", "notification_template"]


class Notification(BaseModel):
    """What a background agent tells the main agent about one event (H1).

    `summary` is a neutral third-person statement of fact; the main agent owns
    the wording the user sees. `refs` points back at the item (message id,
    thread id, calendar UID) and carries the facts the main agent may name
    (sender, subject, chat, start).
    """

    model_config = ConfigDict(extra="forbid")

    source: str = Field(min_length=1, max_length=64)
    event_type: str = Field(min_length=1, max_length=64)
    summary: str = Field(min_length=1, max_length=2000)
    event_time: datetime | None = None
    refs: dict[str, Any] = Field(default_factory=dict)

    @field_validator("event_time")
    @classmethod
    def _aware(cls, v: datetime | None) -> datetime | None:
        if v is not None and v.tzinfo is None:
            raise ValueError("event_time needs a time zone (ISO 8601 with Z or an offset)")
        return v


def notification_template(source: str, event_type: str) -> str:
    """The notice template of a notification: fixed per kind, so one key per kind of event."""
    return f"new {source} {event_type}"


class Notifier:
    """The `notify` tool's body: a notification becomes an actionable content notice for `main`."""

    def __init__(self, store: NoticeStore, clock: Clock, *, audience: str = "main") -> None:
        self._store = store
        self._clock = clock
        self._audience = audience

    def notify(self, notification: Notification, *, connection=None) -> Notice:
        """Store it (inside `connection`'s transaction when given) and return the stored notice."""
        data = notification.model_dump(mode="json")
        if data["event_time"] is None:
            data["event_time"] = self._clock.now().isoformat()
        return self._store.post(
            notification_template(notification.source, notification.event_type),
            data,
            audience=[self._audience],
            actionable=True,
            origin="content",
            kind="notification",
            connection=connection,
        )
