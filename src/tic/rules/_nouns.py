"""Nouns a rule labels (T7): a reference naming a notice ("las alertas P1 de producción"), a quoted word said
to be a kind of mail ('any "digest" kind of email').
"""

from __future__ import annotations

from tic.rules._scan import Item
from tic.rules._tokens import fold
from tic.rules._unread import Unread

__all__ = ["kind_of", "ref_label"]


def ref_label(items: list[Item], i: int, ph) -> int:
    """A reference labelling a notice or kind noun, with what it is of ("alertas P1 de producción")."""
    words = [items[i].text]
    j = i + 1
    if j + 1 < len(items) and items[j].cls == "f" and fold(items[j].text) in {"de", "of", "du", "da", "do", "der"} \
            and items[j + 1].cls == "word":
        words.append(items[j].text)
        j += 1
        while j < len(items) and items[j].cls == "word" and len(words) < 5:
            words.append(items[j].text)
            j += 1
    if ph.topics:
        raise Unread(f'two things to look for ("{ph.topics[0]}", "{" ".join(words)}") in one phrase are not understood')
    ph.topics.append(" ".join(words))
    return j


_KIND_OF = {("kind", "of"), ("type", "of"), ("sort", "of"), ("style",), ("genre",), ("tipo",), ("estilo",), ("art",)}


def kind_of(items: list[Item], i: int) -> tuple[str, int] | None:
    """'"digest" kind of email': a quoted word that names a kind of mail, said as such."""
    from tic.rules._lexicon import candidates
    from tic.rules._tokens import split_elisions

    words = tuple(fold(x.text) for x in items[i + 1 : i + 3])
    n = next((len(k) for k in _KIND_OF if words[: len(k)] == k), 0)
    if not n and i + 1 < len(items) and items[i + 1].cls == "kind":
        n = -1  # 'no "digest" emails': the quoted word right before the noun says which kind
    elif not n or i + 1 + n >= len(items) or items[i + 1 + n].cls not in {"kind", "cat"}:
        return None  # '"weekly summary" style automated mail': the example names the kind of mail meant
    cat = next((c.value for c in candidates(split_elisions(fold(items[i].text)), 0) if c.cls == "cat"
                and c.words == len(items[i].text.split())), None)
    return (str(cat), i + 2 + n) if cat else None
