"""C: generic dismiss, producer dismiss guards, blocked-channel dedup across restarts - real files in tmp_path."""

from __future__ import annotations

import json

import pytest

from tests.channels.conftest import envelope, write
from tic.channels import (BUILTIN_GUARDS, AgentChannels, ChannelError, DismissRefused, HookRegistry, HooksLoadError,
                          dismiss, publish)
from tic.channels._service import BLOCKED

HOOK = {"name": "inbox-mirror", "channel": "inbox", "source": "~/bin/inbox-watch", "description": "unread tickets",
        "how_to_modify": "edit ~/bin/inbox-watch", "how_to_cancel": "kill the watcher"}
GUARDED = {**HOOK, "dismiss_guard": True, "instructions": "Close the ticket with `tickets close ID`; the mirror follows."}


def files(workdir):
    return sorted(p.name for p in (workdir / ".notification").iterdir())


# --- generic dismiss ---------------------------------------------------------------------


def test_c_generic_dismiss_clears_only_the_channel_surface(workdir, clock):
    publish(workdir, "mcp.ci", envelope("1 build failed"))
    publish(workdir, "mcp.chat", envelope("2 messages"))
    HookRegistry(workdir).add(HOOK)
    hooks_before = (workdir / ".notification" / "hooks.json").read_bytes()
    from tic.channels import DelayStore

    DelayStore(workdir, clock).set("mcp.chat", 60, 600)
    delay_before = (workdir / ".notification" / ".delay_state.json").read_bytes()
    done = dismiss(workdir, "mcp.ci")
    assert done.cleared and done.digest
    assert files(workdir) == [".delay_state.json", "hooks.json", "mcp.chat.json"]  # nothing else touched, no temp left
    assert (workdir / ".notification" / "hooks.json").read_bytes() == hooks_before
    assert (workdir / ".notification" / ".delay_state.json").read_bytes() == delay_before


def test_c_generic_dismiss_of_an_absent_channel_is_a_clear_result(workdir):
    done = dismiss(workdir, "mcp.nothing")
    assert (done.cleared, done.digest) == (False, None)


@pytest.mark.parametrize("channel", ["builds", "hooks", "large_result_acks", "../escape", "Bad Name", ""])
def test_c_generic_dismiss_respects_the_allowlist(workdir, channel):
    write(workdir, "builds.json", envelope())  # present but not registered: blocked, and not dismissible
    with pytest.raises(ChannelError) as info:
        dismiss(workdir, channel)
    assert "nothing was dismissed" in str(info.value) or "not a channel name" in str(info.value)
    assert len(str(info.value)) < 300
    assert (workdir / ".notification" / "builds.json").exists()


def test_c_generic_dismiss_of_the_delay_alarm_mirror_works(workdir, clock):
    from tic.channels import ALARM, DelayStore

    publish(workdir, "mcp.ci", envelope())
    store = DelayStore(workdir, clock)
    store.set("mcp.ci", 30, 600)
    clock.advance(31)
    assert store.live() is None  # recovered: the alarm mirror is published
    assert (workdir / ".notification" / f"{ALARM}.json").exists()
    assert dismiss(workdir, ALARM).cleared
    assert files(workdir) == ["mcp.ci.json"]  # the target itself is untouched
    assert store.live() is None and not (workdir / ".notification" / f"{ALARM}.json").exists()  # no re-alarm


def test_c_generic_dismiss_is_atomic_and_stale_safe(workdir):
    publish(workdir, "mcp.ci", envelope("1 build failed"))
    with pytest.raises(ChannelError, match="changed since"):
        dismiss(workdir, "mcp.ci", expect="0" * 16)
    assert json.loads((workdir / ".notification" / "mcp.ci.json").read_text())["header"] == "1 build failed"
    assert files(workdir) == ["mcp.ci.json"]  # put back, nothing left aside
    import hashlib

    version = hashlib.sha256((workdir / ".notification" / "mcp.ci.json").read_bytes()).hexdigest()[:16]
    assert dismiss(workdir, "mcp.ci", expect=version).cleared


def test_c_generic_dismiss_with_corrupt_hooks_json_clears_builtins_but_not_hook_channels(workdir):
    publish(workdir, "mcp.ci", envelope())
    write(workdir, "hooks.json", "{corrupt" * 200)
    write(workdir, "inbox.json", envelope())
    with pytest.raises(HooksLoadError):
        dismiss(workdir, "inbox")  # its guard cannot be known
    assert (workdir / ".notification" / "inbox.json").exists()
    assert dismiss(workdir, "mcp.ci").cleared


# --- producer dismiss guards ----------------------------------------------------------------


def test_c_producer_dismiss_guard_refuses_with_the_producers_instructions(workdir):
    HookRegistry(workdir).add(GUARDED)
    publish(workdir, "inbox", envelope("3 open tickets"))
    with pytest.raises(DismissRefused) as info:
        dismiss(workdir, "inbox")
    message = str(info.value)
    assert "`tickets close ID`" in message and "inbox-mirror" in message and "refused" in message
    assert files(workdir) == ["hooks.json", "inbox.json"]


