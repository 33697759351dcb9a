"""Reading back what the triage agent decided, for `./tic why KEY` and `./tic log` (T6).

A held decision (T11) carries its hold: until when, and once the hold ended,
when it was released (surfaced); `recent` lists a release as an entry of its own.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Engine, and_, func, select

from tic.db import decision_table, failure_table, held_event_table, pending_event_table
from tic.triage._decision import hold_phrase, release_phrase
from tic.triage._zone import zone_from_name

__all__ = ["Explanation", "Failed", "Recorded", "Waiting", "decisions_for", "explain", "explanation_object",
           "failures_for", "hold_object", "log_object", "recent", "search", "waiting_for", "matching_keys"]


@dataclass(frozen=True)
class Recorded:
    event_key: str
    version: str
    notify: bool
    reason: str
    rule: str | None
    summary: str | None
    decided_by: str
    is_update: bool
    decided_at: datetime  # for a release entry: when it was released
    label: str | None = None  # what the event was ("email from X: subject"); None in older worlds
    held_until: datetime | None = None  # T11: the event was held until then
    hold_reason: str = ""  # "quiet hours"
    released_at: datetime | None = None  # the hold ended and the event was surfaced then
    replaced_at: datetime | None = None  # a newer version was decided before the hold ended
    zone: str = ""  # the user's zone when it was held (T9): its times are shown in it
    held_at: datetime | None = None
    kind: str = "decision"  # "decision" | "release" (a log entry of its own: the held event surfaced)

    @property
    def held(self) -> bool:
        return self.held_until is not None

    @property
    def hold(self) -> str:
        """T11, in the user's time: `held until 07:00 (quiet hours)`, `released at 07:00 (held until 07:00, ...)`; '' when not held."""
        if self.held_until is None:
            return ""
        tz = zone_from_name(self.zone)
        if self.released_at is not None:
            return release_phrase(self.released_at, self.held_until, tz, self.hold_reason, held_at=self.held_at)
        held = hold_phrase(self.held_until, tz, self.hold_reason, now=self.held_at)
        return f"{held}; replaced by a newer version before then" if self.replaced_at is not None else held


@dataclass(frozen=True)
class Waiting:
    event_key: str
    first_seen: datetime
    offers: int


@dataclass(frozen=True)
class Failed:
    """R2: an event (version) that failed: where, why, how often; parked = given up, never retried."""

    event_key: str
    version: str  # '' when the source item could not be read at all
    stage: str  # read | decide | notify | record
    error: str
    attempts: int
    first_failed_at: datetime
    last_failed_at: datetime
    parked_at: datetime | None = None
    label: str | None = None

    @property
    def parked(self) -> bool:
        return self.parked_at is not None

    @property
    def what(self) -> str:
        """`failed 2 times (decide); tried again next tick` / `failed 3 times (decide); set aside, not tried again`."""
        from tic.triage._failures import MAX_ATTEMPTS

        times = f"failed {self.attempts} time{'s' if self.attempts != 1 else ''} ({self.stage})"
        if self.parked:
            return f"{times}; set aside after {MAX_ATTEMPTS} failures, not tried again"
        if self.version == "":
            return f"{times}; the source item could not be read: it is read again with its source"
        return f"{times}; tried again next tick ({MAX_ATTEMPTS - self.attempts} more at most)"


def failures_for(engine: Engine, key: str) -> list[Failed]:
    """Every recorded failure of `key` (one per version), the latest first."""
    t = failure_table
    with engine.connect() as conn:
        rows = conn.execute(select(t).where(t.c.event_key == key).order_by(t.c.last_failed_at.desc())).mappings().all()
    return [Failed(r["event_key"], r["version"], r["stage"], r["error"], r["attempts"], r["first_failed_at"],
                   r["last_failed_at"], r["parked_at"], r["label"]) for r in rows]


def _recorded(row) -> Recorded:
    by = row["decided_by"] or ("rule" if row["rule"] else "heuristics")
    return Recorded(row["event_key"], row["version"], bool(row["notify"]), row["reason"], row["rule"], row["summary"],
                    by, bool(row["is_update"]), row["decided_at"], row.get("label"),
                    held_until=row.get("held_until"), hold_reason=row.get("hold_reason") or "",
                    released_at=row.get("released_at"), replaced_at=row.get("replaced_at"), zone=row.get("zone") or "",
                    held_at=row.get("held_at"))


def _release_entry(d: Recorded) -> Recorded:
    """The log entry of a held event's release: surfaced, at `released_at`, saying when and why it was held."""
    return dataclasses.replace(d, notify=True, reason=d.hold, decided_at=d.released_at, kind="release")


def _with_holds():
    """Every decision with its hold, if it had one (T11)."""
    t, h = decision_table, held_event_table
    joined = t.outerjoin(h, and_(h.c.event_key == t.c.event_key, h.c.version == t.c.version))
    return select(t, h.c.held_until, h.c.reason.label("hold_reason"), h.c.released_at, h.c.replaced_at, h.c.zone,
                  h.c.held_at).select_from(joined)


