"""T9: the user's time zone - TIC_TIMEZONE, else the calendar's X-WR-TIMEZONE, else the machine's - reaches `decide`."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest

from tic.clock import local_zone
from tic.errors import ConfigError
from tic.hub import Notifier
from tic.sources import Event
from tic.triage import Decision
from tic.triage._decision import call_decide, hold_phrase, release_phrase
from tic.triage._zone import calendar_zone, user_zone, zone_from_name, zone_name
from tic.triage.dry_run import dry_run
from tic.triage.tick import Triage
from tests.triage.test_tick import ListSource, RecordingDecider, email

NOW = datetime(2026, 11, 30, 9, 0, tzinfo=timezone.utc)

ICS = """BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//test//EN
X-WR-TIMEZONE:Asia/Dubai
BEGIN:VEVENT
UID:standup-1@test
DTSTAMP:20261130T080000Z
CREATED:20261130T080000Z
LAST-MODIFIED:20261130T080000Z
DTSTART:20261130T120000Z
DTEND:20261130T123000Z
SUMMARY:Stand-up
END:VEVENT
END:VCALENDAR
"""


def meeting(tz: str, key: str = "calendar:1") -> Event:
    return Event(key=key, source="calendar", kind="calendar", type="event", time=NOW, start=NOW,
                 end=NOW + timedelta(hours=1), subject="Stand-up", timezone=tz)


class ZoneRecorder:
    def __init__(self):
        self.zones = []

    def __call__(self, events, rules_text, now, tz):
        self.zones.append(tz)
        return [Decision(e.key, False, "no") for e in events]


@pytest.mark.parametrize("setting, events, want", [
    ("Europe/Rome", [meeting("Asia/Dubai")], ZoneInfo("Europe/Rome")),  # the setting wins
    (None, [email(1), meeting("Asia/Dubai"), meeting("Europe/Oslo", "calendar:2")], ZoneInfo("Asia/Dubai")),  # first calendar event
    (None, [meeting("W. Europe Standard Time"), meeting("Asia/Tokyo", "calendar:2")], ZoneInfo("Asia/Tokyo")),  # a name zoneinfo does not know is passed over
    ("", [meeting("Asia/Tokyo")], ZoneInfo("Asia/Tokyo")),  # an empty setting is no setting
    (None, [email(1), meeting("")], "machine"),
    (None, [], "machine"),
])
def test_t9_user_zone_precedence(setting, events, want):
    assert user_zone(setting, events) == (local_zone() if want == "machine" else want)


def test_t9_a_bad_zone_setting_says_what_to_do():
    with pytest.raises(ConfigError, match=r"unknown time zone 'Europe/Rom' in TIC_TIMEZONE: use an IANA name such as 'Europe/Rome'"):
        user_zone("Europe/Rom", [])


def test_t9_the_machine_zone_is_named_when_it_can_be(monkeypatch):
    monkeypatch.setenv("TZ", "America/Sao_Paulo")
    assert local_zone() == ZoneInfo("America/Sao_Paulo")
    monkeypatch.setenv("TZ", "Not/AZone")
    assert local_zone().utcoffset(NOW) is not None  # falls back to the machine's offset


def test_t9_zone_names_round_trip():
    for tz in (ZoneInfo("Asia/Kolkata"), timezone(timedelta(hours=-3, minutes=-30)), timezone.utc):
        assert zone_from_name(zone_name(tz)).utcoffset(NOW) == tz.utcoffset(NOW)
    assert zone_from_name("nonsense") == timezone.utc and calendar_zone([email(1)]) is None


def test_t9_t11_hold_phrases_read_in_the_users_time():
    tz = ZoneInfo("Europe/Rome")
    evening = datetime(2026, 11, 30, 22, 0, tzinfo=timezone.utc)
    seven = datetime(2026, 12, 1, 6, 0, tzinfo=timezone.utc)
    assert hold_phrase(seven, tz, "quiet hours", now=evening) == "held until 07:00 (quiet hours)"
    assert hold_phrase(seven + timedelta(days=2), tz, now=evening) == "held until Thu 3 Dec 07:00"
    assert release_phrase(seven, seven, tz, "quiet hours", held_at=evening) == "released at 07:00 (held until 07:00, quiet hours)"


def test_t9_decide_is_called_with_tz_only_when_it_takes_it():
    got = []

    def new(events, rules_text, now, tz):
        got.append(tz)
        return []

    def keyword_only(events, rules_text, now, *, tz=None):
        got.append(tz)
        return []

    def old(events, rules_text, now):
        got.append("old")
        return []

    for decide in (new, keyword_only, old, RecordingDecider()):
        call_decide(decide, [], None, NOW, timezone.utc)
    assert got == [timezone.utc, timezone.utc, "old"]


def test_t9_the_tick_passes_the_setting_else_the_calendars_zone_and_remembers_it(world, store, roster, clock, tmp_path):
    (tmp_path / "data").mkdir()
    decide = ZoneRecorder()
    src = ListSource(items=[email(1), meeting("Asia/Dubai")])

    def make(**kw):
        return Triage(engine=world, store=store, notifier=Notifier(store, clock), clock=clock, agent=roster["tic"],
                      resolve=lambda rel: tmp_path / rel, sources=[src], decide=decide, **kw)

    triage = make()
    triage.tick()
    src.items = [email(3)]  # no calendar event in this tick: the calendar's zone is remembered
    triage.tick()
    src.items = [email(5), meeting("Asia/Dubai", "calendar:2")]
    make(timezone="America/Chicago").tick()  # the setting wins over the calendar
    assert decide.zones == [ZoneInfo("Asia/Dubai"), ZoneInfo("Asia/Dubai"), ZoneInfo("America/Chicago")]
    with pytest.raises(ConfigError, match="TIC_TIMEZONE"):
        make(timezone="Mars/Olympus_Mons")


def test_t9_the_dry_run_reads_the_calendars_x_wr_timezone_unless_set(tmp_path):
    (tmp_path / "calendar.ics").write_text(ICS)
    decide = ZoneRecorder()
    rows = dry_run(tmp_path, None, NOW, decide=decide)
    assert [e.timezone for e, _ in rows] == ["Asia/Dubai"]  # X-WR-TIMEZONE reaches Event.timezone
    dry_run(tmp_path, None, NOW, decide=decide, timezone="Europe/Lisbon")
    assert decide.zones == [ZoneInfo("Asia/Dubai"), ZoneInfo("Europe/Lisbon")]
    with pytest.raises(ConfigError, match="TIC_TIMEZONE"):
        dry_run(tmp_path, None, NOW, decide=decide, timezone="Europe/Nowhere")


def test_t11_the_dry_run_prints_a_hold_as_not_notified_with_until_when(tmp_path):
    (tmp_path / "calendar.ics").write_text(ICS)
    until = datetime(2026, 11, 30, 19, 0, tzinfo=timezone.utc)  # 23:00 in Dubai

    def hold(events, rules_text, now, tz):
        return [Decision(e.key, True, "Always notify: meetings", summary="A meeting.", held_until=until,
                         hold_reason="not before 23:00") for e in events]

    ((_, d),) = dry_run(tmp_path, None, NOW, decide=hold)
    assert d.notify is False and d.reason == "Always notify: meetings; held until 23:00 (not before 23:00)"
