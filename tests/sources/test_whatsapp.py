"""WhatsAppSource against real JSONL inbox files (S1, S4, S5, R2)."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from tic.errors import ItemError, SourceError
from tic.sources import BODY_CAP, WhatsAppSource

UTC = timezone.utc
NOW = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)


def line(id: str, *, when: datetime = NOW - timedelta(minutes=5), **fields) -> str:
    obj = {"id": id, "chat": "Omid", "is_group": False, "from": "Omid", "from_number": "+971501234987",
           "body": "Can you pick the kids up?", "timestamp": when.isoformat().replace("+00:00", "Z"), "mentions": []}
    obj.update(fields)
    return json.dumps(obj, ensure_ascii=False) + "\n"


def inbox(tmp_path: Path, *lines: str) -> Path:
    path = tmp_path / "whatsapp.jsonl"
    path.write_text("".join(lines), encoding="utf-8")
    return path


def append(path: Path, text: str) -> None:
    with path.open("a", encoding="utf-8") as f:
        f.write(text)


def fetch(path: Path, cursor=None, since=None):
    return WhatsAppSource(path).fetch(cursor, now=NOW, since=since)


def test_s1_whatsapp_key_and_fields(tmp_path):
    path = inbox(tmp_path, line("wamid-1", chat="Meridian × Karimi – ops", is_group=True, **{"from": "Li Wen"},
                                from_number="+971552208841", body="@Aisha approve the invoice", mentions=["me"]))
    fetched = fetch(path)
    assert not fetched.errors
    [event] = fetched.events
    assert event.key == "whatsapp:wamid-1"
    assert (event.kind, event.type, event.source) == ("whatsapp", "message", "whatsapp")
    assert event.sender.name == "Li Wen" and event.sender.address == "+971552208841"
    assert event.chat == "Meridian × Karimi – ops" and event.is_group
    assert event.mentions == ("me",) and event.mentions_me
    assert event.body == "@Aisha approve the invoice"
    assert event.time == NOW - timedelta(minutes=5)


def test_s1_whatsapp_body_is_capped(tmp_path):
    path = inbox(tmp_path, line("long", body="y" * (BODY_CAP + 10)))
    assert len(fetch(path).events[0].body) == BODY_CAP


def test_s4_reads_incrementally_by_offset(tmp_path):
    path = inbox(tmp_path, line("a"), line("b"))
    first = fetch(path)
    assert [e.key for e in first.events] == ["whatsapp:a", "whatsapp:b"]
    assert first.cursor["offset"] == path.stat().st_size
    assert fetch(path, cursor=first.cursor).events == []
    append(path, line("c"))
    second = fetch(path, cursor=first.cursor)
    assert [e.key for e in second.events] == ["whatsapp:c"]


def test_s4_half_written_line_waits(tmp_path):
    path = inbox(tmp_path, line("a"))
    whole = line("b")
    append(path, whole[:20])  # the bridge is mid-write
    first = fetch(path)
    assert [e.key for e in first.events] == ["whatsapp:a"] and not first.errors
    append(path, whole[20:])
    second = fetch(path, cursor=first.cursor)
    assert [e.key for e in second.events] == ["whatsapp:b"] and not second.errors


def test_s4_truncated_file_restarts_from_zero(tmp_path):
    path = inbox(tmp_path, line("a"), line("b"), line("c"))
    cursor = fetch(path).cursor
    inbox(tmp_path, line("d"))  # rotated: a fresh, shorter file
    assert [e.key for e in fetch(path, cursor=cursor).events] == ["whatsapp:d"]


def test_s4_old_offset_only_cursor_is_accepted(tmp_path):
    path = inbox(tmp_path, line("a"))
    size = path.stat().st_size
    append(path, line("b"))
    assert [e.key for e in fetch(path, cursor={"offset": size}).events] == ["whatsapp:b"]


def test_r2_malformed_line_names_its_line_number(tmp_path):
    path = inbox(tmp_path, line("a"), "{not json\n", line("c"), json.dumps({"id": "d", "chat": "x"}) + "\n", line("e"))
    fetched = fetch(path)
    assert [e.key for e in fetched.events] == ["whatsapp:a", "whatsapp:c", "whatsapp:e"]
    assert [e.item for e in fetched.errors] == ["whatsapp.jsonl line 2", "whatsapp.jsonl line 4"]
    assert all(isinstance(e, ItemError) for e in fetched.errors)
    # line numbers stay right on the next, incremental fetch
    append(path, "[]\n")
    assert [e.item for e in fetch(path, cursor=fetched.cursor).errors] == ["whatsapp.jsonl line 6"]


def test_s5_first_run_window(tmp_path):
    path = inbox(tmp_path, line("old", when=NOW - timedelta(days=3)), line("new", when=NOW - timedelta(hours=2)))
    first = fetch(path, since=NOW - timedelta(hours=24))
    assert [e.key for e in first.events] == ["whatsapp:new"]
    assert len(fetch(path).events) == 2  # since=None: every line
    append(path, line("late-but-old", when=NOW - timedelta(days=3)))
    # with a cursor, `since` no longer applies: whatever is appended is new
    assert [e.key for e in fetch(path, cursor=first.cursor, since=NOW).events] == ["whatsapp:late-but-old"]


def test_s4_missing_file_is_an_empty_inbox(tmp_path):
    fetched = fetch(tmp_path / "whatsapp.jsonl")
    assert fetched.events == [] and fetched.errors == [] and fetched.cursor["offset"] == 0


def test_s4_unreadable_path_is_a_source_error(tmp_path):
    with pytest.raises(SourceError, match=str(tmp_path)):
        fetch(tmp_path)  # a directory, not a file


def test_s4_numeric_ids_and_epoch_timestamps_are_accepted(tmp_path):
    raw = {"id": 12345, "chat": "Omid", "is_group": False, "from": "Omid", "from_number": 971501234987,
           "body": "hi", "timestamp": int(NOW.timestamp()), "mentions": []}
    [event] = fetch(inbox(tmp_path, json.dumps(raw) + "\n")).events
    assert event.key == "whatsapp:12345" and event.sender.address == "971501234987" and event.time == NOW


def test_issue10_an_inbox_with_nothing_appended_is_not_opened(tmp_path):
    from tests.sources._files import counting

    path = inbox(tmp_path, line("a"), line("b"))
    first = fetch(path)
    with counting() as io:
        idle = fetch(path, cursor=first.cursor)
    assert idle.events == [] and idle.cursor == first.cursor and io["opened"] == 0
    append(path, line("c"))
    assert [e.key for e in fetch(path, cursor=idle.cursor).events] == ["whatsapp:c"]
