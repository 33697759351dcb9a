"""Slots: the runs of items that name senders, topics, asides and time windows (T7).

Each parser takes the items from a position and returns what it read and where
it stopped, or raises `Unread` naming the words it could not account for.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from tic.rules._currency import code_of
from tic.rules._reading import Amount, Topic, Who, Window
from tic.rules._scan import Item, is_number
from tic.rules._function_words import OF
from tic.rules._tokens import fold
from tic.signals import FAMILY
from tic.rules._asides import examples, placed as _placed
from tic.rules._people import apposition, saved_later
from tic.rules._unread import Unread
from tic.rules._zones import zone_note

__all__ = ["DESCRIPTORS", "says_nothing", "Unread", "People", "sender_slot", "topic_slot", "parse_aside", "window_slot", "amount_slot", "phone", "labelled_ref", "clock", "family_role"]


@dataclass
class People:
    """Who the file's roles are ("my mum" -> contact "Mum ❤️"), learned from definitions and asides."""

    roles: dict[str, list[Who]] = field(default_factory=dict)
    last: list[Who] = field(default_factory=list)
    # a topic the file named with other names in brackets ("a suspected notifiable disease (M. bovis, …)"): said
    # again later ("… and emails about a suspected notifiable disease"), it means all of them again
    topics: dict[str, list[str]] = field(default_factory=dict)
    chats: list[str] = field(default_factory=list)  # the chats the file's rules named so far ("other groups" = not these)

    def topic(self, phrase: str) -> list[str]:
        return self.topics.get(fold(phrase), [phrase])

    def define(self, role: str, who: list[Who]) -> None:
        if role:
            self.roles[_role_key(role)] = who
        self.last = who

    def get(self, role: str) -> list[Who] | None:
        return self.roles.get(_role_key(role))


def _role_key(role: str) -> str:
    """'the clinic's after-hours line' and 'the after-hours line' are one role: whose it is, said or not."""
    return " ".join(w for w in fold(role).split() if w not in {"my", "our", "the"} and not w.endswith(("'s", "’s")))


def phone(text: str) -> str:
    """E.164 ('+34 612 345 678' -> '+34612345678'); a national number without its country ('06 71 48 22 90',
    '(31) 99412-0587') as its digits after one trunk 0 ('0671482290', '031994120587'): it is matched by its
    national part, the end of the sender's E.164 number."""
    digits = re.sub(r"\D", "", text)
    return "+" + digits if text.strip().startswith("+") else "0" + digits.lstrip("0")


_SENDER_STOP = {"v+", "v-", "neg", "unless", "except", "only", "if", "conc", "concfull", "always", "about", "with",
                "kind", "notice", "group", "mention", "created", "today", "starts", "within", "recur", "allday",
                "judge", "cmp", "between", "after", "before", "weekend", "weekday", "day", "emph", "subject", "new",
                "addressed", "thread"}
_DESCRIPTIVE = {"word", "name"}
_WORKS_AT = {"at", "bei", "chez"}
_NAME_ARTICLES = {"the", "les", "le", "la", "los", "las", "el", "die", "der", "das", "os", "as", "o", "a"}


