"""Hook manifests in `.notification/hooks.json`: add, drop, list, edit (C, seed "Hook registration workflow")."""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from tic.channels._envelope import BUILTIN_CHANNELS, RESERVED_STEMS, ChannelError, atomic_write_json, folder, valid_stem

__all__ = ["HookManifest", "HookRegistry", "HooksLoadError", "HOOKS_FILE"]

HOOKS_FILE = "hooks.json"
_LOCK = threading.Lock()  # one process's notification mutations, one at a time


class HooksLoadError(ChannelError):
    """hooks.json exists but cannot be read as a list of manifests."""


class HookManifest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=100)
    channel: str
    source: str = Field(min_length=1, max_length=500)
    description: str = Field(min_length=1, max_length=2000)
    how_to_modify: str = Field(min_length=1, max_length=2000)
    how_to_cancel: str = Field(min_length=1, max_length=2000)
    version: str = Field("1.0.0", min_length=1, max_length=40)
    instructions: str | None = Field(None, max_length=4000)
    # C (seed "Canonical producer state versus mirror"): a producer whose channel mirrors canonical state
    # registers a generic-dismiss guard and teaches its own verb in `instructions`.
    dismiss_guard: bool = False

    @model_validator(mode="after")
    def _guard_teaches_a_verb(self) -> "HookManifest":
        if self.dismiss_guard and not (self.instructions or "").strip():
            raise ValueError("dismiss_guard needs instructions that teach the producer's own verb for clearing it")
        return self

    @field_validator("channel")
    @classmethod
    def _channel(cls, v: str) -> str:
        if not valid_stem(v):
            raise ValueError("channel must be lowercase letters, digits, '_', '-', '.' (at most 64 characters)")
        if v in RESERVED_STEMS:
            raise ValueError(f"{v!r} is a reserved store file name, not a channel")
        if v in BUILTIN_CHANNELS:
            raise ValueError(f"{v!r} is a built-in channel; it needs no registration")
        if v.startswith("mcp."):
            raise ValueError("mcp.* channels are always allowed; they need no registration")
        return v


def _bounded(text: str, limit: int = 300) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


class HookRegistry:
    """One agent workdir's hook manifests, in registry order."""

    def __init__(self, workdir: Path) -> None:
        self.path = folder(workdir) / HOOKS_FILE

    def load(self) -> list[HookManifest]:
        """The manifests; a missing file is none; a corrupt one raises HooksLoadError (bounded message)."""
        try:
            raw = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return []
        except (OSError, UnicodeDecodeError) as exc:
            raise HooksLoadError(f"hooks.json could not be read: {_bounded(str(exc))}") from None
        try:
            value = json.loads(raw)
            if not isinstance(value, list):
                raise ValueError("expected a JSON list of manifests")
            return [HookManifest.model_validate(v) for v in value]
        except (ValueError, ValidationError) as exc:
            raise HooksLoadError(f"hooks.json is corrupt: {_bounded(str(exc))}; fix or remove it, then retry") from None

    def channels(self) -> list[str]:
        return [m.channel for m in self.load()]

    def _save(self, manifests: list[HookManifest]) -> None:
        atomic_write_json(self.path, [m.model_dump(mode="json", exclude_none=True) for m in manifests])

    def add(self, fields: dict[str, Any]) -> HookManifest:
        try:
            manifest = HookManifest.model_validate(fields)
        except ValidationError as exc:
            raise ChannelError(f"invalid hook manifest: {_errors(exc)}") from None
        with _LOCK:
            current = self.load()
            _unique(current, manifest)
            self._save([*current, manifest])
        return manifest

    def drop(self, name: str) -> HookManifest:
        with _LOCK:
            current = self.load()
            found = [m for m in current if m.name == name]
            if not found:
                raise ChannelError(f"no hook named {name!r}; registered: {', '.join(m.name for m in current) or 'none'}")
            self._save([m for m in current if m.name != name])
        return found[0]

    def guard(self, channel: str) -> HookManifest | None:
        """The registered hook guarding `channel` against a generic dismiss, if any."""
        return next((m for m in self.load() if m.channel == channel and m.dismiss_guard), None)

    def edit(self, name: str, changes: dict[str, Any]) -> HookManifest | None:
        """Change the named fields (null values ignored); None when nothing changed."""
        changes = {k: v for k, v in changes.items() if v is not None and k != "name"}
        with _LOCK:
            current = self.load()
            index = next((i for i, m in enumerate(current) if m.name == name), None)
            if index is None:
                raise ChannelError(f"no hook named {name!r}; registered: {', '.join(m.name for m in current) or 'none'}")
            if not changes:
                return None
            try:
                updated = HookManifest.model_validate({**current[index].model_dump(), **changes})
            except ValidationError as exc:
                raise ChannelError(f"invalid hook edit: {_errors(exc)}") from None
            _unique(current[:index] + current[index + 1:], updated)
            current[index] = updated
            self._save(current)
        return updated


def _unique(others: list[HookManifest], manifest: HookManifest) -> None:
    for m in others:
        if m.name == manifest.name:
            raise ChannelError(f"a hook named {manifest.name!r} is already registered (edit or drop it)")
        if m.channel == manifest.channel:
            raise ChannelError(f"channel {manifest.channel!r} is already registered by hook {m.name!r}")


def _errors(exc: ValidationError) -> str:
    return _bounded("; ".join(f"{'.'.join(str(p) for p in e['loc']) or 'manifest'}: {e['msg']}"
                              for e in exc.errors(include_url=False)))
