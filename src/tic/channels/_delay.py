"""Consumer delay: mask one channel for a while; an overdue delay is recovered with one delay-alarm (C, seed "delay")."""

from __future__ import annotations

import hashlib
import json
import math
import os
import threading
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Mapping

from tic.channels._envelope import ChannelError, Envelope, atomic_write_json, folder
from tic.clock import Clock, parse_instant

__all__ = ["ALARM", "DEFAULT_DELAY_MAX", "Delay", "DelayStore", "delay_cap"]

DELAY_FILE = ".delay_state.json"
ALARM = "delay-alarm"
DEFAULT_DELAY_MAX = 600.0
CAP_ENV = "TIC_NOTIFICATION_DELAY_MAX_SECONDS"
_LOCK = threading.Lock()


def delay_cap(env: Mapping[str, str] | None = None) -> tuple[float, str | None]:
    """The live cap and, when the setting was unusable, a bounded diagnostic (the cap is then 600)."""
    raw = (os.environ if env is None else env).get(CAP_ENV)
    if raw is None or not raw.strip():
        return DEFAULT_DELAY_MAX, None if raw is None else f"{CAP_ENV} is blank; using {DEFAULT_DELAY_MAX:g}"
    try:
        value = float(raw.strip())
    except ValueError:
        value = float("nan")
    if not math.isfinite(value) or value <= 0:
        shown = raw.strip()[:40]
        return DEFAULT_DELAY_MAX, f"{CAP_ENV}={shown!r} is not a positive finite number; using {DEFAULT_DELAY_MAX:g}"
    return value, None


@dataclass(frozen=True)
class Delay:
    channel: str
    set_at: datetime
    until: datetime
    baseline: str | None  # sha256 of the target file's bytes when the delay was set (None: absent)

    @property
    def request_id(self) -> str:
        """Stable for this delay: a retried recovery overwrites the same alarm, never appends one."""
        raw = f"{self.channel}|{self.set_at.isoformat()}|{self.until.isoformat()}"
        return "delay-" + hashlib.sha256(raw.encode()).hexdigest()[:16]


def file_digest(path: Path) -> str | None:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return None


class DelayStore:
    """`.notification/.delay_state.json`: at most one live delay; malformed or unreadable state fails open."""

    def __init__(self, workdir: Path, clock: Clock) -> None:
        self._dir = folder(workdir)
        self.path = self._dir / DELAY_FILE
        self._clock = clock
        self.problem: str | None = None  # the last read's diagnostic (malformed state)

    def read(self) -> Delay | None:
        self.problem = None
        try:
            raw = json.loads(self.path.read_text(encoding="utf-8"))
            if raw is None:
                return None
            return Delay(str(raw["channel"]), parse_instant(raw["set_at"]), parse_instant(raw["until"]), raw.get("baseline"))
        except FileNotFoundError:
            return None
        except (OSError, ValueError, KeyError, TypeError) as exc:
            self.problem = f"delay state unreadable ({exc.__class__.__name__}); delivering every channel"
            return None

    def set(self, channel: str, seconds: float, cap: float) -> Delay | None:
        """A nonzero delay replaces the prior one; 0 cancels the matching target (None)."""
        if channel == ALARM:
            raise ChannelError("delay-alarm cannot itself be delayed")
        if not math.isfinite(seconds) or seconds < 0:
            raise ChannelError("seconds must be 0 (cancel) or a positive number")
        if seconds > cap:
            raise ChannelError(f"seconds must be at most {cap:g} (TIC_NOTIFICATION_DELAY_MAX_SECONDS)")
        with _LOCK:
            if seconds == 0:
                current = self.read()
                if current is not None and current.channel == channel:
                    self.path.unlink(missing_ok=True)
                return None
            now = self._clock.now()
            delay = Delay(channel, now, now + timedelta(seconds=seconds), file_digest(self._dir / f"{channel}.json"))
            atomic_write_json(self.path, {"channel": delay.channel, "set_at": delay.set_at.isoformat(),
                                          "until": delay.until.isoformat(), "baseline": delay.baseline})
            return delay

    def live(self) -> Delay | None:
        """The delay masking a channel now, after recovering an overdue one (see `recover`)."""
        delay = self.read()
        if delay is None or self._clock.now() < delay.until:
            return delay
        self.recover(delay)
        return None

    def recover(self, delay: Delay) -> None:
        """Stop filtering and publish one high-priority delay-alarm (same request id on a retry: overwrite)."""
        with _LOCK:
            alarm_path = self._dir / f"{ALARM}.json"
            try:
                existing = json.loads(alarm_path.read_text(encoding="utf-8")).get("data", {}).get("request_id")
            except (OSError, ValueError, AttributeError):
                existing = None
            if existing != delay.request_id:
                now_digest = file_digest(self._dir / f"{delay.channel}.json")
                events = _event_count(self._dir / f"{delay.channel}.json")
                envelope = Envelope(
                    header=f"the delay on channel {delay.channel} ended",
                    icon="⏰",
                    priority="high",
                    published_at=self._clock.now(),
                    instructions="The channel is visible again; check it.",
                    data={"request_id": delay.request_id, "channel": delay.channel,
                          "delayed_at": delay.set_at.isoformat(), "until": delay.until.isoformat(),
                          "changed_while_delayed": now_digest != delay.baseline, "retained_events": events},
                )
                atomic_write_json(alarm_path, envelope.model_dump(mode="json", exclude_none=True))
            self.path.unlink(missing_ok=True)


def _event_count(path: Path) -> int | None:
    """Producer-retained events of the target (data.events), not a claimed total."""
    try:
        events = json.loads(path.read_text(encoding="utf-8")).get("data", {}).get("events")
    except (OSError, ValueError, AttributeError):
        return None
    return len(events) if isinstance(events, list) else None
