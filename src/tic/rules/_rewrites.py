"""Rewrites of a scanned rule where a few items together mean one thing the lexicon cannot see word by word (T7).

Each rewrite is a small named pass over the items (it may mark items "drop"); `rewritten` runs them in order
and removes what they dropped. They only join or re-class items - none guesses a meaning the words do not
carry, and each is covered by sentences in the paraphrase bank.
"""

from __future__ import annotations

from typing import Callable

from tic.rules._item import Item
from tic.rules._tokens import fold

__all__ = ["rewritten"]

_NOT = {"no", "not", "nicht", "nao", "pas"}


def _if_not_is_otherwise(items: list[Item], lang: str) -> None:
    """'… solo si me mencionan. Si no, nada', '… only if someone tags me. If not, nothing': "if not" before a comma
    is "otherwise"."""
    for k, it in enumerate(items[:-2]):
        if it.cls == "if" and items[k + 1].cls in {"f", "neg"} and fold(items[k + 1].text) in _NOT \
                and items[k + 2].cls == "punct" and items[k + 2].text == ",":
            it.cls, it.text = "rest", f"{it.text} {items[k + 1].text}"
            items[k + 1].cls = "drop"


def _at_sign_then_mention(items: list[Item], lang: str) -> None:
    """'someone @ mentions me', 'somebody @'s me': the sign, then the mention - one mention."""
    for k, it in enumerate(items[:-1]):
        nxt = items[k + 1]
        if it.cls != "at":
            continue
        if nxt.cls == "mention":
            it.cls = "drop"
        elif fold(nxt.text) == "s" and k + 2 < len(items) and fold(items[k + 2].text) == "me":
            it.cls, it.text = "mention", f"@'s {items[k + 2].text}"
            nxt.cls = items[k + 2].cls = "drop"


def _title_with_ordinal(items: list[Item], lang: str) -> None:
    """'la Enf.ª Graça Pimentel', 'a Dr.ª Marta', 'o Eng.º Rui': a title before a name names nobody."""
    for k, it in enumerate(items[:-3]):
        if it.cls == "name" and len(it.text) <= 5 and " " not in it.text and items[k + 1].text == "." \
                and items[k + 2].text in {"ª", "º", "a", "o"} and items[k + 3].cls == "name":
            it.cls = items[k + 1].cls = items[k + 2].cls = "drop"


_DIRECTLY = {"directly", "direkt", "directement", "directamente", "diretamente", "personally", "personnellement",
             "personalmente", "persoenlich", "personlich", "pessoalmente", "explicitly", "explizit", "explicitement"}


def _directly_not_a_direct_chat(items: list[Item], lang: str) -> None:
    """'wenn ich direkt erwähnt werde', 'mentionne directement': directly mentioned; 'notifier direct', 'avísame
    directo', 'sag mir direkt Bescheid': at once - neither is a direct chat."""
    for k, it in enumerate(items):
        near = items[max(0, k - 1) : k + 2]
        if it.cls != "mention" and (it.cls == "group" and it.value is False or fold(it.text) in _DIRECTLY) \
                and any(x.cls == "mention" for x in near):
            it.cls, it.value = "f", None
        elif it.cls == "group" and it.value is False and " " not in it.text and k > 0 and items[k - 1].cls == "v+":
            it.cls, it.value = "f", None


_YES = {"sí", "si", "oui", "sim", "ja", "yes"}  # "sí" with its accent: "si" unaccented is "if"
_NO = {"non", "nein", "não", "nao"}


def _yes_and_no(items: list[Item], lang: str) -> None:
    """'Facturas de más de 500 € sí, las demás no', 'les factures de plus de 300 €, oui ; les autres, non': a bare
    yes or no before punctuation (or at the end) says to tell, or not to."""
    for k, it in enumerate(items):
        closes = k + 1 == len(items) or items[k + 1].cls == "punct" and items[k + 1].text in {",", ";", ".", "!"}
        if not closes or k == 0:
            continue
        low = it.text.lower()
        if low in _YES and (low != "si" or it.text in {"sí", "Sí"}) and it.cls in {"word", "f", "if"}:
            it.cls = "v+"
        elif low in _NO and it.cls == "word":
            it.cls = "neg"


