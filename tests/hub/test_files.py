"""H10: file tools act only inside data/, write atomically, and refuse rather than corrupt."""

from __future__ import annotations

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
