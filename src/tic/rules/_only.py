"""The list of what may still get through a hold (T11): "Solo dos cosas pueden despertarme: Palo y las alertas P1".

An only-list says how many things may get through and lists exactly that many; it is read only as the exceptions
of the hold just before it (`_markdown`), never on its own. It reads its alternatives with the rule reader's own
noun phrases, so it sits above the reader.
"""

from __future__ import annotations

from tic.rules._phrases import noun_phrases
from tic.rules._reader import _cond, _merge
from tic.rules._reading import All, Any, Everything, Not, Sender, Window
from tic.rules._rule import Rule
from tic.rules._scan import Item, is_number, scan
from tic.rules._holds import release_of
from tic.rules._clauses import QUIET_LABELS
from tic.rules._tokens import fold
from tic.rules._unread import Unread
from tic.signals import words

__all__ = ["exception_list", "only_list", "still_through", "through_list", "with_exceptions"]

_THINGS = {"things", "cosas", "coisas", "choses", "dinge", "sachen", "people", "personas", "pessoas", "personnes",
           "leute", "personen"}
_LIST_OK = {"f", "v+", "punct"}


def only_list(text: str, people) -> object | None:
    """'Solo dos cosas pueden despertarme: Palo y las alertas P1' ("Only two things may wake me: ...", "Nur zwei
    Dinge dürfen mich wecken: ...", "Seules deux choses peuvent me réveiller : ...", "Só duas coisas me podem
    acordar: ..."): the alternatives that get through, or None when the sentence is not one. The number said
    must be the number listed."""
    items = scan(text)
    colon = next((k for k, it in enumerate(items) if it.cls == "punct" and it.text == ":"), None)
    if colon is None or not items or items[0].cls != "only":
        return None
    head = items[1:colon]
    count = next((n for it in head if (n := is_number(it)) is not None), None)
    nouns = [it for it in head if fold(it.text) in _THINGS]
    through = [it for it in head if fold(it.text) in _THROUGH | _STILL | _DURING or it.cls == "night"
               or it.cls == "neg" and fold(it.text) in QUIET_LABELS]  # "… still get through during quiet hours:"
    if count is None or not nouns or not any(it.cls == "v+" or fold(it.text) == "through" for it in head):
        return None  # "Only two things may wake me:", "Only two things still get through at night:"
    if any(it.cls not in _LIST_OK and it not in nouns and it not in through and is_number(it) is None for it in head):
        return None
    body = [it for it in items[colon + 1 :] if not (it.cls == "punct" and it.text in {".", "!"})]
    return _what_gets_through(body, people, count=int(count))


# what the end of an exception list may say: that those get through ("… kommen immer sofort durch")
_THROUGH = {"kommen", "kommt", "durch", "get", "gets", "through", "pasan", "pasa", "passent", "passe", "passam",
            "passa", "podem", "pueden", "peuvent", "durfen", "may", "can", "always", "immer", "siempre", "sempre",
            "toujours", "sofort", "immediately", "right", "away", "de", "suite", "inmediatamente", "imediatamente"}


_STILL = {"still", "todavia", "aun", "ainda", "noch", "encore"}
_DURING = {"during", "durante", "pendant", "wahrend", "in"}


def exception_list(text: str, people) -> object | None:
    """'Ausnahme: Haus Elbblick und der Notdienst kommen immer sofort durch', 'Exception: Anna and Bob always get
    through', 'Excepción: Lucía': what still gets through a hold, or None when the sentence is not such a list."""
    items = scan(text)
    if len(items) < 3 or items[0].cls != "except" or not (items[1].cls == "punct" and items[1].text == ":"):
        return None
    body = [it for it in items[2:] if not (it.cls == "punct" and it.text in {".", "!"})]
    return _what_gets_through(_before_through(body), people)


def still_through(text: str, people) -> object | None:
    """'Calendar alerts still come through.', 'Anna and Bob still get through': after a hold, what it does not
    hold - or None when the sentence is not one ("still" and a verb of getting through, last)."""
    scanned = scan(text)
    if any(it.cls == "punct" and it.text in {".", "!", ";", ":"} for it in scanned[:-1]) \
            or any(it.cls in {"keep", "v-", "neg", "between", "time", "weekend"} for it in scanned):
        return None  # one short sentence of what gets through, never a rule of its own
    items = [it for it in scanned if not (it.cls == "punct" and it.text in {".", "!"})]
    if len(items) < 3 or not any(fold(it.text) in _STILL for it in items[-3:]) \
            or not (items[-1].cls == "v+" and fold(items[-1].text) in _THROUGH_VERBS or fold(items[-1].text) in _THROUGH):
        return None
    body = _before_through(items)
    return _what_gets_through(body, people) if body else None


