"""Read one rule into its Reading, all or nothing (T7).

    reading, why_not = read("Only notify about WhatsApp group messages if I am explicitly mentioned", "custom")

The rule's items (see `_scan`) are split into clauses by structure: the main
clause, conditions ("if", "when"), exclusive conditions ("only ... if"),
exceptions ("unless", "except", "but not") and concessions ("even if", "no
matter who sent it", which widen nothing). Each clause's items become
predicates; the main clause's noun phrases ("any email Dr Mehta sends me, and
any email from someone at Corvina") are alternatives. The effect comes from
the verbs and negations ("never surface" = skip, "don't ignore" = notify) and
must agree with the section. Any word no part used - an unknown word, a number,
a time, a negation, an "only" without its condition - refuses the whole rule
with a note saying which words, so it is reported and never half-applied.
"""

from __future__ import annotations

import re
from dataclasses import fields

from tic.rules._reading import (
    Addressed,
    Thread,
    All,
    AllDay,
    Cancelled,
    Changed,
    Any,
    Category,
    Chat,
    Created,
    Everything,
    Kind,
    Mention,
    Not,
    Reading,
    Recurring,
    Sender,
    StartsOn,
    StartsWithin,
    Topic,
    WEEKDAYS,
    Window,
    conjoin,
)
from tic.rules._clauses import QUIET_LABELS, _Clause
from tic.rules._clauses import clauses as _clauses
from tic.rules._clauses import effect as _effect
from tic.rules._clauses import every_there as _every_there
from tic.rules._clauses import or_clauses as _or_clauses
from tic.rules._clauses import restated as _restated
from tic.rules._holds import rest_released, strip_release
from tic.rules._match import ALL_KINDS, ops, possible_kinds
from tic.rules._shapes import KIND_NOUNS, WHO_KINDS
from tic.rules._phrases import Phrase, about_calendar, antecedent, noun_phrases
from tic.rules._scan import Item, guess_language, scan
from tic.rules._asides import examples
from tic.rules._names import chat_names
from tic.rules._passes import (two_rules_in_one, amount_then_only, exception_titled, identified_as_sender, label_before_identified,
                               not_even_these, today_or_tomorrow)
from tic.rules._ranges import day_ranges, time_ranges
from tic.rules._replies import replies_to_mine
from tic.rules._ways import who_then_ways
from tic.rules._slots import People, Unread
from tic.rules._tokens import fold
from tic.signals import topic_terms
from tic.signals import topic_words as _topic_words

__all__ = ["read", "read_one", "read_with", "Unread"]

_ROLE_CLAUSES = {"unless", "except", "if", "conc"}


def read(text: str, section: str, people: People | None = None) -> tuple[Reading | None, str]:
    """The rule's Reading, or (None, why it was not understood)."""
    try:
        return read_one(text, section, people or People()), ""
    except Unread as exc:
        return None, str(exc)


def read_one(text: str, section: str, people: People, rest=None) -> Reading:
    """The rule's Reading (raises Unread): a rule for everything else (T10; `rest` reads one under a heading that
    says "everything else"), or a rule of its own."""
    if (plain := _without_otherwise(scan(text))) is not None:  # "…only if it's over £200, otherwise ignore"
        return read_with(text, section, people, items=plain)
    return read_catch_all(text) or (rest(text) if rest else None) or read_with(text, section, people)


_OTHERWISE_SAYS = {"neg", "v-", "v+", "f", "pron", "notice", "punct", "always"}


def _without_otherwise(items: list[Item]) -> list[Item] | None:
    """'Payment reminders from Fernbank only if it's over £200, otherwise ignore': a last clause that says the rest
    of what the rule names is not notified restates what "only if" means - the rule without it, or None when there
    is no such clause. "…if it's over £200, otherwise ignore" is the same as "only if". A last clause that would
    notify the rest, or a rule with no condition for it to be the other side of, refuses the rule."""
    k = next((k for k in range(len(items) - 1, 0, -1) if items[k].cls == "rest"), None)
    if k is not None and k + 2 < len(items) and items[k + 1].cls == "f" and items[k + 2].cls == "group" \
            and any(it.cls == "group" for it in items[:k]):  # "Lo demás del grupo no me importa": of the group
        items = [*items[: k + 1], *items[k + 3 :]]  # the rule is about
    if k is None or not (items[k - 1].cls == "punct" and items[k - 1].text in {",", ";", ".", "-"}) \
            or not all(it.cls in _OTHERWISE_SAYS for it in items[k + 1 :]) or k < 2:
        return None
    said = items[k + 1 :]
    if not any(it.cls in {"neg", "v-"} for it in said):
        raise Unread(f'"{items[k].text}" with something to notify is not understood')
    head = items[: k - 1]
    if not any(it.cls == "only" for it in head):
        first_if = next((n for n, it in enumerate(head) if it.cls == "if"), None)
        amount = next((n for n, it in enumerate(head) if it.cls == "cmp"), None)
        while amount and head[amount - 1].cls == "f" and amount > 1:  # "factures de plus de 300 €"
            amount -= 1
        if first_if is None and amount:  # "Rechnungen über 2.000 € melden, kleinere nicht": the amount is the
            return [*head[:amount], Item("only", "only"), Item("if", "if"), *head[amount:]]  # condition
        if first_if is None:
            raise Unread(f'"{items[k].text}" - other than what? No condition comes before it')
        if not any(it.cls not in {"f", "punct", "any"} for it in head[:first_if]):
            # "Si alguien me menciona, avísame; lo demás no": the rest of what? Nothing is named before the
            # condition - read as "only if", it would silence every other rule's events too
            raise Unread(f'"{items[k].text}": the rest of what? (name it, or write a rule for everything else)')
        head = [*head[:first_if], Item("only", "only"), *head[first_if:]]
    return head


_CATCH_ALL_WORDS = {"f", "neg", "v+", "v-", "always", "if", "punct", "notice", "any", "rest", "kind", "my", "pron"}
# words that only say "the rules above" or "applies" - filler in a rule for everything else, nowhere else
_CATCH_ALL_FILLER = {"above", "acima", "arriba", "oben", "dessus", "ci-dessus", "precedentes", "anteriores",
                     "rule", "rules", "regra", "regras", "regla", "reglas", "regel", "regeln", "regle", "regles",
                     "covers", "cover", "covered", "applies", "apply", "matches", "match", "fits", "fit", "aplica",
                     "aplicar", "aplique", "se aplica", "cubre", "cobre", "trifft", "zu", "gilt", "passt",
                     "s'applique", "correspond", "couvre", "entra", "entran", "encaja", "encajan", "encaixa",
                     "se aplicar", "aplicarem", "precisa", "hace falta", "falta"}


