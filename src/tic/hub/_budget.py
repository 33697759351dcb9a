"""A token budget for every request of a long conversation (issue 9 item 6, H8).

    budget = Budget(tokens=32_000, count=litellm_counter("openai/gpt-4o-mini"), summarize=...)
    request = budget.fit([system, *history.messages()])      # at most `tokens`, still a valid sequence

When the messages do not fit, the oldest turns are folded into a summary carried by the system message; the
newest turns stay word for word. A fold never splits an assistant's tool calls from their results (the
synthetic read_notification pair included): the units kept or folded are whole. The fold keeps room to grow
(it leaves `headroom` of the budget free) so the next requests reuse it, and it only moves forward: each fold
summarizes the previous summary and the newly folded turns. The history itself (hub/_history.py) keeps
everything; only the request is shaped.

Counting: `litellm_counter(model)` is litellm's `token_counter` for that model; `byte_counter` (the offline
models, and where litellm is not worth importing) counts UTF-8 bytes, an upper bound of the tokens of any
byte-level tokenizer. A message is counted once and remembered.
"""

from __future__ import annotations

import json
import logging
import threading
from typing import Any, Callable

from tic.hub._summary import SUMMARY_HEAD, ExtractiveSummary, ModelSummary, Summarize
from tic.models import ChatModel, Message, OFFLINE_SPECS

log = logging.getLogger(__name__)

__all__ = ["Budget", "DEFAULT_CAP", "MIN_TOKENS", "budget_for", "byte_counter", "litellm_counter", "units"]

DEFAULT_CAP = 32_000  # tokens of one request at most unless the setting says otherwise (cost, latency)
MIN_TOKENS = 1000  # less leaves no room for the instructions, a summary and one whole turn
MESSAGE_OVERHEAD = 4  # tokens a message costs beyond its text (role, separators)
CLIPPED = "… [clipped to fit the request: {n} more characters]"

Count = Callable[[list[Message]], int]


def _text(message: Message) -> str:
    parts = [str(message.get("content") or "")]
    for call in message.get("tool_calls") or ():
        parts.append(json.dumps(call, ensure_ascii=False))
    if message.get("name"):
        parts.append(str(message["name"]))
    return "\n".join(parts)


def byte_counter(messages: list[Message]) -> int:
    """UTF-8 bytes of each message and a fixed overhead: never fewer than its tokens for a byte-level tokenizer."""
    return sum(len(_text(m).encode("utf-8", "replace")) + MESSAGE_OVERHEAD for m in messages) + 3


def litellm_counter(model: str) -> Count:
    """litellm's token counter for `model` (imports litellm on first use)."""

    def count(messages: list[Message]) -> int:
        from tic.models.litellm_adapter import import_litellm, outgoing

        litellm = import_litellm()
        return int(litellm.token_counter(model=model, messages=outgoing(messages)))

    return count


def units(messages: list[Message]) -> list[list[Message]]:
    """The conversation as whole units: an assistant message with its tool results, or one message."""
    out: list[list[Message]] = []
    i = 0
    while i < len(messages):
        j = i + 1
        if messages[i].get("role") == "assistant" and messages[i].get("tool_calls"):
            while j < len(messages) and messages[j].get("role") == "tool":
                j += 1
        out.append(messages[i:j])
        i = j
    return out


