"""`./tic run`: the engine's main loop — scheduler, ChatHub consumer and the terminal chat, together."""

from __future__ import annotations

import asyncio
import logging
from typing import Callable, TextIO

from tic.app import App, build_background_agents, build_hub, build_triage
from tic.scheduler import Scheduler
from tic.textsafe import terminal_text

log = logging.getLogger(__name__)

__all__ = ["run_engine"]

QUIET_CHECKS = 3  # consecutive idle checks (one batch window apart) before an end of input exits
CHAT_LINE_CHARS = 2000  # a line of the chat longer than this (a model echoing content) is clipped


async def run_engine(app: App, *, stdin: TextIO, say: Callable[[str], None], prompt: Callable[[], None] | None) -> None:
    """Run until the input ends (and what is pending is answered) or the task is cancelled."""
    loop = asyncio.get_running_loop()
    # R1: what the chat shows may quote content: no escape sequence or control character reaches the terminal
    hub = build_hub(app, lambda text: say(terminal_text(text, line_limit=CHAT_LINE_CHARS)))
    hub.attach(loop)
    triage = build_triage(app)
    await hub.resume()  # H5/H11: finish a turn a crash interrupted, before anything new
    consumer = asyncio.create_task(hub.run_consumer(), name="chathub-consumer")
    scheduler = Scheduler()
    schedule = triage.agent.meta.schedule
    if schedule is not None:
        scheduler.add("tic", schedule, lambda: asyncio.to_thread(triage.tick), run_now=app.clock.now())
    for runner in build_background_agents(app):  # T8: cron agents run on their own schedules
        scheduler.add(runner.agent.name, runner.agent.meta.schedule, lambda r=runner: asyncio.to_thread(r.run), run_now=None)
    scheduler.start()
    if prompt:
        prompt()  # later prompts follow each assistant message (`say` prints them)
    try:
        while True:
            line = await loop.run_in_executor(None, stdin.readline)
            if not line:
                break
            text = line.strip()
            if text in ("/quit", "/exit"):
                break
            if text:
                await hub.user_says(text)
        if "tic" in scheduler.first_runs:
            await scheduler.first_runs["tic"]
        await _until_quiet(app, hub)
    finally:
        scheduler.shutdown()
        consumer.cancel()
        try:
            await consumer
        except asyncio.CancelledError:
            pass


async def _until_quiet(app: App, hub) -> None:
    """Wait until nothing is pending for the main agent and no turn is running."""
    quiet = 0
    window = max(app.settings.batch_window_ms / 1000, 0.05)
    while quiet < QUIET_CHECKS:
        await asyncio.sleep(window)
        busy = (not hub.idle() or await asyncio.to_thread(app.store.has_pending, hub.reader)
                or await asyncio.to_thread(hub.channels_pending))
        quiet = 0 if busy else quiet + 1
        if busy and hub.idle():
            await hub.deliver_pending()
            await hub.deliver_channels()  # C: channel files published before or during the run
