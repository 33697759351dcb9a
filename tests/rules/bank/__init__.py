"""The paraphrase bank (issue 7, item 8): rule sentences with their intended meaning, as probes.

Each language module (`en`, `es`, `pt`, `de`, `fr`, `mixed`) defines `CASES: list[Case]`; `prose`
holds sentences that are not rules at all ("About me" context, T3).
"""

from __future__ import annotations

import importlib

from tests.rules.bank._probe import Case, Probe

MODULES = ("en", "es", "pt", "de", "fr", "mixed")


def all_cases() -> list[Case]:
    """Every case of every language module, in order; ids are unique."""
    cases = [c for m in MODULES for c in importlib.import_module(f"tests.rules.bank.{m}").CASES]
    seen: set[str] = set()
    for c in cases:
        if c.id in seen:
            raise ValueError(f"duplicate case id {c.id}")
        seen.add(c.id)
    return cases


__all__ = ["MODULES", "Case", "Probe", "all_cases"]
