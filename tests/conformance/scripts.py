"""Script steps that answer what a triage request asks: a verdict per event, a reading (or refusal) per rule."""

from __future__ import annotations

import json
from typing import Any, Callable

from tic.rules._model_reader import BEGIN as RULES_BEGIN, END as RULES_END
from tic.triage._request import BEGIN as EVENTS_BEGIN, END as EVENTS_END

from tests.conformance.servers import Call, Reply, Request

__all__ = ["events_of", "rules_of", "triage_answer", "verdicts"]


def _block(text: str, begin: str, end: str) -> list[dict[str, Any]]:
    if begin not in text:
        return []
    block = text.split(begin + "\n", 1)[1].split("\n" + end, 1)[0]
    return [json.loads(line) for line in block.splitlines() if line.strip()]


def events_of(request: Request) -> list[dict[str, Any]]:
    """The events a triage request shows (its data block)."""
    return _block(request.last_user_text(), EVENTS_BEGIN, EVENTS_END)


def rules_of(request: Request) -> list[dict[str, Any]]:
    """The rules a rule-reading request shows."""
    return _block(request.last_user_text(), RULES_BEGIN, RULES_END)


def verdicts(events: list[dict[str, Any]], notify: Callable[[dict[str, Any]], bool] = lambda e: False) -> list[Call]:
    """One notify/skip call per event."""
    calls = []
    for event in events:
        if notify(event):
            calls.append(Call("notify", {"event": event["id"], "summary": f"{event.get('from', 'Someone')} wrote.",
                                         "reason": "the conformance script"}))
        else:
            calls.append(Call("skip", {"event": event["id"], "reason": "the conformance script"}))
    return calls


def triage_answer(notify: Callable[[dict[str, Any]], bool] = lambda e: False) -> Callable[[Request], Reply]:
    """A step answering any triage request: a verdict per event; every rule to read is refused (not understood)."""

    def answer(request: Request) -> Reply:
        if "record_reading" in request.tool_names:
            return Reply(tool_calls=[Call("record_reading", {"rule_id": r["id"], "understood": False,
                                                             "why": "the conformance script reads no rule"})
                                     for r in rules_of(request)])
        return Reply(tool_calls=verdicts(events_of(request), notify))

    return answer
