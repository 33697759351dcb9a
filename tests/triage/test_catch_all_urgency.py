"""T7/T10: under a "don't notify" catch-all, a rule refused only because it asks whether something is urgent
("cualquier cosa urgente de un cliente") steps the catch-all aside only for an event that shows something urgent,
a deadline or a problem; the rest the catch-all decides - uncertain either way, so a configured model judges."""

from __future__ import annotations

from tic.rules import read_rules
from tic.triage.decider import LocalDecider

from tests.rules.bank._probe import NOW, TZ, email

RULES = """## Custom rules
- Cualquier cosa urgente de un cliente del despacho.

## Todo lo demás
- Si no aplica ninguna de las reglas anteriores, no me avises.
"""


def decide(event):
    return LocalDecider(read_rules(RULES), TZ).decide(event, NOW)


def test_t10_a_question_with_nothing_urgent_is_left_to_the_catch_all():
    d = decide(email("Jorge Pineda", "tallerpineda@hotmail.com", "Cotización", "¿Me mandas la cotización? Sin prisa."))
    assert not d.notify and not d.certain and "no other rule covers it" in d.reason


def test_t10_something_urgent_goes_to_the_heuristics():
    d = decide(email("Jorge Pineda", "tallerpineda@hotmail.com", "URGENTE: embargo",
                     "Necesito que me llames hoy mismo, ¿puedes?"))
    assert d.notify and not d.certain and d.decided_by == "heuristics"


def test_t10_a_refused_rule_that_is_not_about_urgency_still_steps_the_catch_all_aside():
    rules = RULES.replace("Cualquier cosa urgente de un cliente del despacho.", "Lo de Rodrigo, solo si es importante")
    d = LocalDecider(read_rules(rules), TZ).decide(
        email("Jorge Pineda", "tallerpineda@hotmail.com", "Cotización", "¿Me mandas la cotización? Sin prisa."), NOW)
    assert d.decided_by == "heuristics" and not d.certain
