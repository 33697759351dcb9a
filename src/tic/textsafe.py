"""Text shown to the user, made safe for a terminal: escape sequences and control characters out, long values clipped.

Content (an email subject, a chat body, a channel header, a model's reply that quotes them) may carry
terminal escape sequences — clear screen, cursor moves, window titles, colours, BEL — or bidi overrides
that make a line read differently from what it says. Everything the engine prints goes through
`terminal_text` at the output edge (the terminal chat, `./tic log`, `why`, `notices list`, log lines);
`terminal_json` keeps JSON output exact while writing those characters as \\u escapes.

Stripped: ANSI/VT sequences (CSI, OSC, DCS, SOS, PM, APC, two-character ESC sequences, and their 8-bit
C1 forms), every other C0/C1 control and DEL, bidi embeddings, overrides and isolates (U+202A..U+202E,
U+2066..U+2069). Kept: newlines and tabs (CR LF and a lone CR become a newline; U+2028/U+2029 too). Lone
surrogates (undecodable bytes) become U+FFFD so printing them cannot fail.
"""

from __future__ import annotations

import json
import logging
import re

__all__ = ["ELLIPSIS", "SafeLogFormatter", "clip", "terminal_json", "terminal_text"]

ELLIPSIS = "…"

# An escape sequence as a terminal would consume it. A string sequence (OSC, DCS, SOS, PM, APC) runs to its
# terminator (BEL or ST); one that never ends loses only its introducer, so the visible text after it stays.
_SEQUENCE = re.compile(
    r"(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]"  # CSI: ESC [ params intermediates final (colours, cursor moves, clear)
    # OSC, DCS, SOS, PM, APC (7- or 8-bit introducer) ... BEL or ST
    r"|(?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f])[^\x07\x1b\x90\x98\x9c-\x9f]*(?:\x07|\x1b\\|\x9c)"
    r"|\x1b[ -/]*[0-~]"  # other ESC sequences: ESC c (reset), ESC 7, ESC ( B ...
)
_NEWLINES = re.compile(r"\r\n|[\r\u2028\u2029]")
# C0 controls but TAB and LF, DEL, C1 controls, bidi embeddings/overrides/isolates
_UNSAFE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
_SURROGATE = re.compile(r"[\ud800-\udfff]")
# what json.dumps(ensure_ascii=False) leaves raw that a terminal would act on
_JSON_UNSAFE = re.compile(r"[\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def terminal_text(text: object, *, limit: int | None = None, line_limit: int | None = None,
                  one_line: bool = False) -> str:
    """`text` as it may reach a terminal: sequences and controls removed, then clipped.

    `one_line` folds every run of whitespace (newlines and tabs included) into one space, for a field shown
    on one line; `limit` clips the whole text and `line_limit` each line, with an ellipsis.
    """
    text = "" if text is None else str(text)
    text = _SEQUENCE.sub("", text)
    text = _NEWLINES.sub("\n", text)
    text = _SURROGATE.sub("\ufffd", text)
    text = _UNSAFE.sub("", text)
    if one_line:
        text = " ".join(text.split())
    if line_limit is not None:
        text = "\n".join(clip(line, line_limit) for line in text.split("\n"))
    return clip(text, limit) if limit is not None else text


def clip(text: str, limit: int) -> str:
    """`text` at most `limit` characters, the last of them an ellipsis when it was longer."""
    if limit < 1:
        return ""
    return text if len(text) <= limit else text[: limit - 1] + ELLIPSIS


def terminal_json(obj: object) -> str:
    """One JSON document like `json.dumps(obj, ensure_ascii=False)`, exact, with nothing a terminal acts on.

    JSON already escapes C0 controls; DEL, C1 controls, bidi controls and line separators are written as
    \\uXXXX too (only string values can hold them, so the document stays valid and means the same)."""
    raw = json.dumps(obj, ensure_ascii=False)
    return _JSON_UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", raw)


class SafeLogFormatter(logging.Formatter):
    """Log lines through `terminal_text`: a message that carries content cannot drive the terminal.

    The message is clipped per line (`line_limit`); tracebacks keep their lines."""

    def __init__(self, *args, line_limit: int = 2000, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._line_limit = line_limit

    def format(self, record: logging.LogRecord) -> str:
        return terminal_text(super().format(record), line_limit=self._line_limit)
