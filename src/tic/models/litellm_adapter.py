"""The litellm adapter: any provider, by model string, behind the ChatModel seam.

    model = LiteLLMModel("anthropic/claude-sonnet-4-5")
    reply = model.complete(messages, tools)      # -> AssistantMessage

litellm is imported on the first `complete` call, not here: its import costs
seconds. Before importing it we set LITELLM_LOCAL_MODEL_COST_MAP=True so the
import reads the bundled cost map instead of fetching one over the network.

Messages go out as they are (they are already in the OpenAI wire shape litellm
speaks); tools go out as OpenAI function tools. Every failure -- the provider's
error, or an answer we cannot read -- comes back as `tic.errors.ModelError`.

Retries are ours, with tenacity (R3): we pass `num_retries=0` (which also
turns off the OpenAI SDK's own retries) and retry only transient errors (rate
limit, connection, timeout, 5xx), waiting 1s, 2s, 4s, ... (at most 8s) in
between; anything else fails at once.
"""

from __future__ import annotations

import json
import os
import time
import warnings
from typing import Any

from tenacity import Retrying, retry_if_exception_type, stop_after_attempt, wait_exponential

from tic.errors import ModelError
from tic.models._base import AssistantMessage, Message, ToolCall, ToolSpec

__all__ = ["LiteLLMModel"]

_litellm: Any = None
_sleep = time.sleep  # tests replace this
_TRANSIENT = (
    "RateLimitError",
    "APIConnectionError",
    "Timeout",
    "InternalServerError",
    "ServiceUnavailableError",
    "BadGatewayError",
)


def _import_litellm() -> Any:
    """Import litellm once, offline and quiet."""
    global _litellm
    if _litellm is None:
        os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
        import litellm

        # litellm's lazily imported submodules (github_copilot, ...) make pydantic warn
        # about their own TypedDicts on the first call; nothing a user can act on.
        warnings.filterwarnings("ignore", message=r".*using the `ReadOnly` qualifier", category=UserWarning)

        litellm.suppress_debug_info = True  # no "Give Feedback / Get Help" banner on errors
        # H8: let litellm adapt a valid history to providers with stricter shapes (a placeholder
        # user turn where Anthropic or Bedrock need the conversation to open with one).
        litellm.modify_params = True
        _litellm = litellm
    return _litellm


CONVERSATION_START = "(The conversation starts here.)"


def _outgoing(message: Message) -> Message:
    """The message as providers accept it: our stored reasoning trace stays home (H8)."""
    return {k: v for k, v in message.items() if k != "reasoning_content"}


def outgoing(messages: list[Message]) -> list[Message]:
    """H8: the request's messages. Several providers (Anthropic, Bedrock, Gemini) need the
    turns to open with a user message; a history that opens with the synthetic
    read_notification call gets a neutral placeholder before it (never stored)."""
    out = [_outgoing(m) for m in messages]
    first = next((i for i, m in enumerate(out) if m.get("role") != "system"), None)
    if first is not None and out[first].get("role") != "user":
        out.insert(first, {"role": "user", "content": CONVERSATION_START})
    return out


class LiteLLMModel:
    """A ChatModel that calls `litellm.completion`.

    `model` is a litellm model string ("openai/gpt-4o-mini", "ollama/llama3", ...);
    the provider's API key comes from its usual environment variable.
    `timeout` is seconds per request; `max_retries` is how many times a
    transient failure is retried (at most 1 + max_retries requests); `extra`
    is merged into every `litellm.completion` call (temperature, api_base, ...;
    tests pass `mock_response` this way).
    """

    def __init__(
        self, model: str, *, timeout: float = 60, max_retries: int = 2, extra: dict[str, Any] | None = None
    ) -> None:
        self.name = model
        self.timeout = timeout
        self.max_retries = max_retries
        self.extra = dict(extra or {})

    def __repr__(self) -> str:
        return f"LiteLLMModel({self.name!r})"

    def complete(self, messages: list[Message], tools: list[ToolSpec]) -> AssistantMessage:
        litellm = _import_litellm()
        kwargs: dict[str, Any] = {
            "model": self.name,
            "messages": outgoing(messages),
            "timeout": self.timeout,
            "num_retries": 0,
            **self.extra,
        }
        if tools:
            kwargs["tools"] = [tool.as_openai() for tool in tools]
        transient = tuple(getattr(litellm, name) for name in _TRANSIENT)
        retrying = Retrying(
            retry=retry_if_exception_type(transient),
            stop=stop_after_attempt(1 + self.max_retries),
            wait=wait_exponential(multiplier=1, max=8),
            sleep=lambda seconds: _sleep(seconds),
            reraise=True,
        )
        try:
            response = retrying(litellm.completion, **kwargs)
        except Exception as exc:  # litellm maps provider errors onto many classes; all are a failed call
            attempts = retrying.statistics.get("attempt_number", 1)
            raise ModelError(self._failure(litellm, exc, attempts)) from exc
        return self._parse(response)

    def _failure(self, litellm: Any, exc: Exception, attempts: int) -> str:
        provider = getattr(exc, "llm_provider", None)
        where = f" (provider {provider})" if provider else ""
        tries = f" after {attempts} attempts" if attempts > 1 else ""
        hint = "check the provider's API key environment variable and the model string ('provider/model')"
        try:  # name the missing key when litellm knows which one it is
            missing = litellm.validate_environment(model=self.name).get("missing_keys") or []
        except Exception:
            missing = []
        if missing:
            hint = f"set {', '.join(missing)} and check the model string ('provider/model')"
        return f"model {self.name!r}{where} failed{tries}: {type(exc).__name__}: {exc} -- {hint}"

    def _parse(self, response: Any) -> AssistantMessage:
        try:
            message = response.choices[0].message
        except (AttributeError, IndexError, TypeError) as exc:
            raise ModelError(f"model {self.name!r} answered without a message: {response!r}") from exc
        calls = tuple(self._tool_call(call) for call in (getattr(message, "tool_calls", None) or ()))
        return AssistantMessage(
            content=getattr(message, "content", None) or None,
            tool_calls=calls,
            reasoning=getattr(message, "reasoning_content", None) or None,
        )

    def _tool_call(self, call: Any) -> ToolCall:
        name = call.function.name
        raw = call.function.arguments
        if isinstance(raw, dict):
            arguments = raw
        else:
            try:
                arguments = json.loads(raw) if raw and raw.strip() else {}
            except json.JSONDecodeError as exc:
                raise ModelError(
                    f"model {self.name!r} called tool {name!r} with arguments that are not valid JSON "
                    f"({exc.msg} at position {exc.pos}): {raw!r}"
                ) from exc
        if not isinstance(arguments, dict):
            raise ModelError(
                f"model {self.name!r} called tool {name!r} with arguments that are not a JSON object: {raw!r}"
            )
        return ToolCall(id=call.id, name=name, arguments=arguments)
