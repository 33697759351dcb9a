"""The world's health (R3): a database fault is told once, waited out with backoff, and never written past.

What a fault of the world looks like to the engine is an exception out of SQLAlchemy; `classify`
names the few that are the world's, not the code's:

- `lost`: the connection broke (PostgreSQL restarted or its backend terminated, the server down);
- `read_only`: nothing can be written (a read-only file or directory, a read-only transaction);
- `full`: the disk, or the database's own size limit, is full;
- `io`: the file cannot be read or written (SQLite's I/O errors);
- `busy`: another writer held the database longer than the busy timeout.

A SQLite world whose WAL index (`-shm`) cannot be written any more - made immutable - is `read_only`: the
work is refused by `tic.walindex` before SQLite's store into its memory map would end the process (SIGBUS).

`WorldHealth` runs the engine's work through `call` (one step, retried) and `supervise` (a loop
restarted when a fault ends it). A fault is told once - a clear line to `tell` when it starts,
one more when the world works again, and then a `warn` notice, posted once it can be written
(repeat-held like any other) - and waited out with exponential backoff on the injected Clock
(tenacity). Work is retried from its start, so it must be idempotent (a tick decides only what
is undecided, T5; an injection is one transaction, H4).

A SQLite world deleted or replaced underneath the engine is told apart by the file's identity
(device and inode, taken at start): the engine's open connections would go on writing into the
deleted file, where no later run can read it. `check` raises `WorldGone` then, and the engine
stops cleanly instead.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Awaitable, Callable, Literal, TypeVar

from sqlalchemy import Engine
from sqlalchemy.exc import DBAPIError
from tenacity import AsyncRetrying, RetryCallState, retry_if_exception, wait_exponential

from tic.clock import Clock
from tic.errors import TicError
from tic.walindex import FilesNotWritable  # the world's SQLite files found unwritable before SQLite wrote them

log = logging.getLogger(__name__)

__all__ = ["Fault", "WorldDown", "WorldGone", "WorldHealth", "classify", "world_file"]

T = TypeVar("T")
Kind = Literal["lost", "read_only", "full", "io", "busy"]

FIRST_WAIT = 1.0  # seconds before the first retry; doubled each time...
MAX_WAIT = 30.0  # ...up to this
WATCH_SECONDS = 1.0  # how often the SQLite file's identity is checked while the engine runs

SAYS: dict[str, str] = {
    "lost": "cannot be reached (the connection was lost)",
    "read_only": "is read-only: nothing can be stored",
    "full": "is full (the disk, or the database's size limit)",
    "io": "cannot be read or written (an I/O error)",
    "busy": "is held by another writer",
}

_PG_LOST = ("57P01", "57P02", "57P03", "08000", "08001", "08003", "08004", "08006", "08007")
_SQLITE = {"SQLITE_READONLY": "read_only", "SQLITE_FULL": "full", "SQLITE_IOERR": "io", "SQLITE_CANTOPEN": "io",
           "SQLITE_BUSY": "busy", "SQLITE_LOCKED": "busy"}
_MESSAGES = (("readonly database", "read_only"), ("read-only", "read_only"), ("disk is full", "full"),
             ("disk i/o error", "io"), ("unable to open database file", "io"), ("database is locked", "busy"),
             ("server closed the connection", "lost"), ("terminating connection", "lost"),
             ("connection refused", "lost"), ("the connection is closed", "lost"), ("connection is lost", "lost"),
             ("consuming input failed", "lost"))


class WorldDown(TicError):
    """The world kept failing longer than the caller would wait (the end of a piped run)."""


class WorldGone(TicError):
    """The world's file was deleted or replaced while the engine ran: writing on would write into the void."""


@dataclass(frozen=True)
class Fault:
    kind: Kind
    detail: str

    @property
    def says(self) -> str:
        return SAYS[self.kind]


def classify(exc: BaseException) -> Fault | None:
    """The world's fault behind `exc` (or its causes), or None when it is not one (a bug, a bad value)."""
    seen: set[int] = set()
    todo: list[BaseException | None] = [exc]
    while todo:
        e = todo.pop()
        if e is None or id(e) in seen:
            continue
        seen.add(id(e))
        fault = _one(e)
        if fault is not None:
            return fault
        todo += [getattr(e, "orig", None), e.__cause__, e.__context__]
    return None


