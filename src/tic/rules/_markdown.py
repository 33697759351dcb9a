"""notifications.md to a RuleSet: headings, rules and context (T3, T10).

The Markdown is parsed with markdown-it-py tokens. Each heading is taken as
an effect when its words say one, in English, Spanish, Portuguese, German or
French ("Always notify", "Immer benachrichtigen", "Jamais", "Low priority"),
as context ("About me"), or as neither: then its rules are read on their own
words. Rules are the bullet items of a section, or the sentences of its prose
paragraphs. A sentence that names nothing a rule can use and gives no
directive ("I know my own routine") is context, as is prose before the first
section; so are definitions ('My mum is saved as "Mum ❤️"'), which also teach
who a role is for the rules that follow.
"""

from __future__ import annotations

import re

from markdown_it import MarkdownIt
from markdown_it.token import Token

from tic.rules._only import with_exceptions
from tic.rules._reader import _CATCH_ALL_WORDS, _Clause, _effect, read_one
from tic.rules._reading import Everything, Reading, Sender, Who
from tic.rules._rule import Rule, RuleSet
from tic.rules._scan import guess_language, scan
from tic.rules._slots import People, Unread, parse_aside, phone, sender_slot
from tic.rules._tokens import fold

__all__ = ["parse", "heading_effect", "sentences", "HEADING_LABELS"]

HEADING_LABELS = {"always": "Always notify", "never": "Never notify", "custom": "Custom rules",
                  "rest": "everything else (a catch-all)",
                  "context": "context (not rules)", "own": "rules read on their own words"}

_CONTEXT = re.compile(r"^(about\b|context|background|who i am|notes?\b|info\b|sobre m[ií]|sobre nosotros|"
                      r"[üu]ber mich|[àa] propos|contexte|contexto|hintergrund|qui je suis|quem sou)", re.I)
_NEVER = re.compile(r"\b(never|mute[ds]?|ignore[ds]?|don'?t|do not|silence[ds]?|skip|block(ed)?|quiet|no notifications?|"
                    r"low priority|not interested|not important|unimportant|nicht wichtig|unwichtig|no importantes?|"
                    r"sin importancia|pas importants?|peu importants?|n[ãa]o importantes?|sem import[âa]ncia|"
                    r"less important|unwichtige?|never want|nie|niemals|nicht|stumm|ignorieren|nunca|jam[aá]s|"
                    r"ignorar|silenciar|silencio|n[ãa]o|jamais|ignorer|sourdine|ne pas|sans notification|"
                    r"egal|ist mir egal|don'?t care|(i )?couldn'?t care less|da igual|me da igual|"
                    r"me es igual|no me importa|tanto faz|n[ãa]o me importa|pouco importa|je m'en fiche|"
                    r"on s'en fiche|osef|m'en fous|interessiert mich nicht|kein interesse|sin inter[ée]s|"
                    r"sem interesse|sans int[ée]r[êe]t)\b", re.I)
_ALWAYS = re.compile(r"\b(always|vips?|priority|important|notify me|must see|immer|wichtig(e|en|er|es)?|sempre|siempre|importantes?|"
                     r"importants?|toujours|prioritaire|prioridad|prioridade|priorit[äa]t|avisar|benachrichtigen|notifier|"
                     r"notificar|alert me|tell me|people i care about)\b", re.I)
_CUSTOM = re.compile(r"\b(custom|rules?|conditions?|conditional|exceptions?|special cases?|\w*regeln|reglas|r[èe]gles|"
                     r"regras|personali[sz]ad[ao]s|benutzerdefiniert|eigene|personnalis[ée]es|cas particuliers|"
                     r"casos especiales|casos especiais|sonderf[äa]lle|ausnahmen|excepciones|exce[çc][õo]es)\b", re.I)
# a heading that names an area of what reaches the user (the calendar, the family): its verbless rules are read
# strictly, as custom rules are ("Kalender" > "Neue Termine, die heute eingetragen wurden")
_AREA = re.compile(r"^(my |mi |mis |meu |minha |ma |mon |mes |mein |meine )?(calendar|calendario|calend[áa]rio|"
                   r"kalender|agenda|termine|meetings|reuniones|reuni[õo]es|r[ée]unions|family|familia|fam[íi]lia|"
                   r"famille|familie|work|travail|trabajo|trabalho|arbeit|job|office|b[üu]ro|bureau|oficina|"
                   r"escrit[óo]rio|kids|children|enfants|kinder|hijos|filhos|school|escuela|escola|[ée]cole|schule|"
                   r"home|maison|casa|zuhause|clients|kunden|clientes)( stuff| things| items| related| cosas| coisas|"
                   r" sachen| trucs)?$", re.I)
