"""N6 collapse, N7 repeat and N10 content rendering: posts become one bounded line.

A line is `template (xN) { name="v1", "v2", ... } @file:line #key`. Values are
always quoted and escaped (JSON string syntax), so content can never read as
instructions; a content notice also says so. The summary keeps at most
MAX_VALUES distinct values per name and MAX_PARAMS names, so a line's size and
the work to build it do not grow with the number of posts it covers.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Iterable

MAX_VALUES = 2  # distinct values shown per name before "..." (the seed: `path="a.png", "b.png", ...`)
MAX_PARAMS = 6  # names shown per line
MAX_VALUE_CHARS = 80
CONTENT_MARK = "[from content, shown as data]"


def quote(value: object) -> str:
    """A value as escaped, quoted data: `"3"`, `"a \\"b\\"\\nc"` (N10)."""
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, sort_keys=True)
    if len(text) > MAX_VALUE_CHARS:
        text = text[: MAX_VALUE_CHARS - 1] + "…"
    return json.dumps(text, ensure_ascii=False)


@dataclass(frozen=True)
class Summary:
    """The bounded summary of the values of the posts a line covers.

    `values`: (name, shown quoted values, more distinct values exist) per name,
    in order of first appearance; `dropped`: more names than MAX_PARAMS were seen.
    """

    values: tuple[tuple[str, tuple[str, ...], bool], ...] = ()
    dropped: bool = False

    @classmethod
    def of(cls, params: dict[str, Any] | None) -> "Summary":
        return cls().add(params)

    def add(self, params: dict[str, Any] | None) -> "Summary":
        """This summary with one more post's values (self when nothing changes)."""
        if not params:
            return self
        return self._merge([(name, (quote(value),), False) for name, value in params.items()], False)

    def merge(self, other: "Summary") -> "Summary":
        return self._merge(list(other.values), other.dropped)

    def _merge(self, items: list[tuple[str, tuple[str, ...], bool]], dropped: bool) -> "Summary":
        table = {name: (list(shown), more) for name, shown, more in self.values}
        order = [name for name, _, _ in self.values]
        drop = self.dropped or dropped
        for name, shown, more in items:
            if name not in table:
                if len(order) >= MAX_PARAMS:
                    drop = True
                    continue
                table[name] = ([], False)
                order.append(name)
            have, was_more = table[name]
            for q in shown:
                if q in have:
                    continue
                if len(have) < MAX_VALUES:
                    have.append(q)
                else:
                    was_more = True
            table[name] = (have, was_more or more)
        merged = Summary(tuple((n, tuple(table[n][0]), table[n][1]) for n in order), drop)
        return self if merged == self else merged

    def to_json(self) -> dict:
        return {"v": [[n, list(s), m] for n, s, m in self.values], "x": self.dropped}

    @classmethod
    def from_json(cls, data: dict | None) -> "Summary":
        if not data:
            return cls()
        return cls(tuple((n, tuple(s), bool(m)) for n, s, m in data.get("v", [])), bool(data.get("x")))

    def body(self) -> str:
        parts = []
        for name, shown, more in self.values:
            part = f"{name}=" + ", ".join(shown)
            if more:
                part += ", ..."
            parts.append(part)
        if self.dropped:
            parts.append("...")
        return f" {{ {', '.join(parts)} }}" if parts else ""


def _template_text(template: str, origin: str) -> str:
    if origin == "content":  # the template itself may be content: escaped like a value, unquoted
        return json.dumps(template, ensure_ascii=False)[1:-1]
    return template.replace("\r", "\\r").replace("\n", "\\n")


def render_line(
    template: str,
    key: str,
    summary: Summary,
    *,
    count: int = 1,
    again: bool = False,
    total: int | None = None,
    origin: str = "code",
    location: str | None = None,
) -> str:
    head = _template_text(template, origin)
    if again:
        head += f" (x{count} again, {total} in all)"
    elif count > 1:
        head += f" (x{count})"
    if origin == "content":
        head += f" {CONTENT_MARK}"
    where = f" @{location}" if location else ""
    return f"{head}{summary.body()}{where} #{key}"


def render_group(group: list) -> str:
    """One line for posts (Notice) of one template: `template (xN) { k="v", "w", ... } #key`."""
    first = group[0]
    summary = Summary()
    origin = first.origin
    for notice in group:
        summary = summary.add(notice.params)
        if notice.origin == "content":
            origin = "content"
    return render_line(first.template, first.key, summary, count=len(group), origin=origin, location=first.location)


def render(items: Iterable) -> list[str]:
    """The lines for delivered Lines (their text), or for posts (Notice) grouped by template."""
    slots: list[str | list] = []
    groups: dict[str, list] = {}
    for item in items:
        if hasattr(item, "text"):
            slots.append(item.text)
        elif item.key in groups:
            groups[item.key].append(item)
        else:
            groups[item.key] = [item]
            slots.append(groups[item.key])
    return [slot if isinstance(slot, str) else render_group(slot) for slot in slots]
