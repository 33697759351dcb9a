"""Context and Verdict: the moment and zone a rule is judged in, and what one rule says about one event."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timezone, tzinfo

__all__ = ["Context", "Verdict"]


@dataclass(frozen=True)
class Context:
    """The moment a rule is judged at, and the user's time zone (T9)."""

    now: datetime
    tz: tzinfo = timezone.utc
    me: frozenset[str] = frozenset()  # the user's own e-mail addresses, lower-case (To vs Cc); none known: empty
    trust_names: bool = False  # a name shown counts even from an address not known for that person (8.6: only
    #                            to tell whether a rule would cover an event by the name alone)

    @property
    def local_now(self) -> datetime:
        return self.now.astimezone(self.tz)


@dataclass(frozen=True)
class Verdict:
    """What one rule says about one event: its effect, why, and until when a hold lasts."""

    effect: str  # notify | skip | hold
    why: str
    held_until: datetime | None = None
    judgement: str = ""  # a condition only a model can settle ("anything urgent"): not certain offline
    doubt: str = ""  # no effect: the rule covers the event only by a name shown from an address not known for
    #                  that person ("display name matches X, but the address ... is not one known for them", 8.6)
