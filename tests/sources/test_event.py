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


def test_t5_a_series_revision_is_part_of_its_version_and_absent_means_unchanged():
    weekly = "FREQ=WEEKLY;BYDAY=MO"
    plain = cal(T, recurrence=weekly)
    assert cal(T, recurrence=weekly, revision="").version == plain.version
    assert cal(T, recurrence=weekly, revision="a1").version != plain.version
    assert cal(T, recurrence=weekly, revision="a1").version != cal(T, recurrence=weekly, revision="b2").version


def test_s1_stable_key_hashes_ids_too_long_to_store():
    from tic.sources._event import KEY_CAP, stable_key

    assert stable_key("email", "abc@x") == "email:abc@x"
    long_id = "x" * 1000 + "@example.com"
    key = stable_key("email", long_id)
    assert key.startswith("email:sha256:") and len(key) <= KEY_CAP
    assert key == stable_key("email", long_id) != stable_key("email", long_id + "y")
