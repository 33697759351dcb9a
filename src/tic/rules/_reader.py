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

from dataclasses import dataclass, field

from tic.rules._reading import (
    All,
    AllDay,
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
    StartsWithin,
    Topic,
    Who,
    Window,
    conjoin,
)
from tic.rules._scan import Item, guess_language, is_number, scan
from tic.rules._slots import (
    DESCRIPTORS,
    People,
    Unread,
    amount_slot,
    parse_aside,
    sender_slot,
    topic_slot,
    window_slot,
)
from tic.rules._tokens import fold
from tic.signals._matchers import _topic_words, topic_terms

__all__ = ["read", "read_with", "Unread"]

_SECTION_EFFECT = {"always": "notify", "never": "skip"}
_ROLE_CLAUSES = {"unless", "except", "if", "conc"}
_ENDS_CLAUSE = {",", ";", ".", "!", "?", ":"}


@dataclass
class _Phrase:
    """The predicates one noun phrase names."""

    kinds: set[str] = field(default_factory=set)
    generic_kinds: set[str] = field(default_factory=set)
    who: list[Who] = field(default_factory=list)
    attendee: bool = False
    topics: list[str] = field(default_factory=list)
    subject_topics: list[str] = field(default_factory=list)
    cats: list[str] = field(default_factory=list)
    group: bool | None = None
    chat: str = ""
    mention: bool = False
    created_today: bool = False
    created_new: bool = False
    within: int | None = None
    starts: bool = False
    recur: bool = False
    freqs: list[str] = field(default_factory=list)
    all_day: bool = False
    windows: list[Window] = field(default_factory=list)
    amounts: list = field(default_factory=list)
    anything: bool = False

    @property
    def empty(self) -> bool:
        return not (self.kinds or self.generic_kinds or self.who or self.topics or self.subject_topics or self.cats
                    or self.group is not None or self.chat or self.mention or self.created_today or self.created_new
                    or self.within or self.recur or self.all_day or self.windows or self.amounts)

    @property
    def kind_only(self) -> bool:
        return bool(self.kinds or self.generic_kinds) and _Phrase(kinds=self.kinds,
                                                                   generic_kinds=self.generic_kinds).empty is False \
            and not (self.who or self.topics or self.subject_topics or self.cats or self.group is not None
                     or self.chat or self.mention or self.created_today or self.created_new or self.within
                     or self.recur or self.all_day or self.windows or self.amounts)


@dataclass
class _Clause:
    role: str  # main | if | onlyif | unless | except | conc
    items: list[Item] = field(default_factory=list)


def read(text: str, section: str, people: People | None = None) -> tuple[Reading | None, str]:
    """The rule's Reading, or (None, why it was not understood)."""
    try:
        return read_catch_all(text) or read_with(text, section, people or People()), ""
    except Unread as exc:
        return None, str(exc)


_CATCH_ALL_WORDS = {"f", "neg", "v+", "v-", "always", "if", "punct", "notice", "any", "rest", "kind", "my", "pron"}


def read_catch_all(text: str) -> Reading | None:
    """'If none of the above applies, don't notify me' (T10): what happens to events no other rule covers."""
    items = scan(text)
    if not any(it.cls == "rest" for it in items):
        return None
    if items[0].cls == "if":  # "Si no aplica ninguna de las reglas anteriores, no me avises": the condition's own
        end = next((k for k, it in enumerate(items) if it.cls == "punct" and it.text in {",", ":", ";"}), 0)
        if end and any(it.cls == "rest" for it in items[1:end]) and all(
                it.cls in {"f", "neg", "rest", "any", "notice"} for it in items[1:end]):
            items = items[end + 1 :]  # negation ("no aplica", "ne s'applique") says which events, not what to do
    if bad := [it.text for it in items if it.cls not in _CATCH_ALL_WORDS]:
        raise Unread(f'a rule for everything else with "{" ".join(bad[:4])}" in it is not understood')
    kinds = {k for it in items if it.cls == "kind" for k in it.value}  # type: ignore[union-attr]
    effect = _effect([_Clause("main", [it for it in items if it.cls != "if"])], "own", guess_language(text))
    when = Kind(kinds=tuple(kinds)) if kinds and kinds != {"email", "whatsapp", "calendar"} else Everything()
    return Reading(effect=effect, when=when, catch_all=True)


