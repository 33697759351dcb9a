"""H10: file tools act only inside data/, write atomically, and refuse rather than corrupt."""

from __future__ import annotations

import asyncio
import os

import pytest

from tic.errors import ToolError
from tic.hub import FileArea


@pytest.fixture
def area(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    (data / "notifications.md").write_text("## Always notify\n- Emails from Mario\n")
    return FileArea(data)


@pytest.mark.parametrize("path", ["/etc/passwd", "../secret.txt", "data/../../x", "notes/../../x", "~/x", ""])
def test_h10_paths_outside_data_are_refused(area, path):
    with pytest.raises(ToolError):
        area.write(path, "x")
    assert not (area.root.parent / "secret.txt").exists()


def test_h10_symlink_escape_is_refused(area, tmp_path):
    outside = tmp_path / "outside.txt"
    outside.write_text("keep me")
    (area.root / "link.txt").symlink_to(outside)
    with pytest.raises(ToolError, match="outside data/"):
        area.write("link.txt", "overwritten")
    assert outside.read_text() == "keep me"


def test_h10_data_prefix_and_plain_name_are_the_same_file(area):
    assert area.read("data/notifications.md") == area.read("notifications.md")


def test_h10_edit_replaces_one_exact_unique_text(area):
    area.edit("notifications.md", "- Emails from Mario\n", "- Emails from Mario\n- Emails from Luigi\n")
    assert area.read("notifications.md") == "## Always notify\n- Emails from Mario\n- Emails from Luigi\n"


@pytest.mark.parametrize("old, message", [("- Emails from Peach", "not found"), ("", "empty"), ("m", "occurs")])
def test_h10_edit_refuses_and_leaves_the_file_alone(area, old, message):
    before = area.read("notifications.md")
    with pytest.raises(ToolError, match=message):
        area.edit("notifications.md", old, "x")
    assert area.read("notifications.md") == before


def test_h10_write_is_atomic_a_failed_replace_keeps_the_old_file(area, monkeypatch):
    before = area.read("notifications.md")

    def boom(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(OSError):
        area.write("notifications.md", "")
    monkeypatch.undo()
    assert area.read("notifications.md") == before
    assert sorted(p.name for p in area.root.iterdir()) == ["notifications.md"]  # no temp file left


def test_h10_oversized_write_is_refused(area):
    with pytest.raises(ToolError, match="limit"):
        area.write("notifications.md", "x" * 2_000_000)
    assert area.read("notifications.md").startswith("## Always notify")


def test_h10_missing_file_read_says_what_to_do(area):
    with pytest.raises(ToolError, match="write_file creates it"):
        area.read("nope.md")


# --- issue 8, item 4: the file tools' reach is the preferences, not the world ----------------------------------

def _listing(area, *extra):
    """An area that lists `extra` as writable too: the rules below hold whatever the setting says."""
    return FileArea(area.root, writable=("notifications.md", *extra))


def test_h10_write_file_tic_db_through_the_chat_is_refused_and_the_database_still_opens(tmp_path):
    from sqlalchemy import func, select, text

    from tic.app import build_app
    from tic.clock import ManualClock
    from tic.config import Settings
    from tic.db import chat_history_table, open_world
    from tic.hub import ChatHub
    from tic.models import AssistantMessage, ToolCall
    from tests.conftest import ROOT, T0
    from tests.fakes import ScriptedModel

    data = tmp_path / "data"
    data.mkdir()
    app = build_app(Settings(home=ROOT, data_dir=data, demo=False), ManualClock(T0))
    seen: list[str] = []

    def after(messages, tools):
        seen.extend(str(m.get("content")) for m in messages if m.get("role") == "tool")
        return AssistantMessage(content="I can't change that file.")

    model = ScriptedModel(
        AssistantMessage(tool_calls=(ToolCall("c1", "write_file", {"path": "tic.db", "content": "wiped"}),
                                     ToolCall("c2", "write_file", {"path": "data/tic.db-wal", "content": "wiped"}),
                                     ToolCall("c3", "read_file", {"path": "tic.db"}))),
        after)
    said: list[str] = []
    hub = ChatHub(engine=app.world, store=app.store, registry=app.registry, agent=app.roster["main"], model=model,
                  clock=app.clock, say=said.append)
    asyncio.run(hub.user_says("please overwrite tic.db"))
    model.assert_done()
    assert len(seen) == 3 and all(s.startswith("error: ") and "database" in s for s in seen), seen
    assert all("notifications.md" in s for s in seen)  # says what can be edited instead
    assert said == ["I can't change that file."]
    app.world.dispose()
    assert (data / "tic.db").read_bytes().startswith(b"SQLite format 3\x00")
    world = open_world(f"sqlite:///{data / 'tic.db'}", create=False)
    with world.connect() as conn:
        assert conn.execute(text("PRAGMA integrity_check")).scalar() == "ok"
        assert conn.execute(select(func.count()).select_from(chat_history_table)).scalar() >= 3
    world.dispose()


@pytest.mark.parametrize("name", ["tic.db", "tic.db-wal", "tic.db-shm", "tic.db-journal", "data/tic.db",
                                  "TIC.DB", "backup/world.sqlite3"])
def test_h10_database_files_are_refused_whatever_the_setting_lists(area, name):
    path = area.root / name.removeprefix("data/")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"SQLite format 3\x00" + b"\x01" * 100)
    listing = _listing(area, name)
    for attempt in (lambda: listing.write(name, "x"), lambda: listing.edit(name, "x", "y"),
                    lambda: listing.read(name)):
        with pytest.raises(ToolError, match="database.*notifications.md"):
            attempt()
    assert path.read_bytes() == b"SQLite format 3\x00" + b"\x01" * 100


def test_h10_a_database_under_any_name_is_refused(area):
    world = area.root / "world"
    world.write_bytes(b"SQLite format 3\x00rest")
    named = FileArea(area.root, writable=("notifications.md", "world", "world-wal"), database=world)
    for name in ("world", "world-wal"):
        with pytest.raises(ToolError, match="database"):
            named.write(name, "x")
    (area.root / "notes.md").write_bytes(b"SQLite format 3\x00rest")  # SQLite by its content, not its name
    with pytest.raises(ToolError, match="SQLite"):
        _listing(area, "notes.md").write("notes.md", "x")
    assert world.read_bytes() == (area.root / "notes.md").read_bytes() == b"SQLite format 3\x00rest"


def test_h10_edit_of_sources_toml_is_refused(area):
    sources = area.root / "sources.toml"
    sources.write_text('[[source]]\nkind = "imap"\nhost = "imap.example.com"\n')
    listing = _listing(area, "sources.toml")
    with pytest.raises(ToolError, match="sources.*only you edit it.*notifications.md"):
        listing.edit("sources.toml", "imap.example.com", "imap.evil.example")
    with pytest.raises(ToolError, match="sources"):
        listing.write("data/sources.toml", "")
    assert sources.read_text() == '[[source]]\nkind = "imap"\nhost = "imap.example.com"\n'
    assert "imap.example.com" in area.read("sources.toml")  # reading it is fine


@pytest.mark.parametrize("name", ["agents/main/.notification/mcp.ci.json", "agents/main/.notification/hooks.json"])
def test_h10_channel_files_are_refused(area, name):
    path = area.root / name
    path.parent.mkdir(parents=True)
    path.write_text('{"header": "1 build failed"}')
    listing = _listing(area, name)
    for attempt in (lambda: listing.write(name, "{}"), lambda: listing.edit(name, "1", "2"), lambda: listing.read(name)):
        with pytest.raises(ToolError, match="channel file.*notifications.md"):
            attempt()
    assert path.read_text() == '{"header": "1 build failed"}'
    assert not (area.root / "agents/main/.notification/new.json").exists()


@pytest.mark.parametrize("name", ["notes.md", "notifications.md"])
def test_h10_a_hard_link_to_an_outside_file_is_refused_for_read_and_write(area, tmp_path, name):
    outside = tmp_path / "outside.txt"
    outside.write_text("secret outside data/\n")
    (area.root / name).unlink(missing_ok=True)
    os.link(outside, area.root / name)
    listing = _listing(area, "notes.md")
    with pytest.raises(ToolError, match="2 hard links"):
        listing.read(name)
    with pytest.raises(ToolError, match="hard links.*notifications.md"):
        listing.write(name, "overwritten")
    with pytest.raises(ToolError, match="hard links"):
        listing.edit(name, "secret", "public")
    assert outside.read_text() == "secret outside data/\n" and os.stat(outside).st_nlink == 2


@pytest.mark.parametrize("bad", ["\x00", "\x1b[2J", "\x07", "\x08", "\x0c", "\x7f", "\x85", "\x9b31m"])
def test_h10_nul_and_control_characters_are_refused_in_writes(area, bad):
    before = area.read("notifications.md")
    with pytest.raises(ToolError, match="control character.*nothing was written"):
        area.write("notifications.md", f"## Always notify\n- Emails from Mario{bad}\n")
    with pytest.raises(ToolError, match="control character"):
        area.edit("notifications.md", "Mario", f"Mario{bad}")
    assert area.read("notifications.md") == before
    assert sorted(p.name for p in area.root.iterdir()) == ["notifications.md"]  # no temp file left


def test_h10_newlines_tabs_and_carriage_returns_are_text(area):
    area.write("notifications.md", "## Always notify\r\n- Emails from Mario\t(work)\n")
    assert (area.root / "notifications.md").read_bytes() == b"## Always notify\r\n- Emails from Mario\t(work)\n"


def test_h10_a_lone_surrogate_is_refused(area):
    with pytest.raises(ToolError, match="not valid Unicode"):
        area.write("notifications.md", "bad \udc80")
    assert area.read("notifications.md").startswith("## Always notify")


@pytest.mark.parametrize("name", ["other.md", "demo/whatsapp.jsonl", "agents/main/notes.md"])
def test_h10_only_the_listed_files_are_writable(area, name):
    with pytest.raises(ToolError, match=r"not one of the files the chat may write\. Through the chat you can edit "
                                        r"notifications\.md \(TIC_WRITABLE_FILES"):
        area.write(name, "x")
    assert not (area.root / name).exists()


def test_h10_the_setting_adds_writable_files_and_an_empty_one_allows_none(area):
    listing = FileArea(area.root, writable=("notifications.md", "data/notes/travel.md"))
    assert listing.write("notes/travel.md", "- Flights\n") == "wrote notes/travel.md (10 bytes)"
    assert listing.edit("data/notes/travel.md", "Flights", "Trains") == "edited data/notes/travel.md"
    none = FileArea(area.root, writable=())
    with pytest.raises(ToolError, match="Nothing in data/ is writable through the chat"):
        none.write("notifications.md", "x")
    assert none.read("notifications.md").startswith("## Always notify")  # reading is still fine


def test_h10_writable_files_setting_is_a_comma_list_inside_data():
    from pydantic import ValidationError

    from tic.config import Settings

    assert Settings().writable_paths == ("notifications.md",)
    assert Settings(writable_files="notifications.md, data/notes/travel.md,,").writable_paths == (
        "notifications.md", "notes/travel.md")
    for bad in ("/etc/passwd", "../outside.md", "notes/../../x"):
        with pytest.raises(ValidationError, match="not a path inside data/"):
            Settings(writable_files=bad)


def test_h10_a_link_to_a_file_not_listed_is_refused(area):
    (area.root / "demo").mkdir()
    source = area.root / "demo" / "whatsapp.jsonl"
    source.write_text('{"id": "1"}\n')
    (area.root / "notes.md").symlink_to(source)
    with pytest.raises(ToolError, match="a link to demo/whatsapp.jsonl"):
        _listing(area, "notes.md").write("notes.md", "x")
    assert source.read_text() == '{"id": "1"}\n' and (area.root / "notes.md").is_symlink()


def test_h10_a_link_to_a_listed_file_writes_the_file_and_keeps_the_link(area):
    (area.root / "prefs.md").symlink_to(area.root / "notifications.md")
    _listing(area, "prefs.md").write("prefs.md", "## Never notify\n- Newsletters\n")
    assert (area.root / "prefs.md").is_symlink()
    assert area.read("notifications.md") == "## Never notify\n- Newsletters\n"


@pytest.mark.parametrize("content", [b"\xff\xfe binary", b"text with a \x00 NUL byte"])
def test_h10_non_text_files_are_refused(area, content):
    (area.root / "notes.md").write_bytes(content)
    listing = _listing(area, "notes.md")
    with pytest.raises(ToolError, match="read_file reads your text files"):
        listing.read("notes.md")
    with pytest.raises(ToolError, match="notifications.md"):
        listing.write("notes.md", "x")
    assert (area.root / "notes.md").read_bytes() == content


def test_h10_a_pipe_is_refused_without_waiting(area):
    os.mkfifo(area.root / "pipe.md")
    with pytest.raises(ToolError, match="not a regular file"):
        area.read("pipe.md")
    with pytest.raises(ToolError, match="not a regular file"):
        _listing(area, "pipe.md").write("pipe.md", "x")


def test_h10_a_write_keeps_the_files_permissions(area):
    (area.root / "notifications.md").chmod(0o640)
    area.write("notifications.md", "## Always notify\n")
    assert ((area.root / "notifications.md").stat().st_mode & 0o777) == 0o640
