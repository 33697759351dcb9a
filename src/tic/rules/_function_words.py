"""Function words of the five languages by what they do in a rule, kept in one place: the definite articles
and the words for "of". Modules compose their own sets from these (and say why they add to them), instead of
each keeping a private, slightly different list."""

from __future__ import annotations

__all__ = ["DEFINITE", "OF"]

_DEFINITE = {
    "en": {"the"},
    "es": {"el", "la", "los", "las"},
    "pt": {"o", "a", "os", "as"},
    "de": {"der", "die", "das", "den", "dem"},
    "fr": {"le", "la", "les", "l'"},
}
_OF = {
    "en": {"of"},
    "es": {"de", "del"},
    "pt": {"de", "do", "da", "dos", "das"},
    "de": {"von", "vom"},
    "fr": {"de", "du", "des", "d'"},
}

DEFINITE = frozenset().union(*_DEFINITE.values())  # folded
OF = frozenset().union(*_OF.values())
