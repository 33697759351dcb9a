"""Issue 9 item 6 over litellm's real HTTP path (both dialects): a long conversation with a configured model --
every request under TIC_CONTEXT_TOKENS by litellm's own token counter and accepted by the provider; the model
writes the summary of the folded turns, and the fact the user stated early is still in the last request."""

from __future__ import annotations

import asyncio

import pytest

from tic.hub import ChatHub, Notification
from tic.hub._summary import SUMMARIZE
from tic.models.litellm_adapter import import_litellm, outgoing

from tests.conformance.fixtures import conformance_servers, provider  # noqa: F401
from tests.conformance.main_agent import main_agent
from tests.conformance.servers import Call, Reply

pytestmark = pytest.mark.filterwarnings("ignore:.*using the `ReadOnly` qualifier:UserWarning")

FACT = "My daughter Alice is allergic to peanuts."
TOKENS = 2000


def test_item6_every_request_of_a_long_conversation_fits_and_the_model_summarizes(tmp_path, roster, provider):
    summaries = []

    def answer(request):
        if SUMMARIZE.split(".")[0] in request.system_text():
            text = request.last_user_text()
            summaries.append(text)
            kept = FACT if FACT in text else ""
            return Reply(f"The user chatted about their day. {kept}".strip())
        if "please add" in _last_user_line(request):
            return Reply(tool_calls=[Call("add", {"a": 2, "b": 3})])
        return Reply("Noted. Nothing else needs your attention right now; I will tell you when something arrives.")

    provider.script(default=answer)
    with main_agent(tmp_path, roster, provider, max_retries=0) as main:
        hub = ChatHub(engine=main.world, store=main.store, registry=main.registry, agent=main.agent, model=main.model,
                      clock=main.clock, context_tokens=TOKENS)
        sent = []
        fit = hub._fit
        hub._fit = lambda messages: sent.append(fit(messages)) or sent[-1]  # what each request carries
        for n in range(1, 41):
            if n % 4 == 0:  # a notification batch: the synthetic read_notification pair, then its answer
                main.notifier.notify(Notification(source="email", event_type="message",
                                                  summary=f"Person {n} sent an email.", refs={"message_id": f"m{n}"}))
                asyncio.run(hub.deliver_pending())
            asyncio.run(hub.user_says(FACT if n == 3 else f"Turn {n}: I spent the morning on the quarterly report for "
                                      "the board, then lunch; anything new in my mail or on my calendar?"
                                      + (" And please add 2 and 3." if n % 5 == 0 else "")))
        litellm = import_litellm()
        counts = [litellm.token_counter(model=provider.model, messages=outgoing(m)) for m in sent]
        assert len(sent) == 40 + 10 + 8 and max(counts) <= TOKENS  # 40 lines, 10 batches, 8 tool rounds
        assert summaries and FACT in sent[-1][0]["content"]  # the model's summary carries it
        assert all(not r.problems for r in provider.requests)


def _last_user_line(request) -> str:
    """The text of the request's last message when it is a line the user typed ('' for a tool result)."""
    message = request.messages[-1]
    if message.get("role") != "user":
        return ""
    content = message.get("content")
    if isinstance(content, str):
        return content
    if any(isinstance(b, dict) and b.get("type") == "tool_result" for b in content or []):
        return ""
    return "".join(b.get("text", "") for b in content or [] if isinstance(b, dict))
