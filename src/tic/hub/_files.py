"""H10 file tools: read_file, edit_file, write_file — the user's own text files in data/, atomic, never truncating.

Their reach is the preferences, not the world: they write only the files the area lists as writable
(`notifications.md`, and what TIC_WRITABLE_FILES adds). Whatever that list says, they never touch the
database (tic.db and its -wal/-shm/-journal, anything SQLite), `sources.toml`, an agent's channel files
(`<workdir>/<agent>/.notification/`), a file with several hard links (another name of it may be outside
data/), a symlink out of data/, or anything that is not text; a write holding NUL or another control
character (newline, tab and carriage return aside) is refused. Every refusal says what the chat can edit
instead, and happens before anything is written. A write replaces the file by rename, so it never writes
through a link either.
"""

from __future__ import annotations

import os
import re
import stat
import tempfile
from pathlib import Path, PurePosixPath
from typing import Iterable

from pydantic import BaseModel, ConfigDict, Field

from tic.errors import ToolError
from tic.hub._registry import Tool, ToolRegistry

__all__ = ["DEFAULT_WRITABLE", "FileArea", "register_file_tools"]

MAX_FILE_BYTES = 1_000_000
DEFAULT_WRITABLE = ("notifications.md",)
SOURCES_FILE = "sources.toml"
CHANNEL_DIR = ".notification"
SQLITE_MAGIC = b"SQLite format 3\x00"
_DB_NAME = re.compile(r"\.(?:db|db3|sqlite|sqlite3)(?:-wal|-shm|-journal)?$", re.I)
_SIDE_FILES = ("", "-wal", "-shm", "-journal")
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")  # Cc but \t \n \r


class FileArea:
    """The one folder file tools may touch (the user's data/ folder), and the files in it they may write.

    `writable`: paths relative to the area (default notifications.md); `database`: the world's SQLite file
    when it has one (whatever its name; files named like a database are refused anyway)."""

    def __init__(self, root: Path, *, writable: Iterable[str] = DEFAULT_WRITABLE, database: Path | None = None) -> None:
        self.root = root.resolve()
        self.writable = tuple(dict.fromkeys(_normal(w) for w in writable if _normal(w)))
        self._database = database.resolve() if database else None

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

    # --- the tools ---------------------------------------------------------------------------

    def read(self, rel: str) -> str:
        path = self.path(rel)
        resolved = path.resolve()
        self._refuse_kind(rel, path, resolved, writing=False)
        if not resolved.exists():
            raise ToolError(f"{rel} does not exist in data/; write_file creates it")
        self._refuse_file(rel, resolved, writing=False)
        if resolved.stat().st_size > MAX_FILE_BYTES:
            raise ToolError(f"{rel} is larger than {MAX_FILE_BYTES} bytes: too large to read here")
        return self._text(rel, resolved.read_bytes(), writing=False)

    def write(self, rel: str, content: str) -> str:
        target = self._writable(rel)
        data = self._checked(rel, content)
        self._replace(target, data)
        return f"wrote {rel} ({len(data)} bytes)"

    def edit(self, rel: str, old: str, new: str) -> str:
        target = self._writable(rel)
        if not target.exists():
            raise ToolError(f"{rel} does not exist in data/; write_file creates it")
        if target.stat().st_size > MAX_FILE_BYTES:
            raise ToolError(f"{rel} is larger than {MAX_FILE_BYTES} bytes: too large to edit here")
        text = self._text(rel, target.read_bytes(), writing=True)
        if not old:
            raise ToolError("old_text is empty: quote the exact text to replace (read_file shows it)")
        count = text.count(old)
        if count == 0:
            raise ToolError(f"old_text was not found in {rel}; read_file shows the current text")
        if count > 1:
            raise ToolError(f"old_text occurs {count} times in {rel}; quote more of it so it is unique")
        self._replace(target, self._checked(rel, text.replace(old, new, 1)))
        return f"edited {rel}"

    # --- what may be touched -----------------------------------------------------------------

    def _writable(self, rel: str) -> Path:
        """The file `rel` names, resolved, once every write rule allows it; else ToolError saying why."""
        path = self.path(rel)
        resolved = path.resolve()
        self._refuse_kind(rel, path, resolved, writing=True)
        name = self._relative(path)
        if name not in self.writable:
            raise ToolError(f"{rel} is not one of the files the chat may write. {self._instead(True)}")
        target = self._relative(resolved)
        if target != name and target not in self.writable:
            raise ToolError(f"{rel} is a link to {target}, which is not one of the files the chat may write. "
                            f"{self._instead(True)}")
        if resolved.exists():
            self._refuse_file(rel, resolved, writing=True)
            if resolved.stat().st_size <= MAX_FILE_BYTES:
                self._text(rel, resolved.read_bytes(), writing=True)  # text now, or it is not the chat's to replace
            else:
                raise ToolError(f"{rel} is larger than {MAX_FILE_BYTES} bytes: too large to replace here")
        return resolved

    def _refuse_kind(self, rel: str, path: Path, resolved: Path, *, writing: bool) -> None:
        """The world's files, whatever the setting says: the database, sources.toml, channel files."""
        for p in (path, resolved):
            if self._is_database(p):
                raise ToolError(f"{rel} is the hub's database, not a text file: the file tools never read or "
                                f"write it. {self._instead(writing)}")
            if writing and p.name.lower() == SOURCES_FILE:
                raise ToolError(f"{rel} lists your mail, calendar and WhatsApp sources and their accounts: only you "
                                f"edit it, in an editor (docs/sources.md). {self._instead(True)}")
            if self._is_channel(p):
                raise ToolError(f"{rel} is a channel file of an agent's workdir: its producer publishes it "
                                "(./tic channel publish) and the notification tool reads and dismisses it. "
                                f"{self._instead(writing)}")

    def _refuse_file(self, rel: str, resolved: Path, *, writing: bool) -> None:
        """An existing file: a regular file with one name, not SQLite."""
        st = resolved.stat()
        if stat.S_ISDIR(st.st_mode):
            raise ToolError(f"{rel} is a folder, not a file. {self._instead(writing)}")
        if not stat.S_ISREG(st.st_mode):
            raise ToolError(f"{rel} is not a regular file (a device, pipe or socket): refused. "
                            f"{self._instead(writing)}")
        if st.st_nlink > 1:
            raise ToolError(f"{rel} has {st.st_nlink} hard links (another name for the same file may be outside "
                            f"data/): refused. {self._instead(writing)}")
        with open(resolved, "rb") as fh:
            if fh.read(len(SQLITE_MAGIC)) == SQLITE_MAGIC:
                raise ToolError(f"{rel} is an SQLite database, not a text file: refused. {self._instead(writing)}")

    def _is_database(self, p: Path) -> bool:
        if _DB_NAME.search(p.name):
            return True
        db = self._database
        return db is not None and p.resolve() in {db.with_name(db.name + side) for side in _SIDE_FILES}

    def _is_channel(self, p: Path) -> bool:
        """C: channel files, hooks and the consumer's state live under <workdir>/<agent>/.notification/."""
        return CHANNEL_DIR in Path(self._relative(p)).parts or CHANNEL_DIR in Path(self._relative(p.resolve())).parts

    def _relative(self, p: Path) -> str:
        """`p` as a path relative to data/ (POSIX), as TIC_WRITABLE_FILES names it."""
        try:
            return Path(os.path.abspath(p)).relative_to(self.root).as_posix()
        except ValueError:
            return p.as_posix()

    def _instead(self, writing: bool) -> str:
        if not writing:
            return "read_file reads your text files in data/, such as notifications.md."
        if not self.writable:
            return "Nothing in data/ is writable through the chat (TIC_WRITABLE_FILES is empty)."
        return (f"Through the chat you can edit {', '.join(self.writable)} (TIC_WRITABLE_FILES lists the files "
                "the chat may write).")

    # --- text in, text out -------------------------------------------------------------------

    def _text(self, rel: str, data: bytes, *, writing: bool) -> str:
        """The file's text, or refuse: not UTF-8, or holding NUL bytes, it is not the user's text."""
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise ToolError(f"{rel} is not UTF-8 text ({exc.reason}): refused. {self._instead(writing)}") from exc
        if "\x00" in text:
            raise ToolError(f"{rel} holds NUL bytes: it is not a text file, refused. {self._instead(writing)}")
        return text

    def _checked(self, rel: str, content: str) -> bytes:
        """The new text as bytes, or refuse: control characters, lone surrogates, over the size limit."""
        bad = _CONTROL.search(content)
        if bad:
            line = content.count("\n", 0, bad.start()) + 1
            raise ToolError(f"the new text for {rel} contains a control character ({_name(bad.group())} on line "
                            f"{line}): refused, nothing was written. Write plain text: newlines and tabs are fine.")
        try:
            data = content.encode("utf-8")
        except UnicodeEncodeError as exc:
            raise ToolError(f"the new text for {rel} is not valid Unicode ({exc.reason}): refused, nothing was "
                            "written") from exc
        if len(data) > MAX_FILE_BYTES:
            raise ToolError(f"refusing to write {len(data)} bytes to {rel}: the limit is {MAX_FILE_BYTES}")
        return data

    @staticmethod
    def _replace(path: Path, data: bytes) -> None:
        """Atomic: readers see the old file or the new one, never half; the rename never writes through a link."""
        path.parent.mkdir(parents=True, exist_ok=True)
        mode = stat.S_IMODE(path.stat().st_mode) if path.is_file() else None
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(data)
                fh.flush()
                os.fsync(fh.fileno())
            if mode is not None:
                os.chmod(tmp, mode)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise


