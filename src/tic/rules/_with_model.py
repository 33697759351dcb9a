"""The rules the offline reader did not understand, read by the configured model once per version of the file (T7, R3).

    ruleset = readings_with_model(read_rules(text), ModelRuleReader(model), ReadingCache(engine))

For the rules not understood locally: the cached readings of this version are
used; the rules this version has no row for are sent to the model in one
batched request (ModelRuleReader) and every answer is stored -- a reading, or
NULL with why for a rule the model refused or gave no valid reading for, so it
is not asked again every tick for the same file. A rule left open because the
model failed (down, timeout, ...) stores nothing and is asked again next tick.
So a second tick over the same file makes no rule-reading request at all.
"""

from __future__ import annotations

import logging
from typing import Callable

from tic.rules._cache import ReadingCache
from tic.rules._model_reader import ModelRuleReader, unique_texts
from tic.rules._reading import Reading
from tic.rules._rule import RuleSet

log = logging.getLogger(__name__)

__all__ = ["FAILURE_TEMPLATE", "readings_with_model"]

FAILURE_TEMPLATE = "the model could not read some rules of notifications.md"
MODEL_FAILED = "the model call failed: they are asked again next tick"
NO_VALID_ANSWER = "its answers were malformed: they stay not understood for this version of the file"

Warn = Callable[[str, dict[str, str]], None]


def readings_with_model(ruleset: RuleSet, reader: ModelRuleReader, cache: ReadingCache, *,
                        warn: Warn | None = None) -> RuleSet:
    """`ruleset` with the model's readings filled in for the rules the offline reader did not understand.

    `warn(template, params)` (optional) hears once per call when the model failed or left rules without a valid
    answer (fixed params per kind of problem, so a repeat-held notice can collect them, R3).
    """
    open_ = unique_texts(ruleset.not_understood)
    if not open_:
        return ruleset
    version = ruleset.version
    texts = [r.text for r in open_]
    known = cache.entries(version, texts)
    missing = [r for r in open_ if r.text not in known]
    if missing:
        outcome = reader.ask(missing, "\n".join(ruleset.context))
        rows: dict[str, Reading | None] = dict(outcome.readings)
        rows.update(dict.fromkeys(outcome.refused))
        why = dict(outcome.refused)
        if not outcome.failed:  # the model answered, just not validly: that is its answer for this version
            rows.update(dict.fromkeys(outcome.open))
            why.update(dict.fromkeys(outcome.open, f"no valid reading after {reader.attempts} requests"))
        cache.put(version, rows, why=why)
        log.info("rules version %s: the model read %d of %d rules (%d refused, %d open)", version,
                 len(outcome.readings), len(missing), len(outcome.refused), len(outcome.open))
        problem = MODEL_FAILED if outcome.failed else NO_VALID_ANSWER if outcome.open else ""
        if problem and warn is not None:
            warn(FAILURE_TEMPLATE, {"model": reader.model.name, "problem": problem})
        known = cache.entries(version, texts)  # what is stored now: another engine's first answer stands
    readings = {t: r for t, r in known.items() if r is not None}
    return ruleset.with_readings(readings, read_by="model") if readings else ruleset
