"""The main agent's real parts pointed at a conformance provider, for the tests that drive it over HTTP:

    with main_agent(tmp_path, roster, provider, max_retries=1) as main:
        main.history.append_user("hello")
        main.turn()

A fresh world; the tool registry with the built-in tools and `add`; the main agent allowed every registered tool
(`add` included); the litellm adapter at the provider's URL (its options passed through); the world disposed after.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel
from sqlalchemy.engine import Engine

from tic.clock import ManualClock
from tic.db import open_world
from tic.hub import ChatHistory, Notifier, ToolRegistry, register_builtin_tools
from tic.hub._registry import Tool
from tic.hub._turn import run_turn
from tic.models.litellm_adapter import LiteLLMModel
from tic.notices import SqlNoticeStore

from tests.conftest import T0
from tests.conformance.servers import ConformanceServer

__all__ = ["AddArgs", "MainAgent", "SYSTEM_PROMPT", "main_agent"]

SYSTEM_PROMPT = "You are the user's assistant."


class AddArgs(BaseModel):
    a: int
    b: int


@dataclass(frozen=True)
class MainAgent:
    clock: ManualClock
    world: Engine
    store: SqlNoticeStore
    registry: ToolRegistry
    notifier: Notifier
    history: ChatHistory
    model: LiteLLMModel
    agent: Any

    def turn(self, **options: Any) -> int:
        """One turn of the main agent (run_turn's options passed through); the number of model steps it took."""
        return run_turn(agent=self.agent, model=self.model, registry=self.registry, history=self.history,
                        system_prompt=SYSTEM_PROMPT, **options)


@contextmanager
def main_agent(tmp_path: Path, roster: Any, provider: ConformanceServer, **model_options: Any) -> Iterator[MainAgent]:
    clock = ManualClock(T0)
    world = open_world(f"sqlite:///{tmp_path / 'world.db'}")
    try:
        store = SqlNoticeStore(world, roster, clock)
        registry = ToolRegistry(store)
        notifier = Notifier(store, clock)
        register_builtin_tools(registry, store, notifier)
        registry.register(Tool("add", "Add two integers.", AddArgs, lambda args, ctx: args.a + args.b))
        model = LiteLLMModel(provider.model, api_base=provider.url, clock=clock, **model_options)
        agent = roster["main"]
        agent = type(agent)(meta=agent.meta.model_copy(update={"tools": None}), instructions=agent.instructions,
                            folder=agent.folder)  # every registered tool, add included
        yield MainAgent(clock, world, store, registry, notifier, ChatHistory(world, clock), model, agent)
    finally:
        world.dispose()
