"""Checks both dialects share: tool names, JSON schemas of tool parameters."""

from __future__ import annotations

import re
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError

TOOL_NAME = re.compile(r"^[a-zA-Z0-9_-]{1,64}$")


def schema_problems(where: str, schema: Any) -> list[str]:
    """A tool's parameter schema as both providers require it: a valid JSON schema of an object."""
    if not isinstance(schema, dict):
        return [f"{where}: the schema must be an object, got {type(schema).__name__}"]
    problems = []
    if schema.get("type") != "object":
        problems.append(f"{where}: the schema's top-level type must be 'object', got {schema.get('type')!r}")
    try:
        Draft202012Validator.check_schema(schema)
    except SchemaError as exc:
        problems.append(f"{where}: not a valid JSON schema: {exc.message}")
    properties = schema.get("properties", {})
    if not isinstance(properties, dict):
        problems.append(f"{where}.properties: must be an object")
        properties = {}
    for name in schema.get("required", []) or []:
        if name not in properties:
            problems.append(f"{where}.required: {name!r} is not among the properties")
    return problems


def tool_name_problems(where: str, name: Any, seen: set[str]) -> list[str]:
    if not isinstance(name, str) or not TOOL_NAME.match(name):
        return [f"{where}: tool name {name!r} must match {TOOL_NAME.pattern}"]
    if name in seen:
        return [f"{where}: tool names must be unique, {name!r} appears twice"]
    seen.add(name)
    return []


def number_problems(body: dict[str, Any], name: str, low: float, high: float) -> list[str]:
    if name not in body or body[name] is None:
        return []
    value = body[name]
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
        return [f"{name}: must be a number between {low:g} and {high:g}, got {value!r}"]
    return []


def positive_int(body: dict[str, Any], name: str, *, required: bool = False) -> list[str]:
    if name not in body or body[name] is None:
        return [f"{name}: Field required"] if required else []
    value = body[name]
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        return [f"{name}: must be an integer >= 1, got {value!r}"]
    return []
