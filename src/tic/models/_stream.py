"""Streaming at the model seam (issue 9 item 7): `respond` asks a model for its next message with its text handed
over as it comes -- streamed when the model can stream, else word by word once it is whole (the offline models),
so every view shows a reply the same way whatever model is configured."""

from __future__ import annotations

import re
from typing import Callable

from tic.models._base import AssistantMessage, ChatModel, Message, ToolSpec

__all__ = ["WordStream", "respond", "words"]

_WORDS = re.compile(r"\s*\S+\s*|\s+")


def words(text: str) -> list[str]:
    """`text` as streamed pieces: each word with the spaces around it; joined, they are `text`."""
    return _WORDS.findall(text)


class WordStream:
    """`model` (any ChatModel) with a `stream` that hands its reply's text over word by word."""

    def __init__(self, model: ChatModel) -> None:
        self.model = model
        self.name = model.name

    def __repr__(self) -> str:
        return f"WordStream({self.model!r})"

    def complete(self, messages: list[Message], tools: list[ToolSpec]) -> AssistantMessage:
        return self.model.complete(messages, tools)

    def stream(self, messages: list[Message], tools: list[ToolSpec],
               on_delta: Callable[[str], None]) -> AssistantMessage:
        reply = self.model.complete(messages, tools)
        for piece in words(reply.content or ""):
            on_delta(piece)
        return reply


def respond(model: ChatModel, messages: list[Message], tools: list[ToolSpec],
            on_delta: Callable[[str], None] | None = None) -> AssistantMessage:
    """The model's next message; with `on_delta`, its text as it comes: the model's own `stream` when it has
    one (litellm), else its whole reply's text word by word (the offline models)."""
    if on_delta is None:
        return model.complete(messages, tools)
    stream = getattr(model, "stream", None)
    if stream is not None:
        return stream(messages, tools, on_delta)
    return WordStream(model).stream(messages, tools, on_delta)
