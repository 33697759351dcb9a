"""The channel envelope, names, the effective allowlist and atomic publishing (C, seed "Files and allowlist")."""

from __future__ import annotations

import json
import os
import re
import tempfile
from datetime import datetime
from pathlib import Path
from typing import Any, Iterable, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from tic.errors import TicError

__all__ = [
    "BUILTIN_CHANNELS",
    "RESERVED_STEMS",
    "FOLDER",
    "ChannelError",
    "Envelope",
    "allowed",
    "atomic_write_json",
    "folder",
    "valid_stem",
]

FOLDER = ".notification"
# The seed's built-in channels (its kernel's list, kept as names so producers of those kinds can publish here).
BUILTIN_CHANNELS = frozenset(
    {"email", "system", "soul", "nudge", "post-molt", "tool_loop_guard", "bash", "btw", "cron", "molt", "goal",
     "daemon", "delay-alarm"}
)
RESERVED_STEMS = frozenset({"hooks", "large_result_acks"})  # store files, never channels
MCP_PREFIX = "mcp."
_STEM = re.compile(r"^[a-z0-9][a-z0-9_.-]{0,63}$")


class ChannelError(TicError, ValueError):
    """A channel name, envelope or publish was refused; the message says what to do."""


def valid_stem(stem: str) -> bool:
    """Lowercase letters, digits, '_', '-', '.'; starts with a letter or digit; at most 64 characters."""
    return bool(_STEM.match(stem)) and not stem.endswith(".") and ".." not in stem


def allowed(channel: str, hooks: Iterable[str] = ()) -> bool:
    """The effective allowlist: built-in channels ∪ mcp.* ∪ this agent's registered hook channels."""
    if not valid_stem(channel) or channel in RESERVED_STEMS:
        return False
    if channel in BUILTIN_CHANNELS or (channel.startswith(MCP_PREFIX) and len(channel) > len(MCP_PREFIX)):
        return True
    return channel in set(hooks)


class Envelope(BaseModel):
    """What a producer writes to `.notification/<channel>.json`.

    `instructions` is the producer's optional guidance on handling or clearing
    its event; like everything in the file it is content (N10), shown to a model
    as data.
    """

    model_config = ConfigDict(extra="forbid")

    header: str = Field(min_length=1, max_length=500)
    icon: str = Field("🔔", max_length=16)
    priority: Literal["low", "normal", "high", "urgent"] = "normal"
    published_at: datetime
    instructions: str | None = Field(None, max_length=4000)
    data: dict[str, Any] = Field(default_factory=dict)

    @field_validator("published_at")
    @classmethod
    def _aware(cls, v: datetime) -> datetime:
        if v.tzinfo is None:
            raise ValueError("published_at needs a time zone (ISO 8601 with Z or an offset)")
        return v


def folder(workdir: Path) -> Path:
    return Path(workdir) / FOLDER


def atomic_write_json(path: Path, value: Any) -> None:
    """Write JSON by sibling temp file + fsync + rename: a reader sees the old file or the new, never a part."""
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(value, ensure_ascii=False, indent=2, default=str)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
