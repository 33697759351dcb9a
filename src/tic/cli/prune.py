"""./tic prune: prune the world to its retention now (what ./tic run does every TIC_RETENTION_EVERY_MINUTES)."""

from __future__ import annotations

import typer

from tic.cli._common import app, fail, settings, show_json


@app.command("prune")
def prune(as_json: bool = typer.Option(False, "--json", help="the counts as one JSON object")) -> None:
    """Prune old notices, decisions, held events (and the conversation, when TIC_KEEP_CONVERSATION_DAYS is set)
    to their TIC_KEEP_… periods, in the same short batches as ./tic run, so running engines are not held up."""
    import asyncio

    from tic.clock import SystemClock
    from tic.db import open_world
    from tic.errors import TicError
    from tic.retention import Pruner, Retention

    s = settings()
    try:
        world = open_world(s.database_url)  # type: ignore[arg-type]
    except TicError as exc:
        fail(str(exc))
    try:
        counts = asyncio.run(Pruner(world, SystemClock(), Retention.from_settings(s)).run())
    finally:
        world.dispose()
    if as_json:
        show_json(counts)
        return
    typer.echo(", ".join(f"{n} {kind}" for kind, n in counts.items()) + " pruned" if counts else "nothing is pruned: "
               "every TIC_KEEP_… period is 0 (kept for ever)")
