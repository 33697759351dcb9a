"""./tic test: the test suite."""

from __future__ import annotations

import typer

from tic.cli._common import app, settings


@app.command(context_settings={"allow_extra_args": True, "ignore_unknown_options": True})
def test(ctx: typer.Context) -> None:
    """Run the test suite (extra arguments go to pytest)."""
    import pytest

    home = settings().home
    raise typer.Exit(pytest.main(["--rootdir", str(home), str(home / "tests"), *ctx.args]))
