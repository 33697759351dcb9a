"""Sources benchmark: parsing speed (S1), idle cost against history size, IMAP IDLE latency (issue 10).

    python -m bench.sources [--messages 5000] [--idle 1000,10000,100000] [--ticks 40] [--caldav 365] [--imap-idle 5] [--json]

1. Parse: N generated messages (the triage benchmark's mail: eight senders,
   unique subjects, dates and Message-IDs, a few newsletter and automated
   headers, a quarter multipart/alternative) parsed with
   `tic.sources._email.email_event`, the parser Maildir and IMAP share,
   straight from bytes (no disk).
2. Idle (`--idle`): for each size, a Maildir holding that many messages spread
   over five years (the last 20 within the day) and the same calendar file:
   a daily series started ten years ago plus one event a day for ten years
   (3,650 VEVENTs, half a year of them still ahead). A triage tick on a fresh
   SQLite world reads them once (the first run, S5), then `--ticks` ticks
   15 minutes apart with nothing new, each timed, with what it did counted:
   files opened and folders listed (the interpreter's audit events), messages
   and calendars parsed, SQL statements. The median idle tick is reported per
   size, and the ratio of the largest to the smallest (aim <= 1.5). Then one
   more idle tick with new source objects (a restarted engine: nothing in
   memory, the calendar read once more), for information.
2b. CalDAV (`--caldav N`): N events, one a day, on Radicale run in this process
   (the tests' server), once with sync-collection and once refusing it (the
   ctag path): the first fetch (a full read: what every tick cost before),
   then 10 idle fetches 15 minutes apart: median time, HTTP requests of one,
   items downloaded.
3. IMAP IDLE (`--imap-idle K`, needs dovecot): the engine's wiring (an
   APScheduler tick every 15 minutes that has just run, `watch_sources`
   waking it, a SQLite world) against a real dovecot; K times one message is
   delivered (APPEND) and the time until its decision is stored is measured;
   then a burst of 10 messages: how many ticks ran for it (aim: 1). Aim: every
   delivery decided in under 2 s.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import statistics
import sys
import tempfile
import time
from collections import Counter
from datetime import datetime, timedelta, timezone
from pathlib import Path

from bench.triage import MAIL_KINDS, NOW, ROOT, meeting, write_calendar
from tic.sources._email import email_event

RULES = "# Notifications\n\n## Always notify\n\n- Emails from Ines Duarte\n\n## Never notify\n\n- Newsletters\n"


def messages(n: int) -> list[bytes]:
    out = []
    for i in range(n):
        name, addr, subject, body, extra = MAIL_KINDS[i % len(MAIL_KINDS)]
        at = NOW - timedelta(seconds=72_000 * (n - i) / n)
        head = (f"From: {name} <{addr}>\nTo: Noor Haddad <noor@haddad.example>\nSubject: {subject.format(n=i)}\n"
                f"Date: {at.strftime('%a, %d %b %Y %H:%M:%S +0000')}\nMessage-ID: <bench-{i}@bench.example>\n"
                f"Authentication-Results: mx.example; spf=pass smtp.mailfrom={addr.split('@')[1]}; dmarc=pass\n{extra}")
        if i % 4 == 3:  # a quarter multipart/alternative, as newsletters and most clients send
            raw = (head + "MIME-Version: 1.0\nContent-Type: multipart/alternative; boundary=\"b1\"\n\n--b1\n"
                   f"Content-Type: text/plain; charset=utf-8\n\n{body}\n--b1\nContent-Type: text/html; charset=utf-8\n\n"
                   f"<html><body><p>{body}</p></body></html>\n--b1--\n")
        else:
            raw = head + f"Content-Type: text/plain; charset=utf-8\n\n{body}\n"
        out.append(raw.encode())
    return out


def run(n: int) -> dict:
    raws = messages(n)
    received = datetime(2027, 3, 9, tzinfo=timezone.utc)
    start = time.perf_counter()
    for raw in raws:
        email_event(raw, source="mail", received=received)
    took = time.perf_counter() - start
    return {"messages": n, "seconds": round(took, 3), "messages_per_second": round(n / took)}


# --- 2. idle cost against history size ------------------------------------------------------

_counts: list[Counter] = []
_SOURCES: list[str] = [""]  # the folder holding the sources: what is opened there is a source's file


def _audit(event: str, args: tuple) -> None:
    if _counts:
        if event == "open":
            inside = _SOURCES[0] and str(args[0]).startswith(_SOURCES[0])
            _counts[-1]["files_opened" if inside else "other_files_opened"] += 1
        elif event in ("os.scandir", "os.listdir"):
            _counts[-1]["folders_listed"] += 1


def write_history(folder: Path, n: int) -> None:
    """n messages over five years in cur/ (read, S flag), the last 20 within the day; files dated as delivered."""
    for sub in ("cur", "new", "tmp"):
        (folder / "mail" / sub).mkdir(parents=True, exist_ok=True)
    span = 5 * 365 * 86400
    for i in range(n):
        name, addr, subject, body, _ = MAIL_KINDS[i % len(MAIL_KINDS)]
        recent = i >= n - 20
        at = NOW - timedelta(seconds=(n - i) * 3000 if recent else span * (n - i) / n)
        raw = (f"From: {name} <{addr}>\nTo: Noor Haddad <noor@haddad.example>\nSubject: {subject.format(n=i)}\n"
               f"Date: {at.strftime('%a, %d %b %Y %H:%M:%S +0000')}\nMessage-ID: <hist-{i}@bench.example>\n\n{body}\n")
        path = folder / "mail" / "cur" / f"{int(at.timestamp())}.M{i}P1.bench:2,{'' if recent else 'S'}"
        path.write_text(raw)
    start, stamp = NOW - timedelta(days=3650), datetime(2017, 1, 1, tzinfo=timezone.utc)
    events = [f"BEGIN:VEVENT\nUID:standup@bench.example\nDTSTAMP:20170101T000000Z\nCREATED:{start:%Y%m%dT%H%M%SZ}\n"
              f"DTSTART:{start:%Y%m%dT0830%SZ}\nDURATION:PT15M\nRRULE:FREQ=DAILY\nSUMMARY:Standup\nEND:VEVENT\n"]
    for d in range(3650):
        day = start + timedelta(days=d + 183)
        events.append(meeting(f"day-{d}", d, day.replace(hour=14, minute=0), start, stamp))
    write_calendar(folder / "calendar.ics", events)
    an_hour_ago = time.time() - 3600  # the mailbox as it was when the engine started: nobody touching it
    for path in (folder / "mail" / "cur", folder / "mail" / "new", folder / "calendar.ics"):
        os.utime(path, (an_hour_ago, an_hour_ago))


def bench_idle(n: int, ticks: int) -> dict:
    from sqlalchemy import event as sa_event

    import tic.sources.ics as ics_module
    import tic.sources.maildir as maildir_module
    from tic.agents import load_roster
    from tic.clock import ManualClock
    from tic.db import open_world
    from tic.hub import Notifier
    from tic.notices import SqlNoticeStore
    from tic.sources import IcsFileSource, MaildirSource
    from tic.triage.tick import Triage

    counts: Counter = Counter()
    parse_mail, read_cal = maildir_module.email_event, ics_module.read_calendar

    def counted_mail(*a, **k):
        counts["messages_parsed"] += 1
        return parse_mail(*a, **k)

    def counted_cal(*a, **k):
        counts["calendars_parsed"] += 1
        return read_cal(*a, **k)

    maildir_module.email_event, ics_module.read_calendar = counted_mail, counted_cal
    try:
        with tempfile.TemporaryDirectory() as tmp:
            home = Path(tmp)
            (home / "data").mkdir()
            (home / "data" / "notifications.md").write_text(RULES)
            t0 = time.perf_counter()
            write_history(home / "sources", n)
            written = time.perf_counter() - t0
            _SOURCES[0] = str(home / "sources")
            world = open_world(f"sqlite:///{home / 'world.db'}")
            roster = load_roster(ROOT / "agents")
            clock = ManualClock(NOW)
            store = SqlNoticeStore(world, roster, clock)

            def sources() -> list:
                return [MaildirSource(home / "sources" / "mail"), IcsFileSource(home / "sources" / "calendar.ics")]

            def triage(srcs) -> Triage:
                return Triage(engine=world, store=store, notifier=Notifier(store, clock), clock=clock, agent=roster["tic"],
                              resolve=lambda rel: home / rel, sources=srcs)

            statements = Counter()
            sa_event.listen(world, "before_cursor_execute", lambda *a: statements.update(["sql"]))
            engine = triage(sources())
            t0 = time.perf_counter()
            first = engine.tick()
            first_s = time.perf_counter() - t0
            gc.collect()  # the first tick's garbage is not the idle ticks' cost
            runs = []
            for _ in range(ticks):
                clock.advance(900)
                counts.clear()
                statements.clear()
                _counts.append(counts)
                t0, c0 = time.perf_counter(), time.process_time()
                report = engine.tick()
                took, cpu = time.perf_counter() - t0, time.process_time() - c0
                _counts.pop()
                assert not report.errors, report.errors
                runs.append({"seconds": took, "cpu": cpu, **counts, "sql_statements": statements["sql"],
                             "decided": len(report.decided)})  # a meeting entering the 24 h look-ahead is news
            clock.advance(900)
            t0 = time.perf_counter()
            counts.clear()
            _counts.append(counts)
            triage(sources()).tick()  # a restarted engine: new source objects, nothing in memory
            restart = time.perf_counter() - t0
            _counts.pop()
            restart_counts = dict(counts)
            world.dispose()
    finally:
        maildir_module.email_event, ics_module.read_calendar = parse_mail, read_cal
    last = min(runs, key=lambda r: r["decided"])  # counts of a tick with nothing to decide
    return {"messages": n, "write_seconds": round(written, 1), "first_tick_seconds": round(first_s, 2),
            "first_tick_decided": len(first.decided),
            "idle_tick_ms_median": round(statistics.median(r["seconds"] for r in runs) * 1000, 2),
            "idle_tick_ms_max": round(max(r["seconds"] for r in runs) * 1000, 2),
            "idle_tick_cpu_ms_median": round(statistics.median(r["cpu"] for r in runs) * 1000, 2),
            "files_opened": last.get("files_opened", 0), "folders_listed": last.get("folders_listed", 0),
            "other_files_opened": last.get("other_files_opened", 0),
            "messages_parsed": last.get("messages_parsed", 0), "calendars_parsed": last.get("calendars_parsed", 0),
            "sql_statements": min(r["sql_statements"] for r in runs),
            "decided_while_idle": sum(r["decided"] for r in runs),
            "after_restart_ms": round(restart * 1000, 1), "after_restart": restart_counts}


# --- 2b. CalDAV: an idle fetch against a full read ------------------------------------------


def bench_caldav(n: int, fetches: int = 10) -> dict:
    """n events (one a day) on Radicale run in this process; idle fetches by sync-token and by ctag, against a full read."""
    sys.path.insert(0, str(ROOT))
    from tests.sources._servers import RadicaleHere
    from tic.sources import CalDavSource, Retry

    out: dict = {"events": n}
    for mode in ("sync-token", "ctag"):
        server = RadicaleHere(refuse_sync=mode == "ctag")
        try:
            calendar = server.client().principal().make_calendar(name="bench", cal_id="bench")
            for d in range(n):
                day = NOW - timedelta(days=n // 2) + timedelta(days=d)
                calendar.save_event(f"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//bench//EN\r\nBEGIN:VEVENT\r\n"
                                    f"UID:day-{d}@bench.example\r\nDTSTAMP:20260101T000000Z\r\n"
                                    f"DTSTART:{day:%Y%m%dT1400%SZ}\r\nDTEND:{day:%Y%m%dT1500%SZ}\r\n"
                                    f"SUMMARY:Meeting {d}\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")

            def source() -> CalDavSource:
                return CalDavSource(server.url, username=server.user, password=server.password, timeout=60,
                                    retry=Retry(attempts=1))

            t0 = time.perf_counter()
            kept = source()
            cursor = kept.fetch(None, now=NOW, since=None).cursor
            full = time.perf_counter() - t0
            idle, requests = [], 0
            for i in range(fetches):
                mark = len(server.requests)
                t0 = time.perf_counter()
                cursor = kept.fetch(cursor, now=NOW + timedelta(minutes=15 * (i + 1)), since=None).cursor
                idle.append(time.perf_counter() - t0)
                requests = len(server.requests) - mark
            out[mode] = {"full_read_ms": round(full * 1000), "idle_fetch_ms_median": round(statistics.median(idle) * 1000, 1),
                         "idle_requests": requests, "items_downloaded_after_first": kept.requests["downloaded"] - n}
        finally:
            server.stop()
    return out


# --- 3. IMAP IDLE: delivery to decision -----------------------------------------------------


def bench_imap_idle(k: int) -> dict:
    sys.path.insert(0, str(ROOT))
    from tests.sources._servers import Dovecot, dovecot_binary

    binary = dovecot_binary()
    if binary is None:
        return {"skipped": "dovecot is not installed (Debian: apt-get install dovecot-imapd)"}
    server = Dovecot().start(binary)
    try:
        return asyncio.run(_imap_idle(server, k))
    finally:
        server.stop()


async def _imap_idle(server, k: int) -> dict:
    from email.message import EmailMessage

    from sqlalchemy import select

    from tic.agents import Schedule, load_roster
    from tic.clock import SystemClock
    from tic.db import decision_table, open_world
    from tic.hub import Notifier
    from tic.notices import SqlNoticeStore
    from tic.scheduler import Scheduler
    from tic.sources import ImapSource, watch_sources
    from tic.triage.tick import Triage

    clock = SystemClock()
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp)
        (home / "data").mkdir()
        (home / "data" / "notifications.md").write_text(RULES)
        world = open_world(f"sqlite:///{home / 'world.db'}")
        roster = load_roster(ROOT / "agents")
        store = SqlNoticeStore(world, roster, clock)
        imap = ImapSource("127.0.0.1", port=server.port, username=server.user, password=server.password,
                          folder="INBOX", ca_file=server.tls.ca, timeout=10)
        triage = Triage(engine=world, store=store, notifier=Notifier(store, clock), clock=clock, agent=roster["tic"],
                        resolve=lambda rel: home / rel, sources=[imap])
        ticks = [0]

        def tick():
            ticks[0] += 1
            return triage.tick()

        await asyncio.to_thread(tick)  # the scheduled tick that has just run: the cursor is set
        sched = Scheduler()
        sched.add("tic", Schedule(every_minutes=15), lambda: asyncio.to_thread(tick), run_now=None)
        sched.start()
        watcher = asyncio.create_task(watch_sources([imap], lambda: sched.wake("tic"), clock))
        await asyncio.sleep(1.0)  # in IDLE

        def decided() -> set[str]:
            with world.connect() as conn:
                return {r[0] for r in conn.execute(select(decision_table.c.event_key))}

        def deliver(*ids: str) -> None:
            client = server.client()
            try:
                for ident in ids:
                    msg = EmailMessage()
                    msg["From"], msg["To"], msg["Subject"] = "Ines Duarte <ines@bank.example>", "alice@example.org", ident
                    msg["Date"] = clock.now().strftime("%a, %d %b %Y %H:%M:%S +0000")
                    msg["Message-ID"] = f"<{ident}@bench.example>"
                    msg.set_content("A new statement is ready.\n")
                    client.append("INBOX", bytes(msg))
            finally:
                client.logout()

        async def until(keys: set[str]) -> float:
            t0 = time.perf_counter()
            await asyncio.to_thread(deliver, *sorted(keys))
            want = {f"email:{key}@bench.example" for key in keys}
            while not want <= decided():
                if time.perf_counter() - t0 > 30:
                    raise RuntimeError("no decision after 30 s")
                await asyncio.sleep(0.01)
            return time.perf_counter() - t0

        try:
            latencies = []
            for i in range(k):
                latencies.append(await until({f"one-{i}"}))
                await asyncio.sleep(0.5)
            before = ticks[0]
            burst = await until({f"burst-{i}" for i in range(10)})
            await asyncio.sleep(1.5)
            burst_ticks = ticks[0] - before
        finally:
            watcher.cancel()
            await asyncio.gather(watcher, return_exceptions=True)
            sched.shutdown()
            world.dispose()
    return {"deliveries": k, "to_decision_s_median": round(statistics.median(latencies), 3),
            "to_decision_s_max": round(max(latencies), 3), "burst_of_10_s": round(burst, 3), "burst_ticks": burst_ticks}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--messages", type=int, default=5_000, help="messages to parse (0: skip)")
    ap.add_argument("--idle", default="", help="Maildir sizes for the idle-tick bench, e.g. 1000,10000,100000")
    ap.add_argument("--ticks", type=int, default=40, help="idle ticks timed per size")
    ap.add_argument("--caldav", type=int, default=0, help="events in a CalDAV calendar for the idle fetch bench (0: skip)")
    ap.add_argument("--imap-idle", type=int, default=0, help="single deliveries timed against dovecot (0: skip)")
    ap.add_argument("--json", action="store_true", help="print one JSON object instead of text")
    args = ap.parse_args()
    result: dict = {}
    if args.messages:
        result["parse"] = run(args.messages)
    if args.idle:
        sys.addaudithook(_audit)
        sizes = [int(s) for s in args.idle.split(",") if s.strip()]
        result["idle"] = [bench_idle(n, args.ticks) for n in sizes]
        medians = [r["idle_tick_ms_median"] for r in result["idle"]]
        result["idle_ratio_largest_to_smallest"] = round(medians[-1] / medians[0], 2)
        cpu = [r["idle_tick_cpu_ms_median"] for r in result["idle"]]
        result["idle_cpu_ratio_largest_to_smallest"] = round(cpu[-1] / cpu[0], 2)
    if args.caldav:
        result["caldav"] = bench_caldav(args.caldav)
    if args.imap_idle:
        result["imap_idle"] = bench_imap_idle(args.imap_idle)
    if args.json:
        print(json.dumps(result))
        return
    if "parse" in result:
        p = result["parse"]
        print(f"parsed {p['messages']} e-mail messages in {p['seconds']} s: {p['messages_per_second']} messages/s")
    for r in result.get("idle", []):
        print(f"idle tick, Maildir of {r['messages']:,} + 10 years of a daily calendar: median {r['idle_tick_ms_median']} ms "
              f"(max {r['idle_tick_ms_max']}, CPU {r['idle_tick_cpu_ms_median']}); source files opened {r['files_opened']}, folders listed {r['folders_listed']}, "
              f"messages parsed {r['messages_parsed']}, calendars parsed {r['calendars_parsed']}, "
              f"SQL statements {r['sql_statements']} (other files opened: {r['other_files_opened']}, the rules file); first tick {r['first_tick_seconds']} s "
              f"({r['first_tick_decided']} decided); after a restart {r['after_restart_ms']} ms {r['after_restart']}")
    if "idle_ratio_largest_to_smallest" in result:
        print(f"idle tick, largest / smallest Maildir: {result['idle_ratio_largest_to_smallest']}x wall, "
              f"{result['idle_cpu_ratio_largest_to_smallest']}x CPU time of this process (aim <= 1.5)")
    if "caldav" in result:
        print(f"CalDAV, {result['caldav']['events']} events: {result['caldav']}")
    if "imap_idle" in result:
        print(f"IMAP IDLE: {result['imap_idle']}")


if __name__ == "__main__":
    main()
