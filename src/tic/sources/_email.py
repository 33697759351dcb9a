"""RFC 5322 bytes -> one email Event (S1): the parser every mail source shares.

`email_event(raw, source=, received=, seen=)` parses with `email.policy.default`
(RFC 2047 names and subjects come out decoded), keys the Event by its
Message-ID (`email:<id>`, else a hash of the bytes, stable across runs and
servers), keeps the headers later steps look at, and reduces the body to plain
text (text/plain preferred, else HTML stripped). A Maildir message and an IMAP
message with the same bytes give the same Event, so moving a mailbox from one
to the other re-decides nothing (T5). It raises on a message it cannot read at
all; the caller reports that as an ItemError (R2).
"""

from __future__ import annotations

import email
import email.header
import email.headerregistry
import email.policy
import email.utils
import hashlib
import re
from datetime import datetime, timezone
from email.message import EmailMessage
from html.parser import HTMLParser
from typing import Any

from tic.sources._event import Event, Person, cap_body, stable_key

__all__ = ["KEPT_HEADERS", "MSG_ID", "email_event", "html_to_text"]

# Headers later steps look at (newsletters, automated mail, spoofing); kept small.
KEPT_HEADERS = (
    "List-Unsubscribe", "List-Id", "List-Post", "Precedence", "Auto-Submitted",
    "X-Auto-Response-Suppress", "Reply-To", "Sender", "Return-Path", "X-Mailer",
    "Feedback-ID", "Authentication-Results", "Received-SPF", "Cc", "Organization",
)
HEADER_CAP = 500  # characters kept per header value
REFS_CAP = 4000  # characters of the Message-IDs a reply refers to

MSG_ID = re.compile(r"<([^<>\s]+)>")


class _ParsedOnce(email.headerregistry.HeaderRegistry):
    """The stdlib's header registry, remembering what it parsed.

    `email.policy.default` parses a header anew on every `msg.get()`, and the
    parser and `get_body()` ask for Content-Type and Content-Disposition again
    and again: about 34 header parses per message, most of the parse time. The
    header objects are immutable (str subclasses with read-only attributes), so
    the same (name, value) always parses to an equal object: each distinct
    header is parsed once and shared, within a message and across messages
    (Content-Type, From, To and Authentication-Results repeat a lot in a
    mailbox). Same parser, same results, so the Events are unchanged.
    """

    CAP = 4096  # distinct headers remembered; the cache starts afresh when full

    def __init__(self) -> None:
        super().__init__()
        self._seen: dict[tuple[str, str], Any] = {}
        self._classes: dict[str, Any] = {}

    def __getitem__(self, name: str) -> Any:
        # The stdlib builds a new class on every call; one per header name does the same job.
        key = name.lower()
        cls = self._classes.get(key)
        if cls is None:
            cls = self._classes[key] = super().__getitem__(name)
        return cls

    def __call__(self, name: str, value: str) -> Any:
        key = (name, value)
        header = self._seen.get(key)
        if header is None:
            header = super().__call__(name, value)  # may raise on hostile input: not remembered
            if len(self._seen) >= self.CAP:
                self._seen.clear()
            self._seen[key] = header
        return header


_POLICY = email.policy.default.clone(header_factory=_ParsedOnce())


def email_event(raw: bytes, *, source: str, received: datetime, seen: bool = False) -> Event:
    """The Event of one message. `received` stands in for a missing or unreadable Date."""
    msg: EmailMessage = email.message_from_bytes(raw, policy=_POLICY)  # type: ignore[assignment]
    h = _Headers(msg)
    if not any(h.text(name) for name in ("From", "Date", "Subject", "Message-ID", "To")):
        raise ValueError("not an e-mail message (no From, To, Date, Subject or Message-ID header)")
    message_id = _first_id(h.text("Message-ID"))
    key = stable_key("email", message_id) if message_id else f"email:{hashlib.sha256(raw).hexdigest()[:24]}"
    refs = {"message_id": message_id} if message_id else {}
    ref_ids = MSG_ID.findall(h.text("References"))
    thread = ref_ids[0] if ref_ids else _first_id(h.text("In-Reply-To"))
    if thread:
        refs["thread_id"] = thread
    replied = list(dict.fromkeys([*MSG_ID.findall(h.text("In-Reply-To")), *ref_ids]))
    if replied:  # the messages this one answers: a reply in a thread the user started or answered (_sent)
        refs["replies_to"] = " ".join(replied)[:REFS_CAP]
    senders = _people(h, "From")
    headers = {name: h.text(name)[:HEADER_CAP] for name in KEPT_HEADERS}
    if received.tzinfo is None:
        received = received.replace(tzinfo=timezone.utc)
    return Event(
        key=key,
        source=source,
        kind="email",
        type="message",
        time=_date(h) or received.astimezone(timezone.utc),
        sender=senders[0] if senders else Person(),
        to=tuple(_people(h, "To")),
        subject=h.text("Subject"),
        body=cap_body(_body(msg)),
        headers={k: v for k, v in headers.items() if v},
        seen=seen,
        refs=refs,
    )


_LINESEP = re.compile(r"\n|\r")  # what EmailPolicy.header_fetch_parse removes before parsing


def _unstructured(name: str) -> bool:
    """True when the registry parses `name` as unstructured text (Subject, List-Id, X-..., not addresses or dates)."""
    registry = _POLICY.header_factory
    return issubclass(registry.registry.get(name.lower(), registry.default_class), email.headerregistry.UnstructuredHeader)


