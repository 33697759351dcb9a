"""Wiring: the real parts joined as ./tic run joins them."""

from __future__ import annotations

from tic.app import build_app, build_background_agents
from tic.clock import ManualClock
from tic.config import Settings
from tic.demo import create_demo
from tests.conftest import ROOT, T0


def test_t8_the_shipped_digest_agent_runs_on_the_demo_calendar(tmp_path):
    clock = ManualClock(T0)  # 09:00 UTC: the demo's stand-up and call fall on the same day
    create_demo(tmp_path, clock.now())
    app = build_app(Settings(home=ROOT, data_dir=tmp_path, demo=True), clock)
    (digest,) = build_background_agents(app)
    assert digest.agent.name == "digest" and digest.agent.meta.schedule.cron == "0 7 * * *"
    digest.run()
    (n,) = app.store.pending("agent:main")
    assert n.params["event_type"] == "digest" and n.poster == "agent:digest"
    titles = [i["title"] for i in n.params["refs"]["items"]]
    assert titles == ["Team stand-up", "Call with Kandice Phillips - disclosure list"]  # not the dentist, 5 days off
    app.world.dispose()