def read_with(text: str, section: str, people: People) -> Reading:
    items = scan(text)
    if not items:
        raise Unread("the rule is empty")
    _resolve_it(items)
    _verb_final(items)
    clauses = _clauses(items)
    effect = _effect(clauses, section, guess_language(text))
    main = [c for c in clauses if c.role == "main"]
    conds = [c for c in clauses if c.role == "if"]
    only = [c for c in clauses if c.role == "onlyif"]
    exceptions = [c for c in clauses if c.role in {"unless", "except"}]
    if len(only) + len(exceptions) > 1:
        raise Unread("more than one exception or \"only if\" in one rule is not understood")
    scope_parts = []
    main_phrases = [p for c in main for p in _phrases(c.items, people)]
    cond_phrases = [p for c in conds for p in _phrases(c.items, people)]
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
        cond = _cond(_merge(_phrases(only[0].items, people)))
        if isinstance(cond, Everything):
            raise Unread('the condition after "only if" is not understood')
        unless = Not(of=cond)
        if _is_window(cond):
            unless_effect = "hold" if effect == "notify" else None
    elif exceptions:
        cond = _cond(_merge(_phrases(exceptions[0].items, people)))
        if isinstance(cond, Everything):
            raise Unread(f'the exception after "{exceptions[0].items[0].text if exceptions[0].items else "unless"}" '
                         "is not understood")
        unless = cond
    if effect == "skip" and _has_window(when):
        effect = "hold"  # "no notifications between 22:00 and 07:00": quiet hours hold, never drop (T11)
    if isinstance(when, Everything) and unless is None and not _said_anything(items):
        raise Unread("no sender, topic, kind of message, chat or calendar timing recognised")
    if _has_window(unless) and unless_effect is None and effect == "notify":
        unless_effect = "hold"
    return Reading(effect=effect, when=when, unless=unless, unless_effect=unless_effect)


def _said_anything(items: list[Item]) -> bool:
    return any(it.cls == "any" for it in items)


# --- clauses --------------------------------------------------------------------------------------------

def _clauses(items: list[Item]) -> list[_Clause]:
    out = [_Clause("main")]
    role = "main"
    pending_only = False
    for it in items:
        if it.cls == "only":
            pending_only = True
            continue
        if it.cls in {"unless", "except", "if", "conc"}:
            role = "onlyif" if it.cls == "if" and pending_only else it.cls
            if role == "onlyif":
                pending_only = False
            out.append(_Clause(role))
            continue
        if it.cls == "concfull":
            continue
        if it.cls == "punct" and it.text in _ENDS_CLAUSE and role != "main":
            role = "main"
            out.append(_Clause("main"))
            continue
        if role == "conc":
            continue  # "even if the sender is a stranger": widens nothing, so nothing in it is a condition
        out[-1].items.append(it)
    if pending_only:
        raise Unread('"only" without a condition ("only ... if ...") is not understood')
    return [c for c in out if c.items or c.role != "main"]


_CONCORD = {"es", "pt", "fr"}  # "no me avises nunca", "ne ... pas": several negation words, one negation


def _effect(clauses: list[_Clause], section: str, lang: str = "en") -> str:
    """notify or skip, from the verbs and negations outside exceptions; must agree with the section."""
    negs = verbs_pos = verbs_neg = always = 0
    for c in clauses:
        if c.role in {"unless", "except", "conc"}:
            continue
        clause_negs = sum(it.cls == "neg" for it in c.items)
        if clause_negs > 1 and any(it.cls == "neg" and it.text.lower() in {"ne", "n'"} for it in c.items):
            clause_negs = 1  # French "ne ... aucun", whatever language the rest looks like
        negs += min(clause_negs, 1) if lang in _CONCORD else clause_negs
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


