"""Source-parsing benchmark: e-mail messages parsed into Events per second (S1).

    python -m bench.sources [--messages 5000] [--json]

Parses N generated messages (the triage benchmark's mail: eight senders, unique
subjects, dates and Message-IDs, a few newsletter and automated headers), plus
a multipart/alternative share, with `tic.sources._email.email_event`, the
parser Maildir and IMAP share, straight from bytes (no disk).
"""

from __future__ import annotations

import argparse
import json
import time
from datetime import datetime, timedelta, timezone

from bench.triage import MAIL_KINDS, NOW
from tic.sources._email import email_event


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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--messages", type=int, default=5_000)
    ap.add_argument("--json", action="store_true", help="print one JSON object instead of text")
    args = ap.parse_args()
    result = run(args.messages)
    if args.json:
        print(json.dumps(result))
    else:
        print(f"parsed {result['messages']} e-mail messages in {result['seconds']} s: {result['messages_per_second']} messages/s")


if __name__ == "__main__":
    main()
