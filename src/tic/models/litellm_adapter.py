"""The litellm adapter: any provider, by model string, behind the ChatModel seam.

    model = LiteLLMModel("anthropic/claude-sonnet-4-5")
    model = LiteLLMModel("openai/qwen2.5", api_base="http://127.0.0.1:8080/v1")   # a local server, no key needed
    reply = model.complete(messages, tools)      # -> AssistantMessage

litellm is imported on the first `complete` call, not here: its import costs
seconds. Before importing it we set LITELLM_LOCAL_MODEL_COST_MAP=True so the
import reads the bundled cost map instead of fetching one over the network,
and we route litellm's own log lines to the root logger (stderr, shown with
`-v` only): litellm writes its INFO lines to stdout otherwise.

Messages go out as they are (they are already in the OpenAI wire shape litellm
speaks); tools go out as OpenAI function tools. `max_tokens` is the model's
output limit from litellm's model info, capped (`max_tokens`), and always set
for Anthropic, which requires it. Every failure comes back as
`tic.errors.ModelError` naming its real cause (`.cause`, a fixed short text);
a tool call whose arguments cannot be read comes back alone with `error` set.

This is the one retry layer (R3, `_retry`): litellm's and the SDKs' own retries
are off (`num_retries=0`); transient errors (rate limit, timeout, connection,
5xx) are retried with tenacity, waiting what `Retry-After` asks or 1 s, 2 s,
4 s ..., through the injected clock, within the request's deadline and the
enclosing one (a tick's, a turn's: `tic.models.deadline`).
"""

from __future__ import annotations

import ipaddress
import json
import logging
import os
import re
import uuid
import warnings
from typing import Any, Callable
from urllib.parse import urlsplit

from tic.errors import ModelError
from tic.models._base import AssistantMessage, Message, ToolCall, ToolSpec
from tic.clock import SystemClock, blocking_sleep
from tic.models._retry import Cause, DeadlinePassed, classify, remaining, retry_after, retrying

__all__ = ["LiteLLMModel", "import_litellm", "is_local", "outgoing"]

_litellm: Any = None
_SYSTEM = SystemClock()  # the machine's clock, when none is given
_sleep = blocking_sleep()  # the wait between tries when no clock is given (tests replace it)
NO_KEY = "no-key-needed"  # sent to a local server when no key is set: the SDKs refuse to send none
DEFAULT_MAX_TOKENS = 4096
_LITELLM_LOGGERS = ("LiteLLM", "LiteLLM Router", "LiteLLM Proxy")
_NEEDS_MAX_TOKENS = ("anthropic",)  # providers that refuse a request without max_tokens
_CALL_ID = re.compile(r"^[a-zA-Z0-9_-]{1,64}$")  # an id every provider accepts (Anthropic's tool_use id pattern)


def import_litellm() -> Any:
    """Import litellm once, offline and quiet (its import costs seconds: only when a model is used)."""
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
        route_litellm_logs()
        _litellm = litellm
    return _litellm


class _OnlyVerbose(logging.Filter):
    """litellm's records pass only when the root logger shows INFO (`-v`)."""

    def filter(self, record: logging.LogRecord) -> bool:
        return logging.getLogger().isEnabledFor(logging.INFO)


def route_litellm_logs() -> None:
    """Item 8 of issue 9: litellm's loggers lose their own handler (INFO to stdout) and go to the root logger,
    which the CLI points at stderr; their records pass only with `-v`. `./tic tick --json` stays pure JSON."""
    for name in _LITELLM_LOGGERS:
        logger = logging.getLogger(name)
        for handler in list(logger.handlers):
            logger.removeHandler(handler)
        logger.propagate = True
        if not any(isinstance(f, _OnlyVerbose) for f in logger.filters):
            logger.addFilter(_OnlyVerbose())
        logger.setLevel(logging.NOTSET)


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


def is_local(url: str | None) -> bool:
    """A base URL on this machine or a private network (Ollama, llama.cpp, vLLM at home): no key needed."""
    if not url:
        return False
    host = (urlsplit(url if "//" in url else f"//{url}").hostname or "").lower()
    if host == "localhost" or host.endswith((".localhost", ".local", ".internal")):
        return True
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return False
    return ip.is_loopback or ip.is_private or ip.is_link_local


