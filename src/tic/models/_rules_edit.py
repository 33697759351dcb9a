"""H9 with the rules' own reading (T7): the offline main model's preference editor.

The rule a request composes ("Stop notifying me about emails from Mario" -> "Emails from Mario") is read by
the same reader the triage agent uses, in the context of the user's file, and that reading decides the edit:

- where it goes: notify -> the Always section, skip -> the Never section, a reading with an exception
  (`unless`, "only if") or a hold -> the Custom section; the section is the existing heading taken as that
  effect ("Immer benachrichtigen", "Jamais", "## always"), or a new English one;
- what it replaces: an existing rule with the opposite effect on the same scope (the same `when`, or the same
  senders/topic over at least the same kinds) is removed, and the reply says so: the user's newest word wins;
- a rule with the same reading is already there: nothing is added;
- a rule the reader does not understand is never written: the user is asked to put it differently.

The written file is read back before it is written: it must hold exactly the old readings, minus the removed
rules, plus the new one; otherwise nothing is written. The reader (`read_rules`, `heading_effect` from
tic.rules) is passed in by whoever builds the model, never imported here.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Callable, Protocol

from tic.models._base import AssistantMessage, Message, ToolCall
from tic.models._preferences import SECTIONS, Preference
from tic.models._rules_file import place, remove_rule

__all__ = ["Edit", "RulesEditor", "ReadRule", "ReadRules", "contradicts", "same_meaning", "section_for", "shadows"]

RULES = "notifications.md"
APPLIES = "The triage agent reads that file on every tick, so it applies from the next one."
EXAMPLES = ("“notify me when I get an email from Mario”, “stop alerting me about newsletters” or "
            "“only notify me about WhatsApp group messages if someone mentions me”")


class ReadRule(Protocol):
    """What the editor uses of a rule as tic.rules reads it (tic.rules.Rule)."""

    section: str
    text: str
    heading: str
    why_not: str
    reading: Any  # tic.rules.Reading (pydantic: effect, when, unless, catch_all), None = not understood

    def render(self) -> str: ...


class ReadRules(Protocol):
    """What the editor uses of a file's rules as tic.rules reads them (tic.rules.RuleSet)."""

    @property
    def rules(self) -> tuple[ReadRule, ...]: ...


@dataclass(frozen=True)
class Edit:
    """The new file (None: nothing is written) and what to tell the user once it is written, or instead."""

    content: str | None
    said: str


def section_for(reading: Any) -> str:
    """always | never | custom: where a rule with this reading belongs."""
    if reading.unless is not None or reading.effect == "hold":
        return "custom"
    return "always" if reading.effect == "notify" else "never"


_OPPOSITE = {"notify": "skip", "skip": "notify"}


def same_meaning(old: Any, new: Any) -> bool:
    """The same reading, or its mirror: "notify about X unless not Y" and "skip X unless Y"."""
    if old == new:
        return True
    if old.when != new.when or old.catch_all != new.catch_all or old.unless is None or new.unless is None:
        return False
    if _OPPOSITE.get(old.effect) != new.effect or old.exception_effect != new.effect \
            or new.exception_effect != old.effect:
        return False
    return (getattr(old.unless, "op", "") == "not" and old.unless.of == new.unless
            or getattr(new.unless, "op", "") == "not" and new.unless.of == old.unless)


def contradicts(old: Any, new: Any) -> str:
    """How `old` says the opposite of `new` about what `new` covers, so `new` replaces it: "the opposite"
    (its effect), "otherwise" (its exception), or "" (it does not)."""
    opposite = _OPPOSITE.get(new.effect)
    if opposite is None or old.catch_all != new.catch_all or not _covers(new.when, old.when):
        return ""
    if old.effect == opposite:
        return "the opposite"
    if new.unless is None and old.unless is not None and old.exception_effect == opposite:
        return "otherwise"
    return ""


