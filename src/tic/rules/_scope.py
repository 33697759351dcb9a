"""Which kinds of event a rule not understood could be about, from the words it uses (T7, T10): "Sam (WhatsApp)"
can only be about WhatsApp messages, so it never stands between an e-mail and the rule for everything else.
When the words name no kind, or the rule has an exception or a negation, every kind."""

from __future__ import annotations

from tic.rules._brands import MAILS_ONLY
from tic.rules._match import ALL_KINDS
from tic.rules._scan import Item, scan

__all__ = ["kinds_said"]

_CHAT = {"group", "mention", "unsaved"}
_WHO = {"name", "quote", "email", "domain", "phone", "org", "role", "my", "unsaved", "saved", "group", "mention"}
_CALENDAR = {"created", "starts", "within", "recur", "allday", "cancelled", "changed", "fromnow"}


def kinds_said(text: str) -> frozenset[str]:
    """The kinds of event the words of `text` name (any of them may be what the rule is about), or every kind."""
    kinds: set[str] = set()
    items = _flat(scan(text))
    if any(it.cls in {"neg", "negv"} for it in items):
        return ALL_KINDS  # "ignore everything that isn't an e-mail": the kind named may be the one left out
    cut = next((k for k, it in enumerate(items) if it.cls in {"except", "unless"}), None)
    if cut is not None:  # "everything from Acme except calendar invites": what comes before the exception says;
        items = items[:cut]  # the exception only narrows it ("Correos del colegio …, excepto el menú": e-mails)
    named = [it for k, it in enumerate(items) if it.cls in _WHO and (
        it.cls != "my" or k and items[k - 1].cls in {"from", "org"})]  # "from my accountant" is someone; "our repos" not
    if named and all(it.cls == "name" and it.mark == "service" and it.text in MAILS_ONLY for it in named) \
            and not _names_kinds(items):
        return frozenset({"email"})  # "GitHub security alerts (Dependabot …)": what those services send is mail
    if cut is not None and not _names_kinds(items):
        return ALL_KINDS
    for it in items:
        if it.cls in {"kind", "msgverb"} and it.value:
            kinds.update(it.value)  # type: ignore[arg-type]
        elif it.cls in _CHAT:
            kinds.add("whatsapp")
        elif it.cls in _CALENDAR:
            kinds.add("calendar")
    return frozenset(kinds) or ALL_KINDS


def _names_kinds(items: list[Item]) -> bool:
    return any(it.cls in {"kind", "msgverb"} and it.value or it.cls in _CHAT | _CALENDAR for it in items)


def _flat(items: list[Item]) -> list[Item]:
    return [x for it in items for x in ([it, *_flat(it.items)] if it.items else [it])]
