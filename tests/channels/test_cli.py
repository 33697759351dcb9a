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
