"""The neutral, third-person, one-sentence statement of fact sent with a notification (H1).

It says who sent what, never "you", never advice; the main agent owns the
user-facing wording. Message text is quoted (first ~160 characters) as data.
"""

from __future__ import annotations

import re

from tic.sources import Event
from tic.signals._matchers import event_start, local_zone

__all__ = ["summarize"]

QUOTE_CHARS = 160


def _excerpt(text: str, limit: int = QUOTE_CHARS) -> str:
    text = " ".join(text.replace('"', "'").split())
    if len(text) <= limit:
        return text
    cut = text[: limit - 1].rsplit(" ", 1)[0] if " " in text[: limit - 1] else text[: limit - 1]
    return cut.rstrip(" ,;:") + "…"


def _who(event: Event) -> str:
    return str(event.sender) or "An unknown sender"


def summarize(event: Event) -> str:
    """One sentence of fact about the event, e.g. 'Odile Martin <odile@example.com> sent an email with the subject "..."'."""
    if event.kind == "email":
        subject = _excerpt(event.subject, 200)
        return f'{_who(event)} sent an email with the subject "{subject}".' if subject else f"{_who(event)} sent an email with no subject."
    if event.kind == "whatsapp":
        who = event.sender.name or event.sender.address or "An unknown number"
        body = _excerpt(event.body)
        if event.is_group and event.mentions_me:
            return f'{who} mentioned the user in the WhatsApp group "{event.chat}": "{body}"'
        if event.is_group:
            return f'{who} wrote in the WhatsApp group "{event.chat}": "{body}"'
        return f'{who} sent a WhatsApp message: "{body}"'
    start = event_start(event).astimezone(local_zone(event))
    zone = event.timezone or "UTC"
    when = f"{start:%Y-%m-%d}" if event.all_day else f"{start:%Y-%m-%d %H:%M} {zone}"
    title = _excerpt(event.subject, 200) or "(untitled)"
    verb = "was cancelled" if event.status.upper() == "CANCELLED" else "was added"
    if event.created and event.last_modified and (event.last_modified - event.created).total_seconds() > 60:
        verb = "was changed" if verb == "was added" else verb
    organiser = f" by {event.sender}" if str(event.sender) else ""
    what = "An all-day calendar event" if event.all_day else "A calendar event"
    where = "on" if event.all_day else "starting"
    sentence = f'{what} "{title}" {verb}{organiser}, {where} {when}.'
    return re.sub(r"\s+", " ", sentence)
