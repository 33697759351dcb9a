"""T2, T5, T6, S5, R2, H2 through the real tick, with a test source behind the Source protocol."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest
from sqlalchemy import select

from tic.db import decision_table
from tic.errors import ItemError, SourceError
from tic.hub import Notifier
from tic.sources import Event, Person
from tic.sources._base import Fetched
from tic.triage import Decision
from tic.triage.tick import Triage


class ListSource:
    """Serves whatever `items` holds; records the cursor and window it was asked with."""

    kind = "email"

    def __init__(self, name="mail", items=None, errors=None, fail=None):
        self.name = name
        self.items = list(items or [])
        self.errors = list(errors or [])
        self.fail = fail
        self.asked: list[tuple] = []

    def fetch(self, cursor, *, now, since):
        self.asked.append((cursor, since))
        if self.fail:
            raise SourceError(self.fail)
        return Fetched(events=list(self.items), cursor={"n": len(self.items)}, errors=list(self.errors))


def email(n: int, body: str = "hello") -> Event:
    at = datetime(2026, 11, 30, 8, n, tzinfo=timezone.utc)
    return Event(key=f"email:m{n}@x", source="mail", kind="email", type="message", time=at,
                 sender=Person(name=f"Person {n}", address=f"p{n}@example.org"), subject=f"Subject {n}", body=body)


class RecordingDecider:
    """Notifies every event whose subject ends in an odd digit; remembers the rules text it saw."""

    def __init__(self):
        self.texts: list[str | None] = []
        self.seen: list[str] = []

    def __call__(self, events, rules_text, now):
        self.texts.append(rules_text)
        out = []
        for e in events:
            self.seen.append(e.key)
            odd = int(e.subject[-1]) % 2 == 1
            out.append(Decision(e.key, odd, f"rule says {'yes' if odd else 'no'}", rule="the rule", summary=f"{e.sender.name} wrote." if odd else None))
        return out


@pytest.fixture
def home(tmp_path):
    (tmp_path / "data").mkdir()
    return tmp_path


def make(world, store, roster, clock, home, sources, decide, **kw):
    return Triage(engine=world, store=store, notifier=Notifier(store, clock), clock=clock, agent=roster["tic"],
                  resolve=lambda rel: home / rel, sources=sources, decide=decide, **kw)


def decisions(world):
    with world.connect() as conn:
        return [dict(r) for r in conn.execute(select(decision_table).order_by(decision_table.c.id)).mappings()]


def test_t2_rules_are_read_fresh_every_tick_into_the_prompt(world, store, roster, clock, home):
    decide = RecordingDecider()
    triage = make(world, store, roster, clock, home, [ListSource(items=[email(1)])], decide)
    rules = home / "data" / "notifications.md"
    rules.write_text("## Always notify\n- Emails from Mario\n")
    triage.tick()
    assert "Emails from Mario" in triage.last_prompt
    rules.write_text("## Never notify\n- Group chats\n")
    triage.source_items = None
    triage._sources[0].items = [email(3)]
    triage.tick()
    assert decide.texts[-1] == "## Never notify\n- Group chats\n"
    assert "Group chats" in triage.last_prompt and "Mario" not in triage.last_prompt


def test_t2_missing_rules_file_means_heuristics(world, store, roster, clock, home):
    decide = RecordingDecider()
    triage = make(world, store, roster, clock, home, [ListSource(items=[email(1)])], decide)
    triage.tick()
    assert decide.texts == [None]
    assert "built-in heuristics" in triage.last_prompt


def test_t2_empty_tick_is_correct_and_decides_nothing(world, store, roster, clock, home):
    decide = RecordingDecider()
    report = make(world, store, roster, clock, home, [ListSource()], decide).tick()
    assert report.decided == [] and decide.seen == []


def test_t5_t6_each_event_decided_once_with_its_reason(world, store, roster, clock, home):
    decide = RecordingDecider()
    src = ListSource(items=[email(1), email(2)])
    triage = make(world, store, roster, clock, home, [src], decide)
    first = triage.tick()
    second = triage.tick()
    assert [e.key for e, _ in first.decided] == ["email:m1@x", "email:m2@x"]
    assert second.decided == [] and second.skipped == 2
    assert decide.seen == ["email:m1@x", "email:m2@x"]
    rows = decisions(world)
    assert [(r["event_key"], r["notify"], r["reason"], r["rule"]) for r in rows] == [
        ("email:m1@x", True, "rule says yes", "the rule"),
        ("email:m2@x", False, "rule says no", "the rule"),
    ]
    (n,) = store.pending("agent:main")  # H2: one notification for the one surfaced event
    assert n.params["summary"] == "Person 1 wrote." and n.params["refs"]["subject"] == "Subject 1"


def test_t5_an_edited_message_is_judged_again_as_an_update(world, store, roster, clock, home):
    decide = RecordingDecider()
    src = ListSource(items=[email(1)])
    triage = make(world, store, roster, clock, home, [src], decide)
    triage.tick()
    store.take("agent:main")
    src.items = [email(1, body="edited")]
    report = triage.tick()
    assert len(report.decided) == 1
    rows = decisions(world)
    assert [r["is_update"] for r in rows] == [False, True]
    (n,) = store.pending("agent:main")
    assert n.params["event_type"] == "message_edited"


class Crash(BaseException):
    """A kill: not an error of one event (R2 isolates those), the process stopping mid-tick."""


def crash_on_second_notify(triage, monkeypatch) -> None:
    """Make the tick's second `notify` stop the tick, as a crash mid-tick would."""
    real = triage._notifier.notify
    calls = {"n": 0}

    def flaky(note, connection=None):
        calls["n"] += 1
        if calls["n"] == 2:
            raise Crash("crash while notifying the second surfaced event")
        return real(note, connection=connection)

    monkeypatch.setattr(triage._notifier, "notify", flaky)


