"""What the user sees of the main agent's conversation: one protocol, any number of views (H3, H4).

The terminal chat and the web page are two views of one conversation. The hub tells every
view what happened, in order, once it is stored: a line the user typed (in any view), a
batch of notifications injected as a `read_notification` turn, the pieces of a reply as
the model streams them, the whole reply once stored, and a state note (the model failing,
recovered). A view never changes the conversation; it only shows it.
"""

from __future__ import annotations

import logging
from typing import Any, Callable, Literal, Protocol

log = logging.getLogger(__name__)

__all__ = ["ChatView", "ChatViews", "SayView", "Status"]

Status = Literal["ok", "failing", "note"]


class ChatView(Protocol):
    def user_line(self, text: str, *, origin: str) -> None:
        """The user said `text` in the view named `origin` ("terminal", "web", …)."""

    def notifications(self, items: list[dict[str, Any]]) -> None:
        """A batch was injected as a synthetic read_notification turn: the objects the agent read."""

    def reply_delta(self, turn: str, text: str) -> None:
        """A piece of the assistant's reply in turn `turn`, as the model streams it (not yet stored)."""

    def reply(self, turn: str, text: str) -> None:
        """The assistant's whole reply in turn `turn`, stored."""

    def status(self, text: str, *, level: Status) -> None:
        """A note about the assistant itself (its model failing or recovered, a step limit)."""


class ChatViews:
    """Fan-out to every attached view; one view's failure never stops the others or the turn."""

    def __init__(self, *views: ChatView) -> None:
        self._views: list[ChatView] = list(views)

    def attach(self, view: ChatView) -> None:
        self._views.append(view)

    def detach(self, view: ChatView) -> None:
        if view in self._views:
            self._views.remove(view)

    def _each(self, method: str, *args: Any, **kwargs: Any) -> None:
        for view in list(self._views):
            try:
                getattr(view, method)(*args, **kwargs)
            except Exception:  # a broken view (closed socket, full pipe) is that view's problem
                log.exception("a chat view failed in %s", method)

    def user_line(self, text: str, *, origin: str) -> None:
        self._each("user_line", text, origin=origin)

    def notifications(self, items: list[dict[str, Any]]) -> None:
        self._each("notifications", items)

    def reply_delta(self, turn: str, text: str) -> None:
        self._each("reply_delta", turn, text)

    def reply(self, turn: str, text: str) -> None:
        self._each("reply", turn, text)

    def status(self, text: str, *, level: Status) -> None:
        self._each("status", text, level=level)


class SayView:
    """The simplest view: whole replies and state notes as text through `say` (scripts, tests, piped stdin)."""

    def __init__(self, say: Callable[[str], None]) -> None:
        self._say = say

    def user_line(self, text: str, *, origin: str) -> None:
        pass

    def notifications(self, items: list[dict[str, Any]]) -> None:
        pass

    def reply_delta(self, turn: str, text: str) -> None:
        pass

    def reply(self, turn: str, text: str) -> None:
        self._say(text)

    def status(self, text: str, *, level: Status) -> None:
        self._say(text)
