"""Calendar sources' idle cost and updates (issue 10; S3, T5): nothing unchanged is read or parsed again.

.ics files by mtime/size, .ics URLs by a conditional GET against a real local
HTTP server (ETag, Last-Modified -> 304), CalDAV by sync-token against Radicale
run in this process (every request seen), and by ctag + ETags when that
Radicale refuses sync-collection, as a server without RFC 6578 does. A deleted
item still upcoming comes back once as an update (STATUS CANCELLED).
"""

from __future__ import annotations

import os
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from sqlalchemy import select

import tic.sources.ics as ics_module
from tests.sources._files import counting
from tests.sources._servers import HttpFiles, RadicaleHere
from tests.sources.test_caldav import ical, stamp, vevent
from tic.db import decision_table
from tic.hub import Notifier
from tic.sources import CalDavSource, IcsFileSource, IcsUrlSource, Retry
from tic.sources._calendar import calendar_fetch, read_calendar
from tic.triage.tick import Triage

UTC = timezone.utc
NOW = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)


def events_around(now: datetime) -> list[str]:
    return [
        vevent("soon@x", f"DTSTART:{stamp(now + timedelta(hours=3))}", "SUMMARY:Soon", created=now - timedelta(days=20)),
        vevent("later@x", f"DTSTART:{stamp(now + timedelta(hours=30))}", "SUMMARY:Tomorrow afternoon",
               created=now - timedelta(days=20)),
        vevent("daily@x", f"DTSTART:{stamp(now - timedelta(days=3650, hours=1))}", "RRULE:FREQ=DAILY", "SUMMARY:Standup",
               created=now - timedelta(days=3650)),
    ]


def write(path: Path, text: str, *, settle: bool = True) -> Path:
    path.write_text(text)
    if settle:  # as a file nobody touched for a minute
        st = os.stat(path)
        os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns - 60 * 10**9))
    return path


def keys(fetched) -> set[str]:
    assert not fetched.errors, fetched.errors
    return {e.key for e in fetched.events}


@pytest.fixture
def parses(monkeypatch):
    """How many times the .ics sources parse a document."""
    count = [0]

    def counted(raw, *, source):
        count[0] += 1
        return read_calendar(raw, source=source)

    monkeypatch.setattr(ics_module, "read_calendar", counted)
    return count


# --- .ics file -------------------------------------------------------------------------------


def test_issue10_an_unchanged_ics_file_is_not_opened_or_parsed(tmp_path, parses):
    path = write(tmp_path / "calendar.ics", ical(*events_around(NOW)))
    source = IcsFileSource(path)
    first = source.fetch(None, now=NOW, since=NOW - timedelta(hours=24))
    assert keys(first) == {"calendar:soon@x", "calendar:daily@x"} and parses[0] == 1
    with counting() as io:
        idle = source.fetch(first.cursor, now=NOW + timedelta(minutes=15), since=None)
    assert (io["opened"], parses[0]) == (0, 1)
    assert keys(idle) == {"calendar:soon@x", "calendar:daily@x"}  # still within the horizon, as before


def test_issue10_s3_the_horizon_moves_on_without_reading_the_file_again(tmp_path, parses):
    """'Tomorrow afternoon' enters the 24-hour look-ahead a day later; the daily series moves to its next occurrence."""
    path = write(tmp_path / "calendar.ics", ical(*events_around(NOW)))
    source = IcsFileSource(path)
    cursor = source.fetch(None, now=NOW, since=None).cursor
    for hours in (1, 7, 13, 25):
        now = NOW + timedelta(hours=hours)
        fetched = source.fetch(cursor, now=now, since=None)
        fresh = calendar_fetch(read_calendar(path.read_bytes(), source="calendar")[0], source="calendar",
                               cursor={"checked_at": cursor["checked_at"]}, now=now, since=None, horizon=timedelta(hours=24))
        assert fetched.events == fresh.events  # the same Events a full parse gives, at every tick
        cursor = fetched.cursor
    assert "calendar:later@x" in {e.key for e in fetched.events}
    assert parses[0] == 1


