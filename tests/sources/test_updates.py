"""T5 through real sources and the real tick: an edit is judged again as an update, a copy is never a new event."""

from __future__ import annotations

import json
import mailbox
from email.message import EmailMessage

from sqlalchemy import select

from tic.db import decision_table
from tic.hub import Notifier
from tic.sources import MaildirSource, WhatsAppSource
from tic.triage.tick import Triage


def triage(world, store, roster, clock, tmp_path, sources) -> Triage:
    return Triage(engine=world, store=store, notifier=Notifier(store, clock), clock=clock, agent=roster["tic"],
                  resolve=lambda rel: tmp_path / rel, sources=sources)


def decisions(world) -> list[tuple[str, bool]]:
    with world.connect() as conn:
        q = select(decision_table.c.event_key, decision_table.c.is_update).order_by(decision_table.c.id)
        return [tuple(r) for r in conn.execute(q)]


def test_t5_s4_an_edited_whatsapp_message_is_judged_again_as_an_update(world, store, roster, clock, tmp_path):
    inbox = tmp_path / "whatsapp.jsonl"
    line = {"id": "3EB0C7", "chat": "Ana", "from": "Ana", "body": "Dinner at 8?", "timestamp": clock.now().isoformat()}
    inbox.write_text(json.dumps(line) + "\n")
    t = triage(world, store, roster, clock, tmp_path, [WhatsAppSource(inbox)])
    t.tick()
    with inbox.open("a") as f:  # the bridge writes the edit as the same id with the new body
        f.write(json.dumps({**line, "body": "Dinner at 9?"}) + "\n")
        f.write(json.dumps(line)[:25])  # and is in the middle of the next line
    clock.advance(60)
    [(event, _)] = t.tick().decided
    assert event.body == "Dinner at 9?"
    clock.advance(60)
    assert t.tick().decided == []
    assert decisions(world) == [("whatsapp:3EB0C7", False), ("whatsapp:3EB0C7", True)]


def test_t5_s2_the_same_message_delivered_twice_is_one_event(world, store, roster, clock, tmp_path):
    msg = EmailMessage()
    msg["From"] = "Ana <ana@example.com>"
    msg["Subject"] = "Contract"
    msg["Date"] = clock.now().strftime("%a, %d %b %Y %H:%M:%S +0000")
    msg["Message-ID"] = "<contract-1@example.com>"
    msg.set_content("Signed copy attached.")
    box = mailbox.Maildir(str(tmp_path / "mail"), create=True)
    box.add(mailbox.MaildirMessage(bytes(msg)))
    t = triage(world, store, roster, clock, tmp_path, [MaildirSource(tmp_path / "mail")])
    t.tick()
    box.add(mailbox.MaildirMessage(bytes(msg)))  # a second copy (a list and a direct copy, a resend)
    clock.advance(60)
    assert t.tick().decided == []
    assert decisions(world) == [("email:contract-1@example.com", False)]
