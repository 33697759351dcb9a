"""T7/R3 against litellm itself: the triage request goes through the real adapter (mock_tool_calls, no provider)."""

from __future__ import annotations

import json

import pytest

from tic.models import litellm_adapter
from tic.models.litellm_adapter import LiteLLMModel
from tic.triage.decide import TriageDecider
from tic.triage.model_decider import INCOMPLETE, ModelDecider

from tests.triage._factories import NOW, chat

pytestmark = pytest.mark.filterwarnings("ignore:.*using the `ReadOnly` qualifier:UserWarning")
litellm_adapter._import_litellm()

BEN = chat("Ben", "see you then", key="whatsapp:ben")
DANA = chat("Dana", "lovely evening, thanks", key="whatsapp:dana")


def call(cid: str, name: str, arguments: str) -> dict:
    return {"id": cid, "type": "function", "function": {"name": name, "arguments": arguments}}


def test_t7_tool_calls_through_litellm_decide_the_batch(roster):
    model = LiteLLMModel("openai/gpt-4o-mini", extra={"mock_response": "", "mock_tool_calls": [
        call("c1", "notify", json.dumps({"event": "e1", "summary": "Ben sent a WhatsApp message.", "reason": "a friend"})),
        call("c2", "skip", json.dumps({"event": "e2", "reason": "small talk"})),
    ]})
    got = TriageDecider(roster["tic"], model)([BEN, DANA], None, NOW)
    assert [(d.notify, d.by) for d in got] == [(True, "model"), (False, "model")]
    assert got[0].reason == "Model openai/gpt-4o-mini: a friend"


def test_r3_arguments_that_are_not_json_spoil_only_their_own_call(roster):
    model = LiteLLMModel("openai/gpt-4o-mini", extra={"mock_response": "", "mock_tool_calls": [
        call("c1", "skip", '{"event": "e1", "reason": '),
        call("c2", "skip", json.dumps({"event": "e2", "reason": "small talk"})),
    ]})
    warns: list = []
    decider = TriageDecider(roster["tic"], model, model_decider=ModelDecider(model, attempts=2),
                            warn=lambda t, p: warns.append(p))
    got = decider([BEN, DANA], None, NOW)
    assert got[0] is None and got[1] is not None and not got[1].notify  # Dana's decision is kept
    assert warns == [{"model": "openai/gpt-4o-mini", "problem": INCOMPLETE}]
