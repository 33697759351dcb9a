"""A real PostgreSQL restart under a running ./tic run (R3, H11, issue 8): it recovers by itself, 0 lost, 0 doubled.

    python -m bench.pg_restart [--url postgresql+psycopg://postgres@127.0.0.1:5432/test]
                               [--restart "pg_ctlcluster --skip-systemctl-redirect 15 main restart"]

Not in the test suite: it restarts the whole server (every other client sees it too).
The real launcher runs on the demo in a fresh schema, its input kept open; after its
first reply the server is restarted with --restart; then a line is typed and the
input closed. Checked: the exit status (0), the notifications handed to the main
agent (each of the demo's once), the typed line stored once, and how often the
engine said the database could not be reached (once) and that it works again.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default="postgresql+psycopg://postgres@127.0.0.1:5432/test")
    parser.add_argument("--restart", default="pg_ctlcluster --skip-systemctl-redirect 15 main restart")
    args = parser.parse_args(argv)

    from sqlalchemy import create_engine, select, text

    from tic.db import chat_history_table as H
    from tic.db import chat_llm_tools_table as T
    from tic.demo import EXPECTED_NOTIFY

    schema = "restart_" + uuid.uuid4().hex[:8]
    admin = create_engine(args.url, pool_pre_ping=True)
    with admin.begin() as conn:
        conn.execute(text(f"CREATE SCHEMA {schema}"))
    url = f"{args.url}?options=-csearch_path%3D{schema}"
    try:
        with tempfile.TemporaryDirectory() as tmp:
            env = {k: v for k, v in os.environ.items() if not k.startswith("TIC_")}
            env.update(TIC_DATA_DIR=str(Path(tmp) / "data"), TIC_DATABASE_URL=url)
            proc = subprocess.Popen([str(ROOT / "tic"), "run"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                    stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT)
            proc.stdout.readline()  # the first reply: running, its connections open
            started = time.monotonic()
            restart = subprocess.run(shlex.split(args.restart), capture_output=True, text=True)
            took = time.monotonic() - started
            time.sleep(2)
            out, err = proc.communicate("hello, are you there?\n", timeout=180)
        engine = create_engine(url)
        q = (select(T.c.result).join(H, H.c.id == T.c.message_id)
             .where(H.c.is_synthetic.is_(True), T.c.name == "read_notification"))
        with engine.connect() as conn:
            keys = [i["refs"]["event_key"] for (r,) in conn.execute(q) for i in json.loads(r) if "event_key" in i["refs"]]
            users = conn.execute(select(H.c.content).where(H.c.role == "user")).scalars().all()
        engine.dispose()
    finally:
        with admin.begin() as conn:
            conn.execute(text(f"DROP SCHEMA IF EXISTS {schema} CASCADE"))
        admin.dispose()
    lost = len(set(EXPECTED_NOTIFY) - set(keys))
    doubled = len(keys) - len(set(keys))
    said_down = err.count("cannot be reached")
    said_up = err.count("works again after")
    print(f"restart: exit {restart.returncode} in {took:.1f} s; engine exit {proc.returncode}; "
          f"notifications {len(keys)} of {len(EXPECTED_NOTIFY)}: {lost} lost, {doubled} doubled; "
          f"typed line stored {users.count('hello, are you there?')}x; told down {said_down}x, up {said_up}x")
    ok = restart.returncode == 0 and proc.returncode == 0 and lost == 0 and doubled == 0 and users == ["hello, are you there?"]
    for line in err.splitlines():
        if "tic.worldhealth" in line:
            print("  " + line[:200])
    if not ok:
        print(err[-3000:], file=sys.stderr)
    print("OK" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
