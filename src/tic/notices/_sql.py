"""The notice tables in SQL (SQLAlchemy Core, SQLite and PostgreSQL alike).

Every function takes an open connection inside a transaction: the store
decides where transactions begin and end. Writes that add to a row use
INSERT ... ON CONFLICT DO UPDATE with the count added in SQL, so concurrent
posts never lose a count; a read takes its rows with DELETE ... RETURNING, so
two readers never get the same row.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Iterable, Sequence

from sqlalchemy import and_, bindparam, case, delete, distinct, func, insert, or_, select

from tic.db import mute_table as M
from tic.db import notice_table
from tic.db import pending_notice_table as P
from tic.db import repeat_table as R
from tic.errors import NoticeError
from tic.notices._decide import PendingRow, RepeatState
from tic.notices._keys import REPEATING, series_for
from tic.notices._model import Entry, Notice
from tic.notices._render import Summary, render_line


def insert_for(conn):
    name = conn.dialect.name
    if name == "postgresql":
        from sqlalchemy.dialects.postgresql import insert
    elif name == "sqlite":
        from sqlalchemy.dialects.sqlite import insert
    else:
        raise NoticeError(f"the notice store runs on SQLite or PostgreSQL, not {name}")
    return insert


_STATEMENTS: dict[tuple[str, str], Any] = {}


def cached(conn, name: str, build):
    """A statement built once per backend (building SQLAlchemy expressions costs more than running them)."""
    k = (conn.dialect.name, name)
    stmt = _STATEMENTS.get(k)
    if stmt is None:
        stmt = _STATEMENTS[k] = build()
    return stmt


def upsert_statement(conn, table, index: list[str], set_=None):
    stmt = insert_for(conn)(table)
    values = set_(stmt.excluded) if callable(set_) else set_
    if values is None:
        values = {c.name: stmt.excluded[c.name] for c in table.columns if c.name not in index}
    return stmt.on_conflict_do_update(index_elements=index, set_=values)


def upsert(conn, table, rows: Sequence[dict], index: list[str], set_: dict[str, Any] | None = None, *, name: str = "") -> None:
    """Insert rows; where one exists, update it with `set_` (callable: (excluded) -> dict) or the new values."""
    if not rows:
        return
    if name:
        stmt = cached(conn, name, lambda: upsert_statement(conn, table, index, set_))
    else:
        stmt = upsert_statement(conn, table, index, set_)
    conn.execute(stmt, list(rows))


PK = ["reader", "key", "poster", "series"]


def insert_post(conn, row: dict, notify: tuple[str, str] | None = None) -> int:
    """The post into the history; its id. `notify`: (channel, payload) of a pg_notify sent by the same
    statement (PostgreSQL: one round trip less; heard by other engines when the transaction commits)."""
    if notify is None:
        return conn.execute(cached(conn, "insert_post", lambda: insert(notice_table)), row).inserted_primary_key[0]
    stmt = cached(conn, "insert_post_notify", _insert_notify)
    return conn.execute(stmt, {**row, "_chan": notify[0], "_payload": notify[1]}).scalar_one()


def _insert_notify():
    """INSERT INTO notices (...) SELECT :values FROM (SELECT pg_notify(:chan, :payload)) RETURNING id."""
    cols = [c for c in notice_table.columns if c.name not in ("id", "withdrawn_at")]
    sent = select(func.pg_notify(bindparam("_chan"), bindparam("_payload")).label("sent")).cte("sent")
    values = select(*[bindparam(c.name, type_=c.type) for c in cols]).select_from(sent)
    return insert(notice_table).from_select([c.name for c in cols], values).returning(notice_table.c.id)


def _higher(a, b):
    """The higher of two severities, in SQL."""
    return case((or_(a == "error", b == "error"), "error"), (or_(a == "warn", b == "warn"), "warn"), else_="info")


def _least(a, b):
    return case((a < b, a), else_=b)


def _greatest(a, b):
    return case((a > b, a), else_=b)


def series_of(kind: str, severity: str, notice_id: int, params: dict) -> str:
    if kind == "notification":
        return f"#{notice_id}"
    if severity in REPEATING:
        return series_for(params)
    return ""


def add_post(conn, post: dict, readers: Sequence[str]) -> None:
    """One post into every reader's pending rows (count + 1 where a row exists)."""
    if not readers:
        return
    poster = post["poster"] or ""
    series = series_of(post["kind"], post["severity"], post["id"], post["params"])
    base = {
        "key": post["key"], "poster": poster, "series": series, "kind": post["kind"], "template": post["template"],
        "severity": post["severity"], "origin": post["origin"], "actionable": post["actionable"],
        "location": post["location"], "count": 1, "first_id": post["id"], "last_id": post["id"],
        "first_at": post["created_at"], "last_at": post["created_at"], "params": post["params"],
        "summary": None, "due_at": None,
    }
    if series:
        conn.execute(cached(conn, "add_series", lambda: _fan_out(conn, summary=False)), {**base, "readers": list(readers)})
        return
    # An info bucket: add the post (its values as the summary of a new row), and read back each row's
    # summary. The row is locked from here to commit (PostgreSQL row lock; SQLite's one writer), so
    # where the values are not in it yet - only while the summary is still filling - it is updated
    # with the merge. Usually the summary already covers them: one statement, like a plain insert.
    fresh = Summary.of(post["params"]).to_json()
    stmt = cached(conn, "add_bucket", lambda: _fan_out(conn, summary=True))
    merged: dict[str, tuple[dict, list[str]]] = {}  # readers usually share one summary: merge each once
    for reader, summary in conn.execute(stmt, {**base, "summary": fresh, "readers": list(readers)}):
        if summary == fresh:
            continue
        had = Summary.from_json(summary)
        grown = had.add(post["params"])
        if grown is not had:
            merged.setdefault(repr(summary), (grown.to_json(), []))[1].append(reader)
    for summary, who in merged.values():
        conn.execute(cached(conn, "bucket_summary", lambda: P.update().where(
            P.c.key == bindparam("k"), P.c.poster == bindparam("p"), P.c.series == "",
            P.c.reader.in_(bindparam("rs", expanding=True))).values(summary=bindparam("s"))),
            {"k": post["key"], "p": poster, "rs": who, "s": summary})


