"""Who is running: the caller whose code posts or reads (SPEC "caller")."""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from typing import Iterator

_current: ContextVar[str | None] = ContextVar("tic_current_caller", default=None)


def current_caller() -> str | None:
    """The caller key (`agent:<name>`) of the running code, or None for the engine itself."""
    return _current.get()


@contextmanager
def running_as(caller: str | None) -> Iterator[None]:
    """Run a block as `caller` (a tool call, a scheduled task, a callback)."""
    token = _current.set(caller)
    try:
        yield
    finally:
        _current.reset(token)


def caller_key(entry: str) -> str:
    """A bare agent name means `agent:<name>`; a `<kind>:<id>` key is kept as given."""
    return entry if ":" in entry else f"agent:{entry}"
