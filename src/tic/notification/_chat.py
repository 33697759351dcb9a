"""A chat message (WhatsApp), described once: references, what a model is shown, summary, label, offline wording."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from tic.notification._model import ChatRefs, Notification
from tic.notification._text import NAME_CHARS, ago, body, clip, excerpt, iso
from tic.sources import Event

__all__ = ["ChatKind"]

TEXT_CHARS = 280  # of the message kept in its references


class ChatKind:
    name = "whatsapp"
    refs_type = ChatRefs

    @staticmethod
    def event_type(event: Event, is_update: bool) -> str:
        return "message_edited" if is_update else ("mention" if event.mentions_me else "message")

    @staticmethod
    def refs(event: Event) -> ChatRefs:
        return ChatRefs(event_key=event.key, message_id=event.key.partition(":")[2], chat=event.chat,
                        is_group=event.is_group, mentioned=event.mentions_me, from_name=event.sender.name,
                        from_number=event.sender.address, text=event.body[:TEXT_CHARS])

    @staticmethod
    def prompt(event: Event) -> dict[str, Any]:
        return dict(time=iso(event.time), chat=event.chat or None, group=event.is_group,
                    mentions_user=event.mentions_me, body=body(event.body) or None)

    @staticmethod
    def summary(event: Event) -> str:
        who = event.sender.name or event.sender.address or "An unknown number"
        text = excerpt(event.body)
        if event.is_group and event.mentions_me:
            return f'{who} mentioned the user in the WhatsApp group "{event.chat}": "{text}"'
        if event.is_group:
            return f'{who} wrote in the WhatsApp group "{event.chat}": "{text}"'
        return f'{who} sent a WhatsApp message: "{text}"'

    @staticmethod
    def label(event: Event) -> str:
        who = str(event.sender) or "unknown sender"
        where = f" in the group {event.chat}" if event.is_group else ""
        return f"WhatsApp message from {who}{where}: {' '.join(event.body.split())[:120]}"[:300]

    @staticmethod
    def who(n: Notification) -> str:
        refs = n.refs
        return (refs.from_name or refs.from_number or "") if isinstance(refs, ChatRefs) else ""

    @staticmethod
    def describe(n: Notification, now: datetime) -> str:
        refs = n.refs
        assert isinstance(refs, ChatRefs)
        who = clip(refs.from_name or refs.from_number or "someone", NAME_CHARS)
        when = ago(n.event_time, now)
        if refs.is_group:
            how = "mentioned you" if refs.mentioned else "wrote"
            return f"{who} {how} in the WhatsApp group “{clip(refs.chat or '', NAME_CHARS)}” {when}: “{clip(refs.text or '')}”"
        return f"{who} sent you a WhatsApp message {when}: “{clip(refs.text or '')}”"
