"""The Anthropic Messages dialect: what the API refuses, and its answer and error shapes."""

from __future__ import annotations

import json
import re
from typing import Any

from tests.conformance._schema import number_problems, positive_int, schema_problems, tool_name_problems

BODY_KEYS = {
    "model", "messages", "system", "max_tokens", "metadata", "stop_sequences", "stream", "temperature", "top_p",
    "top_k", "tools", "tool_choice", "thinking", "service_tier", "container", "mcp_servers", "context_management",
}
TOOL_USE_ID = re.compile(r"^[a-zA-Z0-9_-]+$")
ASSISTANT_BLOCKS = {"text", "tool_use", "thinking", "redacted_thinking"}
USER_BLOCKS = {"text", "image", "document", "tool_result"}


def _text_block_problems(where: str, block: dict[str, Any]) -> list[str]:
    text = block.get("text")
    if not isinstance(text, str):
        return [f"{where}.text: Field required"]
    if not text.strip():
        return [f"{where}: text content blocks must contain non-whitespace text"]
    return []


def _blocks(where: str, role: str, content: Any, last: bool) -> tuple[list[str], list[str], list[str]]:
    """(problems, tool_use ids, tool_result ids) of one message's content."""
    problems: list[str] = []
    uses: list[str] = []
    results: list[str] = []
    if isinstance(content, str):
        if not content.strip() and not (last and role == "assistant"):
            problems.append(f"{where}: all messages must have non-empty content except for the optional final "
                            "assistant message")
        return problems, uses, results
    if not isinstance(content, list) or (not content and not (last and role == "assistant")):
        return [f"{where}.content: all messages must have non-empty content"], uses, results
    allowed = ASSISTANT_BLOCKS if role == "assistant" else USER_BLOCKS
    seen_other = False
    for j, block in enumerate(content):
        at = f"{where}.content.{j}"
        if not isinstance(block, dict) or block.get("type") not in allowed:
            kind = block.get("type") if isinstance(block, dict) else type(block).__name__
            problems.append(f"{at}: a block of type {kind!r} is not allowed in a {role} message")
            continue
        kind = block["type"]
        if kind == "text":
            problems += _text_block_problems(at, block)
            seen_other = True
        elif kind == "tool_use":
            cid = block.get("id")
            if not isinstance(cid, str) or not TOOL_USE_ID.match(cid):
                problems.append(f"{at}.id: String should match pattern {TOOL_USE_ID.pattern!r}")
            else:
                uses.append(cid)
            problems += tool_name_problems(f"{at}.name", block.get("name"), set())
            if not isinstance(block.get("input"), dict):
                problems.append(f"{at}.input: Input should be a valid dictionary")
        elif kind == "tool_result":
            rid = block.get("tool_use_id")
            if not isinstance(rid, str) or not TOOL_USE_ID.match(rid):
                problems.append(f"{at}.tool_use_id: String should match pattern {TOOL_USE_ID.pattern!r}")
            else:
                results.append(rid)
            if seen_other:
                problems.append(f"{at}: tool_result blocks must come before any other content in the message")
            inner = block.get("content")
            if isinstance(inner, list):
                for k, part in enumerate(inner):
                    if not isinstance(part, dict) or part.get("type") not in ("text", "image", "document"):
                        problems.append(f"{at}.content.{k}: expected a text, image or document block")
                    elif part["type"] == "text":
                        problems += _text_block_problems(f"{at}.content.{k}", part)
            elif inner is not None and not isinstance(inner, str):
                problems.append(f"{at}.content: expected a string or a list of blocks")
        else:
            seen_other = True
    return problems, uses, results


def _message_problems(messages: list[Any]) -> list[str]:
    problems: list[str] = []
    previous_role = None
    previous_uses: list[str] = []
    every_use: set[str] = set()
    for i, message in enumerate(messages):
        where = f"messages.{i}"
        if not isinstance(message, dict) or message.get("role") not in ("user", "assistant"):
            role = message.get("role") if isinstance(message, dict) else None
            problems.append(f"{where}.role: Input should be 'user' or 'assistant', got {role!r}"
                            + (" (a system prompt goes in the top-level 'system' field)" if role == "system" else ""))
            previous_role, previous_uses = None, []
            continue
        extra = sorted(set(message) - {"role", "content"})
        if extra:
            problems.append(f"{where}: Extra inputs are not permitted: {extra}")
        role = message["role"]
        if i == 0 and role != "user":
            problems.append("messages.0: the first message must use the user role")
        if role == previous_role:
            problems.append(f"{where}: roles must alternate between 'user' and 'assistant' ({role!r} twice)")
        found, uses, results = _blocks(where, role, message.get("content"), i == len(messages) - 1)
        problems += found
        missing = [u for u in previous_uses if u not in results]
        if missing:
            problems.append(f"{where}: tool_use ids were found without tool_result blocks immediately after: "
                            f"{', '.join(missing)}. Each tool_use block must have a corresponding tool_result block "
                            "in the next message.")
        unexpected = [r for r in results if r not in previous_uses]
        if unexpected:
            problems.append(f"{where}: unexpected tool_use_id found in tool_result blocks: {', '.join(unexpected)}. "
                            "Each tool_result block must have a corresponding tool_use block in the previous message.")
        if len(set(results)) != len(results):
            problems.append(f"{where}: each tool_use_id may be answered once")
        for use in uses:
            if use in every_use:
                problems.append(f"{where}: tool_use ids must be unique, {use!r} is used twice")
            every_use.add(use)
        previous_role, previous_uses = role, uses
    if previous_uses:
        problems.append("the last assistant message's tool_use blocks have no tool_result")
    last = messages[-1] if messages else None
    if isinstance(last, dict) and last.get("role") == "assistant":
        content = last.get("content")
        text = content if isinstance(content, str) else (content[-1].get("text", "") if isinstance(content, list)
                                                        and content and isinstance(content[-1], dict) else "")
        if text and text != text.rstrip():
            problems.append("final assistant content cannot end with trailing whitespace")
    return problems


