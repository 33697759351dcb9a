"""Rule text to tokens: words, and the atoms a rule can name whole (T7).

Quoted names, e-mail addresses, domains, phone numbers, amounts of money,
clock times, reference numbers and plain numbers each become one token, so the
reader never sees "halvorsenpike.com" as three words or "+34 612 345 678" as
four numbers. Every token keeps its text as written; `low` is its folded form
(lower case, no accents, straight apostrophes) used against the lexicon.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from tic.rules._currency import PREFIX_PATTERN, SUFFIX_PATTERN

__all__ = ["Token", "tokenize", "fold", "split_elisions"]

_QUOTE = r'"(?P<q1>[^"]{1,120})"|“(?P<q2>[^”]{1,120})”|«\s?(?P<q3>[^»]{1,120}?)\s?»|„(?P<q4>[^“”"]{1,120})[“”"]|‘(?P<q5>[^’]{1,120})’|(?<![\w])\'(?P<q6>[^\'\n]{1,120}?)\'(?![\w])'
_PATTERN = re.compile(
    rf"(?P<quote>{_QUOTE})"
    r"|(?P<email>[\w.+-]+@[\w-]+(?:\.[\w-]+)+)"
    r"|(?P<atdomain>@[\w-]+(?:\.[\w-]+)+)"
    rf"|(?P<money>(?i:(?:{PREFIX_PATTERN})\s?\d(?:[\d,.]*\d)?\s?(?:k\b)?|(?:\d{{1,3}}(?:[ \u202f\u00a0]\d{{3}})+|\d[\d,.]*)\s?(?:k\s)?(?:{SUFFIX_PATTERN})))"
    r"|(?P<phone>\+\d[\d \-().]{6,}\d"  # E.164, or a national number with its trunk 0 or area code in brackets
    r"|(?<![\w+])(?:\(0?\d{2,3}\)\s?\d{4,5}[-\s]?\d{4}|0\d(?:[ \-.]?\d){8,10})(?![\w]))"
    r"|(?P<time>(?i:\b\d{1,2}(?::\d{2})?\s?(?:a\.?m\.?|p\.?m\.?)(?!\w)|\b\d{1,2}[:h]\d{2}\b|\b\d{1,2}\s?(?:uhr|h)\b))"
    r"|(?P<domain>\b(?:[a-z0-9][a-z0-9-]*\.)+(?:[a-z]{2,})\b(?!@)"
    # a name written with capitals and a common ending is a domain too ("Bodas.net", "ProZ.com")
    r"|\b(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+(?:com|net|org|io|co|de|fr|es|pt|br|uk|ca|it|nl|be|ch|at|mx|ar|cl|app|dev)\b(?![@\w]))"
    r"|(?P<ref>\b\d+(?:[-./]\d+){2,}(?:-\d+)?\b(?=[^\w]|$)|\b[A-Z][A-Z0-9]{1,15}-[\w\-/]*\d[\w\-/]*\b|\b[A-Za-z]{1,6}[-/#]?\d[\w\-/]*\b|\b\d+[-/][A-Za-z0-9][\w\-/]*\b|\b\d+[A-Za-z][\w\-]*\b)"
    r"|(?P<number>\b\d+(?:[.,]\d+)?\b)"
    r"|(?P<mention>@-?(?=[a-z]))"
    r"|(?P<word>[A-Z][A-Z0-9]+(?:\.[A-Z][A-Z0-9]+)+\b|(?:[A-Z]\.){2,}|[^\W\d_][\w'\-]*[\w]|[^\W\d_])"  # "KMU.DIGITAL", "U.S.": one name
    r"|(?P<at>@)"
    r"|(?P<punct>\.\.\.|…|[,;:.!?()\[\]/&+–—-])",
    re.UNICODE,
)
_ELISION = re.compile(r"^((?:[nldjmtsc]|qu|jusqu|lorsqu|puisqu)')(?=\w)", re.I)
_NOT_DOMAINS = {"e.g", "i.e", "etc", "z.b", "p.ej", "p.ex", "d.h", "u.a"}


def fold(text: str) -> str:
    """Lower case without accents, straight apostrophes ("Tomás’" -> "tomas'")."""
    text = unicodedata.normalize("NFKD", text.replace("’", "'").replace("ß", "ss"))
    return "".join(ch for ch in text if not unicodedata.combining(ch)).casefold()


@dataclass(frozen=True)
class Token:
    kind: str  # word quote email domain phone money time ref number at punct mention
    text: str  # as written (a quote: its inside)
    low: str  # folded
    start: int  # offset in the rule text

    @property
    def cap(self) -> bool:
        """Written with a capital (or another script without case): a name's first mark."""
        ch = self.text[:1]
        return ch.isupper() or (ch.isalpha() and not ch.islower() and not ch.isupper())

    def __repr__(self) -> str:
        return f"{self.kind}:{self.text}"


_GENDERED = re.compile(r"(?<=[a-zäöüß])[:*_/](?=in\b|innen\b)")  # "Patient:innen", "Kolleg*innen": one word


def tokenize(text: str) -> list[Token]:
    text = text.replace("’", "'").replace("‘", "'") if "‘" not in text or "’" not in text else text
    text = _GENDERED.sub("", text)
    out: list[Token] = []
    pos = 0
    for m in _PATTERN.finditer(text):
        kind = m.lastgroup or "word"
        if kind.startswith("q"):
            kind = "quote"
        value = m.group(0)
        if kind == "quote":
            value = next(v for k, v in m.groupdict().items() if k.startswith("q") and len(k) == 2 and v is not None)
        elif kind == "domain" and (value.lower() in _NOT_DOMAINS or "." not in value.strip(".")):
            kind = "word"
        elif kind == "atdomain":
            kind, value = "domain", value[1:]
        elif kind == "mention":
            # "@-mentioned", "@mention": the @ belongs to the word that follows
            nxt = re.match(r"[^\W\d_][\w'\-]*", text[m.end():])
            if nxt:
                value = "@" + nxt.group(0)
                out.append(Token("word", value, fold(value), m.start()))
                pos = m.end() + nxt.end()
                continue
            kind = "at"
        if m.start() < pos:
            continue
        if kind == "word" and (el := _ELISION.match(value)):  # French "n'ignore", "l'objet": two words
            out.append(Token("word", el.group(1), fold(el.group(1)), m.start()))
            value = value[el.end(1):]
            out.append(Token("word", value, fold(value), m.start() + el.end(1)))
            pos = m.end()
            continue
        if kind == "punct" and value == "...":
            value = "…"  # an ellipsis: "(notes, homework…)" lists examples
        out.append(Token(kind, value.strip(), fold(value.strip()), m.start()))
        pos = m.end()
    return out


def split_elisions(phrase: str) -> list[str]:
    """A lexicon phrase's words, French elisions split the way `tokenize` splits them."""
    out: list[str] = []
    for word in phrase.split():
        el = _ELISION.match(word)
        if el and len(word) > el.end(1):
            out += [el.group(1), word[el.end(1):]]
        else:
            out.append(word)
    return out
