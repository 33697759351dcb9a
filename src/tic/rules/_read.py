"""Reading rules: one rule, or a whole notifications.md (the public entry points of tic.rules)."""

from __future__ import annotations

from tic.rules._markdown import parse
from tic.rules._reader import read
from tic.rules._rule import SECTIONS, Rule, RuleSet

__all__ = ["read_rule", "read_rules"]


def read_rule(text: str, section: str = "custom", *, heading: str = "") -> Rule:
    """Read one rule (a bullet item or a sentence) of `section` (always | never | custom)."""
    if section not in SECTIONS:
        raise ValueError(f"section must be one of {', '.join(SECTIONS)}, not {section!r}")
    reading, why_not = read(text, section)
    return Rule(section=section, text=text, reading=reading, why_not=why_not, heading=heading)


def read_rules(text: str | None) -> RuleSet:
    """Read a whole notifications.md (None or blank: no rules, the built-in heuristics decide)."""
    return parse(text or "")
