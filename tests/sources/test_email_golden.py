"""S1/T5: the e-mail parser's Events are pinned, byte for byte, by a golden file.

tests/sources/golden/email_events.json holds, for every message of CPython's e-mail test data
(test/test_email/data, the binary files included: they must stay "not an e-mail message"), every
Maildir message of the evaluation cases (the shared eval/dev cases beside the project, */sources/mail) and of the triage
cases (tests/triage/cases/*/sources/mail), and a set of tricky generated messages (RFC 2047
subjects and names in Arabic, Korean, French; HTML-only alternatives; nested multiparts; no Date;
duplicate headers; invalid charsets; ...): the raw bytes (base64, so the test does not depend on
which Python or which evaluation set is installed) and the Event `email_event` made of them
(`model_dump(mode="json")`), or the exception it raised.

The file was written by the parser as it was before it was made faster; the test asserts the
current parser still gives exactly those Events. Regenerate (only when an Event is meant to change):

    .venv/bin/python -m tests.sources.test_email_golden --write
"""

from __future__ import annotations

import base64
import glob
import json
import os
import sys
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import pytest

from tic.sources._email import email_event
from tic.sources._event import Event

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = Path(__file__).resolve().parent / "golden" / "email_events.json"
RECEIVED = datetime(2027, 3, 9, 9, 0, tzinfo=timezone.utc)
EVAL_DEV = Path(os.environ.get("TIC_EVAL_DIR", ROOT.parent / "shared" / "eval" / "dev"))


# --- the generated messages -------------------------------------------------------------------

def _crlf(text: str) -> bytes:
    return text.replace("\n", "\r\n").encode("utf-8", "surrogateescape")


def _b(text: str, charset: str = "utf-8") -> bytes:
    return text.encode(charset)


HEAD = "From: Noor Haddad <noor@haddad.example>\nTo: Sam <sam@example.org>\nDate: Tue, 09 Mar 2027 08:00:00 +0100\n"


