"""R3/H8 settings a user expects: a base URL for both agents or each, timeouts, deadlines, the output cap."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from tic.app import model_for, model_options
from tic.clock import ManualClock
from tic.config import Settings
from tic.models.litellm_adapter import LiteLLMModel

from tests.conftest import ROOT, T0


@pytest.fixture(autouse=True)
def clean_env(monkeypatch):
    import os

    for name in list(os.environ):
        if name.startswith("TIC_"):
            monkeypatch.delenv(name)


def test_one_base_url_for_both_agents_or_one_each(monkeypatch):
    monkeypatch.setenv("TIC_MODEL_API_BASE", "http://127.0.0.1:11434/v1")
    monkeypatch.setenv("TIC_TIC_MODEL_API_BASE", "http://127.0.0.1:8080/v1")
    s = Settings(home=ROOT)
    assert s.model_api_base_for("main") == "http://127.0.0.1:11434/v1"
    assert s.model_api_base_for("tic") == "http://127.0.0.1:8080/v1"
    assert s.model_api_base_for("digest") == "http://127.0.0.1:11434/v1"  # a cron agent: the shared one


def test_a_base_url_without_its_scheme_is_refused_saying_how_to_write_it(monkeypatch):
    monkeypatch.setenv("TIC_MODEL_API_BASE", "localhost:11434")
    with pytest.raises(ValidationError, match=r"http://127\.0\.0\.1:11434"):
        Settings(home=ROOT)


def test_the_main_model_gets_its_base_url_timeout_deadline_cap_and_clock(monkeypatch):
    monkeypatch.setenv("TIC_MAIN_MODEL_API_BASE", "http://127.0.0.1:8000/v1")
    monkeypatch.setenv("TIC_MODEL_TIMEOUT_SECONDS", "12")
    monkeypatch.setenv("TIC_MODEL_DEADLINE_SECONDS", "0")
    monkeypatch.setenv("TIC_MODEL_MAX_TOKENS", "2048")
    clock = ManualClock(T0)
    model = model_for("openai/local", clock, Settings(home=ROOT))
    assert isinstance(model, LiteLLMModel)
    assert (model.api_base, model.timeout, model.deadline, model.max_tokens, model.clock) == (
        "http://127.0.0.1:8000/v1", 12, None, 2048, clock)


def test_defaults_are_bounded():
    s = Settings(home=ROOT)
    options = model_options(s, "tic")
    assert options == {"api_base": None, "timeout": 60, "deadline": 180, "max_tokens": 4096}
    assert s.tick_model_deadline_seconds == 300
