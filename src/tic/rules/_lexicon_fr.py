"""French phrases of the rule lexicon beyond the core table in `_lexicon` (T7): same classes, same folding."""

from __future__ import annotations

from typing import Callable

E, W, C = ("email",), ("whatsapp",), ("calendar",)
EW = ("email", "whatsapp")


def register(add: Callable[..., None]) -> None:
    add("v-", "manquer|rater|rate|rates|manque|manques")
    add("neg", "pas besoin de|pas besoin|aucun besoin de")
    add("f", "veux|voudrais|souhaite|faut|il faut|il|je")
