"""One item of a scanned rule: a word or phrase the lexicon classed, or an atom (a name, an address, a time)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

__all__ = ["Item", "replace_spans"]


@dataclass
class Item:
    cls: str  # a lexicon class, or: name word quote email domain phone money time number ref punct aside unit-count
    text: str
    value: object = None
    items: list["Item"] = field(default_factory=list)  # an aside's own items
    initial: bool = False  # the rule's first word (a capital there is no evidence of a name)
    weak: bool = False  # a capitalised word in a language that capitalises every noun (German): a name only in a slot
    lang: str = ""  # the rule's guessed language
    # what the scanner knows of it beyond its class: "service" (a known service's name, however typed: a name,
    # never a common noun), "description" (an aside that only says what someone is: it narrows nothing)
    mark: str = ""

    def __repr__(self) -> str:
        return f"{self.cls}:{self.text}" if self.cls not in {"aside"} else f"aside{self.items}"


Match = Callable[[list["Item"], int], "tuple[list[Item], int] | None"]


def replace_spans(items: list[Item], match: Match) -> list[Item]:
    """The items with every span `match` recognises replaced: at each position it returns (the items that stand
    for the span, where the span ends) or None, left to right."""
    out: list[Item] = []
    k = 0
    while k < len(items):
        if (found := match(items, k)) is not None:
            replacement, k = found
            out += replacement
            continue
        out.append(items[k])
        k += 1
    return out
