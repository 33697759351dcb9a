"""chat_history + chat_llm_tools: the main agent's conversation, kept valid for every provider (H4, H8)."""

from __future__ import annotations

import json
import uuid
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Callable, Iterator

from sqlalchemy import Engine, insert, select, update

from tic.clock import Clock
from tic.db import chat_history_table as H
from tic.db import chat_llm_tools_table as T
from tic.hub._registry import ToolResult
from tic.models import AssistantMessage, Message

__all__ = ["ChatHistory", "NOTIFICATION_REASONING", "CHANNEL_REASONING", "INTERRUPTED"]

NOTIFICATION_REASONING = (
    "The system signaled pending notifications. Let me read them and surface anything relevant to the user."
)
CHANNEL_REASONING = (
    "The system signaled new channel notifications. Let me check them and surface anything relevant to the user."
)
INTERRUPTED = "error: this tool call was interrupted before it finished (the engine stopped); it did not complete."


@dataclass(frozen=True)
class PendingCall:
    message_id: int
    call_id: str
    name: str
    arguments: dict[str, Any]


class ChatHistory:
    """One conversation's messages and tool calls in the world's database.

    `guard(conn)`, when given, runs first in every transaction the history opens to write
    (the ChatHub's turn lease, H11 across engines): it raises to refuse the write, so a reply
    of an engine that no longer owns the turn is never stored. Writes inside a caller's
    transaction (`connection=`) are the caller's to guard.
    """

    def __init__(self, engine: Engine, clock: Clock, *, conversation: str = "main",
                 guard: Callable[[Any], None] | None = None) -> None:
        self._engine = engine
        self._clock = clock
        self.conversation = conversation
        self._guard = guard

    @contextmanager
    def _writing(self) -> Iterator[Any]:
        with self._engine.begin() as conn:
            if self._guard is not None:
                self._guard(conn)
            yield conn

    def check_turn(self) -> None:
        """Raise (the guard's error) unless the turn is still ours; before a tool call with side effects."""
        if self._guard is not None:
            with self._writing():
                pass

    # --- writing ---------------------------------------------------------------------

    def append_user(self, text: str) -> int:
        with self._writing() as conn:
            return self._insert_message(conn, "user", text)

    def append_assistant(self, reply: AssistantMessage, *, is_synthetic: bool = False, connection=None) -> int:
        """Store an assistant message and its tool calls (status 'pending' until finished)."""
        if connection is not None:
            return self._append_assistant(connection, reply, is_synthetic)
        with self._writing() as conn:
            return self._append_assistant(conn, reply, is_synthetic)

    def _append_assistant(self, conn, reply: AssistantMessage, is_synthetic: bool) -> int:
        msg_id = self._insert_message(conn, "assistant", reply.content, reasoning=reply.reasoning, is_synthetic=is_synthetic)
        now = self._clock.now()
        for call in reply.tool_calls:
            conn.execute(
                insert(T).values(
                    message_id=msg_id, call_id=call.id, name=call.name, arguments=call.arguments, status="pending", created_at=now
                )
            )
        return msg_id

    def finish_call(self, message_id: int, call_id: str, result: ToolResult, *, connection=None) -> None:
        values = dict(
            status=result.status, result_type=result.result_type, result=result.for_model(), finished_at=self._clock.now()
        )
        stmt = update(T).where(T.c.message_id == message_id, T.c.call_id == call_id).values(**values)
        if connection is not None:
            connection.execute(stmt)
        else:
            with self._writing() as conn:
                conn.execute(stmt)

    def inject_read_notification(self, batch: list[dict[str, Any]], *, connection) -> int:
        """H4: the synthetic assistant message with its pre-completed read_notification call."""
        from tic.hub._tools import READ_NOTIFICATION

        return self.inject_call(READ_NOTIFICATION, {}, NOTIFICATION_REASONING, batch, connection=connection)

    def inject_channel_check(self, payload: dict[str, Any], *, connection) -> int:
        """C (idle wake): a synthetic, already-completed notification(action='check') carrying the live payload."""
        return self.inject_call("notification", {"action": "check", "input": {}}, CHANNEL_REASONING, payload,
                                connection=connection)

    def inject_call(self, name: str, arguments: dict[str, Any], reasoning: str, value: Any, *, connection) -> int:
        """A synthetic assistant message (is_synthetic) with one pre-completed tool call whose JSON result is `value`."""
        from tic.models import ToolCall

        call_id = "call_" + uuid.uuid4().hex[:24]
        reply = AssistantMessage(content=None, tool_calls=(ToolCall(call_id, name, arguments),), reasoning=reasoning)
        msg_id = self._append_assistant(connection, reply, is_synthetic=True)
        result = ToolResult("done", "json", json.dumps(value, ensure_ascii=False))
        self.finish_call(msg_id, call_id, result, connection=connection)
        return msg_id

    def tool_results(self) -> list[str]:
        """Every finished tool result of the conversation, oldest first."""
        return [c["result"] or "" for m in self.rows() for c in m["tool_calls"] if c["status"] != "pending"]

    def _insert_message(self, conn, role: str, content: str | None, *, reasoning: str | None = None, is_synthetic: bool = False) -> int:
        def storable(text: str | None) -> str | None:  # R2: PostgreSQL stores neither NUL nor lone surrogates
            return text.replace("\x00", "").encode("utf-8", "replace").decode("utf-8") if text else text

        content, reasoning = storable(content), storable(reasoning)
        return conn.execute(
            insert(H).values(
                conversation=self.conversation,
                role=role,
                content=content,
                reasoning_content=reasoning,
                is_synthetic=is_synthetic,
                created_at=self._clock.now(),
            )
        ).inserted_primary_key[0]

    # --- reading ---------------------------------------------------------------------

    def rows(self, *, after: int = 0, before: int | None = None, last: int | None = None) -> list[dict[str, Any]]:
        """Every message with its tool calls, oldest first: only those stored after message id `after` (and
        before `before`); with `last`, only the last that many of them."""
        with self._engine.connect() as conn:
            where = [H.c.conversation == self.conversation, H.c.id > after]
            if before is not None:
                where.append(H.c.id < before)
            if last is None:
                query = select(H).where(*where).order_by(H.c.id)
                msgs = [dict(r) for r in conn.execute(query).mappings()]
            else:
                query = select(H).where(*where).order_by(H.c.id.desc()).limit(max(0, last))
                msgs = [dict(r) for r in conn.execute(query).mappings()][::-1]
            ids = [m["id"] for m in msgs if m["role"] == "assistant"]
            calls: dict[int, list[dict]] = {}
            if ids:
                for r in conn.execute(select(T).where(T.c.message_id.in_(ids)).order_by(T.c.id)).mappings():
                    calls.setdefault(r["message_id"], []).append(dict(r))
        for m in msgs:
            m["tool_calls"] = calls.get(m["id"], [])
        return msgs

    def repair(self) -> int:
        """H8: mark tool calls left pending by a crash as interrupted errors. Returns how many."""
        with self._writing() as conn:
            pending = select(H.c.id).where(H.c.conversation == self.conversation)
            res = conn.execute(
                update(T)
                .where(T.c.status == "pending", T.c.message_id.in_(pending))
                .values(status="error", result_type="text", result=INTERRUPTED, finished_at=self._clock.now())
            )
        return res.rowcount

    def needs_resume(self) -> bool:
        """H5: the last message is an assistant message whose tool calls all finished, or a user message."""
        rows = self.rows()
        if not rows:
            return False
        last = rows[-1]
        if last["role"] == "user":
            return True
        return bool(last["tool_calls"]) and all(c["status"] != "pending" for c in last["tool_calls"])

    def messages(self) -> list[Message]:
        """The conversation in the OpenAI wire shape, valid for every provider (H8).

        Each assistant tool call is followed by exactly one tool result with its
        id; a call still pending (a crash) gets an error result rather than
        none. Empty assistant messages without calls are skipped.
        """
        out: list[Message] = []
        for m in self.rows():
            if m["role"] == "user":
                out.append({"role": "user", "content": m["content"] or ""})
                continue
            calls = m["tool_calls"]
            if not calls:
                if m["content"]:
                    out.append({"role": "assistant", "content": m["content"]})
                continue
            msg: Message = {
                "role": "assistant",
                "content": m["content"],
                "tool_calls": [
                    {"id": c["call_id"], "type": "function", "function": {"name": c["name"], "arguments": json.dumps(c["arguments"] or {})}}
                    for c in calls
                ],
            }
            if m["reasoning_content"]:
                msg["reasoning_content"] = m["reasoning_content"]
            out.append(msg)
            for c in calls:
                content = c["result"] if c["status"] != "pending" else INTERRUPTED
                out.append({"role": "tool", "tool_call_id": c["call_id"], "name": c["name"], "content": content or ""})
        return out

    def assistant_texts(self) -> list[str]:
        return [m["content"] for m in self.rows() if m["role"] == "assistant" and m["content"]]

    # --- shown (issue 8: a reply is stored and shown as one step) -----------------------

    def mark_shown(self, message_id: int) -> None:
        """The views showed this stored reply. Not guarded: it records what happened, whoever owns the turn now."""
        with self._engine.begin() as conn:
            conn.execute(update(H).where(H.c.id == message_id).values(shown_at=self._clock.now()))

    def unshown(self) -> list[tuple[int, str]]:
        """Replies stored and never shown (the engine was killed between the two), oldest first: (id, text)."""
        with self._engine.connect() as conn:
            rows = conn.execute(
                select(H.c.id, H.c.content)
                .where(H.c.conversation == self.conversation, H.c.role == "assistant", H.c.content.is_not(None),
                       H.c.content != "", H.c.shown_at.is_(None))
                .order_by(H.c.id)
            ).all()
        return [(r.id, r.content) for r in rows]
