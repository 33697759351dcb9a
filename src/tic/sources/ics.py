"""iCalendar sources (S1, S3, S5): a local `.ics` file, and an `.ics` feed by URL.

Both read bytes and hand them to the shared `tic.sources._calendar` code (the
one CalDAV uses too): one Event per VEVENT UID, recurrence expanded, the UIDs
created or changed since the last tick plus those starting within the
look-ahead horizon. Cursor: `{"checked_at": <now ISO>, "state": <id>}`.

Idle cost (issue 10): what was read is kept (`_calendar_memo.CalendarMemo`), so
a tick over an unchanged calendar parses nothing. The file is read again only
when its mtime, size or inode changed (or it changed within RACY_SECONDS of the
last read); the URL is fetched with a conditional GET (If-None-Match with the
last ETag, If-Modified-Since with the last Last-Modified) and a 304 reuses what
was read; a 200 with the same bytes as last time is not parsed again either.
A deleted or cancelled item is an update (see `_calendar_memo`).

The URL source fetches with httpx (TLS verified, against `ca_file` when
given), retries connection failures, timeouts, 429 and 5xx with backoff a
bounded number of times (R3), then raises SourceError with a message that
names the feed without its path or query (a private feed's URL is its secret)
and is the same for the same failure, so the tick's warning can be held as a
repeat.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from datetime import datetime, timedelta, tzinfo
from pathlib import Path
from typing import Callable
from urllib.parse import urlsplit

from tic.clock import Clock, SystemClock
from tic.errors import SourceError
from tic.sources._base import RACY_SECONDS, Cursor, Fetched
from tic.sources._calendar import read_calendar
from tic.sources._calendar_memo import CalendarMemo
from tic.sources._retry import Retry, Transient, retrying

__all__ = ["IcsFileSource", "IcsUrlSource"]


class IcsFileSource:
    """A local `.ics` file (a calendar export, a synced copy, a subscribed feed's download)."""

    kind = "calendar"

    def __init__(self, path: Path | str, name: str = "calendar", horizon: timedelta = timedelta(hours=24),
                 zone: tzinfo | None = None, *, clock: Clock | None = None) -> None:
        self.path = Path(path)
        self.name = name
        self.horizon = horizon
        self.zone = zone
        self._clock = clock or SystemClock()  # the file system's time, compared with the file's mtime
        self._memo = CalendarMemo()
        self._stamp: tuple[int, int, int] | None = None  # (mtime ns, size, inode) of what the memo holds
        self._digest = b""
        self._racy = False

    def __repr__(self) -> str:
        return f"IcsFileSource({str(self.path)!r}, name={self.name!r}, horizon={self.horizon!r})"

    def fetch(self, cursor: Cursor | None, *, now: datetime, since: datetime | None) -> Fetched:
        try:
            st = os.stat(self.path)
            stamp = (st.st_mtime_ns, st.st_size, st.st_ino)
            if stamp != self._stamp or self._racy or not self._memo.loaded:
                read_at = self._clock.now().timestamp()
                raw = self.path.read_bytes()
                self._load(raw)
                self._stamp, self._racy = stamp, st.st_mtime_ns / 1e9 >= read_at - RACY_SECONDS
        except FileNotFoundError as exc:
            raise SourceError(f"{self.name}: calendar file {self.path} does not exist; create it or fix the configured path") from exc
        except OSError as exc:
            raise SourceError(f"{self.name}: cannot read calendar file {self.path}: {exc}") from exc
        return self._memo.select(source=self.name, cursor=cursor, now=now, since=since, horizon=self.horizon)

    def _load(self, raw: bytes) -> None:
        digest = hashlib.sha256(raw).digest()
        if digest == self._digest and self._memo.loaded:
            return  # touched, not changed
        try:
            calendars, errors = read_calendar(raw, source=self.name)
        except ValueError as exc:
            raise SourceError(f"{self.name}: {self.path} is not a valid iCalendar file: {exc}") from exc
        self._memo.load(calendars, errors, source=self.name, zone=self.zone)
        self._digest = digest


class IcsUrlSource:
    """An `.ics` feed fetched over HTTP(S) on every tick (a published or "secret address" calendar)."""

    kind = "calendar"

    def __init__(
        self,
        url: str,
        name: str = "calendar",
        horizon: timedelta = timedelta(hours=24),
        *,
        zone: tzinfo | None = None,
        username: str | None = None,
        password: str | None = None,
        ca_file: Path | str | None = None,
        timeout: float = 30.0,
        retry: Retry = Retry(),
        sleep: Callable[[float], None] | None = None,
    ) -> None:
        self.url = url
        self.name = name
        self.horizon = horizon
        self.zone = zone
        self._auth = (username or "", password or "") if username or password else None
        self.ca_file = ca_file
        self.timeout = timeout
        self.retry = retry
        self._sleep = sleep
        self._memo = CalendarMemo()
        self._validators = _Validators()

    def __repr__(self) -> str:
        return f"IcsUrlSource({self.where!r}, name={self.name!r}, horizon={self.horizon!r})"

    @property
    def where(self) -> str:
        """The feed's address without path, query or credentials (safe to show and log)."""
        parts = urlsplit(self.url)
        host = parts.hostname or "?"
        return f"{parts.scheme}://{host}{f':{parts.port}' if parts.port else ''}/…"

    def fetch(self, cursor: Cursor | None, *, now: datetime, since: datetime | None) -> Fetched:
        raw, validators = retrying(self._download, self.retry, self._sleep,
                                   what=f"{self.name}: cannot fetch the calendar feed {self.where}",
                                   advice="check the URL, the network and the server")
        if raw is not None:  # None: 304 Not Modified, what the memo holds is current
            digest = hashlib.sha256(raw).digest()
            if digest != self._validators.digest or not self._memo.loaded:
                try:
                    calendars, errors = read_calendar(raw, source=self.name)
                except ValueError as exc:
                    raise SourceError(f"{self.name}: the feed {self.where} is not a valid iCalendar file: {exc}") from exc
                self._memo.load(calendars, errors, source=self.name, zone=self.zone)
            self._validators = _Validators(validators.etag, validators.last_modified, digest)
        return self._memo.select(source=self.name, cursor=cursor, now=now, since=since, horizon=self.horizon)

    def _download(self) -> tuple[bytes | None, "_Validators"]:
        import ssl

        import httpx

        verify = ssl.create_default_context(cafile=str(self.ca_file)) if self.ca_file else True
        try:
            with httpx.Client(timeout=self.timeout, verify=verify, follow_redirects=True, auth=self._auth) as client:
                response = client.get(self.url, headers=self._request_headers())
        except httpx.TransportError as exc:
            if "CERTIFICATE_VERIFY_FAILED" in str(exc):
                raise SourceError(f"{self.name}: the TLS certificate of {self.where} is not trusted; "
                                  "set ca_file to the certificate of the authority that signed it") from exc
            raise Transient(f"{type(exc).__name__}: {_first_line(exc)}") from exc
        if response.status_code == 429 or response.status_code >= 500:
            raise Transient(f"HTTP {response.status_code}")
        if response.status_code in (401, 403):
            raise SourceError(f"{self.name}: the feed {self.where} refused access (HTTP {response.status_code}); "
                              "check the username and the password variable, or the secret URL")
        if response.status_code >= 400:
            raise SourceError(f"{self.name}: the feed {self.where} answered HTTP {response.status_code}; check the URL")
        if response.status_code == 304 and self._memo.loaded:
            return None, self._validators
        return response.content, _Validators(response.headers.get("ETag", ""), response.headers.get("Last-Modified", ""))

    def _request_headers(self) -> dict[str, str]:
        """A conditional GET when something was read before (RFC 9110 13.1): the server answers 304 if unchanged."""
        headers = {"Accept": "text/calendar, */*;q=0.5"}
        if self._memo.loaded:
            if self._validators.etag:
                headers["If-None-Match"] = self._validators.etag
            if self._validators.last_modified:
                headers["If-Modified-Since"] = self._validators.last_modified
        return headers


@dataclass(frozen=True)
class _Validators:
    """What the server said identifies the feed's content last time (ETag, Last-Modified), and the bytes' digest."""

    etag: str = ""
    last_modified: str = ""
    digest: bytes = b""


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return text[0] if text else "no details"
