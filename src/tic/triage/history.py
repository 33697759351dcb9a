"""Reading back what the triage agent decided, for `./tic why KEY` and `./tic log` (T6)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Engine, func, select

from tic.db import decision_table, pending_event_table

__all__ = ["Recorded", "Waiting", "decisions_for", "label_for", "recent", "search", "waiting_for", "matching_keys"]


@dataclass(frozen=True)
class Recorded:
    event_key: str
    version: str
    notify: bool
    reason: str
    rule: str | None
    summary: str | None
    decided_by: str
    is_update: bool
    decided_at: datetime
    label: str | None = None  # what the event was ("email from X: subject"); None in older worlds


@dataclass(frozen=True)
class Waiting:
    event_key: str
    first_seen: datetime
    offers: int


def _recorded(row) -> Recorded:
    by = row["decided_by"] or ("rule" if row["rule"] else "heuristics")
    return Recorded(row["event_key"], row["version"], bool(row["notify"]), row["reason"], row["rule"], row["summary"],
                    by, bool(row["is_update"]), row["decided_at"], row.get("label"))


def label_for(event) -> str:
    """A short line a person recognises an event by (kept with its decision, so `why` questions can find it)."""
    who = str(event.sender) or "unknown sender"
    if event.kind == "email":
        return f"email from {who}: {event.subject or '(no subject)'}"[:300]
    if event.kind == "whatsapp":
        where = f" in the group {event.chat}" if event.is_group else ""
        return f"WhatsApp message from {who}{where}: {' '.join(event.body.split())[:120]}"[:300]
    return f"calendar event {event.subject or '(untitled)'} organised by {who}"[:300]


def search(engine: Engine, query: str, *, limit: int = 5) -> list[Recorded]:
    """Decisions whose event label, key or reason holds every word of `query` (case-insensitive), newest first."""
    words = [w for w in query.lower().split() if w]
    if not words:
        return []
    t = decision_table
    cond = []
    for w in words:
        like = "%" + w.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
        text = func.lower(func.coalesce(t.c.label, "") + " " + t.c.event_key + " " + t.c.reason)
        cond.append(text.like(like, escape="\\"))
    with engine.connect() as conn:
        rows = conn.execute(select(t).where(*cond).order_by(t.c.id.desc()).limit(max(1, limit))).mappings().all()
    return [_recorded(r) for r in rows]


def decisions_for(engine: Engine, key: str) -> list[Recorded]:
    """Every decision on `key` (one per version), newest first."""
    t = decision_table
    with engine.connect() as conn:
        rows = conn.execute(select(t).where(t.c.event_key == key).order_by(t.c.id.desc())).mappings().all()
    return [_recorded(r) for r in rows]


def waiting_for(engine: Engine, key: str) -> Waiting | None:
    """The event when it is waiting for a decision (the model failed on it), else None."""
    t = pending_event_table
    with engine.connect() as conn:
        row = conn.execute(select(t).where(t.c.event_key == key)).mappings().first()
    return Waiting(row["event_key"], row["first_seen"], row["offers"]) if row else None


def matching_keys(engine: Engine, fragment: str, *, limit: int = 20) -> list[str]:
    """Keys of decided or waiting events that contain `fragment` (for a key typed without its prefix)."""
    like = "%" + fragment.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
    keys: list[str] = []
    with engine.connect() as conn:
        for t in (decision_table, pending_event_table):
            q = select(t.c.event_key).where(t.c.event_key.like(like, escape="\\")).distinct().limit(limit)
            keys += [k for (k,) in conn.execute(q) if k not in keys]
    return sorted(keys)[:limit]


def recent(engine: Engine, n: int = 20) -> list[Recorded]:
    """The last `n` decisions, newest first."""
    t = decision_table
    with engine.connect() as conn:
        rows = conn.execute(select(t).order_by(t.c.id.desc()).limit(max(0, n))).mappings().all()
    return [_recorded(r) for r in rows]
