"""Compile one rule sentence into matchers (T7: the common rule shapes, offline).

A rule is read as: an effect (notify / drop, from its section or its wording),
a scope (which events it talks about: channel, group/direct, senders, topic,
kind of mail, calendar timing, recurrence) and optionally a condition
("only ... if Y", "unless Y", "if Y, tell me"). Shapes understood:

- senders: "from Odile Martin or anyone at Kestrel Labs", "write from
  bramblehomes.com", '"(Bramble)" after their name', 'my brother (saved as
  "Tomi")', a bare name ("Grace on WhatsApp", "Pinterest notifications");
- topics: "about the Hollis Road planning appeal", "if an email mentions it" (the
  sentence's leading noun phrase), key terms = proper phrases + content words;
- kinds of mail: newsletters, marketing/promotions, digests/reports/summaries,
  automated mail, social-network notifications, receipts, mailing lists, spam;
- chats: group vs direct, @-mentions of the user;
- calendar: added today / recently, starts within N hours, recurring (weekly...).

Whatever names a slot but cannot be resolved ("from my boss") makes the rule
not understood, with a note, rather than silently broader (T7).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from datetime import timedelta

from tic.triage._matchers import (
    CategoryMatcher,
    ChatMatcher,
    CreatedTodayMatcher,
    GroupMatcher,
    Matcher,
    MentionMatcher,
    RecurrenceMatcher,
    SenderMatcher,
    SenderSpec,
    StartsWithinMatcher,
    Topic,
    TopicMatcher,
)
from tic.triage._names import bare_names, names, role_note, split_senders
from tic.triage._patterns import (
    _ANY_SENDER,
    _CAL,
    _CATEGORIES,
    _CHAT,
    _CHAT_NAME,
    _DIRECT,
    _EMAIL,
    _FROM,
    _FROM_END,
    _GROUP,
    _IN_SUBJECT,
    _MENTION,
    _MSG,
    _PH,
    _QUOTE,
    _RECUR,
    _SLOT_END,
    _TIME_QUALIFIER,
    _TOPIC,
    _WITH,
    _WITHIN,
    UNKNOWABLE,
    DIRECTIVE_NEG,
    DIRECTIVE_POS,
    MEETING_TYPES,
)
from tic.triage._text import fold
from tic.triage._vocab import (
    GENERIC,
    NUMBERS,
    STOP,
    STREET,
    VOCAB,
    is_plain_word,
)

__all__ = ["DIRECTIVE_NEG", "DIRECTIVE_POS", "Compiled", "compile_rule"]

@dataclass(frozen=True)
class Compiled:
    """A rule's understood form. effect None = the section's default effect."""

    kinds: frozenset[str] = frozenset()
    scope: tuple[Matcher, ...] = ()
    condition: tuple[Matcher, ...] = ()
    negated: bool = False
    exclusive: bool = False
    effect: str | None = None
    understood: bool = True
    note: str = ""


@dataclass
class _Found:
    kinds: set[str] = field(default_factory=set)
    matchers: list[Matcher] = field(default_factory=list)
    senders: list[SenderSpec] = field(default_factory=list)
    topics: list[Topic] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    attendees: bool = False  # "meetings with X": X may be the organiser or an attendee
    slots: bool = False  # a from/about slot or "regardless of sender" was present
    content: bool = False  # something more specific than a channel was understood


def _terms(phrase: str, quotes: list[str]) -> Topic | None:
    """Key terms of a topic phrase: proper phrases (capitalised runs) and content words."""
    phrase = _PH.sub(lambda m: quotes[int(m.group(1))], phrase)
    tokens = re.findall(r"[\w][\w'’\-./]*[\w]|[\w]", phrase)
    proper: list[tuple[str, ...]] = []
    common: list[str] = []
    run: list[str] = []
    for i, tok in enumerate(tokens + [""]):
        low = tok.lower()
        cap = bool(tok) and (tok[0].isupper() or tok[0].isdigit() or not tok[0].isascii() and not tok[0].islower())
        if cap and low not in STOP and low not in VOCAB and low not in GENERIC:
            if low not in STREET:
                run.append(low)
            continue
        if run:
            proper.append(tuple(run))
            run = []
        if tok and low not in STOP and low not in VOCAB and low not in GENERIC and low not in STREET and len(low) > 2:
            common.append(low)
    if not proper and not common:
        return None
    return Topic(label=phrase.strip(), proper=tuple(proper), common=tuple(common))


def _slot(text: str, start: int, end_re: re.Pattern[str]) -> str:
    m = end_re.search(text, start)
    return text[start : m.start() if m else len(text)].strip()


def _antecedent(sentence: str) -> str:
    m = re.search(r"\s(is|are|was|were|has|have)\s|[:,;]|\s[-–—]\s", sentence)
    return sentence[: m.start()] if m else ""


def _subject_topics(part: str, quotes: list[str], found: _Found) -> str:
    """'with "invoice" in the subject' / 'subject contains "X"': topics of the subject line only."""
    def take(m: re.Match[str]) -> str:
        q = m.group(1) or m.group(3)
        phrase = quotes[int(q)] if q is not None else m.group(2)
        if topic := _terms(phrase, []):
            found.topics.append(replace(topic, where="subject"))
            found.slots = found.content = True
            return " " * len(m.group(0))
        return m.group(0)
    return _IN_SUBJECT.sub(take, part)


def _extract(part: str, sentence: str, quotes: list[str], found: _Found, calendar: bool = False) -> None:
    part = _subject_topics(part, quotes, found)
    low = part.lower()
    blank = low
    starts = [m.start() for m in _TOPIC.finditer(low)]
    subject = re.search(r"^(?:if |when )?(.+?)\s+(?:comes? up|is mentioned|are mentioned|is discussed|appears?|shows? up)\b", part)
    if subject and (topic := _terms(subject.group(1), quotes)):
        found.topics.append(topic)
        found.slots = True
        blank = blank.replace(subject.group(1).lower(), " ")
    for m in _TOPIC.finditer(low):
        phrase = _slot(part, m.end(), _SLOT_END)
        if any(m.end() <= s < m.end() + len(phrase) for s in starts):
            continue  # "about any email that mentions X": the inner slot names the topic
        if re.match(r"(me|us|i)\b", phrase.lower()):
            continue
        if re.fullmatch(r"(it|this|that|them|this topic|this matter|that one)", phrase.lower()):
            phrase = _antecedent(sentence)
        alternatives = [p for p in re.split(r"\s+or\s+", phrase) if p.strip()]
        topics = [t for t in (_terms(p, quotes) for p in alternatives) if t]
        if topics:
            found.topics.extend(topics)
            found.slots = True
            blank = blank.replace(phrase.lower(), " ")
    if _ANY_SENDER.search(low):
        found.slots = True
    cat_text = _PH.sub(lambda q: quotes[int(q.group(1))].lower(), blank)
    for m in _WITH.finditer(part):  # "Meetings with Ana Ruiz"
        slot = _slot(part, m.end(), _FROM_END)
        found.attendees = found.slots = True
        blank = blank.replace(slot.lower(), " ")
        _add_senders(slot, quotes, found)
    for m in _FROM.finditer(part):
        slot = _slot(part, m.end(), _FROM_END)
        if not slot or _ANY_SENDER.search(low[m.start() : m.end() + len(slot)]):
            continue
        found.slots = True
        blank = blank.replace(slot.lower(), " ")
        _add_senders(slot, quotes, found)
    blank = _PH.sub(" ", blank)
    if _EMAIL.search(blank):
        found.kinds.add("email")
    if _CHAT.search(blank):
        found.kinds.add("whatsapp")
    if _CAL.search(blank) or "calendar" in blank:
        found.kinds.add("calendar")
    if _DIRECT.search(blank):
        found.matchers.append(GroupMatcher(False))
        found.kinds.add("whatsapp")
    elif _GROUP.search(blank) and not re.search(r"google groups", blank):
        found.matchers.append(GroupMatcher(True))
        found.kinds.add("whatsapp")
    if _MENTION.search(low):
        found.matchers.append(MentionMatcher(by_name=bool(re.search(r"\bmy name\b", low))))
        found.kinds.add("whatsapp") if not found.kinds else None
        found.content = True
    if _MSG.search(blank) and not found.kinds:
        found.kinds.update({"email", "whatsapp"})
    for m in _CHAT_NAME.finditer(part):
        name = next((quotes[int(g)] for g in (m.group(1), m.group(2)) if g), None) or m.group(3) or m.group(4)
        if name and not all(is_plain_word(w) for w in name.split()):
            found.matchers.append(ChatMatcher(name))
            found.content = True
    cats = {c for c, rx in _CATEGORIES.items() if rx.search(cat_text)}
    if "automated" in cats and cats & {"digest", "transactional", "autoreply"}:
        cats.discard("automated")  # "automated digests", '"weekly summary" style automated mail'
    if cats:
        found.matchers.append(CategoryMatcher(frozenset(cats)))
        found.content = True
    calendarish = calendar or "calendar" in found.kinds or _CAL.search(blank)
    if calendarish or re.search(r"\b(starts?|begins?)\b", blank):
        if re.search(r"\btoday\b", blank) and re.search(
                r"\b(added|created|lands?|landed|new|put|appears?|booked|scheduled|sent|shows? up|pops? up)\b", blank):
            found.matchers.append(CreatedTodayMatcher())
            found.content = True
        elif re.search(r"\b(newly added|just added|recently added|new (meetings?|events?|invites?|appointments?))\b", blank):
            found.matchers.append(CreatedTodayMatcher(within=timedelta(hours=24)))
            found.content = True
        if m := _WITHIN.search(blank):
            qty = m.group(2)
            n = float(qty) if qty[0].isdigit() else NUMBERS.get(qty.split()[0], 1)
            unit = m.group(3)[0]
            found.matchers.append(StartsWithinMatcher(
                timedelta(hours=n) if unit == "h" else timedelta(minutes=n) if unit == "m" else timedelta(days=n)))
            found.content = True
        if calendarish and _RECUR.search(blank):
            said = " ".join(m.group(0) for m in _RECUR.finditer(blank))
            freq = ("DAILY" if re.search(r"dai|every (day|weekday)", said) else
                    "WEEKLY" if re.search(r"week|every \w+day", said) else "MONTHLY" if "month" in said else None)
            found.matchers.append(RecurrenceMatcher(freq))
            found.kinds.add("calendar")
            found.content = True


def _leftover(text: str, quotes: list[str]) -> list[str]:
    """Content words the compiler did not account for (used to refuse over-broad rules)."""
    return [w for w in re.findall(r"[a-zA-Z][\w'’\-]*", _PH.sub(" ", text))
            if not is_plain_word(w) and w.lower() not in GENERIC]


def _split(text: str) -> tuple[str, str, str]:
    """(scope text, condition text, mode) with mode in {'', 'unless', 'only', 'if'}."""
    low = text.lower()
    if m := re.search(r"\b(unless|except (?:if|when)|but not (?:if|when))\b", low):
        end = re.search(r"[;.!?](\s|$)", text[m.end() :])
        stop = m.end() + end.start() if end else len(text)
        return text[: m.start()] + " " + text[stop:], text[m.end() : stop], "unless"
    only = re.search(r"\bonly\b", low)
    cond = re.search(r"\b(if|when|whenever|as long as|provided)\b", low[only.end() :] if only else low)
    if cond:
        start = (only.end() if only else 0) + cond.start()
        after = start + len(cond.group(0))
        end = re.search(r",|;|:|\.(\s|$)|\bthen\b", text[after:])
        stop = after + end.start() if end else len(text)
        return text[:start] + " " + text[stop:], text[after:stop], "only" if only else "if"
    return text, "", ""


def _add_senders(slot: str, quotes: list[str], found: "_Found") -> None:
    """The people a "from ..." / "with ..." slot names; a slot naming nobody leaves its notes."""
    for item in split_senders(slot):
        specs, notes = names(item, quotes)
        found.senders.extend(specs)
        if notes and not specs:
            found.notes.extend(notes)


def compile_rule(text: str, section: str) -> Compiled:
    """Compile one rule (a bullet item or a prose sentence) of the given section."""
    quotes: list[str] = []

    def keep(m: re.Match[str]) -> str:
        quotes.append(next(g for g in m.groups() if g is not None))
        return f"§{len(quotes) - 1}§"

    clean = " ".join(text.replace("’", "'").split())
    work = _QUOTE.sub(keep, clean)
    work = re.sub(r"\beven (if|when|from|though|after|before)\b[^,;.:]*", " ", work, flags=re.IGNORECASE)  # concessive
    scope_text, cond_text, mode = _split(work)
    scope, cond = _Found(), _Found()
    _extract(scope_text, work, quotes, scope)
    if cond_text:
        _extract(cond_text, work, quotes, cond, calendar=scope.kinds == {"calendar"})  # "..., only if they were added today"
    if not scope.slots and not cond.slots and not scope.senders and not cond.senders:
        scope.senders = bare_names(scope_text, quotes)
        if not scope.senders and mode == "if" and not (cond.topics or cond.matchers):
            scope.senders = bare_names(cond_text, quotes)  # "Tell me when Odile emails"
        chats = {fold(m.name) for m in scope.matchers if isinstance(m, ChatMatcher)}
        scope.senders = [s for s in scope.senders if fold(s.value) not in chats]  # "Mute the PTA group": a chat, not a sender
        first = re.match(r"\W*([\w'’\-]+)", scope_text)
        if scope.content and first and [s.value for s in scope.senders] == [first.group(1)]:
            scope.senders = []  # "Serial appointments that repeat ...": an adjective, not a sender
    effect = None
    if section not in {"always", "never"}:
        effect = "drop" if DIRECTIVE_NEG.search(scope_text) else "notify"
    notes = scope.notes + cond.notes
    kinds = frozenset(scope.kinds | cond.kinds)

    def assemble(found: _Found) -> list[Matcher]:
        out = list(found.matchers)
        if found.senders:
            out.append(SenderMatcher(tuple(dict.fromkeys(found.senders)), attendees=found.attendees))
        if found.topics:
            out.append(TopicMatcher(tuple(found.topics)))
        return out

    scope_m, cond_m = assemble(scope), assemble(cond)
    if mode == "if":
        scope_m, cond_m, mode = scope_m + cond_m, [], ""
    if mode and not cond_m:
        notes.append(f"the condition after \"{'unless' if mode == 'unless' else 'if'}\" is not understood")
    if qualifier := _TIME_QUALIFIER.search(_PH.sub(" ", scope_text + " " + cond_text)):
        notes.append(f"\"{qualifier.group(0)}\" (a time of day or week) is not understood")
    said = _PH.sub(" ", scope_text + " " + cond_text)
    notes += [why for rx, why in UNKNOWABLE if rx.search(said)]
    if mode in {"only", "unless"} and not scope_m and (extra := _leftover(scope_text, quotes)):
        notes.append(f"cannot tell which events \"{' '.join(extra[:4])}\" refers to")  # "Bank alerts only if ..."
    understood = not notes
    if understood and not (scope_m or cond_m or kinds):
        understood, notes = False, ["no sender, topic, kind of mail, chat or calendar timing recognised"]
        if who := role_note(_PH.sub(" ", scope_text + " " + cond_text)):
            notes.append(who)  # "My dentist's office": a role with no name
    broad = not any(isinstance(m, (SenderMatcher, TopicMatcher, CategoryMatcher, ChatMatcher, MentionMatcher,
                                   CreatedTodayMatcher, StartsWithinMatcher, RecurrenceMatcher)) for m in scope_m + cond_m)
    if understood and broad and (extra := _leftover(said, quotes) + [m.group(0) for m in MEETING_TYPES.finditer(said)]):
        understood, notes = False, [f"cannot tell which events \"{' '.join(extra[:4])}\" refers to"]
    return Compiled(
        kinds=kinds, scope=tuple(scope_m), condition=tuple(cond_m), negated=mode == "unless",
        exclusive=mode in {"unless", "only"}, effect=effect, understood=understood, note="; ".join(notes),
    )