class LiteLLMModel:
    """A ChatModel that calls `litellm.completion`.

    `model` is a litellm model string ("openai/gpt-4o-mini", "ollama/llama3", ...); the API key comes from
    `api_key` or the provider's usual environment variable, and is not needed when `api_base` is local.
    `timeout` is seconds per HTTP request; `deadline` seconds per `complete`, its retries and waits included
    (None: only the enclosing deadline); at most 1 + `max_retries` requests. `max_tokens` caps the output
    limit asked for. `clock` (a tic Clock) waits between tries and measures the deadline. `extra` is merged
    into every `litellm.completion` call (temperature, ...; tests pass `mock_response` this way).
    """

    def __init__(self, model: str, *, api_base: str | None = None, api_key: str | None = None, timeout: float = 60,
                 deadline: float | None = 180, max_tokens: int = DEFAULT_MAX_TOKENS, max_retries: int = 4,
                 clock: Any = None, extra: dict[str, Any] | None = None) -> None:
        self.name = model
        self.api_base = (api_base or "").strip() or None
        self.api_key = api_key or None
        self.timeout = timeout
        self.deadline = deadline if deadline and deadline > 0 else None
        self.max_tokens = max_tokens
        self.max_retries = max_retries
        self.clock = clock
        self.extra = dict(extra or {})
        self._limit: int | None | bool = False  # the max_tokens to send, worked out on the first call

    def __repr__(self) -> str:
        return f"LiteLLMModel({self.name!r})"

    # --- the request -------------------------------------------------------------------------------

    def _monotonic(self) -> float:
        return (self.clock or _SYSTEM).monotonic()

    def _sleep(self, seconds: float) -> None:
        if self.clock is not None:
            blocking_sleep(self.clock)(seconds)
        else:
            _sleep(seconds)

    def _provider(self, litellm: Any) -> str:
        try:
            return str(litellm.get_llm_provider(self.name)[1])
        except Exception:
            return ""

    def _missing_keys(self, litellm: Any) -> list[str]:
        """The provider's key variables that are not set (never a base-URL variable)."""
        if self.api_key:
            return []
        try:
            missing = litellm.validate_environment(model=self.name).get("missing_keys") or []
        except Exception:
            return []
        return [k for k in missing if not k.endswith(("_API_BASE", "_BASE_URL"))]

    def _output_limit(self, litellm: Any) -> int | None:
        """litellm's output limit for the model, capped; the cap for a provider that requires one; else unset."""
        if self._limit is False:
            provider = self._provider(litellm)
            known = None
            if not provider.startswith("ollama"):  # litellm may ask the Ollama server itself: not on our path
                try:
                    info = litellm.get_model_info(self.name)
                    known = info.get("max_output_tokens") or info.get("max_tokens")
                except Exception:
                    known = None
            if known:
                self._limit = min(int(known), self.max_tokens)
            else:
                self._limit = self.max_tokens if provider in _NEEDS_MAX_TOKENS else None
        return self._limit  # type: ignore[return-value]

    def request(self, messages: list[Message], tools: list[ToolSpec]) -> dict[str, Any]:
        """The keyword arguments of one `litellm.completion` call (without its timeout)."""
        litellm = import_litellm()
        kwargs: dict[str, Any] = {"model": self.name, "messages": outgoing(messages), "num_retries": 0}
        if self.api_base:
            kwargs["api_base"] = self.api_base
        if self.api_key:
            kwargs["api_key"] = self.api_key
        elif is_local(self.api_base) and self._missing_keys(litellm):
            kwargs["api_key"] = NO_KEY
        limit = self._output_limit(litellm)
        if limit and not {"max_tokens", "max_completion_tokens"} & set(self.extra):
            kwargs["max_tokens"] = limit
        if tools:
            kwargs["tools"] = [tool.as_openai() for tool in tools]
        kwargs.update(self.extra)
        return kwargs

    def complete(self, messages: list[Message], tools: list[ToolSpec]) -> AssistantMessage:
        return self._call(messages, tools, None)

    def stream(self, messages: list[Message], tools: list[ToolSpec],
               on_delta: Callable[[str], None]) -> AssistantMessage:
        """`complete`, streamed (`stream=True`): `on_delta(piece)` for each piece of text as it arrives; tool-call
        deltas are assembled (litellm's `stream_chunk_builder`) into the returned message. A failure before the
        first piece is retried like any request; after it, the reply has been partly shown and is not."""
        return self._call(messages, tools, on_delta)

    def _call(self, messages: list[Message], tools: list[ToolSpec],
              on_delta: Callable[[str], None] | None) -> AssistantMessage:
        litellm = import_litellm()
        kwargs = self.request(messages, tools)
        start = self._monotonic()
        shown = False

        def left() -> float | None:
            own = None if self.deadline is None else self.deadline - (self._monotonic() - start)
            limits = [v for v in (own, remaining()) if v is not None]
            return min(limits) if limits else None

        def attempt() -> Any:
            rest = left()
            if rest is not None and rest <= 0.05:
                raise DeadlinePassed()
            timeout = self.timeout if rest is None else min(self.timeout, rest)
            if on_delta is None:
                return litellm.completion(**{**kwargs, "timeout": timeout})
            return streamed(litellm.completion(**{**kwargs, "timeout": timeout, "stream": True}))

        def streamed(response: Any) -> Any:
            nonlocal shown
            chunks = []
            for chunk in response:
                chunks.append(chunk)
                piece = _delta_text(chunk)
                if piece:
                    shown = True
                    on_delta(piece)  # type: ignore[misc]
                rest = left()
                if rest is not None and rest <= 0:
                    raise DeadlinePassed()
            built = litellm.stream_chunk_builder(chunks, messages=kwargs["messages"])
            if built is None:
                raise ModelError(f"model {self.name!r} streamed nothing")
            return built

        retry = retrying(transient=lambda exc: not shown and self._cause(litellm, exc).transient,
                         attempts=1 + self.max_retries, left=left, sleep=self._sleep, now=(self.clock or _SYSTEM).now)
        try:
            response = retry(attempt)
        except Exception as exc:  # litellm maps provider errors onto many classes; all are a failed call
            attempts = retry.statistics.get("attempt_number", 1)
            raise self._failure(litellm, exc, attempts, self._monotonic() - start, left()) from exc
        return self._parse(response, used=_call_ids(messages))

    # --- failures ------------------------------------------------------------------------------------

    def _cause(self, litellm: Any, exc: BaseException) -> Cause:
        where = self.api_base or "the provider"
        return classify(exc, litellm, where=where, keys=self._missing_keys(litellm))

    def _failure(self, litellm: Any, exc: Exception, attempts: int, spent: float, left: float | None) -> ModelError:
        if isinstance(exc, DeadlinePassed):
            error = ModelError(f"model {self.name!r}: no time left for a request: the deadline for this work has "
                               "passed (TIC_TICK_MODEL_DEADLINE_SECONDS, TIC_MODEL_DEADLINE_SECONDS)")
            error.cause = "deadline passed"  # type: ignore[attr-defined]
            return error
        cause = self._cause(litellm, exc)
        provider = getattr(exc, "llm_provider", None)
        where = f" (provider {provider}{', ' + self.api_base if self.api_base else ''})" if provider else ""
        tries = f" after {attempts} attempts in {spent:.0f} s" if attempts > 1 else ""
        detail = " ".join(str(exc).split())
        if len(detail) > 400:
            detail = detail[:399] + "…"
        asked = retry_after(exc, (self.clock or _SYSTEM).now)
        if cause.transient and asked is not None and left is not None and asked >= left:
            detail += f" (it asked to wait {asked:.0f} s; {max(0.0, left):.0f} s were left before the deadline)"
        error = ModelError(f"model {self.name!r}{where} failed{tries}: {cause.kind}: {detail} -- {cause.hint}")
        error.cause = cause.kind  # type: ignore[attr-defined]
        return error

    # --- the answer ----------------------------------------------------------------------------------

    def _parse(self, response: Any, used: set[str] | None = None) -> AssistantMessage:
        try:
            message = response.choices[0].message
        except (AttributeError, IndexError, TypeError) as exc:
            error = ModelError(f"model {self.name!r} answered without a message: {response!r}")
            error.cause = "answer without a message"  # type: ignore[attr-defined]
            raise error from exc
        used = set(used or ())
        calls = []
        for raw in getattr(message, "tool_calls", None) or ():
            call = self._tool_call(raw)
            if not isinstance(call.id, str) or not _CALL_ID.match(call.id) or call.id in used:
                # H8: a missing id, one a strict provider refuses ('functions.add:0') or one the conversation
                # already has (servers answering 'call_0' every time) would make the next request invalid
                call = ToolCall(id=f"call_{uuid.uuid4().hex[:24]}", name=call.name, arguments=call.arguments,
                                error=call.error)
            used.add(call.id)
            calls.append(call)
        return AssistantMessage(
            content=getattr(message, "content", None) or None,
            tool_calls=tuple(calls),
            reasoning=getattr(message, "reasoning_content", None) or None,
        )

    def _tool_call(self, call: Any) -> ToolCall:
        """One tool call; arguments that cannot be read leave this call alone unusable (`error`), not the reply."""
        name = call.function.name
        raw = call.function.arguments
        if isinstance(raw, dict):
            return ToolCall(id=call.id, name=name, arguments=raw)
        try:
            arguments = json.loads(raw) if raw and raw.strip() else {}
        except json.JSONDecodeError as exc:
            return ToolCall(id=call.id, name=name, error=f"the arguments of {name} are not valid JSON "
                            f"({exc.msg} at position {exc.pos}): {_clip(raw)}")
        if not isinstance(arguments, dict):
            return ToolCall(id=call.id, name=name, error=f"the arguments of {name} are not a JSON object: {_clip(raw)}")
        return ToolCall(id=call.id, name=name, arguments=arguments)


def _delta_text(chunk: Any) -> str:
    """The text piece of one streamed chunk ('' for a role, tool-call or usage chunk)."""
    try:
        return chunk.choices[0].delta.content or ""
    except (AttributeError, IndexError, TypeError):
        return ""


def _call_ids(messages: list[Message]) -> set[str]:
    """The tool call ids the conversation already has."""
    return {c.get("id") for m in messages for c in (m.get("tool_calls") or ()) if isinstance(c, dict) and c.get("id")}


def _clip(raw: Any, limit: int = 200) -> str:
    text = repr(raw)
    return text if len(text) <= limit else text[: limit - 1] + "…"


_import_litellm = import_litellm  # the former private name, kept for code that still imports it
