"""`./tic run`: the engine's main loop — scheduler, ChatHub consumer and the terminal chat, together."""

from __future__ import annotations

import asyncio
import logging
import sys
import threading
from datetime import timedelta
from typing import Any, Awaitable, Callable, Protocol, TextIO

from tic.agents import Schedule
from tic.app import App, build_background_agents, build_hub, build_sources, build_triage
from tic.hub import ChatHub, ChatViews, Status
from tic.retention import Pruner, Retention
from tic.scheduler import Scheduler
from tic.sources import watch_sources
from tic.textsafe import terminal_text
from tic.worldhealth import WorldDown, WorldGone, WorldHealth

log = logging.getLogger(__name__)

__all__ = ["PrintStream", "TerminalStream", "TerminalView", "run_engine"]

WORLD_PATIENCE = 120.0  # at the end of the input, a world still failing after this many seconds ends the run (R3)
QUIET_CHECKS = 3  # consecutive idle checks (one batch window apart) before an end of input exits
RETENTION_JOB = "world-retention"  # the scheduler's job pruning the world to its retention (tic.retention)
RETENTION_FIRST = timedelta(minutes=5)  # the first prune after start
CHAT_LINE_CHARS = 2000  # a line of the chat longer than this (a model echoing content) is clipped


class TerminalStream(Protocol):
    """How a terminal shows a reply as it streams (issue 9 item 7): its start, each piece, its end."""

    def begin(self) -> None:
        """A reply starts: what precedes its text (`assistant: `)."""

    def piece(self, text: str) -> None:
        """More of its text, made safe already, written at once (no newline added)."""

    def end(self) -> None:
        """The reply is whole and stored: end its line."""


class PrintStream:
    """A stream on a plain output (stdin not a terminal): the same lines `say` would print, written as they come."""

    def __init__(self, out: TextIO | None = None) -> None:
        self._out = out

    def _write(self, text: str) -> None:
        out = self._out or sys.stdout
        out.write(text)
        out.flush()

    def begin(self) -> None:
        self._write("assistant: ")

    def piece(self, text: str) -> None:
        self._write(text)

    def end(self) -> None:
        self._write("\n")


_INTRODUCERS = "\x1b\x90\x98\x9b\x9d\x9e\x9f"  # where an escape sequence may start (7- and 8-bit)
_HOLD = 512  # a sequence starting this close to the end may still be completed (or changed) by the next pieces


def settled(raw: str, line_limit: int = CHAT_LINE_CHARS) -> str:
    """What of a reply streamed so far can be shown now: `terminal_text` of it (R1), without the tail that
    a later piece could still change (an escape sequence not yet ended, a line not yet at its clip), so
    that what is shown is always the start of what the whole reply shows."""
    tail = max(0, len(raw) - _HOLD)  # an escape sequence starting here may still change with the next pieces
    cut = min((i for i in (raw.find(c, tail) for c in _INTRODUCERS) if i >= 0), default=-1)
    if cut >= 0:
        raw = raw[:cut]
    if raw.endswith("\r"):
        raw = raw[:-1]  # CR LF is one newline
    lines = terminal_text(raw, line_limit=line_limit).split("\n")
    lines[-1] = lines[-1][: line_limit - 1]  # a clipped line ends in an ellipsis: hold its last place
    return "\n".join(lines)


