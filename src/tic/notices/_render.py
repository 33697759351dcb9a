"""N6 collapse and N10 content rendering: pending notices become bounded lines."""

from __future__ import annotations

import json
from typing import Iterable

from tic.notices._model import Notice

MAX_VALUES = 3  # distinct values shown per param before "..."
MAX_PARAMS = 6  # params shown per line
MAX_VALUE_CHARS = 80


def _quote(value: object) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, sort_keys=True)
    if len(text) > MAX_VALUE_CHARS:
        text = text[: MAX_VALUE_CHARS - 1] + "…"
    return json.dumps(text, ensure_ascii=False)  # escaped data, never bare text (N10)


def render_group(group: list[Notice]) -> str:
    """One line for notices sharing a template: `template (xN) { k="v", "w", ... } #key`."""
    first = group[0]
    head = first.template
    if len(group) > 1:
        head += f" (x{len(group)})"
    if first.origin == "content":
        head += " [from content, shown as data]"
    values: dict[str, list[str]] = {}
    overflow: dict[str, bool] = {}
    for notice in group:
        for name, value in notice.params.items():
            if name not in values:
                if len(values) >= MAX_PARAMS:
                    continue
                values[name] = []
            shown = values[name]
            q = _quote(value)
            if q in shown:
                continue
            if len(shown) < MAX_VALUES:
                shown.append(q)
            else:
                overflow[name] = True
    parts = []
    for name, shown in values.items():
        part = f"{name}=" + ", ".join(shown)
        if overflow.get(name):
            part += ", ..."
        parts.append(part)
    body = f" {{ {', '.join(parts)} }}" if parts else ""
    where = f" @{first.location}" if first.location else ""
    return f"{head}{body}{where} #{first.key}"


def group_by_template(notices: Iterable[Notice]) -> list[list[Notice]]:
    """Group in order of first appearance; each group renders as one line."""
    groups: dict[str, list[Notice]] = {}
    for n in notices:
        groups.setdefault(n.key, []).append(n)
    return list(groups.values())


def render(notices: Iterable[Notice]) -> list[str]:
    return [render_group(g) for g in group_by_template(notices)]
