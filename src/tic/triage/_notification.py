"""From a surfaced Event to the structured Notification the main agent reads (H1).

R2: the summary is cut to SUMMARY_CHARS (the Notification's own limit) with an
ellipsis and every text value is stored without NUL characters, so no event -
a 2,100-character sender name, a NUL in a chat body - can make its notification
fail validation or the database refuse it.
"""

from __future__ import annotations

from tic.hub import Notification
from tic.sources import Event
from tic.sources._event import clean_text

__all__ = ["SUMMARY_CHARS", "notification_for"]

SUMMARY_CHARS = 2_000  # Notification.summary's max_length


def notification_for(event: Event, summary: str, *, is_update: bool = False) -> Notification:
    """One notification per event: neutral summary, refs that point back at the item and name its source."""
    summary = clean_text(str(summary or ""), SUMMARY_CHARS).strip() or clean_text(event.key, SUMMARY_CHARS)
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
    refs = {k: clean_text(v) if isinstance(v, str) else v for k, v in refs.items()}
    return Notification(source=event.kind, event_type=event_type, summary=summary, event_time=event.time, refs=refs)