def _one(e: BaseException) -> Fault | None:
    detail = (str(e).strip().splitlines() or [type(e).__name__])[0][:300]
    if isinstance(e, FilesNotWritable):
        return Fault("read_only", detail)
    if isinstance(e, DBAPIError) and e.connection_invalidated:
        return Fault("lost", detail)
    state = getattr(e, "sqlstate", None)
    if isinstance(state, str):
        if state in _PG_LOST:
            return Fault("lost", detail)
        if state == "25006":
            return Fault("read_only", detail)
        if state.startswith("53"):
            return Fault("full", detail)
        return None
    if isinstance(e, sqlite3.Error):
        name = getattr(e, "sqlite_errorname", "") or ""
        for prefix, kind in _SQLITE.items():
            if name.startswith(prefix):
                return Fault(kind, detail)  # type: ignore[arg-type]
    if isinstance(e, sqlite3.Error) or type(e).__module__.startswith("psycopg"):
        low = detail.lower()
        for text, kind in _MESSAGES:
            if text in low:
                return Fault(kind, detail)  # type: ignore[arg-type]
    return None


def world_file(world: Engine) -> Path | None:
    """The world's SQLite file, if it is one."""
    name = world.url.database
    if world.url.get_backend_name() != "sqlite" or not name or name == ":memory:" or name.startswith("file:"):
        return None
    return Path(name).resolve()


def _identity(path: Path) -> tuple[int, int] | None:
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return None
    return st.st_dev, st.st_ino