def test_t5_crash_mid_tick_redecides_only_the_undecided(world, store, roster, clock, home, monkeypatch):
    decide = RecordingDecider()
    src = ListSource(items=[email(1), email(3)])
    triage = make(world, store, roster, clock, home, [src], decide, chunk_size=1)  # one event per transaction
    crash_on_second_notify(triage, monkeypatch)
    with pytest.raises(Crash):
        triage.tick()
    assert [r["event_key"] for r in decisions(world)] == ["email:m1@x"]
    assert src.asked[-1][0] is None  # the cursor was not advanced
    report = triage.tick()
    assert [e.key for e, _ in report.decided] == ["email:m3@x"]
    assert [n.params["refs"]["subject"] for n in store.pending("agent:main")] == ["Subject 1", "Subject 3"]


def test_t5_h2_crash_mid_chunk_commits_neither_decisions_nor_notifications(world, store, roster, clock, home, monkeypatch):
    decide = RecordingDecider()
    src = ListSource(items=[email(1), email(2), email(3)])
    triage = make(world, store, roster, clock, home, [src], decide)  # all three in one transaction
    crash_on_second_notify(triage, monkeypatch)
    with pytest.raises(Crash):
        triage.tick()
    assert decisions(world) == [] and store.pending("agent:main") == []  # no decision without its notification
    report = triage.tick()
    assert [e.key for e, _ in report.decided] == ["email:m1@x", "email:m2@x", "email:m3@x"]
    assert [n.params["refs"]["subject"] for n in store.pending("agent:main")] == ["Subject 1", "Subject 3"]


def test_s5_first_run_window_then_cursor(world, store, roster, clock, home):
    src = ListSource(items=[email(1)])
    triage = make(world, store, roster, clock, home, [src], RecordingDecider())
    triage.tick()
    triage.tick()
    assert src.asked[0] == (None, clock.now() - timedelta(hours=24))
    assert src.asked[1] == ({"n": 1}, None)


def test_r2_item_errors_and_a_failing_source_warn_and_the_tick_goes_on(world, store, roster, clock, home):
    bad = ListSource(items=[email(1)], errors=[ItemError("mail", "cur/123", "no From header")])
    down = ListSource(name="calendar", fail="calendar.ics: cannot parse")
    good = ListSource(name="whatsapp", items=[email(3)])
    report = make(world, store, roster, clock, home, [bad, down, good], RecordingDecider()).tick()
    assert {e.key for e, _ in report.decided} == {"email:m1@x", "email:m3@x"}
    warns = [n for n in store.pending("agent:main") if n.kind == "notice"]
    assert {n.template for n in warns} == {"a source item could not be read", "a source could not be read"}
    assert all(n.severity == "warn" for n in warns)


@pytest.mark.parametrize("content", [b"## Always notify\n- Emails from Mario \xff\xfe\n", None])
def test_r2_an_unreadable_rules_file_warns_and_decides_nothing_until_fixed(world, store, roster, clock, home, content):
    rules = home / "data" / "notifications.md"
    if content is None:
        rules.mkdir()  # a folder where the file should be
    else:
        rules.write_bytes(content)
    decide = RecordingDecider()
    src = ListSource(items=[email(1)])
    triage = make(world, store, roster, clock, home, [src], decide)
    report = triage.tick()
    assert report.decided == [] and decide.seen == [] and src.asked == []  # sources not even read
    (warn,) = [n for n in store.pending("agent:main") if n.kind == "notice"]
    assert warn.severity == "warn" and "notifications.md" in warn.params["error"]
    if content is None:
        rules.rmdir()
    rules.write_text("## Always notify\n- Emails from Mario\n")
    assert [e.key for e, _ in triage.tick().decided] == ["email:m1@x"]  # kept for later, decided once fixed
