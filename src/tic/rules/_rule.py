"""Rule, RuleSet, Context and Verdict: a rule as written, its reading, and how it judges one event."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field, replace

from tic.rules._context import Context, Verdict
from tic.rules._match import judge, possible_kinds, specificity
from tic.rules._scan import scan
from tic.rules._scope import _flat, kinds_said
from tic.rules._reading import Reading
from tic.rules._render import render
from tic.sources import Event

__all__ = ["Rule", "RuleSet", "SECTIONS"]

SECTIONS = ("always", "never", "custom")


@dataclass(frozen=True)
class Rule:
    """One rule: where it is, its text as written, and its reading (None = not understood, see `why_not`).

    `read_by` is "local" (the offline reader) or "model" (read by the configured model, T7).
    """

    section: str  # always | never | custom (the effect the heading says, T3)
    text: str
    reading: Reading | None = None
    why_not: str = ""
    heading: str = ""
    read_by: str = "local"

    @property
    def understood(self) -> bool:
        return self.reading is not None

    @property
    def catch_all(self) -> bool:
        return self.reading is not None and self.reading.catch_all

    def render(self) -> str:
        """The reading as one plain English sentence (reading it gives the same reading back)."""
        return render(self.reading) if self.reading is not None else f"not understood: {self.why_not}"

    def verdict(self, event: Event, ctx: Context) -> Verdict | None:
        """What this rule says about `event` at `ctx`, or None when it does not cover it."""
        if self.reading is None:
            return None
        return judge(self.reading, event, ctx)

    @property
    def may_cover(self) -> frozenset[str]:
        """The kinds of event this rule can be about: its reading's, or - not understood - those its words name."""
        return possible_kinds(self.reading.when) if self.reading is not None else kinds_said(self.text)

    @property
    def specificity(self) -> int:
        return specificity(self.reading) if self.reading is not None else 0

    def with_reading(self, reading: Reading, read_by: str) -> "Rule":
        return replace(self, reading=reading, why_not="", read_by=read_by)


@dataclass(frozen=True)
class RuleSet:
    """Every rule of a file, in order; `context` is prose that is not a rule (T3); `headings` what each
    heading was taken as ("Always notify", "Never notify", "Custom rules" or "context")."""

    rules: tuple[Rule, ...] = ()
    context: tuple[str, ...] = ()
    headings: tuple[tuple[str, str], ...] = ()
    text: str = ""

    @property
    def is_empty(self) -> bool:
        return not self.rules

    @property
    def not_understood(self) -> tuple[Rule, ...]:
        return tuple(r for r in self.rules if not r.understood)

    def section(self, name: str) -> tuple[Rule, ...]:
        return tuple(r for r in self.rules if r.section == name)

    @property
    def version(self) -> str:
        """A fingerprint of the file's text (a model's readings are cached per version, T7)."""
        return hashlib.sha256(self.text.encode("utf-8", "surrogatepass")).hexdigest()[:16]

    @property
    def domains(self) -> frozenset[str]:
        """The mail domains the file names ("@stbrigidscc.ie", "kp@dawsoncornwell.com"), understood or not: the
        user's own correspondents, whose look-alikes are impostors (issue 7, item 6)."""
        found: set[str] = set()
        for rule in self.rules:
            for it in _flat(scan(rule.text)):
                if it.cls in {"domain", "email"}:
                    found.add(it.text.lower().lstrip("@").rpartition("@")[2])
        return frozenset(found)

    def with_readings(self, readings: dict[str, Reading], read_by: str = "model") -> "RuleSet":
        """The same rules, with `readings` (by rule text) filled in for rules not understood locally."""
        rules = tuple(r.with_reading(readings[r.text], read_by) if not r.understood and r.text in readings else r
                      for r in self.rules)
        return replace(self, rules=rules)
