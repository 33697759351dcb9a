"""R2 on corpora written by others, inside real ticks: every message of CPython's email test data (through
Maildir and through IMAP) and every calendar shipped in icalendar's tests becomes an Event or a per-item
error, and the tick completes (S1, S2, S3, R2, T5).

The sources are wrapped so the whole corpus is considered (the first-run window would skip old items).
"""

from __future__ import annotations

import mailbox
import os
import re
import shutil
import warnings
from pathlib import Path

import icalendar
import pytest

from tic.hub import Notifier
from tic.sources import IcsFileSource, ImapSource, MaildirSource, Retry
from tic.sources._base import Fetched
from tic.triage.tick import Triage


def _cpython_email_messages() -> list[Path]:
    try:
        import test
    except ImportError:
        return []
    data = Path(os.path.dirname(test.__file__)) / "test_email" / "data"
    return sorted(data.glob("msg_*.txt")) if data.is_dir() else []


MESSAGES = _cpython_email_messages()
CALENDARS = sorted((Path(icalendar.__file__).parent / "tests").rglob("*.ics"))


class EveryItem:
    """A source as configured, asked for every item whatever its age; keeps what it fetched."""

    def __init__(self, inner) -> None:
        self.inner = inner
        self.name = inner.name
        self.kind = inner.kind
        self.fetched: Fetched | None = None

    def fetch(self, cursor, *, now, since):
        self.fetched = self.inner.fetch(cursor, now=now, since=None)
        return self.fetched


def triage(world, store, roster, clock, tmp_path, sources) -> Triage:
    return Triage(engine=world, store=store, notifier=Notifier(store, clock), clock=clock, agent=roster["tic"],
                  resolve=lambda rel: tmp_path / rel, sources=sources)


def warned_items(store) -> set[tuple[str, str]]:
    return {(n.params["source"], n.params["item"]) for n in store.pending("agent:main")
            if n.kind == "notice" and n.template == "a source item could not be read"}


def assert_all_through(src: EveryItem, report, store, expected: int) -> None:
    fetched = src.fetched
    assert fetched is not None
    assert len(fetched.events) + len(fetched.errors) == expected  # each: an Event or a per-item error
    # Every event was decided (once per key and version), every bad item became a warning.
    decided = {(e.key, e.version) for e, _ in report.decided}
    assert decided == {(e.key, e.version) for e in fetched.events} and not report.undecided
    assert {(src.name, e.item) for e in fetched.errors} <= warned_items(store)


@pytest.mark.skipif(not MESSAGES, reason="CPython's email test data (the `test` package) is not installed")
def test_r2_cpython_email_corpus_through_maildir_in_a_tick(world, store, roster, clock, tmp_path):
    box = mailbox.Maildir(str(tmp_path / "mail"), create=True)
    for n, path in enumerate(MESSAGES):
        shutil.copyfile(path, tmp_path / "mail" / "cur" / f"{1_700_000_000 + n}.M{n}P1.corpus:2,")
    assert len(box) == len(MESSAGES) == 48
    src = EveryItem(MaildirSource(tmp_path / "mail"))
    report = triage(world, store, roster, clock, tmp_path, [src]).tick()
    assert_all_through(src, report, store, len(MESSAGES))
    assert len(src.fetched.events) >= 40  # real messages, odd ones included, are read
    again = triage(world, store, roster, clock, tmp_path, [EveryItem(MaildirSource(tmp_path / "mail"))]).tick()
    assert again.decided == []  # T5: nothing judged twice


@pytest.mark.skipif(not MESSAGES, reason="CPython's email test data (the `test` package) is not installed")
def test_r2_cpython_email_corpus_through_imap_in_a_tick(dovecot, world, store, roster, clock, tmp_path, request):
    folder = f"Corpus-{request.node.callspec.id}"
    client = dovecot.client()
    try:
        if client.folder_exists(folder):
            client.delete_folder(folder)
        client.create_folder(folder)
        stored = 0
        for path in MESSAGES:
            raw = re.sub(rb"\r?\n", b"\r\n", path.read_bytes())
            client.append(folder, raw)
            stored += 1
    finally:
        client.logout()
    imap = ImapSource("127.0.0.1", port=dovecot.port, username=dovecot.user, password=dovecot.password, folder=folder,
                      ca_file=dovecot.tls.ca, timeout=10, retry=Retry(attempts=1))
    src = EveryItem(imap)
    report = triage(world, store, roster, clock, tmp_path, [src]).tick()
    assert_all_through(src, report, store, stored)
    # The same parser as Maildir: the same messages give the same keys.
    box = tmp_path / "mail"
    mailbox.Maildir(str(box), create=True)
    for n, path in enumerate(MESSAGES):
        (box / "cur" / f"{1_700_000_000 + n}.M{n}P1.corpus:2,").write_bytes(re.sub(rb"\r?\n", b"\r\n", path.read_bytes()))
    via_maildir = MaildirSource(box).fetch(None, now=clock.now(), since=None)
    assert sorted(e.key for e in src.fetched.events) == sorted(e.key for e in via_maildir.events)


@pytest.mark.skipif(not CALENDARS, reason="icalendar's test calendars are not installed")
@pytest.mark.filterwarnings("ignore")
def test_r2_icalendar_corpus_in_one_tick(world, store, roster, clock, tmp_path):
    """One source per calendar file; a file that is no calendar at all is that source's warning; the tick completes."""
    assert len(CALENDARS) > 150
    sources = [EveryItem(IcsFileSource(path, name=f"ics{n}")) for n, path in enumerate(CALENDARS)]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        report = triage(world, store, roster, clock, tmp_path, sources).tick()
    failed = {n.params["source"] for n in store.pending("agent:main")
              if n.kind == "notice" and n.template == "a source could not be read"}
    read, fetched = 0, set()
    for src, path in zip(sources, CALENDARS):
        if src.name in failed:
            continue  # the whole file is unreadable: one warning for it, the tick went on
        read += 1
        assert src.fetched is not None, path
        got, expected = len(src.fetched.events) + len(src.fetched.errors), _vevents(path)
        # R2: where icalendar's whole-document parse loses VEVENTs (an unclosed VCALENDAR), ours reads them one by one
        assert got == expected or (got > expected and _lossy(path)), path
        assert {(src.name, e.item) for e in src.fetched.errors} <= warned_items(store)
        fetched |= {(e.key, e.version) for e in src.fetched.events}
    assert read >= len(CALENDARS) * 0.8
    # Several files share UIDs: one decision per key and version, every one of them decided.
    assert {(e.key, e.version) for e, _ in report.decided} == fetched and not report.undecided
    assert len(fetched) > 50


def _lossy(path: Path) -> bool:
    """icalendar's whole-document parse raises, or finds fewer VEVENTs than the file begins."""
    try:
        found = sum(len(c.walk("VEVENT")) for c in icalendar.Calendar.from_ical(path.read_bytes(), multiple=True))
    except ValueError:
        return True
    return found < path.read_bytes().upper().count(b"BEGIN:VEVENT")


def _vevents(path: Path) -> int:
    """What a per-UID reader must account for: distinct UIDs plus VEVENTs without one."""
    uids: set[str] = set()
    without = 0
    try:
        calendars = icalendar.Calendar.from_ical(path.read_bytes(), multiple=True)
    except ValueError:  # the whole document cannot be parsed at once: R2, ours reads it one VEVENT at a time
        return 0
    for cal in calendars:
        for component in cal.walk("VEVENT"):
            uid = str(component.get("UID", "")).strip()
            if uid:
                uids.add(uid)
            else:
                without += 1
    return len(uids) + without

