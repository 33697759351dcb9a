"""T11 holds through the real tick, on a ManualClock: held, then surfaced exactly once when the hold ends.

The decider is a stub behind the `decide(events, rules_text, now, tz)` interface: it holds
every event whose subject ends in an odd digit until 07:00 the next morning in the user's
zone (quiet hours), and notifies the rest at once.
"""

from __future__ import annotations

import threading
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest
from sqlalchemy import func, select

from tic.clock import ManualClock
from tic.db import decision_table, held_event_table
from tic.hub import Notifier
from tic.notices import SqlNoticeStore
from tic.triage import Decision
from tic.triage._decision import hold_phrase
from tic.triage.tick import Triage
from tests.triage.test_tick import ListSource, email

ROME = ZoneInfo("Europe/Rome")
EVENING = datetime(2026, 11, 30, 22, 0, tzinfo=timezone.utc)  # 23:00 in Rome
SEVEN = datetime(2026, 12, 1, 6, 0, tzinfo=timezone.utc)  # 07:00 in Rome the next morning


class QuietHours:
    """Holds odd subjects until the next 07:00 in `tz` ("quiet hours"); notifies even ones now."""

    def __init__(self, *, phrase: bool = True, notify_body: str | None = None):
        self.zones: list = []
        self.phrase = phrase  # False: leave the reason without the hold (the tick must add it)
        self.notify_body = notify_body  # an event with this body is notified at once, held or not

    def __call__(self, events, rules_text, now, tz):
        self.zones.append(tz)
        out = []
        for e in events:
            if int(e.subject[-1]) % 2 == 0 or e.body == self.notify_body:
                out.append(Decision(e.key, True, "Always notify: anything", summary=f"{e.sender.name} wrote."))
                continue
            local = now.astimezone(tz)
            until = (local + timedelta(days=1) if local.hour >= 7 else local).replace(hour=7, minute=0, second=0,
                                                                                     microsecond=0)
            reason = "Custom rule: quiet hours 22-7"
            if self.phrase:
                reason += " - " + hold_phrase(until, tz, "quiet hours", now=now)
            out.append(Decision(e.key, False, reason, rule="quiet hours 22-7", summary=f"{e.sender.name} wrote.",
                                decided_by="rule", held_until=until, hold_reason="quiet hours"))
        return out


@pytest.fixture
def evening():
    return ManualClock(EVENING)


@pytest.fixture
def home(tmp_path):
    (tmp_path / "data").mkdir()
    return tmp_path


def make(world, store, roster, clock, home, items, decide, **kw):
    return Triage(engine=world, store=store, notifier=Notifier(store, clock), clock=clock, agent=roster["tic"],
                  resolve=lambda rel: home / rel, sources=[ListSource(items=items)], decide=decide,
                  timezone="Europe/Rome", **kw)


def notifications(store):
    return [n for n in store.pending("agent:main") if n.kind == "notification"]


def held_rows(world):
    with world.connect() as conn:
        return [dict(r) for r in conn.execute(select(held_event_table).order_by(held_event_table.c.id)).mappings()]


def test_t11_a_held_event_is_recorded_as_held_and_not_notified(world, roster, evening, home):
    store = SqlNoticeStore(world, roster, evening)
    decide = QuietHours()
    report = make(world, store, roster, evening, home, [email(1), email(2)], decide).tick()
    assert decide.zones == [ROME]  # T9: the decider reads time in the user's zone
    (_, held), (_, now) = report.decided
    assert held.held_until == SEVEN and held.notify is False and report.held == 1
    assert held.reason == "Custom rule: quiet hours 22-7 - held until 07:00 (quiet hours)"
    assert [n.params["refs"]["subject"] for n in notifications(store)] == ["Subject 2"]  # only the one not held
    (row,) = held_rows(world)
    assert (row["event_key"], row["held_until"], row["reason"], row["zone"]) == ("email:m1@x", SEVEN, "quiet hours", "Europe/Rome")
    assert row["released_at"] is None and row["notice_id"] is None and row["summary"] == "Person 1 wrote."
    with world.connect() as conn:
        (notify,) = conn.execute(select(decision_table.c.notify).where(decision_table.c.event_key == "email:m1@x")).one()
    assert notify is False


def test_t11_the_tick_after_the_hold_ends_notifies_it_once(world, roster, evening, home):
    store = SqlNoticeStore(world, roster, evening)
    triage = make(world, store, roster, evening, home, [email(1)], QuietHours())
    triage.tick()
    evening.advance((SEVEN - EVENING).total_seconds() - 60)  # 06:59: still held
    assert triage.tick().released == [] and notifications(store) == []
    evening.advance(60)  # 07:00
    report = triage.tick()
    (release,) = report.released
    assert release.event.key == "email:m1@x" and release.released_at == SEVEN
    assert release.reason == "released at 07:00 (held until 07:00, quiet hours)"
    (n,) = notifications(store)
    assert n.params["summary"] == "Person 1 wrote." and n.params["event_type"] == "message"
    (row,) = held_rows(world)
    assert row["released_at"] == SEVEN and row["notice_id"] == n.id
    evening.advance(900)
    assert triage.tick().released == [] and len(notifications(store)) == 1  # never again


def test_t11_the_tick_says_until_when_when_the_decider_did_not(world, roster, evening, home):
    store = SqlNoticeStore(world, roster, evening)
    report = make(world, store, roster, evening, home, [email(1)], QuietHours(phrase=False)).tick()
    ((_, d),) = report.decided
    assert d.reason == "Custom rule: quiet hours 22-7; held until 07:00 (quiet hours)"


