"""MaildirSource against real Maildir folders (S1, S2, S5, R2)."""

from __future__ import annotations

import hashlib
import mailbox
import os
import shutil
from datetime import datetime, timedelta, timezone
from email.message import EmailMessage
from pathlib import Path

import pytest

from tic.errors import ItemError, SourceError
from tic.sources import BODY_CAP, MaildirSource

NOW = datetime(2026, 12, 1, 9, 0, tzinfo=timezone.utc)
EPOCH = int(NOW.timestamp())


def maildir(tmp_path: Path) -> Path:
    path = tmp_path / "mail"
    mailbox.Maildir(str(path), create=True)
    return path


def deliver(box: Path, raw: bytes, *, at: int, subdir: str = "new", flags: str = "", seq: int = 0) -> Path:
    """Write a message file the way a delivery agent names it: <epoch>.M<usec>P<pid>.<host>[:2,<flags>]."""
    name = f"{at}.M{seq}P4242.testhost" + ("" if subdir == "new" else f":2,{flags}")
    target = box / subdir / name
    target.write_bytes(raw)
    return target


def message(*, msg_id: str | None = "<abc123@example.com>", subject: str = "Hello", sender: str = "Mario Rossi <mario@example.com>",
            date: str | None = "Tue, 01 Dec 2026 08:30:00 +0100", body: str = "Hi there.\n", **headers: str) -> bytes:
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = "Luca <luca@example.org>, team@example.org"
    msg["Subject"] = subject
    if date:
        msg["Date"] = date
    if msg_id:
        msg["Message-ID"] = msg_id
    for name, value in headers.items():
        msg[name.replace("_", "-")] = value
    msg.set_content(body)
    return bytes(msg)


def fetch(box: Path, cursor=None, since=None):
    return MaildirSource(box).fetch(cursor, now=NOW, since=since)


def test_s1_email_key_is_message_id(tmp_path):
    box = maildir(tmp_path)
    deliver(box, message(msg_id="<CAB4xR9m2Q@mail.gmail.com>"), at=EPOCH)
    [event] = fetch(box).events
    assert event.key == "email:CAB4xR9m2Q@mail.gmail.com"
    assert (event.kind, event.type, event.source) == ("email", "message", "mail")
    assert event.refs["message_id"] == "CAB4xR9m2Q@mail.gmail.com"


def test_s1_email_without_message_id_is_keyed_by_content_hash(tmp_path):
    box = maildir(tmp_path)
    raw = message(msg_id=None)
    deliver(box, raw, at=EPOCH)
    [event] = fetch(box).events
    assert event.key == "email:" + hashlib.sha256(raw).hexdigest()[:24]
    assert fetch(box).events[0].key == event.key  # stable across runs


def test_s1_email_fields(tmp_path):
    box = maildir(tmp_path)
    raw = message(
        sender="=?utf-8?b?2K7Yp9mE2K8g2YXZhti12YjYsQ==?= <k.mansour@gulf.ae>",
        subject="=?utf-8?b?2KrYrNiv2YrYryDYudmC2K8g2KfZhNil2YrYrNin2LEgLyBMZWFzZSBy?= =?utf-8?b?ZW5ld2FsIOKAkyBVbml0IEI3?=",
        List_Unsubscribe="<mailto:unsub@gulf.ae>", Precedence="bulk", Auto_Submitted="auto-generated",
        In_Reply_To="<parent@gulf.ae>", References="<root@gulf.ae> <parent@gulf.ae>", X_Unrelated="dropped",
    )
    deliver(box, raw, at=EPOCH, subdir="cur", flags="S")
    [event] = fetch(box).events
    assert event.sender.name == "خالد منصور" and event.sender.address == "k.mansour@gulf.ae"
    assert event.subject == "تجديد عقد الإيجار / Lease renewal – Unit B7"
    assert [p.address for p in event.to] == ["luca@example.org", "team@example.org"]
    assert event.time == datetime(2026, 12, 1, 7, 30, tzinfo=timezone.utc)
    assert event.body == "Hi there."
    assert event.headers["List-Unsubscribe"] == "<mailto:unsub@gulf.ae>"
    assert event.headers["Precedence"] == "bulk" and event.headers["Auto-Submitted"] == "auto-generated"
    assert "X-Unrelated" not in event.headers
    assert event.seen is True
    assert event.refs["thread_id"] == "root@gulf.ae"


def test_s1_html_only_body_becomes_text(tmp_path):
    box = maildir(tmp_path)
    msg = EmailMessage()
    msg["From"], msg["Subject"], msg["Message-ID"] = "a@b.c", "html", "<h@b.c>"
    msg.set_content("<html><head><style>p{color:red}</style></head><body><p>Caf&eacute; at <b>3pm</b></p>"
                    "<script>evil()</script><div>Bring the plans</div></body></html>", subtype="html")
    deliver(box, bytes(msg), at=EPOCH)
    [event] = fetch(box).events
    assert event.body == "Café at 3pm\nBring the plans"


def test_s1_plain_part_preferred_over_html(tmp_path):
    box = maildir(tmp_path)
    msg = EmailMessage()
    msg["From"], msg["Subject"], msg["Message-ID"] = "a@b.c", "alt", "<alt@b.c>"
    msg.set_content("plain version")
    msg.add_alternative("<p>html version</p>", subtype="html")
    deliver(box, bytes(msg), at=EPOCH)
    assert fetch(box).events[0].body == "plain version"


