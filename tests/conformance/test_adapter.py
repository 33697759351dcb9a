"""H8/R3: the litellm adapter over litellm's real HTTP path, against an OpenAI and an Anthropic conformance server.

Every test runs on both dialects (`provider`) and fails if the project sent a request the provider would
reject. Waits go through a ManualClock, so a Retry-After of 20 s costs no real time.
"""

from __future__ import annotations

import json
import socket
import time

import pytest

from tic.clock import ManualClock
from tic.errors import ModelError
from tic.models import ToolCall, ToolSpec, deadline
from tic.models.litellm_adapter import CONVERSATION_START, NO_KEY, LiteLLMModel, is_local

from tests.conftest import T0
from tests.conformance.fixtures import conformance_servers, provider  # noqa: F401
from tests.conformance.servers import Call, ConformanceServer, Fail, Hang, RateLimited, Reply

pytestmark = pytest.mark.filterwarnings("ignore:.*using the `ReadOnly` qualifier:UserWarning")

ADD = ToolSpec("add", "Add two integers.", {"type": "object", "properties": {"a": {"type": "integer"},
                                                                            "b": {"type": "integer"}},
                                            "required": ["a", "b"]})
ASK = [{"role": "system", "content": "You add numbers with the add tool."}, {"role": "user", "content": "2 + 3?"}]



@pytest.fixture
def clock():
    return ManualClock(T0)


def model(server: ConformanceServer, clock=None, **options) -> LiteLLMModel:
    return LiteLLMModel(server.model, api_base=server.url, clock=clock, **options)


def history_after(call: ToolCall, result: str) -> list[dict]:
    return [*ASK,
            {"role": "assistant", "content": None, "tool_calls": [
                {"id": call.id, "type": "function",
                 "function": {"name": call.name, "arguments": json.dumps(call.arguments)}}]},
            {"role": "tool", "tool_call_id": call.id, "content": result}]


# --- H8: what goes out is what the provider accepts ------------------------------------------------


def test_h8_a_tool_round_trip_is_valid_on_both_dialects(provider, clock):
    provider.script(Reply(tool_calls=[Call("add", {"a": 2, "b": 3})]), Reply("2 + 3 = 5."))
    m = model(provider, clock)
    first = m.complete(ASK, [ADD])
    (call,) = first.tool_calls
    assert (call.name, call.arguments, call.error) == ("add", {"a": 2, "b": 3}, None)
    second = m.complete(history_after(call, "5"), [ADD])
    assert second.content == "2 + 3 = 5." and not second.tool_calls
    assert [r.problems for r in provider.requests] == [[], []]
    assert provider.requests[1].tool_results() == [(call.id, "5")]


def test_h8_a_history_opening_with_the_synthetic_call_gets_a_user_turn_first(provider, clock):
    provider.script(Reply("You have one email."))
    synthetic = [{"role": "system", "content": "You are the assistant."},
                 {"role": "assistant", "content": None, "reasoning_content": "The system signaled pending notifications.",
                  "tool_calls": [{"id": "rn1", "type": "function",
                                  "function": {"name": "read_notification", "arguments": "{}"}}]},
                 {"role": "tool", "tool_call_id": "rn1", "content": '[{"source": "email"}]'}]
    read = ToolSpec("read_notification", "Read pending notifications.")
    assert model(provider, clock).complete(synthetic, [read]).content == "You have one email."
    (request,) = provider.requests
    first = next(m for m in request.messages if m["role"] != "system")
    assert first["role"] == "user" and CONVERSATION_START in json.dumps(first)
    assert "reasoning_content" not in json.dumps(request.body)


def test_h8_max_tokens_always_reaches_anthropic_and_is_capped(provider, clock):
    provider.script(Reply("ok"))
    model(provider, clock, max_tokens=1234).complete(ASK, [])
    (request,) = provider.requests
    if provider.dialect == "anthropic":
        assert request.body["max_tokens"] == 1234  # unknown model: the cap, always (Anthropic requires it)
    else:
        assert "max_tokens" not in request.body  # unknown OpenAI-compatible model: its server decides


def test_h8_max_tokens_comes_from_litellm_model_info_with_a_cap():
    assert LiteLLMModel("anthropic/claude-sonnet-4-5").request(ASK, [])["max_tokens"] == 4096  # 64,000 known, capped
    assert LiteLLMModel("openai/gpt-4o-mini", max_tokens=100_000).request(ASK, [])["max_tokens"] == 16384  # its own
    assert "max_tokens" not in LiteLLMModel("openai/gpt-4o-mini", extra={"max_completion_tokens": 50}).request(ASK, [])


# --- settings a user expects --------------------------------------------------------------------


def test_r3_no_api_key_is_needed_for_a_local_server(provider, clock):
    provider.script(Reply("ok"))
    assert model(provider, clock).complete(ASK, []).content == "ok"
    headers = provider.requests[0].headers
    assert NO_KEY in (headers.get("authorization", "") + headers.get("x-api-key", ""))


