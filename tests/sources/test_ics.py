"""IcsFileSource against real .ics text (S1, S3, S5, R2)."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from tic.errors import ItemError, SourceError
from tic.sources import IcsFileSource

UTC = timezone.utc
NOW = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)  # a Tuesday

VTIMEZONE_BERLIN = """BEGIN:VTIMEZONE
TZID:Europe/Berlin
BEGIN:STANDARD
TZOFFSETFROM:+0200
TZOFFSETTO:+0100
DTSTART:19701025T030000
RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU
END:STANDARD
BEGIN:DAYLIGHT
TZOFFSETFROM:+0100
TZOFFSETTO:+0200
DTSTART:19700329T020000
RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU
END:DAYLIGHT
END:VTIMEZONE"""


def vevent(uid: str, *lines: str, created: str = "20260101T080000Z", modified: str | None = None) -> str:
    body = [f"UID:{uid}", "DTSTAMP:20261201T080000Z", f"CREATED:{created}", f"LAST-MODIFIED:{modified or created}", *lines]
    return "BEGIN:VEVENT\n" + "\n".join(body) + "\nEND:VEVENT"


def calendar(tmp_path: Path, *events: str, zone: str | None = "Europe/Berlin") -> Path:
    head = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//tic tests//EN"]
    if zone:
        head.append(f"X-WR-TIMEZONE:{zone}")
    text = "\n".join([*head, VTIMEZONE_BERLIN, *events, "END:VCALENDAR"]) + "\n"
    path = tmp_path / "calendar.ics"
    path.write_text(text.replace("\n", "\r\n"))
    return path


def fetch(path: Path, cursor=None, since=None, now=NOW, horizon=timedelta(hours=24)):
    return IcsFileSource(path, horizon=horizon).fetch(cursor, now=now, since=since)


def only(fetched):
    assert not fetched.errors, fetched.errors
    [event] = fetched.events
    return event


def test_s1_calendar_key_is_uid(tmp_path):
    path = calendar(tmp_path, vevent(
        "meeting-1@example.com",
        "DTSTART;TZID=Europe/Berlin:20261202T100000", "DTEND;TZID=Europe/Berlin:20261202T110000",
        "SUMMARY:Pricing review", "DESCRIPTION:Bring the deck", "LOCATION:Room 4", "STATUS:CONFIRMED",
        "ORGANIZER;CN=Tomasz Wójcik:mailto:tomasz@hallberg.de",
        created="20261201T070000Z", modified="20261201T071500Z",
    ))
    event = only(fetch(path))
    assert event.key == "calendar:meeting-1@example.com"
    assert (event.kind, event.type, event.source) == ("calendar", "event", "calendar")
    assert event.start == event.time == datetime(2026, 12, 2, 9, 0, tzinfo=UTC)
    assert event.end == datetime(2026, 12, 2, 10, 0, tzinfo=UTC)
    assert (event.subject, event.body, event.location, event.status) == ("Pricing review", "Bring the deck", "Room 4", "CONFIRMED")
    assert event.sender.name == "Tomasz Wójcik" and event.sender.address == "tomasz@hallberg.de"
    assert event.created == datetime(2026, 12, 1, 7, 0, tzinfo=UTC)
    assert event.last_modified == datetime(2026, 12, 1, 7, 15, tzinfo=UTC)
    assert event.timezone == "Europe/Berlin" and event.recurrence == "" and not event.all_day
    assert event.refs == {"uid": "meeting-1@example.com"}


def test_s3_recurring_next_occurrence(tmp_path):
    path = calendar(tmp_path, vevent(
        "weekly@x", "DTSTART;TZID=Europe/Berlin:20260106T100000", "DTEND;TZID=Europe/Berlin:20260106T103000",
        "RRULE:FREQ=WEEKLY;BYDAY=TU", "SUMMARY:Weekly sync",
    ))
    event = only(fetch(path))
    assert event.time == event.start == datetime(2026, 12, 1, 9, 0, tzinfo=UTC)  # today 10:00 Berlin = now
    assert event.end == datetime(2026, 12, 1, 9, 30, tzinfo=UTC)
    assert event.recurrence == "FREQ=WEEKLY;BYDAY=TU"
    later = only(fetch(path, now=NOW + timedelta(minutes=1)))
    assert later.start == datetime(2026, 12, 8, 9, 0, tzinfo=UTC)  # the next one after it started


def test_s3_recurring_honours_exdate(tmp_path):
    path = calendar(tmp_path, vevent(
        "weekly@x", "DTSTART;TZID=Europe/Berlin:20260106T100000", "RRULE:FREQ=WEEKLY;BYDAY=TU",
        "EXDATE;TZID=Europe/Berlin:20261201T100000", "SUMMARY:Weekly sync",
    ))
    assert only(fetch(path)).start == datetime(2026, 12, 8, 9, 0, tzinfo=UTC)


def test_s3_recurring_honours_override(tmp_path):
    path = calendar(
        tmp_path,
        vevent("weekly@x", "DTSTART;TZID=Europe/Berlin:20260106T100000", "RRULE:FREQ=WEEKLY;BYDAY=TU", "SUMMARY:Weekly sync"),
        vevent("weekly@x", "RECURRENCE-ID;TZID=Europe/Berlin:20261201T100000", "DTSTART;TZID=Europe/Berlin:20261201T150000",
               "DTEND;TZID=Europe/Berlin:20261201T153000", "SUMMARY:Weekly sync (moved)", modified="20261130T120000Z"),
    )
    event = only(fetch(path))
    assert event.start == datetime(2026, 12, 1, 14, 0, tzinfo=UTC)
    assert event.subject == "Weekly sync (moved)"
    assert event.last_modified == datetime(2026, 11, 30, 12, 0, tzinfo=UTC)  # the override's change counts


def test_s3_cancelled_occurrence_is_kept_with_its_status(tmp_path):
    path = calendar(
        tmp_path,
        vevent("weekly@x", "DTSTART;TZID=Europe/Berlin:20260106T100000", "RRULE:FREQ=WEEKLY;BYDAY=TU", "SUMMARY:Weekly sync"),
        vevent("weekly@x", "RECURRENCE-ID;TZID=Europe/Berlin:20261201T100000", "DTSTART;TZID=Europe/Berlin:20261201T100000",
               "STATUS:CANCELLED", "SUMMARY:Weekly sync"),
        vevent("gone@x", "DTSTART:20261201T120000Z", "STATUS:CANCELLED", "SUMMARY:Lunch"),
    )
    fetched = fetch(path)
    assert {e.key: e.status for e in fetched.events} == {"calendar:weekly@x": "CANCELLED", "calendar:gone@x": "CANCELLED"}


def test_s3_ended_series_is_judged_on_its_last_occurrence(tmp_path):
    path = calendar(tmp_path, vevent(
        "ended@x", "DTSTART;TZID=Europe/Berlin:20261001T100000", "RRULE:FREQ=WEEKLY;COUNT=4", "SUMMARY:Course",
    ))
    assert only(fetch(path)).start == datetime(2026, 10, 22, 8, 0, tzinfo=UTC)


def test_s3_all_day_starts_at_midnight_in_the_calendar_zone(tmp_path):
    event = vevent("holiday@x", "DTSTART;VALUE=DATE:20261206", "DTEND;VALUE=DATE:20261207", "SUMMARY:Nikolaus")
    berlin = only(fetch(calendar(tmp_path, event)))
    assert berlin.all_day and berlin.start == datetime(2026, 12, 5, 23, 0, tzinfo=UTC)
    assert berlin.end == datetime(2026, 12, 6, 23, 0, tzinfo=UTC)
    utc = only(fetch(calendar(tmp_path, event, zone=None)))
    assert utc.start == datetime(2026, 12, 6, 0, 0, tzinfo=UTC)


def test_s3_recurring_all_day_next_occurrence(tmp_path):
    path = calendar(tmp_path, vevent("bins@x", "DTSTART;VALUE=DATE:20260105", "RRULE:FREQ=WEEKLY;BYDAY=MO", "SUMMARY:Bins"))
    event = only(fetch(path))
    assert event.all_day and event.start == datetime(2026, 12, 6, 23, 0, tzinfo=UTC)  # Monday 7 Dec, Berlin midnight


def test_s3_cursor_selects_changed_and_upcoming(tmp_path):
    path = calendar(
        tmp_path,
        vevent("old-far@x", "DTSTART:20261210T100000Z", "SUMMARY:Far and old"),
        vevent("old-soon@x", "DTSTART:20261201T150000Z", "SUMMARY:Soon, long known"),
        vevent("new-far@x", "DTSTART:20261215T100000Z", "SUMMARY:Far, just added", created="20261201T085000Z"),
        vevent("edited-far@x", "DTSTART:20261220T100000Z", "SUMMARY:Far, just moved", modified="20261201T084500Z"),
        vevent("weekly-soon@x", "DTSTART;TZID=Europe/Berlin:20260107T080000", "RRULE:FREQ=WEEKLY;BYDAY=WE", "SUMMARY:Weekly"),
    )
    cursor = {"checked_at": (NOW - timedelta(minutes=15)).isoformat()}
    fetched = fetch(path, cursor=cursor)
    assert {e.key for e in fetched.events} == {
        "calendar:old-soon@x", "calendar:new-far@x", "calendar:edited-far@x", "calendar:weekly-soon@x",
    }
    assert fetched.cursor["checked_at"] == NOW.isoformat()
    assert len(fetch(path).events) == 5  # no cursor, no since: every UID


def test_s5_first_run_window(tmp_path):
    path = calendar(
        tmp_path,
        vevent("old-far@x", "DTSTART:20261210T100000Z", "SUMMARY:Far and old"),
        vevent("new-far@x", "DTSTART:20261215T100000Z", "SUMMARY:Far, added yesterday", created="20261130T120000Z"),
        vevent("stale-far@x", "DTSTART:20261215T100000Z", "SUMMARY:Far, added last week", created="20261124T120000Z"),
    )
    fetched = fetch(path, since=NOW - timedelta(hours=24))
    assert [e.key for e in fetched.events] == ["calendar:new-far@x"]


def test_r2_bad_vevent_is_an_item_error_and_the_rest_go_on(tmp_path):
    path = calendar(
        tmp_path,
        vevent("bad-rule@x", "DTSTART:20261201T100000Z", "RRULE:FREQ=BOGUS;COUNT=x", "SUMMARY:Broken"),
        "BEGIN:VEVENT\nDTSTART:20261201T100000Z\nSUMMARY:No uid\nEND:VEVENT",
        vevent("good@x", "DTSTART:20261201T100000Z", "SUMMARY:Fine"),
    )
    fetched = fetch(path)
    assert [e.key for e in fetched.events] == ["calendar:good@x"]
    assert len(fetched.errors) == 2 and all(isinstance(e, ItemError) for e in fetched.errors)
    assert any("bad-rule@x" in e.item for e in fetched.errors)
    assert any("no UID" in e.reason for e in fetched.errors)


def test_r2_unparseable_file_is_a_source_error(tmp_path):
    path = tmp_path / "calendar.ics"
    path.write_text("this is not\na calendar\n")
    with pytest.raises(SourceError, match="not a valid iCalendar"):
        fetch(path)


def test_s3_missing_file_is_a_source_error(tmp_path):
    with pytest.raises(SourceError, match="does not exist"):
        fetch(tmp_path / "nope.ics")


@pytest.mark.filterwarnings("ignore")
def test_r2_icalendar_corpus_never_raises():
    """icalendar's own test calendars (real and broken): each is read or refused, never a crash."""
    import icalendar

    corpus = sorted((Path(icalendar.__file__).parent / "tests").rglob("*.ics"))
    if not corpus:
        pytest.skip("icalendar's test calendars are not installed")
    read = 0
    for path in corpus:
        try:
            fetched = fetch(path)
        except SourceError:
            continue
        read += 1
        for event in fetched.events:
            assert event.key.startswith("calendar:") and event.time.tzinfo is not None
            assert event.end is None or event.end >= event.start
    assert read >= len(corpus) * 0.8


