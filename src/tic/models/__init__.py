"""The model seam: a tiny ChatModel protocol, the litellm adapter, the offline models."""

from __future__ import annotations

from typing import Any, Callable

from tic.models._base import AssistantMessage, ChatModel, Message, StreamingChatModel, ToolCall, ToolSpec
from tic.models._retry import deadline, remaining
from tic.models._stream import WordStream, respond, words

__all__ = ["OFFLINE_SPECS", "AssistantMessage", "ChatModel", "Message", "StreamingChatModel", "ToolCall", "ToolSpec",
           "WordStream", "deadline", "make_model", "remaining", "respond", "words"]

OFFLINE_SPECS = frozenset({"", "offline", "local"})


def make_model(spec: str, *, offline: Callable[[], ChatModel], **options: Any) -> ChatModel:
    """The model a setting names.

    "" / "offline" / "local" -> `offline()`; anything else is a litellm model
    string ("openai/gpt-4o-mini", ...) -> `LiteLLMModel(spec, **options)` (api_base,
    api_key, timeout, deadline, max_tokens, clock: see LiteLLMModel). Neither this
    module nor the adapter imports litellm until a model is actually called.
    """
    spec = spec.strip()
    if spec.lower() in OFFLINE_SPECS:
        return offline()
    from tic.models.litellm_adapter import LiteLLMModel

    return LiteLLMModel(spec, **options)
