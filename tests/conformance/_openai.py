"""The OpenAI Chat Completions dialect: what the API refuses, and its answer and error shapes."""

from __future__ import annotations

import json
from typing import Any

from tests.conformance._schema import number_problems, positive_int, schema_problems, tool_name_problems

BODY_KEYS = {
    "model", "messages", "tools", "tool_choice", "parallel_tool_calls", "max_tokens", "max_completion_tokens",
    "temperature", "top_p", "n", "stream", "stream_options", "stop", "presence_penalty", "frequency_penalty",
    "logit_bias", "logprobs", "top_logprobs", "user", "response_format", "seed", "reasoning_effort", "metadata",
    "store", "service_tier", "modalities", "prediction", "audio", "web_search_options", "verbosity",
}
MESSAGE_KEYS = {
    "system": {"role", "content", "name"},
    "developer": {"role", "content", "name"},
    "user": {"role", "content", "name"},
    "assistant": {"role", "content", "name", "tool_calls", "refusal", "audio", "function_call"},
    "tool": {"role", "content", "tool_call_id", "name"},  # `name` is not in the reference, but OpenAI's cookbook
}                                                         # sends it and the API accepts it


def _content_problems(where: str, role: str, content: Any, *, optional: bool = False) -> list[str]:
    if content is None:
        return [] if optional else [f"{where}.content: expected a string or an array of parts, got null"]
    if isinstance(content, str):
        return []
    if not isinstance(content, list) or not content:
        return [f"{where}.content: expected a string or a non-empty array of parts"]
    problems = []
    allowed = {"text"} if role in ("system", "developer", "tool", "assistant") else {"text", "image_url", "input_audio", "file"}
    for j, part in enumerate(content):
        if not isinstance(part, dict) or part.get("type") not in allowed:
            problems.append(f"{where}.content[{j}]: a {role} message takes parts of type {sorted(allowed)}")
        elif part["type"] == "text" and not isinstance(part.get("text"), str):
            problems.append(f"{where}.content[{j}].text: expected a string")
    return problems


def _tool_call_problems(where: str, calls: Any, ids: set[str]) -> list[str]:
    if not isinstance(calls, list) or not calls:
        return [f"{where}.tool_calls: [] is too short (leave tool_calls out instead)"]
    problems = []
    for k, call in enumerate(calls):
        at = f"{where}.tool_calls[{k}]"
        if not isinstance(call, dict):
            problems.append(f"{at}: expected an object")
            continue
        if not isinstance(call.get("id"), str) or not call["id"]:
            problems.append(f"{at}.id: expected a non-empty string")
        elif call["id"] in ids:
            problems.append(f"{at}.id: duplicate tool_call id {call['id']!r}")
        else:
            ids.add(call["id"])
        if call.get("type") != "function":
            problems.append(f"{at}.type: expected 'function'")
        function = call.get("function")
        if not isinstance(function, dict):
            problems.append(f"{at}.function: expected an object")
            continue
        problems += tool_name_problems(f"{at}.function.name", function.get("name"), set())
        arguments = function.get("arguments")
        if not isinstance(arguments, str):
            problems.append(f"{at}.function.arguments: expected a string")
            continue
        try:  # OpenAI stores them as given, but no other dialect can carry arguments that are not a JSON object
            parsed = json.loads(arguments)
        except json.JSONDecodeError:
            problems.append(f"{at}.function.arguments: not valid JSON: {arguments[:80]!r}")
            continue
        if not isinstance(parsed, dict):
            problems.append(f"{at}.function.arguments: not a JSON object")
    return problems


def _sequence_problems(messages: list[Any]) -> list[str]:
    """Every assistant tool call answered by a tool message right after it; no tool message without its call."""
    problems: list[str] = []
    open_ids: list[str] = []
    answered: set[str] = set()
    for i, message in enumerate(messages):
        if not isinstance(message, dict):
            continue
        role = message.get("role")
        if role == "tool":
            call_id = message.get("tool_call_id")
            if call_id not in open_ids:
                problems.append(f"messages[{i}]: messages with role 'tool' must be a response to a preceding message "
                                f"with 'tool_calls' (tool_call_id {call_id!r})")
            else:
                open_ids.remove(call_id)
                answered.add(call_id)
            continue
        if open_ids:
            problems.append(f"messages[{i}]: an assistant message with 'tool_calls' must be followed by tool messages "
                            f"responding to each 'tool_call_id'; these did not have response messages: {open_ids}")
            open_ids = []
        if role == "assistant":
            open_ids = [c.get("id") for c in message.get("tool_calls") or [] if isinstance(c, dict)]
    if open_ids:
        problems.append(f"the last assistant message's tool calls have no response messages: {open_ids}")
    return problems


