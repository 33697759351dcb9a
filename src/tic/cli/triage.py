"""./tic rules check | eval | why | log: the triage agent's rules, its evaluation and its decisions (T3, T6, T7)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import List, Optional

import typer

from tic.cli._common import app, build_app_or_fail, fail, settings, setup_logging, show_json, shown

# why/log show content (keys, reasons, summaries quote senders and subjects): terminal-safe, one line, clipped
KEY_CHARS, REASON_CHARS, LOG_REASON_CHARS, SUMMARY_CHARS = 200, 1000, 300, 500

rules_app = typer.Typer(help="Your notification rules (data/notifications.md) as the triage agent reads them.",
                        no_args_is_help=True)
app.add_typer(rules_app, name="rules")


def _model_spec(s) -> str:
    """The triage model setting: TIC_TIC_MODEL, else agents/tic/meta.json, else offline."""
    from tic.agents import load_roster
    from tic.errors import ConfigError

    if s.tic_model:
        return s.tic_model.strip()
    try:
        return load_roster(s.agents_dir)["tic"].meta.model.strip()
    except ConfigError:
        return "offline"


@rules_app.command("check")
def rules_check(
    file: Optional[Path] = typer.Argument(None, help="the rules file; default data/notifications.md"),
    as_json: bool = typer.Option(False, "--json", help="one JSON object: rules and warnings"),
) -> None:
    """Print each rule, how it was understood (or that it needs a model), and warnings."""
    from tic.models import OFFLINE_SPECS
    from tic.rules.check import SECTION_LABELS, check_rules, heading_label, report_object

    s = settings()
    path = file or s.rules_file
    if not path.is_file():
        if file is not None:
            fail(f"no rules file at {path}")
        typer.echo(f"no rules file at {path}: the built-in heuristics decide every event")
        return
    from tic.errors import ConfigError
    from tic.triage.prompt import read_rules_file

    try:
        report = check_rules(read_rules_file(path) or "")
    except ConfigError as exc:
        fail(str(exc))
    spec = _model_spec(s)
    offline = spec.lower() in OFFLINE_SPECS
    if as_json:
        typer.echo(json.dumps({"file": str(path), "model": None if offline else spec, **report_object(report)},
                              ensure_ascii=False))
        return
    typer.echo(f"{path}: {len(report.rules)} rules, {len(report.rules) - len(report.needs_model)} understood locally, "
               f"{len(report.needs_model)} need a model")
    if report.headings:
        typer.echo("\nHeadings")
        for heading, taken in report.headings:
            typer.echo(f"  {heading}  ->  {heading_label(taken)}")
    for section in ("always", "never", "custom"):
        rows = [r for r in report.rules if r.section == section]
        if rows:
            typer.echo(f"\n{SECTION_LABELS[section]}")
            for r in rows:
                typer.echo(f"  - {r.text}\n      {r.meaning}")
    if report.needs_model:
        if offline:
            typer.echo("\nNo model is configured (TIC_TIC_MODEL or agents/tic/meta.json \"model\"): the rules that "
                       "need a model are not applied; the events they would cover go to the built-in heuristics.")
        else:
            typer.echo(f"\nModel {spec}: events these rules might change go to it.")
    if report.context:
        typer.echo("\nRead as context, not rules")
        for line in report.context:
            typer.echo(f"  . {line[:160]}")
    typer.echo("\nWarnings" if report.warnings else "\nNo warnings.")
    for w in report.warnings:
        typer.echo(f"  ! {w}")


@app.command("eval")
def eval_cases(
    paths: List[Path] = typer.Argument(..., help="case folders, or folders of cases (each with expected.json)"),
    verbose: bool = typer.Option(False, "--verbose", "-v", help="print every decision, not only the mismatches"),
) -> None:
    """Score evaluation cases in-process (the same code path as `tick --dry-run`): accuracy, precision, recall."""
    from tic.cli.tick import dry_run_decider
    from tic.errors import TicError
    from tic.triage.evaluate import evaluate

    setup_logging(False)
    try:
        per_case, total = evaluate(paths, dry_run_decider(), verbose=verbose)
    except TicError as exc:
        fail(str(exc))
    if not per_case:
        fail("no evaluation cases found (a case is a folder with expected.json, now.txt and sources/)")
    for score in per_case:
        for m in score.mismatches:
            typer.echo(f"{score.name}: {m}")
        typer.echo(f"{score.name}: {score.error or score.line()}")
    typer.echo(f"overall: {total.line()} cases={total.cases}")


@app.command()
def why(
    key: str = typer.Argument(..., help="an event key (email:<Message-ID>, whatsapp:<id>, calendar:<UID>) or part of one"),
    as_json: bool = typer.Option(False, "--json"),
) -> None:
    """Show an event's decision: notified or not, the rule or model reason, who decided and when."""
    from tic.triage import history

    explained, keys = history.explain(build_app_or_fail().world, key)
    if explained is None:
        hint = ("; it matches:\n  " + "\n  ".join(keys)) if keys else "; `./tic log` lists recent decisions"
        typer.echo(f"no decision for {key!r}{hint}", err=True)
        raise typer.Exit(1)
    if as_json:
        show_json(history.explanation_object(explained))
        return
    key, found, waiting, failed = explained.event_key, explained.decisions, explained.waiting, explained.failures
    typer.echo(shown(key, KEY_CHARS))
    if waiting:
        typer.echo(f"  waiting for a decision since {_when(waiting.first_seen)} (offered {waiting.offers} "
                   f"time{'s' if waiting.offers != 1 else ''}; the model gave no valid answer yet)")
    for f in failed:
        typer.echo(f"  {f.what} - last at {_when(f.last_failed_at)}" + (" (an earlier version)" if found and
                   f.version not in ("", found[0].version) else ""))
        typer.echo(f"    error: {shown(f.error, REASON_CHARS)}")
        if f.label:
            typer.echo(f"    event: {shown(f.label, REASON_CHARS)}")
    for n, d in enumerate(found):
        what = "notified" if d.notify else "not notified"
        if d.held:  # T11
            what = ("notified when its hold ended" if d.released_at else "held, then replaced" if d.replaced_at
                    else "held")
        label = ("an update, " if d.is_update else "") + ("latest" if n == 0 else "earlier version")
        typer.echo(f"  {what} - decided by {d.decided_by} at {_when(d.decided_at)} ({label})")
        typer.echo(f"    reason: {shown(d.reason, REASON_CHARS)}")
        if d.held:
            typer.echo(f"    hold: {shown(d.hold, REASON_CHARS)}")
        if d.rule:
            typer.echo(f"    rule: {shown(d.rule, REASON_CHARS)}")
        if d.summary:
            typer.echo(f"    summary: {shown(d.summary, SUMMARY_CHARS)}")


@app.command("log")
def log_(
    n: int = typer.Option(20, "-n", "--number", min=1, help="how many decisions, newest first"),
    as_json: bool = typer.Option(False, "--json"),
) -> None:
    """List the triage agent's recent decisions, newest first."""
    from tic.triage import history

    rows = history.recent(build_app_or_fail().world, n)
    if as_json:
        for d in rows:
            show_json(history.log_object(d))
        return
    if not rows:
        typer.echo("no decisions yet: run ./tic tick (or ./tic run)")
        return
    keys = [shown(d.event_key, KEY_CHARS) for d in rows]
    width = max(len(k) for k in keys)
    for d, key in zip(rows, keys):
        typer.echo(f"{_when(d.decided_at)}  {'yes' if d.notify else 'no ':3}  {d.decided_by:10}  "
                   f"{key:{width}}  {shown(d.reason, LOG_REASON_CHARS)}")


def _when(at) -> str:
    return at.strftime("%Y-%m-%d %H:%M UTC")
