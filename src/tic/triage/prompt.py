"""Prompt assembly for the triage agent: instructions + memory injected fresh each tick (T1, T2, R1)."""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from tic.agents import Agent
from tic.errors import ConfigError

__all__ = ["read_memory", "read_rules_file", "readings_section", "system_prompt"]


def read_rules_file(path: Path) -> str | None:
    """A preferences file's text, or None when it does not exist (the built-in heuristics apply).

    A file that exists but cannot be read as UTF-8 text is a ConfigError naming it
    (R2): deciding without the user's rules could surface what they said never to.
    """
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except UnicodeDecodeError as exc:
        raise ConfigError(f"{path} is not UTF-8 text (byte {exc.start}): save it as UTF-8; "
                          "until then the triage agent decides nothing and keeps the new events for later") from exc
    except OSError as exc:
        raise ConfigError(f"{path} cannot be read ({exc.strerror or exc}): fix it; "
                          "until then the triage agent decides nothing and keeps the new events for later") from exc


def read_memory(resolve: Callable[[str], Path], paths: list[str]) -> dict[str, str | None]:
    """Each `inject_memory` file's text, read now (read_rules_file: None when missing, ConfigError when unreadable)."""
    return {rel: read_rules_file(resolve(rel)) for rel in paths}


def system_prompt(agent: Agent, memory: dict[str, str | None]) -> str:
    """The agent's AGENT.md followed by each memory file, fenced as the user's own text."""
    parts = [agent.instructions.strip()]
    for rel, text in memory.items():
        if text and text.strip():
            parts.append(f"## Injected memory: {rel}\n\n<<<{rel}\n{text.strip()}\n>>>{rel}")
        else:
            parts.append(f"## Injected memory: {rel}\n\n({rel} is missing or empty: use the built-in heuristics above.)")
    return "\n\n".join(parts)


def readings_section(ruleset) -> str:
    """How each rule was read (T7): the model judges with the same readings the local decider uses."""
    if ruleset.is_empty:
        return ""
    lines = ["", "", "## How each rule was read",
             "Each rule of the file above, as the hub reads it. Events a reading settles never reach you; judge the "
             "rest by the rules, using these readings, and read a rule marked 'not understood' from its own words."]
    for rule in ruleset.rules:
        said = rule.render() if rule.understood else f"not understood ({rule.why_not})"
        lines.append(f"- [{rule.section}] {rule.text!r} -> {said}")
    return "\n".join(lines)