# --- phrases and predicates --------------------------------------------------------------------------------

_NP_START = {"kind", "any", "notice", "cat"}
_NOT_TOPICS = {"kind", "group", "cat", "notice", "any", "from", "org", "allday", "recur", "created", "today", "starts",
               "within", "weekend", "weekday", "day", "between", "before", "mention", "unsaved", "saved", "role",
               "msgverb", "new"}
_PLACE = {"in", "at", "en", "dans", "im", "em", "no", "na", "a", "au", "aux", "auf"}


def _phrases(items: list[Item], people: People) -> list[_Phrase]:
    """The noun phrases of a clause, each with its predicates (a kind-only phrase shares the next one's)."""
    phrases = [_Phrase()]
    i = 0
    while i < len(items):
        it = items[i]
        cls = it.cls
        ph = phrases[-1]
        if cls in {"and", "or"} or (cls == "punct" and it.text in {",", ";"}):
            nxt = _next_content(items, i + 1)
            if nxt is not None and items[nxt].cls in {"any"} and not ph.empty:
                phrases.append(_Phrase())
                i = nxt
                continue
            if nxt is not None and items[nxt].cls == "kind" and (ph.who or ph.topics or ph.created_today
                                                                 or ph.within) and not ph.empty:
                phrases.append(_Phrase())
                i = nxt
                continue
            i += 1
            continue
        if cls == "about" and it.value:
            ph.topics.append(str(it.value))
            i += 2
            continue
        if cls in {"f", "my", "notice", "neg", "negv", "v+", "v-", "always", "emph", "punct", "used"}:
            if cls == "my" and i + 1 < len(items) and items[i + 1].cls in {"word", "name"}:
                who, i = _sender_from(items, i, people)
                ph.who.extend(who)
                continue
            i += 1
            continue
        if cls == "any":
            ph.anything = True
            i += 1
            continue
        if cls == "kind":
            kinds = set(it.value)  # type: ignore[arg-type]
            (ph.generic_kinds if len(kinds) > 1 else ph.kinds).update(kinds)
            i += 1
            continue
        if cls == "recur" and (i + 1 < len(items) and items[i + 1].cls == "cat" or i > 0 and items[i - 1].cls == "cat"):
            i += 1  # "weekly summaries", "resúmenes semanales": how often the digest comes, not a calendar series
            continue
        if cls == "cat":
            if it.value == "automated" and (i + 1 < len(items) and items[i + 1].cls == "cat"
                                            or i > 0 and items[i - 1].cls == "cat"):
                i += 1  # "automated digests", "rapports automatiques": the digest is the kind, "automated" describes it
                continue
            ph.cats.append(str(it.value))
            i += 1
            continue
        if cls == "group" and it.value is True and (nxt := _next_content(items, i + 1)) is not None \
                and items[nxt].cls in {"quote", "name"}:
            ph.chat, ph.group = items[nxt].text, True  # 'the group "Primos Villalba"'
            ph.kinds.add("whatsapp")
            i = nxt + 1
            continue
        if cls == "group":
            if ph.group is not None and ph.group != it.value:
                raise Unread("the rule asks for a group chat and a direct chat at once")
            ph.group = bool(it.value)
            ph.kinds.add("whatsapp")
            i += 1
            continue
        if cls == "mention":
            ph.mention = True
            i += 1
            continue
        if cls in {"from", "org"}:
            nxt = _next_content(items, i + 1)
            if nxt is not None and items[nxt].cls in {"kind", "group", "cat", "notice", "any"} and cls == "from":
                i += 1  # "from a WhatsApp group": not a sender
                continue
            who, i, _ = sender_slot(items, i + 1, people, org=cls == "org")
            ph.who.extend(who)
            continue
        if cls == "with":
            i = _with(items, i, ph, people)
            continue
        if cls == "whether":  # "any recurring event, whether daily, weekly or monthly": every frequency
            j = i + 1
            while j < len(items) and (items[j].cls in {"recur", "or"} or items[j].cls == "punct" and items[j].text == ","):
                j += 1
            if not any(x.cls == "recur" for x in items[i + 1 : j]):
                raise Unread(f'"{it.text}" is not understood here')
            ph.recur = True
            ph.kinds.add("calendar")
            i = j
            continue
        if cls == "subjv":  # 'the subject line says "URGENT"'
            phrases_, i = topic_slot(items, i + 1)
            if not phrases_:
                raise Unread(f'"{it.text}" is not followed by the words to look for')
            ph.subject_topics.extend(phrases_)
            ph.kinds.add("email")
            continue
        if cls == "word" and fold(it.text) in DESCRIPTORS and i + 1 < len(items) and items[i + 1].cls == "name" \
                and not items[i + 1].weak:
            i += 1  # "du cabinet Vasseur & Associés": the kind of firm, then its name
            continue
        if cls == "ident":  # "the number +43 ...", "the domain x.com", "whose address ends in x.com"
            who, i, _ = sender_slot(items, i, people)
            ph.who.extend(who)
            continue
        if cls == "about":
            nxt = _next_content(items, i + 1)
            if nxt is None:
                raise Unread(f'"{it.text}" is not followed by a topic')
            if items[nxt].cls in _NOT_TOPICS:
                i += 1  # "notify me about emails ...": the object, not a topic
                continue
            if items[nxt].cls in {"f", "pron"} and items[nxt].text.lower() in {"it", "them", "this", "that", "lo",
                                                                                 "es", "ca", "cela", "isso"}:
                ph.topics.append(_antecedent(items))
                i = nxt + 1
                continue
            phrases_, i = topic_slot(items, i + 1)
            if not phrases_:
                raise Unread(f'the topic after "{it.text}" is not understood')
            ph.topics.extend(phrases_)
            continue
        if cls in {"name", "quote"}:
            i = _bare_name(items, i, ph, people)
            continue
        if cls in {"email", "domain", "phone", "unsaved", "saved", "role"}:
            who, i, _ = sender_slot(items, i, people)
            ph.who.extend(who)
            continue
        if cls == "msgverb":
            (ph.kinds if len(it.value) == 1 else ph.generic_kinds).update(it.value)  # type: ignore[arg-type]
            i += 1
            continue
        if cls == "pron":
            if it.text.lower() in {"her", "his", "their", "su", "sus", "ihre", "ihr", "sein", "seine", "son", "sa",
                                   "ses", "leur", "leurs", "dele", "dela"} and people.last:
                ph.who.extend(people.last)
            i += 1
            continue
        if cls in {"created", "new", "today", "starts", "within", "recur", "allday", "fromnow", "unit"}:
            i = _timing(items, i, ph)
            continue
        if cls in {"between", "before", "weekend", "weekday", "day"}:
            window, i = window_slot(items, i)
            ph.windows.append(window)
            continue
        if cls == "cmp":
            amount, i = amount_slot(items, i)
            ph.amounts.append(amount)
            continue
        if cls == "judge":
            raise Unread(f'"{it.text}" needs judgement (a model can read it)')
        if cls == "aside" and ph.recur and all(x.cls in {"recur", "or"} or x.text == "," for x in it.items):
            ph.freqs.extend(str(x.value) for x in it.items if x.cls == "recur" and x.value)  # "(diários, semanais)"
            i += 1
            continue
        if cls == "aside":
            who, role = parse_aside(it.items)
            if who and ph.who:
                ph.who.extend(w for w in who if w.by in {"domain", "address", "phone", "contact"})
            elif who:
                raise Unread("the words in brackets are not understood: " + " ".join(x.text for x in it.items))
            i += 1
            continue
        if cls == "word" and (k := _before_amount(items, i)) is not None:
            ph.topics.append(" ".join(_common(x) for x in items[i:k] if x.cls == "word"))  # "invoices over €500"
            i = k
            continue
        if cls == "word" and _modifies_kind(items, i):
            j = i
            while items[j].cls == "word":
                j += 1
            noun = items[j]
            words = " ".join(_common(x) for x in items[i:j])
            ph.topics.append(f"{words} {noun.text}" if set(noun.value) == {"calendar"} else words)  # type: ignore[arg-type]
            i = j
            continue
        if cls == "subject":
            raise Unread(f'"{it.text}" without the words to look for is not understood')
        what = {"word": "is not understood", "number": "(a number) is not used by anything",
                "time": "(a time) is not used by anything", "money": "(an amount) is not used by anything",
                "ref": "is not used by anything", "after": "(a time) is not understood without its end",
                "unless": "is not understood here", "if": "is not understood here"}.get(cls, "is not understood here")
        raise Unread(f'"{it.text}" {what}')
    out = [p for p in phrases if not p.empty or p.anything]
    merged: list[_Phrase] = []
    for p in out:  # "Emails and WhatsApp messages from Luis": a bare kind shares the next phrase's predicates
        if merged and merged[-1].kind_only and not p.kind_only:
            p.kinds |= merged[-1].kinds
            p.generic_kinds |= merged[-1].generic_kinds
            merged[-1] = p
        else:
            merged.append(p)
    return merged or [_Phrase(anything=True)]


