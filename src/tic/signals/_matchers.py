"""The understood form of a rule: small matchers that test one Event each.

Every matcher's `match(event, now)` returns a short explanation of what matched
("sender domain is kestrellabs.com") or None. A compiled rule is a
conjunction of matchers; SenderMatcher and TopicMatcher hold alternatives
("Odile Martin or anyone at Kestrel Labs").

Names are compared as whole words on folded text that keeps possessives, so
"Grace's Bakery" is not "Grace" and "Odile Marchand" is not "Odile Martin".
Organisations also meet e-mail domains by squashing ("Kestrel Labs" ->
kestrellabs.com) and display names that carry them ("Ravi Iyer (Kestrel
Labs)"). Topic words are looked for in subject and body with any text that
addresses the assistant removed first (R1).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from tic.sources import Event
from tic.signals._classify import traits
from tic.signals._vocab import GENERIC, HONORIFICS, RELATION, STOP, STREET, VOCAB
from tic.signals._roles import FAMILY, role_evidence
from tic.signals._timing import (  # noqa: F401 - re-exported: the calendar matchers live there
    CreatedTodayMatcher, RecurrenceMatcher, StartsWithinMatcher, event_start, fmt_delta, local_zone,
)
from tic.signals._instruct import strip_injection
from tic.signals._text import (
    contains_stem, contains_words, domain_labels, fold, header, looks_like_phone, squash, squash_variants, words,
)

__all__ = [
    "Matcher", "GroupMatcher", "MentionMatcher", "SenderSpec", "SenderMatcher", "Topic", "TopicMatcher",
    "CategoryMatcher", "CreatedTodayMatcher", "StartsWithinMatcher", "RecurrenceMatcher", "ChatMatcher",
    "event_start", "local_zone", "fmt_delta", "topic_terms",
]


class Matcher(Protocol):
    def match(self, event: Event, now: datetime) -> str | None: ...

    def describe(self) -> str: ...


@dataclass(frozen=True)
class GroupMatcher:
    """Chat messages in a group (True) or direct messages (False)."""

    group: bool

    def match(self, event: Event, now: datetime) -> str | None:
        if event.kind != "whatsapp" or event.is_group != self.group:
            return None
        return f'group message in "{event.chat}"' if self.group else f"direct message from {event.sender.name or event.sender.address}"

    def describe(self) -> str:
        return "group chat" if self.group else "direct message"


@dataclass(frozen=True)
class MentionMatcher:
    """The user is @-mentioned ("me" in mentions), not merely named in the text.

    `by_name`: the rule says "when someone says my name". The local decider does
    not know the user's name, so the @-mention is the only reliable signal it has;
    the explanation says so.
    """

    by_name: bool = False

    def match(self, event: Event, now: datetime) -> str | None:
        return "the user is @-mentioned" if event.mentions_me else None

    def describe(self) -> str:
        if self.by_name:
            return ("an @-mention of the user (the user's name is not known locally, so only an @-mention "
                    "counts, not the name written in the text)")
        return "an @-mention of the user"


@dataclass(frozen=True)
class ChatMatcher:
    """A chat by its name ("the Famiglia group")."""

    name: str

    def match(self, event: Event, now: datetime) -> str | None:
        if event.kind == "whatsapp" and contains_words(words(event.chat), words(self.name)):
            return f'in the chat "{event.chat}"'
        return None

    def describe(self) -> str:
        return f'chat "{self.name}"'


_CORP = {"llc", "ltd", "limited", "inc", "gmbh", "ag", "sa", "srl", "spa", "plc", "co", "corp", "company",
         "group", "the", "&", "and", "llp", "bv", "ab", "oy", "as", "sarl", "kg", "partners", "associates",
         "solicitors", "lawyers", "law", "legal", "consulting", "holdings", "international", "services", "solutions",
         "kanzlei", "firma", "bufete", "despacho", "cabinet", "escritorio", "escritório", "empresa", "sl", "slu",
         "ltda", "lda", "sarl", "sas", "partner", "partnerschaft", "abogados", "avocats", "advogados", "rechtsanwalte",
         "rechtsanwälte"}
_DOMAIN_TAILS = {"", "llp", "law", "legal", "group", "inc", "ltd", "co", "hq", "uk", "us", "eu", "global", "mail", "team"}
_SERVICE_ALIASES = {"x": ("x", "twitter"), "twitter": ("x", "twitter"), "facebook": ("facebook", "facebookmail"),
                    "meta": ("facebook", "facebookmail", "meta"), "google": ("google", "googlemail")}


def _segments(display: str) -> list[list[str]]:
    """Parts of a display name: 'Ravi Iyer (Kestrel Labs)' -> [[ravi, iyer], [kestrel, labs]]."""
    parts = re.split(r"[()\[\]|,/]|\s[-–—]\s|\bvia\b|\bat\b|\bfrom\b", display)
    return [w for w in (words(p) for p in parts) if w]


_HONORIFICS = HONORIFICS


def _by_surname(display: str, surname: str) -> str | None:
    """A person named by honorific and surname: the display name is a first name (or more) and that surname
    ("Hélène Aubertin", "Aubertin, Hélène", "Mme Aubertin"), not a firm that bears it."""
    if "," in display:
        before, _, after = display.partition(",")
        if words(before) == [surname] and words(after):
            return f'sender display name "{display}"'
        return None
    dw = words(display)
    if len(dw) >= 2 and dw[-1] == surname and (len(dw) <= 4 or dw[0] in _HONORIFICS):
        return f'sender display name "{display}"'
    return None


def _loose_name(display: list[str], name: list[str], reversed_ok: bool) -> bool:
    """'Odile M. Martin' or 'Martin, Odile' for 'Odile Martin' (two or more words)."""
    if len(name) < 2:
        return False
    if reversed_ok and contains_words(display, name[::-1]):
        return True
    for i, w in enumerate(display):
        if w == name[0]:
            rest = display[i + 1 : i + len(name) + 1]
            if rest and rest[-1] == name[-1] and len(name) == 2 and len(rest) == 2 and len(rest[0]) <= 2:
                return True
    return False


def _same_parts(display: list[str], name: list[str]) -> bool:
    """All parts of a two-or-more-part name, in any order ("Park Min-jun" = "Min-jun Park" = "Ruiz, Ana")."""
    parts = [w for w in display if w.strip(".") not in _HONORIFIC_WORDS]
    return len(name) >= 2 and sorted(parts) == sorted(name)


_HONORIFIC_WORDS = {"mr", "mrs", "ms", "dr", "prof", "herr", "frau"}
_FAMILY_WORDS = {w for words_ in FAMILY.values() for w in words_}


def _address_forms(name: list[str]) -> set[str]:
    first, last = squash(name[0]), squash(name[-1])
    return {first + last, first[:1] + last, last + first, first + last[:1]}


_MAILTO = re.compile(r"mailto:([^>\s,?]+)", re.I)
_LIST_ID = re.compile(r"<([^<>\s]+)>")


def _list_addresses(event: Event) -> set[str]:
    """The addresses of the mailing list an e-mail came through: List-Post's mailto, and List-Id read as an address
    ("<all-staff.brightwave.agency>" is all-staff@brightwave.agency)."""
    found = {fold(m) for m in _MAILTO.findall(header(event.headers, "List-Post"))}
    for list_id in _LIST_ID.findall(header(event.headers, "List-Id")):
        local, _, rest = list_id.partition(".")
        if rest:
            found.add(fold(f"{local}@{rest}"))
    return found


@dataclass(frozen=True)
class SenderSpec:
    """One sender alternative. kind: name | org | domain | address | literal | contact."""

    kind: str
    value: str

    def match(self, event: Event) -> str | None:
        sender = event.sender
        display, domain = sender.name, sender.domain
        vw = words(self.value)
        if self.kind == "domain":
            d = self.value.lower()
            return f"sender domain is {domain}" if domain and (domain == d or domain.endswith("." + d)) else None
        if self.kind == "address":
            want, have = fold(self.value), fold(sender.address)
            if "@" not in want:
                want, have = re.sub(r"\D", "", want), re.sub(r"\D", "", have)
            if want and want == have:
                return f"sender is {sender.address}"
            if "@" in want and want in _list_addresses(event):  # "all-staff@x.agency emails": what the list sends
                return f"sent through the mailing list {self.value}"
            return None
        if self.kind == "unknown":
            unsaved = event.kind == "whatsapp" and (not display or looks_like_phone(display))
            return f"from the unsaved number {sender.address}" if unsaved else None
        if self.kind == "known":  # a saved contact: chats only (an e-mail's sender is never known to be one)
            saved = event.kind == "whatsapp" and bool(display) and not looks_like_phone(display)
            return f'from the saved contact "{display}"' if saved else None
        if self.kind == "role":
            return role_evidence(event, self.value)
        if self.kind == "literal":
            return f'display name "{display}" contains "{self.value}"' if fold(self.value) in fold(display) else None
        if self.kind == "contact" or (self.kind == "name" and event.kind == "whatsapp"):
            dw = words(display)
            exact = dw == vw if self.kind == "contact" else dw[: len(vw)] == vw and (
                len(vw) > 1 or all(w in RELATION or fold(w) in _FAMILY_WORDS for w in dw[1:]))
            # a saved name is the whole name; a first name alone is that contact ("Ellie", "Ellie ❤️", "Ellie (wife)"),
            # never one saved with more ("Ellie Marsh (kayak hire)", "Lena Huber Yoga": someone else)
            exact = exact or _same_parts(dw, vw)  # "Park Min-jun" saved, "Min-jun Park" in the rule
            if (event.kind == "whatsapp" and exact) or (event.kind != "whatsapp" and contains_words(dw, vw)):
                return f'from the contact "{display}"' if event.kind == "whatsapp" else f'sender "{display}"'
            if self.kind == "contact":
                return None  # a name not matched whole may still name an organisation ("Lou (Bramble)")
            if event.kind == "whatsapp" and len(vw) >= 2 and len(dw) >= 2 and dw[0] in _HONORIFICS \
                    and dw[1] == vw[-1] and all(w in RELATION for w in dw[2:]):
                return f'from the contact "{display}"'  # "Mr Dizon (landlord)" saved, "Ernesto Dizon" in the rule
            if event.kind == "whatsapp" and len(vw) == 1:
                return None  # a first name alone is the contact saved as that name, never one saved with more
        if self.kind == "name" and len(vw) == 2 and vw[0] in _HONORIFICS:
            return _by_surname(display, vw[1])  # "Mme Aubertin": a person, never "Aubertin Immobilier"
        # name / org: display name, address, domain labels
        labels = domain_labels(domain)
        sq = squash(self.value)
        if self.kind == "name":
            dw = words(display)
            if len(sq) <= 2 and dw == vw:
                return f'sender "{display}"'
            if len(sq) > 2 and (contains_words(dw, vw) or _loose_name(dw, vw, "," in display)
                                or any(_same_parts(seg, vw) for seg in _segments(display.replace(",", " ")))):
                return f'sender display name "{display}"'
            local = squash(sender.address.rpartition("@")[0])
            # the address alone names the person only when no display name says who sent it (8.6: identity)
            if len(vw) > 1 and local and local in _address_forms(vw) and (not dw or "@" in display):
                return f"sender address {sender.address}"
        aliases = _SERVICE_ALIASES.get(sq, ())
        core_text = " ".join(w for w in self.value.split() if fold(w).strip(".,") not in _CORP)
        full, cores = squash_variants(self.value), squash_variants(core_text)
        for lab in labels:
            lab_sq = squash(lab)
            if lab_sq in full | cores or lab_sq in aliases or (
                    self.kind == "org" and any(len(c) > 4 and lab_sq.startswith(c) and lab_sq[len(c):] in _DOMAIN_TAILS
                                               for c in cores)):
                return f"sender domain is {domain}"
            if len(vw) > 2 and any(lab_sq == squash(" ".join(vw[:k])) for k in range(2, len(vw))):
                return f"sender domain is {domain}"  # "Harbour Finch Solicitors LLP" -> harbourfinch.co.uk
            if len(vw) > 1 and len(vw[0]) >= 5 and lab_sq == squash(vw[0]) and lab == labels[-1]:
                return f"sender domain is {domain}"
        if len(vw) >= 1 and len(sq) > 2:
            segs = _segments(display)
            for seg in segs[1:]:  # an organisation named after the person's name
                if contains_words(seg, vw) or (len(seg[0]) >= 4 and vw[: len(seg)] == seg):
                    return f'display name "{display}" identifies {self.value}'
            if self.kind == "org" and segs and contains_words(segs[0], vw):
                return f'display name "{display}" names {self.value}'
        return None

    def describe(self) -> str:
        return {"org": f"anyone at {self.value}", "unknown": "an unsaved number", "domain": f"@{self.value}", "literal": f'"{self.value}" in the name',
                "contact": f'contact "{self.value}"',
                "known": "a saved contact", "role": f"a {self.value} (shown by the sender's name, address, domain or signature)"}.get(self.kind, self.value)


@dataclass(frozen=True)
class SenderMatcher:
    """Any of `specs` sent it; with `attendees` ("meetings with Ana Ruiz") a calendar item's attendee counts too."""

    specs: tuple[SenderSpec, ...]
    attendees: bool = False

    def match(self, event: Event, now: datetime) -> str | None:
        for spec in self.specs:
            if hit := spec.match(event):
                return f"organiser: {hit}" if self.attendees and event.kind == "calendar" else hit
        if self.attendees and event.kind == "calendar":
            for person in event.attendees:
                as_sender = event.model_copy(update={"sender": person})
                for spec in self.specs:
                    if hit := spec.match(as_sender):
                        return f"attendee {person}: {hit}"
        return None

    def describe(self) -> str:
        return ("with " if self.attendees else "from ") + " or ".join(s.describe() for s in self.specs) + (
            " (organiser or attendee)" if self.attendees else "")


