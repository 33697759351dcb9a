"""Channel fixtures: a workdir in tmp_path, a recorder for warnings, an envelope factory."""

from __future__ import annotations

import json

import pytest

from tests.conftest import T0
from tic.channels import AgentChannels


def envelope(header="1 build finished", **data):
    return {"header": header, "icon": "🔔", "priority": "normal", "published_at": T0.isoformat(), "data": data or {"events": []}}


def write(workdir, name, value):
    d = workdir / ".notification"
    d.mkdir(parents=True, exist_ok=True)
    path = d / name
    path.write_text(value if isinstance(value, str) else json.dumps(value), encoding="utf-8")
    return path


@pytest.fixture
def workdir(tmp_path):
    return tmp_path / "agents" / "main"


@pytest.fixture
def warns():
    return []


@pytest.fixture
def channels(workdir, clock, warns):
    return AgentChannels("main", workdir, clock, warn=lambda t, p: warns.append((t, p)), env={})
