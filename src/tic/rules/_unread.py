"""The one refusal of the rule reader: a rule (or part of one) not read completely (T7)."""

from __future__ import annotations

__all__ = ["Unread"]


class Unread(Exception):
    """A rule (or part of one) could not be read completely: the message says which words and why."""
