"""IMAP source (S1, S2, S5, R3): one folder on an IMAP server, over TLS, with imapclient.

Every fetch connects (implicit TLS on 993 by default, or STARTTLS), logs in,
selects the folder read-only and fetches `BODY.PEEK[]`, so nothing is marked
read. Messages go through the same parser as Maildir (`_email.email_event`):
the same message gives the same Event key wherever it was read.

Cursor: `{"uidvalidity": V, "uid": U}`. The next fetch asks for `UID U+1:*`
and keeps only UIDs above U on the client (the server answers `n:*` with the
last message even when it is older). A folder whose UIDVALIDITY is no longer V
was rebuilt (restored, moved to another server): the source rescans it with the
first-run window (`rescan`, default 24 hours) and the tick's key + version
dedupe drops what was already decided (T5). On a first run, `since` limits the
search (IMAP `SINCE`, a day early, then the Date on the client).

When there is new mail, the account's Sent folder is read in the same session (`_imap_sent`: only the
headers of what was sent since the last fetch) and marks each event as Maildir's Sent folder does: a
correspondent, a look-alike, a reply in a thread the user started or answered.

Network failures (refused, dropped mid-fetch, timed out) are retried with
backoff a bounded number of times, then raise SourceError; a refused login or
an untrusted certificate raise at once. Messages are fixed per failure, so the
tick's warning for the same failure is the same and can be held (N7).
"""

from __future__ import annotations

import imaplib
import socket
import ssl
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any, Callable, Literal

from tic.errors import ItemError, SourceError
from tic.sources._base import Cursor, Fetched
from tic.sources._email import email_event
from tic.sources._event import Event
from tic.sources._imap_sent import ImapSent
from tic.sources._retry import Retry, Transient, retrying

__all__ = ["ImapSource"]

BATCH = 100  # messages per FETCH command
_BODY = b"BODY[]"