def _common(item: Item) -> str:
    """A word as a topic term: a capital at the start of the rule is not a proper name."""
    return item.text.lower() if item.initial else item.text


def _before_amount(items: list[Item], i: int) -> int | None:
    j = i
    while j < len(items) and (items[j].cls == "word" or items[j].cls == "f" and j > i) and j - i < 4:
        j += 1
    return j if j < len(items) and items[j].cls == "cmp" and items[j - 1].cls in {"word", "f"} else None


def _modifies_kind(items: list[Item], i: int) -> bool:
    """'lab meeting reminders', 'invoice emails': lower-case words right before a kind noun name its topic."""
    j = i
    while j < len(items) and items[j].cls == "word" and j - i < 3:
        j += 1
    return j < len(items) and items[j].cls == "kind"


def _next_content(items: list[Item], j: int) -> int | None:
    while j < len(items) and items[j].cls == "f" and items[j].text.lower() not in {"it", "them", "this", "that"}:
        j += 1
    return j if j < len(items) else None


def _sender_from(items: list[Item], i: int, people: People) -> tuple[list[Who], int]:
    who, j, _ = sender_slot(items, i, people)
    return who, j


def _with(items: list[Item], i: int, ph: _Phrase, people: People) -> int:
    nxt = _next_content(items, i + 1)
    if nxt is not None and items[nxt].cls in {"quote", "word"}:
        words = []
        j = nxt
        while j < len(items) and items[j].cls in {"quote", "word"} and len(words) < 4:
            words.append(items[j].text)
            j += 1
        while j < len(items) and items[j].cls == "f" and items[j].text.lower() in {"in"}:
            j += 1
        if j < len(items) and items[j].cls == "subject":
            ph.subject_topics.append(" ".join(words))
            ph.kinds.add("email")
            return j + 1
        raise Unread(f'"with {" ".join(words)}" is not understood')
    if nxt is not None and items[nxt].cls in {"name", "my", "org", "email", "domain"} and not items[nxt].weak:
        who, j, _ = sender_slot(items, nxt, people)
        ph.who.extend(who)
        ph.attendee = True
        return j
    if nxt is not None and items[nxt].cls in {"cat", "kind", "notice", "any"}:
        return i + 1  # "don't bother me with mailing lists"
    if nxt is not None and items[nxt].cls in {"mention"}:
        return i + 1
    raise Unread(f'"{items[i].text}" is not understood here')


