"""Small text helpers shared by the rule compiler, the matchers and the heuristics.

Everything here is deterministic and language-light: word splitting that keeps
possessives attached ("Grace's" is not "Grace"), squashing names for
comparison with domain labels and a cheap suffix stemmer. What keeps text that
tries to address the assistant out of keyword matching (R1) is in `_instruct`.
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
    "header",
    "looks_like_phone",
    "domain_labels",
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
