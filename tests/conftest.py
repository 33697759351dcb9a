"""Shared fixtures: a fresh world (SQLite in a temp folder), the project's roster, a manual clock."""

from __future__ import annotations

import os
from datetime import datetime, timezone
from pathlib import Path

import pytest

from tic.agents import load_roster
from tic.clock import ManualClock
from tic.db import open_world
from tic.notices import SqlNoticeStore

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
EVAL_DEV = Path(os.environ.get("TIC_EVAL_DIR", SHARED / "eval" / "dev"))
T0 = datetime(2026, 11, 30, 9, 0, tzinfo=timezone.utc)


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock(T0)


@pytest.fixture
def roster():
    return load_roster(ROOT / "agents")


@pytest.fixture
def world(tmp_path):
    engine = open_world(f"sqlite:///{tmp_path / 'world.db'}")
    yield engine
    engine.dispose()


@pytest.fixture
def store(world, roster, clock) -> SqlNoticeStore:
    return SqlNoticeStore(world, roster, clock)
