"""Asides that narrow nothing (T7): examples of what a rule names, a place beside the addresses that pin it.

    examples(aside_items)      # '(notes saisies, cahier de textes…)', '(e.g. Substack, Medium)' -> True
    placed(items, j, who)      # 'X in Cork — their emails end in @x.ie': the addresses alone
"""

from __future__ import annotations

from typing import Callable

from tic.rules._reading import Who
from tic.rules._scan import Item
from tic.rules._tokens import fold

__all__ = ["examples", "placed"]


_EXAMPLE_OPENERS = {"eg", "for example", "for instance", "such as", "por ejemplo",
                    "zum beispiel", "beispielsweise", "par exemple", "por exemplo"}
_EXAMPLE_CLOSERS = {"…", "etc", "etc.", "usw", "usw.", "etcetera", "etcetera.", "whatever", "and so on", "y demas",
                    "e tal", "und so weiter", "ou autres", "and the like", "and similar"}


def examples(inner: list[Item]) -> bool:
    """'(notes saisies, cahier de textes…)', '(e.g. Substack, Medium)': examples of what the rule names, which
    narrow nothing and widen nothing."""
    if inner and inner[-1].text == ".":
        inner = inner[:-1]
    if len(inner) < 2:
        return False
    last = inner[-1].text if inner[-1].text == "…" else fold(inner[-1].text)
    compact = fold("".join(it.text for it in inner[:4]))
    return last in _EXAMPLE_CLOSERS or any(compact.startswith(m + ".") for m in ("e.g", "z.b", "p.ej", "p.ex")) \
        or fold(inner[0].text) in _EXAMPLE_OPENERS or fold(f"{inner[0].text} {inner[1].text}") in _EXAMPLE_OPENERS


def placed(items: list[Item], j: int, who: list[Who], parse_aside: Callable[[list[Item]], tuple]) -> int:
    """'Glenmore Community College in Cork — their emails end in @glenmorecc.ie': a place after the name, with
    the addresses in the aside that follows, is the addresses alone (the name might be another place's).
    `parse_aside` reads the aside (the slot reader's, passed in: it is built on this module)."""
    if j + 2 < len(items) and items[j].cls == "f" and fold(items[j].text) in {"in", "en", "a", "em", "im"} \
            and items[j + 1].cls == "name" and items[j + 2].cls == "aside":
        extra, _ = parse_aside(items[j + 2].items)
        if extra and all(w.by in {"domain", "address"} for w in extra):
            who.pop()
            return j + 2
    return j
