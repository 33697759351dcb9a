"""The offline main-agent model: deterministic replies with no API key and no network.

It speaks like an assistant, not like a log: each notification becomes a
sentence that names the source (who, where, what about) and adds context (how
long ago, how soon), rather than echoing the notification's summary.
"""

from __future__ import annotations

import json
import re
from datetime import datetime
from typing import Any, Callable

from tic.clock import Clock
from tic.models._base import AssistantMessage, Message, ToolCall, ToolSpec
from tic.models._preferences import Preference, parse_preference
from tic.models._rules_edit import RULES, ReadRules, RulesEditor

__all__ = ["Describe", "OfflineMainModel", "OfflineBackgroundModel", "describe_channels", "plain_description"]

FILE_TOOLS = ("read_file", "write_file", "edit_file")
SUMMARY_CHARS = 400  # a summary quoted in a reply is clipped with an ellipsis
Describe = Callable[[dict[str, Any], datetime], str]  # a notification object -> one sentence for the user (H5)

HELP = (
    "I'm running offline (no language model is configured), so I relay your notifications and "
    "answer a few simple requests, such as “notify me when I get an email from Mario” or "
    "“stop alerting me about group chats”. Your notification rules live in data/notifications.md; "
    "you can also edit that file yourself and the triage agent picks the change up on its next tick. "
    "To talk to a real model, set TIC_MAIN_MODEL to a litellm model string (for example "
    "openai/gpt-4o-mini) and the provider's API key."
)


NO_EDITOR = ("I can't change your notification rules here: this assistant was started without the rules "
             "reader. Edit data/notifications.md yourself; the triage agent picks the change up on its next tick.")


class OfflineMainModel:
    """`read_rules` and `heading_effect` (tic.rules' reader and heading mapping, passed in by whoever builds
    the model) let it edit the rules by their reading (H9, T7); without them it edits none. `describe` (tic.notification's
    description of each kind, passed in likewise) tells each notification in one sentence (H5); without it a
    notification is told by its source and summary."""

    name = "offline"

    def __init__(self, clock: Clock, *, read_rules: Callable[[str], ReadRules] | None = None,
                 heading_effect: Callable[[str], str] | None = None, describe: Describe | None = None) -> None:
        self._clock = clock
        self._describe = describe or plain_description
        self._editor = RulesEditor(read_rules, heading_effect) if read_rules and heading_effect else None

    def complete(self, messages: list[Message], tools: list[ToolSpec]) -> AssistantMessage:
        last = messages[-1] if messages else {}
        can = {t.name for t in tools}
        if last.get("role") == "tool":
            if last.get("name") in FILE_TOOLS:
                pref = _last_preference(messages)
                if pref is None or self._editor is None:
                    return AssistantMessage(content="Done.")
                return self._editor.step(messages, pref)
            if last.get("name") == "decisions":
                return AssistantMessage(content=explain_decisions(last.get("content"), _last_user_text(messages)))
            return AssistantMessage(content=self._after_tools(messages))
        if last.get("role") == "user":
            text = str(last.get("content") or "")
            channel = _dismiss_request(text)
            if channel and "notification" in can:  # C: "dismiss the mcp.ci channel" -> a generic dismiss
                return AssistantMessage(tool_calls=(ToolCall(f"call_{len(messages)}", "notification",
                                                             {"action": "dismiss", "input": {"channel": channel}}),))
            query = why_query(text)
            if query and "decisions" in can:  # T6: "why didn't you tell me about the LinkedIn email?"
                return AssistantMessage(tool_calls=(ToolCall(f"call_{len(messages)}", "decisions", {"query": query}),))
            pref = parse_preference(text)
            if pref is not None and {"read_file", "write_file"} <= can:
                if self._editor is None:
                    return AssistantMessage(content=NO_EDITOR)
                # H9: read the rules first, then write them back with the new rule
                return AssistantMessage(tool_calls=(ToolCall(f"call_{len(messages)}", "read_file", {"path": RULES}),))
            return AssistantMessage(content=self._answer(text, messages))
        return AssistantMessage(content="Is there anything you'd like me to do?")

    # --- notifications -------------------------------------------------------------------

    def _after_tools(self, messages: list[Message]) -> str:
        """Answer the trailing tool results (the synthetic read_notification ones included)."""
        results: list[Message] = []
        for m in reversed(messages):
            if m.get("role") != "tool":
                break
            results.append(m)
        results.reverse()
        items: list[dict[str, Any]] = []
        other: list[str] = []
        channel_lines: list[str] = []
        for r in results:
            if r.get("name") == "read_notification":
                items.extend(_json_list(r.get("content")))
            elif r.get("name") == "notification" and _dismiss_line(r.get("content")):
                channel_lines.append(_dismiss_line(r.get("content")))  # type: ignore[arg-type]
            elif r.get("name") == "notification" and _json_obj(r.get("content")).get("fingerprint"):
                channel_lines.extend(describe_channels(_json_obj(r.get("content"))))
            else:
                other.append(str(r.get("content") or "").strip())
        if channel_lines and not items:
            return channel_lines[0] if len(channel_lines) == 1 else "\n".join(f"- {line}" for line in channel_lines)
        if not items:
            return "Done." if not other else other[-1][:500]
        now = self._clock.now()
        lines = [self._describe(n, now) for n in items]
        if len(lines) == 1:
            return lines[0]
        head = f"You have {len(lines)} new things that match your notification rules:"
        return head + "\n" + "\n".join(f"- {line}" for line in lines)

    # --- the user's own messages -----------------------------------------------------------

    def _answer(self, text: str, messages: list[Message]) -> str:
        words = text.lower()
        if any(w in words for w in ("what's new", "whats new", "anything new", "summary", "recap")):
            seen = _seen_notifications(messages)
            if not seen:
                return "Nothing has come in that your rules say is worth your attention yet."
            now = self._clock.now()
            lines = [self._describe(n, now) for n in seen[-10:]]
            return "Here is what came in so far:\n" + "\n".join(f"- {line}" for line in lines)
        if any(w in words for w in ("thank", "thanks", "cheers")):
            return "You're welcome."
        if words.strip() in ("hi", "hello", "hey") or words.startswith(("hi ", "hello ", "hey ")):
            return "Hello! I'll tell you when something that matches your notification rules comes in."
        return HELP


