"""The deterministic local decider (T3, T7, T10, T11): the rules' readings first, built-in heuristics for the rest.

Precedence, as SPEC T3 and the eval README read it:

1. A rule that says skip wins: `Never notify` is a hard filter (even over an
   Always rule), and so is a Custom rule's "only ... if" or an exception.
2. A rule that says notify surfaces the event unless it is clearly spam.
3. A catch-all ("if none of the above applies, don't notify me", T10) decides
   what no other rule covers - unless a rule that is not understood might
   cover it the other way (an Always rule not read, under a "don't notify"
   catch-all): then the heuristics decide, uncertain.
4. Otherwise the built-in heuristics decide (`certain=False` where they only
   guess, so a configured model may take them).

Identity, not names (issue 8.6): a rule on a person whose addresses are known
(given in the rule, "Kandice Phillips (kp@x.com)", or the Sent folder's: the
user writes to that display name elsewhere) does not decide an event that only
shows the name from another address. The heuristics decide it, uncertain, and
the reason says so; the catch-all does not, when that rule would say otherwise.
When nothing is known about the person's addresses, the name matches as it shows.

A hold (quiet hours, T11) applies to what would be surfaced: the decision is
notify=False with `held_until`, and the tick surfaces it when the hold ends.

A rule that is not understood may still apply, so while any is in the file a
verdict it could overturn is not certain, and its reason says so: a notify
when a Never or Custom rule is not understood, a heuristic or catch-all verdict
when any rule is not understood. A skip by a rule stands.

Message text is data (R1): no instruction inside an event changes a rule.
"""

from __future__ import annotations

from datetime import datetime, timezone, tzinfo

from tic.notification import summarize
from tic.rules import ALL_KINDS, Context, Rule, RuleSet, possible_kinds
from tic.sources import Event
from tic.signals import LOOKALIKE_REF, traits
from tic.sources import lookalike
from tic.triage._decision import Decision
from tic.signals import fold as fold_word
from tic.triage.heuristics import decide_by_heuristics, problem_cue, time_cue

__all__ = ["LocalDecider", "SECTION_LABELS"]

SECTION_LABELS = {"always": "Always notify", "never": "Never notify", "custom": "Custom rule"}


def _reason(rule: Rule, why: str) -> str:
    return f'{SECTION_LABELS[rule.section]}: "{rule.text}" - {why}'


