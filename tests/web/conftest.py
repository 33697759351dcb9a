"""The real engine with its page, in this process, and the operating system's Chromium driven by Playwright.

`engine` runs `run_engine` (the triage tick, the ChatHub consumer, the page on a free port) on its own
loop in a thread over a fresh demo world; the terminal is a TerminalView whose lines are kept. `browser`
is Chromium from the operating system's packages (Playwright's own browser download is never used);
without it the browser tests skip here, and fail on CI, whose .ci/run installs it.
"""

from __future__ import annotations

import asyncio
import io
import os
import shutil
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tic.app import App, build_app
from tic.clock import SystemClock
from tic.config import Settings
from tic.demo import create_demo
from tic.engine import TerminalView, run_engine
from tic.hub import ChatHub, ChatViews

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def chromium() -> str:
    path = shutil.which("chromium") or shutil.which("chromium-browser")
    if path is None:
        if os.environ.get("CI"):
            pytest.fail("chromium is missing on CI: .ci/run installs the Debian package before the tests")
        pytest.skip("chromium is not installed here (Debian: apt-get install chromium; .ci/run installs it)")
    return path


class _Lines(io.TextIOBase):
    """The terminal's standard input: lines the test types, then the end of input on close."""

    def __init__(self) -> None:
        self._lines: list[str] = []
        self._cond = threading.Condition()
        self._closed = False

    def type(self, line: str) -> None:
        with self._cond:
            self._lines.append(line + "\n")
            self._cond.notify_all()

    def end(self) -> None:
        with self._cond:
            self._closed = True
            self._cond.notify_all()

    def readline(self, size: int = -1) -> str:  # type: ignore[override]
        with self._cond:
            self._cond.wait_for(lambda: self._lines or self._closed)
            return self._lines.pop(0) if self._lines else ""


class Stamps:
    """A view that notes when each streamed piece left the model (first in the fan-out, before the page's)."""

    def __init__(self) -> None:
        self.deltas: list[tuple[str, str, float]] = []  # (turn, piece, wall-clock ms)

    def reply_delta(self, turn: str, text: str) -> None:
        self.deltas.append((turn, text, time.time() * 1000))

    def user_line(self, text, *, origin):
        pass

    def notifications(self, items):
        pass

    def reply(self, turn, text):
        pass

    def status(self, text, *, level):
        pass


@dataclass
class Engine:
    """A running engine with its page: the parts a test reaches, and what its terminal showed."""

    app: App
    url: str
    loop: asyncio.AbstractEventLoop
    hub: ChatHub
    server: object
    stdin: _Lines
    said: list[str] = field(default_factory=list)  # the terminal's assistant lines and state notes
    echoed: list[str] = field(default_factory=list)  # lines typed on the page, as the terminal showed them
    thread: threading.Thread | None = None
    task: asyncio.Task | None = None
    stamps: Stamps = field(default_factory=Stamps)

    def call(self, fn, *args):
        """Run `fn(*args)` on the engine's loop (a coroutine function is awaited) and return its result."""
        async def run():
            result = fn(*args)
            return await result if asyncio.iscoroutine(result) else result

        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(60)

    def quiet(self, seconds: float = 30) -> None:
        """Until nothing is pending for the main agent and no turn runs (three checks in a row)."""
        deadline, calm = time.monotonic() + seconds, 0
        while calm < 3 and time.monotonic() < deadline:
            busy = not self.hub.idle() or self.app.store.has_pending(self.hub.reader)
            calm = 0 if busy else calm + 1
            time.sleep(0.2)
        assert calm >= 3, "the engine did not settle"

    def stop(self) -> None:
        if self.task is not None:
            self.loop.call_soon_threadsafe(self.task.cancel)
        self.stdin.end()
        if self.thread is not None:
            self.thread.join(30)


def start_engine(data_dir: Path, *, token: str | None = None, host: str = "127.0.0.1", port: int = 0,
                 **settings) -> Engine:
    from tic.web import WebServer

    own = {"database_url": None, "agents_dir": None, "sources_dir": None, "workdirs_dir": None, "demo": True,
           "main_model": "offline", "tic_model": "offline", **settings}  # never the environment's TIC_* world
    cfg = Settings(home=ROOT, data_dir=data_dir, web_host=host, web_port=port, web_token=token, **own)
    clock = SystemClock()
    create_demo(cfg.data_dir, clock.now())
    app = build_app(cfg, clock)
    server = WebServer(app, host=host, port=port, token=token, announce=lambda _line: None)
    ready = threading.Event()
    box: dict = {}
    stdin = _Lines()
    said: list[str] = []
    echoed: list[str] = []
    stamps = Stamps()

    async def serve(hub: ChatHub) -> None:
        box["hub"] = hub
        box["loop"] = asyncio.get_running_loop()
        serving = asyncio.create_task(server.serve(hub))
        await server.started.wait()
        ready.set()
        await serving

    def run() -> None:
        async def main() -> None:
            box["task"] = asyncio.current_task()
            views = ChatViews(stamps, TerminalView(said.append, lambda text, origin: echoed.append(f"{origin}: {text}")))
            await run_engine(app, stdin=stdin, views=views, serve=serve)

        try:
            asyncio.run(main())
        except asyncio.CancelledError:
            pass

    thread = threading.Thread(target=run, name="tic-engine", daemon=True)
    thread.start()
    assert ready.wait(60), "the engine did not start serving its page"
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    engine = Engine(app, f"http://{shown}:{server.port}/", box["loop"], box["hub"], server, stdin, said, echoed,
                    thread, box["task"], stamps)
    return engine


@pytest.fixture
def engine(tmp_path):
    e = start_engine(tmp_path / "data")
    yield e
    e.stop()


@pytest.fixture(scope="module")  # Playwright's sync API keeps an event loop running: never past this module's tests
def browser():
    executable = chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS, headless=True)
        yield b
        b.close()


@pytest.fixture
def page(browser, engine):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    p = context.new_page()
    p.set_default_timeout(15_000)
    p.goto(engine.url)
    p.wait_for_selector("#connection.live")
    yield p
    context.close()
