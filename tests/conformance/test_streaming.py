"""Issue 9 item 7: the main agent's reply streams (litellm `stream=True`) over real HTTP in both dialects (OpenAI
SSE chunks ending in [DONE]; Anthropic message_start ... message_stop): text arrives piece by piece before the
reply is whole and stored; tool calls in the stream are assembled and run as before (H8: every request valid)."""

from __future__ import annotations

import time

import pytest

from tests.conformance.fixtures import conformance_servers, provider  # noqa: F401
from tests.conformance.main_agent import main_agent
from tests.conformance.servers import Call, Fail, Reply

pytestmark = pytest.mark.filterwarnings("ignore:.*using the `ReadOnly` qualifier:UserWarning")


@pytest.fixture
def main(tmp_path, roster, provider):
    with main_agent(tmp_path, roster, provider, max_retries=1) as parts:
        yield parts.turn, parts.history, parts.model


def test_streaming_text_arrives_piece_by_piece_before_the_reply_is_stored(main, provider):
    turn, history, _ = main
    text = "Kandice Phillips emailed you about the disclosure list this morning."
    provider.script(Reply(text, chunk_delay=0.1))
    history.append_user("anything new?")
    start = time.monotonic()
    pieces: list[tuple[float, str, int]] = []  # (when, piece, replies stored by then)
    said: list[tuple[float, str]] = []
    assert turn(on_delta=lambda p: pieces.append((time.monotonic() - start, p, len(history.assistant_texts()))),
                say=lambda t: said.append((time.monotonic() - start, t))) == 1
    assert "".join(p for _, p, _ in pieces) == text and len(pieces) >= 8  # word by word
    assert all(stored == 0 for _, _, stored in pieces)  # shown as generated, stored once whole
    assert said[0][1] == text and history.assistant_texts() == [text]
    assert pieces[0][0] < said[0][0] - 0.5  # the first words long before the last
    (request,) = provider.requests
    assert request.body.get("stream") is True and not request.problems


def test_streaming_tool_calls_are_assembled_and_run_as_before(main, provider):
    turn, history, _ = main
    provider.script(Reply("Let me add them.", tool_calls=[Call("add", {"a": 2, "b": 3}), Call("add", {"a": 4, "b": 5})]),
                    Reply("2 + 3 = 5 and 4 + 5 = 9."))
    history.append_user("2 + 3 and 4 + 5?")
    pieces: list[str] = []
    assert turn(on_delta=pieces.append) == 2
    assert "".join(pieces) == "Let me add them.2 + 3 = 5 and 4 + 5 = 9."
    assert history.tool_results() == ["5", "9"]
    assert len(provider.requests) == 2 and all(not r.problems for r in provider.requests)
    assert [cid for cid, _ in provider.requests[1].tool_results()] == ["call_1_0", "call_1_1"]


def test_streaming_malformed_tool_json_goes_back_to_the_model(main, provider):
    turn, history, _ = main
    provider.script(Reply(tool_calls=[Call("add", '{"a": 2, "b":')]), Reply(tool_calls=[Call("add", {"a": 2, "b": 3})]),
                    Reply("5."))
    history.append_user("2 + 3?")
    assert turn(on_delta=lambda p: None) == 3
    ((_, error),) = provider.requests[1].tool_results()
    assert error.startswith("error: the arguments of add are not") and history.tool_results()[-1] == "5"


def test_streaming_a_failure_before_the_first_piece_is_retried(main, provider):
    turn, history, _ = main
    provider.script(Fail(503), Reply("Here I am."))
    history.append_user("hello")
    pieces: list[str] = []
    assert turn(on_delta=pieces.append) == 1 and "".join(pieces) == "Here I am."
