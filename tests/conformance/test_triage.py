"""T7/R3/H8: the triage agent's model path over litellm's real HTTP path, on both provider dialects.

The decider (rules first, then one batched request for the uncertain rest) talks to a conformance server
through the real adapter: partial answers are kept, Retry-After is waited on the fake clock, a hanging
provider cannot hold the tick past its deadline, and every request is one the provider accepts.
"""

from __future__ import annotations

import time

import pytest

from tic.app import triage_decider
from tic.clock import ManualClock
from tic.config import Settings
from tic.models.litellm_adapter import LiteLLMModel
from tic.triage.decide import TriageDecider
from tic.triage.model_decider import FAILURE_TEMPLATE, INCOMPLETE, ModelDecider

from tests.conftest import ROOT, T0
from tests.conformance.fixtures import conformance_servers, provider  # noqa: F401
from tests.conformance.scripts import events_of, rules_of, triage_answer, verdicts
from tests.conformance.servers import Call, Fail, Hang, RateLimited, Reply
from tests.triage._factories import NOW, chat

pytestmark = pytest.mark.filterwarnings("ignore:.*using the `ReadOnly` qualifier:UserWarning")

FRIENDS = [chat(f"Friend {i}", "see you then", key=f"whatsapp:f{i}") for i in range(12)]  # the heuristics only guess



@pytest.fixture
def clock():
    return ManualClock(T0)


def deciding(server, roster, *, clock=None, warns=None, deadline=None, batch_size=100, **options):
    model = LiteLLMModel(server.model, api_base=server.url, clock=clock, **options)
    decider = ModelDecider(model, deadline=deadline, clock=clock, batch_size=batch_size)
    return TriageDecider(roster["tic"], model, model_decider=decider,
                         warn=(lambda t, p: warns.append((t, p))) if warns is not None else None)


def spoiled(n: int, how: str):
    """A first answer deciding every event, except that event `n`'s call is unreadable in the way `how` says."""

    def answer(request):
        calls = verdicts(events_of(request))
        if how == "malformed":
            calls[n - 1] = Call("skip", f'{{"event": "e{n}", "reason": ')  # arguments that are not JSON
        else:
            calls[n - 1] = Call("skip", {"event": "e99", "reason": "an event the request does not have"})
        return Reply(tool_calls=calls)

    return answer


@pytest.mark.parametrize("how", ["malformed", "unknown id"])
def test_r3_one_bad_call_of_twelve_keeps_the_eleven_and_asks_again_for_the_one(provider, roster, clock, how):
    provider.script(spoiled(7, how), triage_answer(notify=lambda e: True))
    warns: list = []
    got = deciding(provider, roster, clock=clock, warns=warns)(FRIENDS, None, NOW)
    first, second = provider.requests
    assert len(events_of(first)) == 12
    assert [e["chat"] for e in events_of(second)] == ["Friend 6"]  # only the open event is asked again
    assert [d.notify for d in got] == [False] * 6 + [True] + [False] * 5  # the 11 kept, the 1 decided after
    assert all(d.decided_by == "model" for d in got) and warns == []


def test_r3_an_event_still_unanswered_waits_for_the_next_tick(provider, roster, clock):
    provider.script(spoiled(7, "malformed"), Reply("I cannot decide that one."))
    warns: list = []
    got = deciding(provider, roster, clock=clock, warns=warns)(FRIENDS, None, NOW)
    assert got[6] is None and sum(d is not None for d in got) == 11
    assert warns == [(FAILURE_TEMPLATE, {"model": provider.model, "problem": INCOMPLETE})]


def test_r3_a_429_with_retry_after_20_waits_20_seconds_on_the_fake_clock(provider, roster, clock):
    provider.script(RateLimited(retry_after=20), triage_answer())
    started = time.monotonic()
    got = deciding(provider, roster, clock=clock, deadline=300)(FRIENDS[:3], None, NOW)
    assert all(d is not None and not d.notify for d in got)
    assert len(provider.requests) == 2  # few requests: one refused, one answered
    assert clock.monotonic() == pytest.approx(20, abs=0.01)
    assert time.monotonic() - started < 10


def test_r3_a_hanging_provider_cannot_hold_the_tick_past_its_deadline(provider, roster):
    provider.script(Hang(30), default=Hang(30))
    warns: list = []
    started = time.monotonic()
    got = deciding(provider, roster, warns=warns, deadline=1.0, batch_size=4, timeout=0.4)(FRIENDS, None, NOW)
    assert time.monotonic() - started < 3  # the tick's model deadline, not 60 s x 9 tries
    assert got == [None] * 12  # undecided: offered again next tick
    assert len(provider.requests) == 1  # the later batches are not asked once a call has failed
    assert warns == [(FAILURE_TEMPLATE, {"model": provider.model, "problem": "the model call failed: timed out"})]
    provider.reset()


def test_r3_a_failing_provider_is_named_in_the_warning_not_the_api_key(provider, roster, clock):
    provider.script(Fail(500), Fail(500), Fail(503))
    warns: list = []
    got = deciding(provider, roster, clock=clock, warns=warns, max_retries=2)(FRIENDS[:2], None, NOW)
    assert got == [None, None] and len(provider.requests) == 3  # one retry layer: 3 requests, not 3 x 3
    assert warns == [(FAILURE_TEMPLATE, {"model": provider.model,
                                         "problem": "the model call failed: provider error (HTTP 5xx)"})]


def test_t7_a_rule_read_by_the_model_and_the_events_it_might_change_go_out_valid(provider, roster, clock):
    provider.script(triage_answer(), triage_answer())
    rules = "## Always notify\n- Emails from Odile Martin\n\n## Custom rules\n- Tell me whatever my boss sends\n"
    got = deciding(provider, roster, clock=clock)(FRIENDS[:2], rules, NOW)
    reading, deciding_ = provider.requests
    assert "record_reading" in reading.tool_names and [r["rule"] for r in rules_of(reading)] == [
        "Tell me whatever my boss sends"]
    assert deciding_.tool_names == ["notify", "skip"] and len(events_of(deciding_)) == 2
    assert [d.decided_by for d in got] == ["model", "model"]


def test_r3_settings_reach_the_triage_model_a_local_server_needs_no_key(provider, roster, clock, monkeypatch):
    for name in ("TIC_MODEL_API_BASE", "TIC_TIC_MODEL_API_BASE", "TIC_TIC_MODEL"):
        monkeypatch.delenv(name, raising=False)
    settings = Settings(home=ROOT, tic_model=provider.model, tic_model_api_base=provider.url,
                        model_timeout_seconds=5, tick_model_deadline_seconds=30, model_max_tokens=512)
    provider.script(triage_answer())
    got = triage_decider(settings, roster["tic"], clock=clock)(FRIENDS[:2], None, NOW)
    assert all(d is not None for d in got)
    (request,) = provider.requests
    if provider.dialect == "anthropic":
        assert request.body["max_tokens"] == 512
