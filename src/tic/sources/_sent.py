"""Who the user writes to, read from the Sent folder beside a Maildir inbox or of an IMAP account (S1; issue 6,
item 3; `imap` reads the IMAP one).

`MaildirSent.beside(inbox)` finds the Sent folder of a Maildir: a Maildir++
subfolder of the inbox (`.Sent`, `.INBOX.Sent`, `.Sent Items`, `.Gesendet`,
`.Enviados`, `.Envoy&AOk-s` …) or a sibling folder (`Sent`, `Sent Items`,
`Gesendete Objekte`, `Elementos enviados`, `Envoyés`, `Posta inviata`,
`Skickat` …), and reads only the headers of what the user sent: the To, Cc and
Bcc addresses (with their display names) are people the user has written to,
the From addresses are the user's own (`Correspondents`). `mark(event)` returns the event with
`refs["correspondent"] = "sent"` when its sender is one of them, or
`refs["lookalike_of"] = <known address>` when it only looks like one: a display
name the user writes to at another address (then also `refs["name_known_at"]`,
so a rule on that name knows the name alone does not say who sent it), or a
domain one letter (or one look-alike glyph) away from a domain the user writes to. Nothing else changes,
so the event's key and version (T5) stay the same. The folder is read again
only when its cur/ or new/ listing changes.
"""

from __future__ import annotations

import email.parser
import email.policy
import email.utils
import os
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from tic.sources._email import MSG_ID
from tic.sources._event import Event

__all__ = ["Correspondents", "MaildirSent", "SENT_NAMES", "is_sent_name", "lookalike"]

SENT_NAMES = frozenset({
    "sent", "sent items", "sent messages", "sent mail", "outbox sent", "gesendet", "gesendete objekte",
    "gesendete elemente", "gesendete nachrichten", "enviados", "elementos enviados", "mensajes enviados",
    "itens enviados", "mensagens enviadas", "envoyes", "elements envoyes", "messages envoyes", "inviata",
    "inviati", "posta inviata", "elementi inviati", "skickat", "skickade", "skickade objekt", "skickade meddelanden",
})
HEADER_BYTES = 32_768  # read at most this much of each sent message: its headers
_PARSER = email.parser.BytesHeaderParser(policy=email.policy.compat32)


def _plain(name: str) -> str:
    """A folder name as words: IMAP modified UTF-7 decoded, accents dropped, lower-case."""
    if "&" in name:
        def utf7(m: re.Match[str]) -> str:
            if not m.group(1):
                return "&"
            try:
                return ("+" + m.group(1).replace(",", "/") + "-").encode("ascii").decode("utf-7")
            except (UnicodeError, ValueError):
                return m.group(0)
        name = re.sub(r"&([A-Za-z0-9+,]*)-", utf7, name)
    name = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
    return name.casefold().replace("_", " ").strip()


def is_sent_name(name: str) -> bool:
    """A folder name (one level, IMAP modified UTF-7 or not) that mail programs give the Sent folder."""
    return _plain(name).lstrip(".").strip() in SENT_NAMES


def _is_sent(name: str, maildirpp: bool) -> bool:
    if maildirpp:  # ".INBOX.Sent", ".[Gmail].Sent Mail", ".Sent Items": the last level of a Maildir++ name
        if not name.startswith("."):
            return False
        name = name.rsplit(".", 1)[-1]
    return is_sent_name(name)


def _is_maildir(path: Path) -> bool:
    return (path / "cur").is_dir() and (path / "new").is_dir()


def sent_folders(inbox: Path) -> list[Path]:
    """The Sent folders of a Maildir: Maildir++ subfolders first, then siblings."""
    found: list[Path] = []
    for parent, maildirpp in ((inbox, True), (inbox.parent, False)):
        try:
            children = sorted(os.scandir(parent), key=lambda e: e.name)
        except OSError:
            continue
        for child in children:
            path = Path(child.path)
            if path != inbox and child.is_dir() and _is_sent(child.name, maildirpp) and _is_maildir(path):
                found.append(path)
    return found


_GLYPHS = (("rn", "m"), ("vv", "w"), ("0", "o"), ("1", "l"), ("i", "l"), ("5", "s"), ("-", ""))


def _skeleton(domain: str) -> str:
    for a, b in _GLYPHS:
        domain = domain.replace(a, b)
    return domain


