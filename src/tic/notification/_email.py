"""An email, described once: its references, what a model is shown, its summary, its label, the offline wording."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from tic.notification._model import EmailRefs, Notification
from tic.notification._text import NAME_CHARS, SUBJECT_CHARS, ago, body, clip, excerpt, iso, org_from_address
from tic.sources import Event

__all__ = ["EmailKind"]


class EmailKind:
    name = "email"
    refs_type = EmailRefs

    @staticmethod
    def event_type(event: Event, is_update: bool) -> str:
        return "message_edited" if is_update else "message"

    @staticmethod
    def refs(event: Event) -> EmailRefs:
        org = event.headers.get("Organization") or event.headers.get("organization")
        return EmailRefs(event_key=event.key, message_id=event.refs.get("message_id", event.key.partition(":")[2]),
                         thread_id=event.refs.get("thread_id") or None, from_name=event.sender.name,
                         from_address=event.sender.address, subject=event.subject, organization=org or None)

    @staticmethod
    def prompt(event: Event) -> dict[str, Any]:
        h = {k.lower(): v for k, v in event.headers.items()}
        return dict(
            time=iso(event.time), to=[str(p) for p in event.to[:3]] or None, subject=event.subject or None,
            organization=h.get("organization"), list_unsubscribe=True if h.get("list-unsubscribe") else None,
            precedence=h.get("precedence"), auto_submitted=h.get("auto-submitted"),
            already_read=True if event.seen else None, body=body(event.body) or None,
        )

    @staticmethod
    def summary(event: Event) -> str:
        who = str(event.sender) or "An unknown sender"
        subject = excerpt(event.subject, 200)
        return f'{who} sent an email with the subject "{subject}".' if subject else f"{who} sent an email with no subject."

    @staticmethod
    def label(event: Event) -> str:
        return f"email from {str(event.sender) or 'unknown sender'}: {event.subject or '(no subject)'}"[:300]

    @staticmethod
    def who(n: Notification) -> str:
        refs = n.refs
        return (refs.from_name or refs.from_address or refs.organization or "") if isinstance(refs, EmailRefs) else ""

    @staticmethod
    def describe(n: Notification, now: datetime) -> str:
        refs = n.refs
        assert isinstance(refs, EmailRefs)
        who = clip(refs.from_name or refs.from_address or "someone", NAME_CHARS)
        org = clip(refs.organization or org_from_address(refs.from_address or ""), NAME_CHARS)
        at = f" at {org}" if org and org.lower() not in who.lower() else ""
        subject = clip(refs.subject or "(no subject)", SUBJECT_CHARS)
        return f"An email from {who}{at} about “{subject}” arrived {ago(n.event_time, now)}."
