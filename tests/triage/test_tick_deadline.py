"""R3: a tick's one deadline (TIC_TICK_MODEL_DEADLINE_SECONDS) covers every model request of the tick - the
request that reads a rule the offline reader refused as well as the one that decides the uncertain events."""

from __future__ import annotations

from datetime import datetime, timezone

from tic.clock import ManualClock
from tic.models import AssistantMessage, remaining
from tic.triage.decide import TriageDecider
from tic.triage.model_decider import ModelDecider

from tests.fakes import ScriptedModel

NOW = datetime(2026, 3, 11, 10, 0, tzinfo=timezone.utc)
RULES = "## Custom rules\n- Stuff I would probably like\n"


def test_r3_the_tick_deadline_covers_the_rule_reading_request(roster):
    seen: list[float | None] = []

    def record(messages, tools):
        seen.append(remaining())
        return AssistantMessage(content="")  # no reading: the rule stays refused, the tick goes on

    clock = ManualClock(NOW)
    model = ScriptedModel(record, record, record)
    decide = TriageDecider(roster["tic"], model, model_decider=ModelDecider(model, deadline=42, clock=clock))
    decide([], RULES, NOW)
    assert seen and all(r is not None and 0 < r <= 42 for r in seen), seen