_REST = re.compile(r"^(rest|der rest|resto|reste)$|\b(everything else|anything else|the rest|otherwise|fallback|default|alles andere|"
                   r"todo lo dem[aá]s|el resto|tout le reste|le reste|todo o resto|o resto)\b", re.I)


def heading_effect(heading: str) -> str:
    """always | never | custom | rest (everything else: its rules are catch-alls, T10) | context | own (no effect
    said: each rule's own words decide)."""
    h = heading.strip().strip("*_ :").strip()
    if _CONTEXT.search(h):
        return "context"
    if _NEVER.search(h):
        return "never"
    if _ALWAYS.search(h):
        return "always"
    if _REST.search(h):
        return "rest"
    if _CUSTOM.search(h):
        return "custom"
    return _said_by_verbs(h)


def _said_by_verbs(heading: str) -> str:
    """'Ping me', 'Wake me up for these', 'Lass mich in Ruhe': a heading that is only a verb of telling (or of not
    telling) says the effect its rules have; anything else leaves each rule's own words to say it."""
    said = {it.cls for it in scan(heading)} - {"f", "punct", "pron", "my", "any"}
    if said and said <= {"v+", "always"}:
        return "always"
    if said and said <= {"v-", "neg", "v+"} and said & {"v-", "neg"}:
        return "never"
    return "own"


def _plain(token: Token) -> str:
    parts = []
    for child in token.children or []:
        if child.type in {"text", "code_inline"}:
            parts.append(child.content)
        elif child.type in {"softbreak", "hardbreak"}:
            parts.append(" ")
        elif child.type == "image":
            parts.append(child.content)
    return " ".join("".join(parts).split())


_ABBREV = re.compile(r"(\b(dr|dra|drs|mr|mrs|ms|st|mt|jr|sr|sra|srta|vs|etc|e\.g|i\.e|no|co|inc|ltd|approx|z\.b|p\.ej|"
                     r"prof|profa|capt|rev|mme|mlle|hr|fr|ing|lic|av|tel)\.|\b[A-Z]\.)$", re.I)


def sentences(text: str) -> list[str]:
    """Prose split into sentences, keeping "Dr." / "e.g." and domains intact."""
    pieces = re.split(r"(?<=[.!?])\s+(?=[\"“'(\[¿¡]?[A-ZÀ-ÖØ-Þ0-9@#])", text.strip())
    out: list[str] = []
    for piece in pieces:
        if out and _ABBREV.search(out[-1]):
            out[-1] += " " + piece
        else:
            out.append(piece)
    return [s.strip() for s in out if s.strip()]


def _blocks(tokens: list[Token]) -> list[list]:
    """[kind, level, text, depth, has_children] for headings, paragraphs and list items, in order."""
    blocks: list[list] = []
    stack: list[list] = []
    for i, tok in enumerate(tokens):
        if tok.type == "heading_open":
            blocks.append(["heading", int(tok.tag[1]), _plain(tokens[i + 1]), 0, False])
        elif tok.type == "list_item_open":
            if stack:
                stack[-1][4] = True
            stack.append(["item", 0, "", len(stack) + 1, False])
            blocks.append(stack[-1])
        elif tok.type == "list_item_close":
            stack.pop()
        elif tok.type == "inline" and tokens[i - 1].type == "paragraph_open":
            if stack:
                stack[-1][2] = (stack[-1][2] + " " + _plain(tok)).strip()
            else:
                blocks.append(["paragraph", 0, _plain(tok), 0, False])
    return blocks


_SAYS = {"v+", "v-", "neg", "always", "rest", "only", "unless", "except", "if"}
_PROSE = {"f", "word", "my", "pron", "punct", "name", "used", "emph", "and", "or"}