def read_catch_all(text: str) -> Reading | None:
    """'If none of the above applies, don't notify me' (T10): what happens to events no other rule covers."""
    items = scan(text)
    if any(it.cls == "keep" for it in items) and not any(it.cls in {"time", "number", "tillw"} for it in items) \
            and any(it.cls in {"neg", "v-"} for it in items):
        items = [it for it in items if it.cls != "keep"]  # "…, it can wait - don't notify me": it is not notified
    if not any(it.cls == "rest" for it in items) or any(it.cls == "keep" for it in items) \
            or rest_released(items) is not None:
        return None  # "…; le reste attendra 7h", "…; lo demás, a primera hora": the rest of a hold's window waits
        # and is shown then - no rule for everything else
    if items[0].cls == "if":  # "Si no aplica ninguna de las reglas anteriores, no me avises": the condition's own
        end = next((k for k, it in enumerate(items) if it.cls == "punct" and it.text in {",", ":", ";"}), 0)
        if end and any(it.cls == "rest" for it in items[1:end]) and all(
                it.cls in {"f", "neg", "rest", "any", "notice"} for it in items[1:end]):
            items = items[end + 1 :]  # negation ("no aplica", "ne s'applique") says which events, not what to do
    if bad := [it.text for it in items if it.cls not in _CATCH_ALL_WORDS and fold(it.text) not in _CATCH_ALL_FILLER]:
        raise Unread(f'a rule for everything else with "{" ".join(bad[:4])}" in it is not understood')
    kinds = {k for it in items if it.cls == "kind" for k in it.value}  # type: ignore[union-attr]
    if any(it.cls == "neg" for it in items) and not any(it.cls in {"v-", "negv"} for it in items):
        effect = "skip"  # "…, brauche ich nicht sofort – dafür keine Benachrichtigung": each "no" says no again
    else:
        effect = _effect([_Clause("main", [it for it in items if it.cls != "if"])], "own", guess_language(text))
    when = Kind(kinds=tuple(kinds)) if kinds and kinds != {"email", "whatsapp", "calendar"} else Everything()
    return Reading(effect=effect, when=when, catch_all=True)


def _passed(passes: tuple, items: list[Item]) -> list[Item]:
    """The items after each pass in turn: a pass returns them rewritten, or None when it only checks them (raising
    Unread) or changes them in place."""
    for each in passes:
        out = each(items)
        items = items if out is None else out
    return items


def _after_until_release(items: list[Item], release: str | None) -> list[Item]:
    """'Depois das 20h, guarda tudo para as 8h da manhã seguinte', 'after 9pm hold everything until 7am': a window
    open at its end, closed by the time the hold ends - from the one to the other."""
    if release is None or not re.fullmatch(r"\d\d:\d\d", release):
        return items
    k = next((k for k, it in enumerate(items) if it.cls == "after"), None)
    if k is None or sum(it.cls == "after" for it in items) > 1 or k + 1 >= len(items) \
            or items[k + 1].cls not in {"time", "number"} or any(it.cls == "between" for it in items):
        return items
    return [*items[:k], Item("between", items[k].text), items[k + 1], Item("tillw", "to"), Item("time", release),
            *items[k + 2 :]]


_DAYPARTS = {"in the morning": 0, "du matin": 0, "de la manana": 0, "da manha": 0, "morgens": 0, "am morgen": 0,
             "in the evening": 12, "du soir": 12, "de la noche": 12, "da noite": 12, "abends": 12, "am abend": 12,
             "at night": 12, "in the afternoon": 12, "de la tarde": 12, "da tarde": 12, "de l'apres-midi": 12,
             "nachmittags": 12}


def _clock_words(items: list[Item]) -> list[Item]:
    """'after 9 in the evening', 'avant 8 h du matin': an hour and the part of the day it is in, one time."""
    out: list[Item] = []
    k = 0
    while k < len(items):
        it = items[k]
        if it.cls in {"number", "time"} and (n := _daypart_at(items, k + 1)) is not None:
            shift, used = n
            hour = int(m.group()) if (m := re.match(r"\d{1,2}", fold(it.text))) else None
            if hour is not None and 1 <= hour <= 12:
                out.append(Item("time", f"{(hour % 12) + shift:02d}:00" if not (shift == 0 and hour == 12) else "00:00",
                                lang=it.lang))
                k += 1 + used
                continue
        out.append(it)
        k += 1
    return out


def _daypart_at(items: list[Item], k: int) -> tuple[int, int] | None:
    """The hours to add for the part of the day said at items[k:] ("in the evening": 12) and how many items say
    it, or None."""
    for n in (3, 2, 1):
        said = " ".join(fold(it.text) for it in items[k : k + n])
        if len(items[k : k + n]) == n and said in _DAYPARTS:
            return _DAYPARTS[said], n
    return None


def _amount_or_more(items: list[Item]) -> list[Item]:
    """'500 € or more', '1.000 € oder mehr', '100 € ou moins': an amount and which side of it, said after it."""
    out: list[Item] = []
    for k, it in enumerate(items):
        if it.cls in {"ormore", "orless"} and out and out[-1].cls == "money" and not (
                len(out) > 1 and out[-2].cls == "cmp"):
            out.insert(len(out) - 1, Item("cmp", it.text, value=">=" if it.cls == "ormore" else "<="))
            continue
        out.append(it)
    return out


_TOO = {"too", "as well", "also", "included", "aussi", "egalement", "inclus", "incluse", "tambien", "incluido",
        "incluida", "tambem", "incluso", "auch", "ebenfalls"}


def _included_too(items: list[Item]) -> list[Item]:
    """'newsletters and marketing, the school newsletter too': the last part names one of the kinds of mail said
    before it as included - it narrows nothing, and is dropped. Naming a kind not said before refuses the rule
    (what more does it add?), never narrows it."""
    if not items or fold(items[-1].text) not in _TOO:
        return items
    k = next((k for k in range(len(items) - 2, -1, -1) if items[k].cls == "punct" and items[k].text == ","), None)
    if k is None:
        return items
    tail, said = items[k + 1 : -1], {str(it.value) for it in items[:k] if it.cls == "cat"}
    cats = {str(it.value) for it in tail if it.cls == "cat"}
    if not cats or not said or any(it.cls not in {"cat", "role", "name", "f", "my", "pron"} for it in tail):
        return items
    if not cats <= said:
        raise Unread(f'"{" ".join(it.text for it in tail)} {items[-1].text}": more of what, or another rule?')
    return items[:k]


def _quiet_without_hours(items: list[Item]) -> None:
    if any(it.cls == "neg" and fold(it.text) in QUIET_LABELS for it in items) and not any(
            it.cls in {"between", "after", "before", "weekend", "weekday", "day", "time", "night"} for it in items):
        raise Unread("quiet hours without their hours are not understood")  # "Quiet hours: notify me only about Ana"


def _just_without_only(items: list[Item]) -> None:
    if items and fold(items[0].text) == "just" and (len(items) < 2 or items[1].cls not in {"v+", "v-", "neg", "keep"}):
        raise Unread('"just …" - only that, and nothing else of it? (say "only … if …", or drop "just")')


