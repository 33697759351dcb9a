"""T5/H11: two engines ticking over the same sources on one world decide each event once and notify once."""

from __future__ import annotations

import threading

from sqlalchemy import func, select

from tic.db import decision_table
from tic.hub import Notifier
from tic.notices import SqlNoticeStore
from tic.triage.tick import Triage
from tests.triage.test_tick import ListSource, RecordingDecider, email


def test_t5_two_engines_on_one_world_decide_each_event_once(world, roster, clock, tmp_path):
    (tmp_path / "data").mkdir()
    items = [email(i % 10, body=f"message {i}").model_copy(update={"key": f"email:m{i}@x"}) for i in range(60)]
    engines = []
    for _ in range(2):
        store = SqlNoticeStore(world, roster, clock)
        engines.append((store, Triage(engine=world, store=store, notifier=Notifier(store, clock), clock=clock,
                                      agent=roster["tic"], resolve=lambda rel: tmp_path / rel,
                                      sources=[ListSource(items=items)], decide=RecordingDecider())))
    start = threading.Barrier(2)
    errors: list[BaseException] = []

    def tick(triage):
        try:
            start.wait(5)
            triage.tick()
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=tick, args=(t,)) for _, t in engines]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert errors == []
    with world.connect() as conn:
        rows = conn.execute(select(decision_table.c.event_key, func.count()).group_by(decision_table.c.event_key)).all()
    assert len(rows) == 60 and all(n == 1 for _, n in rows)
    store = engines[0][0]
    delivered = [line for line in store.pending("agent:main") if line.kind == "notification"]
    assert len(delivered) == sum(1 for e in items if int(e.subject[-1]) % 2 == 1)  # one per surfaced event