def _fan_out(conn, *, summary: bool):
    """One statement for every reader of a post: INSERT ... SELECT over the list of readers
    (PostgreSQL unnest, SQLite json_each), adding to the rows that exist (short SQL, cached by the driver)."""
    from sqlalchemy import JSON, String, true
    from sqlalchemy.dialects.postgresql import ARRAY

    if conn.dialect.name == "postgresql":
        readers = func.unnest(bindparam("readers", type_=ARRAY(String))).table_valued("value").render_derived("readers")
    else:
        readers = func.json_each(bindparam("readers", type_=JSON)).table_valued("value").alias("readers")
    cols = [c for c in P.columns if c.name != "reader"]
    rows = select(readers.c.value, *[bindparam(c.name, type_=c.type) for c in cols]).select_from(readers).where(true())
    stmt = insert_for(conn)(P).from_select(["reader", *[c.name for c in cols]], rows)
    stmt = stmt.on_conflict_do_update(index_elements=PK, set_=_add_set(stmt.excluded, summary=False))
    return stmt.returning(P.c.reader, P.c.summary) if summary else stmt


def _add_set(x, *, summary: bool) -> dict:
    values = {
        "count": P.c.count + x.count,
        "last_id": x.last_id,
        "last_at": x.last_at,
        "severity": _higher(P.c.severity, x.severity),
        "origin": case((x.origin == "content", "content"), else_=P.c.origin),
        "actionable": or_(P.c.actionable, x.actionable),
    }
    if summary:
        values["summary"] = x.summary
    return values


