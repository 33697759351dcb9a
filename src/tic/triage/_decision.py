"""What the triage agent decides about one event."""

from __future__ import annotations

import dataclasses
import inspect
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone, tzinfo
from typing import Any, Callable, Iterable

__all__ = ["Decision", "Decide", "call_decide", "hold_phrase", "release_phrase", "settle_hold"]


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
    `notify` is True (and for a held event: it is sent when the hold ends).
    `decided_by` says who decided: "rule", "heuristics" or "model" (shown by
    `./tic why`).

    T11: `held_until` (an aware instant) marks a held event: it is not surfaced
    now (`notify` is False) but once, when the hold ends; `hold_reason` says why
    in a few words ("quiet hours"), and `reason` says until when in the user's
    time ("held until 07:00 (quiet hours)", see `hold_phrase`).
    """

    event_key: str
    notify: bool
    reason: str
    rule: str | None = None
    certain: bool = True
    summary: str | None = None
    decided_by: str = ""
    held_until: datetime | None = None
    hold_reason: str = ""

    @property
    def by(self) -> str:
        """rule | heuristics | model (inferred for deciders that leave `decided_by` empty)."""
        return self.decided_by or ("rule" if self.rule else "heuristics")

    @property
    def held(self) -> bool:
        """T11: surfaced later, when the hold ends."""
        return self.held_until is not None


Decide = Callable[..., "list[Decision | None]"]
"""`decide(events, rules_text, now, tz)`: one verdict per event, in order; None = undecided this tick.

`tz` is the user's time zone (T9). A decider written before T9 takes
`(events, rules_text, now)` only; `call_decide` calls either kind.
"""


def call_decide(decide: Decide, events: Iterable[Any], rules_text: str | None, now: datetime,
                tz: tzinfo) -> list[Decision | None]:
    """Call `decide`, passing the user's zone as `tz=` when its signature takes it (T9)."""
    if _takes_tz(decide):
        return list(decide(events, rules_text, now, tz=tz))
    return list(decide(events, rules_text, now))


def _takes_tz(decide: Decide) -> bool:
    try:
        params = inspect.signature(decide).parameters.values()
    except (TypeError, ValueError):  # a builtin or C callable without a signature: the old interface
        return False
    return any(p.name == "tz" and p.kind != p.POSITIONAL_ONLY or p.kind == p.VAR_KEYWORD for p in params)


# --- T11 holds: how they read ------------------------------------------------------------


def _at(instant: datetime, tz: tzinfo, since: datetime | None) -> str:
    """`07:00` when within a day of `since`, else `Tue 1 Dec 07:00`, in the zone `tz`."""
    local = instant.astimezone(tz)
    if since is not None and timedelta(0) <= instant - since < timedelta(hours=24):
        return local.strftime("%H:%M")
    return f"{local.strftime('%a')} {local.day} {local.strftime('%b %H:%M')}"


def hold_phrase(until: datetime, tz: tzinfo, hold_reason: str = "", *, now: datetime | None = None) -> str:
    """`held until 07:00 (quiet hours)`: the hold's end in the user's time (T9, T11)."""
    text = f"held until {_at(until, tz, now)}"
    return f"{text} ({hold_reason})" if hold_reason else text


def release_phrase(released_at: datetime, until: datetime, tz: tzinfo, hold_reason: str = "",
                   *, held_at: datetime | None = None) -> str:
    """`released at 07:00 (held until 07:00, quiet hours)`: a hold that ended and was surfaced (T11)."""
    held = f"held until {_at(until, tz, held_at)}" + (f", {hold_reason}" if hold_reason else "")
    return f"released at {_at(released_at, tz, until)} ({held})"


def settle_hold(decision: Decision, tz: tzinfo, now: datetime) -> Decision:
    """A held decision as it is recorded and printed: not notified now, its reason saying until when (T11).

    Whatever the decider set, a hold is `notify=False`; `held_until` becomes an
    aware UTC instant (a naive one is taken as UTC); a reason that does not say
    "held until" gets the hold phrase appended. Other decisions pass unchanged.
    """
    if decision.held_until is None:
        return decision
    until = decision.held_until
    until = until.replace(tzinfo=timezone.utc) if until.tzinfo is None else until.astimezone(timezone.utc)
    reason = decision.reason
    if "held until" not in reason:
        phrase = hold_phrase(until, tz, decision.hold_reason, now=now)
        reason = f"{reason}; {phrase}" if reason else phrase
    return dataclasses.replace(decision, notify=False, held_until=until, reason=reason)
