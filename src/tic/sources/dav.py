"""CalDAV source (S1, S3, S5, R3): the calendars of one CalDAV account, with the caldav library.

Every fetch finds the account's calendars from its principal (all of them, or
the ones named in `calendars`, by display name or by the last part of their
URL) and hands their iCalendar documents to the shared calendar code (the one
`.ics` files and URLs use, through `_calendar_memo.CalendarMemo`): one Event
per UID, recurrence expanded, the UIDs created or changed since the last tick
plus those starting within the look-ahead horizon. A document that cannot be
parsed is an item error; the rest go on (R2). Cursor: `{"checked_at": <now
ISO>, "state": <id>}`.

Only what changed is downloaded (issue 10). Each calendar is synchronised with
a sync-token (RFC 6578 sync-collection REPORT): the first fetch lists every
item with its token, later ones ask for the changes since it - the items added
or changed (downloaded with calendar-multiget, MULTIGET at a time, and parsed)
and the ones deleted. A server that refuses
the REPORT (no sync support) is asked for the collection's ctag instead
(CalendarServer `getctag`): an unchanged ctag means nothing to download; a
changed one lists the items' ETags (PROPFIND depth 1) and downloads only the
items whose ETag changed (calendar-multiget). A token the server no longer
knows starts a full sync again. Tokens, ETags and parsed items live in memory
for the life of the source: after a restart the first fetch reads everything
once. A deleted item still upcoming is an update (see `_calendar_memo`).

Connection failures, timeouts and 5xx answers are retried with backoff a
bounded number of times (R3); a refused login, an untrusted certificate, an
unknown calendar name or a 4xx answer raise SourceError at once. The messages
are fixed per failure, so the tick's warning can be held as a repeat (N7).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import datetime, timedelta, tzinfo
from pathlib import Path
from typing import Any, Callable
from urllib.parse import unquote, urlsplit

from tic.errors import ItemError, SourceError
from tic.sources._base import Cursor, Fetched
from tic.sources._calendar import read_calendar
from tic.sources._calendar_memo import CalendarMemo
from tic.sources._retry import Retry, Transient, retrying

log = logging.getLogger(__name__)

MULTIGET = 200  # items asked for in one calendar-multiget REPORT

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
        self._memo = CalendarMemo()
        self._collections: dict[str, _Collection] = {}  # calendar URL path -> what was read of it
        self.requests = {"sync": 0, "ctag": 0, "etags": 0, "downloaded": 0}  # counts, for tests and bench

    def __repr__(self) -> str:
        return f"CalDavSource({self.where!r}, name={self.name!r}, calendars={self.calendars!r})"

    @property
    def where(self) -> str:
        parts = urlsplit(self.url)
        return f"{parts.scheme}://{parts.hostname or '?'}{f':{parts.port}' if parts.port else ''}"

    def fetch(self, cursor: Cursor | None, *, now: datetime, since: datetime | None) -> Fetched:
        changed = retrying(self._download, self.retry, self._sleep,
                           what=f"{self.name}: cannot read the calendars at {self.where}",
                           advice="check the URL, the network and that the server is up")
        if changed or not self._memo.loaded:
            calendars, errors = [], []
            for collection in self._collections.values():
                for item in collection.items.values():
                    calendars.extend(item.calendars)
                    errors.extend(item.errors)
            self._memo.load(calendars, errors, source=self.name, zone=self.zone)
        return self._memo.select(source=self.name, cursor=cursor, now=now, since=since, horizon=self.horizon)

    def _download(self) -> bool:
        """Bring every chosen calendar up to date in memory; True when anything changed."""
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
                chosen = self._chosen(client.principal().calendars())
                changed = False
                paths = set()
                for calendar in chosen:
                    path = _path(calendar.url)
                    paths.add(path)
                    collection = self._collections.setdefault(path, _Collection(_label(calendar)))
                    changed |= self._refresh(calendar, collection)
                for gone in set(self._collections) - paths:  # a calendar deleted, or no longer chosen
                    del self._collections[gone]
                    changed = True
                return changed
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

    def _refresh(self, calendar: Any, collection: "_Collection") -> bool:
        """Bring one calendar up to date: by sync-token, else by ctag and ETags. True when anything changed."""
        from caldav.lib import error as dav

        if collection.sync is not False:
            for token in dict.fromkeys([collection.token, None]):  # a token the server forgot: a full sync
                try:
                    self.requests["sync"] += 1
                    result = calendar.get_objects_by_sync_token(token, load_objects=False, disable_fallback=True)
                except dav.DAVError as exc:
                    status = getattr(exc, "status", None) or _status(exc)
                    if status == 401 or (status is not None and status >= 500 and status != 501):
                        raise  # a refused login, or a server in trouble (retried): not a lack of sync support
                    log.info("%s: sync-collection with %s failed (%s)", self.name, "a token" if token else "no token",
                             _first_line(exc))
                    continue
                collection.sync = True
                return self._absorb(calendar, collection, result, full=token is None)
            if collection.sync is None:
                log.info("%s: %s has no sync-collection support; using its ctag", self.name, collection.label)
            collection.sync = False
        return self._by_ctag(calendar, collection)

    def _absorb(self, calendar: Any, collection: "_Collection", result: Any, *, full: bool) -> bool:
        """Apply one sync-collection answer: download what was added or changed (multiget), drop what was deleted."""
        deleted = {_path(u) for u in getattr(result, "deleted_urls", None) or ()}
        items = {} if full else dict(collection.items)
        etags = {}
        for obj in result.objects:
            path = _path(obj.url)
            if path not in deleted and not path.endswith("/"):
                etags[path] = str((getattr(obj, "props", None) or {}).get("{DAV:}getetag", ""))
        for path in deleted:
            items.pop(path, None)
        items.update(self._multiget(calendar, collection, etags))
        changed = full or bool(etags) or bool(deleted)
        collection.items, collection.token = items, result.sync_token
        return changed

    def _multiget(self, calendar: Any, collection: "_Collection", etags: dict[str, str]) -> dict[str, "_Item"]:
        """The items at these paths, downloaded MULTIGET items at a time (calendar-multiget REPORT)."""
        from caldav.lib.url import URL

        base = urlsplit(str(calendar.url))
        paths = list(etags)
        out: dict[str, _Item] = {}
        for i in range(0, len(paths), MULTIGET):
            urls = [URL.objectify(f"{base.scheme}://{base.netloc}{path}") for path in paths[i : i + MULTIGET]]
            for obj in calendar.multiget(urls):
                path = _path(obj.url)
                out[path] = self._item(collection, path, etags.get(path, ""), getattr(obj, "data", None))
        return out

    def _by_ctag(self, calendar: Any, collection: "_Collection") -> bool:
        from caldav.elements import dav as props

        self.requests["ctag"] += 1
        ctag = calendar.get_property(_GetCtag())
        if ctag and ctag == collection.ctag:
            return False
        self.requests["etags"] += 1
        listing = calendar.get_properties([props.GetEtag()], depth=1, parse_response_xml=False)
        own = _path(calendar.url).rstrip("/")
        etags = {_path(href): str(p.get("{DAV:}getetag") or "")
                 for href, p in listing.expand_simple_props([props.GetEtag()]).items()
                 if _path(href).rstrip("/") != own and not href.endswith("/")}
        stale = [path for path, etag in etags.items()
                 if path not in collection.items or not etag or collection.items[path].etag != etag]
        items = {path: item for path, item in collection.items.items() if path in etags and path not in stale}
        items.update(self._multiget(calendar, collection, {path: etags[path] for path in stale}))
        changed = bool(stale) or len(items) != len(collection.items)
        collection.items, collection.ctag = items, ctag or None
        return changed

    def _item(self, collection: "_Collection", path: str, etag: str, data: Any) -> "_Item":
        self.requests["downloaded"] += 1
        where = f"{collection.label}/{path.rstrip('/').rsplit('/', 1)[-1]}"
        if not data:
            return _Item(etag, [], [])
        try:
            found, bad = read_calendar(str(data), source=self.name)
        except ValueError as exc:
            return _Item(etag, [], [ItemError(self.name, where, str(exc)[:500])])
        return _Item(etag, found, bad)

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


@dataclass
class _Item:
    """One calendar resource as last downloaded: its ETag and its parsed documents."""

    etag: str
    calendars: list[Any]
    errors: list[ItemError]


@dataclass
class _Collection:
    """What was read of one calendar collection: its items, its sync-token or ctag."""

    label: str
    items: dict[str, _Item] = field(default_factory=dict)  # resource path -> item
    token: str | None = None
    ctag: str | None = None
    sync: bool | None = None  # None: not tried yet; False: the server refused sync-collection


def _GetCtag():  # noqa: N802 - an XML element, named as caldav names its own
    from caldav.elements.base import ValuedBaseElement

    class GetCtag(ValuedBaseElement):
        tag = "{http://calendarserver.org/ns/}getctag"

    return GetCtag()


def _path(url: Any) -> str:
    return unquote(urlsplit(str(url)).path)


def _label(calendar: Any) -> str:
    return _leaf(calendar.url) or "calendar"


def _leaf(url: Any) -> str:
    path = urlsplit(str(url)).path.rstrip("/")
    return unquote(path.rsplit("/", 1)[-1]) if path else ""


def _status(exc: Exception) -> int | None:
    if isinstance(getattr(exc, "status", None), int):
        return exc.status  # type: ignore[attr-defined]
    head = str(exc).strip().split(" ", 1)[0]
    return int(head) if head.isdigit() else None


def _first_line(exc: BaseException) -> str:
    lines = [line for line in str(exc).strip().splitlines() if line.strip()]
    return lines[0][:200] if lines else type(exc).__name__
