"""`./tic run --web`: the page served by uvicorn on the engine's own loop, beside the terminal."""

from __future__ import annotations

import asyncio
import logging
import socket
from typing import Callable

import uvicorn

from tic.errors import ConfigError
from tic.hub import ChatHub
from tic.web._app import create_web_app
from tic.web._live import Live, WebView
from tic.web._security import is_loopback

log = logging.getLogger(__name__)

__all__ = ["WebServer"]

SHUTDOWN_SECONDS = 3  # an engine stopping gives the page's connections this long to close (uvicorn's timeout)


class WebServer:
    """Binds its socket when made (a port in use is a clear error before the engine starts); `serve(hub)`
    then serves the page for that hub until cancelled. `announce` is told the page's URL once."""

    def __init__(self, app, *, host: str, port: int, token: str | None,
                 announce: Callable[[str], None] = print) -> None:
        self._app = app
        self.host = host
        self.token = token
        self._announce = announce
        family = socket.AF_INET6 if ":" in host.strip("[]") else socket.AF_INET
        self._sock = socket.socket(family, socket.SOCK_STREAM)
        self._sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            self._sock.bind((host.strip("[]"), port))
        except OSError as exc:
            self._sock.close()
            raise ConfigError(f"cannot serve the page on {host}:{port} ({exc.strerror or exc}): another program "
                              "uses that port - set TIC_WEB_PORT to a free one (0 picks any)") from None
        self._sock.listen(128)
        self._sock.setblocking(False)
        self.port = self._sock.getsockname()[1]
        self.live: Live | None = None
        self.started = asyncio.Event()

    @property
    def url(self) -> str:
        shown = "127.0.0.1" if self.host in ("0.0.0.0", "", "::", "[::]") else self.host  # every address: this machine
        shown = f"[{shown}]" if ":" in shown and not shown.startswith("[") else shown
        return f"http://{shown}:{self.port}/"

    async def serve(self, hub: ChatHub) -> None:
        app = self._app
        self.live = Live(asyncio.get_running_loop())
        view = WebView(self.live)
        hub.views.attach(view)
        app.store.subscribe(view.notices_changed)
        asgi = create_web_app(hub=hub, store=app.store, world=app.world, user=app.settings.user,
                              data_dir=app.settings.data_dir, live=self.live, guard_host=self.host, port=self.port,
                              token=self.token)
        config = uvicorn.Config(asgi, log_level="warning", access_log=False, lifespan="off", ws="auto",
                                ws_ping_interval=20, timeout_graceful_shutdown=SHUTDOWN_SECONDS)
        server = uvicorn.Server(config)
        self._announce(f"tic: the chat page is at {self.url}" + (f"?token={self.token}" if self.token else "")
                       + ("" if is_loopback(self.host) else "  (bound beyond this machine: keep the token secret)"))
        self.started.set()
        serving = asyncio.create_task(server.serve(sockets=[self._sock]), name="uvicorn")
        try:
            await asyncio.shield(serving)
        except asyncio.CancelledError:  # the engine stops: close the tabs' sockets, then the server
            server.should_exit = True  # uvicorn closes within its graceful-shutdown timeout
            while not serving.done():
                try:  # a second cancellation (the engine's own shutdown) does not cut the closing short
                    await asyncio.shield(serving)
                except asyncio.CancelledError:
                    continue
                except Exception:
                    break
            raise
        finally:
            hub.views.detach(view)
            self._sock.close()
