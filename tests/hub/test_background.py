"""T8: a scheduled agent runs its look-ups and notifies the main agent; offline, deterministically."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from tic.hub import Notifier, ToolRegistry, register_builtin_tools
from tic.hub._background import BackgroundAgent
from tic.hub._lookups import calendar_today, register_lookup_tools
from tic.models.offline import OfflineBackgroundModel
from tic.notification import describe_notification
from tic.sources import Event
from tic.sources._base import Fetched
from tests.fakes import assert_valid_sequence


class Calendar:
    name = "calendar"
    kind = "calendar"

    def __init__(self, events):
        self.events = events

    def fetch(self, cursor, *, now, since):
        return Fetched(events=list(self.events), cursor={})


def item(uid, title, start, **kw):
    return Event(key=f"calendar:{uid}", source="calendar", kind="calendar", type="event", time=start, start=start,
                 end=start + timedelta(minutes=30), subject=title, **kw)


def test_t8_calendar_today_is_today_in_the_calendars_zone(clock):
    now = clock.now()  # 2026-11-30 09:00 UTC
    tz = "America/Los_Angeles"  # 01:00 local, still the 30th there
    cal = Calendar([
        item("a", "Stand-up", now + timedelta(hours=1), timezone=tz),
        item("b", "Late dinner", now + timedelta(hours=20), timezone=tz),  # 21:00 local, same day
        item("c", "Tomorrow", now + timedelta(hours=24), timezone=tz),
        item("d", "Cancelled", now + timedelta(hours=2), timezone=tz, status="CANCELLED"),
    ])
    result = calendar_today([cal], now)
    assert [i["title"] for i in result["items"]] == ["Stand-up", "Late dinner"]
    assert result["items"][0]["when"] == "02:00"


def test_t8_digest_agent_notifies_main_once(world, store, roster, clock):
    registry = ToolRegistry(store)
    register_builtin_tools(registry, store, Notifier(store, clock))
    cal = Calendar([item("a", "Stand-up", clock.now() + timedelta(hours=1)),
                    item("b", "Dentist", clock.now() + timedelta(hours=5), location="Clapham")])
    register_lookup_tools(registry, lambda: [cal], clock)
    runner = BackgroundAgent(agent=roster["digest"], model=OfflineBackgroundModel(), registry=registry, engine=world, clock=clock)
    history = runner.run()
    assert_valid_sequence(history.messages())
    (n,) = store.pending("agent:main")
    assert n.kind == "notification" and n.actionable and n.poster == "agent:digest"
    assert n.params["summary"] == "2 items on the calendar today: 10:00 Stand-up; 14:00 Dentist."
    text = describe_notification(n.params, clock.now())
    assert text == "Your calendar for today: Stand-up (10:00), Dentist (14:00)."


def test_t8_empty_calendar_notifies_nothing(world, store, roster, clock):
    registry = ToolRegistry(store)
    register_builtin_tools(registry, store, Notifier(store, clock))
    register_lookup_tools(registry, lambda: [Calendar([])], clock)
    BackgroundAgent(agent=roster["digest"], model=OfflineBackgroundModel(), registry=registry, engine=world, clock=clock).run()
    assert store.pending("agent:main") == []


def test_t4_t8_background_agent_only_gets_its_own_tools(world, store, roster, clock):
    registry = ToolRegistry(store)
    register_builtin_tools(registry, store, Notifier(store, clock))
    names = {t.name for t in registry.tools_for(roster["digest"].meta.tools, depth=1)}
    assert names == {"notify"}  # calendar_today is not registered here; read_notification is root-only
