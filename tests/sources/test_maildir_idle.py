"""MaildirSource's idle cost (issue 10): unchanged folders are neither listed nor read; a change is a listing diff."""

from __future__ import annotations

import os

import pytest
from datetime import datetime, timedelta, timezone
from pathlib import Path

from tests.sources._files import counting
from tests.sources.test_maildir import EPOCH, NOW, deliver, maildir, message
from tic.clock import ManualClock
from tic.sources import MaildirSource


def settle(box: Path) -> None:
    """Date new/ and cur/ a minute back, as a mailbox nobody touched for a while."""
    for sub in ("new", "cur"):
        os.utime(box / sub, ns=(os.stat(box / sub).st_atime_ns, os.stat(box / sub).st_mtime_ns - 60 * 10**9))


def keys(fetched) -> list[str]:
    assert not fetched.errors, fetched.errors
    return [e.key for e in fetched.events]


def test_issue10_an_idle_maildir_is_neither_listed_nor_read(tmp_path):
    box = maildir(tmp_path)
    for i in range(50):
        deliver(box, message(msg_id=f"<m{i}@example.com>"), at=EPOCH - 3600 + i, seq=i)
    source = MaildirSource(box)
    settle(box)
    first = source.fetch(None, now=NOW, since=None)
    assert len(first.events) == 50 and first.cursor["racy"] is False
    with counting() as io:
        idle = source.fetch(first.cursor, now=NOW, since=None)
    assert idle.events == [] and (io["opened"], io["listed"]) == (0, 0)
    with counting() as io:  # a restarted engine: the stored cursor alone is enough
        idle = MaildirSource(box).fetch(first.cursor, now=NOW, since=None)
    assert idle.events == [] and (io["opened"], io["listed"]) == (0, 0)


def test_issue10_a_new_message_is_the_only_file_read(tmp_path):
    box = maildir(tmp_path)
    for i in range(20):
        deliver(box, message(msg_id=f"<m{i}@example.com>"), at=EPOCH - 3600 + i, seq=i)
    source = MaildirSource(box)
    settle(box)
    cursor = source.fetch(None, now=NOW, since=None).cursor
    deliver(box, message(msg_id="<fresh@example.com>"), at=EPOCH, seq=99)
    with counting() as io:
        fetched = source.fetch(cursor, now=NOW, since=None)
    assert keys(fetched) == ["email:fresh@example.com"]
    assert io["opened"] == 1  # the new message; the 20 others are not opened


def test_issue10_a_renamed_message_is_not_a_new_event(tmp_path):
    """A mail client reading a message moves it new/ -> cur/ and adds the S flag: the same message."""
    box = maildir(tmp_path)
    path = deliver(box, message(msg_id="<read-me@example.com>"), at=EPOCH - 7 * 86400)  # older than the slack
    deliver(box, message(msg_id="<flagged@example.com>"), at=EPOCH - 60, subdir="cur", seq=1)
    source = MaildirSource(box)
    cursor = source.fetch(None, now=NOW, since=None).cursor
    os.rename(path, box / "cur" / (path.name + ":2,S"))
    flagged = next((box / "cur").glob("*.M1P*"))
    os.rename(flagged, flagged.with_name(flagged.name + "FS"))
    fetched = source.fetch(cursor, now=NOW, since=None)
    assert keys(fetched) == []
    # and after a restart, from the stored cursor alone (the time rule)
    assert keys(MaildirSource(box).fetch(cursor, now=NOW, since=None)) == []


def test_issue10_a_deleted_message_is_no_event_and_no_error(tmp_path):
    """Decision: the user removed mail they had; nothing to tell them (a calendar deletion is an update, see _calendar)."""
    box = maildir(tmp_path)
    gone = deliver(box, message(msg_id="<gone@example.com>"), at=EPOCH - 60)
    deliver(box, message(msg_id="<kept@example.com>"), at=EPOCH - 30, seq=1)
    source = MaildirSource(box)
    cursor = source.fetch(None, now=NOW, since=None).cursor
    gone.unlink()
    fetched = source.fetch(cursor, now=NOW, since=None)
    assert keys(fetched) == []
    deliver(box, message(msg_id="<later@example.com>"), at=EPOCH, seq=2)
    assert keys(source.fetch(fetched.cursor, now=NOW, since=None)) == ["email:later@example.com"]


def test_issue10_a_message_moved_in_with_an_old_name_is_new(tmp_path):
    """Moved in from another folder, its file name keeps its old delivery time: the listing diff still finds it."""
    box = maildir(tmp_path)
    deliver(box, message(msg_id="<here@example.com>"), at=EPOCH - 60)
    source = MaildirSource(box)
    cursor = source.fetch(None, now=NOW, since=None).cursor
    deliver(box, message(msg_id="<moved@example.com>"), at=EPOCH - 30 * 86400, subdir="cur", flags="S", seq=5)
    assert keys(source.fetch(cursor, now=NOW, since=None)) == ["email:moved@example.com"]


def test_issue10_a_change_right_after_the_listing_is_not_missed(tmp_path):
    """Folders changed within the file system's timestamp granule of the listing are listed again next time."""
    box = maildir(tmp_path)
    deliver(box, message(msg_id="<one@example.com>"), at=EPOCH - 60)
    changed = datetime.fromtimestamp(os.stat(box / "new").st_mtime, timezone.utc)
    source = MaildirSource(box, clock=ManualClock(changed + timedelta(seconds=0.5)))  # listed half a second later
    cursor = source.fetch(None, now=NOW, since=None).cursor
    assert cursor["racy"] is True
    stamp = [os.stat(box / s).st_mtime_ns for s in ("new", "cur")]
    deliver(box, message(msg_id="<two@example.com>"), at=EPOCH - 59, seq=1)
    for sub, ns in zip(("new", "cur"), stamp):  # the same mtime as at the listing: a coarse clock
        os.utime(box / sub, ns=(ns, ns))
    assert keys(source.fetch(cursor, now=NOW, since=None)) == ["email:two@example.com"]


@pytest.mark.parametrize("cursor", [
    {"dirs": "not a list", "listing": 5, "racy": "no", "delivered": "abc"},
    {"dirs": [1, 2], "listing": None, "recent": "x"},
    {"listing": "an id from another engine"},
    {"delivered": 5, "recent": 7, "dirs": None},
])
def test_issue10_r2_a_cursor_of_another_shape_reads_as_a_first_run(tmp_path, cursor):
    """A cursor written by another version or another engine: listed and read as if new, never a crash."""
    box = maildir(tmp_path)
    deliver(box, message(msg_id="<kept@example.com>"), at=EPOCH - 60)
    fetched = MaildirSource(box).fetch(cursor, now=NOW, since=None)
    assert keys(fetched) == ["email:kept@example.com"] and isinstance(fetched.cursor["dirs"], list)
