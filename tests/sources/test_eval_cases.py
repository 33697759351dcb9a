"""Every evaluation case's sources yield exactly the events its expected.json decides (S1, S3, S4)."""

from __future__ import annotations

import json
import os
from datetime import datetime
from pathlib import Path

import pytest

from tic.sources import sources_from_dir

# the shared evaluation cases live beside the project (../shared/eval/dev); TIC_EVAL_DIR points elsewhere
EVAL = Path(os.environ.get("TIC_EVAL_DIR") or Path(__file__).resolve().parents[3] / "shared" / "eval" / "dev")
CASES = sorted(p for p in EVAL.glob("*/") if (p / "sources").is_dir()) if EVAL.is_dir() else []


@pytest.mark.skipif(not CASES, reason=f"no evaluation cases under {EVAL}")
@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_s1_eval_case_keys_match_expected(case: Path):
    now = datetime.fromisoformat((case / "now.txt").read_text().strip().replace("Z", "+00:00"))
    expected = set(json.loads((case / "expected.json").read_text()))
    keys: list[str] = []
    for source in sources_from_dir(case / "sources"):
        fetched = source.fetch(None, now=now, since=None)
        assert not fetched.errors, fetched.errors
        keys += [e.key for e in fetched.events]
    assert len(keys) == len(set(keys))  # one event per message / UID
    assert set(keys) == expected


def test_sources_from_dir_builds_only_what_is_there(tmp_path):
    assert sources_from_dir(tmp_path) == []
    (tmp_path / "whatsapp.jsonl").write_text("")
    (tmp_path / "mail").mkdir()
    kinds = [s.kind for s in sources_from_dir(tmp_path)]
    assert kinds == ["email", "whatsapp"]
