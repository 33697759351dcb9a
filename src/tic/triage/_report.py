"""What one triage tick did (T2, T11, R2): the report `Triage.tick` returns."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from tic.sources import Event
from tic.triage._decision import Decision
from tic.triage._failures import Failure

__all__ = ["Release", "TickReport"]


@dataclass(frozen=True)
class Release:
    """T11: a held event surfaced by this tick, its hold over."""

    event: Event
    held_until: datetime
    released_at: datetime
    reason: str  # "released at 07:00 (held until 07:00, quiet hours)", in the user's time


@dataclass
class TickReport:
    decided: list[tuple[Event, Decision]] = field(default_factory=list)  # held ones included (notify=False)
    skipped: int = 0  # already decided in an earlier tick (same key and version)
    undecided: list[Event] = field(default_factory=list)  # kept for the next tick (R3)
    errors: list[str] = field(default_factory=list)
    released: list[Release] = field(default_factory=list)  # T11: holds that ended, surfaced now
    failed: list[Failure] = field(default_factory=list)  # R2: events that failed this tick (retried, or parked)
    parked: int = 0  # events not offered: they failed MAX_ATTEMPTS times before

    @property
    def notified(self) -> int:
        return sum(1 for _, d in self.decided if d.notify)

    @property
    def held(self) -> int:
        return sum(1 for _, d in self.decided if d.held)
