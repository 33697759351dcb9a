"""Shared pieces of the command line: the Typer app, settings, logging, clear failures."""

from __future__ import annotations

import logging
import sys

import typer

app = typer.Typer(
    help="tic: a personal notification hub. A triage agent reads your mail, WhatsApp and calendar, "
    "and your assistant tells you what your rules in data/notifications.md say matters.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def settings(**overrides):
    """Settings from the environment, with the command's own options on top; a bad value is a clear error."""
    from pydantic import ValidationError

    from tic.config import Settings

    try:
        return Settings(**{k: v for k, v in overrides.items() if v is not None})
    except ValidationError as exc:
        problems = "; ".join(
            (f"TIC_{'_'.join(str(p) for p in e['loc']).upper()}: " if e["loc"] else "")
            + e["msg"].removeprefix("Value error, ")
            for e in exc.errors(include_url=False)
        )
        fail(f"bad setting: {problems} (see README.md, Settings)")


def setup_logging(verbose: bool) -> None:
    """Log lines to stderr, terminal-safe: a message that carries content cannot drive the terminal."""
    from tic.textsafe import SafeLogFormatter

    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(SafeLogFormatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    logging.basicConfig(level=logging.INFO if verbose else logging.WARNING, handlers=[handler])


def show(text: object, *, err: bool = False) -> None:
    """Print text that may carry content (a warning quoting an item): control and escape sequences stripped."""
    from tic.textsafe import terminal_text

    typer.echo(terminal_text(text, line_limit=2000), err=err)


def shown(value: object, limit: int = 300) -> str:
    """A value that may carry content (a key, reason, header) as one terminal-safe line, clipped (tic.textsafe)."""
    from tic.textsafe import terminal_text

    return terminal_text(value, one_line=True, limit=limit)


def show_json(obj: object) -> None:
    """Print one JSON object a line, exact, with nothing a terminal would act on (tic.textsafe)."""
    from tic.textsafe import terminal_json

    typer.echo(terminal_json(obj))


def fail(message: str) -> None:
    """Print a clear error and exit 2."""
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(2)


def build_app_or_fail(s=None, clock=None):
    """Wire the real parts, or fail with the configuration error's message."""
    from tic.app import build_app
    from tic.clock import SystemClock
    from tic.errors import TicError

    try:
        return build_app(s or settings(), clock or SystemClock())
    except TicError as exc:
        fail(str(exc))
