"""The error tree. Every error the product raises on purpose is a TicError.

    TicError
    ├── ConfigError            a setting, agent definition or data file is wrong
    ├── NoticeError            a notice post or withdraw was refused (nothing stored)
    │   └── UnknownAgentError  (also LookupError) an audience entry names no agent here
    ├── ToolError              a tool call failed; the message goes back to the model
    │   └── UnknownToolError   (also LookupError) no tool of that name for this agent
    ├── ModelError             a model call failed or answered malformed
    └── SourceError            a source could not be read
        └── ItemError          one item of a source is malformed (the rest go on)

Messages say what is wrong and what to do about it.
"""

from __future__ import annotations

__all__ = [
    "TicError",
    "ConfigError",
    "NoticeError",
    "UnknownAgentError",
    "ToolError",
    "UnknownToolError",
    "ModelError",
    "SourceError",
    "ItemError",
]


class TicError(Exception):
    """Root of every deliberate error."""


class ConfigError(TicError):
    pass


class NoticeError(TicError, ValueError):
    pass


class UnknownAgentError(NoticeError, LookupError):
    pass


class ToolError(TicError):
    pass


class UnknownToolError(ToolError, LookupError):
    pass


class ModelError(TicError):
    pass


class SourceError(TicError):
    pass


class ItemError(SourceError):
    """One item (a message, a calendar entry, a line) could not be parsed.

    `key` is the event key the item would have had (`calendar:<UID>`), when the
    source could tell: the failure is recorded under it (`./tic why KEY`)."""

    def __init__(self, source: str, item: str, reason: str, *, key: str | None = None) -> None:
        super().__init__(f"{source}: cannot read {item}: {reason}")
        self.source = source
        self.item = item
        self.reason = reason
        self.key = key
