"""Triage benchmark: a big tick offline, an idle tick, and the prompt tokens a model would cost (T2, T7).

    python -m bench.triage [--events 10000] [--model gpt-4o-mini] [--eval-dir ../shared/eval/dev]

1. A tick over N new events (e-mail in a Maildir, WhatsApp JSONL, an .ics
   calendar; invented people) on a fresh SQLite world, offline: events per
   second and the process's peak memory.
2. A second tick with nothing new, with a model configured that fails the run if
   it is called: wall time, SQL statements, model calls (must be 0).
3. Prompt tokens per event for a model (litellm.token_counter, offline) on the
   evaluation cases: one request per event with the full system prompt each time,
   against one batched request per case holding only the events the local
   decider is unsure of; the ratio (aim <= 0.3). The batched request without
   the pre-filter is shown too.
4. Poison inputs (R2): a tick over the same sources (--fault-events, default
   1,000) with a rules file of 5 MB, and with a calendar holding an unbounded
   FREQ=SECONDLY rule (and one with COUNT=1000000), each against the same tick
   without them, on a fresh world each: the ratio of wall times (aim <= 2).
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
import os
import resource
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NOW = datetime(2027, 3, 9, 9, 0, tzinfo=timezone.utc)
RULES = """# Notifications

## Always notify
- Emails from Odile Martin or anyone at Kestrel Labs
- WhatsApp messages from my partner (saved as "Sam")
- Any calendar event that was added today and starts within 24 hours

## Never notify
- Newsletters, promotions and automated reports
- Notifications from LinkedIn or Strava
- Reminders for weekly recurring meetings

