"""A clause's noun phrases and the predicates each names (T7): kinds, senders, topics, chats, timing.

    noun_phrases(items, people) -> [Phrase(kinds={"email"}, who=[Who(by="name", value="Dr Mehta")]), ...]

Each item of a clause (see `_scan`) is used by exactly one predicate or is filler; anything else raises
`Unread` naming the word, so `_reader` refuses the whole rule rather than half-applying it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tic.rules._reading import Who, Window
from tic.rules._lexicon import AMOUNT_NOUNS
from tic.rules._nouns import kind_of, ref_label
from tic.rules._scan import HOURS, WORD_LABELS, Item, is_number
from tic.rules._function_words import OF
from tic.rules._replies import started_said
from tic.rules._slots import (
    DESCRIPTORS,
    People,
    Unread,
    amount_slot,
    clock,
    family_role,
    labelled_ref,
    named_role,
    parse_aside,
    range_end,
    sender_slot,
    says_nothing,
    topic_slot,
    window_slot,
)
from tic.rules._tokens import fold

__all__ = ["Phrase", "noun_phrases", "antecedent"]


@dataclass
class Phrase:
    """The predicates one noun phrase names."""

    kinds: set[str] = field(default_factory=set)
    generic_kinds: set[str] = field(default_factory=set)
    who: list[Who] = field(default_factory=list)
    attendee: bool = False
    topics: list[str] = field(default_factory=list)
    subject_topics: list[str] = field(default_factory=list)
    cats: list[str] = field(default_factory=list)
    group: bool | None = None
    chat: str = ""
    mention: bool = False
    addressed: str = ""  # "to" | "cc": where the user is among an e-mail's recipients
    thread: str = ""  # a reply in a thread the user started or answered ("any"), or only started ("started")
    created_today: bool = False
    created_new: bool = False
    within: int | None = None
    starts_on: str = ""  # "today" | "tomorrow"
    starts_before: str = ""
    starts_or_before: bool = False
    starts: bool = False
    recur: bool = False
    freqs: list[str] = field(default_factory=list)
    all_day: bool = False
    cancelled: bool = False
    changed: bool = False
    windows: list[Window] = field(default_factory=list)
    amounts: list = field(default_factory=list)
    anything: bool = False
    channel: bool = False  # ", par courriel ou sur WhatsApp": the way the rest of the rule's messages come
    also: bool = False  # ", also on WhatsApp": another way they come, besides the ones named

    @property
    def empty(self) -> bool:
        return not (self.kinds or self.generic_kinds or self.who or self.topics or self.subject_topics or self.cats
                    or self.group is not None or self.chat or self.mention or self.addressed or self.thread
                    or self.created_today
                    or self.created_new or self.within or self.starts_on or self.recur or self.all_day or self.cancelled or self.changed or self.windows
                    or self.amounts)

    @property
    def kind_only(self) -> bool:
        return bool(self.kinds or self.generic_kinds) and Phrase(kinds=self.kinds,
                                                                   generic_kinds=self.generic_kinds).empty is False \
            and not (self.who or self.topics or self.subject_topics or self.cats or self.group is not None
                     or self.chat or self.mention or self.addressed or self.thread or self.created_today
                     or self.created_new
                     or self.within or self.recur or self.all_day or self.cancelled or self.changed or self.windows or self.amounts)


# --- phrases and predicates --------------------------------------------------------------------------------

_NP_START = {"kind", "any", "notice", "cat"}
_NOT_TOPICS = {"kind", "group", "cat", "notice", "any", "from", "org", "allday", "cancelled", "changed", "onday", "recur", "created", "today", "starts",
               "within", "weekend", "weekday", "day", "between", "before", "mention", "unsaved", "saved", "role",
               "msgverb", "new", "addressed", "thread"}
_PLACE = {"in", "at", "en", "dans", "im", "em", "no", "na", "a", "à", "au", "aux", "auf"}


_AT_A_PLACE = {"chez", "bei", "beim"}  # "rendez-vous chez le kiné", "Termin beim Arzt": where, not who organised it
_OF = OF
# "about" said as a preposition: before what the rule is about ("notify me about emails from X") it is no topic;
# a verb ("quotes", "mentions") before a sender or a kind is not read
_ABOUT_PREPOSITIONS = {"about", "regarding", "concerning", "re", "re:", "on the topic of", "on the subject of",
                       "to do with", "sobre", "acerca de", "zum", "zur", "zum thema", "uber", "sur", "concernant",
                       "a propos de", "referente a", "respecto a", "betreffend", "bezuglich", "de", "du", "des", "pour",
                       "para", "for", "fur", "um", "of"}
_SUBJECTS = {"i", "i've", "i'm", "i'd", "i'll", "we", "we've", "you", "he", "she", "they", "yo", "je", "j'", "ich",
             "eu", "nous", "wir", "nosotros"}  # who does something: a clause, never words to look for
_SHE_IS = {"she's", "he's", "they're", "she is", "he is", "they are"}
_MENTION_VERBS = {"mention", "mentions", "mentioning", "mentioned", "erwahnt", "erwahnen", "mentionne", "mentionnent",
                  "menciona", "mencionan", "menciona", "mencionam"}
_IDENTIFIERS = ("name", "quote", "email", "domain", "phone")
# "X or <word>": a sender or a topic, and does what follows qualify both? Not read: a wrong guess is worse.
_MIXED_OR = [{a, "word"} for a in _IDENTIFIERS]


_ARTICLES = {"the", "le", "la", "l'", "el", "o", "a", "der", "die", "das", "den", "dem", "il", "lo", "mon", "ma",
             "mi", "my", "meu", "minha", "mein", "meine", "meinem", "meiner", "our", "notre", "nuestro", "nuestra",
             "los", "las", "les", "os", "as"}


def noun_phrases(items: list[Item], people: People) -> list[Phrase]:
    """The noun phrases of a clause, each with its predicates (a kind-only phrase shares the next one's)."""
    phrases = [Phrase()]
    _reminders(items)
    i = 0
    while i < len(items):
        it = items[i]
        cls = it.cls
        ph = phrases[-1]
        if cls in {"and", "or"} or (cls == "punct" and it.text in {",", ";"}) or (
                cls == "punct" and it.text in {"-", "–", "—"} and (n := _next_content(items, i + 1)) is not None
                and items[n].cls == "kind"):  # "Tom Becker - email or WhatsApp": the ways his messages come
            nxt = _next_content(items, i + 1)
            if nxt is not None and items[nxt].cls in {"any"} and not ph.empty:
                phrases.append(Phrase())
                i = nxt
                continue
            if nxt is not None and items[nxt].cls == "kind" and (ph.who or ph.topics or ph.created_today
                                                                 or ph.within or _families(ph)) and not ph.empty:
                between = [fold(x.text) for x in items[i + 1 : nxt]]
                phrases.append(Phrase(channel=any(w in _CHANNEL_WORDS for w in between),
                                      also=any(w in _ALSO for w in between)))
                i = nxt
                continue
            if nxt is not None and _head_family(items, nxt) == "cal" and (had_cal := _calendar_kinds(ph)) \
                    and (head := items[nxt].cls) not in had_cal and not {head} | had_cal <= {"cancelled", "changed"}:
                if not (nxt + 1 < len(items) and items[nxt + 1].cls == "kind"):  # "recurring and all-day events"
                    raise Unread(f'"{it.text}" between two kinds of calendar item: both at once, or either?')
                phrases.append(Phrase())  # "recurring meetings and all-day events": either
                i = nxt
                continue
            if nxt is not None and not ph.empty and _families(ph) and not ph.kinds and not ph.generic_kinds \
                    and items[nxt].cls == "word" and _modifies_kind(items, nxt):
                phrases.append(Phrase())  # "newsletters, promotions, webinar invitations": the last noun is its own
                i = nxt
                continue
            if nxt is not None and not ph.empty and (family := _head_family(items, nxt)) is not None \
                    and (family not in (had := _families(ph)) and had or family == "chat" and ph.chat
                         or family == "cat" and "cat" in had and "who" in had):
                # "les alertes automatiques de ProZ et les newsletters de la SFT": a kind, then whose - twice
                phrases.append(Phrase())  # "LinkedIn and newsletters", "group chats and LinkedIn": either of them,
                i = nxt  # never newsletters from LinkedIn
                continue
            if cls == "or" and nxt is not None and not ph.empty and (
                    items[nxt].cls in {"about", "with", "subjv"} and ph.who and not ph.topics and not ph.subject_topics
                    or items[nxt].cls == "from" and (ph.topics or ph.subject_topics) and not ph.who):
                phrases.append(Phrase(kinds=set(ph.kinds), generic_kinds=set(ph.generic_kinds)))
                i = nxt  # "emails from Dr. Patel or about the lease": e-mails of either kind
                continue
            if cls == "or" and nxt is not None and i > 0 and {items[i - 1].cls, items[nxt].cls} in _MIXED_OR \
                    and not (items[nxt].cls == "word" and nxt + 1 < len(items)
                             and items[nxt + 1].cls in {"aside", "name", "quote"}) \
                    and not named_role(items, nxt, people):  # "Antoine ou la nounou (Sabrina)"
                raise Unread(f'what "{it.text}" joins here is not understood')  # "Pix ou transferência": either?
            if cls == "or" and nxt is not None and not ph.empty and _either(items, i, nxt):
                raise Unread(f'"{it.text}" between two different conditions is not understood')
            i += 1
            continue
        if cls == "about" and it.value:
            add_topics(ph, [str(it.value)])
            i += 2
            continue
        if cls in {"f", "my", "notice", "neg", "negv", "v+", "v-", "always", "emph", "punct", "used"}:
            if cls == "my" and i + 1 < len(items) and items[i + 1].cls in {"word", "name"}:
                who, i = _sender_from(items, i, people)
                ph.who.extend(who)
                continue
            i += 1
            continue
        if cls == "any":
            ph.anything = True
            i += 1
            continue
        if cls == "kind":
            kinds = set(it.value)  # type: ignore[arg-type]
            listed = i > 0 and (items[i - 1].cls in {"or", "and"} or items[i - 1].text in {",", "/"}) and ph.kinds
            (ph.generic_kinds if len(kinds) > 1 and not listed else ph.kinds).update(kinds)  # "correo o mensaje":
            # either way; "WhatsApp messages": the one way
            i += 1
            continue
        if cls == "recur" and (i + 1 < len(items) and items[i + 1].cls == "cat" or i > 0 and items[i - 1].cls == "cat"):
            i += 1  # "weekly summaries", "resúmenes semanales": how often the digest comes, not a calendar series
            continue
        if cls == "cat" and i + 2 < len(items) and items[i + 1].cls == "f" and fold(items[i + 1].text) in _OF \
                and items[i + 2].cls == "word" and items[i + 2].text.islower():
            raise Unread(f'"{it.text} {items[i + 1].text} {items[i + 2].text}": a kind of mail, or what it is '
                         "about?")  # "ofertas de compra" (offers to buy a house) are no marketing
        if cls == "cat":
            if it.value == "automated" and (i + 1 < len(items) and items[i + 1].cls == "cat"
                                            and items[i + 1].value != "automated"
                                            or i > 0 and items[i - 1].cls == "cat" and items[i - 1].value != "automated"):
                i += 1  # "automated digests", "rapports automatiques": the digest is the kind, "automated" describes it
                continue
            ph.cats.append(str(it.value))
            i += 1
            continue
        if cls == "group" and it.value is True and (nxt := _next_content(items, i + 1)) is not None \
                and items[nxt].cls in {"quote", "name"}:
            _one_chat(ph, items[nxt].text)
            ph.chat, ph.group = items[nxt].text, True  # 'the group "Primos Villalba"'
            ph.kinds.add("whatsapp")
            i = nxt + 1
            continue
        if cls == "group":
            if ph.group is not None and ph.group != it.value:
                raise Unread("the rule asks for a group chat and a direct chat at once")
            ph.group = bool(it.value)
            ph.kinds.add("whatsapp")
            i += 1
            continue
        if cls == "mention":
            ph.mention = True
            i += 1
            continue
        if cls == "thread":
            ph.thread = "started" if it.value == "started" or started_said(it.text) else "any"  # an e-mail's
            i += 1
            continue
        if cls == "addressed":
            if ph.addressed and ph.addressed != it.value:
                raise Unread("the rule asks for the To line and only CC at once")
            ph.addressed = str(it.value)  # an e-mail's, as the shape says (no Kind of its own: "unless I am only in CC")
            i += 1
            continue
        if cls in {"from", "org"} and ph.who and not _joined(items, i):
            raise Unread(f'two senders without "or" between them ("{it.text}") are not understood')  # 'Plantão: … do X'
        if cls in {"from", "org"}:
            nxt = _next_content(items, i + 1)
            if nxt is not None and cls == "from" and (items[nxt].cls in {"kind", "group", "cat", "notice", "any"} or (
                    items[nxt].cls in {"name", "quote"} and nxt + 1 < len(items) and items[nxt + 1].cls == "group"
                    and items[nxt + 1].value is True)):
                i += 1  # "from a WhatsApp group", "from the HOA group chat": not a sender
                continue
            if fold(it.text) in _AT_A_PLACE and (ph.kinds == {"calendar"} or any(
                    x.cls in {"cancelled", "changed", "starts", "within", "created"} for x in items)):
                raise Unread(f'"{it.text} {items[nxt].text if nxt is not None else ""}": the place of the '
                             "appointment, or who organised it?")  # "un rendez-vous chez Dr Morel"
            who, i, _ = sender_slot(items, i + 1, people, org=cls == "org")
            ph.who.extend(who)
            continue
        if cls == "with":
            i = _with(items, i, ph, people)
            continue
        if cls == "whether":  # "any recurring event, whether daily, weekly or monthly": every frequency
            j = i + 1
            named: list = []
            while j < len(items):
                x = items[j]
                if x.cls == "aside" and items[j - 1].cls == "kind" and (found := _identifiers(x)):
                    named.extend(found)  # "egal ob Mail (albrecht@x.de) oder WhatsApp": the address there, too
                elif not (x.cls in {"recur", "kind", "or"} or x.cls == "punct" and x.text == ","):
                    break
                j += 1
            listed = {x.cls for x in items[i + 1 : j]} - {"or", "punct", "aside"}
            if listed == {"kind"}:  # "egal ob Mail oder WhatsApp", "whether e-mail or WhatsApp": any of those kinds
                ph.generic_kinds.update(k for x in items[i + 1 : j] if x.cls == "kind" for k in x.value)
                ph.who.extend(named)
                i = j
                continue
            if listed != {"recur"}:
                raise Unread(f'"{it.text}" is not understood here')
            ph.recur = True
            ph.kinds.add("calendar")
            i = j
            continue
        if cls == "subjv":  # 'the subject line says "URGENT"'
            phrases_, i = topic_slot(items, i + 1)
            if not phrases_:
                raise Unread(f'"{it.text}" is not followed by the words to look for')
            ph.subject_topics.extend(phrases_)
            ph.kinds.add("email")
            continue
        if cls == "word" and fold(it.text) in DESCRIPTORS and i + 1 < len(items) and items[i + 1].cls == "name" \
                and not items[i + 1].weak:
            i += 1  # "du cabinet Vasseur & Associés": the kind of firm, then its name
            continue
        if cls == "word" and it.text.islower() and i > 0 and items[i - 1].cls == "f" \
                and fold(items[i - 1].text) in _ARTICLES and i + 1 < len(items) and items[i + 1].cls == "name" \
                and not items[i + 1].weak:
            i += 1  # "le grossiste OCP", "el fontanero Luis", "the plumber Joe": what they are, then who
            continue
        if cls == "ident":  # "the number +43 ...", "the domain x.com", "whose address ends in x.com"
            who, i, _ = sender_slot(items, i, people)
            ph.who.extend(who)
            continue
        if cls == "about":
            nxt = _next_content(items, i + 1)
            if nxt is None:
                raise Unread(f'"{it.text}" is not followed by a topic')
            if items[nxt].cls in _NOT_TOPICS and fold(it.text) in _MENTION_VERBS:
                raise Unread(f'"{it.text} {items[nxt].text}" is not understood')  # "LinkedIn mention notifications"
            if (items[nxt].cls in _NOT_TOPICS or _head_family(items, nxt) == "chat") \
                    and fold(it.text) not in _ABOUT_PREPOSITIONS \
                    and fold(it.text).rpartition(" ")[2] not in _ABOUT_PREPOSITIONS:
                raise Unread(f'"{it.text} {items[nxt].text}" is not understood')  # "Invoices or quotes from X": a noun
            if items[nxt].cls in _NOT_TOPICS or _head_family(items, nxt) == "chat":
                i += 1  # "notify me about emails ...", "about the Westbrook group": the object, not a topic
                continue
            if items[nxt].cls in {"f", "pron"} and items[nxt].text.lower() in {"it", "them", "this", "that", "lo",
                                                                                 "es", "ca", "cela", "isso"}:
                add_topics(ph, [antecedent(items)])
                i = nxt + 1
                continue
            phrases_, i = topic_slot(items, i + 1, people)
            if not phrases_:
                raise Unread(f'the topic after "{it.text}" is not understood')
            add_topics(ph, phrases_)
            continue
        if cls in {"word", "name"} and (cls == "word" or it.initial and i == 0 and fold(it.text) in AMOUNT_NOUNS) \
                and fold(it.text) not in _INSTITUTIONS and (k := _before_amount(items, i)) is not None:
            alternatives: list[list[Item]] = [[]]  # "invoices over €500", "Invoices or payment requests over ₱100,000"
            for x in items[i:k]:
                if x.cls == "or":
                    alternatives.append([])
                else:
                    alternatives[-1].append(x)
            for a in alternatives:  # "pedidos de pagamento": the words as written, less what ends them
                while a and a[-1].cls == "f":
                    a.pop()
                for x, y in zip(a, a[1:]):
                    if fold(x.text) in _OF and fold(y.text) not in AMOUNT_NOUNS:  # "facturas de proveedores":
                        raise Unread(f'"{x.text} {y.text}": from whom, or about what? (say "from …")')  # whose
            add_topics(ph, [" ".join(_common(x) for x in a) for a in alternatives if a])
            i = k
            continue
        if cls == "quote" and (k := kind_of(items, i)) is not None:
            ph.cats.append(k[0])  # 'any "digest" kind of email', 'tout mail du genre « digest »'
            i = k[1]
            continue
        if cls == "quote" and i > 0 and fold(items[i - 1].text).rpartition(" ")[2] in WORD_LABELS:
            add_topics(ph, [it.text])  # 'the words "Okafor v. Lindqvist"': text to look for, never a contact
            i += 1
            continue
        if cls == "quote" and _says_words(it.text) and not (i > 0 and items[i - 1].cls in {"from", "org"}) \
                and not (i + 1 < len(items) and (items[i + 1].cls == "group" or _names_a_chat(items[i + 1]))):
            add_topics(ph, [it.text])  # '"tips to grow your store" stuff': words the message says, never a contact
            i += 1
            continue
        if cls in {"name", "quote"}:
            if ph.who and not _joined(items, i) and i > 0 and items[i - 1].cls in {"f", "from"} \
                    and any(x.cls == "punct" and x.text == ":" for x in items[:i]):
                raise Unread(f'two senders without "or" between them ("{it.text}") are not understood')
            if i > 1 and items[i - 1].cls == "f" and fold(items[i - 1].text) in _OF and items[i - 2].cls == "name":
                raise Unread(f'"{items[i - 2].text} {items[i - 1].text} {it.text}": one name, or someone of a place? '
                             '(say "X at Y")')  # "Lucas du Domaine des Tilleuls", never Lucas or Tilleuls
            i = _bare_name(items, i, ph, people)
            continue
        if cls in {"email", "domain", "phone", "unsaved", "saved", "role"}:
            who, i, _ = sender_slot(items, i, people)
            ph.who.extend(who)
            continue
        if cls == "msgverb":
            (ph.kinds if len(it.value) == 1 else ph.generic_kinds).update(it.value)  # type: ignore[arg-type]
            if i + 1 < len(items) and items[i + 1].cls == "quote":
                add_topics(ph, [items[i + 1].text])  # 'salvo que alguien escriba "urgente"': the words written
                i += 2
                continue
            i += 1
            continue
        if cls == "pron":
            if it.text.lower() in {"her", "his", "their", "su", "sus", "ihre", "ihr", "sein", "seine", "son", "sa",
                                   "ses", "leur", "leurs", "dele", "dela"} and people.last:
                ph.who.extend(people.last)
            i += 1
            continue
        if cls in {"created", "new", "today", "starts", "within", "recur", "allday", "cancelled", "changed", "fromnow",
                   "unit", "onday"}:
            i = _timing(items, i, ph)
            continue
        if cls in {"between", "before", "weekend", "weekday", "day"} \
                or cls in {"time", "number"} and (k := range_end(items, i)) is not None \
                and (cls == "time" or items[k].cls == "time") \
                or cls == "after" and i + 3 < len(items) and items[i + 2].cls == "or" and items[i + 3].cls == "before" \
                and not any(x.cls == "kind" and "calendar" in (x.value or ()) for x in items):
            window, i = window_slot(items, i)
            ph.windows.append(window)
            continue
        if cls == "cmp":
            amount, i = amount_slot(items, i)
            ph.amounts.append(amount)
            continue
        if cls == "word" and len(fold(it.text)) > 2 and (role := family_role(it.text)) is not None:
            ph.who.append(Who(by="role", value=role))  # "mum and dad - always": the user's own, as "my mum"
            i += 1
            continue
        if cls == "night":
            if not any(x.cls in {"between", "before", "after"} for x in items):
                raise Unread(f'"{it.text}": which hours? (say them: "from 22:00 to 7:00")')
            i += 1  # "la nuit, de 22 h à 7 h": the hours say what the night is
            continue
        if cls == "judge":
            raise Unread(f'"{it.text}" needs judgement (a model can read it)')
        if cls == "aside" and ph.recur and all(x.cls in {"recur", "or", "emph"} or x.text == "," for x in it.items):
            ph.freqs.extend(str(x.value) for x in it.items if x.cls == "recur" and x.value)  # "(diários, semanais)"
            i += 1
            continue
        if cls == "aside" and (ph.all_day or ph.recur) and it.items and all(
                x.cls in {"word", "name", "punct", "and", "or", "f"} for x in it.items):
            i += 1  # "Ganztägige Termine (Urlaub, Fortbildung)", "Eventos de dia inteiro (feriados, aniversários)": examples
            continue
        if cls == "aside" and _also_these(it.items):
            i += 1  # "WhatsApp-Gruppen (auch „Familie Petersen“)", "(sí, también «Familia»)": named, and included
            continue
        if cls == "aside" and ph.cats and not ph.who and _also_theirs(it.items):
            i += 1  # "Promociones y publicidad (también las de las fincas)": the same kinds from them - included
            continue
        if cls == "aside" and it.items and all(x.cls in {"concfull", "conc", "f", "emph", "always", "punct"}
                                               for x in it.items):
            i += 1  # "(mesmo de madrugada)", "(even at night)": widens nothing
            continue
        if cls == "aside":
            who, role = parse_aside(it.items)
            if who and (ph.who or i > 0 and items[i - 1].cls == "kind") \
                    and all(w.by in {"domain", "address", "phone", "contact"} for w in who):
                ph.who.extend(who)  # "the Insights newsletter (insights@x.com)": whose it is; "… ou sur WhatsApp
                # (« Olivier 💛 »)": who writes there
            elif who or not says_nothing(it.items) and not (role and i > 0 and (items[i - 1].cls in {
                    "name", "quote", "phone", "email", "domain"} or items[i - 1].cls == "msgverb" and i > 1
                    and items[i - 2].cls == "name" or fold(it.items[0].text) in _SHE_IS)):
                # "+33 6 12 34 56 78 (ma comptable)": whose number; "…, let me know; he's our artistic director"
                raise Unread("the words in brackets are not understood: " + " ".join(x.text for x in it.items))
            i += 1
            continue
        if cls == "word" and i + 1 < len(items) and items[i + 1].cls == "aside" and (
                who := parse_aside(items[i + 1].items)[0]) and all(w.by in {"domain", "address", "name"} for w in who):
            # "los correos del trabajo (@logisur.es)", "da operadora (Vodafone)": what the brackets say is who
            ph.who.extend(who)
            i += 2
            continue
        if cls == "word" and fold(it.text) in AMOUNT_NOUNS and (i + 1 == len(items) or items[i + 1].cls in {
                "punct", "only", "if", "unless", "except", "or", "and", "from"}):
            add_topics(ph, [_common(it)])  # "Invoices only if the amount is 500 € or more": papers of that name
            i += 1
            continue
        if cls == "word" and (k := _labelled_reference(items, i)) is not None:
            phrases_, i = topic_slot(items, i)  # "Todo lo del expediente 2024/00871 del Ayuntamiento": its number
            add_topics(ph, phrases_)
            continue
        if cls == "word" and fold(it.text) in _INSTITUTIONS and (
                _before_amount(items, i) is not None or _modifies_kind(items, i)):
            raise Unread(f'who "{it.text}" is is not known locally: name them')  # "alertas del banco de más de 1.000 €"
        if cls == "word" and _modifies_kind(items, i) and fold(it.text) in _ATTENDANCE:
            raise Unread(f'"{it.text} {items[i + 1].text}": how you are invited is not known offline')
        if cls == "word" and _modifies_kind(items, i) and fold(it.text) in _WHOSE_NOT_WHAT:
            raise Unread(f'"{it.text}" {items[i + 1].text}: which ones? (name the senders or their domain)')
        if cls == "word" and _modifies_kind(items, i):
            j = i
            while items[j].cls == "word":
                j += 1
            noun = items[j]
            words = " ".join(_common(x) for x in items[i:j])
            add_topics(ph, [f"{words} {noun.text}" if set(noun.value) == {"calendar"} else words])  # type: ignore[arg-type]
            i = j
            continue
        if cls == "ref" and (i > 0 and items[i - 1].cls in {"notice", "kind"}
                             or i + 1 < len(items) and items[i + 1].cls in {"notice", "kind"}):
            i = ref_label(items, i, ph)  # "las alertas P1", "the P1 alerts": alerts about P1
            continue
        if cls == "subject":
            raise Unread(f'"{it.text}" without the words to look for is not understood')
        what = {"word": "is not understood", "number": "(a number) is not used by anything",
                "time": "(a time) is not used by anything", "money": "(an amount) is not used by anything",
                "ref": "is not used by anything", "after": "(a time) is not understood without its end",
                "unless": "is not understood here", "if": "is not understood here"}.get(cls, "is not understood here")
        raise Unread(f'"{it.text}" {what}')
    out = [p for p in phrases if not p.empty or p.anything]
    merged: list[Phrase] = []
    for p in out:
        if p.also and p.kind_only and merged:  # "emails from Ana, also on WhatsApp": those ways too
            for m in merged:
                if m.kinds or m.generic_kinds:
                    m.generic_kinds, m.kinds = m.kinds | m.generic_kinds | p.kinds | p.generic_kinds, set()
            continue
        if (p.channel or p is out[-1] and not p.anything) and p.kind_only and merged and not merged[-1].kind_only \
                and (p.kinds | p.generic_kinds) != {"calendar"}:  # "newsletters and meeting invites": no way to come
            # "tout sur le tournoi, par courriel ou sur WhatsApp", "Wanjiru - my paralegal, email or WhatsApp":
            # the way the rest comes ("and all WhatsApp messages" would say "all")
            _by_channel(merged, p.kinds | p.generic_kinds)
            continue  # "Emails and WhatsApp messages from Luis": a bare kind shares the next phrase's predicates
        if merged and merged[-1].kind_only and p.anything and not p.empty and not (p.kinds or p.generic_kinds):
            merged[-1] = p  # "texts, emails, anything from Claire": the list ends in "anything" - every kind
            continue
        if merged and merged[-1].kind_only and not p.kind_only:
            p.kinds |= merged[-1].kinds
            p.generic_kinds |= merged[-1].generic_kinds
            merged[-1] = p
        else:
            merged.append(p)
    return merged or [Phrase(anything=True)]


# a preposition saying by which way messages come: "by e-mail", "par courriel", "sur WhatsApp", "per Mail"
_CHANNEL_WORDS = {"by", "via", "on", "over", "through", "par", "sur", "por", "pelo", "pela", "per", "auf", "uber"}


_ALSO = {"also", "too", "as well", "tambien", "auch", "aussi", "tambem", "ebenfalls", "ainsi que"}


def _by_channel(phrases: list[Phrase], channel: set[str]) -> None:
    """Narrow each phrase to the kinds of message a trailing "by e-mail or on WhatsApp" names."""
    for ph in phrases:
        kinds = (ph.kinds or ph.generic_kinds or {"email", "whatsapp", "calendar"}) & channel
        if not kinds:
            raise Unread("the way the messages come does not fit what the rule names")
        ph.kinds, ph.generic_kinds = (set(kinds), set()) if len(kinds) == 1 else (set(), set(kinds))


def _common(item: Item) -> str:
    """A word as a topic term: a capital at the start of the rule is not a proper name."""
    return item.text.lower() if item.initial else item.text


def _labelled_reference(items: list[Item], i: int) -> int | None:
    """Where the reference a label word names stands ('expediente 2024/00871', 'dossier n° SIN-88214'), or None."""
    j = i + 1
    while j < len(items) and j - i <= 3 and (items[j].cls in {"word", "ident"} or items[j].cls == "f" and len(
            items[j].text) <= 3):
        j += 1
    return j if j < len(items) and items[j].cls == "ref" else None


def _before_amount(items: list[Item], i: int) -> int | None:
    """Where the amount comparison after a run of common words starts ("invoices over", "facturas o pedidos de
    pago de más de"), or None - also when the run is a clause of its own ("saying I've received more than")."""
    j = i + 1
    while j < len(items) and (items[j].cls in {"word", "f"} or items[j].cls == "or" and j + 1 < len(items)
                              and items[j + 1].cls == "word") and j - i < 7:
        if fold(items[j].text) in _SUBJECTS:
            return None
        j += 1
    return j if j < len(items) and items[j].cls == "cmp" and items[j - 1].cls in {"word", "f", "name"} else None


# words before a calendar item that say how the user is invited, which the reader does not know ("optional meetings")
_ATTENDANCE = {"optional", "mandatory", "required", "tentative", "declined", "accepted", "unanswered", "optionale",
               "opcionales", "opcional", "optionnelles", "optionnel", "facultatives", "facultativos", "facultativas"}
# words before a kind of message that say whose or what sort it is, which no message's text says ("work emails",
# "personal messages"): never a topic to look for
_WHOSE_NOT_WHAT = {"work", "personal", "private", "business", "office", "professional", "job", "family", "school",
                   "uni", "college", "client", "customer", "internal", "external", "important", "other", "random",
                   "trabajo", "laboral", "laborales", "personal", "personales", "privado", "privados", "travail",
                   "pro", "perso", "personnel", "personnels", "arbeit", "privat", "private", "trabalho", "pessoais",
                   "pessoal", "old", "older", "new", "recent", "viejos", "antiguos", "alte", "alten", "anciens",
                   "velhos", "antigos", "long", "short", "big", "small"}


# who sends, not what a message says: "bank alerts over $1,000", "alertas del banco" are from one's bank
_INSTITUTIONS = {"bank", "banks", "banco", "bancos", "banque", "banques", "sparkasse", "school", "escuela", "colegio",
                 "ecole", "schule", "escola", "hospital", "hopital", "krankenhaus", "clinic", "clinica", "clinique",
                 "klinik", "gym", "gimnasio", "insurance", "insurer", "seguro", "seguros", "assurance", "versicherung",
                 "landlord", "casero", "vermieter", "senhorio", "doctor", "medico", "medecin", "arzt", "dentist",
                 "dentista", "dentiste", "zahnarzt", "accountant", "contador", "contable", "comptable", "lawyer",
                 "abogado", "avocat", "anwalt", "advogado", "university", "universidad", "universite", "universitat",
                 "universidade", "kita", "daycare", "nursery", "guarderia", "creche", "employer", "boss", "jefe",
                 "chef", "chefe", "patron", "office", "oficina", "bureau", "buro", "escritorio"}


def _modifies_kind(items: list[Item], i: int) -> bool:
    """'lab meeting reminders', 'invoice emails': lower-case words right before a kind noun name its topic."""
    j = i
    while j < len(items) and items[j].cls == "word" and j - i < 3:
        j += 1
    if j == i + 1 < len(items) and i > 0 and fold(items[i - 1].text) in {"a", "an", "every", "each"} \
            and items[j].text.endswith("s"):
        return False  # "if a client emails about …": one client, and "emails" is what they do - a sender, not a topic
    return j < len(items) and items[j].cls == "kind"


# what kind of condition an item starts: an "or" between two of the same kind lists alternatives of it; between
# two kinds ("added today or starting within the hour") it would be read as "and" - never
_CONDITION_OF = {"created": "created", "today": "created", "new": "created", "starts": "starts", "within": "starts",
                 "recur": "recur", "allday": "allday", "cancelled": "change", "changed": "change", "mention": "mention", "addressed": "addressed", "thread": "thread",
                 "between": "window", "weekend": "window", "weekday": "window", "day": "window", "before": "window",
                 "after": "window", "cmp": "amount", "group": "chat", "about": "topic", "subjv": "topic"}


# "from Dad or mentioning me": a sender and another kind of condition, either of them - never both
_EITHER_OF = {**_CONDITION_OF, **{c: "who" for c in ("name", "quote", "email", "domain", "phone", "org", "role", "from")}, "cat": "cat"}


# the head of a noun phrase an "and"/"or"/comma may start, by the family of condition it names: a head of a family
# the phrase so far lacks, after one of another family, is another alternative ("LinkedIn and newsletters")
_HEAD_FAMILY = {"cat": "cat", "name": "who", "quote": "who", "domain": "who", "email": "who", "phone": "who",
                "org": "who", "group": "chat", "recur": "cal", "allday": "cal", "cancelled": "cal", "changed": "cal"}


def _head_family(items: list[Item], k: int) -> str | None:
    """The family of the head at items[k]: 'the "Vecinos" group' is a chat, not a sender; "les notifications
    LinkedIn" is a sender."""
    while k + 1 < len(items) and (items[k].cls == "notice" or items[k].cls in {"from", "f"} and k > 0
                                  and items[k - 1].cls in {"notice", "from", "f"}  # "notificações do LinkedIn"
                                  or items[k].cls == "pron" and fold(items[k].text) in _ARTICLES):
        k += 1
    if items[k].cls == "group" and k + 1 < len(items) and items[k + 1].cls in {"name", "quote"}:
        return "chat"  # 'and group "Padres"'
    if items[k].cls in {"name", "quote"} and k + 1 < len(items) and items[k + 1].cls == "group":
        return "chat"
    return _HEAD_FAMILY.get(items[k].cls)


def _one_chat(ph: Phrase, name: str) -> None:
    if ph.chat and ph.chat != name:
        raise Unread(f'two chats ("{ph.chat}", "{name}") in one phrase are not understood')


def add_topics(ph: Phrase, phrases: list[str]) -> None:
    """A topic slot's alternatives ("about A or B"); a second slot in the same phrase ("virements de plus de 1 500 €
    sur le compte pro") would be read as either - both at once, or either? - and is refused."""
    if ph.topics and phrases:
        raise Unread(f'two things to look for ("{ph.topics[0]}", "{phrases[0]}") in one phrase are not understood')
    ph.topics.extend(phrases)


def _identifiers(aside: Item) -> list:
    """The addresses, domains and numbers an aside gives, when that is all it gives ([] otherwise)."""
    who = parse_aside(aside.items)[0]
    return who if who and all(w.by in {"address", "domain", "phone", "contact"} for w in who) else []


def _calendar_kinds(ph: Phrase) -> set[str]:
    return {cls for cls, has in (("recur", ph.recur), ("allday", ph.all_day), ("cancelled", ph.cancelled),
                                 ("changed", ph.changed), ("created", ph.created_today or ph.created_new)) if has}


def _families(ph: Phrase) -> set[str]:
    return {f for f, has in (("cat", ph.cats), ("who", ph.who), ("chat", ph.group is not None or ph.chat),
                             ("cal", ph.recur or ph.all_day or ph.cancelled or ph.changed or ph.created_today
                                     or ph.created_new)) if has}


def _joined(items: list[Item], i: int) -> bool:
    """Whether a connective ("or", "and", a comma) comes right before items[i] (fillers aside)."""
    k = i - 1
    while k >= 0 and items[k].cls in {"f", "kind", "any", "about", "notice", "my"}:
        k -= 1  # "…, and about any email from our importer": the connective before the new noun phrase
    return k >= 0 and (items[k].cls in {"or", "and"} or items[k].cls == "punct" and items[k].text in {",", ";", "/"})


def _either(items: list[Item], i: int, nxt: int) -> bool:
    """Whether the "or" at items[i] joins two different kinds of condition."""
    k = i - 1
    while k >= 0 and items[k].cls in {"f", "punct"}:
        k -= 1
    while nxt + 1 < len(items) and items[nxt].cls in {"f", "pron"}:
        nxt += 1  # "… or that Dad writes"
    before = _EITHER_OF.get(items[k].cls) if k >= 0 else None
    after = _EITHER_OF.get(items[nxt].cls)
    return before is not None and after is not None and before != after


_INCLUDED = {"also", "auch", "tambien", "aussi", "tambem", "including", "incl", "inklusive", "incluido", "incluidos",
         "incluso", "inclus", "y", "und", "et", "and", "e", "si", "sim", "ja", "oui", "yes", "even", "selbst"}


def _also_these(inner: list[Item]) -> bool:
    """'(auch „Familie Petersen“)', '(including the "Family" group)': the aside names what the rule already
    covers, as included - it narrows nothing and widens nothing."""
    words = [x for x in inner if not (x.cls == "punct" or x.cls == "f" and fold(x.text) in _ARTICLES)]
    lead = [x for x in words if fold(x.text) in _INCLUDED]
    named = [x for x in words if fold(x.text) not in _INCLUDED]
    return bool(lead) and fold(words[0].text) in _INCLUDED and bool(named) and all(
        x.cls in {"name", "quote", "group", "kind"} for x in named)


_THOSE = {"those", "the ones", "las", "los", "les", "celles", "ceux", "as", "os", "die", "jene", "aquellas", "aquellos"}


def _also_theirs(inner: list[Item]) -> bool:
    """'(también las de las fincas)', '(also the ones from my bank)', '(auch die von Zalando)': the kinds of mail
    just named, from someone - already covered by a rule on those kinds from anyone."""
    words = [x for x in inner if x.cls != "punct"]
    if len(words) < 3 or fold(words[0].text) not in _INCLUDED:
        return False
    k = 1
    if fold(words[k].text) == "the" and k + 1 < len(words) and fold(words[k + 1].text) == "ones":
        k += 1  # "the ones"
    if words[k].cls == "from" and any(fold(words[k].text).startswith(t) for t in _THOSE):
        pass  # "the ones from", scanned as one
    elif (fold(words[k].text) in _THOSE or fold(words[k].text) == "ones") and k + 1 < len(words) \
            and (words[k + 1].cls == "from" or fold(words[k + 1].text) in OF):
        k += 1
    else:
        return False
    return all(x.cls in {"f", "pron", "word", "name", "my", "from"} for x in words[k + 1 :])


def _says_words(quoted: str) -> bool:
    """Whether quoted text is words of a message ("tips to grow your store": three words or more, in lower case)
    rather than a name a contact is saved under ("Caro 🌻", "Mamá")."""
    words = quoted.split()
    return len(words) >= 3 and all(w[:1].islower() or not w[:1].isalpha() for w in words[1:])


def _next_content(items: list[Item], j: int) -> int | None:
    while j < len(items) and items[j].cls == "f" and items[j].text.lower() not in {"it", "them", "this", "that"}:
        j += 1
    return j if j < len(items) else None


def _sender_from(items: list[Item], i: int, people: People) -> tuple[list[Who], int]:
    who, j, _ = sender_slot(items, i, people)
    return who, j


# what "with … in the subject" may name as the words to look for, whatever else the words mean elsewhere
_LITERAL = {"quote", "word", "judge", "name", "cat", "number"}


def _with(items: list[Item], i: int, ph: Phrase, people: People) -> int:
    nxt = _next_content(items, i + 1)
    if nxt is not None and items[nxt].cls == "name" and (ref := labelled_ref(items[nxt])).cls == "ref":
        items[nxt] = ref  # "mit der Auftragsnummer AU-2026-1184", scanned as one German name
    label = nxt
    while label is not None and label < len(items) and label - nxt < 4 and (
            items[label].cls in {"ident", "word", "f", "my"} or items[label].cls == "name" and items[label].weak
            or items[label].text == "."):  # "w/ claim no. CLM-448120"
        label += 1  # "con el número de expediente 2026/00871", "mit der Auftragsnummer AU-2026-1184": its label
    if label is not None and label < len(items) and items[label].cls == "ref":
        nxt = label
    if nxt is not None and items[nxt].cls in {"quote", "word", "ref"}:
        phrases_, j = topic_slot(items, nxt)  # 'com "Câmara de Campinas" ou "CPI do transporte" no assunto'
        k = j
        while k < len(items) and items[k].cls == "f":
            k += 1
        named = [x for x in items[nxt:j] if x.cls in {"quote", "ref"}]
        if phrases_ and k < len(items) and items[k].cls == "subject" and named:
            ph.subject_topics.extend(phrases_)
            if "calendar" not in ph.kinds:  # a calendar item's title is its subject
                ph.kinds.add("email")
            return k + 1
        if phrases_ and named and all(any(x.text in p for x in named) for p in phrases_):
            add_topics(ph, phrases_)  # "con el número de expediente 2026/00871": a reference anywhere in it
            return j
        if len(phrases_) == 1 and j < len(items) and items[j].cls == "cmp" and not named:
            add_topics(ph, phrases_)  # "any email with an invoice over $1,000": what the amount is of
            return j
    if nxt is not None and items[nxt].cls in _LITERAL:
        words = []
        j = nxt
        while j < len(items) and items[j].cls in _LITERAL and len(words) < 4:
            words.append(items[j].text)
            j += 1
        while j < len(items) and items[j].cls == "f" and items[j].text.lower() in {"in"}:
            j += 1
        if j < len(items) and items[j].cls == "subject":  # "with URGENT in the subject": the word itself
            ph.subject_topics.append(" ".join(words))
            ph.kinds.add("email")
            return j + 1
        if items[nxt].cls in {"quote", "word"}:
            raise Unread(f'"with {" ".join(words)}" is not understood')
    if nxt is not None and items[nxt].cls in {"name", "my", "org", "email", "domain"} and not items[nxt].weak:
        who, j, _ = sender_slot(items, nxt, people)
        ph.who.extend(who)
        ph.attendee = True
        return j
    if nxt is not None and items[nxt].cls in {"cat", "kind", "notice", "any"}:
        return i + 1  # "don't bother me with mailing lists"
    if nxt is not None and items[nxt].cls in {"mention"}:
        return i + 1
    raise Unread(f'"{items[i].text}" is not understood here')


def antecedent(items: list[Item]) -> str:
    """'The Alder Street permit is ...: if an email mentions it': "it" is the rule's leading noun phrase."""
    words = []
    for it in items:
        if it.cls in {"name", "word", "ref", "quote"}:
            words.append(it.text)
            it.cls = "used"
        elif it.cls == "f" and not words:
            continue
        else:
            break
    if not words:
        raise Unread('"it" refers to nothing named at the start of the rule')
    return " ".join(words)


def _reminders(items: list[Item]) -> None:
    """'Reminders of the weekly meetings', 'Erinnerungen an Termine': the reminder is the calendar item itself.
    'Doctolib reminders' are one kind of what a sender sends: narrower than everything from them, not read."""
    for it in items:
        if it.cls != "remind":
            continue
        if any(x.cls in {"recur", "allday", "starts", "created"} or x.cls == "kind" and "calendar" in (x.value or ())
               or x.cls == "cat" and x.value == "automated" for x in items):  # "les rappels automatiques de X"
            it.cls = "notice"
        else:
            raise Unread(f'"{it.text}" of what? Reminders are understood only of calendar items')


def _bare_name(items: list[Item], i: int, ph: Phrase, people: People) -> int:
    """A name outside any slot: a chat ("the Famiglia group"), a sender ("Marisol on WhatsApp",
    "LinkedIn notifications", "Bartholomew Quinn emails me")."""
    it = items[i]
    nxt = items[i + 1] if i + 1 < len(items) else None
    prev = items[i - 1] if i > 0 else None
    if it.cls == "quote" and prev is not None and prev.cls in {"name", "quote"}:
        raise Unread(f'"{prev.text}" "{it.text}": another name, or what the message says?')  # 'PagerDuty "resolved"'
    if nxt is not None and nxt.cls == "group" and it.text.endswith(("'s", "’s")):
        raise Unread(f'"{it.text} {nxt.text}": which group is that? (name it as it is called)')
    k = i + 1
    while k < len(items) and items[k].cls == "word" and items[k].text.islower() and k - i <= 3:
        k += 1
    if k > i + 1 and k < len(items) and items[k].cls == "group" and items[k].value is True:
        named = " ".join(x.text for x in items[i:k])  # "the Ruamāhanga Rd neighbours whatsapp group": its whole name
        _one_chat(ph, named)
        ph.chat = named
        ph.group = True
        ph.kinds.add("whatsapp")
        return k + 1
    if nxt is not None and nxt.cls == "group" and nxt.value is True:
        _one_chat(ph, it.text)
        ph.chat = it.text
        ph.group = True
        ph.kinds.add("whatsapp")
        return i + 2
    if nxt is not None and _names_a_chat(nxt) or prev is not None and _names_a_chat(prev):
        _one_chat(ph, it.text)
        ph.chat = it.text  # 'the "Familia" chat', "el chat Familia": the chat by its name, group or not
        ph.kinds.add("whatsapp")
        return i + 2 if nxt is not None and _names_a_chat(nxt) else i + 1
    if prev is not None and prev.cls == "f" and prev.text.lower() in _PLACE and it.cls in {"quote", "name"} and (
            ph.group or ph.mention or any(x.cls in {"group", "mention"} for x in items[:i])):
        _one_chat(ph, it.text)  # 'when someone @-mentions me in "On-call vets AB"': that group
        ph.chat = it.text
        ph.group = True
        ph.kinds.add("whatsapp")
        return i + 1
    if prev is not None and prev.cls == "f" and prev.text.lower() in _PLACE and not (
            it.lang == "pt" and prev.text.lower() in {"a", "o"}):  # Portuguese "a Joana": an article
        raise Unread(f'"{prev.text} {it.text}": a place or a language is not understood')
    k = i - 1
    while k >= 0 and items[k].text.lower() not in _PLACE and (
            items[k].cls == "word" and i - k <= 2 or items[k].cls in {"f", "pron"} and fold(items[k].text) in _ARTICLES):
        k -= 1
    if k < i - 1 and k >= 0 and items[k].cls == "f" and items[k].text.lower() in _PLACE \
            and any(x.cls == "word" for x in items[k + 1 : i]) and not (it.lang == "pt" and items[k].text.lower() in {"a", "o"}):
        raise Unread(f'"{" ".join(x.text for x in items[k : i + 1])}": a place is not understood')  # "à la clinique
        # Saint-Luc": where it happens, not who sends it
    if it.cls == "name" and it.weak and it.initial and nxt is not None and nxt.cls == "cmp":
        it.cls = "word"  # "Rechnungen über 10.000 €": a German noun before an amount is what the amount is of
        return i
    if it.cls == "name" and it.weak and not (nxt is not None and nxt.cls == "msgverb" and not (
            prev is not None and prev.cls in {"f", "my", "pron"} and prev.text.lower() not in {"wenn", "falls"})):
        raise Unread(f'"{it.text}" is not understood (a name is understood after "von")')
    if it.cls == "name" and it.initial and not _looks_named(it) and nxt is not None and nxt.cls in {"or", "and"} \
            and (after := _next_content(items, i + 2)) is not None and items[after].cls in {"kind", "notice", "cat"}:
        raise Unread(f'"{it.text}" is not understood')  # "Consultas ou reuniões ...": a noun, not a sender
    if it.cls == "name" and it.initial and not _looks_named(it) and nxt is not None and nxt.cls == "kind" \
            and nxt.text == "(...)":
        raise Unread(f'"{it.text}" is not understood: a person, or a topic?')  # "Sam (WhatsApp)", "Invoices (email)"
    if it.cls == "name" and not _looks_named(it) and prev is not None and prev.text == "," and i >= 2 \
            and items[i - 2].cls == "cat":  # "Werbung, Newsletter, Gewinnspiele": one more kind of mail, or a sender?
        raise Unread(f'"{it.text}" after kinds of mail: another kind, or a sender? (a sender: "from {it.text}")')
    if it.cls == "name" and it.initial and not _looks_named(it) and nxt is not None and nxt.cls in {"notice", "cat"}:
        raise Unread(f'"{it.text} {nxt.text}": from a sender called "{it.text}", or about it?')  # "Bank alerts"
    if it.cls == "name" and it.initial and not _looks_named(it) and nxt is not None and nxt.text == ":" and any(
            x.cls in {"between", "weekend", "weekday", "day", "before", "after"} for x in items[i + 2 :]):
        raise Unread(f'"{it.text}:" - a sender, or the name of this rule?')  # "Pós-plantão: das 8h às 15h …"
    if it.cls == "name" and it.initial and not _looks_named(it) and nxt is not None and not (
            nxt.cls in {"notice", "msgverb", "aside", "or", "and"} or nxt.cls == "punct" and nxt.text in {",", "-", ":", "/"}
            or nxt.cls == "f" and nxt.text.lower() in {"on", "by", "via"}):
        it.cls = "word"  # a capital at the start is no evidence of a name: "Invoices over €500"
        return i
    who, j, _ = sender_slot(items, i, people)
    ph.who.extend(who)
    return j


_CHAT_NOUNS = {"chat", "conversation", "conversa", "conversacion", "unterhaltung"}


def _names_a_chat(it: Item) -> bool:
    """A word for one chat ("chat", "conversa"), which a name beside it names."""
    return it.cls == "kind" and fold(it.text) in _CHAT_NOUNS


def about_calendar(items: list[Item]) -> bool:
    """Whether the rule names calendar items (a calendar noun, a series, an all-day item, when one starts)."""
    return any(x.cls in {"recur", "allday", "starts", "within", "created", "onday"}
               or x.cls == "kind" and set(x.value or ()) == {"calendar"} for x in items)


def _looks_named(it: Item) -> bool:
    """Written the way names are (two words, a capital inside, a digit), or a known service's name."""
    text = it.text
    return it.mark == "service" or " " in text or any(c.isupper() for c in text[1:]) or any(c.isdigit() for c in text)


def _timing(items: list[Item], i: int, ph: Phrase) -> int:
    it = items[i]
    cls = it.cls
    if cls == "today":
        ph.created_today = True
    elif cls == "created":
        ph.created_new = ph.created_new or False
        ph._created = True  # type: ignore[attr-defined]
    elif cls == "new":
        ph.created_new = True
    elif cls == "starts":
        ph.starts = True
    elif cls == "within":
        j = i + 1
        while j < len(items) and items[j].cls == "f":
            j += 1
        n = is_number(items[j]) if j < len(items) else None
        if n is not None and j + 1 < len(items) and items[j + 1].cls == "unit":
            minutes = int(n * int(items[j + 1].value))  # type: ignore[arg-type]
            j += 2
        elif j < len(items) and items[j].cls == "unit":
            minutes = int(items[j].value)  # type: ignore[arg-type]
            j += 1
        elif j < len(items) and items[j].cls == "time" and (h := HOURS.fullmatch(fold(items[j].text))):
            minutes = int(h.group(1)) * 60  # "em menos de 1h"
            j += 1
        else:
            raise Unread(f'"{it.text}" needs a length of time ("within 2 hours")')
        if j < len(items) and items[j].cls == "fromnow":
            j += 1
        ph.within = minutes
        ph.kinds.add("calendar")
        return j
    elif cls == "recur":
        ph.recur = True
        if it.value:
            ph.freqs.append(str(it.value))
        ph.kinds.add("calendar")
    elif cls == "allday":
        ph.all_day = True
        ph.kinds.add("calendar")
    elif cls in {"cancelled", "changed"}:
        setattr(ph, cls, True)
        ph.kinds.add("calendar")
    elif cls == "onday":
        if ph.starts_on and ph.starts_on != it.value:
            raise Unread("two days for one calendar item are not understood")
        ph.starts_on = str(it.value)
        ph.kinds.add("calendar")
        j = i + 1
        if j < len(items) and items[j].cls == "orbefore":  # "mañana o antes": by the end of tomorrow
            ph.starts_or_before = True
            j += 1
        if j + 1 < len(items) and items[j].cls == "before" and items[j + 1].cls in {"time", "number", "noon"}:
            ph.starts_before = "12:00" if items[j + 1].cls == "noon" else clock(items[j + 1])  # "demain avant midi"
            j += 2
        return j
    elif cls in {"fromnow", "unit"}:
        raise Unread(f'"{it.text}" is not understood here')
    return i + 1