class LocalDecider:
    """Decide events against a RuleSet without any model."""

    def __init__(self, rules: RuleSet, tz: tzinfo | None = None, *, own: frozenset[str] = frozenset()) -> None:
        self.rules = rules
        self.tz = tz or timezone.utc
        self.own = own  # the user's own addresses (a calendar item they organised is one they know about)
        self._me = frozenset(a.lower() for a in own)
        unread = rules.not_understood
        self._unread = unread
        self._notify_is_certain = not any(r.section in ("never", "custom") for r in unread)
        self._heuristics_are_certain = not unread
        ordered = [r for r in rules.rules if r.understood and not r.catch_all]
        self._ordered = sorted(ordered, key=lambda r: {"never": 0, "custom": 1, "always": 2}[r.section])
        by_kind = {k: [r for r in self._ordered if k in possible_kinds(r.reading.when)] for k in ALL_KINDS}
        self._for_kind = by_kind  # a rule about e-mails is never asked about a chat message
        self._catch_all = next((r for r in rules.rules if r.catch_all), None)
        self._named_domains = tuple(sorted(rules.domains))  # a look-alike of one of these claims to be its owner

    def _lookalike(self, event: Event) -> Event:
        """The e-mail marked as a look-alike (issue 7, item 6) when its sender's domain is made to pass for one the
        rules name ("stbrigids-cc.com" for "@stbrigidscc.ie"): it is not that sender, whatever name it shows."""
        domain = event.sender.domain if event.kind == "email" else ""
        if not domain or domain in self._named_domains or LOOKALIKE_REF in event.refs:
            return event
        known = next((d for d in self._named_domains if lookalike(domain, d)), None)
        if known is None:
            return event
        return event.model_copy(update={"refs": {**event.refs, LOOKALIKE_REF: f"@{known}"}})

    def _uncertain_note(self) -> str:
        texts = "; ".join(f'"{r.text}"' for r in self._unread[:3]) + (" ..." if len(self._unread) > 3 else "")
        return f" (not certain: {len(self._unread)} rule(s) not understood, which might change this: {texts})"

    def decide(self, event: Event, now: datetime) -> Decision:
        """The verdict on one event at time `now` (the tick's time, never the wall clock)."""
        event = self._lookalike(event)
        ctx = Context(now=now, tz=self.tz, me=self._me)
        skips, notifies, holds, doubts = [], [], [], []
        judgement = ""
        for rule in self._for_kind.get(event.kind, self._ordered):
            verdict = rule.verdict(event, ctx)
            if verdict is None:
                continue
            judgement = judgement or verdict.judgement
            if verdict.doubt:
                doubts.append((rule, verdict.doubt))
            if not verdict.effect:
                continue
            {"skip": skips, "notify": notifies, "hold": holds}[verdict.effect].append((rule, verdict))
        if skips:
            rule, verdict = max(skips, key=lambda rv: rv[0].specificity)
            return Decision(event_key=event.key, notify=False, reason=_reason(rule, verdict.why), rule=rule.text,
                            decided_by="rule")
        if notifies:
            rule, verdict = max(notifies, key=lambda rv: (rv[0].section == "always", rv[0].specificity))
            t = traits(event)
            if t.spam:
                return Decision(event_key=event.key, notify=False, rule=rule.text, decided_by="rule",
                                reason=f"{_reason(rule, verdict.why)}, but it is clearly spam/phishing "
                                       f"({t.spam_evidence()})")
            decision = Decision(event_key=event.key, notify=True, reason=_reason(rule, verdict.why), rule=rule.text,
                                certain=self._notify_is_certain and not judgement, summary=summarize(event),
                                decided_by="rule")
            if not decision.certain and self._unread:
                decision = _with_reason(decision, decision.reason + self._uncertain_note())
            return self._held(decision, holds, ctx)
        if self._catch_all is not None and (verdict := self._catch_all.verdict(event, ctx)) is not None \
                and not self._could_overturn(verdict.effect, event) \
                and not any(r.reading.effect != verdict.effect for r, _ in doubts):
            certain = self._heuristics_are_certain and not judgement
            reason = _reason(self._catch_all, "no other rule covers it") + ("" if certain else self._uncertain_note())
            if verdict.effect == "notify":
                decision = Decision(event_key=event.key, notify=True, reason=reason, rule=self._catch_all.text,
                                    certain=certain, summary=summarize(event), decided_by="rule")
                return self._held(decision, holds, ctx)
            return Decision(event_key=event.key, notify=False, reason=reason, rule=self._catch_all.text,
                            certain=certain, decided_by="rule")
        verdict = decide_by_heuristics(event, now, self.own)
        certain = verdict.certain and self._heuristics_are_certain and not judgement and not doubts
        reason = verdict.reason + ("" if certain or not self._unread else self._uncertain_note())
        if doubts:  # 8.6: a name shown from an address not known for that person is not the rule's to decide
            rule, doubt = doubts[0]
            reason = f"{_reason(rule, doubt)}, so the rule does not decide it; {reason}"
        decision = Decision(event_key=event.key, notify=verdict.notify, reason=reason, certain=certain,
                            summary=summarize(event) if verdict.notify else None, decided_by="heuristics")
        return self._held(decision, holds, ctx) if decision.notify else decision

    def _could_overturn(self, effect: str, event: Event) -> bool:
        """A rule not understood might cover what the catch-all would decide, the other way (T7, T10): then the
        heuristics decide, uncertain, rather than the catch-all with false certainty. A rule refused only for
        asking about urgency ("cualquier cosa urgente de un cliente") can turn a "don't notify" catch-all only
        for an event that shows something urgent, a deadline or a problem - the rest the catch-all decides,
        still uncertain (a configured model reads that rule and judges)."""
        flips = {"skip": ("always", "custom"), "notify": ("never", "custom")}.get(effect, ())
        rules = [r for r in self._unread if r.section in flips and event.kind in r.may_cover]
        if effect == "skip" and rules and all(_asks_urgency(r) for r in rules):
            return bool(time_cue(event) or problem_cue(event))
        return bool(rules)

    @staticmethod
    def _held(decision: Decision, holds: list, ctx: Context) -> Decision:
        """A decision to surface, held while a hold rule applies (T11)."""
        if not holds:
            return decision
        rule, verdict = max(holds, key=lambda rv: rv[1].held_until)
        until = verdict.held_until.astimezone(ctx.tz)
        reason = f"held until {until:%H:%M} ({_hold_words(rule)}): {decision.reason}; {_reason(rule, verdict.why)}"
        return Decision(event_key=decision.event_key, notify=False, reason=reason, rule=rule.text,
                        certain=decision.certain, summary=decision.summary, decided_by=decision.decided_by,
                        **_hold_fields(verdict.held_until, _hold_words(rule)))


# the words a rule refused for judgement asks about when it asks "is it urgent?" (any of the five languages)
_URGENCY = {"urgent", "urgently", "urgente", "urgentes", "urgencia", "urgencias", "urgence", "urgences", "dringend",
            "dringendes", "dringende", "eilig", "emergency", "emergencia", "emergencias", "emergencia", "notfall",
            "asap", "pressing"}


def _asks_urgency(rule: Rule) -> bool:
    """Whether `rule` was refused only because it needs judgement of urgency (its note names the word)."""
    note = rule.why_not or ""
    if "needs judgement" not in note:
        return False
    word = note.split('"')[1] if note.count('"') >= 2 else ""
    return fold_word(word) in _URGENCY


def _hold_words(rule: Rule) -> str:
    return "quiet hours" if rule.reading is not None and rule.reading.effect == "hold" else "a hold"


def _hold_fields(until: datetime, why: str) -> dict:
    fields = getattr(Decision, "__dataclass_fields__", {})
    out = {}
    if "held_until" in fields:
        out["held_until"] = until
    if "hold_reason" in fields:
        out["hold_reason"] = why
    return out


def _with_reason(decision: Decision, reason: str) -> Decision:
    from dataclasses import replace

    return replace(decision, reason=reason)
