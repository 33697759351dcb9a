"""The dry run of the CLI contract, shared by `./tic tick --dry-run` and `./tic eval`.

Every item in a sources folder (`mail/`, `calendar.ics`, `whatsapp.jsonl`), an
empty cursor, whatever its age; one decide call over all of them (so a
configured model gets one batched request); nothing written. The user's time
zone (T9) is `timezone` (TIC_TIMEZONE), else the calendar's, else the machine's;
a held event (T11) prints `notify: false` with the hold in its reason.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Callable

from tic.errors import ConfigError, ItemError
from tic.sources import Event, sources_from_dir
from tic.triage._decision import Decision, call_decide, settle_hold
from tic.triage._zone import user_zone
from tic.triage.decide import decide_events

__all__ = ["dry_run", "read_rules", "UNDECIDED"]

UNDECIDED = "undecided: the model gave no valid decision; a real tick offers it again next tick"


def read_rules(path: Path | None) -> str | None:
    """The rules file's text, or None when it does not exist (the built-in heuristics apply)."""
    from tic.triage.prompt import read_rules_file

    return read_rules_file(path) if path is not None else None


def dry_run(sources_dir: Path | None, rules_text: str | None, now: datetime, *, decide=decide_events,
            on_error: Callable[[ItemError], None] | None = None,
            timezone: str | None = None) -> list[tuple[Event, Decision | None]]:
    """Each event in `sources_dir` with its verdict (None = left undecided by the model)."""
    user_zone(timezone, [])  # a bad setting fails before any source is read
    if sources_dir is None or not Path(sources_dir).is_dir():
        raise ConfigError(f"no sources folder {sources_dir}: pass --sources DIR (with mail/, calendar.ics, whatsapp.jsonl)")
    events: list[Event] = []
    for source in sources_from_dir(Path(sources_dir)):
        fetched = source.fetch(None, now=now, since=None)
        for err in fetched.errors:
            if on_error is not None:
                on_error(err)
        events.extend(fetched.events)
    if not events:
        return []
    tz = user_zone(timezone, events)
    verdicts = call_decide(decide, events, rules_text, now, tz)
    return [(e, None if d is None else settle_hold(d, tz, now)) for e, d in zip(events, verdicts)]
