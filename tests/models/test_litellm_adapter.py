"""The litellm adapter, proved against litellm itself (no provider, no network).

Two litellm mechanisms stand in for a provider:
- `mock_response` / `mock_tool_calls` (passed through the adapter's `extra`):
  litellm builds the reply itself, after its own argument handling;
- a `CustomLLM` registered in `litellm.custom_provider_map` under the provider
  "tictest": the request goes through litellm's routing, parameter mapping and
  exception mapping to our scripted handler, which records what it received.
"""

from __future__ import annotations

import socket
from typing import Any

import pytest

from tic.errors import ModelError
from tic.models import litellm_adapter
from tic.models._base import AssistantMessage, ToolCall, ToolSpec
from tic.models.litellm_adapter import LiteLLMModel

litellm = litellm_adapter._import_litellm()  # the same offline, quiet import the adapter does
from litellm import CustomLLM, ModelResponse  # noqa: E402
from litellm.llms.custom_llm import CustomLLMError  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore:.*using the `ReadOnly` qualifier:UserWarning")

ADD = ToolSpec(
    name="add",
    description="Add two integers.",
    parameters={
        "type": "object",
        "properties": {"a": {"type": "integer"}, "b": {"type": "integer"}},
        "required": ["a", "b"],
    },
)
CONVERSATION = [
    {"role": "system", "content": "You add numbers with the add tool."},
    {"role": "user", "content": "What is 2 + 3?"},
]


@pytest.fixture(autouse=True)
def no_network(monkeypatch: pytest.MonkeyPatch) -> None:
    """A test that reaches for a real provider fails instead of calling it."""

    def refuse(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("test tried to open a network connection")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)


