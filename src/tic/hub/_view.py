"""What the user sees of the main agent's conversation: one protocol, any number of views (H3, H4).

The terminal chat and the web page are two views of one conversation. The hub tells every
view what happened, in order, once it is stored: a line the user typed (in any view), a
batch of notifications injected as a `read_notification` turn, the pieces of a reply as
the model streams them, the whole reply once stored, and a state note (the model failing,
recovered). A view never changes the conversation; it only shows it.
"""

from __future__ import annotations

import logging
import threading
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
    """Fan-out to every attached view; one view's failure never stops the others or the turn.

    The state notes still in force (the model failing, the last other note; "ok" ends both) are told to a
    view attached later (issue 11: a page served after the model's first failure, which is told only once,
    still shows it); a note and an attachment never cross, whichever threads they come from."""

    def __init__(self, *views: ChatView) -> None:
        self._views: list[ChatView] = list(views)
        self._lock = threading.RLock()
        self._said: dict[Status, str] = {}  # level -> text of the notes in force

    def attach(self, view: ChatView) -> None:
        with self._lock:
            self._views.append(view)
            for level, text in self._said.items():
                self._one(view, "status", text, level=level)

    def detach(self, view: ChatView) -> None:
        if view in self._views:
            self._views.remove(view)

    def _each(self, method: str, *args: Any, **kwargs: Any) -> None:
        for view in list(self._views):
            self._one(view, method, *args, **kwargs)

    @staticmethod
    def _one(view: ChatView, method: str, *args: Any, **kwargs: Any) -> None:
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
        with self._lock:
            if level == "ok":
                self._said.clear()
            else:
                self._said.pop(level, None)
                self._said[level] = text  # in the order said
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
