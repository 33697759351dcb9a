"""T5, H11, H7: two engines on one world, each with its triage tick and its ChatHub, events arriving on shared
sources, one engine paused mid-turn over and over: each event decided once, each notified event told once."""

from __future__ import annotations

import asyncio
from collections import Counter
from datetime import timedelta

from sqlalchemy import func, select

from tic.db import decision_table
from tic.sources import Event, Person
from tic.sources._base import Fetched
from tic.triage import Decision
from tic.triage.tick import Triage
from tests.conftest import T0
from tests.hub.test_shared_world import two_engines


class SharedMailbox:
    """One mailbox both engines read (a cursor: how many messages were seen)."""

    kind = "email"
    name = "mail"

    def __init__(self, events: list[Event]) -> None:
        self.events = events

    def fetch(self, cursor, *, now, since):
        start = int((cursor or {}).get("n", 0))
        return Fetched(events=list(self.events[start:]), cursor={"n": len(self.events)}, errors=[])


def message(i: int) -> Event:
    return Event(key=f"email:m{i}@x", source="mail", kind="email", type="message", time=T0 - timedelta(minutes=30),
                 sender=Person(name=f"Person {i}", address=f"p{i}@example.org"), subject=f"Subject {i}", body="hello")


def decide(events, rules_text, now):
    """Two in three events matter."""
    return [Decision(e.key, int(e.key[7:].split("@")[0]) % 3 != 0, "the rule", rule="the rule", summary=f"{e.sender.name} wrote.")
            for e in events]


def test_t5_h11_two_engines_ticking_and_delivering_with_pauses_tell_each_event_once(world, roster, clock, tmp_path):
    (tmp_path / "data").mkdir()
    mailbox: list[Event] = []
    ticks: dict[str, Triage] = {}

    async def arrive(engines, first: int, count: int) -> list[str]:
        if not ticks:
            for e in engines:
                ticks[e.name] = Triage(engine=world, store=e.store, notifier=e.notifier, clock=clock, agent=roster["tic"],
                                       resolve=lambda rel: tmp_path / rel, sources=[SharedMailbox(mailbox)], decide=decide)
        new = [message(i) for i in range(first, first + count)]
        mailbox.extend(new)
        await asyncio.gather(*(asyncio.to_thread(t.tick) for t in ticks.values()))  # both engines tick at once
        return [e.key for e in new if int(e.key[7:].split("@")[0]) % 3 != 0]

    result = asyncio.run(two_engines(world, roster, clock, total=1000, seed=5, arrive=arrive))
    print("two engines, 1,000 events through the tick:", result)
    stats = result.pop("stats")
    assert stats["slow"] >= 5 and stats["stalled"] >= 5 and stats["slow"] + stats["stalled"] >= 15  # both pauses, repeatedly (how many lands where depends on timing under load)
    assert stats["injected_during_live_lease"] == 0
    assert result == {"lost": 0, "doubled": 0, "not_injected": 0, "shown_lost": 0, "shown_doubled": 0}
    with world.connect() as conn:
        per_event = Counter(dict(conn.execute(select(decision_table.c.event_key, func.count())
                                              .group_by(decision_table.c.event_key)).all()))
    assert len(per_event) == 1000 and set(per_event.values()) == {1}  # T5: each event decided once
