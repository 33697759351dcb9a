"""S1/T5: an Event's version changes on an edit, not when a series moves to its next occurrence."""

from datetime import datetime, timedelta, timezone

from tic.sources import Event

T = datetime(2026, 11, 30, 9, 30, tzinfo=timezone.utc)


def cal(start, **kw) -> Event:
    return Event(key="calendar:u1", source="calendar", kind="calendar", type="event", time=start, start=start,
                 end=start + timedelta(minutes=15), subject="Stand-up", **kw)


def test_t5_moving_a_single_event_is_an_update():
    assert cal(T).version != cal(T + timedelta(hours=1)).version


def test_t5_next_occurrence_of_a_series_is_not_an_update():
    weekly = "FREQ=WEEKLY;BYDAY=MO"
    assert cal(T, recurrence=weekly).version == cal(T + timedelta(days=7), recurrence=weekly).version


def test_t5_editing_a_series_is_an_update():
    weekly = "FREQ=WEEKLY;BYDAY=MO"
    assert cal(T, recurrence=weekly).version != cal(T, recurrence=weekly, last_modified=T).version
    assert cal(T, recurrence=weekly).version != cal(T, recurrence="FREQ=WEEKLY;BYDAY=TU").version
