"""The ChatHub: batches notifications for the main agent, injects them, runs its turns (H3-H5, H7, N14).

N14: the ChatHub is the main agent's live receiver. An actionable notice or
notification starts a turn of its own when the agent is idle (the consumer); a
background one waits for the agent's next prompt (`user_says` injects it before
the user's message) or tool call (the registry's middleware). The hub has no
ephemeral channel: reminders (N12) reach it as normal notices in the same places.

H7/H11 across engines: every turn (a batch's injection and its answer, a resume, a
user message, a channel check) runs under this engine's turn lock *and* the world's
turn lease (`_lease`), so one engine at a time injects and answers; every write of
the turn checks the lease in its own transaction. An engine that takes over a turn
whose owner stopped beating first repairs and finishes what that owner left (the
restart path, H5/H8); the late owner's reply is refused, never stored twice.
"""

from __future__ import annotations

import asyncio
import logging
import uuid
from contextlib import asynccontextmanager
from typing import Any, AsyncIterator, Callable

from sqlalchemy import Engine

from tic.agents import Agent
from tic.clock import Clock
from tic.errors import ModelError
from tic.hub._budget import Budget, budget_for
from tic.hub._health import ModelHealth
from tic.hub._history import ChatHistory
from tic.hub._lease import Claim, TurnLease, TurnLost
from tic.hub._registry import ToolRegistry
from tic.hub._turn import run_turn
from tic.hub._view import ChatViews, SayView
from tic.models import ChatModel, deadline
from tic.notices import Line, Notice, NoticeStore
from tic.worldhealth import classify

log = logging.getLogger(__name__)

__all__ = ["SHOWN_AGAIN", "ChatHub", "notification_objects"]

SHOWN_AGAIN = "(shown again after a restart)"  # before a reply stored and not shown when the engine stopped

# How often the consumer looks for what other processes posted: it refreshes the store's view (SQLite:
# one cheap poll; PostgreSQL: the NOTIFYs already heard), so while the hub runs a tool call never has
# to poll itself (the store polls inline only when its view is older than 2 s).
POLL_SECONDS = 1.0


def notification_objects(lines: list[Line]) -> list[dict[str, Any]]:
    """The JSON array the main agent reads: notifications as posted, other notices as their rendered lines."""
    out: list[dict[str, Any]] = []
    for line in lines:
        if line.kind == "notification":
            out.append(dict(line.params))
        else:
            refs: dict[str, Any] = {"key": line.key}
            if line.ephemeral:
                refs["ephemeral"] = True
            out.append(
                {
                    "source": "notices",
                    "event_type": line.severity,
                    "summary": line.text,
                    "event_time": line.last_at.isoformat() if line.last_at else None,
                    "refs": refs,
                }
            )
    return out


