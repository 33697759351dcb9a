"""R1: text that tries to instruct the assistant, in any language of `_cues.INSTRUCTION`.

`has_injection`, `strip_injection` (every paragraph or bracketed block that tries to address the
assistant removed before any keyword matching, so content stays data) and `own_words`/`sender_part`
(what the sender wrote themself, without quotes and forwards) live here.

Six shapes, each built from that table's word classes (folded: case and accents do not matter):

- `label`: a line labelled as a note to the assistant ("SYSTEM:", "[SISTEMA]", "SYSTÈME :", "SYSTEM-HINWEIS:");
- `addressee`: the assistant spoken to and told something ("asistente, ignora ...", "Assistent, melde ...");
- `ignore`: told to drop its rules ("ignore the rules", "desconsidere as regras", "ignorez les règles");
- `off`: told its rules are off ("Benachrichtigungsregeln sind deaktiviert", "quiet hours are suspended");
- `notify_every`: told to notify everything ("notify the user about every message", "notifica todos los mensajes");
- `mark`: told how to rank a message ("mark this one as urgent", "marquez-le comme prioritaire");

plus a few English set phrases ("you are now", "new instructions", "<system>"). `shapes(text)` names
the shapes found; one shape is enough to keep the text out of keyword matching (`has_injection`), two
together (a label and an order, an order to drop the rules and one to notify everything) are a message
written to steer the assistant (`instructs_assistant`): from an unknown sender, a strong scam signal. A
label alone ("System: Windows 11" in a bug report) or the off shape alone ("the parking rules are
suspended") is not.
"""

from __future__ import annotations

import re
from functools import lru_cache

from tic.signals._cues import INSTRUCTION
from tic.signals._text import fold

__all__ = ["shapes", "instructs_assistant", "has_injection", "strip_injection", "own_words", "sender_part", "SHAPES"]

SHAPES = ("label", "addressee", "ignore", "off", "notify_every", "mark", "phrase")

_GREETING = ("dear", "hi", "hello", "hey", "attention", "querido", "querida", "estimado", "hola", "ola", "oi",
             "prezado", "cher", "chere", "bonjour", "salut", "liebe", "lieber", "hallo")
_ARTICLE = ("the", "el", "la", "o", "a", "l'", "le", "der", "die", "my", "mi", "meu", "mon", "mein", "meine")
_AS = ("as", "como", "comme", "als", "en")
# a few words between an order's parts, none of them a subject ("ich melde mich morgens, alle Nachrichten ..." is
# someone telling what they do, not an order)
_GAP = r"(?:(?!(?:i|we|ich|wir|yo|eu|nos|je|nous|on)\b)[\w'’-]+[\s,]+){0,%d}?"

# English set phrases the word classes do not cover
_PHRASE = (r"\bthis instruction overrides\b|\bpriority instruction\b|\bsystem (override|prompt|message|instruction)s?\b"
           r"|\binstructions? (for|to) (the )?(ai|assistant|model|agent|bot)\b|\byou are now\b|\bnew instructions\b"
           r"|\bdisregard (all|any|previous|prior|the above)\b|<\s*/?\s*system\s*>"
           r"|\b(dear|attention,?) (ai|assistant|language model|llm)\b")


def _alt(words) -> str:
    """An alternation of folded words; a leading `*` is the front of a compound ("*regeln": Benachrichtigungsregeln)."""
    out = []
    for w in sorted({fold(w) for w in words}, key=len, reverse=True):
        front = r"\w*" if w.startswith("*") else ""
        out.append(front + r"[\s-]+".join(re.escape(part) for part in w.lstrip("*").split()))
    return "(?:" + "|".join(out) + ")"


def _words(cls: str) -> list[str]:
    return [w for table in INSTRUCTION.values() for w in table.get(cls, ())]


