"""H8/R3: the main agent's turns (the real ChatHistory, tool registry and turn loop) through the litellm adapter
over real HTTP, on both provider dialects: every request of a conversation is one the provider accepts -- the
synthetic read_notification first, tool round trips, an interrupted call repaired, a malformed tool call, a
model that never stops calling tools.
"""

from __future__ import annotations

import pytest

from tic.errors import ModelError
from tic.hub import ChatHistory, ToolResult
from tic.hub._turn import MAX_STEPS, STEP_LIMIT_NOTE
from tic.models import AssistantMessage, ToolCall

from tests.conformance.fixtures import conformance_servers, provider  # noqa: F401
from tests.conformance.main_agent import main_agent
from tests.conformance.servers import Call, Fail, RateLimited, Reply

pytestmark = pytest.mark.filterwarnings("ignore:.*using the `ReadOnly` qualifier:UserWarning")

BATCH = [{"source": "email", "event_type": "message", "summary": "Kandice Phillips sent an email.",
          "event_time": "2026-11-30T08:00:00Z", "refs": {"message_id": "m1"}}]


@pytest.fixture
def main(tmp_path, roster, provider):
    """(turn, history, clock): one turn of the main agent against the provider; the history in a fresh world."""
    with main_agent(tmp_path, roster, provider) as parts:
        yield parts.turn, parts.history, parts.clock


def inject(history: ChatHistory) -> None:
    with history._engine.begin() as conn:
        history.inject_read_notification(BATCH, connection=conn)


def test_h8_a_conversation_from_a_fresh_install_is_valid_on_both_dialects(main, provider):
    turn, history, _ = main
    provider.script(Reply("Kandice Phillips emailed you."),
                    Reply(tool_calls=[Call("add", {"a": 2, "b": 3})]), Reply("2 + 3 = 5."),
                    Reply("Another email arrived."), Reply("You're welcome."))
    inject(history)  # H4: the conversation opens with the synthetic call, as after `./tic run` on a fresh install
    assert turn() == 1
    history.append_user("what is 2 + 3?")
    assert turn() == 2
    inject(history)  # a second batch, mid-conversation
    assert turn() == 1
    msg = history.append_assistant(AssistantMessage(tool_calls=(ToolCall("t1", "add", {"a": 1, "b": 1}),
                                                                ToolCall("t2", "add", {"a": 2, "b": 2}))))
    history.finish_call(msg, "t1", ToolResult("done", "json", "2"))  # t2 never finished: the engine died
    history.repair()
    history.append_user("thanks")
    assert turn() == 1
    assert len(provider.requests) == 5 and all(not r.problems for r in provider.requests)
    assert ("t2" in [cid for cid, _ in provider.requests[-1].tool_results()])  # the repaired call is answered


def test_r3_a_malformed_tool_call_goes_back_to_the_model_as_a_tool_error(main, provider):
    """Issue 9 row: main model sends malformed tool JSON -> the tool error goes back to the model, which corrects it."""
    turn, history, _ = main
    seen: list[list] = []

    def after_error(request):
        seen.append(request.tool_results())
        return Reply(tool_calls=[Call("add", {"a": 2, "b": 3})])

    provider.script(Reply(tool_calls=[Call("add", '{"a": 2, "b":')]), after_error, Reply("2 + 3 = 5."))
    history.append_user("what is 2 + 3?")
    assert turn() == 3  # the turn goes on: the model reads the error and calls again
    ((_, result),) = seen[0]
    assert result.startswith("error: the arguments of add are not") and "call add again" in result
    assert history.tool_results()[-1] == "5" and history.assistant_texts()[-1] == "2 + 3 = 5."
    assert all(not r.problems for r in provider.requests)


def test_r3_a_model_that_never_stops_calling_tools_is_bounded_and_the_user_gets_a_clear_note(main, provider):
    """Issue 9 row: the model keeps calling tools -> the user gets an answer or a clear note."""
    turn, history, _ = main
    provider.script(default=Reply(tool_calls=[Call("add", {"a": 1, "b": 1})]))
    history.append_user("count forever")
    said: list[str] = []
    assert turn(say=said.append) == MAX_STEPS
    assert len(provider.requests) == MAX_STEPS and all(not r.problems for r in provider.requests)
    note = STEP_LIMIT_NOTE.format(steps=MAX_STEPS)
    assert said == [note] and history.assistant_texts()[-1] == note
    assert not history.needs_resume()  # answered: no restart runs it again


def test_r3_a_rate_limited_turn_waits_on_the_clock_then_answers(main, provider):
    turn, history, clock = main
    provider.script(RateLimited(retry_after=20), Reply("Here I am."))
    history.append_user("hello")
    assert turn() == 1 and clock.monotonic() == pytest.approx(20, abs=0.01)


def test_r3_a_failing_main_model_raises_a_model_error_naming_the_cause(main, provider):
    turn, history, _ = main
    provider.script(*[Fail(500)] * 5)
    history.append_user("hello")
    with pytest.raises(ModelError) as caught:
        turn()
    assert caught.value.cause == "provider error (HTTP 5xx)" and "API key" not in str(caught.value)


def test_h8_tool_call_ids_the_provider_reuses_or_a_strict_one_refuses_are_replaced(main, provider):
    """Some servers answer 'call_0' on every turn, or ids like 'functions.add:0': kept as they are, the next
    request would repeat a tool_use id or break its pattern, and Anthropic refuses both."""
    turn, history, _ = main
    provider.script(Reply(tool_calls=[Call("add", {"a": 1, "b": 1}, id="call_0")]), Reply("2."),
                    Reply(tool_calls=[Call("add", {"a": 2, "b": 2}, id="call_0"),
                                      Call("add", {"a": 3, "b": 3}, id="functions.add:0")]), Reply("4 and 6."),
                    Reply(tool_calls=[Call("add", {"a": 0, "b": 0}, id="")]), Reply("0."))
    for question in ("1 + 1?", "2 + 2 and 3 + 3?", "0 + 0?"):
        history.append_user(question)
        assert turn() == 2
    ids = [cid for cid, _ in provider.requests[-1].tool_results()]
    assert len(ids) == len(set(ids)) == 4 and ids[0] == "call_0"  # a fine id is kept; the others replaced
