"""R3, T2, T5, T6 through the real tick with a model configured (a scripted one): undecided events come back."""

from __future__ import annotations

import pytest
from sqlalchemy import event as sa_event, select

from tic.db import decision_table, pending_event_table
from tic.hub import Notifier
from tic.models import AssistantMessage, ToolCall
from tic.sources._base import Fetched
from tic.triage.decide import TriageDecider
from tic.triage.model_decider import CALL_FAILED, FAILURE_TEMPLATE, ModelDecider
from tic.triage.tick import Triage

from tests.fakes import ScriptedModel
from tests.triage._factories import chat
from tests.triage.test_model_decider import fail, notify, skip

BEN = chat("Ben", "see you then", key="whatsapp:ben")  # the heuristics only guess: it goes to the model
ALEX = chat("Alex", "can you call me before 5 today?", key="whatsapp:alex")  # certain: never goes to the model


class CursorSource:
    """Serves `items` once; afterwards only what `later` holds (a real source's cursor semantics)."""

    kind = "whatsapp"

    def __init__(self, items, name="whatsapp"):
        self.name = name
        self.items = list(items)
        self.later: list = []
        self.asked: list = []

    def fetch(self, cursor, *, now, since):
        self.asked.append(cursor)
        events = self.items if cursor is None else self.later
        self.later = []
        return Fetched(events=list(events), cursor={"n": len(self.asked)})


@pytest.fixture
def home(tmp_path):
    (tmp_path / "data").mkdir()
    return tmp_path


def triage_with(world, store, roster, clock, home, source, model):
    decide = TriageDecider(roster["tic"], model, model_decider=ModelDecider(model, attempts=1, sleep=lambda s: None),
                           warn=lambda t, p: store.post(t, p, severity="warn", audience="*"))
    return Triage(engine=world, store=store, notifier=Notifier(store, clock), clock=clock, agent=roster["tic"],
                  resolve=lambda rel: home / rel, sources=[source], decide=decide)


def rows(world, table):
    with world.connect() as conn:
        return [dict(r) for r in conn.execute(select(table)).mappings()]


def test_r3_undecided_events_stay_undecided_and_come_back_next_tick(world, store, roster, clock, home):
    source = CursorSource([BEN, ALEX])
    model = ScriptedModel(fail(), AssistantMessage(tool_calls=(notify("e1", "Ben sent a WhatsApp message."),)))
    triage = triage_with(world, store, roster, clock, home, source, model)

    first = triage.tick()
    assert [e.key for e, _ in first.decided] == ["whatsapp:alex"] and [e.key for e in first.undecided] == ["whatsapp:ben"]
    assert [r["event_key"] for r in rows(world, decision_table)] == ["whatsapp:alex"]  # Ben not recorded
    (pending,) = rows(world, pending_event_table)
    assert pending["event_key"] == "whatsapp:ben" and pending["offers"] == 1
    warns = [n for n in store.pending("agent:main") if n.kind == "notice"]
    assert [(n.template, n.params, n.severity) for n in warns] == [
        (FAILURE_TEMPLATE, {"model": "scripted", "problem": CALL_FAILED}, "warn")]

    clock.advance(900)
    second = triage.tick()  # the source has nothing new: Ben comes from the pending table
    model.assert_done()
    assert source.asked == [None, {"n": 1}]  # the cursor moved on in the first tick
    assert [(e.key, d.by) for e, d in second.decided] == [("whatsapp:ben", "model")]
    assert rows(world, pending_event_table) == []
    decided = {r["event_key"]: r for r in rows(world, decision_table)}
    assert decided["whatsapp:ben"]["decided_by"] == "model" and decided["whatsapp:alex"]["decided_by"] == "heuristics"
    assert decided["whatsapp:ben"]["reason"].startswith("Model scripted:")  # T6
    notes = [n for n in store.pending("agent:main") if n.kind == "notification"]
    assert [n.params["summary"] for n in notes] == [
        next(d.summary for e, d in first.decided if e.key == "whatsapp:alex"), "Ben sent a WhatsApp message."]


def test_r3_an_event_undecided_twice_keeps_its_first_sighting(world, store, roster, clock, home):
    source = CursorSource([BEN])
    triage = triage_with(world, store, roster, clock, home, source, ScriptedModel(fail(), fail()))
    triage.tick()
    first_seen = rows(world, pending_event_table)[0]["first_seen"]
    clock.advance(900)
    assert [e.key for e in triage.tick().undecided] == ["whatsapp:ben"]
    (pending,) = rows(world, pending_event_table)
    assert pending["offers"] == 2 and pending["first_seen"] == first_seen


