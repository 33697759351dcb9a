"""make_model: a setting's model spec to a ChatModel, without paying for litellm up front."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tic.models import AssistantMessage, make_model


class Offline:
    name = "offline"

    def complete(self, messages, tools):
        return AssistantMessage(content="offline")


@pytest.mark.parametrize("spec", ["", "offline", "local", " Offline "])
def test_offline_specs_build_the_offline_model(spec: str) -> None:
    model = make_model(spec, offline=Offline)

    assert isinstance(model, Offline)


def test_any_other_spec_is_a_litellm_model_string() -> None:
    from tic.models.litellm_adapter import LiteLLMModel

    model = make_model("anthropic/claude-sonnet-4-5", offline=Offline)

    assert isinstance(model, LiteLLMModel)
    assert model.name == "anthropic/claude-sonnet-4-5"


def test_importing_models_and_building_one_does_not_import_litellm() -> None:
    code = (
        "import sys, tic.models\n"
        "assert 'litellm' not in sys.modules, 'import tic.models imported litellm'\n"
        "tic.models.make_model('openai/gpt-4o-mini', offline=lambda: None)\n"
        "assert 'litellm' not in sys.modules, 'make_model imported litellm'\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)

    assert result.returncode == 0, result.stderr