def _deliverable(kinds: bool, actionable: bool | None, held: bool = False):
    """Rows of :reader not muted by :user for it, not held at :now, of :kinds; binds filled in at execution."""
    muted = select(M.c.key).where(M.c.user == bindparam("user"), M.c.caller == bindparam("reader"))
    cond = [P.c.reader == bindparam("reader"), P.c.key.not_in(muted)]
    if not held:
        cond.append(or_(P.c.due_at.is_(None), P.c.due_at <= bindparam("now")))
    if kinds:
        cond.append(P.c.kind.in_(bindparam("kinds", expanding=True)))
    if actionable is not None:
        cond.append(P.c.actionable.is_(True) if actionable else P.c.actionable.is_(False))
    return and_(*cond)


def _binds(reader: str, user: str, now: datetime | None, kinds) -> dict:
    out: dict[str, Any] = {"reader": reader, "user": user}
    if now is not None:
        out["now"] = now
    if kinds is not None:
        out["kinds"] = list(kinds)
    return out


def _row(m) -> PendingRow:
    return PendingRow(
        reader=m["reader"], key=m["key"], poster=m["poster"], series=m["series"], kind=m["kind"],
        template=m["template"], severity=m["severity"], origin=m["origin"], actionable=bool(m["actionable"]),
        location=m["location"], count=int(m["count"]), first_id=int(m["first_id"]), last_id=int(m["last_id"]),
        first_at=m["first_at"], last_at=m["last_at"], params=dict(m["params"] or {}), summary=m["summary"],
        due_at=m["due_at"],
    )


def take_rows(conn, reader: str, user: str, now: datetime, kinds: Iterable[str] | None,
              actionable: bool | None = None) -> list[PendingRow]:
    """Remove and return the reader's rows that may be shown now (not muted, not held)."""
    stmt = cached(conn, f"take:{kinds is not None}:{actionable}",
                  lambda: delete(P).where(_deliverable(kinds is not None, actionable)).returning(*P.c))
    return [_row(m) for m in conn.execute(stmt, _binds(reader, user, now, kinds)).mappings()]


def peek_rows(conn, reader: str, user: str, now: datetime | None, kinds: Iterable[str] | None) -> list[PendingRow]:
    """The reader's rows that may be shown at `now` (None: held ones too), without taking them."""
    q = cached(conn, f"peek:{kinds is not None}:{now is None}",
               lambda: select(P).where(_deliverable(kinds is not None, None, held=now is None)).order_by(P.c.first_id))
    return [_row(m) for m in conn.execute(q, _binds(reader, user, now, kinds)).mappings()]


def posts_pending(conn, reader: str, user: str, kinds: Iterable[str] | None) -> list[Notice]:
    """The individual posts behind the reader's pending rows (each row: a range of ids of one template and poster)."""
    N = notice_table
    posts: dict[int, Notice] = {}
    for row in peek_rows(conn, reader, user, None, kinds):
        q = select(N).where(N.c.key == row.key, N.c.id.between(row.first_id, row.last_id), N.c.withdrawn_at.is_(None),
                            N.c.poster.is_(None) if not row.poster else N.c.poster == row.poster)
        for m in conn.execute(q).mappings():
            readers = m["readers"]
            if series_of(m["kind"], m["severity"], m["id"], m["params"] or {}) != row.series:
                continue
            if readers is not None and reader not in readers:
                continue
            posts[m["id"]] = notice_of(m)
    return [posts[i] for i in sorted(posts)]


def notice_of(m) -> Notice:
    return Notice(
        id=m["id"], key=m["key"], template=m["template"], params=dict(m["params"] or {}), severity=m["severity"],
        kind=m["kind"], origin=m["origin"], actionable=bool(m["actionable"]), poster=m["poster"],
        location=m["location"], created_at=m["created_at"], readers=tuple(m["readers"] or ()),
    )


def any_deliverable(conn, reader: str, user: str, now: datetime, kinds, actionable: bool | None) -> bool:
    q = cached(conn, f"any:{kinds is not None}:{actionable}",
               lambda: select(P.c.key).where(_deliverable(kinds is not None, actionable)).limit(1))
    return conn.execute(q, _binds(reader, user, now, kinds)).first() is not None


