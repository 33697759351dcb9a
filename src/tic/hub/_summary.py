"""What the oldest turns of a long conversation become when a request must fit its token budget (issue 9 item 6).

Two summarizers behind one signature, `summarize(previous, dropped, limit) -> str`: the previous summary (""
the first time), the messages folded now, and the most tokens the summary may take (`count`'s tokens):

- `ExtractiveSummary` (offline, and the fallback of the other): the user's own sentences, most salient first --
  what the user stated about themselves, their people, dates and numbers, standing instructions -- before
  questions and small talk; what was folded is counted, never invented.
- `ModelSummary`: the configured model writes it, told to keep every fact and instruction the user stated;
  a failure falls back to the extractive one (the turn goes on).
"""

from __future__ import annotations

import logging
import re
from typing import Callable

from tic.models import ChatModel, Message

log = logging.getLogger(__name__)

__all__ = ["ExtractiveSummary", "ModelSummary", "SUMMARY_HEAD", "Summarize", "salience", "sentences"]

Summarize = Callable[[str, list[Message], int], str]
Count = Callable[[list[Message]], int]

SUMMARY_HEAD = ("Summary of the earlier part of this conversation (folded to fit the request; the full history "
                "is kept):")
SAID = "What the user said, most important first:"
_SENTENCE = re.compile(r"[^.!?\n]+(?:[.!?]+|$)")
_FIRST_PERSON = re.compile(r"\b(i|i'm|i've|i'll|i'd|my|mine|me|we|we're|our|ours|us)\b", re.I)
_STANDING = re.compile(r"\b(always|never|remember|don't|do not|please|prefer|call me|from now on|every)\b", re.I)
_SMALL_TALK = re.compile(r"^(hi|hello|hey|thanks|thank you|ok|okay|cheers|good (morning|night|evening)|bye)\b", re.I)
_NAME = re.compile(r"(?<!^)(?<![.!?]\s)\b[A-Z][a-zà-ÿ]+")


def sentences(text: str) -> list[str]:
    """The sentences of a user's message, whitespace folded."""
    out = []
    for raw in _SENTENCE.findall(text or ""):
        sentence = " ".join(raw.split())
        if sentence and any(ch.isalnum() for ch in sentence):
            out.append(sentence)
    return out


def salience(sentence: str) -> int:
    """How much a sentence of the user's is worth keeping: facts about them and their world first."""
    words = sentence.split()
    score = 0
    if _FIRST_PERSON.search(sentence):
        score += 3
    if _STANDING.search(sentence):
        score += 2
    if any(ch.isdigit() for ch in sentence):
        score += 1
    score += min(3, len(_NAME.findall(sentence)))
    if sentence.endswith("?"):
        score -= 3
    if len(words) < 4:
        score -= 2
    if _SMALL_TALK.match(sentence):
        score -= 3
    return score


class ExtractiveSummary:
    """The offline summary: the user's sentences, most salient first (ties: the earlier first), within the limit."""

    def __init__(self, count: Count) -> None:
        self._count = count

    def __call__(self, previous: str, dropped: list[Message], limit: int) -> str:
        kept, folded, batches = _parse(previous)
        candidates = list(kept)
        for message in dropped:
            if message.get("role") == "user":
                candidates += [s for s in sentences(str(message.get("content") or ""))]
            if message.get("role") == "tool" and message.get("name") == "read_notification":
                batches += 1
        folded += len(dropped)
        seen: set[str] = set()
        ranked = []
        for order, sentence in enumerate(candidates):
            key = sentence.casefold()
            if key in seen:
                continue
            seen.add(key)
            score = salience(sentence)
            if score >= 0:  # questions and small talk are not worth keeping
                ranked.append((-score, order, sentence))
        ranked.sort()
        chosen: list[str] = []
        for _, _, sentence in ranked:
            text = _render(chosen + [sentence], folded, batches)
            if self._count([{"role": "system", "content": text}]) > limit:
                continue
            chosen.append(sentence)
        return _render(chosen, folded, batches)


def _render(said: list[str], folded: int, batches: int) -> str:
    lines = [f"({folded} earlier messages folded; {batches} notification batches among them were read and told.)"]
    if said:
        lines.append(SAID)
        lines += [f"- {s}" for s in said]
    return "\n".join(lines)


def _parse(previous: str) -> tuple[list[str], int, int]:
    """(sentences kept, messages folded, batches) of an extractive summary this module wrote."""
    if not previous:
        return [], 0, 0
    head = re.match(r"\((\d+) earlier messages folded; (\d+) notification batches", previous)
    if head is None:  # the model's summary (it failed this time): its sentences compete with the new ones
        return sentences(previous), 0, 0
    said = [line[2:] for line in previous.splitlines() if line.startswith("- ")]
    return said, int(head.group(1)) if head else 0, int(head.group(2)) if head else 0


SUMMARIZE = (
    "You keep the memory of a long conversation between a user and their assistant. Update the summary with the "
    "messages below. Keep every fact the user stated about themselves, their people, places, dates and numbers, "
    "and every standing instruction or preference, in the user's own words where you can; then what was decided "
    "or done. Drop small talk. Answer with the summary only, plain text, at most {words} words."
)


class ModelSummary:
    """The configured model writes the summary; on a failure (or an empty answer) the extractive one does."""

    def __init__(self, model: ChatModel, count: Count) -> None:
        self._model = model
        self._count = count
        self._fallback = ExtractiveSummary(count)

    def __call__(self, previous: str, dropped: list[Message], limit: int) -> str:
        transcript = "\n".join(_line(m) for m in dropped)
        prompt = [{"role": "system", "content": SUMMARIZE.format(words=max(20, limit * 2 // 3))},
                  {"role": "user", "content": f"Summary so far:\n{previous or '(none)'}\n\nMessages to add:\n"
                                              f"{transcript}"}]
        try:
            text = (self._model.complete(prompt, []).content or "").strip()
        except Exception as exc:  # a summary is never worth failing the turn for
            log.warning("the model could not summarize the conversation (%s); keeping the user's sentences", exc)
            text = ""
        if not text:
            return self._fallback(previous, dropped, limit)
        while len(text) > 1 and self._count([{"role": "system", "content": text}]) > limit:
            text = text[: len(text) * 9 // 10].rstrip() + "…"  # longer than asked: its end goes
        return text


def _line(message: Message) -> str:
    role = message.get("role")
    if role == "tool":
        return f"[tool {message.get('name', '')} result] {str(message.get('content') or '')[:500]}"
    if role == "assistant" and message.get("tool_calls"):
        names = ", ".join(c.get("function", {}).get("name", "") for c in message["tool_calls"])
        return f"assistant: {message.get('content') or ''} [called {names}]".strip()
    return f"{role}: {message.get('content') or ''}"
