"""One agent's channels: sync (delay recovery, collection, warnings), the live payload, delivery fingerprints."""

from __future__ import annotations

import hashlib
import logging
import re
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Mapping

from tic.channels._blocked import BlockedState
from tic.channels._cap import cap_payload, max_chars
from tic.channels._collect import CONTENT_NOTE, ChannelFile, scan
from tic.channels._delay import DelayStore
from tic.channels._dismiss import Dismissed, dismiss
from tic.channels._envelope import allowed
from tic.channels._hooks import HookRegistry, HooksLoadError
from tic.clock import Clock

log = logging.getLogger(__name__)

__all__ = ["AgentChannels", "Snapshot", "Workdirs", "BLOCKED", "MALFORMED", "delivered_fingerprint"]

BLOCKED = "a channel file is present but its channel is not registered; register it with notification add"
MALFORMED = "a channel file is malformed and was skipped"
DELAY_BROKEN = "the channel delay state is unreadable; every channel is delivered"
Warn = Callable[[str, dict[str, Any]], None]
_FP = re.compile(r'(?:^|\[notification\]\n)\{"fingerprint": "([0-9a-f]{16})"')


@dataclass(frozen=True)
class Snapshot:
    """The coherent consumer view: visible channels, the delayed one (if any)."""

    files: tuple[ChannelFile, ...]
    delayed: str | None = None

    @property
    def fingerprint(self) -> str:
        """The delivery fingerprint: names + material content of what may wake; '' when nothing may."""
        wake = [(f.name, f.material) for f in self.files if f.name != self.delayed]
        if not wake:
            return ""
        return hashlib.sha256(repr(wake).encode()).hexdigest()[:16]

    def payload(self) -> dict[str, Any]:
        """The canonical live payload (fingerprint first, so a delivered one can be found in the history)."""
        out: dict[str, Any] = {"fingerprint": self.fingerprint or "0" * 16, "note": CONTENT_NOTE,
                               "channels": {f.name: f.envelope for f in self.files}}
        if self.delayed:
            out["delayed"] = self.delayed
        return out


def delivered_fingerprint(results: list[str]) -> str | None:
    """The last delivered fingerprint among tool results (oldest first): restart-safe delivery state."""
    for text in reversed(results):
        found = _FP.findall(text or "")
        if found:
            return found[-1]
    return None


