"""The guard in front of the rule reader (R2, T7): bounded input, no exception, each file version read once.

    ruleset = guarded_rules(rules_text)     # what `tic.rules.read_rules` gives, within bounds

- A rule (a line) longer than RULE_CHARS is not read: it becomes a rule "not
  understood: too long", in the section its heading gives, so every verdict it
  could change is uncertain, like any rule the reader refuses.
- A file too large to read (`prompt.OversizeRules`, put in its place by the
  tick) is one rule not understood: the heuristics decide, all uncertain.
- A reader that raises on the file does not stop the tick: the file reads as
  one rule not understood, saying why, and the error is logged.
- The reader costs about 1-2 ms per rule (linear in the file's size), so the
  last few files read are remembered by their text: a tick reads an unchanged
  file for free, and the chunks of one tick share one reading.
"""

from __future__ import annotations

import logging
import re
from dataclasses import replace
from functools import lru_cache

from tic.rules import Rule, RuleSet, read_rules
from tic.triage.prompt import RULE_CHARS, RULES_FILE_CAP, OversizeRules

__all__ = ["guarded_rules"]

log = logging.getLogger(__name__)

_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$")


def guarded_rules(text: str | None) -> RuleSet:
    """The file's rules as `read_rules` reads them, within the bounds the module docstring gives."""
    if isinstance(text, OversizeRules):
        return _unreadable(f"the rules file is {text.size:,} bytes, more than the {RULES_FILE_CAP // 1024} KiB "
                           "that are read", "(the whole rules file)")
    if not text:
        return read_rules(text)
    if len(text) > RULES_FILE_CAP:
        return _unreadable(f"the rules are {len(text):,} characters, more than the {RULES_FILE_CAP // 1024} KiB "
                           "that are read", "(the whole rules file)")
    return _read(text)


@lru_cache(maxsize=4)
def _read(text: str) -> RuleSet:
    lines = text.split("\n")
    long = [n for n, line in enumerate(lines) if len(line) > RULE_CHARS]
    skip = set(long)
    shown = "\n".join("" if n in skip else line for n, line in enumerate(lines)) if long else text
    try:
        ruleset = read_rules(shown)
    except Exception as exc:  # noqa: BLE001 - a reader fault must not stop the triage agent (R2)
        log.exception("the rules file could not be read")
        return replace(_unreadable(f"the reader failed on it ({type(exc).__name__}: {str(exc)[:200]})",
                                   "(the whole rules file)"), text=text)
    if not long:
        return ruleset
    effects = {heading: effect for heading, effect in ruleset.headings}
    extra = []
    for n in long:
        heading = _heading_above(lines, n)
        section = effects.get(heading, "custom")
        extra.append(Rule(section=section if section in ("always", "never", "custom") else "custom",
                          text=lines[n].strip()[:120] + "…", heading=heading,
                          why_not=f"too long: {len(lines[n]):,} characters (a rule may have {RULE_CHARS:,})"))
    return replace(ruleset, rules=ruleset.rules + tuple(extra), text=text)


def _heading_above(lines: list[str], n: int) -> str:
    for line in reversed(lines[:n]):
        if m := _HEADING.match(line):
            return m.group(1)
    return ""


def _unreadable(why: str, text: str) -> RuleSet:
    """A rule set of one rule not understood: every decision is the heuristics', uncertain, saying why."""
    return RuleSet(rules=(Rule(section="custom", text=text, why_not=why),), text=text)
