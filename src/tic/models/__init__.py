"""The model seam: a tiny ChatModel protocol, the litellm adapter, the offline models."""

from tic.models._base import AssistantMessage, ChatModel, Message, ToolCall, ToolSpec

__all__ = ["AssistantMessage", "ChatModel", "Message", "ToolCall", "ToolSpec"]
