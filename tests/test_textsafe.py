"""R1 at the output edge: content reaches the terminal without control or escape sequences, clipped."""

from __future__ import annotations

import asyncio
import io
import json
import logging

import pytest

from tic.textsafe import SafeLogFormatter, clip, terminal_json, terminal_text

# what a hostile subject or chat body carries: clear screen, a window title (OSC ... BEL), BEL, a bidi override
POISON = "\x1b[2J\x1b]0;title\x07\x07\u202e"
UNSAFE = ("\x1b", "\x07", "\u202e", "\x9b", "\x9d", "\x08", "\x00", "\x7f")


def assert_terminal_safe(text: str) -> None:
    found = [repr(c) for c in UNSAFE if c in text]
    assert not found, f"{found} reached the terminal: {text[:300]!r}"


@pytest.mark.parametrize("raw, shown", [
    ("a\x1b[2Jb", "ab"),                            # CSI: clear screen
    ("\x1b[31mred\x1b[0m", "red"),                  # CSI: colours
    ("x\x1b[10;20Hy", "xy"),                        # CSI: cursor move
    ("x\x1b]0;title\x07y", "xy"),                   # OSC: window title, ended by BEL
    ("x\x1b]8;;http://evil\x1b\\link\x1b]8;;\x1b\\y", "xlinky"),  # OSC 8 hyperlink, ended by ST
    ("x\x1bP1$qm\x1b\\y", "xy"),                    # DCS
    ("x\x1b]never ends", "xnever ends"),            # an unterminated string loses its introducer only
    ("ding\x07", "ding"),                           # BEL
    ("abc\x08\x08\x08xyz", "abcxyz"),               # backspaces overwriting what was shown
    ("x\x9b2Jy\x9d0;t\x9cz", "xyz"),                # 8-bit C1 CSI and OSC
    ("x\x85y\x7fz\x00", "xyz"),                     # C1 NEL, DEL, NUL
    ("\u202eevil\u202c \u2066iso\u2069", "evil iso"),  # bidi override, pop, isolates
    ("esc\x1bc reset", "esc reset"),                # ESC c: full terminal reset
    ("keep\tthis\nand this", "keep\tthis\nand this"),  # tabs and newlines stay
    ("a\r\nb\rc\u2028d", "a\nb\nc\nd"),              # CR LF, a lone CR (overwrites the line) and LS become newlines
    ("lone \udc80 surrogate", "lone \ufffd surrogate"),  # printing it cannot fail
    ("ünïcödé — “quotes” 🐢 العربية", "ünïcödé — “quotes” 🐢 العربية"),  # text is text
])
def test_r1_terminal_text_strips_escape_sequences_and_controls(raw, shown):
    assert terminal_text(raw) == shown


def test_r1_terminal_text_clips_and_folds():
    long = "Long " + "x" * 5000
    shown = terminal_text(long, limit=200)
    assert len(shown) == 200 and shown.endswith("…") and shown.startswith("Long x")
    assert terminal_text(f"a\n\tb  {POISON}c", one_line=True) == "a b c"
    per_line = terminal_text("short\n" + "y" * 3000, line_limit=100).split("\n")
    assert per_line[0] == "short" and len(per_line[1]) == 100 and per_line[1].endswith("…")
    assert clip("abc", 3) == "abc" and clip("abcd", 3) == "ab…" and clip("abc", 0) == ""
    assert terminal_text(None) == "" and terminal_text(42) == "42"


def test_r1_terminal_text_is_linear_on_hostile_input():
    import time

    hostile = ("\x1b]" + "a" * 500 + "\x9d" + "b" * 500 + "\x1b[" + "1" * 500) * 500  # 750,000 characters
    start = time.perf_counter()
    assert_terminal_safe(terminal_text(hostile))
    assert time.perf_counter() - start < 5


def test_r1_terminal_json_is_exact_and_safe():
    value = {"subject": f"Invoice {POISON}overdue \x9b31m \u2028 \udc80", "n": 1}
    line = terminal_json(value)
    assert_terminal_safe(line)
    assert "\u2028" not in line and "\udc80" not in line
    assert json.loads(line) == value  # nothing lost: a JSON reader gets the exact value back


def test_r1_log_lines_cannot_drive_the_terminal():
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(SafeLogFormatter("%(levelname)s %(message)s", line_limit=120))
    logger = logging.getLogger("tests.textsafe")
    logger.addHandler(handler)
    logger.propagate = False
    try:
        logger.warning("item %s failed", f"subject {POISON}" + "z" * 500)
        try:
            raise ValueError(f"bad {POISON}")
        except ValueError:
            logger.exception("tick failed")
    finally:
        logger.removeHandler(handler)
    out = stream.getvalue()
    assert_terminal_safe(out)
    first = out.splitlines()[0]
    assert first.startswith("WARNING item subject zzz")
    assert len(first) == 120 and first.endswith("…")
    assert "Traceback (most recent call last)" in out and out.rstrip().endswith("ValueError: bad")


def test_r1_the_terminal_chat_shows_a_models_reply_without_escape_sequences(tmp_path, monkeypatch):
    """The edge itself: whatever the main agent's model writes (a real model may echo content) is made safe."""
    import tic.app
    from tic.app import build_app
    from tic.clock import SystemClock
    from tic.config import Settings
    from tic.engine import run_engine
    from tic.models import AssistantMessage
    from tests.conftest import ROOT
    from tests.fakes import ScriptedModel

    reply = f"Mallory wrote “Invoice {POISON}overdue”.\n" + "Long " + "x" * 5000
    model = ScriptedModel(AssistantMessage(content=reply))
    monkeypatch.setattr(tic.app, "model_for", lambda spec, clock, *settings: model)
    app = build_app(Settings(home=ROOT, data_dir=tmp_path, demo=False), SystemClock())
    said: list[str] = []
    try:
        asyncio.run(asyncio.wait_for(run_engine(app, stdin=io.StringIO("hello\n"), say=said.append, prompt=None), 60))
    finally:
        app.world.dispose()
    model.assert_done()
    (shown,) = said
    assert_terminal_safe(shown)
    first, second = shown.split("\n")
    assert first == "Mallory wrote “Invoice overdue”."
    assert len(second) <= 2000 and second.endswith("…")
