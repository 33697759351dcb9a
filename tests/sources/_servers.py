"""Real servers the source tests start on 127.0.0.1: dovecot (IMAP), Radicale (CalDAV), a plain HTTP server.

Also a TLS authority made for the run (openssl CLI) and a TCP proxy that cuts a
connection in the middle of a transfer, to prove the retries (R3).
"""

from __future__ import annotations

import hashlib
import http.server
import io
import os
import pwd
import shutil
import socket
import ssl
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["CutProxy", "Dovecot", "HttpFiles", "Radicale", "RadicaleHere", "Tls", "dovecot_binary", "free_port", "make_tls"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port: int, *, timeout: float = 15.0, proc: subprocess.Popen | None = None, log: Path | None = None) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            break
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.05)
    detail = log.read_text(errors="replace")[-3000:] if log and log.exists() else ""
    raise RuntimeError(f"server on 127.0.0.1:{port} did not start (exit code {proc.poll() if proc else None})\n{detail}")


# --- TLS ---------------------------------------------------------------------------------------


def stop_server(proc: subprocess.Popen | None, root: Path) -> None:
    """Terminate a test server (kill it if it will not stop) and remove its folder."""
    if proc is not None and proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)
    shutil.rmtree(root, ignore_errors=True)


@dataclass(frozen=True)
class Tls:
    ca: Path  # the authority's certificate: what clients are told to trust (ca_file)
    cert: Path  # the server's certificate for 127.0.0.1 / localhost
    key: Path


def make_tls(folder: Path) -> Tls:
    """A throwaway authority and a server certificate it signed, made with the openssl CLI."""
    openssl = shutil.which("openssl")
    if openssl is None:
        raise RuntimeError("the openssl command is missing (Debian package openssl)")
    folder.mkdir(parents=True, exist_ok=True)
    ca, ca_key, cert, key, csr, ext = (folder / n for n in ("ca.pem", "ca.key", "cert.pem", "key.pem", "req.csr", "ext.cnf"))
    ext.write_text("subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=critical,CA:FALSE\n"
                   "keyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth\n"
                   "subjectKeyIdentifier=hash\nauthorityKeyIdentifier=keyid\n")
    ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
    run = lambda *args: subprocess.run([openssl, *args], check=True, capture_output=True)  # noqa: E731
    run("req", "-x509", *ec, "-keyout", ca_key, "-out", ca, "-days", "3", "-subj", "/CN=tic test authority",
        "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign")
    run("req", *ec, "-keyout", key, "-out", csr, "-subj", "/CN=127.0.0.1")
    run("x509", "-req", "-in", csr, "-CA", ca, "-CAkey", ca_key, "-CAcreateserial", "-out", cert, "-days", "3", "-extfile", ext)
    for path in (ca, cert, key):
        path.chmod(0o644)
    return Tls(ca=ca, cert=cert, key=key)


# --- dovecot -----------------------------------------------------------------------------------


def dovecot_binary() -> str | None:
    return shutil.which("dovecot", path=os.environ.get("PATH", "") + ":/usr/sbin:/sbin")


@dataclass
class Dovecot:
    """A dovecot serving IMAPS (implicit TLS) and IMAP+STARTTLS on free ports, one user, Maildir in a temp folder.

    Run as root it works as the Debian package sets it up (internal user `dovecot`,
    login user `dovenull`, mail owned by `dovecot`); run as anyone else, every
    process is that user. `auth_failure_delay = 0` keeps wrong-password tests fast.
    """

    user: str = "alice"
    password: str = "correct horse"
    root: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="tic-dovecot-")))
    port: int = 0
    starttls_port: int = 0
    tls: Tls | None = None
    proc: subprocess.Popen | None = None
    extra: str = ""  # more configuration, e.g. an imap_capability without IDLE

    def start(self, binary: str) -> "Dovecot":
        self.root.chmod(0o755)  # the unprivileged mail and login processes must reach their files
        self.tls = make_tls(self.root / "tls")
        for sub in ("run", "state", "mail"):
            (self.root / sub).mkdir()
        if os.geteuid() == 0:
            internal, login = "dovecot", "dovenull"
            mail_user = pwd.getpwnam(internal)
        else:
            mail_user = pwd.getpwuid(os.getuid())
            internal = login = mail_user.pw_name
        home = self.root / "mail" / self.user
        home.mkdir()
        if os.geteuid() == 0:
            os.chown(home, mail_user.pw_uid, mail_user.pw_gid)
        users = self.root / "users"
        users.write_text(f"{self.user}:{{PLAIN}}{self.password}:{mail_user.pw_uid}:{mail_user.pw_gid}::{home}::\n")
        users.chmod(0o644)
        self.port, self.starttls_port = free_port(), free_port()
        conf = self.root / "dovecot.conf"
        conf.write_text(f"""
base_dir = {self.root}/run
state_dir = {self.root}/state
log_path = {self.root}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = required
ssl_cert = <{self.tls.cert}
ssl_key = <{self.tls.key}
default_internal_user = {internal}
default_login_user = {login}
first_valid_uid = 1
auth_failure_delay = 0
auth_mechanisms = plain
passdb {{
  driver = passwd-file
  args = scheme=PLAIN {users}
}}
userdb {{
  driver = passwd-file
  args = {users}
}}
mail_location = maildir:~/Maildir
service imap-login {{
  inet_listener imap {{
    address = 127.0.0.1
    port = {self.starttls_port}
  }}
  inet_listener imaps {{
    address = 127.0.0.1
    port = {self.port}
    ssl = yes
  }}
}}
service stats {{
  unix_listener stats-writer {{
    mode = 0666
  }}
}}
{self.extra}
""")
        log = self.root / "dovecot.log"
        self.proc = subprocess.Popen([binary, "-F", "-c", str(conf)], stdout=subprocess.DEVNULL, stderr=open(self.root / "stderr.log", "wb"))
        try:
            wait_for_port(self.port, proc=self.proc, log=log)
            wait_for_port(self.starttls_port, proc=self.proc, log=log)
        except RuntimeError:
            self.stop()
            raise
        return self

    def client(self):
        """A logged-in IMAPClient for the test itself (APPEND, CREATE, DELETE)."""
        from imapclient import IMAPClient

        client = IMAPClient("127.0.0.1", port=self.port, ssl=True, ssl_context=ssl.create_default_context(cafile=str(self.tls.ca)), timeout=10)
        client.login(self.user, self.password)
        return client

    def stop(self) -> None:
        stop_server(self.proc, self.root)