def shadows(old: Any, new: Any) -> bool:
    """`old` skips everything the new notify rule covers, and a skip wins (the new rule would never fire)."""
    return (old.effect == "skip" and new.effect == "notify" and old.unless is None and not old.catch_all
            and _covers(old.when, new.when))


def _covers(wide: Any, narrow: Any) -> bool:
    """`wide` is `narrow`'s condition, or names the same senders/topic with the same other conditions over
    at least the same kinds of event."""
    if wide == narrow:
        return True
    a, b = _scope(wide), _scope(narrow)
    if not (a.senders or a.topics) or (a.senders, a.topics, a.rest) != (b.senders, b.topics, b.rest):
        return False
    return not a.kinds or bool(b.kinds) and b.kinds <= a.kinds


@dataclass(frozen=True)
class _Scope:
    senders: frozenset
    topics: frozenset
    kinds: frozenset
    rest: frozenset


def _scope(when: Any) -> _Scope:
    """The top-level conjuncts of a condition: senders, topics, kinds and everything else."""
    parts = list(when.of) if getattr(when, "op", "") == "all" else [when]
    senders, topics, kinds, rest = set(), set(), set(), set()
    for p in parts:
        if p.op == "sender":
            senders.update((w.by, w.value.casefold(), p.attendee) for w in p.who)
        elif p.op == "topic":
            topics.update((t.casefold(), p.where) for t in p.phrases)
        elif p.op == "kind":
            kinds.update(p.kinds)
        elif p.op != "everything":
            rest.add(p.model_dump_json())
    return _Scope(frozenset(senders), frozenset(topics), frozenset(kinds), frozenset(rest))


def _key(rule: ReadRule) -> tuple[str, str, str]:
    return rule.section, " ".join(rule.text.split()), rule.reading.model_dump_json() if rule.reading is not None else ""


def _where(rule: ReadRule) -> str:
    return rule.heading or SECTIONS.get(rule.section, "your rules")