def read_with(text: str, section: str, people: People, items: list[Item] | None = None) -> Reading:
    items = scan(text) if items is None else items
    if not items:
        raise Unread("the rule is empty")
    items = _other_chats(items, people)
    items = _passed(_BEFORE_RELEASE, items)
    items, release, has_release = strip_release(items)
    items = _after_until_release(items, release)
    items = _passed(_AFTER_RELEASE, items)
    clauses = _clauses(items)
    effect = _effect(clauses, section, guess_language(text))
    _restated(clauses, effect, guess_language(text))
    main = [c for c in clauses if c.role == "main"]
    conds = [c for c in clauses if c.role == "if"]
    only = [c for c in clauses if c.role == "onlyif"]
    exceptions = [c for c in clauses if c.role in {"unless", "except"}]
    if (exceptions or only) and not main:  # "but not their Insights newsletter": the rest is in another rule
        raise Unread("an exception with nothing before it to be an exception to is not understood")
    every_there = [c for c in exceptions if _every_there(c)]
    if every_there and effect != "notify" and only:
        raise Unread('an exception to "only if" that wants every message is understood only in a rule that notifies')
    if every_there and effect == "notify" and not only:
        raise Unread("the exception wants every message, as the rest of the rule does")
    excepted = [part for c in exceptions for part in _or_clauses(c.items)]  # "sauf ce qui vient de la crèche et
    if len(exceptions) > 1 and not only and not every_there:  # sauf les messages de Julien": either lets it through
        for part in excepted:
            while part and (part[-1].cls in {"and", "or"} or part[-1].cls == "punct"):
                part.pop()
        exceptions = exceptions[:1]
    if len(only) + len(exceptions) > 1 and not (len(only) == 1 and every_there == exceptions == exceptions[:1]):
        raise Unread("more than one exception or \"only if\" in one rule is not understood")
    scope_parts = []
    main_phrases = [p for c in main for p in noun_phrases(c.items, people)]
    cond_phrases = [p for c in conds for p in noun_phrases(c.items, people)]
    if cond_phrases and len(conds) > 1:  # "whenever A emails me, and whenever B does": either
        scope_parts.append(Any(of=tuple(_cond(_merge([p] + main_phrases)) for p in cond_phrases)))
    elif cond_phrases:
        scope_parts.append(_cond(_merge(main_phrases + cond_phrases)))
    else:
        scope_parts.append(_alternatives(main_phrases))
    when = conjoin(scope_parts)
    unless = None
    unless_effect = None
    if only:
        alternatives = [_one_or_either(noun_phrases(part, people)) for part in _or_clauses(only[0].items)]
        alternatives += [_cond(_merge(noun_phrases(c.items, people))) for c in every_there]
        if any(isinstance(cond, Everything) for cond in alternatives):
            raise Unread('the condition after "only if" is not understood')
        if len(alternatives) > 1:  # 'or it is in the "X" group': a named chat is a WhatsApp chat
            alternatives = [conjoin([p for p in a.of if not isinstance(p, Kind)]) if isinstance(a, All) and any(
                isinstance(p, Chat) for p in a.of) else a for a in alternatives]
        cond = alternatives[0] if len(alternatives) == 1 else Any(of=tuple(alternatives))
        unless = Not(of=cond)
        if _is_window(cond):
            unless_effect = "hold" if effect == "notify" else None
    elif exceptions:
        alternatives = [_one_or_either(noun_phrases(part, people)) for part in excepted]
        if any(isinstance(cond, Everything) for cond in alternatives):
            raise Unread(f'the exception after "{exceptions[0].items[0].text if exceptions[0].items else "unless"}" '
                         "is not understood")
        if not any(it.cls in {"from", "org", "msgverb"} for it in exceptions[0].items):  # no "from": whose, or which?
            alternatives = [_or_the_chat(a, when) for a in alternatives]
        alternatives = [c for a in alternatives for c in (a.of if isinstance(a, Any) else (a,))]  # one "or" list
        unless = alternatives[0] if len(alternatives) == 1 else Any(of=tuple(dict.fromkeys(alternatives)))
    if effect == "skip" and _has_window(when) and (has_release or _only_window(when)):
        effect = "hold"  # "no notifications between 22:00 and 07:00": quiet hours hold, never drop (T11)
    # "Los domingos no me avises de correos de @salud.madrid.org": those, then, are dropped (no hold is said)
    if isinstance(when, Everything) and unless is None and not _said_anything(items):
        raise Unread("no sender, topic, kind of message, chat or calendar timing recognised")
    if _has_window(unless) and unless_effect is None and effect == "notify":
        unless_effect = "hold"
    if has_release and effect == "hold" and release and release[:3] in WEEKDAYS:
        when = _until_day(when, release)  # "on weekends … until Monday 9am": the hold runs on into that morning
    elif has_release and not (effect == "hold" and _release_fits(when, release)):
        raise Unread("what happens at the end of the hold does not fit its window")
    if {"cancelled", "changed"} & (ops(when) | ops(unless)) and not about_calendar(items):
        raise Unread("moved or cancelled - of what? Only calendar items are understood as moved or cancelled")
    stated = {k for it in items if it.cls in {"kind", "msgverb"} for k in (it.value or ())} | (
        {"whatsapp"} if any(it.cls in {"group", "mention"} for it in items) else set()) or {"email"}
    said = [it for c in clauses for it in c.items]  # "even if the sender is a stranger" widens nothing: not said
    if any(it.cls in {"unsaved", "saved"} and it.value == "people" for it in said) and "email" in stated:
        raise Unread("whether an e-mail's sender is in your contacts is not known offline (a chat's number is saved "
                     'or not: say "unknown numbers" or "on WhatsApp")')
    if (dead := _dead_part(when)) is not None:  # a reading no event can match is a misreading, never a rule
        raise Unread(f"part of the rule could match no event ({dead})")
    exception = unless.of if isinstance(unless, Not) else unless
    if exception is not None and (kinds := possible_kinds(when)) and not possible_kinds(exception) & kinds:
        raise Unread("its exception is about another kind of event than the rule, so it could never apply")
    return Reading(effect=effect, when=when, unless=unless, unless_effect=unless_effect)


_CLASS_NOUNS = {"cat", "recur"}
# what may not be inside a list of examples: anything that could narrow, widen or flip the rule
_NOT_EXAMPLES = {"neg", "negv", "except", "unless", "only", "if", "onlyif", "from", "org", "v+", "v-", "cmp", "money",
                 "time", "number", "between", "before", "after", "conc", "concfull", "with", "about", "always",
                 "mention", "group", "my", "pron", "aside", "judge", "today", "created", "within", "starts", "any"}


def _named_examples(items: list[Item]) -> list[Item]:
    """'Automated emails (no-reply, notifications@, receipts)', 'Wiederkehrende Termine (Jour fixe, Weekly)': a
    bracketed list right after a class of mail or event (a category, a recurrence) names examples of that class,
    and narrows nothing. Not after a plain kind ("Emails (Anna)" may name a sender), nor when the brackets say
    anything but names and nouns ("(but not from my bank)")."""
    out: list[Item] = []
    for k, it in enumerate(items):
        before = [x.cls for x in items[max(0, k - 2) : k]]
        if it.cls == "aside" and before and (before[-1] in _CLASS_NOUNS or before[-1] in {"kind", "notice"}
                                             and len(before) == 2 and before[0] in _CLASS_NOUNS) \
                and it.items and all(x.cls not in _NOT_EXAMPLES and (x.cls != "punct" or x.text in {",", "/", "…", "."})
                                     for x in it.items) \
                and any(x.cls == "punct" and x.text in {",", "/", "…"} for x in it.items):  # a list, not one name
            continue
        out.append(it)
    return out


