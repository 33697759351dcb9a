"""The command line: ./tic run | tick | notices | test. Wires real parts through tic.app."""

from __future__ import annotations

import json
import logging
import sys
from pathlib import Path
from typing import Optional

import typer

app = typer.Typer(
    help="tic: a personal notification hub. A triage agent reads your mail, WhatsApp and calendar, "
    "and your assistant tells you what your rules in data/notifications.md say matters.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
notices_app = typer.Typer(help="The notice store: list entries, mute and unmute keys (N13).", no_args_is_help=True)
app.add_typer(notices_app, name="notices")


def _settings(**overrides):
    from tic.config import Settings

    return Settings(**{k: v for k, v in overrides.items() if v is not None})


def _logging(verbose: bool) -> None:
    logging.basicConfig(
        level=logging.INFO if verbose else logging.WARNING,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
        stream=sys.stderr,
    )


def _fail(message: str) -> None:
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(2)


@app.command()
def run(
    no_demo: bool = typer.Option(False, "--no-demo", help="do not create or read the embedded demo"),
    verbose: bool = typer.Option(False, "--verbose", "-v", help="log what the engine does to stderr"),
) -> None:
    """Start the engine: scheduler, ChatHub and a chat in this terminal (lines from stdin when not a terminal)."""
    import asyncio

    from tic.app import build_app
    from tic.clock import SystemClock
    from tic.demo import create_demo
    from tic.engine import run_engine
    from tic.errors import TicError

    _logging(verbose)
    settings = _settings(demo=False if no_demo else None)
    clock = SystemClock()
    interactive = sys.stdin.isatty()
    try:
        if settings.demo:
            create_demo(settings.data_dir, clock.now())
        tic_app = build_app(settings, clock)
    except TicError as exc:
        _fail(str(exc))
    say, prompt = _terminal(interactive)
    if interactive:
        typer.echo("tic is running. Type a message, or /quit to leave. New notifications appear here on their own.")
    try:
        asyncio.run(run_engine(tic_app, stdin=sys.stdin, say=say, prompt=prompt))
    except KeyboardInterrupt:
        pass


def _terminal(interactive: bool):
    if not interactive:
        def say(text: str) -> None:
            print(f"assistant: {text}", flush=True)

        return say, None
    from rich.console import Console
    from rich.text import Text

    console = Console()

    def say_rich(text: str) -> None:
        console.print(Text("\nassistant: ", style="bold cyan") + Text(text))  # content is never markup

    def prompt() -> None:
        console.print(Text("you> ", style="bold"), end="")

    return say_rich, prompt


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

    _logging(verbose)
    try:
        clock = FixedClock(parse_instant(now)) if now else SystemClock()
    except ValueError as exc:
        _fail(str(exc))
    settings = _settings(sources_dir=sources)
    rules_path = rules or settings.rules_file
    try:
        if dry_run:
            rows = _dry_run(rules_path, settings.sources_dir, clock.now())
        else:
            rows = _real_tick(settings, clock, rules)
    except TicError as exc:
        _fail(str(exc))
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


@notices_app.command("list")
def notices_list(as_json: bool = typer.Option(False, "--json")) -> None:
    """Show the notice store's current entries, newest first."""
    from tic.notices import render_group

    app_ = _store_app()
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

    app_ = _store_app()
    try:
        if on:
            app_.store.suppress(key)
            typer.echo(f"muted #{key.lstrip('#')}")
        else:
            typer.echo(f"unmuted #{key.lstrip('#')}" if app_.store.unsuppress(key) else f"#{key.lstrip('#')} was not muted")
    except NoticeError as exc:
        _fail(str(exc))


def _store_app():
    from tic.app import build_app
    from tic.clock import SystemClock
    from tic.errors import TicError

    try:
        return build_app(_settings(), SystemClock())
    except TicError as exc:
        _fail(str(exc))


@app.command(context_settings={"allow_extra_args": True, "ignore_unknown_options": True})
def test(ctx: typer.Context) -> None:
    """Run the test suite (extra arguments go to pytest)."""
    import pytest

    home = _settings().home
    raise typer.Exit(pytest.main(["--rootdir", str(home), str(home / "tests"), *ctx.args]))


def main() -> None:
    app(prog_name="./tic")
