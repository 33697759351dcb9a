"""T7/T11: a hold followed by the list of what may still get through ("Solo dos cosas pueden despertarme: ...")
is one rule with exceptions; a list that cannot be read, or that lists another number of things than it says,
refuses the hold with it (never a hold applied without its exceptions)."""

from __future__ import annotations

from datetime import datetime, timezone
from zoneinfo import ZoneInfo

import pytest

from tic.rules import Context, read_rule, read_rules
from tic.sources import Event, Person

TZ = ZoneInfo("Europe/Madrid")
NIGHT = datetime(2026, 3, 11, 23, 45, tzinfo=TZ).astimezone(timezone.utc)
DAY = datetime(2026, 3, 11, 11, 0, tzinfo=TZ).astimezone(timezone.utc)


def _chat(name: str, body: str = "hola") -> Event:
    return Event(key=f"whatsapp:{name}", source="whatsapp", kind="whatsapp", type="message", time=NIGHT,
                 sender=Person(name=name, address="+34600000001"), body=body, chat=name, is_group=False)


def _mail(subject: str) -> Event:
    return Event(key=f"email:{subject}", source="mail", kind="email", type="message", time=NIGHT,
                 sender=Person(name="Guardia", address="guardia@ops.example"), subject=subject, body=subject)


FILES = {
    "es": '## Por la noche\nDe 23:00 a 7:00 no quiero ninguna notificación. Solo dos cosas pueden despertarme: '
          '"Lola" y las alertas P1.\n',
    "en": '## Nights\nBetween 23:00 and 07:00 mute everything. Only two things may wake me: "Lola" and the P1 alerts.\n',
    "pt": '## Noite\nDas 23h às 7h não quero nenhuma notificação. Só duas coisas podem acordar-me: "Lola" e os '
          'alertas P1.\n',
    "fr": '## La nuit\nDe 23h à 7h, ne me dérange pas. Seules deux choses peuvent me réveiller : « Lola » et les '
          'alertes P1.\n',
    "de": '## Nachts\nZwischen 23 und 7 Uhr bitte nichts melden. Nur zwei Dinge dürfen mich wecken: „Lola“ und die '
          'Alarme P1.\n',
}


@pytest.mark.parametrize("lang", sorted(FILES))
def test_t11_a_hold_and_the_list_of_what_gets_through_are_one_rule(lang: str) -> None:
    rs = read_rules(FILES[lang])
    assert len(rs.rules) == 1 and not rs.not_understood, [(r.text, r.why_not) for r in rs.rules]
    rule = rs.rules[0]
    night, day = Context(now=NIGHT, tz=TZ), Context(now=DAY, tz=TZ)
    assert rule.verdict(_chat("Lola"), night).effect == "notify"
    assert rule.verdict(_mail("[P1] API down"), night).effect == "notify"
    assert rule.verdict(_mail("[P3] latency"), night).effect == "hold"
    assert rule.verdict(_chat("Lola Pérez"), night).effect == "hold"  # a saved name is matched whole
    assert rule.verdict(_chat("Lola"), day) is None
    again = read_rule(rule.render(), "custom")
    assert again.understood and again.reading == rule.reading, rule.render()


@pytest.mark.parametrize("text", [
    '## Nights\nBetween 23:00 and 07:00 mute everything. Only two things may wake me: "Lola", "Tom" and the P1 alerts.\n',
    '## Nights\nBetween 23:00 and 07:00 mute everything. Only two things may wake me: "Lola" and anything urgent.\n',
])
def test_t7_a_list_not_read_refuses_the_hold_with_it(text: str) -> None:
    rs = read_rules(text)
    assert len(rs.rules) == 1 and rs.rules[0].why_not and "Only two things" in rs.rules[0].text


def test_t7_an_only_list_alone_is_refused() -> None:
    rs = read_rules('## Nights\nOnly two things may wake me: "Lola" and the P1 alerts.\n')
    assert [r.understood for r in rs.rules] == [False]


THEN_ONLY = {
    "de": "## Ruhezeiten\nZwischen 23:00 und 7:00 Uhr will ich meine Ruhe. In dieser Zeit dürfen nur Nachrichten von "
          "Lola und E-Mails über P1 durchkommen; alles andere hebst du bis 7:00 Uhr auf.\n",
    "en": "## Nights\nQuiet hours from 23:00 to 07:00. During that time only Lola and emails about P1 may get through; "
          "everything else can wait until 07:00.\n",
}


@pytest.mark.parametrize("lang", sorted(THEN_ONLY))
def test_t11_then_only_these_get_through_is_the_holds_exceptions(lang: str) -> None:
    rs = read_rules(THEN_ONLY[lang])
    assert len(rs.rules) == 1 and not rs.not_understood, [(r.text, r.why_not) for r in rs.rules]
    rule, night = rs.rules[0], Context(now=NIGHT, tz=TZ)
    assert rule.verdict(_chat("Lola"), night).effect == "notify"
    assert rule.verdict(_mail("P1 API down"), night).effect == "notify"
    assert rule.verdict(_mail("P3 latency"), night).effect == "hold"


def test_t11_the_rest_waiting_until_another_time_than_the_window_refuses_the_hold() -> None:
    rs = read_rules("## Nachts\nRuhezeit von 22 bis 6 Uhr. In dieser Zeit dürfen nur Nachrichten von Jonas "
                    "durchkommen; alles andere hebst du bis 8 Uhr auf.\n")
    assert [r.understood for r in rs.rules] == [False] and "another time" in rs.rules[0].why_not


def test_t11_the_next_bullet_may_list_what_gets_through_a_hold() -> None:
    rs = read_rules("## Never notify\n- Every night from 23:00 to 07:00 hold everything and tell me at 07:00\n"
                    '- Only two things get through during quiet hours: "Lola", and emails from ops@ops.example\n')
    assert len(rs.rules) == 1 and not rs.not_understood, [(r.text, r.why_not) for r in rs.rules]
    night = Context(now=NIGHT, tz=TZ)
    assert rs.rules[0].verdict(_chat("Lola"), night).effect == "notify"
    assert rs.rules[0].verdict(_chat("Tom"), night).effect == "hold"


def test_t11_a_role_named_before_and_what_still_comes_through_after() -> None:
    """'the after-hours line' was said before ("the clinic's after-hours line (oncall@…)"); "Calendar alerts still
    come through." adds to what the hold lets through."""
    rs = read_rules("## Always notify\n- Emails from the clinic's after-hours line (oncall@vet.example)\n\n"
                    "## Custom rules\n- Quiet hours 23:00-07:00: hold emails and WhatsApp messages until 07:00, except "
                    "anything from Lola or the after-hours line. Calendar alerts still come through.\n")
    assert not rs.not_understood, [(r.text, r.why_not) for r in rs.rules]
    hold, night = rs.rules[-1], Context(now=NIGHT, tz=TZ)
    line = Event(key="email:line", source="mail", kind="email", type="message", time=NIGHT,
                 sender=Person(name="On call", address="oncall@vet.example"), subject="Colic", body="x")
    assert hold.verdict(line, night).effect == "notify"
    assert hold.verdict(_chat("Lola"), night).effect == "notify"
    assert hold.verdict(_mail("P3 latency"), night).effect == "hold"