_RELATIVE = {"die", "der", "das", "welche", "welcher", "welches", "was"}
_ARTICLES = {"den", "dem", "des", "ein", "eine", "einen", "einem", "einer"}


def _verb_final(items: list[Item]) -> None:
    """'Mails, die das Aktenzeichen VG-88217 erwähnen': a German relative clause puts its verb last; the words
    between the relative pronoun and the verb are what is mentioned ("Mails, die erwähnen: ...")."""
    for k, it in enumerate(items):
        if it.cls != "aboutv":
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


_IT = {"it", "them", "this", "that", "lo", "es", "ca", "cela", "isso", "ihn", "sie"}


def _resolve_it(items: list[Item]) -> None:
    """'The Alder Street permit is ...: if an email mentions it': the topic is the rule's opening noun phrase."""
    for k, it in enumerate(items[:-1]):
        nxt = items[k + 1]
        if it.cls == "about" and nxt.cls in {"f", "pron"} and nxt.text.lower() in _IT:
            it.value = _antecedent(items)


def _antecedent(items: list[Item]) -> str:
    """'The Alder Street permit is ...: if an email mentions it': "it" is the rule's leading noun phrase."""
    words = []
    for it in items:
        if it.cls in {"name", "word", "ref", "quote"}:
            words.append(it.text)
            it.cls = "used"
        elif it.cls == "f" and not words:
            continue
        else:
            break
    if not words:
        raise Unread('"it" refers to nothing named at the start of the rule')
    return " ".join(words)


