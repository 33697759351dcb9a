"""Settings: read once from the environment (prefix TIC_) and passed in from cli.py."""

from __future__ import annotations

from pathlib import Path, PurePosixPath
from zoneinfo import ZoneInfo

from pydantic import Field, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from tic.db import sqlite_url

__all__ = ["Settings"]


class Settings(BaseSettings):
    """Every setting, with its environment variable (TIC_<NAME>) and default.

    Paths default relative to `home` (the project folder; the ./tic launcher
    sets TIC_HOME to the folder it lives in).
    """

    model_config = SettingsConfigDict(env_prefix="TIC_", extra="ignore")

    home: Path = Field(default_factory=Path.cwd, description="project folder holding agents/ and data/")
    data_dir: Path | None = Field(None, description="user data: notifications.md, the database, demo sources")
    agents_dir: Path | None = Field(None, description="agent definitions (meta.json + AGENT.md per agent)")
    database_url: str | None = Field(None, description="SQLAlchemy URL of the world; default SQLite file data/tic.db")
    demo: bool = Field(True, description="create and read the embedded demo sources under data/demo/")
    sources_dir: Path | None = Field(None, description="folder with mail/, calendar.ics, whatsapp.jsonl; default data/demo when demo is on")
    main_model: str | None = Field(None, description="model of the main agent; overrides agents/main/meta.json ('offline' or a litellm model string)")
    tic_model: str | None = Field(None, description="model of the triage agent; overrides agents/tic/meta.json")
    first_run_hours: float = Field(24.0, gt=0, description="S5: a source with no cursor considers this many past hours")
    calendar_horizon_hours: float = Field(24.0, gt=0, description="S3: calendar look-ahead for items starting soon")
    batch_window_ms: int = Field(200, ge=0, description="H3: ChatHub batching window")
    user: str = Field("me", description="the signed-in user; mutes are stored per user (N8)")
    repeat_hold_seconds: float = Field(30.0, gt=0, description="N7: first hold of a repeated warn/error notice")
    repeat_cap_seconds: float = Field(3600.0, gt=0, description="N7: the doubling hold's cap, and the quiet period that resets it")
    workdirs_dir: Path | None = Field(None, description="C: agent workdirs (<dir>/<agent>/.notification/); default data/agents")
    timezone: str | None = Field(None, description="T9: the user's IANA time zone ('Europe/Rome'); default the calendar's "
                                 "X-WR-TIMEZONE, else the machine's")
    writable_files: str = Field("notifications.md", description="H10: the files the chat's file tools may write, "
                                "a comma list of paths relative to data/ (the database, sources.toml and channel "
                                "files are never writable)")
    # R3/H8 (issue 9): how the model agents reach a provider
    model_api_base: str | None = Field(None, description="base URL of both agents' model server (Ollama, llama.cpp, "
                                       "vLLM, a gateway: 'http://127.0.0.1:8080/v1'); no API key is needed when it "
                                       "is local")
    main_model_api_base: str | None = Field(None, description="the main agent's base URL; default TIC_MODEL_API_BASE")
    tic_model_api_base: str | None = Field(None, description="the triage agent's base URL; default TIC_MODEL_API_BASE")
    model_timeout_seconds: float = Field(60.0, gt=0, description="R3: one HTTP request to a model, at most")
    model_deadline_seconds: float = Field(180.0, ge=0, description="R3: one model request with its retries and "
                                          "waits (Retry-After included), at most; 0 = no limit of its own")
    tick_model_deadline_seconds: float = Field(300.0, ge=0, description="R3: every model request of one triage tick "
                                               "together, at most; 0 = no limit")
    turn_model_deadline_seconds: float = Field(300.0, ge=0, description="R3: every model request of one turn of "
                                               "the main agent together, at most; 0 = no limit")
    model_max_tokens: int = Field(4096, ge=1, description="the most output tokens asked of a model (its own limit "
                                  "from litellm's model info when smaller); always sent to Anthropic")
    context_tokens: int = Field(0, ge=0, description="issue 9 item 6: the most tokens of one request of the main "
                                "agent; older turns are folded into a summary beyond it. 0 = the model's input "
                                "window from litellm's model info (less its output limit), at most 32,000")
    # issue 11: the chat in the browser (./tic run --web)
    web: bool = Field(False, description="serve the chat page beside the terminal (same as ./tic run --web)")
    web_host: str = Field("127.0.0.1", description="the page's address; anything but a loopback address needs "
                          "TIC_WEB_TOKEN")
    web_port: int = Field(8765, ge=0, le=65535, description="the page's port (0: any free port)")
    web_token: str | None = Field(None, description="a secret the page asks for (once in the URL printed on "
                                  "start, then a cookie); required when TIC_WEB_HOST is not a loopback address")
    # Retention (issue 10): how long history is kept; 0 = for ever. Pruned on the scheduler in small batches.
    keep_notices_days: float = Field(90.0, ge=0, description="notices older than this are pruned, never one still "
                                     "unread by some reader nor the newest standing notice of its template")
    keep_decisions_days: float = Field(365.0, ge=0, description="the triage log (decisions, parked failures): older "
                                       "entries are pruned, never the newest decision of a calendar item or of a "
                                       "held event")
    keep_held_days: float = Field(30.0, ge=0, description="T11: held events released or replaced longer ago than "
                                  "this are pruned; one not yet released never is")
    keep_conversation_days: float = Field(0.0, ge=0, description="the main agent's conversation: messages older than "
                                          "this and beyond the newest TIC_KEEP_CONVERSATION_MESSAGES are pruned; "
                                          "0 (the default) keeps it all, since the agent reads the whole stored "
                                          "conversation")
    keep_conversation_messages: int = Field(1000, ge=1, description="the newest messages of the conversation, "
                                            "always kept whatever their age")
    retention_every_minutes: float = Field(60.0, gt=0, description="how often pruning runs while the engine runs")
    # C: TIC_NOTIFICATION_DELAY_MAX_SECONDS and TIC_NOTIFICATION_MAX_CHARS are read live from the environment
    # by tic.channels (a bad value falls back to its default with a diagnostic instead of failing the start).

    @field_validator("context_tokens")
    @classmethod
    def _context_tokens(cls, value: int) -> int:
        if 0 < value < 1000:
            raise ValueError(f"TIC_CONTEXT_TOKENS is 0 (the model's own window, capped) or at least 1000, not {value}")
        return value

    @field_validator("timezone")
    @classmethod
    def _known_zone(cls, value: str | None) -> str | None:
        """T9: an IANA name zoneinfo knows; empty = not set."""
        if value is None or not value.strip():
            return None
        value = value.strip()
        try:
            ZoneInfo(value)
        except (ValueError, KeyError, OSError):
            raise ValueError(f"unknown time zone {value!r}: use an IANA name such as 'Europe/Rome' or "
                             "'America/New_York' (a city of the tz database), or unset TIC_TIMEZONE to follow "
                             "your calendar's time zone") from None
        return value

    @field_validator("writable_files")
    @classmethod
    def _relative_files(cls, value: str) -> str:
        """H10: each entry a path inside data/ (no absolute path, no '..')."""
        for entry in (e.strip().replace("\\", "/") for e in (value or "").split(",")):
            if entry.startswith(("/", "~")) or ".." in PurePosixPath(entry).parts:
                raise ValueError(f"{entry!r} is not a path inside data/: list paths relative to data/, "
                                 "such as notifications.md,notes/travel.md")
        return value

    @field_validator("model_api_base", "main_model_api_base", "tic_model_api_base")
    @classmethod
    def _base_url(cls, value: str | None) -> str | None:
        """An http(s) URL; empty = not set."""
        if value is None or not value.strip():
            return None
        value = value.strip()
        if not value.startswith(("http://", "https://")):
            raise ValueError(f"{value!r} is not a base URL: write it with its scheme, such as "
                             "http://127.0.0.1:11434 (Ollama) or http://127.0.0.1:8080/v1 (llama.cpp, vLLM)")
        return value

    def model_api_base_for(self, agent: str) -> str | None:
        """The base URL of `agent`'s model ('main' or 'tic'): its own setting, else TIC_MODEL_API_BASE."""
        own = {"main": self.main_model_api_base, "tic": self.tic_model_api_base}.get(agent)
        return own or self.model_api_base

    @property
    def writable_paths(self) -> tuple[str, ...]:
        """H10: TIC_WRITABLE_FILES as paths relative to data/."""
        return _split_files(self.writable_files)

    @field_validator("web_token")
    @classmethod
    def _strong_token(cls, value: str | None) -> str | None:
        """Issue 11: empty = not set; a set token is long enough not to be guessed."""
        if value is None or not value.strip():
            return None
        if len(value.strip()) < 16:
            raise ValueError("the web token is too short: use at least 16 random characters, such as the output "
                             "of `python3 -c 'import secrets; print(secrets.token_urlsafe())'`")
        return value.strip()

    @model_validator(mode="after")
    def _token_off_loopback(self) -> "Settings":
        """Issue 11: the page binds elsewhere than loopback only behind a token."""
        import ipaddress

        host = self.web_host.strip()
        try:
            loopback = host == "localhost" or ipaddress.ip_address(host.strip("[]")).is_loopback
        except ValueError:
            loopback = False
        if not loopback and self.web_token is None:
            raise ValueError(f"TIC_WEB_HOST={host} is not a loopback address: set TIC_WEB_TOKEN to a secret of at "
                             "least 16 characters (the page asks for it), or bind to 127.0.0.1")
        return self

    @model_validator(mode="after")
    def _hold_within_cap(self) -> "Settings":
        if self.repeat_cap_seconds < self.repeat_hold_seconds:
            raise ValueError("TIC_REPEAT_CAP_SECONDS must be at least TIC_REPEAT_HOLD_SECONDS")
        return self

    @model_validator(mode="after")
    def _fill_paths(self) -> "Settings":
        self.home = self.home.resolve()
        if self.data_dir is None:
            self.data_dir = self.home / "data"
        if self.agents_dir is None:
            self.agents_dir = self.home / "agents"
        if self.database_url is None:
            self.database_url = sqlite_url(self.data_dir / "tic.db")
        if self.workdirs_dir is None:
            self.workdirs_dir = self.data_dir / "agents"
        if self.sources_dir is None and self.demo:
            self.sources_dir = self.data_dir / "demo"
        return self

    def resolve(self, rel: str) -> Path:
        """A project-relative path from an agent definition; `data/...` follows TIC_DATA_DIR."""
        parts = Path(rel).parts
        if parts and parts[0] == "data":
            return self.data_dir.joinpath(*parts[1:])  # type: ignore[union-attr]
        return self.home / rel

    def workdir(self, agent: str) -> Path:
        """C: an agent's workdir, holding its .notification/ folder."""
        return self.workdirs_dir / agent  # type: ignore[operator]

    @property
    def rules_file(self) -> Path:
        return self.data_dir / "notifications.md"  # type: ignore[operator]


def _split_files(value: str) -> tuple[str, ...]:
    """'notifications.md, data/notes.md' -> ('notifications.md', 'notes.md'): a leading data/ names the same file."""
    out = []
    for entry in (value or "").split(","):
        entry = entry.strip().replace("\\", "/")
        if entry.startswith("data/"):
            entry = entry[len("data/"):]
        entry = "/".join(p for p in entry.split("/") if p not in ("", "."))
        if entry:
            out.append(entry)
    return tuple(dict.fromkeys(out))
