"""The .notification/ file protocol: envelopes, allowlist, hooks, collection, delay, size cap (C)."""

from tic.channels._cap import cap_payload, max_chars
from tic.channels._collect import CONTENT_NOTE, ChannelFile, scan
from tic.channels._blocked import BlockedState
from tic.channels._delay import ALARM, Delay, DelayStore, delay_cap
from tic.channels._dismiss import BUILTIN_GUARDS, Dismissed, DismissRefused, dismiss
from tic.channels._envelope import BUILTIN_CHANNELS, RESERVED_STEMS, ChannelError, Envelope, allowed, valid_stem
from tic.channels._hooks import HookManifest, HookRegistry, HooksLoadError
from tic.channels._publish import publish
from tic.channels._service import AgentChannels, Snapshot, Workdirs, delivered_fingerprint
from tic.channels._tool import register_notification_tool

__all__ = [
    "ALARM", "BUILTIN_CHANNELS", "BUILTIN_GUARDS", "BlockedState", "Dismissed", "DismissRefused", "dismiss", "CONTENT_NOTE", "RESERVED_STEMS",
    "AgentChannels", "ChannelError", "ChannelFile", "Delay", "DelayStore", "Envelope", "HookManifest",
    "HookRegistry", "HooksLoadError", "Snapshot", "Workdirs",
    "allowed", "cap_payload", "delay_cap", "delivered_fingerprint", "max_chars", "publish", "register_notification_tool", "scan",
    "valid_stem",
]