def test_t5_a_newer_version_replaces_the_pending_one(world, store, roster, clock, home):
    source = CursorSource([BEN])
    model = ScriptedModel(fail(), AssistantMessage(tool_calls=(skip("e1"),)))
    triage = triage_with(world, store, roster, clock, home, source, model)
    triage.tick()
    edited = chat("Ben", "see you then, bring the cake", key="whatsapp:ben")
    source.later = [edited]
    clock.advance(900)
    report = triage.tick()
    model.assert_done()
    assert [len([e for e in model.calls[i][0][1]["content"].splitlines() if e.startswith("{")]) for i in (0, 1)] == [1, 1]
    assert [(e.key, e.version) for e, _ in report.decided] == [("whatsapp:ben", edited.version)]
    assert rows(world, pending_event_table) == []


def test_t2_a_second_tick_with_nothing_new_calls_no_model_and_does_little(world, store, roster, clock, home):
    source = CursorSource([BEN, ALEX])
    model = ScriptedModel(AssistantMessage(tool_calls=(skip("e1"),)))
    triage = triage_with(world, store, roster, clock, home, source, model)
    triage.tick()
    statements: list[str] = []

    def count(conn, cursor, statement, *rest):
        statements.append(statement.split()[0])

    sa_event.listen(world, "before_cursor_execute", count)
    try:
        report = triage.tick()  # ScriptedModel fails on any further call
    finally:
        sa_event.remove(world, "before_cursor_execute", count)
    assert report.decided == [] and report.undecided == []
    # T11 held events due, the cursor, the pending list, the failed events to retry (R2); the cursor saved
    assert statements == ["SELECT", "SELECT", "SELECT", "SELECT", "UPDATE"]


def test_t7_a_rule_is_read_by_the_model_once_per_version_of_the_file(world, store, roster, clock, home):
    """A rule the offline reader refuses is read by the model into the same typed form on the first tick, cached in
    the world: the next ticks over the same file make no rule-reading call; a changed file is read again."""
    from tic.rules import read_rules
    from tic.rules._cache import ReadingCache

    rules = home / "data" / "notifications.md"
    rules.write_text("## Always notify\n- Messages from my boss\n")
    boss = chat("Priya Natarajan", "can we talk?", key="whatsapp:boss")
    reading = {"effect": "notify", "when": {"op": "sender", "who": [{"by": "name", "value": "Priya Natarajan"}]}}
    model = ScriptedModel(
        AssistantMessage(tool_calls=(ToolCall("r1", "record_reading", {"rule_id": "r1", "understood": True,
                                                                       "reading": reading}),)),
        AssistantMessage(tool_calls=(ToolCall("r2", "record_reading", {"rule_id": "r1", "understood": False,
                                                                       "why": "who the boss is is not said"}),)),
        AssistantMessage(tool_calls=(notify("e1", "Priya Natarajan sent a WhatsApp message."),)),
    )
    source = CursorSource([boss])
    decide = TriageDecider(roster["tic"], model, model_decider=ModelDecider(model, attempts=1, sleep=lambda s: None),
                           reading_cache=ReadingCache(world, clock=clock))
    triage = Triage(engine=world, store=store, notifier=Notifier(store, clock), clock=clock, agent=roster["tic"],
                    resolve=lambda rel: home / rel, sources=[source], decide=decide)

    first = triage.tick()  # one rule-reading call; the event is then settled by the model's reading: no triage call
    assert [(e.key, d.notify, d.by) for e, d in first.decided] == [("whatsapp:boss", True, "rule")]
    assert len(model.calls) == 1 and [t.name for t in model.calls[0][1]] == ["record_reading"]
    for _ in range(3):
        clock.advance(900)
        source.later = [chat("Priya Natarajan", "and tomorrow?", key=f"whatsapp:boss-{clock.now():%H%M}")]
        later = triage.tick()
        assert [d.by for _, d in later.decided] == ["rule"]
    assert len(model.calls) == 1  # same file: no rule-reading call, no triage call
    cached = ReadingCache(world).get(read_rules(rules.read_text()).version, ["Messages from my boss"])
    assert cached["Messages from my boss"].effect == "notify"

    rules.write_text("## Always notify\n- Messages from my boss, always\n")  # a new version of the file
    clock.advance(900)
    source.later = [chat("Priya Natarajan", "call me", key="whatsapp:boss-new-file")]
    (decided,) = triage.tick().decided  # read again once; refused: the message goes to the model to decide
    model.assert_done()
    assert decided[1].by == "model" and [t.name for t in model.calls[1][1]] == ["record_reading"]
