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
is their new number, or writes from a friend's or a broken phone: the opening of the "Hi Mum" scam), `family` (what a
child calls a parent, for that scam's salutation), `claim` (how a sender says who they are: "it's", "soy",
"é o", "c'est", "hier ist"; a name or a family word follows) and `its_me` (a claim that needs no name: "it's me",
"soy yo", "sou eu", "c'est moi", "ich bin's"), `payment` (a payment or money ask: "transfer", "deposita",
"pix", "virement", "überweisen"), `pressure` (a scammer's deadline or threat: "final notice", "evitar el
embargo", "até 24h", "sous 24 h", "Sperrung") and `institution` (words a display name uses to pose as a public
body or a brand kind: tax office, bank, post, police, court, health insurance, collections).
`kin` (relatives a claim may name: "soy tu hermano", "c'est ta fille") and `lure` (the words scam domains
are compounded from: "secure", "verificacion", "regularizacao", "dossier-securise", "zustellung").
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from tic.signals._text import fold

__all__ = ["CUES", "ANY", "KINDS", "LANGUAGES", "INSTRUCTION", "Cue", "find", "family_salutation",
           "claimed_identity"]

KINDS = ("urgent", "soon", "deadline", "moment", "request", "problem", "new_number", "family", "claim", "its_me",
         "payment", "pressure", "institution", "kin", "lure")

