"""R3: the main agent's model, failing or working, as the user is told it -- once, until it works again.

The first failure posts one repeat-held `error` notice for the user (`user:<name>`, never the main agent: a
notice for it would start another failing turn) and shows one status note; later failures are logged and
collected by the notice's repeat hold (N7). While it fails, the hub starts no turn by itself before the
retry time (30 s, doubling up to 15 min, on the clock); the user's own line always tries. The first turn that
works again withdraws the notice (N9) and says so.
"""

from __future__ import annotations

import logging
from typing import Callable

from tic.clock import Clock
from tic.notices import NoticeStore

log = logging.getLogger(__name__)

__all__ = ["MODEL_FAILED", "ModelHealth", "RETRY_CAP", "RETRY_FIRST"]

MODEL_FAILED = "the assistant's model could not answer"
RETRY_FIRST, RETRY_CAP = 30.0, 900.0


class ModelHealth:
    """`status(text, level)` shows a note to the user (the hub's views)."""

    def __init__(self, store: NoticeStore, clock: Clock, model_name: str,
                 status: Callable[[str, str], None]) -> None:
        self._store = store
        self._clock = clock
        self._name = model_name
        self._status = status
        self.failing = False  # the last turn's model failed; the user was told (once), not yet of its recovery
        self._wait = RETRY_FIRST
        self._retry_at = 0.0

    def may_start_turn(self) -> bool:
        """May the hub start a turn by itself (a batch, a channel check, an abandoned turn) now?"""
        return not self.failing or self._clock.monotonic() >= self._retry_at

    def failed(self, exc: Exception) -> None:
        cause = getattr(exc, "cause", None) or "error"
        log.error("the main agent's model failed: %s", exc)
        self._wait = min(RETRY_CAP, self._wait * 2) if self.failing else RETRY_FIRST
        self._retry_at = self._clock.monotonic() + self._wait
        try:
            self._store.post(MODEL_FAILED, {"model": self._name, "cause": cause}, severity="error",
                             audience=[f"user:{getattr(self._store, 'user', 'me')}"], actionable=False)
        except Exception:  # the report's failure never hides the note
            log.exception("could not post the model failure notice")
        if self.failing:
            return
        self.failing = True
        self._status(f"[tic] I could not reach my language model ({self._name}: {cause}); "
                     "I will answer as soon as it works again. Details: ./tic notices list", "failing")

    def works(self) -> None:
        if not self.failing:
            return
        self.failing = False
        self._wait = RETRY_FIRST
        try:
            self._store.withdraw(MODEL_FAILED)  # N9: the condition is over
        except Exception:
            log.exception("could not withdraw the model failure notice")
        self._status(f"[tic] My language model ({self._name}) works again.", "ok")