## Custom rules
- Only notify about WhatsApp group messages if I am explicitly mentioned
- Emails about the Hollis Road planning appeal: always notify, whoever sends them
"""

MAIL_KINDS = [
    ("Odile Martin", "odile@martin-avocats.fr", "Draft lease for review", "Could you look at clause 4 before Friday?", ""),
    ("Jo Park", "jo.park@kestrellabs.com", "Samples shipped", "The samples left this morning.", ""),
    ("The Weekly Digest", "news@digest.example", "Issue {n}", "This week in design...", "List-Unsubscribe: <https://digest.example/u>\nPrecedence: bulk\n"),
    ("LinkedIn", "notifications@linkedin.com", "You appeared in {n} searches", "See who is looking.", ""),
    ("Mina Ross", "mina@ross.example", "Dinner?", "Are you free on Thursday evening?", ""),
    ("Build Bot", "noreply@ci.example", "Build {n} passed", "All green.", "Auto-Submitted: auto-generated\n"),
    ("Theo Lang", "theo@lang.example", "Photos", "Here are the photos from the weekend.", ""),
    ("Council Planning", "planning@council.example", "Hollis Road planning appeal - hearing date", "The hearing is set.", ""),
]
CHAT_KINDS = [
    ("Sam", "+15550101", "Sam", False, "Running late, start without me", []),
    ("Family", "+15550102", "Uncle Rob", True, "Look at this picture!", []),
    ("Family", "+15550103", "Aunt May", True, "@me can you bring the cake?", ["me"]),
    ("Ben", "+15550104", "Ben", False, "see you then", []),
    ("Pizza Roma", "+15550105", "Pizza Roma", False, "2 for 1 tonight only! Reply STOP to opt out", []),
]


def write_sources(folder: Path, n: int) -> None:
    """n events: about half e-mail, 2% calendar, the rest WhatsApp, spread over the last 20 hours."""
    mail, cal_n = n // 2, max(1, n // 50)
    chats = n - mail - cal_n
    for sub in ("cur", "new", "tmp"):
        (folder / "mail" / sub).mkdir(parents=True, exist_ok=True)
    for i in range(mail):
        name, addr, subject, body, extra = MAIL_KINDS[i % len(MAIL_KINDS)]
        at = NOW - timedelta(seconds=72_000 * (mail - i) / mail)
        raw = (f"From: {name} <{addr}>\nTo: Noor Haddad <noor@haddad.example>\nSubject: {subject.format(n=i)}\n"
               f"Date: {at.strftime('%a, %d %b %Y %H:%M:%S +0000')}\nMessage-ID: <bench-{i}@bench.example>\n"
               f"Authentication-Results: mx.example; spf=pass smtp.mailfrom={addr.split('@')[1]}; dmarc=pass\n"
               f"{extra}Content-Type: text/plain; charset=utf-8\n\n{body}\n")
        (folder / "mail" / "cur" / f"{int(at.timestamp())}.M{i}P1.bench:2,").write_text(raw)
    with (folder / "whatsapp.jsonl").open("w") as f:
        for i in range(chats):
            chat, number, sender, group, body, mentions = CHAT_KINDS[i % len(CHAT_KINDS)]
            at = NOW - timedelta(seconds=72_000 * (chats - i) / chats)
            f.write(json.dumps({"id": f"wa-{i}", "chat": chat, "is_group": group, "from": sender, "from_number": number,
                                "body": body, "timestamp": at.isoformat(), "mentions": mentions}) + "\n")
    events = []
    for i in range(cal_n):
        start = NOW + timedelta(hours=2 + i % 70)
        created = NOW - timedelta(hours=1 + i % 20)  # within the first-run window (S5)
        rrule = "RRULE:FREQ=WEEKLY\n" if i % 4 == 0 else ""
        events.append(meeting(f"bench-{i}", i, start, created, created, rrule=rrule))
    write_calendar(folder / "calendar.ics", events)


def meeting(uid: str, n: int, start: datetime, created: datetime, stamp: datetime, *, rrule: str = "") -> str:
    """One hour-long VEVENT "Meeting <n>" (UID <uid>@bench.example) organised by Ola Berg; `rrule` a whole line."""
    return (f"BEGIN:VEVENT\nUID:{uid}@bench.example\nDTSTAMP:{stamp:%Y%m%dT%H%M%SZ}\n"
            f"CREATED:{created:%Y%m%dT%H%M%SZ}\nLAST-MODIFIED:{created:%Y%m%dT%H%M%SZ}\n"
            f"DTSTART:{start:%Y%m%dT%H%M%SZ}\nDTEND:{start + timedelta(hours=1):%Y%m%dT%H%M%SZ}\n"
            f"{rrule}SUMMARY:Meeting {n}\nORGANIZER;CN=Ola Berg:mailto:ola@berg.example\nEND:VEVENT\n")


def write_calendar(path: Path, events: list[str]) -> None:
    """A .ics file of these VEVENTs (the calendar's zone UTC)."""
    path.write_text("BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//bench//EN\nX-WR-TIMEZONE:UTC\n" + "".join(events)
                    + "END:VCALENDAR\n")


class TimedSource:
    """A source whose fetch time is added up (to tell reading the sources from deciding and recording)."""

    def __init__(self, source, spent: list[float]) -> None:
        self._source, self._spent = source, spent
        self.name, self.kind = source.name, source.kind

    def fetch(self, cursor, *, now, since):
        t0 = time.perf_counter()
        try:
            return self._source.fetch(cursor, now=now, since=since)
        finally:
            self._spent.append(time.perf_counter() - t0)


class NoCallModel:
    """A configured model that must not be called (an idle tick costs no model call, T2)."""

    name = "bench/no-call"
    calls = 0

    def complete(self, messages, tools):
        NoCallModel.calls += 1
        raise AssertionError("the idle tick called the model")


def _rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # Linux: KiB


def bench_ticks(n: int) -> dict:
    from sqlalchemy import event as sa_event

    from tic.agents import load_roster
    from tic.clock import ManualClock
    from tic.db import open_world
    from tic.hub import Notifier
    from tic.notices import SqlNoticeStore
    from tic.sources import sources_from_dir
    from tic.triage.decide import TriageDecider
    from tic.triage.tick import Triage

    out: dict = {}
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp)
        (home / "data").mkdir()
        (home / "data" / "notifications.md").write_text(RULES)
        write_sources(home / "sources", n)
        world = open_world(f"sqlite:///{home / 'world.db'}")
        roster = load_roster(ROOT / "agents")
        clock = ManualClock(NOW)
        store = SqlNoticeStore(world, roster, clock)
        agent = roster["tic"]

        spent: list[float] = []
        kept = sources_from_dir(home / "sources")  # one set of sources for both ticks, as a running engine keeps them

        def triage(decide) -> Triage:
            sources = [TimedSource(s, spent) for s in kept]
            return Triage(engine=world, store=store, notifier=Notifier(store, clock), clock=clock, agent=agent,
                          resolve=lambda rel: home / rel, sources=sources, decide=decide)

        rss_before = _rss_mb()
        t0 = time.perf_counter()
        first = triage(TriageDecider(agent)).tick()  # offline
        took = time.perf_counter() - t0
        decided = len(first.decided)
        reading = sum(spent)
        out["tick1"] = {"events": decided, "notified": first.notified, "seconds": round(took, 2),
                        "events_per_second": round(decided / took), "source_reading_seconds": round(reading, 2),
                        "triage_events_per_second": round(decided / (took - reading)),
                        "peak_rss_mb": round(_rss_mb(), 1), "rss_before_mb": round(rss_before, 1),
                        "errors": len(first.errors)}
        spent.clear()

        statements: list[str] = []

        def count(conn, cursor, statement, *rest):
            statements.append(statement)

        clock.advance(900)
        sa_event.listen(world, "before_cursor_execute", count)
        t0 = time.perf_counter()
        second = triage(TriageDecider(agent, NoCallModel())).tick()
        took = time.perf_counter() - t0
        sa_event.remove(world, "before_cursor_execute", count)
        out["tick2"] = {"decided": len(second.decided), "seconds": round(took, 4), "sql_statements": len(statements),
                        "source_reading_seconds": round(sum(spent), 4), "model_calls": NoCallModel.calls}
        world.dispose()
    return out


