"""WhatsApp JSONL inbox source (S1, S4, S5): one Event per line a bridge appended.

Each line is one object `{"id", "chat", "is_group", "from", "from_number",
"body", "timestamp", "mentions"}` (`"me"` in mentions = the user). The file is
read incrementally by byte offset, cursor `{"offset": n, "line": k}`: only up
to the last complete newline (a half-written last line waits for the next
fetch); a file shorter than the offset was truncated or rotated, so reading
restarts at 0. A file that does not exist yet is an empty inbox. A file no
longer than the offset is not opened (an idle tick, issue 10).
"""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from tic.errors import ItemError, SourceError
from tic.sources._base import Cursor, Fetched
from tic.sources._event import Event, Person, cap_body, clean_text, stable_key

__all__ = ["WhatsAppLine", "WhatsAppSource"]


class WhatsAppLine(BaseModel):
    """One line of the inbox as a bridge writes it (S4); unknown fields are ignored."""

    model_config = ConfigDict(populate_by_name=True, extra="ignore", coerce_numbers_to_str=True)

    id: str = Field(min_length=1)
    chat: str
    is_group: bool = False
    sender: str = Field(alias="from")
    from_number: str = ""
    body: str = ""
    timestamp: datetime
    mentions: list[str] = Field(default_factory=list)

    @field_validator("timestamp")
    @classmethod
    def _aware_utc(cls, value: datetime) -> datetime:
        return value.replace(tzinfo=timezone.utc) if value.tzinfo is None else value.astimezone(timezone.utc)


class WhatsAppSource:
    """A JSONL file one WhatsApp bridge appends to."""

    kind = "whatsapp"

    def __init__(self, path: Path | str, name: str = "whatsapp") -> None:
        self.path = Path(path)
        self.name = name

    def __repr__(self) -> str:
        return f"WhatsAppSource({str(self.path)!r}, name={self.name!r})"

    def fetch(self, cursor: Cursor | None, *, now: datetime, since: datetime | None) -> Fetched:
        offset, line_no = _position(cursor)
        try:
            if cursor is not None and offset and self.path.stat().st_size == offset:
                return Fetched(events=[], cursor={"offset": offset, "line": line_no})  # nothing appended: not opened
            with self.path.open("rb") as f:
                size = f.seek(0, 2)
                if size < offset:  # truncated or rotated: start over
                    offset, line_no = 0, 0
                f.seek(offset)
                chunk = f.read(size - offset)
        except FileNotFoundError:
            return Fetched(events=[], cursor={"offset": 0, "line": 0})
        except OSError as exc:
            raise SourceError(f"{self.name}: cannot read WhatsApp inbox {self.path}: {exc}; check the bridge's output path") from exc
        complete = chunk[: chunk.rfind(b"\n") + 1]  # a half-written last line waits
        events: list[Event] = []
        errors: list[ItemError] = []
        for raw in complete.split(b"\n")[:-1]:
            line_no += 1
            if offset == 0 and line_no == 1:
                raw = raw.removeprefix(b"\xef\xbb\xbf")
            if not raw.strip():
                continue
            try:
                line = WhatsAppLine.model_validate_json(raw)
                if cursor is None and since is not None and line.timestamp < since:
                    continue
                events.append(self._event(line))
            except Exception as exc:  # noqa: BLE001 - one bad line costs only itself (R2)
                reason = _reason(exc) if isinstance(exc, ValidationError) else f"{type(exc).__name__}: {exc}"
                errors.append(ItemError(self.name, f"{self.path.name} line {line_no}", reason[:500], key=_key_of(raw)))
                continue
        return Fetched(events=events, cursor={"offset": offset + len(complete), "line": line_no}, errors=errors)

    def _event(self, line: WhatsAppLine) -> Event:
        return Event(
            key=stable_key("whatsapp", line.id),
            source=self.name,
            kind="whatsapp",
            type="message",
            time=line.timestamp,
            sender=Person(name=line.sender, address=line.from_number),
            body=cap_body(line.body),
            chat=line.chat,
            is_group=line.is_group,
            mentions=tuple(line.mentions),
            refs={"message_id": line.id, "chat": line.chat},
        )


def _key_of(raw: bytes) -> str | None:
    """The key a line that could not be read would have had, when its `id` can still be found."""
    try:
        ident = json.loads(raw).get("id")
    except (ValueError, AttributeError, RecursionError):
        return None
    return stable_key("whatsapp", clean_text(str(ident))) if isinstance(ident, (str, int)) and str(ident) else None


def _position(cursor: Cursor | None) -> tuple[int, int]:
    if not cursor:
        return 0, 0
    try:
        return max(0, int(cursor["offset"])), max(0, int(cursor.get("line", 0)))
    except (KeyError, TypeError, ValueError):
        return 0, 0


def _reason(exc: ValidationError) -> str:
    first = exc.errors()[0]
    where = ".".join(str(p) for p in first.get("loc", ())) or "line"
    more = f" (+{exc.error_count() - 1} more)" if exc.error_count() > 1 else ""
    return f"{where}: {first.get('msg', 'invalid')}{more}"
