"""N3/N12: who a post is for - checked against the roster for a stored notice, as given for a reminder."""

from __future__ import annotations

from typing import Sequence

from tic.agents import Roster
from tic.errors import NoticeError, UnknownAgentError
from tic.notices._caller import caller_key, current_caller

Audience = str | Sequence[str] | None
EVERYONE = "*"


def _entries(audience: Sequence[str]) -> list[str]:
    entries = list(audience)
    if not entries:
        raise NoticeError("the audience list is empty: leave it out, use '*', or name at least one agent")
    for entry in entries:
        if not isinstance(entry, str) or not entry.strip():
            raise NoticeError(f"audience entry {entry!r} is not a name: use an agent's name or a caller key like agent:main")
    return entries


def _key(entry: str) -> str:
    key = caller_key(entry.strip())
    kind, _, ident = key.partition(":")
    if not kind or not ident:
        raise NoticeError(f"audience entry {entry!r} is not a caller key: write <kind>:<id>, e.g. agent:main")
    return key


def stored_audience(audience: Audience, roster: Roster) -> tuple[list[str], bool]:
    """N3: the reader keys, and whether the audience is 'every caller' (for N4's default)."""
    if audience is None:
        caller = current_caller()
        if caller is not None:
            return [caller], False
        return roster.callers_here(), True
    if audience == EVERYONE:
        return roster.callers_here(), True
    readers: list[str] = []
    for entry in _entries([audience] if isinstance(audience, str) else audience):
        key = _key(entry)
        kind, _, ident = key.partition(":")
        if kind == "agent":
            if ident not in roster:
                raise UnknownAgentError(
                    f"audience entry {entry!r} names no agent on the roster ({', '.join(roster.names())}); "
                    "use a listed name or a caller key like user:me"
                )
            if not roster.here(ident):
                raise UnknownAgentError(f"agent {ident!r} runs on another engine of this world: post it there")
        if key not in readers:
            readers.append(key)
    return readers, False


def ephemeral_audience(audience: Audience) -> frozenset[str] | str:
    """N12: '*' or reader keys, not checked against the roster; a bare name in a list means agent:<name>,
    a single string is used as given; left out, the running caller (every caller when none runs)."""
    if audience is None:
        caller = current_caller()
        return EVERYONE if caller is None else frozenset([caller])
    if audience == EVERYONE:
        return EVERYONE
    if isinstance(audience, str):
        if not audience.strip():
            raise NoticeError("the audience is empty: leave it out, use '*', or name a caller")
        return frozenset([audience.strip()])
    entries = _entries(audience)
    if EVERYONE in entries:
        return EVERYONE
    return frozenset(_key(e) for e in entries)