def _fault_tick(n: int, *, rules_extra: str = "", vevent: str = "", repeat: int = 3) -> float:
    """The best of `repeat` first ticks over n events on a fresh world (offline), in seconds."""
    from tic.agents import load_roster
    from tic.clock import ManualClock
    from tic.db import open_world
    from tic.hub import Notifier
    from tic.notices import SqlNoticeStore
    from tic.sources import sources_from_dir
    from tic.triage import _guard
    from tic.triage.decide import TriageDecider
    from tic.triage.tick import Triage

    best = float("inf")
    for _ in range(repeat):
        with tempfile.TemporaryDirectory() as tmp:
            home = Path(tmp)
            (home / "data").mkdir()
            (home / "data" / "notifications.md").write_text(RULES + rules_extra)
            write_sources(home / "sources", n)
            if vevent:
                ics = home / "sources" / "calendar.ics"
                ics.write_text(ics.read_text().replace("END:VCALENDAR\n", vevent + "END:VCALENDAR\n"))
            world = open_world(f"sqlite:///{home / 'world.db'}")
            roster = load_roster(ROOT / "agents")
            clock = ManualClock(NOW)
            store = SqlNoticeStore(world, roster, clock)
            agent = roster["tic"]
            triage = Triage(engine=world, store=store, notifier=Notifier(store, clock), clock=clock, agent=agent,
                            resolve=lambda rel: home / rel, sources=sources_from_dir(home / "sources"),
                            decide=TriageDecider(agent))
            _guard._read.cache_clear()  # every run reads its rules file cold
            t0 = time.perf_counter()
            report = triage.tick()
            best = min(best, time.perf_counter() - t0)
            assert len(report.decided) >= n, (len(report.decided), report.errors[:3])
            world.dispose()
    return best


