"""The notice store on SQLAlchemy Core: post (N1-N4, N10, N11), take (N5), mutes (N8), withdraw (N9)."""

from __future__ import annotations

import inspect
import logging
import threading
from typing import Any, Callable, Iterable, Sequence

from sqlalchemy import Engine, and_, case, delete, func, insert, select, update

from tic.agents import Roster
from tic.clock import Clock
from tic.db import inbox_table, mute_table, notice_table
from tic.errors import NoticeError, UnknownAgentError
from tic.notices._caller import caller_key, current_caller
from tic.notices._keys import SEVERITIES, key_for
from tic.notices._model import Notice

log = logging.getLogger(__name__)

Audience = str | Sequence[str] | None
Listener = Callable[[Notice, list[str]], None]


class SqlNoticeStore:
    """The one notice store, shared by every part of an engine, kept in the world's database."""

    def __init__(self, engine: Engine, roster: Roster, clock: Clock, *, user: str = "me") -> None:
        self._engine = engine
        self._roster = roster
        self._clock = clock
        self._user = user
        self._listeners: list[Listener] = []
        self._lock = threading.Lock()

    # --- listeners (N14 live receivers) -------------------------------------------

    def subscribe(self, listener: Listener) -> None:
        """Call `listener(notice, readers)` after each committed post (from the posting thread)."""
        with self._lock:
            self._listeners.append(listener)

    # --- N1 post ----------------------------------------------------------------------

    def post(
        self,
        template: str,
        params: dict[str, Any] | None = None,
        *,
        severity: str = "info",
        audience: Audience = None,
        actionable: bool | None = None,
        ephemeral: bool = False,
        include_location: bool = False,
        origin: str = "code",
        kind: str = "notice",
        connection=None,
    ) -> Notice:
        """Store a notice for its audience and return it. Refused posts raise and store nothing.

        `connection`: post inside the caller's open transaction (so a decision and
        its notification commit together); by default the store opens its own.
        """
        if severity not in SEVERITIES:
            raise NoticeError(f"unknown severity {severity!r}: use one of {', '.join(SEVERITIES)}")
        if origin not in ("code", "content"):
            raise NoticeError(f"unknown origin {origin!r}: use 'code' or 'content'")
        if not isinstance(template, str) or not template.strip():
            raise NoticeError("a notice needs a template: a fixed sentence such as 'wave complete'")
        if ephemeral:
            raise NoticeError("ephemeral notices are not available in this version; post a stored notice")
        params = dict(params or {})
        readers, broad = self._resolve_audience(audience)
        if actionable is None:
            actionable = not broad  # N4
        location = _call_site() if include_location else None
        now = self._clock.now()
        row = {
            "key": key_for(template),
            "template": template,
            "params": params,
            "severity": severity,
            "kind": kind,
            "origin": origin,
            "actionable": bool(actionable),
            "poster": current_caller(),
            "location": location,
            "created_at": now,
        }
        if connection is not None:
            notice_id = self._insert(connection, row, readers)
        else:
            with self._engine.begin() as conn:
                notice_id = self._insert(conn, row, readers)
        notice = Notice(id=notice_id, **row)
        if connection is None:
            self._announce(notice, readers)
        return notice

    def announce(self, notice: Notice, readers: list[str] | None = None) -> None:
        """Tell live receivers about a notice posted inside a caller's own transaction, after it committed."""
        if readers is None:
            with self._engine.connect() as conn:
                readers = [r for (r,) in conn.execute(select(inbox_table.c.reader).where(inbox_table.c.notice_id == notice.id))]
        self._announce(notice, readers)

    def _announce(self, notice: Notice, readers: list[str]) -> None:
        for listener in list(self._listeners):
            try:
                listener(notice, readers)
            except Exception:  # a receiver's failure never undoes a stored post
                log.exception("notice listener failed")

    @staticmethod
    def _insert(conn, row: dict, readers: list[str]) -> int:
        notice_id = conn.execute(insert(notice_table).values(**row)).inserted_primary_key[0]
        conn.execute(insert(inbox_table), [{"notice_id": notice_id, "reader": r, "read_at": None} for r in readers])
        return notice_id

    def _resolve_audience(self, audience: Audience) -> tuple[list[str], bool]:
        """N3: the reader keys, and whether the audience is 'every caller' (for N4)."""
        if audience is None:
            caller = current_caller()
            if caller is not None:
                return [caller], False
            return self._everyone(), True
        if audience == "*":
            return self._everyone(), True
        entries = [audience] if isinstance(audience, str) else list(audience)
        if not entries:
            raise NoticeError("the audience list is empty: leave it out, use '*', or name at least one agent")
        readers: list[str] = []
        for entry in entries:
            key = caller_key(entry)
            kind, _, ident = key.partition(":")
            if kind == "agent":
                if ident not in self._roster:
                    raise UnknownAgentError(
                        f"audience entry {entry!r} names no agent on the roster ({', '.join(self._roster.names())})"
                    )
                if not self._roster.here(ident):
                    raise UnknownAgentError(f"agent {ident!r} runs on another engine of this world: post there")
            if key not in readers:
                readers.append(key)
        return readers, False

    def _everyone(self) -> list[str]:
        return self._roster.callers_here()

    # --- N5 delivery --------------------------------------------------------------------

    def pending(self, reader: str, *, kinds: Iterable[str] | None = None) -> list[Notice]:
        """What `reader` has not read yet (muted keys and withdrawn notices excluded), oldest first."""
        with self._engine.connect() as conn:
            return self._pending(conn, reader, kinds)

    def take(self, reader: str, *, kinds: Iterable[str] | None = None, connection=None) -> list[Notice]:
        """Pending notices for `reader`, marked read for that reader alone, in one transaction."""
        if connection is not None:
            return self._take(connection, reader, kinds)
        with self._engine.begin() as conn:
            return self._take(conn, reader, kinds)

    def _take(self, conn, reader: str, kinds) -> list[Notice]:
        notices = self._pending(conn, reader, kinds)
        if notices:
            ids = [n.id for n in notices]
            conn.execute(
                update(inbox_table)
                .where(and_(inbox_table.c.reader == reader, inbox_table.c.notice_id.in_(ids)))
                .values(read_at=self._clock.now())
            )
        return notices

    def _pending(self, conn, reader: str, kinds) -> list[Notice]:
        n, i, m = notice_table, inbox_table, mute_table
        muted = select(m.c.key).where(and_(m.c.user == self._user, m.c.caller == reader))
        q = (
            select(n)
            .join(i, i.c.notice_id == n.c.id)
            .where(i.c.reader == reader, i.c.read_at.is_(None), n.c.withdrawn_at.is_(None), n.c.key.not_in(muted))
            .order_by(n.c.id)
        )
        if kinds is not None:
            q = q.where(n.c.kind.in_(list(kinds)))
        return [_notice(row) for row in conn.execute(q).mappings()]

    def has_pending(self, reader: str, *, kinds: Iterable[str] | None = None) -> bool:
        n, i = notice_table, inbox_table
        q = select(func.count()).select_from(i.join(n, i.c.notice_id == n.c.id)).where(
            i.c.reader == reader, i.c.read_at.is_(None), n.c.withdrawn_at.is_(None)
        )
        if kinds is not None:
            q = q.where(n.c.kind.in_(list(kinds)))
        with self._engine.connect() as conn:
            return bool(conn.execute(q).scalar())

    # --- listing, N8 mutes, N9 withdraw -------------------------------------------------

    def entries(self, *, limit: int = 200) -> list[tuple[Notice, int, int]]:
        """Standing notices, newest first, with (readers, readers still to read)."""
        n, i = notice_table, inbox_table
        unread = func.sum(case((and_(i.c.reader.is_not(None), i.c.read_at.is_(None)), 1), else_=0))
        q = (
            select(n, func.count(i.c.reader).label("readers"), unread.label("unread"))
            .join(i, i.c.notice_id == n.c.id, isouter=True)
            .where(n.c.withdrawn_at.is_(None))
            .group_by(*n.c)
            .order_by(n.c.id.desc())
            .limit(limit)
        )
        with self._engine.connect() as conn:
            return [(_notice(r), int(r["readers"] or 0), int(r["unread"] or 0)) for r in conn.execute(q).mappings()]

    def suppress(self, key: str, *, caller: str | None = None) -> None:
        """N8: mute `key` for this caller (default: the running one) and this user."""
        who = caller or current_caller() or "user:" + self._user
        key = _valid_key(key)
        with self._engine.begin() as conn:
            exists = conn.execute(
                select(mute_table.c.key).where(mute_table.c.user == self._user, mute_table.c.caller == who, mute_table.c.key == key)
            ).first()
            if not exists:
                conn.execute(insert(mute_table).values(user=self._user, caller=who, key=key, created_at=self._clock.now()))

    def unsuppress(self, key: str, *, caller: str | None = None) -> bool:
        who = caller or current_caller() or "user:" + self._user
        key = _valid_key(key)
        with self._engine.begin() as conn:
            res = conn.execute(
                delete(mute_table).where(mute_table.c.user == self._user, mute_table.c.caller == who, mute_table.c.key == key)
            )
        return res.rowcount > 0

    def withdraw(self, template: str, *, replacing: bool = False) -> int:
        """N9: remove the standing notices of `template` posted by the calling code; end mutes unless replacing."""
        key = key_for(template)
        poster = current_caller()
        cond = and_(notice_table.c.key == key, notice_table.c.withdrawn_at.is_(None))
        cond = and_(cond, notice_table.c.poster.is_(None) if poster is None else notice_table.c.poster == poster)
        with self._engine.begin() as conn:
            res = conn.execute(update(notice_table).where(cond).values(withdrawn_at=self._clock.now()))
            if res.rowcount and not replacing:  # the condition is over: mutes on the key end
                conn.execute(delete(mute_table).where(mute_table.c.key == key))
        return res.rowcount


def _valid_key(key: str) -> str:
    key = key.strip().lstrip("#").lower()
    if len(key) != 8 or any(c not in "0123456789abcdef" for c in key):
        raise NoticeError(f"{key!r} is not a notice key: use the 8 hex characters after '#' in a notice line")
    return key


def _notice(row) -> Notice:
    return Notice(
        id=row["id"],
        key=row["key"],
        template=row["template"],
        params=dict(row["params"] or {}),
        severity=row["severity"],
        kind=row["kind"],
        origin=row["origin"],
        actionable=bool(row["actionable"]),
        poster=row["poster"],
        location=row["location"],
        created_at=row["created_at"],
    )


def _call_site() -> str | None:
    """N11: the first frame outside the notice store."""
    here = __file__
    for frame in inspect.stack()[2:]:
        if frame.filename != here:
            return f"{frame.filename}:{frame.lineno}"
    return None
