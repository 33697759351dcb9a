"""What the triage agent decides about one event."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Decision"]


@dataclass(frozen=True)
class Decision:
    """The verdict on one event (T6: always with its reason).

    `reason` is what a person reads when they ask why: the section and rule text
    that decided it (`Always notify: "Emails from ..." - sender is at
    dawsoncornwell.com`) or the heuristic or model's reason. `rule` is the rule
    text alone when a rule decided. `certain` is False when the local decider
    could only guess (no rule covered the event and heuristics were unsure): with
    a model configured such events go to the model. `summary` is the neutral
    third-person statement of fact sent with a notification (H1), set when
    `notify` is True. `decided_by` says who decided: "rule", "heuristics" or
    "model" (shown by `./tic why`).
    """

    event_key: str
    notify: bool
    reason: str
    rule: str | None = None
    certain: bool = True
    summary: str | None = None
    decided_by: str = ""

    @property
    def by(self) -> str:
        """rule | heuristics | model (inferred for deciders that leave `decided_by` empty)."""
        return self.decided_by or ("rule" if self.rule else "heuristics")
