"""The values the store hands out (frozen: values, not rows): a post, a line a reader is shown, a listing entry."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from tic.notices._render import Summary, render_line


@dataclass(frozen=True)
class Notice:
    """One post (N1) as stored: what `post` returns."""

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
    readers: tuple[str, ...] = ()  # the resolved audience (N3); "*" for an ephemeral post to everyone
    ephemeral: bool = False  # N12: a reminder, never stored (id 0)


@dataclass(frozen=True)
class Line:
    """What a reader is shown once: one or many posts of a template, collapsed (N6) or a repeat (N7).

    `count` posts are delivered by this line; for a repeat (`again`), `total` is
    every post of the series shown so far, this one included. `params` are the
    values of the first post (exact for a notification or a repeat series);
    `summary` is the bounded summary of all values the line covers.
    """

    key: str
    template: str
    count: int = 1
    severity: str = "info"
    kind: str = "notice"
    origin: str = "code"
    actionable: bool = False
    params: dict[str, Any] = field(default_factory=dict)
    summary: Summary = field(default_factory=Summary)
    again: bool = False
    total: int | None = None
    location: str | None = None
    poster: str | None = None  # the caller that posted the first post (None: the engine)
    first_id: int = 0
    first_at: datetime | None = None
    last_at: datetime | None = None
    ephemeral: bool = False

    @property
    def text(self) -> str:
        """The rendered line: `template (xN) { name="v", ... } #key` (N2, N6, N7, N10, N11)."""
        return render_line(
            self.template, self.key, self.summary, count=self.count, again=self.again, total=self.total,
            origin=self.origin, location=self.location,
        )

    @property
    def created_at(self) -> datetime | None:
        return self.last_at

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Entry:
    """One current entry of the store as `notices list` shows it (N13)."""

    key: str
    template: str
    line: str  # the latest post, rendered
    severity: str
    kind: str
    posts: int  # standing posts of the template (not withdrawn)
    pending: int  # deliveries still to make, over every reader
    readers: int  # readers with something of it still to be shown
    last_at: datetime | None
    ephemeral: bool = False
    sticky: bool = False
    expires_at: datetime | None = None
    muted: bool = False  # muted by the caller who asked
