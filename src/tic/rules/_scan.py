"""Tokens to items: every word of a rule labelled by what it does, or left visibly unknown (T7).

The scanner matches the lexicon's longest phrase at each position, choosing
among a phrase's classes by what follows ("in" is a time window only before
"2 hours", "from" is a time window only before "22:00"). Capitalised words the
lexicon does not know become `name` items (runs merged: "Halvorsen & Pike");
lower-case ones become `word` items, which only a topic or a role may use.
Parentheses and dash asides ("- she's my daughter") become `aside` items
holding their own items.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache

from tic.rules._brands import brand
from tic.rules._item import Item
from tic.rules._lexicon import AMOUNT_NOUNS, LEXICON, Lex, candidates
from tic.rules._rewrites import rewritten
from tic.rules._tokens import Token, fold, tokenize
from tic.signals import HONORIFICS

__all__ = ["Item", "WORD_LABELS", "scan", "guess_language"]

_NUMBER_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
                 "eight": 8, "nine": 9, "ten": 10, "twelve": 12, "fifteen": 15, "twenty": 20, "thirty": 30,
                 "forty-five": 45, "twenty-four": 24, "forty-eight": 48, "half": 0.5, "un": 1, "una": 1, "uno": 1,
                 "dos": 2, "tres": 3, "cuatro": 4, "cinco": 5, "seis": 6, "diez": 10, "ein": 1, "eine": 1,
                 "einer": 1, "zwei": 2, "drei": 3, "vier": 4, "funf": 5, "zehn": 10, "une": 1, "deux": 2,
                 "trois": 3, "quatre": 4, "dix": 10, "um": 1, "uma": 1, "duas": 2, "quatro": 4}
_HONORIFICS = HONORIFICS  # "Dr. Ole Hinrichsen", "Frau Dr. Brandt": titles, never part of a name
_NAME_GLUE = {"&", "de", "da", "do", "dos", "das", "del", "della", "van", "von", "der", "den", "la", "le", "di", "du", "des",
              "bin", "al", "ibn", "of", "d'"}
_ARTICLES_BEFORE = {"a", "an", "the", "un", "une", "el", "la", "le", "o", "um", "uma", "ein", "eine", "einen"}
_GERMAN_MY = {"mein", "meine", "meinen", "meinem", "meiner", "unser", "unsere", "unseren", "unserem", "unserer"}
_NAME_PARTICLES = {"Ní", "Nic", "Ó", "Uí", "Mhic", "Mac"}  # written so, only inside a name
_BEFORE_NOMINAL = {"nichts", "alles", "etwas", "viel", "wenig"}  # German: what comes after is no name
_UMLAUT_WORDS = {"uber"}  # German words that, written without their umlaut and capitalised, are a brand
_MID_NAME_ARTICLES = {"el", "la", "los", "las", "le", "les", "the", "der", "die", "das", "os", "as"}  # "Distribuidora
# El Encino", "Café Le Procope": a capitalised article between two parts of a name
_GLUE_BEFORE_ARTICLE = {"de", "of", "van", "von"}  # "Village de la Justice", "Bank of the West", "von der Leyen"
_GLUE_ARTICLES = {"la", "las", "los", "l'", "the", "der", "den"}
# Words that mean one thing in Portuguese and another in Spanish: read by the rule's language.
_LANG_OVERRIDES = {
    "pt": {"no": "f", "na": "f", "nos": "f", "se": "if", "e": "and", "o": "f", "a": "f", "com": "with"},
    "es": {"no": "neg", "se": "f", "o": "or", "e": "and", "a": "f", "y": "and"},
    "fr": {"a": "f", "se": "f", "ou": "or", "et": "and", "o": "word", "ni": "or", "dont": "f"},
    "de": {"an": "f", "so": "f", "o": "word"},
    "en": {"a": "f", "no": "neg", "so": "f", "son": "word"},
}
_PT = re.compile(r"[ãõç]|\b(minha|minhas|meus?|conversas?|individuais|guardad[oa]|remetente|assunto|"
                 r"n[ãa]o|voc[êe]|mensage(m|ns)|reuni[ãa]o|me avise|avise|grupo de whatsapp|sobre os|"
                 r"sempre que|quando|somente|apenas|nunca me|qualquer|só|no grupo|nos grupos|nada|dias [úu]teis|"
                 r"tudo|das|dos|pelo|pela|em|nov[oa]s?|calend[áa]rio|hoje|amanh[ãa]|at[ée]|come[cç]\w*)\b|\w-me\b", re.I)
_ES = re.compile(r"[ñ¿¡]|\b(mensajes?|av[ií]same|cuando|correos?|reuni[óo]n|siempre|nunca me|cualquier|"
                 r"sobre los|de los|del|no me|no te|me avises|avises|lo anterior|lo dem[aá]s|los|las|pero|hoy|"
                 r"ma[ñn]ana|tambi[ée]n|esto|este|esta|mucho|ning[uú]n|ninguna|encaja|y)\b", re.I)
_FR = re.compile(r"\b(ne|pas|jamais|les|des|quand|courriels?|pr[ée]viens|toujours|r[ée]union|moi|je|veux|aucune?|"
                 r"mais|pour|sauf|qui|ceux|tout|rien|chez|mes|leurs?)\b|\b[dlnj]'(?=\w)", re.I)
_DE = re.compile(r"[äöüß]|\b(nicht|nie|immer|wenn|von|die|der|das|und|mich|mir|benachrichtige|alles|zum|zur|vom|"
                 r"nur|bei|mit|wird|werden|sofort|bitte|keine|kein|melden|"
                 r"beim|nur|au(ss|ß)er|bitte|kein|keine|oder|ist|sind|werktags|ganz|stummschalten|melde|mit|mein|meine|meinen|auf|"
                 r"als|gespeichert|schreibt|sag|bescheid|aber|jemand|wurden?|endet|werbung|angebote|"
                 r"benachrichtigung(en)?|rechnung(en)?|kunden?|meiner|meinem|meines|unser|unsere|unserem|unserer|"
                 r"schwester|bruder|mutter|vater|tochter|sohn|chefin|chef)\b|"
                 r"nachrichten\b|gruppen?\b|termine?\b|nichts\b|etwas\b|wochenende\b|feierabend\b", re.I)


def guess_language(text: str) -> str:
    scores = {"pt": len(_PT.findall(text)) * 2, "es": len(_ES.findall(text)) * 2, "fr": len(_FR.findall(text)),
              "de": len(_DE.findall(text))}
    best = max(scores, key=lambda k: scores[k])
    return best if scores[best] >= 2 else "en"


def _number(tok: Token) -> float | None:
    if tok.kind == "number":
        return float(tok.low.replace(",", "."))
    return _NUMBER_WORDS.get(tok.low)


def _ranked(found: list[Lex]) -> list[Lex]:
    """Longest first; of one length, a time window first ("from 22:00 to 7:00", valid only before a time), then
    a meaning, then filler."""
    return sorted(found, key=lambda c: (-c.words, c.cls == "f", c.cls != "between"))


HOURS = re.compile(r"(\d{1,2})\s?h")  # "1h", "2 h": hours, when a length of time is asked for


def _before_number(toks: list[Token], j: int) -> bool:
    """Whether "no"/"nº" at toks[j - 1] labels the number or reference after it ("no. 4471", "nº 2024/0917",
    "n° de dossier SN-7"): written as an abbreviation (a dot, "º", "°") or followed by what the number is.
    A bare "no 5 star reviews" stays a negation."""
    marked = toks[j - 1].text.lower() != "no" or j < len(toks) and toks[j].text == "."
    k = j + 1 if j < len(toks) and toks[j].text == "." else j
    labelled = False
    while k < len(toks) and toks[k].low in {"de", "do", "da", "du", "of"} | _NUMBER_LABELS:
        labelled = labelled or toks[k].low in _NUMBER_LABELS
        k += 1
    return (marked or labelled) and k < len(toks) and toks[k].kind in {"number", "ref"}


_NUMBER_LABELS = {"expediente", "processo", "dossier", "claim", "case", "ticket", "pedido", "commande", "auftrag",
                  "referencia", "reference", "factura", "facture", "invoice", "radicado", "proceso"}
_FIRM_TAILS = {"sons", "son", "daughters", "partners", "partner", "associates", "co", "company", "cie", "hijos",
               "filhos", "sohne", "fils", "asociados", "associes", "associados", "brothers", "hermanos", "irmaos"}
_CLITICS = {"me", "te", "le", "les", "lo", "los", "la", "las", "se", "nos"}
WORD_LABELS = {"words", "word", "phrase", "palabra", "palabras", "mot", "mots", "wort", "worter", "palavra", "palavras",
                "frase", "terme", "termes"}


def _valid(lex: Lex, toks: list[Token], j: int) -> bool:
    """Whether reading the phrase as `lex` fits what follows it (j: the first token after the phrase)."""
    nxt = toks[j] if j < len(toks) else None
    if lex.cls == "within":
        k = j
        while k < len(toks) and toks[k].low in {"the", "next", "las", "los", "den", "les", "as", "os", "der", "l'"}:
            k += 1
        if k < len(toks) and (_unit(toks[k]) is not None or any(c.cls == "unit" for c in candidates(
                [t.low for t in toks], k))):  # "en menos de media hora"
            return True
        if k < len(toks) and toks[k].kind == "time" and HOURS.fullmatch(toks[k].low):
            return True  # "em menos de 1h": an hour count written as a clock time
        return k + 1 < len(toks) and _number(toks[k]) is not None and _unit(toks[k + 1]) is not None
    if lex.cls == "f" and toks[j - 1].low in {"no", "nº", "n°", "nr", "nro"}:
        return _before_number(toks, j)
    if lex.cls == "neg" and toks[j - 1].low in {"no", "nº", "n°"} and _before_number(toks, j):
        return False  # "claim no. CLM-448120", "el nº de expediente 2024/0917": number, not a negation
    if lex.cls == "about" and nxt is not None and nxt.kind in {"money", "number"}:
        return False  # "Rechnungen über 10.000 €": over an amount, not about it
    if lex.cls == "rest" and toks[j - 1].low in {"other", "others", "otra", "otras", "otro", "otros", "outra", "outras",
                                                  "outro", "outros", "autre", "autres", "andere", "anderen"} \
            and nxt is not None and any(c.cls in {"kind", "recur", "cat", "notice", "allday", "group"}
                                        for c in candidates([t.low for t in toks], j)):
        return False  # "the weekly standup and any other recurring meeting": more of that kind, not everything else
    if lex.cls == "except" and toks[j - 1].low == "but":
        return j >= 2 and toks[j - 2].low in {"everything", "anything", "all", "every", "nothing"}
    if lex.cls == "f" and toks[j - 1].low in WORD_LABELS:
        return nxt is not None and nxt.kind == "quote"  # 'the words "Okafor v. Lindqvist"': what follows is the text
    if lex.cls == "kind" and toks[j - 1].low in {"call", "calls"} and nxt is not None \
            and nxt.low in {"from", "by", "de", "da", "do", "von"}:
        return False  # "calls from Mum": phone calls, which no source holds - not calendar calls
    if lex.cls == "whether":  # "whether daily or weekly", "sea diario o semanal", "egal ob Mail oder WhatsApp"
        return any(c.cls in {"recur", "kind"} for c in candidates([t.low for t in toks], j))
    if lex.cls == "between" and nxt is not None and nxt.low in {"las", "as", "les", "the"}:
        j, nxt = j + 1, toks[j + 1] if j + 1 < len(toks) else None  # "entre las 23:00 y las 7:00"
    if lex.cls == "onday" and lex.words == 1 and j >= 2 and toks[j - 1].low in {"manana", "morgen"} \
            and toks[j - 2].low in {"la", "el", "der", "am", "den", "de", "por", "pela", "da", "a", "esta", "jeden"}:
        return False  # "las citas de la mañana", "am Morgen": the morning, not tomorrow
    if lex.cls == "before" and nxt is not None and any(c.cls == "noon" for c in candidates([t.low for t in toks], j)):
        return True  # "avant midi", "before noon"
    if lex.cls in {"between", "after", "before"}:
        return nxt is not None and (nxt.kind in {"time"} or (nxt.kind == "number" and lex.cls != "between")
                                    or (nxt.kind == "number" and _is_clock_number(toks, j)))
    if lex.cls == "cmp":
        return nxt is not None and nxt.kind in {"money", "number"}
    if lex.cls == "starts" and lex.words >= 2 and lex.value is None and toks[j - 1].low == "in":
        return nxt is not None and any(c.cls == "within" and _valid(c, toks, j + c.words)
                                       for c in candidates([t.low for t in toks], j))
    if lex.cls in {"tillw"}:
        return False
    if lex.cls == "from" and lex.value == "those":
        k = j + 1 if j < len(toks) and toks[j].low in {"l'", "la", "le", "les", "the", "el", "los", "las", "o", "a",
                                                       "der", "die", "das"} else j
        return k < len(toks) and toks[k].cap and toks[k].kind == "word"
    if lex.cls in {"v-", "v+", "neg"} and j - lex.words > 0 and toks[j - lex.words - 1].low in _ARTICLES_BEFORE \
            and nxt is not None and nxt.kind == "word" and not any(
                c.cls in {"f", "punct"} for c in candidates([t.low for t in toks], j)):
        return False  # "a blocked card", "un compte bloqué": a word that says what the thing is, after its article
    if lex.cls == "f" and lex.value == "where":
        return (lex.words > 1 or toks[j - 1].low != "ou" or toks[j - 1].text.lower() == "où") \
            and any(c.cls == "addressed" for c in candidates([t.low for t in toks], j))
    if lex.cls == "or" and toks[j - 1].text.lower() == "où":
        return False  # French "où" (where), folded to "ou" (or)
    if lex.cls == "conc" and lex.value == "emphasis":
        start = j - lex.words
        return start > 0 and toks[start - 1].kind == "punct" and toks[start - 1].text in {",", ";", "-", "–", "—", "(",
                                                                                           "."}
    if lex.cls == "concfull" and toks[j - 1].low in {"anyone", "anybody"}:
        return nxt is None or nxt.low not in {"at", "from", "of", "in", "with"}  # "from anyone at X" is a sender
    return True


def _is_clock_number(toks: list[Token], j: int) -> bool:
    """'from 9 to 17': a bare number in a from-to pair is a clock hour."""
    k = j + 3 if j + 3 < len(toks) and toks[j + 2].low in {"las", "as", "les", "the"} else j + 2
    return k < len(toks) and toks[j + 1].low in {"to", "and", "until", "till", "-", "–", "a", "bis", "hasta", "ate",
                                                  "und", "y", "e", "et", "as"} and toks[k].kind in {"number", "time"}


def _unit(tok: Token) -> int | None:
    lex = next((c for c in candidates([tok.low], 0) if c.cls == "unit"), None)
    return lex.value if lex else None  # type: ignore[return-value]


def scan(text: str) -> list[Item]:
    """The rule's items, in order (a fresh list the caller may change).

    A file's sentence is looked at several times (is it context, a definition, a
    catch-all, a rule), so the scan is kept per text and copied out: reading a
    file costs one scan a sentence, not five.
    """
    return _copy(_scan_once(text))


def _copy(items: tuple[Item, ...] | list[Item]) -> list[Item]:
    return [replace(it, items=_copy(it.items)) for it in items]


@lru_cache(maxsize=4096)
def _scan_once(text: str) -> tuple[Item, ...]:
    toks = tokenize(text)
    lang = guess_language(text)
    items, _ = _scan(toks, 0, lang, closing=None)
    items = _unwrap_qualifiers(items)
    items = rewritten(items, lang)
    for k, it in enumerate(items):  # a sentence's first word: the rule's, or one after ". ! ?"
        it.initial = k == 0 or items[k - 1].cls == "punct" and items[k - 1].text in {".", "!", "?"}
    for it in items:
        it.lang = lang
        for inner in it.items:
            inner.lang = lang
    return tuple(items)


# what brackets may hold and still be read as the words around them: a calendar timing ("(added today)")
_QUALIFIERS = {"created", "today", "new", "starts", "within", "unit", "number", "fromnow", "recur", "every", "allday", "addressed",
               "f"}


def _unwrap_qualifiers(items: list[Item]) -> list[Item]:
    """'Eventos nuevos (agregados hoy) que empiecen…': brackets holding only a calendar timing qualify the rule like
    the same words without brackets; '(@)' after "tag me" only shows the sign (nothing to read)."""
    out: list[Item] = []
    for it in items:
        inner = [x for x in it.items if x.cls != "punct"]
        if it.cls == "aside" and inner and all(x.cls == "at" for x in inner):
            continue
        if it.cls == "aside" and inner and all(x.cls in _QUALIFIERS for x in inner) \
                and any(x.cls not in {"f", "number", "unit"} for x in inner):
            out.extend(inner)
            continue
        out.append(it)
    return out


# chat shorthand people type in rules, read as the word it stands for
_SHORTHAND = {"q": "que", "qq": "qualquer", "pq": "porque", "tb": "tambien", "tbm": "tambem", "vc": "voce",
              "msj": "mensaje", "msjs": "mensajes", "nich": "nicht", "wenns": "wenn", "tjrs": "toujours", "aunq": "aunque", "qdo": "quando",
              "qnd": "quando", "qto": "quanto", "pra": "para", "qd": "quand", "qqn": "quelqu'un",
              "qqch": "quelque chose", "b4": "before", "hrs": "hours", "hr": "hour", "mins": "minutes", "pfv": "por favor",
              "pfvr": "por favor", "porfa": "por favor", "tmb": "tambien", "xq": "porque", "ds": "dans"}


def _scan(toks: list[Token], i: int, lang: str, closing: str | None) -> tuple[list[Item], int]:
    lows = [_SHORTHAND.get(t.low, t.low) for t in toks]
    out: list[Item] = []
    overrides = _LANG_OVERRIDES.get(lang, {})
    while i < len(toks):
        tok = toks[i]
        if tok.kind == "punct":
            if tok.text == "(" or tok.text == "[":
                inner, i = _scan(toks, i + 1, lang, closing=")" if tok.text == "(" else "]")
                out.append(Item("aside", "(...)", items=inner))
                continue
            if closing and tok.text == closing:
                return out, i + 1
            if tok.text == "," and out and out[-1].cls == "name" and (end := _relative_apposition(toks, i)) is not None:
                inner, _ = _scan(toks[:end], i + 1, lang, closing=None)  # ", the agency that books my work"
                if not any(x.cls in _STRUCTURAL_IN_APPOSITION for x in inner):
                    out.append(Item("aside", "-...", items=inner, mark="description"))
                    i = end
                    continue
            if tok.text in {";", ":", "-", "–", "—"} and out and (end := _identity_clause(toks, i)) is not None:
                inner, _ = _scan(toks[:end], i + 1, lang, closing=None)  # "; their people write from x.govt.nz"
                out.append(Item("aside", "-...", items=inner))
                i = end
                continue
            if (tok.text in {"-", "–", "—", ";"} and out and i + 1 < len(toks) and toks[i + 1].low in {
                    "she's", "he's", "they're", "she", "he", "they", "their", "his", "her", "my", "our", "its",
                    "that's"}) or (
                    tok.text == "," and out and i + 1 < len(toks) and (toks[i + 1].low in {
                    "she's", "he's", "they're", "who's", "whos"} or toks[i + 1].low == "who" and i + 2 < len(toks)
                    and toks[i + 2].low in {"is", "are"})):  # "my husband, who is "Rawiri" in my contacts"
                end = i + 1
                while end < len(toks) and not (toks[end].kind == "punct" and toks[end].text in {",", ";", ".", "!"}):
                    end += 1
                inner, _ = _scan(toks[:end], i + 1, lang, closing=None)
                out.append(Item("aside", "-...", items=inner))
                i = end
                continue
            out.append(Item("punct", tok.text))
            i += 1
            continue
        if tok.kind != "word":
            out.append(Item(tok.kind, tok.text, value=tok.low))
            i += 1
            continue
        if tok.low in _HONORIFICS:
            h = i
            while h < len(toks) and toks[h].low in _HONORIFICS:  # "Dr. Ole Hinrichsen", "Frau Dr. Brandt"
                h = h + 2 if h + 2 < len(toks) and toks[h + 1].text == "." else h + 1
            if h < len(toks) and toks[h].kind == "word" and toks[h].cap:
                if h + 1 < len(toks) and toks[h + 1].kind == "word" and toks[h + 1].cap and not _lexical(lows, h + 1):
                    i = h  # "Dr Rohan Mehta": the honorific is not part of the full name
                    continue
                if not _lexical(lows, h):  # "Mme Aubertin": a person, by surname
                    out.append(Item("name", f"{tok.text.rstrip('.')} {toks[h].text}", weak=lang == "de"))
                    i = h + 1
                    continue
                i = h
                continue
        if tok.low in overrides and not any(c.words > 1 for c in candidates(lows, i)) and tok.text.lower() != "où":
            cls = overrides[tok.low]
            if tok.low == "no" and cls == "f" and i + 1 < len(toks) and toks[i + 1].low in _CLITICS:
                cls = "neg"  # "no me avises" is Spanish whatever the guess: Portuguese "no" (in the) is before a noun
            if tok.low == "no" and _before_number(toks, i + 1):
                cls = "f"  # "nº de expediente 2024/0917", "claim no. CLM-448120": the label of a number
            out.append(Item(cls, tok.text, value=None))
            i += 1
            continue
        chosen = next((c for c in _ranked(candidates(lows, i)) if _valid(c, toks, i + c.words)), None)
        if chosen is not None and chosen.cls == "day" and tok.cap and i > 0 and toks[i - 1].low in {"in", "im", "en",
                                                                                                    "dans"} \
                and i + 1 < len(toks) and toks[i + 1].kind == "word" and toks[i + 1].cap and not _lexical(lows, i + 1):
            chosen = None  # "@-mentions me in Tuesday Climbers": a chat's name, never "on Tuesdays"
        if chosen is not None and tok.cap and lang != "de" and tok.text.isascii() and tok.low in _UMLAUT_WORDS:
            chosen = None  # "Uber Eats" in a rule that is not German: a name, never "über" written without its dots
        if chosen is not None and tok.cap and out and out[-1].cls == "org" and i + 1 < len(toks) \
                and toks[i + 1].kind == "word" and toks[i + 1].cap:
            chosen = None  # "cualquier persona de Grupo Logístico Henares": an organisation's name
        if chosen is not None:
            words = " ".join(t.text for t in toks[i : i + chosen.words])
            if chosen.cls == "unit" and out and out[-1].cls in {"number", "within"}:
                pass
            out.append(Item(chosen.cls, words, value=chosen.value))
            i += chosen.words
            continue
        if (named := brand(lows, i)) is not None:  # "linkedin: no", "Slack-Digests": a service, by its name
            j = i + named[1]
            if j + 1 < len(toks) and toks[j].low == "for" and toks[j + 1].cap and toks[j + 1].kind == "word" \
                    and not _lexical(lows, j + 1):  # "Spotify for Artists": one of the service's products
                out.append(Item("name", " ".join(t.text for t in toks[i : j + 2]), mark="service"))
                i = j + 2
                continue
            out.append(Item("name", named[0], mark="service"))
            i += named[1]
            continue
        if (parts := _name_and_noun(tok)) is not None:  # "LinkedIn-Mails", "Slack-Digests": whose, and what
            out.extend(parts)
            i += 1
            continue
        if tok.cap and i > 0 and toks[i - 1].low in _BEFORE_NOMINAL and tok.low.endswith("es"):
            out.append(Item("word", tok.text, value=tok.low))  # "nichts Berufliches", "alles Dringende": an
            i += 1  # adjective made a noun, never a name
            continue
        if tok.cap or (tok.text[:1].isalpha() and not tok.text[:1].islower()):
            first = not out or out[-1].cls == "punct" and out[-1].text in {".", "!", "?"}
            j = i + 1
            while j < len(toks) and (glued := _glue(toks, lows, j)) >= 0 \
                    and not (first and j == i + 1 and toks[j].low in _NAME_GLUE and toks[j].text != "&") \
                    and (toks[j].kind == "word" and toks[j].cap and (not _lexical(lows, j) or _names_a_kind_of_sender(lows, j)
                                                                     or _firm_group(toks, lows, j, lang)
                                                                     or _verb_in_name(lows, j, lang))
                                     and toks[j].low not in _HONORIFICS  # "Praxispartnerin Dr. Miriam Ostrowski"
                                     or toks[j].kind == "ref"
                                     or toks[j].kind == "number" and j + 1 < len(toks) and toks[j + 1].cap
                                     and toks[j + 1].kind == "word" and not _lexical(lows, j + 1)  # "Ward 7 Nights"
                                     or toks[j].low in {"and", "y", "und", "et", "e"} and j + 1 < len(toks)
                                     and toks[j + 1].low in _FIRM_TAILS  # "Smith and Sons": one firm
                                     or glued and not any(t.kind == "ref" for t in toks[i:j])):  # "Harinera del
                # Sur", "Banco de España" - never after a reference: "Bestellung 4471-AX von Hoffmann GmbH" is two
                j += glued + 1  # the glue words (none for a capitalised word) and the capitalised word after them
            if (lang == "de" or out and fold(out[-1].text) in _GERMAN_MY) and out and out[-1].cls == "my" \
                    and j - i >= 2 and _noun_like(toks[i : i + 1]) \
                    and toks[i + 1].kind == "word":  # "meiner Filialleiterin Sabine Krämer": what she is, then who
                out.append(Item("word", tok.text, value=tok.low))
                i += 1
                continue
            if j == i + 1 and _common_noun(tok) and (fixed := _typo(tok.low)) is not None:
                lex = next(c for c in candidates([fixed], 0) if c.words == 1)  # "keine Benachrichtgungen": a slip
                out.append(Item(lex.cls, tok.text, value=lex.value))
                i += 1
                continue
            if j == i + 1 and (_common_noun(tok) or tok.low in AMOUNT_NOUNS):  # "Webinar-Einladungen", "Invoices":
                # a German plural noun, a paper that carries an amount - never a name
                out.append(Item("word", tok.text, value=tok.low))
                i += 1
                continue
            named = " ".join(t.text for t in toks[i:j]).replace("' ", "'").replace("’ ", "’")  # "Caisse d'Épargne"
            named = named.replace(" .", ".")  # "Brennan v. Tolliver"
            out.append(Item("name", named, weak=lang == "de" and _noun_like(toks[i:j])))
            i = j
            continue
        fixed = _typo(tok.low)
        if fixed is not None:  # "alwyas", "toujour", "mensionan": a slip of the keyboard, one letter off
            lex = next(c for c in candidates([fixed], 0) if c.words == 1)
            out.append(Item(lex.cls, tok.text, value=lex.value))
            i += 1
            continue
        out.append(Item("word", tok.text, value=tok.low))
        i += 1
    return out, i


# a slip is corrected only into a word that names something; never into a negation, a verb or a connective,
# where a wrong guess ("nights" -> German "nichts") would flip or bend the rule, nor into a role, where a real
# word of another language ("escala", a crew roster) would become someone else ("escola", the school)
_TYPO_CLASSES = {"always", "kind", "cat", "mention", "group", "unsaved", "saved", "recur", "allday", "notice"}


@lru_cache(maxsize=1)
def _one_words() -> dict[int, list[str]]:
    by_len: dict[int, list[str]] = {}
    for key, lexes in LEXICON.items():
        if len(key) == 1 and key[0].isalpha() and all(x.cls in _TYPO_CLASSES for x in lexes):
            by_len.setdefault(len(key[0]), []).append(key[0])
    return by_len


@lru_cache(maxsize=4096)
def _typo(word: str) -> str | None:
    """The one lexicon word `word` is a typing slip of (a letter wrong, missing, extra or swapped), or None.
    Only words of six letters or more, with the same first letter, and only when exactly one word fits."""
    if len(word) < 6 or not word.isalpha() or candidates([word], 0):
        return None
    fits = {w for n in (len(word) - 1, len(word), len(word) + 1) for w in _one_words().get(n, ())
            if w[0] == word[0] and _one_edit(word, w)}
    return fits.pop() if len(fits) == 1 else None


def _one_edit(a: str, b: str) -> bool:
    if a == b:
        return False
    if len(a) == len(b):
        diff = [k for k in range(len(a)) if a[k] != b[k]]
        return len(diff) == 1 or len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]] \
            and a[diff[1]] == b[diff[0]]
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    k = next((k for k in range(len(short)) if short[k] != long_[k]), len(short))
    return short[k:] == long_[k + 1 :]


def _noun_like(toks: list[Token]) -> bool:
    """A German capitalised word may be any noun; 'XING', 'LinkedIn', 'TikTok' are written as names are."""
    return all(part[1:] == part[1:].lower() for t in toks if t.kind == "word" for part in t.text.split("-"))


_STRUCTURAL = {"v+", "v-", "neg", "negv", "if", "unless", "except", "only", "kind", "always", "cat", "group", "any"}


def _structural(lows: list[str], j: int) -> bool:
    """A word that shapes the rule even written with a capital; others after "del"/"de"/"der" belong to a name."""
    return any(c.cls in _STRUCTURAL for c in candidates(lows, j))


def _names_a_kind_of_sender(lows: list[str], j: int) -> bool:
    """'Halden Primary School', 'Banco Tucunaré': a capitalised word for a kind of sender inside a name is the name."""
    return all(c.cls == "role" for c in candidates(lows, j) if c.words == 1) and any(
        c.cls == "role" for c in candidates(lows, j))


_RELATIVES = {"that", "who", "which", "que", "qui", "die", "der", "den"}
_THE_ONE_FROM = {("la", "de"), ("el", "de"), ("la", "del"), ("el", "del"), ("a", "da"), ("o", "da"), ("a", "do"),
                 ("o", "do"), ("celle", "de"), ("celui", "de"), ("celle", "du"), ("celui", "du"), ("die", "von"),
                 ("der", "von"), ("the", "one")}
_STRUCTURAL_IN_APPOSITION = {"v+", "v-", "neg", "only", "unless", "except", "if", "always", "kind", "group", "mention",
                             "between", "time", "cmp", "money"}


def _relative_apposition(toks: list[Token], i: int) -> int | None:
    """'Lingua Levant, the agency that books most of my assignments; …': after a name, what it is, said with a
    relative clause - where it ends (a clause end, or the rule's), or None."""
    pair = (toks[i + 1].low, toks[i + 2].low) if i + 2 < len(toks) else ("", "")
    if pair in _THE_ONE_FROM:  # "Rosa, la de la gestoría Fiscalia Asesores": which Rosa, not another sender
        end = i + 1
        while end < len(toks) and not (toks[end].kind == "punct" and toks[end].text in {";", ".", "!"}):
            end += 1
        return end
    if i + 2 >= len(toks) or toks[i + 1].low not in {"the", "our", "my", "a", "an", "where"}:
        return None
    rel = i + 1 if toks[i + 1].low == "where" else next(  # ", where we're playing this month"
        (k for k in range(i + 2, min(i + 6, len(toks))) if toks[k].low in _RELATIVES), None)
    if rel is None:
        return None
    end = rel
    while end < len(toks) and not (toks[end].kind == "punct" and toks[end].text in {";", ".", "!"}):
        end += 1
    return end


_IDENTITY_OPENERS = {"their", "deren", "sus", "leurs", "seus", "escriben", "escrevem", "ecrivent", "écrivent",
                     "schreiben", "they", "ils", "elles", "ellos", "eles", "its", "ihre"}


def _identity_clause(toks: list[Token], i: int) -> int | None:
    """'…; their people write from x.govt.nz', ': escriben desde direcciones que terminan en x.com.uy', '; deren
    Leute schreiben von Adressen, die auf x.at enden': after a sender, a clause that says where they write from -
    where it ends (a clause end, or the rule's), or None."""
    if i + 1 >= len(toks) or toks[i + 1].low not in _IDENTITY_OPENERS:
        return None
    end = i + 1
    while end < len(toks) and not (toks[end].kind == "punct" and toks[end].text in {";", ".", "!"}):
        end += 1
    return end if any(t.kind in {"domain", "email", "atdomain"} for t in toks[i + 1 : end]) else None


def _firm_group(toks: list[Token], lows: list[str], j: int, lang: str) -> bool:
    """'Tallis Group', 'the Hartley Group': a capitalised "Group" closing a name is the firm's name, not a group
    chat - unless the rule speaks of chats (German capitalises every noun: never taken so)."""
    return (toks[j].text == "Group" and lang != "de"
            and not any(w in {"whatsapp", "chat", "chats", "wa"} for w in lows))


def _glue(toks: list[Token], lows: list[str], j: int) -> int:
    """How many words at toks[j] join two parts of one name ("Banco de España", "Village de la Justice",
    "Bank of America", "Caisse d'Épargne"): 0 when they do not."""
    if toks[j].low in _MID_NAME_ARTICLES and toks[j].cap and j + 1 < len(toks) and toks[j + 1].cap \
            and toks[j + 1].kind == "word" and not _structural(lows, j + 1):
        return 1
    if toks[j].low in {"v", "vs"} and j + 2 < len(toks) and toks[j + 1].text == "." and toks[j + 2].cap \
            and toks[j + 2].kind == "word" and j > 0 and toks[j - 1].cap:
        return 2  # "Brennan v. Tolliver", "Okafor vs. Lindqvist": a case, by its parties
    if toks[j].text in _NAME_PARTICLES and j + 1 < len(toks) and toks[j + 1].cap and toks[j + 1].kind == "word":
        return 1  # "Máire Ní Bhriain": a particle of the name, never "ni" (nor)
    if not (toks[j].low in _NAME_GLUE or toks[j].text == "&"):
        return 0
    n = 2 if j + 2 < len(toks) and toks[j].low in _GLUE_BEFORE_ARTICLE and toks[j + 1].low in _GLUE_ARTICLES else 1
    k = j + n
    ok = k < len(toks) and toks[k].cap and toks[k].kind == "word" and not _structural(lows, k)
    return n if ok else 0


_COMPOUND_TAILS = {"kind", "cat", "notice"}
# endings of German plural nouns that no name has ("Einladungen", "Mitteilungen", "Neuigkeiten")
_NOUN_ENDINGS = ("ungen", "heiten", "keiten", "schaften", "tionen", "nisse")


def _common_noun(tok: Token) -> bool:
    last = tok.low.rpartition("-")[2]
    return _noun_like([tok]) and (last.endswith(_NOUN_ENDINGS) or any(
        fold(last).endswith(w) and len(last) > len(w) + 2 for w in _COMPOUND_HEADS))


# the last part of German compounds that name kinds of people or firms ("Futtermittelherstellern",
# "Pharmavertretern", "Versandhändler"): a compound ending so is a common noun, never someone's name
_COMPOUND_HEADS = ("herstellern", "hersteller", "vertretern", "vertreter", "anbietern", "anbieter", "handlern",
                   "handler", "lieferanten", "dienstleistern", "dienstleister", "maklern", "makler", "agenturen")


def _name_and_noun(tok: Token) -> list[Item] | None:
    """A German compound of a name and a kind of message ("LinkedIn-Mails", "Slack-Digests",
    "XING-Benachrichtigungen"): the name, then the noun - never one sender called "LinkedIn-Mails"."""
    head, dash, tail = tok.text.rpartition("-")
    if not dash or not head or not tail or not head[:1].isupper():
        return None
    lex = next((c for c in candidates([fold(tail)], 0) if c.words == 1 and c.cls in _COMPOUND_TAILS), None)
    if lex is None:
        return None
    named = brand([fold(head)], 0)
    return [Item("name", named[0] if named else head, mark="service" if named else ""),
            Item(lex.cls, tail, value=lex.value)]


def _lexical(lows: list[str], j: int) -> bool:
    return any(c.cls != "f" for c in candidates(lows, j))


_VERBS = {"keep", "v+", "v-", "msgverb"}


def _verb_in_name(lows: list[str], j: int, lang: str) -> bool:
    """'Anyone at Casa Segura': a capitalised word that the lexicon knows only as a verb (Portuguese "segura",
    hold) continues the name it follows - outside German, a verb is not capitalised mid-sentence."""
    found = candidates(lows, j)
    return lang != "de" and bool(found) and all(c.cls in _VERBS | {"f"} for c in found) \
        and any(c.cls in _VERBS for c in found)


def is_number(item: Item) -> float | None:
    if item.cls == "number":
        return float(str(item.value).replace(",", "."))
    return _NUMBER_WORDS.get(fold(item.text))
