"""What a tick keeps between ticks (T5, R3): decided versions, the events left undecided, the sources' cursors."""

from __future__ import annotations

import logging
from datetime import datetime

from sqlalchemy import Engine, delete, insert, select

from tic.clock import Clock
from tic.db import cursor_table, decision_table, pending_event_table
from tic.sources import Event, Fetched, Source

__all__ = ["TickState"]

log = logging.getLogger(__name__)


class TickState:
    """One agent's bookkeeping in the world: read at the start of a tick, saved at its end."""

    def __init__(self, engine: Engine, agent: str, clock: Clock) -> None:
        self._engine = engine
        self._agent = agent
        self._clock = clock

    def decided_versions(self, keys: list[str]) -> dict[str, set[str]]:
        out: dict[str, set[str]] = {}
        if not keys:
            return out
        unique = list(dict.fromkeys(keys))
        with self._engine.connect() as conn:
            for i in range(0, len(unique), 500):
                chunk = unique[i : i + 500]
                q = select(decision_table.c.event_key, decision_table.c.version).where(decision_table.c.event_key.in_(chunk))
                for key, version in conn.execute(q):
                    out.setdefault(key, set()).add(version)
        return out

    def load_pending(self) -> tuple[list[Event], dict[tuple[str, str], tuple[datetime, int]]]:
        """The events earlier ticks left undecided, and for each (key, version) when it was first seen and how often offered."""
        t = pending_event_table
        q = select(t.c.event, t.c.first_seen, t.c.offers).where(t.c.agent == self._agent).order_by(t.c.first_seen)
        with self._engine.connect() as conn:
            rows = conn.execute(q).all()
        events, history = [], {}
        for data, first_seen, offers in rows:
            try:
                event = Event.model_validate(data)
            except ValueError as exc:  # written by another version: drop it rather than fail every tick
                log.warning("dropping an unreadable pending event: %s", exc)
                continue
            events.append(event)
            history[(event.key, event.version)] = (first_seen, offers)
        return events, history

    def save(self, fetched: list[tuple[Source, Fetched]], pending: list[Event], undecided: list[Event],
                    history: dict[tuple[str, str], tuple[datetime, int]]) -> None:
        """Keep the undecided events, forget the rest of the old pending ones, advance the cursors: one transaction."""
        t = pending_event_table
        now = self._clock.now()
        with self._engine.begin() as conn:
            stale = list({e.key for e in pending} | {e.key for e in undecided})
            for i in range(0, len(stale), 500):
                conn.execute(delete(t).where(t.c.agent == self._agent, t.c.event_key.in_(stale[i : i + 500])))
            if undecided:
                rows = []
                for e in {e.key: e for e in undecided}.values():
                    first_seen, offers = history.get((e.key, e.version), (now, 0))
                    rows.append({"event_key": e.key, "agent": self._agent, "version": e.version,
                                 "event": e.model_dump(mode="json"), "first_seen": first_seen, "offers": offers + 1})
                conn.execute(insert(t), rows)
            for source, f in fetched:
                self._save_cursor(conn, source.name, f.cursor)

    def load_cursor(self, name: str) -> dict | None:
        with self._engine.connect() as conn:
            row = conn.execute(select(cursor_table.c.cursor).where(cursor_table.c.source == name)).first()
        return dict(row[0]) if row else None

    def _save_cursor(self, conn, name: str, cursor: dict) -> None:
        res = conn.execute(
            cursor_table.update().where(cursor_table.c.source == name).values(cursor=cursor, updated_at=self._clock.now())
        )
        if res.rowcount == 0:
            conn.execute(insert(cursor_table).values(source=name, cursor=cursor, updated_at=self._clock.now()))