def sender_slot(items: list[Item], i: int, people: People, *, org: bool = False) -> tuple[list[Who], int, str]:
    """Senders from items[i:] ("Kandice Phillips or anyone at Dawson Cornwell"). Returns (who, next, kind) where
    kind is "" or the category a trailing noun names ("the Law Society mailing list")."""
    who: list[Who] = []
    j = i
    org_next = org
    joined = 0  # how many senders had been named at the last connective
    while j < len(items):
        it = items[j]
        if it.cls in {"or", "and"} or (it.cls == "punct" and it.text in {",", "/"}):
            nxt = _skip_f(items, j + 1)
            if who and nxt < len(items) and (_starts_sender(items[nxt]) or named_role(items, nxt, people)):
                j = nxt
                joined = len(who)
                continue
            break
        if it.cls in {"name", "quote", "role"} and len(who) > joined and who[-1].by in {"name", "org", "contact", "role"}:
            # "Distribuidora el Encino", "Ana from school": one sender described, or two? Not read as either
            raise Unread(f'"{it.text}" right after another sender, with no "or" between them, is not understood')
        if it.cls in {"f", "from"} and it.text.lower() not in {"the", "a", "an", "from", "de", "von", "der", "die",
                                                                "das", "la", "le", "el", "o", "da", "do"}:
            break
        if it.cls in {"f", "from"}:
            j += 1
            continue
        if it.cls == "org":
            org_next = True
            j += 1
            continue
        if it.cls == "ident":  # "the number +43 ...", "the domain x.com", "whose address ends in x.com"
            k = j + 1
            while k < len(items) and items[k].cls == "f":
                k += 1
            if k < len(items) and items[k].cls in {"email", "domain", "phone", "quote"}:
                j = k
                continue
            raise Unread(f'"{it.text}" is not followed by the address, domain or number it means')
        if it.cls == "name" and it.text.endswith(("'s", "’s")) and j + 1 < len(items) and items[j + 1].cls == "group":
            raise Unread(f'"{it.text} {items[j + 1].text}": which group is that? (name it as it is called)')
        if it.cls == "name" and it.text.endswith(("'s", "’s")) and j + 1 < len(items) and items[j + 1].cls in {
                "word", "role"}:
            # "Halden Bank's fraud team (fraud@haldenbank.co.uk)": someone at the firm; only the address says who
            k = j + 1
            while k < len(items) and items[k].cls in {"word", "role"}:
                k += 1
            extra = parse_aside(items[k].items)[0] if k < len(items) and items[k].cls == "aside" else []
            if not extra or not all(w.by in {"address", "domain", "phone", "contact"} for w in extra):
                raise Unread(f'who "{it.text} {" ".join(x.text for x in items[j + 1 : k])}" is is not known locally')
            who.extend(extra)
            j = k + 1
            continue
        if it.cls == "name":
            name = _without_descriptor(it.text)
            if name.endswith(("'s", "’s")):
                name = name[:-2]  # "except Lufthansa's": Lufthansa's own (what follows, if anything, was checked)
            j += 1
            if org_next:
                who.append(Who(by="org", value=name))
            else:
                who.append(Who(by="name", value=name))
            org_next = org
            if it.weak and j + 1 < len(items) and items[j].cls == "with" and items[j + 1].cls in {"domain", "email"}:
                who.pop()  # "Mails von Mandanten mit @hofbauer-gmbh.de": what they are, then where they write from
                j += 1
                continue
            k = j
            while k < len(items) and items[k].cls == "word":
                k += 1
            if k > j and k < len(items) and items[k].cls == "aside" and (extra := parse_aside(items[k].items)[0]) \
                    and all(w.by in {"address", "domain", "phone"} for w in extra):
                who.pop()  # "the Hartwell Freight escalation line (+44 7700 900418)": something of theirs - only
                who.extend(extra)  # the number in brackets says which
                j = k + 1
                continue
            j = _placed(items, j, who, parse_aside)
            if who and who[-1].by == "name" and len(who[-1].value.split()) >= 2 and j + 1 < len(items) \
                    and items[j].cls == "f" and fold(items[j].text) in _WORKS_AT and items[j + 1].cls == "name":
                j += 2  # "Dalia Okafor at Brightline Structures": where she works says who she is, and narrows nothing
            j = _sender_asides(items, j, who, people, role="")
            if (appo := apposition(items, j)) is not None:  # "Álvaro Quesada, mi socio": who he is, no constraint
                people.define(appo[0], who[-1:])
                j = _sender_asides(items, appo[1], who, people, role="")
            continue
        if it.cls == "quote" and who and j > i and items[j - 1].cls not in {"or", "and", "punct", "f", "from"}:
            break  # 'PagerDuty "resolved" emails': a quoted word right after a sender says what about, not who
        if it.cls == "quote":
            who.append(Who(by="contact", value=it.text))
            j = _sender_asides(items, j + 1, who, people, role="")
            continue
        if it.cls in {"email", "domain"} and j > 0 and items[j - 1].cls == "f" and _sent_to(items, j - 1):
            raise Unread(f'"{items[j - 1].text} {it.text}": mail sent to that address is not understood (a rule '
                         f'on who sends it says "from {it.text}")')
        if it.cls == "email":
            who.append(Who(by="address", value=it.text.lower()))
            j = _described(items, j + 1, who, people)
            continue
        if it.cls == "domain":
            who.append(Who(by="domain", value=it.text.lower().lstrip("@")))
            j += 1
            if j < len(items) and fold(items[j].text) in {"addresses", "address", "accounts", "emails", "adressen",
                                                          "direcciones", "enderecos", "adresses"}:
                j += 1  # "Mail from @stripe.com addresses": what the domain is
            j = _described(items, j, who, people)
            continue
        if it.cls == "phone":
            who.append(Who(by="phone", value=phone(it.text)))
            j = _described(items, j + 1, who, people)
            continue
        if it.cls == "unsaved":
            who.append(Who(by="unsaved"))
            j += 1
            continue
        if it.cls == "saved":
            who.append(Who(by="saved"))
            j += 1
            continue
        if it.cls == "role":
            k = j + 1
            while k < len(items) and items[k].cls == "f" and fold(items[k].text) in _NAME_ARTICLES:
                k += 1  # "la crèche Les Petits Loups": the article belongs to the name
            if k < len(items) and items[k].cls == "name":
                j = k  # "l'école Jules-Ferry", "the school St Mary's": the name says which one; any school is wider
                continue
            if k < len(items) and items[k].cls == "aside" and len(inner := [x for x in items[k].items
                                                                           if x.cls != "punct"]) == 1 \
                    and inner[0].cls == "name":
                who.append(Who(by="name", value=inner[0].text))  # "the kids' school (Maplewood Elementary)": which
                j = k + 1
                continue
            if k < len(items) and items[k].cls == "aside" and (nets := [x for x in items[k].items if x.cls != "punct"]) \
                    and all(x.cls in {"email", "domain", "phone"} for x in nets):
                who.extend(Who(by={"email": "address", "domain": "domain", "phone": "phone"}[x.cls],
                               value=phone(x.text) if x.cls == "phone" else x.text.lower().lstrip("@")) for x in nets)
                j = k + 1  # "Kids' school (@stmarks-primary.org.uk)": the address says which one - any school is wider
                continue
            who.append(Who(by="role", value=str(it.value)))
            j += 1
            continue
        if it.cls in {"my", "pron"} or it.cls == "word":
            found, j = _role(items, j, people)
            who.extend(found)
            continue
        break
    if not who:
        raise Unread("a sender is named but not recognised")
    return who, j, ""


# "Mails an praxis@…", "correos a info@…", "emails to info@…": the address it is sent to - but "from an @x.com
# address" is English's article, and "de a" no preposition pair anyone writes
_TO = {"to": None, "an": "de", "para": None, "pra": None, "a": ("es", "pt"), "à": None, "al": "es", "pour": None,
       "aan": None}