def _system_problems(system: Any) -> list[str]:
    if system is None or isinstance(system, str):
        return []
    if not isinstance(system, list):
        return ["system: expected a string or a list of text blocks"]
    problems = []
    for j, block in enumerate(system):
        if not isinstance(block, dict) or block.get("type") != "text":
            problems.append(f"system.{j}: expected a text block")
        else:
            problems += _text_block_problems(f"system.{j}", block)
    return problems


def validate_anthropic(body: dict[str, Any], headers: dict[str, str]) -> list[str]:
    problems: list[str] = []
    if not headers.get("x-api-key", "").strip() and not headers.get("authorization", "").startswith("Bearer "):
        problems.append("authentication_error: x-api-key header is required")
    if not headers.get("anthropic-version"):
        problems.append("anthropic-version: header is required")
    unknown = sorted(set(body) - BODY_KEYS)
    if unknown:
        problems.append(f"{', '.join(unknown)}: Extra inputs are not permitted")
    if not isinstance(body.get("model"), str) or not body["model"]:
        problems.append("model: Field required")
    problems += positive_int(body, "max_tokens", required=True)
    if "stream" in body and not isinstance(body["stream"], bool):
        problems.append("stream: Input should be a valid boolean")
    problems += _system_problems(body.get("system"))
    messages = body.get("messages")
    if not isinstance(messages, list) or not messages:
        problems.append("messages: at least one message is required")
    else:
        problems += _message_problems(messages)
    tools = body.get("tools")
    names: set[str] = set()
    if tools is not None:
        if not isinstance(tools, list):
            problems.append("tools: expected a list")
        for k, tool in enumerate(tools or []):
            at = f"tools.{k}"
            if not isinstance(tool, dict):
                problems.append(f"{at}: expected an object")
                continue
            extra = sorted(set(tool) - {"name", "description", "input_schema", "cache_control", "type"})
            if extra:
                problems.append(f"{at}: Extra inputs are not permitted: {extra}")
            problems += tool_name_problems(f"{at}.name", tool.get("name"), names)
            if "description" in tool and not isinstance(tool["description"], str):
                problems.append(f"{at}.description: expected a string")
            problems += schema_problems(f"{at}.input_schema", tool.get("input_schema"))
    choice = body.get("tool_choice")
    if choice is not None:
        if not isinstance(choice, dict) or choice.get("type") not in ("auto", "any", "tool", "none"):
            problems.append(f"tool_choice: expected {{'type': 'auto'|'any'|'tool'|'none'}}, got {choice!r}")
        elif choice["type"] == "tool" and choice.get("name") not in names:
            problems.append(f"tool_choice: names no tool of the request: {choice!r}")
        elif choice["type"] != "none" and not tools:
            problems.append("tool_choice: requires tools")
    problems += number_problems(body, "temperature", 0, 1) + number_problems(body, "top_p", 0, 1)
    return problems


def anthropic_reply(model: str, content: str | None, calls: list[tuple[str, str, Any]]) -> dict[str, Any]:
    blocks: list[dict[str, Any]] = [{"type": "text", "text": content}] if content else []
    for cid, name, args in calls:
        # Anthropic sends `input` as an object; a str here is a fault a proxy or a broken server might send
        blocks.append({"type": "tool_use", "id": cid, "name": name, "input": args})
    return {
        "id": "msg_conformance", "type": "message", "role": "assistant", "model": model, "content": blocks,
        "stop_reason": "tool_use" if calls else "end_turn", "stop_sequence": None,
        "usage": {"input_tokens": 10, "output_tokens": 10},
    }


def anthropic_error(status: int, message: str, kind: str) -> bytes:
    return json.dumps({"type": "error", "error": {"type": kind, "message": message}}).encode()


def anthropic_stream(model: str, content: str | None, calls: list[tuple[str, str, Any]]) -> list[bytes]:
    """The same answer as Anthropic streams it: message_start, per block content_block_start /
    content_block_delta (text_delta word by word, input_json_delta in pieces) / content_block_stop, a ping,
    message_delta with the stop reason, message_stop."""
    from tests.conformance._openai import pieces

    events: list[dict[str, Any]] = [{"type": "message_start", "message": {
        "id": "msg_conformance", "type": "message", "role": "assistant", "model": model, "content": [],
        "stop_reason": None, "stop_sequence": None, "usage": {"input_tokens": 10, "output_tokens": 1}}}]
    index = 0
    if content:
        events.append({"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}})
        events.append({"type": "ping"})
        for piece in pieces(content):
            events.append({"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": piece}})
        events.append({"type": "content_block_stop", "index": 0})
        index = 1
    for cid, name, args in calls:
        raw = args if isinstance(args, str) else json.dumps(args)
        events.append({"type": "content_block_start", "index": index,
                       "content_block": {"type": "tool_use", "id": cid, "name": name, "input": {}}})
        for k in range(0, len(raw), 7):
            events.append({"type": "content_block_delta", "index": index,
                           "delta": {"type": "input_json_delta", "partial_json": raw[k:k + 7]}})
        events.append({"type": "content_block_stop", "index": index})
        index += 1
    events.append({"type": "message_delta", "delta": {"stop_reason": "tool_use" if calls else "end_turn",
                                                      "stop_sequence": None}, "usage": {"output_tokens": 10}})
    events.append({"type": "message_stop"})
    return [f"event: {e['type']}\ndata: {json.dumps(e)}\n\n".encode() for e in events]
