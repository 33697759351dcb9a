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
import email.policy
import email.utils
import hashlib
import re
from datetime import datetime, timezone
from email.message import EmailMessage
from html.parser import HTMLParser
from typing import Any

from tic.sources._event import Event, Person, cap_body, stable_key

__all__ = ["KEPT_HEADERS", "email_event", "html_to_text"]

# Headers later steps look at (newsletters, automated mail, spoofing); kept small.
KEPT_HEADERS = (
    "List-Unsubscribe", "List-Id", "List-Post", "Precedence", "Auto-Submitted",
    "X-Auto-Response-Suppress", "Reply-To", "Sender", "Return-Path", "X-Mailer",
    "Feedback-ID", "Authentication-Results", "Received-SPF", "Cc", "Organization",
)
HEADER_CAP = 500  # characters kept per header value

_MSG_ID = re.compile(r"<([^<>\s]+)>")


def email_event(raw: bytes, *, source: str, received: datetime, seen: bool = False) -> Event:
    """The Event of one message. `received` stands in for a missing or unreadable Date."""
    msg: EmailMessage = email.message_from_bytes(raw, policy=email.policy.default)  # type: ignore[assignment]
    if not any(_header(msg, h) for h in ("From", "Date", "Subject", "Message-ID", "To")):
        raise ValueError("not an e-mail message (no From, To, Date, Subject or Message-ID header)")
    message_id = _first_id(_header(msg, "Message-ID"))
    key = stable_key("email", message_id) if message_id else f"email:{hashlib.sha256(raw).hexdigest()[:24]}"
    refs = {"message_id": message_id} if message_id else {}
    ref_ids = _MSG_ID.findall(_header(msg, "References"))
    thread = ref_ids[0] if ref_ids else _first_id(_header(msg, "In-Reply-To"))
    if thread:
        refs["thread_id"] = thread
    senders = _people(msg, "From")
    headers = {h: _header(msg, h)[:HEADER_CAP] for h in KEPT_HEADERS}
    if received.tzinfo is None:
        received = received.replace(tzinfo=timezone.utc)
    return Event(
        key=key,
        source=source,
        kind="email",
        type="message",
        time=_date(msg) or received.astimezone(timezone.utc),
        sender=senders[0] if senders else Person(),
        to=tuple(_people(msg, "To")),
        subject=_header(msg, "Subject"),
        body=cap_body(_body(msg)),
        headers={k: v for k, v in headers.items() if v},
        seen=seen,
        refs=refs,
    )


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
    m = _MSG_ID.search(value)
    if m:
        return m.group(1)
    parts = value.strip("<> ").split()
    return parts[0] if parts else ""


def _people(msg: EmailMessage, name: str) -> list[Person]:
    try:
        addresses = getattr(msg.get(name), "addresses", None)
    except Exception:  # noqa: BLE001
        addresses = None
    if addresses is not None:
        return [Person(name=a.display_name or "", address=a.addr_spec if a.username else "") for a in addresses]
    text = _header(msg, name)
    return [Person(name=n, address=a) for n, a in email.utils.getaddresses([text]) if n or a] if text else []


def _date(msg: EmailMessage) -> datetime | None:
    try:
        dt = getattr(msg.get("Date"), "datetime", None)
    except Exception:  # noqa: BLE001
        dt = None
    if dt is None:
        try:
            dt = email.utils.parsedate_to_datetime(_header(msg, "Date"))
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
