"""Who is running: the caller whose code posts or reads (SPEC "caller"), and where it posts from (N11)."""

from __future__ import annotations

import os
import sys
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Iterator

_current: ContextVar[str | None] = ContextVar("tic_current_caller", default=None)
_HERE = os.path.dirname(os.path.abspath(__file__))


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


def call_site() -> str | None:
    """N11/N12: `file:line` of the first frame outside the notices package (cheap: no source is read)."""
    frame = sys._getframe(1)
    while frame is not None:
        filename = frame.f_code.co_filename
        inside = _inside.get(filename)
        if inside is None:
            inside = _inside[filename] = os.path.dirname(os.path.abspath(filename)) == _HERE
        if not inside:
            return f"{filename}:{frame.f_lineno}"
        frame = frame.f_back
    return None


_inside: dict[str, bool] = {}