_UNSTRUCTURED = {name.lower(): _unstructured(name) for name in (*KEPT_HEADERS, "Subject", "References", "In-Reply-To")}


class _Headers:
    """One message's headers, each looked up and turned into text at most once.

    `text(name)` is what `" ".join(str(msg.get(name)).split())` gives (with a
    fallback when the parser raises). The first header of a name is the one
    used, as `msg.get` does. A plain-ASCII unstructured value without an
    encoded word is its own decoded text (the registry's unstructured parser
    returns such a value unchanged), so it skips the parser.
    """

    def __init__(self, msg: EmailMessage) -> None:
        self.msg = msg
        self.raw: dict[str, str] = {}
        for k, v in msg.raw_items():
            self.raw.setdefault(k.lower(), v)
        self._text: dict[str, str] = {}

    def value(self, name: str) -> str | None:
        """The raw value as the header parser would see it (line breaks removed), None when absent."""
        raw = self.raw.get(name.lower())
        return None if raw is None else "".join(_LINESEP.split(raw))

    def text(self, name: str) -> str:
        key = name.lower()
        text = self._text.get(key)
        if text is None:
            value = self.value(name)
            if value is None:
                text = ""
            elif _UNSTRUCTURED.get(key) and value.isascii() and "=?" not in value:
                text = " ".join(value.split())
            else:
                text = _header(self.msg, name)
            self._text[key] = text
        return text


def _header(msg: EmailMessage, name: str) -> str:
    """A header as decoded text ('' when absent); falls back to the raw value if parsing fails."""
    try:
        value = msg.get(name)
    except Exception:  # noqa: BLE001 - the header parser can raise on hostile input
        value = next((v for k, v in msg.raw_items() if k.lower() == name.lower()), None)
        if value is not None:
            try:
                value = str(email.header.make_header(email.header.decode_header(value)))
            except Exception:  # noqa: BLE001
                pass
    return " ".join(str(value).split()) if value is not None else ""


def _first_id(value: str) -> str:
    m = MSG_ID.search(value)
    if m:
        return m.group(1)
    parts = value.strip("<> ").split()
    return parts[0] if parts else ""


def _people(h: _Headers, name: str) -> list[Person]:
    try:
        addresses = getattr(h.msg.get(name), "addresses", None)
    except Exception:  # noqa: BLE001
        addresses = None
    if addresses is not None:
        return [Person(name=a.display_name or "", address=a.addr_spec if a.username else "") for a in addresses]
    text = h.text(name)
    return [Person(name=n, address=a) for n, a in email.utils.getaddresses([text]) if n or a] if text else []


def _date(h: _Headers) -> datetime | None:
    # The registry's DateHeader takes its datetime from parsedate_to_datetime(value) and then
    # also formats and re-parses it as text; only the datetime is needed, so call that directly.
    # Anything else (no value, a value it rejects) goes the way it always went.
    value = h.value("Date")
    dt = None
    if value:
        try:
            dt = email.utils.parsedate_to_datetime(value)
        except Exception:  # noqa: BLE001 - the slow path below decides
            dt = None
    if dt is None:
        try:
            dt = getattr(h.msg.get("Date"), "datetime", None)
        except Exception:  # noqa: BLE001
            dt = None
    if dt is None:
        try:
            dt = email.utils.parsedate_to_datetime(h.text("Date"))
        except (TypeError, ValueError, IndexError):
            return None
    return dt.replace(tzinfo=timezone.utc) if dt.tzinfo is None else dt.astimezone(timezone.utc)


def _body(msg: EmailMessage) -> str:
    """Plain text of the message: text/plain preferred, else HTML stripped to text."""
    try:
        part = msg.get_body(preferencelist=("plain", "html"))
    except Exception:  # noqa: BLE001
        part = None
    if part is None:
        return ""
    text = _part_text(part)
    return html_to_text(text) if part.get_content_subtype() == "html" else text


def _part_text(part: Any) -> str:
    try:
        content = part.get_content()
        if isinstance(content, str):
            return content
    except Exception:  # noqa: BLE001 - unknown charset, broken encoding, ...
        pass
    payload = part.get_payload(decode=True) or b""
    if isinstance(payload, str):
        return payload
    try:
        return payload.decode(part.get_content_charset() or "utf-8", "replace")
    except LookupError:
        return payload.decode("utf-8", "replace")


class _HtmlText(HTMLParser):
    _SKIP = {"script", "style"}
    _BLOCK = {"br", "p", "div", "li", "tr", "table", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "hr", "ul", "ol"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._skipping = 0

    def handle_starttag(self, tag: str, attrs: Any) -> None:
        if tag in self._SKIP:
            self._skipping += 1
        elif tag in self._BLOCK:
            self.parts.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in self._SKIP:
            self._skipping = max(0, self._skipping - 1)
        elif tag in self._BLOCK:
            self.parts.append("\n")

    def handle_data(self, data: str) -> None:
        if not self._skipping:
            self.parts.append(data)


def html_to_text(html: str) -> str:
    """Visible text of an HTML body: tags dropped, entities decoded, one line per block."""
    parser = _HtmlText()
    try:
        parser.feed(html)
        parser.close()
    except Exception:  # noqa: BLE001 - html.parser is lenient; belt and braces
        pass
    lines = (" ".join(line.split()) for line in "".join(parser.parts).splitlines())
    return "\n".join(line for line in lines if line)
