"""./tic channel publish AGENT CHANNEL --json FILE|- | list AGENT | dismiss AGENT CHANNEL (C)."""

from __future__ import annotations

import json
import sys

import typer

from tic.cli._common import app, fail, settings, show_json, shown

channel_app = typer.Typer(help="The channel protocol: publish into an agent's .notification/ folder, list it, "
                          "dismiss one channel (C).",
                          no_args_is_help=True)
app.add_typer(channel_app, name="channel")


def _agent_workdir(agent: str):
    from tic.agents import load_roster
    from tic.errors import TicError

    cfg = settings()
    try:
        roster = load_roster(cfg.agents_dir)
        roster[agent]
    except TicError as exc:
        fail(str(exc))
    return cfg.workdir(agent)


@channel_app.command("publish")
def channel_publish(
    agent: str,
    channel: str,
    json_file: str = typer.Option(..., "--json", help="the envelope as a JSON file, or - for stdin"),
) -> None:
    """Publish an envelope {header, icon, priority, published_at, instructions?, data} atomically.

    published_at defaults to now; the channel must be built-in, mcp.<name>, or a hook channel the agent registered.
    """
    from pydantic import ValidationError

    from tic.channels import ChannelError, Envelope, publish
    from tic.clock import SystemClock

    workdir = _agent_workdir(agent)
    try:
        text = sys.stdin.read() if json_file == "-" else open(json_file, encoding="utf-8").read()
        value = json.loads(text)
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        fail(f"could not read the envelope from {json_file}: {exc}")
    if not isinstance(value, dict):
        fail("the envelope must be a JSON object {header, icon, priority, published_at, instructions?, data}")
    value.setdefault("published_at", SystemClock().now().isoformat())
    try:
        path = publish(workdir, channel, Envelope.model_validate(value))
    except ValidationError as exc:
        fail("invalid envelope: " + "; ".join(f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}"
                                             for e in exc.errors(include_url=False)))
    except ChannelError as exc:
        fail(str(exc))
    typer.echo(f"published {path}")


@channel_app.command("list")
def channel_list(agent: str, as_json: bool = typer.Option(False, "--json", help="one JSON object a line")) -> None:
    """The agent's channel files (live, delayed, blocked, malformed) and its registered hooks."""
    from tic.channels import HookRegistry, HooksLoadError, allowed, scan
    from tic.channels import DelayStore
    from tic.clock import SystemClock

    workdir = _agent_workdir(agent)
    try:
        hooks = HookRegistry(workdir).load()
        hook_problem = None
    except HooksLoadError as exc:
        hooks, hook_problem = [], str(exc)
    result = scan(workdir, [h.channel for h in hooks])
    delay = DelayStore(workdir, SystemClock()).read()  # read only: listing never recovers or writes
    rows = []
    for f in result.files:
        status = "delayed" if delay and delay.channel == f.name else "live"
        rows.append({"channel": f.name, "status": status, "version": f.digest[:16], "header": f.envelope.get("header"),
                     "priority": f.envelope.get("priority"), "published_at": f.envelope.get("published_at")})
    for p in result.problems:
        rows.append({"channel": p.channel, "status": p.kind, "error": p.detail or None})
    for h in hooks:
        rows.append({"hook": h.name, "channel": h.channel, "source": h.source, "allowed": allowed(h.channel, [h.channel])})
    if hook_problem:
        rows.append({"hooks": "load failed", "error": hook_problem})
    if as_json:
        for r in rows:
            show_json(r)
        return
    typer.echo(f"{workdir / '.notification'}")
    if not rows:
        typer.echo("no channel files")
    for r in rows:
        if "hook" in r:
            typer.echo(f"  hook {shown(r['hook'])}: channel {shown(r['channel'])} (source: {shown(r['source'])})")
        elif "hooks" in r:
            typer.echo(f"  hooks.json: {shown(r['error'])}")
        else:
            extra = r.get("header") or r.get("error") or ""  # C/N10: a producer's text, shown as data
            typer.echo(f"  {shown(r['channel']):<24} {r['status']:<9} {shown(extra)}")


@channel_app.command("dismiss")
def channel_dismiss(
    agent: str,
    channel: str,
    expect: str = typer.Option(None, "--expect", help="only if the file is still this version (see list --json)"),
) -> None:
    """Clear one channel's file (only that file; the producer's own state is unchanged).

    The channel must be allowed for the agent; a guarded mirror channel (a hook with dismiss_guard, or the
    built-in email/goal) is refused with its producer's instructions: use the producer's own verb.
    """
    from tic.channels import ChannelError, HooksLoadError, dismiss

    workdir = _agent_workdir(agent)
    try:
        done = dismiss(workdir, channel, expect=expect)
    except HooksLoadError as exc:
        fail(f"load failed: {exc}")
    except ChannelError as exc:
        fail(str(exc))
    if done.cleared:
        typer.echo(f"dismissed {channel} ({workdir / '.notification' / (channel + '.json')}); "
                   "the producer's own state is unchanged")
    else:
        typer.echo(f"nothing to dismiss: {channel} has no file")
