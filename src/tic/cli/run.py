"""./tic run: the engine with a terminal chat."""

from __future__ import annotations

import sys

import typer

from tic.cli._common import app, fail, settings, setup_logging


@app.command()
def run(
    no_demo: bool = typer.Option(False, "--no-demo", help="do not create or read the embedded demo"),
    verbose: bool = typer.Option(False, "--verbose", "-v", help="log what the engine does to stderr"),
    web: bool = typer.Option(False, "--web", help="also serve the chat page (TIC_WEB_HOST:TIC_WEB_PORT, default "
                             "http://127.0.0.1:8765); the engine then runs until stopped, even after the input ends"),
) -> None:
    """Start the engine: scheduler, ChatHub and a chat in this terminal (lines from stdin when not a terminal)."""
    import asyncio

    from tic.app import build_app, build_sources
    from tic.clock import SystemClock
    from tic.demo import create_demo
    from tic.engine import run_engine
    from tic.errors import TicError

    setup_logging(verbose)
    cfg = settings(demo=False if no_demo else None)
    clock = SystemClock()
    interactive = sys.stdin.isatty()
    try:
        if cfg.demo:
            create_demo(cfg.data_dir, clock.now())
        tic_app = build_app(cfg, clock)
        build_sources(tic_app.settings)  # R2: a bad sources.toml is the same clear error as in ./tic tick, before anything runs
    except TicError as exc:
        fail(str(exc))
    say, prompt, echo, stream = _terminal(interactive)
    server = None
    if web or cfg.web:  # issue 11: the page, a second view of the same conversation
        from tic.web import WebServer

        try:
            server = WebServer(tic_app, host=cfg.web_host, port=cfg.web_port, token=cfg.web_token,
                               announce=typer.echo)
        except TicError as exc:
            fail(str(exc))
    if interactive:
        typer.echo("tic is running. Type a message, or /quit to leave. New notifications appear here on their own.")
    from tic.engine import TerminalView
    from tic.hub import ChatViews

    views = ChatViews(TerminalView(say, echo, stream))  # item 7: replies stream as they are generated
    try:
        status = asyncio.run(run_engine(tic_app, stdin=sys.stdin, views=views, prompt=prompt,
                                        serve=server.serve if server is not None else None))
    except KeyboardInterrupt:
        status = 0
    except TicError as exc:  # the world deleted or replaced underneath (tic.worldhealth), a source's bad setting
        fail(str(exc))
    if status:
        raise typer.Exit(status)  # R3: the model could not answer (the user was told)


def _terminal(interactive: bool):
    if not interactive:
        def say(text: str) -> None:
            print(f"assistant: {text}", flush=True)

        def echo(text: str, origin: str) -> None:
            print(f"you ({origin}): {text}", flush=True)

        from tic.engine import PrintStream

        return say, None, echo, PrintStream()
    from rich.console import Console
    from rich.text import Text

    console = Console()

    def say_rich(text: str) -> None:
        console.print(Text("\nassistant: ", style="bold cyan") + Text(text))  # content is never markup
        prompt()

    def prompt() -> None:
        console.print(Text("you> ", style="bold"), end="")

    def echo_rich(text: str, origin: str) -> None:
        console.print(Text(f"\nyou ({origin}): ", style="bold") + Text(text))  # a line typed on the page
        prompt()

    class RichStream:
        """A reply as it streams: the same prefix as `say_rich`, the pieces as plain text (never markup)."""

        def begin(self) -> None:
            console.print(Text("\nassistant: ", style="bold cyan"), end="")

        def piece(self, text: str) -> None:
            console.file.write(text)
            console.file.flush()

        def end(self) -> None:
            console.print()
            prompt()

    return say_rich, prompt, echo_rich, RichStream()