def _is_context(text: str, section: str | None = None) -> bool:
    """Prose, not a rule (T3): it says nothing to do and names nothing a rule uses ("I know my own routine");
    outside an Always or Never section, also a sentence that only names someone ("Rita handles hiring").
    Anything else is a rule - read, or reported as not understood, never silently dropped."""
    items = scan(text)
    classes = {it.cls for it in items} | {x.cls for it in items if it.cls == "aside" for x in it.items} - {"aside"}
    if classes & _SAYS or classes - _PROSE:
        return False
    return "name" not in classes or section not in {"always", "never"}


def _inline_roles(text: str, people: People) -> None:
    """'... together with my business partner Inés Calvo': "my business partner" is Inés Calvo."""
    items = scan(text)
    for k, it in enumerate(items):
        if it.cls != "my":
            continue
        j = k + 1
        words = []
        while j < len(items) and items[j].cls == "word" and len(words) < 3:
            words.append(items[j].text)
            j += 1
        if words and j < len(items) and items[j].cls == "name" and not items[j].weak:
            people.define(" ".join(words), [Who(by="name", value=items[j].text)])


def _definition(text: str, people: People) -> bool:
    """'My mum is saved as "Mum ❤️" on WhatsApp', 'Dana Whitfield is my accountant': who a role is."""
    items = [it for it in scan(text) if not (it.cls == "punct" and it.text in {".", "!"})]
    if any(it.cls in {"v+", "v-", "neg", "always", "if", "unless", "only"} for it in items):
        return False
    if items and items[0].cls == "my" and any(it.cls == "savedas" for it in items):
        k = next(i for i, it in enumerate(items) if it.cls == "savedas")
        role = " ".join(it.text for it in items[1:k] if it.cls in {"word", "name"})
        rest = [it for it in items[k + 1 :] if it.cls not in {"f", "kind"}]
        if role and len(rest) == 1 and rest[0].cls == "quote":
            people.define(role, [Who(by="contact", value=rest[0].text)])
            return True
        return False
    if items and items[0].cls in {"name", "quote"}:
        try:
            who, j, _ = sender_slot(items, 0, People())
        except Unread:
            return False
        rest = items[j:]
        if len(rest) >= 3 and fold(rest[0].text) in {"is", "es", "ist", "est", "e"} and rest[1].cls == "my" \
                and all(it.cls in {"word", "name"} for it in rest[2:]):
            people.define(" ".join(it.text for it in rest[2:]), who)
            return True
    return False


def parse(text: str) -> RuleSet:
    if not text.strip():
        return RuleSet(text=text)
    tokens = MarkdownIt("commonmark").parse(text)
    blocks = _blocks(tokens)
    people = People()
    for kind, _, body, _, _ in blocks:  # first pass: every definition in the file, "About me" included
        if kind != "heading" and body:
            for sentence in sentences(body):
                _definition(sentence, people) or _inline_roles(sentence, people)
    has_sections = any(heading_effect(b) in {"always", "never", "custom", "rest"} and (
        k == "heading" or k == "paragraph" and len(b.split()) <= 4 and _heading_words(b.strip("*_: ")))
        for k, _, b, _, _ in blocks)
    rules: list[Rule] = []
    context: list[str] = []
    headings: list[tuple[str, str]] = []
    section: str | None = None
    heading = ""
    level = 0
    parents: dict[int, str] = {}
    for kind, lvl, body, depth, has_children in blocks:
        if kind == "heading":
            effect = heading_effect(body)
            if section in {"always", "never", "custom", "rest"} and lvl > level and effect == "own":
                context.append(body)  # a sub-heading inside a known section stays in it
                continue
            if lvl == 1 and not headings and effect == "own":
                context.append(body)  # the document's title
                section, heading = None, body
                continue
            if effect == "own" and _AREA.match(body.strip().strip("*_ :").strip()):
                effect = "custom"  # "Kalender", "Family": an area of what reaches the user, its rules read strictly
            section, heading, level = effect, body, lvl
            headings.append((body, effect))
            continue
        if not body:
            continue
        label = body.strip().strip("*_").rstrip(":").strip("*_ ")
        if kind == "paragraph" and len(label.split()) <= 4 and heading_effect(label) in {"always", "never", "custom"} \
                and (body.rstrip().endswith(":") or _heading_words(label)):
            section, heading = heading_effect(label), label  # "**Always notify**" used as a heading
            headings.append((label, section))
            continue
        if section is None and has_sections or section == "context":
            context.append(body)
            continue
        if kind == "item":
            if has_children and body.rstrip().endswith(":"):
                parents[depth] = body.rstrip()
                continue
            rule_text = body
            parent = parents.get(depth - 1)
            if parent and not _is_context(parent.rstrip(":")) and not _is_label(parent):
                rule_text = f"{parent.rstrip().rstrip(':')} {body}"  # "Emails from:" + "Kofi Mensah"
            if rules and rules[-1].heading == heading and _holds(rules[-1]) and (
                    merged := with_exceptions(rules[-1], rule_text, people)) is not None:
                rules[-1] = merged  # "- Quiet hours 22–7" "- Only two things get through: …": the hold's exceptions
                continue
            rules.append(_read_item(rule_text, section or "own", heading, people, context))
            people.chats.extend(n for n in _chat_names(rules[-1]) if n not in people.chats)
            _unread_exceptions(rules, heading, rule_text)  # "- Quiet hours 22–7" "- Except Sam and …" (unread)
            continue
        for sentence in sentences(body):
            if (who := _identity(sentence)) is not None and section in {"always", "never", "custom", "own"}:
                if rules and rules[-1].understood and _has_sender(rules[-1]):
                    rules[-1] = _extend(rules[-1], who)  # "Their staff write from x.com": more of the last rule's sender
                    context.append(sentence)
                    continue
                if section in {"always", "never"} and fold(sentence.split()[0]) not in {"their", "his", "her"}:
                    rules.append(_sender_rule(sentence, section, heading, who))  # 'Some staff put "(X)" after their name'
                    continue
            if _definition(sentence, people) or _is_context(sentence, section) or (
                    section is None and not _directive(sentence)):
                context.append(sentence)
                continue
            if rules and rules[-1].heading == heading and (
                    merged := with_exceptions(rules[-1], sentence, people)) is not None:
                rules[-1] = merged  # "Solo dos cosas pueden despertarme: ...": the hold's exceptions
                continue
            rules.append(_read(sentence, section or "own", heading, people, context))
            _unread_exceptions(rules, heading, sentence)
    return RuleSet(rules=tuple(r for r in rules if r is not None), context=tuple(context), headings=tuple(headings),
                   text=text)


