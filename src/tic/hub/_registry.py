"""The tool registry: every agent's tool calls pass one middleware that delivers notices (N5)."""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from typing import Any, Callable

from pydantic import BaseModel, ValidationError

from tic.errors import ToolError, UnknownToolError
from tic.models import ToolCall, ToolSpec
from tic.notices import NoticeStore, running_as

log = logging.getLogger(__name__)

__all__ = ["Tool", "ToolRegistry", "ToolResult", "CallContext"]


@dataclass(frozen=True)
class CallContext:
    """Who is calling: the agent's name and its depth (0 = the root conversational agent)."""

    agent: str
    depth: int = 0

    @property
    def caller(self) -> str:
        return f"agent:{self.agent}"


@dataclass(frozen=True)
class Tool:
    """A tool: its model-facing spec, its arguments model, and its handler.

    `handler(args, ctx)` returns a JSON-able value (result_type 'json') or a
    string ('text'); it raises ToolError for a failure the model should read.
    """

    name: str
    description: str
    args: type[BaseModel]
    handler: Callable[[BaseModel, CallContext], Any]
    category: str = "General"
    root_agent_only: bool = False

    def spec(self) -> ToolSpec:
        schema = self.args.model_json_schema()
        schema.pop("title", None)
        return ToolSpec(self.name, self.description, schema)


@dataclass(frozen=True)
class ToolResult:
    status: str  # "done" | "error"
    result_type: str  # "json" | "text"
    result: str  # serialised: JSON text for json, plain text otherwise
    notices: tuple[str, ...] = field(default=())
    attached: tuple[tuple[str, str], ...] = field(default=())  # (label, text) blocks, e.g. the channel payload

    def for_model(self) -> str:
        """What the model reads as the tool's response: the result, attached blocks, then delivered notices."""
        out = self.result
        for label, text in self.attached:
            out += f"\n\n[{label}]\n{text}"
        if self.notices:
            lines = "\n".join(f"- {line}" for line in self.notices)
            out += f"\n\n[notices]\n{lines}"
        return out


class ToolRegistry:
    def __init__(self, store: NoticeStore | None = None) -> None:
        self._tools: dict[str, Tool] = {}
        self._store = store
        self._attachments: list[Callable[[ToolCall, CallContext], tuple[str, str] | None]] = []

    def add_attachment(self, attach: Callable[[ToolCall, CallContext], tuple[str, str] | None]) -> None:
        """`attach(call, ctx)` may return a (label, text) block to ride on that call's response (C: channels)."""
        self._attachments.append(attach)

    def register(self, tool: Tool) -> None:
        if tool.name in self._tools:
            raise ValueError(f"tool {tool.name!r} is registered twice")
        self._tools[tool.name] = tool

    def get(self, name: str) -> Tool:
        try:
            return self._tools[name]
        except KeyError:
            raise UnknownToolError(f"no tool named {name!r}; available: {', '.join(sorted(self._tools))}") from None

    def root_only_tool_names(self) -> set[str]:
        return {t.name for t in self._tools.values() if t.root_agent_only}

    def tools_for(self, allowed: list[str] | None, *, depth: int) -> list[Tool]:
        """The tools an agent sees: its allow-list (None = all), minus root-only tools below depth 0 (H6)."""
        root_only = self.root_only_tool_names()
        out = []
        for name, tool in sorted(self._tools.items()):
            if allowed is not None and name not in allowed:
                continue
            if depth > 0 and name in root_only:
                continue
            out.append(tool)
        return out

    def call(self, call: ToolCall, ctx: CallContext, *, allowed: list[str] | None = None) -> ToolResult:
        """Run one tool call as `ctx`'s caller; deliver that caller's pending notices on the response."""
        with running_as(ctx.caller):
            try:
                result = self._run(call, ctx, allowed)
            except ToolError as exc:
                result = ToolResult("error", "text", f"error: {exc}")
            except Exception as exc:  # a tool's bug is the model's error result, never a crash
                log.exception("tool %s failed", call.name)
                result = ToolResult("error", "text", f"error: {call.name} failed: {exc.__class__.__name__}: {exc}")
            return self._with_notices(self._with_attachments(result, call, ctx), ctx)

    def _with_attachments(self, result: ToolResult, call: ToolCall, ctx: CallContext) -> ToolResult:
        blocks = list(result.attached)
        for attach in self._attachments:
            try:
                block = attach(call, ctx)
            except Exception:  # an attachment's failure never costs the tool's result
                log.exception("attachment for %s failed", ctx.caller)
                continue
            if block is not None:
                blocks.append(block)
        if len(blocks) == len(result.attached):
            return result
        return ToolResult(result.status, result.result_type, result.result, result.notices, tuple(blocks))

    def _run(self, call: ToolCall, ctx: CallContext, allowed: list[str] | None) -> ToolResult:
        tool = self.get(call.name)
        if tool not in self.tools_for(allowed, depth=ctx.depth):
            raise ToolError(f"tool {call.name!r} is not available to agent {ctx.agent!r}")
        if call.error:  # R3: malformed tool-call JSON is this call's error, for the model to correct
            raise ToolError(f"{call.error}. Nothing was done; call {call.name} again with its arguments as one JSON "
                            "object matching its parameters.")
        try:
            args = tool.args.model_validate(call.arguments or {})
        except ValidationError as exc:
            raise ToolError(f"invalid arguments for {call.name}: {exc.errors(include_url=False)}") from exc
        value = tool.handler(args, ctx)
        if isinstance(value, str):
            return ToolResult("done", "text", value)
        return ToolResult("done", "json", json.dumps(value, ensure_ascii=False, default=str))

    def _with_notices(self, result: ToolResult, ctx: CallContext) -> ToolResult:
        """N5: the one middleware every agent's calls pass - the caller's pending notices ride on its response.

        Success or failure alike; what was posted during the call is included. When
        nothing is pending for the caller this costs no SQL (the store's hint). A
        store failure never costs the tool's result: the notices stay pending.
        """
        if self._store is None:
            return result
        try:
            lines = self._store.deliver(ctx.caller)
        except Exception:
            log.exception("notices for %s could not be delivered; they stay pending", ctx.caller)
            return result
        if not lines:
            return result
        return ToolResult(result.status, result.result_type, result.result, result.notices + tuple(l.text for l in lines),
                          result.attached)
