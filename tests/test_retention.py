"""Issue 10.5: retention - old notices, decisions, held events and conversation leave the world in short batches,
never what a reader, a hold, the triage's once-per-event record (T5) or the agent's context still needs."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest
from sqlalchemy import event, func, insert, select

from tic.config import Settings
from tic.db import (
    chat_history_table,
    chat_llm_tools_table,
    decision_table,
    failure_table,
    held_event_table,
    notice_table,
)
from tic.hub._history import ChatHistory
from tic.hub._registry import ToolResult
from tic.models import AssistantMessage, ToolCall
from tic.notices import SqlNoticeStore
from tic.retention import Pruner, Retention

DAY = timedelta(days=1)


def count(world, table, *where) -> int:
    with world.connect() as conn:
        return conn.execute(select(func.count()).select_from(table).where(*where)).scalar_one()


def back(clock, days: float) -> None:
    """Move the manual clock back (history is written in the past, pruning runs at T0)."""
    clock.advance(-days * 86400)


# --- notices ---------------------------------------------------------------------------------------


def test_old_notices_are_pruned_but_never_an_unread_one_nor_the_newest_standing_of_a_template(world, roster, clock):
    store = SqlNoticeStore(world, roster, clock)
    back(clock, 200)
    store.post("backup finished", audience=["main"])  # read below, superseded later: pruned
    store.post("disk {name} is full", {"name": "/"}, audience=["main"])  # read, the only one of its template: kept
    store.deliver("agent:main")
    store.post("sync failed", audience=["main"])
    store.deliver("agent:main")
    store.withdraw("sync failed")  # withdrawn and read: pruned
    store.post("report {n} is ready", {"n": 1}, audience=["main"])  # never read: kept
    clock.advance(200 * 86400)
    store.post("backup finished", audience=["main"])  # today: kept

    assert Pruner(world, clock).prune_all()["notices"] == 2
    left = {t for t in _templates(world)}
    assert left == {"disk {name} is full", "report {n} is ready", "backup finished"}
    assert count(world, notice_table) == 3
    assert "report {n} is ready" in {line.template for line in store.deliver("agent:main")}  # still to be shown


def _templates(world) -> list[str]:
    with world.connect() as conn:
        return list(conn.execute(select(notice_table.c.template)).scalars())


def test_notices_newer_than_the_retention_stay(world, roster, clock):
    store = SqlNoticeStore(world, roster, clock)
    back(clock, 89)
    store.post("backup finished", audience=["main"])
    store.deliver("agent:main")
    clock.advance(89 * 86400)
    store.post("backup finished", audience=["main"])
    assert Pruner(world, clock).prune_all()["notices"] == 0


# --- decisions, failures, held events ------------------------------------------------------------------


def decide(world, clock, key: str, version: str, days_ago: float) -> None:
    with world.begin() as conn:
        conn.execute(insert(decision_table).values(
            event_key=key, version=version, notify=False, reason="r", decided_at=clock.now() - days_ago * DAY))


def hold(world, clock, key: str, version: str, days_ago: float, *, released: float | None = None,
         replaced: float | None = None) -> None:
    now = clock.now()
    with world.begin() as conn:
        conn.execute(insert(held_event_table).values(
            event_key=key, version=version, event={"key": key}, held_until=now - (days_ago - 0.5) * DAY,
            held_at=now - days_ago * DAY, released_at=None if released is None else now - released * DAY,
            replaced_at=None if replaced is None else now - replaced * DAY))


def test_t5_old_decisions_go_but_a_calendar_items_last_decision_and_a_held_events_stay(world, clock):
    decide(world, clock, "email:<old@x>", "1", 400)  # pruned
    decide(world, clock, "email:<new@x>", "1", 10)  # kept: within the year
    decide(world, clock, "calendar:standup", "1", 500)  # pruned: a newer decision of the item exists
    decide(world, clock, "calendar:standup", "2", 400)  # kept: the calendar still offers the item
    decide(world, clock, "whatsapp:w1", "1", 400)  # kept: still held
    hold(world, clock, "whatsapp:w1", "1", 400)
    assert Pruner(world, clock).prune_all()["decisions"] == 2
    with world.connect() as conn:
        left = set(conn.execute(select(decision_table.c.event_key, decision_table.c.version)).all())
    assert left == {("email:<new@x>", "1"), ("calendar:standup", "2"), ("whatsapp:w1", "1")}


def test_t11_held_events_go_once_released_or_replaced_long_enough_ago_never_before_release(world, clock):
    hold(world, clock, "email:<a@x>", "1", 100, released=99)  # pruned
    hold(world, clock, "email:<b@x>", "1", 100, replaced=99)  # pruned
    hold(world, clock, "email:<c@x>", "1", 100)  # never released (an engine was down): kept
    hold(world, clock, "email:<d@x>", "1", 100, released=2)  # released lately: kept
    assert Pruner(world, clock).prune_all()["held"] == 2
    with world.connect() as conn:
        assert set(conn.execute(select(held_event_table.c.event_key)).scalars()) == {"email:<c@x>", "email:<d@x>"}


def test_r2_parked_failures_follow_the_decisions_retention_a_failure_still_retried_stays(world, clock):
    now = clock.now()
    with world.begin() as conn:
        for key, parked, days in (("email:<p@x>", True, 400), ("email:<q@x>", False, 400), ("email:<r@x>", True, 5)):
            conn.execute(insert(failure_table).values(
                event_key=key, version="1", agent="tic", stage="decide", error="boom", attempts=3,
                first_failed_at=now - days * DAY, last_failed_at=now - days * DAY, parked_at=now if parked else None))
    assert Pruner(world, clock).prune_all()["failures"] == 1
    assert count(world, failure_table) == 2


# --- the conversation -------------------------------------------------------------------------------


def converse(world, clock, turns: int, days_ago: float) -> ChatHistory:
    history = ChatHistory(world, clock)
    back(clock, days_ago)
    for i in range(turns):
        history.append_user(f"question {i}")
        msg = history.append_assistant(AssistantMessage(content=None, tool_calls=(ToolCall(f"c{i}", "read_file", {}),)))
        history.finish_call(msg, f"c{i}", ToolResult("done", "text", "file text"))
        history.append_assistant(AssistantMessage(content=f"answer {i}"))
        clock.advance(3600)
    clock.advance(days_ago * 86400 - turns * 3600)
    return history


def test_the_conversation_is_kept_whole_by_default(world, clock):
    converse(world, clock, 5, 1000)
    assert Pruner(world, clock).prune_all().get("conversation", 0) == 0
    assert count(world, chat_history_table) == 15


def test_h8_a_pruned_conversation_loses_whole_old_turns_and_keeps_the_newest_messages_valid(world, clock):
    history = converse(world, clock, 10, 400)
    history.append_user("and today?")
    retention = Retention(conversation=365 * DAY, conversation_messages=7)
    deleted = Pruner(world, clock, retention).prune_all()["conversation"]
    assert deleted == 24  # turns 0-7 (3 messages each): the newest 7 messages begin inside turn 8
    messages = history.messages()
    assert messages[0] == {"role": "user", "content": "question 8"}
    calls = [c["id"] for m in messages if m["role"] == "assistant" for c in m.get("tool_calls", [])]
    assert [m["tool_call_id"] for m in messages if m["role"] == "tool"] == calls == ["c8", "c9"]
    assert count(world, chat_llm_tools_table) == 2  # the pruned messages' tool calls went with them


def test_the_conversation_the_agent_still_reads_is_never_pruned(world, clock):
    history = converse(world, clock, 10, 400)
    with world.connect() as conn:
        fourth = conn.execute(select(chat_history_table.c.id).where(chat_history_table.c.content == "question 3")).scalar()
    retention = Retention(conversation=365 * DAY, conversation_messages=1)
    pruner = Pruner(world, clock, retention, reads_from=lambda conn, conversation: fourth)
    assert pruner.prune_all()["conversation"] == 9
    assert history.messages()[0]["content"] == "question 3"


def test_the_newest_synthetic_message_is_kept_with_its_turn(world, clock):
    """The channels' delivered fingerprint is read back from the newest injection: it stays."""
    history = converse(world, clock, 4, 400)
    with world.begin() as conn:
        history.inject_read_notification([{"summary": "Mario wrote"}], connection=conn)
    converse(world, clock, 4, 399)
    retention = Retention(conversation=30 * DAY, conversation_messages=1)
    assert Pruner(world, clock, retention).prune_all()["conversation"] == 9  # turns 0-2; turn 3 holds the injection
    assert history.messages()[0]["content"] == "question 3"
    assert any(r["is_synthetic"] for r in history.rows())


