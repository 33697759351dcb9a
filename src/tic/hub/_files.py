"""H10 file tools: read_file, edit_file, write_file — inside data/ only, atomic, never truncating."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path, PurePosixPath

from pydantic import BaseModel, ConfigDict, Field

from tic.errors import ToolError
from tic.hub._registry import Tool, ToolRegistry

__all__ = ["FileArea", "register_file_tools"]

MAX_FILE_BYTES = 1_000_000


class FileArea:
    """The one folder file tools may touch (the user's data/ folder)."""

    def __init__(self, root: Path) -> None:
        self.root = root.resolve()

    def path(self, rel: str) -> Path:
        """Resolve `rel` inside the area, or refuse: no absolute paths, no `..`, no symlink escape."""
        text = (rel or "").strip()
        if not text:
            raise ToolError("give a path inside data/, for example notifications.md")
        pure = PurePosixPath(text.replace("\\", "/"))
        if pure.is_absolute() or text.startswith("~"):
            raise ToolError(f"{rel!r} is absolute: file tools take a path inside data/, such as notifications.md")
        parts = list(pure.parts)
        if parts and parts[0] == "data":
            parts = parts[1:]  # "data/notifications.md" and "notifications.md" name the same file
        if not parts or any(p == ".." for p in parts):
            raise ToolError(f"{rel!r} leaves data/: file tools only act inside data/")
        target = self.root.joinpath(*parts)
        resolved = target.resolve()
        if resolved != self.root and self.root not in resolved.parents:
            raise ToolError(f"{rel!r} points outside data/ (through a link): refused")
        return target

    def read(self, rel: str) -> str:
        path = self.path(rel)
        if not path.is_file():
            raise ToolError(f"{rel} does not exist in data/; write_file creates it")
        if path.stat().st_size > MAX_FILE_BYTES:
            raise ToolError(f"{rel} is larger than {MAX_FILE_BYTES} bytes: too large to read here")
        try:
            return path.read_text(encoding="utf-8")
        except UnicodeDecodeError as exc:
            raise ToolError(f"{rel} is not UTF-8 text: {exc.reason}") from exc

    def write(self, rel: str, content: str) -> str:
        path = self.path(rel)
        data = content.encode("utf-8")
        if len(data) > MAX_FILE_BYTES:
            raise ToolError(f"refusing to write {len(data)} bytes to {rel}: the limit is {MAX_FILE_BYTES}")
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(data)
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(tmp, path)  # atomic: readers see the old file or the new one, never half
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        return f"wrote {rel} ({len(data)} bytes)"

    def edit(self, rel: str, old: str, new: str) -> str:
        text = self.read(rel)
        if not old:
            raise ToolError("old_text is empty: quote the exact text to replace (read_file shows it)")
        count = text.count(old)
        if count == 0:
            raise ToolError(f"old_text was not found in {rel}; read_file shows the current text")
        if count > 1:
            raise ToolError(f"old_text occurs {count} times in {rel}; quote more of it so it is unique")
        self.write(rel, text.replace(old, new, 1))
        return f"edited {rel}"


class _ReadArgs(BaseModel):
    model_config = ConfigDict(extra="forbid")
    path: str = Field(description="a path inside data/, e.g. notifications.md")


class _WriteArgs(_ReadArgs):
    content: str


class _EditArgs(_ReadArgs):
    old_text: str = Field(description="the exact text to replace; it must occur once")
    new_text: str


def register_file_tools(registry: ToolRegistry, area: FileArea) -> None:
    registry.register(Tool("read_file", "Read a text file inside data/ (e.g. notifications.md, the notification rules).",
                           _ReadArgs, lambda a, ctx: area.read(a.path), category="Files"))
    registry.register(Tool("write_file", "Replace a text file inside data/ with new content (atomic).",
                           _WriteArgs, lambda a, ctx: area.write(a.path, a.content), category="Files"))
    registry.register(Tool("edit_file", "Replace one exact, unique piece of text in a file inside data/ (atomic).",
                           _EditArgs, lambda a, ctx: area.edit(a.path, a.old_text, a.new_text), category="Files"))