class ImapSource:
    """One folder of one IMAP account."""

    kind = "email"

    def __init__(
        self,
        host: str,
        *,
        username: str,
        password: str,
        name: str = "imap",
        port: int | None = None,
        folder: str = "INBOX",
        security: Literal["tls", "starttls"] = "tls",
        ca_file: Path | str | None = None,
        timeout: float = 30.0,
        rescan: timedelta = timedelta(hours=24),
        retry: Retry = Retry(),
        sleep: Callable[[float], None] | None = None,
        password_hint: str = "the password",
        sent_folder: str | None = None,
    ) -> None:
        if security not in ("tls", "starttls"):
            raise ValueError(f"security must be 'tls' or 'starttls', not {security!r}")
        self.host = host
        self.port = port or (993 if security == "tls" else 143)
        self.username = username
        self._password = password
        self.name = name
        self.folder = folder
        self.security = security
        self.ca_file = ca_file
        self.timeout = timeout
        self.rescan = rescan
        self.retry = retry
        self._sleep = sleep
        self._password_hint = password_hint
        self._sent = ImapSent(sent_folder)

    def __repr__(self) -> str:
        return f"ImapSource({self.username}@{self.host}:{self.port}/{self.folder}, name={self.name!r})"

    def fetch(self, cursor: Cursor | None, *, now: datetime, since: datetime | None) -> Fetched:
        return retrying(
            lambda: self._fetch(cursor, now, since),
            self.retry,
            self._sleep,
            what=f"{self.name}: cannot read mail from {self.host}:{self.port}",
            advice="check the host, the port, the network and that the server is up",
        )

    # --- one attempt ----------------------------------------------------------------------

    def _fetch(self, cursor: Cursor | None, now: datetime, since: datetime | None) -> Fetched:
        try:
            client = self._connect()
        except (OSError, imaplib.IMAP4.abort) as exc:
            raise self._network(exc) from exc
        except imaplib.IMAP4.error as exc:
            raise SourceError(f"{self.name}: the server {self.host}:{self.port} refused the session "
                              f"({_first_line(exc)}); check the port and the security setting (tls or starttls)") from exc
        try:
            return self._read(client, cursor, now, since)
        except (OSError, imaplib.IMAP4.abort) as exc:  # dropped mid-fetch: the whole fetch is tried again
            raise self._network(exc) from exc
        except imaplib.IMAP4.error as exc:  # the server said NO or BAD to a command
            raise SourceError(f"{self.name}: the server {self.host}:{self.port} refused a command on "
                              f"{self.folder!r} ({_first_line(exc)}); check the folder and the server's log") from exc
        finally:
            try:
                client.logout()
            except Exception:  # noqa: BLE001 - the connection may already be gone
                pass

    def _connect(self) -> Any:
        from imapclient import IMAPClient
        from imapclient.exceptions import LoginError

        context = ssl.create_default_context(cafile=str(self.ca_file) if self.ca_file else None)
        client = IMAPClient(self.host, port=self.port, ssl=self.security == "tls", ssl_context=context, timeout=self.timeout)
        client.normalise_times = False  # INTERNALDATE as aware datetimes
        try:
            if self.security == "starttls":
                client.starttls(context)
            client.login(self.username, self._password)
        except LoginError as exc:
            _close(client)
            raise SourceError(
                f"{self.name}: the server {self.host}:{self.port} refused the login of {self.username!r}; "
                f"check the username and {self._password_hint}"
            ) from exc
        except Exception:
            _close(client)
            raise
        return client

    def _read(self, client: Any, cursor: Cursor | None, now: datetime, since: datetime | None) -> Fetched:
        from imapclient.exceptions import IMAPClientError

        try:
            info = client.select_folder(self.folder, readonly=True)
        except IMAPClientError as exc:
            if isinstance(exc, imaplib.IMAP4.abort):
                raise
            raise SourceError(f"{self.name}: cannot open the folder {self.folder!r} on {self.host}; "
                              "check the folder name (INBOX, or a name as your mail program shows it)") from exc
        validity = int(info[b"UIDVALIDITY"])
        uidnext = int(info.get(b"UIDNEXT") or 0)
        last = _last_uid(cursor, validity)
        window: datetime | None = None
        if last is not None:
            uids = [u for u in client.search(["UID", f"{last + 1}:*"]) if u > last]
        else:
            window = since if cursor is None else now - self.rescan  # S5 first run, or S2 UIDVALIDITY change
            criteria: list[Any] = ["SINCE", (window - timedelta(days=1)).date()] if window else ["ALL"]
            uids = list(client.search(criteria))
        events: list[Event] = []
        errors: list[ItemError] = []
        for i in range(0, len(uids), BATCH):
            chunk = sorted(uids)[i : i + BATCH]
            for uid, data in sorted(client.fetch(chunk, ["BODY.PEEK[]", "FLAGS", "INTERNALDATE"]).items()):
                event = self._event(uid, data, now, errors)
                if event is not None and (window is None or event.time >= window):
                    events.append(event)
        events.sort(key=lambda e: e.time)
        if not uidnext and last is None:  # no UIDNEXT in the SELECT answer: the last UID marks the cursor
            uidnext = max(client.search(["ALL"]) or [0]) + 1
        top = max([last or 0, uidnext - 1, *uids])
        people = self._sent.read(client) if events else None
        if people is not None:
            events = [people.mark(e) for e in events]
        return Fetched(events=events, cursor={"uidvalidity": validity, "uid": top}, errors=errors)

    def _event(self, uid: int, data: dict, now: datetime, errors: list[ItemError]) -> Event | None:
        raw = data.get(_BODY)
        if raw is None:
            return None  # expunged between SEARCH and FETCH
        received = data.get(b"INTERNALDATE")
        if not isinstance(received, datetime):
            received = now
        flags = data.get(b"FLAGS") or ()
        try:
            return email_event(bytes(raw), source=self.name, received=received, seen=b"\\Seen" in flags)
        except Exception as exc:  # noqa: BLE001 - one bad message must not stop the fetch (R2)
            errors.append(ItemError(self.name, f"{self.folder} UID {uid}", f"{type(exc).__name__}: {exc}"))
            return None

    def _network(self, exc: BaseException) -> Exception:
        """A network failure as Transient (retried) or, for an untrusted certificate, a SourceError."""
        if isinstance(exc, ssl.SSLCertVerificationError):
            return SourceError(
                f"{self.name}: the TLS certificate of {self.host}:{self.port} is not trusted ({exc.verify_message}); "
                "set ca_file to the certificate of the authority that signed it"
            )
        return Transient(_why(exc))


def _why(exc: BaseException) -> str:
    """A failure's kind in words that do not change from one occurrence to the next."""
    if isinstance(exc, imaplib.IMAP4.abort):
        return "the connection dropped"
    if isinstance(exc, (socket.timeout, TimeoutError)):
        return "timed out"
    if isinstance(exc, ConnectionRefusedError):
        return "connection refused"
    if isinstance(exc, socket.gaierror):
        return "host not found"
    if isinstance(exc, (ConnectionResetError, ConnectionAbortedError, BrokenPipeError, EOFError, ssl.SSLEOFError)):
        return "the connection dropped"
    if isinstance(exc, ssl.SSLError):
        return f"TLS error {exc.reason or type(exc).__name__}"
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror.lower()
    return type(exc).__name__


def _first_line(exc: BaseException) -> str:
    lines = str(exc).strip().splitlines()
    return lines[0][:200] if lines else type(exc).__name__


def _last_uid(cursor: Cursor | None, validity: int) -> int | None:
    """The cursor's last UID if it belongs to this UIDVALIDITY, else None (rescan)."""
    if not cursor:
        return None
    try:
        if int(cursor["uidvalidity"]) != validity:
            return None
        return max(0, int(cursor["uid"]))
    except (KeyError, TypeError, ValueError):
        return None


def _close(client: Any) -> None:
    try:
        client.shutdown()
    except Exception:  # noqa: BLE001
        pass

