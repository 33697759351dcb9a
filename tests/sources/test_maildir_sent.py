"""S1 (issue 6, item 3): a Sent folder beside a Maildir inbox marks who the user writes to, and who only looks like it."""

from __future__ import annotations

import mailbox
import os
from email.message import EmailMessage
from pathlib import Path

import pytest

from tic.sources import MaildirSource
from tic.sources._sent import lookalike, sent_folders

from tests.sources.test_maildir import EPOCH, NOW, deliver, maildir, message


def sent(to: str, *, cc: str = "", me: str = "Noor Haddad <noor@haddad-studio.example>") -> bytes:
    msg = EmailMessage()
    msg["From"] = me
    msg["To"] = to
    if cc:
        msg["Cc"] = cc
    msg["Subject"] = "Re: plans"
    msg.set_content("Sounds good.\n")
    return bytes(msg)


def folder(path: Path) -> Path:
    mailbox.Maildir(str(path), create=True)
    return path


def events(box: Path) -> dict[str, dict[str, str]]:
    return {e.sender.address: e.refs for e in MaildirSource(box).fetch(None, now=NOW, since=None).events}


@pytest.mark.parametrize("layout", [".Sent", ".INBOX.Sent", ".Sent Items", ".Gesendet", ".Enviados", ".Envoy&AOk-s",
                                    "../Sent", "../Sent Items", "../Gesendete Objekte", "../Elementos enviados",
                                    "../Envoyés", "../Posta inviata", "../Skickat"])
def test_s1_sent_folder_found_beside_the_inbox(tmp_path: Path, layout: str) -> None:
    box = maildir(tmp_path)
    out = folder((box / layout).resolve() if layout.startswith("..") else box / layout)
    deliver(out, sent("Ines Duarte <ines@duarte.example>"), at=EPOCH - 3600, subdir="cur", flags="S")
    deliver(box, message(sender="Ines Duarte <ines@duarte.example>", msg_id="<a@x>"), at=EPOCH)
    assert sent_folders(box) == [out]
    assert events(box)["ines@duarte.example"]["correspondent"] == "sent"


def test_s1_no_sent_folder_leaves_events_as_they_were(tmp_path: Path) -> None:
    box = maildir(tmp_path)
    folder(tmp_path / "Archive")
    deliver(box, message(msg_id="<a@x>"), at=EPOCH)
    assert sent_folders(box) == []
    assert events(box)["mario@example.com"] == {"message_id": "a@x"}


def test_s1_sent_marks_correspondents_lookalikes_and_not_the_user(tmp_path: Path) -> None:
    box = maildir(tmp_path)
    out = folder(box / ".Sent")
    deliver(out, sent("Kandice Phillips <kandice.phillips@dawsoncornwell.com>", cc="Ola Berg <ola@berg.example>"),
            at=EPOCH - 7200, subdir="cur", flags="S")
    for i, sender in enumerate(["Ola Berg <ola@berg.example>",  # Cc'd: known
                                "Kandice Phillips <kandice.p@gmail.com>",  # the name of a correspondent, another address
                                "Billing <accounts@dawsoncornwe11.com>",  # a look-alike domain
                                "Mario Rossi <mario@example.com>",  # a stranger
                                "Noor Haddad <noor@haddad-studio.example>"]):  # the user's own address
        deliver(box, message(sender=sender, msg_id=f"<m{i}@x>"), at=EPOCH, seq=i)
    refs = events(box)
    assert refs["ola@berg.example"]["correspondent"] == "sent"
    assert refs["kandice.p@gmail.com"]["lookalike_of"] == "kandice.phillips@dawsoncornwell.com"
    assert refs["accounts@dawsoncornwe11.com"]["lookalike_of"] == "kandice.phillips@dawsoncornwell.com"
    assert refs["kandice.p@gmail.com"]["name_known_at"] == "kandice.phillips@dawsoncornwell.com"  # the name's
    assert "name_known_at" not in refs["accounts@dawsoncornwe11.com"]  # a domain alone names nobody
    for stranger in ("mario@example.com", "noor@haddad-studio.example"):
        assert "correspondent" not in refs[stranger] and "lookalike_of" not in refs[stranger]


def test_s1_sent_folder_reread_only_when_it_changes_and_versions_stay(tmp_path: Path) -> None:
    box = maildir(tmp_path)
    out = folder(box / ".Sent")
    deliver(box, message(sender="Ines Duarte <ines@duarte.example>", msg_id="<a@x>"), at=EPOCH)
    source = MaildirSource(box)
    [before] = source.fetch(None, now=NOW, since=None).events
    assert "correspondent" not in before.refs
    deliver(out, sent("ines@duarte.example"), at=EPOCH + 60, subdir="new")
    os.utime(out / "new", ns=(10**18, 10**18))  # a listing change the mtime shows, whatever the clock's resolution
    [after] = source.fetch(None, now=NOW, since=None).events
    assert after.refs["correspondent"] == "sent"
    assert after.key == before.key and after.version == before.version  # T5: not an update


