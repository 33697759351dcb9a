"""Prose that is not a rule: "About me" sentences are context, never a matcher (T3)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Prose:
    id: str
    lang: str
    text: str


PROSE = [
    Prose("T3-en-prose-001", "en", "I work nights at a hospital, so I sleep until about two in the afternoon."),
    Prose("T3-en-prose-002", "en", "My partner is called Rita and we share a flat in Lisbon."),
    Prose("T3-en-prose-003", "en", "Most of my clients are small wineries in the Douro valley."),
    Prose("T3-en-prose-004", "en", "I check email twice a day, at 9 and at 5."),
    Prose("T3-es-prose-005", "es", "Trabajo de noche en un hospital y duermo hasta las dos de la tarde."),
    Prose("T3-es-prose-006", "es", "Mi socia se llama Inés y llevamos juntas la tienda desde 2019."),
    Prose("T3-pt-prose-007", "pt", "Sou enfermeira e faço turnos no Hospital de Santa Maria."),
    Prose("T3-pt-prose-008", "pt", "Moro em Braga com os meus dois filhos e trabalho a partir de casa."),
    Prose("T3-de-prose-009", "de", "Ich arbeite als Schreiner in einem kleinen Betrieb in Freiburg."),
    Prose("T3-de-prose-010", "de", "Meine Kinder gehen in die Grundschule am Stadtpark."),
    Prose("T3-fr-prose-011", "fr", "Je suis avocate à Lyon et je plaide presque tous les mardis."),
    Prose("T3-fr-prose-012", "fr", "Mon associé s'appelle Karim ; il gère la comptabilité du cabinet."),
]
