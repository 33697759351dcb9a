"""R2/R3 end to end: faults the real ./tic run meets before or while it runs are clear errors, never a traceback."""

from __future__ import annotations

import os
import subprocess

import pytest

from tests.conftest import ROOT

pytestmark = pytest.mark.e2e


def tic(data_dir, *args: str, stdin: str = "", timeout: float = 120) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith("TIC_")}
    env["TIC_DATA_DIR"] = str(data_dir)
    return subprocess.run([str(ROOT / "tic"), *args], input=stdin, capture_output=True, text=True,
                          timeout=timeout, env=env, cwd=ROOT)


@pytest.mark.parametrize("toml, says", [
    ('this is [ not toml\n', "is not valid TOML"),
    ('[[source]]\ntype = "maildir"\npath = "mail"\ncolour = "blue"\n', "colour"),
], ids=["bad-syntax", "unknown-key"])
def test_r2_a_bad_sources_toml_is_the_same_clear_error_in_run_as_in_tick(tmp_path, toml, says):
    data = tmp_path / "data"
    data.mkdir()
    (data / "sources.toml").write_text(toml)
    ticked = tic(data, "tick")
    ran = tic(data, "run")
    assert ticked.returncode == 2 and ran.returncode == 2, ran.stderr[-2000:]
    assert "Traceback" not in ran.stderr and "Traceback" not in ticked.stderr
    error = ticked.stderr.strip().splitlines()[-1]
    assert error.startswith("error: ") and says in error
    assert ran.stderr.strip().splitlines()[-1] == error
    assert ran.stdout == ""  # nothing ran: no turn, no tick
    assert (data / "sources.toml").read_text() == toml  # the file is left as it was


def test_r3_the_world_deleted_under_a_running_engine_stops_it_with_a_clear_error(tmp_path):
    """Before: no error, and what the engine wrote after went into the deleted file (11 events never told, 4 doubled
    after a restart). Now: it notices within a second, says so and stops (exit 2) with its terminal still open."""
    import time

    data = tmp_path / "data"
    env = {k: v for k, v in os.environ.items() if not k.startswith("TIC_")}
    env["TIC_DATA_DIR"] = str(data)
    proc = subprocess.Popen([str(ROOT / "tic"), "run"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    try:
        first = proc.stdout.readline()  # the first reply: the engine is running, its world in use
        assert first.startswith("assistant: ")
        for suffix in ("", "-wal", "-shm"):
            path = data / f"tic.db{suffix}"
            if path.exists():
                path.unlink()
        started = time.monotonic()
        proc.wait(timeout=60)  # stdin stays open: the engine must stop by itself
        elapsed = time.monotonic() - started
        err = proc.stderr.read()
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 2, err[-2000:]
    assert "Traceback" not in err
    assert f"error: the database {data / 'tic.db'} was deleted while the engine ran" in err
    assert elapsed < 30


def test_r3_database_files_made_immutable_under_a_running_engine_are_said_once_and_waited_out(tmp_path):
    """chattr +i (root ignores chmod) on the world's files while ./tic run waits for a line: the line's storing is
    refused (the WAL index cannot be written: read-only), told once; once the files are writable again it is
    answered. Before (issue 8): SIGBUS, no message - SQLite stores into its memory-mapped -shm, and a store into
    an immutable file's mapping is killed by the kernel. A checkpoint from outside first makes the engine's next
    write restart the WAL (a store into the mapping), so the old code died in every run (8 of 8), not 1 in 4."""
    import shutil
    import sqlite3
    import time

    if shutil.which("chattr") is None:
        pytest.skip("no chattr here")
    data = tmp_path / "data"
    env = {k: v for k, v in os.environ.items() if not k.startswith("TIC_")}
    env["TIC_DATA_DIR"] = str(data)
    proc = subprocess.Popen([str(ROOT / "tic"), "run"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    files = []
    try:
        assert proc.stdout.readline().startswith("assistant: ")
        time.sleep(2)  # the engine idle after its first reply
        checkpoint = sqlite3.connect(data / "tic.db")  # not the last connection: closing it checkpoints nothing more
        checkpoint.execute("PRAGMA wal_checkpoint(PASSIVE)")
        checkpoint.close()
        files = [str(p) for p in data.glob("tic.db*")]
        if subprocess.run(["chattr", "+i", *files], capture_output=True).returncode != 0:
            pytest.skip("chattr +i refused here (not root, or a filesystem without it)")
        proc.stdin.write("hello\n")
        proc.stdin.flush()
        time.sleep(4)
        assert proc.poll() is None  # still running, waiting for its world
        subprocess.run(["chattr", "-i", *files], check=True)
        files = []
        out, err = proc.communicate("", timeout=120)
    finally:
        if files:
            subprocess.run(["chattr", "-i", *files])
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0, err[-2000:]
    assert "Traceback" not in err
    told = [line for line in err.splitlines() if "tic.worldhealth" in line]
    assert len(told) == 2 and "works again after" in told[1], told  # once down (an I/O error or read-only), once up
    assert out.count("assistant: Hello") == 1  # the line answered once
