"""N12: ephemeral notices - reminders shown for a short window, never stored; their error cases."""

from __future__ import annotations

import logging

import pytest
from sqlalchemy import func, select

from tic.db import notice_table
from tic.errors import NoticeError
from tic.notices import MemoryEphemeralStore, key_for, running_as
from tests.notices._support import counting, make_store

MAIN, TIC = "agent:main", "agent:tic"
NP = "the build is not published"


@pytest.fixture
def mem(tmp_path, roster, clock):
    """Reminders live in memory: for what does not touch the database, one backend is enough."""
    from tic.db import open_world

    engine = open_world(f"sqlite:///{tmp_path / 'mem.db'}")
    yield make_store(engine, roster, clock)
    engine.dispose()


def stored(world) -> int:
    with world.connect() as conn:
        return conn.execute(select(func.count()).select_from(notice_table)).scalar()


def texts(lines):
    return [line.text for line in lines]


def remind(store, template=NP, params=None, **kw):
    """One fixed posting location (identity = poster + template + location)."""
    return store.post(template, params if params is not None else {"uncommitted": 4}, ephemeral=True, **kw)


def test_n12_a_reminder_is_never_stored_and_reaches_readers_as_a_normal_notice(store, world):
    n = remind(store, audience="*")
    assert n.ephemeral and n.id == 0 and stored(world) == 0
    assert texts(store.deliver(MAIN)) == [f'{NP} {{ uncommitted="4" }} #{key_for(NP)}']
    assert store.deliver(MAIN) == []  # not sticky: once per reader
    assert len(store.deliver("user:someone")) == 1  # "*" is every caller, on the roster or not
    assert store.pending(MAIN) == []  # nothing in the stored history either


@pytest.mark.parametrize(
    "audience, sees, misses",
    [
        (None, [TIC], [MAIN]),  # left out: the caller whose code is running
        (["main"], [MAIN], [TIC]),  # a bare name in a list means agent:<name>
        (["ghost"], ["agent:ghost"], [MAIN]),  # not checked against the roster: kept for a key nobody reads
        (["user:me", "tic"], ["user:me", TIC], [MAIN]),
        ("main", ["main"], [MAIN]),  # a single string is used as given
    ],
)
def test_n12_audience(mem, audience, sees, misses):
    with running_as(TIC):
        remind(mem, audience=audience)
    for reader in sees:
        assert len(mem.deliver(reader)) == 1, reader
    for reader in misses:
        assert mem.deliver(reader) == [], reader


def test_n12_no_caller_and_no_audience_means_everyone(mem):
    remind(mem)
    assert len(mem.deliver(MAIN)) == 1 and len(mem.deliver("user:me")) == 1


@pytest.mark.parametrize("audience", [[], "", ["  "]])
def test_n12_an_empty_audience_raises_and_keeps_nothing(mem, audience):
    with pytest.raises(NoticeError):
        remind(mem, audience=audience)
    assert mem.entries() == []


@pytest.mark.parametrize("ttl", [0, -1, 600.5, 3600])
def test_n12_a_refused_ttl_raises_with_the_reason(mem, ttl):
    with pytest.raises(NoticeError, match="ttl"):
        remind(mem, audience="*", ttl=ttl)
    assert mem.entries() == []


def test_n12_posting_again_from_the_same_code_replaces_the_entry(mem):
    for n in (1, 2, 3):
        mem.post(NP, {"uncommitted": n}, ephemeral=True, audience="*")  # one location: one entry
    assert texts(mem.deliver(MAIN)) == [f'{NP} {{ uncommitted="3" }} #{key_for(NP)}']
    assert len([e for e in mem.entries() if e.ephemeral]) == 1
    mem.post(NP, {"uncommitted": 5}, ephemeral=True, audience="*")  # another location: another entry
    assert len([e for e in mem.entries() if e.ephemeral]) == 2


def test_n12_new_text_is_shown_again_identical_text_only_refreshes(mem, clock):
    def post(n, **kw):
        mem.post(NP, {"uncommitted": n}, ephemeral=True, audience="*", **kw)

    post(4)
    assert len(mem.deliver(MAIN)) == 1
    clock.advance(100)
    post(4)  # identical: refreshed, not shown again
    assert mem.deliver(MAIN) == []
    clock.advance(100)  # 200 s after the first post, 100 s after the refresh: still alive
    assert len([e for e in mem.entries() if e.ephemeral]) == 1
    post(4, renew=True)  # renew: shown again
    assert len(mem.deliver(MAIN)) == 1
    post(5)  # replaced with new text: shown again
    assert texts(mem.deliver(MAIN)) == [f'{NP} {{ uncommitted="5" }} #{key_for(NP)}']