def test_r3_a_key_given_is_sent(provider, clock, monkeypatch):
    provider.script(Reply("ok"))
    monkeypatch.setenv("OPENAI_API_KEY", "sk-local-secret")
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-local-secret")
    model(provider, clock).complete(ASK, [])
    headers = provider.requests[0].headers
    assert "sk-local-secret" in (headers.get("authorization", "") + headers.get("x-api-key", ""))


@pytest.mark.parametrize("url, local", [
    ("http://127.0.0.1:8080/v1", True), ("http://localhost:11434", True), ("http://192.168.1.20:8000/v1", True),
    ("http://10.0.0.5/v1", True), ("http://[::1]:8080", True), ("http://ollama.local:11434", True),
    ("https://api.openai.com/v1", False), ("https://gateway.example.com", False), (None, False)])
def test_r3_what_counts_as_a_local_base_url(url, local):
    assert is_local(url) is local


def test_r3_a_remote_base_without_a_key_says_which_key_to_set(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("no request should leave without a key")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    with pytest.raises(ModelError) as caught:
        LiteLLMModel("openai/gpt-4o-mini", api_base="https://gateway.example.com/v1", max_retries=3).complete(ASK, [])
    assert caught.value.cause == "no API key" and "OPENAI_API_KEY" in str(caught.value)
    assert "after" not in str(caught.value)  # not retried


# --- R3: faults, one retry layer, the real cause named ------------------------------------------------


def test_r3_a_429_with_retry_after_20_waits_20_seconds_on_the_clock(provider, clock):
    provider.script(RateLimited(retry_after=20), Reply("ok"))
    started = time.monotonic()
    assert model(provider, clock).complete(ASK, []).content == "ok"
    assert len(provider.requests) == 2
    assert clock.monotonic() == pytest.approx(20, abs=0.01)  # waited what the provider asked, on the fake clock
    assert time.monotonic() - started < 10  # and no real time


def test_r3_a_retry_after_beyond_the_deadline_is_not_waited(provider, clock):
    provider.script(RateLimited(retry_after=60))
    with pytest.raises(ModelError) as caught:
        model(provider, clock, deadline=30).complete(ASK, [])
    assert len(provider.requests) == 1 and clock.monotonic() == 0
    assert caught.value.cause == "rate limited (HTTP 429)"
    assert "asked to wait 60 s" in str(caught.value) and "API key" not in str(caught.value)


def test_r3_server_errors_are_retried_with_backoff_then_named(provider, clock):
    provider.script(Fail(500), Fail(503), Fail(500))
    with pytest.raises(ModelError) as caught:
        model(provider, clock, max_retries=2).complete(ASK, [])
    assert len(provider.requests) == 3 and clock.monotonic() == pytest.approx(3)  # 1 s, then 2 s
    assert caught.value.cause == "provider error (HTTP 5xx)" and "after 3 attempts" in str(caught.value)


def test_r3_a_refused_key_is_named_and_not_retried(provider, clock):
    provider.script(Fail(401, "invalid x-api-key"))
    with pytest.raises(ModelError) as caught:
        model(provider, clock).complete(ASK, [])
    assert len(provider.requests) == 1 and caught.value.cause == "API key refused (HTTP 401/403)"


def test_r3_a_hanging_provider_ends_within_the_request_deadline(provider):
    provider.script(Hang(30), default=Hang(30))
    started = time.monotonic()
    with pytest.raises(ModelError) as caught:
        model(provider, timeout=0.4, deadline=1.2).complete(ASK, [])
    assert time.monotonic() - started < 3
    assert caught.value.cause == "timed out" and "TIC_MODEL_TIMEOUT_SECONDS" in str(caught.value)
    provider.reset()  # the hanging requests were refused by the client, not by the script


def test_r3_an_enclosing_deadline_bounds_every_request_inside_it(provider):
    provider.script(Hang(30), default=Hang(30))
    started = time.monotonic()
    with deadline(0.6), pytest.raises(ModelError):
        model(provider, timeout=30, deadline=None).complete(ASK, [])
    assert time.monotonic() - started < 2.5
    with deadline(0.01):
        time.sleep(0.02)
        with pytest.raises(ModelError, match="no time left") as caught:
            model(provider).complete(ASK, [])
    assert caught.value.cause == "deadline passed"
    provider.reset()


def test_r3_connection_refused_is_named(clock):
    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with pytest.raises(ModelError) as caught:
        LiteLLMModel("openai/test-model", api_base=f"http://127.0.0.1:{port}/v1", clock=clock, max_retries=1).complete(ASK, [])
    assert caught.value.cause in ("connection refused", "could not connect")
    assert f"127.0.0.1:{port}" in str(caught.value) and "API key" not in str(caught.value)


def test_r3_malformed_arguments_spoil_one_call_not_the_reply(provider, clock):
    provider.script(Reply(tool_calls=[Call("add", '{"a": 2, "b":'), Call("add", {"a": 1, "b": 1})]))
    bad, good = model(provider, clock).complete(ASK, [ADD]).tool_calls
    assert bad.error and bad.arguments == {} and good.arguments == {"a": 1, "b": 1} and good.error is None