_CLAUSE_ENDS = {".", ";", "!", "?"}
_FIRST_PERSON = {"i", "i'll", "i've", "i'm", "i'd", "je", "j'", "ich", "yo", "eu"}
_SAYS_WHAT = {"v+", "v-", "keep", "always", "any", "rest", "day", "weekend", "weekday", "within", "starts"}
# what a reason in brackets must not say, or it would say which events (and not only why)
_SAYS_WHICH = {"neg", "v-", "only", "unless", "except", "if", "cat", "kind", "group", "mention", "time", "between",
               "money", "cmp", "from", "about", "email", "domain", "phone", "quote"}


def _without_reasons(items: list[Item]) -> list[Item]:
    """Why the user wants it, which changes nothing: 'Recurring standups, because I know when they are', '…, I'll
    see them anyway', 'Les pubs, parce que ça m'énerve'. A "because" clause runs to the end of its sentence; a
    clause of the user's own that ends in "anyway" is dropped whole. Nothing is dropped at the start of a rule."""
    out: list[Item] = []
    k = 0
    while k < len(items):
        it = items[k]
        if it.cls == "aside" and it.items and fold(it.items[0].text) in _FIRST_PERSON | {"j'"} \
                and not any(x.cls in _SAYS_WHICH for x in it.items):
            k += 1  # "(j'y tiens un stand, je veux tout voir)": why, in the user's own words
            continue
        if it.cls == "because" and out and any(x.cls != "punct" for x in out):
            while k < len(items) and not (items[k].cls == "punct" and items[k].text in _CLAUSE_ENDS):
                k += 1
            continue
        out.append(it)
        k += 1
    starts = [0] + [k + 1 for k, it in enumerate(out) if it.cls == "punct" and it.text in _CLAUSE_ENDS | {","}]
    for start in reversed(starts):
        end = next((k for k in range(start, len(out)) if out[k].cls == "punct" and out[k].text in _CLAUSE_ENDS | {","}),
                   len(out))
        clause = out[start:end]
        last = end == len(out) or all(x.cls == "punct" for x in out[end:])
        if start > 0 and len(clause) > 1 and fold(clause[0].text) in _FIRST_PERSON and (
                clause[-1].cls == "anyway" and not any(x.cls in _SAYS_WHICH for x in clause)
                or last and not any(x.cls in _SAYS_WHICH | _SAYS_WHAT for x in clause)):
            out = out[: max(start - 1, 0)] + out[end:]  # "…, I'll look on payday": why, in the user's words
    return out




def _dead_part(cond) -> str | None:
    """A part of `cond` that no event can match (an e-mail from a WhatsApp contact, …), said in words, or None."""
    if isinstance(cond, Any):
        return next((d for c in cond.of if (d := _dead_part(c)) is not None), None)
    if not possible_kinds(cond):
        kinds = [possible_kinds(c) for c in cond.of] if isinstance(cond, All) else []
        said = [" or ".join(KIND_NOUNS[k] for k in sorted(ks)) for ks in kinds if ks != ALL_KINDS]
        return "it asks for " + " that are also ".join(said) if len(said) > 1 else "nothing matches it"
    if isinstance(cond, All):
        kinds = possible_kinds(cond)
        for sender in (c for c in cond.of if isinstance(c, Sender)):
            for w in sender.who:  # "WhatsApp messages from … contato@x.com": an address writes no WhatsApp message
                if w.by in _IDENTIFIERS and not WHO_KINDS[w.by] & kinds:
                    return f"{w.value} sends no {' or '.join(KIND_NOUNS[k] for k in sorted(kinds))}"
        return next((d for c in cond.of if (d := _dead_part(c)) is not None), None)
    return None


# senders named by an identifier, whose kinds (WHO_KINDS) are certain: an address or a domain e-mails (or
# organises a calendar item); a phone number writes on WhatsApp (a quoted name might be a display name too)
_IDENTIFIERS = {"address", "domain", "phone"}

_NE = {"ne", "n'"}
_NE_COMPANIONS = {"pas", "jamais", "rien", "aucun", "aucune", "plus", "personne", "guere", "nul", "nulle"}


def _service_messages(items: list[Item]) -> None:
    """'Les notifications Facebook, sauf les messages privés': a service's own private messages, not WhatsApp
    direct chats - unless the rule says WhatsApp, a direct chat beside a service's name is not read."""
    if any(it.mark == "service" for it in items) and any(it.cls == "group" and it.value is False for it in items) \
            and not any(it.cls == "kind" and "whatsapp" in (it.value or ()) for it in items):
        raise Unread("private messages on a service are not WhatsApp direct chats (say which you mean)")


_WINDOW_ITEMS = {"weekend", "weekday", "day", "between", "before", "after", "time", "f", "and", "punct", "number"}


def _only_in_window(items: list[Item]) -> list[Item]:
    """'On weekends, only notify me about WhatsApp messages from family': in that window nothing else - read as
    'Nothing on weekends except WhatsApp messages from family' (held until the window ends, T11)."""
    k = next((n for n, it in enumerate(items) if it.cls == "only"), None)
    said = k is not None and k + 1 < len(items) and items[k + 1].cls == "v+"  # "only notify me about", or
    titled = k is not None and k > 0 and items[k - 1].cls == "punct" and items[k - 1].text in {":", "—", "–", ","}
    placed = k is not None and (items[0].cls == "f" or " " in items[0].text)  # "Am Wochenende nur …", "Los fines
    # de semana solo …": a window said with its preposition or article, then "only" (never
    if k is None or k == 0 or k + 1 >= len(items) or not (said or titled or placed) \
            or not all(it.cls in _WINDOW_ITEMS for it in items[:k]) \
            or not any(it.cls in {"weekend", "weekday", "day", "between"} for it in items[:k]) \
            or any(it.cls in {"if", "unless", "except", "only"} for it in items[k + 1 :]):
        return items  # "Weekends only …": that may say when the rest applies)
    window = list(items[:k])
    while window and window[-1].cls == "punct":
        window.pop()
    rest = items[k + 2 :] if said else items[k + 1 :]  # "Weekends: only Mum": the window, then what gets through
    if rest and rest[0].cls in {"about", "f"} and fold(rest[0].text) in {"about", "for", "de", "sobre", "uber",
                                                                          "über", "pour", "sur"}:
        rest = rest[1:]
    return [Item("neg", "nothing"), *window, Item("except", "except"), *rest]


_OTHER = {"other", "otros", "otras", "otro", "otra", "outros", "outras", "outro", "outra", "autres", "autre", "andere",
          "anderen", "anderer", "anderes"}