def _bare_name(items: list[Item], i: int, ph: _Phrase, people: People) -> int:
    """A name outside any slot: a chat ("the Famiglia group"), a sender ("Marisol on WhatsApp",
    "LinkedIn notifications", "Bartholomew Quinn emails me")."""
    it = items[i]
    nxt = items[i + 1] if i + 1 < len(items) else None
    prev = items[i - 1] if i > 0 else None
    if nxt is not None and nxt.cls == "group" and nxt.value is True:
        ph.chat = it.text
        ph.group = True
        ph.kinds.add("whatsapp")
        return i + 2
    if prev is not None and prev.cls == "f" and prev.text.lower() in _PLACE and not (
            it.lang == "pt" and prev.text.lower() in {"a", "o"}):  # Portuguese "a Joana": an article
        raise Unread(f'"{prev.text} {it.text}": a place or a language is not understood')
    if it.cls == "name" and it.weak and not (nxt is not None and nxt.cls == "msgverb" and not (
            prev is not None and prev.cls in {"f", "my", "pron"} and prev.text.lower() not in {"wenn", "falls"})):
        raise Unread(f'"{it.text}" is not understood (a name is understood after "von")')
    if it.cls == "name" and it.initial and not _looks_named(it.text) and nxt is not None and not (
            nxt.cls in {"notice", "msgverb", "aside", "or", "and"} or nxt.cls == "punct" and nxt.text in {",", "-", ":", "/"}
            or nxt.cls == "f" and nxt.text.lower() in {"on", "by", "via"}):
        it.cls = "word"  # a capital at the start is no evidence of a name: "Invoices over €500"
        return i
    who, j, _ = sender_slot(items, i, people)
    ph.who.extend(who)
    return j


def _looks_named(text: str) -> bool:
    return " " in text or any(c.isupper() for c in text[1:]) or any(c.isdigit() for c in text)


def _timing(items: list[Item], i: int, ph: _Phrase) -> int:
    it = items[i]
    cls = it.cls
    if cls == "today":
        ph.created_today = True
    elif cls == "created":
        ph.created_new = ph.created_new or False
        ph._created = True  # type: ignore[attr-defined]
    elif cls == "new":
        ph.created_new = True
    elif cls == "starts":
        ph.starts = True
    elif cls == "within":
        j = i + 1
        while j < len(items) and items[j].cls == "f":
            j += 1
        n = is_number(items[j]) if j < len(items) else None
        if n is not None and j + 1 < len(items) and items[j + 1].cls == "unit":
            minutes = int(n * int(items[j + 1].value))  # type: ignore[arg-type]
            j += 2
        elif j < len(items) and items[j].cls == "unit":
            minutes = int(items[j].value)  # type: ignore[arg-type]
            j += 1
        else:
            raise Unread(f'"{it.text}" needs a length of time ("within 2 hours")')
        if j < len(items) and items[j].cls == "fromnow":
            j += 1
        ph.within = minutes
        ph.kinds.add("calendar")
        return j
    elif cls == "recur":
        ph.recur = True
        if it.value:
            ph.freqs.append(str(it.value))
        ph.kinds.add("calendar")
    elif cls == "allday":
        ph.all_day = True
        ph.kinds.add("calendar")
    elif cls in {"fromnow", "unit"}:
        raise Unread(f'"{it.text}" is not understood here')
    return i + 1


