"""The user's rules (data/notifications.md): parse the Markdown, read each rule into its typed reading
(all or nothing), render it back to one sentence, match events, check the file (T3, T7, T9, T10, T11).

    rules = read_rules(text)                      # a RuleSet: every rule with its Reading, or why not
    rule = read_rule("Mute newsletters", "never")  # one rule
    rule.understood, rule.reading, rule.why_not, rule.render()
    rule.verdict(event, ctx)                      # "notify" | "skip" | "hold" | None (says nothing about it)
    ctx = Context(now=..., tz=ZoneInfo("Europe/Madrid"))
"""

from tic.rules._reading import SCHEMA_VERSION, Reading
from tic.rules._context import Context, Verdict
from tic.rules._read import read_rule, read_rules
from tic.rules._rule import Rule, RuleSet
from tic.rules._cache import ReadingCache
from tic.rules._markdown import heading_effect
from tic.rules._match import ALL_KINDS, possible_kinds
from tic.rules._model_reader import ModelRuleReader
from tic.rules._with_model import readings_with_model

__all__ = ["ALL_KINDS", "SCHEMA_VERSION", "Context", "ModelRuleReader", "Reading", "ReadingCache", "Rule", "RuleSet",
           "Verdict", "heading_effect", "possible_kinds", "read_rule", "read_rules", "readings_with_model"]
