"""English phrases of the rule lexicon beyond the core table in `_lexicon` (T7): same classes, same folding."""

from __future__ import annotations

from typing import Callable

E, W, C = ("email",), ("whatsapp",), ("calendar",)
EW = ("email", "whatsapp")


def register(add: Callable[..., None]) -> None:
    add("negv", "fail to|fails to|forget to|forgets to|neglect to|stop|stop to")  # "never fail to alert me"
    add("f", "need to|needs to|i need to")