class OfflineBackgroundModel:
    """The offline model of a scheduled look-up-and-notify agent (T8), e.g. the morning digest.

    It calls each of its read-only look-up tools once, then `notify`s one digest
    of what they returned (nothing when they returned nothing), then stops.
    """

    name = "offline"
    NOT_LOOKUPS = frozenset({"notify", "notices", "read_notification", "write_file", "edit_file", "read_file"})

    def complete(self, messages: list[Message], tools: list[ToolSpec]) -> AssistantMessage:
        last = messages[-1] if messages else {}
        if last.get("role") == "user":
            lookups = [t.name for t in tools if t.name not in self.NOT_LOOKUPS]
            if not lookups:
                return AssistantMessage(content="I have no look-up tools, so there is nothing to report.")
            return AssistantMessage(tool_calls=tuple(ToolCall(f"call_{len(messages)}_{i}", n, {}) for i, n in enumerate(lookups)))
        if last.get("role") == "tool" and last.get("name") == "notify":
            return AssistantMessage(content="Sent the digest.")
        found = [r for r in _trailing_tool_results(messages) if r.get("items")]
        if not found or "notify" not in {t.name for t in tools}:
            return AssistantMessage(content="Nothing to report.")
        first = found[0]
        items = [i for r in found for i in r["items"]]
        listed = "; ".join(f"{i.get('when', '')} {i.get('title', '')}".strip() for i in items[:12])
        summary = f"{len(items)} item{'s' if len(items) != 1 else ''} {first.get('label', '')}: {listed}."
        note = {"source": first.get("source", "digest"), "event_type": "digest", "summary": summary,
                "refs": {"items": items[:50]}}
        return AssistantMessage(tool_calls=(ToolCall(f"call_{len(messages)}", "notify", note),))


def _trailing_tool_results(messages: list[Message]) -> list[dict[str, Any]]:
    out = []
    for m in reversed(messages):
        if m.get("role") != "tool":
            break
        try:
            value = json.loads(str(m.get("content") or "").split("\n\n[notices]", 1)[0])
        except ValueError:
            continue
        if isinstance(value, dict):
            out.append(value)
    return list(reversed(out))


def plain_description(n: dict[str, Any], now: datetime) -> str:
    """A notification told by its source and summary (when no description of its kind was passed in)."""
    return f"{n.get('source') or 'Something'} ({n.get('event_type') or 'event'}): {_clip(n.get('summary') or '', SUMMARY_CHARS)}"


def describe_channels(payload: dict[str, Any]) -> list[str]:
    """One line per channel of a `notification` check payload: its header and events, quoted as data (C, N10)."""
    channels = payload.get("channels") or {}
    lines: list[str] = []
    for name, env in channels.items():
        if not isinstance(env, dict):
            continue
        urgent = " (high priority)" if env.get("priority") in ("high", "urgent") else ""
        line = f"The “{name}” channel reports{urgent}: “{_clip(env.get('header', ''), 120)}”"
        events = (env.get("data") or {}).get("events") if isinstance(env.get("data"), dict) else None
        if isinstance(events, list) and events:
            shown = "; ".join(f"“{_clip(_event_text(e), 80)}”" for e in events[:3])
            more = f" and {len(events) - 3} more" if len(events) > 3 else ""
            line += f" — {shown}{more}"
        line += "."
        if env.get("instructions"):
            line += f" Its producer asks: “{_clip(env['instructions'], 100)}” (I have not acted on it)."
        lines.append(line)
    if payload.get("truncated"):
        where = payload.get("overflow_file")
        lines.append(f"The channels were too large to show in full; everything is in {where}." if where
                     else "The channels were too large to show in full.")
    if not lines:
        lines.append("No channel has anything new.")
    return lines