def test_h8_a_turn_with_an_unfinished_tool_call_is_kept(world, clock):
    history = converse(world, clock, 4, 400)
    back(clock, 399)
    history.append_user("question pending")
    history.append_assistant(AssistantMessage(content=None, tool_calls=(ToolCall("cp", "read_file", {}),)))
    clock.advance(399 * 86400)
    converse(world, clock, 4, 398)
    retention = Retention(conversation=30 * DAY, conversation_messages=1)
    assert Pruner(world, clock, retention).prune_all()["conversation"] == 12
    assert history.messages()[0]["content"] == "question pending"


# --- batches, the schedule, settings ---------------------------------------------------------------


def test_each_batch_is_its_own_short_transaction(world, roster, clock):
    store = SqlNoticeStore(world, roster, clock)
    back(clock, 100)
    for i in range(20):
        store.post("sync failed", audience="*")
        store.withdraw("sync failed")
    clock.advance(100 * 86400)
    commits: list[int] = []
    event.listen(world, "commit", lambda conn: commits.append(1))  # this test's own engine: not removed
    counts = asyncio.run(Pruner(world, clock, Retention(decisions=None, held=None), batch=3).run())
    assert counts == {"notices": 19}  # the newest row always stays
    assert len(commits) >= 7  # 19 rows, at most 3 a transaction