def hold_rows(conn, rows: Sequence[PendingRow]) -> None:
    """Put held repeats back with their due time (adding to a row a concurrent post created meanwhile)."""
    if not rows:
        return
    data = [{c.name: getattr(r, c.name) for c in P.columns} for r in rows]

    def set_(x):
        return {
            "count": P.c.count + x.count,
            "first_id": _least(P.c.first_id, x.first_id),
            "first_at": _least(P.c.first_at, x.first_at),
            "last_id": _greatest(P.c.last_id, x.last_id),
            "last_at": _greatest(P.c.last_at, x.last_at),
            "severity": _higher(P.c.severity, x.severity),
            "due_at": x.due_at,
        }

    upsert(conn, P, data, PK, set_, name="hold")


def next_due(conn, reader: str) -> datetime | None:
    q = cached(conn, "next_due", lambda: select(func.min(P.c.due_at)).where(P.c.reader == bindparam("reader"),
                                                                            P.c.due_at.is_not(None)))
    return conn.execute(q, {"reader": reader}).scalar()


def load_states(conn, reader: str, keys: Iterable[str]) -> dict[tuple[str, str], RepeatState]:
    keys = sorted(set(keys))
    if not keys:
        return {}
    q = select(R).where(R.c.reader == reader, R.c.key.in_(keys))
    return {
        (m["key"], m["series"]): RepeatState(int(m["total"]), float(m["hold"]), m["last_delivered"], m["last_seen"])
        for m in conn.execute(q).mappings()
    }


def save_states(conn, reader: str, states: dict[tuple[str, str], RepeatState]) -> None:
    rows = [
        {"reader": reader, "key": k, "series": s, "total": st.total, "hold": st.hold,
         "last_delivered": st.last_delivered, "last_seen": st.last_seen}
        for (k, s), st in states.items()
    ]
    upsert(conn, R, rows, ["reader", "key", "series"], name="states")


def muted_keys(conn, user: str, caller: str) -> frozenset[str]:
    return frozenset(k for (k,) in conn.execute(select(M.c.key).where(M.c.user == user, M.c.caller == caller)))


def standing(conn, limit: int) -> list[Entry]:
    """N13: the standing (not withdrawn) notices, one entry per template, newest first, with what is pending."""
    n = notice_table
    top = conn.execute(
        select(n.c.key, func.count().label("posts"), func.max(n.c.id).label("last"))
        .where(n.c.withdrawn_at.is_(None)).group_by(n.c.key).order_by(func.max(n.c.id).desc()).limit(limit)
    ).all()
    if not top:
        return []
    latest = {r.id: r for r in conn.execute(select(n).where(n.c.id.in_([last for _, _, last in top])))}
    q = select(P.c.key, func.sum(P.c.count), func.count(distinct(P.c.reader))).where(
        P.c.key.in_([k for k, _, _ in top])).group_by(P.c.key)
    pend = {k: (int(c or 0), int(r or 0)) for k, c, r in conn.execute(q)}
    out = []
    for key, posts, last in top:
        r = latest[last]
        pending, readers = pend.get(key, (0, 0))
        params = r.params or {}
        if r.kind == "notification":  # a person listing notifications reads the summary, not the refs
            params = {"summary": params.get("summary", "")}
        line = render_line(r.template, key, Summary.of(params), origin=r.origin, location=r.location)
        out.append(Entry(key=key, template=r.template, line=line, severity=r.severity, kind=r.kind, posts=int(posts),
                         pending=pending, readers=readers, last_at=r.created_at))
    return out


def withdraw_pending(conn, key: str, poster: str | None) -> None:
    conn.execute(delete(P).where(P.c.key == key, P.c.poster == (poster or "")))


def end_mutes(conn, key: str) -> None:
    conn.execute(delete(M).where(M.c.key == key))
    conn.execute(delete(R).where(R.c.key == key))


__all__ = [
    "add_post", "any_deliverable", "cached", "insert_post", "end_mutes", "hold_rows", "insert_for", "load_states", "muted_keys", "next_due",
    "notice_of", "peek_rows", "standing", "posts_pending", "save_states", "take_rows", "upsert", "withdraw_pending",
]
