"""The deterministic local decider (T3, T7): rules first, built-in heuristics for the rest.

Precedence, as SPEC T3 and the eval README read it:

1. `Never notify` is a hard filter: a matching Never rule drops the event, even
   when an Always rule also matches.
2. A Custom rule whose condition fails ("only ... if I am mentioned", "stay
   quiet unless ...") drops the events it scopes; custom conditions are strict.
   So does an Always rule's own exception ("... unless they are newsletters").
3. `Always notify` surfaces the event unless it is clearly spam.
4. A Custom rule that says notify ("always notify regardless of sender")
   surfaces the event unless it is clearly spam.
5. Events no rule covers go to the built-in heuristics (`certain=False` where
   they only guess, so a configured model may take them).

A rule the decider did not understand may still apply, so with such rules in
the file a verdict it could overturn is not certain either: a rule's notify
when a Never or Custom rule is not understood, a heuristic verdict when any
rule is not understood. A drop by a rule stands (nothing outranks it).

Message text is data (R1): no instruction inside an event changes a rule, and
topic/urgency words inside text that addresses the assistant are not counted.
"""

from __future__ import annotations

from datetime import datetime

from tic.sources import Event
from tic.triage._classify import traits
from tic.triage._decision import Decision
from tic.triage.heuristics import decide_by_heuristics
from tic.triage.rules import Rule, RuleSet
from tic.triage.summary import summarize

__all__ = ["LocalDecider"]

_LABEL = {"always": "Always notify", "never": "Never notify", "custom": "Custom rule"}


def _reason(rule: Rule, why: str) -> str:
    return f'{_LABEL[rule.section]}: "{rule.text}" - {why}'


class LocalDecider:
    """Decide events against a RuleSet without any model."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        unread = rules.not_understood
        self._notify_is_certain = not any(r.section in ("never", "custom") for r in unread)
        self._heuristics_are_certain = not unread

    def _hits(self, rules: tuple[Rule, ...], event: Event, now: datetime) -> list[tuple[Rule, str, str]]:
        hits = []
        for rule in rules:
            if (verdict := rule.applies(event, now)) is not None:
                hits.append((rule, verdict[0], verdict[1]))
        return sorted(hits, key=lambda hit: -hit[0].specificity)  # the most specific rule explains best

    def decide(self, event: Event, now: datetime) -> Decision:
        """The verdict on one event at time `now` (the tick's time, never the wall clock)."""
        never = self._hits(self.rules.never, event, now)
        custom = self._hits(self.rules.custom, event, now)
        always = self._hits(self.rules.always, event, now)

        for rule, effect, why in never + custom + always:  # an Always rule's own "unless" drops too
            if effect == "drop":
                return self._drop(event, rule, why)
        positives = always + custom + never  # every hit left says notify
        if positives:
            rule, _, why = positives[0]
            t = traits(event)
            if t.spam:
                return Decision(
                    event_key=event.key, notify=False, rule=rule.text, decided_by="rule",
                    reason=f'{_reason(rule, why)}, but it is clearly spam/phishing ({t.spam_evidence()})',
                )
            return Decision(event_key=event.key, notify=True, reason=_reason(rule, why), rule=rule.text,
                            certain=self._notify_is_certain, summary=summarize(event), decided_by="rule")
        verdict = decide_by_heuristics(event, now)
        certain = verdict.certain and self._heuristics_are_certain
        return Decision(event_key=event.key, notify=verdict.notify, reason=verdict.reason, certain=certain,
                        summary=summarize(event) if verdict.notify else None, decided_by="heuristics")

    @staticmethod
    def _drop(event: Event, rule: Rule, why: str) -> Decision:
        return Decision(event_key=event.key, notify=False, reason=_reason(rule, why), rule=rule.text, decided_by="rule")
