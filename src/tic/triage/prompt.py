"""Prompt assembly for the triage agent: instructions + memory injected fresh each tick (T1, T2, R1).

R2: a rules file is read up to RULES_FILE_CAP bytes. A bigger one is not read at
all (`RulesFileTooLarge`): the tick reports it and decides with the built-in
heuristics, every verdict uncertain (`oversize_rules` stands in for its text,
`triage._guard` reads it as one rule not understood). One rule longer than
RULE_CHARS is "not understood: too long" (`triage._guard`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from tic.agents import Agent
from tic.errors import ConfigError

__all__ = ["RULES_FILE_CAP", "RULE_CHARS", "OversizeRules", "RulesFileTooLarge", "oversize_rules", "read_memory",
           "read_rules_file", "readings_section", "system_prompt"]

RULES_FILE_CAP = 256 * 1024  # bytes of a rules file that are read; a bigger file is not read at all
RULE_CHARS = 2_000  # characters of one rule (a line) that are read; a longer one is not understood


class RulesFileTooLarge(ConfigError):
    """A rules file over RULES_FILE_CAP bytes (R2): not read; the heuristics decide, uncertain."""

    def __init__(self, path: Path, size: int) -> None:
        super().__init__(f"{path} is {size:,} bytes, more than the {RULES_FILE_CAP // 1024} KiB a rules file may "
                         "have: shorten it (rules are one line each); until then it is not read and the built-in "
                         "heuristics decide every event, marked uncertain")
        self.path = str(path)
        self.size = size


class OversizeRules(str):
    """Stands in for the text of a rules file too large to read: empty, with the file's `size` (see _guard)."""

    size: int = 0


def oversize_rules(size: int) -> OversizeRules:
    text = OversizeRules("")
    text.size = size
    return text


def read_rules_file(path: Path) -> str | None:
    """A preferences file's text, or None when it does not exist (the built-in heuristics apply).

    A file that exists but cannot be read as UTF-8 text is a ConfigError naming it
    (R2): deciding without the user's rules could surface what they said never to.
    A file over RULES_FILE_CAP bytes is a RulesFileTooLarge (a ConfigError), read
    no further than the cap. NUL characters are dropped; line ends read as `\\n`.
    """
    try:
        with path.open("rb") as f:
            raw = f.read(RULES_FILE_CAP + 1)
            if len(raw) > RULES_FILE_CAP:
                import os

                raise RulesFileTooLarge(path, max(len(raw), os.fstat(f.fileno()).st_size))
        return raw.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n").replace("\x00", "")
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