def test_t11_a_restart_does_not_surface_it_twice(world, roster, evening, home):
    store = SqlNoticeStore(world, roster, evening)
    make(world, store, roster, evening, home, [email(1)], QuietHours()).tick()
    evening.advance((SEVEN - EVENING).total_seconds())
    assert len(make(world, store, roster, evening, home, [email(1)], QuietHours()).tick().released) == 1
    for _ in range(2):  # the engine restarts: a new Triage (and store) on the same world
        restarted = SqlNoticeStore(world, roster, evening)
        report = make(world, restarted, roster, evening, home, [email(1)], QuietHours()).tick()
        assert report.released == [] and report.decided == []
    assert len(notifications(store)) == 1


def test_t11_a_crash_while_releasing_loses_nothing_and_doubles_nothing(world, roster, evening, home, monkeypatch):
    store = SqlNoticeStore(world, roster, evening)
    triage = make(world, store, roster, evening, home, [email(1), email(3)], QuietHours())
    triage.tick()
    evening.advance((SEVEN - EVENING).total_seconds())
    from tests.triage.test_tick import Crash, crash_on_second_notify

    crash_on_second_notify(triage, monkeypatch)
    with pytest.raises(Crash):
        triage.tick()
    assert [r["released_at"] is not None for r in held_rows(world)] == [True, False]  # the second: neither
    assert [n.params["refs"]["subject"] for n in notifications(store)] == ["Subject 1"]
    monkeypatch.undo()
    report = make(world, store, roster, evening, home, [email(1), email(3)], QuietHours()).tick()
    assert [r.event.key for r in report.released] == ["email:m3@x"]
    assert [n.params["refs"]["subject"] for n in notifications(store)] == ["Subject 1", "Subject 3"]


def test_t11_an_edited_held_event_replaces_the_hold(world, roster, evening, home):
    store = SqlNoticeStore(world, roster, evening)
    decide = QuietHours(notify_body="urgent now")
    src = ListSource(items=[email(1), email(3)])
    triage = Triage(engine=world, store=store, notifier=Notifier(store, evening), clock=evening, agent=roster["tic"],
                    resolve=lambda rel: home / rel, sources=[src], decide=decide, timezone="Europe/Rome")
    triage.tick()
    evening.advance(3600)  # 00:00 in Rome: both edited; m1 now says it is urgent, m3 is held again
    src.items = [email(1, body="urgent now"), email(3, body="edited")]
    report = triage.tick()
    assert [(e.key, d.notify, d.held) for e, d in report.decided] == [("email:m1@x", True, False),
                                                                      ("email:m3@x", False, True)]
    (edited,) = notifications(store)
    assert edited.params["event_type"] == "message_edited" and edited.params["refs"]["subject"] == "Subject 1"
    rows = held_rows(world)
    assert [(r["event_key"], r["replaced_at"] is not None) for r in rows] == [
        ("email:m1@x", True), ("email:m3@x", True), ("email:m3@x", False)]
    evening.advance((SEVEN - EVENING).total_seconds())
    (release,) = triage.tick().released  # only the latest version of m3; m1's old hold is over
    assert release.event.body == "edited"
    subjects = [(n.params["refs"]["subject"], n.params["event_type"]) for n in notifications(store)]
    assert subjects == [("Subject 1", "message_edited"), ("Subject 3", "message_edited")]


def test_t11_a_hold_already_over_is_surfaced_in_the_same_tick(world, roster, home):
    morning = ManualClock(SEVEN + timedelta(hours=1))  # 08:00: a decider holding "until 07:00 today"

    def late_hold(events, rules_text, now, tz):
        return [Decision(e.key, False, "held", held_until=SEVEN, hold_reason="quiet hours") for e in events]

    store = SqlNoticeStore(world, roster, morning)
    report = make(world, store, roster, morning, home, [email(1)], late_hold).tick()
    assert report.held == 1 and [r.event.key for r in report.released] == ["email:m1@x"]
    assert len(notifications(store)) == 1


def test_t11_two_engines_release_each_held_event_once(world, roster, evening, home):
    items = [email(1).model_copy(update={"key": f"email:h{i}@x"}) for i in range(40)]
    first = SqlNoticeStore(world, roster, evening)
    make(world, first, roster, evening, home, items, QuietHours()).tick()
    assert len(held_rows(world)) == 40 and notifications(first) == []
    evening.advance((SEVEN - EVENING).total_seconds())
    engines = []
    for _ in range(2):
        store = SqlNoticeStore(world, roster, evening)
        engines.append(make(world, store, roster, evening, home, items, QuietHours()))
    start = threading.Barrier(2)
    reports, errors = [], []

    def tick(triage):
        try:
            start.wait(5)
            reports.append(triage.tick())
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=tick, args=(t,)) for t in engines]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert errors == []
    released = sorted(r.event.key for report in reports for r in report.released)
    assert released == sorted(e.key for e in items)  # each by one engine or the other, never both
    assert len(notifications(first)) == 40
    rows = held_rows(world)
    assert all(r["released_at"] == SEVEN and r["notice_id"] is not None for r in rows)
    assert len({r["notice_id"] for r in rows}) == 40
    with world.connect() as conn:
        assert conn.execute(select(func.count()).select_from(decision_table)).scalar() == 40  # decided once each
