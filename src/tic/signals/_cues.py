"""Multilingual cue tables for the built-in heuristics (T1, T3): language -> cue kind -> phrases.

One small registry, `CUES`, instead of one regex per concern: each language
lists its own phrases for each kind of cue, and `find(kind, text)` looks for the
first one in any language. Phrases are plain text, folded like the text they
are looked for in (case and accents do not matter: "ate amanha" finds "até
amanhã"); a space or hyphen stands for any run of spaces or hyphens, `*` for
the rest of a word ("*lights are on" finds "headlights are on") and `{time}`
for a clock time or a moment word of any language ("by 11:00", "bis morgen",
"antes del mediodía"). `ANY` holds the script-independent signals: question
marks of every script (? ？ ؟ ¿) and emphasis (!!, ‼, 🚨).

Kinds: `urgent`, `soon` (today, tonight ...), `deadline` (by/before a time),
`moment` (what may follow a deadline word), `request` (questions and asks
addressed to the reader), `problem` (something of the reader's is broken,
leaking or left on and wants fixing now), `new_number` (a sender saying this
is their new number: the opening of the "Hi Mum" scam) and `family` (what a
child calls a parent, for that scam's salutation).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from tic.signals._text import fold

__all__ = ["CUES", "ANY", "KINDS", "LANGUAGES", "Cue", "find", "family_salutation"]

KINDS = ("urgent", "soon", "deadline", "moment", "request", "problem", "new_number", "family")

CUES: dict[str, dict[str, tuple[str, ...]]] = {
    "en": {
        "urgent": ("urgent", "urgently", "asap", "a.s.a.p", "emergency", "immediately", "right away", "straight away",
                   "time-sensitive", "short notice", "as soon as possible"),
        "soon": ("today", "tonight", "this morning", "this afternoon", "this evening", "end of day", "end of the day",
                 "eod", "close of business", "by noon", "before noon"),
        "deadline": ("by {time}", "before {time}", "until {time}", "till {time}", "no later than {time}", "deadline",
                     "due today", "due tomorrow"),
        "moment": ("noon", "midday", "midnight", "tonight", "tomorrow"),
        "request": ("can you", "could you", "would you", "will you", "are you", "do you", "please confirm",
                    "please reply", "please send", "please sign", "please let me know", "please review", "please call",
                    "please check", "please approve", "let me know", "need you to", "i need", "please"),
        "problem": ("*lights are on", "*lights are still on", "left the lights on", "left your lights on",
                    "lights left on", "left open", "left running", "left unlocked", "is leaking", "are leaking", "leaking", "burst pipe",
                    "flooding", "flooded", "on fire", "smoke alarm", "alarm is going off", "alarm going off",
                    "battery will be flat", "battery will be dead", "battery will die", "battery is flat",
                    "flat battery", "dead battery", "broken", "broke down", "not working", "stopped working",
                    "won't start", "door is open", "door is unlocked", "window is open", "gate is open",
                    "tap is running", "water everywhere", "power is out", "power cut", "locked out", "being towed",
                    "towed away", "had an accident", "been in an accident", "car accident", "in hospital", "in the hospital", "fix it now", "needs fixing"),
        "new_number": ("my new number", "new number", "new phone", "lost my phone", "broke my phone", "phone broke",
                       "changed my number", "save this number", "save my number", "delete the old number",
                       "delete my old number"),
        "family": ("mum", "mom", "mummy", "mommy", "mama", "dad", "daddy", "mother", "father"),
    },
    "de": {
        "urgent": ("dringend", "eilig", "eilt", "sofort", "umgehend", "notfall", "so schnell wie möglich",
                   "schnellstmöglich", "unverzüglich"),
        "soon": ("heute", "heute noch", "noch heute", "heute abend", "heute morgen", "heute früh", "heute nachmittag",
                 "morgen früh", "bis morgen", "jetzt gleich"),
        "deadline": ("bis {time}", "bis spätestens {time}", "spätestens {time}", "bis zum {time}", "frist"),
        "moment": ("morgen", "mittag", "mitternacht", "heute abend", "feierabend"),
        "request": ("bitte", "kannst du", "können sie", "könntest du", "könnten sie", "würdest du", "würden sie",
                    "bestätigen", "gib mir bescheid", "sag mir bescheid", "sag bescheid", "bescheid geben",
                    "melde dich", "ruf mich an", "ich brauche"),
        "problem": ("läuft aus", "ausgelaufen", "undicht", "wasserschaden", "tropft", "überschwemmt", "kaputt",
                    "defekt", "funktioniert nicht", "geht nicht mehr", "springt nicht an", "es brennt",
                    "*licht ist an", "*licht ist noch an", "*lichter sind an", "licht brennt noch", "scheinwerfer sind an",
                    "steht offen", "offen gelassen", "angelassen", "batterie ist leer", "batterie wird leer",
                    "abgeschleppt", "einen unfall", "unfall gehabt", "im krankenhaus", "ausgesperrt"),
        "new_number": ("meine neue nummer", "neue nummer", "neues handy", "handy verloren", "handy ist kaputt",
                       "speicher diese nummer", "speichere diese nummer", "alte nummer löschen"),
        "family": ("mama", "mami", "mutti", "papa", "papi", "vati"),
    },
    "es": {
        "urgent": ("urgente", "urgentemente", "emergencia", "cuanto antes", "lo antes posible", "lo más pronto posible",
                   "de inmediato", "inmediatamente", "ya mismo", "enseguida", "ahora mismo"),
        "soon": ("hoy", "hoy mismo", "esta noche", "esta tarde", "esta mañana", "antes del mediodía", "fin del día"),
        "deadline": ("antes de {time}", "antes de las {time}", "antes del {time}", "hasta las {time}",
                     "para las {time}", "a más tardar {time}", "fecha límite", "plazo"),
        "moment": ("mañana", "mediodía", "medianoche", "esta noche"),
        "request": ("¿puedes", "puedes", "¿podrías", "podrías", "¿puede", "me puedes", "me podrías", "por favor",
                    "avísame", "confírmame", "necesito que", "me dices", "llámame"),
        "problem": ("fuga de agua", "fuga de gas", "gotea", "goteando", "inundando", "inundado", "roto", "se rompió", "no funciona",
                    "dejó de funcionar", "no arranca", "se quemó", "incendio", "sale humo", "hay humo", "luces encendidas",
                    "luces prendidas", "faros encendidos", "se quedó abierta", "se quedó abierto", "puerta abierta",
                    "batería descargada", "se va a descargar", "se llevan el coche", "grúa", "un accidente",
                    "en el hospital"),
        "new_number": ("mi nuevo número", "nuevo número", "número nuevo", "teléfono nuevo", "celular nuevo",
                       "móvil nuevo", "perdí mi teléfono", "perdí el móvil", "se me rompió el teléfono",
                       "guarda este número", "borra el número anterior"),
        "family": ("mamá", "mami", "papá", "papi", "madre", "padre"),
    },
    "pt": {
        "urgent": ("urgente", "urgência", "emergência", "imediatamente", "o quanto antes", "o mais rápido possível",
                   "assim que possível", "agora mesmo"),
        "soon": ("hoje", "hoje à noite", "esta noite", "hoje cedo", "esta manhã", "esta tarde", "ainda hoje",
                 "agora", "fim do dia", "até amanhã"),
        "deadline": ("até {time}", "até às {time}", "até as {time}", "antes de {time}", "antes das {time}",
                     "no máximo até {time}", "prazo"),
        "moment": ("amanhã", "meio-dia", "meia-noite", "hoje à noite"),
        "request": ("você pode", "vc pode", "pode me", "podes", "poderia", "você poderia", "por favor", "pfv",
                    "me avisa", "me avise", "me diz", "me liga", "preciso que", "confirme"),
        "problem": ("vazando", "vazamento", "quebrado", "quebrada", "quebrou", "estragado", "não funciona",
                    "parou de funcionar", "pegando fogo", "incêndio", "saindo fumaça", "faróis acesos",
                    "luzes acesas", "luz acesa", "ficou aceso", "ficou acesa", "ficou aberto", "ficou aberta",
                    "porta aberta", "bateria vai descarregar", "bateria descarregada", "alagando", "alagado",
                    "inundado", "guincho", "um acidente", "no hospital"),
        "new_number": ("meu número novo", "meu novo número", "número novo", "novo número", "celular novo",
                       "telemóvel novo", "perdi meu celular", "perdi o celular", "meu celular quebrou",
                       "salva esse número", "salva este número"),
        "family": ("mãe", "mamãe", "mainha", "pai", "papai"),
    },
    "fr": {
        "urgent": ("urgent", "urgente", "urgence", "au plus vite", "dès que possible", "des que possible",
                   "tout de suite", "immédiatement", "le plus vite possible", "asap"),
        "soon": ("aujourd'hui", "ce soir", "ce matin", "cet après-midi", "demain matin", "avant midi",
                 "dans la journée", "d'ici ce soir"),
        "deadline": ("avant {time}", "d'ici {time}", "jusqu'à {time}", "au plus tard {time}", "date limite",
                     "échéance"),
        "moment": ("midi", "minuit", "demain", "ce soir"),
        "request": ("pourriez-vous", "pouvez-vous", "peux-tu", "pourrais-tu", "tu peux", "tu pourrais",
                    "vous pouvez", "merci de", "s'il te plaît", "s'il vous plaît", "stp", "svp", "dis-moi",
                    "tiens-moi au courant", "confirmez", "rappelle-moi"),
        "problem": ("une fuite", "fuite d'eau", "fuite de gaz", "inondé", "inondation", "dégât des eaux", "cassé", "cassée", "en panne",
                    "ne marche plus", "ne fonctionne plus", "ne démarre pas", "incendie", "de la fumée", "phares allumés",
                    "lumières allumées", "lumière allumée", "feux allumés", "resté ouvert", "restée ouverte",
                    "porte ouverte", "batterie à plat", "batterie va se vider", "fourrière", "eu un accident",
                    "à l'hôpital"),
        "new_number": ("mon nouveau numéro", "nouveau numéro", "nouveau téléphone", "perdu mon téléphone",
                       "perdu mon portable", "téléphone cassé", "enregistre ce numéro", "enregistre mon numéro"),
        "family": ("maman", "papa"),
    },
    "it": {
        "urgent": ("urgente", "urgentemente", "subito", "emergenza", "immediatamente", "al più presto",
                   "quanto prima", "prima possibile"),
        "soon": ("oggi", "stasera", "stamattina", "stanotte", "oggi pomeriggio", "entro oggi", "entro stasera",
                 "entro domani", "in giornata"),
        "deadline": ("entro {time}", "entro le {time}", "entro l'{time}", "prima delle {time}", "scadenza"),
        "moment": ("domani", "mezzogiorno", "mezzanotte", "stasera"),
        "request": ("potresti", "puoi", "può", "per favore", "per piacere", "mi fai sapere", "fammi sapere",
                    "mi confermi", "mi dici", "chiamami", "ho bisogno che"),
        "problem": ("perdita d'acqua", "perdita di gas", "perde acqua", "allagato", "allagamento", "rotto", "si è rotto", "si è rotta",
                    "non funziona", "guasto", "in fiamme", "incendio", "c'è fumo", "fari accesi",
                    "luci accese", "luce accesa", "rimasto aperto", "rimasta aperta", "porta aperta",
                    "batteria scarica", "si scaricherà", "carro attrezzi", "un incidente", "in ospedale"),
        "new_number": ("il mio nuovo numero", "nuovo numero", "numero nuovo", "nuovo telefono", "perso il telefono",
                       "telefono rotto", "salva questo numero", "salva il mio numero"),
        "family": ("mamma", "mami", "papà", "babbo"),
    },
    "sv": {
        "urgent": ("brådskande", "akut", "genast", "omedelbart", "snarast", "så fort som möjligt", "nu direkt",
                   "med en gång"),
        "soon": ("idag", "i dag", "ikväll", "i kväll", "i morse", "i eftermiddag", "innan lunch", "före lunch"),
        "deadline": ("senast {time}", "innan {time}", "före {time}", "till {time}", "deadline"),
        "moment": ("imorgon", "i morgon", "lunch", "midnatt", "ikväll"),
        "request": ("kan du", "kan ni", "skulle du kunna", "snälla", "vänligen", "hör av dig", "ring mig",
                    "meddela", "bekräfta"),
        "problem": ("läcker", "vattenläcka", "översvämning", "trasig", "trasigt", "gått sönder", "är sönder",
                    "fungerar inte", "funkar inte", "startar inte", "det brinner", "lamporna lyser",
                    "*ljusen är på", "*lyktorna är på", "lyser fortfarande", "står öppen", "står öppet",
                    "lämnat öppen", "batteriet är urladdat", "batteriet tar slut", "bärgas", "en olycka",
                    "på sjukhus"),
        "new_number": ("mitt nya nummer", "nytt nummer", "ny telefon", "tappat mobilen", "mobilen gick sönder",
                       "spara detta nummer", "spara mitt nummer"),
        "family": ("mamma", "pappa", "morsan", "farsan"),
    },
}

ANY: dict[str, tuple[str, ...]] = {
    "question": ("?", "？", "؟", "¿", "⸮"),
    "emphasis": ("!!", "！！", "‼", "🚨", "🆘", "⚠"),
}

LANGUAGES = tuple(CUES)

_CLOCK = r"\d{1,2}(?:[:.h]\d{2})?(?:\s*(?:am|pm|a\.m\.|p\.m\.|h|hs|hrs|uhr|noon|o'clock))?"
_KL = r"(?:kl\.?\s*|um\s+|at\s+|las\s+|les\s+|as\s+)?"


@dataclass(frozen=True)
class Cue:
    """One cue found: its kind, the language whose table it came from ('any' for a signal), and its text."""

    kind: str
    lang: str
    text: str
    start: int


_HEAD, _TIME, _SEP, _TAIL, _STAR = "\x00h", "\x00m", "\x00s", "\x00t", "\x00w"  # specials sort after letters


def _tokens(phrase: str, bounded: bool = True) -> tuple[str, ...]:
    """A folded phrase as trie tokens: letters, the {time} slot, `*`, separators and word boundaries."""
    p = fold(phrase)
    toks = [_HEAD] if bounded and re.match(r"\w", p) else []
    for piece in re.split(r"(\{time\}|\*|[\s\-]+)", p):
        if piece == "{time}":
            toks.append(_TIME)
        elif piece == "*":
            toks.append(_STAR)
        elif piece and not piece.strip(" -\t\n"):
            toks.append(_SEP)
        else:
            toks.extend(piece)
    if bounded and re.search(r"[\w}*]$", p):
        toks.append(_TAIL)
    return tuple(toks)


def _trie(seqs: set[tuple[str, ...]], time_rx: str = "") -> str:
    """One regular expression for many phrases, as a trie: at each place only the letters that go on are tried
    (an alternation of a few hundred phrases is otherwise tried phrase by phrase at every position)."""
    root: dict = {}
    for seq in seqs:
        node = root
        for tok in seq:
            node = node.setdefault(tok, {})
        node[""] = {}
    special = {_HEAD: r"(?<!\w)", _TAIL: r"(?!\w)", _SEP: r"[\s\-]+", _STAR: r"\w*", _TIME: time_rx}

    def emit(node: dict) -> str:
        alts = [(special.get(tok) or re.escape(tok)) + emit(node[tok]) for tok in sorted(t for t in node if t)]
        if not alts:
            return ""
        if len(alts) == 1 and "" not in node:
            return alts[0]
        return "(?:" + "|".join(alts) + ")" + ("?" if "" in node else "")

    return emit(root)


@lru_cache(maxsize=None)
def _time_rx() -> str:
    moments = {_tokens(m, bounded=False) for table in CUES.values() for m in table.get("moment", ())}
    return f"(?:{_KL}(?:{_CLOCK}|{_trie(moments)}))"


def _tables(kind: str) -> list[tuple[str, tuple[str, ...]]]:
    if kind in ANY:
        return [("any", ANY[kind])]
    tables = [(lang, table[kind]) for lang, table in CUES.items() if table.get(kind)]
    return tables + [("any", ANY["question"])] if kind == "request" else tables


@lru_cache(maxsize=None)
def _compiled(kind: str) -> tuple[re.Pattern[str], tuple[tuple[str, re.Pattern[str]], ...], dict[str, str]]:
    """The kind's trie over every language, each language's own trie (to say which one matched), pretty phrases."""
    tables = _tables(kind)
    pretty = {fold(p): p for _, phrases in reversed(tables) for p in phrases}
    every = _trie({_tokens(p) for _, phrases in tables for p in phrases}, _time_rx())
    per_language = tuple((lang, re.compile(_trie({_tokens(p) for p in phrases}, _time_rx()))) for lang, phrases in tables)
    return re.compile(every), per_language, pretty


def find(kind: str, text: str, *, folded: bool = False) -> Cue | None:
    """The first cue of `kind` in `text`, in any language (`folded=True`: the text is already fold()ed)."""
    rx, per_language, pretty = _compiled(kind)
    m = rx.search(text if folded else fold(text))
    if not m:
        return None
    found = m.group(0)
    lang = next((lang for lang, one in per_language if one.fullmatch(found)), "any")
    return Cue(kind=kind, lang=lang, text=pretty.get(found, found), start=m.start())


_GREETING = {"hi", "hey", "hello", "hola", "oi", "ola", "hallo", "salut", "coucou", "bonjour", "ciao", "hej", "hei",
             "dear", "querida", "querido", "liebe", "lieber", "chere", "cher", "cara", "caro"}


def family_salutation(text: str) -> str | None:
    """'Hi Mum', 'Hola mamá', 'Oi mãe' at the start of a message: the word a child calls a parent, or None."""
    family = {fold(w) for table in CUES.values() for w in table["family"]}
    opening = re.findall(r"\w+", fold(text))[:3]
    for i, w in enumerate(opening):
        if w in family and all(x in _GREETING for x in opening[:i]):
            return w
    return None
