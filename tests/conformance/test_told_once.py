"""R3, issue 9 item 4: a failing main model over litellm's real HTTP path (both dialects) is told once, until it
recovers; a piped `./tic run` whose model hangs ends after telling once, with a non-zero status, within the turn
deadline."""

from __future__ import annotations

import asyncio
import os
import subprocess
import time

import pytest

from tic.clock import ManualClock
from tic.db import open_world
from tic.hub import ChatHub, Notification, Notifier, ToolRegistry, register_builtin_tools
from tic.hub._health import MODEL_FAILED
from tic.models.litellm_adapter import LiteLLMModel
from tic.notices import SqlNoticeStore

from tests.conftest import ROOT, T0
from tests.conformance.fixtures import conformance_servers, provider  # noqa: F401
from tests.conformance.servers import Fail, Hang, Reply

pytestmark = pytest.mark.filterwarnings("ignore:.*using the `ReadOnly` qualifier:UserWarning")

NOTE = Notification(source="email", event_type="message", summary="Kandice Phillips sent an email.", refs={})
TOLD = "[tic] I could not reach my language model"



def test_r3_main_model_returns_500_the_user_is_told_once(tmp_path, roster, provider):
    clock = ManualClock(T0)
    world = open_world(f"sqlite:///{tmp_path / 'world.db'}")
    store = SqlNoticeStore(world, roster, clock)
    registry = ToolRegistry(store)
    notifier = Notifier(store, clock)
    register_builtin_tools(registry, store, notifier)
    said: list[str] = []
    model = LiteLLMModel(provider.model, api_base=provider.url, clock=clock, max_retries=1)
    hub = ChatHub(engine=world, store=store, registry=registry, agent=roster["main"], model=model, clock=clock,
                  say=said.append)
    provider.script(*[Fail(500)] * 6, Reply("Kandice Phillips emailed you."))
    notifier.notify(NOTE)
    asyncio.run(hub.deliver_pending())  # a batch: 2 requests (one retry), failed
    asyncio.run(hub.user_says("hello?"))  # the user's line: 2 more, failed
    notifier.notify(NOTE.model_copy(update={"summary": "Serena sent an email."}))
    asyncio.run(hub.deliver_pending())  # 2 more, failed
    assert len(said) == 1 and said[0].startswith(TOLD) and "provider error (HTTP 5xx)" in said[0]
    assert not store.has_pending("agent:main")  # the report never starts a failing turn of its own
    (entry,) = [e for e in store.entries() if e.template == MODEL_FAILED]
    assert entry.severity == "error"
    asyncio.run(hub.user_says("and now?"))  # it works again: the answer, then the note that it recovered
    assert said[1:] == ["Kandice Phillips emailed you.", f"[tic] My language model ({provider.model}) works again."]
    assert len(provider.requests) == 7 and all(not r.problems for r in provider.requests)
    world.dispose()


@pytest.mark.e2e
def test_r3_main_model_hangs_a_piped_run_exits_after_telling_once_non_zero(tmp_path, provider):
    provider.script(default=Hang(120))
    env = {k: v for k, v in os.environ.items() if not k.startswith("TIC_")}
    env.update(TIC_DATA_DIR=str(tmp_path / "data"), TIC_MAIN_MODEL=provider.model, TIC_MAIN_MODEL_API_BASE=provider.url,
               TIC_TURN_MODEL_DEADLINE_SECONDS="3", TIC_MODEL_TIMEOUT_SECONDS="2")
    start = time.monotonic()
    proc = subprocess.run([str(ROOT / "tic"), "run"], input="hello\n", capture_output=True, text=True, timeout=120,
                          env=env, cwd=ROOT)
    spent = time.monotonic() - start
    provider.release()
    assert proc.returncode == 1, proc.stderr[-2000:]
    assert proc.stdout.count(TOLD) == 1 and proc.stdout.startswith(f"assistant: {TOLD}"), proc.stdout
    assert 1 <= len(provider.requests) <= 4 and all(not r.problems for r in provider.requests)
    assert spent < 60, f"the run took {spent:.0f} s"  # each hanging turn ends at its 3 s deadline