class TerminalView:
    """The terminal as a view of the conversation (H3/H4): replies and state notes through `say`, a line
    typed in another view (the web page) through `echo`. R1: what it shows may quote content, so no escape
    sequence or control character reaches the terminal. With a `stream`, a reply is shown as the model
    generates it (item 7), the same text `say` would show: pieces as they settle, the rest once it is stored."""

    def __init__(self, say: Callable[[str], None], echo: Callable[[str, str], None] | None = None,
                 stream: TerminalStream | None = None) -> None:
        self._say = say
        self._echo = echo
        self._stream = stream
        self._open: dict[str, tuple[str, str | None]] = {}  # turn -> (raw text so far, text shown; None: not begun)
        self._lock = threading.Lock()

    def user_line(self, text: str, *, origin: str) -> None:
        if origin != "terminal" and self._echo is not None:  # the terminal's own lines are on screen already
            self._echo(terminal_text(text, line_limit=CHAT_LINE_CHARS), origin)

    def notifications(self, items: list[dict[str, Any]]) -> None:
        pass  # the assistant tells about them in its reply

    def reply_delta(self, turn: str, text: str) -> None:
        if self._stream is None:
            return
        with self._lock:
            raw, shown = self._open.get(turn, ("", None))
            raw += text
            now = settled(raw)
            if shown is None and now:
                for other, (_, seen) in list(self._open.items()):  # a turn cut short (taken over) ends its line
                    if other != turn and seen is not None:
                        self._stream.end()
                        del self._open[other]
                self._stream.begin()
                shown = ""
            if shown is not None and now.startswith(shown) and len(now) > len(shown):
                self._stream.piece(now[len(shown):])
                shown = now
            self._open[turn] = (raw, shown)

    def reply(self, turn: str, text: str) -> None:
        whole = terminal_text(text, line_limit=CHAT_LINE_CHARS)
        with self._lock:
            _, shown = self._open.pop(turn, ("", None))
            if shown is not None and self._stream is not None:
                if whole.startswith(shown) and len(whole) > len(shown):
                    self._stream.piece(whole[len(shown):])
                self._stream.end()
                return
        self._say(whole)

    def status(self, text: str, *, level: Status) -> None:
        with self._lock:  # a reply cut short (its model failed mid-stream) ends its line before the note
            if self._stream is not None:
                for _, shown in self._open.values():
                    if shown is not None:
                        self._stream.end()
            self._open.clear()
        self._say(terminal_text(text, line_limit=CHAT_LINE_CHARS))


async def run_engine(app: App, *, stdin: TextIO, say: Callable[[str], None] | None = None,
                     prompt: Callable[[], None] | None = None, views: ChatViews | None = None,
                     serve: Callable[[ChatHub], Awaitable[None]] | None = None,
                     world_patience: float = WORLD_PATIENCE) -> int:
    """Run until the input ends (and what is pending is answered) or the task is cancelled.

    Returns the exit status: 0, or 1 when the main agent's model was failing at the end (R3: the user was
    told once; at the end of the input nothing more is tried, so a piped run ends within the turn deadline).

    `views` show the conversation (`say` adds the terminal as one); `serve(hub)`, when given (the web
    page), runs beside the engine, and then the end of the input does not end the engine: it runs
    until `serve` returns or the task is cancelled.
    """
    loop = asyncio.get_running_loop()
    views = views if views is not None else ChatViews()
    if say is not None:
        views.attach(TerminalView(say))
    hub = build_hub(app, views=views)
    hub.attach(loop)
    server = asyncio.create_task(serve(hub), name="web") if serve is not None else None
    sources = build_sources(app.settings)
    triage = build_triage(app, sources)
    # R3: a fault of the world (connection lost, read-only, full) is told once and waited out; a deleted world stops us
    health = WorldHealth(app.world, app.clock, tell=lambda text, ok: views.status(text, level="note"),
                         post=lambda template, params: app.store.post(template, params, severity="warn", audience="*"))
    watch = asyncio.create_task(health.watch(), name="world-watch")
    me = asyncio.current_task()
    watch.add_done_callback(lambda t: me.cancel() if not t.cancelled() and t.exception() and me else None)
    async def start() -> None:
        await health.call("showing what a stop left unshown", hub.show_unshown)  # issue 8: a reply stored, never shown
        await health.call("finishing an interrupted turn", hub.resume)  # H5/H11: before anything new

    await _unless_the_world_stays_down(health, start(), world_patience, "at start")
    consumer = asyncio.create_task(health.supervise("the delivery of notifications", hub.run_consumer),
                                   name="chathub-consumer")
    scheduler = Scheduler()
    schedule = triage.agent.meta.schedule
    if schedule is not None:
        scheduler.add("tic", schedule, lambda: health.call("the triage tick", lambda: asyncio.to_thread(triage.tick)),
                      run_now=app.clock.now())
    # issue 10: new mail on an IMAP folder in IDLE runs the tick early (debounced), not at the next 15 minutes
    watcher = (asyncio.create_task(watch_sources(sources, lambda: scheduler.wake("tic"), app.clock), name="source-watch")
               if schedule is not None else None)
    for runner in build_background_agents(app):  # T8: cron agents run on their own schedules
        scheduler.add(runner.agent.name, runner.agent.meta.schedule, lambda r=runner: asyncio.to_thread(r.run), run_now=None)
    pruner = Pruner(app.world, app.clock, Retention.from_settings(app.settings))  # issue 10: retention, in short batches
    scheduler.add(RETENTION_JOB, Schedule(every_minutes=app.settings.retention_every_minutes), pruner.run,
                  run_now=app.clock.now() + RETENTION_FIRST)  # soon after start, not during it; then every interval
    scheduler.start()
    if prompt:
        prompt()  # later prompts follow each assistant message (`say` prints them)
    quit_ = False
    try:
        while True:
            line = await _readline(loop, stdin)
            if not line:
                break
            text = line.strip()
            if text in ("/quit", "/exit"):
                quit_ = True
                break
            if text:
                await _user_line(health, hub, text)
        if server is not None and not quit_:
            await server  # the page stays served after the end of the input (./tic run --web </dev/null)
            return 1 if hub.failing else 0
        async def finish() -> None:
            if "tic" in scheduler.first_runs:
                await scheduler.first_runs["tic"]
            await health.call("the last deliveries", lambda: _until_quiet(app, hub))

        await _unless_the_world_stays_down(health, finish(), world_patience, "at the end of the input")
        return 1 if hub.failing else 0
    finally:
        watch.cancel()
        if server is not None and not server.done():
            server.cancel()
            await asyncio.wait({server})  # the page closes its tabs' connections first (a few seconds at most)
        if watcher is not None:
            watcher.cancel()
        scheduler.shutdown()
        consumer.cancel()
        try:
            await consumer
        except (asyncio.CancelledError, WorldGone):
            pass
        if watch.done() and not watch.cancelled() and isinstance(watch.exception(), WorldGone):
            raise watch.exception()  # type: ignore[misc] - the world went: a clear error, not a cancellation


