"""`./tic run --web </dev/null`: the launcher serves the page (URL printed on start) and keeps serving after
the end of its input; a bad web setting is a clear error before anything starts."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path

import httpx
import pytest

ROOT = Path(__file__).resolve().parents[2]


def _env(data_dir: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("TIC_")}
    return {**env, "TIC_DATA_DIR": str(data_dir), **extra}


@pytest.mark.e2e
def test_issue11_run_web_serves_the_page_after_the_input_ends(tmp_path):
    proc = subprocess.Popen([str(ROOT / "tic"), "run", "--web"], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=_env(tmp_path / "data", TIC_WEB_PORT="0"))
    try:
        first = proc.stdout.readline()
        assert first.startswith("tic: the chat page is at http://127.0.0.1:")
        url = first.split(" at ", 1)[1].strip()
        for _ in range(100):  # the demo's first batch is answered, and the page shows it
            with httpx.Client(base_url=url, timeout=10) as http:
                assert http.get("/").status_code == 200
                items = http.get("/api/conversation").json()["items"]
            if any(i["kind"] == "assistant" for i in items):
                break
            assert proc.poll() is None, proc.stderr.read()
            time.sleep(0.2)
        assert proc.poll() is None  # still serving after the end of its input
        assert [i["kind"] for i in items][:2] == ["notifications", "assistant"]
    finally:
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    assert proc.returncode == 0, err
    assert "assistant: You have 5 new things" in out  # the terminal view showed the same answer


@pytest.mark.e2e
def test_issue11_off_loopback_without_a_token_is_refused_at_start(tmp_path):
    done = subprocess.run([str(ROOT / "tic"), "run", "--web"], stdin=subprocess.DEVNULL, capture_output=True,
                          text=True, timeout=120, env=_env(tmp_path / "data", TIC_WEB_HOST="0.0.0.0"))
    assert done.returncode == 2
    assert "TIC_WEB_HOST=0.0.0.0 is not a loopback address: set TIC_WEB_TOKEN" in done.stderr
    assert not (tmp_path / "data" / "tic.db").exists()  # nothing started, nothing stored


@pytest.mark.e2e
def test_issue11_port_in_use_is_a_clear_error(tmp_path):
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        done = subprocess.run([str(ROOT / "tic"), "run", "--web"], stdin=subprocess.DEVNULL, capture_output=True,
                              text=True, timeout=120, env=_env(tmp_path / "data", TIC_WEB_PORT=str(port)))
    assert done.returncode == 2
    assert f"cannot serve the page on 127.0.0.1:{port}" in done.stderr and "TIC_WEB_PORT" in done.stderr


@pytest.mark.e2e
def test_issue11_quit_stops_the_engine_and_the_page(tmp_path):
    done = subprocess.run([str(ROOT / "tic"), "run", "--web"], input="/quit\n", capture_output=True, text=True,
                          timeout=120, env=_env(tmp_path / "data", TIC_WEB_PORT="0"))
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("tic: the chat page is at http://127.0.0.1:")