def search(engine: Engine, query: str, *, limit: int = 5) -> list[Recorded]:
    """Decisions whose event label, key or reason holds every word of `query` (case-insensitive), newest first."""
    words = [w for w in query.lower().split() if w]
    if not words:
        return []
    t = decision_table
    cond = []
    for w in words:
        like = "%" + w.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
        text = func.lower(func.coalesce(t.c.label, "") + " " + t.c.event_key + " " + t.c.reason)
        cond.append(text.like(like, escape="\\"))
    with engine.connect() as conn:
        rows = conn.execute(_with_holds().where(*cond).order_by(t.c.id.desc()).limit(max(1, limit))).mappings().all()
    out = [_recorded(r) for r in rows]  # a released hold says so in the reason the chat reads (T6, T11)
    return [dataclasses.replace(d, reason=f"{d.reason}; {d.hold}") if d.released_at else d for d in out]


def decisions_for(engine: Engine, key: str) -> list[Recorded]:
    """Every decision on `key` (one per version), newest first, each with its hold if it had one."""
    t = decision_table
    with engine.connect() as conn:
        rows = conn.execute(_with_holds().where(t.c.event_key == key).order_by(t.c.id.desc())).mappings().all()
    return [_recorded(r) for r in rows]


def waiting_for(engine: Engine, key: str) -> Waiting | None:
    """The event when it is waiting for a decision (the model failed on it), else None."""
    t = pending_event_table
    with engine.connect() as conn:
        row = conn.execute(select(t).where(t.c.event_key == key)).mappings().first()
    return Waiting(row["event_key"], row["first_seen"], row["offers"]) if row else None


def matching_keys(engine: Engine, fragment: str, *, limit: int = 20) -> list[str]:
    """Keys of decided, waiting or failed events that contain `fragment` (for a key typed without its prefix)."""
    like = "%" + fragment.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
    keys: list[str] = []
    with engine.connect() as conn:
        for t in (decision_table, pending_event_table, failure_table):
            q = select(t.c.event_key).where(t.c.event_key.like(like, escape="\\")).distinct().limit(limit)
            keys += [k for (k,) in conn.execute(q) if k not in keys]
    return sorted(keys)[:limit]


def recent(engine: Engine, n: int = 20) -> list[Recorded]:
    """The last `n` decisions and releases of held events (kind "release", T11), newest first."""
    t, h = decision_table, held_event_table
    n = max(0, n)
    with engine.connect() as conn:
        rows = conn.execute(_with_holds().order_by(t.c.id.desc()).limit(n)).mappings().all()
        released = conn.execute(_with_holds().where(h.c.released_at.is_not(None))
                                .order_by(h.c.released_at.desc(), h.c.id.desc()).limit(n)).mappings().all()
    entries = [(d.decided_at, 0, i, d) for i, d in enumerate(reversed([_recorded(r) for r in rows]))]
    entries += [(d.released_at, 1, i, _release_entry(d)) for i, d in enumerate(reversed([_recorded(r) for r in released]))]
    entries.sort(key=lambda e: e[:3], reverse=True)  # a release after its decision, even at the same instant
    return [d for *_, d in entries[:n]]


@dataclass(frozen=True)
class Explanation:
    """Why an event was or was not notified (`./tic why`, the web page's decisions panel)."""

    event_key: str
    decisions: list[Recorded]  # newest first
    waiting: Waiting | None
    failures: list[Failed]


def explain(engine: Engine, key: str) -> tuple[Explanation | None, list[str]]:
    """The decisions, wait and failures of `key`, or of the one event whose key contains it.

    (None, the matching keys) when nothing is recorded under `key` and it matches no key or more than one.
    """
    found, waiting, failed = decisions_for(engine, key), waiting_for(engine, key), failures_for(engine, key)
    if not found and waiting is None and not failed:
        keys = matching_keys(engine, key)
        if len(keys) != 1:
            return None, keys
        key = keys[0]
        found, waiting, failed = decisions_for(engine, key), waiting_for(engine, key), failures_for(engine, key)
    return Explanation(key, found, waiting, failed), [key]


def hold_object(d: Recorded) -> dict:
    """T11: a held decision's hold (ISO instants), or nothing."""
    if not d.held:
        return {}
    iso = lambda at: at.isoformat() if at is not None else None  # noqa: E731
    return {"held_until": iso(d.held_until), "hold_reason": d.hold_reason, "released_at": iso(d.released_at),
            "replaced_at": iso(d.replaced_at), "hold": d.hold}


def explanation_object(e: Explanation) -> dict:
    """`./tic why --json`: the event, its wait, its failures and its decisions with their holds."""
    return {
        "event": e.event_key,
        "waiting": {"since": e.waiting.first_seen.isoformat(), "offers": e.waiting.offers} if e.waiting else None,
        "failures": [{"version": f.version, "stage": f.stage, "error": f.error, "attempts": f.attempts,
                      "parked": f.parked, "what": f.what, "label": f.label,
                      "first_failed_at": f.first_failed_at.isoformat(),
                      "last_failed_at": f.last_failed_at.isoformat()} for f in e.failures],
        "decisions": [{"notify": d.notify, "reason": d.reason, "rule": d.rule, "summary": d.summary,
                       "decided_by": d.decided_by, "decided_at": d.decided_at.isoformat(), "is_update": d.is_update,
                       "version": d.version, "label": d.label, **hold_object(d)} for d in e.decisions],
    }


def log_object(d: Recorded) -> dict:
    """One `./tic log --json` line."""
    return {"event": d.event_key, "notify": d.notify, "decided_by": d.decided_by,
            "decided_at": d.decided_at.isoformat(), "reason": d.reason, "kind": d.kind, "label": d.label,
            **hold_object(d)}
