"""N5-N9 as properties (hypothesis): random sequences of posts, reads, clock moves, mutes and withdraws.

- Exactly once: with no mute, every post reaches each reader in its audience exactly
  once - counted from the rendered lines, `(xN)` and `(xK again, T in all)` alike - unless
  its poster withdrew it before it was shown.
- The counts a line renders are the posts it delivers.
- A mute by one reader never changes what any other reader receives.

Each template has one poster, so a withdraw's effect is known to the model.
"""

from __future__ import annotations

import pytest

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tic.clock import ManualClock
from tic.notices import key_for, running_as
from tests.conftest import T0
from tests.notices._support import make_store, shown, wipe

READERS = ["agent:main", "agent:tic", "user:me"]
# template, severity, poster (None: the engine)
TEMPLATES = [
    ("wave complete", "info", None),
    ("enemy spawn failed", "error", "agent:tic"),
    ("save slot corrupted", "warn", "agent:digest"),
    ("texture atlas rebuilt", "info", "agent:tic"),
]

post = st.tuples(st.just("post"), st.sampled_from([0, 1, 1, 2, 2, 3]), st.integers(0, 1),
                 st.lists(st.sampled_from(READERS), min_size=1, max_size=3, unique=True), st.integers(1, 3))
read = st.tuples(st.just("read"), st.sampled_from(READERS))
wait = st.tuples(st.just("wait"), st.sampled_from([1, 1, 1, 5, 10, 29, 31, 200, 4000]))
withdraw = st.tuples(st.just("withdraw"), st.integers(0, len(TEMPLATES) - 1), st.booleans())
mute = st.tuples(st.sampled_from(["mute", "unmute"]), st.integers(0, len(TEMPLATES) - 1))


def _ops(*weighted):
    """One op drawn by weight: [(weight, strategy), ...]."""
    table = [s for w, s in weighted for _ in range(w)]
    return st.integers(0, len(table) - 1).flatmap(lambda i: table[i])


SEQUENCES = st.lists(_ops((4, post), (4, read), (2, wait), (1, withdraw)), min_size=12, max_size=40)
MUTED_SEQUENCES = st.lists(_ops((4, post), (4, read), (2, wait), (1, withdraw), (2, mute)), min_size=12, max_size=40)

MUTER = "agent:tic"


def run(world, roster, ops, *, mute_as: str = MUTER) -> dict[str, list[str]]:
    """Play `ops` on an empty world; every line each reader was shown, in order. Ends with a full drain."""
    wipe(world)
    clock = ManualClock(T0)
    store = make_store(world, roster, clock)
    got: dict[str, list[str]] = {r: [] for r in READERS}
    try:
        for op in ops + [("wait", 7300)] + [("read", r) for r in READERS]:
            kind = op[0]
            if kind == "post":
                _, t, value, audience, times = op
                template, severity, poster = TEMPLATES[t]
                names = [r.removeprefix("agent:") if i % 2 else r for i, r in enumerate(audience)]  # names and keys
                with running_as(poster):
                    for _ in range(times):
                        store.post(template, {"v": value}, severity=severity, audience=names)
            elif kind == "read":
                for line in store.deliver(op[1]):
                    assert shown(line.text) == line.count  # the rendered count is the count delivered
                    got[op[1]].append(line.text)
            elif kind == "wait":
                clock.advance(op[1])
            elif kind == "withdraw":
                template, _, poster = TEMPLATES[op[1]]
                with running_as(poster):
                    store.withdraw(template, replacing=op[2])
            elif kind in ("mute", "unmute"):
                key = key_for(TEMPLATES[op[1]][0])
                (store.suppress if kind == "mute" else store.unsuppress)(key, caller=mute_as)
        for reader in READERS:  # drained: nothing is left for anyone
            assert store.deliver(reader) == []
        return got
    finally:
        store.close()


def _settings(world, examples: int):
    n = examples if world.dialect.name == "sqlite" else max(5, examples // 3)
    return settings(max_examples=n, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


@pytest.mark.slow
def test_n5_n6_n7_n9_every_post_reaches_each_reader_once(world, roster):
    @_settings(world, 40)
    @given(SEQUENCES)
    def check(ops):
        wipe(world)
        clock = ManualClock(T0)
        store = make_store(world, roster, clock)
        posted: Counter = Counter()  # (reader, key) -> posts addressed
        delivered: Counter = Counter()  # (reader, key) -> posts shown, from the rendered lines
        dropped: Counter = Counter()  # (reader, key) -> posts withdrawn before they were shown
        try:
            for op in ops + [("wait", 7300)] + [("read", r) for r in READERS] * 2:
                if op[0] == "post":
                    _, t, value, audience, times = op
                    template, severity, poster = TEMPLATES[t]
                    with running_as(poster):
                        for _ in range(times):
                            store.post(template, {"v": value}, severity=severity, audience=audience)
                    for reader in audience:
                        posted[(reader, key_for(template))] += times
                elif op[0] == "read":
                    for line in store.deliver(op[1]):
                        assert shown(line.text) == line.count
                        delivered[(op[1], line.key)] += shown(line.text)
                elif op[0] == "wait":
                    clock.advance(op[1])
                elif op[0] == "withdraw":
                    template, _, poster = TEMPLATES[op[1]]
                    key = key_for(template)
                    with running_as(poster):
                        store.withdraw(template, replacing=op[2])
                    for reader in READERS:  # whatever was still pending is gone
                        dropped[(reader, key)] = posted[(reader, key)] - delivered[(reader, key)]
            for pair in set(posted) | set(delivered):
                assert delivered[pair] + dropped[pair] == posted[pair], pair
        finally:
            store.close()

    check()


@pytest.mark.slow
def test_n8_a_mute_never_changes_what_another_reader_receives(world, roster):
    @_settings(world, 25)
    @given(MUTED_SEQUENCES)
    def check(ops):
        without = [op for op in ops if op[0] not in ("mute", "unmute")]
        plain = run(world, roster, without)
        muted = run(world, roster, ops)
        for reader in READERS:
            if reader != MUTER:
                assert muted[reader] == plain[reader], reader

    check()


@pytest.mark.slow
def test_n8_a_mute_only_delays_its_readers_own_notices_until_unmuted(world, roster):
    @_settings(world, 15)
    @given(SEQUENCES, st.integers(0, len(TEMPLATES) - 1))
    def check(ops, t):
        key = key_for(TEMPLATES[t][0])
        # mute from the start, unmute before the final drain: the muter still gets every post, collapsed later
        plain = run(world, roster, ops)
        muted = run(world, roster, [("mute", t)] + ops + [("unmute", t)])
        count = lambda lines: sum(shown(x) for x in lines if x.endswith(f"#{key}"))  # noqa: E731
        assert count(muted[MUTER]) <= count(plain[MUTER])  # a withdraw may drop what the mute held back
        if not any(op[0] == "withdraw" and op[1] == t for op in ops):
            assert count(muted[MUTER]) == count(plain[MUTER])

    check()
