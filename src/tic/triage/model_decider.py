"""The model path of the triage agent: the events the local rules are unsure of, one batched request (T7, R1, R3).

    decider = ModelDecider(model)
    decided = decider.decide(events, system=system_prompt(agent, memory), now=now)   # {index: Decision}

One request per batch (up to `batch_size` events, so one per tick in practice):
system = the agent's AGENT.md + the injected rules; user = the events as escaped
JSON data between fixed markers (see `_request`); tools = `notify` and `skip`.
Each tool call is validated with pydantic and must name an event of this
request, once: a call that fails is ignored and its event is asked again. A
failing model (ModelError or any exception from it) or an answer that leaves
events undecided is retried with exponential backoff (tenacity) for the events
still open; what is still open after the last attempt comes back undecided (the
tick keeps it for the next tick) and `failures` names the problem, with values
fixed per kind of failure so a repeat-held notice can collect it.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from datetime import datetime
from typing import Callable

from pydantic import ValidationError
from tenacity import RetryError, Retrying, retry_if_exception_type, stop_after_attempt, wait_exponential

from tic.models import ChatModel, ToolCall
from tic.sources import Event
from tic.triage._decision import Decision
from tic.triage._request import TOOLS, NotifyArgs, SkipArgs, user_message

log = logging.getLogger(__name__)

__all__ = ["ModelDecider", "ModelOutcome", "FAILURE_TEMPLATE"]

FAILURE_TEMPLATE = "the triage model could not decide some events; they wait for the next tick"
CALL_FAILED = "the model call failed or its answer could not be read"
INCOMPLETE = "the answer left events undecided or its tool calls were malformed"


class _Incomplete(Exception):
    """Some events of the batch have no valid decision yet (retried)."""


class _CallFailed(Exception):
    """The model raised (retried)."""


@dataclass
class ModelOutcome:
    """What one `decide` produced: decisions by the events' index, and the problems met (for the warn notice)."""

    decided: dict[int, Decision] = field(default_factory=dict)
    failures: list[dict[str, str]] = field(default_factory=list)  # params of FAILURE_TEMPLATE, one per kind
    requests: int = 0


class ModelDecider:
    """Decide events with a ChatModel, batched, validated, retried."""

    def __init__(
        self,
        model: ChatModel,
        *,
        attempts: int = 3,
        backoff: float = 1.0,
        max_backoff: float = 30.0,
        batch_size: int = 100,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.model = model
        self.attempts = attempts
        self.backoff = backoff
        self.max_backoff = max_backoff
        self.batch_size = batch_size
        self._sleep = sleep

    def decide(self, events: list[Event], *, system: str, now: datetime) -> ModelOutcome:
        outcome = ModelOutcome()
        for start in range(0, len(events), self.batch_size):
            chunk = list(range(start, min(start + self.batch_size, len(events))))
            problem = self._decide_batch(events, chunk, system, now, outcome)
            params = {"model": self.model.name, "problem": problem} if problem else None
            if params and params not in outcome.failures:
                outcome.failures.append(params)
        return outcome

    def _decide_batch(self, events: list[Event], batch: list[int], system: str, now: datetime,
                      outcome: ModelOutcome) -> str | None:
        open_ = list(batch)  # indexes still without a valid decision
        retrying = Retrying(
            retry=retry_if_exception_type((_Incomplete, _CallFailed)),
            stop=stop_after_attempt(self.attempts),
            wait=wait_exponential(multiplier=self.backoff, max=self.max_backoff),
            sleep=self._sleep,
        )

        def attempt() -> None:
            open_[:] = self._ask(events, open_, system, now, outcome)
            if open_:
                raise _Incomplete(f"{len(open_)} events without a valid decision")

        try:
            retrying(attempt)
        except RetryError as exc:
            last = exc.last_attempt.exception()
            problem = CALL_FAILED if isinstance(last, _CallFailed) else INCOMPLETE
            log.warning("triage model %s: %s after %d attempts (%s); %d events wait for the next tick",
                        self.model.name, problem, self.attempts, last, len(open_))
            return problem
        return None

    def _ask(self, events: list[Event], open_: list[int], system: str, now: datetime,
             outcome: ModelOutcome) -> list[int]:
        """One request for the open events; returns the indexes still open."""
        shown = [events[i] for i in open_]
        messages = [{"role": "system", "content": system}, {"role": "user", "content": user_message(shown, now)}]
        outcome.requests += 1
        try:
            reply = self.model.complete(messages, TOOLS)
        except Exception as exc:  # a provider error, a timeout, a bug in an adapter: never crash the tick (R3)
            log.warning("triage model %s failed: %s", self.model.name, exc)
            raise _CallFailed(str(exc)) from exc
        by_id = {f"e{n}": i for n, i in enumerate(open_, 1)}
        verdicts: dict[int, Decision | None] = {}
        for call in reply.tool_calls:
            parsed = self._parse(call, by_id, events)
            if parsed is None:
                continue
            index, decision = parsed
            if index in verdicts:  # two calls for one event: only an identical verdict stands
                same = verdicts[index] is not None and verdicts[index].notify == decision.notify
                verdicts[index] = verdicts[index] if same else None
                continue
            verdicts[index] = decision
        for index, decision in verdicts.items():
            if decision is not None:
                outcome.decided[index] = decision
        return [i for i in open_ if i not in outcome.decided]

    def _parse(self, call: ToolCall, by_id: dict[str, int], events: list[Event]) -> tuple[int, Decision] | None:
        """A validated call -> (event index, Decision); None (logged) for anything malformed."""
        model = {"notify": NotifyArgs, "skip": SkipArgs}.get(call.name)
        if model is None:
            log.warning("triage model %s called an unknown tool %r", self.model.name, call.name)
            return None
        try:
            args = model.model_validate(call.arguments)
        except ValidationError as exc:
            log.warning("triage model %s: malformed %s call: %s", self.model.name, call.name,
                        exc.errors(include_url=False, include_input=False))
            return None
        index = by_id.get(args.event)
        if index is None:
            log.warning("triage model %s: %s names %r, which is not an event of this request",
                        self.model.name, call.name, args.event)
            return None
        notify = isinstance(args, NotifyArgs)
        return index, Decision(
            event_key=events[index].key,
            notify=notify,
            reason=f"Model {self.model.name}: {' '.join(args.reason.split())}",
            summary=" ".join(args.summary.split()) if notify else None,
            decided_by="model",
        )
