"""Deciding a tick's events: the local rules first, a configured model for what they are unsure of (T3, T7).

    decide = TriageDecider(agent, model=None)          # offline: LocalDecider + heuristics, as always
    decide = TriageDecider(agent, model, warn=post)    # with a model (any litellm model string)
    decisions = decide(events, rules_text, now)        # one Decision, or None (undecided), per event

Offline, every event gets the local verdict (a heuristic guess included).
With a model, events the local decider settles with certainty never reach it;
the rest go in one batched request (`ModelDecider`). Events it leaves
undecided come back as None, and `warn(template, params)` is called once per
kind of failure with a fixed template and fixed values (R3).
"""

from __future__ import annotations

import logging
from datetime import datetime, timezone, tzinfo
from typing import Callable, Iterable, Sequence

from tic.agents import Agent
from tic.models import ChatModel
from tic.db import memory_world
from tic.models import deadline as model_deadline
from tic.rules import ModelRuleReader, ReadingCache, RuleSet, readings_with_model
from tic.sources import Event
from tic.triage._zone import calendar_zone
from tic.triage._decision import Decision
from tic.triage.decider import LocalDecider
from tic.triage.heuristics import user_addresses
from tic.triage.model_decider import FAILURE_TEMPLATE, ModelDecider, ModelOutcome
from tic.triage.prompt import readings_section, system_prompt
from tic.triage._guard import guarded_rules  # R2: size caps and one reading per file version, before read_rules

log = logging.getLogger(__name__)

__all__ = ["TriageDecider", "decide_events", "local_decisions"]

Warn = Callable[[str, dict], None]


def local_decisions(events: Iterable[Event], rules_text: str | None, now: datetime, tz: tzinfo | None = None,
                    *, ruleset: RuleSet | None = None) -> list[Decision]:
    """The local verdict on each event (rules, then heuristics), each with its summary when it notifies.

    `tz` is the user's time zone (T9); None: the calendar's, else UTC."""
    events = list(events)
    zone = tz or calendar_zone(events) or timezone.utc
    decider = LocalDecider(ruleset if ruleset is not None else guarded_rules(rules_text), zone, own=user_addresses(events))
    return [decider.decide(event, now) for event in events]


def decide_events(events: Iterable[Event], rules_text: str | None, now: datetime, tz: tzinfo | None = None) -> list[Decision]:
    """The offline decider: the local rules, then the built-in heuristics (T3, T7)."""
    return local_decisions(events, rules_text, now, tz)


class TriageDecider:
    """The triage agent's `decide`: local first, then (when configured) the model for the uncertain rest."""

    def __init__(self, agent: Agent, model: ChatModel | None = None, *, warn: Warn | None = None,
                 model_decider: ModelDecider | None = None, rule_reader: ModelRuleReader | None = None,
                 reading_cache: ReadingCache | None = None) -> None:
        self.agent = agent
        self.model = model
        self._warn = warn
        self._model_decider = model_decider or (ModelDecider(model) if model is not None else None)
        self._rule_reader = rule_reader or (ModelRuleReader(model) if model is not None else None)
        self._cache = reading_cache
        self.last_outcome: ModelOutcome | None = None

    def ruleset(self, rules_text: str | None) -> RuleSet:
        """The rules with their readings: the offline reader's, and (with a model) the model's for the rest,
        read once per version of the file and cached in the world (T7)."""
        ruleset = guarded_rules(rules_text)
        if self._rule_reader is None or not ruleset.not_understood:
            return ruleset
        if self._cache is None:
            self._cache = ReadingCache(memory_world())  # a dry run: remembered for this process only
        return readings_with_model(ruleset, self._rule_reader, self._cache, warn=self._warn)

    def system_prompt(self, rules_text: str | None, ruleset: RuleSet | None = None) -> str:
        """AGENT.md + the rules, as the tick's prompt shows them, and how each rule was read (T7)."""
        memory = {path: rules_text for path in (self.agent.meta.inject_memory or ["data/notifications.md"])[:1]}
        ruleset = ruleset if ruleset is not None else guarded_rules(rules_text)
        return system_prompt(self.agent, memory) + readings_section(ruleset)

    def uncertain(self, events: Sequence[Event], rules_text: str | None, now: datetime) -> list[Event]:
        """The events that would go to a model (for benches and `./tic rules check`)."""
        return [e for e, d in zip(events, local_decisions(events, rules_text, now)) if not d.certain]

    def __call__(self, events: Iterable[Event], rules_text: str | None, now: datetime,
                 tz: tzinfo | None = None) -> list[Decision | None]:
        decider = self._model_decider
        # R3: the tick's one deadline covers every model request of it, the rule-reading call included
        with model_deadline(decider.deadline if decider else None, decider.monotonic if decider else None):
            return self._decide(list(events), rules_text, now, tz)

    def _decide(self, events: list[Event], rules_text: str | None, now: datetime,
                tz: tzinfo | None) -> list[Decision | None]:
        ruleset = self.ruleset(rules_text)
        local: list[Decision | None] = list(local_decisions(events, rules_text, now, tz, ruleset=ruleset))
        self.last_outcome = None
        if self._model_decider is None:
            return local
        unsure = [i for i, d in enumerate(local) if d is not None and not d.certain]
        if not unsure:
            return local  # T7: what the rules settle never reaches the model; nothing left = no call
        system = self.system_prompt(rules_text, ruleset)
        outcome = self._model_decider.decide([events[i] for i in unsure], system=system, now=now)
        self.last_outcome = outcome
        for n, i in enumerate(unsure):
            local[i] = outcome.decided.get(n)  # None: undecided, offered again next tick (R3)
        for params in outcome.failures:
            log.warning("%s: %s", FAILURE_TEMPLATE, params)
            if self._warn is not None:
                self._warn(FAILURE_TEMPLATE, dict(params))
        return local
