"""T7/R3 against litellm itself: the triage request goes through the real adapter (mock_tool_calls, no provider)."""

from __future__ import annotations

import json

import pytest

from tic.models import litellm_adapter
from tic.models.litellm_adapter import LiteLLMModel
from tic.triage.decide import TriageDecider
from tic.triage.model_decider import CALL_FAILED, ModelDecider

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


def test_r3_arguments_that_are_not_json_are_a_malformed_answer(roster):
    model = LiteLLMModel("openai/gpt-4o-mini", extra={"mock_response": "", "mock_tool_calls": [
        call("c1", "skip", '{"event": "e1", "reason": '),
    ]})
    warns: list = []
    decider = TriageDecider(roster["tic"], model, model_decider=ModelDecider(model, attempts=2, sleep=lambda s: None),
                            warn=lambda t, p: warns.append(p))
    assert decider([BEN], None, NOW) == [None]
    assert warns == [{"model": "openai/gpt-4o-mini", "problem": CALL_FAILED}]
