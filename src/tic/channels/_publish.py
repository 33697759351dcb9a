"""Publishing a channel file (C, seed "Files and allowlist"): checked against the effective allowlist, written
atomically. Apart from the envelope module because the allowlist needs the agent's registered hooks."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable

from tic.channels._envelope import BUILTIN_CHANNELS, ChannelError, Envelope, allowed, atomic_write_json, folder
from tic.channels._hooks import HookRegistry, HooksLoadError

__all__ = ["publish"]


def publish(workdir: Path, channel: str, envelope: Envelope | dict[str, Any], *, hooks: Iterable[str] | None = None) -> Path:
    """Publish `envelope` as the current surface of `channel` in `workdir` (atomic replacement).

    `hooks`: the agent's registered hook channels; None reads them from the
    workdir's hooks.json. A channel outside the effective allowlist is refused.
    """
    if isinstance(envelope, dict):
        envelope = Envelope.model_validate(envelope)
    if hooks is None:
        try:
            hooks = HookRegistry(workdir).channels()
        except HooksLoadError:
            hooks = ()
    if not allowed(channel, hooks):
        raise ChannelError(
            f"channel {channel!r} is not allowed here: use a built-in channel ({', '.join(sorted(BUILTIN_CHANNELS))}), "
            f"an 'mcp.<name>' channel, or register a hook channel first (notification action='add')"
        )
    path = folder(workdir) / f"{channel}.json"
    atomic_write_json(path, envelope.model_dump(mode="json", exclude_none=True))
    return path
