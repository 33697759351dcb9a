"""Read the user's notification preferences (data/notifications.md) into a RuleSet (T3, T7).

The Markdown is parsed with markdown-it-py tokens, not line regexes. Sections are
found by heading, case-insensitively and tolerantly ("## Always notify",
"## always", "### Never", "## Custom rules", "## Mute" ...); a deeper heading inside
a known section stays in it. Rules are the bullet items of a section, or the
sentences of its prose paragraphs. Text outside the known sections is kept as
guidance (and, when a file has no known section at all, its sentences that give
a clear directive are read as custom rules). Each rule is compiled into
matchers (see `_compile`); a rule the local decider cannot understand keeps
`understood=False` and a note, so it can be reported, never silently ignored.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import datetime

from markdown_it import MarkdownIt
from markdown_it.token import Token

from tic.sources import Event
from tic.triage._compile import DIRECTIVE_NEG, DIRECTIVE_POS, compile_rule
from tic.triage._matchers import Matcher

__all__ = ["Rule", "RuleSet", "parse_rules", "section_of"]

SECTIONS = ("always", "never", "custom")
_WANTS = re.compile(r"\b(care|want|interest(ed|ing)?|notify|tell|alert|hear)\b", re.I)
_PSEUDO_HEADINGS = {"always notify", "never notify", "custom rules", "always", "never", "custom",
                    "always notify me", "never notify me"}
_KIND_WORDS = {"email": "an e-mail", "whatsapp": "a WhatsApp message", "calendar": "a calendar item"}


@dataclass(frozen=True)
class Rule:
    """One rule: its section, its text as written, and its understood form.

    `applies(event, now)` returns (effect, explanation) when the rule decides the
    event - effect "notify" or "drop" - or None when it says nothing about it.
    """

    section: str  # "always" | "never" | "custom"
    text: str
    understood: bool = True
    note: str = ""
    effect: str = "notify"
    kinds: frozenset[str] = frozenset()
    scope: tuple[Matcher, ...] = ()
    condition: tuple[Matcher, ...] = ()
    negated: bool = False  # "unless": the condition holding means the opposite
    exclusive: bool = False  # "only ... if" / "unless": failing the condition flips the effect
    heading: str = ""

    def applies(self, event: Event, now: datetime) -> tuple[str, str] | None:
        if not self.understood or (self.kinds and event.kind not in self.kinds):
            return None
        found: list[str] = []
        for matcher in self.scope:
            hit = matcher.match(event, now)
            if hit is None:
                return None
            found.append(hit)
        if not self.scope:
            found.append(_KIND_WORDS[event.kind])
        if not self.condition:
            return self.effect, "; ".join(found)
        hits = [m.match(event, now) for m in self.condition]
        met = all(h is not None for h in hits)
        if met:
            found += [h for h in hits if h]
        else:
            found.append(" and ".join(_absent(m) for m, h in zip(self.condition, hits) if h is None))
        if met != self.negated:
            return self.effect, "; ".join(found)
        if self.exclusive:
            return ("drop" if self.effect == "notify" else "notify"), "; ".join(found)
        return None

    @property
    def specificity(self) -> int:
        """2: names senders, a topic or a chat; 1: other conditions; 0: a whole channel."""
        names = {"SenderMatcher", "TopicMatcher", "ChatMatcher"}
        kinds = {type(m).__name__ for m in self.scope + self.condition}
        return 2 if kinds & names else 1 if kinds else 0

    def describe(self) -> str:
        """What the decider understood, for `./tic rules` style listings."""
        if not self.understood:
            return f"not understood: {self.note}"
        parts = [", ".join(sorted(self.kinds)) or "any event"] + [m.describe() for m in self.scope]
        if self.condition:
            word = "unless" if self.negated else ("only if" if self.exclusive else "if")
            parts.append(f"{word} " + " and ".join(m.describe() for m in self.condition))
        return f"{self.effect}: " + "; ".join(parts)


def _absent(matcher: Matcher) -> str:
    """How to say a condition did not hold ("no @-mention of the user")."""
    text = matcher.describe()
    if text.startswith(("an ", "a ")):
        return "no " + text.split(" ", 1)[1]
    if text.startswith("starts "):
        return "does not start " + text[len("starts "):]
    return f"not {text}"


@dataclass(frozen=True)
class RuleSet:
    """The parsed preferences. `is_empty`: no rule at all -> built-in heuristics only."""

    always: tuple[Rule, ...] = ()
    never: tuple[Rule, ...] = ()
    custom: tuple[Rule, ...] = ()
    guidance: str = ""
    unknown_sections: tuple[str, ...] = ()

    @property
    def rules(self) -> tuple[Rule, ...]:
        return self.never + self.custom + self.always

    @property
    def is_empty(self) -> bool:
        return not (self.always or self.never or self.custom)

    @property
    def not_understood(self) -> tuple[Rule, ...]:
        return tuple(r for r in self.rules if not r.understood)


def section_of(heading: str) -> str | None:
    """Map a heading to always/never/custom, tolerantly; None for any other heading."""
    h = heading.strip().lower()
    if re.search(r"\b(never|mute[ds]?|ignore|don'?t|do not|silence|skip|block|quiet|no notifications?|nie|niemals|"
                 r"mai|nunca|jamais)\b", h):
        return "never"
    if re.search(r"\b(always|vip|priority|important|notify me|must see|immer|sempre|siempre|toujours)\b", h) \
            or h in {"notify", "notify me"}:
        return "always"
    if re.search(r"\b(custom|rules?|conditions?|conditional|exceptions?|special cases?|regeln|regole|reglas|"
                 r"r[èe]gles)\b", h):
        return "custom"
    return None


def _plain(token: Token) -> str:
    parts = []
    for child in token.children or []:
        if child.type in {"text", "code_inline"}:
            parts.append(child.content)
        elif child.type in {"softbreak", "hardbreak"}:
            parts.append(" ")
        elif child.type == "image":
            parts.append(child.content)
    return " ".join("".join(parts).split())


_ABBREV = re.compile(r"(\b(dr|mr|mrs|ms|st|mt|jr|sr|vs|etc|e\.g|i\.e|no|co|inc|ltd|approx)\.|\b[A-Z]\.)$", re.I)


def sentences(text: str) -> list[str]:
    """Split prose into sentences, keeping "Dr." / "St." / "e.g." and domains intact."""
    pieces = re.split(r"(?<=[.!?])\s+(?=[\"“'(\[]?[A-Z0-9@#])", text.strip())
    out: list[str] = []
    for piece in pieces:
        if out and _ABBREV.search(out[-1]):
            out[-1] += " " + piece
        else:
            out.append(piece)
    return [s.strip() for s in out if s.strip()]


def _blocks(tokens: list[Token]) -> list[list]:
    """[kind, level, text, depth, has_children] for headings, paragraphs and list items, in order."""
    blocks: list[list] = []
    stack: list[list] = []
    for i, tok in enumerate(tokens):
        if tok.type == "heading_open":
            blocks.append(["heading", int(tok.tag[1]), _plain(tokens[i + 1]), 0, False])
        elif tok.type == "list_item_open":
            if stack:
                stack[-1][4] = True
            stack.append(["item", 0, "", len(stack) + 1, False])
            blocks.append(stack[-1])
        elif tok.type == "list_item_close":
            stack.pop()
        elif tok.type == "inline" and tokens[i - 1].type == "paragraph_open":
            if stack:
                stack[-1][2] = (stack[-1][2] + " " + _plain(tok)).strip()
            else:
                blocks.append(["paragraph", 0, _plain(tok), 0, False])
    return blocks


def _is_commentary(text: str, compiled) -> bool:
    return (not compiled.understood and compiled.note.startswith("no sender")
            and not DIRECTIVE_POS.search(text) and not DIRECTIVE_NEG.search(text))


def parse_rules(text: str | None) -> RuleSet:
    """Parse notifications.md (None or '' = no file: built-in heuristics only)."""
    if not text or not text.strip():
        return RuleSet()
    tokens = MarkdownIt("commonmark").parse(text)
    rules: dict[str, list[Rule]] = {s: [] for s in SECTIONS}
    guidance: list[str] = []
    unknown: list[str] = []
    current: str | None = None
    level = 0
    heading = ""
    found_section = False
    parents: dict[int, str] = {}
    loose: list[tuple[str, str]] = []
    for kind, lvl, body, depth, has_children in _blocks(tokens):
        if kind == "heading":
            sec = section_of(body)
            if sec:
                current, level, heading, found_section = sec, lvl, body, True
            elif current and lvl > level:
                guidance.append(body)
            else:
                current, heading = None, body
                unknown.append(body)
                guidance.append(body)
            continue
        if not body:
            continue
        label = body.strip().strip("*_").rstrip(":").strip("*_ ")
        pseudo = body.rstrip().endswith(":") or label.lower() in _PSEUDO_HEADINGS
        if kind == "paragraph" and pseudo and len(label.split()) <= 4 and (sec := section_of(label)):
            current, heading, found_section = sec, label, True  # "**Always notify:**" used as a heading
            continue
        if current is None:
            guidance.append(body)
            if kind == "item":
                loose.append((heading, body))
            continue
        if kind == "item":
            if has_children and body.rstrip().endswith(":"):
                parents[depth] = body.rstrip()
                continue
            full = f"{parents[depth - 1]} {body}" if depth - 1 in parents else body
            rules[current].append(_rule(current, full, heading))
        else:
            for sentence in sentences(body):
                compiled = compile_rule(sentence, current)
                if _is_commentary(sentence, compiled):
                    guidance.append(sentence)
                else:
                    rules[current].append(_rule(current, sentence, heading, compiled))
    for head, body in loose:  # "## People I care about" with bullets: read by the heading's polarity
        if not found_section or _WANTS.search(head):
            rule = _rule("custom", body, head)
            if rule.understood and rule.scope:
                drop = bool(DIRECTIVE_NEG.search(head)) and not DIRECTIVE_POS.search(body)
                rules["custom"].append(replace(rule, effect="drop") if drop else rule)
    if not found_section:
        for para in (g for g in guidance if all(g != b for _, b in loose)):
            for sentence in sentences(para):
                if DIRECTIVE_POS.search(sentence) or DIRECTIVE_NEG.search(sentence):
                    rule = _rule("custom", sentence, "")
                    if rule.understood:
                        rules["custom"].append(rule)
    return RuleSet(
        always=tuple(rules["always"]), never=tuple(rules["never"]), custom=tuple(rules["custom"]),
        guidance="\n\n".join(guidance), unknown_sections=tuple(unknown),
    )


def _rule(section: str, text: str, heading: str, compiled=None) -> Rule:
    c = compiled or compile_rule(text, section)
    default = {"always": "notify", "never": "drop"}.get(section, "notify")
    return Rule(
        section=section, text=text, understood=c.understood, note=c.note, effect=c.effect or default,
        kinds=c.kinds, scope=c.scope, condition=c.condition, negated=c.negated, exclusive=c.exclusive,
        heading=heading,
    )
