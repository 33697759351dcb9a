"""Names that run over several words the lexicon also knows: 'die Gruppe Kita Sonnenblume', 'el grupo Pádel
Domingos', 'le groupe Parents CM2 Jaurès'. Right after a word for a group chat, every capitalised word up to the
next lower-case word or punctuation is the chat's name - a capital there says so more surely than the lexicon's
reading of one of its words ("Kita" a role, "Domingos" Sundays). A weekday joins the name only in a language
that writes weekdays in lower case (Spanish, Portuguese, French): in English or German a capital says nothing;
a weekday joined to the name by "of" ("Foot du jeudi", "Pádel de los domingos") is part of it in any language."""

from __future__ import annotations

from tic.rules._function_words import DEFINITE, OF
from tic.rules._scan import Item
from tic.rules._tokens import fold

__all__ = ["chat_names"]

_JOINS = {"name", "word", "role", "number", "ref"}  # what a capital (or a digit) makes part of a name
_LOWER_DAYS = {"es", "pt", "fr"}
_ARTICLES = DEFINITE
_OF = OF


def _capital(it: Item) -> bool:
    first = it.text[:1]
    if it.cls == "day":
        return first.isupper() and it.lang in _LOWER_DAYS
    return it.cls in _JOINS and (first.isupper() or first.isdigit())


def chat_names(items: list[Item]) -> list[Item]:
    """The items with each run of capitalised words after a group word merged into one name."""
    out: list[Item] = []
    i = 0
    while i < len(items):
        it = items[i]
        out.append(it)
        i += 1
        if it.cls != "group" or it.value is not True:
            continue
        end = i
        while end < len(items) and _capital(items[end]):
            end += 1
        while end > i and end + 1 < len(items) and items[end].cls in {"f", "from"} and fold(items[end].text) in _OF:
            day = end + 1
            while day < len(items) and items[day].cls in {"f", "pron"} and fold(items[day].text) in _ARTICLES:
                day += 1
            if day >= len(items) or items[day].cls != "day":
                break
            end = day + 1  # "le groupe Foot du jeudi", "el grupo Pádel de los domingos": the day is in its name
            while end < len(items) and _capital(items[end]):
                end += 1
        run = items[i:end]
        if (len(run) >= 2 and any(x.cls == "name" for x in run) or any(x.cls == "day" for x in run)) \
                and run[0].cls not in {"number", "f", "from", "day"}:
            out.append(Item("name", " ".join(x.text for x in run), lang=run[0].lang))
            i = end
    return out