def test_issue10_a_touched_but_unchanged_file_is_read_not_parsed(tmp_path, parses):
    path = write(tmp_path / "calendar.ics", ical(*events_around(NOW)))
    source = IcsFileSource(path)
    cursor = source.fetch(None, now=NOW, since=None).cursor
    os.utime(path)  # a sync tool rewrote it with the same bytes
    source.fetch(cursor, now=NOW, since=None)
    assert parses[0] == 1


def test_issue10_t5_an_edit_without_last_modified_is_returned(tmp_path):
    """A client that forgot LAST-MODIFIED: the changed version is still returned, though far off."""
    far = vevent("far@x", f"DTSTART:{stamp(NOW + timedelta(days=40))}", "SUMMARY:Board meeting", created=NOW - timedelta(days=90))
    path = write(tmp_path / "calendar.ics", ical(far))
    source = IcsFileSource(path)
    cursor = source.fetch(None, now=NOW, since=NOW - timedelta(hours=24)).cursor
    write(path, ical(far.replace("Board meeting", "Board meeting (moved room)")))
    assert keys(source.fetch(cursor, now=NOW + timedelta(minutes=15), since=None)) == {"calendar:far@x"}


def test_issue10_t5_a_deleted_upcoming_event_is_an_update_once_a_past_one_nothing(tmp_path):
    past = vevent("past@x", f"DTSTART:{stamp(NOW - timedelta(days=2))}", "SUMMARY:Last week's review", created=NOW - timedelta(days=9))
    upcoming = vevent("dinner@x", f"DTSTART:{stamp(NOW + timedelta(days=5))}", "SUMMARY:Dinner with Ada",
                      created=NOW - timedelta(days=9))
    path = write(tmp_path / "calendar.ics", ical(past, upcoming))
    source = IcsFileSource(path)
    cursor = source.fetch(None, now=NOW, since=None).cursor
    write(path, ical())
    later = NOW + timedelta(minutes=15)
    fetched = source.fetch(cursor, now=later, since=None)
    [gone] = fetched.events
    assert (gone.key, gone.status, gone.subject, gone.refs["deleted"]) == ("calendar:dinner@x", "CANCELLED", "Dinner with Ada", "true")
    assert gone.last_modified == NOW  # seen gone since the cursor: the same cursor gives the same update
    assert source.fetch(cursor, now=later, since=None).events == [gone]  # a tick that did not store its cursor
    assert source.fetch(fetched.cursor, now=later + timedelta(minutes=15), since=None).events == []


# --- .ics URL: a conditional GET -------------------------------------------------------------


@pytest.mark.parametrize("validator", ["etag", "last-modified"])
def test_issue10_an_unchanged_feed_answers_304_and_is_not_parsed(validator, parses):
    web = HttpFiles(validators=validator)
    try:
        web.files["/cal.ics"] = (200, ical(*events_around(NOW)).encode())
        source = IcsUrlSource(web.url("/cal.ics"), name="feed", retry=Retry(attempts=1), sleep=lambda s: None)
        first = source.fetch(None, now=NOW, since=None)
        idle = source.fetch(first.cursor, now=NOW + timedelta(minutes=15), since=None)
        assert web.answers == [200, 304] and parses[0] == 1
        assert keys(idle) == {"calendar:soon@x", "calendar:daily@x"}
        web.files["/cal.ics"] = (200, ical(*events_around(NOW), vevent("new@x", f"DTSTART:{stamp(NOW + timedelta(days=3))}",
                                                                         "SUMMARY:Added", created=NOW)).encode())
        changed = source.fetch(idle.cursor, now=NOW + timedelta(minutes=30), since=None)
        assert web.answers == [200, 304, 200] and parses[0] == 2 and "calendar:new@x" in keys(changed)
    finally:
        web.stop()