@lru_cache(maxsize=None)
def _patterns() -> tuple[tuple[str, re.Pattern[str]], ...]:
    label, addressee = _alt(_words("label")), _alt(_words("addressee"))
    ignore, rules, off = _alt(_words("ignore")), _alt(_words("rules")), _alt(_words("off"))
    notify, every, messages = _alt(_words("notify")), _alt(_words("every")), _alt(_words("messages"))
    mark, urgent = _alt(_words("mark")), _alt(_words("urgent"))
    order = f"(?:{ignore}|{notify}|{mark})"
    clitic = r"(?:-\w{1,4})?"  # "prévenez-la", "marquez-le"
    return (
        ("label", re.compile(rf"(?m)^[ \t>*#\[(<-]*{label}[ \t]*(?::|\]|>|-(?=\s))")),
        ("addressee", re.compile(rf"(?m)(?:^|[.!?:;\]][ \t]+)[ \t>*\[(<-]*(?:{_alt(_GREETING)}[ \t]+)?"
                                 rf"(?:{_alt(_ARTICLE)}[ \t]+)?{addressee}[ \t]*[,:][ \t]*{_GAP % 2}{order}\b")),
        ("ignore", re.compile(rf"\b{ignore}{clitic}\s+{_GAP % 4}{rules}\b")),
        ("off", re.compile(rf"\b{rules}\s+{_GAP % 4}{off}\b")),
        ("notify_every", re.compile(rf"\b{notify}{clitic}[\s,]+{_GAP % 4}{every}\s+{_GAP % 2}{messages}\b")),
        ("mark", re.compile(rf"\b{mark}{clitic}\s+{_GAP % 4}{_alt(_AS)}\s+(?:\w+\s+)?{urgent}\b")),
        ("phrase", re.compile(_PHRASE)),
    )


@lru_cache(maxsize=1024)
def _shapes(folded: str) -> tuple[tuple[str, str], ...]:
    found = []
    for name, rx in _patterns():
        if m := rx.search(folded):
            found.append((name, " ".join(m.group(0).strip(" \t\n>*#[(<-:;.!?").split())))
    return tuple(found)


def shapes(text: str) -> tuple[tuple[str, str], ...]:
    """Each shape of an instruction to the assistant found in `text`, with the words that show it."""
    return _shapes(fold(text)) if text else ()


def instructs_assistant(text: str) -> str | None:
    """The words that show `text` was written to steer the assistant (two shapes together), or None."""
    found = shapes(text)
    if len(found) < 2:
        return None
    labels = [words for name, words in found if name == "label"]
    orders = [words for name, words in found if name != "label" and name != "addressee"] or [found[-1][1]]
    return " … ".join(labels[:1] + orders[:1])[:90]


def has_injection(text: str) -> bool:
    """True when the text tries to instruct the assistant, in any language of the instruction tables;
    that the rules are off, said alone, is not an instruction."""
    return any(name != "off" for name, _ in shapes(text))


def strip_injection(text: str) -> str:
    """Drop every paragraph (or bracketed block) that tries to instruct the assistant."""
    if not has_injection(text):
        return text
    text = re.sub(r"\[[^\]]*\]", lambda m: "" if has_injection(m.group(0)) else m.group(0), text, flags=re.S)
    paragraphs = re.split(r"\n\s*\n", text)
    return "\n\n".join(p for p in paragraphs if not has_injection(p))


# Where a reply's quoted original starts, in the languages the heuristics read (English, German, Spanish,
# Portuguese, French, Italian, Swedish): "On ... wrote:", "Am ... schrieb", "El ... escribió:", "Em ... escreveu:",
# "Le ... a écrit :", "Il ... ha scritto:", "Den ... skrev:" and the Outlook "-----Original Message-----" family.
_REPLY_START = re.compile(
    r"\n\s*(on .{5,80} wrote:|am .{5,60} schrieb|el .{5,80} escribi[oó]:|em .{5,80} escreveu:|"
    r"le .{5,80} a [ée]crit ?:|il .{5,80} ha scritto:|den .{5,80} skrev:|"
    r"-{3,}\s*(original message|urspr[üu]ngliche nachricht|mensaje original|mensagem original|"
    r"message d'origine|messaggio originale|ursprungligt meddelande)|_{10,}\s*\n\s*(from|von|de|da|fr[åa]n):)",
    re.I)


_FORWARDED = re.compile(
    r"\n\s*(-{3,}\s*(forwarded message|weitergeleitete nachricht|mensaje reenviado|mensagem encaminhada|"
    r"message transf[ée]r[ée]|messaggio inoltrato|vidarebefordrat meddelande)|begin forwarded message:|"
    r"d[ée]but du message (r[ée]exp[ée]di[ée]|transf[ée]r[ée]))", re.I)


def sender_part(body: str) -> str:
    """What the sender wrote themself: no quoted `>` lines, no quoted original, no forwarded message."""
    body = "\n".join(line for line in body.splitlines() if not line.lstrip().startswith(">"))
    return _FORWARDED.split(_REPLY_START.split(body, maxsplit=1)[0], maxsplit=1)[0]


def own_words(body: str) -> str:
    """The sender's own text: without instructions to the assistant, quoted `>` lines and a quoted original."""
    body = "\n".join(line for line in strip_injection(body).splitlines() if not line.lstrip().startswith(">"))
    return _REPLY_START.split(body, maxsplit=1)[0]
