"""Prompt assembly for the triage agent: instructions + memory injected fresh each tick (T1, T2, R1)."""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from tic.agents import Agent

__all__ = ["read_memory", "system_prompt"]


def read_memory(resolve: Callable[[str], Path], paths: list[str]) -> dict[str, str | None]:
    """Each `inject_memory` file's text, read now; None for a missing file (heuristics apply)."""
    out: dict[str, str | None] = {}
    for rel in paths:
        path = resolve(rel)
        try:
            out[rel] = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            out[rel] = None
    return out


def system_prompt(agent: Agent, memory: dict[str, str | None]) -> str:
    """The agent's AGENT.md followed by each memory file, fenced as the user's own text."""
    parts = [agent.instructions.strip()]
    for rel, text in memory.items():
        if text and text.strip():
            parts.append(f"## Injected memory: {rel}\n\n<<<{rel}\n{text.strip()}\n>>>{rel}")
        else:
            parts.append(f"## Injected memory: {rel}\n\n({rel} is missing or empty: use the built-in heuristics above.)")
    return "\n\n".join(parts)