_ME = {"me", "mich", "moi", "mir"}
_MENTION_VERBS = ("mention", "mentions", "mentioning", "menciona", "mencionan", "mencione", "mencionen", "mencionam",
                  "mencionar", "mentionne", "mentionnent", "erwahnt", "erwahnen", "marca", "marcam", "marcar")


def _mentions_me(items: list[Item], lang: str) -> None:
    """'messages that mention me': a verb of mentioning with "me" after it is an @-mention of the user, not a
    topic to look for (the topic verb took the longer match)."""
    for k, it in enumerate(items[:-1]):
        if it.cls == "about" and fold(it.text).split()[-1] in _MENTION_VERBS and fold(items[k + 1].text) in _ME:
            it.cls, it.text = "mention", f"{it.text} {items[k + 1].text}"
            items[k + 1].cls = "drop"


_STANDS = {"steht", "stehen", "vorkommt", "vorkommen", "auftaucht", "auftauchen", "erscheint", "erscheinen"}


def _subject_first(items: list[Item], lang: str) -> None:
    """'wenn im Betreff „Frist“ steht': the subject named before the words and the verb after them - as
    "der Betreff enthält „Frist“"."""
    for k, it in enumerate(items[:-2]):
        if it.cls == "subject" and items[k + 1].cls == "quote" and fold(items[k + 2].text) in _STANDS:
            it.cls = "subjv"
            items[k + 2].cls = "drop"


def _cc_restated(items: list[Item], lang: str) -> None:
    """'only on CC and not in the To line', 'solo en copia y no en Para': "not in To" says again what "only in CC"
    says - one condition."""
    for k, it in enumerate(items[:-3]):
        if it.cls == "addressed" and it.value == "cc" and items[k + 1].cls in {"and", "f", "punct"} \
                and items[k + 2].cls == "neg" and items[k + 3].cls == "addressed" and items[k + 3].value == "to":
            items[k + 1].cls = items[k + 2].cls = items[k + 3].cls = "drop"


def _group_compound(items: list[Item], lang: str) -> None:
    """'Nachbarschaftsgruppe „Hoheluft Nachbarn"', 'Elterngruppe': a German compound ending in "-gruppe" is a group
    chat (its first part says what the group is about)."""
    for it in items:
        low = fold(it.text)
        if it.cls in {"name", "word"} and lang == "de" and " " not in low and len(low) > 8 \
                and low.endswith(("gruppe", "gruppen", "gruppenchat", "gruppenchats")):
            it.cls, it.value = "group", True


_WHERE = {"where", "donde", "onde", "wo", "ou", "in which", "en los que", "em que"}


def _where_mentioned(items: list[Item], lang: str) -> None:
    """'Mensajes del grupo X donde me mencionen', 'messages in the group where I'm mentioned': "where" before the
    mention only joins it to the chat."""
    for k, it in enumerate(items[:-1]):
        j = k + 1
        while j < len(items) and items[j].cls == "f" and fold(items[j].text) in {"i am", "i'm", "i get", "yo"}:
            j += 1  # "where I am mentioned"
        if it.cls in {"word", "f"} and fold(it.text) in _WHERE and j < len(items) and items[j].cls == "mention":
            for x in items[k:j]:
                x.cls = "drop"


_REWRITES: tuple[Callable[[list[Item], str], None], ...] = (
    _if_not_is_otherwise, _at_sign_then_mention, _title_with_ordinal, _directly_not_a_direct_chat, _yes_and_no,
    _mentions_me, _where_mentioned, _subject_first, _cc_restated, _group_compound,
)


def rewritten(items: list[Item], lang: str) -> list[Item]:
    """The items after every rewrite, in order, without what they dropped."""
    for rewrite in _REWRITES:
        rewrite(items, lang)
        items = [it for it in items if it.cls != "drop"]
    return items
