"""The one retry layer of every model request (R3): what failed, whether to try again, and until when.

    with deadline(300, clock.monotonic):              # a tick's (or a turn's) model calls, all together
        reply = model.complete(messages, tools)       # each request: its own deadline, retries inside both

`classify(exc)` names the real cause of a failed request (rate limit, timeout,
connection refused, bad key, ...) with a fixed short text (a repeat-held
notice collects by it) and says whether it is worth trying again; a 429 or 503
that says `Retry-After` is waited that long. `retrying(...)` runs a request
with tenacity under the nearest deadline: a wait that would end past it is not
waited, the last error is raised at once. Waits go through the caller's
`sleep` (the injected Clock's, so tests are instant); deadlines are measured
with the caller's `monotonic`.
"""

from __future__ import annotations

import contextvars
import email.utils
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Callable, Iterator

from tenacity import RetryCallState, Retrying, retry_if_exception, stop_after_attempt

from tic.clock import SystemClock, blocking_sleep

__all__ = ["Cause", "DeadlinePassed", "blocking_sleep", "classify", "deadline", "remaining", "retry_after", "retrying"]

Monotonic = Callable[[], float]
_SYSTEM = SystemClock()  # the machine's clock, for a caller that passes none
_SCOPES: contextvars.ContextVar[tuple[tuple[float, Monotonic], ...]] = contextvars.ContextVar("tic_model_deadlines",
                                                                                              default=())


@contextmanager
def deadline(seconds: float | None, monotonic: Monotonic | None = None) -> Iterator[None]:
    """Every model request inside shares this deadline (a tick, a turn); inside another, the earlier one holds.

    None or a value <= 0 sets none. `monotonic`: the Clock's (default the machine's)."""
    if not seconds or seconds <= 0:
        yield
        return
    monotonic = monotonic or _SYSTEM.monotonic
    token = _SCOPES.set((*_SCOPES.get(), (monotonic() + seconds, monotonic)))
    try:
        yield
    finally:
        _SCOPES.reset(token)


def remaining() -> float | None:
    """Seconds left before the nearest enclosing deadline; None when there is none."""
    scopes = _SCOPES.get()
    return min(end - now() for end, now in scopes) if scopes else None


class DeadlinePassed(Exception):
    """No time is left for another request."""


@dataclass(frozen=True)
class Cause:
    """Why a request failed: a fixed short text, whether another try may help, what to do."""

    kind: str  # fixed per kind of failure: "rate limited (HTTP 429)", "timed out", "connection refused", ...
    transient: bool
    hint: str = ""


def _status(exc: BaseException) -> int | None:
    for name in ("status_code", "code"):
        value = getattr(exc, name, None)
        try:
            return int(value) if value is not None else None
        except (TypeError, ValueError):
            continue
    return None


def _chain(exc: BaseException) -> list[BaseException]:
    """The error and what caused it, down to the socket (litellm reports a refused connection as a 500)."""
    out: list[BaseException] = []
    while exc is not None and exc not in out and len(out) < 12:
        out.append(exc)
        exc = exc.__cause__ or exc.__context__  # type: ignore[assignment]
    return out


