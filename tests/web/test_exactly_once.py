"""H11 as the user sees it: a line typed on the page while a burst of notifications arrives - every
notification shown exactly once in the page and in the terminal, and still once after a page reload and
an engine restart (nothing lost, nothing doubled)."""

from __future__ import annotations

import re
import socket
import threading
import time

from playwright.sync_api import expect

from tests.web.conftest import start_engine
from tests.web.test_page import card_summaries, notify

BURST = 40


def _counts(texts: list[str]) -> dict[str, int]:
    found: dict[str, int] = {}
    for text in texts:
        for n in re.findall(r"burst message (\d+)\b", text):
            found[n] = found.get(n, 0) + 1
    return found


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_h11_burst_while_typing_shown_once_in_both_views_across_reload_and_restart(tmp_path, browser):
    port = _free_port()
    engine = start_engine(tmp_path / "data", port=port)
    want = {f"{n:02d}": 1 for n in range(BURST)}
    page = browser.new_context().new_page()
    try:
        page.goto(engine.url)
        expect(page.locator(".card")).to_have_count(1)
        engine.quiet()

        def burst() -> None:
            for n in range(BURST):
                notify(engine, f"Sender {n:02d}", f"burst message {n:02d}")
                time.sleep(0.005 * (n % 4))

        poster = threading.Thread(target=burst)
        poster.start()
        page.fill("#line", "typed during the burst")
        page.keyboard.press("Enter")
        poster.join()
        expect(page.locator(".card .summary")).to_have_count(BURST + 5, timeout=30_000)  # the demo's 5 and the burst
        engine.quiet()
        expect(page.locator(".bubble.user[data-id] .text")).to_have_text(["typed during the burst"])
        assert _counts(card_summaries(page)) == want  # the page: each once
        assert _counts(["\n".join(engine.said)]) == want  # the terminal: the assistant told each once

        page.reload()
        expect(page.locator("#connection.live")).to_be_visible()
        expect(page.locator(".card .summary")).to_have_count(BURST + 5, timeout=30_000)
        assert _counts(card_summaries(page)) == want  # a reload: still once
        assert page.locator(".bubble.user[data-id]").count() == 1
    finally:
        engine.stop()

    expect(page.locator("#connection.down")).to_be_visible()  # the open tab notices the engine is gone
    again = start_engine(tmp_path / "data", port=port)  # an engine restart over the same world, same address
    try:
        expect(page.locator("#connection.live")).to_be_visible(timeout=15_000)  # the tab reconnects by itself
        again.quiet()
        page.fill("#line", "after the restart")  # the tab opened before the restart still talks
        page.keyboard.press("Enter")
        expect(page.locator(".bubble.user[data-id] .text")).to_have_text(["typed during the burst",
                                                                           "after the restart"])
        again.quiet()
        assert _counts(card_summaries(page)) == want
        assert _counts(again.said) == {}  # nothing told twice after the restart
        page.reload()
        expect(page.locator(".card .summary")).to_have_count(BURST + 5, timeout=30_000)
        assert _counts(card_summaries(page)) == want
        expect(page.locator(".bubble.user[data-id]")).to_have_count(2)
    finally:
        page.context.close()
        again.stop()
