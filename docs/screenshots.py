"""Screenshots of the chat page's four panels over the embedded demo (README, "Chat in the browser").

    .venv/bin/python docs/screenshots.py

Starts `./tic run --web` on a fresh temporary data folder (the demo), drives the operating system's
Chromium with Playwright, and writes docs/web-chat.png, web-notifications.png, web-rules.png and
web-decisions.png.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import expect, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def main() -> None:
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        sys.exit("chromium is not installed (Debian: apt-get install chromium)")
    with tempfile.TemporaryDirectory() as tmp:
        env = {k: v for k, v in os.environ.items() if not k.startswith("TIC_")}
        env.update(TIC_DATA_DIR=str(Path(tmp) / "data"), TIC_WEB_PORT="0")
        proc = subprocess.Popen([str(ROOT / "tic"), "run", "--web"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                text=True, env=env)
        try:
            url = proc.stdout.readline().split(" at ", 1)[1].strip()
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=chromium, args=ARGS, headless=True)
                page = browser.new_page(viewport={"width": 1280, "height": 820}, device_scale_factor=1)
                page.goto(url)
                expect(page.locator(".bubble.assistant[data-id]")).to_have_count(1, timeout=60_000)
                page.fill("#line", "Anything from Kandice I should answer today?")
                page.keyboard.press("Enter")
                expect(page.locator(".bubble.assistant[data-id]")).to_have_count(2, timeout=60_000)
                page.locator(".card summary").first.click()
                page.evaluate("document.querySelector('#messages').scrollTop = 0")
                time.sleep(0.3)
                page.screenshot(path=str(ROOT / "docs" / "web-chat.png"))
                page.click("nav [data-panel=notices]")
                expect(page.locator(".notice").first).to_be_visible()
                page.locator(".notice", has_text="new email message").locator("button.mute").click()
                expect(page.locator(".notice .muted-badge")).to_have_count(1)
                page.screenshot(path=str(ROOT / "docs" / "web-notifications.png"))
                page.click("nav [data-panel=rules]")
                expect(page.locator(".reading").first).to_be_visible()
                page.screenshot(path=str(ROOT / "docs" / "web-rules.png"))
                page.click("nav [data-panel=decisions]")
                page.locator(".decision", has_text="Draft consent order").locator("button").click()
                expect(page.locator("#why .rule").first).to_be_visible()
                page.screenshot(path=str(ROOT / "docs" / "web-decisions.png"))
                browser.close()
        finally:
            proc.send_signal(signal.SIGINT)
            proc.communicate(timeout=30)


if __name__ == "__main__":
    main()
