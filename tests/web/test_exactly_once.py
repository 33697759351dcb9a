"""H11 as the user sees it: a line typed on the page while a burst of notifications arrives - every
notification shown exactly once in the page and in the terminal, and still once after a page reload and
an engine restart (nothing lost, nothing doubled)."""

from __future__ import annotations

import re
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


def test_h11_burst_while_typing_shown_once_in_both_views_across_reload_and_restart(tmp_path, browser):
    engine = start_engine(tmp_path / "data")
    want = {f"{n:02d}": 1 for n in range(BURST)}
    try:
        page = browser.new_context().new_page()
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
        said = "\n".join(engine.said)
        assert _counts([said]) == want  # the terminal: the assistant told each once
        terminal_said = list(engine.said)

        page.reload()
        expect(page.locator("#connection.live")).to_be_visible()
        expect(page.locator(".card .summary")).to_have_count(BURST + 5, timeout=30_000)  # the demo's 5 and the burst
        assert _counts(card_summaries(page)) == want  # a reload: still once
        assert page.locator(".bubble.user[data-id]").count() == 1
        page.context.close()
    finally:
        engine.stop()

    again = start_engine(tmp_path / "data")  # an engine restart over the same world
    try:
        page = browser.new_context().new_page()
        page.goto(again.url)
        expect(page.locator("#connection.live")).to_be_visible()
        expect(page.locator(".card .summary")).to_have_count(BURST + 5, timeout=30_000)  # the demo's 5 and the burst
        again.quiet()
        assert _counts(card_summaries(page)) == want
        assert _counts(again.said) == {}  # nothing told twice after the restart
        assert page.locator(".bubble.assistant[data-id]").count() >= 2
        assert terminal_said  # (kept for the failure message)
        page.context.close()
    finally:
        again.stop()
