"""R2, R3, T5 - the fault suite: one poison event among 100 good ones never blocks the tick (SQLite and PostgreSQL).

Each poison event sits alone in a tick with 100 good ones: the 100 are decided and
notified, the poison one is recorded as failed (or decided, where a cap at the edge
makes it harmless), and the next tick moves on. A backlog killed mid-tick again and
again still makes progress. A fuzz run over events of random sizes and characters
never raises and never exceeds the tick's time budget.
"""

from __future__ import annotations

import json
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import select

from tic.db import decision_table, failure_table
from tic.sources import Event, IcsFileSource, Person, WhatsAppSource
from tic.triage import Decision
from tic.triage import history
from tic.triage._failures import MAX_ATTEMPTS
from tic.triage._guard import guarded_rules
from tic.triage.decide import decide_events
from tic.triage.prompt import RULE_CHARS, RULES_FILE_CAP
from tic.notification import summarize

from tests.conftest import T0
from tests.triage._fuzz import LINE, rules_files
from tests.triage.test_tick import ListSource, home, make  # noqa: F401 - home is a fixture

GOOD = 100
TICK_BUDGET = 20.0  # seconds: a tick of 101 events takes well under a second here; this is a hang detector


def notify_all(events, rules_text, now):
    """Surfaces every event with the summary the real decider writes (which quotes the sender's name)."""
    return [Decision(e.key, True, "test: every event", rule="every event", summary=summarize(e), decided_by="rule")
            for e in events]


def notifications(store) -> list:
    return [n for n in store.pending("agent:main") if n.kind == "notification"]


def warnings(store) -> list:
    return [n for n in store.pending("agent:main") if n.kind == "notice" and n.severity == "warn"]


def decided_keys(world) -> list[str]:
    with world.connect() as conn:
        return [k for (k,) in conn.execute(select(decision_table.c.event_key).order_by(decision_table.c.id))]


def failure_rows(world) -> list[dict]:
    with world.connect() as conn:
        return [dict(r) for r in conn.execute(select(failure_table)).mappings()]


def wa_line(i: int, **over) -> str:
    line = {"id": f"wa-{i}", "chat": f"Friend {i}", "is_group": False, "from": f"Friend {i}",
            "from_number": f"+1555{i:07d}", "body": f"message number {i}",
            "timestamp": (T0 - timedelta(minutes=30)).isoformat(), "mentions": []}
    line.update(over)
    return json.dumps(line)


