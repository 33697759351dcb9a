"""ImapSource against a real dovecot over TLS (S1, S2, S5, R2, R3, T5).

The session's dovecot serves one user; each test works in a folder of its own,
named after it, created fresh.
"""

from __future__ import annotations

import mailbox
from datetime import datetime, timedelta, timezone
from email.message import EmailMessage

import pytest
from sqlalchemy import select

from tests.sources._servers import CutProxy
from tic.db import decision_table
from tic.errors import ItemError, SourceError
from tic.hub import Notifier
from tic.sources import ImapSource, MaildirSource, Retry
from tic.triage.tick import Triage

NOW = datetime(2026, 12, 1, 9, 0, tzinfo=timezone.utc)
SINCE = NOW - timedelta(hours=24)


def message(n: int, *, at: datetime = NOW - timedelta(hours=1), body: str = "", subject: str | None = None) -> bytes:
    msg = EmailMessage()
    msg["From"] = f"Sender {n} <sender{n}@example.com>"
    msg["To"] = "Alice <alice@example.org>"
    msg["Subject"] = subject or f"Message {n}"
    msg["Date"] = at.strftime("%a, %d %b %Y %H:%M:%S +0000")
    msg["Message-ID"] = f"<m{n}@example.com>"
    msg.set_content(body or f"Body of message {n}.\n")
    return bytes(msg)


@pytest.fixture
def folder(dovecot, request):
    """A fresh, empty folder named after the test."""
    name = "T-" + request.node.name.replace("[", "-").replace("]", "").replace("_", "-")[:60]
    with_client(dovecot, lambda c: (c.folder_exists(name) and c.delete_folder(name), c.create_folder(name)))
    return name


def with_client(dovecot, action):
    client = dovecot.client()
    try:
        return action(client)
    finally:
        client.logout()


def append(dovecot, folder: str, *raws: bytes, at: datetime = NOW - timedelta(hours=1), flags=()) -> None:
    with_client(dovecot, lambda c: [c.append(folder, raw, flags=flags, msg_time=at) for raw in raws])


def source(dovecot, folder: str, *, port: int | None = None, password: str | None = None, ca: bool = True,
           attempts: int = 3, sleeps: list | None = None, **kw) -> ImapSource:
    waits = sleeps if sleeps is not None else []
    return ImapSource("127.0.0.1", port=port or dovecot.port, username=dovecot.user,
                      password=dovecot.password if password is None else password, folder=folder, name="imap",
                      ca_file=dovecot.tls.ca if ca else None, timeout=5, retry=Retry(attempts=attempts, wait=0.5),
                      sleep=waits.append, password_hint="the password in $TIC_TEST_IMAP_PASSWORD", **kw)


def keys(fetched) -> list[str]:
    assert not fetched.errors, fetched.errors
    return [e.key for e in fetched.events]


def test_s2_imap_new_mail_then_only_uids_above_the_cursor(dovecot, folder):
    append(dovecot, folder, message(1), message(2))
    src = source(dovecot, folder)
    first = src.fetch(None, now=NOW, since=SINCE)
    assert keys(first) == ["email:m1@example.com", "email:m2@example.com"]
    assert set(first.cursor) == {"uidvalidity", "uid"} and first.cursor["uid"] == 2
    append(dovecot, folder, message(3))
    second = src.fetch(first.cursor, now=NOW, since=None)
    assert keys(second) == ["email:m3@example.com"]
    # Nothing new: the server answers `UID 4:*` with message 3 itself; the client drops it (uid > last).
    third = src.fetch(second.cursor, now=NOW, since=None)
    assert keys(third) == [] and third.cursor == second.cursor


def test_s1_imap_event_fields(dovecot, folder):
    append(dovecot, folder, message(1, body="See you at ten.", subject="=?utf-8?q?Caf=C3=A9_at_ten?="))
    [event] = source(dovecot, folder).fetch(None, now=NOW, since=SINCE).events
    assert (event.kind, event.type, event.source) == ("email", "message", "imap")
    assert event.subject == "Café at ten" and event.body == "See you at ten."
    assert event.sender.name == "Sender 1" and event.sender.address == "sender1@example.com"
    assert event.time == NOW - timedelta(hours=1)
    assert event.refs["message_id"] == "m1@example.com"


def test_s2_imap_reads_without_marking_read(dovecot, folder):
    append(dovecot, folder, message(1))
    append(dovecot, folder, message(2), flags=[b"\\Seen"])
    events = source(dovecot, folder).fetch(None, now=NOW, since=SINCE).events
    assert [e.seen for e in events] == [False, True]

    def flags(c):
        c.select_folder(folder, readonly=True)
        return {uid: data[b"FLAGS"] for uid, data in c.fetch(c.search("ALL"), ["FLAGS"]).items()}

    assert b"\\Seen" not in with_client(dovecot, flags)[1]  # BODY.PEEK[]: still unread for the user


