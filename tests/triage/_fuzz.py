"""Hypothesis strategies for the fuzz (R2): text of random sizes and characters, WhatsApp lines made of it, and
rules files under "## Always notify". The fault suite draws from them, and so does the fuzz benchmark."""

from __future__ import annotations

from hypothesis import strategies as st

__all__ = ["LINE", "TEXT", "rules_files"]

# Any Unicode (NUL, lone surrogates, bidi controls), runs of up to 30,000 characters, and the odd cases by name.
TEXT = st.one_of(
    st.text(st.characters(codec="utf-8", exclude_categories=()), max_size=40),
    st.tuples(st.text(st.characters(codec="utf-8"), min_size=1, max_size=8), st.integers(0, 30_000))
    .map(lambda t: (t[0] * (t[1] // len(t[0]) + 1))[: t[1]]),
    st.sampled_from(["", "\x00", "\x00" * 5, "\ud800", "a\udcffb", "\u202e", "\r\n\t", "😀" * 3_000]),
)
# One line of a WhatsApp JSONL export (its timestamp left to the caller).
LINE = st.fixed_dictionaries({
    "id": st.one_of(st.integers(0, 10**12).map(str), TEXT), "chat": TEXT, "from": TEXT, "from_number": TEXT,
    "body": TEXT, "is_group": st.booleans(), "mentions": st.lists(TEXT, max_size=3),
})


def rules_files(max_rules: int) -> st.SearchStrategy[str]:
    """A preferences file of up to `max_rules` random lines under "## Always notify"."""
    return st.lists(TEXT, max_size=max_rules).map(
        lambda lines: "## Always notify\n" + "".join(f"- {t}\n" for t in lines))
