"""S1 (issue 7, item 6): an IMAP account's Sent folder, read in the inbox's session against a real dovecot, marks
who the user writes to, who only looks like them, and replies in a thread the user started or answered."""

from __future__ import annotations

from datetime import timedelta
from email.message import EmailMessage

import pytest

from tests.sources._servers import Dovecot, dovecot_binary
from tests.sources.test_imap import NOW, append, folder, source, with_client  # noqa: F401 - folder is a fixture


def sent(to: str, *, msg_id: str, cc: str = "", replying: str = "") -> bytes:
    msg = EmailMessage()
    msg["From"] = "Alice <alice@example.org>"
    msg["To"] = to
    if cc:
        msg["Cc"] = cc
    if replying:
        msg["In-Reply-To"] = replying
    msg["Subject"] = "Plans"
    msg["Message-ID"] = msg_id
    msg.set_content("Sounds good.\n")
    return bytes(msg)


def received(sender: str, n: int, *, replying: str = "") -> bytes:
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = "Alice <alice@example.org>"
    msg["Subject"] = f"Message {n}"
    msg["Message-ID"] = f"<in{n}@example.com>"
    if replying:
        msg["In-Reply-To"] = replying
    msg.set_content("Hello.\n")
    return bytes(msg)


def refs(imap, cursor=None) -> dict[str, dict[str, str]]:
    fetched = imap.fetch(cursor, now=NOW, since=None)
    assert not fetched.errors, fetched.errors
    return {e.sender.address: e.refs for e in fetched.events}


@pytest.fixture
def sent_folder(dovecot, folder):
    name = folder + "-Sent"
    with_client(dovecot, lambda c: (c.folder_exists(name) and c.delete_folder(name), c.create_folder(name)))
    return name


def test_s1_imap_sent_folder_marks_correspondents_lookalikes_and_threads(dovecot, folder, sent_folder):
    append(dovecot, sent_folder, sent("Ines Duarte <ines@duarte.example>", msg_id="<s1@example.org>",
                                      cc="Ola Berg <ola@berg.example>"), at=NOW - timedelta(days=3))
    append(dovecot, folder,
           received("Ola Berg <ola@berg.example>", 1),  # Cc'd once: someone the user writes to
           received("Ines Duarte <ines.d@gmail.com>", 2),  # her name at another address
           received("Billing <accounts@duarte-example.example>", 3),  # a stranger
           received("Tom Weir <tom@weir.example>", 4, replying="<s1@example.org>"))  # answers what the user sent
    got = refs(source(dovecot, folder, sent_folder=sent_folder))
    assert got["ola@berg.example"]["correspondent"] == "sent"
    assert got["ines.d@gmail.com"]["lookalike_of"] == "ines@duarte.example"
    assert got["ines.d@gmail.com"]["name_known_at"] == "ines@duarte.example"
    assert "correspondent" not in got["accounts@duarte-example.example"]
    assert got["tom@weir.example"]["in_user_thread"] == "1"
    assert got["tom@weir.example"]["user_started_thread"] == "1"  # its thread's first message is the user's
    assert "in_user_thread" not in got["ola@berg.example"]


def test_s1_imap_a_thread_the_user_only_answered_is_not_one_the_user_started(dovecot, folder, sent_folder):
    append(dovecot, sent_folder, sent("Lauren <events@venue.example>", msg_id="<s9@example.org>",
                                      replying="<venue-1@venue.example>"), at=NOW - timedelta(days=1))
    reply = received("Lauren <events@venue.example>", 7, replying="<s9@example.org>")
    reply = reply.replace(b"In-Reply-To: <s9@example.org>", b"In-Reply-To: <s9@example.org>\nReferences: "
                          b"<venue-1@venue.example> <s9@example.org>")
    append(dovecot, folder, reply)
    got = refs(source(dovecot, folder, sent_folder=sent_folder))["events@venue.example"]
    assert got["in_user_thread"] == "1" and "user_started_thread" not in got


def test_s1_imap_sent_folder_is_read_without_marking_anything_read(dovecot, folder, sent_folder):
    append(dovecot, sent_folder, sent("ines@duarte.example", msg_id="<s2@example.org>"))
    append(dovecot, folder, received("Ines <ines@duarte.example>", 1))
    refs(source(dovecot, folder, sent_folder=sent_folder))

    def flags(c):
        c.select_folder(sent_folder, readonly=True)
        return [set(f) for f in c.get_flags(c.search(["ALL"])).values()]
    assert [b"\\Seen" in f for f in with_client(dovecot, flags)] == [False]


def test_s1_imap_what_the_user_sends_later_is_known_at_the_next_fetch(dovecot, folder, sent_folder):
    imap = source(dovecot, folder, sent_folder=sent_folder)
    append(dovecot, folder, received("Ines <ines@duarte.example>", 1))
    first = imap.fetch(None, now=NOW, since=None)
    assert "correspondent" not in first.events[0].refs
    append(dovecot, sent_folder, sent("ines@duarte.example", msg_id="<s3@example.org>"))
    append(dovecot, folder, received("Ines <ines@duarte.example>", 2))
    assert refs(imap, first.cursor)["ines@duarte.example"]["correspondent"] == "sent"


@pytest.mark.parametrize("setting", ["", "No-Such-Folder"])
def test_s1_imap_no_sent_folder_or_none_wanted_leaves_events_as_they_were(dovecot, folder, sent_folder, setting):
    append(dovecot, sent_folder, sent("ines@duarte.example", msg_id="<s4@example.org>"))
    append(dovecot, folder, received("Ines <ines@duarte.example>", 1))
    assert refs(source(dovecot, folder, sent_folder=setting)) == {"ines@duarte.example": {"message_id": "in1@example.com"}}


def test_s1_imap_sent_folder_found_by_its_special_use_flag_else_by_its_name():
    """RFC 6154: the folder the server flags \\Sent wins, whatever its name; without one, a localized name."""
    binary = dovecot_binary()
    if binary is None:
        pytest.skip("dovecot is not installed here (Debian: apt-get install dovecot-imapd)")
    server = Dovecot(extra='namespace inbox {\n  inbox = yes\n  separator = /\n'
                           '  mailbox "Postausgang-Archiv" {\n    special_use = \\Sent\n  }\n}\n')
    server.start(binary)
    try:
        with_client(server, lambda c: c.create_folder("Enviados"))
        append(server, "Enviados", sent("ines@duarte.example", msg_id="<s5@example.org>"))
        append(server, "INBOX", received("Ines <ines@duarte.example>", 1), received("Ola <ola@berg.example>", 2))
        assert refs(source(server, "INBOX"))["ines@duarte.example"]["correspondent"] == "sent"  # by its name
        with_client(server, lambda c: c.create_folder("Postausgang-Archiv"))
        append(server, "Postausgang-Archiv", sent("ola@berg.example", msg_id="<s6@example.org>"))
        got = refs(source(server, "INBOX"))  # flagged \\Sent: that one, not "Enviados"
        assert got["ola@berg.example"]["correspondent"] == "sent"
        assert "correspondent" not in got["ines@duarte.example"]
    finally:
        server.stop()
