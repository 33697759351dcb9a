"""Issue 11 in a real browser: the page and the terminal are two views of one conversation (H3, H4, H11),
the panels act on the same store, rules file and triage log as the CLI (N8, T3, T6, T11), and the page is
safe by default (R1). Chromium from the operating system, driven by Playwright, against the real engine."""

from __future__ import annotations

import json
import mailbox
import time
from email.message import EmailMessage
from email.utils import format_datetime

import httpx
from playwright.sync_api import expect

from tic.app import build_triage
from tic.hub import Notification
from tic.triage import history

from tests.web.conftest import start_engine


def notify(engine, who: str, body: str, source: str = "whatsapp") -> None:
    """A background agent's `notify` (H2), from outside the engine's loop as a tick would."""
    engine.app.notifier.notify(Notification(source=source, event_type="message", summary=f"{who} wrote: {body}",
                                            refs={"from_name": who, "text": body}))


def card_summaries(page) -> list[str]:
    return page.eval_on_selector_all(".card .summary", "els => els.map(e => e.textContent)")


def test_issue11_chat_round_trip_in_both_views(page, engine):
    expect(page.locator(".card summary").first).to_contain_text("5 notifications")  # the demo's first batch
    page.fill("#line", "what's new?")
    page.keyboard.press("Enter")
    expect(page.locator('.bubble.user[data-id] .text').last).to_have_text("what's new?")
    replies = page.locator(".bubble.assistant[data-id]")
    expect(replies).to_have_count(2)  # the batch's answer, then the answer to the line
    assert engine.echoed == ["web: what's new?"]  # the terminal shows the page's line ...
    deadline = time.monotonic() + 10
    while len(engine.said) < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert engine.said[-1] == replies.last.locator(".text").text_content()  # ... and the same reply


def test_issue11_terminal_line_appears_on_the_page(page, engine):
    engine.stdin.type("anything from Kandice?")
    expect(page.locator('.bubble.user[data-id] .text').last).to_have_text("anything from Kandice?")
    expect(page.locator(".bubble.assistant[data-id]")).to_have_count(2)
    assert engine.echoed == []  # a terminal line is not echoed to the terminal


def test_h4_notification_arrives_live_as_a_folded_card(page, engine):
    expect(page.locator(".card")).to_have_count(1)
    notify(engine, "Marta Ruiz", "The keys are under the mat")
    card = page.locator(".card").nth(1)
    expect(card.locator("summary")).to_contain_text("1 notification")
    expect(card.locator(".notification")).to_be_hidden()  # folded until opened
    card.locator("summary").click()
    expect(card.locator(".notification .sender")).to_have_text("Marta Ruiz")
    expect(card.locator(".notification .source")).to_have_text("whatsapp")
    expect(card.locator(".notification time")).to_have_count(1)
    expect(card.locator(".summary")).to_have_text("Marta Ruiz wrote: The keys are under the mat")
    expect(page.locator(".bubble.assistant[data-id]")).to_have_count(2)  # the assistant tells about it


def test_n8_mute_and_unmute_by_handle_live(page, engine):
    page.click("nav [data-panel=notices]")
    engine.app.store.post("the backup disk is almost full", {"free": "2%"}, severity="warn", audience="*")
    row = page.locator(".notice", has_text="the backup disk is almost full")
    expect(row).to_have_count(1)  # arrived while the panel was open
    expect(row.locator(".severity")).to_have_text("warn")
    key = row.get_attribute("data-key")
    row.locator("button.mute").click()
    expect(page.locator("#notices-message")).to_have_text(f"muted #{key}")
    expect(row.locator(".muted-badge")).to_have_text("muted")
    caller = f"user:{engine.app.store.user}"
    assert [e.muted for e in engine.app.store.entries(caller=caller) if e.key == key] == [True]  # N8: stored
    row.locator("button.mute").click()
    expect(page.locator("#notices-message")).to_have_text(f"unmuted #{key}")
    assert [e.muted for e in engine.app.store.entries(caller=caller) if e.key == key] == [False]


def test_n6_repeats_collapse_with_their_count(page, engine):
    page.click("nav [data-panel=notices]")
    for n in range(3):
        engine.app.store.post("a sync of the calendar failed", {"try": str(n)}, severity="error", audience="*")
    row = page.locator(".notice", has_text="a sync of the calendar failed")
    expect(row.locator(".repeats")).to_have_text("×3")


