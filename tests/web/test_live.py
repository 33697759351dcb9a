"""Issue 11: the assistant's state reaches every tab, in order, whenever the tab connects and from whichever
thread the hub says it (the hub's turn runs in a worker thread; the page is served on the engine's loop).
Orderings are driven explicitly: a note said from another thread reaches the loop only when the test lets
the loop run one step."""

from __future__ import annotations

import asyncio
import functools
import threading

from tic.hub import ChatViews
from tic.web._live import QUEUE_LIMIT, Live, WebView


def on_loop(test):
    """Run the async test on a fresh event loop (the page's views live on the server's loop)."""
    @functools.wraps(test)
    def run() -> None:
        asyncio.run(test())
    return run


FAILING = "[tic] I could not reach my language model (test: connection refused)"
WORKS = "[tic] My language model (test) works again."
DB_DOWN = "[tic] the database is read-only: nothing can be stored"
DB_WORKS = "[tic] the database works again"


def drain(queue: asyncio.Queue) -> list[dict]:
    return [queue.get_nowait() for _ in range(queue.qsize())]


def banner(text: str, level: str = "failing") -> dict:
    return {"text": text, "level": level}


def from_thread(fn, *args, **kwargs) -> None:
    """`fn` called in another thread (as the hub's turn does), finished before this returns."""
    t = threading.Thread(target=fn, args=args, kwargs=kwargs)
    t.start()
    t.join()


def failing_tab() -> tuple[Live, WebView, asyncio.Queue]:
    """A page's live state with one tab open, told that the model fails (call on the running loop)."""
    live = Live(asyncio.get_running_loop())
    view = WebView(live)
    tab = live.open()
    view.status(FAILING, level="failing")
    return live, view, tab


async def one_step() -> None:
    """Let the loop run what other threads handed it (call_soon_threadsafe) before this task goes on."""
    await asyncio.sleep(0)


@on_loop
async def test_issue11_a_tab_opened_while_the_failure_is_on_its_way_gets_it_after_its_hello() -> None:
    live = Live(asyncio.get_running_loop())
    view = WebView(live)
    before = live.open()
    from_thread(view.status, FAILING, level="failing")  # said in the turn's thread, not yet on the loop
    between = live.open()  # a tab connecting now: its hello says nothing is wrong yet ...
    await one_step()
    after = live.open()  # ... and one connecting once the loop has it: its hello says it
    failing = banner(FAILING)
    assert drain(before) == [{"type": "hello", "status": None}, {"type": "status", "status": failing}]
    assert drain(between) == [{"type": "hello", "status": None}, {"type": "status", "status": failing}]
    assert drain(after) == [{"type": "hello", "status": failing}]
    assert live.status == failing  # what a reload's hello carries


@on_loop
async def test_issue11_notes_from_two_threads_leave_every_tab_and_a_reload_agreeing() -> None:
    live = Live(asyncio.get_running_loop())
    views = ChatViews(WebView(live))
    tab = live.open()
    from_thread(views.status, FAILING, level="failing")
    from_thread(views.status, WORKS, level="ok")
    from_thread(views.status, FAILING, level="failing")
    await one_step()
    events = drain(tab)
    assert [e.get("status") for e in events] == [None, banner(FAILING), None, banner(FAILING)]
    assert events[-1]["status"] == live.status  # the last the tab was sent is what a reload is told


@on_loop
async def test_issue11_another_note_does_not_replace_the_model_failing() -> None:
    live, view, tab = failing_tab()
    view.status(DB_DOWN, level="note")  # the world's fault, told while the model fails
    view.status(DB_WORKS, level="note")  # ... and its end: the model still fails
    assert live.status == banner(f"{FAILING}\n{DB_WORKS}")
    view.status(WORKS, level="ok")
    assert live.status is None
    assert [e["status"] for e in drain(tab)[1:]] == [
        banner(FAILING), banner(f"{FAILING}\n{DB_DOWN}"), banner(f"{FAILING}\n{DB_WORKS}"), None]
    view.status(DB_DOWN, level="note")
    assert live.status == banner(DB_DOWN, "note")


@on_loop
async def test_issue11_a_view_attached_after_the_failure_is_told_it() -> None:
    """The model's failure is told once (tic.hub's ModelHealth); a page served after it still shows it."""
    views = ChatViews()
    from_thread(views.status, FAILING, level="failing")
    live = Live(asyncio.get_running_loop())
    views.attach(WebView(live))  # as serve() does, on the loop
    assert drain(live.open()) == [{"type": "hello", "status": banner(FAILING)}]
    views.status(WORKS, level="ok")
    seen: list[tuple[str, str]] = []

    class Notes:
        def status(self, text, *, level):
            seen.append((text, level))

    views.attach(Notes())  # type: ignore[arg-type] - only status is called on attaching
    assert seen == []  # nothing in force once it works again


@on_loop
async def test_issue11_a_tab_that_fell_behind_reads_the_state_again_with_everything_else() -> None:
    live, _, tab = failing_tab()
    for _ in range(QUEUE_LIMIT):
        live.send({"type": "changed"})
    assert drain(tab)[0] == {"type": "resync", "status": banner(FAILING)}  # what was queued is dropped
