"""Item passes the reader runs before it splits a rule into clauses (T7), for shapes said over several words:
"hoje ou amanhã", "mit @x als Absender", "Exception : A et B …", "tampoco las de X", "Clientes: … de @x". Each
returns the items rewritten (or unchanged); each is one entry in `_reader._BEFORE_RELEASE` / `_AFTER_RELEASE`.
"""

from __future__ import annotations

from tic.rules._function_words import OF
from tic.rules._item import Item, replace_spans
from tic.rules._tokens import fold
from tic.rules._unread import Unread

__all__ = ["two_rules_in_one", "amount_then_only", "exception_titled", "identified_as_sender", "label_before_identified",
           "not_even_these", "today_or_tomorrow"]

_LABEL_WORDS = {"word", "name", "f", "role", "my", "pron", "aside"}


_TODAY = {"today", "hoy", "hoje", "aujourd'hui", "heute"}
_AS = {"as", "als", "como", "comme"}
_SENDER_WORDS = {"sender", "absender", "remitente", "remetente", "expediteur"}


def today_or_tomorrow(items: list[Item]) -> list[Item]:
    """'se forem hoje ou amanhã', 'if it's today or tomorrow': a calendar item that starts by the end of tomorrow
    (as "tomorrow or before")."""
    def match(items: list[Item], k: int) -> tuple[list[Item], int] | None:
        it = items[k]
        if it.cls in {"today", "onday"} and fold(it.text).split()[-1] in _TODAY and k + 2 < len(items) \
                and items[k + 1].cls == "or" and items[k + 2].cls == "onday" and items[k + 2].value == "tomorrow":
            return [items[k + 2], Item("orbefore", f"{it.text} {items[k + 1].text}", lang=it.lang)], k + 3
        return None
    return replace_spans(items, match)


def identified_as_sender(items: list[Item]) -> list[Item]:
    """'Alles mit @kessler-bau.de als Absender', 'anything with @x.com as the sender', 'con @x.es como remitente':
    from that address or domain."""
    def match(items: list[Item], k: int) -> tuple[list[Item], int] | None:
        it = items[k]
        if not (it.cls == "with" and k + 2 < len(items) and items[k + 1].cls in {"domain", "email", "phone"}
                and fold(items[k + 2].text) in _AS):
            return None
        end = k + 3
        while end < len(items) and items[end].cls in {"f", "pron"}:
            end += 1
        if end < len(items) and (items[end].cls == "ident" or fold(items[end].text) in _SENDER_WORDS):
            return [Item("from", it.text, lang=it.lang), items[k + 1]], end + 1
        return None
    return replace_spans(items, match)


def exception_titled(items: list[Item]) -> list[Item]:
    """'…. Exception : Thierry et Manon passent quand même': the colon after "Exception" opens its list; it does
    not end the exception."""
    return [it for k, it in enumerate(items) if not (it.cls == "punct" and it.text == ":" and k > 0
                                                     and items[k - 1].cls in {"except", "unless"})]


_ADDRESSES = {"addresses", "address", "enderecos", "endereco", "direcciones", "direccion", "adresses", "adresse",
              "adressen"}
_ENDING_IN = {"ending", "ending in", "that ends in", "terminados em", "terminado em", "terminadas en", "terminada en",
              "qui se termine par", "endet auf", "enden auf"}




def label_before_identified(items: list[Item]) -> list[Item]:
    """'Le labo de prothèses Prothelia : tout ce qui vient de @prothelia-labo.fr': words before a colon that only
    say who the rule is about, then the rule naming them by address, domain or number - the label is dropped."""
    colon = next((k for k, it in enumerate(items[:8]) if it.cls == "punct" and it.text == ":"), None)
    if not colon or colon + 2 >= len(items) or not all(it.cls in _LABEL_WORDS or it.cls == "punct" and it.text == "/"
                                                       for it in items[:colon]):
        return items
    rest = items[colon + 1 :]
    first = next((it for it in rest if it.cls not in {"f", "v+"}), rest[0])
    if first.cls not in {"any", "kind", "from", "cat", "notice"} or not any(
            (it.cls == "from" or it.cls == "f" and fold(it.text) in OF) and _identified_after(rest, k + 1)
            for k, it in enumerate(rest)) \
            or any(it.cls in {"name", "quote", "role"} for it in rest):
        return items
    return rest


def _identified_after(items: list[Item], k: int) -> bool:
    """An address, domain or number right after "from" ("from an address ending in @x.ie")."""
    while k < len(items) and (items[k].cls in {"f", "ident", "pron"} or fold(items[k].text) in _ENDING_IN | _ADDRESSES):
        k += 1
    return k < len(items) and items[k].cls in {"domain", "email", "phone"}




_NOT_EVEN = {"tampoco", "ni siquiera", "nem", "nem mesmo", "tambem nao", "pas meme", "meme pas", "non plus"}
_ALSO_FROM = {"also", "auch", "tambien", "tambem", "aussi", "meme", "incluso", "inclusive", "including", "even",
              "ebenfalls", "selbst"}  # "Werbung und Newsletter, auch von Zalando": theirs too - already in the rule