@pytest.mark.parametrize(("domain", "known", "alike"), [
    ("dawsoncornwe11.com", "dawsoncornwell.com", True),
    ("dawson-cornwell.com", "dawsoncornwell.com", True),
    ("dawsoncornwel.com", "dawsoncornwell.com", True),
    ("dawsnocornwell.com", "dawsoncornwell.com", True),
    ("paypa1.com", "paypal.com", True),
    ("rnicrosoft.com", "microsoft.com", True),
    ("dawsoncornwell.com", "dawsoncornwell.com", False),
    ("mail.dawsoncornwell.com", "dawsoncornwell.com", False),
    ("gmx.at", "gmx.de", False),
    ("web.de", "wab.de", False),
    ("acme.com", "apex.com", False),
    ("uturia-rrhh.com", "alumni.uturia.es", True),  # the name, worn with another word, elsewhere
    ("paypal-secure.com", "paypal.com", True),
    ("mail.uturia.es", "alumni.uturia.es", False),  # the same owner
    ("acme-tools.com", "acme.com", False),  # a name too short to tell
    ("uturian.com", "uturia.es", False),
    ("bradesco-seguros.com.br", "bradesco.com.br", True),
])
def test_s1_lookalike_domains(domain: str, known: str, alike: bool) -> None:
    assert lookalike(domain, known) is alike


@pytest.mark.parametrize(("sender", "by_rule"), [
    ("Kandice Phillips <kandice.phillips@dawsoncornwell.com>", True),  # the address the user writes to her at
    ("Kandice Phillips <kandice.p@gmail.com>", False),  # her name, another address: the heuristics, uncertain
    ("Ola Berg <ola.berg@gmail.com>", True),  # nothing known about Ola Berg's addresses: the name, as ever
])
def test_s1_t3_a_name_the_user_writes_to_elsewhere_does_not_decide_the_rule(tmp_path: Path, sender: str,
                                                                            by_rule: bool) -> None:
    """Issue 8.6: the Sent folder knows who a name is; the rule on that name decides only from those addresses."""
    from tic.triage.decide import local_decisions

    box = maildir(tmp_path)
    deliver(folder(box / ".Sent"), sent("Kandice Phillips <kandice.phillips@dawsoncornwell.com>"), at=EPOCH - 7200,
            subdir="cur", flags="S")
    deliver(box, message(sender=sender, msg_id="<m1@x>"), at=EPOCH)
    event, = MaildirSource(box).fetch(None, now=NOW, since=None).events
    decision, = local_decisions([event], "## Always notify\n- Kandice Phillips\n- Ola Berg\n", NOW)
    assert (decision.decided_by == "rule") == by_rule, decision.reason
    if not by_rule:
        assert not decision.certain and "display name matches Kandice Phillips, but the address kandice.p@gmail.com " \
            "is not one known for them (the Sent folder shows" in decision.reason, decision.reason


def test_s1_a_reply_in_a_thread_the_user_started_or_answered_is_marked(tmp_path: Path) -> None:
    """issue 7 (thread): a reply whose In-Reply-To/References name a message the user sent - or one the user's
    own reply answered - is `in_user_thread`; a new thread, or a reply in someone else's thread, is not."""
    box = maildir(tmp_path)
    out = folder(box / ".Sent")
    mine = sent("Ines Duarte <ines@duarte.example>")
    mine = mine.replace(b"Subject:", b"Message-ID: <mine-1@haddad-studio.example>\nIn-Reply-To: <root-9@other.example>\n"
                                     b"References: <root-9@other.example>\nSubject:", 1)
    deliver(out, mine, at=EPOCH - 3600, subdir="cur", flags="S")
    deliver(box, message(sender="Ines Duarte <ines@duarte.example>", msg_id="<r1@x>",
                         In_Reply_To="<mine-1@haddad-studio.example>"), at=EPOCH)
    deliver(box, message(sender="Bo Lind <bo@lind.example>", msg_id="<r2@x>", References="<root-9@other.example>"),
            at=EPOCH + 1)
    deliver(box, message(sender="Cy Park <cy@park.example>", msg_id="<r3@x>", In_Reply_To="<elsewhere@y>"),
            at=EPOCH + 2)
    refs = events(box)
    assert refs["ines@duarte.example"]["in_user_thread"] == "1"  # answers what the user sent
    assert refs["bo@lind.example"]["in_user_thread"] == "1"  # in a thread the user answered in
    assert "in_user_thread" not in refs["cy@park.example"]  # someone else's thread
