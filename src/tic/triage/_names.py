"""Who a rule's from-slot names (T7): people, organisations, domains, addresses, saved contacts, roles.

"from Odile Martin or anyone at Kestrel Labs", "write from bramblehomes.com",
'"(Bramble)" after their name', 'my brother (saved as "Tomi")', "Ruiz, Ana"
(a reversed name), "recruiters" (a role, see `_roles`). A role or relation
that cannot be resolved ("my clients", "suppliers", "my dentist's office")
yields a note instead of a name, so the rule is reported, never applied to
almost nothing.
"""

from __future__ import annotations

import re

from tic.triage._matchers import SenderSpec
from tic.triage._patterns import _ORG, _PH
from tic.triage._roles import KIND_OF_SENDER, role_of
from tic.triage._vocab import CONNECTORS, HONORIFICS, RELATION, is_plain_word

__all__ = ["bare_names", "names", "role_note", "split_senders"]


def names(item: str, quotes: list[str], bare: bool = False) -> tuple[list[SenderSpec], list[str]]:
    """Sender specs named by one item of a from-slot ("anyone at Kestrel Labs")."""
    specs: list[SenderSpec] = []
    for m in _PH.finditer(item):
        q = quotes[int(m.group(1))]
        before = item[: m.start()].lower()
        if re.search(r"\b(saved as|called|named|contact)\s*$", before):
            specs.append(SenderSpec("contact", q))
        elif "(" in q or re.search(r"\bname\b", item.lower()):
            specs.append(SenderSpec("literal", q))
        else:
            specs.append(SenderSpec("contact", q))  # a quoted name is meant whole
    rest = _PH.sub(" ", item)
    for addr in re.findall(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+", rest):
        specs.append(SenderSpec("address", addr))
        rest = rest.replace(addr, " ")
    for dom in re.findall(r"\b(?:[a-z0-9-]+\.)+[a-z]{2,}\b", rest):
        if not re.fullmatch(r"(e\.g|i\.e|etc)\.?", dom):
            specs.append(SenderSpec("domain", dom.lower().lstrip("@")))
            rest = rest.replace(dom, " ")
    for phone in re.findall(r"\+\d[\d\s\-]{6,}\d", rest):
        specs.append(SenderSpec("address", phone))
        rest = rest.replace(phone, " ")
    role = re.match(r"\s*((?:[\w'’-]+\s+){1,3}?)\(([^)]*[A-Z][^)]*)\)(.*)$", rest, re.DOTALL)
    if role and all(is_plain_word(w) or w.lower() in RELATION or (w.isupper() and len(w) <= 4) for w in role.group(1).split()):
        rest = f"{role.group(2)} {role.group(3)}"  # "my PI (Min-jun Park)": the name in brackets, not the role
    rest = re.sub(r"\(([^)]*)\)", lambda m: " " if m.group(1).lower() == m.group(1) else m.group(0), rest)
    if re.search(r"\b(unknown|unsaved|strangers?)\b", rest.lower()):
        return specs + [SenderSpec("unknown", "")], []
    if re.search(r"\b(in my (contacts|address book|phone)|saved contacts?|my contacts|people i know|known contacts)\b",
                 rest.lower()):
        return specs + [SenderSpec("known", "")], []
    if not specs and (role := role_of(rest)):
        return [SenderSpec("role", role)], []  # "recruiters": a role the sender itself shows
    if _OUTSIDE.search(rest):
        return specs, [f'who is "{item.strip()}" is not known locally (the user\'s own company or domain is not '
                       "in the rules; name the domain)"]
    org = _ORG.search(rest)
    kind = "name"
    if org:
        rest, kind = org.group(3), "org"
    elif re.search(r"\b(staff|team|people|employees)\b", rest.lower()):
        kind = "org"
    tokens, last = [], 0
    for m in re.finditer(r"[\w&][\w'’\-.&]*", rest):
        if re.search(r"[/;|]", rest[last : m.start()]):
            tokens.append("")  # "Twitter / X": two names
        tokens.append(m.group(0))
        last = m.end()
    runs, run = [], []
    for i, tok in enumerate(tokens + [""]):
        word = tok.strip(".")
        low = word.lower()
        initial_common = (i == 0 and bare and low in RELATION) or low in HONORIFICS
        if word and (word[0].isupper() or word[0].isdigit()) and not is_plain_word(word) and not initial_common or run and low in CONNECTORS:
            run.append(word)
        else:
            while run and run[-1].lower() in CONNECTORS:
                run.pop()
            if run:
                runs.append(" ".join(run))
            run = []
    if not runs and not specs and not bare:
        plain = [t for t in (w.lower().strip(".") for w in tokens) if t and not is_plain_word(t) and t not in RELATION]
        relation = [t for t in (w.lower() for w in tokens) if t in RELATION]
        if plain and not relation and (KIND_OF_SENDER.search(" ".join(plain)) or KIND_OF_SENDER.search(item.lower().replace("’", "'"))):  # "suppliers", not "github notifications"
            return [], [f'"{item.strip()}" is a kind of sender, not a name: cannot tell locally who that is '
                        "(name them, their domain, or quote the saved contact name)"]
        if plain and not relation:
            runs.append(" ".join(plain))
        elif relation or plain:
            return [], [f'cannot tell who "{item.strip()}" is (name them or quote the saved contact name)']
    specs.extend(SenderSpec(kind, r) for r in runs)
    return specs, []


_OUTSIDE = re.compile(r"\b(outside|external|not (at|from|in)|other than)\b.*\b(company|organi[sz]ation|firm|team|"
                      r"work|office|domain|org)\b|\bexternal\b", re.I)
_SENDER_LIST = re.compile(r",\s*(?:and\s+|or\s+)?|\s+or\s+|\s+and\s+(?=\S)")
_REVERSED = re.compile(r"\s*([A-Z][\w'’-]+),\s*([A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+)?)\s*")


_APPOSITION = re.compile(r"\s*(?:my|our|the)\s+[a-z][\w'’ -]*?,\s*([A-Z][^,;]*?)\s*|\s*([A-Z][^,;]*?),\s*(?:my|our)\s+[a-z][\w'’ -]*")


def split_senders(slot: str) -> list[str]:
    """The items of a from-slot. "Ruiz, Ana" (surname, given name) is one reversed name, not two; in
    "my landlord, Jorge Pérez" / "Jorge Pérez, my landlord" the name says who the role is."""
    if m := _REVERSED.fullmatch(slot):
        return [f"{m.group(2)} {m.group(1)}"]
    if (m := _APPOSITION.fullmatch(slot)) and not re.search(r"\b(and|or)\b", m.group(1) or m.group(2)):
        return [m.group(1) or m.group(2)]
    return _SENDER_LIST.split(slot)


_POSSESSIVE_ROLE = re.compile(r"\b(?:my|our)\s+((?:[a-z][\w-]*'s?\s+)?[a-z][\w-]*)")


def role_note(text: str) -> str:
    """'cannot tell who "my dentist's office" is' for a possessive role with no name, else ''."""
    m = _POSSESSIVE_ROLE.search(text.replace("’", "'").lower())
    if not m:
        return ""
    said = m.group(1).split()
    if "'" in m.group(1) or any(w.strip("'s") in RELATION or w in RELATION for w in said) or re.search(
            r"(ist|er|or|ant|ian|ician)s?$", said[-1]):
        return f'cannot tell who "{m.group(0)}" is (name them, their domain, or quote the saved contact name)'
    return ""


def bare_names(text: str, quotes: list[str]) -> list[SenderSpec]:
    """Names standing alone ("Pinterest notifications", "Grace on WhatsApp")."""
    specs = []
    for m in _PH.finditer(text):
        q = quotes[int(m.group(1))]
        if re.search(r"\b(saved as|called|named|contact)\s*$", text[: m.start()].lower()):
            specs.append(SenderSpec("contact", q))
        elif re.search(r"\bnames?\b", text.lower()):
            specs.append(SenderSpec("literal", q))  # '"(Bramble)" after their name'
    body = _PH.sub(" , ", text)
    specs += [s for s in names(body, quotes, bare=True)[0] if s.kind in {"name", "org", "domain", "address"}]
    return specs