def test_issue10_a_feed_without_validators_is_parsed_only_when_its_bytes_change(parses):
    web = HttpFiles()
    try:
        web.files["/cal.ics"] = (200, ical(*events_around(NOW)).encode())
        source = IcsUrlSource(web.url("/cal.ics"), name="feed", retry=Retry(attempts=1), sleep=lambda s: None)
        cursor = source.fetch(None, now=NOW, since=None).cursor
        source.fetch(cursor, now=NOW + timedelta(minutes=15), since=None)
        assert web.answers == [200, 200] and parses[0] == 1
    finally:
        web.stop()


# --- CalDAV: sync-token, else ctag -----------------------------------------------------------


@pytest.fixture(params=["sync-token", "ctag"])
def dav(request):
    server = RadicaleHere(refuse_sync=request.param == "ctag")
    yield server
    server.stop()


def dav_source(server) -> CalDavSource:
    return CalDavSource(server.url, username=server.user, password=server.password, name="caldav", timeout=5,
                        retry=Retry(attempts=1), sleep=lambda s: None)


def reports(server, since: int) -> list[tuple[str, str]]:
    return [r for r in server.requests[since:] if r[0] in ("REPORT", "GET")]


def test_issue10_caldav_idle_downloads_nothing_and_a_change_downloads_one_item(dav):
    calendar = dav.client().principal().make_calendar(name="work", cal_id="work")
    for text in events_around(NOW):
        calendar.save_event(ical(text))
    source = dav_source(dav)
    first = source.fetch(None, now=NOW, since=None)
    assert len(first.events) == 3 and source.requests["downloaded"] == 3
    mark, etags = len(dav.requests), source.requests["etags"]
    idle = source.fetch(first.cursor, now=NOW + timedelta(minutes=15), since=None)
    assert keys(idle) == {"calendar:soon@x", "calendar:daily@x"} and source.requests["downloaded"] == 3
    if dav.refuse_sync:  # the ctag alone (a PROPFIND): no ETag listing, no REPORT, no GET
        assert reports(dav, mark) == [] and source.requests["etags"] == etags
    else:  # one sync-collection REPORT answering "no changes"
        assert reports(dav, mark) == [("REPORT", "sync-collection")]
    calendar.save_event(ical(vevent("new@x", f"DTSTART:{stamp(NOW + timedelta(days=3))}", "SUMMARY:Added", created=NOW)))
    mark = len(dav.requests)
    changed = source.fetch(idle.cursor, now=NOW + timedelta(minutes=30), since=None)
    assert "calendar:new@x" in keys(changed) and source.requests["downloaded"] == 4
    assert reports(dav, mark)[-1] == ("REPORT", "calendar-multiget")  # the one new item, no GET per item
    assert ("GET", "") not in [(m, "") for m, _ in reports(dav, mark)]


def test_issue10_t5_caldav_a_deleted_item_is_an_update(dav):
    calendar = dav.client().principal().make_calendar(name="home", cal_id="home")
    calendar.save_event(ical(vevent("dinner@x", f"DTSTART:{stamp(NOW + timedelta(days=5))}", "SUMMARY:Dinner with Ada",
                                    created=NOW - timedelta(days=9))))
    source = dav_source(dav)
    cursor = source.fetch(None, now=NOW, since=NOW - timedelta(hours=24)).cursor
    calendar.event_by_uid("dinner@x").delete()
    [gone] = source.fetch(cursor, now=NOW + timedelta(minutes=15), since=None).events
    assert (gone.key, gone.status, gone.refs["deleted"]) == ("calendar:dinner@x", "CANCELLED", "true")


