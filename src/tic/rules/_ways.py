"""Someone, then the ways their messages come: 'My wife Claire: texts, emails, anything', 'Kita Sonnenblume – egal
ob Mail oder WhatsApp', 'Mr Okafor. calls, texts, emails'. A person (or organisation) before a colon, dash or full
stop, and after it nothing but kinds of message - that list is what comes from them: the rule reads as "texts,
emails, anything from my wife Claire". Anything else after the separator leaves the rule as it was."""

from __future__ import annotations

from tic.rules._scan import Item

__all__ = ["who_then_ways"]

_SEPARATORS = {":", "-", "–", "—", "."}
_WHO = {"name", "email", "phone", "domain", "quote", "role"}  # what names someone
_HEAD = _WHO | {"my", "word", "f", "aside"}  # and what may describe them ("my wife", "the")
_WAYS = {"kind", "any", "and", "or", "whether"}  # "egal ob Mail oder WhatsApp": whether by one or the other
_ENDS = {"conc", "concfull", "emph"}  # ", even in the middle of the night": said of the whole rule


def who_then_ways(items: list[Item]) -> list[Item]:
    sep = next((k for k, it in enumerate(items[:7]) if it.cls == "punct" and it.text in _SEPARATORS), None)
    if not sep:
        return items
    head = items[:sep]
    if not any(it.cls in _WHO for it in head) or not all(it.cls in _HEAD for it in head) \
            or any(it.cls == "word" and not it.text.islower() for it in head):
        return items
    k = sep + 1
    while k < len(items) and (items[k].cls in _WAYS or items[k].cls == "punct" and items[k].text in {",", "/"}):
        k += 1
    ways = [it for it in items[sep + 1 : k] if it.cls in {"kind", "any", "and", "or"} or it.text in {",", "/"}]
    rest = items[k:]
    while ways and not (ways[-1].cls in {"kind", "any"}):
        rest.insert(0, ways.pop())
    if not any(it.cls in {"kind", "any"} for it in ways) or rest and not (
            rest[0].cls in _ENDS or rest[0].cls == "punct" and rest[0].text in {",", "."} and len(rest) > 1
            and rest[1].cls in _ENDS):
        return items
    return [*ways, Item("from", "from", lang=head[0].lang), *head, *rest]
