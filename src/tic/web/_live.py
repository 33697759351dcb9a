"""The page as a view of the conversation: what the hub and the store tell it, pushed to every open tab.

The hub calls its views from the turn's thread; the store calls its listeners from the posting thread.
Both only queue a small event on the server's loop here. A tab never trusts these events for content it
can read back: a stored change ("changed") makes it fetch what is new after the last message it has, so a
line is shown once whichever way it arrives (a reload, a reconnect, two tabs). Only a streamed piece of a
reply (not stored yet) travels in the event itself.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from tic.hub import Status

log = logging.getLogger(__name__)

__all__ = ["Live", "WebView"]

QUEUE_LIMIT = 1000  # a tab this far behind reads everything again rather than let its queue grow without bound


class Live:
    """The open tabs (WebSocket connections), each with its own queue of events."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop
        self._queues: set[asyncio.Queue] = set()
        self.status: dict[str, str] | None = None  # the assistant's last state note, for a tab opened later

    def open(self) -> asyncio.Queue:
        queue: asyncio.Queue = asyncio.Queue(QUEUE_LIMIT)
        self._queues.add(queue)
        return queue

    def close(self, queue: asyncio.Queue) -> None:
        self._queues.discard(queue)

    def tabs(self) -> int:
        return len(self._queues)

    def send(self, event: dict[str, Any]) -> None:
        """Queue `event` for every tab; callable from any thread."""
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is self._loop:
            self._put(event)
        elif not self._loop.is_closed():
            self._loop.call_soon_threadsafe(self._put, event)

    def _put(self, event: dict[str, Any]) -> None:
        for queue in list(self._queues):
            try:
                queue.put_nowait(event)
            except asyncio.QueueFull:  # a tab that stopped reading: it reads everything again instead
                log.warning("a browser tab fell %d events behind; it reads the page's state again", QUEUE_LIMIT)
                while not queue.empty():
                    queue.get_nowait()
                queue.put_nowait({"type": "resync"})


class WebView:
    """A ChatView (tic.hub) for the page: stored changes as a nudge, streamed pieces and state notes as they are."""

    def __init__(self, live: Live) -> None:
        self._live = live

    def user_line(self, text: str, *, origin: str) -> None:
        self._live.send({"type": "changed"})

    def notifications(self, items: list[dict[str, Any]]) -> None:
        self._live.send({"type": "changed"})

    def reply_delta(self, turn: str, text: str) -> None:
        self._live.send({"type": "delta", "turn": turn, "text": text})

    def reply(self, turn: str, text: str) -> None:
        self._live.send({"type": "reply", "turn": turn})

    def status(self, text: str, *, level: Status) -> None:
        note = {"text": text, "level": level}
        self._live.status = note if level != "ok" else None
        self._live.send({"type": "status", **note})

    def notices_changed(self, *_: Any) -> None:
        """A store listener: something was posted; the notifications panel reads the store again."""
        self._live.send({"type": "notices"})
