"""The model path of the triage agent: the events the local rules are unsure of, one batched request (T7, R1, R3).

    decider = ModelDecider(model, deadline=300, clock=clock)
    decided = decider.decide(events, system=system_prompt(agent, memory), now=now)   # {index: Decision}

One request per batch (up to `batch_size` events, so one per tick in practice):
system = the agent's AGENT.md + the injected rules; user = the events as escaped
JSON data between fixed markers (see `_request`); tools = `notify` and `skip`.
Each tool call is validated with pydantic and must name an event of this
request, once: a call that fails (arguments that are not JSON, an unknown
event, a missing field) is dropped alone, the other decisions of the answer
are kept, and only the events still open are asked again (at most `attempts`
requests per batch); what stays open comes back undecided for the next tick.

Retrying a failed request is not done here: the model adapter is the one
retry layer (R3, `tic.models._retry`). A request that still fails ends this
tick's model work; its events wait for the next tick. Every request of one
`decide` shares one deadline (`deadline` seconds, measured on `clock`), so a
hanging provider cannot hold the tick longer. `failures` names each problem
with values fixed per kind (`problem`: "the model call failed: rate limited
(HTTP 429)"), so a repeat-held notice collects them.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Callable

from pydantic import ValidationError

from tic.clock import SystemClock
from tic.models import ChatModel, ToolCall, deadline as model_deadline
from tic.sources import Event
from tic.triage._decision import Decision
from tic.triage._request import TOOLS, NotifyArgs, SkipArgs, user_message

log = logging.getLogger(__name__)
_SYSTEM = SystemClock()  # the machine's clock, when none is given

__all__ = ["ModelDecider", "ModelOutcome", "FAILURE_TEMPLATE", "CALL_FAILED", "INCOMPLETE", "call_failed"]

FAILURE_TEMPLATE = "the triage model could not decide some events; they wait for the next tick"
CALL_FAILED = "the model call failed or its answer could not be read"
INCOMPLETE = "the answer left events undecided or its tool calls were malformed"


def call_failed(exc: BaseException) -> str:
    """The `problem` of a failed call: its cause when the adapter named one (fixed per kind), else CALL_FAILED."""
    cause = getattr(exc, "cause", None)
    return f"the model call failed: {cause}" if cause else CALL_FAILED


class _CallFailed(Exception):
    """The model raised (after the adapter's own retries): this tick asks it nothing more."""


@dataclass
class ModelOutcome:
    """What one `decide` produced: decisions by the events' index, and the problems met (for the warn notice)."""

    decided: dict[int, Decision] = field(default_factory=dict)
    failures: list[dict[str, str]] = field(default_factory=list)  # params of FAILURE_TEMPLATE, one per kind
    requests: int = 0
    dropped: int = 0  # tool calls refused alone (malformed, unknown event, contradicting)


class ModelDecider:
    """Decide events with a ChatModel, batched, validated; a partial answer is kept, the rest asked again.

    `attempts`: requests per batch while its answers leave events open. `deadline`: seconds for every request
    of one `decide` together (None: the adapter's own per-request deadline only), measured on `clock`
    (a tic Clock; default the machine's monotonic time). `sleep`, `backoff`, `max_backoff` are accepted for
    older callers and unused: waiting between tries is the adapter's.
    """

    def __init__(self, model: ChatModel, *, attempts: int = 2, batch_size: int = 100, deadline: float | None = None,
                 clock: Any = None, sleep: Callable[[float], None] | None = None, backoff: float = 1.0,
                 max_backoff: float = 30.0) -> None:
        self.model = model
        self.attempts = max(1, attempts)
        self.batch_size = batch_size
        self.deadline = deadline
        self.clock = clock

    def monotonic(self) -> float:
        """Now on the deadline's clock (the injected Clock's monotonic time)."""
        return (self.clock or _SYSTEM).monotonic()

    def decide(self, events: list[Event], *, system: str, now: datetime) -> ModelOutcome:
        outcome = ModelOutcome()
        failed: str | None = None
        with model_deadline(self.deadline, self.monotonic):
            for start in range(0, len(events), self.batch_size):
                chunk = list(range(start, min(start + self.batch_size, len(events))))
                # once a call has failed (after the adapter's retries), the rest of this tick is not asked
                problem = failed or self._decide_batch(events, chunk, system, now, outcome)
                if problem and problem != INCOMPLETE:
                    failed = problem
                params = {"model": self.model.name, "problem": problem} if problem else None
                if params and params not in outcome.failures:
                    outcome.failures.append(params)
        return outcome

    def _decide_batch(self, events: list[Event], batch: list[int], system: str, now: datetime,
                      outcome: ModelOutcome) -> str | None:
        open_ = list(batch)  # indexes still without a valid decision
        for _ in range(self.attempts):
            try:
                open_ = self._ask(events, open_, system, now, outcome)
            except _CallFailed as exc:
                problem = call_failed(exc.__cause__ or exc)
                log.warning("triage model %s: %s; %d events wait for the next tick", self.model.name, problem,
                            len(open_))
                return problem
            if not open_:
                return None
        log.warning("triage model %s: %s after %d requests; %d events wait for the next tick",
                    self.model.name, INCOMPLETE, self.attempts, len(open_))
        return INCOMPLETE

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
                outcome.dropped += 1
                continue
            index, decision = parsed
            if index in verdicts:  # two calls for one event: only an identical verdict stands
                same = verdicts[index] is not None and verdicts[index].notify == decision.notify
                verdicts[index] = verdicts[index] if same else None
                outcome.dropped += 0 if same else 1
                continue
            verdicts[index] = decision
        for index, decision in verdicts.items():
            if decision is not None:
                outcome.decided[index] = decision
        return [i for i in open_ if i not in outcome.decided]

    def _parse(self, call: ToolCall, by_id: dict[str, int], events: list[Event]) -> tuple[int, Decision] | None:
        """A validated call -> (event index, Decision); None (logged) for anything malformed."""
        if call.error:  # arguments that are not JSON: this call alone is dropped (R3)
            log.warning("triage model %s: %s", self.model.name, call.error)
            return None
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
