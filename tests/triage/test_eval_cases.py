"""Every DEV evaluation case, decided offline: parse_rules + the real sources + LocalDecider (T3, T7, R1).

Each shared case folder (../shared/eval/dev beside the project) holds notifications.md (absent in
the heuristics case), now.txt, sources/ and expected.json; every decision must
match. Skipped when the eval folder is absent. The same runs over our own cases
in tests/triage/cases/ (other people, companies, languages and phrasings: German-
style English, prose with "unless" and an extra section) to show the rules are
read by shape, not by name.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tic.clock import parse_instant
from tic.triage.decide import local_decisions

# The shared evaluation cases live beside the project (../shared/eval/dev); TIC_EVAL_DIR points elsewhere.
EVAL = Path(os.environ.get("TIC_EVAL_DIR") or Path(__file__).resolve().parents[3] / "shared" / "eval" / "dev")
CASES = sorted(p for p in EVAL.iterdir() if (p / "expected.json").is_file()) if EVAL.is_dir() else []
OWN = sorted(p for p in (Path(__file__).parent / "cases").iterdir() if (p / "expected.json").is_file())


def _events(case: Path, now):
    from tic.sources import sources_from_dir

    events = []
    for source in sources_from_dir(case / "sources"):
        fetched = source.fetch(None, now=now, since=None)
        assert not fetched.errors, fetched.errors
        events += fetched.events
    return events


@pytest.mark.skipif(not CASES, reason="no shared evaluation cases beside the project")
@pytest.mark.parametrize("case", CASES, ids=lambda p: p.name)
def test_t3_t7_eval_case_decisions_match(case: Path) -> None:
    _check(case)


@pytest.mark.parametrize("case", OWN, ids=lambda p: p.name)
def test_t3_t7_own_cases_generalise(case: Path) -> None:
    """Our own cases, some written by someone who never saw the reader: every decision that disagrees with the
    expectation must be an uncertain one (a rule was refused, so a configured model decides it) - never a wrong
    reading decided with certainty (T7) - and each case scores at least 0.85 offline."""
    _check(case, only_certain=True)


def _check(case: Path, *, only_certain: bool = False) -> None:
    now = parse_instant((case / "now.txt").read_text())
    rules_file = case / "notifications.md"
    expected = json.loads((case / "expected.json").read_text())
    events = _events(case, now)
    assert sorted(e.key for e in events) == sorted(expected), "one event per expected key"
    mismatches = []
    decisions = local_decisions(events, rules_file.read_text() if rules_file.exists() else None, now)
    for event, decision in zip(events, decisions):
        want = expected[event.key]
        if decision.notify != want["notify"]:
            mismatches.append(f"{'certain ' if decision.certain else ''}{event.key}: got notify={decision.notify} "
                              f"({decision.reason}); want {want['notify']} ({want['why']})")
        if decision.notify:
            assert decision.summary, event.key
    print(f"{case.name}: {len(events) - len(mismatches)}/{len(events)}")
    if only_certain:
        certain = [m for m in mismatches if m.startswith("certain ")]
        assert not certain, "\n".join(certain)
        assert len(mismatches) <= 0.15 * len(events), "\n".join(mismatches)
        return
    assert not mismatches, "\n".join(mismatches)