def _merge(phrases: list[_Phrase]) -> _Phrase:
    out = _Phrase()
    for p in phrases:
        out.kinds |= p.kinds
        out.generic_kinds |= p.generic_kinds
        out.who += p.who
        out.attendee |= p.attendee
        out.topics += p.topics
        out.subject_topics += p.subject_topics
        out.cats += p.cats
        if p.group is not None:
            if out.group is not None and out.group != p.group:
                raise Unread("the rule asks for a group chat and a direct chat at once")
            out.group = p.group
        out.chat = out.chat or p.chat
        out.mention |= p.mention
        out.created_today |= p.created_today
        out.created_new |= p.created_new
        out.within = p.within if p.within is not None else out.within
        out.starts |= p.starts
        out.recur |= p.recur
        out.freqs += p.freqs
        out.all_day |= p.all_day
        out.windows += p.windows
        out.amounts += p.amounts
        out.anything |= p.anything
        if getattr(p, "_created", False):
            out._created = True  # type: ignore[attr-defined]
    return out


def _alternatives(phrases: list[_Phrase]) -> object:
    if len(phrases) == 1:
        return _cond(phrases[0])
    conds = [_cond(p) for p in phrases]
    kinds_only = all(isinstance(c, (Kind, Category, Sender)) for c in conds)
    if kinds_only:
        return _cond(_merge(phrases))  # "Newsletters, promotions and digests": any of them
    return Any(of=tuple(dict.fromkeys(conds)))


def _cond(p: _Phrase) -> object:
    parts: list = []
    created = getattr(p, "_created", False)
    if p.created_today and (created or p.created_new):
        parts.append(Created(today=True))
        p.kinds.add("calendar")
    elif p.created_today:
        raise Unread('"today" is understood only as "added today" for calendar items')
    elif p.created_new and p.kinds == {"calendar"}:
        parts.append(Created(today=False, within_minutes=24 * 60))
    elif p.created_new or (created and not p.created_today):
        if not (p.kinds == {"calendar"} and created and (p.within or p.starts)):
            raise Unread('"new" or "added" without "today" is not understood')
    if p.starts and p.within is None and "calendar" in p.kinds and not p.recur:
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
    if p.recur:
        parts.append(Recurring(freq=tuple(dict.fromkeys(p.freqs))))  # type: ignore[arg-type]
    if p.all_day:
        parts.append(AllDay())
    parts.extend(_one_window(p.windows))
    parts.extend(p.amounts)
    return conjoin(parts)


def _findable(phrase: str) -> None:
    """A topic must be found in a message that says exactly it: a word too common to look for ("URGENT"), or
    one the matcher cannot see, would make the rule silently never apply."""
    terms = topic_terms(phrase)
    if terms is None or not terms.match(_topic_words(phrase)):
        raise Unread(f'"{phrase}" cannot be looked for in a message on its own')


def _one_window(windows: list[Window]) -> list[Window]:
    """'Werktags nicht vor 8 Uhr': the days of one part and the hours of another are one window."""
    if len(windows) < 2:
        return windows
    days = [w for w in windows if w.days and not w.start]
    hours = [w for w in windows if w.start and not w.days]
    if len(days) == 1 and len(hours) == 1 and len(windows) == 2:
        return [Window(days=days[0].days, start=hours[0].start, end=hours[0].end)]
    raise Unread("more than one time window in one rule is not understood")


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
