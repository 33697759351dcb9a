"""./tic tick: one triage tick, real or dry-run (the CLI contract)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Optional

import typer

from tic.cli._common import app, fail, settings, setup_logging, show, shown
from tic.textsafe import terminal_json


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
            rows = _dry_run(rules_path, cfg.sources_dir, clock.now(), cfg.timezone)
        else:
            rows = _real_tick(cfg, clock, rules, sources)
    except TicError as exc:
        fail(str(exc))
    _print_decisions(rows, as_json)


def _dry_run(rules_path: Path, sources_dir: Path | None, now, timezone: str | None = None):
    from tic.triage.dry_run import dry_run, read_rules

    return dry_run(sources_dir, read_rules(rules_path), now, decide=dry_run_decider(), timezone=timezone,
                   on_error=lambda err: show(f"warning: {err}", err=True))


def dry_run_decider(s=None):
    """The configured triage decider, without opening the world (a dry run writes nothing)."""
    from tic.agents import load_roster
    from tic.app import triage_decider
    from tic.errors import ConfigError
    from tic.models import OFFLINE_SPECS
    from tic.triage.decide import decide_events

    s = s or settings()
    try:
        agent = load_roster(s.agents_dir)["tic"]
    except ConfigError:
        if (s.tic_model or "offline").strip().lower() in OFFLINE_SPECS:
            return decide_events  # no agent definitions here: the offline decider needs none
        raise
    return triage_decider(s, agent, warn=lambda template, params: show(f"warning: {template} {params}", err=True))


def _real_tick(settings, clock, rules: Path | None, sources_dir: Path | None):
    from tic.app import build_app, build_triage
    from tic.errors import ConfigError
    from tic.sources import sources_from_dir

    if rules is not None:
        raise ConfigError("--rules works with --dry-run only; a real tick reads data/notifications.md")
    if sources_dir is not None and not sources_dir.is_dir():
        raise ConfigError(f"no sources folder {sources_dir}: pass --sources DIR (with mail/, calendar.ics, whatsapp.jsonl)")
    explicit = sources_from_dir(sources_dir) if sources_dir is not None else None  # else data/sources.toml or the demo
    triage = build_triage(build_app(settings, clock), explicit)
    report = triage.tick()
    for err in report.errors:
        show(f"warning: {err}", err=True)
    released = [(r.event, r) for r in report.released]  # T11: holds that ended, surfaced by this tick
    return released + report.decided + [(event, None) for event in report.undecided]


def _print_decisions(rows, as_json: bool) -> None:
    from tic.triage.dry_run import UNDECIDED

    if as_json:
        for event, d in rows:
            if _released(d):  # T11: a hold that ended this tick, surfaced now
                obj = {"event": event.key, "notify": True, "reason": d.reason, "released": True}
            elif d is None:
                obj = {"event": event.key, "notify": False, "reason": UNDECIDED, "undecided": True}
            else:
                obj = {"event": event.key, "notify": d.notify, "reason": d.reason}
                if d.notify:
                    obj["summary"] = d.summary or ""
            sys.stdout.write(terminal_json(obj) + "\n")  # exact, and nothing a terminal acts on
        return
    from rich.console import Console
    from rich.table import Table

    from rich.markup import escape

    table = Table("event", "notify", "reason", show_lines=False)
    for event, d in rows:
        if d is None:
            table.add_row(escape(shown(event.key)), "?", UNDECIDED)
        else:
            what = "yes" if _released(d) or d.notify else "held" if getattr(d, "held_until", None) else "no"
            table.add_row(escape(shown(event.key)), what, escape(shown(d.reason)))
    Console().print(table)


def _released(row) -> bool:
    """A tick report's Release (a held event surfaced now), not a Decision."""
    return getattr(row, "released_at", None) is not None