def _described(items: list[Item], j: int, who: list[Who], people: People) -> int:
    """', es el fontanero de la comunidad', ', thats my practice' after a number or an address: who it is - no
    constraint. Where the words after it end."""
    if (appo := apposition(items, j)) is None:
        return j
    people.define(appo[0], who[-1:])
    return appo[1]


def _sent_to(items: list[Item], k: int) -> bool:
    word = fold(items[k].text)
    if word not in _TO or k > 0 and items[k - 1].cls == "from":
        return False
    langs = _TO[word]
    return langs is None or items[k].lang in ((langs,) if isinstance(langs, str) else langs)
DESCRIPTORS = {"kanzlei", "firma", "bufete", "despacho", "cabinet", "escritorio", "empresa", "agentur", "agencia",
                "agence", "praxis", "clinica", "clinique", "klinik", "the firm", "la empresa", "l'entreprise"}


def family_role(role: str) -> str | None:
    """'mum', 'mamá', 'Mutter', 'grand-mère': the family member a role word names, when it is one."""
    word = fold(role).strip()
    return next((r for r, words in FAMILY.items() if word in words), None)


def _without_descriptor(name: str) -> str:
    """'Kanzlei Roth & Partner' -> 'Roth & Partner': a word for the kind of firm is not part of its name."""
    first, _, rest = name.partition(" ")
    return rest if rest and fold(first) in DESCRIPTORS else name


def named_role(items: list[Item], k: int, people: People) -> bool:
    """'… or the after-hours line': a role the file has said who is ("the clinic's after-hours line (oncall@…)")."""
    words = []
    while k < len(items) and items[k].cls == "word" and len(words) < 4:
        words.append(items[k].text)
        k += 1
    return bool(words) and people.get(" ".join(words)) is not None


def _starts_sender(it: Item) -> bool:
    return it.cls in {"name", "quote", "email", "domain", "phone", "org", "unsaved", "saved", "role", "my", "from"}


def _skip_f(items: list[Item], j: int) -> int:
    while j < len(items) and items[j].cls == "f" and items[j].text.lower() in {"the", "a", "an", "from", "de", "von",
                                                                             "o", "a", "el", "la", "le", "der", "die"}:
        j += 1
    return j


def _role(items: list[Item], j: int, people: People) -> tuple[list[Who], int]:
    """'my husband (saved as "Omid")', 'my PI (Min-jun Park)', 'my business partner' (defined elsewhere)."""
    start = j
    if items[j].cls == "pron":  # "her messages": the person last defined
        if not people.last:
            raise Unread(f'"{items[j].text}" refers to nobody named before it')
        return list(people.last), j + 1
    if items[j].cls == "my":
        j += 1
    words: list[str] = []
    while j < len(items) and len(words) < 3 and (items[j].cls == "word" or items[j].cls == "name" and (
            items[j].weak and " " not in items[j].text and (not words or all(w.islower() for w in words))
            # German nouns: "meine Oma", "mein Chef", "unserem größten Mandanten"
            or not words and (items[j].text.isupper() or j + 1 < len(items) and items[j + 1].cls == "word"))):
        words.append(items[j].text)  # role words: "client", "business partner", "PI", "Canadian importer"
        j += 1
        if j + 1 < len(items) and items[j].cls == "f" and fold(items[j].text) in {"de", "of", "do", "da", "du"} \
                and items[j + 1].cls == "word" and len(words) < 3:
            words.append(items[j].text)  # "nuestro sistema de guardias", "mi jefe de obra"
            j += 1
    if not words and j < len(items) and items[j].cls == "name" and items[start].cls == "my" \
            and fold(items[j].text.split()[0]).rstrip(".") in {"frau", "herr", "mme", "mr", "mrs", "ms", "sr", "sra"}:
        # "meiner Frau Katrin": after "my", "Frau" is his wife, not a title: Katrin, by her first name
        found_ = [Who(by="name", value=items[j].text.split(None, 1)[1])]
        return found_, _sender_asides(items, j + 1, found_, people, role="")
    if not words:
        raise Unread(f'"{items[start].text}" is not followed by who it means')
    role = " ".join(words)
    found: list[Who] = []
    if j < len(items) and items[j].cls == "name":
        found.append(Who(by="name", value=items[j].text))  # "my client Ridgeline Builders"
        j += 1
    elif j + 1 < len(items) and items[j].cls == "punct" and items[j].text == "," and (
            (at := _skip_f(items, j + 1)) < len(items) and items[at].cls == "name"):
        found.append(Who(by="name", value=items[at].text))  # "our importer, Lakeshore Wine Merchants", "o
        j = at + 1  # meu contabilista, o Sr. Armando Cossa"
    j = _sender_asides(items, j, found, people, role=role)
    if not found and (later := saved_later(items, j)) is not None:  # 'mi hermana: la tengo guardada como "X"'
        found.append(later[0])
        j = later[1]
        people.define(role, list(found))
    if not found:  # "my brother messages me on WhatsApp (he's "Kwame" in my contacts)": the aside comes later
        k = j
        while k < len(items) and not (items[k].cls == "punct" and items[k].text in {",", ";", ".", ":"}):
            if items[k].cls == "aside":
                extra, _ = parse_aside(items[k].items)
                if extra:
                    found.extend(extra)
                    items[k].cls = "used"
                    people.define(role, list(found))
                    if k > j and all(x.cls in {"f", "my", "word", "pron"} for x in items[j:k]):
                        j = k + 1  # "la residencia de mi padre (+56 …)": whose it is, then its number - the
                        # father is not a sender of his own here
                break
            k += 1
    if found:
        return found, j
    if known := people.get(role):
        return list(known), j
    if items[start].cls == "my" and (family := family_role(role)) is not None:
        return [Who(by="role", value=family)], j  # "mi mamá": the saved contact "Mamá" (T7)
    said = f"{items[start].text} {role}" if items[start].cls == "my" else role
    raise Unread(f'who "{said}" is is not known locally: name them (e.g. "my {role} (saved as ...)" or '
                 f'"{role} at example.com")')


