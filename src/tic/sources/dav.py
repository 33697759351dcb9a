"""CalDAV source (S1, S3, S5, R3): the calendars of one CalDAV account, with the caldav library.

Every fetch finds the account's calendars from its principal (all of them, or
the ones named in `calendars`, by display name or by the last part of their
URL), downloads their events and hands the iCalendar documents to the shared
calendar code (`_calendar.calendar_fetch`, the one `.ics` files and URLs use):
one Event per UID, recurrence expanded, the UIDs created or changed since the
last tick plus those starting within the look-ahead horizon. A document that
cannot be parsed is an item error; the rest go on (R2). Cursor:
`{"checked_at": <now ISO>}`.

Connection failures, timeouts and 5xx answers are retried with backoff a
bounded number of times (R3); a refused login, an untrusted certificate, an
unknown calendar name or a 4xx answer raise SourceError at once. The messages
are fixed per failure, so the tick's warning can be held as a repeat (N7).
"""

from __future__ import annotations

from datetime import datetime, timedelta, tzinfo
from pathlib import Path
from typing import Any, Callable
from urllib.parse import unquote, urlsplit

from tic.errors import ItemError, SourceError
from tic.sources._base import Cursor, Fetched
from tic.sources._calendar import calendar_fetch, read_calendar
from tic.sources._retry import Retry, Transient, retrying

__all__ = ["CalDavSource"]


class CalDavSource:
    """One CalDAV account (Radicale, Nextcloud, Fastmail, iCloud, ...)."""

    kind = "calendar"

    def __init__(
        self,
        url: str,
        *,
        username: str | None = None,
        password: str | None = None,
        calendars: tuple[str, ...] | list[str] = (),
        name: str = "caldav",
        horizon: timedelta = timedelta(hours=24),
        zone: tzinfo | None = None,
        ca_file: Path | str | None = None,
        timeout: float = 30.0,
        retry: Retry = Retry(),
        sleep: Callable[[float], None] | None = None,
        password_hint: str = "the password",
    ) -> None:
        self.url = url
        self.username = username
        self._password = password
        self.calendars = tuple(calendars)
        self.name = name
        self.horizon = horizon
        self.zone = zone
        self.ca_file = ca_file
        self.timeout = timeout
        self.retry = retry
        self._sleep = sleep
        self._password_hint = password_hint

    def __repr__(self) -> str:
        return f"CalDavSource({self.where!r}, name={self.name!r}, calendars={self.calendars!r})"

    @property
    def where(self) -> str:
        parts = urlsplit(self.url)
        return f"{parts.scheme}://{parts.hostname or '?'}{f':{parts.port}' if parts.port else ''}"

    def fetch(self, cursor: Cursor | None, *, now: datetime, since: datetime | None) -> Fetched:
        documents = retrying(self._download, self.retry, self._sleep,
                             what=f"{self.name}: cannot read the calendars at {self.where}",
                             advice="check the URL, the network and that the server is up")
        calendars, errors = [], []
        for where, text in documents:
            try:
                found, bad = read_calendar(text, source=self.name)
            except ValueError as exc:
                errors.append(ItemError(self.name, where, str(exc)[:500]))
                continue
            calendars.extend(found)
            errors.extend(bad)
        return calendar_fetch(calendars, source=self.name, cursor=cursor, now=now, since=since,
                              horizon=self.horizon, zone=self.zone, errors=errors)

    def _download(self) -> list[tuple[str, str]]:
        """(calendar/resource, iCalendar text) for every event resource of the chosen calendars."""
        import caldav
        from caldav.lib import error as dav

        client = caldav.DAVClient(
            url=self.url,
            username=self.username,
            password=self._password,
            timeout=max(1, int(self.timeout)),
            ssl_verify_cert=str(self.ca_file) if self.ca_file else True,
            enable_rfc6764=False,  # the URL is the server: no DNS discovery
        )
        try:
            with client:
                documents = []
                for calendar in self._chosen(client.principal().calendars()):
                    label = _label(calendar)
                    for obj in calendar.events():
                        data = obj.data
                        if data:
                            documents.append((f"{label}/{_leaf(obj.url)}", str(data)))
                return documents
        except dav.AuthorizationError as exc:
            raise SourceError(f"{self.name}: {self.where} refused the login of {self.username!r}; "
                              f"check the username and {self._password_hint}") from exc
        except dav.DAVError as exc:
            status = _status(exc)
            if status is not None and status >= 500:
                raise Transient(f"HTTP {status}") from exc
            raise SourceError(f"{self.name}: {self.where} answered {_first_line(exc)}; check the URL "
                              "(the account's CalDAV address) and the calendar names") from exc
        except OSError as exc:
            raise self._network(exc) from exc

    def _chosen(self, calendars: list[Any]) -> list[Any]:
        if not self.calendars:
            return calendars
        by_name: dict[str, Any] = {}
        for calendar in calendars:
            by_name.setdefault(_leaf(calendar.url), calendar)
            try:
                display = calendar.get_display_name()
            except Exception:  # noqa: BLE001 - a server may not answer displayname
                display = None
            if display:
                by_name.setdefault(str(display), calendar)
        missing = [n for n in self.calendars if n not in by_name]
        if missing:
            known = ", ".join(sorted(by_name)) or "none"
            raise SourceError(f"{self.name}: no calendar named {', '.join(map(repr, missing))} at {self.where} "
                              f"(it has: {known}); fix `calendars` in data/sources.toml")
        return list({id(by_name[n]): by_name[n] for n in self.calendars}.values())

    def _network(self, exc: OSError) -> Exception:
        text = str(exc).lower()
        kind = type(exc).__name__
        if "ssl" in kind.lower() or "certificate" in text:
            return SourceError(f"{self.name}: the TLS certificate of {self.where} is not trusted; "
                               "set ca_file to the certificate of the authority that signed it")
        if "timeout" in kind.lower() or "timed out" in text:
            return Transient("timed out")
        if "refused" in text:
            return Transient("connection refused")
        if "name or service not known" in text or "resolve" in text or "getaddrinfo" in text:
            return Transient("host not found")
        return Transient("the connection failed")


def _label(calendar: Any) -> str:
    return _leaf(calendar.url) or "calendar"


def _leaf(url: Any) -> str:
    path = urlsplit(str(url)).path.rstrip("/")
    return unquote(path.rsplit("/", 1)[-1]) if path else ""


def _status(exc: Exception) -> int | None:
    head = str(exc).strip().split(" ", 1)[0]
    return int(head) if head.isdigit() else None


def _first_line(exc: BaseException) -> str:
    lines = [line for line in str(exc).strip().splitlines() if line.strip()]
    return lines[0][:200] if lines else type(exc).__name__
