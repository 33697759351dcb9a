"""From a surfaced Event to the structured Notification the main agent reads (H1)."""

from __future__ import annotations

from tic.hub import Notification
from tic.sources import Event

__all__ = ["notification_for"]


def notification_for(event: Event, summary: str, *, is_update: bool = False) -> Notification:
    """One notification per event: neutral summary, refs that point back at the item and name its source."""
    refs: dict[str, object] = {"event_key": event.key}
    if event.kind == "email":
        event_type = "message_edited" if is_update else "message"
        refs.update(
            message_id=event.refs.get("message_id", event.key.partition(":")[2]),
            from_name=event.sender.name,
            from_address=event.sender.address,
            subject=event.subject,
        )
        if event.refs.get("thread_id"):
            refs["thread_id"] = event.refs["thread_id"]
        org = event.headers.get("Organization") or event.headers.get("organization")
        if org:
            refs["organization"] = org
    elif event.kind == "whatsapp":
        event_type = "message_edited" if is_update else ("mention" if event.mentions_me else "message")
        refs.update(
            message_id=event.key.partition(":")[2],
            chat=event.chat,
            is_group=event.is_group,
            mentioned=event.mentions_me,
            from_name=event.sender.name,
            from_number=event.sender.address,
            text=event.body[:280],
        )
    else:
        event_type = "event_changed" if is_update else "event"
        refs.update(
            uid=event.refs.get("uid", event.key.partition(":")[2]),
            title=event.subject,
            start=event.start.isoformat() if event.start else None,
            all_day=event.all_day,
            organizer=event.sender.name or event.sender.address,
            location=event.location,
        )
    return Notification(source=event.kind, event_type=event_type, summary=summary, event_time=event.time, refs=refs)