_IDENTITY_WORDS = {"deren", "leute", "adressen", "schreiben", "enden", "endet", "mitarbeiter", "team", "folks", "gente", "equipo", "equipe", "gens", "personnel",
                   "ending", "que", "die", "sus", "seus", "leurs", "their", "they", "all", "alle", "tous", "todos",
                   "addresses", "address", "emails", "staff", "people", "write", "writes", "end", "ends", "use",
                   "uses", "domain", "come", "comes", "email", "mail", "from", "in", "with",
                   "escriben", "escribe", "desde", "direcciones", "direccion", "correos", "terminan", "termina",
                   "acaban", "acaba", "usan", "usa", "dominio", "enderecos", "endereco", "acabam", "terminam",
                   "escrevem", "escreve", "usam", "emails", "adresses", "adresse", "terminent", "finissent", "par",
                   "ecrivent", "ecrit", "depuis", "domaine", "mails", "courriels", "adressen", "enden", "endet",
                   "auf", "schreiben", "schreibt", "von", "mit", "e-mails", "e-mail-adressen"}
_CONTACT_NOTE = {"name", "nom", "nombre", "nome", "contact", "contacto", "contato", "kontakt", "kontaktname", "saved",
                 "guardado", "enregistre", "gespeichert", "so", "asi", "assim", "comme", "ca", "this", "that", "that's"}
_REF_WORDS = {"reference", "ref", "our", "case", "ticket", "number", "no", "file", "referencia", "referenz",
              "aktenzeichen", "dossier", "processo", "la", "el", "das", "le", "the", "numero", "nummer", "expediente",
              "reference", "referencia", "nr", "n", "no.", "project", "projet", "proyecto", "projekt", "projeto",
              "projecto", "ref.", "réf", "reference", "referencia", "referência", "job", "order", "claim", "invoice",
              "booking", "policy", "account", "contract", "matter", "request", "pedido", "factura", "fatura",
              "rechnung", "commande", "auftrag", "bestellung", "reserva", "protocolo", "protocol", "contrato",
              "vertrag", "contrat", "poliza", "apolice", "police", "solicitud", "solicitacao", "demande", "notre",
              "nuestro", "nuestra", "nosso", "nossa", "unser", "unsere", "unseres", "unserem"}


_IDS = {"address", "domain", "phone"}


def _sender_asides(items: list[Item], j: int, who: list[Who], people: People, *, role: str) -> int:
    """Asides after a sender: saved names, appositions, domains ("their addresses end in x.com"). The addresses,
    domains and numbers an aside gives right after a person's name are that person's (`Who.of`)."""
    person = who[-1].value if who and who[-1].by == "name" else ""
    while j < len(items) and items[j].cls == "aside":
        if items[j].mark == "description":
            j += 1  # "Lingua Levant, the agency that books most of my assignments": what it is
            continue
        inner = [x for x in items[j].items if x.cls != "punct"]
        if len(person.split()) >= 2 and len(inner) == 1 and inner[0].cls == "name" and inner[0].weak:
            j += 1  # "Dr. Kerstin Albrecht (Oberärztin)": a German noun after a full name says what she is
            continue
        extra, role_text = parse_aside(items[j].items)
        if not extra and not role_text and not says_nothing(items[j].items):
            raise Unread("the words in brackets are not understood: " + " ".join(x.text for x in items[j].items))
        if person:
            extra = [Who(by=w.by, value=w.value, of=person) if w.by in _IDS else w for w in extra]
        if extra and not who:
            who.extend(extra)
        elif extra:
            who.extend(w for w in extra if w.by in {"domain", "address", "phone", "contact"} or not role)
        if role and (extra or who):
            people.define(role, list(who))
        elif not role and who:
            people.define(role_text, list(who))
        j += 1
    if role and who:
        people.define(role, list(who))
    elif who:
        people.last = list(who)
    return j


def says_nothing(inner: list[Item]) -> bool:
    """An aside understood to add nothing: examples, or a note about the contact's name ('(c'est le nom du
    contact)'), or emphasis."""
    core = [it for it in inner if it.cls != "punct"]
    if core and all(it.cls == "cat" for it in core):
        return True  # "E-mails automáticos (no-reply)": another name for the kind of mail said before it
    return examples(inner) or bool(core) and all(
        fold(it.text) in _CONTACT_NOTE or it.cls in {"ident", "f", "pron", "emph", "always", "conc", "concfull"}
        for it in core)


def _where_they_write(inner: list[Item]) -> list[Who] | None:
    """'deren Leute schreiben von Adressen, die auf x.at enden', 'their staff write from addresses ending in @x.com':
    the domains or addresses a clause about where they write from gives - or None when it says anything else."""
    nets = [it for it in inner if it.cls in {"domain", "email"}]
    if not nets or not any(fold(it.text) in _IDENTITY_WORDS or it.cls == "msgverb" for it in inner):
        return None
    if not all(it.cls in {"domain", "email", "punct", "f", "pron", "from", "with", "or", "and", "ident", "any", "org",
                          "msgverb"} or fold(it.text) in _IDENTITY_WORDS or it.cls == "name" and it.weak
               and fold(it.text) in _IDENTITY_WORDS for it in inner):
        return None
    return [Who(by="domain" if it.cls == "domain" else "address", value=it.text.lower().lstrip("@")) for it in nets]