@dataclass(frozen=True)
class Topic:
    """Key terms of a topic: every proper phrase must appear; common terms confirm it."""

    label: str
    proper: tuple[tuple[str, ...], ...]
    common: tuple[str, ...]
    where: str = ""  # "subject": only the subject line counts ("with 'invoice' in the subject")

    def match(self, text_words: list[str]) -> str | None:
        for phrase in self.proper:
            if not contains_words(text_words, list(phrase)):
                return None
        common = [c for c in self.common if contains_stem(text_words, c)]
        if self.common and (not common if self.proper else len(common) < len(self.common)):
            return None
        terms = [" ".join(p) for p in self.proper] + common
        return "mentions " + ", ".join(f'"{t}"' for t in terms) if terms else None


def _topic_words(text: str) -> list[str]:
    """Words for topic matching: possessives dropped ("Hollis's" -> "hollis")."""
    return [re.sub(r"'s$", "", w) for w in words(text)]


def _event_text(event: Event) -> list[str]:
    return _topic_words(f"{event.subject}\n{event.location}\n{strip_injection(event.body)}")


@dataclass(frozen=True)
class TopicMatcher:
    topics: tuple[Topic, ...]

    def match(self, event: Event, now: datetime) -> str | None:
        text = _event_text(event)
        for topic in self.topics:
            if topic.where == "subject":
                if event.kind in {"email", "calendar"} and (hit := topic.match(_topic_words(event.subject))):
                    return f"the {'title' if event.kind == 'calendar' else 'subject'} {hit}"  # an item's title
            elif hit := topic.match(text):
                return f"{'the ' + event.kind if event.kind != 'whatsapp' else 'the message'} {hit}"
        return None

    def describe(self) -> str:
        return " or ".join(f'"{t.label}" in the subject' if t.where == "subject" else f"about {t.label}"
                           for t in self.topics)