def validate_openai(body: dict[str, Any], headers: dict[str, str]) -> list[str]:
    problems: list[str] = []
    auth = headers.get("authorization", "")
    if not auth.startswith("Bearer ") or not auth[7:].strip():
        problems.append("401: no API key provided (Authorization: Bearer ...)")
    unknown = sorted(set(body) - BODY_KEYS)
    if unknown:
        problems.append(f"Unrecognized request argument supplied: {', '.join(unknown)}")
    if not isinstance(body.get("model"), str) or not body["model"]:
        problems.append("model: you must provide a model parameter")
    if "stream" in body and not isinstance(body["stream"], bool):
        problems.append("stream: expected a boolean")
    if body.get("stream_options") is not None:
        if not body.get("stream"):
            problems.append("stream_options: The 'stream_options' parameter is only allowed when 'stream' is enabled.")
        elif not isinstance(body["stream_options"], dict) or set(body["stream_options"]) - {"include_usage",
                                                                                            "include_obfuscation"}:
            problems.append(f"stream_options: unexpected value {body['stream_options']!r}")
    messages = body.get("messages")
    if not isinstance(messages, list) or not messages:
        return problems + ["messages: [] is too short"]
    for i, message in enumerate(messages):
        where = f"messages[{i}]"
        if not isinstance(message, dict) or message.get("role") not in MESSAGE_KEYS:
            problems.append(f"{where}.role: must be one of {sorted(MESSAGE_KEYS)}")
            continue
        role = message["role"]
        extra = sorted(set(message) - MESSAGE_KEYS[role])
        if extra:
            problems.append(f"{where}: Additional properties are not allowed ({', '.join(map(repr, extra))} unexpected)")
        if role == "assistant":
            has_calls = "tool_calls" in message
            problems += _content_problems(where, role, message.get("content"), optional=has_calls)
            if has_calls:  # ids unique within the message; OpenAI does not compare them across messages
                problems += _tool_call_problems(where, message["tool_calls"], set())
        else:
            problems += _content_problems(where, role, message.get("content"))
        if role == "tool" and (not isinstance(message.get("tool_call_id"), str) or not message["tool_call_id"]):
            problems.append(f"{where}.tool_call_id: expected a non-empty string")
    problems += _sequence_problems(messages)
    tools = body.get("tools")
    names: set[str] = set()
    if tools is not None:
        if not isinstance(tools, list) or not tools:
            problems.append("tools: [] is too short (leave tools out instead)")
        for k, tool in enumerate(tools or []):
            at = f"tools[{k}]"
            if not isinstance(tool, dict) or tool.get("type") != "function" or not isinstance(tool.get("function"), dict):
                problems.append(f"{at}: expected {{'type': 'function', 'function': {{...}}}}")
                continue
            function = tool["function"]
            problems += tool_name_problems(f"{at}.function.name", function.get("name"), names)
            if "description" in function and not isinstance(function["description"], str):
                problems.append(f"{at}.function.description: expected a string")
            if "parameters" in function:
                problems += schema_problems(f"{at}.function.parameters", function["parameters"])
    choice = body.get("tool_choice")
    if choice is not None:
        if not tools:
            problems.append("tool_choice: only allowed when tools are specified")
        elif isinstance(choice, dict):
            if choice.get("function", {}).get("name") not in names:
                problems.append(f"tool_choice: names no tool of the request: {choice!r}")
        elif choice not in ("none", "auto", "required"):
            problems.append(f"tool_choice: must be 'none', 'auto', 'required' or a function, got {choice!r}")
    problems += positive_int(body, "max_tokens") + positive_int(body, "max_completion_tokens")
    problems += number_problems(body, "temperature", 0, 2) + number_problems(body, "top_p", 0, 1)
    return problems


def openai_reply(model: str, content: str | None, calls: list[tuple[str, str, Any]]) -> dict[str, Any]:
    message: dict[str, Any] = {"role": "assistant", "content": content}
    if calls:
        message["tool_calls"] = [
            {"id": cid, "type": "function",
             "function": {"name": name, "arguments": args if isinstance(args, str) else json.dumps(args)}}
            for cid, name, args in calls]
    return {
        "id": "chatcmpl-conformance", "object": "chat.completion", "created": 0, "model": model,
        "choices": [{"index": 0, "message": message, "finish_reason": "tool_calls" if calls else "stop",
                     "logprobs": None}],
        "usage": {"prompt_tokens": 10, "completion_tokens": 10, "total_tokens": 20},
    }


def openai_error(status: int, message: str, kind: str) -> bytes:
    kinds = {"rate_limit_error": "rate_limit_exceeded", "invalid_request_error": "invalid_request_error"}
    return json.dumps({"error": {"message": message, "type": kinds.get(kind, kind), "param": None,
                                 "code": kinds.get(kind)}}).encode()


def openai_stream(model: str, content: str | None, calls: list[tuple[str, str, Any]], *,
                  usage: bool = False) -> list[bytes]:
    """The same answer as Server-Sent Events, as OpenAI streams it: a role chunk, the text word by word, each tool
    call's id and name then its arguments in pieces, a finish chunk, the usage chunk when asked, `[DONE]`."""
    def chunk(delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
        return {"id": "chatcmpl-conformance", "object": "chat.completion.chunk", "created": 0, "model": model,
                "choices": [{"index": 0, "delta": delta, "finish_reason": finish, "logprobs": None}]}

    events = [chunk({"role": "assistant", "content": ""})]
    for piece in pieces(content or ""):
        events.append(chunk({"content": piece}))
    for i, (cid, name, args) in enumerate(calls):
        raw = args if isinstance(args, str) else json.dumps(args)
        events.append(chunk({"tool_calls": [{"index": i, "id": cid, "type": "function",
                                             "function": {"name": name, "arguments": ""}}]}))
        for k in range(0, len(raw), 7):
            events.append(chunk({"tool_calls": [{"index": i, "function": {"arguments": raw[k:k + 7]}}]}))
    events.append(chunk({}, "tool_calls" if calls else "stop"))
    if usage:
        events.append({"id": "chatcmpl-conformance", "object": "chat.completion.chunk", "created": 0, "model": model,
                       "choices": [], "usage": {"prompt_tokens": 10, "completion_tokens": 10, "total_tokens": 20}})
    return [f"data: {json.dumps(e)}\n\n".encode() for e in events] + [b"data: [DONE]\n\n"]


def pieces(text: str) -> list[str]:
    """`text` word by word, each word with the spaces after it (joined: `text`)."""
    import re

    return re.findall(r"\s*\S+\s*", text) if text.strip() else ([text] if text else [])
