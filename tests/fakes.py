"""Test doubles behind the real interfaces (a fake belongs only in tests)."""

from __future__ import annotations

from typing import Callable

from tic.models import AssistantMessage, Message, ToolSpec

Reply = AssistantMessage | Callable[[list[Message], list[ToolSpec]], AssistantMessage]


class ScriptedModel:
    """A ChatModel that plays scripted replies in order and fails on an unexpected call.

    `assert_done()` fails if a scripted reply was never used. Every call's
    messages are kept in `calls` for assertions.
    """

    name = "scripted"

    def __init__(self, *replies: Reply) -> None:
        self._replies = list(replies)
        self.calls: list[tuple[list[Message], list[ToolSpec]]] = []

    def complete(self, messages: list[Message], tools: list[ToolSpec]) -> AssistantMessage:
        self.calls.append(([dict(m) for m in messages], list(tools)))
        if not self._replies:
            raise AssertionError(f"unexpected model call #{len(self.calls)}; last message: {messages[-1]}")
        reply = self._replies.pop(0)
        return reply(messages, tools) if callable(reply) else reply

    def assert_done(self) -> None:
        assert not self._replies, f"{len(self._replies)} scripted replies never used"


def assert_valid_sequence(messages: list[Message]) -> None:
    """H8: every assistant tool call is followed by exactly one result with its id; no orphan results."""
    open_ids: list[str] = []
    for m in messages:
        if m["role"] == "tool":
            assert m["tool_call_id"] in open_ids, f"tool result without its call: {m}"
            open_ids.remove(m["tool_call_id"])
            continue
        assert not open_ids, f"tool calls {open_ids} have no result before {m['role']}"
        if m["role"] == "assistant":
            open_ids = [c["id"] for c in m.get("tool_calls") or []]
    assert not open_ids, f"tool calls {open_ids} have no result"
