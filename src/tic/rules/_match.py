"""A Reading applied to one event: which effect, why, and until when a hold lasts (T7, T9, T11).

`holds(cond, event, ctx)` returns a short explanation when the condition holds
("sender domain is kestrellabs.com; starts in 45 minutes") or None. The leaf
conditions are the registered shapes (`_shapes.py`); this module combines them
(all / any / not), applies a reading's exception and effect, and works out when
a hold ends.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta

from tic.rules import _reading as R
from tic.rules._context import Verdict
from tic.rules._render import absent
from tic.rules._shapes import ALL_KINDS, KIND_WORDS, SHAPES, window_bounds, window_local
from tic.signals import NAME_KNOWN_REF
from tic.sources import Event

__all__ = ["ALL_KINDS", "holds", "judge", "ops", "possible_kinds", "specificity", "release_time"]


def holds(cond, event: Event, ctx) -> str | None:
    if isinstance(cond, R.All):
        return _all(cond, event, ctx)
    if isinstance(cond, R.Any):
        return _any(cond, event, ctx)
    if isinstance(cond, R.Not):
        return _not(cond, event, ctx)
    return SHAPES[cond.op].holds(cond, event, ctx)


def _all(c: R.All, e, ctx):
    hits = []
    for sub in c.of:
        hit = holds(sub, e, ctx)
        if hit is None:
            return None
        hits.append(hit)
    said = [h for h in dict.fromkeys(hits) if h]
    plain = [h for h in said if h not in KIND_WORDS.values()]  # "a WhatsApp message" says nothing beside the rest
    return "; ".join(plain or said)


def _any(c: R.Any, e, ctx):
    for sub in c.of:
        if (hit := holds(sub, e, ctx)) is not None:
            return hit
    return None


def _not(c: R.Not, e, ctx):
    if holds(c.of, e, ctx) is None:
        return absent(c.of)
    return None


def release_time(cond, ctx) -> datetime | None:
    """When the windows in `cond` that hold now end (the hold's release), or None. Windows that follow on from
    each other are one hold ("on weekends, and on Mondays until 09:00": released Monday 09:00)."""
    windows = _windows(cond)
    ends = [b[1] for w in windows if (b := window_bounds(w, window_local(w, ctx))) is not None]
    if not ends:
        return None
    end = max(ends)
    for _ in range(8):
        later = [b[1] for w in windows if (b := window_bounds(w, end.astimezone(window_local(w, ctx).tzinfo)))
                 is not None and b[1] > end]
        if not later:
            break
        end = max(later)
    return end


def _windows(cond) -> list:
    if isinstance(cond, R.Window):
        return [cond]
    if isinstance(cond, (R.All, R.Any)):
        return [w for c in cond.of for w in _windows(c)]
    return []


def _needs_judgement(cond) -> str:
    if cond is None:
        return ""
    if isinstance(cond, R.Judgement):
        return cond.question
    if isinstance(cond, (R.All, R.Any)):
        return next((q for q in (_needs_judgement(c) for c in cond.of) if q), "")
    if isinstance(cond, R.Not):
        return _needs_judgement(cond.of)
    return ""


_QUESTIONS: dict[int, tuple[R.Reading, str]] = {}


def _question(reading: R.Reading) -> str:
    """The judgement a reading needs ("anything urgent"), worked out once per reading."""
    hit = _QUESTIONS.get(id(reading))
    if hit is None or hit[0] is not reading:
        if len(_QUESTIONS) > 4096:
            _QUESTIONS.clear()
        hit = (reading, _needs_judgement(reading.when) or _needs_judgement(reading.unless))
        _QUESTIONS[id(reading)] = hit
    return hit[1]


def judge(reading: R.Reading, event: Event, ctx):
    """The Verdict of `reading` on `event`, or None when the rule does not cover it."""
    question = _question(reading)
    scope = holds(reading.when, event, ctx)
    if scope is None:
        if question and holds(_assume_judged(reading.when), event, ctx) is not None:
            return Verdict("", "", judgement=question)  # the rule may cover it: only a model can tell
        if _may_doubt(reading, event) and (doubt := holds(reading.when, event, replace(ctx, trust_names=True))):
            return Verdict("", "", doubt=doubt)  # only by a name shown from an address not known for it (8.6)
        return None
    effect, why = reading.effect, scope
    if reading.unless is not None:
        hit = holds(reading.unless, event, ctx)
        if hit is not None:
            effect, why = reading.exception_effect, f"{scope}; {hit}"
        elif isinstance(reading.unless, R.Not) and (inner := holds(reading.unless.of, event, ctx)):
            why = f"{scope}; {inner}"  # "only if I am mentioned": and the user is
    held = None
    if effect == "hold":
        held = release_time(reading.when, ctx) or release_time(Not_to_window(reading.unless), ctx)
        if held is None:
            held = _next_window_start(reading.unless, ctx)
        if held is None:
            return None
    return Verdict(effect, why, held_until=held, judgement=question)


def _may_doubt(reading: R.Reading, event: Event) -> bool:
    """Something is known about the addresses of a person the reading names (the rule gives them, or the Sent
    folder knows the sender's display name elsewhere), so a name shown might only claim to be them (8.6)."""
    hit = _NAMES.get(id(reading))
    if hit is None or hit[0] is not reading:
        if len(_NAMES) > 4096:
            _NAMES.clear()
        hit = (reading, _names(reading.when))
        _NAMES[id(reading)] = hit
    return hit[1] == "pinned" or bool(hit[1]) and NAME_KNOWN_REF in event.refs


_NAMES: dict[int, tuple[R.Reading, str]] = {}


def _names(cond) -> str:
    """"pinned" when a name in `cond` comes with its own addresses, "name" when it names someone, else ""."""
    if isinstance(cond, R.Sender):
        if any(w.of and w.by in {"address", "domain"} for w in cond.who):
            return "pinned"
        return "name" if any(w.by == "name" for w in cond.who) else ""
    subs = cond.of if isinstance(cond, (R.All, R.Any)) else (cond.of,) if isinstance(cond, R.Not) else ()
    found = [_names(c) for c in subs]
    return "pinned" if "pinned" in found else "name" if "name" in found else ""


def _assume_judged(cond):
    """`cond` with every judgement taken as met (what the rule could cover, at most)."""
    if isinstance(cond, R.Judgement):
        return R.Everything()
    if isinstance(cond, R.All):
        return R.All(of=tuple(_assume_judged(c) for c in cond.of))
    if isinstance(cond, R.Any):
        return R.Any(of=tuple(_assume_judged(c) for c in cond.of))
    if isinstance(cond, R.Not):
        return R.Everything() if _needs_judgement(cond.of) else cond
    return cond


def Not_to_window(cond):  # noqa: N802 - small adapter
    return cond.of if isinstance(cond, R.Not) else None


def _next_window_start(cond, ctx) -> datetime | None:
    """For 'only during W' rules held outside W: the next start of W."""
    windows = _windows(cond.of if isinstance(cond, R.Not) else cond)
    best = None
    for w in windows:
        probe = window_local(w, ctx)
        for _ in range(7 * 24 * 4):
            probe += timedelta(minutes=15)
            if window_bounds(w, probe) is not None:
                start = probe.replace(second=0, microsecond=0)
                best = start if best is None or start < best else best
                break
    return best


def possible_kinds(cond) -> frozenset[str]:
    """The kinds of event `cond` can ever hold for (a rule is skipped at once for the others)."""
    if isinstance(cond, R.All):
        out = ALL_KINDS
        for c in cond.of:
            out &= possible_kinds(c)
        return out
    if isinstance(cond, R.Any):
        return frozenset().union(*(possible_kinds(c) for c in cond.of))
    if isinstance(cond, R.Not):
        return ALL_KINDS
    return frozenset(SHAPES[cond.op].kinds(cond))


def specificity(reading: R.Reading) -> int:
    """How specific a rule is (the most specific rule explains a decision best): its most specific shape's."""
    return max((SHAPES[op].specificity for op in ops(reading.when) | ops(reading.unless) if op in SHAPES), default=0)


def ops(cond) -> set[str]:
    """The shapes (ops) a condition is made of, its connectives included."""
    if cond is None:
        return set()
    if isinstance(cond, (R.All, R.Any)):
        return {cond.op}.union(*(ops(c) for c in cond.of))
    if isinstance(cond, R.Not):
        return {"not"} | ops(cond.of)
    return {cond.op}