def classify(exc: BaseException, litellm: Any, *, where: str = "the provider", keys: list[str] | None = None) -> Cause:
    """The real cause of a failed request, never 'check your API key' for everything."""
    text = str(exc).lower()
    keys_hint = f"set {', '.join(keys)}" if keys else "check the provider's API key environment variable"

    def isa(*names: str) -> bool:
        return any(isinstance(exc, cls) for cls in (getattr(litellm, n, None) for n in names) if isinstance(cls, type))

    if isa("ContextWindowExceededError"):
        return Cause("the conversation is longer than the model's context window", False,
                     "use a model with a larger context window")
    if any(words in text for words in ("missing credentials", "api_key client option", "missing anthropic api key",
                                       "api key not found", "no api key")):
        return Cause("no API key", False, keys_hint)
    chain = _chain(exc)
    if any(isinstance(e, ConnectionRefusedError) for e in chain) or (
            isa("APIConnectionError") and "refused" in text):
        return Cause("connection refused", True, f"nothing answers at {where}: start the server or fix "
                     "TIC_MODEL_API_BASE")
    if isa("RateLimitError") or _status(exc) == 429:
        return Cause("rate limited (HTTP 429)", True, "wait, or raise the quota of your account with the provider")
    if isa("Timeout") or any(isinstance(e, TimeoutError) or "timeout" in type(e).__name__.lower() for e in chain):
        return Cause("timed out", True, f"{where} did not answer in time; check it, or raise "
                     "TIC_MODEL_TIMEOUT_SECONDS")
    if isa("APIConnectionError") or any("connect" in type(e).__name__.lower() for e in chain[1:]):
        return Cause("could not connect", True, f"check the network and the address of {where} (TIC_MODEL_API_BASE)")
    if isa("AuthenticationError", "PermissionDeniedError") or _status(exc) in (401, 403):
        return Cause("API key refused (HTTP 401/403)", False, keys_hint)
    if "llm provider not provided" in text or isa("NotFoundError") or _status(exc) == 404:
        return Cause("unknown model", False, "check the model string ('provider/model', e.g. openai/gpt-4o-mini, "
                     "ollama/llama3) and the base URL")
    if isa("ServiceUnavailableError", "InternalServerError", "BadGatewayError") or (_status(exc) or 0) >= 500:
        return Cause("provider error (HTTP 5xx)", True, f"{where} failed; it is retried, then tried again next time")
    if isa("BadRequestError", "UnprocessableEntityError") or _status(exc) in (400, 413, 422):
        return Cause("request rejected (HTTP 400)", False, "the provider refused the request: see its message")
    return Cause("unexpected error", False, "see the message; run with -v for the details")


def retry_after(exc: BaseException, now: Callable[[], datetime] | None = None) -> float | None:
    """The wait a 429/503 asks for (`Retry-After` in seconds or as an HTTP date, or `retry-after-ms`), if any.

    An HTTP date is counted from `now` (the Clock's; default the machine's)."""
    for headers in (getattr(exc, "litellm_response_headers", None), getattr(getattr(exc, "response", None), "headers", None)):
        if not headers:
            continue
        try:
            ms = headers.get("retry-after-ms")
            if ms:
                return max(0.0, float(ms) / 1000)
            value = headers.get("retry-after")
        except Exception:
            continue
        if not value:
            continue
        try:
            return max(0.0, float(value))
        except ValueError:
            parsed = email.utils.parsedate_tz(value)
            if parsed is not None:
                return max(0.0, email.utils.mktime_tz(parsed) - (now or _SYSTEM.now)().timestamp())
    return None


def retrying(*, transient: Callable[[BaseException], bool], attempts: int, left: Callable[[], float | None],
             sleep: Callable[[float], None], base: float = 1.0, cap: float = 30.0,
             now: Callable[[], datetime] | None = None) -> Retrying:
    """tenacity, configured as the one retry layer: transient errors only; Retry-After when given, else
    base, 2*base, 4*base ... (at most `cap`); stop after `attempts` or when the wait would end past `left()`."""

    def wait(state: RetryCallState) -> float:
        exc = state.outcome.exception() if state.outcome else None
        asked = retry_after(exc, now) if exc is not None else None
        if asked is not None:
            return asked
        return min(cap, base * 2 ** (state.attempt_number - 1))

    def past_deadline(state: RetryCallState) -> bool:
        rest = left()
        return rest is not None and rest <= (state.upcoming_sleep or 0.0)

    return Retrying(
        retry=retry_if_exception(transient),
        stop=stop_after_attempt(max(1, attempts)) | past_deadline,
        wait=wait,
        sleep=sleep,
        reraise=True,
    )
