"""Replies to what the user wrote, said as a noun phrase in any of the five languages (T7, the Thread shape):
'Replies to the emails I sent', 'Respostas aos e-mails que eu mandei', 'Les réponses à mes propres mails',
'Antworten auf Mails, die ich verschickt habe', 'Respuestas a mis correos'.

A grammar, not a phrase list: a word for replies, then (through prepositions and articles) mail or threads, and
either the user's possessive before them ("my", "mes", "meine") or a clause after them in which the user sends,
writes or starts them ("I sent", "que eu mandei", "die ich verschickt habe"). The span becomes one "thread" item;
anything else leaves the rule as it was (and the reader refuses the words it does not know)."""

from __future__ import annotations

from tic.rules._scan import Item
from tic.rules._tokens import fold

__all__ = ["replies_to_mine", "started_said"]

_REPLIES = {"replies", "reply", "replying", "answers", "responses", "respuestas", "respuesta", "respostas", "resposta", "reponses",
            "reponse", "antworten", "antwort"}
_LINKS = {"to", "on", "in", "a", "al", "a los", "a las", "aos", "as", "às", "ao", "à", "aux", "au", "auf", "zu", "the",
          "los", "las", "os", "les", "die", "den", "de", "des", "do", "dos", "da", "das", "del", "du", "propres", "own",
          "propios", "propias", "proprios", "proprias", "eigenen", ","}
_MINE = {"my", "mis", "mes", "meus", "minhas", "meine", "meinen", "mon", "ma", "mi", "meu", "minha", "mein"}
_THREADS = {"threads", "thread", "hilos", "hilo", "fils", "fil", "conversas", "conversa", "conversaciones",
            "conversations", "unterhaltungen"}
_I = {"i", "eu", "yo", "je", "j'", "ich", "i've", "i'd"}
_SENT = {"sent", "wrote", "started", "send", "write", "start", "mandei", "enviei", "escrevi", "comecei", "mande",
         "envie", "escribi", "empece", "envoye", "envoyes", "envoyees", "ecrit", "ecrits", "lance", "lances",
         "geschickt", "verschickt", "gesendet", "geschrieben", "angefangen", "begonnen", "gestartet"}
_CLAUSE = {"que", "that", "which", "die", "das", "qui", "ai", "habe", "hab", "have", "ich", "eu", "yo", "je", "j'", "i",
           "me", "mir", "moi", "selbst", "myself", "mismo", "mesmo", "moi-meme", ","}


_STARTED = {"started", "start", "began", "begun", "begin", "opened", "empece", "empezado", "inicie", "comecei",
            "iniciei", "comencei", "lance", "lances", "lancee", "lancees", "commence", "angefangen", "begonnen",
            "gestartet", "eroffnet"}


_OR_ANSWERED = {"or", "o", "ou", "oder", "answered", "replied", "respondi", "conteste", "respondido", "repondu",
                "geantwortet", "beantwortet", "joined"}


def started_said(text: str) -> bool:
    """Whether words about the user's threads say the user *started* them ("threads I started", "hilos que
    empecé", "fils que j'ai lancés"), not only wrote in them ("replies to my emails", "…, die ich geschickt habe",
    "a thread I started or answered")."""
    words = {w.strip(",.") for w in fold(text).split()}
    return bool(words & _STARTED) and not words & _OR_ANSWERED


def _mail(it: Item) -> bool:
    return it.cls == "kind" and "email" in (it.value or ()) or fold(it.text) in _THREADS


def replies_to_mine(items: list[Item]) -> list[Item]:
    for k, it in enumerate(items):
        if fold(it.text) not in _REPLIES or it.cls not in {"name", "word", "f"}:
            continue
        j, mine = k + 1, False
        while j < len(items) and (fold(items[j].text) in _LINKS or items[j].cls == "my"):
            mine = mine or fold(items[j].text) in _MINE
            j += 1
        if j >= len(items) or not _mail(items[j]):
            continue
        end = j + 1
        if end < len(items) and fold(items[end].text) in _THREADS:
            end += 1  # "replies to email threads I started"
        if not mine:  # "the emails I sent", "os e-mails que eu mandei", "Mails, die ich verschickt habe"
            n, said_i = end, False
            while n < len(items) and n - end < 5 and fold(items[n].text) in _CLAUSE | _I:
                said_i = said_i or fold(items[n].text) in _I
                n += 1
            if not (said_i and n < len(items) and fold(items[n].text) in _SENT):
                continue
            end = n + 1
            while end < len(items) and fold(items[end].text) in {"habe", "hab", "have", "ai"}:
                end += 1
        return [*items[:k], Item("thread", " ".join(x.text for x in items[k:end]), lang=it.lang), *items[end:]]
    return items
