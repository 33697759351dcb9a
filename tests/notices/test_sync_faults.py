"""R3: a world the notice store cannot poll (a database fault) is said in one line, once, not a traceback per
poll; a bug is still logged with its traceback. Either way every reader is checked (the hint never lies)."""

from __future__ import annotations

import logging
import sqlite3

from sqlalchemy.exc import OperationalError

from tic.clock import ManualClock
from tic.db import open_world
from tic.notices._hint import PendingHint
from tic.notices._sync import SqlitePoll
from tests.conftest import T0


class _Failing:
    """An engine whose connections fail with `exc` (the same interface the poll uses: connect())."""

    def __init__(self, exc: BaseException) -> None:
        self.exc = exc

    def connect(self):
        raise self.exc


def _poll(engine) -> SqlitePoll:
    return SqlitePoll(engine, PendingHint(), ManualClock(T0), every=0.0, on_mutes=lambda: None)


def test_r3_a_world_fault_is_one_line_once_until_the_world_answers(caplog, tmp_path) -> None:
    fault = OperationalError("SELECT 1", {}, sqlite3.OperationalError("disk I/O error"))
    poll = _poll(_Failing(fault))
    with caplog.at_level(logging.INFO, logger="tic.notices._sync"):
        for _ in range(5):
            poll.refresh(force=True)
    faults = [r for r in caplog.records if "cannot poll" in r.getMessage()]
    assert len(faults) == 1 and faults[0].levelno == logging.WARNING and faults[0].exc_info is None
    assert "I/O" in faults[0].getMessage() or "io" in faults[0].getMessage().lower()

    poll._engine = open_world(f"sqlite:///{tmp_path / 'tic.db'}")  # the world answers again
    caplog.clear()
    with caplog.at_level(logging.INFO, logger="tic.notices._sync"):
        poll.refresh(force=True)
    assert any("again" in r.getMessage() for r in caplog.records)


def test_r3_a_bug_while_polling_keeps_its_traceback(caplog) -> None:
    poll = _poll(_Failing(ZeroDivisionError("a bug")))
    with caplog.at_level(logging.INFO, logger="tic.notices._sync"):
        poll.refresh(force=True)
    assert [r for r in caplog.records if r.exc_info is not None]
