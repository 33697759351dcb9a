"""Engines sharing one world, counted (H7, H11): what each notification was told as, per notification id.

The shared-world test (fake clock, threads) and its benchmark (real processes, `python -m bench.shared_world`)
both run a counting model that answers "answered: <id>,<id>,..." for the read_notification results it reads,
then count, per notification, the completed read_notification results it is in, the stored answers and the
replies each engine showed. `NoLease` is the hub before H11 across engines, for the 'before' figures.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from tic.hub._lease import Claim, TurnLease

__all__ = ["ANSWERED", "NoLease", "answer", "batch_ids", "figures", "tally"]

ANSWERED = "answered: "


class NoLease(TurnLease):
    """The turn lock per process only (before H11 across engines): always 'acquired', never checked."""

    def acquire(self) -> Claim | None:
        return Claim(epoch=0, took_over=False, taken_from="")

    def release(self, *, interrupted: bool = False) -> None:
        pass

    def guard(self, conn) -> None:
        pass

    def renew(self) -> bool:
        return True

    def orphaned(self) -> bool:
        return False


def batch_ids(content: str | None) -> list[str]:
    """What each notification of a batch is about: `refs.event_key` (from a tick) or `refs.message_id` (posted here)."""
    out = []
    for item in json.loads(content or "[]"):
        refs = item.get("refs") or {}
        if "message_id" in refs or "event_key" in refs:
            out.append(str(refs.get("event_key", refs.get("message_id"))))
    return out


def answer(ids: Sequence[str]) -> str:
    """The counting model's reply naming the notifications it answers ('ok' for none)."""
    return ANSWERED + ",".join(ids) if ids else "ok"


def _answered(text: str | None) -> list[str]:
    return text.split(": ", 1)[1].split(",") if (text or "").startswith(ANSWERED) else []


def tally(rows: Iterable[Mapping[str, Any]], said: Iterable[str]) -> tuple[Counter, Counter, Counter]:
    """Per notification id: in how many completed read_notification results (of the history's `rows`), stored
    answers, and replies shown (`said`, every engine's)."""
    injected, answered, shown = Counter(), Counter(), Counter()
    for m in rows:
        for c in m["tool_calls"]:
            if c["name"] == "read_notification" and c["status"] == "done":
                injected.update(batch_ids(c["result"]))
        if m["role"] == "assistant":
            answered.update(_answered(m["content"]))
    for text in said:
        shown.update(_answered(text))
    return injected, answered, shown


def figures(ids: Iterable[str], injected: Counter, answered: Counter, shown: Counter) -> dict[str, int]:
    """Lost (never answered), doubled (answered or injected twice), and the same for what was shown."""
    ids = list(ids)
    return {
        "lost": sum(1 for i in ids if answered[i] == 0),
        "doubled": sum(1 for i in ids if answered[i] > 1 or injected[i] > 1),
        "shown_lost": sum(1 for i in ids if shown[i] == 0),
        "shown_doubled": sum(1 for i in ids if shown[i] > 1),
    }
