"""Shared by the conformance tests: no provider key in the environment."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def no_keys(monkeypatch):
    """No provider key in the environment: a local base URL needs none."""
    for key in ("OPENAI_API_KEY", "ANTHROPIC_API_KEY"):
        monkeypatch.delenv(key, raising=False)
