"""Issue 9 item 7: the terminal shows a reply as it streams -- the same text, to the character, that it showed
whole before (R1: nothing a terminal acts on, however the pieces split an escape sequence)."""

from __future__ import annotations

import io

from hypothesis import given, settings, strategies as st

from tic.engine import CHAT_LINE_CHARS, PrintStream, TerminalView
from tic.textsafe import terminal_text


def whole(text: str) -> str:
    """What the piped terminal printed for a reply before streaming: `say`'s line."""
    return f"assistant: {terminal_text(text, line_limit=CHAT_LINE_CHARS)}\n"


def streamed(*replies: list[str], status: str | None = None) -> tuple[str, list[str]]:
    out = io.StringIO()
    said: list[str] = []
    view = TerminalView(lambda text: out.write(f"assistant: {text}\n"), stream=PrintStream(out))
    seen: list[str] = []
    for pieces in replies:
        for piece in pieces:
            view.reply_delta("t1", piece)
            seen.append(out.getvalue())
        if status is None:
            view.reply("t1", "".join(pieces))
    if status is not None:
        view.status(status, level="failing")
    return out.getvalue(), seen


def test_item7_a_streamed_reply_prints_as_it_comes_and_ends_as_the_whole_one_did():
    pieces = ["Kandice ", "Phillips ", "emailed ", "you."]
    out, seen = streamed(pieces)
    assert out == whole("Kandice Phillips emailed you.")
    assert seen[0] == "assistant: Kandice " and seen[1] == "assistant: Kandice Phillips "


def test_item7_two_replies_of_one_turn_are_two_lines():
    out, _ = streamed(["Let me ", "look."], ["Found ", "it."])
    assert out == whole("Let me look.") + whole("Found it.")


def test_r1_an_escape_sequence_split_across_pieces_never_reaches_the_terminal():
    text = "red \x1b]0;owned\x07title \x1b[31mred\x1b[0m done\x9b2J."
    pieces = [text[i:i + 3] for i in range(0, len(text), 3)]
    out, seen = streamed(pieces)
    assert out == whole(text) and "\x1b" not in out and "\x9b" not in out and "owned" not in out
    assert all(not (s.endswith("[3") or s.endswith("]0;")) for s in seen)


def test_r1_a_long_line_is_clipped_the_same_streamed():
    text = "x" * (CHAT_LINE_CHARS + 500) + "\nnext line"
    out, _ = streamed([text[i:i + 97] for i in range(0, len(text), 97)])
    assert out == whole(text)


def test_item7_a_reply_cut_short_ends_its_line_before_the_status_note():
    out, _ = streamed(["Half ", "a "], status="[tic] I could not reach my language model")
    assert out == "assistant: Half a \nassistant: [tic] I could not reach my language model\n"


def test_item7_without_a_stream_replies_are_shown_whole():
    said: list[str] = []
    view = TerminalView(said.append)
    view.reply_delta("t", "Hel")
    view.reply("t", "Hello.")
    assert said == ["Hello."]


@settings(max_examples=1000, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("ab \n\r\t\x1b\x07[]0;31mPJ\\\x9b\x9d\x9c\u202e…é")), max_size=120),
       st.lists(st.integers(min_value=1, max_value=9), min_size=1, max_size=40))
def test_r1_any_split_of_any_text_prints_what_the_whole_reply_printed(text, sizes):
    pieces, i = [], 0
    for size in sizes * (len(text) // max(1, sum(sizes)) + 1):
        if i >= len(text):
            break
        pieces.append(text[i:i + size])
        i += size
    out, _ = streamed(pieces)
    assert out == whole(text)


def test_item7_a_turn_cut_short_ends_its_line_before_the_next_turn_streams():
    out = io.StringIO()
    view = TerminalView(lambda text: out.write(f"assistant: {text}\n"), stream=PrintStream(out))
    view.reply_delta("t1", "Half ")  # this engine lost the turn: its reply is never stored
    view.reply_delta("t2", "Whole.")
    view.reply("t2", "Whole.")
    assert out.getvalue() == "assistant: Half \nassistant: Whole.\n"
