"""Issue 9 item 8: litellm's own log lines go to stderr, and only with -v; `./tic tick --json` stays pure JSON."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys

import pytest

from tic.clock import SystemClock
from tic.demo import create_demo
from tic.models import litellm_adapter

from tests.conftest import ROOT
from tests.conformance.fixtures import conformance_servers, openai_server  # noqa: F401
from tests.conformance.scripts import triage_answer

pytestmark = pytest.mark.filterwarnings("ignore:.*using the `ReadOnly` qualifier:UserWarning")


def test_litellm_loggers_have_no_handler_of_their_own_after_import():
    litellm_adapter._import_litellm()
    for name in ("LiteLLM", "LiteLLM Router", "LiteLLM Proxy"):
        logger = logging.getLogger(name)
        assert logger.handlers == [] and logger.propagate  # to the root logger: stderr, as the CLI sets it up


def test_litellm_records_pass_only_when_the_root_logger_shows_info():
    litellm_adapter._import_litellm()
    record = logging.LogRecord("LiteLLM", logging.INFO, __file__, 1, "LiteLLM completion()", None, None)
    root = logging.getLogger()
    level = root.level
    try:
        root.setLevel(logging.WARNING)
        assert not logging.getLogger("LiteLLM").filter(record)
        root.setLevel(logging.INFO)  # -v
        assert logging.getLogger("LiteLLM").filter(record)
    finally:
        root.setLevel(level)


def test_r3_tick_json_with_a_model_is_pure_json_on_stdout_and_litellm_logs_on_stderr_with_v_only(openai_server, tmp_path):
    openai_server.script(default=triage_answer())
    now = SystemClock().now()
    create_demo(tmp_path, now)
    env = {k: v for k, v in os.environ.items() if not k.startswith("TIC_") and k != "OPENAI_API_KEY"}
    env.update(TIC_HOME=str(ROOT), TIC_DATA_DIR=str(tmp_path), TIC_TIC_MODEL=openai_server.model,
               TIC_TIC_MODEL_API_BASE=openai_server.url, NO_PROXY="127.0.0.1,localhost")
    runs = {}
    for flags in (("-v",), ()):
        # no rules file: the built-in heuristics only guess, so every event goes to the model
        args = [sys.executable, "-m", "tic", "tick", "--dry-run", "--json", *flags, "--rules", str(tmp_path / "none.md"),
                "--sources", str(tmp_path / "demo"), "--now", now.isoformat()]
        runs[flags] = subprocess.run(args, env=env, capture_output=True, text=True, timeout=180)
    for flags, run in runs.items():
        assert run.returncode == 0, run.stderr
        rows = [json.loads(line) for line in run.stdout.splitlines()]  # every line of stdout is JSON
        assert rows and all(set(row) <= {"event", "notify", "reason", "summary"} for row in rows)
        assert "LiteLLM" not in run.stdout
    assert "LiteLLM completion()" in runs[("-v",)].stderr  # with -v: litellm's lines, on stderr
    assert "LiteLLM" not in runs[()].stderr  # without: none
    assert len(openai_server.requests) >= 2 and any("Model openai/test-model" in json.loads(line)["reason"]
                                                    for line in runs[()].stdout.splitlines())
