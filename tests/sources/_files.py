"""Counting what a piece of code does to the file system, with the interpreter's audit events (PEP 578).

`counting()` yields a Counter of the files opened (`open`) and the folders
listed (`os.scandir`, `os.listdir`) inside the `with` block. One hook is
installed for the process (audit hooks cannot be removed); it counts only
while a block is open.
"""

from __future__ import annotations

import sys
from collections import Counter
from contextlib import contextmanager
from typing import Iterator

_active: list[Counter] = []
_LISTINGS = {"os.scandir", "os.listdir"}


def _hook(event: str, args: tuple) -> None:
    if not _active:
        return
    if event == "open":
        _active[-1]["opened"] += 1
    elif event in _LISTINGS:
        _active[-1]["listed"] += 1


sys.addaudithook(_hook)


@contextmanager
def counting() -> Iterator[Counter]:
    counts: Counter = Counter()
    _active.append(counts)
    try:
        yield counts
    finally:
        _active.remove(counts)