def test_issue10_caldav_a_forgotten_sync_token_starts_a_full_sync():
    server = RadicaleHere()
    try:
        calendar = server.client().principal().make_calendar(name="work", cal_id="work")
        calendar.save_event(ical(vevent("soon@x", f"DTSTART:{stamp(NOW + timedelta(hours=3))}", "SUMMARY:Soon")))
        source = dav_source(server)
        cursor = source.fetch(None, now=NOW, since=None).cursor
        for collection in source._collections.values():
            collection.token = "http://radicale.org/ns/sync/forgotten"
        assert keys(source.fetch(cursor, now=NOW, since=None)) == {"calendar:soon@x"}
        assert all(c.sync for c in source._collections.values())
    finally:
        server.stop()


# --- the tick: a deletion judged again under its key -----------------------------------------


def test_issue10_t5_a_deleted_meeting_is_judged_again_as_an_update(world, store, roster, clock, tmp_path):
    now = clock.now()
    path = write(tmp_path / "calendar.ics", ical(vevent("review@x", f"DTSTART:{stamp(now + timedelta(hours=4))}",
                                                        "SUMMARY:Design review", created=now - timedelta(hours=2))))
    triage = Triage(engine=world, store=store, notifier=Notifier(store, clock), clock=clock, agent=roster["tic"],
                    resolve=lambda rel: tmp_path / rel, sources=[IcsFileSource(path)])
    [(first, _)] = triage.tick().decided
    write(path, ical())
    clock.advance(15 * 60)
    [(gone, decision)] = triage.tick().decided
    assert gone.key == first.key and gone.status == "CANCELLED"
    clock.advance(15 * 60)
    assert triage.tick().decided == []
    with world.connect() as conn:
        rows = conn.execute(select(decision_table.c.event_key, decision_table.c.is_update)).all()
    assert [tuple(r) for r in rows] == [("calendar:review@x", False), ("calendar:review@x", True)]


@pytest.mark.filterwarnings("ignore")
def test_issue10_s3_kept_calendars_select_what_a_full_read_selects_across_the_corpus():
    """icalendar's own test calendars: at each of six ticks over two years, what the kept documents give equals a fresh
    read of the file (the Events, their order and the item errors); the file is parsed once."""
    import icalendar

    from tic.errors import SourceError

    corpus = sorted((Path(icalendar.__file__).parent / "tests").rglob("*.ics"))
    if not corpus:
        pytest.skip("icalendar's test calendars are not installed")
    ticks = [datetime(2005, 6, 1, tzinfo=UTC) + timedelta(days=d, hours=h) for d, h in
             ((0, 0), (0, 6), (1, 0), (40, 3), (400, 0), (730, 12))]
    compared = 0
    for path in corpus:
        source = IcsFileSource(path)
        try:
            source.fetch(None, now=ticks[0] - timedelta(days=1), since=None)
        except SourceError:
            continue
        for now in ticks:
            cursor = {"checked_at": (now - timedelta(minutes=15)).isoformat()}
            kept = source.fetch(cursor, now=now, since=None)
            calendars, errors = read_calendar(path.read_bytes(), source="calendar")
            fresh = calendar_fetch(calendars, source="calendar", cursor=cursor, now=now, since=None,
                                   horizon=timedelta(hours=24), errors=errors)
            assert kept.events == fresh.events, path.name
            assert [str(e) for e in kept.errors] == [str(e) for e in fresh.errors], path.name
        compared += 1
    assert compared >= len(corpus) * 0.8


@pytest.mark.parametrize("cursor", [{"checked_at": "not a time", "state": ["x"]}, {"state": None}, {}])
def test_issue10_r2_a_calendar_cursor_of_another_shape_is_no_crash(tmp_path, cursor):
    path = write(tmp_path / "calendar.ics", ical(*events_around(NOW)))
    source = IcsFileSource(path)
    source.fetch(None, now=NOW, since=None)
    fetched = source.fetch(cursor, now=NOW, since=None)
    assert {"calendar:soon@x", "calendar:daily@x"} <= keys(fetched) and fetched.cursor["state"]
