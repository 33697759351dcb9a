"""A notification's one home, below the hub and the triage agent: the Notification (H1) with its references typed
per kind, the Notifier behind `notify` (H2), and the one description of each kind of event - what a model is shown,
its summary, its label, its notification, the offline model's sentence."""

from tic.notification._kinds import (EventKind, describe_notification, event_data, label_for, notification_for,
                                     sender_of, summarize)
from tic.notification._model import (SUMMARY_CHARS, AgentItem, AgentRefs, CalendarRefs, ChatRefs, EmailRefs,
                                     NoticeRefs, Notification, Refs, refs_type)
from tic.notification._notifier import Notifier, notification_template
from tic.notification._text import BODY_CHARS

__all__ = [
    "BODY_CHARS",
    "SUMMARY_CHARS",
    "AgentItem",
    "AgentRefs",
    "CalendarRefs",
    "ChatRefs",
    "EmailRefs",
    "EventKind",
    "NoticeRefs",
    "Notification",
    "Notifier",
    "Refs",
    "describe_notification",
    "event_data",
    "label_for",
    "notification_for",
    "notification_template",
    "refs_type",
    "sender_of",
    "summarize",
]