def whatsapp_file(path: Path, poison: str | None, n: int = GOOD) -> Path:
    lines = [wa_line(i) for i in range(n)]
    if poison is not None:
        lines.insert(n // 2, poison)
    path.write_text("\n".join(lines) + "\n")
    return path


def vevent(uid: str, start: datetime, extra: str = "") -> str:
    return (f"BEGIN:VEVENT\r\nUID:{uid}\r\nDTSTAMP:20261130T080000Z\r\nCREATED:20261130T080000Z\r\n"
            f"DTSTART:{start:%Y%m%dT%H%M%SZ}\r\nDTEND:{start + timedelta(minutes=30):%Y%m%dT%H%M%SZ}\r\n"
            f"SUMMARY:Meeting {uid}\r\n{extra}END:VEVENT\r\n")


def calendar_file(path: Path, poison: str) -> Path:
    good = [vevent(f"good-{i}", T0 + timedelta(minutes=10 + i)) for i in range(GOOD)]
    good.insert(GOOD // 2, poison)
    path.write_text("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//faults//EN\r\n" + "".join(good) + "END:VCALENDAR\r\n")
    return path


def timed_tick(triage):
    t0 = time.perf_counter()
    report = triage.tick()
    took = time.perf_counter() - t0
    assert took < TICK_BUDGET, f"the tick took {took:.1f} s"
    return report


# --- R2: poison at the edge ----------------------------------------------------------------------


def test_r2_a_2100_character_sender_name_is_capped_and_all_101_are_notified(world, store, roster, clock, home):
    path = whatsapp_file(home / "whatsapp.jsonl", wa_line(999, **{"from": "N" * 2_100}))
    source = WhatsAppSource(path)
    triage = make(world, store, roster, clock, home, [source], notify_all)
    report = timed_tick(triage)
    assert len(report.decided) == GOOD + 1 and not report.failed and not report.errors
    notes = notifications(store)
    assert len(notes) == GOOD + 1 and all(len(n.params["summary"]) <= 2_000 for n in notes)
    poison = next(n for n in notes if n.params["refs"]["event_key"] == "whatsapp:wa-999")
    assert poison.params["refs"]["from_name"].endswith("…") and len(poison.params["refs"]["from_name"]) <= 256
    with path.open("a") as f:  # the next tick moves on
        f.write(wa_line(1_000) + "\n")
    clock.advance(900)
    assert [e.key for e, _ in timed_tick(triage).decided] == ["whatsapp:wa-1000"]


def test_r2_a_nul_in_a_whatsapp_body_is_dropped_at_the_edge(world, store, roster, clock, home):
    path = whatsapp_file(home / "whatsapp.jsonl", wa_line(999, body="see you\u0000 at 7", chat="Nul\u0000Chat"))
    triage = make(world, store, roster, clock, home, [WhatsAppSource(path)], notify_all)
    report = timed_tick(triage)
    assert len(report.decided) == GOOD + 1 and not report.failed
    (poison,) = [n for n in notifications(store) if n.params["refs"]["event_key"] == "whatsapp:wa-999"]
    assert "\x00" not in json.dumps(poison.params) and poison.params["refs"]["text"] == "see you at 7"
    (row,) = [r for r in history.decisions_for(world, "whatsapp:wa-999")]
    assert "\x00" not in (row.label or "") + (row.summary or "")


@pytest.mark.parametrize("rule", ["FREQ=SECONDLY;COUNT=1000000", "FREQ=SECONDLY", "FREQ=MINUTELY;INTERVAL=1"])
def test_r2_a_dense_recurrence_costs_little_and_the_others_are_decided(world, store, roster, clock, home, rule):
    poison = vevent("dense", T0 - timedelta(days=300), extra=f"RRULE:{rule}\r\n")
    source = IcsFileSource(calendar_file(home / "calendar.ics", poison), horizon=timedelta(hours=24))
    t0 = time.perf_counter()
    fetched = source.fetch(None, now=T0, since=None)
    assert time.perf_counter() - t0 < 2.0  # was 150 s (COUNT) and 20 s / 268 MB (unbounded)
    (dense,) = [e for e in fetched.events if e.key == "calendar:dense"]
    assert T0 <= dense.start <= T0 + timedelta(minutes=1) or "COUNT" in rule  # the next instance, found cheaply
    report = timed_tick(make(world, store, roster, clock, home, [source], notify_all))
    assert {f"calendar:good-{i}" for i in range(GOOD)} <= {e.key for e, _ in report.decided}
    assert len(notifications(store)) == len(report.decided) and not report.failed


def test_r2_one_malformed_vevent_costs_only_itself_and_is_parked_after_repeated_failures(world, store, roster, clock,
                                                                                           home):
    poison = "BEGIN:VEVENT\r\nUID:broken-one\r\nDTSTART:not-a-date\r\nSUMMARY:Broken\r\n"  # bad date, never closed
    source = IcsFileSource(calendar_file(home / "calendar.ics", poison), horizon=timedelta(hours=24))
    triage = make(world, store, roster, clock, home, [source], notify_all)
    report = timed_tick(triage)
    assert {e.key for e, _ in report.decided} == {f"calendar:good-{i}" for i in range(GOOD)}
    assert len(notifications(store)) == GOOD
    (failed,) = history.failures_for(world, "calendar:broken-one")
    assert failed.stage == "read" and "not closed" in failed.error and failed.attempts == 1 and not failed.parked
    assert any(n.template == "a source item could not be read" for n in warnings(store))
    for _ in range(MAX_ATTEMPTS):  # read again with its calendar every tick: parked after MAX_ATTEMPTS, then silent
        clock.advance(900)
        report = timed_tick(triage)
        assert report.decided == []
    (failed,) = history.failures_for(world, "calendar:broken-one")
    assert failed.parked and failed.attempts == MAX_ATTEMPTS
    assert "set aside" in failed.what


def test_r2_an_exception_deciding_one_event_fails_it_alone_then_it_is_retried_then_parked(world, store, roster, clock,
                                                                                           home):
    events = [_email(i) for i in range(GOOD)] + [_email(999)]
    source = ListSource(items=events)
    calls = []

    def decide(batch, rules_text, now):
        calls.append(len(batch))
        if any(e.key == "email:ev999@x" for e in batch):
            raise RuntimeError("the decider broke on this one")
        return notify_all(batch, rules_text, now)

    triage = make(world, store, roster, clock, home, [source], decide)
    report = timed_tick(triage)
    assert len(report.decided) == GOOD and len(notifications(store)) == GOOD
    (failure,) = report.failed
    assert (failure.key, failure.stage, failure.attempts) == ("email:ev999@x", "decide", 1)
    assert "RuntimeError: the decider broke on this one" in failure.error
    assert len(calls) < 20  # isolated by halving, not one call per event
    warn = [n for n in warnings(store) if n.params.get("event") == "email:ev999@x"]
    assert warn and warn[0].params["stage"] == "decide"
    source.items = []  # the cursor moved on: the retry comes from the failure record, not the source
    for attempt in range(2, MAX_ATTEMPTS + 1):
        clock.advance(900)
        report = timed_tick(triage)
        assert [(f.key, f.attempts) for f in report.failed] == [("email:ev999@x", attempt)]
    assert report.failed[0].parked
    clock.advance(900)
    report = timed_tick(triage)  # parked: never offered again, still shown
    assert report.failed == [] and report.decided == []
    (shown,) = history.failures_for(world, "email:ev999@x")
    assert shown.parked and shown.stage == "decide"
    assert source.asked[-1][0] == {"n": 0}  # every tick saved its cursor


def test_r2_a_failed_event_is_decided_when_the_retry_succeeds_and_its_failure_is_cleared(world, store, roster, clock,
                                                                                          home):
    broken = {"on": True}

    def decide(batch, rules_text, now):
        if broken["on"] and any(e.key == "email:ev7@x" for e in batch):
            raise ValueError("transient")
        return notify_all(batch, rules_text, now)

    triage = make(world, store, roster, clock, home, [ListSource(items=[_email(i) for i in range(10)])], decide)
    assert len(timed_tick(triage).decided) == 9
    broken["on"] = False
    clock.advance(900)
    report = timed_tick(triage)
    assert [e.key for e, _ in report.decided] == ["email:ev7@x"]
    assert failure_rows(world) == [] and history.failures_for(world, "email:ev7@x") == []
    assert sorted(decided_keys(world)) == sorted(f"email:ev{i}@x" for i in range(10))


def test_r2_a_notification_that_cannot_be_built_fails_its_event_alone(world, store, roster, clock, home, monkeypatch):
    import tic.triage.tick as tick_module

    real = tick_module.notification_for

    def fragile(event, summary, *, is_update=False):
        if event.key == "email:ev999@x":
            raise ValueError("summary should have at most 2000 characters")
        return real(event, summary, is_update=is_update)

    monkeypatch.setattr(tick_module, "notification_for", fragile)
    items = [_email(i) for i in range(GOOD)] + [_email(999)]
    triage = make(world, store, roster, clock, home, [ListSource(items=items)], notify_all)
    report = timed_tick(triage)
    assert len(report.decided) == GOOD and len(notifications(store)) == GOOD
    assert [(f.key, f.stage) for f in report.failed] == [("email:ev999@x", "notify")]
    assert "email:ev999@x" not in decided_keys(world)  # no decision without its notification (H2)


def test_r3_a_decider_failing_on_every_event_charges_none_of_them(world, store, roster, clock, home):
    def broken(batch, rules_text, now):
        raise RuntimeError("model adapter misconfigured")

    source = ListSource(items=[_email(i) for i in range(20)])
    report = timed_tick(make(world, store, roster, clock, home, [source], broken))
    assert report.decided == [] and report.failed == [] and len(report.undecided) == 20
    assert failure_rows(world) == []
    assert any(n.template == "the triage agent could not decide" for n in warnings(store))
    clock.advance(900)
    report = timed_tick(make(world, store, roster, clock, home, [source], notify_all))
    assert len(report.decided) == 20  # kept for the next tick, decided once the decider works


# --- T5: a backlog killed mid-tick still makes progress --------------------------------------------


class Killed(BaseException):
    """The process killed mid-tick (not an event's error: nothing isolates it)."""


def test_t5_a_backlog_killed_mid_tick_again_and_again_makes_progress(world, store, roster, clock, home):
    backlog = [_email(i) for i in range(1_500)]
    source = ListSource(items=backlog)
    done = []
    for _ in range(5):
        left = {"chunks": 3}

        def dies_after_three_chunks(batch, rules_text, now):
            if left["chunks"] == 0:
                raise Killed()
            left["chunks"] -= 1
            return notify_all(batch, rules_text, now)

        triage = make(world, store, roster, clock, home, [source], dies_after_three_chunks, chunk_size=100)
        try:
            triage.tick()
        except Killed:
            pass
        done.append(len(decided_keys(world)))
        assert source.asked[-1][0] is None  # the cursor is saved only by a tick that ends
    assert done == [300, 600, 900, 1_200, 1_500]  # every killed tick kept the chunks it finished
    report = timed_tick(make(world, store, roster, clock, home, [source], notify_all, chunk_size=100))
    assert report.decided == [] and report.skipped == 1_500
    keys = decided_keys(world)
    assert len(keys) == len(set(keys)) == 1_500
    assert len(notifications(store)) == 1_500  # each exactly once


# --- R2: the rules file's bounds -------------------------------------------------------------------


def test_r2_a_rules_file_over_the_cap_is_not_read_and_the_heuristics_decide_uncertain(world, store, roster, clock,
                                                                                        home):
    rules = home / "data" / "notifications.md"
    rules.write_text("## Never notify\n" + "".join(f"- Emails from Person {i} Smith\n" for i in range(15_000)))
    assert rules.stat().st_size > RULES_FILE_CAP
    decisions = []

    def decide(batch, rules_text, now):
        out = decide_events(batch, rules_text, now)
        decisions.extend(out)
        return out

    t0 = time.perf_counter()
    report = make(world, store, roster, clock, home, [ListSource(items=[_email(1)])], decide).tick()
    assert time.perf_counter() - t0 < 5.0
    assert len(report.decided) == 1 and any("more than the 256 KiB" in e for e in report.errors)
    assert not decisions[0].certain and "not certain" in decisions[0].reason
    assert any(n.template == "the preferences file is too large to read" for n in warnings(store))


def test_r2_a_rule_too_long_is_not_understood_and_the_others_still_apply():
    long_rule = "Emails from " + " or ".join(f"Person{i}" for i in range(400))
    assert len(long_rule) > RULE_CHARS
    ruleset = guarded_rules(f"## Always notify\n- Emails from Mario Rossi\n- {long_rule}\n\n## Never notify\n- Newsletters\n")
    understood = [r for r in ruleset.rules if r.understood]
    assert [r.text for r in understood] == ["Emails from Mario Rossi", "Newsletters"]
    (too_long,) = ruleset.not_understood
    assert too_long.section == "always" and too_long.why_not.startswith("too long") and len(too_long.text) < 200
    assert guarded_rules(ruleset.text) is ruleset  # an unchanged file is read once


# --- the fuzz: random sizes and characters ---------------------------------------------------------

RULES = rules_files(4)


@settings(max_examples=30, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                 HealthCheck.data_too_large])
@given(lines=st.lists(LINE, min_size=1, max_size=6), rules=RULES, garbage=st.binary(max_size=200))
def test_r2_fuzz_events_and_rules_of_any_size_and_characters_never_raise_nor_exceed_the_budget(
        world, store, roster, clock, home, lines, rules, garbage):
    n = len(list(home.glob("fuzz-*.jsonl")))
    path = home / f"fuzz-{n}.jsonl"
    stamp = (T0 - timedelta(minutes=5)).isoformat()
    body = b"".join(json.dumps({**line, "id": f"{n}-{i}-{line['id']}", "timestamp": stamp}).encode("utf-8", "surrogatepass")
                    + b"\n" for i, line in enumerate(lines))
    path.write_bytes(body + garbage.replace(b"\n", b" ") + b"\n")
    (home / "data" / "notifications.md").write_bytes(rules.encode("utf-8", "replace"))
    triage = make(world, store, roster, clock, home, [WhatsAppSource(path, name=f"fuzz{n}")], decide_events)
    report = timed_tick(triage)  # nothing raises, within the budget
    assert len(report.decided) + len(report.failed) + len(report.undecided) >= len(lines)  # each line accounted for


def _email(i: int) -> Event:
    return Event(key=f"email:ev{i}@x", source="mail", kind="email", type="message",
                 time=datetime(2026, 11, 30, 8, 0, tzinfo=timezone.utc) + timedelta(seconds=i),
                 sender=Person(name=f"Sender {i}", address=f"s{i}@example.org"), subject=f"Subject {i}", body="hello")


def test_r2_why_shows_a_failed_event(tmp_path, monkeypatch):
    """`./tic why KEY` on an event that failed: where, why, how often, and whether it is tried again."""
    from tests.triage.test_triage_cli import env, run  # noqa: F401 - env is a fixture

    import os

    for k in list(os.environ):
        if k.startswith("TIC_"):
            monkeypatch.delenv(k)
    from tests.conftest import ROOT

    monkeypatch.setenv("TIC_HOME", str(ROOT))
    monkeypatch.setenv("TIC_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("TIC_DEMO", "false")
    sources = tmp_path / "sources"
    sources.mkdir()
    soon = datetime.now(timezone.utc) + timedelta(hours=1)
    (sources / "calendar.ics").write_text(
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n" + vevent("fine", soon) + "BEGIN:VEVENT\r\nUID:broken-one\r\n"
        "DTSTART:not-a-date\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
    assert run("tick", "--sources", str(sources)).exit_code == 0
    r = run("why", "broken-one")
    assert r.exit_code == 0, r.output
    assert r.output.startswith("calendar:broken-one")
    assert "failed 1 time (read)" in r.output and "DTSTART cannot be read" in r.output
    data = json.loads(run("why", "calendar:broken-one", "--json").output)
    assert data["decisions"] == [] and data["failures"][0]["stage"] == "read"
    assert data["failures"][0]["parked"] is False


def test_r2_a_chat_line_with_a_nul_is_stored_without_it(world, clock):
    """PostgreSQL refuses NUL in text: a typed line or a model's reply with one is stored without it."""
    from tic.hub._history import ChatHistory
    from tic.models import AssistantMessage

    chat = ChatHistory(world, clock)
    chat.append_user("what's new?\x00 and \udcff")
    chat.append_assistant(AssistantMessage(content="nothing\x00 new", tool_calls=(), reasoning="r\x00"))
    assert [m["content"] for m in chat.rows()] == ["what's new? and ?", "nothing new"]
