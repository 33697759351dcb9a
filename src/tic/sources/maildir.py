"""Maildir source (S1, S2, S5): one Event per message in new/ and cur/.

Messages are read with stdlib `mailbox.Maildir` and parsed with `email`
(`email.policy.default`, so RFC 2047 names and subjects come out decoded).
The cursor is time-based on the delivery time (the leading epoch of the
Maildir unique name, else the file's mtime): `{"delivered": <epoch>,
"recent": [<Maildir keys delivered in the last SLACK before it>]}`; the next
fetch looks at everything delivered from `delivered - SLACK` on, so a message
moved late from tmp/ is not missed, and skips the `recent` keys it already
returned. (Any duplicate left is dropped by the tick's key + version dedupe, T5.)
"""

from __future__ import annotations

import email
import email.header
import email.policy
import email.utils
import hashlib
import mailbox
import os
import re
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from email.message import EmailMessage
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from tic.errors import ItemError, SourceError
from tic.sources._base import Cursor, Fetched
from tic.sources._event import Event, Person, cap_body

__all__ = ["MaildirSource", "html_to_text"]

SLACK = timedelta(minutes=10)  # re-read window before the cursor (late tmp/ -> new/ moves)
FIRST_RUN_MARGIN = timedelta(days=1)  # delivered this long before `since` => Date is older too

# Headers later steps look at (newsletters, automated mail, spoofing); kept small.
KEPT_HEADERS = (
    "List-Unsubscribe", "List-Id", "List-Post", "Precedence", "Auto-Submitted",
    "X-Auto-Response-Suppress", "Reply-To", "Sender", "Return-Path", "X-Mailer",
    "Feedback-ID", "Authentication-Results", "Received-SPF", "Cc", "Organization",
)
HEADER_CAP = 500  # characters kept per header value

_EPOCH_NAME = re.compile(r"^(\d{9,11})(?:[._]|$)")
_MSG_ID = re.compile(r"<([^<>\s]+)>")


@dataclass(frozen=True)
class _Entry:
    """One message file as listed on disk."""

    key: str
    subdir: str
    flags: str
    delivered: float


class MaildirSource:
    """A local Maildir folder (`cur/`, `new/`, `tmp/`)."""

    kind = "email"

    def __init__(self, path: Path | str, name: str = "mail") -> None:
        self.path = Path(path)
        self.name = name

    def __repr__(self) -> str:
        return f"MaildirSource({str(self.path)!r}, name={self.name!r})"

    def fetch(self, cursor: Cursor | None, *, now: datetime, since: datetime | None) -> Fetched:
        box = self._open()
        after = _cursor_time(cursor)
        done = set(cursor.get("recent", ())) if after is not None and cursor else set()
        entries = _list(self.path, box.colon)
        events: list[Event] = []
        errors: list[ItemError] = []
        newest = after if after is not None else 0.0
        for entry in entries:
            newest = max(newest, entry.delivered)
            if after is not None:
                if entry.delivered < after - SLACK.total_seconds() or entry.key in done:
                    continue
            elif since is not None and entry.delivered < (since - FIRST_RUN_MARGIN).timestamp():
                continue
            try:
                raw = box.get_bytes(entry.key)
            except KeyError:
                continue  # deleted between listing and reading
            except OSError as exc:
                errors.append(ItemError(self.name, f"{entry.subdir}/{entry.key}", str(exc)))
                continue
            try:
                event = self._event(raw, entry)
            except Exception as exc:  # noqa: BLE001 - one bad message must not stop the fetch (R2)
                errors.append(ItemError(self.name, f"{entry.subdir}/{entry.key}", f"{type(exc).__name__}: {exc}"))
                continue
            if after is None and since is not None and event.time < since:
                continue
            events.append(event)
        events.sort(key=lambda e: e.time)
        recent = sorted(e.key for e in entries if e.delivered >= newest - SLACK.total_seconds())
        return Fetched(events=events, cursor={"delivered": newest, "recent": recent}, errors=errors)

    def _open(self) -> mailbox.Maildir:
        if not (self.path / "cur").is_dir() or not (self.path / "new").is_dir():
            raise SourceError(
                f"{self.name}: {self.path} is not a Maildir folder (it needs cur/, new/ and tmp/ inside); "
                "create it (mkdir -p cur new tmp) or point the source at your Maildir"
            )
        try:
            return mailbox.Maildir(str(self.path), factory=None, create=False)
        except OSError as exc:
            raise SourceError(f"{self.name}: cannot open Maildir {self.path}: {exc}") from exc

    def _event(self, raw: bytes, entry: _Entry) -> Event:
        msg: EmailMessage = email.message_from_bytes(raw, policy=email.policy.default)  # type: ignore[assignment]
        if not any(_header(msg, h) for h in ("From", "Date", "Subject", "Message-ID", "To")):
            raise ValueError("not an e-mail message (no From, To, Date, Subject or Message-ID header)")
        message_id = _first_id(_header(msg, "Message-ID"))
        key = f"email:{message_id}" if message_id else f"email:{hashlib.sha256(raw).hexdigest()[:24]}"
        refs = {"message_id": message_id} if message_id else {}
        ref_ids = _MSG_ID.findall(_header(msg, "References"))
        thread = ref_ids[0] if ref_ids else _first_id(_header(msg, "In-Reply-To"))
        if thread:
            refs["thread_id"] = thread
        senders = _people(msg, "From")
        headers = {h: _header(msg, h)[:HEADER_CAP] for h in KEPT_HEADERS}
        return Event(
            key=key,
            source=self.name,
            kind="email",
            type="message",
            time=_date(msg) or datetime.fromtimestamp(entry.delivered, timezone.utc),
            sender=senders[0] if senders else Person(),
            to=tuple(_people(msg, "To")),
            subject=_header(msg, "Subject"),
            body=cap_body(_body(msg)),
            headers={k: v for k, v in headers.items() if v},
            seen="S" in entry.flags,
            refs=refs,
        )


def _cursor_time(cursor: Cursor | None) -> float | None:
    if not cursor:
        return None
    try:
        return float(cursor["delivered"])
    except (KeyError, TypeError, ValueError):
        return None  # unknown cursor shape: behave as a first run


def _list(path: Path, colon: str) -> list[_Entry]:
    """Every message file in new/ and cur/, keyed as mailbox.Maildir keys them."""
    entries = []
    for subdir in ("new", "cur"):
        with os.scandir(path / subdir) as it:
            for f in it:
                if f.name.startswith(".") or not f.is_file():
                    continue
                key, _, info = f.name.partition(colon)
                flags = info[2:] if info.startswith("2,") else ""
                m = _EPOCH_NAME.match(key)
                try:
                    delivered = float(m.group(1)) if m else f.stat().st_mtime
                except OSError:
                    continue
                entries.append(_Entry(key, subdir, flags, delivered))
    return entries


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
