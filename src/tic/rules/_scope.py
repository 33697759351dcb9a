"""Which kinds of event a rule not understood could be about, from the words it uses (T7, T10): "Sam (WhatsApp)"
can only be about WhatsApp messages, so it never stands between an e-mail and the rule for everything else.
When the words name no kind, or the rule has an exception or a negation, every kind."""

from __future__ import annotations

from tic.rules._match import ALL_KINDS
from tic.rules._scan import Item, scan

__all__ = ["kinds_said"]

_CHAT = {"group", "mention", "unsaved"}
_CALENDAR = {"created", "starts", "within", "recur", "allday", "cancelled", "changed", "fromnow"}


def kinds_said(text: str) -> frozenset[str]:
    """The kinds of event the words of `text` name (any of them may be what the rule is about), or every kind."""
    kinds: set[str] = set()
    items = _flat(scan(text))
    if any(it.cls in {"except", "unless", "neg", "negv"} for it in items):
        return ALL_KINDS  # "everything from Acme except calendar invites": the kind named may be the one left out
    for it in items:
        if it.cls in {"kind", "msgverb"} and it.value:
            kinds.update(it.value)  # type: ignore[arg-type]
        elif it.cls in _CHAT:
            kinds.add("whatsapp")
        elif it.cls in _CALENDAR:
            kinds.add("calendar")
    return frozenset(kinds) or ALL_KINDS


def _flat(items: list[Item]) -> list[Item]:
    return [x for it in items for x in ([it, *_flat(it.items)] if it.items else [it])]
