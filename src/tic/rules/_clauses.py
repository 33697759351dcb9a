"""A rule's items split into clauses, and the effect its verbs and negations say (T7).

    clauses(items) -> [_Clause("main", [...]), _Clause("onlyif", [...]), _Clause("except", [...]), ...]
    effect(clauses, section, lang) -> "notify" | "skip"

Roles: the main clause, conditions ("if"), exclusive conditions ("only ... if"), exceptions ("unless",
"except", "but not"), concessions ("even if": widen nothing) and a clause that restates what happens to the
excepted events ("sauf X : celles-là, je veux les voir"). An exception may end in a relative clause saying
that every message there surfaces ('except the "X" group where I want every message').
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tic.rules._scan import Item
from tic.rules._slots import Unread
from tic.rules._tokens import fold

__all__ = ["QUIET_LABELS", "_Clause", "clauses", "effect", "every_there", "or_clauses", "restated"]

_SECTION_EFFECT = {"always": "notify", "never": "skip"}
_ENDS_CLAUSE = {",", ";", ".", "!", "?", ":"}


@dataclass
class _Clause:
    role: str  # main | if | onlyif | unless | except | conc
    items: list[Item] = field(default_factory=list)


# --- clauses --------------------------------------------------------------------------------------------

# "sauf celles qui concernent X : celles-là, je veux les voir": after an exception, a clause opened by a
# demonstrative only says what happens to the excepted events; it must say the exception's effect
_DEMONSTRATIVES = {"those", "these", "those ones", "these ones", "esas", "esos", "estas", "estos", "essas", "esses",
                   "estas", "estes", "diese", "die", "jene", "celles-la", "ceux-la", "celle-la", "celui-la",
                   "celles-ci", "ceux-ci"}
_RESTATE_WORDS = {"si", "sim", "doch", "schon", "bien", "la", "ones"}


def clauses(items: list[Item]) -> list[_Clause]:
    out = [_Clause("main")]
    role = "main"
    pending_only = False
    after_exception = False
    for k, it in enumerate(items):
        if role == "conc" and it.cls == "punct" and it.text == "." and k and fold(items[k - 1].text) == "esp":
            continue  # "esp. appointment changes": the abbreviation's dot ends nothing
        if it.cls == "only" and k > 0 and role == "main" and any(x.cls != "punct" for x in out[-1].items) \
                and (items[k - 1].cls == "punct" and items[k - 1].text in {":", "—", "–"} or _but_only(items, k)) \
                and not any(x.cls in {"if", "unless", "except"} for x in items[k + 1 :]):
            role = "onlyif"  # 'Groupe "X" : uniquement les messages d'Hugo': of those, only these
            out.append(_Clause(role))
            continue
        if it.cls == "onlythose" and role == "main" and any(x.cls != "punct" for x in out[-1].items):
            role = "onlyif"  # "Les réunions de demain, seulement celles organisées par X": of those, only these
            out.append(_Clause(role))
            continue
        if it.cls == "onlymention" and role == "main" and any(x.cls != "punct" for x in out[-1].items):
            role = "onlyif"  # "Gruppen nur bei @-Erwähnung": of those, only where I am @-mentioned
            out.append(_Clause(role, [Item("mention", it.text)]))
            continue
        if it.cls == "onlyabout" and role == "main" and any(x.cls != "punct" for x in out[-1].items):
            role = "onlyif"  # "Le grossiste OCP, mais seulement pour une rupture": of those, only about that
            out.append(_Clause(role, [Item("about", it.text)]))
            continue
        if it.cls == "only" and k + 1 < len(items) and items[k + 1].cls in _WINDOW_STARTS and role == "main" \
                and any(x.cls != "punct" for x in out[-1].items):
            role = "onlyif"  # "Work emails only on weekdays 9-6", "solo de 9 a 18 h": of those, only then
            main = out[-1].items
            cut = len(main)
            while cut > 0 and (main[cut - 1].cls in _WINDOW_STARTS or main[cut - 1].cls == "punct"
                               and main[cut - 1].text == ","):
                cut -= 1
            moved = [x for x in main[cut:] if x.cls != "punct"]  # "…: entre semana, solo de 9 a 18 h": the days
            if moved and cut > 0 and main[cut - 1].cls == "punct" and main[cut - 1].text in {":", "—", "–"}:
                del main[cut:]  # and the hours are one window, both "only"
            else:
                moved = []
            out.append(_Clause(role, moved))
            continue
        if it.cls == "only":
            pending_only = True
            continue
        if it.cls == "if" and role in {"onlyif", "unless", "except"} and out[-1].items \
                and out[-1].items[-1].cls == "or":
            out[-1].items.append(it)  # "só se me marcarem ou se a mensagem for da minha mãe": either, both "only"
            continue
        if it.cls in {"unless", "except", "if", "conc"} and role != "restate":
            role = "onlyif" if it.cls == "if" and pending_only else it.cls
            if role == "onlyif":
                pending_only = False
            out.append(_Clause(role))
            continue
        if it.cls == "concfull":
            continue
        if it.cls == "punct" and it.text == "," and role in {"unless", "except"} and k + 1 < len(items) \
                and items[k + 1].text.lower() in _WHERE:
            continue  # 'except the "Family" group, where I want every message'
        if it.cls == "punct" and it.text == "," and role not in {"main", "restate"} and _apposition_at(items, k):
            out[-1].items.append(it)  # "whenever my landlord, Mr Ernesto Dizon, emails me": who, not a new clause
            continue
        if it.cls == "punct" and it.text == "," and role in {"unless", "except"} and k + 2 < len(items) \
                and items[k + 1].cls in {"or", "and"} and items[k + 2].cls not in _OPENS_A_CLAUSE:
            raise Unread(f'", {items[k + 1].text} {items[k + 2].text}" after an exception: more of the exception, '
                         "or more of the rule? (split it into two rules)")
        if it.cls == "punct" and it.text in _ENDS_CLAUSE and role not in {"main", "restate"}:
            after_exception = role in {"unless", "except"}
            role = "main"
            out.append(_Clause("main"))
            continue
        if after_exception and role == "main" and not out[-1].items and fold(it.text) in _DEMONSTRATIVES:
            role = out[-1].role = "restate"
        after_exception = False
        if role == "conc":
            continue  # "even if the sender is a stranger": widens nothing, so nothing in it is a condition
        out[-1].items.append(it)
    if pending_only:
        raise Unread('"only" without a condition ("only ... if ...") is not understood')
    return [c for c in out if c.items or c.role != "main"]


_BUT = {"but", "pero", "aber", "mais", "mas", "doch"}


def _but_only(items: list[Item], k: int) -> bool:
    """'the "Staff Room" group, but only messages from Máire': of those, only what the noun phrase after "only"
    names (a kind of message, or from whom)."""
    before = items[k - 1]
    after = items[k + 1] if k + 1 < len(items) else None
    said_but = before.cls == "f" and fold(before.text) in _BUT and k > 1 and items[k - 2].cls == "punct" \
        and items[k - 2].text == ","
    return said_but and after is not None and after.cls in {"kind", "from"}


def _apposition_at(items: list[Item], k: int) -> bool:
    """Whether the comma at items[k] opens or closes a name set beside a role ("my landlord, Ernesto Dizon, …",
    "… da minha esposa, Beatriz")."""
    before, after = items[k - 1] if k else None, items[k + 1] if k + 1 < len(items) else None
    if before is not None and before.cls == "word" and after is not None and after.cls == "name" and (
            k + 2 == len(items) or items[k + 2].cls == "punct" and items[k + 2].text in {",", ".", "!"}):
        return True
    return before is not None and before.cls == "name" and k >= 2 and items[k - 2].cls == "punct" \
        and items[k - 2].text == "," and k >= 3 and items[k - 3].cls == "word"


_OPENS_A_CLAUSE = {"v+", "v-", "neg", "negv", "always", "if", "unless", "except", "only", "keep", "pron"}
_WHERE = {"where", "où", "donde", "wo", "onde"}
_EVERY_THERE = {"f", "any", "kind", "notice", "v+", "always", "pron", "punct"}


def every_there(clause: _Clause) -> bool:
    """'except the "Erasmus" group where I want every message' ("où je veux tous les messages", "donde quiero
    todos los mensajes", "wo ich alle Nachrichten will", "onde quero todas as mensagens"): the excepted events
    all surface. The relative clause is cut off the exception; anything else in it refuses the rule."""
    k = next((n for n, it in enumerate(clause.items) if it.text.lower() in _WHERE), None)
    if k is None:
        return False
    rel = clause.items[k + 1 :]
    if not any(it.cls == "any" for it in rel) or any(it.cls not in _EVERY_THERE for it in rel):
        raise Unread(f'"{" ".join(it.text for it in clause.items[k:])}" is not understood')
    del clause.items[k:]
    return True


_WINDOW_STARTS = {"weekend", "weekday", "day", "between", "before", "after"}
_SUBJECT_VERB = {"i am", "i'm", "it is", "it's", "they are", "they're"}  # "… or I am @-mentioned": a new clause


def or_clauses(items: list[Item]) -> list[list[Item]]:
    """'only if I am @-mentioned or it is in the "X" group': alternatives, each a clause of its own."""
    parts: list[list[Item]] = [[]]
    for k, it in enumerate(items):
        if it.cls == "or" and k + 2 < len(items) and items[k + 1].text.lower() in {"it", "i", "they"} \
                and items[k + 2].text.lower() in {"is", "am", "are"} \
                or it.cls == "or" and k + 1 < len(items) and items[k + 1].text.lower() in _SUBJECT_VERB:
            parts.append([])
            continue
        if it.cls == "or" and k + 1 < len(items) and items[k + 1].cls in {"if", "about", "mention", "from"} and parts[-1]:
            parts.append([])  # "só se me marcarem ou se falarem de vazamento": either condition, each whole
            continue
        nxt = next((j for j in range(k + 1, len(items)) if items[j].cls not in {"f", "punct"}), None)
        if it.cls == "or" and nxt is not None and items[nxt].cls == "kind" and any(
                x.cls not in {"kind", "f", "punct", "pron", "any"} for x in parts[-1]):
            parts.append([])  # "except WhatsApps from Mum or emails about the inspection": either, each whole
            continue
        if it.cls == "or" and parts[-1] and _families(parts[-1]) and _families(_until_or(items, k + 1)) \
                and not _families(parts[-1]) & _families(_until_or(items, k + 1)):
            parts.append([])  # "only if someone mentions me or Dad writes": either condition - "or" never joins
            continue  # two kinds of condition into both
        if it.cls == "if" and not parts[-1] and len(parts) > 1:
            continue  # "… or if the message is from my mother": the "if" of the second alternative
        parts[-1].append(it)
    return parts


_FAMILY = {"mention": "mention", "from": "who", "name": "who", "quote": "who", "email": "who", "domain": "who",
           "phone": "who", "role": "who", "org": "who", "about": "topic", "with": "topic", "subjv": "topic",
           "group": "chat", "cmp": "amount", "thread": "thread", "addressed": "addressed"}


def _families(items: list[Item]) -> set[str]:
    """The kinds of condition some items name (a mention, a sender, a topic, a chat, an amount)."""
    return {_FAMILY[it.cls] for it in items if it.cls in _FAMILY}


def _until_or(items: list[Item], k: int) -> list[Item]:
    end = next((j for j in range(k, len(items)) if items[j].cls == "or"), len(items))
    return items[k:end]


def restated(clauses: list[_Clause], rule_effect: str, lang: str) -> None:
    """The clause after an exception that says what happens to the excepted events must say the opposite of
    the rule's effect ("Ignore X, except those about Y: those I want to see")."""
    for c in clauses:
        if c.role != "restate":
            continue
        bad = [it.text for it in c.items if it.cls not in {"f", "v+", "v-", "neg", "always", "pron", "punct", "my"}
               and fold(it.text) not in _DEMONSTRATIVES | _RESTATE_WORDS]
        if bad:
            raise Unread(f'"{" ".join(bad[:3])}" after the exception is not understood')
        said = effect([_Clause("main", [it for it in c.items if fold(it.text) not in _DEMONSTRATIVES])], "own", lang)
        if said == rule_effect:
            raise Unread("the rule says the same thing for its exception as for the rest")


_CONCORD = {"es", "pt", "fr"}  # "no me avises nunca", "ne ... pas": several negation words, one negation
# words that only ever come in a negative concord ("no quiero ninguna notificación" is one negation), whatever
# language the rest of the rule looks like
_CONCORD_WORDS = {"ningun", "ninguna", "ninguno", "nada", "jamas", "nenhum", "nenhuma", "aucun", "aucune", "rien",
                  "jamais", "ni", "nem"}


# names of a quiet period: a negation on their own ("Quiet hours 22:00-07:00"), a label when the clause says it
QUIET_LABELS = {"quiet hours", "quiet time", "ruhe", "bitte ruhe", "ruhezeit", "ruhezeiten", "nachtruhe", "mittagsruhe", "silencio",
                 "horas de silencio", "horario de silencio", "modo silencio", "will ich meine ruhe",
                 "ich will meine ruhe", "i want peace and quiet", "do not disturb", "ne pas deranger", "no molestar",
                 "nao perturbe", "nicht storen", "night hold", "overnight hold", "weekend hold", "evening hold",
                 "heures calmes", "modo noche", "modo nocturno"}


def effect(clauses: list[_Clause], section: str, lang: str = "en") -> str:
    """notify or skip, from the verbs and negations outside exceptions; must agree with the section."""
    negs = verbs_pos = verbs_neg = always = 0
    for c in clauses:
        if c.role in {"unless", "except", "conc", "restate"}:
            continue
        clause_negs = sum(it.cls == "neg" for it in c.items)
        quiet = [it for it in c.items if it.cls == "neg" and fold(it.text) in QUIET_LABELS]
        if quiet and (clause_negs > len(quiet) or any(it.cls in {"v-", "v+"} for it in c.items)):
            clause_negs -= len(quiet)  # "Ruhezeit 22–7 Uhr: nichts durchstellen", "Quiet hours: I'm in bed from 10pm":
            # the label names, the clause says
        if clause_negs > 1 and any(it.cls == "neg" and it.text.lower() in {"ne", "n'"} for it in c.items):
            clause_negs = 1  # French "ne ... aucun", whatever language the rest looks like
        concord = lang in _CONCORD or any(it.cls == "neg" and fold(it.text) in _CONCORD_WORDS for it in c.items)
        negs += min(clause_negs, 1) if concord else clause_negs
        negs += sum(it.cls == "negv" for it in c.items)  # "nunca dejes de avisarme": two negations
        for it in c.items:
            verbs_pos += it.cls == "v+"
            verbs_neg += it.cls == "v-"
            always += it.cls == "always"
    if verbs_pos and verbs_neg:
        raise Unread("the rule says both to tell and not to tell")
    if verbs_pos or verbs_neg:
        sign = 1 if verbs_pos else -1
    elif always:
        sign = 1
    elif negs:
        sign, negs = -1, negs - 1
    elif section == "own":
        raise Unread("the rule does not say whether to notify, and its heading does not either")
    elif section == "custom" and any(c.role in {"unless", "except"} for c in clauses) \
            and not any(c.role == "onlyif" for c in clauses):
        if not all(_only_noise(c) for c in clauses if c.role in {"unless", "except"}):
            # "Grupos de WhatsApp, a menos que me marquem" under Custom rules: muted unless tagged, or the reverse?
            raise Unread("the rule has an exception but does not say whether to notify")
        sign = 1  # "Emails from Monzo, unless it's just marketing": what is kept out is noise, so the rest is wanted
    elif section == "never" and any(c.role == "onlyif" for c in clauses) and not negs:
        # "Grupo 'Vizinhos' - só se falarem de falta de água" under Never notify: muted only then, or muted but for
        # then? Nothing in the rule says which way the "only" points
        raise Unread('"only if" with no verb under Never notify: muted only then, or muted except then? '
                     '(say "mute … unless …" or "notify me about … only if …")')
    else:
        sign = 1 if section != "never" else -1
    if negs % 2:
        sign = -sign
    if always and sign < 0 and not (verbs_neg or verbs_pos):
        raise Unread('"always" together with a negation is not understood')
    effect = "notify" if sign > 0 else "skip"
    expected = _SECTION_EFFECT.get(section)
    if expected and expected != effect:
        raise Unread(f'the rule says {"notify" if effect == "notify" else "do not notify"}, but it is under '
                     f'{"Always" if section == "always" else "Never"} notify')
    return effect


# what an exception may name besides bulk mail and still say "the rest is wanted": whose it is, the way it comes
_NOISE_FRAME = {"f", "pron", "kind", "from", "email", "domain", "punct", "and", "or", "my", "unless", "except", "any"}
_NOISE = {"marketing", "newsletter", "automated", "digest", "social", "receipt", "list", "autoreply"}


def _only_noise(clause: _Clause) -> bool:
    """An exception that names only bulk mail ("unless it's just marketing", "except the automatic mails from
    noreply@x.io"): a rule with no verb that keeps those out wants the rest (the reverse would be a mute of
    everything but bulk mail)."""
    cats = [it for it in clause.items if it.cls == "cat"]
    return bool(cats) and all(str(it.value) in _NOISE for it in cats) and all(
        it.cls in _NOISE_FRAME or it.cls == "cat" or fold(it.text) in {"just", "only", "solo", "nur", "juste"}
        for it in clause.items)
