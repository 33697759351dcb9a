"""C: consumer delay - mask one target, cancel, cap, overdue recovery with one delay-alarm, fail open."""

from __future__ import annotations

import json

import pytest

from tests.channels.conftest import envelope, write
from tic.channels import ALARM, ChannelError, delay_cap


@pytest.mark.parametrize(
    "env, cap, diagnosed",
    [
        ({}, 600.0, False),
        ({"TIC_NOTIFICATION_DELAY_MAX_SECONDS": "120"}, 120.0, False),
        ({"TIC_NOTIFICATION_DELAY_MAX_SECONDS": " 45.5 "}, 45.5, False),
        ({"TIC_NOTIFICATION_DELAY_MAX_SECONDS": ""}, 600.0, True),
        ({"TIC_NOTIFICATION_DELAY_MAX_SECONDS": "   "}, 600.0, True),
        ({"TIC_NOTIFICATION_DELAY_MAX_SECONDS": "soon"}, 600.0, True),
        ({"TIC_NOTIFICATION_DELAY_MAX_SECONDS": "0"}, 600.0, True),
        ({"TIC_NOTIFICATION_DELAY_MAX_SECONDS": "-5"}, 600.0, True),
        ({"TIC_NOTIFICATION_DELAY_MAX_SECONDS": "inf"}, 600.0, True),
        ({"TIC_NOTIFICATION_DELAY_MAX_SECONDS": "nan"}, 600.0, True),
        ({"TIC_NOTIFICATION_DELAY_MAX_SECONDS": "x" * 5000}, 600.0, True),
    ],
)
def test_c_delay_cap_falls_back_to_600_with_a_bounded_diagnostic(env, cap, diagnosed):
    value, diagnostic = delay_cap(env)
    assert value == cap
    assert (diagnostic is not None) is diagnosed
    if diagnostic:
        assert len(diagnostic) < 200


def test_c_delay_masks_exactly_one_target_while_live(channels, workdir, clock):
    write(workdir, "mcp.a.json", envelope("a"))
    write(workdir, "mcp.b.json", envelope("b"))
    channels.delays.set("mcp.a", 60, 600)
    snap = channels.sync()
    assert [f.name for f in snap.files] == ["mcp.b"] and snap.delayed == "mcp.a"
    assert "mcp.a" not in channels.check()["channels"]
    write(workdir, "mcp.a.json", envelope("a2"))  # the target keeps receiving producer updates
    assert json.loads((workdir / ".notification/mcp.a.json").read_text())["header"] == "a2"
    channels.delays.set("mcp.b", 60, 600)  # a nonzero delay replaces the prior one
    assert [f.name for f in channels.sync().files] == ["mcp.a"]


def test_c_delay_zero_cancels_only_the_matching_target(channels, workdir):
    write(workdir, "mcp.a.json", envelope("a"))
    channels.delays.set("mcp.a", 60, 600)
    channels.delays.set("mcp.b", 0, 600)  # not the target: nothing changes
    assert channels.sync().delayed == "mcp.a"
    channels.delays.set("mcp.a", 0, 600)
    assert [f.name for f in channels.sync().files] == ["mcp.a"]
    assert not (workdir / ".notification/.delay_state.json").exists()


@pytest.mark.parametrize("channel, seconds, message", [
    (ALARM, 10, "cannot itself be delayed"),
    ("mcp.a", 601, "at most 600"),
    ("mcp.a", -1, "0 \\(cancel\\)"),
    ("mcp.a", float("inf"), "0 \\(cancel\\)"),
])
def test_c_delay_refusals(channels, channel, seconds, message):
    with pytest.raises(ChannelError, match=message):
        channels.delays.set(channel, seconds, 600)


def test_c_overdue_delay_is_recovered_on_sync_with_one_alarm(channels, workdir, clock):
    write(workdir, "mcp.a.json", envelope("a", events=[1]))
    channels.delays.set("mcp.a", 30, 600)
    write(workdir, "mcp.a.json", envelope("a", events=[1, 2]))
    clock.advance(31)
    snap = channels.sync()
    assert [f.name for f in snap.files] == [ALARM, "mcp.a"] and snap.delayed is None
    alarm = json.loads((workdir / ".notification/delay-alarm.json").read_text())
    assert alarm["priority"] == "high"
    assert alarm["data"]["channel"] == "mcp.a" and alarm["data"]["changed_while_delayed"] is True
    assert alarm["data"]["retained_events"] == 2
    mtime = (workdir / ".notification/delay-alarm.json").stat().st_mtime_ns
    channels.sync()
    assert (workdir / ".notification/delay-alarm.json").stat().st_mtime_ns == mtime  # never duplicated


def test_c_recovery_retry_overwrites_the_same_alarm(channels, workdir, clock):
    """A crash after the alarm but before the state was cleared: the retry keeps one alarm (stable request id)."""
    write(workdir, "mcp.a.json", envelope("a"))
    delay = channels.delays.set("mcp.a", 30, 600)
    state = (workdir / ".notification/.delay_state.json").read_text()
    clock.advance(31)
    channels.sync()
    first = (workdir / ".notification/delay-alarm.json").read_text()
    (workdir / ".notification/.delay_state.json").write_text(state)  # as if the clear never happened
    channels.sync()
    assert (workdir / ".notification/delay-alarm.json").read_text() == first
    assert json.loads(first)["data"]["request_id"] == delay.request_id
    assert not (workdir / ".notification/.delay_state.json").exists()


@pytest.mark.parametrize("text", ["{", "[]", '{"channel": "mcp.a"}', '{"channel": "mcp.a", "set_at": "x", "until": "y"}'])
def test_c_malformed_delay_state_fails_open(channels, workdir, warns, text):
    write(workdir, "mcp.a.json", envelope("a"))
    write(workdir, ".delay_state.json", text)
    assert [f.name for f in channels.sync().files] == ["mcp.a"]
    assert len(warns) == 1 and "delay state" in warns[0][0]
    channels.sync()
    assert len(warns) == 1


def test_c_daemon_delay_masks_the_wake_not_the_payload(channels, workdir):
    write(workdir, "daemon.json", envelope("daemon run"))
    channels.delays.set("daemon", 60, 600)
    snap = channels.sync()
    assert snap.fingerprint == "" and channels.pending() is None  # does not wake
    assert "daemon" in channels.check()["channels"]  # but stays readable
