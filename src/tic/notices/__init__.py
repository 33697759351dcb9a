"""The notice store: post, audience, deliver, collapse, repeats, mutes, ephemeral (N1-N14)."""

from tic.notices._caller import call_site, caller_key, current_caller, running_as
from tic.notices._decide import Action, Outcome, PendingRow, Plan, RepeatPolicy, RepeatState, decide, plan
from tic.notices._ephemeral import EphemeralStore, MemoryEphemeralStore, Reminder
from tic.notices._keys import SEVERITIES, key_for
from tic.notices._model import Entry, Line, Notice
from tic.notices._protocol import NoticeStore
from tic.notices._render import Summary, render, render_group, render_line
from tic.notices._store import SqlNoticeStore

__all__ = [
    "SEVERITIES",
    "Action",
    "EphemeralStore",
    "Entry",
    "Line",
    "MemoryEphemeralStore",
    "Notice",
    "NoticeStore",
    "Outcome",
    "PendingRow",
    "Plan",
    "Reminder",
    "RepeatPolicy",
    "RepeatState",
    "SqlNoticeStore",
    "Summary",
    "call_site",
    "caller_key",
    "current_caller",
    "decide",
    "key_for",
    "plan",
    "render",
    "render_group",
    "render_line",
    "running_as",
]
