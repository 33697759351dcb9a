"""Blocked-channel warning dedup that survives a restart: `.notification/.blocked_state.json` (C).

Seed: one `notification_hook` warn per workdir and channel until registration.
The set of channels already warned about is a private dotfile in the workdir's
`.notification/` (invisible to collection, like `.delay_state.json`), written
atomically. Missing → nothing warned yet; malformed or unreadable → fail open
(treated as empty: a warning may repeat once, then the file is rewritten).
"""

from __future__ import annotations

import json
import logging
from pathlib import Path

from tic.channels._envelope import atomic_write_json, folder, valid_stem

log = logging.getLogger(__name__)

__all__ = ["BLOCKED_FILE", "BlockedState"]

BLOCKED_FILE = ".blocked_state.json"


class BlockedState:
    def __init__(self, workdir: Path) -> None:
        self.path = folder(workdir) / BLOCKED_FILE

    def load(self) -> set[str]:
        try:
            raw = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return set()
        except (OSError, ValueError) as exc:
            log.warning("%s unreadable (%s); blocked-channel warnings fail open", self.path, exc.__class__.__name__)
            return set()
        warned = raw.get("warned") if isinstance(raw, dict) else None
        if not isinstance(warned, list):
            log.warning("%s malformed; blocked-channel warnings fail open", self.path)
            return set()
        return {c for c in warned if isinstance(c, str) and valid_stem(c)}

    def save(self, warned: set[str]) -> None:
        try:
            if not warned and not self.path.exists():
                return
            atomic_write_json(self.path, {"warned": sorted(warned)})
        except OSError as exc:  # cannot persist: warnings stay deduplicated in memory for this engine
            log.warning("could not write %s: %s", self.path, exc)
