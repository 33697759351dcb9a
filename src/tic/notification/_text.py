"""Small text helpers the kinds share: times as a model and a person read them, excerpts and clips of content."""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

__all__ = ["BODY_CHARS", "NAME_CHARS", "QUOTE_CHARS", "SUBJECT_CHARS", "ago", "body", "clip", "excerpt", "iso",
           "org_from_address", "parse", "until"]

BODY_CHARS = 1500  # of a body sent to a model; the summary quotes less than this
QUOTE_CHARS = 160  # of a message quoted in a summary
SUBJECT_CHARS, NAME_CHARS = 200, 100  # content quoted in an offline reply is clipped with an ellipsis


def iso(value: datetime | None) -> str | None:
    """To the minute, UTC as Z: what a model is shown."""
    return value.isoformat(timespec="minutes").replace("+00:00", "Z") if value else None


def body(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= BODY_CHARS else text[: BODY_CHARS - 1] + "…"


def excerpt(text: str, limit: int = QUOTE_CHARS) -> str:
    """A quotable excerpt: double quotes made single, cut at a word with an ellipsis."""
    text = " ".join(text.replace('"', "'").split())
    if len(text) <= limit:
        return text
    cut = text[: limit - 1].rsplit(" ", 1)[0] if " " in text[: limit - 1] else text[: limit - 1]
    return cut.rstrip(" ,;:") + "…"


def clip(text: Any, limit: int = 140) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def org_from_address(address: str) -> str:
    _, at, domain = str(address).rpartition("@")
    return domain.lower() if at else ""


def parse(value: Any) -> datetime | None:
    if not value:
        return None
    if isinstance(value, datetime):
        return value if value.tzinfo else value.replace(tzinfo=timezone.utc)
    try:
        dt = datetime.fromisoformat(str(value).replace("Z", "+00:00"))
    except ValueError:
        return None
    return dt if dt.tzinfo else dt.replace(tzinfo=timezone.utc)


def _span(seconds: float) -> str:
    minutes = int(round(seconds / 60))
    if minutes < 1:
        return "less than a minute"
    if minutes < 60:
        return f"{minutes} minute{'s' if minutes != 1 else ''}"
    hours = minutes / 60
    if hours < 36:
        h = int(round(hours))
        return f"about {h} hour{'s' if h != 1 else ''}"
    days = int(round(hours / 24))
    return f"{days} days"


def ago(value: Any, now: datetime) -> str:
    at = parse(value)
    if at is None:
        return "just now"
    delta = (now - at).total_seconds()
    if delta < 60:
        return "just now"
    return f"{_span(delta)} ago"


def until(start: datetime, now: datetime) -> str:
    delta = (start - now).total_seconds()
    if delta <= 0:
        return f"now (it began {_span(-delta)} ago)" if delta < -60 else "now"
    return f"in {_span(delta)} ({start.strftime('%a %d %b %H:%M UTC')})"
