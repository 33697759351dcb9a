"""H8: the ChatHub's stored history translates into valid requests for strict providers.

The history is built by the real ChatHistory (a synthetic read_notification call
first, as after `./tic run` on a fresh install, an interrupted tool call, user
turns) and translated with litellm's own prompt factories for Anthropic and
Bedrock, which refuse orphans and unpaired tool calls.
"""

from __future__ import annotations

import json

import pytest

from tic.hub import ChatHistory, ToolResult
from tic.models import AssistantMessage, ToolCall
from tic.models.litellm_adapter import CONVERSATION_START, _import_litellm, outgoing
from tests.fakes import assert_valid_sequence


@pytest.fixture
def history(world, clock):
    h = ChatHistory(world, clock)
    with world.begin() as conn:
        h.inject_read_notification([{"source": "email", "event_type": "message", "summary": "x", "refs": {}}], connection=conn)
    h.append_assistant(AssistantMessage(content="You have an email."))
    h.append_user("list my notices")
    msg = h.append_assistant(AssistantMessage(tool_calls=(ToolCall("t1", "notices", {"action": "list"}),
                                                          ToolCall("t2", "notices", {"action": "list"}))))
    h.finish_call(msg, "t1", ToolResult("done", "json", "[]"))  # t2 never finished: the engine died
    h.append_user("thanks")
    return h


def test_h8_history_is_a_valid_openai_sequence(history):
    messages = history.messages()
    assert_valid_sequence(messages)
    assert messages[0]["role"] == "assistant" and messages[0]["tool_calls"][0]["function"]["name"] == "read_notification"


def _anthropic_shape(messages):
    _import_litellm()  # sets modify_params as the adapter does
    from litellm.litellm_core_utils.prompt_templates.factory import anthropic_messages_pt

    return anthropic_messages_pt(outgoing(messages), model="claude-sonnet-4-5", llm_provider="anthropic")


def test_h8_anthropic_gets_a_user_first_paired_sequence(history):
    out = _anthropic_shape(history.messages())
    assert out[0] == {"role": "user", "content": [{"type": "text", "text": CONVERSATION_START}]}
    roles = [m["role"] for m in out]
    assert all(a != b for a, b in zip(roles, roles[1:])), roles  # strictly alternating
    uses = [b["id"] for m in out if m["role"] == "assistant" for b in m["content"] if b.get("type") == "tool_use"]
    results = [b["tool_use_id"] for m in out if m["role"] == "user" for b in m["content"] if isinstance(b, dict) and b.get("type") == "tool_result"]
    assert sorted(uses) == sorted(results) and len(uses) == 3
    assert "reasoning_content" not in json.dumps(out)


def test_h8_bedrock_converse_accepts_it(history):
    _import_litellm()
    from litellm.litellm_core_utils.prompt_templates.factory import _bedrock_converse_messages_pt

    out = _bedrock_converse_messages_pt(outgoing(history.messages()), model="anthropic.claude-3-5-sonnet",
                                        llm_provider="bedrock_converse")
    assert out[0]["role"] == "user"
    roles = [m["role"] for m in out]
    assert all(a != b for a, b in zip(roles, roles[1:])), roles


def test_h8_a_history_opening_with_the_user_gets_no_placeholder():
    msgs = [{"role": "system", "content": "s"}, {"role": "user", "content": "hi"}]
    assert outgoing(msgs) == msgs