def _normal(rel: str) -> str:
    """'data/./notes//x.md' -> 'notes/x.md'."""
    text = str(rel).strip().replace("\\", "/")
    parts = [p for p in text.split("/") if p not in ("", ".")]
    if parts and parts[0] == "data":
        parts = parts[1:]
    return "/".join(parts)


def _name(char: str) -> str:
    names = {"\x00": "NUL", "\x1b": "ESC", "\x07": "BEL", "\x08": "backspace", "\x7f": "DEL"}
    return names.get(char, f"U+{ord(char):04X}")


class _ReadArgs(BaseModel):
    model_config = ConfigDict(extra="forbid")
    path: str = Field(description="a path inside data/, e.g. notifications.md")


class _WriteArgs(_ReadArgs):
    content: str


class _EditArgs(_ReadArgs):
    old_text: str = Field(description="the exact text to replace; it must occur once")
    new_text: str


def register_file_tools(registry: ToolRegistry, area: FileArea) -> None:
    writable = ", ".join(area.writable) or "nothing"
    registry.register(Tool("read_file", "Read a text file inside data/ (e.g. notifications.md, the notification rules).",
                           _ReadArgs, lambda a, ctx: area.read(a.path), category="Files"))
    registry.register(Tool("write_file", f"Replace one of your text files in data/ with new content (atomic). "
                           f"Writable: {writable}.", _WriteArgs, lambda a, ctx: area.write(a.path, a.content),
                           category="Files"))
    registry.register(Tool("edit_file", f"Replace one exact, unique piece of text in one of your text files in data/ "
                           f"(atomic). Writable: {writable}.", _EditArgs,
                           lambda a, ctx: area.edit(a.path, a.old_text, a.new_text), category="Files"))
