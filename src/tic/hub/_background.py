"""T8: a scheduled (cron) agent's run — its own short conversation, its own tools, `notify` to reach the user."""

from __future__ import annotations

import logging

from sqlalchemy import Engine

from tic.agents import Agent
from tic.clock import Clock
from tic.hub._history import ChatHistory
from tic.hub._registry import ToolRegistry
from tic.hub._turn import run_turn
from tic.models import ChatModel
from tic.notices import running_as

log = logging.getLogger(__name__)

__all__ = ["BackgroundAgent"]


class BackgroundAgent:
    """Runs one background agent's task: each run is a fresh conversation, kept in the world for audit."""

    def __init__(self, *, agent: Agent, model: ChatModel, registry: ToolRegistry, engine: Engine, clock: Clock) -> None:
        self.agent = agent
        self._model = model
        self._registry = registry
        self._engine = engine
        self._clock = clock

    def run(self) -> ChatHistory:
        now = self._clock.now()
        history = ChatHistory(self._engine, self._clock, conversation=f"{self.agent.name}:{now.strftime('%Y%m%dT%H%M%S')}")
        history.append_user(
            f"Scheduled run at {now.isoformat()}. Do your task now; use notify for anything the user should hear."
        )
        with running_as(self.agent.caller):
            steps = run_turn(agent=self.agent, model=self._model, registry=self._registry, history=history,
                             system_prompt=self.agent.instructions)
        log.info("agent %s ran (%d model calls)", self.agent.name, steps)
        return history
