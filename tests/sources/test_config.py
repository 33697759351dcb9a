"""data/sources.toml: the documented example loads, mistakes are clear errors, secrets come from the environment."""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from tic.app import build_sources
from tic.config import Settings
from tic.errors import ConfigError, SourceError
from tic.sources import (
    CalDavSource,
    IcsFileSource,
    IcsUrlSource,
    ImapSource,
    MaildirSource,
    UnavailableSource,
    WhatsAppSource,
    load_sources,
)

ROOT = Path(__file__).resolve().parents[2]
NOW = datetime(2026, 12, 1, 9, 0, tzinfo=timezone.utc)
ENV = {"TIC_WORK_MAIL_PASSWORD": "pw1", "TIC_CALDAV_PASSWORD": "pw2", "TIC_TEAM_CALENDAR_URL": "https://cal.example.com/private-x/basic.ics"}


def docs_example() -> str:
    text = (ROOT / "docs" / "sources.md").read_text()
    [block] = re.findall(r"### Full example\n\n```toml\n(.*?)```", text, re.S)
    return block


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "sources.toml"
    path.write_text(text)
    return path


def test_s2_s3_s4_the_documented_example_loads_every_type(tmp_path):
    loaded = load_sources(write(tmp_path, docs_example()), env=ENV, horizon=timedelta(hours=12), first_run=timedelta(hours=6))
    by_name = {c.name: c.source for c in loaded}
    assert [c.type for c in loaded] == ["imap", "maildir", "caldav", "ics_url", "ics", "whatsapp"]
    imap = by_name["work-mail"]
    assert isinstance(imap, ImapSource)
    assert (imap.host, imap.port, imap.security, imap.folder, imap.username) == ("imap.example.com", 993, "tls", "INBOX", "maria@example.com")
    assert imap._password == "pw1" and imap.rescan == timedelta(hours=6)
    assert isinstance(by_name["personal-mail"], MaildirSource)
    assert by_name["personal-mail"].path == Path("~/Mail/personal/INBOX").expanduser()
    dav = by_name["calendar"]
    assert isinstance(dav, CalDavSource) and dav.calendars == ("Personal", "Work") and dav._password == "pw2"
    assert dav.horizon == timedelta(hours=12) and str(dav.zone) == "Europe/Rome"
    feed = by_name["team-calendar"]
    assert isinstance(feed, IcsUrlSource) and feed.url == ENV["TIC_TEAM_CALENDAR_URL"]
    assert "private-x" not in repr(feed)  # the secret address stays out of logs
    assert isinstance(by_name["holidays"], IcsFileSource) and by_name["holidays"].path == tmp_path / "calendars" / "holidays.ics"
    assert isinstance(by_name["whatsapp"], WhatsAppSource) and by_name["whatsapp"].path == tmp_path / "whatsapp" / "inbox.jsonl"


def test_a_missing_secret_is_a_clear_error_naming_the_variable_and_the_rest_go_on(tmp_path):
    env = {k: v for k, v in ENV.items() if k != "TIC_WORK_MAIL_PASSWORD"}
    loaded = load_sources(write(tmp_path, docs_example()), env=env)
    broken = loaded[0].source
    assert isinstance(broken, UnavailableSource) and broken.kind == "email"
    with pytest.raises(SourceError) as err:
        broken.fetch(None, now=NOW, since=None)
    assert str(err.value) == ("work-mail: the environment variable TIC_WORK_MAIL_PASSWORD (password_env in sources.toml) "
                              "is not set; export TIC_WORK_MAIL_PASSWORD before starting tic")
    assert not any(isinstance(c.source, UnavailableSource) for c in loaded[1:])


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[[source]]\ntype = 'imap'\nname = 'x'\n", r"source #1 \('x'\): host: Field required; username: Field required; password_env: Field required"),
        ("[[source]]\ntype = 'pop3'\nname = 'x'\n", r"source #1 \('x'\): type: must be one of maildir, imap, ics, ics_url, caldav, whatsapp"),
        ("[[source]]\nname = 'x'\npath = 'm'\n", r"source #1 \('x'\) has no type"),
        ("[[source]]\ntype = 'maildir'\nname = 'x'\npath = 'm'\npasword = 'oops'\n", r"source #1 \('x'\): pasword: unknown setting"),
        ("[[source]]\ntype = 'imap'\nname = 'x'\nhost = 'h'\nusername = 'u'\npassword = 'hunter2'\npassword_env = 'P'\n",
         r"password: unknown setting"),  # a password written in the file is refused
        ("[[source]]\ntype = 'maildir'\nname = 'a'\npath = 'm'\n[[source]]\ntype = 'whatsapp'\nname = 'a'\npath = 'w'\n",
         r"two sources are named 'a'"),
        ("[[source]]\ntype = 'ics_url'\nname = 'x'\n", r"give exactly one of url and url_env"),
        ("[[source]]\ntype = 'ics'\nname = 'x'\npath = 'c.ics'\ntimezone = 'Mars/Olympus'\n", r"unknown time zone 'Mars/Olympus'"),
        ("[[source]]\ntype = 'caldav'\nname = 'x'\nurl = 'ftp://h'\n", r"url: String should match pattern"),
        ("[source]\ntype = 'maildir'\n", r"write each inbox as a \[\[source\]\] table"),
        ("[[sources]]\ntype = 'maildir'\n", r"unknown top-level key\(s\) sources"),
        ("[[source]\ntype = 'maildir'\n", r"is not valid TOML"),
    ],
    ids=["missing", "unknown-type", "no-type", "typo", "inline-password", "duplicate", "url-or-env", "zone", "scheme",
         "single-brackets", "top-level", "syntax"],
)
def test_configuration_mistakes_are_clear_errors(tmp_path, text, message):
    with pytest.raises(ConfigError, match=message):
        load_sources(write(tmp_path, text), env={})


def test_build_sources_uses_sources_toml_when_it_exists_else_the_folder(tmp_path):
    data = tmp_path / "data"
    (data / "demo" / "mail" / "cur").mkdir(parents=True)
    (data / "demo" / "mail" / "new").mkdir()
    settings = Settings(home=tmp_path, calendar_horizon_hours=6)
    assert [s.name for s in build_sources(settings)] == ["mail"]  # the demo folder
    (data / "sources.toml").write_text("[[source]]\ntype = 'ics'\nname = 'cal'\npath = 'c.ics'\n")
    [only] = build_sources(settings)
    assert isinstance(only, IcsFileSource) and only.name == "cal" and only.horizon == timedelta(hours=6)
    assert only.path == data / "c.ics"
