"""./tic sources check: connect to every configured source and report (S2, S3, S4, R3)."""

from __future__ import annotations

import json
from typing import Optional

import typer

from tic.cli._common import app, fail, settings, setup_logging

sources_app = typer.Typer(help="The triage agent's sources (data/sources.toml; see docs/sources.md).", no_args_is_help=True)
app.add_typer(sources_app, name="sources")


@sources_app.command("check")
def sources_check(
    now: Optional[str] = typer.Option(None, "--now", help="act as if it were this ISO 8601 time"),
    as_json: bool = typer.Option(False, "--json", help="one JSON object a line per source"),
    verbose: bool = typer.Option(False, "--verbose", "-v", help="list the items found and log the connections"),
) -> None:
    """Fetch every source once as a first run would (nothing stored, no cursor moved) and say how it went.

    Exits 1 when a source cannot be read, 2 when the configuration itself is wrong.
    """
    from datetime import timedelta

    from tic.clock import SystemClock, parse_instant
    from tic.errors import SourceError, TicError

    setup_logging(verbose)
    try:
        instant = parse_instant(now) if now else SystemClock().now()
    except ValueError as exc:
        fail(str(exc))
    cfg = settings()
    try:
        origin, entries = _configured(cfg)
    except TicError as exc:
        fail(str(exc))
    if not entries:
        fail(f"no sources configured: create {cfg.data_dir}/sources.toml (see docs/sources.md)")
    window = timedelta(hours=cfg.first_run_hours)
    if not as_json:
        typer.echo(f"{origin}; each fetched as a first run (the last {cfg.first_run_hours:g} hours), nothing stored")
    failed = 0
    for name, type_, source in entries:
        row: dict = {"source": name, "type": type_}
        try:
            fetched = source.fetch(None, now=instant, since=instant - window)
        except SourceError as exc:
            failed += 1
            row.update(ok=False, error=str(exc))
        except Exception as exc:  # noqa: BLE001 - a bug in a source must not hide the others' results
            failed += 1
            row.update(ok=False, error=f"{name}: unexpected {type(exc).__name__}: {exc} (a bug; please report it)")
        else:
            row.update(ok=True, items=len(fetched.events), unreadable=[str(e) for e in fetched.errors],
                       keys=[e.key for e in fetched.events])
        _print(row, as_json, verbose)
    if failed:
        raise typer.Exit(1)


def _configured(cfg) -> tuple[str, list[tuple[str, str, object]]]:
    from datetime import timedelta

    from tic.sources import SOURCES_FILE, load_sources, sources_from_dir

    horizon = timedelta(hours=cfg.calendar_horizon_hours)
    path = cfg.data_dir / SOURCES_FILE
    if path.is_file():
        loaded = load_sources(path, horizon=horizon, first_run=timedelta(hours=cfg.first_run_hours))
        return f"sources from {path}", [(c.name, c.type, c.source) for c in loaded]
    folder = cfg.sources_dir
    found = sources_from_dir(folder, horizon=horizon) if folder and folder.is_dir() else []
    return f"no {path}: the sources in {folder}", [(s.name, s.kind, s) for s in found]


def _print(row: dict, as_json: bool, verbose: bool) -> None:
    if as_json:
        if not verbose:
            row.pop("keys", None)
        typer.echo(json.dumps(row, ensure_ascii=False))
        return
    head = f"{row['source']} ({row['type']})"
    if not row["ok"]:
        typer.echo(f"FAIL  {head}: {row['error']}")
        return
    bad = row["unreadable"]
    typer.echo(f"ok    {head}: {row['items']} item{'s' if row['items'] != 1 else ''}"
               + (f", {len(bad)} unreadable (each is a warning on the next tick)" if bad else ""))
    for line in bad[:5 if not verbose else None]:
        typer.echo(f"        unreadable: {line}")
    if len(bad) > 5 and not verbose:
        typer.echo(f"        ... and {len(bad) - 5} more (--verbose lists them)")
    if verbose:
        for key in row["keys"]:
            typer.echo(f"        {key}")