_NOT_EVEN_PAIRS = {("auch", "nicht"), ("not", "even"), ("nicht", "mal"), ("nicht", "einmal"), ("ni", "siquiera"),
                   ("nem", "mesmo"), ("pas", "meme"), ("meme", "pas")}


def not_even_these(items: list[Item]) -> list[Item]:
    """'nada de newsletters ni promos, tampoco las de Mercado Libre', 'Newsletter & Werbung – nie. Auch nicht von
    Zalando', 'no newsletters, not even the ones from Patagonia', 'Werbung und Newsletter, auch von Zalando und
    MediaMarkt', 'Promociones, también de Amazon': a last part that names senders of the kinds of mail
    the rule mutes as muted too - they are in it already; the part narrows nothing and is dropped. After a rule
    that names its own senders it would add more: refused."""
    k = next((k for k in range(len(items) - 2, 0, -1) if items[k].cls == "punct" and items[k].text in {",", ".", ";"}),
             None)
    if k is None:
        return items
    j = k + 1
    if j + 1 < len(items) and (fold(items[j].text), fold(items[j + 1].text)) in _NOT_EVEN_PAIRS:
        j += 2
    elif fold(items[j].text) in _NOT_EVEN | _ALSO_FROM:
        j += 1
    else:
        return items
    tail, head = items[j:], items[:k]
    if tail and tail[0].cls == "f" and fold(tail[0].text) in OF:
        tail = [Item("from", tail[0].text, lang=tail[0].lang), *tail[1:]]  # "también de Amazon"
    if not tail or tail[0].cls != "from" or not all(it.cls in {"from", "name", "org", "quote", "f", "pron", "and",
                                                               "or", "punct"} for it in tail):
        return items
    if not any(it.cls == "cat" for it in head):
        return items  # "Anything from Ana, also from Tom": more senders, read as a list
    if any(it.cls in {"from", "name", "org", "quote", "email", "domain"} for it in head):
        raise Unread(f'"{" ".join(it.text for it in items[k + 1:])}": more senders, or the same ones?')
    return head


_ONLY_LAST = {"only", "uniquement", "seulement", "solamente", "unicamente", "apenas", "somente", "nur", "ausschliesslich"}


def amount_then_only(items: list[Item]) -> list[Item]:
    """'Les virements de plus de 3 000 € uniquement', 'Transfers over $500 only': a closing "only" after an amount
    makes the amount the condition - as "transfers, only if over 3 000 €"."""
    end = len(items)
    while end and items[end - 1].cls == "punct":
        end -= 1
    if not end or items[end - 1].cls != "only" or fold(items[end - 1].text) not in _ONLY_LAST:
        return items
    amount = next((n for n, it in enumerate(items[: end - 1]) if it.cls == "cmp"), None)
    if not amount or not any(it.cls == "money" for it in items[amount : end - 1]):
        return items
    while amount > 1 and items[amount - 1].cls == "f":
        amount -= 1
    return [*items[:amount], Item("only", "only"), Item("if", "if"), *items[amount : end - 1], *items[end:]]


_AND = {"and", "y", "e", "und", "et", "but", "pero", "mas", "aber", "mais"}


def two_rules_in_one(items: list[Item]) -> list[Item]:
    """'Group chats: just the ones where I'm tagged, and never the "Oakridge HOA" one', 'Gruppennachrichten nur,
    wenn ich erwähnt werde, Einzelchats immer': what to tell, then - after a comma - something else never (or
    always): two rules in one sentence, refused (merged into one reading, one of them flipped or widened).
    'Never newsletters, and never LinkedIn': the second "never" says again what the first said - one list."""
    negated = False
    told = False
    out: list[Item] = []
    for k, it in enumerate(items):
        if k >= 2 and it.cls == "neg" and items[k - 1].cls == "and" and fold(items[k - 1].text) in _AND \
                and items[k - 2].cls == "punct" and items[k - 2].text == ",":
            if told or not negated:
                raise Unread(f'"… {items[k - 1].text} {it.text} …": one more thing never to tell, or a second rule? '
                             "(write it apart)")
            continue  # "Never newsletters, and never LinkedIn"
        negated = negated or it.cls in {"neg", "negv", "v-"}
        told = told or not negated and it.cls in {"v+", "only", "if", "mention", "always"}
        out.append(it)
    items = out
    only = next((k for k, it in enumerate(items) if it.cls == "only"), None)
    if only is None or items[-1].cls != "always":
        return items
    comma = next((k for k in range(len(items) - 2, only, -1) if items[k].cls == "punct" and items[k].text == ","), None)
    if comma is not None and any(it.cls in {"group", "kind", "name", "quote", "cat"} for it in items[comma + 1 : -1]):
        raise Unread(f'"{" ".join(it.text for it in items[comma + 1 :])}" after an "only": another rule (write it '
                     "apart)")
    return items
