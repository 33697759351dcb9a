"""Retries for network sources (R3): tenacity, bounded, with exponential backoff.

A source's download step raises `Transient` for a failure worth trying again
(connection refused or dropped, timeout, HTTP 429/5xx) and `SourceError` for
one that is not (a wrong password, a missing folder). `retrying` calls the step
up to `Retry.attempts` times, waiting `wait`, 2×`wait`, ... (at most
`max_wait`) seconds in between, then raises SourceError. The message is built
only from the source's name, the failure's kind and a fixed piece of advice,
so the same failure gives the same text every tick and the tick's warning is
held as a repeat (N7) instead of piling up. Any other exception (a library's
surprise on a strange answer) becomes a SourceError too: a source never
crashes the tick (R3).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, TypeVar

from tenacity import RetryError, Retrying, retry_if_exception_type, stop_after_attempt, wait_exponential

from tic.clock import blocking_sleep
from tic.errors import SourceError

__all__ = ["Retry", "Transient", "retrying"]

T = TypeVar("T")


@dataclass(frozen=True)
class Retry:
    """How hard a network source tries: `attempts` in all, backoff from `wait` up to `max_wait` seconds."""

    attempts: int = 3
    wait: float = 1.0
    max_wait: float = 8.0


class Transient(Exception):
    """A failure worth another try. Its message names the kind of failure, nothing that varies."""


def retrying(step: Callable[[], T], retry: Retry, sleep: Callable[[float], None] | None, *, what: str, advice: str) -> T:
    """`step()`, retried on Transient; after the last try a SourceError '<what> after N tries (<why>); <advice>'."""
    attempts = max(1, retry.attempts)
    runner = Retrying(
        stop=stop_after_attempt(attempts),
        wait=wait_exponential(multiplier=retry.wait, max=retry.max_wait),
        retry=retry_if_exception_type(Transient),
        sleep=sleep or blocking_sleep(),  # the Clock's wait (a source given none waits on the machine's)
        reraise=False,
    )
    try:
        return runner(step)
    except RetryError as exc:
        last = exc.last_attempt.exception()
        tries = "1 try" if attempts == 1 else f"{attempts} tries"
        raise SourceError(f"{what} after {tries} ({last}); {advice}") from last
    except SourceError:
        raise
    except Exception as exc:  # noqa: BLE001 - a library's surprise must not crash the tick (R3)
        lines = str(exc).strip().splitlines()
        detail = f": {lines[0][:200]}" if lines else ""
        raise SourceError(f"{what}: unexpected {type(exc).__name__}{detail}; {advice}") from exc
