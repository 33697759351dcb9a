"""Who a role is, said after it (T7): a saved name later in the sentence, an apposition after a name.

    saved_later(items, j)   # 'mi hermana por WhatsApp: la tengo guardada como "Palo 🐢"' -> (Who(contact), end)
    apposition(items, j)    # 'Álvaro Quesada, mi socio.' -> ("socio", end): the role a name has, no constraint

Both accept only their own words; anything else leaves the rule to the reader, which refuses what it cannot use.
"""

from __future__ import annotations

from tic.rules._reading import Who
from tic.rules._scan import Item
from tic.rules._tokens import fold

__all__ = ["saved_later", "apposition"]

# what may stand between a role and its saved name: "por WhatsApp: la tengo", ", que tenho", "- I have her"
_BETWEEN = {"f", "kind", "pron"}
_BETWEEN_WORDS = {"que", "tengo", "tenho", "ai", "j'", "have", "i", "i've", "la", "lo", "a", "o", "her", "him", "l'",
                  "je", "ich", "habe", "hab", "sie", "ihn", "ist", "bei", "por", "no", "en", "on", "in", "im", "als"}
_SAVED_AFTER = {"gespeichert", "abgespeichert", "eingespeichert"}


def saved_later(items: list[Item], j: int) -> tuple[Who, int] | None:
    """A contact name saved for the role just read, later in the same clause: 'la tengo guardada como "X"',
    'que tenho gravada como "X"', 'que j'ai enregistrée sous « X »', 'I have her saved as "X"', 'ist bei WhatsApp
    als „X" gespeichert'. Returns the contact and where its words end."""
    k = j
    while k < len(items) and (items[k].cls in _BETWEEN or fold(items[k].text) in _BETWEEN_WORDS
                              or items[k].cls == "punct" and items[k].text in {":", ",", "-", "–", "—"}):
        if items[k].cls == "word" and fold(items[k].text) == "als" and k + 1 < len(items) \
                and items[k + 1].cls == "quote":
            break
        k += 1
    if k < len(items) and items[k].cls == "savedas" and k + 1 < len(items) and items[k + 1].cls == "quote":
        return Who(by="contact", value=items[k + 1].text), k + 2
    if k + 2 < len(items) and fold(items[k].text) == "als" and items[k + 1].cls == "quote" \
            and fold(items[k + 2].text) in _SAVED_AFTER:
        return Who(by="contact", value=items[k + 1].text), k + 3  # "als „Svenja ❤" gespeichert"
    return None


_ARTICLES = {"el", "la", "le", "the", "der", "die", "das", "o", "a", "l'", "mi", "my", "mon", "ma", "mein", "meine",
             "meu", "minha", "our", "nuestro", "nuestra", "notre", "unser", "unsere", "nosso", "nossa", "meiner",
             "meinem", "meinen", "unserem", "unserer", "unseren", "mis", "mes", "meus", "minhas"}


_COPULAS = {"es", "c' est", "c'est", "that's", "thats", "that is", "it's", "its", "it is", "this is", "he's", "she's",
            "e", "é", "ist",
            "das ist", "sind", "son", "sao", "ce sont"}
_OF = {"de", "del", "dos", "das", "of", "do", "da", "du", "des", "von", "der", "en", "el", "la", "in", "at", "the", "no", "na", "im", "bei",
       "dans", "au", "le"}


def _word_after(items: list[Item], k: int) -> bool:
    """A common word next, perhaps after an article ("mi socio en el despacho")."""
    while k < len(items) and items[k].cls in {"f", "pron"} and fold(items[k].text) in _OF:
        k += 1
    return k < len(items) and items[k].cls == "word"


def apposition(items: list[Item], j: int) -> tuple[str, int] | None:
    """', la proviseure', ', mi socio', ', nuestro mayor cliente', ', my accountant' right after a name, ending the
    clause (or before an aside): the role the name has. None when the words after the comma are anything else."""
    if j >= len(items) or not (items[j].cls == "punct" and items[j].text == ","):
        return None
    k = j + 1
    if k < len(items) and items[k].cls in {"f", "word"} and fold(items[k].text) in _COPULAS:
        k += 1  # ", es el fontanero de la comunidad", ", c'est le chef de chantier", ", that's the school office"
    if k < len(items) and items[k].cls == "role" and " " in items[k].text:
        words = [items[k].text]  # "the school": a role word with its article
        k += 1
    elif k >= len(items) or not (items[k].cls in {"f", "my", "pron"} and fold(items[k].text) in _ARTICLES):
        return None
    else:
        words = []
        k += 1
    while k < len(items) and len(words) < 5 and (items[k].cls == "word" or items[k].cls == "name" and items[k].weak
                                                 and " " not in items[k].text
                                                 or items[k].cls in {"f", "pron"} and fold(items[k].text) in _OF
                                                 and words
                                                 and _word_after(items, k + 1)):
        words.append(items[k].text)  # "nossa fornecedora de café verde": what they are, a few words
        k += 1
    if not words:
        return None
    end = k
    if k + 1 < len(items) and items[k].cls == "punct" and items[k].text == "," \
            and items[k + 1].cls not in {"and", "or", "name", "quote", "email", "domain", "phone", "my", "role"}:
        return " ".join(words), k + 1  # "O Rafael Nogueira, meu sócio, em qualquer canal": said between commas
    while k < len(items) and (items[k].cls == "aside" or items[k].cls == "punct" and items[k].text in {".", "!"}):
        k += 1
    if k < len(items):
        return None  # more follows: a list, or something the reader must see
    return " ".join(words), end
