"""Line edits of notifications.md for the preference editor (H9): nothing but the edited lines moves.

    headings(lines, heading_effect)           # every heading (outside code fences) and what it is taken as
    place(text, "never", "Group chats", heading_effect, "Never notify")
        -> (new text, the heading it went under)  # at the end of the first section the heading says is "never"
    remove_rule(text, "Emails from Mario")    # the text without that rule's item (or sentence), or None

A section is found by what its heading is taken as (`heading_effect`, passed in by the caller: tic.rules'
own mapping, so "Immer benachrichtigen", "Jamais" and "## always" are found as they are read), not by its
English name. Where no heading says the section, a new English one is added at the end of the file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

__all__ = ["DEFAULT_TITLE", "Heading", "headings", "place", "remove_rule"]

DEFAULT_TITLE = "# Notification preferences"

_HEADING = re.compile(r"^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$")
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_BULLET = re.compile(r"^( {0,3})([-*+]|\d{1,9}[.)])[ \t]+(.*)$")
_NESTED_BULLET = re.compile(r"^([ \t]*)([-*+]|\d{1,9}[.)])[ \t]+(.*)$")


@dataclass(frozen=True)
class Heading:
    line: int
    level: int
    text: str
    effect: str  # always | never | custom | context | own


def _fenced(lines: list[str]) -> set[int]:
    """Indices of lines inside (or opening/closing) fenced code blocks."""
    inside: set[int] = set()
    fence = ""
    for i, line in enumerate(lines):
        m = _FENCE.match(line)
        if fence:
            inside.add(i)
            if m and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence):
                fence = ""
        elif m:
            fence = m.group(1)
            inside.add(i)
    return inside


def _plain(text: str) -> str:
    return " ".join(re.sub(r"[*_`]", "", text).split())


def headings(lines: list[str], heading_effect: Callable[[str], str]) -> list[Heading]:
    fenced = _fenced(lines)
    out = []
    for i, line in enumerate(lines):
        if i in fenced:
            continue
        m = _HEADING.match(line)
        if m:
            text = _plain(m.group(2) or "")
            out.append(Heading(i, len(m.group(1)), text, heading_effect(text) if text else "own"))
    return out


def _section_end(lines: list[str], heads: list[Heading], start: Heading) -> int:
    """Where the section under `start` ends: the next heading that is not an own-words sub-heading of it."""
    for h in heads:
        if h.line > start.line and not (h.level > start.level and h.effect == "own"):
            return h.line
    return len(lines)


def _bullets(lines: list[str], lo: int, hi: int, fenced: set[int]) -> list[int]:
    """The section's list items at its outermost indentation."""
    found = [(i, len(m.group(1))) for i in range(lo, hi) if i not in fenced and (m := _BULLET.match(lines[i]))]
    if not found:
        return []
    base = min(indent for _, indent in found)
    return [i for i, indent in found if indent == base]


def _item_end(lines: list[str], i: int, hi: int) -> int:
    """The line after item `i` with its continuation lines and nested items."""
    indent = len(_BULLET.match(lines[i]).group(1))  # type: ignore[union-attr]
    j = i + 1
    while j < hi:
        line = lines[j]
        if not line.strip():
            k = j
            while k < hi and not lines[k].strip():
                k += 1
            if k < hi and len(lines[k]) - len(lines[k].lstrip()) >= indent + 2:
                j = k  # a loose item's next paragraph (indented under it)
                continue
            break
        m = _NESTED_BULLET.match(line)
        if _HEADING.match(line) or (m and len(m.group(1)) <= indent) or _FENCE.match(line):
            break
        j += 1
    return j


def place(markdown: str | None, section: str, rule: str, heading_effect: Callable[[str], str],
          new_heading: str) -> tuple[str, str]:
    """The file with `- rule` at the end of the section `section` (always | never | custom) and the heading
    it went under; a `## new_heading` section is added at the end when no heading is taken as `section`."""
    text = markdown if markdown and markdown.strip() else DEFAULT_TITLE + "\n"
    lines = text.splitlines()
    heads = headings(lines, heading_effect)
    matching = [h for h in heads if h.effect == section]
    target = next((h for h in matching if h.level > 1), matching[0] if matching else None)
    if target is None:
        return f"{text.rstrip()}\n\n## {new_heading}\n- {rule}\n", new_heading
    end = _section_end(lines, heads, target)
    items = _bullets(lines, target.line + 1, end, _fenced(lines))
    if items:
        last = items[-1]
        m = _BULLET.match(lines[last])
        marker = m.group(2) if m and m.group(2) in "-*+" else "-"  # type: ignore[union-attr]
        lines.insert(_item_end(lines, last, end), f"{m.group(1) if m else ''}{marker} {rule}")
    else:
        insert_at = end
        while insert_at > target.line + 1 and not lines[insert_at - 1].strip():
            insert_at -= 1  # after the section's prose, as a list of its own
        lines[insert_at:insert_at] = ["", f"- {rule}"] if insert_at > target.line + 1 else [f"- {rule}"]
    return "\n".join(lines) + "\n", target.text


def remove_rule(markdown: str, rule_text: str) -> str | None:
    """The file without the list item (or prose sentence) that holds the rule `rule_text`, or None when it
    cannot be found as one item or one sentence of a line."""
    lines = markdown.splitlines()
    fenced = _fenced(lines)
    want = _plain(rule_text)
    for i, line in enumerate(lines):
        m = _NESTED_BULLET.match(line)
        if i in fenced or not m:
            continue
        j = i + 1  # the item's lazy continuation lines (its text may wrap)
        while j < len(lines) and lines[j].strip() and not _NESTED_BULLET.match(lines[j]) \
                and not _HEADING.match(lines[j]) and j not in fenced:
            j += 1
        if j < len(lines) and (n := _NESTED_BULLET.match(lines[j])) and len(n.group(1)) > len(m.group(1)):
            continue  # a parent ("Clients:") over nested items is not a rule of its own
        body = _plain(" ".join([m.group(3)] + [lines[k].strip() for k in range(i + 1, j)]))
        if body == want or (m.group(1) and want.endswith(" " + body)):
            del lines[i:j]
            return "\n".join(lines) + "\n"
    sentence = re.compile(rf"(?:^|(?<=\s)){re.escape(rule_text.strip())}(?=\s|$)")
    for i, line in enumerate(lines):
        if i in fenced or _HEADING.match(line) or _NESTED_BULLET.match(line) or not sentence.search(line):
            continue  # a sentence of a prose paragraph (list items are matched whole, above)
        rest = " ".join(sentence.sub("", line, count=1).split())
        if rest:
            lines[i] = rest
        else:
            del lines[i]
            if 0 < i < len(lines) and not lines[i - 1].strip() and not lines[i].strip():
                del lines[i]  # no double blank line where a paragraph was
        return "\n".join(lines) + "\n"
    return None
