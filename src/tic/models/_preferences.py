"""H9 for the offline main model: a user's preference request becomes one rule in one section.

"Notify me when I get an email from Mario"          -> Always notify: "Emails from Mario"
"Stop alerting me about group WhatsApp messages"     -> Never notify:  "Group WhatsApp messages"
"Always tell me if a meeting starts in less than an hour"
                                                     -> Always notify: "Any meeting that starts in less than an hour"
"Only notify me about X if Y"                        -> Custom rules:  "Only notify about X if Y"

A language model does this by itself; this is the deterministic stand-in, so the
feature works offline. It recognises requests, never invents rules it did not hear.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

from tic.models._rules_file import place

__all__ = ["Preference", "parse_preference", "add_rule", "SECTIONS"]

SECTIONS = {"always": "Always notify", "never": "Never notify", "custom": "Custom rules"}

_VERB = r"(?:notify|tell|alert|ping|inform|warn|remind)(?:ing)?"
_NEVER = re.compile(
    rf"^(?:please\s+)?(?:(?:stop|quit|don'?t|do not|never)\s+{_VERB}\s+(?:me\s+)?"
    r"|no more\s+(?:alerts|notifications|pings)\s+)"
    r"(?:about|of|for|when|if|on)?\s*(?P<what>.+)$",
    re.I,
)
_ONLY = re.compile(rf"^(?:please\s+)?only\s+{_VERB}\s+me\s+(?:about\s+)?(?P<what>.+?)\s+(?P<cond>if|when|unless)\s+(?P<rest>.+)$", re.I)
_ALWAYS = re.compile(
    r"^(?:please\s+)?(?:always\s+)?"
    r"(?:(?:notify|alert|ping)\s+me\s+(?:when(?:ever)?|if|about|of)"
    r"|(?:tell|let)\s+me\s+(?:know\s+)?(?:when(?:ever)?|if)"
    r"|(?<=always\s)tell\s+me\s+about)\s+(?P<what>.+)$",
    re.I,
)


@dataclass(frozen=True)
class Preference:
    section: str  # "always" | "never" | "custom"
    rule: str

    @property
    def heading(self) -> str:
        return SECTIONS[self.section]


def parse_preference(text: str) -> Preference | None:
    """The rule a request asks for, or None when the text is not a preference request."""
    said = " ".join(text.strip().split()).rstrip(".!")
    if m := _ONLY.match(said):
        return Preference("custom", f"Only notify about {m['what']} {m['cond'].lower()} {_me_to_i(m['rest'])}")
    if m := _NEVER.match(said):
        what = _strip_filler(m["what"])
        if what and not re.match(r"^(?:me|it|that|this)$", what, re.I):
            return Preference("never", _capital(_event_phrase(what)))
        return None
    if m := _ALWAYS.match(said):
        what = _strip_filler(m["what"])
        if what:
            return Preference("always", _capital(_event_phrase(what)))
    return None


def _strip_filler(what: str) -> str:
    return re.sub(r"\s+(?:please|anymore|any more|from now on|thanks)$", "", what.strip(), flags=re.I).strip(" ,")


def _me_to_i(text: str) -> str:
    return re.sub(r"^(?:someone|anyone|they|somebody)\s+@?-?mentions?\s+me\b", "I am mentioned", text, flags=re.I)


def _event_phrase(what: str) -> str:
    """'I get an email from Mario' -> 'Emails from Mario'; 'a meeting starts soon' -> 'Any meeting that starts soon'."""
    m = re.match(r"^I (?:get|receive|have)\s+(?:an?\s+|any\s+)?(?P<kind>e-?mails?|(?:whatsapp\s+)?messages?|whatsapps?|texts?)\s+(?P<rest>.*)$", what, re.I)
    if m:
        kind = m["kind"].lower()
        noun = "Emails" if kind.startswith("e") else "WhatsApp messages"
        return f"{noun} {m['rest']}".strip()
    m = re.match(r"^(?P<who>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)*)\s+(?P<verb>e-?mails|writes|messages|texts|whatsapps)(?:\s+me)?$", what)
    if m:
        noun = "Emails" if m["verb"].lower().startswith("e") or m["verb"] == "writes" else "WhatsApp messages"
        return f"{noun} from {m['who']}"
    m = re.match(r"^(?:an?|any)\s+(?P<noun>\w+(?:\s+\w+)?)\s+(?P<verb>starts|begins|is|gets|lands|arrives|comes)\b(?P<rest>.*)$", what, re.I)
    if m:
        return f"Any {m['noun']} that {m['verb']}{m['rest']}"
    return what


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def add_rule(markdown: str | None, pref: Preference, heading_effect: Callable[[str], str] | None = None) -> str:
    """The file with `- rule` added at the end of its section (the section is created when missing).

    A section is found by what its heading is taken as (`heading_effect`, tic.rules' own mapping, passed
    in); without one, by its English name ("Always notify", "Never notify", "Custom rules")."""
    return place(markdown, pref.section, pref.rule, heading_effect or _by_name, pref.heading)[0]


def _by_name(heading: str) -> str:
    return next((k for k, v in SECTIONS.items() if v.lower() == heading.strip().lower()), "own")