def test_c_producer_dismiss_guard_needs_instructions_teaching_the_verb(workdir):
    with pytest.raises(ChannelError, match="dismiss_guard needs instructions"):
        HookRegistry(workdir).add({**HOOK, "dismiss_guard": True})
    reg = HookRegistry(workdir)
    reg.add(HOOK)
    with pytest.raises(ChannelError, match="dismiss_guard needs instructions"):
        reg.edit(HOOK["name"], {"dismiss_guard": True})
    reg.edit(HOOK["name"], {"dismiss_guard": True, "instructions": "use `tickets close`"})
    with pytest.raises(DismissRefused):
        dismiss(workdir, "inbox")
    reg.edit(HOOK["name"], {"dismiss_guard": False})
    assert not dismiss(workdir, "inbox").cleared  # unguarded now; nothing was published


def test_c_unguarded_hook_channel_is_dismissible(workdir):
    HookRegistry(workdir).add(HOOK)
    publish(workdir, "inbox", envelope())
    assert dismiss(workdir, "inbox").cleared


@pytest.mark.parametrize("channel", sorted(BUILTIN_GUARDS))
def test_c_builtin_mirror_channels_are_guarded_by_default(workdir, channel):
    publish(workdir, channel, {**envelope(), "instructions": "mark them read"})
    with pytest.raises(DismissRefused) as info:
        dismiss(workdir, channel)
    assert "built-in mirror" in str(info.value)
    assert (workdir / ".notification" / f"{channel}.json").exists()


# --- AgentChannels.dismiss: delivery bookkeeping --------------------------------------------


def test_c_dismissing_one_seen_channel_does_not_redeliver_the_others(channels, workdir):
    publish(workdir, "mcp.ci", envelope("1 build failed"))
    publish(workdir, "mcp.chat", envelope("2 messages"))
    fp, _ = channels.pending()
    channels.mark(fp)
    out = channels.dismiss("mcp.ci")
    assert list(out)[0] == "fingerprint" and out["dismissed"] == "mcp.ci" and out["remaining"] == ["mcp.chat"]
    assert channels.pending() is None
    publish(workdir, "mcp.ci", envelope("1 build failed"))  # republished after a dismiss: a new surface
    assert channels.pending() is not None


def test_c_dismiss_does_not_hide_an_undelivered_change(channels, workdir):
    publish(workdir, "mcp.ci", envelope("1 build failed"))
    fp, _ = channels.pending()
    channels.mark(fp)
    publish(workdir, "mcp.chat", envelope("2 messages"))  # not yet seen
    out = channels.dismiss("mcp.ci")
    assert "fingerprint" not in out
    assert channels.pending() is not None


def test_c_dismiss_absent_channel_result(channels):
    out = channels.dismiss("mcp.none")
    assert out["absent"] == "mcp.none" and "nothing published" in out["note"]


# --- blocked-channel dedup across restarts ----------------------------------------------------


def test_c_blocked_channel_warns_once_per_workdir_across_engine_restarts(workdir, clock, warns):
    write(workdir, "builds.json", envelope())
    for _ in range(3):  # three engines, one after another, on the same workdir
        AgentChannels("main", workdir, clock, warn=lambda t, p: warns.append((t, p)), env={}).sync()
    assert warns == [(BLOCKED, {"agent": "main", "channel": "builds", "ref": "blocked_channel:builds"})]
    assert (workdir / ".notification" / ".blocked_state.json").exists()
    assert [f.name for f in AgentChannels("main", workdir, clock, env={}).sync().files] == []  # dotfile never a channel


def test_c_blocked_channel_warns_again_after_registration_and_drop(workdir, clock, warns):
    write(workdir, "builds.json", envelope())
    new = lambda: AgentChannels("main", workdir, clock, warn=lambda t, p: warns.append((t, p)), env={})  # noqa: E731
    new().sync()
    reg = HookRegistry(workdir)
    reg.add({**HOOK, "name": "b", "channel": "builds"})
    assert [f.name for f in new().sync().files] == ["builds"]
    assert json.loads((workdir / ".notification" / ".blocked_state.json").read_text()) == {"warned": []}
    reg.drop("b")
    new().sync()
    new().sync()
    assert [p["channel"] for _, p in warns] == ["builds", "builds"]  # registration ended the dedup; once again after


@pytest.mark.parametrize("text", ["{broken", "[1]", '{"warned": "builds"}', "\xff"])
def test_c_malformed_blocked_state_fails_open(workdir, clock, warns, text):
    write(workdir, "builds.json", envelope())
    write(workdir, ".blocked_state.json", text)
    ch = AgentChannels("main", workdir, clock, warn=lambda t, p: warns.append((t, p)), env={})
    ch.sync()
    ch.sync()
    assert len(warns) == 1  # warned (open), once
    assert json.loads((workdir / ".notification" / ".blocked_state.json").read_text()) == {"warned": ["builds"]}
