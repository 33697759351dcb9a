"""The Notice record as the store hands it out (frozen: a value, not a row)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any


@dataclass(frozen=True)
class Notice:
    id: int
    key: str
    template: str
    params: dict[str, Any] = field(default_factory=dict)
    severity: str = "info"
    kind: str = "notice"  # "notice" or "notification" (a structured H1 notification)
    origin: str = "code"  # "code" or "content" (N10)
    actionable: bool = False
    poster: str | None = None
    location: str | None = None
    created_at: datetime | None = None