def _new_whatsapp(engine, id_: str, sender: str, body: str) -> None:
    path = engine.app.settings.data_dir / "demo" / "whatsapp.jsonl"
    ts = engine.app.clock.now().strftime("%Y-%m-%dT%H:%M:%SZ")
    with path.open("a", encoding="utf-8") as f:
        f.write(json.dumps({"id": id_, "chat": sender, "is_group": False, "from": sender, "from_number": "+34600111222",
                            "body": body, "timestamp": ts, "mentions": []}) + "\n")


def test_t3_rule_edit_read_as_typed_saved_and_obeyed_by_the_next_tick(page, engine):
    page.click("nav [data-panel=rules]")
    editor = page.locator("#rules-text")
    expect(editor).to_have_value(engine.app.settings.rules_file.read_text())
    text = editor.input_value().replace("## Never notify\n", "## Never notify\n- WhatsApp messages from Ana Ruiz\n")
    editor.fill(text)
    reading = page.locator(".reading", has_text="WhatsApp messages from Ana Ruiz")
    expect(reading.locator(".meaning")).to_contain_text("Ana Ruiz")  # read as typed, before saving
    assert "Ana Ruiz" not in engine.app.settings.rules_file.read_text()
    page.click("#rules-save")
    expect(page.locator("#rules-message")).to_have_text("saved notifications.md")
    assert engine.app.settings.rules_file.read_text() == text
    _new_whatsapp(engine, "web-ana", "Ana Ruiz", "Are you free for lunch?")
    build_triage(engine.app).tick()  # the next tick reads the file fresh
    [decision] = history.decisions_for(engine.app.world, "whatsapp:web-ana")
    assert not decision.notify and decision.rule and "Ana Ruiz" in decision.rule


def test_t3_save_refused_when_the_file_changed_on_disk(page, engine):
    page.click("nav [data-panel=rules]")
    editor = page.locator("#rules-text")
    expect(editor).not_to_have_value("")
    theirs = editor.input_value() + "- Emails from Mario\n"
    engine.app.settings.rules_file.write_text(theirs)  # the assistant (or another editor) saved meanwhile
    editor.fill(editor.input_value() + "- Emails from Bianca\n")
    page.click("#rules-save")
    expect(page.locator("#rules-message")).to_contain_text("changed on disk")
    assert engine.app.settings.rules_file.read_text() == theirs  # nothing lost
    page.click("#rules-reload")
    expect(editor).to_have_value(theirs)


def test_t6_why_of_a_decision(page, engine):
    page.click("nav [data-panel=decisions]")
    page.fill("#decision-search", "Kandice consent")
    item = page.locator(".decision", has_text="Draft consent order")
    expect(item).to_have_count(1)
    item.locator("button").click()
    why = page.locator("#why")
    expect(why.locator(".event-key")).to_have_text("email:demo-kandice@demo.tic")
    expect(why.locator(".rule").first).to_contain_text("Kandice Phillips")
    expect(why.locator(".decided-by").first).to_have_text("rule")
    expect(why.locator("h4").first).to_have_text("notified")


def test_h11_two_tabs_in_sync(page, engine, browser):
    other = browser.new_context().new_page()
    other.goto(engine.url)
    expect(other.locator("#connection.live")).to_be_visible()
    page.fill("#line", "hello from the first tab")
    page.keyboard.press("Enter")
    for p in (page, other):
        expect(p.locator(".bubble.user[data-id] .text")).to_have_text(["hello from the first tab"])
        expect(p.locator(".bubble.assistant[data-id]")).to_have_count(2)
    notify(engine, "Marta Ruiz", "second tab check")
    for p in (page, other):
        expect(p.locator(".card")).to_have_count(2)
    other.context.close()


