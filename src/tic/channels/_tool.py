"""The `notification` tool: check, dismiss, add, drop, list, edit, delay (C)."""

from __future__ import annotations

import logging
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from tic.channels._delay import delay_cap
from tic.channels._envelope import ChannelError, allowed
from tic.channels._hooks import HooksLoadError
from tic.channels._service import Workdirs
from tic.errors import ToolError
from tic.hub import CallContext, Tool, ToolRegistry

log = logging.getLogger(__name__)

__all__ = ["NOTIFICATION", "register_notification_tool"]

NOTIFICATION = "notification"


class NotificationArgs(BaseModel):
    model_config = ConfigDict(extra="forbid")

    action: Literal["check", "dismiss", "add", "drop", "list", "edit", "delay"]
    input: dict[str, Any] = Field(default_factory=dict, description=(
        "dismiss: {channel}; "
        "add: {name, channel, source, description, how_to_modify, how_to_cancel, version?, instructions?, "
        "dismiss_guard?}; "
        "drop: {name}; edit: {name, ...fields to change}; delay: {channel, seconds (0 cancels)}"))


def register_notification_tool(registry: ToolRegistry, workdirs: Workdirs) -> None:
    def handler(args: NotificationArgs, ctx: CallContext) -> Any:
        channels = workdirs.for_agent(ctx.agent)
        data = args.input or {}
        try:
            if args.action == "check":
                return channels.check()
            if args.action == "dismiss":
                channel = data.get("channel")
                if not isinstance(channel, str) or not channel:
                    raise ChannelError("input.channel is required: the channel to clear (see action='check')")
                return channels.dismiss(channel)
            if args.action == "list":
                return {"hooks": [m.model_dump(mode="json", exclude_none=True) for m in channels.hooks.load()]}
            if args.action == "add":
                m = channels.hooks.add(data)
                return {"added": m.model_dump(mode="json", exclude_none=True),
                        "publish_to": f".notification/{m.channel}.json"}
            if args.action == "drop":
                m = channels.hooks.drop(_name(data))
                return {"dropped": m.name, "channel": m.channel,
                        "note": "registration revoked; the producer process is not stopped"}
            if args.action == "edit":
                name = _name(data)
                m = channels.hooks.edit(name, {k: v for k, v in data.items() if k != "name"})
                return {"edited": m.model_dump(mode="json", exclude_none=True)} if m else {"edited": None, "note": "nothing to change"}
            return _delay(channels, data)
        except HooksLoadError as exc:
            raise ToolError(f"load failed: {exc}") from None
        except ChannelError as exc:
            raise ToolError(str(exc)) from None

    registry.register(Tool(
        name=NOTIFICATION,
        description="Channel notifications from external producers (files in your .notification/ folder). "
        "check: the current channels (they are also delivered to you on their own); dismiss {channel}: clear "
        "that channel's file only (a guarded mirror channel is refused: use its producer's own verb); "
        "add/drop/list/edit: hook registrations that allow a producer's channel (dismiss_guard: true when the "
        "channel mirrors state the producer owns); delay: hide one channel for `seconds` (0 cancels).",
        args=NotificationArgs,
        handler=handler,
        category="Introspection",
    ))


def _name(data: dict[str, Any]) -> str:
    name = data.get("name")
    if not isinstance(name, str) or not name:
        raise ChannelError("input.name is required: the hook's name (see action='list')")
    return name


def _delay(channels, data: dict[str, Any]) -> dict[str, Any]:
    channel = data.get("channel")
    if not isinstance(channel, str):
        raise ChannelError("input.channel is required")
    try:
        seconds = float(data.get("seconds"))  # type: ignore[arg-type]
    except (TypeError, ValueError):
        raise ChannelError("input.seconds must be a number (0 cancels the delay)") from None
    cap, diagnostic = delay_cap(channels._env)
    if diagnostic:
        log.warning("%s", diagnostic)
    try:
        hooks = channels.hooks.channels()
    except HooksLoadError:
        hooks = []
    if not allowed(channel, hooks):
        raise ChannelError(f"channel {channel!r} is not an allowed channel of this agent")
    delay = channels.delays.set(channel, seconds, cap)
    out: dict[str, Any] = ({"cancelled": channel} if delay is None else
                           {"delayed": channel, "until": delay.until.isoformat(), "max_seconds": cap})
    if diagnostic:
        out["diagnostic"] = diagnostic
    return out