def test_n12_sticky_shows_on_every_read_until_it_expires(mem, clock):
    remind(mem, audience=["main"], sticky=True)
    assert len(mem.deliver(MAIN)) == 1
    assert len(mem.deliver(MAIN)) == 1  # sticky: on every read
    clock.advance(119)
    assert len(mem.deliver(MAIN)) == 1
    clock.advance(1)  # 120 s after its last post
    assert mem.deliver(MAIN) == []
    assert mem.entries() == []


def test_n12_ttl_changes_the_lifetime_and_a_repost_extends_it(mem, clock):
    remind(mem, audience="*", sticky=True, ttl=10)
    clock.advance(9)
    remind(mem, audience="*", sticky=True, ttl=10)  # identical text: lives 10 s from now
    clock.advance(9)
    assert len(mem.deliver(MAIN)) == 1
    clock.advance(1)
    assert mem.deliver(MAIN) == []
    remind(mem, audience="*", sticky=True, ttl=600)
    clock.advance(599)
    assert len(mem.deliver(MAIN)) == 1


def test_n12_options_without_effect(store, world):
    with running_as(TIC):
        n = remind(store, severity="error", include_location=True, actionable=True, audience=["main"])
    (line,) = store.deliver(MAIN)
    assert line.severity == "info" and line.location is None and not line.actionable and "@" not in line.text
    assert not n.actionable
    with pytest.raises(ValueError, match="info, warn, error"):
        remind(store, severity="fatal", audience="*")  # an unknown severity is an error everywhere (N1)
    s = store.post("stored", sticky=True, ttl=5000, renew=True, audience=["main"])  # no effect on a stored post
    assert not s.ephemeral and stored(world) == 1


def test_n12_n9_withdraw_removes_the_callers_reminders_and_stored_notices(store):
    with running_as(TIC):
        remind(store, audience="*")
        store.post(NP, audience=["main"])
    with running_as("agent:digest"):
        remind(store, audience="*")
        assert store.withdraw(NP) == 1  # its own reminder only
    with running_as(TIC):
        assert store.withdraw(NP) == 2  # its reminder and its stored notice
    assert store.deliver(MAIN) == [] and store.entries() == []


class _Unreachable(MemoryEphemeralStore):
    def withdraw(self, poster, template):
        raise ConnectionError("ephemeral store down")

    def put(self, reminder):
        raise ConnectionError("ephemeral store down")


def test_n12_withdraw_when_the_ephemeral_store_is_unreachable(world, roster, clock, caplog):
    store = make_store(world, roster, clock, ephemeral=_Unreachable(clock))
    with running_as(TIC):
        store.post(NP, audience=["main"])
        with caplog.at_level(logging.ERROR):
            assert store.withdraw(NP) == 1  # the stored one goes all the same
    assert "ephemeral store" in caplog.text
    assert store.pending(MAIN) == []
    with pytest.raises(NoticeError, match="cannot be reached"):  # a post it cannot take raises with the reason
        remind(store, audience="*")
    assert stored(world) == 1


def test_n12_a_full_store_refuses_with_its_reason(world, roster, clock):
    store = make_store(world, roster, clock, ephemeral=MemoryEphemeralStore(clock, capacity=2))
    def put(template, params=None):
        store.post(template, params, ephemeral=True, audience="*")  # one location

    put("a")
    put("b")
    put("a", {"x": 1})  # a replacement still fits
    with pytest.raises(NoticeError, match="holds 2 reminders"):
        put("c")


def test_n13_n8_listing_marks_reminders_and_mutes_apply(store):
    remind(store, audience="*", sticky=True)
    store.post("stored one", audience=["main"])
    entries = store.entries(caller=MAIN)
    assert [(e.template, e.ephemeral) for e in entries] == [(NP, True), ("stored one", False)]
    store.suppress(key_for(NP), caller=MAIN)
    assert [l.template for l in store.deliver(MAIN)] == ["stored one"]
    assert [l.template for l in store.deliver(TIC)] == [NP]  # the mute is main's own
    assert store.entries(caller=MAIN)[0].muted


def test_n12_a_sticky_reminder_costs_no_sql_after_the_first_read(store, world):
    remind(store, audience=["main"], sticky=True)
    store.deliver(MAIN)
    with counting(world) as statements:
        for _ in range(20):
            assert len(store.deliver(MAIN)) == 1
    assert statements == []