def through_list(text: str, people) -> tuple[object, str | None] | None:
    """'In dieser Zeit dürfen nur Nachrichten von Lena und E-Mails zur Betriebsprüfung FA-68/2211 durchkommen; alles
    andere … hebst du bis 7:00 Uhr auf', 'During that time only Sam and calls from the hospital may get through':
    what still gets through a hold, and the time the rest waits until (when said), or None when the sentence is
    not such a list. The words before "only" may only say "then" ("in dieser Zeit", "during that time")."""
    items = scan(text)
    k = next((n for n, it in enumerate(items) if it.cls == "only"), None)
    if k is None or k > 5 or any(it.cls not in {"f", "word", "pron"} and not (it.cls == "name" and (it.weak or it.initial))
                                 for it in items[:k]):
        return None
    end = next((n for n in range(k + 1, len(items)) if items[n].cls == "punct" and items[n].text in {";", "."}),
               len(items))
    body = items[k + 1 : end]
    if not body or not (body[-1].cls == "v+" and fold(body[-1].text) in _THROUGH_VERBS or fold(body[-1].text) in _THROUGH):
        return None
    cond = _what_gets_through(_before_through(body), people)
    rest = [it for it in items[end + 1 :] if not (it.cls == "punct" and it.text in {".", "!"})]
    if not rest:
        return cond, None
    if rest[0].cls != "rest" or not any(it.cls == "keep" for it in rest) or any(
            it.cls in {"neg", "v-", "only", "unless", "except", "if"} for it in rest):
        raise Unread("what happens to the rest is not understood (it waits until the window ends?)")
    return cond, release_of([it for it in rest if it.cls == "time"])


def _before_through(body: list[Item]) -> list[Item]:
    """The list without the words that end it by saying those get through ("… kommen immer sofort durch",
    "… still come through", "… may get through")."""
    body = list(body)
    while body and (body[-1].cls in {"v+", "always", "emph", "f"} or fold(body[-1].text) in _THROUGH | _STILL):
        body.pop()
    return body


def _what_gets_through(body: list[Item], people, count: int | None = None):
    """The alternatives a list of what still gets through names ("Lena und E-Mails zur Betriebsprüfung FA-68/2211",
    "Anna and Bob"), as one condition; `count`: how many the sentence said there are."""
    parts: list[list[Item]] = [[]]
    for it in body:
        if it.cls in {"and", "or"} or it.cls == "punct" and it.text in {",", ";"}:
            parts.append([])
        else:
            it.weak = it.weak and any(ch.isdigit() for ch in it.text)  # a German noun names who; "… FA-68/2211" what
            parts[-1].append(it)
    parts = [p for p in parts if p]
    if not parts:
        raise Unread("the list of what gets through names nothing")
    if count is not None and len(parts) != count:
        raise Unread(f"the rule says {count} things get through but lists {len(parts)}")
    alternatives = [_known_contacts(_cond(_merge(noun_phrases(p, people))), people) for p in parts]
    if any(isinstance(a, Everything) for a in alternatives):
        raise Unread("what gets through is not understood")
    return alternatives[0] if len(alternatives) == 1 else Any(of=tuple(dict.fromkeys(alternatives)))


_THROUGH_VERBS = {"durchkommen", "get through", "come through", "pasar", "passer", "passar", "durchgestellt werden",
                  "gets through", "comes through"}


def _known_contacts(cond, people):
    """'Palo 🐢' named again after 'la tengo guardada como "Palo 🐢"': the saved contact, matched whole."""
    if not isinstance(cond, Sender):
        return cond
    saved = {tuple(words(w.value)): w for ws in people.roles.values() for w in ws if w.by == "contact"}
    return cond.model_copy(update={"who": tuple(
        saved.get(tuple(words(w.value)), w) if w.by == "name" else w for w in cond.who)})


def with_exceptions(prev, text: str, people):
    """The hold rule `prev` with the only-list `text` that follows it as its exceptions ("De 23:30 a 7:30 no
    quiero ninguna notificación. Solo dos cosas pueden despertarme: Palo y las alertas P1."), one rule of both
    sentences; refused together when the list is not understood. None: `text` is no only-list after a hold."""
    reading = prev.reading
    if reading is None or reading.effect != "hold" or isinstance(reading.unless, Not) or reading.catch_all:
        return None
    both = f"{prev.text} {text}"
    try:
        cond = only_list(text, people)
        if cond is None:
            cond = exception_list(text, people)
        if cond is None:
            cond = still_through(text, people)
        if cond is None and (through := through_list(text, people)) is not None:
            cond, until = through
            if until is not None and until not in _window_ends(reading.when):
                raise Unread(f"the rest waits until {until}, but the hold ends at another time")
    except Unread as exc:
        return Rule(section=prev.section, text=both, why_not=str(exc), heading=prev.heading)
    if cond is None:
        return None
    if reading.unless is not None:  # "…, except Priya. Calendar alerts still come through.": either gets through
        cond = Any(of=tuple(dict.fromkeys([*(reading.unless.of if isinstance(reading.unless, Any) else
                                              [reading.unless]), *(cond.of if isinstance(cond, Any) else [cond])])))
    return Rule(section=prev.section, text=both, heading=prev.heading,
                reading=reading.model_copy(update={"unless": cond}))


def _window_ends(cond) -> set[str]:
    """The end times of the windows in a hold's condition ("07:00")."""
    if isinstance(cond, Window):
        return {cond.end} if cond.end else set()
    if isinstance(cond, (All, Any)):
        return set().union(*(_window_ends(c) for c in cond.of))
    return set()
