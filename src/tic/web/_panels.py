"""What the three side panels read and change: the notice store, the rules file, the triage log.

Each is a small typed function over the parts the CLI uses too (`./tic notices`, `./tic rules check`,
`./tic log` / `./tic why`), so the page and the terminal can never tell two stories.
"""

from __future__ import annotations

import hashlib
import threading
from pathlib import Path
from typing import Any

from tic.errors import TicError
from tic.hub import FileArea, entry_object
from tic.notices import NoticeStore
from tic.rules.check import check_rules, report_object
from tic.triage import history

__all__ = ["RulesChanged", "RulesFile", "decisions", "mute", "notices", "why"]

LOG_LIMIT = 200  # decisions the panel lists at most


# --- notifications panel (N6, N7, N8, N13) ---------------------------------------------------------------

def notices(store: NoticeStore, user: str) -> list[dict[str, Any]]:
    """The store's entries for this user: unread first, then newest; each with its count, severity, mute."""
    rows = [entry_object(e) for e in store.entries(caller=f"user:{user}")]
    rows.sort(key=lambda e: e["posted"] or "", reverse=True)
    rows.sort(key=lambda e: e["unread"] == 0)  # stable: unread first, newest first within each
    return rows


def mute(store: NoticeStore, user: str, key: str, on: bool) -> str:
    """N8: mute or unmute `key` for this user at the page, as `./tic notices suppress|unsuppress` does."""
    shown = key.strip().lstrip("#")
    if on:
        store.suppress(key, caller=f"user:{user}")
        return f"muted #{shown}"
    return f"unmuted #{shown}" if store.unsuppress(key, caller=f"user:{user}") else f"#{shown} was not muted"


# --- rules panel (T3, T7, H10) ---------------------------------------------------------------------------

class RulesChanged(TicError):
    """The rules file changed on disk since the page read it: nothing was written."""


class RulesFile:
    """data/notifications.md for the editor: its text with a version, a check, an atomic save.

    The version is a digest of the bytes on disk; a save names the version it edited and is refused when
    the file changed meanwhile (the assistant edited it, another tab saved, the user's own editor).
    """

    NAME = "notifications.md"

    def __init__(self, data_dir: Path) -> None:
        self._area = FileArea(data_dir, writable=[self.NAME])
        self._path = data_dir / self.NAME
        self._lock = threading.Lock()  # one save at a time in this engine: check and write together

    def _raw(self) -> bytes | None:
        try:
            return self._path.read_bytes()
        except FileNotFoundError:
            return None

    @staticmethod
    def version_of(raw: bytes | None) -> str:
        return "absent" if raw is None else hashlib.sha256(raw).hexdigest()[:16]

    def load(self) -> dict[str, Any]:
        raw = self._raw()
        text = "" if raw is None else raw.decode("utf-8", "replace").replace("\r\n", "\n")
        return {"text": text, "version": self.version_of(raw), "exists": raw is not None, **self.check(text)}

    @staticmethod
    def check(text: str) -> dict[str, Any]:
        """How the triage agent reads `text` (`./tic rules check --json`), without saving it."""
        return report_object(check_rules(text))

    def save(self, text: str, version: str) -> dict[str, Any]:
        """Write `text` atomically if the file is still at `version`; RulesChanged (nothing written) if not."""
        with self._lock:
            now = self.version_of(self._raw())
            if now != version:
                raise RulesChanged(f"{self.NAME} changed on disk since this page read it (the assistant or another "
                                   "editor saved it): nothing was written. Copy your text, press Reload to see "
                                   "the file as it is now, then make your change again.")
            self._area.write(self.NAME, text)  # H10: refuses control characters, oversize; temp file + rename
            raw = self._raw()
        return {"version": self.version_of(raw), "message": f"saved {self.NAME}", **self.check(text)}


# --- decisions panel (T6, T11, R2) -----------------------------------------------------------------------

def decisions(world, query: str = "", limit: int = LOG_LIMIT) -> list[dict[str, Any]]:
    """`./tic log`, newest first; with `query`, the decisions whose event, key or reason hold every word."""
    rows = history.search(world, query, limit=limit) if query.strip() else history.recent(world, limit)
    return [history.log_object(d) for d in rows]


def why(world, key: str) -> dict[str, Any]:
    """`./tic why KEY --json`; {"event": None, "matches": [...]} when KEY names no single event."""
    explained, keys = history.explain(world, key)
    if explained is None:
        return {"event": None, "matches": keys}
    return history.explanation_object(explained)
