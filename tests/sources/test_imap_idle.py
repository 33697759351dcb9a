"""IMAP IDLE against the real dovecot (issue 10; S2): new mail starts an early tick, a burst is one wake.

The time from delivery to decision is measured by bench/sources.py (`--idle`),
not asserted here; these tests assert that the early tick happens and that a
burst is debounced into one.
"""

from __future__ import annotations

import asyncio
from datetime import datetime, timedelta, timezone

from sqlalchemy import select

from tests.sources.test_imap import append, folder, message, source  # noqa: F401 - folder is a fixture
from tic.clock import ManualClock, SystemClock
from tic.db import decision_table
from tic.hub import Notifier
from tic.scheduler import Scheduler
from tic.agents import Schedule
from tic.sources import Debounce, watch_sources
from tic.sources._idle import IdleSession
from tic.triage.tick import Triage

WAIT = 15.0  # seconds a test waits for what should take about one


async def until(check, timeout: float = WAIT) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not check():
        assert loop.time() < deadline, "timed out"
        await asyncio.sleep(0.05)


def test_issue10_a_burst_of_signals_is_one_wake():
    fired = []

    async def scenario():
        clock = ManualClock(datetime(2026, 12, 1, tzinfo=timezone.utc))
        debounce = Debounce(lambda: fired.append(clock.now()), clock, window=0.5)
        for _ in range(10):
            debounce.signal()
        await until(lambda: fired)
        for _ in range(10):
            await asyncio.sleep(0)
        assert len(fired) == 1
        debounce.signal()  # a later report: another wake
        await until(lambda: len(fired) == 2)

    asyncio.run(scenario())


def test_issue10_dovecot_offers_idle_and_reports_new_mail(dovecot, folder):
    session = IdleSession.open(source(dovecot, folder))
    try:
        assert session.wait(0.2) is False
        append(dovecot, folder, message(1))
        assert any(session.wait(1.0) for _ in range(int(WAIT)))
    finally:
        session.close()


def test_issue10_new_mail_wakes_once_per_burst(dovecot, folder):
    wakes = []

    async def scenario():
        watcher = asyncio.create_task(watch_sources([source(dovecot, folder)], lambda: wakes.append(1), SystemClock(),
                                                    debounce=0.5, check=0.2))
        try:
            await asyncio.sleep(1.0)  # the watcher is in IDLE
            await asyncio.to_thread(append, dovecot, folder, *[message(n) for n in range(5)])
            await until(lambda: wakes)
            await asyncio.sleep(1.5)  # three debounce windows more: the burst stays one wake
            assert wakes == [1]
            await asyncio.to_thread(append, dovecot, folder, message(9))
            await until(lambda: len(wakes) == 2)
        finally:
            watcher.cancel()
            await asyncio.gather(watcher, return_exceptions=True)

    asyncio.run(scenario())


def test_issue10_new_mail_is_decided_by_an_early_tick_not_the_scheduled_one(dovecot, folder, world, store, roster, clock, tmp_path):
    """The tick runs every 15 minutes and has just run; mail delivered now is decided within seconds."""
    imap = source(dovecot, folder)
    triage = Triage(engine=world, store=store, notifier=Notifier(store, clock), clock=clock, agent=roster["tic"],
                    resolve=lambda rel: tmp_path / rel, sources=[imap])
    assert triage.tick().decided == []  # the scheduled tick: an empty folder, a cursor

    def decided() -> list[str]:
        with world.connect() as conn:
            return [r[0] for r in conn.execute(select(decision_table.c.event_key))]

    async def scenario():
        sched = Scheduler()
        sched.add("tic", Schedule(every_minutes=15), lambda: asyncio.to_thread(triage.tick), run_now=None)
        sched.start()
        watcher = asyncio.create_task(watch_sources([imap], lambda: sched.wake("tic"), SystemClock(), check=0.2))
        try:
            await asyncio.sleep(1.0)
            at = clock.now() - timedelta(minutes=1)
            await asyncio.to_thread(append, dovecot, folder, message(1, at=at), message(2, at=at), at=at)
            await until(lambda: len(decided()) == 2)
        finally:
            watcher.cancel()
            await asyncio.gather(watcher, return_exceptions=True)
            sched.shutdown()

    asyncio.run(scenario())
    assert sorted(decided()) == ["email:m1@example.com", "email:m2@example.com"]


def test_issue10_a_server_without_idle_is_read_on_the_schedule_only():
    """A dovecot whose CAPABILITY has no IDLE: the watch gives up quietly at once, nothing is woken."""
    import pytest

    from tests.sources._servers import Dovecot, dovecot_binary
    from tic.sources._idle import IdleUnsupported

    binary = dovecot_binary()
    if binary is None:
        pytest.skip("dovecot is not installed here (Debian: apt-get install dovecot-imapd)")
    server = Dovecot(extra="protocol imap {\n  imap_capability = IMAP4rev1 SASL-IR LOGIN-REFERRALS ID ENABLE LITERAL+\n}\n")
    server.start(binary)
    try:
        imap = source(server, "INBOX")
        with pytest.raises(IdleUnsupported):
            IdleSession.open(imap)
        wakes = []
        asyncio.run(asyncio.wait_for(watch_sources([imap], lambda: wakes.append(1), SystemClock()), WAIT))
        assert wakes == []
        assert imap.fetch(None, now=datetime.now(timezone.utc), since=None).events == []  # still read by the ticks
    finally:
        server.stop()


def test_issue10_a_dropped_idle_connection_is_noticed_and_reopened(dovecot, folder):
    """The network drops mid-IDLE: the watch notices at once (no busy loop on a dead socket), wakes the tick in case
    mail came meanwhile, reconnects after its backoff, and reports new mail on the new connection."""
    from tests.sources._servers import CutProxy

    proxy = CutProxy(dovecot.port, after=0, cuts=0)
    wakes = []

    async def scenario():
        imap = source(dovecot, folder, port=proxy.port)
        watcher = asyncio.create_task(watch_sources([imap], lambda: wakes.append("wake"), SystemClock(), debounce=0.1,
                                                    check=0.2))
        try:
            await until(lambda: proxy.connections == 1)
            await asyncio.sleep(0.5)  # in IDLE
            proxy.drop()
            await until(lambda: wakes == ["wake"])  # the drop itself wakes the tick
            await until(lambda: proxy.connections == 2)
            await asyncio.sleep(0.5)
            await asyncio.to_thread(append, dovecot, folder, message(1))
            await until(lambda: len(wakes) == 2)
        finally:
            watcher.cancel()
            await asyncio.gather(watcher, return_exceptions=True)

    try:
        asyncio.run(scenario())
    finally:
        proxy.stop()
