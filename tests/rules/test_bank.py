"""The paraphrase bank against the rule reader, through its public face only (T3, T7, T9, T10, T11).

1. never misread: an understood rule gives every probe the verdict its words mean (the hard guarantee);
2. refuses what it cannot read: a rule the bank marks `understood=False` is refused, with a reason;
3. reads the common shapes: a `must` rule is understood offline;
4. coverage: at least 75% of the sentences not marked unreadable are understood;
5. render round trip: reading the rendered sentence gives the same reading;
and prose that is not a rule stays context (T3).
"""

from __future__ import annotations

from collections import Counter

import pytest

from tests.rules.bank import all_cases
from tests.rules.bank._probe import ME, TZ, Case
from tests.rules.bank.prose import PROSE
from tic.rules import Context, read_rule, read_rules

CASES = all_cases()
UNREADABLE = [c for c in CASES if c.understood is False]
MUST = [c for c in CASES if c.must]
COVERAGE_FLOOR = 0.75


def _params(cases: list[Case]) -> list:
    return [pytest.param(c, id=c.id) for c in cases]


_read: dict[tuple[str, str], object] = {}


def _rule(case: Case):
    key = (case.text, case.section)
    if key not in _read:
        _read[key] = read_rule(case.text, case.section)
    return _read[key]


def _show(case: Case, rule) -> str:
    reading = rule.reading.model_dump_json(exclude_defaults=True) if rule.reading is not None else None
    return f"\n  rule [{case.section}]: {case.text!r}\n  reading: {reading}\n  renders: {rule.render()!r}"


@pytest.mark.parametrize("case", _params(CASES))
def test_t7_never_misread(case: Case) -> None:
    rule = _rule(case)
    if not rule.understood:
        return
    assert case.understood is not False, f"understood a rule that cannot be read offline{_show(case, rule)}"
    assert rule.catch_all == case.catch_all, f"catch-all is {case.catch_all}, read as {rule.catch_all}{_show(case, rule)}"
    wrong = []
    for i, probe in enumerate(case.probes):
        verdict = rule.verdict(probe.event, Context(now=probe.now, tz=TZ, me=frozenset({ME.address})))
        got = None if verdict is None else verdict.effect
        where = (f"probe {i} ({probe.note or probe.event.key}; at {probe.at or 'NOW'}): "
                 f"{probe.event.kind} from {probe.event.sender} {probe.event.subject or probe.event.body!r}")
        if got not in probe.expects():
            wrong.append(f"{where}: expected {probe.expect}, got {got}")
            continue
        if got == "hold":
            if verdict.held_until is None or verdict.held_until <= probe.now:
                wrong.append(f"{where}: a hold must say until when (after now), got {verdict.held_until}")
            elif probe.held_until is not None and verdict.held_until != probe.held_until:
                wrong.append(f"{where}: held until {verdict.held_until.astimezone(TZ):%a %Y-%m-%d %H:%M}, "
                             f"expected {probe.until}")
    assert not wrong, "misread:" + _show(case, rule) + "\n  " + "\n  ".join(wrong)


@pytest.mark.parametrize("case", _params(UNREADABLE))
def test_t7_refuses_what_it_cannot_read(case: Case) -> None:
    rule = _rule(case)
    assert not rule.understood, f"must be refused offline{_show(case, rule)}"
    assert rule.why_not.strip(), f"a refusal says why{_show(case, rule)}"


@pytest.mark.parametrize("case", _params(MUST))
def test_t7_reads_the_common_shapes(case: Case) -> None:
    rule = _rule(case)
    assert rule.understood, f"not understood: {rule.why_not}{_show(case, rule)}"


def test_t7_coverage() -> None:
    counted = [c for c in CASES if c.understood is not False]
    total: Counter[str] = Counter(c.lang for c in counted)
    read: Counter[str] = Counter(c.lang for c in counted if _rule(c).understood)
    refused = Counter(c.lang for c in UNREADABLE if not _rule(c).understood)
    print()
    for lang in sorted(total):
        print(f"  {lang:6} understood {read[lang]:3}/{total[lang]:3}   "
              f"refused as expected {refused[lang]}/{sum(c.lang == lang for c in UNREADABLE)}")
    ratio = sum(read.values()) / len(counted)
    print(f"  all    understood {sum(read.values())}/{len(counted)} = {ratio:.0%}")
    assert ratio >= COVERAGE_FLOOR, f"only {ratio:.0%} of the bank's readable sentences understood"


@pytest.mark.parametrize("case", _params([c for c in CASES if c.understood is not False]))
def test_t7_render_round_trip(case: Case) -> None:
    rule = _rule(case)
    if not rule.understood:
        pytest.skip("not understood")
    sentence = rule.render()
    again = read_rule(sentence, rule.section)
    assert again.understood, f"its own rendering {sentence!r} is not understood: {again.why_not}{_show(case, rule)}"
    assert again.reading == rule.reading, (f"rendering {sentence!r} reads back differently:\n"
                                           f"  {again.reading.model_dump_json(exclude_defaults=True)}{_show(case, rule)}")


@pytest.mark.parametrize("prose", [pytest.param(p, id=p.id) for p in PROSE])
def test_t3_prose_is_context(prose) -> None:
    """An "About me" sentence is context: never a rule, whatever section it is read in."""
    for text in (f"# Notifications\n\n## About me\n\n{prose.text}\n",
                 f"# Notifications\n\n{prose.text}\n\n## Never notify\n\n"):
        rules = read_rules(text)
        assert not rules.rules, f"{prose.text!r} became a rule: {[r.text for r in rules.rules]}"
        assert any(prose.text in c for c in rules.context), f"{prose.text!r} is not kept as context: {rules.context}"
    for section in ("custom", "always", "never"):
        rule = read_rule(prose.text, section)
        assert not rule.understood, f"prose read as a rule in {section}: {rule.render()}"