def _other_chats(items: list[Item], people: People) -> list[Item]:
    """'Outros grupos de WhatsApp: nunca, exceto quando me marcarem', 'Cualquier otro grupo de WhatsApp': groups
    other than those the file's rules named before - the rule, with those groups as an exception."""
    k = next((k for k, it in enumerate(items[:-1]) if it.cls == "f" and fold(it.text) in _OTHER
              and items[k + 1].cls == "group" and items[k + 1].value is True), None)
    if k is None or not people.chats:
        return items
    named: list[Item] = []
    for name in people.chats:
        named += [Item("or", "or", lang=items[k].lang)] if named else []
        named += [Item("quote", name, lang=items[k].lang), Item("group", "group", value=True, lang=items[k].lang)]
    return [*items[:k], *items[k + 1 :], Item("punct", ","), Item("except", "except", lang=items[k].lang), *named]


def _other_than_what(items: list[Item]) -> None:
    """'Other WhatsApp groups: only if I'm @-mentioned': other than those another rule names - which the rule
    alone cannot say. 'Out-of-office and other automatic replies' is both, and read."""
    for k, it in enumerate(items):
        before = k - 1 if k > 0 and items[k - 1].cls == "any" else k  # "… and any other recurring meeting"
        if it.cls == "f" and fold(it.text) in _OTHER and not (before > 0 and items[before - 1].cls in {"and", "or"}):
            raise Unread('"other …": other than what? (name them, or write it as an exception to that rule)')


def _ne_que(items: list[Item]) -> None:
    """'ne me prévenez que si on me mentionne', 'ne me dis que ce qui vient de Paul': French "ne … que" restricts
    (only), it does not negate. Before "si" it is "only if"; otherwise the rule is refused (only what?)."""
    for k, it in enumerate(items):
        if it.cls != "neg" or fold(it.text) not in _NE:
            continue
        que = next((j for j in range(k + 1, min(k + 4, len(items))) if fold(items[j].text) in {"que", "qu'"}), None)
        if que is None or any(fold(x.text) in _NE_COMPANIONS for x in items[k + 1 :]):
            continue
        if que + 1 < len(items) and items[que + 1].cls == "if":
            items[k] = Item("f", it.text, lang=it.lang)
            items[que] = Item("only", items[que].text, lang=it.lang)
            continue
        raise Unread(f'"{it.text} … {items[que].text}" (only …) is not understood here')


_LABEL = {"my", "word", "name", "role"}
_LABEL_ARTICLES = {"the", "les", "los", "las", "die", "os", "as", "our", "nos", "nuestros", "unsere"}  # "Les agences :"
_NAMED = {"name", "quote", "email", "phone", "domain"}


def _label_of_senders(items: list[Item]) -> list[Item]:
    """'My tenants: Aoife Brennan, Tomasz Nowak and Declan Walsh', 'Mi familia: Mamá, Papá y Lea': what the
    people after the colon are; they are the senders."""
    colon = next((k for k, it in enumerate(items[:4]) if it.cls == "punct" and it.text == ":"), None)
    label = [it for it in items[:colon or 0] if not (it.cls == "f" and fold(it.text) in _LABEL_ARTICLES)]
    if colon is None or colon == 0 or not label or not all(it.cls in _LABEL for it in label) \
            or sum(it.cls != "my" for it in label) != 1 or colon + 1 >= len(items) \
            or items[colon + 1].cls not in _NAMED:
        return items
    rest = items[colon + 1 :]
    if not all(it.cls in _NAMED | {"and", "or", "aside", "kind"} or it.cls == "punct" and it.text in {",", "."}
               for it in rest):
        return items  # "Tom: only if it's urgent" - a rule after the colon, not a list of people
    return rest


def _title(items: list[Item]) -> list[Item]:
    """'weather alerts: emails with "heavy rain warning" … in the subject': lower-case words before a colon that
    name nothing the reader knows, then a rule of its own that says which messages - a title, dropped."""
    colon = next((k for k, it in enumerate(items[:4]) if it.cls == "punct" and it.text == ":"), None)
    if colon is None or colon == 0 or colon + 1 >= len(items):
        return items
    head, rest = items[:colon], items[colon + 1 :]
    if not all(it.cls in {"word", "notice"} and it.text.islower() for it in head) \
            or not any(it.cls == "word" for it in head):
        return items
    if rest[0].cls not in {"kind", "any"} or not any(it.cls in {"with", "about", "subject", "subjv", "from", "org"}
                                                      for it in rest):
        return items
    return rest


def _no_label_or_sender(items: list[Item]) -> None:
    """'Jobs: any email or WhatsApp with "leak" in it', 'Turnos: si hoy se añade a mi calendario un evento con
    "Turno" en el título …': a word before a colon, then a rule of its own that says "any …" (or "if …" about
    calendar items) and what to look for - a sender, or a label for the rule? Refused (never read as a sender)."""
    if len(items) > 3 and items[0].cls == "name" and items[1].cls == "punct" and items[1].text == ":" \
            and (items[2].cls == "any" or items[2].cls == "if" and any(
                it.cls == "kind" and "calendar" in (it.value or ()) for it in items[3:])) \
            and any(it.cls in {"about", "with", "subjv", "subject"} for it in items[3:]):
        raise Unread(f'"{items[0].text}:" - the sender, or a label for the rule after it?')


_BEFORE = {"before", "antes", "vor", "avant", "b4"}


_ONE = {"a", "an", "one", "una", "uno", "un", "uma", "um", "une", "ein", "eine", "einer"}
_START_NOUNS = {"start", "beginning", "debut", "inicio", "comienzo", "comeco", "beginn", "anfang"}


def _ahead_of_calendar(items: list[Item]) -> list[Item]:
    """'Ping me 15 min before any meeting', 'Avísame 10 minutos antes de cada reunión': a calendar item that starts
    within that time - the same items as "meetings starting within 15 minutes"."""
    if not any(it.cls == "kind" and set(it.value or ()) == {"calendar"} for it in items):
        return items
    for k in range(len(items) - 2):
        if items[k].cls == "f" and fold(items[k].text) in _ONE and items[k + 1].cls == "unit" \
                and fold(items[k + 2].text) in _BEFORE:
            items = [*items[:k], Item("number", "1", value=1, lang=items[k].lang), *items[k + 1 :]]  # "uma hora antes"
        if items[k].cls == "number" and items[k + 1].cls == "unit" and fold(items[k + 2].text) in _BEFORE \
                and (k == 0 or items[k - 1].cls not in {"within", "between", "before", "after"}):
            rest = items[k + 3 :]
            if rest and rest[0].cls == "f" and fold(rest[0].text) in {"de", "del"}:
                rest = rest[1:]
            if len(rest) >= 2 and fold(rest[0].text) in {"the", "le", "el", "o", "dem", "der"} \
                    and (rest[1].cls == "starts" or fold(rest[1].text) in _START_NOUNS):
                rest = rest[2:]  # "avant le début de chaque rendez-vous", "before the start of each meeting"
                while rest and rest[0].cls == "f" and fold(rest[0].text) in {"de", "of", "del", "do", "d'", "von"}:
                    rest = rest[1:]
            return [*items[:k], Item("within", "within", lang=items[k].lang), items[k], items[k + 1], *rest]
    return items


_EG_WORDS = {"como", "wie", "comme"}  # "like" in the other languages, only right after the noun it is about
_EG_SPAN = {"f", "word", "name", "quote", "recur", "kind", "cat", "and", "or", "notice", "allday", "punct", "pron"}


