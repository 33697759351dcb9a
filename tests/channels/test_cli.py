"""C: ./tic channel publish | list, in process (Typer's runner) on real files."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from tic.cli import app


def test_c_cli_publish_then_list(tmp_path, monkeypatch):
    for k in list(__import__("os").environ):
        if k.startswith("TIC_"):
            monkeypatch.delenv(k)
    monkeypatch.setenv("TIC_DATA_DIR", str(tmp_path / "data"))
    runner = CliRunner()
    ok = runner.invoke(app, ["channel", "publish", "main", "mcp.ci", "--json", "-"], input=json.dumps({"header": "1 build"}))
    assert ok.exit_code == 0, ok.output
    assert (tmp_path / "data/agents/main/.notification/mcp.ci.json").is_file()
    refused = runner.invoke(app, ["channel", "publish", "main", "builds", "--json", "-"], input=json.dumps({"header": "x"}))
    assert refused.exit_code == 2 and "not allowed" in refused.output
    bad = runner.invoke(app, ["channel", "publish", "main", "mcp.ci", "--json", "-"], input="{nope")
    assert bad.exit_code == 2 and "could not read" in bad.output
    listed = runner.invoke(app, ["channel", "list", "main", "--json"])
    assert json.loads(listed.output.splitlines()[0])["channel"] == "mcp.ci"


def test_c_cli_dismiss_clears_one_channel_with_the_same_guard(tmp_path, monkeypatch):
    for k in list(__import__("os").environ):
        if k.startswith("TIC_"):
            monkeypatch.delenv(k)
    monkeypatch.setenv("TIC_DATA_DIR", str(tmp_path / "data"))
    from tic.channels import HookRegistry

    runner = CliRunner()
    folder = tmp_path / "data/agents/main/.notification"
    for channel in ("mcp.ci", "email"):
        ok = runner.invoke(app, ["channel", "publish", "main", channel, "--json", "-"], input=json.dumps({"header": "1"}))
        assert ok.exit_code == 0, ok.output
    HookRegistry(folder.parent).add({"name": "t", "channel": "inbox", "source": "s", "description": "d",
                                     "how_to_modify": "m", "how_to_cancel": "c", "dismiss_guard": True,
                                     "instructions": "run `tickets close ID`"})
    assert runner.invoke(app, ["channel", "publish", "main", "inbox", "--json", "-"], input='{"header": "2"}').exit_code == 0
    listed = [json.loads(line) for line in runner.invoke(app, ["channel", "list", "main", "--json"]).output.splitlines()]
    version = next(r["version"] for r in listed if r.get("channel") == "mcp.ci" and "status" in r)
    stale = runner.invoke(app, ["channel", "dismiss", "main", "mcp.ci", "--expect", "0" * 16])
    assert stale.exit_code == 2 and "changed since" in stale.output
    done = runner.invoke(app, ["channel", "dismiss", "main", "mcp.ci", "--expect", version])
    assert done.exit_code == 0 and "dismissed mcp.ci" in done.output and not (folder / "mcp.ci.json").exists()
    again = runner.invoke(app, ["channel", "dismiss", "main", "mcp.ci"])
    assert again.exit_code == 0 and "nothing to dismiss" in again.output
    guarded = runner.invoke(app, ["channel", "dismiss", "main", "inbox"])
    assert guarded.exit_code == 2 and "`tickets close ID`" in guarded.output and (folder / "inbox.json").exists()
    builtin = runner.invoke(app, ["channel", "dismiss", "main", "email"])
    assert builtin.exit_code == 2 and "built-in mirror" in builtin.output and (folder / "email.json").exists()
    blocked = runner.invoke(app, ["channel", "dismiss", "main", "builds"])
    assert blocked.exit_code == 2 and "not an allowed channel" in blocked.output
    unknown_agent = runner.invoke(app, ["channel", "dismiss", "nobody", "mcp.ci"])
    assert unknown_agent.exit_code == 2
