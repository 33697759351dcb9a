"""C: the size cap - byte-identical under it, spill + staged compaction above it, marker-only as the last resort."""

from __future__ import annotations

import json

import pytest

from tests.channels.conftest import envelope, write
from tic.channels import cap_payload, max_chars
from tic.channels._cap import dumps


@pytest.mark.parametrize("raw, value", [
    (None, 10000), ("", 10000), ("abc", 10000), ("5000", 5000), ("100", 2048), ("999999", 10000), ("3000.7", 3000),
])
def test_c_max_chars_is_clamped(raw, value):
    assert max_chars({} if raw is None else {"TIC_NOTIFICATION_MAX_CHARS": raw}) == value


def test_c_under_the_cap_the_payload_is_unchanged(tmp_path):
    payload = {"fingerprint": "0" * 16, "channels": {"mcp.a": envelope()}}
    assert cap_payload(payload, tmp_path, 10000) is payload
    assert not (tmp_path / "logs").exists()


def test_c_above_the_cap_spill_then_cut_text_keeping_ids(tmp_path):
    events = [{"id": f"e{i}", "text": "word " * 200} for i in range(8)]
    payload = {"fingerprint": "1" * 16, "channels": {"mcp.a": envelope(events=events)}}
    out = cap_payload(payload, tmp_path, 4000)
    assert len(dumps(out)) <= 4000 and out["truncated"] is True
    spill = tmp_path / out["overflow_file"]
    assert json.loads(spill.read_text()) == payload  # the full payload, atomically spilled
    assert [e["id"] for e in out["channels"]["mcp.a"]["data"]["events"]] == [f"e{i}" for i in range(8)]
    assert out["fingerprint"] == "1" * 16


def test_c_ids_only_when_cut_text_does_not_fit(tmp_path):
    events = [{"id": f"e{i}", "text": "x" * 199, "more": ["y" * 150] * 3} for i in range(10)]
    out = cap_payload({"channels": {"mcp.a": envelope(events=events)}}, tmp_path, 2048)
    assert len(dumps(out)) <= 2048
    assert out["channels"]["mcp.a"]["data"]["events"][0] == {"id": "e0"}


def test_c_marker_only_envelope_keeps_the_spill_basename(tmp_path):
    chans = {f"mcp.c{i}": envelope("h" * 150, events=[{"id": f"id{j}"} for j in range(40)]) for i in range(30)}
    out = cap_payload({"note": "data", "channels": chans}, tmp_path, 2048)
    assert len(dumps(out)) <= 2048
    assert out["channels"] == {} and out["overflow_file"].startswith("logs/notification-overflow-")
    assert (tmp_path / out["overflow_file"]).is_file()


def test_c_a_failed_spill_points_back_to_the_producer(tmp_path):
    (tmp_path / "logs").write_text("not a folder")
    out = cap_payload({"channels": {"mcp.a": envelope(text="z" * 20000)}}, tmp_path, 2048)
    assert out["overflow_file"] is None and "producer" in out["spill_failed"]


def test_c_check_applies_the_live_cap(workdir, clock, warns):
    from tic.channels import AgentChannels

    ch = AgentChannels("main", workdir, clock, env={"TIC_NOTIFICATION_MAX_CHARS": "2048"})
    write(workdir, "mcp.big.json", envelope(text="q" * 9000, id="r1"))
    out = ch.check()
    assert len(dumps(out)) <= 2048 and out["channels"]["mcp.big"]["data"]["id"] == "r1"