def _conceded(items: list[Item], k: int) -> bool:
    """Whether items[k] is inside a concession ("even if …", "aunque …"): after one, before the clause ends."""
    for j in range(k - 1, -1, -1):
        if items[j].cls == "punct" and items[j].text in {",", ";", ".", ":", "!", "?"}:
            return False
        if items[j].cls in {"conc", "concfull"}:
            return True
    return False


def _inline_examples(items: list[Item]) -> list[Item]:
    """'Recurring meetings like the daily standup', 'Reuniones recurrentes como el daily': what follows "like"
    is an example of the class of mail or event before it (a category, a recurrence), and narrows nothing. After
    anything else ('messages like "ok" or "thanks"') the examples say what is meant: not understood."""
    for k, it in enumerate(items):
        eg = it.cls == "eg" or it.cls == "word" and fold(it.text) in _EG_WORDS and k > 0 \
            and items[k - 1].cls in {"cat", "recur", "kind"}
        if not eg or _conceded(items, k):
            continue  # "…, even if it looks like a boring letter": a concession widens nothing, whatever it says
        p = k - 1 if k > 0 and not (items[k - 1].cls == "punct") else k - 2
        e = k + 1
        while e < len(items) and items[e].cls in _EG_SPAN and not (
                items[e].cls == "punct" and items[e].text in {";", ".", "!", "?", ":"}):
            e += 1
        while e > k + 1 and items[e - 1].cls == "punct":
            e -= 1
        classed = p >= 0 and (items[p].cls in _CLASS_NOUNS
                              or items[p].cls == "kind" and p > 0 and items[p - 1].cls in _CLASS_NOUNS)
        if not classed or e == k + 1 or e < len(items) and items[e].cls not in {"punct", "unless", "except", "only",
                                                                                "if", "v+", "v-", "neg", "always"}:
            raise Unread(f'"{it.text} …": what it gives examples of, and whether they narrow the rule, is not '
                         "understood (name the class, or list what is meant)")
        start = k - 1 if k > 0 and items[k - 1].cls == "punct" and items[k - 1].text == "," else k
        return _inline_examples(items[:start] + items[e:])
    return items


def _without_examples(items: list[Item]) -> list[Item]:
    """'Reuniones que se repiten cada semana: dailies, 1:1, retros…': a list after a colon that ends in "…" or
    "etc." gives examples of what the rule names, and narrows nothing."""
    items = _inline_examples(_named_examples(items))
    colon = next((k for k, it in enumerate(items) if it.cls == "punct" and it.text == ":"), None)
    if colon is not None and colon > 0 and examples(items[colon + 1 :]) and not any(
            it.cls in {"v+", "v-", "neg", "always", "unless", "except", "only", "if"} for it in items[colon + 1 :]):
        return items[:colon]
    return items


_TIMING = {"created", "today", "new"}


def _kind_asides_inline(items: list[Item]) -> list[Item]:
    """'Sam (WhatsApp)', 'ma fille Zoé (WhatsApp ou mail)', 'Katrin Wehmeyer (Mail und WhatsApp)': an aside that
    only names kinds of message says which kinds the rule is about, as if written in the sentence."""
    out: list[Item] = []
    for it in items:
        inner = [x for x in it.items if not (x.cls == "punct" and x.text in {",", "/"})] if it.cls == "aside" else []
        if inner and inner[0].cls == "between" and all(x.cls in {"between", "time", "number", "f", "and", "tillw"}
                                                       for x in inner):
            out.extend(inner)  # "La nuit (de 22 h à 7 h)", "(23:00-06:30)" (`_ranges`): the hours, as if written
            continue  # in the sentence
        if inner and all(x.cls in _TIMING for x in inner) and any(x.cls == "created" for x in inner):
            out.extend(inner)  # "Eventos nuevos en el calendario (creados hoy) que …": the aside says when added
            continue
        if inner and any(x.cls == "kind" for x in inner) and all(
                x.cls in {"kind", "or", "and"} or x.cls == "f" and fold(x.text) in {"e", "y", "et", "und", "ou"}
                for x in inner):
            out.append(Item("kind", it.text, value=tuple(dict.fromkeys(k for x in inner if x.cls == "kind"
                                                                          for k in x.value))))  # type: ignore[union-attr]
            continue
        out.append(it)
    return out


def _until_day(when: object, release: str) -> object:
    """'Anything on Saturday or Sunday can wait until Monday 9am': the weekend's window, and Monday until 09:00 -
    the hold ends when both are over. The day must be the one right after the window's days, which are whole days."""
    windows = [when] if isinstance(when, Window) else [c for c in getattr(when, "of", ()) if isinstance(c, Window)]
    day, _, at = release.partition(" ")
    if len(windows) != 1 or not windows[0].days or windows[0].start or windows[0].end:
        raise Unread("a hold that ends on another day is understood only after whole days (\"on weekends\")")
    window = windows[0]
    nxt = {WEEKDAYS[(WEEKDAYS.index(d) + 1) % 7] for d in window.days} - set(window.days)
    if nxt != {day}:
        raise Unread(f"the hold ends on a day that does not follow its days ({', '.join(window.days)})")
    if not at:
        return when  # "until Monday": the window's own end
    morning = Window(days=(day,), start="00:00", end=at, zone=window.zone)
    both = Any(of=(window, morning))
    return both if when is window else All(of=tuple(both if c is window else c for c in when.of))


def _release_fits(when: object, release: str | None) -> bool:
    """'... guárdamelo y me lo enseñas a las 7:30': the hold's window ends then (or no time is said)."""
    windows = [when] if isinstance(when, Window) else [c for c in getattr(when, "of", ()) if isinstance(c, Window)]
    return len(windows) == 1 and (release is None or windows[0].end == release)


def _said_anything(items: list[Item]) -> bool:
    return any(it.cls == "any" for it in items)


_RELATIVE = {"die", "der", "das", "welche", "welcher", "welches", "was"}
_ARTICLES = {"den", "dem", "des", "ein", "eine", "einen", "einem", "einer"}


def _verb_final(items: list[Item]) -> None:
    """'Mails, die das Aktenzeichen VG-88217 erwähnen': a German relative clause puts its verb last; the words
    between the relative pronoun and the verb are what is mentioned ("Mails, die erwähnen: ...")."""
    for k, it in enumerate(items):
        if it.cls != "aboutv":
            continue
        me = next((n for n in range(k - 1, -1, -1) if items[n].text.lower() == "mich"
                   or items[n].cls == "punct" and items[n].text in {",", ";", "."}), None)
        if me is not None and items[me].text.lower() == "mich" and fold(it.text) in _MENTIONS_ME:
            it.cls = "mention"  # "Wenn mich jemand in einer Gruppe erwähnt": I am mentioned
            del items[me]
            continue
        b = k - 1
        while b >= 0 and (items[b].cls in {"name", "word", "ref", "quote", "number", "or", "and"}
                          or items[b].cls == "f" and items[b].text.lower() in _RELATIVE | _ARTICLES):
            b -= 1
        r = b + 1  # the relative pronoun opens the clause, right after "," or the noun it describes
        if b < 0 or r >= k - 1 or not (items[b].cls in {"kind", "notice", "cat", "any"} or items[b].text == ","
                                       and items[r].cls == "f" and items[r].text.lower() in _RELATIVE):
            raise Unread(f'"{it.text}" is not understood here')
        it.cls = "about"
        items[r + 1 : k + 1] = [it] + items[r + 1 : k]


