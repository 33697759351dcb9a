"""The page as a view of the conversation: what the hub and the store tell it, pushed to every open tab.

The hub calls its views from the turn's thread; the store calls its listeners from the posting thread.
Both only queue a small event on the server's loop here. A tab never trusts these events for content it
can read back: a stored change ("changed") makes it fetch what is new after the last message it has, so a
line is shown once whichever way it arrives (a reload, a reconnect, two tabs). Only a streamed piece of a
reply (not stored yet) travels in the event itself.

The assistant's state (its model failing, a note such as the database's) is the page's one piece of state
that is not read back from the store: it travels only on the socket, in order, as the whole banner. Each
note is recorded and queued for every tab in one step on the server's loop, and a tab's queue opens with a
hello carrying the banner as it stands at that moment, so a tab sees one ordered stream whenever it connects
(issue 11: a status read at another moment, like the conversation's, could overwrite a newer one on the
page). The model failing stays said until it works again: a note beside it never replaces it.
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
        self.status: dict[str, str] | None = None  # the banner as it stands ({text, level}), for a tab opened later
        self._failing: str | None = None  # the model's failing note, until an "ok"
        self._note: str | None = None  # the last other note (the database failing, working again), until an "ok"

    def open(self) -> asyncio.Queue:
        """A new tab's queue, opening with a hello that carries the banner as it stands (on the loop)."""
        queue: asyncio.Queue = asyncio.Queue(QUEUE_LIMIT)
        queue.put_nowait({"type": "hello", "status": self.status})
        self._queues.add(queue)
        return queue

    def close(self, queue: asyncio.Queue) -> None:
        self._queues.discard(queue)

    def tabs(self) -> int:
        return len(self._queues)

    def send(self, event: dict[str, Any]) -> None:
        """Queue `event` for every tab; callable from any thread."""
        self._on_loop(self._put, event)

    def set_status(self, text: str, level: Status) -> None:
        """A state note: the banner it makes is recorded (for a tab opened later) and queued for every open tab
        in one step on the loop, so the banner a tab's hello carries and the ones queued after it are never out
        of order, from whichever thread the hub says it. "ok" (the model works again) clears the banner."""
        self._on_loop(self._status, text, level)

    def _status(self, text: str, level: Status) -> None:
        if level == "ok":
            self._failing = self._note = None
        elif level == "failing":
            self._failing = text
        else:
            self._note = text
        said = [t for t in (self._failing, self._note) if t]
        self.status = {"text": "\n".join(said), "level": "failing" if self._failing else "note"} if said else None
        self._put({"type": "status", "status": self.status})

    def _on_loop(self, fn, *args: Any) -> None:
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is self._loop:
            fn(*args)
        elif not self._loop.is_closed():
            self._loop.call_soon_threadsafe(fn, *args)

    def _put(self, event: dict[str, Any]) -> None:
        for queue in list(self._queues):
            try:
                queue.put_nowait(event)
            except asyncio.QueueFull:  # a tab that stopped reading: it reads everything again instead
                log.warning("a browser tab fell %d events behind; it reads the page's state again", QUEUE_LIMIT)
                while not queue.empty():
                    queue.get_nowait()
                queue.put_nowait({"type": "resync", "status": self.status})  # the state note too: it is not read back


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
        self._live.set_status(text, level)

    def notices_changed(self, *_: Any) -> None:
        """A store listener: something was posted; the notifications panel reads the store again."""
        self._live.send({"type": "notices"})
