"""The model seam: one method, OpenAI-style messages in, one assistant message out."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Protocol

__all__ = ["ChatModel", "AssistantMessage", "StreamingChatModel", "ToolCall", "ToolSpec", "Message"]

Message = dict[str, Any]
"""One chat message in the OpenAI wire shape litellm speaks:
{"role": "system"|"user"|"assistant"|"tool", "content": ..., "tool_calls": [...], "tool_call_id": ...}."""


@dataclass(frozen=True)
class ToolSpec:
    """A tool as a model sees it: name, description, JSON-schema parameters."""

    name: str
    description: str
    parameters: dict[str, Any] = field(default_factory=lambda: {"type": "object", "properties": {}})

    def as_openai(self) -> dict[str, Any]:
        return {
            "type": "function",
            "function": {"name": self.name, "description": self.description, "parameters": self.parameters},
        }


@dataclass(frozen=True)
class ToolCall:
    """One tool call of a reply. `error` says why its arguments could not be read (not JSON, not an object):
    `arguments` is then {} and the call is the caller's to refuse alone, never the whole reply (R3)."""

    id: str
    name: str
    arguments: dict[str, Any] = field(default_factory=dict)
    error: str | None = None


@dataclass(frozen=True)
class AssistantMessage:
    content: str | None = None
    tool_calls: tuple[ToolCall, ...] = ()
    reasoning: str | None = None


class ChatModel(Protocol):
    """Anything that can answer a conversation.

    `complete` receives the whole message list (system first) and the tools the
    agent may call, and returns the next assistant message: text, tool calls, or
    both. It raises `tic.errors.ModelError` when the model cannot answer.
    """

    name: str

    def complete(self, messages: list[Message], tools: list[ToolSpec]) -> AssistantMessage: ...


class StreamingChatModel(ChatModel, Protocol):
    """A ChatModel that can also hand over its reply's text as it is generated.

    `stream` returns the same whole message `complete` would, after calling
    `on_delta(piece)` for each piece of its text in order (the pieces joined are
    its `content`); tool calls come whole, in the returned message only.
    """

    def stream(self, messages: list[Message], tools: list[ToolSpec],
               on_delta: Callable[[str], None]) -> AssistantMessage: ...