def test_s1_s2_imap_and_maildir_give_the_same_event_for_the_same_message(dovecot, folder, tmp_path):
    raw = message(7, body="Same bytes, two mailboxes.")
    append(dovecot, folder, raw)
    box = mailbox.Maildir(str(tmp_path / "mail"), create=True)
    box.add(mailbox.MaildirMessage(raw))
    [via_imap] = source(dovecot, folder).fetch(None, now=NOW, since=None).events
    [via_maildir] = MaildirSource(tmp_path / "mail", name="imap").fetch(None, now=NOW, since=None).events
    assert via_imap == via_maildir
    assert via_imap.version == via_maildir.version


def test_s5_imap_first_run_considers_only_the_window(dovecot, folder):
    old = NOW - timedelta(days=3)
    append(dovecot, folder, message(1, at=old), at=old)
    append(dovecot, folder, message(2))
    fetched = source(dovecot, folder).fetch(None, now=NOW, since=SINCE)
    assert keys(fetched) == ["email:m2@example.com"]
    assert fetched.cursor["uid"] == 2  # the old message is behind the cursor for good
    everything = source(dovecot, folder).fetch(None, now=NOW, since=None)  # dry run: every item
    assert keys(everything) == ["email:m1@example.com", "email:m2@example.com"]


def test_s2_imap_uidvalidity_change_rescans_with_the_first_run_window(dovecot, folder):
    append(dovecot, folder, message(1), message(2))
    src = source(dovecot, folder, rescan=timedelta(hours=24))
    cursor = src.fetch(None, now=NOW, since=SINCE).cursor
    # The folder is rebuilt (restored from a backup, moved server): new UIDVALIDITY, UIDs start again.
    old = NOW - timedelta(days=5)

    def rebuild(c):
        c.delete_folder(folder)
        c.create_folder(folder)
        c.append(folder, message(0, at=old), msg_time=old)
        for n in (1, 2, 3):
            c.append(folder, message(n), msg_time=NOW - timedelta(hours=1))

    with_client(dovecot, rebuild)
    fetched = src.fetch(cursor, now=NOW, since=None)
    assert fetched.cursor["uidvalidity"] != cursor["uidvalidity"]
    assert fetched.cursor["uid"] == 4
    # Without the rescan, `UID 3:*` would have found only the new UIDs 3 and 4 (m2, m3) and missed m1;
    # with it, every message of the window is back (the tick drops the ones already decided) and m0 is not.
    assert keys(fetched) == ["email:m1@example.com", "email:m2@example.com", "email:m3@example.com"]


def test_r2_imap_malformed_message_is_an_item_error_and_the_rest_go_on(dovecot, folder):
    append(dovecot, folder, b"\r\n\r\nno headers at all, just text\r\n", message(2))
    fetched = source(dovecot, folder).fetch(None, now=NOW, since=None)
    assert [e.key for e in fetched.events] == ["email:m2@example.com"]
    [error] = fetched.errors
    assert isinstance(error, ItemError) and error.item == f"{folder} UID 1" and "not an e-mail message" in error.reason


def test_r3_imap_connection_dropped_mid_fetch_is_retried(dovecot, folder):
    big = "x" * 76 + "\n"
    append(dovecot, folder, message(1), message(2, body=big * 4000), message(3))  # ~300 kB to fetch
    proxy = CutProxy(dovecot.port, after=60_000, cuts=1)  # past login and SELECT, inside the FETCH answer
    sleeps: list[float] = []
    try:
        fetched = source(dovecot, folder, port=proxy.port, sleeps=sleeps).fetch(None, now=NOW, since=SINCE)
    finally:
        proxy.stop()
    assert keys(fetched) == ["email:m1@example.com", "email:m2@example.com", "email:m3@example.com"]
    assert proxy.connections == 2 and sleeps == [0.5]  # one backoff, then the whole fetch again


