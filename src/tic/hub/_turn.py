"""The agent turn loop, shared by the main agent (ChatHub) and background agents (T8)."""

from __future__ import annotations

import logging
from typing import Callable

from tic.agents import Agent
from tic.hub._history import ChatHistory
from tic.hub._registry import CallContext, ToolRegistry
from tic.models import AssistantMessage, ChatModel, Message, respond

log = logging.getLogger(__name__)

__all__ = ["MAX_STEPS", "STEP_LIMIT_NOTE", "run_turn"]

MAX_STEPS = 8  # model calls in one turn before the loop stops
STEP_LIMIT_NOTE = ("I stopped without an answer: I called tools {steps} times in a row and did not get to one. "
                   "Ask me again (more precisely, if you can) and I will start afresh.")


def run_turn(
    *,
    agent: Agent,
    model: ChatModel,
    registry: ToolRegistry,
    history: ChatHistory,
    system_prompt: str,
    say: Callable[[str], None] | None = None,
    on_delta: Callable[[str], None] | None = None,
    fit: Callable[[list[Message]], list[Message]] | None = None,
) -> int:
    """Call the model on the history; run its tool calls through the registry; repeat until it answers.

    Every step is stored before the next (so a crash leaves a history that H8
    can repair), and shown only once stored (`say`), then marked shown (a reply
    stored and not shown is shown again on restart, `ChatHub.show_unshown`); `on_delta` receives the
    reply's text as the model streams it, before it is stored. `fit` shapes each
    request (the token budget: older turns folded into a summary); the history
    keeps everything. A turn that reaches MAX_STEPS model calls ends with a stored
    note saying so (STEP_LIMIT_NOTE), shown like a reply: the user is never left
    without an answer or a note. Returns the number of model calls made.
    Raises the history's guard error (TurnLost) when another engine took the turn over:
    nothing more of this turn is stored, shown or run (H11 across engines).
    """
    ctx = CallContext(agent=agent.name, depth=agent.meta.depth)
    allowed = agent.meta.tools or None
    specs = [t.spec() for t in registry.tools_for(allowed, depth=ctx.depth)]
    for step in range(1, MAX_STEPS + 1):
        messages = [{"role": "system", "content": system_prompt}, *history.messages()]
        if fit is not None:
            messages = fit(messages)
        reply = respond(model, messages, specs, on_delta)
        msg_id = history.append_assistant(reply)
        if reply.content and say is not None:
            say(reply.content)
            history.mark_shown(msg_id)  # a kill before this shows it again on restart, marked (never not at all)
        if not reply.tool_calls:
            return step
        for call in reply.tool_calls:
            history.check_turn()  # a tool's side effects only while the turn is still ours
            history.finish_call(msg_id, call.id, registry.call(call, ctx, allowed=allowed))
    log.warning("agent %s: the turn stopped after %d model calls", agent.name, MAX_STEPS)
    note = STEP_LIMIT_NOTE.format(steps=MAX_STEPS)
    note_id = history.append_assistant(AssistantMessage(content=note), is_synthetic=True)  # the history ends answered
    if say is not None:
        say(note)
        history.mark_shown(note_id)
    return MAX_STEPS