# --- Radicale ----------------------------------------------------------------------------------


@dataclass
class Radicale:
    """Radicale (from the test extra) on a free port, a temp storage folder, htpasswd with a plain password; HTTPS with `tls`."""

    user: str = "alice"
    password: str = "s3cret"
    root: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="tic-radicale-")))
    port: int = 0
    proc: subprocess.Popen | None = None
    tls: Tls | None = None

    @property
    def url(self) -> str:
        return f"{'https' if self.tls else 'http'}://127.0.0.1:{self.port}/"

    def start(self) -> "Radicale":
        users = self.root / "users"
        users.write_text(f"{self.user}:{self.password}\n")
        self.port = free_port()
        log = self.root / "radicale.log"
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "radicale", "--config", "", "--server-hosts", f"127.0.0.1:{self.port}",
             "--storage-filesystem-folder", str(self.root / "collections"), "--auth-type", "htpasswd",
             "--auth-htpasswd-filename", str(users), "--auth-htpasswd-encryption", "plain", "--auth-delay", "0",
             "--logging-level", "warning",
             *(["--server-ssl", "--server-certificate", str(self.tls.cert), "--server-key", str(self.tls.key)] if self.tls else [])],
            stdout=subprocess.DEVNULL, stderr=open(log, "wb"),
        )
        try:
            wait_for_port(self.port, proc=self.proc, log=log)
        except RuntimeError:
            self.stop()
            raise
        return self

    def client(self):
        import caldav

        return caldav.DAVClient(url=self.url, username=self.user, password=self.password, timeout=10, enable_rfc6764=False)

    def stop(self) -> None:
        stop_server(self.proc, self.root)


# --- plain HTTP: an .ics feed ------------------------------------------------------------------