def topic_terms(phrase: str) -> Topic | None:
    """Key terms of a topic phrase: proper phrases (capitalised runs) and content words, folded the way message
    text is (accents off, "ERS-2027/3318" split where the message's words split). A phrase of common words only
    ("URGENT") keeps them: the user asked for exactly those."""
    tokens = [t for raw in re.findall(r"[\w][\w'’\-./]*[\w]|[\w]", phrase) for t in raw.split("/") if t]
    proper: list[tuple[str, ...]] = []
    common: list[str] = []
    run: list[str] = []
    for tok in tokens + [""]:
        low = fold(tok)
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
        common = [fold(t) for t in tokens if len(t) > 1]
    if not proper and not common:
        return None
    return Topic(label=phrase.strip(), proper=tuple(proper), common=tuple(common))


_CATEGORY_TRAITS = {
    "newsletter": ("newsletter",), "marketing": ("marketing", "business"), "digest": ("digest",),
    "automated": ("automated", "bulk", "digest"), "social": ("social",), "transactional": ("transactional",),
    "list": ("list_reply",),
}
_CATEGORY_ORDER = ["spam", "autoreply", "social", "marketing", "digest", "newsletter", "transactional", "list", "automated"]
_CATEGORY_WORDS = {"newsletter": "a newsletter", "marketing": "marketing", "digest": "an automated digest/report",
                   "automated": "automated mail", "bulk": "bulk mail", "social": "a social-network notification",
                   "transactional": "an automated order/shipping notice", "list_reply": "mailing-list traffic",
                   "business": "a business broadcast"}


