"""./tic notices list | suppress KEY | unsuppress KEY (N13)."""

from __future__ import annotations

import typer

from tic.cli._common import app, build_app_or_fail, fail, show_json, shown

LINE_CHARS = 500  # a notice line shown in the table: terminal-safe, clipped (its values may be content, N10)

notices_app = typer.Typer(help="The notice store: list entries, mute and unmute keys (N13).", no_args_is_help=True)
app.add_typer(notices_app, name="notices")


@notices_app.command("list")
def notices_list(as_json: bool = typer.Option(False, "--json", help="one JSON object a line")) -> None:
    """Show the notice store's current entries, newest first (reminders of this process marked ephemeral)."""
    from tic.hub import entry_object

    app_ = build_app_or_fail()
    caller = f"user:{app_.store.user}"
    rows = app_.store.entries(caller=caller)
    if as_json:
        for e in rows:
            show_json(entry_object(e))
        return
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    table = Table("key", "severity", "posted", "posts", "readers", "unread", "notice")
    for e in rows:
        flags = (" [ephemeral]" if e.ephemeral else "") + (" [muted]" if e.muted else "")
        posted = e.last_at.strftime("%Y-%m-%d %H:%M") if e.last_at else ""
        table.add_row(e.key, e.severity, posted, str(e.posts), str(e.readers), str(e.pending),
                      escape(shown(e.line, LINE_CHARS) + flags))
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
    shown = key.strip().lstrip("#")
    try:
        if on:
            app_.store.suppress(key)
            typer.echo(f"muted #{shown}")
        else:
            typer.echo(f"unmuted #{shown}" if app_.store.unsuppress(key) else f"#{shown} was not muted")
    except NoticeError as exc:
        fail(str(exc))
