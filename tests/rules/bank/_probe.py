"""Cases, probes and concise Event factories for the paraphrase bank.

A `Case` is one rule sentence, the section it sits in, and what it means, said behaviourally: each
`Probe` is an event and the verdict that ONE rule must give it ("notify", "skip", "hold", or None =
the rule says nothing about that event). `must=True`: a careful offline reader has to understand it
(a common shape in plain words). `understood=False`: it must be refused (it needs judgement, an
unknown role, a field no event shows, or carries a qualifier nothing could use).

Time: NOW is Wednesday 2026-03-11 10:00 UTC = 11:00 in Europe/Madrid (CET, UTC+1; DST starts on the
29th). A probe's `at` ("YYYY-MM-DD HH:MM", Madrid time) moves the moment it is judged at; `until` is
when a hold must end (Madrid time).
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from typing import Union
from zoneinfo import ZoneInfo

from tic.sources import Event, Person

__all__ = [
    "NOW", "TZ", "ME", "N", "S", "H", "SKIP_OR_HOLD", "LANGS", "SECTIONS", "Case", "Probe", "P", "local",
    "email", "chat", "event", "newsletter", "promo", "digest", "social", "receipt", "list_post", "autoreply",
    "other_email", "other_chat", "other_event", "in_my_thread", "cc_only", "weekly", "daily", "monthly", "Bank", "Person", "timedelta", "minutes", "hours", "days", "LOCAL_TODAY_ONLY",
]

NOW = datetime(2026, 3, 11, 10, 0, tzinfo=timezone.utc)  # a Wednesday; 11:00 in Madrid
TZ = ZoneInfo("Europe/Madrid")
ME = Person(name="Lucía Ferrán", address="lucia@ferran.example")  # the user

N, S, H = "notify", "skip", "hold"
# Only for rules whose words leave it open whether a time-limited mute drops or holds ("mute X on
# weekends"): either is a faithful reading; notifying, or saying nothing, is not.
SKIP_OR_HOLD = ("skip", "hold")
LANGS = ("en", "es", "pt", "de", "fr", "mixed")
SECTIONS = ("always", "never", "custom")
RULE_IDS = ("T3", "T7", "T9", "T10", "T11")

Expect = Union[str, None, tuple[str, ...]]


def local(when: str) -> datetime:
    """'2026-03-11 23:30' in the user's time zone (Madrid), as aware UTC."""
    return datetime.strptime(when, "%Y-%m-%d %H:%M").replace(tzinfo=TZ).astimezone(timezone.utc)


@dataclass(frozen=True)
class Probe:
    event: Event
    expect: Expect
    note: str = ""
    at: str = ""  # the moment judged at, Madrid time ('' = NOW)
    until: str = ""  # for a hold: when it ends, Madrid time ('' = not checked)

    def __post_init__(self) -> None:
        allowed = (None, N, S, H)
        ok = self.expect in allowed or (isinstance(self.expect, tuple) and set(self.expect) <= {N, S, H})
        if not ok:
            raise ValueError(f"bad expectation {self.expect!r}")
        if self.until and self.expect != H:
            raise ValueError("`until` only goes with a hold")
        if self.at and self.event.kind != "calendar":  # a message arrives just before it is judged
            object.__setattr__(self, "event", self.event.model_copy(update={"time": self.now - timedelta(minutes=2)}))

    @property
    def now(self) -> datetime:
        return local(self.at) if self.at else NOW

    @property
    def held_until(self) -> datetime | None:
        return local(self.until) if self.until else None

    def expects(self) -> tuple:
        return self.expect if isinstance(self.expect, tuple) else (self.expect,)


def P(event: Event, expect: Expect, note: str = "", *, at: str = "", until: str = "") -> Probe:
    return Probe(event, expect, note, at, until)


_ID = re.compile(r"^(T3|T7|T9|T10|T11)-(en|es|pt|de|fr|mixed)-[a-z-]+-\d{3}$")


@dataclass(frozen=True)
class Case:
    id: str
    lang: str
    section: str
    text: str
    must: bool
    understood: bool | None = None  # None: no claim (but if understood, every probe must hold)
    catch_all: bool = False
    probes: list[Probe] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not _ID.match(self.id) or f"-{self.lang}-" not in self.id:
            raise ValueError(f"bad case id {self.id!r}")
        if self.lang not in LANGS or self.section not in SECTIONS:
            raise ValueError(f"{self.id}: bad lang or section")
        if self.must and self.understood is False:
            raise ValueError(f"{self.id}: a must-read case cannot be refused")
        if self.understood is not False and not self.probes:
            raise ValueError(f"{self.id}: a readable rule needs probes")
        if self.catch_all and not any(p.expect is not None for p in self.probes):
            raise ValueError(f"{self.id}: a catch-all covers every event")


# ---- events -------------------------------------------------------------------------------------------

_seq = itertools.count(1)
_AUTH = "mx.ferran.example; dkim=pass header.d={d}; spf=pass smtp.mailfrom={d}; dmarc=pass header.from={d}"