def test_r1_an_email_with_script_is_inert_text(page, engine):
    payload = "<script>window.__pwned = 1</script><img src=x onerror='window.__pwned = 2'>"
    box = mailbox.Maildir(str(engine.app.settings.data_dir / "demo" / "mail"), create=False)
    msg = EmailMessage()
    msg["Message-ID"] = "<web-xss@demo.tic>"
    msg["From"] = "Kandice Phillips <kphillips@dawsoncornwell.com>"
    msg["To"] = "Luca <luca@ferraro.me.uk>"
    msg["Subject"] = f"Re: order {payload}"
    msg["Date"] = format_datetime(engine.app.clock.now())
    msg.set_content(f"Hello {payload}")
    box.add(msg)
    build_triage(engine.app).tick()
    card = page.locator(".card").nth(1)
    card.locator("summary").click()
    expect(card.locator(".summary")).to_contain_text(payload)  # shown as the characters it is
    expect(page.locator(".bubble.assistant[data-id]")).to_have_count(2)
    assert page.evaluate("window.__pwned") is None
    assert page.locator("#messages script, #messages img").count() == 0
    page.fill("#line", payload)  # the user's own line, the notices panel, the decisions panel: text too
    page.keyboard.press("Enter")
    expect(page.locator(".bubble.user[data-id] .text")).to_have_text([payload])
    engine.app.store.post("a notice quoting content", {"subject": payload}, severity="warn", audience="*",
                          origin="content")
    page.click("nav [data-panel=notices]")
    expect(page.locator(".notice", has_text="a notice quoting content")).to_contain_text("<script>")
    page.click("nav [data-panel=decisions]")
    expect(page.locator(".decision", has_text="Re: order <script>")).to_have_count(1)
    assert page.evaluate("window.__pwned") is None
    assert page.locator("main script, main img").count() == 0


def test_r1_headers_csrf_and_origin(engine):
    with httpx.Client(base_url=engine.url) as http:
        page = http.get("/")
        assert "script-src 'self'" in page.headers["content-security-policy"]
        csrf = page.text.split('name="csrf" content="')[1].split('"')[0]
        origin = engine.url.rstrip("/")
        body = {"key": "00000000", "muted": True}
        assert http.post("/api/notices/mute", json=body, headers={"X-CSRF-Token": csrf}).status_code == 403
        refused = http.post("/api/notices/mute", json=body, headers={"Origin": "http://evil.example",
                                                                     "X-CSRF-Token": csrf})
        assert refused.status_code == 403 and "did not come from the tic page" in refused.text
        assert http.post("/api/notices/mute", json=body, headers={"Origin": origin}).status_code == 403
        ok = http.post("/api/notices/mute", json=body, headers={"Origin": origin, "X-CSRF-Token": csrf})
        assert ok.status_code == 200
        bad = http.post("/api/say", content=b"{", headers={"Origin": origin, "X-CSRF-Token": csrf})
        assert bad.status_code == 400 and "nothing was changed" in bad.json()["error"]
        rebound = http.get("/", headers={"Host": "attacker.example:80"})
        assert rebound.status_code == 421  # DNS rebinding: another name for this address is refused


def test_r1_off_loopback_needs_the_token(tmp_path, browser):
    token = "s3cret-token-for-the-test-0123"
    engine = start_engine(tmp_path / "data", host="0.0.0.0", token=token)
    try:
        with httpx.Client(base_url=engine.url) as http:
            refused = http.get("/")
            assert refused.status_code == 401 and "needs its token" in refused.text
            assert http.get("/api/conversation").status_code == 401
            wrong = http.get("/?token=not-the-token-at-all")
            assert wrong.status_code == 401
        context = browser.new_context()
        p = context.new_page()
        p.goto(engine.url + "?token=" + token)  # once in the URL, then a cookie
        assert p.url.startswith(engine.url) and "token" not in p.url
        expect(p.locator("#connection.live")).to_be_visible()
        expect(p.locator(".card")).to_have_count(1)
        cookie = [c for c in context.cookies() if c["name"] == "tic_token"]
        assert cookie and cookie[0]["httpOnly"] and cookie[0]["sameSite"] == "Strict"
        context.close()
    finally:
        engine.stop()


def test_issue11_a_failing_model_is_a_clear_state_on_the_page(tmp_path, browser):
    # once intermittent (issue 11): with the model failing within ms of the batch, a read of the conversation
    # taken before the failure reached the script after it and hid it; the next test drives that order
    engine = start_engine(tmp_path / "data", main_model="openai/gpt-4o-mini", model_api_base="http://127.0.0.1:9/v1",
                          model_timeout_seconds=1, model_deadline_seconds=1)  # nothing listens on port 9
    try:
        p = browser.new_context().new_page()
        p.goto(engine.url)
        expect(p.locator(".card")).to_have_count(1)  # the batch is in the conversation, unanswered
        expect(p.locator("#status")).to_contain_text("I could not reach my language model", timeout=60_000)
        expect(p.locator("#status")).to_have_class("status failing")
        p.reload()
        expect(p.locator("#status")).to_contain_text("I could not reach my language model")  # still said
        p.context.close()
    finally:
        engine.stop()


