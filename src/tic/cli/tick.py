"""./tic tick: one triage tick, real or dry-run (the CLI contract)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Optional

import typer

from tic.cli._common import app, fail, settings, setup_logging


@app.command()
def tick(
    dry_run: bool = typer.Option(False, "--dry-run", help="decide and print; store nothing, notify no one"),
    as_json: bool = typer.Option(False, "--json", help="one JSON object a line per event"),
    rules: Optional[Path] = typer.Option(None, "--rules", help="the rules file (may not exist); default data/notifications.md"),
    sources: Optional[Path] = typer.Option(None, "--sources", help="folder with mail/, calendar.ics, whatsapp.jsonl"),
    now: Optional[str] = typer.Option(None, "--now", help="act as if it were this ISO 8601 time"),
    verbose: bool = typer.Option(False, "--verbose", "-v"),
) -> None:
    """Run one triage tick. With --dry-run: every item in --sources, an empty cursor, nothing written."""
    from tic.clock import FixedClock, SystemClock, parse_instant
    from tic.errors import TicError

    setup_logging(verbose)
    try:
        clock = FixedClock(parse_instant(now)) if now else SystemClock()
    except ValueError as exc:
        fail(str(exc))
    cfg = settings(sources_dir=sources)
    rules_path = rules or cfg.rules_file
    try:
        if dry_run:
            rows = _dry_run(rules_path, cfg.sources_dir, clock.now())
        else:
            rows = _real_tick(cfg, clock, rules)
    except TicError as exc:
        fail(str(exc))
    _print_decisions(rows, as_json)


def _dry_run(rules_path: Path, sources_dir: Path | None, now):
    from tic.errors import ConfigError
    from tic.sources import sources_from_dir
    from tic.triage.tick import decide_events

    if sources_dir is None or not sources_dir.is_dir():
        raise ConfigError(f"no sources folder {sources_dir}: pass --sources DIR (with mail/, calendar.ics, whatsapp.jsonl)")
    text = rules_path.read_text(encoding="utf-8") if rules_path.is_file() else None
    events = []
    for source in sources_from_dir(sources_dir):
        fetched = source.fetch(None, now=now, since=None)
        for err in fetched.errors:
            typer.echo(f"warning: {err}", err=True)
        events.extend(fetched.events)
    return list(zip(events, decide_events(events, text, now)))


def _real_tick(settings, clock, rules: Path | None):
    from tic.app import build_app, build_triage
    from tic.errors import ConfigError

    if rules is not None:
        raise ConfigError("--rules works with --dry-run only; a real tick reads data/notifications.md")
    triage = build_triage(build_app(settings, clock))
    report = triage.tick()
    for err in report.errors:
        typer.echo(f"warning: {err}", err=True)
    return report.decided


def _print_decisions(rows, as_json: bool) -> None:
    if as_json:
        for event, d in rows:
            obj = {"event": event.key, "notify": d.notify, "reason": d.reason}
            if d.notify:
                obj["summary"] = d.summary or ""
            sys.stdout.write(json.dumps(obj, ensure_ascii=False) + "\n")
        return
    from rich.console import Console
    from rich.table import Table

    table = Table("event", "notify", "reason", show_lines=False)
    for event, d in rows:
        table.add_row(event.key, "yes" if d.notify else "no", d.reason)
    Console().print(table)