@dataclass(frozen=True)
class RulesEditor:
    """Plans and carries out one preference edit with the rules' own reader (passed in from tic.rules)."""

    read_rules: Callable[[str], ReadRules]
    heading_effect: Callable[[str], str]

    # --- the edit ---------------------------------------------------------------------------

    def _read_in(self, base: str, section: str, text: str) -> ReadRule | None:
        """`text` read as a rule of `section` in the user's file (so its definitions, "my sister (saved as
        ...)", count), or None when the reader does not take it as one rule."""
        for doc in (f"{base.rstrip()}\n\n## {SECTIONS[section]}\n- {text}\n", f"## {SECTIONS[section]}\n- {text}\n"):
            rules = self.read_rules(doc).rules
            if rules and " ".join(rules[-1].text.split()) == " ".join(text.split()):
                return rules[-1]
        return None

    def plan(self, current: str | None, pref: Preference) -> Edit:
        base = current or ""
        new = self._read_in(base, pref.section, pref.rule)
        if new is None or new.reading is None:
            why = f" ({new.why_not})" if new is not None and new.why_not else ""
            return Edit(None, f"I understood that you want to change your notification rules, but I can't read "
                              f"“{pref.rule}” as a rule myself{why}, so I haven't changed data/notifications.md. "
                              f"Could you put it differently? For example {EXAMPLES}.")
        reading = new.reading
        section = section_for(reading)
        text = self._text_for(base, section, pref.rule, new)
        if text is None:
            return Edit(None, f"I couldn't write “{pref.rule}” so that it reads the same under "
                              f"{SECTIONS[section]}, so I haven't changed data/notifications.md. "
                              f"Could you put it differently? For example {EXAMPLES}.")
        old = self.read_rules(base).rules if base.strip() else ()
        understood = [r for r in old if r.reading is not None]
        same = next((r for r in understood if same_meaning(r.reading, reading)), None)
        against = [(r, how) for r in understood if not same_meaning(r.reading, reading)
                   and (how := contradicts(r.reading, reading))]
        if same is not None and not against:
            if " ".join(same.text.split()) == " ".join(text.split()):
                return Edit(None, f"“{same.text}” is already under {_where(same)} in data/notifications.md.")
            return Edit(None, f"“{same.text}” under {_where(same)} in data/notifications.md already says that "
                              f"(“{new.render()}”), so I changed nothing.")
        updated = base
        for r, how in against:
            edited = remove_rule(updated, r.text)
            if edited is None:
                return Edit(None, f"“{r.text}” under {_where(r)} says {how}, and I can't remove it by "
                                  "myself (it is not a list item of its own), so I haven't changed "
                                  "data/notifications.md. Please edit that rule, then ask me again.")
            updated = edited
        heading = ""
        if same is None:
            updated, heading = place(updated if against else current, section, text, self.heading_effect,
                                     SECTIONS[section])
        added = None if same is not None else (section, text, reading)
        if not self._reads_as(updated, old, [r for r, _ in against], added):
            return Edit(None, "I couldn't make that change without changing how your other rules read, so I "
                              "haven't changed data/notifications.md. Could you edit it yourself, or put it "
                              f"differently? For example {EXAMPLES}.")
        said = (f"Done: I added “{text}” under {heading} in data/notifications.md." if same is None
                else f"“{same.text}” is already under {_where(same)} in data/notifications.md.")
        for r, how in against:
            said += f" I removed “{r.text}” from {_where(r)}, which said {how}."
        removed = [r for r, _ in against]
        for r in (r for r in understood if same is None and r not in removed and shadows(r.reading, reading)):
            said += (f" Note that “{r.text}” under {_where(r)} still covers these, and a rule not to notify "
                     "wins over one to notify: narrow or remove it if you want them.")
        return Edit(updated, f"{said} {APPLIES}")

    def _text_for(self, base: str, section: str, text: str, new: ReadRule) -> str | None:
        """The rule as composed when it reads the same in `section`, else its rendered sentence, else None."""
        if section == new.section:
            return text
        for candidate in (text, new.render()):
            again = self._read_in(base, section, candidate)
            if again is not None and again.reading == new.reading:
                return candidate
        return None

    def _reads_as(self, updated: str, old: tuple, removed: list, added: tuple | None) -> bool:
        """The updated file holds exactly the old rules' readings, minus `removed`, plus `added`."""
        want = Counter(_key(r) for r in old)
        want.subtract(_key(r) for r in removed)
        if added is not None:
            section, text, reading = added
            want[(section, " ".join(text.split()), reading.model_dump_json())] += 1
        got = Counter(_key(r) for r in self.read_rules(updated).rules)
        return +want == +got

    # --- the tool calls ---------------------------------------------------------------------

    def step(self, messages: list[Message], pref: Preference) -> AssistantMessage:
        """The next step after a file tool's result: write the edited file, or say what happened."""
        last = messages[-1]
        result = str(last.get("content") or "")
        if last.get("name") == "read_file":
            missing = result.startswith("error:")
            if missing and "does not exist" not in result:
                return AssistantMessage(content=f"I couldn't read your rules file: {result[7:].strip()}")
            edit = self.plan(None if missing else _file_text(result), pref)
            if edit.content is None:
                return AssistantMessage(content=edit.said)
            return AssistantMessage(tool_calls=(
                ToolCall(f"call_{len(messages)}", "write_file", {"path": RULES, "content": edit.content}),))
        if result.startswith("error:"):
            return AssistantMessage(content=f"I couldn't change data/notifications.md: {result[7:].strip()}")
        read = _read_result(messages)
        if read is None:
            return AssistantMessage(content="Done.")
        return AssistantMessage(content=self.plan(None if read.startswith("error:") else _file_text(read), pref).said)


def _file_text(result: str) -> str:
    return result.split("\n\n[notices]", 1)[0]


def _read_result(messages: list[Message]) -> str | None:
    """This turn's read_file result (the file as it was before the write), the edit is planned from it again."""
    for m in reversed(messages):
        if m.get("role") == "user":
            return None
        if m.get("role") == "tool" and m.get("name") == "read_file":
            return str(m.get("content") or "")
    return None
