"""ChatHub: history, tool registry, tools, consumer, injection, the turn loop."""

from tic.hub._files import FileArea, register_file_tools
from tic.hub._history import INTERRUPTED, NOTIFICATION_REASONING, ChatHistory
from tic.hub._hub import ChatHub, notification_objects
from tic.hub._lease import TurnLease, TurnLost
from tic.hub._notify import Notification, Notifier, notification_template
from tic.hub._registry import CallContext, Tool, ToolRegistry, ToolResult
from tic.hub._tools import READ_NOTIFICATION, register_builtin_tools
from tic.hub._view import ChatView, ChatViews, SayView, Status

__all__ = [
    "INTERRUPTED",
    "NOTIFICATION_REASONING",
    "READ_NOTIFICATION",
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
    "notification_objects",
    "notification_template",
    "register_builtin_tools",
    "register_file_tools",
]
