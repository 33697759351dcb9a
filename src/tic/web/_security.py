"""Safe by default (issue 11.6): the token, the Host and Origin checks, the CSRF token, the security headers.

- Host: without a token, only the names the page is served under (DNS rebinding cannot make another
  site's page talk to it); with one, that site's page holds no cookie.
- Token (TIC_WEB_TOKEN; required off loopback): every request carries it - once as `?token=` in the URL
  printed on start, which answers with a cookie and a redirect to the same URL without it, then the cookie.
- Every state-changing request (anything but GET/HEAD) carries an Origin of this page and the page's CSRF
  token in `X-CSRF-Token`; the WebSocket handshake carries an Origin of this page.
- Every response carries a content security policy that runs only the page's own script and style.
"""

from __future__ import annotations

import hmac
import ipaddress
import secrets
from http.cookies import SimpleCookie
from urllib.parse import parse_qsl, urlencode, urlsplit

from starlette.responses import PlainTextResponse, RedirectResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["COOKIE", "CSP", "Guard", "is_loopback"]

COOKIE = "tic_token"
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; "
       "base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"cache-control", b"no-store"),
]
SAFE_METHODS = {"GET", "HEAD"}


def is_loopback(host: str) -> bool:
    host = host.strip().strip("[]")
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


class Guard:
    """ASGI middleware in front of the page and its API."""

    def __init__(self, app: ASGIApp, *, host: str, port: int, token: str | None, csrf: str | None = None) -> None:
        self.app = app
        self.token = token
        self.csrf = csrf or secrets.token_urlsafe(24)
        self.set_port(host, port)

    def set_port(self, host: str, port: int) -> None:
        """The names this page answers to (the port is known once the socket is bound)."""
        names = {host.strip().strip("[]").lower()}
        if is_loopback(host) or host in ("0.0.0.0", "::"):
            names |= {"127.0.0.1", "localhost", "::1"}
        self.hosts = {f"{n}:{port}" if ":" not in n else f"[{n}]:{port}" for n in names}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        refusal = self._refusal(scope, headers)
        if scope["type"] == "websocket":
            if refusal is not None:
                await send({"type": "websocket.close", "code": 1008, "reason": refusal[1][:120]})
                return
            await self.app(scope, receive, send)
            return
        if refusal is not None:
            status, text = refusal
            if status == 303:
                response = RedirectResponse(text, status_code=303)
                response.set_cookie(COOKIE, self.token or "", httponly=True, samesite="strict", path="/")
            else:
                response = PlainTextResponse(text, status_code=status)
            await response(scope, receive, self._with_headers(send))
            return
        await self.app(scope, receive, self._with_headers(send))

    def _refusal(self, scope: Scope, headers: dict[str, str]) -> tuple[int, str] | None:
        host = headers.get("host", "").lower()
        if self.token is None and host not in self.hosts:  # with a token, another site's page holds no cookie
            return 421, (f"this page is not served under the name {host!r}: open the URL tic printed on start")
        if self.token is not None:
            query = dict(parse_qsl(scope.get("query_string", b"").decode("latin-1")))
            cookie = SimpleCookie(headers.get("cookie", ""))
            held = cookie[COOKIE].value if COOKIE in cookie else ""
            if not hmac.compare_digest(held.encode(), self.token.encode()):
                given = query.get("token", "")
                if scope["type"] == "http" and scope["method"] == "GET" and given and \
                        hmac.compare_digest(given.encode(), self.token.encode()):
                    rest = urlencode([(k, v) for k, v in query.items() if k != "token"])
                    return 303, scope["path"] + (f"?{rest}" if rest else "")
                return 401, ("this page needs its token: open the URL tic printed on start (it carries "
                             "?token=...), or the one made of your TIC_WEB_TOKEN")
        if scope["type"] == "websocket" or scope["method"] not in SAFE_METHODS:
            origin = headers.get("origin", "")
            if not host or urlsplit(origin).netloc.lower() != host:
                return 403, ("refused: this request did not come from the tic page itself (its Origin header is "
                             f"{origin or 'missing'}); use the page")
            if scope["type"] == "http" and not hmac.compare_digest(headers.get("x-csrf-token", "").encode(),
                                                                   self.csrf.encode()):
                return 403, "refused: the page's CSRF token is missing or stale; reload the page and try again"
        return None

    @staticmethod
    def _with_headers(send: Send) -> Send:
        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                present = {k.lower() for k, _ in message.get("headers", [])}
                message = {**message, "headers": [*message.get("headers", []),
                                                  *[(k, v) for k, v in HEADERS if k not in present]]}
            await send(message)

        return sending
