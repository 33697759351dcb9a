"""`./tic eval DIR...`: run evaluation cases in-process, through the dry run's code path, and score them.

A case is a folder with `notifications.md` (optional), `now.txt`, `sources/` and
`expected.json` (`{event key: {"notify": bool, "why": str}}`); a set is a folder
of cases. Scores follow ../shared/eval/score.py: accuracy over the expected
events (a missing event counts as wrong), precision and recall of `notify`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

from tic.clock import parse_instant
from tic.triage.decide import decide_events
from tic.triage.dry_run import dry_run, read_rules

__all__ = ["Score", "cases_under", "run_case", "evaluate"]


@dataclass
class Score:
    name: str
    tp: int = 0
    fp: int = 0
    fn: int = 0
    tn: int = 0
    missing: int = 0
    missing_negative: int = 0  # missing events expected not to notify (missing positives count in fn)
    extra: int = 0
    cases: int = 0
    mismatches: list[str] = field(default_factory=list)
    error: str = ""

    @property
    def events(self) -> int:
        return self.tp + self.fp + self.fn + self.tn + self.missing_negative

    @property
    def accuracy(self) -> float:
        return (self.tp + self.tn) / self.events if self.events else 0.0

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 0.0

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 0.0

    def add(self, other: "Score") -> None:
        for name in ("tp", "fp", "fn", "tn", "missing", "extra", "cases", "missing_negative"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.mismatches += [f"{other.name}: {m}" for m in other.mismatches]

    def line(self) -> str:
        return (f"accuracy={self.accuracy:.3f} precision={self.precision:.3f} recall={self.recall:.3f} "
                f"events={self.events} missing={self.missing} extra={self.extra}")


def cases_under(paths: Iterable[Path]) -> list[Path]:
    """The case folders named, or found one level below a set folder."""
    out: list[Path] = []
    for p in map(Path, paths):
        if (p / "expected.json").is_file():
            out.append(p)
        elif p.is_dir():
            out += sorted(c for c in p.iterdir() if (c / "expected.json").is_file())
    return out


def run_case(case: Path, decide=decide_events, *, verbose: bool = False) -> Score:
    """Decide one case as `./tic tick --dry-run` would and compare with expected.json."""
    score = Score(case.name, cases=1)
    expected = json.loads((case / "expected.json").read_text(encoding="utf-8"))
    try:
        now = parse_instant((case / "now.txt").read_text(encoding="utf-8").strip())
        rows = dry_run(case / "sources", read_rules(case / "notifications.md"), now, decide=decide)
    except Exception as exc:  # a case that cannot run counts every event as missing, like score.py
        score.error = f"could not run: {exc}"
        score.missing = len(expected)
        score.fn = sum(bool(w["notify"]) for w in expected.values())
        score.missing_negative = score.missing - score.fn
        return score
    got = {event.key: decision for event, decision in rows}
    for key, want in expected.items():
        if key not in got:
            score.missing += 1
            if want["notify"]:
                score.fn += 1
            else:
                score.missing_negative += 1
            score.mismatches.append(f"MISSING {key} (want notify={want['notify']})")
            continue
        d = got[key]
        have = bool(d is not None and d.notify)
        reason = "undecided" if d is None else d.reason
        if have and want["notify"]:
            score.tp += 1
        elif have:
            score.fp += 1
        elif want["notify"]:
            score.fn += 1
        else:
            score.tn += 1
        if have != bool(want["notify"]) or verbose:
            mark = "ok " if have == bool(want["notify"]) else "BAD"
            score.mismatches.append(f"{mark} {key} want={want['notify']} got={have} reason={reason!r} "
                                    f"| expected because: {want.get('why', '')}")
    for key in sorted(got.keys() - expected.keys()):
        score.extra += 1
        score.mismatches.append(f"EXTRA {key}")
    return score


def evaluate(paths: Iterable[Path], decide=decide_events, *, verbose: bool = False) -> tuple[list[Score], Score]:
    per_case = [run_case(case, decide, verbose=verbose) for case in cases_under(paths)]
    total = Score("overall")
    for s in per_case:
        total.add(s)
    return per_case, total