class Budget:
    """Fits each request of one conversation under `tokens` (see the module's docstring)."""

    def __init__(self, tokens: int, count: Count, summarize: Summarize | None = None, *,
                 summary_share: float = 0.25, headroom: float = 0.4) -> None:
        if tokens < MIN_TOKENS:
            raise ValueError(f"a request's token budget must be at least {MIN_TOKENS} tokens, not {tokens} "
                             "(TIC_CONTEXT_TOKENS)")
        self.tokens = tokens
        self._count_many = count
        self._summarize = summarize or ExtractiveSummary(count)
        self._summary_share = summary_share
        self._headroom = headroom
        self._memo: dict[str, int] = {}
        self._folded: list[Message] = []  # the messages folded so far (the start of every later request)
        self._summary = ""
        self._lock = threading.Lock()

    # --- counting ------------------------------------------------------------------------------------------

    def _one(self, message: Message) -> int:
        key = json.dumps(message, sort_keys=True, ensure_ascii=False, default=str)
        n = self._memo.get(key)
        if n is None:
            n = self._count_many([message])
            if len(self._memo) > 50_000:
                self._memo.clear()
            self._memo[key] = n
        return n

    def count(self, messages: list[Message]) -> int:
        """The request's tokens, as the budget counts them (each message alone, summed: never fewer)."""
        return sum(self._one(m) for m in messages)

    # --- fitting -------------------------------------------------------------------------------------------

    def fit(self, messages: list[Message]) -> list[Message]:
        """`messages` (the system message first, if any) shaped to at most `tokens`, a valid sequence."""
        with self._lock:
            return self._fit(messages)

    def _fit(self, messages: list[Message]) -> list[Message]:
        system = messages[0] if messages and messages[0].get("role") == "system" else None
        rest = messages[1:] if system is not None else list(messages)
        if self._folded and rest[: len(self._folded)] != self._folded:
            self._folded, self._summary = [], ""  # another conversation (or a rewritten one): start again
        if not self._folded and self.count(messages) <= self.tokens:
            return messages
        kept = units(rest[len(self._folded):])
        if self._size(system, kept) > self.tokens:
            # fold: keep the newest units within (1 - headroom) of the room, so the next requests fit as they are
            room = self.tokens - self.count(self._head(system, " ")) - self._summary_limit()
            target = int(room * (1 - self._headroom))
            n_keep, size = 0, 0
            for unit in reversed(kept):
                c = self.count(unit)
                if n_keep and size + c > target:
                    break
                n_keep, size = n_keep + 1, size + c
            kept = self._fold(kept, len(kept) - n_keep)
            while self._size(system, kept) > self.tokens and len(kept) > 1:
                kept = self._fold(kept, 1)  # the summary came out longer than its share: fold one more unit
        return self._clip([*self._head(system, self._summary), *[m for u in kept for m in u]])

    def _fold(self, kept: list[list[Message]], n: int) -> list[list[Message]]:
        if n <= 0:
            return kept
        dropped = [m for u in kept[:n] for m in u]
        self._summary = self._summarize(self._summary, dropped, self._summary_limit())
        self._folded = self._folded + dropped
        log.info("folded %d older messages into the summary (%d in all)", len(dropped), len(self._folded))
        return kept[n:]

    def _size(self, system: Message | None, kept: list[list[Message]]) -> int:
        return self.count(self._head(system, self._summary)) + sum(self.count(u) for u in kept)

    def _summary_limit(self) -> int:
        return max(50, int(self.tokens * self._summary_share))

    def _head(self, system: Message | None, summary: str) -> list[Message]:
        """The system message, the summary (if any) after its text."""
        if not summary:
            return [system] if system is not None else []
        base = str(system.get("content") or "") if system is not None else ""
        text = f"{base}\n\n{SUMMARY_HEAD}\n{summary}" if base else f"{SUMMARY_HEAD}\n{summary}"
        return [{"role": "system", "content": text}]

    def _clip(self, out: list[Message]) -> list[Message]:
        """Still over (the newest unit alone is too big: a huge tool result): the longest texts are clipped."""
        out = list(out)
        for _ in range(len(out)):
            total = self.count(out)
            if total <= self.tokens:
                break
            # the longest text, the system message (instructions, summary) last
            i = max(range(len(out)), key=lambda k: (out[k].get("role") != "system" and len(str(out[k].get("content")
                                                                                              or "")) > 200,
                                                    len(str(out[k].get("content") or ""))))
            content = str(out[i].get("content") or "")
            if not content:
                break
            others = total - self._one(out[i])

            def clipped(keep: int) -> Message:
                return {**out[i], "content": content[:keep] + CLIPPED.format(n=len(content) - keep)}

            lo, hi = 0, len(content)  # the most of it that fits
            while lo < hi:
                mid = (lo + hi + 1) // 2
                if others + self._one(clipped(mid)) <= self.tokens:
                    lo = mid
                else:
                    hi = mid - 1
            out[i] = clipped(lo)
        return out


def budget_for(model: ChatModel, tokens: int | None = None, *, cap: int = DEFAULT_CAP) -> Budget:
    """The budget of `model`'s requests: `tokens` when set, else its input window from litellm's model info
    (less its output limit) capped at `cap`; the cap for a model litellm does not know, and offline. Counted
    with litellm's token counter for a litellm model, in bytes offline; summarized by the model when it is
    a litellm model, extractively offline."""
    name = getattr(getattr(model, "model", model), "name", "") or ""
    offline = name.strip().lower() in OFFLINE_SPECS or not hasattr(model, "request")
    if offline:
        count: Count = byte_counter
        summarize: Summarize = ExtractiveSummary(count)
    else:
        count = litellm_counter(name)
        summarize = ModelSummary(model, count)
    if not tokens:
        tokens = cap
        if not offline:
            window = _input_window(model)
            if window:
                tokens = min(cap, window)
    return Budget(tokens, count, summarize)


def _input_window(model: Any) -> int | None:
    try:
        from tic.models.litellm_adapter import import_litellm

        litellm = import_litellm()
        info = litellm.get_model_info(model.name)
        window = int(info.get("max_input_tokens") or 0)
        output = int(getattr(model, "max_tokens", 0) or 0)
        return max(0, window - output) or None
    except Exception:
        return None