def _read_item(text: str, section: str, heading: str, people: People, context: list[str]) -> Rule:
    """A bullet: one rule, or a hold and the sentences after it that list its exceptions ("Ruhezeit 22–7 Uhr:
    nichts durchstellen. Ausnahme: Haus Elbblick und der Notdienst kommen immer sofort durch.")."""
    rule = _read(text, section, heading, people, context)
    parts = sentences(text)
    if rule.understood or len(parts) < 2:
        return rule
    first = _read(parts[0], section, heading, people, context)
    for sentence in parts[1:]:
        merged = with_exceptions(first, sentence, people)
        if merged is None:
            return rule
        first = merged
    return Rule(section=first.section, text=text, reading=first.reading, why_not=first.why_not, heading=heading)


def _unread_exceptions(rules: list[Rule], heading: str, text: str) -> None:
    """'…, guárdalo para la mañana. Solo pueden pasar Anto y …', '- Quiet hours 22–7' then '- Except Sam when …':
    when what may still get through, or how the hold ends, is said right after a hold and not understood, the
    hold is not understood either - alone it would hold too much."""
    if len(rules) < 2 or rules[-1].understood or rules[-2].heading != heading or not _holds(rules[-2]) \
            or not _excepts(text):
        return
    hold = rules[-2]
    rules[-2] = Rule(section=hold.section, text=hold.text, reading=None, heading=heading,
                     why_not="what may still get through, said right after it, is not understood: " + rules[-1].why_not)


def _holds(rule: Rule) -> bool:
    return rule.understood and rule.reading is not None and rule.reading.effect == "hold"


def _excepts(sentence: str) -> bool:
    """Whether a sentence may say what is let through, or how the hold ends ("Solo pueden pasar …", "Except Sam",
    "Ausnahme: …", "Hold everything until 6:30, except Matt …")."""
    return any(it.cls in {"only", "except", "unless", "onlyabout", "onlymention", "keep"} for it in scan(sentence))


def _heading_words(label: str) -> bool:
    """A short paragraph that only says an effect ("Always notify", "Never notify"): used as a heading."""
    return all(it.cls in {"v+", "v-", "neg", "always", "f", "rest"} or fold(it.text) in {"rules", "custom", "notify"}
               for it in scan(label))


