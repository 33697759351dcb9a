"""`python -m tic.migrations diff`: run every revision on an empty in-memory SQLite world and print what
tic.db.metadata has that the revisions do not build (nothing printed, exit 0 = in step)."""

from __future__ import annotations

import sys

from sqlalchemy import create_engine

from tic.db import metadata
from tic.migrations import differences, upgrade


def main(argv: list[str]) -> int:
    if argv != ["diff"]:
        print("usage: python -m tic.migrations diff", file=sys.stderr)
        return 2
    engine = create_engine("sqlite://")
    with engine.connect() as conn:
        upgrade(conn, metadata, replay=True)
        diffs = differences(conn, metadata)
    for diff in diffs:
        print(diff)
    return 1 if diffs else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