_AUTOREPLY_SUBJECT = re.compile(r"^\s*(automatic reply|auto-?reply|autoreply|out of (the )?office|ooo\b|away:|"
                                r"abwesenheit|r[ée]ponse automatique|respuesta autom[áa]tica|risposta automatica)", re.I)


def _autoreply(event: Event) -> str | None:
    """An automatic reply / out-of-office notice: Auto-Submitted: auto-replied, X-Autoreply, or its subject."""
    if event.kind != "email":
        return None
    if "auto-replied" in fold(header(event.headers, "Auto-Submitted")) or header(event.headers, "X-Autoreply"):
        return "an automatic reply (headers)"
    if m := _AUTOREPLY_SUBJECT.search(event.subject):
        return f'an automatic reply (subject "{m.group(0).strip()}")'
    return None


@dataclass(frozen=True)
class CategoryMatcher:
    """newsletter | marketing | digest | automated | social | transactional | list | spam."""

    categories: frozenset[str]

    def match(self, event: Event, now: datetime) -> str | None:
        if "autoreply" in self.categories and (hit := _autoreply(event)):
            return hit
        t = traits(event)
        if "spam" in self.categories and t.spam:
            return "spam/phishing (" + t.spam_evidence() + ")"
        for cat in sorted(self.categories, key=_CATEGORY_ORDER.index):
            for attr in _CATEGORY_TRAITS.get(cat, ()):
                if evidence := getattr(t, attr):
                    return f"{_CATEGORY_WORDS[attr]} ({evidence})"
        return None

    def describe(self) -> str:
        return ", ".join(sorted(self.categories))
