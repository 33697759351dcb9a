"""The conversation as the page shows it: bubbles and notification cards, read back from the stored history.

A tab asks for what was stored after the last message it has (`after`), so a reload, a reconnect or a
second tab shows every line once, in the order stored (H11 as the user sees it).
"""

from __future__ import annotations

import json
from datetime import datetime

from pydantic import BaseModel

from tic.hub import READ_NOTIFICATION, ChatHistory
from tic.notification import sender_of

__all__ = ["PAGE", "Item", "NotificationCard", "Transcript", "transcript"]

PAGE = 200  # messages read at once when a page opens, or when it asks for earlier ones


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


class Transcript(BaseModel):
    items: list[Item]
    earlier: int | None = None  # more messages were stored before this id: ask with before=<it>


def _cards(result: str | None) -> list[NotificationCard]:
    try:
        batch = json.loads(result or "[]")
    except ValueError:
        return []
    out = []
    for n in batch if isinstance(batch, list) else []:
        if not isinstance(n, dict):
            continue
        out.append(NotificationCard(source=str(n.get("source") or ""), event_type=str(n.get("event_type") or ""),
                                    summary=str(n.get("summary") or ""), sender=sender_of(n),
                                    event_time=str(n["event_time"]) if n.get("event_time") else None))
    return out


def transcript(history: ChatHistory, *, after: int = 0, before: int | None = None) -> Transcript:
    """The user's lines, the assistant's replies and each injected read_notification batch, oldest first.

    Everything stored after message `after`; on a first load (after=0) or for earlier messages (`before`),
    only the last PAGE messages, so a long conversation opens at once and is read back a page at a time.
    """
    last = PAGE if after == 0 or before is not None else None
    rows = history.rows(after=after, before=before, last=last)
    items: list[Item] = []
    for m in rows:
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
    return Transcript(items=items, earlier=rows[0]["id"] if last is not None and len(rows) == last else None)
