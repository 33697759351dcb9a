"""The conversation as the page shows it: bubbles and notification cards, read back from the stored history.

A tab asks for what was stored after the last message it has (`after`), so a reload, a reconnect or a
second tab shows every line once, in the order stored (H11 as the user sees it).
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from pydantic import BaseModel

from tic.hub import READ_NOTIFICATION, ChatHistory

__all__ = ["Item", "NotificationCard", "transcript"]

FIRST_LOAD = 300  # a page opened on a long conversation starts with its last this many items


class NotificationCard(BaseModel):
    source: str
    event_type: str
    summary: str
    sender: str
    event_time: str | None


class Item(BaseModel):
    id: int
    kind: str  # "user" | "assistant" | "notifications"
    at: datetime | None
    text: str = ""
    items: list[NotificationCard] = []


def _sender(refs: dict[str, Any]) -> str:
    for field in ("from_name", "from_address", "from_number", "organizer", "organization"):
        if refs.get(field):
            return str(refs[field])
    return ""


def _cards(result: str | None) -> list[NotificationCard]:
    try:
        batch = json.loads(result or "[]")
    except ValueError:
        return []
    out = []
    for n in batch if isinstance(batch, list) else []:
        if not isinstance(n, dict):
            continue
        refs = n.get("refs") if isinstance(n.get("refs"), dict) else {}
        out.append(NotificationCard(source=str(n.get("source") or ""), event_type=str(n.get("event_type") or ""),
                                    summary=str(n.get("summary") or ""), sender=_sender(refs),
                                    event_time=str(n["event_time"]) if n.get("event_time") else None))
    return out


def transcript(history: ChatHistory, *, after: int = 0) -> list[Item]:
    """The user's lines, the assistant's replies and each injected read_notification batch, oldest first."""
    items: list[Item] = []
    for m in history.rows(after=after):
        if m["role"] == "user":
            items.append(Item(id=m["id"], kind="user", at=m["created_at"], text=m["content"] or ""))
            continue
        if m["role"] != "assistant":
            continue
        for call in m["tool_calls"]:
            if m["is_synthetic"] and call["name"] == READ_NOTIFICATION and call["status"] == "done":
                items.append(Item(id=m["id"], kind="notifications", at=m["created_at"], items=_cards(call["result"])))
        if m["content"]:
            items.append(Item(id=m["id"], kind="assistant", at=m["created_at"], text=m["content"]))
    return items[-FIRST_LOAD:] if after == 0 else items
