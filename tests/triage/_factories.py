"""Hand-built Events for the triage tests (names here are invented, not the eval's)."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from tic.sources import Event, Person

NOW = datetime(2027, 3, 9, 9, 0, tzinfo=timezone.utc)  # a Tuesday
PASS = "mx.example.net; dkim=pass header.d={d}; spf=pass smtp.mailfrom={d}; dmarc=pass header.from={d}"
FAIL = "mx.example.net; dkim=none; spf=fail smtp.mailfrom={d}; dmarc=fail header.from={d}"


def email(name: str, address: str, subject: str, body: str = "", *, key: str = "", ago: int = 30,
          headers: dict[str, str] | None = None, auth: str = PASS) -> Event:
    domain = address.rpartition("@")[2]
    h = {"Authentication-Results": auth.format(d=domain)} if auth else {}
    h.update(headers or {})
    return Event(
        key=key or f"email:{abs(hash((address, subject))) % 10**9}@test", source="mail", kind="email", type="message",
        time=NOW - timedelta(minutes=ago), sender=Person(name=name, address=address),
        to=(Person(name="Noor Haddad", address="noor@haddad-studio.example"),), subject=subject, body=body, headers=h,
    )


BULK = {"List-Unsubscribe": "<https://example.com/unsub>", "Precedence": "bulk"}


def chat(sender: str, body: str, *, chat_name: str = "", group: bool = False, mentions: tuple[str, ...] = (),
         number: str = "+15550100", key: str = "") -> Event:
    return Event(
        key=key or f"whatsapp:{abs(hash((sender, body))) % 10**9}", source="whatsapp", kind="whatsapp", type="message",
        time=NOW - timedelta(minutes=10), sender=Person(name=sender, address=number), body=body,
        chat=chat_name or sender, is_group=group, mentions=mentions,
    )


def meeting(summary: str, *, starts_in: timedelta, created_ago: timedelta, rrule: str = "", all_day: bool = False,
            tz: str = "Europe/Berlin", organiser: Person | None = None, key: str = "", start: datetime | None = None,
            created: datetime | None = None) -> Event:
    start = start or NOW + starts_in
    created = created or NOW - created_ago
    return Event(
        key=key or f"calendar:{abs(hash(summary)) % 10**9}", source="calendar", kind="calendar", type="event",
        time=start, sender=organiser or Person(name="Ola Berg", address="ola@berg.example"), subject=summary,
        start=start, end=start + timedelta(hours=1), all_day=all_day, created=created, last_modified=created,
        recurrence=rrule, timezone=tz, status="CONFIRMED",
    )
