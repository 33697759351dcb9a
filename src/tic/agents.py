"""The roster: agent definitions read from agents/<name>/meta.json + AGENT.md."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from tic.errors import ConfigError

__all__ = ["AgentMeta", "Agent", "Roster", "Schedule", "load_roster"]


class Schedule(BaseModel):
    model_config = ConfigDict(extra="forbid")

    every_minutes: float | None = Field(None, gt=0)
    cron: str | None = None  # five-field crontab expression

    @field_validator("cron")
    @classmethod
    def _cron_fields(cls, v: str | None) -> str | None:
        if v is not None and len(v.split()) != 5:
            raise ValueError("cron needs five fields: minute hour day month weekday")
        return v


class AgentMeta(BaseModel):
    """agents/<name>/meta.json."""

    model_config = ConfigDict(extra="forbid")

    name: str
    description: str = ""
    model: str = "offline"
    depth: int = Field(1, ge=0)  # 0 = the root conversational agent
    engine: str | None = None  # the engine it runs on; None = every engine (this one)
    schedule: Schedule | None = None
    tools: list[str] = Field(default_factory=list)
    inject_memory: list[str] = Field(default_factory=list)


@dataclass(frozen=True)
class Agent:
    meta: AgentMeta
    instructions: str  # AGENT.md
    folder: Path

    @property
    def name(self) -> str:
        return self.meta.name

    @property
    def caller(self) -> str:
        return f"agent:{self.meta.name}"


@dataclass(frozen=True)
class Roster:
    agents: dict[str, Agent]
    engine: str = "local"

    def __getitem__(self, name: str) -> Agent:
        try:
            return self.agents[name]
        except KeyError:
            raise ConfigError(f"no agent {name!r}: add agents/{name}/meta.json") from None

    def __contains__(self, name: str) -> bool:
        return name in self.agents

    def names(self) -> list[str]:
        return sorted(self.agents)

    def here(self, name: str) -> bool:
        """True when the agent runs on this engine."""
        eng = self.agents[name].meta.engine
        return eng is None or eng == self.engine

    def callers_here(self) -> list[str]:
        return [a.caller for n, a in sorted(self.agents.items()) if self.here(n)]


def load_roster(folder: Path, *, engine: str = "local") -> Roster:
    """Read every agents/<name>/ with a meta.json; a broken one is a ConfigError naming the file."""
    if not folder.is_dir():
        raise ConfigError(f"no agents folder at {folder}: run ./tic from the project folder or set TIC_AGENTS_DIR")
    agents: dict[str, Agent] = {}
    for meta_path in sorted(folder.glob("*/meta.json")):
        try:
            meta = AgentMeta.model_validate(json.loads(meta_path.read_text(encoding="utf-8")))
        except (json.JSONDecodeError, ValidationError) as exc:
            raise ConfigError(f"{meta_path} is not a valid agent definition: {exc}") from exc
        if meta.name != meta_path.parent.name:
            raise ConfigError(f"{meta_path}: name {meta.name!r} must match its folder {meta_path.parent.name!r}")
        md = meta_path.parent / "AGENT.md"
        instructions = md.read_text(encoding="utf-8") if md.is_file() else ""
        agents[meta.name] = Agent(meta=meta, instructions=instructions, folder=meta_path.parent)
    return Roster(agents=agents, engine=engine)