CUES: dict[str, dict[str, tuple[str, ...]]] = {
    "en": {
        "kin": ("son", "daughter", "brother", "sister", "bro", "sis", "cousin", "aunt", "uncle", "grandson",
                "granddaughter", "wife", "husband"),
        "lure": ("secure", "security", "verify", "verification", "update", "updates", "notice", "notices", "alert",
                 "alerts", "support", "service", "services", "online", "login", "signin", "account", "accounts",
                 "portal", "pay", "payment", "payments", "refund", "refunds", "confirm", "confirmation", "tracking",
                 "delivery", "release", "recovery", "helpdesk", "billing", "claim", "claims", "unlock"),
        "claim": ("it's", "its", "it is", "this is", "here is"),
        "its_me": ("it's me", "its me", "it is me", "it's me again"),
        "payment": ("transfer", "e-transfer", "etransfer", "wire", "send me money", "lend me", "venmo", "zelle",
                    "paypal", "cash app", "gift card", "pay", "payment", "fee", "deposit", "bank details",
                    "card details", "refund"),
        "pressure": ("final notice", "final demand", "last warning", "last reminder", "within 12 hours",
                     "within 24 hours", "within 48 hours", "avoid", "suspension", "will be suspended", "locked",
                     "blocked", "legal action", "seizure", "action required", "verify your", "confirm your"),
        "institution": ("tax", "taxes", "revenue", "irs", "hmrc", "bank", "banking", "post", "postal", "parcel",
                        "parcels", "courier", "delivery", "police", "court", "customs", "insurance",
                        "health insurance", "social security", "government", "ministry", "collections",
                        "debt recovery", "legal department", "toll", "tolls", "dmv"),
        "urgent": ("urgent", "urgently", "asap", "a.s.a.p", "emergency", "immediately", "right away", "straight away",
                   "time-sensitive", "short notice", "as soon as possible"),
        "soon": ("today", "tonight", "this morning", "this afternoon", "this evening", "end of day", "end of the day",
                 "eod", "close of business", "by noon", "before noon"),
        "deadline": ("by {time}", "before {time}", "until {time}", "till {time}", "no later than {time}", "deadline",
                     "due today", "due tomorrow"),
        "moment": ("noon", "midday", "midnight", "tonight", "tomorrow"),
        "request": ("can you", "could you", "would you", "will you", "are you", "do you", "please confirm",
                    "please reply", "please send", "please sign", "please let me know", "please review", "please call",
                    "please check", "please approve", "let me know", "need you to", "i need", "please", "call me",
                    "ring me", "call me back", "text me", "get back to me"),
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
                       "delete my old number", "phone died", "my phone died", "phone is dead", "using a friend's",
                       "friend's phone", "this is my new phone", "texting from another number",
                       "texting from a different number", "my phone was stolen", "phone got stolen", "dropped my phone"),
        "family": ("mum", "mom", "mummy", "mommy", "mama", "dad", "daddy", "mother", "father"),
    },
    "de": {
        "kin": ("sohn", "tochter", "bruder", "schwester", "cousin", "cousine", "tante", "onkel", "enkel",
                "enkelin", "frau", "mann"),
        "lure": ("zustellung", "sendung", "sicherheit", "sicher", "verifizierung", "bestätigung", "aktualisierung",
                 "zahlung", "zahlungs", "konto", "kundenservice", "service", "info", "erstattung", "freischaltung"),
        "claim": ("hier ist", "hier spricht", "ich bin's", "ich bins"),
        "its_me": ("ich bin's", "ich bins", "ich bin es", "ich bin's nur", "ich bin's wieder"),
        "payment": ("überweis*", "überweisung", "leih mir", "geld", "paypal", "bezahlen", "zahlen", "zahlung",
                    "gebühr", "bankdaten", "kontodaten", "erstattung"),
        "pressure": ("letzte mahnung", "mahnung", "zahlungsaufforderung", "innerhalb von 24 stunden",
                     "binnen 24 stunden", "innerhalb von 48 stunden", "vermeiden", "sperrung", "gesperrt",
                     "pfändung", "rechtliche schritte", "inkasso"),
        "institution": ("finanzamt", "steuer", "steuerverwaltung", "bank", "sparkasse", "volksbank", "post", "paket",
                        "paketdienst", "zustellung", "zustelldienst", "polizei", "gericht", "amtsgericht", "zoll",
                        "krankenkasse", "versicherung", "inkasso", "forderungsmanagement", "behörde", "bundesamt",
                        "rentenversicherung", "bundeszentralamt"),
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
                       "speicher diese nummer", "speichere diese nummer", "alte nummer löschen",
                       "nummer geändert", "ins wasser gefallen", "handy geklaut", "handy wurde gestohlen",
                       "handy eines freundes", "handy einer freundin", "von einer anderen nummer"),
        "family": ("mama", "mami", "mutti", "papa", "papi", "vati"),
    },
    "es": {
        "kin": ("hijo", "hija", "mijo", "mija", "hermano", "hermana", "primo", "prima", "tía", "tío", "nieto",
                "nieta", "esposa", "esposo"),
        "lure": ("verificacion", "verificar", "seguro", "segura", "seguridad", "actualizacion", "actualizar",
                 "aviso", "avisos", "cuenta", "cuentas", "pago", "pagos", "reembolso", "confirmacion", "juridica",
                 "juridico", "cobranza", "regularizacion", "desbloqueo", "soporte", "servicio", "en linea"),
        "claim": ("soy", "te habla", "aquí"),
        "its_me": ("soy yo", "aquí yo", "soy yo otra vez"),
        "payment": ("deposita*", "depósito", "transfiere*", "transferencia", "transferir", "préstame", "mándame",
                    "dinero", "bizum", "pagar", "pago", "cuenta clabe", "clabe", "datos bancarios", "reembolso"),
        "pressure": ("aviso final", "último aviso", "requerimiento final", "evitar", "embargo", "suspensión",
                     "suspender", "bloqueo", "bloqueada", "bloqueado", "acción requerida", "en 24 horas",
                     "dentro de 24 horas", "en 48 horas", "acciones legales", "verifique", "confirme sus datos"),
        "institution": ("hacienda", "agencia tributaria", "tributaria", "sat", "banco", "bancaria", "bancario",
                        "correos", "paquetería", "mensajería", "policía", "juzgado", "tribunal", "aduana", "aduanas",
                        "seguro", "seguridad social", "imss", "cobranza", "cobranzas", "jurídico", "departamento legal",
                        "gobierno", "multas", "tránsito"),
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
                       "guarda este número", "borra el número anterior",
                       "cambié de número", "cambié mi número", "este es mi número",
                       "se me perdió el cel", "se me perdió el celular", "se me rompió el celular",
                       "se me cayó el celular", "celular de una amiga", "celular de un amigo",
                       "teléfono de un amigo", "desde otro número"),
        "family": ("mamá", "mami", "papá", "papi", "madre", "padre"),
    },
    "pt": {
        "kin": ("filho", "filha", "irmão", "irmã", "mano", "mana", "primo", "prima", "tia", "tio", "neto", "neta",
                "esposa", "marido"),
        "lure": ("regularizacao", "regularizar", "verificacao", "verificar", "seguro", "segura", "seguranca",
                 "atualizacao", "atualizar", "aviso", "avisos", "conta", "pagamento", "reembolso", "confirmacao",
                 "cobranca", "pendencia", "desbloqueio", "atendimento", "suporte", "online"),
        "claim": ("é o", "é a", "aqui é", "aqui é o", "aqui é a", "sou o", "sou a", "sou"),
        "its_me": ("sou eu", "aqui sou eu", "sou eu de novo"),
        "payment": ("pix", "transfere", "transferência", "transferir", "deposita", "depósito", "empresta", "me manda",
                    "dinheiro", "pagar", "pagamento", "pague", "boleto", "dados bancários", "reembolso"),
        "pressure": ("último aviso", "aviso final", "em até 24 horas", "até 24 horas", "até 24h", "em 24 horas",
                     "em 48 horas", "evitar", "evite", "suspensão", "suspenso", "bloqueio", "bloqueada", "bloqueado",
                     "pendência", "regularize", "protesto", "ação judicial"),
        "institution": ("receita", "receita federal", "fazenda nacional", "banco", "bancário", "correios", "polícia",
                        "tribunal", "justiça", "detran", "inss", "previdência", "seguro", "cobrança", "cobranças",
                        "jurídico", "governo", "serasa", "procon"),
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
                       "salva esse número", "salva este número",
                       "troquei de número", "mudei de número", "troquei de celular", "esse é meu número",
                       "este é meu número", "celular de um amigo", "celular de uma amiga", "meu celular caiu",
                       "meu celular morreu", "de outro número"),
        "family": ("mãe", "mamãe", "mainha", "pai", "papai"),
    },
    "fr": {
        "kin": ("fils", "fille", "frère", "sœur", "cousin", "cousine", "tante", "oncle", "petit-fils",
                "petite-fille", "femme", "mari"),
        "lure": ("dossier", "securise", "securite", "verification", "verifier", "mise-a-jour", "maj", "compte",
                 "paiement", "remboursement", "confirmation", "suivi", "avis", "espace", "client", "service",
                 "recouvrement", "deblocage", "assistance", "en-ligne"),
        "claim": ("c'est", "ici", "ici c'est"),
        "its_me": ("c'est moi", "c'est encore moi", "ici c'est moi"),
        "payment": ("virement", "vire-moi", "prête-moi", "m'envoyer", "argent", "lydia", "paylib", "payer",
                    "paiement", "réglez", "frais", "coordonnées bancaires", "rib", "remboursement"),
        "pressure": ("dernier avis", "dernier rappel", "mise en demeure", "sous 24 h", "sous 24 heures", "sous 48 h",
                     "sous 48 heures", "éviter", "suspension", "suspendu", "bloqué", "bloquée", "action requise",
                     "confirmez vos", "poursuites", "saisie"),
        "institution": ("impôts", "finances publiques", "trésor public", "assurance maladie", "sécurité sociale",
                        "caf", "cpam", "banque", "bancaire", "la poste", "colis", "colissimo", "police",
                        "gendarmerie", "tribunal", "justice", "douane", "douanes", "mutuelle", "huissier",
                        "recouvrement", "amendes", "antai", "service public"),
        "urgent": ("urgent", "urgente", "urgence", "au plus vite", "dès que possible", "des que possible",
                   "tout de suite", "immédiatement", "le plus vite possible", "asap"),
        "soon": ("aujourd'hui", "ce soir", "ce matin", "cet après-midi", "demain matin", "avant midi",
                 "dans la journée", "d'ici ce soir"),
        "deadline": ("avant {time}", "d'ici {time}", "jusqu'à {time}", "au plus tard {time}", "date limite",
                     "échéance"),
        "moment": ("midi", "minuit", "demain", "ce soir"),
        "request": ("pourriez-vous", "pouvez-vous", "peux-tu", "pourrais-tu", "tu peux", "tu pourrais",
                    "vous pouvez", "merci de", "s'il te plaît", "s'il vous plaît", "stp", "svp", "dis-moi",
                    "tiens-moi au courant", "confirmez", "rappelle-moi", "appelle-moi"),
        "problem": ("une fuite", "fuite d'eau", "fuite de gaz", "inondé", "inondation", "dégât des eaux", "cassé", "cassée", "en panne",
                    "ne marche plus", "ne fonctionne plus", "ne démarre pas", "incendie", "de la fumée", "phares allumés",
                    "lumières allumées", "lumière allumée", "feux allumés", "resté ouvert", "restée ouverte",
                    "porte ouverte", "batterie à plat", "batterie va se vider", "fourrière", "eu un accident",
                    "à l'hôpital"),
        "new_number": ("mon nouveau numéro", "nouveau numéro", "nouveau téléphone", "perdu mon téléphone",
                       "perdu mon portable", "téléphone cassé", "enregistre ce numéro", "enregistre mon numéro",
                       "changé de numéro", "changé de téléphone", "cassé mon tél", "cassé mon téléphone",
                       "cassé mon portable", "numéro d'une copine", "numéro d'un copain", "téléphone d'une amie",
                       "téléphone d'un ami", "d'un autre numéro"),
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


# --- R1: what text that tries to instruct the assistant looks like, per language (the shapes are in _instruct) ---
# label: a line's label that marks a note to the assistant ("SYSTEM:", "[SISTEMA]", "SYSTÈME :");
# addressee: what the assistant is called when spoken to ("assistant, ignore ..."; "Dear AI");
# ignore + rules: telling it to drop its rules ("ignore the rules", "desconsidere as regras", "ignoriere die Regeln");
# off: saying the rules are off ("rules are suspended", "Regeln sind deaktiviert") - after a rules word;
# notify + every + messages: "notify the user about every message", "notifica todos los mensajes";
# mark + urgent: "mark this one as urgent", "als dringend markieren" (urgent words are the `urgent` cues too).
INSTRUCTION: dict[str, dict[str, tuple[str, ...]]] = {
    "en": {
        "label": ("system", "system message", "system note", "system notice", "system instruction", "system prompt",
                  "system override", "admin", "administrator", "instruction", "ai instruction",
                  "note to the ai", "note to ai", "note to the assistant", "note to the model", "assistant", "ai"),
        "addressee": ("assistant", "ai", "ai assistant", "language model", "llm", "model", "bot", "agent"),
        "ignore": ("ignore", "disregard", "override", "suspend", "bypass", "forget"),
        "rules": ("rules", "instructions", "preferences", "filters", "notifications.md", "quiet hours",
                  "notification settings", "alert settings"),
        "off": ("suspended", "disabled", "deactivated", "lifted", "overridden", "no longer apply", "are void",
                "is void", "do not apply"),
        "notify": ("notify", "alert", "ping", "surface"),
        "every": ("every", "all", "each"),
        "messages": ("message", "messages", "email", "emails", "e-mail", "e-mails", "mail", "mails", "notification",
                     "notifications"),
        "mark": ("mark", "flag", "treat", "label", "classify", "tag"),
        "urgent": ("urgent", "high priority", "top priority", "important", "priority"),
    },
    "es": {
        "label": ("sistema", "mensaje del sistema", "nota del sistema", "aviso del sistema",
                  "instruccion para el asistente", "nota para el asistente", "nota para la ia", "asistente"),
        "addressee": ("asistente", "ia", "modelo", "bot", "agente", "inteligencia artificial"),
        "ignore": ("ignora", "ignore", "ignorar", "ignoren", "omite", "omita", "desactiva", "desactive", "suspende",
                   "suspenda", "olvida", "olvide", "anula", "anule", "salta", "desobedece"),
        "rules": ("reglas", "instrucciones", "preferencias", "filtros", "horas de silencio", "horario de silencio",
                  "configuracion de notificaciones", "ajustes de notificaciones"),
        "off": ("suspendidas", "suspendidos", "desactivadas", "desactivados", "anuladas", "sin efecto",
                "ya no aplican", "ya no rigen", "quedan suspendidas"),
        "notify": ("notifica", "notifique", "notificar", "notificale", "avisa", "avise", "avisale", "alerta", "alerte"),
        "every": ("todos", "todas", "cada", "cualquier"),
        "messages": ("mensaje", "mensajes", "correo", "correos", "email", "emails", "aviso", "avisos",
                     "notificacion", "notificaciones"),
        "mark": ("marca", "marque", "marcar", "trata", "trate", "clasifica", "clasifique", "etiqueta"),
        "urgent": ("urgente", "urgentes", "prioritario", "alta prioridad", "importante"),
    },
    "pt": {
        "label": ("sistema", "mensagem do sistema", "nota do sistema", "aviso do sistema", "instrucao para o assistente",
                  "nota para o assistente", "nota para a ia", "assistente"),
        "addressee": ("assistente", "ia", "modelo", "bot", "agente", "inteligencia artificial"),
        "ignore": ("ignore", "ignora", "ignorar", "desconsidere", "desconsidera", "desconsiderar", "suspenda",
                   "suspende", "esqueca", "esquece", "desative", "desativa", "anule", "anula", "pule"),
        "rules": ("regras", "instrucoes", "preferencias", "filtros", "horario de silencio",
                  "configuracoes de notificacao", "configuracoes de notificacoes"),
        "off": ("suspensas", "suspensos", "desativadas", "desativados", "anuladas", "canceladas", "sem efeito",
                "nao se aplicam", "nao valem mais"),
        "notify": ("notifique", "notifica", "notificar", "avise", "avisa", "alerte", "alerta"),
        "every": ("todas", "todos", "cada", "qualquer"),
        "messages": ("mensagem", "mensagens", "email", "emails", "e-mail", "e-mails", "aviso", "avisos",
                     "notificacao", "notificacoes"),
        "mark": ("marque", "marca", "marcar", "trate", "trata", "classifique", "classifica"),
        "urgent": ("urgente", "urgentes", "prioritario", "prioritaria", "alta prioridade", "importante"),
    },
    "fr": {
        "label": ("systeme", "message systeme", "note systeme", "avis systeme", "consigne systeme",
                  "note a l'assistant", "note pour l'assistant", "note a l'ia", "assistant"),
        "addressee": ("assistant", "assistante", "ia", "modele", "bot", "agent", "intelligence artificielle"),
        "ignore": ("ignorez", "ignore", "ignorer", "oubliez", "oublie", "suspendez", "suspends", "contournez",
                   "desactivez", "desactive", "annulez", "outrepassez", "passez outre"),
        "rules": ("regles", "instructions", "consignes", "preferences", "filtres", "heures de silence",
                  "parametres de notification", "parametres de notifications"),
        "off": ("suspendues", "suspendus", "desactivees", "desactives", "levees", "annulees",
                "ne s'appliquent plus", "sans effet"),
        "notify": ("prevenez", "previens", "notifiez", "notifie", "signalez", "signale", "avertissez", "alertez"),
        "every": ("tous", "toutes", "chaque", "n'importe quel"),
        "messages": ("message", "messages", "mail", "mails", "e-mail", "e-mails", "courriel", "courriels",
                     "notification", "notifications"),
        "mark": ("marquez", "marque", "marquer", "traitez", "classez", "etiquetez"),
        "urgent": ("urgent", "urgente", "urgents", "prioritaire", "priorite haute", "haute priorite", "important"),
    },
    "de": {
        "label": ("system", "system-hinweis", "systemhinweis", "systemnachricht", "systemmeldung", "system-nachricht",
                  "systemanweisung", "hinweis an den assistenten", "hinweis fur den assistenten",
                  "an die ki", "hinweis an die ki", "assistent"),
        "addressee": ("assistent", "assistentin", "ki", "modell", "bot", "agent", "kunstliche intelligenz"),
        "ignore": ("ignoriere", "ignorieren sie", "missachte", "vergiss", "vergessen sie", "deaktiviere",
                   "deaktivieren sie", "ubergehe", "umgehe"),
        "rules": ("*regeln", "anweisungen", "vorgaben", "filter", "ruhezeit", "ruhezeiten", "*benachrichtigungseinstellungen"),
        "off": ("deaktiviert", "aufgehoben", "ausgesetzt", "ausser kraft", "gelten nicht mehr", "ungultig"),
        "notify": ("melde", "melden sie", "benachrichtige", "benachrichtigen sie"),
        "every": ("jede", "jeden", "jedes", "alle", "samtliche"),
        "messages": ("nachricht", "nachrichten", "mail", "mails", "e-mail", "e-mails", "meldung", "meldungen",
                     "benachrichtigung", "benachrichtigungen"),
        "mark": ("markiere", "markieren sie", "kennzeichne", "behandle", "stufe", "einstufen"),
        "urgent": ("dringend", "eilig", "wichtig", "hohe prioritat", "hochste prioritat"),
    },
}


_POSSESSIVE = {"your", "my", "tu", "mi", "teu", "tua", "seu", "sua", "meu", "minha", "ta", "ton", "ma", "mon", "dein",
               "deine", "mein", "meine"}
_NOT_A_NAME = {"the", "a", "an", "el", "la", "los", "las", "un", "una", "o", "os", "as", "um", "uma", "le", "les",
               "une", "der", "die", "das", "ein", "eine", "ihr", "ihre", "dr", "dra", "mr", "mrs", "ms", "prof",
               "sr", "sra", "herr", "frau", "m", "mme", "mlle", "me", "de", "do", "da"}
_AFFILIATION = re.compile(r"\s*(?:from|of|at|de|del|da|do|von|vom|chez|bei)\b", re.I)
# "soy Carlos, el fontanero", "it's Tom, your neighbour from 4B": a name with a role is an introduction
_ROLE = re.compile(r"\s*(?:the|el|la|o|a|le|l'|der|die|das|your|tu|su|votre|ton|ta|seu|sua|dein|deine|ihr|ihre)\s*(\w+)", re.I)


def _plain(text: str) -> str:
    """Accents stripped, case kept: where a name's capital still shows."""
    text = unicodedata.normalize("NFKD", text.replace("’", "'"))
    return "".join(ch for ch in text if not unicodedata.combining(ch))


def claimed_identity(text: str) -> str | None:
    """A sender saying who they are as someone the reader knows, or None: "it's me", "soy yo", "sou eu", "c'est
    moi", "ich bin's"; a claim cue with a relative ("soy tu mamá", "c'est ta fille"); or a claim cue with a bare
    capitalised name ending its phrase ("hey it's Sam,", "é o Diego,", "hier ist Miriam,"). A name with an
    affiliation ("this is Mike from the garage", "hier ist Herr Vogel") is an introduction, not a claim."""
    if me := find("its_me", text):
        return me.text
    plain = _plain(text)
    rx = _compiled("claim")[0]
    relatives = {fold(w) for table in CUES.values() for kind in ("family", "kin") for w in table.get(kind, ())}
    for m in rx.finditer(plain.lower()):
        after = re.match(r"\s+(?:(\w+)\s+)?([^\W\d_][\w'-]*)", plain[m.end():])
        if not after:
            continue
        owner, word = after.group(1), after.group(2)
        if owner and fold(owner) not in _POSSESSIVE:
            continue
        if fold(word) in relatives:
            return f"{m.group(0)} {(owner + ' ') if owner else ''}{word}"
        if owner or not word[0].isupper() or fold(word) in _NOT_A_NAME:
            continue
        rest = plain[m.end() + after.end():]
        if not re.match(r"\s*(?:[,.!;:\-–—]|$)", rest):
            continue
        tail = rest.lstrip(" ,.-–—")
        role = _ROLE.match(tail)
        if _AFFILIATION.match(tail) or (role and fold(role.group(1)) not in relatives):
            continue
        return f"{m.group(0)} {word}"
    return None