@pytest.fixture(autouse=True)
def no_waiting(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    waits: list[float] = []
    monkeypatch.setattr(litellm_adapter, "_sleep", waits.append)
    return waits


def reply(content: str | None = None, *, tool_calls: list[dict] | None = None, **extra: Any) -> ModelResponse:
    message: dict[str, Any] = {"role": "assistant", "content": content, **extra}
    if tool_calls:
        message["tool_calls"] = tool_calls
    return ModelResponse(choices=[{"index": 0, "message": message, "finish_reason": "stop"}])


def tool_call(call_id: str, name: str, arguments: str) -> dict:
    return {"id": call_id, "type": "function", "function": {"name": name, "arguments": arguments}}


class ScriptedLLM(CustomLLM):
    """A provider that answers from a script, records each request, and fails on an unexpected call."""

    def __init__(self, *script: ModelResponse | Exception) -> None:
        super().__init__()
        self.script = list(script)
        self.requests: list[dict[str, Any]] = []

    def completion(self, *args: Any, **kwargs: Any) -> ModelResponse:
        self.requests.append(kwargs)
        if not self.script:
            raise AssertionError(f"unexpected call #{len(self.requests)}: {kwargs['messages']}")
        step = self.script.pop(0)
        if isinstance(step, Exception):
            raise step
        return step


@pytest.fixture
def provider(monkeypatch: pytest.MonkeyPatch):
    """Register a ScriptedLLM as provider "tictest"; yields a function that loads its script."""
    registered: list[ScriptedLLM] = []

    def script(*steps: ModelResponse | Exception) -> ScriptedLLM:
        llm = ScriptedLLM(*steps)
        monkeypatch.setattr(litellm, "custom_provider_map", [{"provider": "tictest", "custom_handler": llm}])
        registered.append(llm)
        return llm

    yield script
    for llm in registered:
        assert not llm.script, f"scripted replies never asked for: {llm.script}"


# (a) plain text ------------------------------------------------------------


def test_plain_text_reply_through_mock_response() -> None:
    model = LiteLLMModel("openai/gpt-4o-mini", extra={"mock_response": "5"})

    answer = model.complete(CONVERSATION, [ADD])

    assert model.name == "openai/gpt-4o-mini"
    assert answer == AssistantMessage(content="5")


def test_reasoning_content_is_kept(provider) -> None:
    provider(reply("5", reasoning_content="2 + 3 is 5."))

    answer = LiteLLMModel("tictest/thinker").complete(CONVERSATION, [])

    assert answer == AssistantMessage(content="5", reasoning="2 + 3 is 5.")


# (b) tool call round trip --------------------------------------------------


def test_tool_call_round_trip(provider) -> None:
    llm = provider(
        reply(None, tool_calls=[tool_call("call_7", "add", '{"a": 2, "b": 3}')]),
        reply("2 + 3 = 5."),
    )
    model = LiteLLMModel("tictest/adder")

    first = model.complete(CONVERSATION, [ADD])

    assert first.content is None
    assert first.tool_calls == (ToolCall(id="call_7", name="add", arguments={"a": 2, "b": 3}),)
    assert llm.requests[0]["optional_params"]["tools"] == [ADD.as_openai()]

    call = first.tool_calls[0]
    history = [
        *CONVERSATION,
        {"role": "assistant", "content": None, "reasoning_content": "Let me add.",
         "tool_calls": [tool_call(call.id, call.name, '{"a": 2, "b": 3}')]},
        {"role": "tool", "tool_call_id": call.id, "content": "5"},
    ]
    second = model.complete(history, [ADD])

    assert second == AssistantMessage(content="2 + 3 = 5.")
    sent = llm.requests[1]["messages"]
    assert [m["role"] for m in sent] == ["system", "user", "assistant", "tool"]
    assert sent[2]["tool_calls"][0]["id"] == "call_7"
    assert sent[3]["tool_call_id"] == "call_7"  # the result follows its call
    assert "reasoning_content" not in sent[2]  # H8: our stored reasoning trace is not sent to providers


def test_tool_call_through_mock_tool_calls() -> None:
    model = LiteLLMModel(
        "openai/gpt-4o-mini",
        extra={"mock_response": "", "mock_tool_calls": [tool_call("c1", "add", '{"a": 1, "b": 1}')]},
    )

    answer = model.complete(CONVERSATION, [ADD])

    assert answer.tool_calls == (ToolCall(id="c1", name="add", arguments={"a": 1, "b": 1}),)


def test_empty_arguments_mean_no_arguments(provider) -> None:
    provider(reply(None, tool_calls=[tool_call("c1", "now", "")]))

    answer = LiteLLMModel("tictest/x").complete(CONVERSATION, [])

    assert answer.tool_calls == (ToolCall(id="c1", name="now", arguments={}),)


# (c) provider errors -------------------------------------------------------


def test_provider_error_becomes_model_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    refusal = litellm.AuthenticationError(message="invalid api key", llm_provider="openai", model="gpt-4o-mini")
    model = LiteLLMModel("openai/gpt-4o-mini", extra={"mock_response": refusal})

    with pytest.raises(ModelError) as caught:
        model.complete(CONVERSATION, [])

    message = str(caught.value)
    assert "'openai/gpt-4o-mini'" in message
    assert "API key refused" in message and caught.value.cause == "API key refused (HTTP 401/403)"
    assert "invalid api key" in message
    assert "OPENAI_API_KEY" in message  # says what to set
    assert "after" not in message  # an auth error is not retried
    assert caught.value.__cause__ is refusal


def test_unknown_model_string_becomes_model_error() -> None:
    with pytest.raises(ModelError, match=r"(?s)'no-such-model'.*unknown model.*LLM Provider NOT provided.*model string"):
        LiteLLMModel("no-such-model").complete(CONVERSATION, [])


def test_r3_transient_error_is_retried_then_answers(provider, no_waiting) -> None:
    llm = provider(CustomLLMError(503, "overloaded"), reply("5"))

    answer = LiteLLMModel("tictest/x", max_retries=2).complete(CONVERSATION, [])

    assert answer.content == "5"
    assert len(llm.requests) == 2
    assert no_waiting == [1.0]


def test_r3_retries_are_bounded_and_name_the_cause(provider, no_waiting) -> None:
    provider(*[CustomLLMError(500, "down")] * 3)

    with pytest.raises(ModelError, match=r"'tictest/x'.*after 3 attempts.*provider error \(HTTP 5xx\).*down") as caught:
        LiteLLMModel("tictest/x", max_retries=2).complete(CONVERSATION, [])
    assert no_waiting == [1.0, 2.0]
    assert "API key" not in str(caught.value)  # a server error never blames the key


def test_r3_client_error_is_not_retried(provider, no_waiting) -> None:
    llm = provider(CustomLLMError(401, "bad key"))

    with pytest.raises(ModelError, match="bad key"):
        LiteLLMModel("tictest/x", max_retries=2).complete(CONVERSATION, [])
    assert len(llm.requests) == 1
    assert no_waiting == []


# (d) malformed answers -----------------------------------------------------


@pytest.mark.parametrize(
    "arguments, reason",
    [('{"a": 2, "b":', "not valid JSON"), ("[2, 3]", "not a JSON object")],
)
def test_r3_malformed_tool_arguments_spoil_that_call_alone(provider, arguments: str, reason: str) -> None:
    provider(reply(None, tool_calls=[tool_call("c1", "add", arguments), tool_call("c2", "add", '{"a": 1, "b": 2}')]))

    bad, good = LiteLLMModel("tictest/x").complete(CONVERSATION, [ADD]).tool_calls

    assert (bad.id, bad.name, bad.arguments) == ("c1", "add", {}) and f"arguments of add are {reason}" in bad.error
    assert good == ToolCall(id="c2", name="add", arguments={"a": 1, "b": 2})
