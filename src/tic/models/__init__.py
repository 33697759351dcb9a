"""The model seam: a tiny ChatModel protocol, the litellm adapter, the offline models."""

from __future__ import annotations

from typing import Callable

from tic.models._base import AssistantMessage, ChatModel, Message, ToolCall, ToolSpec

__all__ = ["OFFLINE_SPECS", "AssistantMessage", "ChatModel", "Message", "ToolCall", "ToolSpec", "make_model"]

OFFLINE_SPECS = frozenset({"", "offline", "local"})


def make_model(spec: str, *, offline: Callable[[], ChatModel]) -> ChatModel:
    """The model a setting names.

    "" / "offline" / "local" -> `offline()`; anything else is a litellm model
    string ("openai/gpt-4o-mini", ...) -> `LiteLLMModel(spec)`. Neither this
    module nor the adapter imports litellm until a model is actually called.
    """
    spec = spec.strip()
    if spec.lower() in OFFLINE_SPECS:
        return offline()
    from tic.models.litellm_adapter import LiteLLMModel

    return LiteLLMModel(spec)
