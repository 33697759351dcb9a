"""The built-in tools: read_notification (H6), notify (H2), notices (N13)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from tic.errors import NoticeError, ToolError
from tic.notification import Notification, Notifier
from tic.hub._registry import CallContext, Tool, ToolRegistry
from tic.notices import Entry, NoticeStore

__all__ = ["register_builtin_tools", "READ_NOTIFICATION", "entry_object"]

READ_NOTIFICATION = "read_notification"


class _NoArgs(BaseModel):
    model_config = ConfigDict(extra="forbid")


class _NoticesArgs(BaseModel):
    model_config = ConfigDict(extra="forbid")

    action: Literal["list", "suppress", "unsuppress"]
    key: str | None = Field(None, description="the 8-character handle after '#' (suppress, unsuppress)")


def register_builtin_tools(registry: ToolRegistry, store: NoticeStore, notifier: Notifier) -> None:
    registry.register(
        Tool(
            name=READ_NOTIFICATION,
            description="Read pending notifications. Notifications are delivered to you automatically; "
            "calling this yourself returns an empty list.",
            args=_NoArgs,
            handler=lambda args, ctx: [],
            category="Introspection",
            root_agent_only=True,
        )
    )

    def _notify(args: Notification, ctx: CallContext) -> str:
        notifier.notify(args)
        return "queued"

    registry.register(
        Tool(
            name="notify",
            description="Tell the user's main assistant about one event worth surfacing: "
            "{source, event_type, summary (neutral, third person), event_time, refs}.",
            args=Notification,
            handler=_notify,
            category="Interface",
        )
    )

    def _notices(args: _NoticesArgs, ctx: CallContext):
        try:
            if args.action == "list":
                return [entry_object(e) for e in store.entries(limit=50, caller=ctx.caller)]
            if not args.key:
                raise ToolError(f"notices {args.action} needs a key: the 8 characters after '#'")
            key = args.key.strip().lstrip("#")
            if args.action == "suppress":
                store.suppress(key, caller=ctx.caller)
                return f"muted #{key} for {ctx.agent}"
            removed = store.unsuppress(key, caller=ctx.caller)
            return f"unmuted #{key}" if removed else f"#{key} was not muted"
        except NoticeError as exc:
            raise ToolError(str(exc)) from exc

    registry.register(
        Tool(
            name="notices",
            description="The notices toolbox (N13): list the current entries (reminders marked ephemeral), "
            "suppress {key} to mute a key for yourself (others keep receiving it), unsuppress {key}.",
            args=_NoticesArgs,
            handler=_notices,
            category="Introspection",
        )
    )


def entry_object(e: Entry) -> dict:
    """One `notices list` entry as the agent (and `./tic notices list --json`) sees it."""
    out = {"key": e.key, "line": e.line, "severity": e.severity, "kind": e.kind, "posts": e.posts,
           "readers": e.readers, "unread": e.pending, "muted": e.muted,
           "posted": e.last_at.isoformat() if e.last_at else None}
    if e.ephemeral:
        out.update(ephemeral=True, sticky=e.sticky, expires=e.expires_at.isoformat() if e.expires_at else None)
    return out