class WorldHealth:
    """The engine's one view of whether the world works (see the module's docstring).

    `tell(text, ok)` shows a line to the user (ok: the world works again); `post(template, params)`
    stores a notice (called once the world can be written again).
    """

    def __init__(self, world: Engine, clock: Clock, *, tell: Callable[[str, bool], None],
                 post: Callable[[str, dict], object] | None = None,
                 first_wait: float = FIRST_WAIT, max_wait: float = MAX_WAIT, settle: float = MAX_WAIT) -> None:
        self._world = world
        self._clock = clock
        self._tell = tell
        self._post = post
        self._first, self._max, self._settle = first_wait, max_wait, settle
        self.file = world_file(world)
        self._identity = _identity(self.file) if self.file is not None else None
        self._down: tuple[Fault, float, str] | None = None  # the fault told, when it began (monotonic), during what
        self.faults = 0  # faults met (each retried); told once per spell

    @property
    def down(self) -> Fault | None:
        return self._down[0] if self._down else None

    def down_for(self) -> float:
        """Seconds (Clock time) since the fault told was met; 0 while the world works."""
        return self._clock.monotonic() - self._down[1] if self._down else 0.0

    # --- the file's identity ---------------------------------------------------------------------

    def check(self) -> None:
        """Raise `WorldGone` when the SQLite file is not the one the engine opened (deleted, replaced)."""
        if self.file is None or self._identity is None:
            return
        now = _identity(self.file)
        if now == self._identity:
            return
        what = "deleted" if now is None else "replaced by another file"
        raise WorldGone(f"the database {self.file} was {what} while the engine ran; it stopped rather than "
                        "write where no later run can read. Put the file back, or start ./tic run again "
                        "to begin a new one (what was told before is in the old file)")

    async def watch(self, every: float = WATCH_SECONDS) -> None:
        """Forever: check the file's identity (real time, whatever the clock); raises `WorldGone`."""
        while True:
            self.check()
            await self._clock.pause(every)

    # --- running the engine's work -----------------------------------------------------------------

    async def call(self, what: str, step: Callable[[], Awaitable[T]], *, settle: float | None = None) -> T:
        """Run `step` until it ends without a fault of the world (other errors propagate), telling once.

        The world is told to work again when a step that met a fault ends (a read that works proves nothing).
        `settle`: for a step meant to run forever (a loop), when it has run that long (Clock time) after a
        fault without meeting another."""
        met = [0]  # faults this call met
        watchdog: list[asyncio.Task] = []

        def faulted(state: RetryCallState) -> None:
            for dog in watchdog:
                dog.cancel()
            if self._faulted(state, what):
                met[0] += 1

        retrying = AsyncRetrying(
            retry=retry_if_exception(lambda e: not isinstance(e, WorldGone) and classify(e) is not None),
            wait=wait_exponential(multiplier=self._first, min=self._first, max=self._max),
            sleep=self._clock.sleep, before_sleep=faulted, reraise=True)
        try:
            async for attempt in retrying:
                with attempt:
                    self.check()
                    if met[0]:
                        self._writable_again()
                    if settle is not None and met[0]:
                        watchdog.append(asyncio.create_task(self._settled(settle, met, met[0])))
                    result = await step()
        finally:
            for dog in watchdog:
                dog.cancel()
        if met[0]:
            self._recovered()
        return result  # type: ignore[possibly-undefined]

    def _writable_again(self) -> None:
        """Before a retry on SQLite: the files must open for writing first (else the fault goes on, untouched:
        SQLite would open them read-only for good); then the pool's connections are replaced, since one opened
        meanwhile may be read-only for good. (Each statement checks the -shm itself: tic.walindex.)"""
        if self.file is None:
            return
        for suffix in ("", "-wal", "-shm"):
            try:
                os.close(os.open(f"{self.file}{suffix}", os.O_RDWR))
            except FileNotFoundError:
                continue
            except OSError as exc:
                raise FilesNotWritable(f"{self.file}{suffix} cannot be opened for writing: {exc.strerror}") from None
        self._world.dispose()

    async def _settled(self, seconds: float, met: list[int], count: int) -> None:
        await self._clock.pause(seconds)  # real time: how long the loop ran, whatever the clock
        if met[0] == count:
            self._recovered()

    async def supervise(self, what: str, loop: Callable[[], Awaitable[object]]) -> None:
        """Run a loop meant to run forever; a fault of the world that ends it is told once and the loop restarted
        after the backoff (told to work again once it ran `settle` seconds without another); any other error
        is logged and the loop restarted too (R3: never the engine's end)."""
        wait = self._first
        while True:
            try:
                await self.call(what, loop, settle=self._settle)
                return
            except WorldGone:
                raise
            except Exception:  # noqa: BLE001 - not the world's: a bug, logged; the loop goes on after a pause
                log.exception("%s stopped on an error; restarting it in %.0f s", what, wait)
                await self._clock.sleep(wait)
                wait = min(wait * 2, self._max)

    def _faulted(self, state: RetryCallState, what: str) -> bool:
        exc = state.outcome.exception() if state.outcome else None
        fault = classify(exc) if exc is not None else None
        if fault is None:
            return False
        self.faults += 1
        self.check()  # a fault may be the file's going: then stop, do not wait
        if self._down is not None:  # told already (a fault may change its face: an I/O error, then read-only)
            log.info("%s: the database still %s (%s)", what, fault.says, fault.detail)
            return True
        self._down = (fault, self._clock.monotonic(), what)
        line = (f"[tic] the database {self.where()} {fault.says} ({fault.detail}); {what} waits and retries "
                "with backoff - nothing is lost, I go on once it works again")
        log.error("%s", line)
        self._tell(line, False)
        return True

    def _recovered(self) -> None:
        if self._down is None:
            return
        fault, began, what = self._down
        self._down = None
        seconds = max(0, round(self._clock.monotonic() - began))
        line = f"[tic] the database works again after about {seconds} s ({fault.kind.replace('_', '-')}); resumed"
        log.warning("%s", line)
        self._tell(line, True)
        if self._post is not None:
            try:  # R3: said once, held like any other warning, now that the world can be written
                self._post("the database was unavailable for a while", {"fault": fault.kind, "detail": fault.detail,
                                                                          "during": what, "seconds": seconds})
            except Exception as exc:  # noqa: BLE001 - the line was told; a notice that cannot be stored is not worth a crash
                log.warning("could not store the notice about the database's fault: %s", exc,
                            exc_info=classify(exc) is None)

    def where(self) -> str:
        if self.file is not None:
            return str(self.file)
        return self._world.url.render_as_string(hide_password=True)