_DISMISS = re.compile(r"\b(?:dismiss|clear)\s+(?:the\s+)?[“\"']?([a-z0-9][a-z0-9_.-]{0,63})[”\"']?\s+channel\b")


def _dismiss_request(text: str) -> str | None:
    """The channel a user asks to dismiss ("dismiss the mcp.ci channel", "clear the “email” channel")."""
    found = _DISMISS.search(text.lower())
    return found.group(1).rstrip(".") if found else None


def _dismiss_line(content: Any) -> str | None:
    """One sentence for a `notification(action='dismiss')` result or refusal (C)."""
    text = str(content or "")
    obj = _json_obj(text)
    if obj.get("dismissed"):
        return (f"I cleared the “{obj['dismissed']}” channel. That only removes its notification; "
                "whatever the producer keeps on its side is unchanged.")
    if obj.get("absent"):
        return f"The “{obj['absent']}” channel has nothing to clear."
    if text.startswith("error:") and ("dismiss" in text or "refused" in text):
        return f"I couldn't clear that channel: {_clip(text[6:].strip(), 400)}"
    return None


def _event_text(event: Any) -> str:
    if isinstance(event, dict):
        for key in ("summary", "title", "text", "message", "subject", "name", "id"):
            if event.get(key):
                return str(event[key])
        return json.dumps(event, ensure_ascii=False, sort_keys=True)
    return str(event)


def _json_obj(content: Any) -> dict[str, Any]:
    text = str(content or "").split("\n\n[", 1)[0]
    try:
        value = json.loads(text)
    except (TypeError, ValueError):
        return {}
    return value if isinstance(value, dict) else {}


_WHY = re.compile(r"^\s*why\b(?P<rest>.*)$", re.I | re.S)
_TOLD = re.compile(r"\b(tell|told|notify|notified|alert|alerted|ping|pinged|mention|mentioned|surface|surfaced|hear|heard|"
                   r"show|showed|shown|bother|bothered)\b", re.I)
_FILLER = frozenset("""a an the me my i you your it that this those these about of for regarding on from with
    email emails mail mails e-mail message messages whatsapp chat text texts event events meeting meetings calendar
    invite invites notification notifications one any anything something yet today earlier appointment
    appointments call calls reminder reminders alert alerts no""".split())


def why_query(text: str) -> str | None:
    """The words a "why did/didn't you tell me about X?" question names X by, or None for other talk."""
    m = _WHY.match(text)
    if not m or not _TOLD.search(m["rest"]):
        return None
    rest = _TOLD.split(m["rest"], maxsplit=1)[-1]
    rest = re.split(r"\b(?:about|of|regarding|re)\b", rest, maxsplit=1)[-1]
    words = [w for w in re.findall(r"[\w@.'’-]+", rest) if w.lower().strip(".'’") not in _FILLER]
    words = [w.strip(".'’").removesuffix("'s").removesuffix("’s") for w in words]
    return " ".join(w for w in words if w) or None


def explain_decisions(content, asked: str = "") -> str:
    """The answer to a why question, from the `decisions` tool's result."""
    try:
        found = json.loads(str(content or "").split("\n\n[notices]", 1)[0])
    except ValueError:
        found = None
    if not isinstance(found, list):
        return f"I couldn't look that up: {str(content or '')[:200]}"
    if not found:
        return ("I found no decision about that. It may not have arrived yet, or it came in before I started "
                "watching (the first run looks back 24 hours).")
    lines = []
    for d in found[:3]:
        what = d.get("what") or d.get("event", "that item")
        verdict = "I told you about" if d.get("notified") else "I did not tell you about"
        when = str(d.get("decided_at", ""))[:16].replace("T", " ")
        lines.append(f"{verdict} the {what} (decided {when} UTC). Reason: {d.get('reason', 'none recorded')}")
    return "\n".join(lines)


def _last_user_text(messages: list[Message]) -> str:
    return next((str(m.get("content") or "") for m in reversed(messages) if m.get("role") == "user"), "")


def _last_preference(messages: list[Message]) -> Preference | None:
    for m in reversed(messages):
        if m.get("role") == "user":
            return parse_preference(str(m.get("content") or ""))
    return None


def _json_list(content: Any) -> list[dict[str, Any]]:
    text = str(content or "").split("\n\n[notices]", 1)[0]
    try:
        value = json.loads(text)
    except (TypeError, ValueError):
        return []
    return [v for v in value if isinstance(v, dict)] if isinstance(value, list) else []


def _seen_notifications(messages: list[Message]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for m in messages:
        if m.get("role") == "tool" and m.get("name") == "read_notification":
            out.extend(_json_list(m.get("content")))
    return out


def _clip(text: str, limit: int = 140) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"