class HttpFiles:
    """Serves `files[path] = (status, bytes)` on 127.0.0.1 (over TLS when given `tls`); `fail_next` answers the next N with 503.

    `validators` = "etag" or "last-modified" sends that validator with each 200 and answers a matching conditional
    GET (If-None-Match, If-Modified-Since) with 304 Not Modified, as web servers do; `answers` logs the statuses.
    """

    def __init__(self, tls: Tls | None = None, *, validators: str | None = None) -> None:
        self.files: dict[str, tuple[int, bytes]] = {}
        self.scheme = "https" if tls else "http"
        self.fail_next = 0
        self.requests: list[str] = []
        self.answers: list[int] = []
        self.validators = validators
        owner = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802
                owner.requests.append(self.path)
                if owner.fail_next > 0:
                    owner.fail_next -= 1
                    status, body = 503, b"busy"
                else:
                    status, body = owner.files.get(self.path, (404, b"not found"))
                digest = hashlib.sha256(body).hexdigest()
                etag = f'"{digest[:16]}"'
                modified = time.strftime("%a, %d %b %Y %H:%M:%S GMT", time.gmtime(1_700_000_000 + int(digest[:6], 16)))
                if status == 200 and owner.validators == "etag" and self.headers.get("If-None-Match") == etag:
                    status, body = 304, b""
                if status == 200 and owner.validators == "last-modified" and self.headers.get("If-Modified-Since") == modified:
                    status, body = 304, b""
                owner.answers.append(status)
                self.send_response(status)
                if owner.validators == "etag":
                    self.send_header("ETag", etag)
                if owner.validators == "last-modified":
                    self.send_header("Last-Modified", modified)
                self.send_header("Content-Type", "text/calendar; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args) -> None:
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        if tls is not None:
            context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            context.load_cert_chain(tls.cert, tls.key)
            self.server.socket = context.wrap_socket(self.server.socket, server_side=True)
        self.thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
        self.thread.start()

    def url(self, path: str) -> str:
        return f"{self.scheme}://127.0.0.1:{self.server.server_port}{path}"

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


# --- a proxy that drops connections mid-transfer -----------------------------------------------


class CutProxy:
    """Relays 127.0.0.1:<port> to a target; the first `cuts` connections are closed after `after` bytes from the server.

    Closing the socket in the middle of a large FETCH response is what a dropped
    Wi-Fi or a server restart looks like to the client.
    """

    def __init__(self, target_port: int, *, after: int, cuts: int) -> None:
        self.target_port = target_port
        self.after = after
        self.cuts = cuts
        self.connections = 0
        self.open: list[socket.socket] = []
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self._stop = False
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while not self._stop:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            self.connections += 1
            limit = self.after if self.connections <= self.cuts else None
            upstream = socket.create_connection(("127.0.0.1", self.target_port))
            self.open += [client, upstream]
            threading.Thread(target=self._pipe, args=(client, upstream, None), daemon=True).start()
            threading.Thread(target=self._pipe, args=(upstream, client, limit), daemon=True).start()

    @staticmethod
    def _pipe(src: socket.socket, dst: socket.socket, limit: int | None) -> None:
        sent = 0
        try:
            while True:
                data = src.recv(65536)
                if not data:
                    break
                if limit is not None and sent + len(data) >= limit:
                    dst.sendall(data[: max(0, limit - sent)])
                    break
                dst.sendall(data)
                sent += len(data)
        except OSError:
            pass
        for s in (src, dst):
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            s.close()

    def drop(self) -> None:
        """Close every connection relayed so far, as a server restart or a lost network does."""
        for s in self.open:
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
        self.open = []

    def stop(self) -> None:
        self._stop = True
        self.listener.close()


# --- Radicale in this process: every request seen, sync-collection refusable ------------------


class RadicaleHere:
    """Radicale's own WSGI application served from a thread on 127.0.0.1, with a log of its requests.

    `requests` holds (method, what) per request, `what` naming a REPORT's kind
    (sync-collection, calendar-multiget, calendar-query). With `refuse_sync`
    the server answers sync-collection with 501, as a CalDAV server without
    RFC 6578 support does; everything else (getctag, ETags, multiget) is Radicale's.
    """

    user = "alice"
    password = "s3cret"

    def __init__(self, *, refuse_sync: bool = False) -> None:
        import socketserver
        import wsgiref.simple_server

        import radicale
        import radicale.config

        self.root = Path(tempfile.mkdtemp(prefix="tic-radicale-here-"))
        (self.root / "users").write_text(f"{self.user}:{self.password}\n")
        configuration = radicale.config.load()
        configuration.update({
            "storage": {"filesystem_folder": str(self.root / "collections")},
            "auth": {"type": "htpasswd", "htpasswd_filename": str(self.root / "users"), "htpasswd_encryption": "plain",
                     "delay": "0"},
            "logging": {"level": "warning"},
        }, "tests", privileged=True)
        app = radicale.Application(configuration)
        self.refuse_sync = refuse_sync
        self.requests: list[tuple[str, str]] = []
        owner = self

        def middleware(environ, start_response):
            method = environ["REQUEST_METHOD"]
            what = environ.get("PATH_INFO", "")
            if method == "REPORT":
                length = int(environ.get("CONTENT_LENGTH") or 0)
                body = environ["wsgi.input"].read(length)
                environ["wsgi.input"] = io.BytesIO(body)
                what = next((k for k in ("sync-collection", "calendar-multiget", "calendar-query") if k.encode() in body), "report")
                if what == "sync-collection" and owner.refuse_sync:
                    owner.requests.append((method, what))
                    start_response("501 Not Implemented", [("Content-Type", "text/plain")])
                    return [b"sync-collection is not supported"]
            owner.requests.append((method, what))
            return app(environ, start_response)

        class Quiet(wsgiref.simple_server.WSGIRequestHandler):
            def log_message(self, *args) -> None:
                pass

        class Server(socketserver.ThreadingMixIn, wsgiref.simple_server.WSGIServer):
            daemon_threads = True

        self.server = wsgiref.simple_server.make_server("127.0.0.1", 0, middleware, server_class=Server, handler_class=Quiet)
        self.thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_port}/"

    def client(self):
        import caldav

        return caldav.DAVClient(url=self.url, username=self.user, password=self.password, timeout=10, enable_rfc6764=False)

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        shutil.rmtree(self.root, ignore_errors=True)
