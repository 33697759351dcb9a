"""Generic dismiss: clear one channel's `.notification/<channel>.json` surface, and nothing else (C).

Seed "Canonical producer state versus mirror": a generic channel clear changes
only the channel file. It never marks an email read, changes a goal, consumes
a producer's queue, touches hooks.json or the delay state. A channel that
mirrors canonical state is guarded: a producer registers `dismiss_guard: true`
(with its own verb in `instructions`) in its hook manifest, and the built-in
mirror channels `email` and `goal` are guarded by default. A guarded channel
is refused with the producer's instructions quoted, so the agent (or person)
uses the producer's verb instead.
"""

from __future__ import annotations

import os
import secrets
from dataclasses import dataclass
from pathlib import Path

from tic.channels._delay import file_digest
from tic.channels._envelope import ChannelError, allowed, folder, valid_stem
from tic.channels._hooks import _LOCK, HookRegistry, HooksLoadError

__all__ = ["BUILTIN_GUARDS", "Dismissed", "DismissRefused", "dismiss"]

# Built-in channels that mirror canonical state the producer owns (the seed names an email's read state
# and a goal as what a generic clear must not change). `delay-alarm` is a built-in mirror consumers may dismiss.
BUILTIN_GUARDS = {
    "email": "The email channel mirrors your mailbox: it clears when the emails are read or archived in the "
             "mail client and its producer republishes. A generic dismiss would only hide unread mail.",
    "goal": "The goal channel mirrors a goal's state: change or finish the goal with its producer's own tool; "
            "a generic dismiss would only hide it.",
}
_MAX_QUOTE = 600


class DismissRefused(ChannelError):
    """The channel is guarded: the message quotes the producer's instructions (its own verb)."""


@dataclass(frozen=True)
class Dismissed:
    channel: str
    cleared: bool  # False: there was no file to clear (already absent)
    digest: str | None  # the byte version that was cleared


def _quote(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= _MAX_QUOTE else text[: _MAX_QUOTE - 1] + "…"


def dismiss(workdir: Path, channel: str, *, expect: str | None = None) -> Dismissed:
    """Clear `channel`'s surface atomically; refuse names outside the allowlist and guarded channels.

    `expect`: an optional byte-version prefix (sha256 hex, as `check`/`list` show it); when the file
    changed since, nothing is cleared (a stale dismiss never removes an update nobody has seen).
    """
    if not isinstance(channel, str) or not valid_stem(channel):
        raise ChannelError(f"{_quote(repr(channel))[:80]} is not a channel name (lowercase letters, digits, '_', '-', '.')")
    registry = HookRegistry(workdir)
    try:
        hooks = registry.load()
    except HooksLoadError:
        # Hook guards cannot be known: built-in and mcp.* channels (never hook-registered) may still be
        # cleared; a hook channel is refused with the bounded load failure, nothing cleared.
        if not allowed(channel):
            raise
        hooks = []
    if not allowed(channel, [m.channel for m in hooks]):
        raise ChannelError(f"channel {channel!r} is not an allowed channel of this agent; nothing was dismissed "
                           "(built-in, mcp.<name> or a registered hook channel only)")
    guard = next((m for m in hooks if m.channel == channel and m.dismiss_guard), None)
    if guard is not None:
        raise DismissRefused(
            f"channel {channel!r} mirrors state owned by its producer (hook {guard.name!r}); a generic dismiss "
            f"is refused. The producer's instructions (data, from the hook manifest): "
            f"\u201c{_quote(guard.instructions or '')}\u201d")
    if channel in BUILTIN_GUARDS:
        raise DismissRefused(f"channel {channel!r} is a built-in mirror; a generic dismiss is refused. "
                             f"\u201c{BUILTIN_GUARDS[channel]}\u201d")
    base = folder(workdir)
    path = base / f"{channel}.json"
    with _LOCK:
        if not path.is_file():
            return Dismissed(channel, False, None)
        # Atomic: the surface is renamed away in one step (readers see the file or nothing), then removed.
        aside = base / f".{channel}.json.{secrets.token_hex(4)}.dismissed"
        try:
            os.replace(path, aside)
        except FileNotFoundError:
            return Dismissed(channel, False, None)
        digest = file_digest(aside)
        if expect and not (digest or "").startswith(expect):
            _put_back(aside, path)
            raise ChannelError(f"channel {channel!r} changed since version {expect[:16]}; nothing was dismissed "
                               "(check it again)")
        aside.unlink(missing_ok=True)
    return Dismissed(channel, True, digest)


def _put_back(aside: Path, path: Path) -> None:
    """Restore a file a stale dismiss moved aside, unless the producer published a newer one meanwhile."""
    try:
        os.link(aside, path)  # fails if a newer surface exists: the newer one wins
    except FileExistsError:
        pass
    except OSError:
        if not path.exists():
            os.replace(aside, path)
            return
    aside.unlink(missing_ok=True)