_MENTIONS_ME = {"erwahnt", "erwahnen", "markiert", "markieren", "taggt", "taggen", "nennt"}
_IT = {"it", "them", "this", "that", "lo", "es", "ca", "cela", "isso", "ihn", "sie"}


_THIS = {"this", "that", "ce", "cet", "cette", "este", "esta", "esse", "essa", "ese", "esa", "dieser", "diese",
         "dieses", "diesen", "dem", "den"}


def _resolve_it(items: list[Item]) -> None:
    """'The Alder Street permit is ...: if an email mentions it': the topic is the rule's opening noun phrase."""
    for k, it in enumerate(items[:-1]):
        nxt = items[k + 1]
        if it.cls == "about" and nxt.cls in {"f", "pron"} and nxt.text.lower() in _IT:
            it.value = antecedent(items)
        elif it.cls == "about" and nxt.cls in {"f", "pron"} and fold(nxt.text) in _THIS and k + 2 < len(items) \
                and items[k + 2].cls in {"ident", "word"} and any(x.cls == "ref" for x in items[:k]):
            refs = [x.text for x in items[:k] if x.cls == "ref"]  # "dossier TR-2611-048 : tout courriel qui
            antecedent(items)  # mentionne ce numéro": the number named first (its label is not looked for)
            it.value = refs[0] if len(refs) == 1 else None
            if it.value is None:
                raise Unread(f'"{nxt.text} {items[k + 2].text}": which of the numbers?')
            nxt.cls = items[k + 2].cls = "used"


def _one_or_either(phrases: list[Phrase]) -> object:
    """The condition an exception's (or an "only if"'s) phrases say: one, merged ("WhatsApp messages from Mum"),
    or - when they name different chats ("the A group or the B group") - either of them."""
    if len({p.chat for p in phrases if p.chat}) > 1:
        return _alternatives(phrases)
    return _cond(_merge(phrases))


def _merge(phrases: list[Phrase]) -> Phrase:
    """One phrase saying everything the phrases say (field by field, so a new field is never dropped): sets and
    lists joined, flags or-ed; a value said twice differently ("the A group or the B group") is refused, never
    one of them dropped."""
    out = Phrase()
    for p in phrases:
        for name, what in (("group", "a group chat and a direct chat"), ("addressed", "the To line and only CC")):
            mine, theirs = getattr(out, name), getattr(p, name)
            if mine not in (None, "") and theirs not in (None, "") and mine != theirs:
                raise Unread(f"the rule asks for {what} at once")
        for f in fields(Phrase):
            mine, theirs = getattr(out, f.name), getattr(p, f.name)
            if isinstance(mine, set):
                mine |= theirs
            elif isinstance(mine, list):
                mine += theirs
            elif isinstance(mine, bool):
                setattr(out, f.name, mine or theirs)
            elif theirs not in (None, "") and mine not in (None, "") and mine != theirs:
                raise Unread(f'two different {f.name.replace("_", " ")}s ("{mine}", "{theirs}") in one part of the '
                             "rule: both, or either?")  # "except the A group or the B group" kept only A
            elif theirs not in (None, ""):
                setattr(out, f.name, theirs)
        if getattr(p, "_created", False):
            out._created = True  # type: ignore[attr-defined]
    return out


def _alternatives(phrases: list[Phrase]) -> object:
    if len(phrases) == 1:
        return _cond(phrases[0])
    conds = [_cond(p) for p in phrases]
    if any(isinstance(c, Everything) for c in conds):
        if isinstance(conds[-1], Everything) and phrases[-1].anything and len(conds) == 2:
            return conds[0]  # "LinkedIn, all of it", "Grupo X: tudo": everything of what was just named
        raise Unread("one part of the rule names everything, another only some of it")
    if any(all(isinstance(c, t) for c in conds) for t in (Kind, Category, Sender)):
        return _cond(_merge(phrases))  # "Newsletters, promotions and digests": any of them (one kind of part each;
        # "LinkedIn and newsletters" is either, never newsletters from LinkedIn)
    conds = [c for c in conds if not any(o is not c and _covers(o, c) for o in conds)]
    return conds[0] if len(conds) == 1 else Any(of=tuple(dict.fromkeys(conds)))


def _or_the_chat(exception: object, when: object) -> object:
    """'WhatsApp groups except Familia': in a rule about group chats, a bare name excepted may be the group's name
    as well as a sender's - both are let through (the exception is never read narrower than written)."""
    groups = isinstance(when, Chat) and when.group or isinstance(when, All) and any(
        isinstance(c, Chat) and c.group for c in when.of)
    if groups and isinstance(exception, Sender) and len(exception.who) == 1 and exception.who[0].by in {"name",
                                                                                                        "contact"}:
        return Any(of=(exception, All(of=(Kind(kinds=("whatsapp",)), Chat(group=True, name=exception.who[0].value)))))
    return exception


# a negation that says a condition does not hold, right before it ("not about the appeal", "groups I'm not
# mentioned in", "nicht von Acme"): understood only as the rule's own "no", never silently dropped from the condition
_NOT_WORDS = {"not", "isn't", "aren't", "wasn't", "weren't", "nicht", "pas", "nao", "non"}
_CONDITION_STARTS = {"about", "from", "org", "mention", "with", "subjv", "cmp", "group", "kind", "cat"}


_COPULAS = {"are", "is", "be", "sind", "ist", "son", "sean", "sea", "es", "sao", "sejam", "seja", "e", "sont",
            "soient", "soit", "est", "vienen", "vengan", "viennent", "vem", "venham", "kommen", "come", "comes"}


def _no_negated_conditions(items: list[Item]) -> None:
    """'If they do not mention me, nothing', 'Si no me mencionan, nada', 'emails that are not from X': a condition
    that must not hold is refused, never read as one that must (its "not" would otherwise cancel the rule's)."""
    for k, it in enumerate(items):
        if it.cls != "if":
            continue
        for x in items[k + 1 :]:
            if x.cls in {"v+", "v-", "only", "if"} or x.cls == "punct" and x.text in {",", ";", ".", ":", "!"}:
                break
            if x.cls in {"neg", "negv"} and fold(x.text) not in QUIET_LABELS:
                raise Unread(f'"{it.text} … {x.text} …": a condition that must not hold is not understood')
    for k, it in enumerate(items[:-1]):
        if it.cls != "neg" or k == 0 or items[k - 1].cls in {"punct", "except", "unless", "only"}:
            continue
        j = k + 1
        while j < len(items) and fold(items[j].text) in _COPULAS:
            j += 1  # "que não são de grupos", "qui ne viennent pas de X"
        if j < len(items) and items[j].cls in _CONDITION_STARTS | {"f"} and (
                fold(it.text) in _NOT_WORDS and items[j].cls != "f" or j > k + 1):
            raise Unread(f'"{" ".join(x.text for x in items[k : j + 1])}": a condition that must not hold is not '
                         "understood")