def email(sender_name: str = "", address: str = "", subject: str = "", body: str = "", *,
          headers: dict[str, str] | None = None, to: tuple[Person, ...] = (ME,), ago: int = 20) -> Event:
    """An e-mail that arrived `ago` minutes before NOW (authenticated, addressed to the user)."""
    domain = address.rpartition("@")[2].lower()
    h = {"Authentication-Results": _AUTH.format(d=domain)} if domain else {}
    h.update(headers or {})
    n = next(_seq)
    return Event(key=f"email:bank-{n}@ferran.example", source="mail", kind="email", type="message",
                 time=NOW - timedelta(minutes=ago), sender=Person(name=sender_name, address=address), to=to,
                 subject=subject, body=body or f"{subject}\n\n-- \n{sender_name}", headers=h,
                 refs={"message_id": f"bank-{n}@ferran.example"})


def chat(sender: str = "", number: str = "+34600000000", body: str = "hola", *, group: bool = False,
         chat_name: str = "", mentions: tuple[str, ...] = (), ago: int = 5) -> Event:
    """A WhatsApp message: `sender` is the saved contact's name ('' = unsaved: the name is the number)."""
    number = "+" + re.sub(r"\D", "", number)
    name = sender or number
    n = next(_seq)
    return Event(key=f"whatsapp:bank-{n}", source="whatsapp", kind="whatsapp", type="message",
                 time=NOW - timedelta(minutes=ago), sender=Person(name=name, address=number), body=body,
                 chat=chat_name or name, is_group=group, mentions=tuple(mentions),
                 refs={"message_id": f"bank-{n}", "chat": chat_name or name})


def event(summary: str, *, start_in: timedelta = timedelta(days=2), created_ago: timedelta = timedelta(days=10),
          rrule: str = "", all_day: bool = False, organizer: Person | None = None,
          attendees: tuple[Person, ...] = (), start: datetime | None = None, created: datetime | None = None,
          description: str = "", hours: float = 1, status: str = "CONFIRMED",
          modified_ago: timedelta | None = None) -> Event:
    """A calendar item starting `start_in` after NOW (or at `start`), created `created_ago` before NOW (and changed
    `modified_ago` before NOW, if it was changed since)."""
    start = start or NOW + start_in
    if all_day:  # all-day items start at local midnight (T9)
        day = start.astimezone(TZ).date()
        start = datetime(day.year, day.month, day.day, tzinfo=TZ).astimezone(timezone.utc)
    created = created or NOW - created_ago
    n = next(_seq)
    return Event(key=f"calendar:bank-{n}", source="calendar", kind="calendar", type="event", time=start,
                 sender=organizer or ME, attendees=attendees, subject=summary, body=description, start=start,
                 end=start + (timedelta(days=1) if all_day else timedelta(hours=hours)), all_day=all_day,
                 created=created, last_modified=NOW - modified_ago if modified_ago is not None else created,
                 recurrence=rrule, timezone="Europe/Madrid",
                 status=status, refs={"uid": f"bank-{n}"})


weekly = "FREQ=WEEKLY;BYDAY=MO"
daily = "FREQ=DAILY"
monthly = "FREQ=MONTHLY;BYMONTHDAY=1"

_BULK = {"List-Unsubscribe": "<https://{d}/unsubscribe?u=81>, <mailto:unsubscribe@{d}>",
         "List-Unsubscribe-Post": "List-Unsubscribe=One-Click", "Precedence": "bulk"}


def _bulk(domain: str, **more: str) -> dict[str, str]:
    h = {k: v.format(d=domain) for k, v in _BULK.items()}
    h.update(more)
    return h


def newsletter(org: str, domain: str, subject: str = "", body: str = "") -> Event:
    """A newsletter: bulk headers, a news@ sender, 'you are receiving this newsletter'."""
    return email(org, f"news@{domain}", subject or f"{org} newsletter — issue #42",
                 body or f"This month at {org}: three stories.\n\nYou are receiving this newsletter because you "
                         f"subscribed at {domain}. Unsubscribe any time.",
                 headers=_bulk(domain, **{"List-Id": f"{org} News <news.{domain}>"}))


def promo(org: str, domain: str, subject: str = "") -> Event:
    """Marketing: a bulk offer with a discount."""
    return email(org, f"offers@{domain}", subject or "Spring sale: 30% off everything, this weekend only",
                 f"Save 30% on everything at {org}. Shop now — limited time.\n\nTo unsubscribe, click here.",
                 headers=_bulk(domain, **{"X-Campaign": "spring-sale-26"}))


def digest(org: str, domain: str, subject: str = "") -> Event:
    """An automated report/digest from a no-reply robot."""
    return email(org, f"noreply@{domain}", subject or f"Your weekly summary from {org}",
                 f"Weekly summary: 14 new items, 3 comments.\n\nThis is an automated message, do not reply.",
                 headers=_bulk(domain, **{"Auto-Submitted": "auto-generated"}))


