"""The NoticeStore seam is whole: every caller's need is on the protocol, and the SQL store keeps it (N1, N5, N14, H2).

The contract runs through a variable typed `NoticeStore` on SQLite and PostgreSQL (the `world` fixture), so a
part that holds the protocol can post a notification inside its own transaction and announce it after the
commit without knowing the implementation.
"""

from __future__ import annotations

import inspect
from pathlib import Path

from tic.notices import Notice, NoticeStore, SqlNoticeStore, running_as

SRC = Path(__file__).resolve().parents[2] / "src" / "tic"


def _members(cls) -> list[str]:
    return sorted(n for n in vars(cls) if not n.startswith("_"))


def test_the_sql_store_has_every_member_of_the_protocol_with_its_parameters():
    for name in _members(NoticeStore):
        assert hasattr(SqlNoticeStore, name), f"SqlNoticeStore lacks {name}"
        wanted, have = getattr(NoticeStore, name), getattr(SqlNoticeStore, name)
        if isinstance(wanted, property):
            assert isinstance(have, property), name
            continue
        w, h = inspect.signature(wanted).parameters, inspect.signature(have).parameters
        assert list(w) == list(h), f"{name}: protocol {list(w)} != SqlNoticeStore {list(h)}"
        for p in w:
            assert w[p].kind == h[p].kind and w[p].default == h[p].default, f"{name}({p})"


def test_every_public_method_of_the_sql_store_is_on_the_protocol():
    assert set(_members(SqlNoticeStore)) <= set(_members(NoticeStore))


def test_nothing_outside_notices_names_the_sql_store_but_the_wiring():
    named = [str(p.relative_to(SRC)) for p in SRC.rglob("*.py")
             if "SqlNoticeStore" in p.read_text(encoding="utf-8") and p.relative_to(SRC).parts[0] != "notices"]
    assert named == ["app.py"]


def test_h2_a_notification_posted_in_the_callers_transaction_and_announced_after_commit(store, world):
    seam: NoticeStore = store
    heard: list[tuple[Notice, list[str]]] = []
    seam.subscribe(lambda notice, readers: heard.append((notice, readers)))
    with world.begin() as conn:
        notice = seam.post("new email message", {"summary": "x"}, audience=["main"], actionable=True,
                           origin="content", kind="notification", connection=conn)
        assert heard == []  # nothing is told before the transaction commits
    seam.announce(notice)
    assert [(n.id, r) for n, r in heard] == [(notice.id, ["agent:main"])]
    assert seam.has_pending("agent:main", kinds=("notification",), actionable=True)
    assert [n.template for n in seam.pending("agent:main", kinds=("notification",))] == ["new email message"]


def test_h2_a_post_in_a_transaction_that_rolls_back_is_not_stored(store, world):
    seam: NoticeStore = store
    try:
        with world.begin() as conn:
            seam.post("new email message", {"summary": "x"}, audience=["main"], kind="notification", connection=conn)
            raise RuntimeError("the decision could not be stored")
    except RuntimeError:
        pass
    assert seam.pending("agent:main", kinds=("notification",)) == []


def test_n8_muted_and_user_through_the_protocol(store):
    seam: NoticeStore = store
    with running_as("agent:main"):
        seam.suppress("0b7d41e6")
    assert seam.muted("agent:main") == ["0b7d41e6"] and seam.muted("agent:tic") == []
    assert isinstance(seam.user, str) and seam.user
