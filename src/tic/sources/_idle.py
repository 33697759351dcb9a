"""IMAP IDLE (RFC 2177) on one folder: a connection that says when new mail arrives (issue 10; S2).

`IdleSession.open(source)` connects as the source does (same TLS, login and
errors), checks CAPABILITY for IDLE (`IdleUnsupported` when the server lacks
it: the scheduled ticks alone then read the folder), selects the folder
read-only and enters IDLE. `wait(timeout)` blocks at most `timeout` seconds
and says whether the server reported new mail (EXISTS or RECENT); `renew()`
ends and restarts IDLE, which servers drop after 30 minutes (the RFC asks
clients to renew within 29); `close()` logs out. The session only signals: the
tick's own fetch reads the mail, from its cursor.

imapclient is not thread-safe: a lock keeps `close()` from running inside
another thread's `wait()`.
"""

from __future__ import annotations

import select
import threading
from typing import Any

__all__ = ["IdleSession", "IdleUnsupported", "ConnectionLost"]


class IdleUnsupported(Exception):
    """The server does not offer IDLE."""


class ConnectionLost(Exception):
    """The server ended the session (BYE) or the connection closed."""


class IdleSession:
    """One IMAP connection in IDLE on a source's folder."""

    def __init__(self, client: Any, folder: str) -> None:
        self._client = client
        self.folder = folder
        self._lock = threading.Lock()
        self._closed = False

    @classmethod
    def open(cls, source: Any) -> IdleSession:
        """Connect and IDLE on `source.folder` (an ImapSource); raises like the source's fetch does."""
        client = source._connect()
        try:
            if not client.has_capability("IDLE"):
                raise IdleUnsupported(f"{source.host}:{source.port} does not offer IMAP IDLE")
            client.select_folder(source.folder, readonly=True)
            client.idle()
        except BaseException:
            _logout(client)
            raise
        return cls(client, source.folder)

    def wait(self, timeout: float) -> bool:
        """True when the server reported new mail within `timeout` seconds."""
        with self._lock:
            if self._closed:
                raise ConnectionLost("closed")
            responses = self._client.idle_check(timeout=timeout)
            if not responses and self._peer_closed():  # imapclient answers [] at once, forever, on a closed socket
                raise ConnectionLost("the server closed the connection")
        new = False
        for response in responses:
            if len(response) >= 2 and response[1] in (b"EXISTS", b"RECENT"):
                new = True
            elif response and response[0] == b"BYE":
                raise ConnectionLost(str(response[1:])[:200])
        return new

    def _peer_closed(self) -> bool:
        """True when the other end closed or the socket failed (a poll for hang-up that reads nothing)."""
        poller = select.poll()
        poller.register(self._client.socket(), getattr(select, "POLLRDHUP", 0) | select.POLLHUP | select.POLLERR)
        return bool(poller.poll(0))

    def renew(self) -> bool:
        """End IDLE and start it again; True when mail was reported meanwhile."""
        with self._lock:
            _, responses = self._client.idle_done()
            self._client.idle()
        return any(len(r) >= 2 and r[1] in (b"EXISTS", b"RECENT") for r in responses or ())

    def close(self) -> None:
        with self._lock:
            if self._closed:
                return
            self._closed = True
            try:
                self._client.idle_done()
            except Exception:  # noqa: BLE001 - the connection may already be gone
                pass
            _logout(self._client)


def _logout(client: Any) -> None:
    try:
        client.logout()
    except Exception:  # noqa: BLE001
        try:
            client.shutdown()
        except Exception:  # noqa: BLE001
            pass
