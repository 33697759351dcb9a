"""ChatHub: history, tool registry, tools, consumer, injection, the turn loop."""

from tic.hub._background import BackgroundAgent
from tic.hub._files import FileArea, register_file_tools
from tic.hub._history import INTERRUPTED, NOTIFICATION_REASONING, ChatHistory
from tic.hub._hub import ChatHub, notification_objects
from tic.hub._lease import TurnLease, TurnLost
from tic.hub._lookups import calendar_today, register_decision_tool, register_lookup_tools
from tic.hub._registry import CallContext, Tool, ToolRegistry, ToolResult
from tic.hub._tools import READ_NOTIFICATION, entry_object, register_builtin_tools
from tic.hub._view import ChatView, ChatViews, SayView, Status
from tic.notification import Notification, Notifier, notification_template  # re-exported: the hub's tools post them

__all__ = [
    "INTERRUPTED",
    "NOTIFICATION_REASONING",
    "READ_NOTIFICATION",
    "BackgroundAgent",
    "CallContext",
    "ChatView",
    "ChatViews",
    "ChatHistory",
    "ChatHub",
    "FileArea",
    "Notification",
    "Notifier",
    "SayView",
    "Status",
    "Tool",
    "ToolRegistry",
    "ToolResult",
    "TurnLease",
    "TurnLost",
    "calendar_today",
    "entry_object",
    "notification_objects",
    "notification_template",
    "register_builtin_tools",
    "register_decision_tool",
    "register_file_tools",
    "register_lookup_tools",
]
