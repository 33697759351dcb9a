"""The command line: ./tic run | tick | notices | sources | test. One module per command group.

Each module registers its commands on the shared Typer `app`; imports inside
commands keep `./tic --help` fast and free of litellm.
"""

from tic.cli import notices, run, sources, test, tick  # noqa: F401  (registers the commands)
from tic.cli import triage  # noqa: F401  (rules check, eval, why, log)
from tic.cli import channel  # noqa: F401  (channel publish, list)
from tic.cli import prune  # noqa: F401  (prune the world to its retention)
from tic.cli._common import app

__all__ = ["app", "main"]


def main() -> None:
    app(prog_name="./tic")