def parse_aside(inner: list[Item]) -> tuple[list[Who], str]:
    """What an aside says about the sender before it: [(who...)], and a role it names ("my daughter")."""
    who: list[Who] = []
    role = ""
    if examples(inner) or says_nothing(inner):
        return who, role
    if (nets := _where_they_write(inner)) is not None:
        return nets, role
    for part in _split(inner, {";", ","}):
        core = [it for it in part if not (it.cls in {"f", "pron"} and it.text.lower() not in {"as"}
                                          or it.cls == "punct" and it.text == ":")]  # "(sur WhatsApp : « X »)"
        kinds = {it.cls for it in core}
        if not core:
            continue
        if kinds <= {"savedas", "name", "kind", "f"} and "savedas" in kinds and sum(it.cls == "name" for it in core) == 1:
            who.append(Who(by="contact", value=next(it.text for it in core if it.cls == "name")))
            continue  # "(saved as Mum on WhatsApp)": the saved name, written without quotes
        if kinds <= {"savedas", "quote", "saved", "kind", "my", "word"} and "quote" in kinds and (
                "savedas" in kinds or "saved" in kinds or all(it.cls != "word" or fold(it.text) in {"contacts", "phone"} for it in core)):
            who.append(Who(by="contact", value=next(it.text for it in core if it.cls == "quote")))
            continue
        if all(fold(it.text) in _CONTACT_NOTE or it.cls == "ident" for it in core):
            continue  # '« Papa » (c'est le nom du contact)': the quoted name is the contact's, as read
        if core[0].cls == "my" and kinds <= {"my", "word", "name", "kind"}:
            role = " ".join(it.text for it in core[1:])  # "(my accountant)", "- she's my daughter": an apposition
            continue
        if kinds <= {"name", "and"} and "name" in kinds:
            who.extend(Who(by="name", value=it.text) for it in core if it.cls == "name")
            continue
        nets = [it for it in core if it.cls in {"domain", "email", "phone"}]
        if nets and all(it.cls in {"domain", "email", "phone"} or fold(it.text) in _IDENTITY_WORDS
                        or it.cls in {"from", "with", "or", "and", "ident", "any", "org", "kind", "punct"}
                        for it in core):  # "(cualquier correo de @x.es)", "(WhatsApp: +49 171 5550199)"
            for it in nets:
                by = {"domain": "domain", "email": "address", "phone": "phone"}[it.cls]
                who.append(Who(by=by, value=phone(it.text) if by == "phone" else it.text.lower().lstrip("@")))
            continue
        if core[0].cls == "my" or core[0].cls == "word" and all(it.cls in {"word", "my"} for it in core) \
                and len(core) <= 3 or core[0].cls in {"word", "and", "role"} and len(core) <= 6 \
                and all(it.cls in {"word", "name", "and", "role"} for it in core) \
                and any(it.cls in {"word", "role"} for it in core) or _describes(core):
            # "(master of the MV Chebucto)", "(cliente de Lisboa)", "(é a escola da Júlia)": who they are
            role = " ".join(it.text for it in core if it.cls != "my")
            continue
        raise Unread("the words in brackets are not understood: " + " ".join(it.text for it in part))
    return who, role


def _describes(core: list[Item]) -> bool:
    """'(Dad's care home)', '(that's Dad's new number)', '(Pflegedienst für meine Mutter)': whose or what the
    sender is - someone's (a possessive name), or a German noun - and nothing a rule would use."""
    whose = [it for it in core if it.cls == "name" and (it.text.endswith(("'s", "’s")) or it.weak)]
    return bool(whose) and len(core) <= 6 and all(
        it.cls in {"word", "name", "and", "role", "my", "ident"} or it.cls == "new" and k + 1 < len(core)
        and core[k + 1].cls == "ident" for k, it in enumerate(core)) and all(
        it.cls != "name" or it in whose for it in core)


def _split(items: list[Item], seps: set[str]) -> list[list[Item]]:
    parts: list[list[Item]] = [[]]
    for it in items:
        if it.cls == "punct" and it.text in seps:
            parts.append([])
        else:
            parts[-1].append(it)
    return [p for p in parts if p]


_LISTED = {"word", "name", "ref", "quote", "number", "f"}


def _word_list(items: list[Item], j: int) -> bool:
    """Whether the comma at items[j] lists one more thing to look for: what follows runs, through commas, to an
    "or"/"and" and one last thing, and then the rule (or the clause) ends."""
    k = j + 1
    joined = False
    while k < len(items):
        it = items[k]
        if it.cls in {"or", "and"}:
            joined = True
        elif it.cls == "punct" and it.text == ",":
            if joined:
                return False
        elif it.cls == "punct" and it.text in {".", ";", "!"}:
            break
        elif it.cls not in _LISTED or it.cls == "f" and fold(it.text) in _CLAUSE_SUBJECTS:
            return False
        k += 1
    return joined and items[k - 1].cls in _LISTED - {"f"}


_CLAUSE_SUBJECTS = {"i", "i'm", "je", "j'", "ich", "yo", "eu", "nous", "wir", "we", "we're"}
_TOPIC_STOP = {"v+", "v-", "neg", "unless", "except", "only", "if", "conc", "concfull", "always", "from", "msgverb",
               "today", "within", "allday", "recur", "judge", "emph", "cmp", "between", "after", "before",
               "subject", "org", "weekend", "weekday", "day", "night", "hold", "addressed", "thread"}  # a window ends the topic