def generated() -> dict[str, bytes]:
    """Tricky messages, written out by hand so the bytes are exactly these."""
    m: dict[str, bytes] = {}
    m["gen/rfc2047-arabic-b"] = _b(
        "From: =?utf-8?b?2YbZiNixINit2K/Yp9iv?= <noor@haddad.example>\n"
        "To: =?utf-8?b?2LPYp9mF?= <sam@example.org>, \"Plain, Name\" <plain@example.org>\n"
        "Subject: =?utf-8?b?2KfYrNiq2YXYp9i5INi62K/Yp9mL?=\n"
        "Date: Tue, 09 Mar 2027 08:00:00 +0300\nMessage-ID: <ar-1@haddad.example>\n\n"
        "\u0645\u0631\u062d\u0628\u0627\n")
    m["gen/rfc2047-arabic-iso8859-6-q"] = _b(
        "From: =?iso-8859-6?q?=E3=D1=CD=C8=C7?= <a@example.ae>\nSubject: =?ISO-8859-6?Q?=C7=CC=CA=E5=C7=D9?= tomorrow\n"
        "Date: Tue, 09 Mar 2027 08:00:00 +0400\n\nbody\n")
    m["gen/rfc2047-korean-euckr"] = _b(
        "From: =?EUC-KR?B?sejB9rz2?= <kim@example.kr>\nTo: =?ks_c_5601-1987?B?sejB9rz2?= <to@example.kr>\n"
        "Subject: =?EUC-KR?B?yLi/x8DHILmuwM8=?=\nDate: Tue, 09 Mar 2027 17:00:00 +0900\nMessage-ID: <ko-1@example.kr>\n"
        "Content-Type: text/plain; charset=euc-kr\nContent-Transfer-Encoding: 8bit\n\n") + "회의 안건입니다".encode("euc-kr") + b"\n"
    m["gen/rfc2047-korean-iso2022"] = _b(
        "From: kim@example.kr\nSubject: =?ISO-2022-KR?B?GyQpQw4wRDs4DyA=?= =?utf-8?B?7ZqM7J2Y?=\n"
        "Date: Tue, 09 Mar 2027 17:00:00 +0900\nContent-Type: text/plain; charset=ks_c_5601-1987\n\n") + "안녕".encode("cp949") + b"\n"
    m["gen/rfc2047-french-q-split"] = _b(
        "From: =?iso-8859-1?q?Fran=E7ois_B=E9rard?= <fb@example.fr>\nCc: =?ISO-8859-1?Q?H=E9l=E8ne?= <h@example.fr>,\n"
        " =?utf-8?q?Ren=C3=A9e?= <r@example.fr>\n"
        "Subject: =?iso-8859-1?q?R=E9union_de_d=E9but?= =?iso-8859-1?q?_d=27ann=E9e?=\n  et =?utf-8?Q?caf=C3=A9?=\n"
        "Date: Mon, 08 Mar 2027 10:00:00 +0100\nMessage-ID: <fr-1@example.fr>\n"
        "Content-Type: text/plain; charset=iso-8859-1\nContent-Transfer-Encoding: quoted-printable\n\n"
        "Bonjour =E0 tous,=\nla r=E9union est d=E9plac=E9e.\n")
    m["gen/rfc2047-french-raw-8bit-header"] = _b(
        "From: Fran\u00e7ois <fb@example.fr>\nSubject: R\u00e9union d\u00e9plac\u00e9e\nDate: Mon, 08 Mar 2027 10:00:00 +0100\n\nok\n")
    m["gen/raw-latin1-8bit-header"] = ("From: Ren\u00e9 <r@example.fr>\nSubject: caf\u00e9 cr\u00e8me\n"
                                       "Date: Mon, 08 Mar 2027 10:00:00 +0100\n\nok\n").encode("latin-1")
    m["gen/encoded-word-inside-word"] = _b(
        "From: a@example.org\nSubject: foo=?utf-8?q?bar?=baz =?utf-8?q?a?=  =?utf-8?q?b?=\n\nx\n")
    m["gen/encoded-word-bad-charset"] = _b(
        "From: =?x-unknown?q?Bad_Name?= <bad@example.org>\nSubject: =?x-unknown-charset?B?SGVsbG8=?= there\n"
        "Date: Tue, 09 Mar 2027 08:00:00 +0000\n\nx\n")
    m["gen/encoded-word-bad-base64"] = _b("From: a@example.org\nSubject: =?utf-8?b?!!!notbase64?=\n\nx\n")
    m["gen/alternative-html-only"] = _b(
        HEAD + "Subject: html only\nMessage-ID: <html-only@example.org>\nMIME-Version: 1.0\n"
        "Content-Type: multipart/alternative; boundary=\"BB\"\n\n--BB\nContent-Type: text/html; charset=utf-8\n\n"
        "<html><head><style>p{}</style><script>x()</script></head><body><p>Hello&nbsp;<b>you</b></p>"
        "<ul><li>one</li><li>two &amp; three</li></ul><br>end</body></html>\n--BB--\n")
    m["gen/alternative-plain-and-html"] = _b(
        HEAD + "Subject: both\nContent-Type: multipart/alternative; boundary=BB\n\n--BB\nContent-Type: text/plain\n\n"
        "plain version\n--BB\nContent-Type: text/html\n\n<p>html version</p>\n--BB--\n")
    m["gen/alternative-html-first"] = _b(
        HEAD + "Subject: html first\nContent-Type: multipart/alternative; boundary=BB\n\n--BB\nContent-Type: text/html\n\n"
        "<p>html version</p>\n--BB\nContent-Type: text/plain\n\nplain version\n--BB--\n")
    m["gen/nested-mixed-alternative-related"] = _b(
        HEAD + "Subject: nested\nContent-Type: multipart/mixed; boundary=M\n\n--M\n"
        "Content-Type: multipart/alternative; boundary=A\n\n--A\nContent-Type: multipart/related; boundary=R\n\n"
        "--R\nContent-Type: text/html; charset=utf-8\n\n<div>inner <i>html</i></div>\n--R\nContent-Type: image/png\n"
        "Content-Transfer-Encoding: base64\n\niVBORw0KGgo=\n--R--\n--A--\n--M\nContent-Type: text/plain\n"
        "Content-Disposition: attachment; filename=notes.txt\n\nattached notes, not the body\n--M--\n")
    m["gen/nested-related-start"] = _b(
        HEAD + "Subject: related start\nContent-Type: multipart/related; boundary=R; start=\"<second@x>\"\n\n--R\n"
        "Content-Type: text/plain\nContent-ID: <first@x>\n\nfirst part\n--R\nContent-Type: text/html\n"
        "Content-ID: <second@x>\n\n<p>second part</p>\n--R--\n")
    m["gen/mixed-attachment-only"] = _b(
        HEAD + "Subject: only an attachment\nContent-Type: multipart/mixed; boundary=M\n\n--M\n"
        "Content-Type: text/plain\nContent-Disposition: attachment; filename=a.txt\n\nattached\n--M--\n")
    m["gen/mixed-inline-plain-then-html"] = _b(
        HEAD + "Subject: mixed inline\nContent-Type: multipart/mixed; boundary=M\n\n--M\nContent-Type: text/html\n\n"
        "<p>first html</p>\n--M\nContent-Type: text/plain\nContent-Disposition: inline\n\nthen plain\n--M--\n")
    m["gen/message-rfc822-forward"] = _b(
        HEAD + "Subject: Fwd: inner\nContent-Type: multipart/mixed; boundary=M\n\n--M\nContent-Type: message/rfc822\n\n"
        "From: inner@example.org\nSubject: inner\n\ninner body\n--M--\n")
    m["gen/missing-date"] = _b("From: Sam <sam@example.org>\nTo: noor@haddad.example\nSubject: no date\n"
                               "Message-ID: <nodate@example.org>\n\nbody\n")
    m["gen/bad-date"] = _b("From: sam@example.org\nSubject: bad date\nDate: the day after tomorrow\n\nbody\n")
    m["gen/date-no-zone"] = _b("From: sam@example.org\nSubject: naive date\nDate: Tue, 09 Mar 2027 08:00:00\n\nbody\n")
    m["gen/date-minus-0000"] = _b("From: sam@example.org\nSubject: -0000\nDate: Tue, 09 Mar 2027 08:00:00 -0000\n\nb\n")
    m["gen/date-obsolete-zone"] = _b("From: sam@example.org\nSubject: EST\nDate: 9 Mar 27 08:00 EST\n\nb\n")
    m["gen/date-out-of-range"] = _b("From: sam@example.org\nSubject: day 42\nDate: Tue, 42 Mar 2027 08:00:00 +0000\n\nb\n")
    m["gen/duplicate-headers"] = _b(
        "From: First <first@example.org>\nFrom: Second <second@example.org>\nTo: a@example.org\nTo: b@example.org\n"
        "Subject: one\nSubject: two\nDate: Tue, 09 Mar 2027 08:00:00 +0000\nDate: Wed, 10 Mar 2027 08:00:00 +0000\n"
        "Message-ID: <dup-1@example.org>\nMessage-ID: <dup-2@example.org>\nPrecedence: bulk\nPrecedence: list\n"
        "Content-Type: text/html\nContent-Type: text/plain\n\n<p>dup</p>\n")
    m["gen/invalid-charset-body"] = _b(
        HEAD + "Subject: bad charset\nContent-Type: text/plain; charset=x-no-such-charset\n"
        "Content-Transfer-Encoding: 8bit\n\nd\u00e9j\u00e0 vu\n")
    m["gen/invalid-charset-html"] = _b(
        HEAD + "Subject: bad charset html\nContent-Type: text/html; charset=\"utf-99\"\n\n<p>caf\u00e9</p>\n")
    m["gen/charset-mismatch"] = HEAD.encode() + b"Subject: latin1 as utf8\nContent-Type: text/plain; charset=utf-8\n\ncaf\xe9\n"
    m["gen/cte-base64-plain"] = _b(
        HEAD + "Subject: b64\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: base64\n\n"
        + base64.encodebytes("Grüße aus Berlin\n".encode()).decode())
    m["gen/cte-broken-base64"] = _b(HEAD + "Subject: bad b64\nContent-Transfer-Encoding: base64\n\n!!!! not base64 ===\n")
    m["gen/cte-unknown"] = _b(HEAD + "Subject: x-uue\nContent-Transfer-Encoding: x-weird\n\nweird body\n")
    m["gen/content-type-garbage"] = _b(HEAD + "Subject: garbage ct\nContent-Type: ;;; /\n\nbody\n")
    m["gen/content-type-no-subtype"] = _b(HEAD + "Subject: text only\nContent-Type: text\n\nbody\n")
    m["gen/multipart-no-boundary"] = _b(HEAD + "Subject: no boundary\nContent-Type: multipart/mixed\n\nbody\n")
    m["gen/multipart-missing-end"] = _b(
        HEAD + "Subject: unterminated\nContent-Type: multipart/alternative; boundary=Z\n\n--Z\nContent-Type: text/plain\n\n"
        "cut short\n")
    m["gen/image-only"] = _b(HEAD + "Subject: picture\nContent-Type: image/png\nContent-Transfer-Encoding: base64\n\n"
                             "iVBORw0KGgo=\n")
    m["gen/message-id-forms"] = _b(
        "From: a@example.org\nSubject: ids\nMessage-ID: no-brackets@example.org trailing\n"
        "In-Reply-To: <parent@example.org> (comment)\nReferences: <root@example.org>\n <mid@example.org>\n\nb\n")
    m["gen/message-id-bad"] = _b("From: a@example.org\nSubject: bad id\nMessage-ID: <>\nIn-Reply-To: garbage here\n\nb\n")
    m["gen/message-id-long"] = _b("From: a@example.org\nMessage-ID: <" + "x" * 600 + "@example.org>\n\nb\n")
    m["gen/in-reply-to-only"] = _b("Subject: re\nIn-Reply-To: <p@example.org>\nReferences: not-an-id\n\nb\n")
    m["gen/addresses-tricky"] = _b(
        "From: \"Doe, Jane (Ops)\" <jane@example.org>\n"
        "To: undisclosed-recipients:;, Team: a@example.org, \"B\" <b@example.org>;, c@example.org (Cee Comment),\n"
        " <d@example.org>, Bare Name, \"Quoted \\\"Name\\\"\" <q@example.org>, e@[192.168.0.1]\n"
        "Cc: ,,,\nReply-To: Support <support@example.org>\nSender: bounce+x=y@example.org\n"
        "Subject: addresses\n\nb\n")
    m["gen/address-no-at"] = _b("From: just a name\nTo: <>\nSubject: names\n\nb\n")
    m["gen/address-unterminated"] = _b("From: \"Open quote <open@example.org>\nTo: <unclosed@example.org\nSubject: u\n\nb\n")
    m["gen/address-8bit-name"] = _b("From: J\u00fcrgen M\u00fcller <jm@example.de>\nTo: \u00c9lodie <e@example.fr>\nSubject: 8bit\n\nb\n")
    m["gen/address-idn-and-utf8-local"] = _b("From: <j\u00fcrgen@m\u00fcller.de>\nTo: x@\u4f8b\u3048.jp\nSubject: idn\n\nb\n")
    m["gen/kept-headers"] = _b(
        HEAD + "Subject: newsletter\nList-Unsubscribe: <https://news.example/u?id=1>, <mailto:u@news.example>\n"
        "List-Id: The News <news.example>\nList-Post: NO\nPrecedence: bulk\nAuto-Submitted: auto-generated\n"
        "X-Auto-Response-Suppress: All\nReply-To: =?utf-8?q?R=C3=A9ponse?= <r@news.example>\nSender: s@news.example\n"
        "Return-Path: <bounce@news.example>\nX-Mailer: =?utf-8?q?M=C3=A4iler?= 1.0\nFeedback-ID: 1:2:3\n"
        "Authentication-Results: mx.example;\n spf=pass smtp.mailfrom=news.example;\n\tdkim=pass header.d=news.example\n"
        "Received-SPF: pass (mx.example: domain of news.example designates 1.2.3.4)\nOrganization: The News\n\n"
        "read us\n")
    m["gen/long-header-capped"] = _b(HEAD + "Subject: long\nList-Unsubscribe: <https://x.example/" + "a" * 900 + ">\n"
                                     "X-Mailer: " + " word" * 200 + "\n\nb\n")
    m["gen/header-folding-whitespace"] = _b(
        "From: a@example.org\nSubject:   spaced\n\t  out\n   subject   \n\nb\n")
    m["gen/empty-headers"] = _b("From:\nTo:\nSubject:\nDate:\nMessage-ID:\n\nbody only\n")
    m["gen/only-subject"] = _b("Subject: alone\n\n")
    m["gen/only-message-id"] = _b("Message-ID: <lonely@example.org>\n\n")
    m["gen/no-headers"] = _b("just some text\nwith no headers\n")
    m["gen/empty"] = b""
    m["gen/crlf"] = _crlf(HEAD + "Subject: crlf\nMessage-ID: <crlf@example.org>\n\nline one\nline two\n")
    m["gen/mbox-from-line"] = _b("From sam@example.org Tue Mar  9 08:00:00 2027\n" + HEAD + "Subject: mbox\n\nb\n")
    m["gen/nul-and-control"] = HEAD.encode() + b"Subject: nul \x00 and \x07 bell\n\nbody \x00 nul\n"
    m["gen/surrogate-subject-bytes"] = HEAD.encode() + b"Subject: \xff\xfe broken \xc3\n\nb\n"
    m["gen/long-body-capped"] = _b(HEAD + "Subject: long body\n\n" + ("lorem ipsum " * 1000) + "\n")
    m["gen/html-entities-and-scripts"] = _b(
        HEAD + "Subject: html\nContent-Type: text/html; charset=utf-8\n\n<p>caf&eacute; &lt;tag&gt; &#8364;5</p>"
        "<script>alert(1)</script><style>.a{}</style><table><tr><td>cell</td></tr></table><p>unclosed <b>bold\n")
    m["gen/header-no-space"] = _b("From:a@example.org\nTo:b@example.org\nSubject:tight\nDate:Tue, 09 Mar 2027 08:00:00 +0000\n\nb\n")
    m["gen/mixed-case-header-names"] = _b("FROM: A <a@example.org>\nsubject: lower\nmessage-id: <lc@example.org>\n"
                                          "LIST-UNSUBSCRIBE: <https://u.example>\n\nb\n")
    m["gen/defective-header-line"] = _b("From: a@example.org\nThis is not a header\nSubject: after\n\nb\n")
    m["gen/continuation-first"] = _b(" continued first\nFrom: a@example.org\nSubject: s\n\nb\n")
    m["gen/utf8-subject-rfc6532"] = _b("From: a@example.org\nSubject: \u00fcber \u65e5\u672c \U0001f600\n\nb\n")
    m["gen/text-enriched"] = _b(HEAD + "Subject: enriched\nContent-Type: text/enriched\n\n<bold>hi</bold>\n")
    m["gen/multipart-digest"] = _b(
        HEAD + "Subject: digest\nContent-Type: multipart/digest; boundary=D\n\n--D\n\nFrom: x@example.org\n"
        "Subject: one\n\ndigest one\n--D--\n")
    m["gen/params-rfc2231"] = _b(
        HEAD + "Subject: 2231\nContent-Type: text/plain; charset*=utf-8''iso-8859-1\n\ncaf\u00e9\n")
    return m


