"""Push where a source can push (issue 10): IMAP IDLE starts an early tick within seconds of new mail.

`watch_sources(sources, wake, clock)` runs until cancelled. For every
`ImapSource` whose server offers IDLE it keeps one connection in IDLE
(`_idle.IdleSession`) and, when the server reports new mail, calls `wake()`
through a `Debounce`: the first report of a burst waits `debounce` seconds
(default 0.5), then wakes once, so ten messages delivered together are one
tick and one batch of notifications. A server without IDLE is simply not
watched (the scheduled ticks read it); a dropped connection is reopened after
a wait that doubles from 1 s to 5 minutes; IDLE is renewed every 25 minutes.
Nothing here reads mail: the woken tick fetches from its cursor as always.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Callable, Iterable

from tic.clock import Clock
from tic.sources._idle import IdleSession, IdleUnsupported
from tic.sources.imap import ImapSource

log = logging.getLogger(__name__)

__all__ = ["Debounce", "watch_sources"]

DEBOUNCE = 0.5  # seconds from the first report of a burst to the wake
CHECK = 1.0  # seconds a wait blocks before looking again (how soon a cancelled watch lets go)
RENEW = 25 * 60.0  # seconds between IDLE renewals (servers end IDLE after 30 minutes)
BACKOFF = (1.0, 300.0)  # first and longest wait before reconnecting


class Debounce:
    """Calls `action` once, `window` seconds (of `clock`) after the first `signal()` of a burst; call it in the loop."""

    def __init__(self, action: Callable[[], None], clock: Clock, window: float = DEBOUNCE) -> None:
        self._action = action
        self._clock = clock
        self._window = window
        self._pending: asyncio.Task | None = None
        self.fired = 0

    def signal(self) -> None:
        if self._pending is None or self._pending.done():
            self._pending = asyncio.get_running_loop().create_task(self._fire())

    async def _fire(self) -> None:
        await self._clock.sleep(self._window)
        self.fired += 1
        try:
            self._action()
        except Exception:  # noqa: BLE001 - a failed wake only means the scheduled tick reads the mail
            log.exception("waking the triage tick failed")

    def cancel(self) -> None:
        if self._pending is not None:
            self._pending.cancel()


async def watch_sources(sources: Iterable[object], wake: Callable[[], None], clock: Clock, *,
                        debounce: float = DEBOUNCE, check: float = CHECK, renew: float = RENEW) -> None:
    """Watch every source that can be watched until cancelled; `wake()` (debounced) when one reports new mail."""
    debouncer = Debounce(wake, clock, debounce)
    imap = [s for s in sources if isinstance(s, ImapSource)]
    tasks = [asyncio.create_task(_watch_imap(s, debouncer.signal, clock, check=check, renew=renew),
                                 name=f"idle-{s.name}") for s in imap]
    try:
        if tasks:
            await asyncio.gather(*tasks)
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        debouncer.cancel()


async def _watch_imap(source: ImapSource, signal: Callable[[], None], clock: Clock, *, check: float,
                      renew: float) -> None:
    wait = BACKOFF[0]
    while True:
        try:
            session = await asyncio.to_thread(IdleSession.open, source)
        except IdleUnsupported as exc:
            log.info("%s: %s; it is read on the schedule only", source.name, exc)
            return
        except Exception as exc:  # noqa: BLE001 - down, refused, dropped: the schedule still reads it; try later
            log.warning("%s: cannot start IMAP IDLE (%s); trying again in %.0f s", source.name,
                        str(exc).splitlines()[0][:200] if str(exc) else type(exc).__name__, wait)
            await clock.sleep(wait)
            wait = min(wait * 2, BACKOFF[1])
            continue
        wait = BACKOFF[0]
        log.info("%s: watching %s with IMAP IDLE", source.name, source.folder)
        try:
            since = clock.monotonic()
            while True:
                if await asyncio.to_thread(session.wait, check):
                    signal()
                if clock.monotonic() - since >= renew:
                    if await asyncio.to_thread(session.renew):
                        signal()
                    since = clock.monotonic()
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # noqa: BLE001 - the connection dropped: reopen it
            log.warning("%s: IMAP IDLE connection lost (%s); reconnecting", source.name, type(exc).__name__)
            signal()  # mail may have come while it was down
        finally:
            await asyncio.shield(asyncio.to_thread(session.close))
        await clock.sleep(wait)
