"""T7/T10: the kinds of event a rule not understood could be about, from its words."""

from __future__ import annotations

import pytest

from tic.rules import ALL_KINDS, read_rule
from tic.rules._scope import kinds_said


@pytest.mark.parametrize(("text", "kinds"), [
    ("Sam (WhatsApp) whenever he likes", {"whatsapp"}),
    ("If something new lands on my calendar today and it starts within the next 12 hours, tell me.", {"calendar"}),
    ("Anything urgent from a client", set(ALL_KINDS)),
    ("Everything from Acme except calendar invites", set(ALL_KINDS)),  # an exception: the kind may be the one left out
    ("Nunca los correos de mi jefe cuando está de viaje", set(ALL_KINDS)),  # a negation: any kind
    # an exception narrows what comes before it: e-mails stay e-mails
    ("Correos del colegio (@colegio.example): avisarme siempre, excepto el menú semanal del comedor", {"email"}),
    # services that only e-mail: a rule naming only them is about e-mails (GitHub never writes on WhatsApp)
    ("GitHub security alerts (Dependabot alerts and security advisories) for our repositories", {"email"}),
    ("Mute everything from GitHub except the security alerts above.", {"email"}),
    ("Anything from Ana or LinkedIn weirdness", set(ALL_KINDS)),  # a person too: any kind
    ("Zoom stuff I haven't accepted", set(ALL_KINDS)),  # a meeting service makes calendar items
])
def test_t7_the_kinds_a_rules_words_name(text: str, kinds: set[str]) -> None:
    assert set(kinds_said(text)) == kinds


def test_t7_a_refused_rule_may_cover_what_its_words_name_an_understood_one_what_its_reading_does() -> None:
    refused = read_rule("Sam (WhatsApp) whenever he likes", "always")
    assert not refused.understood and set(refused.may_cover) == {"whatsapp"}
    assert set(read_rule("Group chats", "never").may_cover) == {"whatsapp"}