class AgentChannels:
    """One agent workdir's `.notification/` folder as the engine consumes it."""

    def __init__(self, agent: str, workdir: Path, clock: Clock, *, warn: Warn | None = None,
                 env: Mapping[str, str] | None = None) -> None:
        self.agent = agent
        self.workdir = Path(workdir)
        self.hooks = HookRegistry(self.workdir)
        self.delays = DelayStore(self.workdir, clock)
        self._warn = warn or (lambda t, p: None)
        self._env = env
        self._lock = threading.RLock()
        self._blocked_state = BlockedState(self.workdir)
        self._blocked: set[str] | None = None  # warned, until registered (persisted: survives a restart)
        self._malformed: dict[str, str] = {}  # channel -> digest warned about
        self._delay_problem: str | None = None
        self.delivered: str | None = None

    # --- sync ---------------------------------------------------------------------------

    def sync(self) -> Snapshot:
        """Recover an overdue delay, scan, warn once per blocked channel / broken file version."""
        with self._lock:
            delay = self.delays.live()
            if self.delays.problem and self.delays.problem != self._delay_problem:
                self._post(DELAY_BROKEN, {"agent": self.agent, "detail": self.delays.problem})
            self._delay_problem = self.delays.problem
            try:
                hooks = self.hooks.channels()
            except HooksLoadError as exc:
                log.warning("%s: %s", self.agent, exc)
                hooks = []
            result = scan(self.workdir, hooks)
            if self._blocked is None:
                self._blocked = self._blocked_state.load()
            else:  # another engine sharing the workdir may have warned meanwhile
                self._blocked |= self._blocked_state.load()
            before = set(self._blocked)
            blocked_now: set[str] = set()
            malformed_now: dict[str, str] = {}
            for p in result.problems:
                if p.kind == "blocked":
                    blocked_now.add(p.channel)
                    if p.channel not in self._blocked:
                        self._post(BLOCKED, {"agent": self.agent, "channel": p.channel, "ref": f"blocked_channel:{p.channel}"})
                else:
                    malformed_now[p.channel] = p.digest
                    if self._malformed.get(p.channel) != p.digest:  # once per broken version; the store holds repeats
                        self._post(MALFORMED, {"agent": self.agent, "channel": p.channel, "error": p.detail})
            self._blocked = {c for c in self._blocked | blocked_now if not allowed(c, hooks)}
            if self._blocked != before:
                self._blocked_state.save(self._blocked)
            self._malformed = malformed_now
            delayed = delay.channel if delay else None
            files = tuple(f for f in result.files if f.name != delayed or delayed == "daemon")
            return Snapshot(files, delayed)

    def _post(self, template: str, params: dict[str, Any]) -> None:
        try:
            self._warn(template, params)
        except Exception:  # a warning that cannot be stored never stops collection
            log.exception("channel warning for %s could not be posted", self.agent)

    # --- delivery -------------------------------------------------------------------------

    def model_payload(self, snap: Snapshot) -> dict[str, Any]:
        """The payload a model is shown: the canonical one, compacted above the size cap."""
        return cap_payload(snap.payload(), self.workdir, max_chars(self._env))

    def check(self) -> dict[str, Any]:
        """A voluntary check: the canonical live payload; what it shows counts as delivered."""
        with self._lock:
            snap = self.sync()
            self.delivered = snap.fingerprint or self.delivered
            return self.model_payload(snap)

    def pending(self) -> tuple[str, dict[str, Any]] | None:
        """(fingerprint, payload) when something visible appeared or changed since the last delivery."""
        with self._lock:
            snap = self.sync()
            fp = snap.fingerprint
            if not fp or fp == self.delivered:
                return None
            return fp, self.model_payload(snap)

    def dismiss(self, channel: str, *, expect: str | None = None) -> dict[str, Any]:
        """Generic dismiss (see tic.channels._dismiss); the result a tool or CLI shows.

        When everything visible had been delivered before the dismiss, what remains counts as delivered
        too (the result then starts with its fingerprint, so a restart reads it back): dismissing one
        channel never re-delivers the others.
        """
        with self._lock:
            before = self.sync()
            seen_all = bool(before.fingerprint) and before.fingerprint == self.delivered
            done: Dismissed = dismiss(self.workdir, channel, expect=expect)
            after = self.sync()
            out: dict[str, Any] = {}
            if seen_all:
                fp = after.fingerprint or "0" * 16
                self.delivered = fp
                out["fingerprint"] = fp
            out["dismissed" if done.cleared else "absent"] = channel
            out["note"] = ("only the channel file was cleared; the producer's own state is unchanged"
                           if done.cleared else "no file to clear: the channel has nothing published")
            out["remaining"] = [f.name for f in after.files]
            return out

    def mark(self, fingerprint: str) -> None:
        with self._lock:
            self.delivered = fingerprint

    def resume(self, results: list[str]) -> None:
        """After a restart: the last fingerprint among the agent's earlier tool results (oldest first) counts as
        delivered, so the delivered state survives without a file of its own (C). Once: a later mark wins."""
        with self._lock:
            if self.delivered is None:
                self.delivered = delivered_fingerprint(results) or ""


class Workdirs:
    """Every agent's workdir under one root (`data/agents/<name>/`), each with its AgentChannels."""

    def __init__(self, root: Path, clock: Clock, *, warn_for: Callable[[str], Warn] | None = None,
                 env: Mapping[str, str] | None = None) -> None:
        self.root = Path(root)
        self._clock = clock
        self._warn_for = warn_for
        self._env = env
        self._agents: dict[str, AgentChannels] = {}
        self._lock = threading.Lock()

    def path(self, agent: str) -> Path:
        return self.root / agent

    def for_agent(self, agent: str) -> AgentChannels:
        with self._lock:
            if agent not in self._agents:
                warn = self._warn_for(agent) if self._warn_for else None
                self._agents[agent] = AgentChannels(agent, self.path(agent), self._clock, warn=warn, env=self._env)
            return self._agents[agent]