def test_r3_imap_connection_that_keeps_dropping_fails_after_bounded_tries(dovecot, folder):
    append(dovecot, folder, message(1, body=("y" * 76 + "\n") * 4000))
    proxy = CutProxy(dovecot.port, after=60_000, cuts=100)
    sleeps: list[float] = []
    try:
        src = source(dovecot, folder, port=proxy.port, attempts=3, sleeps=sleeps)
        with pytest.raises(SourceError) as first:
            src.fetch(None, now=NOW, since=SINCE)
        with pytest.raises(SourceError) as again:
            src.fetch(None, now=NOW, since=SINCE)
    finally:
        proxy.stop()
    assert proxy.connections == 6 and sleeps == [0.5, 1.0, 0.5, 1.0]  # 3 tries each, exponential backoff
    assert "after 3 tries (the connection dropped)" in str(first.value)
    assert str(first.value) == str(again.value)  # the same failure, the same words: its warning can be held (N7)


def test_r3_imap_server_down_is_a_source_error(dovecot, folder):
    from tests.sources._servers import free_port

    with pytest.raises(SourceError, match=r"cannot read mail from 127\.0\.0\.1:\d+ after 2 tries \(connection refused\)"):
        source(dovecot, folder, port=free_port(), attempts=2).fetch(None, now=NOW, since=SINCE)


def test_r3_imap_wrong_password_is_a_clear_error_without_retries(dovecot, folder):
    proxy = CutProxy(dovecot.port, after=0, cuts=0)
    try:
        with pytest.raises(SourceError) as err:
            source(dovecot, folder, port=proxy.port, password="wrong").fetch(None, now=NOW, since=SINCE)
    finally:
        proxy.stop()
    assert proxy.connections == 1  # a refused login is not retried: it would only lock the account
    assert str(err.value) == (f"imap: the server 127.0.0.1:{proxy.port} refused the login of 'alice'; "
                              "check the username and the password in $TIC_TEST_IMAP_PASSWORD")


def test_r3_imap_wrong_password_in_ticks_warns_once_then_the_repeat_is_held(dovecot, folder, world, store, roster, clock, tmp_path):
    append(dovecot, folder, message(1))
    bad = source(dovecot, folder, password="wrong")
    triage = Triage(engine=world, store=store, notifier=Notifier(store, clock), clock=clock, agent=roster["tic"],
                    resolve=lambda rel: tmp_path / rel, sources=[bad])
    first = triage.tick()  # no crash: the tick completes with one error
    assert len(first.errors) == 1 and "refused the login of 'alice'" in first.errors[0]
    [shown] = [line.text for line in store.take("agent:main")]
    assert shown.startswith("a source could not be read {") and "refused the login" in shown
    clock.advance(1)
    second = triage.tick()
    assert second.errors == first.errors  # the same failure, the same template and values ...
    assert store.take("agent:main") == []  # ... so it is a repeat, held (N7)
    clock.advance(60)
    [again] = [line.text for line in store.take("agent:main")]
    assert again.startswith("a source could not be read (x1 again, 2 in all) {")


def test_s2_imap_untrusted_certificate_is_a_clear_error(dovecot, folder):
    with pytest.raises(SourceError, match="TLS certificate of 127.0.0.1:.* is not trusted .*set ca_file"):
        source(dovecot, folder, ca=False).fetch(None, now=NOW, since=SINCE)


def test_s2_imap_starttls(dovecot, folder):
    append(dovecot, folder, message(1))
    src = source(dovecot, folder, port=dovecot.starttls_port, security="starttls")
    assert keys(src.fetch(None, now=NOW, since=SINCE)) == ["email:m1@example.com"]


def test_s2_imap_unknown_folder_is_a_clear_error(dovecot):
    with pytest.raises(SourceError, match="cannot open the folder 'No such folder'"):
        source(dovecot, "No such folder").fetch(None, now=NOW, since=SINCE)


def test_t5_imap_rescan_after_uidvalidity_change_decides_nothing_twice(dovecot, folder, world, store, roster, clock, tmp_path):
    clock.advance((NOW - clock.now()).total_seconds())
    append(dovecot, folder, message(1), message(2))
    triage = Triage(engine=world, store=store, notifier=Notifier(store, clock), clock=clock, agent=roster["tic"],
                    resolve=lambda rel: tmp_path / rel, sources=[source(dovecot, folder)])
    assert len(triage.tick().decided) == 2

    def rebuild(c):
        c.delete_folder(folder)
        c.create_folder(folder)
        for n in (1, 2, 3):
            c.append(folder, message(n), msg_time=NOW - timedelta(hours=1))

    with_client(dovecot, rebuild)
    report = triage.tick()
    assert [e.key for e, _ in report.decided] == ["email:m3@example.com"] and report.skipped == 2
    with world.connect() as conn:
        decided = [r[0] for r in conn.execute(select(decision_table.c.event_key))]
    assert sorted(decided) == ["email:m1@example.com", "email:m2@example.com", "email:m3@example.com"]
