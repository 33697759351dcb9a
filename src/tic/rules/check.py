"""`./tic rules check`: each rule with its reading (the one the decider uses), and what looks wrong (T3, T7).

    report = check_rules(text)                  # or check_rules(text, ruleset) with a model's readings in it
    report.rules      # CheckedRule: section, text, heading, understood, meaning, read_by
    report.headings   # (heading, what it was taken as)
    report.warnings   # a rule no event can match, a sender in both Always and Never, a heading with no effect

The meaning printed is the reading rendered back into one sentence - the
same reading that decides events, so a dry run can never contradict it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tic.rules import _reading as R
from tic.rules._markdown import HEADING_LABELS
from tic.rules._match import ALL_KINDS, possible_kinds
from tic.rules._shapes import KIND_NOUNS
from tic.rules._read import read_rules
from tic.rules._rule import Rule, RuleSet
from tic.rules._tokens import fold

__all__ = ["CheckedRule", "RulesCheck", "check_rules", "dead_end", "report_object", "SECTION_LABELS"]

SECTION_LABELS = {"always": "Always notify", "never": "Never notify", "custom": "Custom rules"}


@dataclass(frozen=True)
class CheckedRule:
    section: str
    text: str
    understood: bool
    meaning: str  # the reading as a sentence, or why it needs a model
    heading: str = ""
    read_by: str = "local"


@dataclass
class RulesCheck:
    rules: list[CheckedRule] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    headings: list[tuple[str, str]] = field(default_factory=list)
    context: list[str] = field(default_factory=list)
    ruleset: RuleSet = field(default_factory=RuleSet)
    source: str = ""  # the text read

    @property
    def needs_model(self) -> list[CheckedRule]:
        return [r for r in self.rules if not r.understood]


def dead_end(rule: Rule) -> str | None:
    """Why no event can ever match `rule`, or None when some can."""
    if rule.reading is None:
        return None
    when = rule.reading.when
    parts = list(when.of) if isinstance(when, R.All) else [when]
    kinds = ALL_KINDS
    for part in parts:
        allowed = possible_kinds(part)
        if not kinds & allowed:
            named = " or ".join(KIND_NOUNS[k] for k in sorted(kinds))
            only = " or ".join(KIND_NOUNS[k] for k in sorted(allowed)) or "no event"
            return f"it is about {named}, but another of its conditions only happens in {only}"
        kinds &= allowed
    return None


def _senders(rule: Rule) -> dict[tuple[str, str], str]:
    out: dict[tuple[str, str], str] = {}

    def walk(cond) -> None:
        if isinstance(cond, R.Sender):
            for w in cond.who:
                if w.value:
                    out[(w.by if w.by in {"domain", "address", "phone"} else "name", fold(w.value))] = w.value
        elif isinstance(cond, (R.All, R.Any)):
            for c in cond.of:
                walk(c)

    if rule.reading is not None:
        walk(rule.reading.when)
    return out


def _meaning(rule: Rule) -> str:
    if rule.reading is None:
        return f"needs a model: {rule.why_not}"
    said = rule.render()
    return f"{said} (read by the model)" if rule.read_by == "model" else said


def check_rules(text: str | None, ruleset: RuleSet | None = None) -> RulesCheck:
    """Read `text` as the triage agent does and report each rule's reading and what looks wrong."""
    ruleset = ruleset if ruleset is not None else read_rules(text)
    report = RulesCheck(ruleset=ruleset, headings=list(ruleset.headings), context=list(ruleset.context),
                        source=text or "")
    for rule in ruleset.rules:
        report.rules.append(CheckedRule(rule.section, rule.text, rule.understood, _meaning(rule), rule.heading,
                                        rule.read_by))
        if why := dead_end(rule):
            report.warnings.append(f'{SECTION_LABELS[rule.section]}: "{rule.text}" can match no event: {why}')
    for always in ruleset.section("always"):
        for never in ruleset.section("never"):
            named = _senders(always)
            for key in sorted(named.keys() & _senders(never).keys()):
                report.warnings.append(
                    f'sender "{named[key]}" is in both Always notify ("{always.text}") and Never notify '
                    f'("{never.text}"): Never wins wherever both match')
    for heading, taken in ruleset.headings:
        if taken == "own":
            report.warnings.append(f'heading "{heading}" says neither always nor never: each of its rules is '
                                   "read on its own words")
    catch_alls = [r for r in ruleset.rules if r.catch_all]
    if len(catch_alls) > 1:
        report.warnings.append("more than one rule for everything else: the first one decides ("
                               + "; ".join(f'"{r.text}"' for r in catch_alls) + ")")
    return report


def heading_label(taken: str) -> str:
    return HEADING_LABELS.get(taken, taken)


def report_object(report: RulesCheck) -> dict:
    """The check as one JSON object: `./tic rules check --json` and the web page's rules panel.

    Each rule carries `line`, the 1-based line of the text it was read from (None when not found).
    """
    lines = _rule_lines(report)
    return {
        "rules": [{"section": r.section, "text": r.text, "understood": r.understood, "meaning": r.meaning,
                   "heading": r.heading, "read_by": r.read_by if r.understood else None, "line": line,
                   "reading": rule.reading.model_dump(mode="json") if rule.reading is not None else None}
                  for r, rule, line in zip(report.rules, report.ruleset.rules, lines)],
        "headings": [{"heading": h, "taken_as": heading_label(t)} for h, t in report.headings],
        "context": report.context,
        "warnings": report.warnings,
    }


def _rule_lines(report: RulesCheck) -> list[int | None]:
    """Where each rule's text is in the file, in order (a rule is one bullet or paragraph line)."""
    source = report.source
    text_lines = [" ".join(line.split()) for line in source.split("\n")]
    out: list[int | None] = []
    start = 0
    for r in report.rules:
        want = " ".join(r.text.split())
        found = None
        for i in range(start, len(text_lines)):
            if want and want[:60] in text_lines[i]:
                found, start = i + 1, i + 1
                break
        out.append(found)
    return out