# --- the corpus ---------------------------------------------------------------------------------

def corpus() -> dict[str, bytes]:
    """Every input, by a stable name: CPython's data, the Maildir messages of the cases, the generated ones."""
    out: dict[str, bytes] = {}
    try:
        import test

        data = Path(os.path.dirname(test.__file__)) / "test_email" / "data"
        for f in sorted(data.iterdir()) if data.is_dir() else []:
            if f.is_file():
                out[f"cpython/{f.name}"] = f.read_bytes()
    except ImportError:
        pass
    for label, base in (("eval", EVAL_DEV), ("cases", ROOT / "tests" / "triage" / "cases")):
        for f in sorted(glob.glob(str(base / "*" / "sources" / "mail" / "*" / "*"))):
            p = Path(f)
            if p.is_file() and p.parent.name in ("cur", "new"):
                out[f"{label}/{p.relative_to(base)}"] = p.read_bytes()
    out.update(generated())
    return out


def outcome(raw: bytes) -> dict[str, Any]:
    """What email_event makes of raw: the Event as JSON, or the exception it raised."""
    try:
        event = email_event(raw, source="mail", received=RECEIVED, seen=False)
    except Exception as exc:  # noqa: BLE001 - recorded as it is
        return {"error": f"{type(exc).__name__}: {exc}"}
    return {"event": event.model_dump(mode="json")}


