"""Kinds of sender a rule names by role, not by name (T7): "Emails from recruiters".

A plural role ("recruiters", "suppliers") or a possessive one ("my dentist's
office") is not a sender name. The few roles that show on the sender itself are
understood here, each with the words that give it away in the display name,
the address, the domain or the signature (the last lines of the body); every
other role makes the rule "needs a model" rather than a name that matches
almost nothing.
"""

from __future__ import annotations

import re

from tic.sources import Event
from tic.signals._instruct import strip_injection
from tic.signals._text import domain_labels, fold

__all__ = ["FAMILY", "KIND_OF_SENDER", "ROLES", "family_evidence", "role_evidence", "role_of"]

# role -> (how a rule names it, what gives it away on the sender/signature)
ROLES: dict[str, tuple[re.Pattern[str], re.Pattern[str]]] = {
    "recruiter": (
        re.compile(r"\b(recruit(er|ers|ing|ment)?( agenc(y|ies)| firms?| companies)?|head-?hunters?|talent scouts?|"
                   r"talent acquisition|staffing agenc(y|ies))\b", re.IGNORECASE),
        re.compile(r"recruit|talent|hiring|headhunt|staffing|careers?\b|\bjobs?\b|\bhr\b", re.IGNORECASE),
    ),
    "school": (
        re.compile(r"^\s*(?:the |my (?:kids?'?s?|child(?:ren)?'?s?|son'?s|daughter'?s) |our )?(schools?|kindergartens?|"
                   r"nurser(y|ies)|daycares?)\s*$", re.IGNORECASE),
        re.compile(r"school|academy|primary|elementary|kindergarten|nursery|daycare|\bk12\b|\bsch\b|\.edu\b|"
                   r"\bkita\b|gymnasium|\blyc[ée]e\b|\bescuela\b|\bscuola\b", re.IGNORECASE),
    ),
}

# Family, by the name people save them under: the whole saved name is the word ("Mamá", "Mum ❤️", "Papa"),
# never a name that merely contains it ("Mama's Pizza"), and only a saved contact: an unsaved number that says
# "hi mum" is no evidence (the classic scam). (role -> the words, folded)
FAMILY: dict[str, tuple[str, ...]] = {
    "mother": ("mum", "mom", "mummy", "mommy", "mother", "mama", "mamma", "mami", "mamita", "madre", "mae", "mamae",
               "maman", "mere", "mutti", "mutter", "ma", "vieja"),
    "father": ("dad", "daddy", "father", "papa", "papi", "padre", "pai", "papai", "pere", "vati", "vater", "pa", "viejo"),
    "grandmother": ("grandmother", "grandma", "granny", "nana", "gran", "abuela", "abuelita", "avo", "vovo", "mamie", "grand-mere",
                    "oma", "omi"),
    "grandfather": ("grandfather", "grandpa", "grandad", "granddad", "abuelo", "abuelito", "vovo", "papi", "papy", "grand-pere",
                    "opa", "opi"),
}


def family_evidence(event: Event, role: str) -> str | None:
    """'mi mamá' on WhatsApp: the saved contact whose whole name is a word for her."""
    name = event.sender.name
    if event.kind != "whatsapp" or not name or re.fullmatch(r"[+\d\s().-]+", name):
        return None
    key = re.sub(r"[^\w\s-]", " ", fold(name)).split()
    if len(key) == 1 and key[0] in FAMILY[role]:
        return f'the saved contact "{name}" (your {role})'
    return None


# A lower-case plural or a possessive role: a kind of sender, not a name ("suppliers", "my dentist's office").
KIND_OF_SENDER = re.compile(r"^\s*(?:(?:the|my|our|all|any|some)\s+)?(?:[a-z][\w-]*\s+){0,2}[a-z][\w-]*"
                            r"(ers|ors|ists|ants|ents|ians|ies|ees|ines|ives|als|ards|ics)\s*$|"
                            r"\b(my|our|the)\s+[a-z][\w-]*'s\b")


def role_of(item: str) -> str | None:
    """The role an item of a from-slot names ("recruiters" -> "recruiter"), or None."""
    for role, (named, _) in ROLES.items():
        if named.search(item):
            return role
    return None


def role_evidence(event: Event, role: str) -> str | None:
    """What shows the sender has `role`: display name, address, domain or signature."""
    if role in FAMILY:
        return family_evidence(event, role)
    cue = ROLES[role][1]
    sender = event.sender
    for what, shown, text in (("display name", sender.name, sender.name),
                              ("address", sender.address, sender.address.rpartition("@")[0]),
                              ("domain", sender.domain, " ".join(domain_labels(sender.domain)))):
        if text and (m := cue.search(fold(text).replace("-", " ").replace(".", " ").replace("_", " "))):
            return f'a {role}: {what} "{shown}" says "{m.group(0)}"'
    if event.kind == "email":
        lines = [ln.strip() for ln in strip_injection(event.body).strip().splitlines() if ln.strip()]
        for line in lines[-6:]:
            if len(line) <= 80 and (m := cue.search(fold(line))):
                return f'a {role}: the signature says "{line}"'
    return None
