"""./tic notices list | suppress KEY | unsuppress KEY (N13)."""

from __future__ import annotations

import json

import typer

from tic.cli._common import app, build_app_or_fail, fail

notices_app = typer.Typer(help="The notice store: list entries, mute and unmute keys (N13).", no_args_is_help=True)
app.add_typer(notices_app, name="notices")


@notices_app.command("list")
def notices_list(as_json: bool = typer.Option(False, "--json")) -> None:
    """Show the notice store's current entries, newest first."""
    from tic.notices import render_group

    app_ = build_app_or_fail()
    rows = app_.store.entries()
    if as_json:
        for n, readers, unread in rows:
            typer.echo(json.dumps({"key": n.key, "severity": n.severity, "kind": n.kind, "line": render_group([n]),
                                   "readers": readers, "unread": unread, "posted": n.created_at.isoformat()}))
        return
    from rich.console import Console
    from rich.table import Table

    table = Table("key", "severity", "posted", "readers", "unread", "notice")
    for n, readers, unread in rows:
        table.add_row(n.key, n.severity, n.created_at.strftime("%Y-%m-%d %H:%M"), str(readers), str(unread), render_group([n]))
    Console().print(table if rows else "no notices")


@notices_app.command("suppress")
def notices_suppress(key: str) -> None:
    """Mute KEY for you (the person at this terminal); other callers keep receiving it (N8)."""
    _mute(key, True)


@notices_app.command("unsuppress")
def notices_unsuppress(key: str) -> None:
    """Unmute KEY."""
    _mute(key, False)


def _mute(key: str, on: bool) -> None:
    from tic.errors import NoticeError

    app_ = build_app_or_fail()
    try:
        if on:
            app_.store.suppress(key)
            typer.echo(f"muted #{key.lstrip('#')}")
        else:
            typer.echo(f"unmuted #{key.lstrip('#')}" if app_.store.unsuppress(key) else f"#{key.lstrip('#')} was not muted")
    except NoticeError as exc:
        fail(str(exc))
