"""Small text helpers shared by the rule compiler, the matchers and the heuristics.

Everything here is deterministic and language-light: word splitting that keeps
possessives attached ("Grace's" is not "Grace"), squashing names for
comparison with domain labels, a cheap suffix stemmer, and `strip_injection`,
which removes text that tries to address the assistant ("SYSTEM: ignore your
rules ...") before any keyword matching, so content stays data (R1).
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from collections.abc import Iterable, Mapping

__all__ = [
    "fold",
    "words",
    "squash",
    "squash_variants",
    "stem",
    "contains_words",
    "contains_stem",
    "strip_injection",
    "has_injection",
    "header",
    "looks_like_phone",
    "domain_labels",
    "own_words",
    "sender_part",
]

_WORD = re.compile(r"[\w@][\w'’.\-@]*[\w]|[\w]", re.UNICODE)


_SHORT = 200  # names, addresses, subjects and rule values repeat across rules and events: cache those


def _fold(text: str) -> str:
    if text.isascii():
        return text.replace("’", "'").casefold()
    text = unicodedata.normalize("NFKD", text)
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return text.replace("’", "'").casefold()


_fold_cached = lru_cache(maxsize=16384)(_fold)


def fold(text: str) -> str:
    """Lower-case and strip accents ("Wójcik" -> "wojcik"), keeping other scripts."""
    return _fold_cached(text) if len(text) <= _SHORT else _fold(text)


def _words(text: str) -> tuple[str, ...]:
    out = []
    for raw in _WORD.findall(fold(text)):
        raw = raw.strip(".-")
        if raw:
            out.append(raw)
    return tuple(out)


_words_cached = lru_cache(maxsize=16384)(_words)


def words(text: str) -> list[str]:
    """Folded words; possessive and contracted forms stay one word ("grace's")."""
    return list(_words_cached(text) if len(text) <= _SHORT else _words(text))


_NON_WORD = re.compile(r"[\W_]+")


@lru_cache(maxsize=16384)
def squash(text: str) -> str:
    """Letters and digits only, folded: "Kestrel Labs" -> "kestrellabs"."""
    return _NON_WORD.sub("", fold(text))


_TRANSLIT = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss", "Ä": "ae", "Ö": "oe", "Ü": "ue", "æ": "ae",
                           "ø": "o", "å": "aa", "œ": "oe"})


@lru_cache(maxsize=4096)
def squash_variants(text: str) -> frozenset[str]:
    """squash() plus the German-style transliteration ("Müller" -> {"muller", "mueller"})."""
    return frozenset(v for v in (squash(text), squash(text.translate(_TRANSLIT))) if v)


_SUFFIXES = ("ations", "ation", "ings", "ing", "ies", "ied", "es", "ed", "en", "s", "e", "y")


def stem(word: str) -> str:
    """A crude stem: enough to make permit/permits, lease/leased/leasing meet."""
    word = fold(word)
    for suffix in _SUFFIXES:
        if len(word) > len(suffix) + 3 and word.endswith(suffix):
            return word[: -len(suffix)]
    return word


def contains_words(haystack: list[str], needle: list[str]) -> bool:
    """True when `needle` occurs in `haystack` as consecutive whole words."""
    n = len(needle)
    if not n:
        return False
    return any(haystack[i : i + n] == needle for i in range(len(haystack) - n + 1))


def contains_stem(haystack: list[str], term: str) -> bool:
    """True when some word of `haystack` shares `term`'s stem (prefix match on stems)."""
    s = stem(term)
    return any(w.startswith(s) or stem(w) == s for w in haystack)


# --- R1: text that addresses the assistant is data; keep it out of keyword matching ---

def has_injection(text: str) -> bool:
    """True when the text tries to instruct the assistant, in any language of the instruction tables
    (`_cues.INSTRUCTION`, shapes in `_instruct`); that the rules are off, said alone, is not an instruction."""
    from tic.signals._instruct import shapes  # the tables need fold() from here

    return any(name != "off" for name, _ in shapes(text))


def strip_injection(text: str) -> str:
    """Drop every paragraph (or bracketed block) that tries to instruct the assistant."""
    if not has_injection(text):
        return text
    text = re.sub(r"\[[^\]]*\]", lambda m: "" if has_injection(m.group(0)) else m.group(0), text, flags=re.S)
    paragraphs = re.split(r"\n\s*\n", text)
    return "\n\n".join(p for p in paragraphs if not has_injection(p))


def header(headers: Mapping[str, str], name: str) -> str:
    """A header's value, looked up case-insensitively ('' when absent)."""
    want = name.lower()
    for key, value in headers.items():
        if key.lower() == want:
            return str(value)
    return ""


def looks_like_phone(text: str) -> bool:
    """A bare phone number ("+44 7700 900462"): an unsaved chat contact."""
    return bool(re.fullmatch(r"\+?[\d\s().\-]{6,}", text.strip()))


_TLDISH = {"com", "net", "org", "co", "io", "ae", "uk", "de", "it", "es", "fr", "gov", "edu", "app", "info", "biz", "me"}


def domain_labels(domain: str) -> list[str]:
    """The labels of an e-mail domain without public-suffix-looking tails."""
    labels = [lab for lab in domain.lower().split(".") if lab]
    while len(labels) > 1 and (labels[-1] in _TLDISH or len(labels[-1]) == 2):
        labels.pop()
    return labels


def any_in(text_words: Iterable[str], vocabulary: set[str]) -> str | None:
    """The first word of `text_words` found in `vocabulary`, or None."""
    for w in text_words:
        if w in vocabulary:
            return w
    return None


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