def test_s1_body_is_capped(tmp_path):
    box = maildir(tmp_path)
    deliver(box, message(body="x" * (BODY_CAP * 2)), at=EPOCH)
    assert len(fetch(box).events[0].body) == BODY_CAP


def test_s2_reads_new_and_cur_with_seen_flag(tmp_path):
    box = maildir(tmp_path)
    deliver(box, message(msg_id="<new@x>"), at=EPOCH)
    deliver(box, message(msg_id="<read@x>"), at=EPOCH, subdir="cur", flags="RS", seq=1)
    deliver(box, message(msg_id="<unread@x>"), at=EPOCH, subdir="cur", flags="", seq=2)
    seen = {e.key: e.seen for e in fetch(box).events}
    assert seen == {"email:new@x": False, "email:read@x": True, "email:unread@x": False}


def test_s2_real_maildir_add_is_read(tmp_path):
    box = maildir(tmp_path)
    md = mailbox.Maildir(str(box))
    md.add(mailbox.MaildirMessage(message(msg_id="<added@x>")))
    assert [e.key for e in fetch(box).events] == ["email:added@x"]


def test_s2_cursor_returns_only_later_deliveries(tmp_path):
    box = maildir(tmp_path)
    deliver(box, message(msg_id="<old@x>"), at=EPOCH - 3600)
    first = fetch(box)
    assert first.cursor["delivered"] == EPOCH - 3600
    assert fetch(box, cursor=first.cursor).events == []  # nothing new: nothing again
    deliver(box, message(msg_id="<later@x>"), at=EPOCH, seq=1)
    second = fetch(box, cursor=first.cursor)
    assert [e.key for e in second.events] == ["email:later@x"]
    assert second.cursor["delivered"] == EPOCH
    assert fetch(box, cursor=second.cursor).events == []


def test_s2_late_move_from_tmp_within_slack_is_seen(tmp_path):
    box = maildir(tmp_path)
    deliver(box, message(msg_id="<fast@x>"), at=EPOCH)
    cursor = fetch(box).cursor
    # written to tmp/ five minutes before the last delivery, moved to new/ only now
    deliver(box, message(msg_id="<slow@x>"), at=EPOCH - 300, seq=1)
    assert "email:slow@x" in {e.key for e in fetch(box, cursor=cursor).events}


def test_s2_missing_date_falls_back_to_delivery_time(tmp_path):
    box = maildir(tmp_path)
    deliver(box, message(date=None), at=EPOCH - 60)
    assert fetch(box).events[0].time == datetime.fromtimestamp(EPOCH - 60, timezone.utc)


def test_s2_name_without_epoch_uses_mtime(tmp_path):
    box = maildir(tmp_path)
    path = box / "cur" / "imported-message:2,S"
    path.write_bytes(message(date=None))
    os.utime(path, (EPOCH - 120, EPOCH - 120))
    [event] = fetch(box).events
    assert event.time == datetime.fromtimestamp(EPOCH - 120, timezone.utc)


def test_s5_first_run_window(tmp_path):
    box = maildir(tmp_path)
    deliver(box, message(msg_id="<recent@x>", date="Tue, 01 Dec 2026 06:00:00 +0000"), at=EPOCH - 3 * 3600)
    deliver(box, message(msg_id="<stale@x>", date="Fri, 27 Nov 2026 06:00:00 +0000"), at=EPOCH - 4 * 86400, seq=1)
    # copied in recently (e.g. an initial sync) but written long ago: its Date decides
    deliver(box, message(msg_id="<imported@x>", date="Mon, 02 Mar 2026 06:00:00 +0000"), at=EPOCH - 60, seq=2)
    since = NOW - timedelta(hours=24)
    assert [e.key for e in fetch(box, since=since).events] == ["email:recent@x"]
    assert len(fetch(box).events) == 3  # since=None: every message


def test_s2_missing_folder_is_a_source_error(tmp_path):
    with pytest.raises(SourceError, match=str(tmp_path / "nowhere")) as info:
        MaildirSource(tmp_path / "nowhere").fetch(None, now=NOW, since=None)
    assert "cur/" in str(info.value)


def test_r2_unparseable_message_is_an_item_error(tmp_path):
    box = maildir(tmp_path)
    deliver(box, b"\x00\x01\x02 this is not mail at all", at=EPOCH)
    deliver(box, message(msg_id="<fine@x>"), at=EPOCH, seq=1)
    fetched = fetch(box)
    assert [e.key for e in fetched.events] == ["email:fine@x"]
    [error] = fetched.errors
    assert isinstance(error, ItemError) and error.source == "mail" and "new/" in error.item


def _cpython_email_data() -> Path | None:
    try:
        import test
    except ImportError:
        return None
    data = Path(os.path.dirname(test.__file__)) / "test_email" / "data"
    return data if data.is_dir() else None


def test_r2_cpython_email_corpus_never_raises(tmp_path):
    data = _cpython_email_data()
    if data is None:
        pytest.skip("CPython's email test data is not installed")
    box = maildir(tmp_path)
    files = sorted(p for p in data.iterdir() if p.name.startswith("msg_"))
    assert files
    for n, path in enumerate(files):
        shutil.copyfile(path, box / "cur" / f"{EPOCH + n}.M{n}P1.corpus:2,")
    fetched = fetch(box)
    assert len(fetched.events) + len(fetched.errors) == len(files)
    assert len(fetched.events) >= len(files) * 0.8  # real messages, even odd ones, become events
    for event in fetched.events:
        assert event.key.startswith("email:") and event.time.tzinfo is not None