async def _unless_the_world_stays_down(health: WorldHealth, work: Awaitable[None], patience: float, when: str) -> None:
    """At start or at the end of the input: finish `work`, unless the world has been failing for `patience`
    seconds - then stop with a clear error (R3: told; what is stored stays, what is pending waits for the next
    run), never hang. While the engine runs (the chat open) it waits for the world as long as it takes."""
    task = asyncio.ensure_future(work)
    try:
        while not task.done():
            await asyncio.wait({task}, timeout=1.0)
            if not task.done() and health.down_for() > patience:
                fault = health.down
                raise WorldDown(f"the database {health.where()} still {fault.says if fault else 'fails'} after "
                                f"{health.down_for():.0f} s {when}; stopped. Nothing stored was lost: "
                                "what is pending is told on the next run, once the database works")
        task.result()
    finally:
        if not task.done():
            task.cancel()
            await asyncio.wait({task})


def _readline(loop: asyncio.AbstractEventLoop, stdin: TextIO) -> asyncio.Future:
    """The next line of the input, read in a daemon thread: an engine that must stop (its world deleted)
    does not wait for the user to press Enter."""
    future = loop.create_future()

    def hand(set_it: Callable[[], object]) -> None:
        try:
            loop.call_soon_threadsafe(lambda: future.done() or set_it())
        except RuntimeError:  # the engine stopped meanwhile: the line is nobody's
            pass

    def read() -> None:
        try:
            line = stdin.readline()
        except Exception as exc:  # noqa: BLE001 - handed to the engine
            hand(lambda: future.set_exception(exc))
            return
        hand(lambda: future.set_result(line))

    threading.Thread(target=read, name="tic-stdin", daemon=True).start()
    return future


async def _user_line(health: WorldHealth, hub: ChatHub, text: str) -> None:
    """A line the user typed, stored once and answered (R3): when the world fails midway it is retried -
    again whole if it was not stored, else only its answer (the stored line is answered by `resume`)."""
    before = await health.call("storing your message", lambda: asyncio.to_thread(hub.history.rows, last=1))
    mark = before[-1]["id"] if before else 0
    stored = False

    async def step() -> None:
        nonlocal stored
        if not stored:
            rows = await asyncio.to_thread(hub.history.rows, after=mark)
            stored = any(m["role"] == "user" and m["content"] == text for m in rows)
        if stored:
            await hub.resume()
        else:
            await hub.user_says(text)

    await health.call("your message", step)


async def _until_quiet(app: App, hub) -> None:
    """Wait until nothing is pending for the main agent and no turn is running."""
    quiet = 0
    window = max(app.settings.batch_window_ms / 1000, 0.05)
    while quiet < QUIET_CHECKS:
        await app.clock.pause(window)  # a poll: real time, whatever the clock
        if hub.failing and hub.idle():
            return  # R3: the model is down and the user was told; what is pending stays for the next run
        busy = (not hub.idle() or await asyncio.to_thread(app.store.has_pending, hub.reader)
                or await asyncio.to_thread(hub.channels_pending))
        quiet = 0 if busy else quiet + 1
        if busy and hub.idle():
            await hub.deliver_pending()
            await hub.deliver_channels()  # C: channel files published before or during the run