_SOCIAL = {
    "linkedin": ("LinkedIn", "notifications-noreply@linkedin.com", "Marta Ruiz viewed your profile"),
    "facebook": ("Facebook", "notification@facebookmail.com", "Paco Gil commented on your post"),
    "instagram": ("Instagram", "no-reply@mail.instagram.com", "jules.b and 3 others liked your photo"),
    "x": ("X", "notify@x.com", "You have 5 new followers"),
    "xing": ("XING", "mailrobot@mail.xing.com", "Neue Kontaktanfrage: Jonas Weber wants to connect"),
    "strava": ("Strava", "no-reply@strava.com", "Iker gave you kudos on your Morning Run"),
    "tiktok": ("TikTok", "noreply@account.tiktok.com", "lola.rr is now following you"),
}


def social(network: str, subject: str = "") -> Event:
    """A social network's notification e-mail (linkedin, facebook, instagram, x, xing, strava, tiktok)."""
    name, address, default = _SOCIAL[network]
    domain = address.rpartition("@")[2]
    return email(name, address, subject or default,
                 f"{subject or default}.\n\nView profile: https://{domain}/n/81\nThis email was intended for "
                 f"Lucía Ferrán. Unsubscribe.", headers=_bulk(domain, **{"Auto-Submitted": "auto-generated"}))


def receipt(org: str, domain: str, subject: str = "") -> Event:
    """A shipping notice / receipt from a shop's robot."""
    return email(org, f"no-reply@{domain}", subject or "Your order #88213 has shipped",
                 "Your order #88213 has shipped and is on its way. Tracking number: 1Z999AA10123456784.\n\n"
                 "This is an automated message.", headers={"Auto-Submitted": "auto-generated"})


def list_post(list_name: str, list_addr: str, sender_name: str, address: str, subject: str,
              body: str = "") -> Event:
    """A mailing-list post, addressed to the list, not to the user."""
    return email(sender_name, address, subject, body or f"{subject}\n\nThoughts welcome.",
                 to=(Person(name=list_name, address=list_addr),),
                 headers={"List-Id": f"{list_name} <{list_addr.replace('@', '.')}>", "List-Post": f"<mailto:{list_addr}>",
                          "List-Unsubscribe": f"<mailto:{list_addr.replace('@', '-unsubscribe@')}>",
                          "Precedence": "list"})


def autoreply(sender_name: str, address: str, subject: str = "Automatic reply: Out of office") -> Event:
    """An out-of-office / automatic reply."""
    return email(sender_name, address, subject,
                 "I am out of the office until 16 March with limited access to e-mail.",
                 headers={"Auto-Submitted": "auto-replied", "X-Autoreply": "yes"})


def cc_only(sender_name: str, address: str, subject: str = "x") -> Event:
    """An e-mail to a team address with the user only in Cc."""
    domain = address.rpartition("@")[2]
    return email(sender_name, address, subject, "x", to=(Person(name="Team", address=f"team@{domain}"),),
                 headers={"Cc": f"{ME.name} <{ME.address}>"})


def in_my_thread(event: Event) -> Event:
    """The e-mail as a reply in a thread the user started (what the Sent folder tells the source)."""
    return event.model_copy(update={"refs": {**event.refs, "in_user_thread": "1", "user_started_thread": "1"}})


def in_a_thread_i_answered(event: Event) -> Event:
    """The e-mail as a reply in someone else's thread the user answered in (not one the user started)."""
    return event.model_copy(update={"refs": {**event.refs, "in_user_thread": "1"}})


def other_email() -> Event:
    """A plain personal e-mail from someone no rule in the bank names."""
    return email("Teodoro Vals", "teo.vals@vals-arquitectos.example", "Planos revisados",
                 "Hola Lucía, te paso los planos revisados. ¿Los vemos el jueves?")


def other_chat() -> Event:
    """A direct WhatsApp message from a saved contact no rule in the bank names."""
    return chat("Nerea Olazábal", "+34 655 010 203", "¿Quedamos mañana para correr?")


def other_event() -> Event:
    """A one-off calendar item three days away, created last week."""
    return event("Revisión anual de la caldera", start_in=timedelta(days=3), created_ago=timedelta(days=8))


class Bank:
    """Collects one language's cases, numbering them: `b("T7", "sender", "always", text, True, *probes)`."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.cases: list[Case] = []

    def __call__(self, rid: str, shape: str, section: str, text: str, must: bool, *probes: Probe,
                 understood: bool | None = None, catch_all: bool = False) -> Case:
        case = Case(f"{rid}-{self.lang}-{shape}-{len(self.cases) + 1:03d}", self.lang, section, text, must,
                    understood, catch_all, list(probes))
        self.cases.append(case)
        return case

    def no(self, rid: str, shape: str, section: str, text: str, *probes: Probe) -> Case:
        """A sentence that must be refused offline (probes, if any, document what it would mean)."""
        return self(rid, shape, section, text, False, *probes, understood=False)


def minutes(n: float) -> timedelta:
    return timedelta(minutes=n)


def hours(n: float) -> timedelta:
    return timedelta(hours=n)


def days(n: float) -> timedelta:
    return timedelta(days=n)


# Created at 23:30 UTC on the 10th = 00:30 on the 11th in Madrid: "today" for the user, not in UTC (T9).
LOCAL_TODAY_ONLY = hours(10.5)