def test_t5_moving_an_instance_that_is_not_the_next_one_changes_the_version(tmp_path):
    series = vevent("weekly@x", "DTSTART;TZID=Europe/Berlin:20260106T100000", "RRULE:FREQ=WEEKLY;BYDAY=TU", "SUMMARY:Weekly sync")
    before = only(fetch(calendar(tmp_path, series)))
    assert before.revision == ""  # a plain series: its version is what it always was
    moved = vevent("weekly@x", "RECURRENCE-ID;TZID=Europe/Berlin:20261215T100000", "DTSTART;TZID=Europe/Berlin:20261215T160000",
                   "SUMMARY:Weekly sync")  # two weeks out, LAST-MODIFIED untouched
    after = only(fetch(calendar(tmp_path, series, moved)))
    assert after.start == before.start and after.last_modified == before.last_modified
    assert after.revision and after.version != before.version
    # The next occurrence moving on by itself is still not a change.
    assert only(fetch(calendar(tmp_path, series, moved), now=NOW + timedelta(days=7))).version == after.version


def test_s1_calendar_attendees_from_attendee_cn_and_mailto_not_in_version(tmp_path):
    lines = ("DTSTART;TZID=Europe/Berlin:20261202T100000", "DTEND;TZID=Europe/Berlin:20261202T110000",
             "SUMMARY:Site walk", "ORGANIZER;CN=Tomasz Wójcik:mailto:tomasz@hallberg.de")
    attendees = ('ATTENDEE;CN="Ruiz, Ana";PARTSTAT=ACCEPTED:mailto:ana.ruiz@ruiz-arq.es',
                 "ATTENDEE;RSVP=TRUE:mailto:li@example.org")
    with_them = only(fetch(calendar(tmp_path, vevent("walk-1@example.com", *lines, *attendees))))
    assert [(p.name, p.address) for p in with_them.attendees] == [
        ("Ruiz, Ana", "ana.ruiz@ruiz-arq.es"), ("", "li@example.org")]
    without = only(fetch(calendar(tmp_path, vevent("walk-1@example.com", *lines))))
    assert without.attendees == () and without.version == with_them.version
