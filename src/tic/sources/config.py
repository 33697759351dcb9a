"""data/sources.toml: which inboxes the triage agent reads, and how (S2, S3, S4).

One `[[source]]` table per inbox, each with a `type` (maildir | imap | ics |
ics_url | caldav | whatsapp), a unique `name` (the key its cursor is stored
under: renaming a source starts it afresh) and its settings. Secrets are never
written in the file: a setting ending in `_env` names the environment variable
that holds it (`password_env = "TIC_WORK_MAIL_PASSWORD"`, `url_env = ...` for a
private feed's secret address). Relative paths are read from the file's folder;
`~` is the home folder. docs/sources.md documents every setting with a full
example.

`load_sources(path, ...)` reads and validates the whole file (tomllib, then
pydantic): a syntax error, an unknown type or setting, a missing setting or a
duplicate name is a ConfigError naming the source and the setting. A secret
whose variable is not set does not stop the other sources: that source is
built as an `UnavailableSource` whose every fetch raises a SourceError naming
the variable (the tick warns, `./tic sources check` reports it).
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Annotated, Literal, Mapping, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, field_validator

from tic.errors import ConfigError, SourceError
from tic.sources._base import Cursor, Fetched, Source
from tic.sources._calendar import zone_named
from tic.sources._retry import Retry

__all__ = ["ConfiguredSource", "UnavailableSource", "load_sources", "SOURCES_FILE"]

SOURCES_FILE = "sources.toml"  # under the data folder


class _Base(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9][A-Za-z0-9_.@-]*$")


class _Network(_Base):
    timeout: float = Field(30.0, gt=0, description="seconds per network operation")
    retries: int = Field(3, ge=1, le=10, description="tries in all before the source is reported down (R3)")
    ca_file: Path | None = Field(None, description="PEM file of the authority that signed the server's TLS certificate")


class _Calendar(_Base):
    horizon_hours: float | None = Field(None, gt=0, description="look-ahead for events starting soon; default TIC_CALENDAR_HORIZON_HOURS")
    timezone: str | None = Field(None, description="IANA zone for all-day and floating times when the calendar names none")

    @field_validator("timezone")
    @classmethod
    def _known_zone(cls, value: str | None) -> str | None:
        if value is not None and zone_named(value) is None:
            raise ValueError(f"unknown time zone {value!r} (use an IANA name such as 'Europe/Rome')")
        return value


class MaildirConfig(_Base):
    type: Literal["maildir"]
    path: Path


class ImapConfig(_Network):
    type: Literal["imap"]
    host: str = Field(min_length=1)
    port: int | None = Field(None, ge=1, le=65535, description="default 993 (tls) or 143 (starttls)")
    security: Literal["tls", "starttls"] = "tls"
    username: str = Field(min_length=1)
    password_env: str = Field(min_length=1)
    folder: str = "INBOX"
    sent_folder: str | None = Field(None, description="the Sent folder (who the user writes to); default: the one "
                                    "the server flags \\Sent or names Sent; \"\" reads none")


class IcsConfig(_Calendar):
    type: Literal["ics"]
    path: Path


class IcsUrlConfig(_Network, _Calendar):
    type: Literal["ics_url"]
    url: str | None = Field(None, pattern=r"^https?://")
    url_env: str | None = None
    username: str | None = None
    password_env: str | None = None


class CalDavConfig(_Network, _Calendar):
    type: Literal["caldav"]
    url: str = Field(pattern=r"^https?://")
    username: str | None = None
    password_env: str | None = None
    calendars: list[str] = Field(default_factory=list, description="display names (or URL names); empty = every calendar")


class WhatsAppConfig(_Base):
    type: Literal["whatsapp"]
    path: Path


SourceConfig = Annotated[
    Union[MaildirConfig, ImapConfig, IcsConfig, IcsUrlConfig, CalDavConfig, WhatsAppConfig],
    Field(discriminator="type"),
]
_ADAPTER: TypeAdapter = TypeAdapter(SourceConfig)


@dataclass(frozen=True)
class ConfiguredSource:
    """One entry of the file: its settings and the Source built from them."""

    config: BaseModel
    source: Source

    @property
    def name(self) -> str:
        return self.source.name

    @property
    def type(self) -> str:
        return str(getattr(self.config, "type"))


class UnavailableSource:
    """A configured source that cannot be built (a secret's variable is unset): every fetch says why."""

    def __init__(self, name: str, kind: str, reason: str) -> None:
        self.name = name
        self.kind = kind
        self.reason = reason

    def __repr__(self) -> str:
        return f"UnavailableSource({self.name!r}, {self.reason!r})"

    def fetch(self, cursor: Cursor | None, *, now: datetime, since: datetime | None) -> Fetched:
        raise SourceError(self.reason)


class _MissingSecret(Exception):
    pass


def load_sources(
    path: Path,
    *,
    env: Mapping[str, str] | None = None,
    horizon: timedelta = timedelta(hours=24),
    first_run: timedelta = timedelta(hours=24),
) -> list[ConfiguredSource]:
    """Every source the file configures, in file order. ConfigError when the file is wrong."""
    path = Path(path)
    env = os.environ if env is None else env
    try:
        document = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise ConfigError(f"{path} does not exist; see docs/sources.md for an example") from exc
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"cannot read {path}: {exc}") from exc
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path} is not valid TOML: {exc}; see docs/sources.md") from exc
    unknown = sorted(set(document) - {"source"})
    if unknown:
        raise ConfigError(f"{path}: unknown top-level key(s) {', '.join(unknown)}; each inbox is a [[source]] table")
    entries = document.get("source", [])
    if not isinstance(entries, list):
        raise ConfigError(f"{path}: write each inbox as a [[source]] table (double brackets)")
    configs = [_validate(path, n, entry) for n, entry in enumerate(entries, start=1)]
    seen: set[str] = set()
    for config in configs:
        if config.name in seen:
            raise ConfigError(f"{path}: two sources are named {config.name!r}; names must be unique (cursors are kept per name)")
        seen.add(config.name)
    return [ConfiguredSource(c, _build(c, path.parent, env, horizon, first_run, path.name)) for c in configs]


