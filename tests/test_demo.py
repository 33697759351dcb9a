"""The embedded demo: real files, dated around now, written once."""

from __future__ import annotations

from datetime import timedelta

from tic.demo import DEMO_RULES, EXPECTED_NOTIFY, create_demo
from tic.sources import sources_from_dir


def test_demo_sources_parse_and_sit_around_now(tmp_path, clock):
    demo = create_demo(tmp_path, clock.now())
    assert (tmp_path / "notifications.md").read_text() == DEMO_RULES
    events = []
    for source in sources_from_dir(demo):
        fetched = source.fetch(None, now=clock.now(), since=clock.now() - timedelta(hours=24))
        assert fetched.errors == []
        events += fetched.events
    keys = {e.key for e in events}
    assert set(EXPECTED_NOTIFY) <= keys
    assert len(keys) == 10  # the dentist, long known and 5 days off, is not new (S3)
    assert "calendar:demo-dentist" not in keys


def test_demo_is_written_once_and_keeps_the_users_rules(tmp_path, clock):
    create_demo(tmp_path, clock.now())
    (tmp_path / "notifications.md").write_text("## Always notify\n- everything from Mario\n")
    before = sorted(p.name for p in (tmp_path / "demo" / "mail" / "new").iterdir())
    clock.advance(3600)
    create_demo(tmp_path, clock.now())
    assert sorted(p.name for p in (tmp_path / "demo" / "mail" / "new").iterdir()) == before
    assert "Mario" in (tmp_path / "notifications.md").read_text()