_IDENTITY_WORDS = {"staff", "people", "colleagues", "employees", "team", "write", "writes", "from", "addresses",
                   "address", "end", "ends", "in", "use", "uses", "personal", "with", "after", "their", "his", "her",
                   "name", "names", "display", "few", "of", "them", "some", "and", "also", "the", "emails", "email",
                   "come", "comes", "sometimes", "or", "a", "an", "domain", "put", "add", "adds", "mail", "mails"}


def _identity(sentence: str) -> list | None:
    """'Their staff write from x.com, and a few use personal addresses with "(X)" after their name'."""
    items = scan(sentence)
    if not items or fold(items[0].text) not in {"their", "his", "her", "some", "several", "many", "few", "a few"}:
        return None
    who = []
    for it in items:
        if it.cls == "domain":
            who.append(Who(by="domain", value=it.text.lower()))
        elif it.cls == "email":
            who.append(Who(by="address", value=it.text.lower()))
        elif it.cls == "phone":
            who.append(Who(by="phone", value=phone(it.text)))
        elif it.cls == "quote":
            who.append(Who(by="display", value=it.text))
        elif it.cls in {"punct", "f", "from", "with", "pron", "my", "and", "or"} or fold(it.text) in _IDENTITY_WORDS:
            continue
        else:
            return None
    return who or None


def _has_sender(rule: Rule) -> bool:
    return '"op":"sender"' in rule.reading.model_dump_json()  # type: ignore[union-attr]


def _sender_rule(text: str, section: str, heading: str, who: list) -> Rule:
    effect = "notify" if section == "always" else "skip"
    return Rule(section=section, text=text, reading=Reading(effect=effect, when=Sender(who=tuple(who))), heading=heading)


def _extend(rule: Rule, who: list) -> Rule:
    def grow(cond):
        if isinstance(cond, Sender):
            return cond.model_copy(update={"who": tuple(dict.fromkeys(cond.who + tuple(who)))})
        if hasattr(cond, "of") and isinstance(cond.of, tuple):
            return cond.model_copy(update={"of": tuple(grow(c) for c in cond.of)})
        return cond

    reading = rule.reading
    grown = reading.model_copy(update={"when": grow(reading.when)})  # type: ignore[union-attr]
    return Rule(section=rule.section, text=rule.text, reading=grown, heading=rule.heading)


def _chat_names(rule: Rule) -> list[str]:
    """The chats a rule names by name (a later "other groups" means the rest)."""
    found: list[str] = []

    def walk(node: object) -> None:
        if isinstance(node, dict):
            if node.get("op") == "chat" and node.get("name"):
                found.append(str(node["name"]))
            for value in node.values():
                walk(value)
        elif isinstance(node, (list, tuple)):
            for value in node:
                walk(value)

    if rule.reading is not None:
        walk(rule.reading.model_dump())
    return found


def _is_label(parent: str) -> bool:
    """'Clients:' - a label over its items (each item is read alone)."""
    items = scan(parent.rstrip(":"))
    return all(it.cls in {"word", "name", "f", "my", "punct"} for it in items)


def _directive(sentence: str) -> bool:
    return any(it.cls in {"v+", "v-", "neg", "always", "rest"} for it in scan(sentence))


def _rest_rule(text: str):
    """Under an "Everything else" heading, a rule that only says what to do ("Nicht benachrichtigen.") is the
    catch-all (T10); anything more is read on its own words."""
    items = scan(text)
    if not items or any(it.cls not in _CATCH_ALL_WORDS - {"kind"} for it in items):
        return None
    if not any(it.cls in {"v+", "v-", "neg", "always"} for it in items):
        return None
    effect = _effect([_Clause("main", [it for it in items if it.cls != "if"])], "own", guess_language(text))
    return Reading(effect=effect, when=Everything(), catch_all=True)


def _read(text: str, section: str, heading: str, people: People, context: list[str]) -> Rule:
    effect_section = section if section in {"always", "never", "custom"} else "custom"
    try:
        reading = read_one(text, section if section not in {"own", "rest"} else "own", people,
                           rest=_rest_rule if section == "rest" else None)
        return Rule(section=effect_section, text=text, reading=reading, heading=heading)
    except Unread as exc:
        return Rule(section=effect_section, text=text, why_not=str(exc), heading=heading)


_ = parse_aside