def _one_edit(a: str, b: str) -> bool:
    """True when b is a one-letter substitution, insertion, deletion or swap away from a."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        return len(diff) == 1 or (len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]]
                                   and a[diff[1]] == b[diff[0]])
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    return any(long_[:i] + long_[i + 1:] == short for i in range(len(long_)))


_SECOND_LEVEL = {"co", "com", "org", "net", "gov", "ac", "edu", "gob", "gouv", "nom"}  # "co.uk", "com.br", "gob.es"


def _registered(domain: str) -> str:
    """The name its owner registered: 'alumni.uturia.es' -> 'uturia.es', 'mail.acme.com.br' -> 'acme.com.br'."""
    labels = domain.split(".")
    keep = 3 if len(labels) >= 3 and labels[-2] in _SECOND_LEVEL and len(labels[-1]) == 2 else 2
    return ".".join(labels[-keep:])


def lookalike(domain: str, known: str) -> bool:
    """A domain made to pass for `known`: 'dawsoncornwe11.com', 'dawson-cornwell.com', 'dawsoncornwel.com', or
    one that wears its name with a hyphenated word ('uturia-rrhh.com' for 'alumni.uturia.es', 'paypal-secure.com')."""
    domain, known = domain.lower(), known.lower()
    if domain == known or domain.endswith("." + known) or known.endswith("." + domain):
        return False
    if _skeleton(domain) == _skeleton(known):
        return True
    label, _, tld = domain.partition(".")
    k_label, _, k_tld = known.partition(".")
    if tld == k_tld and len(k_label) >= 5 and _one_edit(label, k_label):
        return True
    brand = _registered(known).partition(".")[0]
    own = _registered(domain).partition(".")[0]
    return len(brand) >= 5 and own != brand and brand in own.split("-")


@dataclass
class Correspondents:
    """The people the user has written to, from the headers of what the user sent (`add`, then `settle`)."""

    addresses: set[str] = field(default_factory=set)
    names: dict[str, str] = field(default_factory=dict)  # folded display name -> an address written to with it
    own: set[str] = field(default_factory=set)
    domains: dict[str, str] = field(default_factory=dict)  # domain written to -> an address at it
    threads: set[str] = field(default_factory=set)  # Message-IDs of what the user sent, and of what it answered
    sent_ids: set[str] = field(default_factory=set)  # Message-IDs of what the user sent (a thread's first: started)

    def add(self, head: bytes) -> None:
        """One sent message's headers (the whole message will do: only its header block is read)."""
        try:
            msg = _PARSER.parsebytes(head.split(b"\n\n", 1)[0].split(b"\r\n\r\n", 1)[0] + b"\n\n")
        except (ValueError, TypeError):
            return  # an unreadable sent message only means one correspondent fewer
        for name in ("Message-ID", "In-Reply-To", "References"):  # a thread the user started, or answered in
            self.threads.update(MSG_ID.findall(" ".join(str(v) for v in msg.get_all(name, []))))
        self.sent_ids.update(MSG_ID.findall(" ".join(str(v) for v in msg.get_all("Message-ID", []))))
        for _, addr in email.utils.getaddresses([str(v) for v in msg.get_all("From", [])]):
            if "@" in addr:
                self.own.add(addr.lower())
        values = [str(v) for name in ("To", "Cc", "Bcc") for v in msg.get_all(name, [])]
        for name, addr in email.utils.getaddresses(values):
            addr = addr.lower()
            if "@" not in addr:
                continue
            self.addresses.add(addr)
            folded = " ".join(_plain(name).strip("'\" ").split())
            if len(folded.split()) >= 2 and "@" not in folded:
                self.names.setdefault(folded, addr)

    def settle(self) -> None:
        """After adding: the user's own addresses are no correspondents; index the domains written to."""
        self.addresses -= self.own
        self.names = {n: a for n, a in self.names.items() if a not in self.own}
        self.domains = {}
        for addr in sorted(self.addresses):
            self.domains.setdefault(addr.rpartition("@")[2], addr)

    def mark(self, event: Event) -> Event:
        """The event with what its sender is to the user in `refs` (unchanged when nothing is known), and whether it
        replies in a thread the user started or answered (`refs["in_user_thread"]`; the thread's first message is
        one the user sent: `refs["user_started_thread"]`)."""
        if self.threads & set(event.refs.get("replies_to", "").split()):
            started = {"user_started_thread": "1"} if event.refs.get("thread_id") in self.sent_ids else {}
            event = event.model_copy(update={"refs": {**event.refs, "in_user_thread": "1", **started}})
        address = event.sender.address.lower()
        if not address or address in self.own:
            return event
        if address in self.addresses:
            return event.model_copy(update={"refs": {**event.refs, "correspondent": "sent"}})
        name = " ".join(_plain(event.sender.name).strip("'\" ").split())
        other = self.names.get(name)
        named = {"name_known_at": other} if other is not None else {}  # the name's address: a rule on it doubts
        domain = event.sender.domain
        if other is None and domain and domain not in self.domains:
            other = next((a for d, a in self.domains.items() if lookalike(domain, d)), None)
        if other is None:
            return event
        return event.model_copy(update={"refs": {**event.refs, "lookalike_of": other, **named}})


@dataclass
class MaildirSent:
    """The Sent folders beside a Maildir inbox and what they say, re-read only when a folder's listing changed."""

    folders: list[Path]
    people: Correspondents = field(default_factory=Correspondents)
    _stamp: tuple = ()

    @classmethod
    def beside(cls, inbox: Path) -> MaildirSent:
        return cls(sent_folders(inbox))

    def refresh(self) -> Correspondents:
        try:
            stamp = tuple(os.stat(f / sub).st_mtime_ns for f in self.folders for sub in ("cur", "new"))
        except OSError:
            stamp = ()
        if stamp == self._stamp:
            return self.people
        self._stamp = stamp
        people = Correspondents()
        for folder in self.folders:
            for sub in ("cur", "new"):
                try:
                    files = list(os.scandir(folder / sub))
                except OSError:
                    continue
                for f in files:
                    if not f.name.startswith(".") and f.is_file():
                        try:
                            with open(f.path, "rb") as fh:
                                people.add(fh.read(HEADER_BYTES))
                        except OSError:
                            continue  # gone or unreadable: one correspondent fewer
        people.settle()
        self.people = people
        return people