def topic_slot(items: list[Item], i: int, people: People | None = None) -> tuple[list[str], int]:
    """Topic phrases from items[i:] ("the Jebel Ali warehouse lease", alternatives split by "or"); other names
    given in brackets are learned by `people` (a later mention of the topic means them too)."""
    phrases: list[list[Item]] = [[]]
    j = i
    while j < len(items):
        it = items[j]
        if it.cls == "punct" and it.text == "," and (_quoted_list(items, j, phrases[-1]) or _word_list(items, j)):
            phrases.append([])  # "with 'leak', 'burst' or 'flooding' in it", "about fraud, a blocked card or a
            j += 1  # suspicious login": one list of things to look for
            continue
        if it.cls in _TOPIC_STOP or (it.cls == "punct" and it.text in {",", ";", ":", ".", "!", "?", "…"}):
            break
        if it.cls == "and" and j + 1 < len(items) and items[j + 1].text.lower() in {"it", "it's", "they", "i"}:
            break  # 'about "fatura" and it is over 100 EUR': the next condition, not more of the topic
        if it.cls in {"f", "word", "pron"} and fold(it.text).split()[0] in _CLAUSE_SUBJECTS:
            raise Unread(f'"{it.text} …" says who does what - a clause, not words to look for')  # "où je suis ni
            # assigné ni mentionné"
        if it.cls in {"word", "name"} and any(x.cls == "quote" for x in phrases[-1]):
            break  # 'Nachrichten mit "Notfall" dürfen trotzdem durch': the quoted words are the whole topic
        if it.cls == "or" or it.cls == "punct" and it.text == "/":
            phrases.append([])  # "about claim CR-20931 / the Delgado claim": either
        elif it.cls == "aside" and examples(it.items):
            pass
        elif it.cls == "aside":
            inner = [labelled_ref(x) for x in it.items]
            refs = [x for x in inner if x.cls in {"ref", "quote", "number"}]
            if refs and all(x.cls in {"ref", "quote", "number", "f"} or fold(x.text) in _REF_WORDS
                            or x.cls == "punct" and x.text in {".", ":"} for x in inner):
                if len([x for x in phrases[-1] if x.cls in {"word", "name"}]) <= 1 and not any(
                        x.cls in {"ref", "quote", "name"} for x in phrases[-1]):
                    phrases[-1] = []  # "my class (4B)": one common word is named by what the brackets say
                phrases.extend([[x] for x in refs])  # "(our reference LWM-4471)": the reference alone is enough
            elif all(x.cls in {"name", "word", "f", "and"} for x in it.items):
                phrases[-1].extend(x for x in it.items if x.cls != "f")
            elif len(inner := [x for x in it.items if x.cls != "punct"]) == 2 and inner[0].cls == "name" \
                    and inner[0].text.isupper() and len(inner[0].text) <= 6 and inner[1].cls == "number":
                phrases.extend([[Item("ref", f"{inner[0].text} {inner[1].text}")]])  # "(MSKU 4418207)": a code
            elif (named := _named_alternatives(it.items)) is not None:  # "(Mycoplasma bovis / M. bovis)"
                head = " ".join(x.text for x in phrases[-1] if x.cls not in {"f", "and", "my"})
                if people is not None and head:
                    people.topics[fold(head)] = [head, *named]
                phrases.extend([[Item("word", n, value=n)] for n in named])
            else:
                raise Unread("the words in brackets are not understood: " + " ".join(x.text for x in it.items))
        elif it.cls == "my" and j + 1 < len(items) and fold(items[j + 1].text) in {"name", "nombre", "nom", "nome",
                                                                                   "namen"}:
            raise Unread("a message that says your name: your name is not configured")  # "mentions my name"
        elif it.cls == "my" and any(fold(x.text) in _ONE_OF for x in items[max(i, j - 3) : j] if x.cls == "f"):
            raise Unread(f'"{" ".join(x.text for x in items[max(i, j - 2) : j + 2])}": which ones are yours is not '
                         "known offline (name them)")  # "one of my properties", "una de mis propiedades"
        elif it.cls == "my":
            pass  # "about my order", "de mi pedido": the message says "your order"
        elif it.cls == "f" and j + 1 < len(items) and items[j + 1].cls == "quote":
            pass  # 'the words "Okafor v. Lindqvist"': a label before the quoted text
        elif it.cls in {"f", "about"} and not phrases[-1] and fold(it.text) in _LEADING_OF:
            pass  # "du dossier 2024-118 ou de la succession Girard": "de" opens the second, it is not looked for
        elif it.cls not in {"f"} or it.text.lower() not in {"the", "a", "an", "my", "our", "el", "la", "le", "der",
                                                             "die", "das", "o", "les", "los", "las", "their", "un",
                                                             "une", "una", "um", "uma", "ein", "eine", "einen", "l'",
                                                             "os", "as", "des"}:
            phrases[-1].append(it)
        j += 1
    for p in phrases:  # "the reference MX-4410": the label word is not part of what to look for
        if any(x.cls in {"ref", "number"} for x in p):
            p[:] = [x for x in p if fold(x.text) not in _REF_WORDS]
        p[:] = [labelled_ref(x) for x in p]
        _reference_alone(p)
        while p and p[-1].cls == "f":  # "Mails zum Bauantrag X bitte immer melden": "bitte" is no topic word
            p.pop()
    out = [" ".join(x.text for x in p) for p in phrases if any(x.cls not in {"f", "and", "my"} for x in p)]
    if people is not None:
        out = list(dict.fromkeys(t for phrase in out for t in people.topic(phrase)))
    return out, j