def bench_faults(n: int) -> dict:
    """R2: poison inputs cost at most ~2x a tick without them."""
    five_mb = "".join(f"- Emails from Person{i} Example\n" for i in range(5 * 1024 * 1024 // 32))
    start = (NOW - timedelta(days=365)).strftime("%Y%m%dT%H%M%SZ")

    def series(rule: str) -> str:
        return (f"BEGIN:VEVENT\nUID:poison-{rule.replace(';', '-')}@bench.example\nDTSTAMP:{start}\n"
                f"DTSTART:{start}\nRRULE:{rule}\nSUMMARY:Every second\nEND:VEVENT\n")

    _fault_tick(min(n, 100), repeat=1)  # warm up: imports, lexicons, compiled tables
    base = _fault_tick(n)
    cases = {"a rules file of 5 MB": _fault_tick(n, rules_extra=five_mb),
             "a calendar with an unbounded SECONDLY rule": _fault_tick(n, vevent=series("FREQ=SECONDLY")),
             "a calendar with FREQ=SECONDLY;COUNT=1000000": _fault_tick(n, vevent=series("FREQ=SECONDLY;COUNT=1000000"))}
    # Informational: a file just under the cap is read (once per version; ~1 ms a rule) and every event is judged
    # against its ~6,000 rules - the cost the cap still admits.
    under = "".join(f"- Emails from Ana Lopez number {i}\n" for i in range(200 * 1024 // 34))
    cases["a rules file of 200 KiB (under the cap, informational)"] = _fault_tick(n, rules_extra=under, repeat=1)
    return {"events": n, "base_seconds": round(base, 3),
            "cases": {name: {"seconds": round(t, 3), "ratio": round(t / base, 2)} for name, t in cases.items()}}


def bench_tokens(model: str, eval_dir: Path) -> dict:
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    from tic.models.litellm_adapter import _import_litellm
    from tic.agents import load_roster
    from tic.triage._request import TOOLS, user_message
    from tic.triage.decide import TriageDecider, local_decisions
    from tic.triage.dry_run import read_rules
    from tic.triage.evaluate import cases_under
    from tic.clock import parse_instant
    from tic.sources import sources_from_dir

    litellm = _import_litellm()
    tools = [t.as_openai() for t in TOOLS]
    decider = TriageDecider(load_roster(ROOT / "agents")["tic"])

    def tokens(system: str, events, now) -> int:
        messages = [{"role": "system", "content": system}, {"role": "user", "content": user_message(list(events), now)}]
        return litellm.token_counter(model=model, messages=messages, tools=tools)

    per_event = batched_all = batched_unsure = events_n = unsure_n = 0
    cases = []
    why_model: Counter = Counter()
    for case in cases_under([eval_dir]):
        now = parse_instant((case / "now.txt").read_text().strip())
        rules = read_rules(case / "notifications.md")
        system = decider.system_prompt(rules)
        events = [e for s in sources_from_dir(case / "sources") for e in s.fetch(None, now=now, since=None).events]
        verdicts = local_decisions(events, rules, now)
        unsure = [e for e, d in zip(events, verdicts) if not d.certain]
        for d in verdicts:
            if not d.certain:
                why_model[_why_unsure(d)] += 1
        one_each = sum(tokens(system, [e], now) for e in events)
        all_in_one = tokens(system, events, now)
        filtered = tokens(system, unsure, now) if unsure else 0  # nothing unsure: no request at all
        per_event += one_each
        batched_all += all_in_one
        batched_unsure += filtered
        events_n += len(events)
        unsure_n += len(unsure)
        cases.append({"case": case.name, "events": len(events), "to_model": len(unsure),
                      "per_event_tokens": one_each, "batched_prefiltered_tokens": filtered})
    return {
        "model": model, "cases": cases, "events": events_n, "events_to_model": unsure_n,
        "why_to_model": dict(why_model.most_common()),
        "per_event_request_tokens_per_event": round(per_event / events_n, 1) if events_n else 0,
        "batched_all_tokens_per_event": round(batched_all / events_n, 1) if events_n else 0,
        "batched_prefiltered_tokens_per_event": round(batched_unsure / events_n, 1) if events_n else 0,
        "ratio_batched_all": round(batched_all / per_event, 3) if per_event else 0,
        "ratio_batched_prefiltered": round(batched_unsure / per_event, 3) if per_event else 0,
    }


def _why_unsure(decision) -> str:
    """Why the local decider left an event to the model (T7: certainty is honest)."""
    if "rule(s) not understood" in decision.reason:
        return "a rule not understood offline might change it"
    if decision.by == "heuristics":
        return "no rule covers it and the heuristics only guess"
    return "a rule's condition needs judgement"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--events", type=int, default=10_000)
    ap.add_argument("--model", default="gpt-4o-mini", help="a litellm model string whose tokenizer to count with")
    ap.add_argument("--eval-dir", type=Path, default=Path(os.environ.get("TIC_EVAL_DIR", ROOT.parent / "shared" / "eval" / "dev")))
    ap.add_argument("--no-tokens", action="store_true", help="skip the token count (it imports litellm)")
    ap.add_argument("--json", action="store_true", help="print one JSON object instead of text")
    ap.add_argument("--fault-events", type=int, default=1_000, help="events in the poison-input ticks (0: skip)")
    args = ap.parse_args()
    result = {"ticks": bench_ticks(args.events)}
    if args.fault_events:
        result["faults"] = bench_faults(args.fault_events)
    if not args.no_tokens and args.eval_dir.is_dir():
        result["tokens"] = bench_tokens(args.model, args.eval_dir)
    if args.json:
        print(json.dumps(result, indent=2))
        return
    t1, t2 = result["ticks"]["tick1"], result["ticks"]["tick2"]
    print(f"tick over {t1['events']} new events (offline): {t1['seconds']} s, {t1['events_per_second']} events/s "
          f"({t1['source_reading_seconds']} s reading the sources; deciding + recording "
          f"{t1['triage_events_per_second']} events/s), {t1['notified']} notified, "
          f"peak RSS {t1['peak_rss_mb']} MB (before the tick {t1['rss_before_mb']} MB)")
    print(f"tick with nothing new (model configured): {t2['seconds'] * 1000:.1f} ms "
          f"({t2['source_reading_seconds'] * 1000:.1f} ms reading the sources), {t2['sql_statements']} SQL "
          f"statements, {t2['model_calls']} model calls, {t2['decided']} decided")
    if faults := result.get("faults"):
        print(f"poison inputs, each against a tick over the same {faults['events']} events without them "
              f"({faults['base_seconds']} s):")
        for name, c in faults["cases"].items():
            aim = "" if "informational" in name else " (aim <= 2)"
            print(f"  {name}: {c['seconds']} s, ratio {c['ratio']}{aim}")
    if tok := result.get("tokens"):
        print(f"prompt tokens per event ({tok['model']}, {tok['events']} events in {len(tok['cases'])} cases, "
              f"{tok['events_to_model']} unsure -> model):")
        print(f"  one request per event:          {tok['per_event_request_tokens_per_event']}")
        print(f"  one batched request, all events: {tok['batched_all_tokens_per_event']}  "
              f"(ratio {tok['ratio_batched_all']})")
        print(f"  batched + pre-filtered:          {tok['batched_prefiltered_tokens_per_event']}  "
              f"(ratio {tok['ratio_batched_prefiltered']}, aim <= 0.3)")
        for why, n in tok["why_to_model"].items():
            print(f"  to the model: {n} events - {why}")


if __name__ == "__main__":
    main()