def _covers(wide: object, narrow: object) -> bool:
    """'the weekly standup and any other recurring meeting': every event `narrow` holds for, `wide` holds for too
    (each part of `wide` is a part of `narrow`, or a series of any frequency where `narrow` names one)."""
    parts = lambda c: list(c.of) if isinstance(c, All) else [c]  # noqa: E731
    return wide != narrow and all(any(p == q or isinstance(p, Recurring) and not p.freq and isinstance(q, Recurring)
                                      for q in parts(narrow)) for p in parts(wide))


def _cond(p: Phrase) -> object:
    parts: list = []
    created = getattr(p, "_created", False)
    if p.created_today and (created or p.created_new):
        parts.append(Created(today=True))
        p.kinds.add("calendar")
    elif p.created_today:
        raise Unread('"today" is understood only as "added today" for calendar items')
    elif (p.created_new or created and (p.within or p.starts or p.starts_on)) and p.kinds == {"calendar"}:
        parts.append(Created(today=False, within_minutes=24 * 60))  # "added to my calendar for today": new ones
    elif p.created_new or created:
        raise Unread('"new" or "added" without "today" is not understood')
    if p.starts and p.within is None and not p.starts_on and "calendar" in p.kinds and not p.recur:
        raise Unread('"starts" needs a time ("starts within 2 hours")')
    kinds = p.kinds or p.generic_kinds
    if p.kinds and p.generic_kinds:
        kinds = p.kinds
    if kinds and kinds != {"email", "whatsapp", "calendar"}:
        parts.append(Kind(kinds=tuple(kinds)))
    if p.who:
        parts.append(Sender(who=tuple(dict.fromkeys(p.who)), attendee=p.attendee))
    if p.chat or p.group is not None:
        parts.append(Chat(group=p.group, name=p.chat))
    if p.mention:
        parts.append(Mention())
    if p.addressed:
        parts.append(Addressed(how=p.addressed))
    if p.thread:
        parts.append(Thread(started=p.thread == "started"))
    for phrase in p.topics + p.subject_topics:
        _findable(phrase)
    if p.topics:
        parts.append(Topic(phrases=tuple(dict.fromkeys(p.topics))))
    if p.subject_topics:
        parts.append(Topic(phrases=tuple(dict.fromkeys(p.subject_topics)), where="subject"))
    if p.cats:
        parts.append(Category(categories=tuple(dict.fromkeys(p.cats))))  # type: ignore[arg-type]
    if p.within is not None:
        parts.append(StartsWithin(minutes=p.within))
    if p.starts_on:
        parts.append(StartsOn(day=p.starts_on, or_before=p.starts_or_before, before=p.starts_before))
    if p.recur:
        parts.append(Recurring(freq=tuple(dict.fromkeys(p.freqs))))  # type: ignore[arg-type]
    if p.cancelled and p.changed:  # "moved or cancelled": either (an "or" of one kind of condition)
        parts.append(Any(of=(Changed(), Cancelled())))
    elif p.cancelled:
        parts.append(Cancelled())
    elif p.changed:
        parts.append(Changed())
    if p.all_day:
        parts.append(AllDay())
    if p.windows and p.kinds == {"calendar"}:  # "Meetings on weekends": the day they happen, or the day they come?
        raise Unread("a time window with calendar items is not understood (when they happen, or when they are added?)")
    parts.extend(_one_window(p.windows))
    if len(p.amounts) > 1:  # "from Acme over €1,000 or from Globex over €5,000": which amount for which?
        raise Unread("two amounts in one phrase are not understood")
    parts.extend(p.amounts)
    return conjoin(parts)


_WHEN_WORDS = {"tomorrow", "today", "tonight", "yesterday", "demain", "aujourd'hui", "hier", "ce soir", "manana",
               "hoy", "ayer", "amanha", "hoje", "ontem", "morgen", "heute", "gestern", "ubermorgen",
               "apres-demain", "pasado"}


def _findable(phrase: str) -> None:
    """A topic must be found in a message that says exactly it: a word too common to look for ("URGENT"), or
    one the matcher cannot see, would make the rule silently never apply."""
    if re.fullmatch(r"[\d\s.,/-]{1,4}", phrase):
        raise Unread(f'"{phrase}" alone is too short a number to look for')
    if phrase.lstrip().startswith("@"):
        raise Unread(f'"{phrase}" is not a topic (an @-mention is said "mentions me")')
    if set(fold(phrase).split()) & _WHEN_WORDS:
        raise Unread(f'"{phrase}" says when, not what a message is about')  # "seulement si c'est pour demain"
    terms = topic_terms(phrase)
    if terms is None or not terms.match(_topic_words(phrase)):
        raise Unread(f'"{phrase}" cannot be looked for in a message on its own')


def _one_window(windows: list[Window]) -> list[Window]:
    """'Werktags nicht vor 8 Uhr': the days of one part and the hours of another are one window."""
    if len(windows) < 2:
        return windows
    days = [w for w in windows if w.days and not w.start]
    hours = [w for w in windows if w.start and not w.days]
    if len(days) == 1 and len(hours) == 1 and len(windows) == 2 and not days[0].zone:
        return [Window(days=days[0].days, start=hours[0].start, end=hours[0].end, zone=hours[0].zone)]
    raise Unread("more than one time window in one rule is not understood")


def _only_window(cond: object) -> bool:
    """A quiet period: the window alone, or with the kinds of message it applies to; or hours of the day that some
    mail may not come in ("los correos del trabajo no antes de las 9": they wait until 9). Days alone on some
    senders ("Los domingos no me avises de X") say nothing of later: those are dropped."""
    parts = cond.of if isinstance(cond, All) else (cond,)
    windows = [p for p in parts if isinstance(p, Window)]
    return bool(windows) and (all(isinstance(p, (Window, Kind)) for p in parts) or any(w.start for w in windows))


def _is_window(cond: object) -> bool:
    return isinstance(cond, Window)


def _has_window(cond: object) -> bool:
    if cond is None:
        return False
    if isinstance(cond, Window):
        return True
    return isinstance(cond, (All, Any)) and any(_has_window(c) for c in cond.of) or (
        isinstance(cond, Not) and _has_window(cond.of))


_ = (AllDay, Mention, Everything)


# What is done to a rule's scanned items before they are split into clauses, in order: asides and examples
# first, then (after a hold's release is taken off) the checks that refuse what is not understood and the
# rewrites of shapes the clauses would misread.
_BEFORE_RELEASE = (two_rules_in_one, exception_titled, today_or_tomorrow, identified_as_sender, amount_then_only, replies_to_mine, day_ranges, time_ranges, chat_names, who_then_ways, _without_examples, _without_reasons, _ahead_of_calendar, _kind_asides_inline, _clock_words,
                   _amount_or_more,
                   _included_too, not_even_these)
_AFTER_RELEASE = (_no_negated_conditions, _quiet_without_hours, _just_without_only, _title, _only_in_window,
                  _label_of_senders, label_before_identified, _no_label_or_sender, _other_than_what, _service_messages, _ne_que, _resolve_it,
                  _verb_final)