_LEADING_OF = OF | {"about", "sobre", "sur", "uber"}
_ONE_OF = {"one", "any", "una", "uno", "um", "uma", "un", "une", "eine", "einen", "einer", "eines", "einem"}


def _quoted_list(items: list[Item], j: int, before: list[Item]) -> bool:
    """A comma in a list of quoted words ('"leak", "burst" or "flooding"'): quoted words on both sides, and the
    list ends with "or" before its last quoted word."""
    if [x.cls for x in before] != ["quote"]:
        return False
    k = j
    while k + 1 < len(items) and items[k].cls == "punct" and items[k].text == "," and items[k + 1].cls == "quote":
        k += 2
    return k > j and k + 1 < len(items) and items[k].cls == "or" and items[k + 1].cls == "quote"


def _named_alternatives(inner: list[Item]) -> list[str] | None:
    """'(Mycoplasma bovis / M. bovis, foot-and-mouth)' after a topic: other names for it, each looked for as well -
    or None when the brackets say anything else."""
    parts: list[list[Item]] = [[]]
    for x in inner:
        if x.cls in {"or", "and"} or x.cls == "punct" and x.text in {",", "/", ";"}:
            parts.append([])
        elif x.cls in {"name", "word", "ref"} or x.cls == "punct" and x.text == "." and parts[-1]:
            parts[-1].append(x)
        else:
            return None
    if len(parts) < 2 or any(not p or p[-1].cls == "punct" for p in parts):
        return None
    if not any(x.cls == "punct" and x.text == "/" for x in inner) and all(
            len(p) == 1 and p[0].text.islower() for p in parts):  # "del examen (dudas, fechas, notas)": what about
        return None  # it they talk of - aspects, not other names for it (each alone would widen the rule)
    return [" ".join(x.text for x in p).replace(" .", ".") for p in parts]


def _reference_alone(p: list[Item]) -> None:
    """'el expediente 2024/0387 del ayuntamiento', 'Aktenzeichen 3 O 145/25': a reference number is what a
    message about it quotes; the words around it say what it is a number of (kept, they would make the topic
    a phrase no message writes)."""
    at = next((k for k, x in enumerate(p) if x.cls == "ref"), None)
    if at is None:
        return
    start = end = at
    while start > 0 and _ref_part(p[start - 1]):
        start -= 1
    while end + 1 < len(p) and _ref_part(p[end + 1]):
        end += 1
    p[:] = p[start : end + 1]


def _ref_part(x: Item) -> bool:
    """A piece of a reference written with spaces: another number, or a short code in capitals ('3 O 145/25')."""
    return x.cls in {"ref", "number"} or x.cls in {"word", "name"} and len(x.text) <= 3 and x.text.isupper()


def labelled_ref(x: Item) -> Item:
    """'Aktenzeichen VG-88217' scanned as one (German) name: the reference alone."""
    first, _, rest = x.text.partition(" ")
    label = fold(first)
    if x.cls == "name" and (label in _REF_WORDS or label.endswith(("nummer", "zeichen", "number", "referenz", "zahl"))
                            or x.weak and re.search(r"[-/]", rest)) \
            and re.fullmatch(r"[\w/-]*\d[\w/-]*", rest):  # "Betriebsprüfung FA-68/2211": the reference
        return Item("ref", rest, value=fold(rest))
    return x


def window_slot(items: list[Item], i: int) -> tuple[Window, int]:
    """'between 22:00 and 07:00', 'before 9', 'on weekends', 'on weekdays before 9am'."""
    days: tuple[str, ...] = ()
    start = end = ""
    j = i
    while j < len(items):
        it = items[j]
        if it.cls in {"weekend", "weekday", "day"}:
            days = tuple(dict.fromkeys(days + tuple(it.value)))  # type: ignore[arg-type]
            j += 1
        elif it.cls in {"between", "from"} and (n := _after_article(items, j + 1)) < len(items) \
                and items[n].cls in {"time", "number"}:
            start = _clock(items[n])
            k = n + 1
            if k < len(items) and (items[k].cls in {"and", "tillw", "f"} or fold(items[k].text) in _TILL):
                k = _after_article(items, k + 1)
            if k >= len(items) or items[k].cls not in {"time", "number"}:
                raise Unread("a time window needs both ends (\"between 22:00 and 07:00\")")
            end = _clock(items[k])
            j = _hour_word(items, k + 1)
        elif it.cls in {"after", "before"} and j + 4 < len(items) and items[j + 1].cls in {"time", "number"} \
                and items[j + 2].cls == "or" and items[j + 3].cls == ({"after", "before"} - {it.cls}).pop() \
                and items[j + 4].cls in {"time", "number"}:  # "after 21:00 or before 08:00": the night between
            first, second = _clock(items[j + 1]), _clock(items[j + 4])
            start, end = (first, second) if it.cls == "after" else (second, first)
            j += 5
        elif it.cls == "before" and j + 1 < len(items) and items[j + 1].cls in {"time", "number"}:
            start, end = "00:00", _clock(items[j + 1])
            j += 2
        elif (it.cls == "time" or it.cls == "number" and _clock_range(items, j)) and not start \
                and (k := range_end(items, j)) is not None:
            start, end = _clock(it), _clock(items[k])  # "Quiet hours 22:00–07:00", "Mo–Fr 12:30–14:00"
            j = _hour_word(items, k + 1)
        elif it.cls == "f" and it.text.lower() in {"on", "at", "the", "am", "an", "en", "le", "los", "nos", "aos"}:
            j += 1
        elif it.cls == "recur" and it.value == "DAILY" and (start or days) and not days:
            j += 1  # "de 23:00 a 7:00 todos los días": every day, the window's days, not a daily calendar series
        elif it.cls in {"and", "or"} and j + 1 < len(items) and items[j + 1].cls in {"day", "weekend", "weekday"}:
            if start:  # "werktags von 20 bis 7 Uhr und am ganzen Wochenende": a second window, not more days
                raise Unread("more than one time window in one rule is not understood")
            j += 1
        else:
            break
    if not days and not start:
        raise Unread("a time window is not understood")
    zone = ""
    if j < len(items) and items[j].cls == "aside":
        if (note := zone_note(items[j].items)) is not None:  # "(hora de Madrid)": the window's own zone
            zone, j = note, j + 1
    elif j + 1 < len(items) and items[j].cls in {"name", "word"} and fold(items[j + 1].text) in {"time", "zeit"} \
            and (note := zone_note(items[j : j + 2])) is not None:
        zone, j = note, j + 2  # "From 22:00 to 07:00 India time": said without brackets
    return Window(days=days, start=start, end=end, zone=zone), j  # type: ignore[arg-type]


