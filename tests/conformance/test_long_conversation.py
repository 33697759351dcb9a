"""Issue 9 item 6 over litellm's real HTTP path (both dialects): a long conversation with a configured model --
every request under TIC_CONTEXT_TOKENS by litellm's own token counter and accepted by the provider; the model
writes the summary of the folded turns, and the fact the user stated early is still in the last request."""

from __future__ import annotations

import asyncio

import pytest

from tic.clock import ManualClock
from tic.db import open_world
from tic.hub import ChatHub, ToolRegistry
from tic.hub._summary import SUMMARIZE
from tic.models.litellm_adapter import LiteLLMModel, import_litellm, outgoing
from tic.notices import SqlNoticeStore

from tests.conftest import T0
from tests.conformance.fixtures import conformance_servers, provider  # noqa: F401
from tests.conformance.servers import Reply

pytestmark = pytest.mark.filterwarnings("ignore:.*using the `ReadOnly` qualifier:UserWarning")

FACT = "My daughter Alice is allergic to peanuts."
TOKENS = 2000


@pytest.fixture(autouse=True)
def no_keys(monkeypatch):
    for key in ("OPENAI_API_KEY", "ANTHROPIC_API_KEY"):
        monkeypatch.delenv(key, raising=False)


def test_item6_every_request_of_a_long_conversation_fits_and_the_model_summarizes(tmp_path, roster, provider):
    summaries = []

    def answer(request):
        if SUMMARIZE.split(".")[0] in request.system_text():
            text = request.last_user_text()
            summaries.append(text)
            kept = FACT if FACT in text else ""
            return Reply(f"The user chatted about their day. {kept}".strip())
        return Reply("Noted. Nothing else needs your attention right now; I will tell you when something arrives.")

    provider.script(default=answer)
    clock = ManualClock(T0)
    world = open_world(f"sqlite:///{tmp_path / 'world.db'}")
    store = SqlNoticeStore(world, roster, clock)
    model = LiteLLMModel(provider.model, api_base=provider.url, clock=clock, max_retries=0)
    hub = ChatHub(engine=world, store=store, registry=ToolRegistry(store), agent=roster["main"], model=model,
                  clock=clock, context_tokens=TOKENS)
    sent = []
    fit = hub._fit
    hub._fit = lambda messages: sent.append(fit(messages)) or sent[-1]  # what each request carries
    for n in range(1, 41):
        asyncio.run(hub.user_says(FACT if n == 3 else f"Turn {n}: I spent the morning on the quarterly report for "
                                  "the board, then lunch; anything new in my mail or on my calendar?"))
    litellm = import_litellm()
    counts = [litellm.token_counter(model=provider.model, messages=outgoing(m)) for m in sent]
    assert len(sent) == 40 and max(counts) <= TOKENS
    assert summaries and FACT in sent[-1][0]["content"]  # the model's summary carries it
    assert all(not r.problems for r in provider.requests)
    world.dispose()