def write() -> None:
    cases = [{"name": name, "raw": base64.b64encode(raw).decode("ascii"), **outcome(raw)} for name, raw in corpus().items()]
    GOLDEN.parent.mkdir(parents=True, exist_ok=True)
    GOLDEN.write_text(json.dumps(cases, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {len(cases)} cases to {GOLDEN}")


def _golden() -> list[dict[str, Any]]:
    return json.loads(GOLDEN.read_text(encoding="utf-8"))


CASES = _golden() if GOLDEN.exists() else []


def _defaults() -> dict[str, Any]:
    """Every Event field's default, as JSON (a field added later must stay at its default for e-mail)."""
    return {name: f.get_default(call_default_factory=True) for name, f in Event.model_fields.items() if not f.is_required()}


def test_golden_file_covers_the_corpora():
    assert len(CASES) > 200
    names = {c["name"] for c in CASES}
    assert any(n.startswith("cpython/msg_") for n in names)
    assert any(n.startswith("eval/") for n in names) and any(n.startswith("cases/") for n in names)
    assert set(generated()) <= names
    assert sum("event" in c for c in CASES) > 150


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_email_event_matches_golden(case):
    got = outcome(base64.b64decode(case["raw"]))
    if "error" in case or "error" in got:
        assert got == {k: case[k] for k in ("error", "event") if k in case}
        return
    want, have = case["event"], got["event"]
    # A field the golden file predates (added to Event since) must be at its default for an e-mail.
    defaults = _defaults()
    extra = {k: have[k] for k in have.keys() - want.keys()}
    assert extra == {k: Event.model_validate({**want, k: defaults[k]}).model_dump(mode="json")[k] for k in extra}
    assert {k: have[k] for k in want} == want


def test_generated_messages_are_still_the_recorded_bytes():
    """The generator and the golden file agree (so a regenerated file pins the same inputs)."""
    recorded = {c["name"]: base64.b64decode(c["raw"]) for c in CASES}
    for name, raw in generated().items():
        assert recorded[name] == raw, name


if __name__ == "__main__":
    if "--write" in sys.argv:
        write()
    else:
        print(__doc__)