def test_retention_settings_map_to_periods_and_zero_keeps_for_ever(monkeypatch):
    monkeypatch.setenv("TIC_KEEP_NOTICES_DAYS", "7")
    monkeypatch.setenv("TIC_KEEP_DECISIONS_DAYS", "0")
    r = Retention.from_settings(Settings())
    assert r.notices == 7 * DAY and r.decisions is None and r.held == 30 * DAY and r.conversation is None


@pytest.mark.parametrize("value", ["-1", "a week"])
def test_a_bad_retention_setting_is_refused_with_its_name(monkeypatch, value):
    from pydantic import ValidationError

    monkeypatch.setenv("TIC_KEEP_HELD_DAYS", value)
    with pytest.raises(ValidationError, match="keep_held_days"):
        Settings()


def test_the_engine_prunes_on_the_scheduler(tmp_path, monkeypatch):
    """`./tic run` schedules the pruner (TIC_RETENTION_EVERY_MINUTES) beside the triage tick."""
    import io

    import tic.engine
    from tests.conftest import ROOT
    from tic.app import build_app
    from tic.clock import SystemClock
    from tic.engine import RETENTION_JOB, run_engine
    from tic.scheduler import Scheduler

    added: dict[str, object] = {}

    class Recording(Scheduler):
        def add(self, name, schedule, job, *, run_now):
            added[name] = (schedule, job, run_now)
            super().add(name, schedule, job, run_now=run_now)

    monkeypatch.setattr(tic.engine, "Scheduler", Recording)
    app = build_app(Settings(home=ROOT, data_dir=tmp_path, demo=False, retention_every_minutes=30), SystemClock())
    try:
        asyncio.run(asyncio.wait_for(run_engine(app, stdin=io.StringIO(""), say=lambda text: None, prompt=None), 60))
    finally:
        app.world.dispose()
    schedule, job, first = added[RETENTION_JOB]
    assert schedule.every_minutes == 30 and isinstance(job.__self__, Pruner)
    assert first > app.clock.now()  # soon after the start, not during it
    assert job.__self__.retention == Retention.from_settings(app.settings)


def test_tic_prune_prunes_now_and_reports_counts(tmp_path, monkeypatch):
    import json

    from typer.testing import CliRunner

    from tic.cli import app
    from tic.clock import SystemClock
    from tic.db import open_world

    world = open_world(f"sqlite:///{tmp_path / 'tic.db'}")
    decide(world, SystemClock(), "email:<old@x>", "1", 400)
    decide(world, SystemClock(), "email:<new@x>", "1", 1)
    world.dispose()
    monkeypatch.setenv("TIC_DATA_DIR", str(tmp_path))
    r = CliRunner().invoke(app, ["prune", "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)["decisions"] == 1


def test_tic_prune_refuses_a_bad_setting_and_changes_nothing(tmp_path, monkeypatch):
    from typer.testing import CliRunner

    from tic.cli import app

    monkeypatch.setenv("TIC_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("TIC_KEEP_NOTICES_DAYS", "-5")
    r = CliRunner().invoke(app, ["prune"])
    assert r.exit_code == 2 and "TIC_KEEP_NOTICES_DAYS" in r.output
    assert not (tmp_path / "tic.db").exists()


def test_h11_two_engines_pruning_one_world_at_once_prune_each_row_once(world, clock):
    """Engines sharing a world each run the pruner: batches take turns (PostgreSQL: an advisory lock), no error."""
    import threading

    for i in range(300):
        decide(world, clock, f"email:<{i}@x>", "1", 400)
    counts: list[int] = []
    errors: list[BaseException] = []

    def prune() -> None:
        try:
            counts.append(Pruner(world, clock, Retention(notices=None, held=None), batch=7).prune_all()["decisions"])
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    threads = [threading.Thread(target=prune) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors and sum(counts) == 299 and count(world, decision_table) == 1  # the newest row stays


def test_n5_the_newest_notice_stays_so_its_id_is_never_given_again(world, roster, clock):
    """SQLite gives a deleted max id to the next insert, and engines learn of new notices by max(id) growing:
    the newest row of a table is never pruned, whatever its age."""
    store = SqlNoticeStore(world, roster, clock)
    back(clock, 200)
    for template in ("a done", "b done", "c done"):
        store.post(template, audience=["main"])
        store.deliver("agent:main")
        store.withdraw(template)
    decide(world, clock, "email:<x@x>", "1", 300)
    clock.advance(200 * 86400)
    with world.connect() as conn:
        newest = conn.execute(select(func.max(notice_table.c.id))).scalar()
    counts = Pruner(world, clock).prune_all()
    assert counts["notices"] == 2 and counts["decisions"] == 0
    with world.connect() as conn:
        assert conn.execute(select(func.max(notice_table.c.id))).scalar() == newest
