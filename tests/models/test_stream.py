"""Issue 9 item 7: a reply's text handed over as it comes, whatever the model (tic.models.respond)."""

from __future__ import annotations

from tic.models import AssistantMessage, ToolCall, WordStream, respond, words
from tic.models.offline import OfflineMainModel
from tests.fakes import ScriptedModel


def test_item7_a_model_that_answers_whole_streams_word_by_word(clock):
    model = OfflineMainModel(clock)
    messages = [{"role": "user", "content": "hello"}]
    pieces: list[str] = []
    reply = respond(model, messages, [], pieces.append)
    assert reply == model.complete(messages, [])
    assert "".join(pieces) == reply.content and len(pieces) > 5 and pieces[0] == "Hello! "


def test_item7_without_a_delta_callback_the_model_is_asked_once_as_before():
    model = ScriptedModel(AssistantMessage(content="Hi there."))
    assert respond(model, [{"role": "user", "content": "hi"}], []).content == "Hi there."
    model.assert_done()


def test_item7_tool_calls_come_whole_in_the_message_and_no_text_means_no_piece():
    call = ToolCall("c1", "read_file", {"path": "notifications.md"})
    model = WordStream(ScriptedModel(AssistantMessage(tool_calls=(call,))))
    pieces: list[str] = []
    assert respond(model, [{"role": "user", "content": "x"}], [], pieces.append).tool_calls == (call,)
    assert pieces == []


def test_item7_words_join_back_to_the_text():
    for text in ("", " ", "one", "  two  words \n and\tmore  ", "Ciao! Come va?\n- a\n- b"):
        assert "".join(words(text)) == text
