"""The notice store: post, audience, deliver, collapse, (repeats, mutes, ephemeral to come)."""

from tic.notices._caller import caller_key, current_caller, running_as
from tic.notices._keys import SEVERITIES, key_for
from tic.notices._model import Notice
from tic.notices._render import render, render_group
from tic.notices._store import SqlNoticeStore

__all__ = [
    "SEVERITIES",
    "Notice",
    "SqlNoticeStore",
    "caller_key",
    "current_caller",
    "key_for",
    "render",
    "render_group",
    "running_as",
]
