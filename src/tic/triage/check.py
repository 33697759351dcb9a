"""`./tic rules check`: how each rule was understood, and what looks wrong in the file (T3, T7).

    report = check_rules(text)
    report.rules      # (section label, rule text, what the local decider understood or "needs a model: ...")
    report.warnings   # a rule no event can match, a sender in both Always and Never, an unknown section

A rule "no event shape can match" asks for things no single event has: a
calendar item with an @-mention, an e-mail in a WhatsApp group, an unsaved
number on a calendar invite. Each matcher can only ever hold for some kinds of
event (an @-mention only in a chat, "starts within" only on a calendar item);
when the kinds a rule names and the kinds its matchers allow do not meet, the
rule is dead.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from markdown_it import MarkdownIt

from tic.triage._matchers import CategoryMatcher, GroupMatcher, Matcher, SenderMatcher
from tic.triage._text import fold
from tic.triage.rules import Rule, RuleSet, _plain, parse_rules, section_of

__all__ = ["RulesCheck", "check_rules", "SECTION_LABELS"]

SECTION_LABELS = {"always": "Always notify", "never": "Never notify", "custom": "Custom rules"}
ALL_KINDS = frozenset({"email", "whatsapp", "calendar"})
_KIND_WORDS = {"email": "e-mails", "whatsapp": "WhatsApp messages", "calendar": "calendar items"}
_ONLY = {
    "GroupMatcher": {"whatsapp"}, "ChatMatcher": {"whatsapp"}, "MentionMatcher": {"whatsapp"},
    "CreatedTodayMatcher": {"calendar"}, "StartsWithinMatcher": {"calendar"}, "RecurrenceMatcher": {"calendar"},
}


@dataclass(frozen=True)
class CheckedRule:
    section: str  # always | never | custom
    text: str
    understood: bool
    meaning: str  # what the local decider does with it, or why it needs a model


@dataclass
class RulesCheck:
    rules: list[CheckedRule] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    ruleset: RuleSet = field(default_factory=RuleSet)

    @property
    def needs_model(self) -> list[CheckedRule]:
        return [r for r in self.rules if not r.understood]


def _kinds(matcher: Matcher) -> frozenset[str]:
    """The kinds of event `matcher` can ever hold for."""
    name = type(matcher).__name__
    if name in _ONLY:
        return frozenset(_ONLY[name])
    if isinstance(matcher, SenderMatcher) and all(s.kind in {"unknown", "known"} for s in matcher.specs):
        return frozenset({"whatsapp"})
    if isinstance(matcher, CategoryMatcher):
        return frozenset({"email", "whatsapp"} if matcher.categories & {"spam", "marketing"} else {"email"})
    return ALL_KINDS


def dead_end(rule: Rule) -> str | None:
    """Why no event can ever match `rule`'s scope, or None when some can."""
    if not rule.understood:
        return None
    kinds = set(rule.kinds or ALL_KINDS)
    needs = list(rule.scope) + ([] if rule.negated or rule.exclusive else list(rule.condition))
    for matcher in needs:
        allowed = _kinds(matcher)
        if not kinds & allowed:
            named = " or ".join(_KIND_WORDS[k] for k in sorted(rule.kinds or ALL_KINDS))
            only = " or ".join(_KIND_WORDS[k] for k in sorted(allowed))
            return f'it is about {named}, but "{matcher.describe()}" only happens in {only}'
        kinds &= allowed
    groups = {m.group for m in needs if isinstance(m, GroupMatcher)}
    if len(groups) == 2:
        return "it asks for a group chat and a direct message at once"
    return None


def _senders(rule: Rule) -> dict[tuple[str, str], str]:
    """The senders a rule names: (kind, folded value) -> the value as written."""
    out: dict[tuple[str, str], str] = {}
    for m in rule.scope + rule.condition:
        if isinstance(m, SenderMatcher):
            for s in m.specs:
                if s.kind != "unknown":
                    out[(s.kind if s.kind in {"domain", "address"} else "name", fold(s.value).strip())] = s.value
    return out


def _unknown_sections(text: str) -> list[str]:
    """Headings that are not a section tic knows, outside any known section (a leading title excepted)."""
    tokens = MarkdownIt("commonmark").parse(text)
    out: list[str] = []
    current_level = 0
    first = True
    for i, tok in enumerate(tokens):
        if tok.type != "heading_open":
            continue
        level, title = int(tok.tag[1]), _plain(tokens[i + 1])
        if section_of(title):
            current_level, first = level, False
            continue
        if current_level and level > current_level:
            continue  # a sub-heading inside a known section stays in it
        if first and level == 1:
            first = False
            continue  # the document's title
        first = False
        current_level = 0
        out.append(title)
    return out


def check_rules(text: str | None) -> RulesCheck:
    """Parse `text` as parse_rules does and report what it understood and what looks wrong."""
    ruleset = parse_rules(text)
    report = RulesCheck(ruleset=ruleset)
    for section in ("always", "never", "custom"):
        for rule in getattr(ruleset, section):
            meaning = rule.describe() if rule.understood else f"needs a model: {rule.note}"
            report.rules.append(CheckedRule(section, rule.text, rule.understood, meaning))
            if why := dead_end(rule):
                report.warnings.append(f'{SECTION_LABELS[section]}: "{rule.text}" can match no event: {why}')
    for always in ruleset.always:
        for never in ruleset.never:
            named = _senders(always)
            for key in sorted(named.keys() & _senders(never).keys()):
                value = named[key]
                report.warnings.append(
                    f'sender "{value}" is in both Always notify ("{always.text}") and Never notify ("{never.text}"): '
                    "Never wins wherever both match")
    for title in _unknown_sections(text or ""):
        from_it = [r for r in ruleset.custom if r.heading == title]
        tail = f"; {len(from_it)} of its items are read as custom rules" if from_it else ""
        report.warnings.append(f'unknown section "{title}": not Always notify, Never notify or Custom rules, '
                               f"so its text is read as guidance only{tail}")
    return report
