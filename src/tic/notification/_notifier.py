"""H2: `notify` stores a notification durably - an actionable content notice for `main` - before it answers."""

from __future__ import annotations

from tic.clock import Clock
from tic.notices import Notice, NoticeStore
from tic.notification._model import Notification

__all__ = ["Notifier", "notification_template"]


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
        """Store it (inside `connection`'s transaction when given) and return the stored notice.

        Given a connection, the caller announces the notice after its transaction commits (`NoticeStore.announce`)."""
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
