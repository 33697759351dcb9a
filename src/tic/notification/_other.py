"""What is not an event of a source, described once for the offline model: a background agent's report (a digest,
T8) and an engine notice read with the notifications (N14)."""

from __future__ import annotations

from datetime import datetime

from tic.notification._model import AgentRefs, Notification
from tic.notification._text import SUBJECT_CHARS, clip

__all__ = ["AgentKind", "NoticeKind", "SUMMARY_QUOTE"]

SUMMARY_QUOTE = 400  # of a summary quoted in an offline reply


class AgentKind:
    """A background agent's report: its items when it listed some (a digest), else its own summary."""

    name = "agent"
    refs_type = AgentRefs

    @staticmethod
    def describe(n: Notification, now: datetime) -> str:
        refs = n.refs
        items = (refs.items or []) if isinstance(refs, AgentRefs) else []
        if n.event_type == "digest":
            listed = ", ".join(f"{clip(i.title, SUBJECT_CHARS)} ({i.when})" for i in items[:8])
            more = f" and {len(items) - 8} more" if len(items) > 8 else ""
            return f"Your {n.source} for today: {listed}{more}." if items else f"Nothing on your {n.source} today."
        return f"{n.source or 'Something'} ({n.event_type or 'event'}): {clip(n.summary, SUMMARY_QUOTE)}"


class NoticeKind:
    name = "notices"

    @staticmethod
    def describe(n: Notification, now: datetime) -> str:
        return f"A system notice: {clip(n.summary, SUMMARY_QUOTE)}"
