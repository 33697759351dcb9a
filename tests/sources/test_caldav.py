"""CalDavSource against a real Radicale the tests start, and IcsUrlSource against a local HTTP server (S1, S3, R3, T5).

Each CalDAV test works in a calendar of its own, named after it.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest
from sqlalchemy import select

from tests.sources._servers import HttpFiles, Radicale, free_port, make_tls
from tic.db import decision_table
from tic.errors import SourceError
from tic.hub import Notifier
from tic.sources import CalDavSource, IcsFileSource, IcsUrlSource, Retry
from tic.triage.tick import Triage

UTC = timezone.utc


def ical(*events: str) -> str:
    return "\r\n".join(["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//tic tests//EN", *events, "END:VCALENDAR"]) + "\r\n"


def vevent(uid: str, *lines: str, created: datetime | None = None) -> str:
    body = [f"UID:{uid}", "DTSTAMP:20261101T080000Z", *lines]
    if created is not None:
        body.append(f"CREATED:{created:%Y%m%dT%H%M%SZ}")
    return "\r\n".join(["BEGIN:VEVENT", *body, "END:VEVENT"])


def stamp(at: datetime) -> str:
    return at.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")


@pytest.fixture
def calendar(radicale, request):
    """A fresh calendar named after the test (its display name is the same)."""
    name = request.node.name.replace("[", "-").replace("]", "").replace("_", "-")[:60]
    principal = radicale.client().principal()
    for existing in principal.calendars():
        if existing.url.path.rstrip("/").endswith("/" + name):
            existing.delete()
    return principal.make_calendar(name=name, cal_id=name)


def caldav_source(radicale, *, password: str | None = None, calendars=(), attempts: int = 2, url: str | None = None, **kw):
    return CalDavSource(url or radicale.url, username=radicale.user, password=radicale.password if password is None else password,
                        calendars=calendars, name="caldav", timeout=5, retry=Retry(attempts=attempts, wait=0.01),
                        sleep=lambda s: None, password_hint="the password in $TIC_CALDAV_PASSWORD", **kw)


def only(fetched):
    assert not fetched.errors, fetched.errors
    return {e.key: e for e in fetched.events}


# --- CalDAV ------------------------------------------------------------------------------------


def test_s3_caldav_event_created_today_starting_within_24_hours(radicale, calendar, clock):
    now = clock.now()
    calendar.save_event(ical(vevent("known-far@x", f"DTSTART:{stamp(now + timedelta(days=9))}", "SUMMARY:Far and old",
                                    created=now - timedelta(days=30))))
    src = caldav_source(radicale, calendars=[calendar.get_display_name()])
    cursor = src.fetch(None, now=now, since=now - timedelta(hours=24)).cursor
    later = now + timedelta(minutes=15)
    calendar.save_event(ical(vevent("today@x", f"DTSTART:{stamp(later + timedelta(hours=5))}",
                                    f"DTEND:{stamp(later + timedelta(hours=6))}", "SUMMARY:Call with the bank",
                                    "ORGANIZER;CN=Ines Duarte:mailto:ines@bank.example", created=later - timedelta(minutes=5))))
    events = only(src.fetch(cursor, now=later, since=None))
    assert set(events) == {"calendar:today@x"}
    event = events["calendar:today@x"]
    assert event.start == later + timedelta(hours=5) and event.subject == "Call with the bank"
    assert (event.kind, event.source, event.sender.name) == ("calendar", "caldav", "Ines Duarte")


def test_s1_caldav_and_ics_file_give_the_same_events(radicale, calendar, clock, tmp_path):
    now = clock.now()
    events = [
        vevent("single@x", f"DTSTART:{stamp(now + timedelta(hours=2))}", "SUMMARY:Dentist", "LOCATION:Via Roma 3"),
        vevent("weekly@x", "DTSTART;TZID=Europe/Berlin:20260105T100000", "DTEND;TZID=Europe/Berlin:20260105T103000",
               "RRULE:FREQ=WEEKLY;BYDAY=MO", "SUMMARY:Weekly sync"),
    ]
    for e in events:
        calendar.save_event(ical(e))
    path = tmp_path / "calendar.ics"
    path.write_text(ical(*events))
    via_dav = only(caldav_source(radicale, calendars=[calendar.get_display_name()]).fetch(None, now=now, since=None))
    via_file = only(IcsFileSource(path, name="caldav").fetch(None, now=now, since=None))
    assert via_dav == via_file and len(via_dav) == 2


def _series_tick(radicale, calendar, world, store, roster, clock, tmp_path):
    now = clock.now()  # Monday 30 Nov 2026, 09:00 UTC
    master = vevent("standup@x", "DTSTART:20261102T140000Z", "DTEND:20261102T141500Z", "RRULE:FREQ=DAILY",
                    "SUMMARY:Standup", "LAST-MODIFIED:20261101T080000Z", created=now - timedelta(days=40))
    calendar.save_event(ical(master))
    triage = Triage(engine=world, store=store, notifier=Notifier(store, clock), clock=clock, agent=roster["tic"],
                    resolve=lambda rel: tmp_path / rel, sources=[caldav_source(radicale, calendars=[calendar.get_display_name()])])
    [(first, _)] = triage.tick().decided
    assert first.start == datetime(2026, 11, 30, 14, 0, tzinfo=UTC) and first.recurrence == "FREQ=DAILY"
    return triage, master


def _replace(calendar, text: str) -> None:
    event = calendar.event_by_uid("standup@x")
    event.data = text
    event.save()


def _decisions(world):
    with world.connect() as conn:
        return [dict(r) for r in conn.execute(select(decision_table).order_by(decision_table.c.id)).mappings()]


def test_t5_s3_caldav_moved_instance_is_judged_again_as_an_update(radicale, calendar, world, store, roster, clock, tmp_path):
    triage, master = _series_tick(radicale, calendar, world, store, roster, clock, tmp_path)
    clock.advance(15 * 60)
    assert triage.tick().decided == []  # nothing changed: nothing judged again
    # Today's instance moves to 16:00; the client touched neither the master nor LAST-MODIFIED.
    moved = vevent("standup@x", "RECURRENCE-ID:20261130T140000Z", "DTSTART:20261130T160000Z", "DTEND:20261130T161500Z",
                   "SUMMARY:Standup")
    _replace(calendar, ical(master, moved))
    clock.advance(15 * 60)
    [(event, _)] = triage.tick().decided
    assert event.key == "calendar:standup@x" and event.start == datetime(2026, 11, 30, 16, 0, tzinfo=UTC)
    rows = _decisions(world)
    assert [(r["event_key"], r["is_update"]) for r in rows] == [("calendar:standup@x", False), ("calendar:standup@x", True)]


def test_t5_s3_caldav_cancelled_instance_is_judged_again_as_an_update(radicale, calendar, world, store, roster, clock, tmp_path):
    triage, master = _series_tick(radicale, calendar, world, store, roster, clock, tmp_path)
    cancelled = vevent("standup@x", "RECURRENCE-ID:20261130T140000Z", "DTSTART:20261130T140000Z", "DTEND:20261130T141500Z",
                       "SUMMARY:Standup", "STATUS:CANCELLED")
    _replace(calendar, ical(master, cancelled))
    clock.advance(15 * 60)
    [(event, _)] = triage.tick().decided
    assert event.status == "CANCELLED" and event.start == datetime(2026, 11, 30, 14, 0, tzinfo=UTC)
    # An instance further out is dropped (EXDATE): not the next one, still an update, judged once.
    exdated = master.replace("RRULE:FREQ=DAILY", "RRULE:FREQ=DAILY\r\nEXDATE:20261204T140000Z")
    _replace(calendar, ical(exdated, cancelled))
    clock.advance(15 * 60)
    assert [e.key for e, _ in triage.tick().decided] == ["calendar:standup@x"]
    clock.advance(15 * 60)
    assert triage.tick().decided == []
    assert [r["is_update"] for r in _decisions(world)] == [False, True, True]


def test_s3_caldav_calendars_chosen_by_name(radicale, calendar, clock):
    now = clock.now()
    calendar.save_event(ical(vevent("mine@x", f"DTSTART:{stamp(now + timedelta(hours=1))}", "SUMMARY:Mine")))
    chosen = only(caldav_source(radicale, calendars=[calendar.get_display_name()]).fetch(None, now=now, since=None))
    assert set(chosen) == {"calendar:mine@x"}
    everything = caldav_source(radicale).fetch(None, now=now, since=None)  # no names: every calendar of the account
    assert "calendar:mine@x" in {e.key for e in everything.events}
    with pytest.raises(SourceError, match=r"no calendar named 'Holidays' .*\(it has: .*fix `calendars`"):
        caldav_source(radicale, calendars=["Holidays"]).fetch(None, now=now, since=None)


def test_r3_caldav_wrong_password_is_a_clear_error(radicale, clock):
    with pytest.raises(SourceError) as err:
        caldav_source(radicale, password="wrong").fetch(None, now=clock.now(), since=None)
    assert str(err.value) == (f"caldav: http://127.0.0.1:{radicale.port} refused the login of 'alice'; "
                              "check the username and the password in $TIC_CALDAV_PASSWORD")


def test_r3_caldav_server_down_is_retried_then_a_source_error(radicale, clock):
    url = f"http://127.0.0.1:{free_port()}/"
    src = caldav_source(radicale, url=url, attempts=3)
    with pytest.raises(SourceError) as first:
        src.fetch(None, now=clock.now(), since=None)
    with pytest.raises(SourceError) as again:
        src.fetch(None, now=clock.now(), since=None)
    assert "after 3 tries (connection refused)" in str(first.value)
    assert str(first.value) == str(again.value)


def test_s3_caldav_over_tls_trusts_the_configured_authority_only(tmp_path, clock):
    server = Radicale(tls=make_tls(tmp_path / "tls")).start()
    try:
        trusted = caldav_source(server, url=server.url, ca_file=server.tls.ca)
        assert trusted.fetch(None, now=clock.now(), since=None).events == []  # a new account: no calendars yet
        with pytest.raises(SourceError, match=r"TLS certificate of https://127\.0\.0\.1:\d+ is not trusted; set ca_file"):
            caldav_source(server, url=server.url).fetch(None, now=clock.now(), since=None)
    finally:
        server.stop()


# --- .ics by URL -------------------------------------------------------------------------------


@pytest.fixture
def web():
    server = HttpFiles()
    yield server
    server.stop()


def url_source(url: str, *, attempts: int = 3, sleeps: list | None = None) -> IcsUrlSource:
    return IcsUrlSource(url, name="feed", retry=Retry(attempts=attempts, wait=0.5), sleep=(sleeps if sleeps is not None else []).append)


def test_s3_ics_url_reads_like_the_file(web, clock, tmp_path):
    now = clock.now()
    text = ical(
        vevent("soon@x", f"DTSTART:{stamp(now + timedelta(hours=3))}", "SUMMARY:Soon"),
        vevent("far@x", f"DTSTART:{stamp(now + timedelta(days=20))}", "SUMMARY:Far", created=now - timedelta(days=20)),
    )
    web.files["/cal/private-abc123/basic.ics"] = (200, text.encode())
    path = tmp_path / "calendar.ics"
    path.write_text(text)
    src = url_source(web.url("/cal/private-abc123/basic.ics"))
    fetched = src.fetch(None, now=now, since=now - timedelta(hours=24))
    assert [e.key for e in fetched.events] == ["calendar:soon@x"]
    assert fetched.events == IcsFileSource(path, name="feed").fetch(None, now=now, since=now - timedelta(hours=24)).events


def test_r3_ics_url_busy_server_is_retried(web, clock):
    web.files["/feed.ics"] = (200, ical(vevent("a@x", f"DTSTART:{stamp(clock.now() + timedelta(hours=1))}", "SUMMARY:A")).encode())
    web.fail_next = 2
    sleeps: list[float] = []
    fetched = url_source(web.url("/feed.ics"), sleeps=sleeps).fetch(None, now=clock.now(), since=None)
    assert [e.key for e in fetched.events] == ["calendar:a@x"]
    assert len(web.requests) == 3 and sleeps == [0.5, 1.0]


def test_r3_ics_url_down_is_a_source_error_that_keeps_the_secret_url_out(web, clock):
    web.fail_next = 100
    src = url_source(web.url("/cal/private-abc123/basic.ics?token=s3cret"), attempts=2)
    with pytest.raises(SourceError) as err:
        src.fetch(None, now=clock.now(), since=None)
    assert str(err.value) == (f"feed: cannot fetch the calendar feed http://127.0.0.1:{web.server.server_port}/… "
                              "after 2 tries (HTTP 503); check the URL, the network and the server")
    assert len(web.requests) == 2


def test_s3_ics_url_not_found_or_not_a_calendar_fails_at_once(web, clock):
    with pytest.raises(SourceError, match=r"answered HTTP 404; check the URL"):
        url_source(web.url("/missing.ics")).fetch(None, now=clock.now(), since=None)
    assert len(web.requests) == 1  # a 404 is not retried
    web.files["/page.html"] = (200, b"<html>Sign in</html>")
    with pytest.raises(SourceError, match="is not a valid iCalendar file"):
        url_source(web.url("/page.html")).fetch(None, now=clock.now(), since=None)


def test_r3_a_library_surprise_is_a_source_error_not_a_crash(clock, monkeypatch):
    src = url_source("http://127.0.0.1:9/feed.ics", attempts=2)
    monkeypatch.setattr(src, "_download", lambda: (_ for _ in ()).throw(KeyError("boom")))
    with pytest.raises(SourceError, match=r"feed: cannot fetch the calendar feed .*: unexpected KeyError: 'boom'; check the URL"):
        src.fetch(None, now=clock.now(), since=None)


def test_s3_ics_url_over_tls_trusts_the_configured_authority_only(tmp_path, clock):
    tls = make_tls(tmp_path / "tls")
    server = HttpFiles(tls)
    try:
        server.files["/cal.ics"] = (200, ical(vevent("a@x", f"DTSTART:{stamp(clock.now() + timedelta(hours=1))}", "SUMMARY:A")).encode())
        trusted = IcsUrlSource(server.url("/cal.ics"), name="feed", ca_file=tls.ca, retry=Retry(attempts=2, wait=0.01), sleep=lambda s: None)
        assert [e.key for e in trusted.fetch(None, now=clock.now(), since=None).events] == ["calendar:a@x"]
        untrusted = IcsUrlSource(server.url("/cal.ics"), name="feed", retry=Retry(attempts=2, wait=0.01), sleep=lambda s: None)
        with pytest.raises(SourceError, match=r"TLS certificate of https://127\.0\.0\.1:\d+/… is not trusted; set ca_file"):
            untrusted.fetch(None, now=clock.now(), since=None)
    finally:
        server.stop()
