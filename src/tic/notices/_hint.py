"""The in-memory pending hint: lets a tool call skip the database when nothing can be pending (N5).

For each (reader, topic) - topic is a kind ("notice", "notification") or
"actionable" - the hint remembers the generation at which a read found nothing
deliverable. Anything that can make something deliverable bumps the generation
*after* it committed: a post here, an unmute here, a change another engine
announced (see `_sync`), or the due time of a held repeat passing. A read that
started at generation g may mark the topic clean only if the generation is still
g when it finishes - so a post racing a read is never lost, only re-checked.

The hint errs one way only: "maybe" costs a query, "clean" is trusted.
"""

from __future__ import annotations

import threading
from datetime import datetime
from typing import Iterable

TOPICS = ("notice", "notification", "actionable")

Token = tuple[int, tuple[int, ...]]


class PendingHint:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._epoch = 0  # bumped by mark_all: every clean mark becomes stale
        self._gen: dict[tuple[str, str], int] = {}
        self._clean: dict[tuple[str, str], tuple[int, int]] = {}  # (epoch, gen) verified clean
        self._due: dict[str, datetime] = {}  # earliest held repeat per reader

    def mark(self, readers: Iterable[str], topics: Iterable[str]) -> None:
        """Something may have become deliverable for `readers` (call after the change committed)."""
        topics = tuple(topics)
        with self._lock:
            for reader in readers:
                for topic in topics:
                    k = (reader, topic)
                    self._gen[k] = self._gen.get(k, 0) + 1

    def mark_all(self) -> None:
        """Anything may have changed for anyone (an engine we could not follow, an unmute elsewhere)."""
        with self._lock:
            self._epoch += 1

    def token(self, reader: str, topics: Iterable[str]) -> Token:
        """Taken before a read: the state the read's answer will be about."""
        with self._lock:
            return self._epoch, tuple(self._gen.get((reader, t), 0) for t in topics)

    def settle(self, reader: str, topics: Iterable[str], token: Token, next_due: datetime | None) -> bool:
        """After a read that left nothing deliverable in `topics`: clean, unless something changed since `token`."""
        topics = tuple(topics)
        with self._lock:
            epoch, gens = token
            if epoch != self._epoch or gens != tuple(self._gen.get((reader, t), 0) for t in topics):
                return False
            for topic, gen in zip(topics, gens):
                self._clean[(reader, topic)] = (epoch, gen)
            if next_due is None:
                self._due.pop(reader, None)
            else:
                self._due[reader] = next_due
            return True

    def maybe(self, reader: str, topic: str, now: datetime) -> bool:
        """False only when a read found nothing and nothing that could change that has happened since."""
        k = (reader, topic)
        with self._lock:
            if self._clean.get(k) != (self._epoch, self._gen.get(k, 0)):
                return True
            due = self._due.get(reader)
            return due is not None and now >= due