def _validate(path: Path, n: int, entry: object) -> BaseModel:
    label = f"source #{n}"
    if isinstance(entry, dict) and isinstance(entry.get("name"), str):
        label += f" ({entry['name']!r})"
    if not isinstance(entry, dict):
        raise ConfigError(f"{path}: {label} is not a table")
    if "type" not in entry:
        raise ConfigError(f"{path}: {label} has no type; use one of maildir, imap, ics, ics_url, caldav, whatsapp")
    try:
        config = _ADAPTER.validate_python(entry)
    except ValidationError as exc:
        problems = "; ".join(_problem(e) for e in exc.errors())
        raise ConfigError(f"{path}: {label}: {problems}; see docs/sources.md") from exc
    if isinstance(config, IcsUrlConfig) and (config.url is None) == (config.url_env is None):
        raise ConfigError(f"{path}: {label}: give exactly one of url and url_env")
    return config


def _problem(error: dict) -> str:
    where = ".".join(str(p) for p in error.get("loc", ())[1:]) or "type"
    if error.get("type") == "extra_forbidden":
        return f"{where}: unknown setting"
    if error.get("type") == "union_tag_invalid":
        return "type: must be one of maildir, imap, ics, ics_url, caldav, whatsapp"
    return f"{where}: {error.get('msg', 'invalid')}"


def _build(config: BaseModel, base: Path, env: Mapping[str, str], horizon: timedelta, first_run: timedelta, filename: str) -> Source:
    from tic.sources.dav import CalDavSource
    from tic.sources.ics import IcsFileSource, IcsUrlSource
    from tic.sources.imap import ImapSource
    from tic.sources.maildir import MaildirSource
    from tic.sources.whatsapp import WhatsAppSource

    def local(p: Path) -> Path:
        p = p.expanduser()
        return p if p.is_absolute() else base / p

    def secret(var: str | None, setting: str) -> str | None:
        if var is None:
            return None
        value = env.get(var)
        if not value:
            raise _MissingSecret(f"{config.name}: the environment variable {var} ({setting} in {filename}) is not set; "
                                 f"export {var} before starting tic")
        return value

    if isinstance(config, MaildirConfig):
        return MaildirSource(local(config.path), name=config.name)
    if isinstance(config, WhatsAppConfig):
        return WhatsAppSource(local(config.path), name=config.name)
    if isinstance(config, IcsConfig):
        return IcsFileSource(local(config.path), name=config.name, horizon=_hours(config.horizon_hours, horizon),
                             zone=zone_named(config.timezone))
    assert isinstance(config, _Network)
    retry = Retry(attempts=config.retries)
    ca = local(config.ca_file) if config.ca_file else None
    hint = f"the password in ${getattr(config, 'password_env', None)}"
    try:
        if isinstance(config, ImapConfig):
            return ImapSource(config.host, username=config.username, password=secret(config.password_env, "password_env") or "",
                              name=config.name, port=config.port, folder=config.folder, security=config.security,
                              ca_file=ca, timeout=config.timeout, rescan=first_run, retry=retry, password_hint=hint,
                              sent_folder=config.sent_folder)
        if isinstance(config, IcsUrlConfig):
            url = config.url or secret(config.url_env, "url_env") or ""
            return IcsUrlSource(url, name=config.name, horizon=_hours(config.horizon_hours, horizon), zone=zone_named(config.timezone),
                                username=config.username, password=secret(config.password_env, "password_env"),
                                ca_file=ca, timeout=config.timeout, retry=retry)
        if isinstance(config, CalDavConfig):
            return CalDavSource(config.url, username=config.username, password=secret(config.password_env, "password_env"),
                                calendars=config.calendars, name=config.name, horizon=_hours(config.horizon_hours, horizon),
                                zone=zone_named(config.timezone), ca_file=ca, timeout=config.timeout, retry=retry, password_hint=hint)
    except _MissingSecret as exc:
        kind = "email" if isinstance(config, ImapConfig) else "calendar"
        return UnavailableSource(config.name, kind, str(exc))
    raise AssertionError(f"unhandled source type {type(config).__name__}")  # pragma: no cover


def _hours(value: float | None, default: timedelta) -> timedelta:
    return timedelta(hours=value) if value is not None else default