class ChatHub:
    """The root agent's live receiver.

    Collaborators come in: the world's engine, the store, the registry, the
    main agent's definition and model, the clock, and the views that show the
    conversation (`views`: the terminal, the web page; `say`, a callable showing
    assistant text, is the simplest view, kept for scripts and tests). `lease` is this engine's hold on the main
    agent's turn in the world (default: a fresh engine id, 30 s on the clock).
    """

    def __init__(
        self,
        *,
        engine: Engine,
        store: NoticeStore,
        registry: ToolRegistry,
        agent: Agent,
        model: ChatModel,
        clock: Clock,
        say: Callable[[str], None] | None = None,
        views: ChatViews | None = None,
        batch_window: float = 0.2,
        system_extra: str = "",
        channels: Any = None,
        lease: TurnLease | None = None,
        turn_deadline: float | None = None,
        budget: Budget | None = None,
        context_tokens: int | None = None,
    ) -> None:
        self._engine = engine
        self._store = store
        self._registry = registry
        self._agent = agent
        self._model = model
        self._clock = clock
        self.views = views if views is not None else ChatViews()
        if say is not None:
            self.views.attach(SayView(say))
        self._window = batch_window
        self._system_extra = system_extra
        self._turn_deadline = turn_deadline  # R3: every model request of one turn, retries included
        self._budget = budget  # item 6: each request's tokens; built on the first turn (litellm loads lazily)
        self._context_tokens = context_tokens
        # R3: told once while the model fails; no turn of the hub's own before the retry time
        self.health = ModelHealth(store, clock, model.name, lambda text, level: self.views.status(text, level=level))
        self.lease = lease if lease is not None else TurnLease(engine, clock, agent=agent.name)
        self.history = ChatHistory(engine, clock, guard=self.lease.guard)
        self._turn_lock = asyncio.Lock()
        self._wake = asyncio.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._busy = 0
        self.reader = agent.caller
        self.channels = channels  # tic.channels.AgentChannels of the main agent's workdir, or None
        self._channels_ready = False
        if channels is not None:
            registry.add_attachment(self._attach_channels)

    # --- N14: the store tells the hub about new notices ----------------------------------

    def attach(self, loop: asyncio.AbstractEventLoop) -> None:
        """Listen to the store (posts may come from any thread)."""
        self._loop = loop
        self._store.subscribe(self._on_post)

    def _on_post(self, notice: Notice, readers: list[str]) -> None:
        if self.reader in readers and notice.actionable and self._loop is not None:
            self._loop.call_soon_threadsafe(self._wake.set)

    # --- the consumer (H3, H4, H5) -----------------------------------------------------

    async def run_consumer(self) -> None:
        """Forever: wait for a pending actionable notification, wait the window, inject, resume."""
        while True:
            await self._clock.wait(self._wake, POLL_SECONDS)  # a post wakes it; else a poll (C, other engines)
            self._wake.clear()
            if not self.health.may_start_turn():
                continue  # R3: the model is down and the user was told; what is pending waits, stored
            if not self._turn_lock.locked():
                try:  # H11: a turn whose owner stopped beating is finished here, news or not
                    if await asyncio.to_thread(self.lease.orphaned):
                        await self.resume()
                except Exception as exc:
                    if classify(exc) is not None:
                        raise  # R3: the world's fault: told once and waited out by whoever runs the consumer
                    log.exception("resuming an abandoned turn failed; retrying on the next poll")
            if self.channels is not None and not self._turn_lock.locked():
                try:
                    if await asyncio.to_thread(self.channels_pending):
                        await self.deliver_channels()
                except Exception:  # a channel problem never stops the consumer
                    log.exception("channel delivery failed; retrying on the next poll")
            if not await asyncio.to_thread(self._actionable_pending):
                continue
            self._busy += 1
            try:
                await self._clock.sleep(self._window)
                await self.deliver_pending()
            except Exception as exc:  # R3: a bug in one delivery never stops the consumer; the batch stays for later
                if classify(exc) is not None:
                    raise  # the world's fault (lost, read-only, full): told once and waited out (tic.worldhealth)
                log.exception("notification delivery failed; retrying on the next poll")
            finally:
                self._busy -= 1

    def _actionable_pending(self) -> bool:
        """N14: only an actionable notice starts a turn; background ones wait for a prompt or tool call."""
        self._store.refresh()  # what other engines posted (no SQL on PostgreSQL; one cheap poll on SQLite)
        return self._store.has_pending(self.reader, actionable=True)

    async def deliver_pending(self) -> int:
        """Inject everything pending for the main agent as one batch and resume it; returns the batch size.

        0 when another engine owns the turn: it injects what is pending after its own turn (H7).
        """
        async with self._turn_lock:  # H7: never between a tool call and its result
            async with self._owned() as claim:
                if claim is None or (claim.took_over and not (await self._finish_left())[0]):
                    return 0
                try:
                    count = await asyncio.to_thread(self._inject)
                except TurnLost:
                    return 0
                if count:
                    await asyncio.to_thread(self._run_turn)
                return count

    # --- the turn lease (H7, H11 across engines) --------------------------------------------

    @asynccontextmanager
    async def _owned(self, *, wait: bool = False) -> AsyncIterator[Claim | None]:
        """Hold the world's lease on the main agent's turn, beating while held.

        Yields None when another engine holds it (unless `wait`: then until it is ours).
        A turn left by an exception is released as interrupted: whoever acquires it next
        (this engine included) finishes it first.
        """
        claim = await asyncio.to_thread(self.lease.acquire)
        while claim is None and wait:
            await self._clock.pause(min(POLL_SECONDS, self.lease.beat))
            claim = await asyncio.to_thread(self.lease.acquire)
        if claim is None:
            yield None
            return
        beat = asyncio.create_task(self._heartbeat(), name="chathub-turn-heartbeat")
        interrupted = True
        try:
            with self.lease.bound(claim):  # this turn's threads are checked against its epoch, even after it
                yield claim
            interrupted = False
        finally:
            beat.cancel()
            try:
                await asyncio.to_thread(self.lease.release, interrupted=interrupted)
            except Exception as exc:  # a fault of the world is told once elsewhere (tic.worldhealth): no traceback
                log.warning("could not release the turn; it expires by itself: %s", exc, exc_info=classify(exc) is None)

    async def _heartbeat(self) -> None:
        while True:
            await self._clock.pause(self.lease.beat)  # event-loop time: the lease's expiry is Clock time
            try:
                if not await asyncio.to_thread(self.lease.renew):
                    log.warning("another engine took over the %s agent's turn", self._agent.name)
                    return
            except Exception as exc:  # the database hiccuped: the next beat tries again, the lease has slack
                log.warning("could not renew the turn lease: %s", exc, exc_info=classify(exc) is None)

    async def _finish_left(self) -> tuple[bool, bool]:
        """H5/H8 under the lease: repair and answer what the history left unanswered.

        Returns (still ours, a turn ran).
        """
        try:
            repaired = await asyncio.to_thread(self.history.repair)
        except TurnLost:
            return False, False
        if repaired:
            log.warning("repaired %d interrupted tool call(s)", repaired)
        if not await asyncio.to_thread(self.history.needs_resume):
            return True, False
        return await asyncio.to_thread(self._run_turn), True

    def _inject(self, actionable: bool | None = None) -> int:
        """H4: one transaction: take the batch (marking it read for main) + the synthetic call and its result.

        `actionable=False` takes background notices only (a prompt's context, N14).
        Reminders for the main agent join the batch as normal notices (it has no ephemeral channel).
        """
        with self._engine.begin() as conn:
            self.lease.guard(conn)  # first: only the turn's owner takes a batch (TurnLost rolls back)
            taken = self._store.take(self.reader, actionable=actionable, connection=conn)
            taken += self._store.ephemeral_for(self.reader)
            if not taken:
                return 0
            batch = notification_objects(taken)
            self.history.inject_read_notification(batch, connection=conn)
        self.views.notifications(batch)  # shown once stored (H11: a rolled-back batch is never shown)
        log.info("injected %d notification(s) for %s", len(taken), self._agent.name)
        return len(taken)

    # --- channels (C): idle wake and live attachment -------------------------------------

    def _channels_init(self) -> None:
        """The delivered fingerprint survives a restart: it is read back from the history."""
        if not self._channels_ready:
            self.channels.resume(self.history.tool_results())
            self._channels_ready = True

    def channels_pending(self) -> bool:
        """Something visible appeared or changed since the last delivery (the consumer's poll, <= POLL_SECONDS)."""
        if self.channels is None:
            return False
        self._channels_init()
        return self.channels.pending() is not None

    async def deliver_channels(self) -> bool:
        """Idle wake (C): inject a synthetic notification(action='check') and resume; H7: under the turn lock."""
        if self.channels is None:
            return False
        async with self._turn_lock:
            self._busy += 1
            try:
                async with self._owned() as claim:
                    if claim is None or (claim.took_over and not (await self._finish_left())[0]):
                        return False
                    try:
                        injected = await asyncio.to_thread(self._inject_check)
                    except TurnLost:
                        return False
                    if injected:
                        await asyncio.to_thread(self._run_turn)
                    return injected
            finally:
                self._busy -= 1

    def _inject_check(self) -> bool:
        """One transaction: the synthetic call and its result; the fingerprint counts as delivered only after it commits."""
        self._channels_init()
        found = self.channels.pending()
        if found is None:
            return False
        fingerprint, payload = found
        with self._engine.begin() as conn:
            self.lease.guard(conn)
            self.history.inject_channel_check(payload, connection=conn)
        self.channels.mark(fingerprint)
        log.info("injected a channel check for %s", self._agent.name)
        return True

    def _attach_channels(self, call, ctx) -> tuple[str, str] | None:
        """During active work: the live payload rides on a tool result on first appearance or material change only."""
        if ctx.agent != self._agent.name or call.name == "notification":
            return None  # a voluntary check returns the payload itself
        import json

        self._channels_init()
        found = self.channels.pending()
        if found is None:
            return None
        fingerprint, payload = found
        self.channels.mark(fingerprint)
        return "notification", json.dumps(payload, ensure_ascii=False)

    async def show_unshown(self) -> int:
        """Issue 8: a reply stored and never shown (the engine was killed between the two) is shown now, marked
        SHOWN_AGAIN, rather than never; then marked shown. Call it at start, before any turn. Returns how many."""
        replies = await asyncio.to_thread(self.history.unshown)
        for message_id, text in replies:
            self.views.reply(uuid.uuid4().hex[:12], f"{SHOWN_AGAIN} {text}")
            await asyncio.to_thread(self.history.mark_shown, message_id)
        return len(replies)

    async def resume(self) -> bool:
        """H5: run the main agent's loop if the history ends on a finished tool call or an unanswered user message.

        False without looking when another engine owns the turn: that engine finishes it.
        """
        async with self._turn_lock:
            async with self._owned() as claim:
                if claim is None:
                    return False
                return (await self._finish_left())[1]

    async def user_says(self, text: str, *, origin: str = "terminal") -> None:
        """A user turn: what is pending joins the context first (N14), then the message; the main agent answers.

        It waits for the turn when another engine holds it; a message is stored once, by the turn's owner.
        """
        async with self._turn_lock:
            self._busy += 1
            try:
                while True:
                    async with self._owned(wait=True) as claim:
                        if claim is not None and claim.took_over and not (await self._finish_left())[0]:
                            continue
                        try:
                            await asyncio.to_thread(self._inject, False)  # background ones; actionable ones get their own turn
                            await asyncio.to_thread(self.history.append_user, text)
                        except TurnLost:
                            continue  # not stored: again, under the next lease
                        self.views.user_line(text, origin=origin)  # every view shows it, the one it came from too
                        await asyncio.to_thread(self._run_turn)  # lost midway: the new owner answers it
                        return
            finally:
                self._busy -= 1

    @property
    def failing(self) -> bool:
        """R3: the main agent's model failed on the last turn (the user was told)."""
        return self.health.failing

    def idle(self) -> bool:
        """No turn running, no batch forming."""
        return self._busy == 0 and not self._turn_lock.locked()

    # --- the turn loop ------------------------------------------------------------------

    def system_prompt(self) -> str:
        prompt = self._agent.instructions.strip()
        if self._system_extra:
            prompt += "\n\n" + self._system_extra.strip()
        return prompt

    def _run_turn(self) -> bool:
        """One turn of the main agent; False when another engine took the turn over midway (H11: it
        answers what this one left; nothing more of this turn is stored or shown). R3: a failing model
        never stops the engine; what it left unanswered stays in the history (valid, H8) and is
        answered on the next turn or restart."""
        turn = uuid.uuid4().hex[:12]  # the views' name for this turn's replies (deltas and whole)
        try:
            with deadline(self._turn_deadline, self._clock.monotonic):  # TIC_TURN_MODEL_DEADLINE_SECONDS
                run_turn(agent=self._agent, model=self._model, registry=self._registry, history=self.history,
                         system_prompt=self.system_prompt(), say=lambda text: self.views.reply(turn, text),
                         on_delta=lambda piece: self.views.reply_delta(turn, piece), fit=self._fit)
        except TurnLost:
            log.warning("another engine took over the %s agent's turn; this reply is dropped, it answers instead",
                        self._agent.name)
            return False
        except ModelError as exc:
            self.health.failed(exc)
            return True
        self.health.works()
        return True

    def _fit(self, messages: list) -> list:
        """Item 6: the request under the token budget (older turns folded into a summary; the history keeps all)."""
        if self._budget is None:
            self._budget = budget_for(self._model, self._context_tokens)
        return self._budget.fit(messages)
