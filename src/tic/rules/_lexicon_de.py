"""German phrases of the rule lexicon beyond the core table in `_lexicon` (T7): same classes, same folding."""

from __future__ import annotations

from typing import Callable

E, W, C = ("email",), ("whatsapp",), ("calendar",)
EW = ("email", "whatsapp")


def register(add: Callable[..., None]) -> None:
    add("v-", "verpassen|verpasse|versaumen")
    add("f", "will|mochte|mochten|brauche ich|wurde|wurden")
    add("msgverb", "schreibt|schreiben|mir schreibt|mir schreiben", EW)