def test_issue11_model_failure_shows_a_clear_state(page, engine):
    engine.hub.views.status("[tic] I could not reach my language model (test)", level="failing")
    expect(page.locator("#status")).to_have_text("[tic] I could not reach my language model (test)")
    page.reload()
    expect(page.locator("#status")).to_be_visible()  # still said after a reload
    engine.hub.views.status("[tic] My language model (test) works again.", level="ok")
    expect(page.locator("#status")).to_be_hidden()


def test_issue11_a_conversation_read_before_the_model_failed_does_not_hide_its_state(browser, engine):
    """The race behind issue 11's intermittent failure, driven in order: the page's read of the conversation
    is answered by the server before the model fails but reaches the script after the failing note came over
    the socket. The note stays (it comes only from the socket, in order), however the two cross."""
    engine.quiet()  # the demo's batch answered: nothing more changes the conversation by itself
    held: list = []

    def hold_the_first(route) -> None:
        if held:
            route.continue_()
        else:
            held.append((route, route.fetch()))  # the server answers now, before the model fails; kept from the page

    context = browser.new_context()
    p = context.new_page()
    p.route("**/api/conversation*", hold_the_first)
    p.goto(engine.url)
    expect(p.locator("#connection.live")).to_be_visible()  # the socket is open: its hello said nothing is wrong
    deadline = time.monotonic() + 15
    while not held and time.monotonic() < deadline:
        p.wait_for_timeout(20)  # Playwright runs the route handler while it waits
    assert held, "the page did not read the conversation"
    engine.hub.views.status("[tic] I could not reach my language model (test)", level="failing")
    expect(p.locator("#status")).to_have_text("[tic] I could not reach my language model (test)")
    route, answer = held[0]
    route.fulfill(response=answer)  # the older read reaches the script now
    expect(p.locator(".card")).to_have_count(1)  # rendered by that read, in the same step as anything else it sets
    expect(p.locator("#status")).to_have_text("[tic] I could not reach my language model (test)", timeout=2_000)
    expect(p.locator("#status")).to_have_class("status failing")
    context.close()


def test_t11_a_held_event_shows_its_release_time(tmp_path, browser):
    engine = start_engine(tmp_path / "data", timezone="UTC")
    try:
        hour = engine.app.clock.now().hour
        rules = engine.app.settings.rules_file
        rules.write_text(rules.read_text() + f"- No notifications between {(hour - 1) % 24:02d}:00 and "
                                             f"{(hour + 2) % 24:02d}:00\n")
        _new_whatsapp(engine, "web-held", "Valentina", "Call me when you can")
        build_triage(engine.app).tick()
        [decision] = history.decisions_for(engine.app.world, "whatsapp:web-held")
        assert decision.held and decision.held_until is not None
        p = browser.new_context().new_page()
        p.goto(engine.url + "#decisions")
        p.fill("#decision-search", "Call me when you can")
        item = p.locator(".decision", has_text="Call me when you can")
        expect(item.locator(".verdict")).to_have_text("held")
        item.locator("button").click()
        why = p.locator("#why")
        expect(why.locator("h4").first).to_have_text("held")
        expect(why.locator(".hold").first).to_contain_text("held until")
        expect(why.locator(".release").first).to_contain_text("due ")
        p.context.close()
    finally:
        engine.stop()


def test_issue11_a_long_conversation_opens_at_its_end_and_reads_back_earlier_pages(tmp_path, browser):
    from tic.web._conversation import PAGE

    engine = start_engine(tmp_path / "data")
    try:
        engine.quiet()
        for n in range(PAGE + 30):
            engine.hub.history.append_user(f"old line {n:03d}")
        p = browser.new_context().new_page()
        p.goto(engine.url)
        lines = p.locator(".bubble.user[data-id] .text")
        expect(lines).to_have_count(PAGE)
        expect(lines.last).to_have_text(f"old line {PAGE + 29:03d}")
        p.click("#earlier button")
        expect(lines).to_have_count(PAGE + 30)
        expect(lines.first).to_have_text("old line 000")
        expect(p.locator(".card")).to_have_count(1)  # the demo's batch, from before the old lines
        expect(p.locator("#earlier")).to_have_count(0)  # nothing earlier left
        p.context.close()
    finally:
        engine.stop()