_TILL = {"-", "–", "—", "to", "a", "bis", "until", "till", "hasta", "ate", "jusqu'a", "as", "aux"}
_CLOCK_ARTICLES = {"las", "la", "as", "a", "les", "the"}  # "entre las 23:00 y las 7:00", "entre as 22h e as 7h"


def _hour_word(items: list[Item], j: int) -> int:
    """'22:00 bis 07:00 Uhr': the word for "o'clock" after a time says nothing more."""
    return j + 1 if j < len(items) and fold(items[j].text) in {"uhr", "h", "horas", "heures", "hrs", "o'clock"} else j


def _clock_range(items: list[Item], j: int) -> bool:
    """'20–7 Uhr': a bare number before a dash and a clock time is an hour too."""
    k = range_end(items, j)
    return k is not None and items[k].cls == "time"


def range_end(items: list[Item], j: int) -> int | None:
    """Where a range of two times that starts at items[j] (a time) ends ('22:00–07:00', '10pm-6:30am',
    '22:00 bis 07:00 Uhr', '23h à 7h'), or None when items[j] starts none."""
    k = j + 1
    if k >= len(items) or not (items[k].cls in {"tillw", "punct"} and fold(items[k].text) in _TILL
                               or items[k].cls != "punct" and fold(items[k].text) in _TILL - {"a", "as", "aux"}):
        return None
    k = _after_article(items, k + 1)
    if k < len(items) and items[k].cls in {"time", "number"}:
        return k
    return None


def _after_article(items: list[Item], j: int) -> int:
    return j + 1 if j < len(items) and items[j].cls == "f" and fold(items[j].text) in _CLOCK_ARTICLES else j


def _clock(item: Item) -> str:
    text = fold(item.text).replace(" ", "").replace(".", "")
    m = re.fullmatch(r"(\d{1,2})(?:[:h](\d{2}))?(am|pm|h|uhr)?", text)
    if not m:
        raise Unread(f'"{item.text}" is not a time of day')
    h, mins, suffix = int(m.group(1)), int(m.group(2) or 0), m.group(3) or ""
    if suffix == "pm" and h < 12:
        h += 12
    if suffix == "am" and h == 12:
        h = 0
    if h > 24 or mins > 59:
        raise Unread(f'"{item.text}" is not a time of day')
    return f"{h:02d}:{mins:02d}"




def money(text: str) -> tuple[float, str]:
    """'€1,240.00' -> (1240.0, 'EUR'); '1.000 €' -> (1000.0, 'EUR'); '$2k' -> (2000.0, 'USD')."""
    low = re.sub(r"[ \u202f\u00a0]", "", fold(text))
    sign = re.sub(r"[\d.,\s]|k$", "", low) or re.sub(r"[\d.,\s]", "", low)
    cur = code_of(sign)
    digits = re.sub(r"[^\d.,k]", "", low).strip(".,")
    mult = 1000 if digits.endswith("k") else 1
    digits = digits.rstrip("k").strip(".,")
    seps = [ch for ch in digits if ch in ".,"]
    if seps:
        last = max(digits.rfind("."), digits.rfind(","))
        tail = digits[last + 1 :]
        if len(set(seps)) == 2 or len(tail) != 3 or (len(seps) == 1 and False):
            whole, frac = digits[:last], tail  # the last separator is the decimal point
        else:
            whole, frac = digits, ""  # "1.000", "1,000,000": thousands
        digits = re.sub(r"[.,]", "", whole) + ("." + frac if frac else "")
    return float(digits or 0) * mult, cur


def amount_slot(items: list[Item], i: int) -> tuple[Amount, int]:
    cmp = str(items[i].value)
    nxt = items[i + 1]
    if nxt.cls == "money":
        value, cur = money(nxt.text)
    else:
        raise Unread(f'"{items[i].text} {nxt.text}": an amount needs its currency')
    return Amount(cmp=cmp, value=value, currency=cur), i + 2  # type: ignore[arg-type]


def _unused(*_: object) -> None:  # keep names referenced for linters
    return None


_ = (is_number, Topic, _DESCRIPTIVE, _SENDER_STOP)


clock = _clock  # "HH:MM" of a time item, for the phrase reader
