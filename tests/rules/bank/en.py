"""English rule sentences and what they mean (issue 7, item 8)."""

from __future__ import annotations

from tests.rules.bank._probe import (
    cc_only, in_a_thread_i_answered, in_my_thread, LOCAL_TODAY_ONLY, SKIP_OR_HOLD, Bank, H, N, P, Person, S, autoreply, chat, daily, days, digest, email, event,
    hours, list_post, local, minutes, monthly, newsletter, other_chat, other_email, other_event, promo, receipt, social,
    weekly,
)

b = Bank("en")

grace = email("Grace Lindqvist", "grace.lindqvist@gmail.com", "Dinner on Friday?", "Are you free on Friday?")
grace_wa = chat("Grace Lindqvist", "+46 70 123 45 67", "Landed! Call you later")
bakery = chat("Grace's Bakery", "+34 911 222 333", "Your cake is ready for pick-up")
bakery_mail = email("Grace's Bakery", "orders@gracesbakery.example", "Order ready", "Your cake is ready.")
tomas = email("Tomás Ferreira", "tomas@ferreira-obras.pt", "Orçamento", "Segue o orçamento revisto.")
tomas_wa = chat("Tomás Ferreira", "+351 912 000 111", "Tens um minuto?")
ferrer = email("Tomás Ferrer", "tferrer@ferrer.example", "Quote", "Here is the quote.")
pilar = email("Pilar Ortega", "pilar.ortega@ortega.example", "Contract draft", "Draft attached.")
pilar_wa = chat("Pilar Ortega", "+34 622 101 202", "I'm outside")
ortiz = email("Pilar Ortiz", "portiz@ortiz.example", "Contract draft", "Draft attached.")

# --- senders by name -------------------------------------------------------------------------------------
b("T7", "sender", "always", "Grace Lindqvist", True,
  P(grace, N), P(grace_wa, N, "same person on WhatsApp"), P(bakery, None, "Grace's Bakery is not Grace"),
  P(email("Grace Lindholm", "g.lindholm@example.se", "Hi", "hi"), None, "similar surname"), P(other_email(), None))
b("T7", "sender", "always", "Emails from Grace Lindqvist", True,
  P(grace, N), P(grace_wa, None, "WhatsApp, not e-mail"), P(bakery_mail, None, "near-miss sender"))
b("T7", "sender", "custom", "Always tell me when Tomás Ferreira writes", True,
  P(tomas, N), P(tomas_wa, N), P(ferrer, None, "Ferrer is not Ferreira"),
  P(email("Tomás Ribeiro", "tribeiro@example.pt", "Olá", "olá"), None, "same first name"))
b("T7", "polarity", "custom", "Never miss a message from Dr. Anneliese Brandt", True,
  P(email("Anneliese Brandt", "a.brandt@klinikum-nord.example", "Befund", "Ihr Befund liegt vor."), N,
    "never miss = notify"),
  P(other_email(), None))
b("T7", "polarity", "custom", "Don't ignore anything Pilar Ortega sends me", True,
  P(pilar, N, "don't ignore = notify"), P(pilar_wa, N), P(ortiz, None, "Ortiz is not Ortega"))
b("T7", "sender", "never", "Emails from Brad Keller", True,
  P(email("Brad Keller", "brad@kellerpools.example", "Pool season deals", "Book now"), S),
  P(chat("Brad Keller", "+1 305 555 0199", "hey"), None, "a chat is not an e-mail"), P(other_email(), None))
b("T7", "polarity", "custom", "I don't need to hear from Rick Olsen on WhatsApp", False,
  P(chat("Rick Olsen", "+1 212 555 0147", "Game tonight?"), S),
  P(email("Rick Olsen", "rick@olsen.example", "Game tonight?", "?"), None, "only WhatsApp"))
b("T7", "polarity", "custom", "Never fail to alert me when Grace Lindqvist or Tomás Ferreira email me", False,
  P(grace, N, "double negative = notify"), P(tomas, N, "both names of the list"),
  P(grace_wa, None, "e-mail only"), P(other_email(), None))
b("T7", "sender", "always", "Pilar Ortega and Grace Lindqvist, on any channel", True,
  P(pilar, N), P(pilar_wa, N), P(grace_wa, N), P(ortiz, None), P(bakery, None))

# --- organisations and domains ---------------------------------------------------------------------------
bw = email("Jorge Ortiz", "j.ortiz@brightwatercapital.com", "Term sheet", "Revised term sheet attached.")
bw_news = newsletter("Brightwater Capital", "brightwatercapital.com")
spa = email("Brightwater Spa", "hello@brightwaterspa.example", "Your massage booking", "See you Saturday.")
b("T7", "org", "always", "Anyone at Brightwater Capital", True,
  P(bw, N), P(bw_news, N, "this rule alone says notify; a Never rule may still win"),
  P(spa, None, "different company, similar name"), P(other_email(), None))
halden = email("Martin Roe | Halden & Roe", "m.roe@haldenroe.com", "Completion date", "We can complete on the 20th.")
halden_news = newsletter("Halden & Roe", "haldenroe.com")
b("T7", "exception", "always", "Emails from anyone at Halden & Roe, except their newsletters", True,
  P(halden, N), P(halden_news, S, "the exception: their newsletter"),
  P(newsletter("Cask & Barrel", "caskbarrel.example"), None, "someone else's newsletter"))
solstice = email("Ivy Chen", "ivy@solsticemedia.com", "Interview slots", "Which slot suits you?")
b("T7", "exception", "custom", "Notify me about every email from Solstice Media, but not the promotions", True,
  P(solstice, N), P(promo("Solstice Media", "solsticemedia.com"), S, "but not the promotions"),
  P(promo("Zapatos Lola", "zapatoslola.es"), None, "another company's promotion"))
b("T7", "domain", "always", "People at Verano Legal (their addresses end in veranolegal.es)", True,
  P(email("Inés Soler", "ines.soler@veranolegal.es", "Escritura", "Ya tenemos fecha."), N),
  P(email("Inés Soler", "ines@veranolegal-es.com", "Escritura", "Ya tenemos fecha."), None, "lookalike domain"),
  P(chat("Inés Soler", "+34 633 444 555", "Ya tenemos fecha"), None))
b("T7", "domain", "always", "@lakeview.org", True,
  P(email("Sam Reyes", "sreyes@lakeview.org", "Board pack", "Attached."), N),
  P(email("Sam Reyes", "sreyes@notlakeview.org", "Board pack", "Attached."), None, "other domain"),
  P(email("Sam Reyes", "sreyes@lakeview.org.mailer.example", "Board pack", "Attached."), None, "suffix trick"))
b("T7", "domain", "never", "Everything from the domain dealhunter.io", True,
  P(email("DealHunter", "team@dealhunter.io", "Today's picks", "Picks"), S),
  P(email("DealHunter", "team@dealhunter.com", "Today's picks", "Picks"), None, "a different domain"))
b("T7", "domain", "custom", "Mail whose address ends in quarry.co.uk: notify me", True,
  P(email("Ruth Kell", "ruth@quarry.co.uk", "Delivery slot", "Tuesday?"), N),
  P(email("Ruth Kell", "ruth@quarry.co", "Delivery slot", "Tuesday?"), None))

# --- addresses and phone numbers -------------------------------------------------------------------------
b("T7", "address", "always", "billing@tallyworks.app", True,
  P(email("Tallyworks Billing", "billing@tallyworks.app", "Payment failed", "Please update your card."), N),
  P(email("Tallyworks", "support@tallyworks.app", "Tips", "Tips"), None, "same domain, other address"))
b("T7", "address", "never", "Mails from alerts@parkingmeter.example", True,
  P(email("ParkingMeter", "alerts@parkingmeter.example", "Session ending", "10 minutes left"), S),
  P(email("ParkingMeter", "info@parkingmeter.example", "Receipt", "Thanks"), None))
unsaved_612 = chat("", "+34612345678", "Hola, soy el fontanero")
b("T7", "phone", "always", "WhatsApp messages from +34 612 345 678", True,
  P(unsaved_612, N, "E.164 in the event"), P(chat("Iñaki fontanero", "+34612345678", "Llego en 10"), N, "saved, same number"),
  P(chat("", "+34612345679", "Hola"), None, "one digit off"),
  P(chat("", "+34612345", "Hola"), None, "a prefix is not the number"))
b("T7", "phone", "custom", "Tell me when +44 7700 900 415 writes on WhatsApp", True,
  P(chat("", "+447700900415", "Parcel at the door"), N), P(chat("", "+447700900416", "hi"), None))
b("T7", "phone", "never", "Block alerts from the number +1 (415) 555-0132", True,
  P(chat("", "+14155550132", "Win a cruise!"), S), P(chat("", "+14155550133", "hi"), None))

# --- saved contacts, unsaved numbers ---------------------------------------------------------------------
b("T7", "contact", "always", 'WhatsApp from my mum (saved as "Mum")', True,
  P(chat("Mum", "+34 600 777 888", "Call me when you can"), N),
  P(chat("Mumtaz Ali", "+44 7700 900 777", "hello"), None, "a name starting with Mum"),
  P(email("Mum", "carmen.ferran@example.es", "Fotos", "Mira"), None, "WhatsApp only"))
b("T7", "contact", "custom", 'Messages from the contact I saved as "Jo (plumber)" should always reach me', False,
  P(chat("Jo (plumber)", "+34 644 222 111", "Tomorrow 9am ok?"), N), P(chat("Jo", "+34 644 999 000", "hi"), None))
b("T7", "unsaved", "never", "Texts from numbers not in my contacts", True,
  P(chat("", "+34699111222", "Congratulations, you won"), S), P(other_chat(), None, "a saved contact"),
  P(other_email(), None))
b("T7", "unsaved", "custom", "Unknown numbers on WhatsApp: don't notify me", True,
  P(chat("", "+33612345678", "Bonjour"), S), P(grace_wa, None))
b("T7", "exception", "custom",
  "Never tell me about WhatsApp messages from unknown numbers unless they mention my parcel", False,
  P(chat("", "+34699000111", "Your parcel is at the door"), N), P(chat("", "+34699000112", "hi"), S),
  P(other_chat(), None))

# --- kinds of mail ---------------------------------------------------------------------------------------
b("T7", "newsletter", "never", "Newsletters", True,
  P(newsletter("Cask & Barrel", "caskbarrel.example"), S), P(other_email(), None),
  P(receipt("PcComponentes", "pccomponentes.com"), None, "a receipt is not a newsletter"))
b("T7", "newsletter", "custom", "I never want newsletters to interrupt me", True,
  P(newsletter("The Fold", "thefold.example"), S), P(grace, None))
b("T7", "exception", "custom", "Don't notify me about newsletters unless they're from Brightwater Capital", True,
  P(bw_news, N, "the exception"), P(newsletter("The Fold", "thefold.example"), S),
  P(bw, None, "not a newsletter at all"))
b("T7", "marketing", "never", "Promotions and marketing emails", True,
  P(promo("Zapatos Lola", "zapatoslola.es"), S), P(other_email(), None))
b("T7", "digest", "never", "Automated reports and digests", True,
  P(digest("Asana", "asana.com"), S), P(other_email(), None))
b("T7", "social", "never", "LinkedIn, Facebook and Instagram notifications", True,
  P(social("linkedin"), S), P(social("facebook"), S), P(social("instagram"), S, "every network of the list"),
  P(social("x"), None, "a network not named"), P(other_email(), None))
b("T7", "social", "custom", "Mute every social network notification", True,
  P(social("linkedin"), S), P(social("strava"), S), P(social("x"), S), P(other_email(), None))
b("T7", "social", "never", "Anything Strava sends", True, P(social("strava"), S), P(social("facebook"), None))
b("T7", "receipt", "never", "Receipts and shipping notices", True,
  P(receipt("PcComponentes", "pccomponentes.com"), S), P(other_email(), None))
rust = list_post("rust-users", "users@lists.rust.example", "Ana Piñeiro", "ana@pineiro.example",
                 "Borrow checker question")
b("T7", "list", "never", "Mailing lists", True, P(rust, S), P(other_email(), None))
b("T7", "list", "custom", 'Posts to the rust-users mailing list: notify me only when the subject contains "release"',
  False,
  P(list_post("rust-users", "users@lists.rust.example", "Bo Lind", "bo@lind.example", "1.90 release candidate"), N),
  P(rust, S, "only if the subject says release"),
  P(list_post("pg-general", "general@lists.pg.example", "Bo Lind", "bo@lind.example", "release notes"), None,
    "another list"))
b("T7", "autoreply", "never", "Out-of-office and other automatic replies", True,
  P(autoreply("Pilar Ortega", "pilar.ortega@ortega.example"), S), P(pilar, None, "her real mail"))

# --- chats: groups, direct, by name, mentions ------------------------------------------------------------
grp = chat("Nico", "+34 611 000 001", "Who's bringing the ball?", group=True, chat_name="Sunday League")
grp_me = chat("Nico", "+34 611 000 001", "@Lucía can you book the pitch?", group=True, chat_name="Sunday League",
              mentions=("me",))
grp_name = chat("Nico", "+34 611 000 001", "Lucía, are you coming?", group=True, chat_name="Sunday League")
vets = chat("Raúl", "+34 611 000 002", "@Lucía pitch booked", group=True, chat_name="Sunday League Veterans",
            mentions=("me",))
b("T7", "group", "custom", "WhatsApp groups: only notify me when I'm @-mentioned", True,
  P(grp_me, N), P(grp, S), P(grp_name, S, "name typed, not an @-mention"), P(grace_wa, None, "a direct chat"),
  P(other_email(), None))
b("T7", "group", "custom", "Never surface a group message unless someone @-tags me", True,
  P(grp_me, N), P(grp, S), P(grp_name, S), P(grace_wa, None))
b("T7", "group", "always", "Direct WhatsApp messages", True,
  P(grace_wa, N), P(grp, None, "a group"), P(grace, None))
b("T7", "group", "never", "Group chats", True, P(grp, S), P(grp_me, S), P(grace_wa, None))
b("T7", "chatname", "custom", 'In the "Sunday League" group, only tell me if I\'m mentioned', True,
  P(grp_me, N), P(grp, S), P(grp_name, S), P(vets, None, "another group, similar name"), P(grace_wa, None))
piso = chat("Marga", "+34 611 000 003", "Who took out the bins?", group=True, chat_name="Piso Calle Mayor")
b("T7", "chatname", "never", 'Mute the "Piso Calle Mayor" group', True,
  P(piso, S), P(grp, None), P(chat("Marga", "+34 611 000 003", "Coffee?"), None, "Marga, directly"))
b("T7", "mention", "always", "Whenever someone @-mentions me in a WhatsApp group", True,
  P(grp_me, N), P(grp_name, None, "typed name is not a mention"), P(grace_wa, None))

# --- topics, reference numbers, subject words ------------------------------------------------------------
b("T7", "topic", "always", "Anything about the Marlowe Street extension", True,
  P(email("Ola Berg", "ola@bergdesign.example", "Marlowe Street extension – drawings", "v3 attached"), N),
  P(event("Site visit: Marlowe Street extension"), N, "a calendar item on the topic"),
  P(email("Ola Berg", "ola@bergdesign.example", "Marlowe invoice", "For the Marlowe job"), None, "half the topic"))
b("T7", "topic", "custom", "Emails that mention the Quintana tender: always notify, no matter who sends them", True,
  P(email("", "noreply@portal-contratacion.example", "Aclaraciones", "Quintana tender: clarifications published"), N),
  P(event("Quintana tender deadline"), None, "e-mails only"), P(other_email(), None))
b("T7", "ref", "always", "Anything mentioning case KT-20931", True,
  P(email("Court registry", "registry@courts.example", "Hearing", "Re: KT-20931, hearing moved"), N),
  P(email("Court registry", "registry@courts.example", "Hearing", "Re: KT-20932, hearing moved"), None,
    "another reference"))
b("T7", "subject", "custom", "Emails with 'invoice' in the subject: notify me", True,
  P(email("Ruth Kell", "ruth@quarry.co.uk", "Invoice 2026-031", "Due in 30 days"), N),
  P(email("Ruth Kell", "ruth@quarry.co.uk", "Documents", "The invoice is attached"), None, "only in the body"),
  P(chat("Ruth", "+44 7700 900 111", "invoice sent"), None))
b("T7", "subject", "custom", 'Notify me when the subject line says "URGENT"', True,
  P(email("Ops", "ops@lakeview.org", "URGENT: server down", "down"), N),
  P(email("Ops", "ops@lakeview.org", "Status", "Not urgent at all"), None, "only in the body"))

# --- calendar --------------------------------------------------------------------------------------------
b("T9", "created", "always", "Calendar events added today", True,
  P(event("Call with notary", created_ago=hours(2)), N), P(event("Dentist", created_ago=days(1)), None, "yesterday"),
  P(event("Flight to Lyon", created_ago=LOCAL_TODAY_ONLY), N, "today in Madrid, yesterday in UTC"),
  P(other_email(), None))
b("T9", "created", "always", "New calendar events that were added today and start within 24 hours", True,
  P(event("Call", created_ago=hours(1), start_in=hours(5)), N),
  P(event("Call", created_ago=hours(1), start_in=days(3)), None, "too far ahead"),
  P(event("Call", created_ago=days(2), start_in=hours(5)), None, "added two days ago"))
b("T9", "created", "custom", "Tell me about calendar events added today", True,
  P(event("Coffee with Sam", created_ago=minutes(30), start_in=days(5)), N),
  P(event("Coffee with Sam", created_ago=hours(12), start_in=days(5)), None, "22:00 yesterday in Madrid"),
  P(event("Coffee with Sam", created=local("2026-03-11 23:00")), None, "today in UTC, yesterday in Madrid",
    at="2026-03-12 00:30"))
b("T9", "starts", "always", "Meetings starting in the next 2 hours", True,
  P(event("Design review", start_in=minutes(90)), N), P(event("Design review", start_in=hours(3)), None))
b("T9", "starts", "custom", "Don't tell me about calendar events unless they start within 45 minutes", True,
  P(event("Standup", start_in=minutes(30)), N), P(event("Standup", start_in=hours(2)), S), P(other_email(), None))
b("T7", "recurring", "never", "Reminders for weekly recurring meetings", True,
  P(event("Team sync", rrule=weekly, start_in=hours(4)), S), P(event("Standup", rrule=daily), None, "daily"),
  P(other_event(), None, "one-off"))
b("T7", "recurring", "never", "Any recurring event, whether daily, weekly or monthly", True,
  P(event("Standup", rrule=daily), S), P(event("Team sync", rrule=weekly), S),
  P(event("Rent", rrule=monthly), S), P(other_event(), None))
b("T7", "recurring", "never", "The weekly team sync and other recurring events", False,
  P(event("Weekly team sync", rrule=weekly), S), P(event("Standup", rrule=daily), S, "other recurring events too"),
  P(other_event(), None))
b("T7", "allday", "never", "All-day events", True,
  P(event("Madrid holiday", all_day=True), S), P(event("Design review"), None))
b("T7", "exception", "always", "Calendar events, except all-day ones", True,
  P(event("Design review", organizer=Person(name="Ola Berg", address="ola@bergdesign.example")), N),
  P(event("Offsite", all_day=True), S), P(other_email(), None))
b("T7", "attendee", "always", "Meetings with Ana Ruiz", True,
  P(event("Budget", attendees=(Person(name="Ana Ruiz", address="ana.ruiz@lakeview.org"),)), N),
  P(event("Budget", attendees=(Person(name="Ana Ruano", address="ana.ruano@example.es"),)), None, "other Ana"),
  P(email("Ana Ruiz", "ana.ruiz@lakeview.org", "Budget", "see you"), None, "an e-mail is not a meeting"),
  P(other_event(), None))

# --- holds and quiet hours -------------------------------------------------------------------------------
b("T11", "hold", "custom", "No notifications between 22:00 and 07:00", True,
  P(other_email(), H, at="2026-03-11 23:30", until="2026-03-12 07:00"),
  P(other_chat(), H, at="2026-03-12 06:30", until="2026-03-12 07:00"),
  P(other_event(), H, "calendar too", at="2026-03-11 23:30", until="2026-03-12 07:00"),
  P(other_email(), None, at="2026-03-12 07:30"), P(other_email(), None, at="2026-03-11 21:59"))
b("T11", "hold", "custom", "Not before 9 on weekdays", True,
  P(other_email(), H, at="2026-03-11 08:00", until="2026-03-11 09:00"),
  P(other_email(), None, "Saturday", at="2026-03-14 08:00"), P(other_email(), None, at="2026-03-11 09:30"))
b("T11", "hold", "custom", "Quiet hours from 11pm to 8am, except messages from Mum", False,
  P(chat("Mum", "+34 600 777 888", "Are you awake?"), N, at="2026-03-11 23:30"),
  P(other_email(), H, at="2026-03-11 23:30", until="2026-03-12 08:00"),
  P(chat("Mum", "+34 600 777 888", "Lunch?"), None, "outside quiet hours", at="2026-03-11 12:00"))
b("T11", "hold", "never", "WhatsApp groups on weekends", False,
  P(grp, SKIP_OR_HOLD, at="2026-03-14 12:00"), P(grp, None, "a Wednesday", at="2026-03-11 12:00"),
  P(grace_wa, None, "direct chat", at="2026-03-14 12:00"))
b("T11", "hold", "custom", "Hold work email from @lakeview.org in the evenings after 19:00 until 8 the next morning",
  False,
  P(email("Sam Reyes", "sreyes@lakeview.org", "Board pack", "x"), H, at="2026-03-11 20:00", until="2026-03-12 08:00"),
  P(email("Sam Reyes", "sreyes@lakeview.org", "Board pack", "x"), None, at="2026-03-11 12:00"),
  P(other_email(), None, "not work mail", at="2026-03-11 20:00"))

# --- catch-alls and channel-wide rules -------------------------------------------------------------------
b("T10", "catchall", "custom", "If none of the above applies, don't notify me", True,
  P(other_email(), S), P(other_chat(), S), P(other_event(), S), catch_all=True)
b("T10", "catchall", "custom", "Everything else: notify me", True,
  P(other_email(), N), P(other_chat(), N), P(other_event(), N), catch_all=True)
b("T10", "catchall", "custom", "For anything not covered by these rules, stay quiet", False,
  P(other_email(), S), P(grp, S), catch_all=True)
b("T7", "channel", "never", "All WhatsApp", True, P(grace_wa, S), P(grp, S), P(grace, None))
b("T7", "channel", "custom", "Mute all calendar notifications", True, P(other_event(), S), P(grace, None))

# --- amounts (may be read; if read, read right) ----------------------------------------------------------
b("T7", "amount", "always", "Invoices over €500", False,
  P(email("Ruth Kell", "ruth@quarry.co.uk", "Invoice INV-88", "Total due: €1,250.00"), N),
  P(email("Ruth Kell", "ruth@quarry.co.uk", "Invoice INV-89", "Total due: €120.00"), None, "under the amount"))

# --- harder shapes: "only", scoped exceptions, narrower series, near-misses ------------------------------
b("T7", "exception", "custom", "Only emails from Grace Lindqvist should reach me", False,
  P(grace, N), P(other_email(), S, "every other e-mail is kept quiet"), P(other_chat(), None, "says nothing of chats"))
b("T7", "exception", "never", "Newsletters, even the ones from Brightwater Capital", False,
  P(bw_news, S), P(newsletter("The Fold", "thefold.example"), S), P(bw, None, "their real mail"))
b("T7", "exception", "always", "Emails from Brightwater Capital, but only if the subject mentions the term sheet", False,
  P(bw, N), P(email("Jorge Ortiz", "j.ortiz@brightwatercapital.com", "Lunch?", "Term sheet aside, lunch?"), S,
    "term sheet only in the body"), P(other_email(), None))
b("T7", "exception", "custom", "Don't notify me about emails from Pilar Ortega unless the subject contains 'contract'",
  False, P(pilar, N), P(email("Pilar Ortega", "pilar.ortega@ortega.example", "Drinks", "x"), S), P(pilar_wa, None))
b("T9", "created", "always", "Meetings starting within the next 30 minutes that were added today", True,
  P(event("Quick call", created_ago=minutes(10), start_in=minutes(20)), N),
  P(event("Quick call", created_ago=days(3), start_in=minutes(20)), None, "old"),
  P(event("Quick call", created_ago=minutes(10), start_in=hours(2)), None, "not soon"))
b("T7", "recurring", "never", "Recurring events that repeat every day", True,
  P(event("Standup", rrule=daily), S), P(event("Team sync", rrule=weekly), None, "weekly, not daily"))
b("T7", "recurring", "never", "Weekly and monthly recurring meetings", True,
  P(event("Team sync", rrule=weekly), S), P(event("Rent", rrule=monthly), S), P(event("Standup", rrule=daily), None))
b("T7", "allday", "custom", "All-day events added today: notify me", False,
  P(event("Strike day", all_day=True, created_ago=hours(1)), N),
  P(event("Call", created_ago=hours(1)), None, "timed"), P(event("Holiday", all_day=True, created_ago=days(2)), None))
b("T7", "social", "never", "Anything from Facebook, Instagram, TikTok or X", True,
  P(social("facebook"), S), P(social("instagram"), S), P(social("tiktok"), S), P(social("x"), S),
  P(social("linkedin"), None, "not in the list"))
b("T7", "chatname", "custom",
  'When I\'m mentioned in the "Sunday League" group, tell me; ignore the rest of that group', False,
  P(grp_me, N), P(grp, S), P(vets, None, "another group"), P(grace_wa, None))
b("T11", "hold", "custom", "Hold group chats until 9am", False,
  P(grp, H, at="2026-03-11 08:00", until="2026-03-11 09:00"), P(grace_wa, None, "direct", at="2026-03-11 08:00"),
  P(grp, None, at="2026-03-11 10:00"))
b.no("T11", "qualifier", "custom", "Between 13:00 and 15:00 on weekdays, hold everything except calls from Mum")
b.no("T7", "judgement", "never", "Emails that are obviously just small talk")

# --- not readable offline --------------------------------------------------------------------------------
b.no("T7", "judgement", "always", "Anything urgent from important clients")
b.no("T7", "role", "always", "Emails from my dentist's office")
b("T7", "replies-in-my-thread", "always", "Replies to threads I started", True,
  P(in_my_thread(email("Ola Berg", "ola@berg.example", "Re: Budget", "x")), N, "a reply in my thread"),
  P(email("Ola Berg", "ola@berg.example", "Budget", "x"), None, "a new thread"))
b("T7", "only-in-cc", "never", "Emails where I'm only in CC", True,
  P(cc_only("Ana Ruiz", "ana@ruiz.example", "Minutes"), S, "in Cc, not in To"),
  P(email("Ana Ruiz", "ana@ruiz.example", "Minutes", "x", headers={"Cc": "Bo <bo@ruiz.example>"}), None,
    "in To"),
  P(email("Ana Ruiz", "ana@ruiz.example", "Minutes", "x", headers={"Cc": "Lucía <lucia@ferran.example>"}), None,
    "in To and in Cc: not only in Cc"))
b("T7", "in-to-line", "always", "Mail from Jonas Beck when I'm in the To: line", True,
  P(email("Jonas Beck", "jonas@beck.example", "Plan", "x"), N, "in To"),
  P(cc_only("Jonas Beck", "jonas@beck.example", "Plan"), None, "only in Cc"))
b.no("T7", "qualifier", "always", "WhatsApp voice notes from Mum",
     P(chat("Mum", "+34 600 777 888", "ok"), None, "a text message, not a voice note"))
b.no("T7", "qualifier", "always", "Emails from Grace Lindqvist with attachments")
b.no("T7", "qualifier", "custom", "Notify me about meetings with more than five attendees")
b.no("T7", "qualifier", "never", "Messages written in Portuguese")
b.no("T7", "role", "always", "My accountant")
b.no("T7", "qualifier", "custom", "Tell me when Pilar Ortega writes more than twice in an hour")

# --- an exception restated after it ("..., except X: those I want to see"); examples in brackets ----------
moodle_grade = digest("Moodle", "moodle.example", "New grade posted: Physics quiz 3")
moodle_exam = digest("Moodle", "moodle.example", "Exam timetable published: Physics final exam")
b("T7", "exception", "never", "Automated mail from Moodle (grades, forum posts…), except the ones about the exam: "
  "those I want to see.", False,
  P(moodle_grade, S), P(moodle_exam, N, "the exception, restated"), P(other_email(), None))
b("T7", "exception", "never", "Newsletters (e.g. Substack, Medium)", False,
  P(newsletter("Substack", "substack.example"), S), P(newsletter("Ghost", "ghost.example"), S, "examples narrow nothing"),
  P(other_email(), None))
b.no("T7", "exception", "never", "Ignore automated mail from Moodle, except the ones about the exam: those, ignore "
     "them too.")

# --- a topic with its project reference in brackets, whoever sends it --------------------------------------
b("T7", "topic", "custom", "Any email about the harbour bridge tender (project ref. HB-2026-0412), no matter who sends it.",
  False,
  P(email("Ana Costa", "ana@costa-ingenieros.example", "Quote", "Quote for the works, charged to HB-2026-0412."), N),
  P(email("Port Authority", "tenders@port.example", "Harbour bridge tender: clarifications", "See attached."), N),
  P(chat("Ana Costa", "+34 600 700 800", "HB-2026-0412 is signed"), None, "e-mails only"),
  P(other_email(), None))

# --- a chat exception inside a group rule ("only if mentioned, except the X group where I want every message") --
b("T7", "group", "custom", 'WhatsApp groups: only if someone tags me with @, except the "Cork Exchange" group where I '
  'want every message.', False,
  P(chat("Liam", "+353 87 000 1111", "bus leaves at 9", group=True, chat_name="Cork Exchange"), N, "every message there"),
  P(chat("Rosa", "+34 600 100 200", "@me can you?", group=True, chat_name="Padel", mentions=("me",)), N),
  P(chat("Rosa", "+34 600 100 200", "who's in?", group=True, chat_name="Padel"), S),
  P(other_chat(), None, "a direct chat"))
b.no("T7", "group", "custom", 'Group chats: only if I am mentioned, except the "Memes" group.')

# --- a hold in a zone the rule names, and what happens when it ends -------------------------------------------
b("T11", "hold", "custom", "Between 23:00 and 07:00 (London time) mute everything: keep it for me and show me at 07:00.",
  False,
  P(other_email(), None, "22:30 in London", at="2026-03-11 23:30"),
  P(other_email(), H, "23:30 in London", at="2026-03-12 00:30", until="2026-03-12 08:00"),
  P(other_chat(), None, "daytime"))
b.no("T11", "hold", "custom", "Between 23:00 and 07:00 mute everything: keep it for me and show me at 09:00.")
b.no("T11", "hold", "custom", "Between 23:00 and 07:00 (Springfield time) mute everything.")

# --- a reference labelling a notice noun ("the P1 alerts") ----------------------------------------------------
b("T7", "topic", "always", "The P1 alerts from ops@paquete.example", False,
  P(email("Ops", "ops@paquete.example", "[P1] API down", "P1: all requests failing"), N),
  P(email("Ops", "ops@paquete.example", "[P3] latency", "P3: p95 high"), None, "another priority"),
  P(email("Ana Ruiz", "ana@ruiz.example", "P1 review", "the P1 plan"), None, "another sender"))

# --- who a sender is, said after the name or later in the sentence --------------------------------------------
b("T7", "sender", "always", "Emails from Dana Whitfield, my accountant.", False,
  P(email("Dana Whitfield", "dana@whitfield-cpa.example", "Q1", "numbers"), N), P(other_email(), None))
b("T7", "sender", "always", "Emails from Mrs Okafor, the head teacher.", False,
  P(email("Grace Okafor", "g.okafor@school.example", "Trip", "x"), N),
  P(email("Okafor Motors", "sales@okafor-motors.example", "Service due", "x"), None, "a firm with her surname"))
b("T7", "sender", "always", 'Texts from my sister - I have her saved as "Bea".', False,
  P(chat("Bea", "+34 600 222 333", "call me"), N), P(chat("Bea Ruiz", "+34 600 222 444", "hi"), None), P(other_chat(), None))
b.no("T7", "sender", "always", "Emails from Dana Whitfield, my accountant, and my lawyer.")

b("T9", "created", "custom", "Meetings that have been added today and start within 2 hours.", False,
  P(event("Sync", start_in=hours(1), created_ago=minutes(20)), N),
  P(event("Sync", start_in=hours(1), created_ago=days(2)), None), P(other_event(), None))

b("T7", "sender", "always", "Anyone from Glenmore College in Cork — their emails end in @glenmore-cork.example.", False,
  P(email("Siobhán Walsh", "s.walsh@glenmore-cork.example", "Visit", "x"), N),
  P(email("Glenmore College", "info@glenmore-leeds.example", "Open day", "x"), None, "another Glenmore College"))
b("T7", "category", "never", 'Newsletters, ads, and any "digest" kind of email.', False,
  P(newsletter("Edu Hebdo", "eduhebdo.example"), S), P(digest("Moodle", "moodle.example"), S), P(other_email(), None))

CASES = b.cases

# found on sealed probes and fresh cases (first runs), each read as something else before or refused
b("T7", "firm-group", "always", "Anyone at Tallis Group - their addresses end in tallisgroup.com", True,
  P(email("Priya Nair", "priya.nair@tallisgroup.com", "Q3 figures", "Attached."), N, "the firm's domain"),
  P(chat("Sam", "+44 7700 900555", "Who's in?", group=True, chat_name="Five-a-side"), None, "a group chat"))
b("T7", "topic-then-window", "custom", "If Tom Becker emails about the Henderson account on a weekend, I still want to "
  "know", False,
  P(email("Tom Becker", "tom.becker@becker.example", "Henderson account", "Update."), None, "a Wednesday"),
  P(email("Tom Becker", "tom.becker@becker.example", "Henderson account", "Update."), N, "a Saturday",
    at="2026-03-14 11:00"))
b("T7", "catch-all-words", "custom", "Anything none of these rules covers: don't notify me.", True,
  P(other_email(), S), P(other_chat(), S), catch_all=True)
b("T7", "sent-automatically", "never", "Skip newsletters, marketing and anything sent automatically by a system.", True,
  P(digest("Trello", "trello.com"), S), P(newsletter("Acme", "acme.example"), S), P(other_email(), None))
b("T7", "need-reminders", "never", "Weekly recurring meetings don't need reminders.", True,
  P(event("Team sync", rrule=weekly), S), P(other_event(), None))
b("T7", "not-worth", "custom", "Invoices under 100 € aren't worth a notification", True,
  P(email("Stadtwerke", "rechnung@stadtwerke.example", "Invoice 4471", "Amount due: 45,00 €"), S),
  P(email("Stadtwerke", "rechnung@stadtwerke.example", "Invoice 4472", "Amount due: 450,00 €"), None))
b("T7", "description-aside", "always", "Emails from Captain Lorne Fitzgerald (master of the MV Chebucto).", True,
  P(email("Lorne Fitzgerald", "lorne.fitzgerald@marine.example", "Sailing list", "See attached."), N),
  P(other_email(), None))
b("T7", "labelled-ref-aside", "custom", "If an email is about the Chebucto dry-dock (job number DD-2615), tell me, no "
  "matter who sent it.", True,
  P(email("Yard office", "office@yard.example", "DD-2615 schedule", "Docking moved."), N), P(other_email(), None))
b("T7", "who-is-saved-as", "always", 'WhatsApp messages from my husband, who is "Rawiri" in my contacts.', True,
  P(chat("Rawiri", "+64 21 000 0001", "Home by 7"), N), P(other_chat(), None))
b("T7", "list-then-kind", "never", "Newsletters, promotions, webinar invitations.", True,
  P(newsletter("Acme", "acme.example"), S), P(promo("Shoply", "shoply.example"), S),
  P(event("Webinar: invitations to growth", start_in=days(2)), S, "a webinar invitation"),
  P(email("Ana Ruiz", "ana.ruiz@gmail.com", "Dinner?", "Friday?"), None, "a person's e-mail"))
b("T7", "list-then-calendar", "never", "Newsletters, promotions and meeting invites", True,
  P(newsletter("Acme", "acme.example"), S), P(event("Planning"), S), P(other_email(), None))
b("T7", "son", "always", "Messages from my son Leo", True,
  P(chat("Leo", "+44 7700 900201", "Pick me up?"), N), P(other_chat(), None))
b("T7", "literal-subject", "always", "Any email with URGENT in the subject", True,
  P(email("Ops", "ops@acme.example", "URGENT: server down", "x"), N),
  P(email("Ops", "ops@acme.example", "Server report", "urgent"), None, "only in the body"))
b("T7", "come-from", "custom", "Don't notify me about new meeting invites unless they come from someone at "
  "fernlabs.com", True,
  P(event("Sync", created_ago=minutes(10), organizer=Person(name="Ana", address="ana@fernlabs.com")), N),
  P(event("Sync", created_ago=minutes(10), organizer=Person(name="Bo", address="bo@other.example")), S))
b("T7", "minutes-before", "custom", "Ping me 15 min before any meeting", True,
  P(event("Standup", start_in=minutes(10)), N), P(event("Standup", start_in=hours(3)), None))
b("T7", "they-have-been", "custom", "Recurring meetings: skip them, unless they've been moved or cancelled", True,
  P(event("Team sync", rrule=weekly), S), P(event("Team sync", rrule=weekly, status="CANCELLED"), N))
b("T7", "noise-exception", "custom", "Emails from Monzo, unless it's just marketing", True,
  P(email("Monzo", "help@monzo.com", "Your card", "A payment was declined."), N),
  P(promo("Monzo", "monzo.com"), S))
b("T7", "reason-anyway", "never", "Payslip emails from payroll@nhsbsa.nhs.uk, I'll see them anyway", True,
  P(email("NHSBSA Payroll", "payroll@nhsbsa.nhs.uk", "Your payslip", "Your payslip is ready."), S),
  P(other_email(), None))
b("T7", "reason-because", "never", "Recurring standups, because I know when they are", False,
  P(event("Standup", rrule=daily), S), P(other_email(), None))
b("T7", "label-or-sender", "always", "Jobs: any email or WhatsApp with 'leak' or 'burst' in it.", False,
  understood=False)
b("T7", "identity-clause", "always", "Anything by email from the Tasman Harbour Board; their people write from "
  "tasmanharbour.govt.nz.", True,
  P(email("Port Office", "office@tasmanharbour.govt.nz", "Berth 4", "x"), N), P(other_email(), None))
b("T7", "relative-apposition", "always", "Any email from Lingua Levant, the agency that books most of my assignments; "
  "their staff write from addresses ending in @lingualevant.com.", True,
  P(email("Rana Aziz", "rana@lingualevant.com", "Assignment", "x"), N), P(other_email(), None))
b("T7", "role-comma-name", "always", "Ping me whenever my landlord, Mr Ernesto Dizon, emails or messages me.", True,
  P(email("Ernesto Dizon", "ernesto.dizon@gmail.com", "Lease", "x"), N), P(other_email(), None))
b("T7", "no-matter-what", "always", "My wife Ellie on WhatsApp, no matter what.", True,
  P(chat("Ellie", "+64 21 000 0002", "Dinner?"), N), P(other_chat(), None))
b("T7", "including", "never", "Newsletters and promotions, including the ones from suppliers and from the harbour board.",
  True, P(newsletter("Harbour", "harbour.example"), S), P(other_email(), None))
b("T7", "amount-alternatives", "custom", "Invoices or payment requests over ₱100,000: ping me, whoever sends them.", True,
  P(email("Acme", "billing@acme.example", "Invoice 88", "Amount due: ₱128,750.00"), N),
  P(email("Acme", "billing@acme.example", "Invoice 89", "Amount due: ₱99,850.00"), None))
b("T7", "mentioned-in-quoted-group", "custom", 'Never notify me about WhatsApp group messages, except when someone '
  '@-mentions me in "On-call vets AB"', True,
  P(chat("Jo", "+1 780 555 0101", "@you?", group=True, chat_name="On-call vets AB", mentions=("me",)), N),
  P(chat("Jo", "+1 780 555 0101", "@you?", group=True, chat_name="Book club", mentions=("me",)), S))
b("T7", "dead-reading", "never", '"Weekly update" emails', False, understood=False)
b("T7", "quoted-kind", "never", 'No newsletters, no promotions, no "digest" emails.', True,
  P(newsletter("Acme", "acme.example"), S), P(digest("Trello", "trello.com"), S), P(other_email(), None))
b("T11", "until-next-day", "custom", "On weekends hold everything until Monday 9am", True,
  P(other_email(), H, "Saturday", at="2026-03-14 10:00", until="2026-03-16 09:00"),
  P(other_email(), H, "Monday early", at="2026-03-16 08:30", until="2026-03-16 09:00"),
  P(other_email(), None, "Monday later", at="2026-03-16 09:30"),
  P(other_email(), None, "Friday night", at="2026-03-13 23:00"))
b.no("T11", "until-a-day-not-next", "custom", "On weekends hold everything until Tuesday 9am")
b("T7", "direct-messages", "always", "Direct messages on WhatsApp", True,
  P(chat("Ana", "+34 600 000 111", "hola"), N),
  P(chat("Ana", "+34 600 000 111", "hola", group=True, chat_name="Familia"), None))
b("T7", "domain-addresses", "always", "Mail from @stripe.com addresses", True,
  P(email("Stripe", "support@stripe.com", "Payout", "x"), N), P(other_email(), None))
b("T7", "moved-to-another-time", "custom", "If a meeting is moved to another time, tell me.", True,
  P(event("Sync", created_ago=days(5), modified_ago=hours(1)), N), P(event("Sync"), None))
b("T9", "country-time", "never", "From 22:00 to 07:00 India time, hold every notification and deliver it at 07:00.",
  True, P(other_email(), H, "23:30 in India = 19:00 in Madrid", at="2026-03-11 19:00", until="2026-03-12 02:30"),
  P(other_email(), None, "noon in India", at="2026-03-11 07:30"))
b("T7", "let-through", "always", 'If my grandmother writes to me on WhatsApp (she\'s saved as "Nana Lu"), always let '
  'that through.', True, P(chat("Nana Lu", "+1 303 555 0101", "Hi dear"), N), P(other_chat(), None))
b("T7", "stay-silent", "never", "Etsy and Instagram alerts should stay silent, full stop.", True,
  P(email("Etsy", "transaction@etsy.com", "You made a sale", "x"), S),
  P(other_email(), None))
b("T7", "machine-sends", "never", "I don't want promotions, newsletters, or anything a machine sends automatically.", True,
  P(digest("Trello", "trello.com"), S), P(other_email(), None))
b("T7", "saved-after-semicolon", "always", 'Ping me when my daughter writes on WhatsApp; she\'s "Anjali 🐾" in my contacts.',
  True, P(chat("Anjali 🐾", "+1 720 555 0101", "Hi"), N), P(other_chat(), None))
b("T7", "words-label", "always", 'the words "Okafor v. Lindqvist"', True,
  P(email("Court", "clerk@court.example", "Okafor v. Lindqvist hearing", "x"), N), P(other_email(), None))
b("T11", "until-next-day-subset", "custom", "On weekends, email from anyone at brightlane.io can wait till Monday 8am.",
  True, P(email("Dev", "dev@brightlane.io", "Build", "x"), H, "Saturday", at="2026-03-14 10:00",
          until="2026-03-16 08:00"),
  P(email("Dev", "dev@brightlane.io", "Build", "x"), None, "Wednesday"), P(other_email(), None, "Saturday",
                                                                          at="2026-03-14 10:00"))
b("T7", "possessive-name", "never", "Promotions - except Lufthansa's, I want those", True,
  P(promo("Shoply", "shoply.example"), S), P(promo("Lufthansa", "lufthansa.com"), N))
b.no("T7", "possessive-role", "always", "Anything from Ana's school")
b("T7", "directly", "always", "When my wife Hana messages me directly on WhatsApp, always let me know.", True,
  P(chat("Hana", "+81 90 0000 0001", "Dinner?"), N),
  P(chat("Hana", "+81 90 0000 0001", "Dinner?", group=True, chat_name="Family"), None))
b("T11", "hold-some-kinds-until", "custom", "Quiet hours 22:00-07:00: hold emails and WhatsApp messages until 07:00, "
  "except anything from Priya.", True,
  P(other_email(), H, "at night", at="2026-03-11 23:00", until="2026-03-12 07:00"),
  P(chat("Priya", "+1 604 555 0101", "hi"), N, "Priya at night", at="2026-03-11 23:00"),
  P(other_event(), None, "a calendar item at night", at="2026-03-11 23:00"))
b("T7", "he-is-after-verb", "always", "Whenever Marcus Devereaux emails me, let me know; he's our artistic director.", True,
  P(email("Marcus Devereaux", "marcus@theatre.example", "Notes", "x"), N), P(other_email(), None))
b("T7", "where-apposition", "always", "The same goes for everyone at Tūī Arts Centre, where we're playing this month.",
  True, P(email("Box office", "boxoffice@tuiarts.org.nz", "Tūī Arts Centre: get-in times", "x"), N),
  P(other_email(), None))
b("T7", "even-a-stranger", "custom", "Whenever an email touches on the Project Halcyon audit, notify me, even if the sender "
  "is a stranger.", True,
  P(email("Auditor", "audit@kpmg.example", "Project Halcyon audit: fieldwork", "x"), N), P(other_email(), None))
b("T7", "dash-channels", "always", "My cofounder Tom Becker - email or WhatsApp, always.", True,
  P(email("Tom Becker", "tom@startup.example", "Board deck", "x"), N), P(chat("Tom Becker", "+44 7700 900301", "Call?"), N),
  P(other_email(), None))
b("T7", "trailing-reason", "never", "Payslip emails don't need a notification, I'll look on payday.", True,
  P(email("Payroll", "payroll@acme.example", "Your payslip for March", "Your payslip is attached."), S),
  P(other_email(), None))
b("T11", "save-for-the-morning", "never", "Nothing between 9pm and 7am, save it for the morning - except anything from "
  "Dr. Okafor.", True,
  P(other_email(), H, "at night", at="2026-03-11 23:00", until="2026-03-12 07:00"),
  P(email("Helen Okafor", "h.okafor@surgery.example", "Results", "x"), N, "Dr Okafor at night",
    at="2026-03-11 23:00"))
b.no("T7", "clause-before-amount", "always", "PayPal emails saying I've received more than £200.")
b("T11", "hold-and-tell-me-at", "never", "Every night from 22:00 to 06:30 hold everything and tell me at 06:30", True,
  P(other_email(), H, "at night", at="2026-03-11 23:00", until="2026-03-12 06:30"), P(other_email(), None))
b("T7", "quoting", "always", "Anything quoting my booking reference PHX-2291.", True,
  P(email("Airline", "bookings@air.example", "Your trip PHX-2291", "x"), N), P(other_email(), None))
b("T7", "pushed", "custom", "When a session on my calendar is pushed to a different day or time, ping me.", True,
  P(event("Session", created_ago=days(5), modified_ago=hours(1)), N), P(event("Session"), None))
b("T7", "thats-my-number", "always", "WhatsApps from +44 7700 900412 - that's my head chef's number.", True,
  P(chat("Chef", "+44 7700 900412", "Delivery late"), N), P(other_chat(), None))
b("T11", "hold-first", "custom", "Hold everything on Sundays", True,
  P(other_email(), H, "Sunday", at="2026-03-15 10:00", until="2026-03-16 00:00"), P(other_email(), None))
b("T7", "no-reply-addresses", "never", "Emails from no-reply addresses", True,
  P(digest("Trello", "trello.com"), S), P(other_email(), None))
b("T7", "out-of-office", "never", "Out of office replies", True,
  P(autoreply("Ana Ruiz", "ana.ruiz@acme.example"), S), P(other_email(), None))
b("T7", "quoted-word-list", "always", "anything with 'leak', 'burst' or 'flooding' in it", True,
  P(email("Ana Ruiz", "ana@tenant.example", "Burst pipe in the kitchen", "Water everywhere"), N),
  P(chat("Mark", "+44 7700 900555", "There's flooding in the basement"), N),
  P(email("Burst Media", "hello@burst.example", "Spring offers", "Our offers"), None, "a word, never a sender"),
  P(other_email(), None))
b("T7", "name-of-the", "always", "Emails from Bank of America", True,
  P(email("Bank of America", "alerts@bankofamerica.example", "Statement", "x"), N),
  P(email("America Ferrera", "america@ferrera.example", "Hi", "x"), None, "one name, never 'Bank' or 'America'"))
b("T7", "examples-after-like", "never", "Recurring meetings like the daily standup", True,
  P(event("Weekly 1:1", rrule=weekly), S, "every recurring meeting, the standup is an example"),
  P(event("Daily standup", rrule=daily), S), P(other_event(), None))
b.no("T7", "examples-define", "never", "messages like 'ok' or 'thanks'")
b("T7", "updates-to", "never", "Updates to the recurring daily standup", True,
  P(event("Daily standup", rrule=daily, created_ago=days(30), modified_ago=hours(2)), S),
  P(email("Ana Ruiz", "ana@acme.example", "Updates", "x"), None, "a calendar rule"))
b("T7", "the-x-group-chat", "never", "Anything from the HOA group chat on weekends", True,
  P(chat("Pat", "+1 305 555 0101", "Pool closed", group=True, chat_name="HOA", ago=5), None,
    "a weekday (the probe's now is a Wednesday)"),
  P(chat("HOA", "+1 305 555 0102", "Dues reminder", ago=5), None, "a contact called HOA is not the group"),
  P(chat("Pat", "+1 305 555 0101", "Pool closed", group=True, chat_name="HOA"), S, "on a Saturday",
    at="2026-03-14 11:00"))
b.no("T7", "other-than-what", "custom", "Other WhatsApp groups: only if I'm @-mentioned.")
b.no("T7", "two-senders-no-or", "always", "messages from Ana from school")
b("T7", "dotted-initials", "always", "Emails from U.S. Bank", True,
  P(email("U.S. Bank", "alerts@usbank.example", "Statement", "x"), N), P(other_email(), None))
b("T7", "sender-or-subject", "always", "Emails from the Rural Payments Agency, or with 'SFI' or 'claim' in the subject.", True,
  P(email("Rural Payments Agency", "noreply@rpa.example", "Your account", "x"), N),
  P(email("Ana Ruiz", "ana@farm.example", "SFI claim window", "x"), N, "either condition, not both"),
  P(other_email(), None))
b.no("T7", "one-of-mine", "never", "newsletters unless it mentions one of my properties")
b.no("T7", "service-dms", "never", "Facebook notifications except direct messages")
b("T7", "either-exception", "custom", "Quiet hours 22:00-07:00, except WhatsApps from Mum or emails about the inspection.",
  True,
  P(chat("Mum", "+44 7700 900777", "Call me"), N, "WhatsApp from Mum at night", at="2026-03-11 23:00"),
  P(email("Council", "inspections@council.example", "Inspection on Friday", "x"), N, "e-mail about the inspection",
    at="2026-03-11 23:00"),
  P(email("Mum", "mum@family.example", "Hi", "x"), H, "an e-mail from Mum is neither", at="2026-03-11 23:00",
    until="2026-03-12 07:00"))
b.no("T7", "comma-or-after-exception", "never",
     "Everything on Sundays except WhatsApps from Mum, or emails about the inspection")
b("T7", "quoted-words-not-contact", "never", 'marketing, newsletters, "tips to grow your store" stuff', True,
  P(email("Shopify", "mail@shopify.example", "5 tips to grow your store this fall", "x"), S), P(other_email(), None))
b("T7", "label-then-people", "always", "My tenants: Aoife Brennan, Tomasz Nowak and Declan Walsh (email or WhatsApp)",
  True,
  P(email("Aoife Brennan", "aoife.b@gmail.example", "Boiler", "x"), N), P(chat("Declan Walsh", "+353 87 111 2222", "hi"), N),
  P(email("Declan Walshe", "dwalshe@insure.example", "Renewal", "x"), None, "near-miss surname"))
b("T7", "dont-care", "never", "don't care: instagram, tiktok, facebook", True,
  P(social("instagram"), S), P(social("tiktok"), S), P(other_email(), None))
b("T7", "two-exceptions", "never", "group chats except Family and except when I'm mentioned", True,
  P(chat("Ana", "+34 600 111 222", "hola", group=True, chat_name="Family"), N, "the Family group is excepted"),
  P(chat("Ana", "+34 600 111 222", "@me?", group=True, chat_name="Work", mentions=("me",)), N, "a mention too"),
  P(chat("Ana", "+34 600 111 222", "hola", group=True, chat_name="Work"), S))
b("T7", "mention-in-named-chat", "always", "When someone @-mentions me in Tuesday Climbers", True,
  P(chat("Ana", "+34 600 111 222", "@me rope?", group=True, chat_name="Tuesday Climbers", mentions=("me",)), N),
  P(chat("Ana", "+34 600 111 222", "rope?", group=True, chat_name="Tuesday Climbers"), None, "no mention"),
  P(chat("Climbers", "+34 600 111 333", "@me", mentions=("me",)), None, "not that chat"))
b("T11", "only-in-window", "custom", "On weekends, only notify me about WhatsApp messages from Mum", True,
  P(chat("Mum", "+44 7700 900777", "Lunch?"), N, "Mum on a Saturday", at="2026-03-14 11:00"),
  P(other_email(), H, "anything else on a Saturday", at="2026-03-14 11:00", until="2026-03-16 00:00"),
  P(other_email(), None, "a weekday"))
b("T7", "examples-after-notifications", "never", "Social media notifications (Facebook, Instagram, LinkedIn)", True,
  P(social("facebook"), S), P(social("strava"), S, "any social network: the brackets are examples"),
  P(other_email(), None))
b("T7", "anyone-emailing-from", "always", "Anyone emailing from fynbosvets.co.za (my clinic)", True,
  P(email("Reception", "reception@fynbosvets.co.za", "Today's list", "x"), N),
  P(email("Fynbos Pets", "shop@fynbospets.co.za", "Sale", "x"), None, "near-miss domain"))
b("T7", "emphasis-narrows-nothing", "always", "Anything from my bookkeeper Ravi Menon, especially near the VAT deadline",
  True,
  P(email("Ravi Menon", "ravi@menon-books.example", "Lunch?", "x"), N, "emphasis: every message of his, not only VAT"),
  P(other_email(), None))
b("T7", "description-after-number", "always", "WhatsApps from +44 7700 900456 (Gran's nursing home)", True,
  P(chat("Rosewood", "+44 7700 900456", "Your gran is asking for you"), N),
  P(chat("Gran", "+44 7700 900999", "hello love"), None, "another number"))
b("T11", "rest-released-at", "custom", "Weekends: only Mum. Everything else Monday at 8", True,
  P(chat("Mum", "+44 7700 900777", "Lunch?"), N, "Mum on a Saturday", at="2026-03-14 11:00"),
  P(other_email(), H, "anything else on a Saturday", at="2026-03-14 11:00", until="2026-03-16 08:00"),
  P(other_email(), None, "a weekday"))
b.no("T11", "rest-released-morning-no-time", "custom", "Weekends: only Mum. Everything else monday morning")
b("T7", "new-or-recurring-either", "never", "new calendar invites or routine meetings", True,
  P(event("Budget sync", created_ago=hours(2)), S, "new, not recurring"),
  P(event("Team standup", rrule=weekly), S, "recurring, not new"),
  P(event("Dentist", created_ago=days(20)), None, "neither"))
b("T7", "that-includes-widens-nothing", "never", "Emails where I'm only in CC. That includes Tom.", True,
  P(cc_only("Tom Reid", "tom@reid.example", "FYI"), S), P(other_email(), None))
b("T7", "amount-noun-only-if-or-more", "custom", "Invoices only if the amount is 500 € or more", True,
  P(email("Acme Billing", "billing@acme.example", "Invoice INV-2231", "Amount due: 740,00 €"), N),
  P(email("Acme Billing", "billing@acme.example", "Invoice INV-2232", "Amount due: 120,00 €"), S, "below"),
  P(other_email(), None))
b("T7", "amount-noun-from-sender", "always", "Invoices from Stripe", True,
  P(email("Stripe", "invoices@stripe.example", "Your invoice from Stripe", "Invoice #4411"), N),
  P(email("Stripe", "news@stripe.example", "Product update", "New dashboard features"), None, "not an invoice"))
b.no("T7", "noun-or-verb-before-sender", "always", "Invoices or quotes from Kestrel Labs")
b("T7", "case-by-parties", "always", "Anything mentioning Okafor v. Lindqvist or case 2025-CV-1182", True,
  P(email("Court Clerk", "clerk@courts.example", "Okafor v. Lindqvist - hearing moved", "x"), N),
  P(email("Ada Okafor", "ada@okafor.example", "Lunch", "x"), None, "a party's name alone is no case"))
b("T7", "something-of-theirs-by-number", "always", "anything from the Hartwell Freight escalation line (+44 7700 900418)",
  True,
  P(chat("+44 7700 900418", "+44 7700 900418", "Truck stuck at the border"), N),
  P(email("Hartwell Freight", "news@hartwellfreight.example", "Our autumn newsletter", "x"), None,
    "the firm's other mail: only the line was named"))
b("T7", "only-if-at-d", "custom", "Ops Night Shift group, but only if I'm @'d", True,
  P(chat("Lee", "+44 7700 900333", "@Lucía pallet?", group=True, chat_name="Ops Night Shift", mentions=("me",)), N),
  P(chat("Lee", "+44 7700 900333", "pallet?", group=True, chat_name="Ops Night Shift"), S))
b("T7", "social-notifs-examples", "never", "Social notifs (Facebook, Insta, whatever)", True,
  P(social("facebook"), S), P(social("strava"), S, "any social network: examples"), P(other_email(), None))
b("T7", "dont-care-what-time", "always", "dms from Kai on whatsapp, dont care what time it is", True,
  P(chat("Kai", "+44 7700 900444", "you up?"), N, "late", at="2026-03-11 23:30"),
  P(chat("Kai", "+44 7700 900444", "ha", group=True, chat_name="Band"), None, "a group, not a DM"))
b("T7", "verb-inside-a-name", "always", "Anyone at Casa Segura (the building insurer)", True,
  P(email("Rita Lopes", "rita.lopes@casasegura.example", "Claim 2231", "x"), N, "someone at the firm's domain"),
  P(email("Seguros Casa", "info@segurocasa.example", "Oferta", "x"), None, "another firm"))
b("T7", "quoted-type-stuff", "never", 'promo emails and "your weekly digest" type stuff', True,
  P(email("Packly", "hello@packly.example", "Your weekly digest is here", "x"), S),
  P(other_email(), None))
b("T7", "list-address-as-sender", "never", "all-staff@brightwave.example emails where I'm just CC'd", True,
  P(email("Dana Cole", "dana@brightwave.example", "Office closed Friday", "x",
          to=(Person(name="All staff", address="all-staff@brightwave.example"),),
          headers={"Cc": "lucia@ferran.example", "List-Id": "All staff <all-staff.brightwave.example>",
                   "List-Post": "<mailto:all-staff@brightwave.example>"}), S, "through the list, only in Cc"),
  P(email("Dana Cole", "dana@brightwave.example", "Quick question", "x"), None, "not through the list"))
b("T7", "included-too-narrows-nothing", "never", "newsletters and marketing, the school newsletter too", True,
  P(newsletter("Hillcrest School", "hillcrest-school.example"), S),
  P(newsletter("Garden Weekly", "gardenweekly.example"), S, "every newsletter, not only the school's"),
  P(other_email(), None))
b.no("T7", "included-too-another-kind", "never", "newsletters and marketing, the school digest too")
b("T7", "but-only-messages-from", "custom",
  "the \"Staff Room\" WhatsApp group, but only messages from Máire Ní Bhriain or Declan Furlong", True,
  P(chat("Máire Ní Bhriain", "+353 87 100 2000", "Staff meeting moved", group=True, chat_name="Staff Room"), N),
  P(chat("Brian O'Neill", "+353 87 100 3000", "Anyone for coffee?", group=True, chat_name="Staff Room"), S),
  P(other_chat(), None))
b("T7", "cancelled-classes", "custom", "any of my classes that get cancelled", True,
  P(event("Year 5 Maths", status="CANCELLED"), N), P(event("Year 5 Maths"), None))
b("T11", "after-or-before-is-the-night", "custom",
  "Please don't bother me after 9 in the evening or before 8 in the morning, unless it's Helen.", True,
  P(other_email(), H, "late evening", at="2026-03-11 22:30", until="2026-03-12 08:00"),
  P(other_email(), H, "early morning", at="2026-03-12 06:30", until="2026-03-12 08:00"),
  P(chat("Helen", "+44 7700 900555", "Call me"), N, "Helen, at night", at="2026-03-11 23:00"),
  P(other_email(), None, "daytime"))
b("T7", "number-inside-a-group-name", "always", "If someone @'s me in the Ward 7 Nights group.", True,
  P(chat("Kezia", "+44 7700 900666", "@me swap?", group=True, chat_name="Ward 7 Nights", mentions=("me",)), N),
  P(chat("Kezia", "+44 7700 900666", "@me swap?", group=True, chat_name="Ward 8 Nights", mentions=("me",)), None,
    "another ward"))
b("T7", "at-mentioning", "always", "Anyone @-mentioning me in the Incident War Room group.", True,
  P(chat("Raj", "+44 7700 900777", "@me db down", group=True, chat_name="Incident War Room", mentions=("me",)), N),
  P(chat("Raj", "+44 7700 900777", "db down", group=True, chat_name="Incident War Room"), None))
b("T7", "especially-after-full-stop", "never", "Recruiter mail. All of it. Especially if it says 'rockstar'.", True,
  P(email("Talent Team", "jobs@hirefast.example", "Exciting role", "We are a recruitment agency ..."), (S,),
    "any recruiter mail"),
  P(other_email(), None))
b("T7", "unquoted-topic-list", "always", "anything from @tidewater.example about fraud, a blocked card or a suspicious login",
  True,
  P(email("Tidewater Security", "alerts@tidewater.example", "Suspicious login attempt", "x"), N),
  P(email("Tidewater Bank", "news@tidewater.example", "Our new savings rates", "x"), None, "none of them"))
b("T7", "concession-like-widens-nothing", "always", "Anything from Carrow Council, even if it looks like a boring letter",
  True,
  P(email("Carrow Council", "tax@carrow-council.example", "Council tax statement", "x"), N),
  P(other_email(), None))
b("T7", "dont-let-me-miss", "always", "dont let me miss anything from Ana Ruiz", True,
  P(email("Ana Ruiz", "ana@ruiz.example", "Hi", "x"), N), P(other_email(), None))
b("T7", "person-at-company", "always", "Anything from Dalia Okafor at Brightline Structures", True,
  P(email("Dalia Okafor", "dalia@brightline.example", "Drawings", "x"), N),
  P(email("Brightline Structures", "info@brightline.example", "Newsletter", "x"), None, "the firm, not Dalia"))
b("T7", "his-mobile-is", "always", "any msg from the vet, Gareth Pryce, his mobile is 07700 914382", True,
  P(chat("Gareth", "+44 7700 914382", "Ewe's fine"), N, "his number"),
  P(email("Gareth Pryce", "gareth@pryce-vets.example", "Invoice", "x"), N, "his name"),
  P(other_chat(), None))
b("T7", "title-before-a-rule", "always",
  'weather alerts: emails with "heavy rain warning" or "flood" in the subject', True,
  P(email("MetService", "warnings@metservice.example", "Heavy rain warning for Wairarapa", "x"), N),
  P(email("MetService", "warnings@metservice.example", "Your weekly outlook", "Heavy rain warning lifted"), None,
    "the words in the body only"))
b("T7", "group-name-with-lower-words", "always", "anything in the Ruamāhanga Rd neighbours whatsapp group", True,
  P(chat("Jo", "+64 21 555 0101", "Cows out on the road", group=True, chat_name="Ruamāhanga Rd neighbours 🐑"), N),
  P(chat("Jo", "+64 21 555 0101", "hi", group=True, chat_name="Ruamāhanga Rd"), None, "another group"))
b("T7", "tomorrows-calendar", "custom", "let me know if something on tomorrows calendar gets cancelled", True,
  P(event("Dentist", start_in=hours(24), status="CANCELLED"), N, "tomorrow, cancelled"),
  P(event("Dentist", start_in=days(3), status="CANCELLED"), None, "another day"))
b.no("T7", "how-invited", "never", "Calendar invites for optional meetings")
b("T7", "only-ccd-no-apostrophe", "never", "emails where im only cc'd", True,
  P(cc_only("Ana Ruiz", "ana@ruiz.example", "FYI"), S),
  P(email("Ana Ruiz", "ana@ruiz.example", "Question", "x"), None))
b("T7", "role-then-name-in-brackets", "always", "Anything from the kids' school (Maplewood Elementary)", True,
  P(email("Maplewood Elementary", "office@maplewood.example", "Trip", "x"), N),
  P(email("Oakdale Elementary", "office@oakdale.example", "Trip", "x"), None, "another school"))
b("T7", "group-completely", "never", "Mute the 'Hall 3 Flatmates' group completly", True,
  P(chat("Sam", "+44 7700 900888", "bins!", group=True, chat_name="Hall 3 Flatmates"), S), P(other_chat(), None))
b("T7", "a-client-at-domain", "always", "Any email from a client at @harborline.example or @pinecrest.example", True,
  P(email("Jo Kim", "jo@harborline.example", "Brief", "x"), N),
  P(email("Jo Kim", "jo@harbourline.example", "Brief", "x"), None, "another domain"))
b("T11", "save-the-rest-for", "custom", "Weekends: only Mum, save the rest for Monday 8am", True,
  P(chat("Mum", "+44 7700 900777", "Lunch?"), N, "Mum on a Saturday", at="2026-03-14 11:00"),
  P(other_email(), H, "anything else on a Saturday", at="2026-03-14 11:00", until="2026-03-16 08:00"))
b.no("T7", "otherwise-of-what", "custom", "If someone mentions me, tell me, otherwise ignore")

# --- found by sealed probes, session of 2026-12-01 -------------------------------------------------------------
claire_wa = chat("Claire", "+44 7700 900111", "Running late")
b("T7", "who-then-ways", "always", "My wife Claire: texts, emails, anything, even in the middle of the night", True,
  P(claire_wa, N), P(email("Claire", "claire.h@example.co.uk", "Keys", "x"), N),
  P(other_email(), None, "e-mail from someone else: the list is Claire's"))
b("T7", "topic-slash-alternatives", "custom", "anything about claim CR-20931 / the Delgado claim", True,
  P(email("Harbor Insurance", "claims@harbor.example", "Update on the Delgado claim", "x"), N, "the second name"),
  P(email("Harbor Insurance", "claims@harbor.example", "CR-20931", "x"), N), P(other_email(), None))
b("T7", "added-for-today", "custom", "If something gets added to my calendar for today, tell me straight away", True,
  P(event("Call with Ines", start_in=hours(3), created_ago=hours(1)), N, "added an hour ago, today"),
  P(event("Dentist", start_in=hours(3), created_ago=days(10)), None, "today, but added long ago"))
b.no("T7", "mail-to-an-address", "always", "emails to info@acme-tools.example")
b.no("T7", "negated-condition", "custom", "If they do not mention me, nothing")
grp_me = chat("Yuki", "+33 6 20 00 00 01", "@Lucía Friday?", group=True, chat_name="Climbing crew", mentions=("me",))
grp = chat("Yuki", "+33 6 20 00 00 01", "Friday?", group=True, chat_name="Climbing crew")
b("T7", "if-not-otherwise", "custom", "Group chats: only if someone tags me. If not, nothing.", True,
  P(grp_me, N), P(grp, S), P(other_chat(), None, "a direct chat"))
b("T11", "day-abbreviations-time-range", "custom", "Tue & Thu 9am-1pm hold everything except messages from Tom", True,
  P(other_email(), H, "Thursday 10:00", at="2026-03-12 10:00", until="2026-03-12 13:00"),
  P(chat("Tom", "+44 7700 900222", "Lunch?"), N, "Tom, Thursday 10:00", at="2026-03-12 10:00"),
  P(other_email(), None, "Wednesday 10:00", at="2026-03-11 10:00"))
b("T7", "amount-the-rest-not", "custom", "Invoices over £1,000 tell me, under that don't bother", True,
  P(email("Pell Joinery", "accounts@pell.example", "Invoice 5521", "Amount due: £1,500.00"), N),
  P(email("Pell Joinery", "accounts@pell.example", "Invoice 5522", "Amount due: £200.00"), S))
b("T7", "role-named-by-domain", "always", "Kids' school (@stmarks-primary.example)", True,
  P(email("St Mark's Office", "office@stmarks-primary.example", "Trip", "x"), N),
  P(email("Oakwood School", "office@oakwood-school.example", "Open day", "x"), None, "another school"))
b("T11", "keep-until-morning-unless", "custom",
  "Between 10pm and 7am, keep everything until morning unless it's from Jake", True,
  P(other_email(), H, "at night", at="2026-03-11 23:00", until="2026-03-12 07:00"),
  P(chat("Jake", "+44 7700 900333", "You up?"), N, "Jake at night", at="2026-03-11 23:00"))
b("T7", "with-noun-over-amount", "custom", "Let me know about any email with an invoice over $1,000", True,
  P(email("Apex Supply", "billing@apex.example", "Your invoice", "Invoice total: $1,450.00"), N),
  P(email("Apex Supply", "billing@apex.example", "Your invoice", "Invoice total: $80.00"), None))
b("T7", "replies-to-mine-grammar", "always", "Replies to the emails I sent", True,
  P(in_my_thread(email("Rita Moss", "rita@moss.example", "Re: quote", "x")), N),
  P(email("Rita Moss", "rita@moss.example", "Quote", "x"), None))
b("T7", "at-sign-then-mention", "always", "When someone @ mentions me in the Hartley Rowing Club group", True,
  P(chat("Ben", "+44 7700 900444", "@Lucía rota?", group=True, chat_name="Hartley Rowing Club", mentions=("me",)), N),
  P(chat("Ben", "+44 7700 900444", "rota is up", group=True, chat_name="Hartley Rowing Club"), None))
b("T7", "at-apostrophe-s-me", "custom", "Group chats: only if somebody @'s me", True,
  P(chat("Ben", "+44 7700 900444", "@Lucía ?", group=True, chat_name="Book club", mentions=("me",)), N),
  P(chat("Ben", "+44 7700 900444", "anyone?", group=True, chat_name="Book club"), S))
b.no("T7", "or-between-sender-and-mention", "always", "WhatsApp from Dad or mentioning me")
b.no("T7", "or-between-mention-and-sender", "always", "Messages that mention me or come from Dad")
b.no("T7", "or-between-mention-and-writer", "always", "Group messages that mention me or that Dad writes")
b.no("T7", "or-between-kind-and-sender", "always", "newsletters or from Acme")
b("T7", "only-if-mention-or-writer", "custom", "In the Family group, only if someone mentions me or Dad writes", True,
  P(chat("Dad", "+44 7700 900555", "Dinner at 7", group=True, chat_name="Family"), N, "Dad, no mention"),
  P(chat("Aunt May", "+44 7700 900666", "@Lucía hi", group=True, chat_name="Family", mentions=("me",)), N),
  P(chat("Aunt May", "+44 7700 900666", "hi all", group=True, chat_name="Family"), S))
b("T7", "messages-that-mention-me", "always", "Group messages that mention me", True,
  P(chat("Ben", "+44 7700 900444", "@Lucía ?", group=True, chat_name="Book club", mentions=("me",)), N),
  P(chat("Ben", "+44 7700 900444", "mention the book", group=True, chat_name="Book club"), None))
b("T7", "replies-to-email-threads", "always", "replies to email threads i started", True,
  P(in_my_thread(email("Rita Moss", "rita@moss.example", "Re: quote", "x")), N),
  P(email("Rita Moss", "rita@moss.example", "Quote", "x"), None))
b("T7", "from-an-address-article", "always", "Any email from an @brightwell-clinic.example address", True,
  P(email("Brightwell Clinic", "desk@brightwell-clinic.example", "Appointment", "x"), N), P(other_email(), None))
b("T7", "minutes-before-the-start", "custom", "ping me 15 minutes before the start of each meeting", True,
  P(event("Standup", start_in=minutes(10)), N), P(event("Standup", start_in=hours(3)), None))
b("T7", "domain-then-who-it-is", "always", "emails from anyone @brightwell-dental.example, thats my practice", True,
  P(email("Front desk", "desk@brightwell-dental.example", "Rota", "x"), N), P(other_email(), None))
b("T7", "only-cc-and-not-to", "never", "Emails where I'm only on CC and not in the To line", True,
  P(cc_only("Jess Okafor", "jess@halewood.example", "Plan"), S),
  P(email("Jess Okafor", "jess@halewood.example", "Plan", "x"), None, "in To"))
b("T7", "thread-started-not-answered", "always",
  "Replies to email threads I started (the first email in the thread came from me)", False,
  P(in_my_thread(email("Lauren Pike", "events@ancoats.example", "Re: shoot", "x")), N),
  P(in_a_thread_i_answered(email("Lauren Pike", "events@ancoats.example", "Re: venue", "x")), None,
    "her thread, the user only answered"))
b("T7", "thread-started-or-answered", "always", "replies to my emails", True,
  P(in_my_thread(email("Lauren Pike", "events@ancoats.example", "Re: shoot", "x")), N),
  P(in_a_thread_i_answered(email("Lauren Pike", "events@ancoats.example", "Re: venue", "x")), N, "answered counts"))
b("T7", "thread-started-only", "always", "Replies to threads I started", True,
  P(in_my_thread(email("Lauren Pike", "events@ancoats.example", "Re: shoot", "x")), N),
  P(in_a_thread_i_answered(email("Lauren Pike", "events@ancoats.example", "Re: venue", "x")), None))
b.no("T7", "not-even-more-senders", "never", "newsletters from Acme, not even the ones from Globex")
b("T11", "hold-labelled-night-hold", "custom", "Night hold: from 22:00 to 07:00 hold everything until 07:00", True,
  P(other_email(), H, "at night", at="2026-03-11 23:00", until="2026-03-12 07:00"), P(other_email(), None))
b("T7", "label-then-address-ending-in", "always",
  "Lab results: any email from an address ending in @atlanticvetlab.example", True,
  P(email("Atlantic Vet Lab", "results@atlanticvetlab.example", "Results", "x"), N), P(other_email(), None))
b.no("T7", "also-theirs-after-a-sender", "never", "Newsletters from Acme (also the ones from Globex)")
b("T7", "except-two-groups", "never", 'WhatsApp groups, except the "Choir" group or the "Allotment" group', True,
  P(chat("Ann", "+44 7700 900777", "Tuesday?", group=True, chat_name="Choir"), N, "excepted"),
  P(chat("Bob", "+44 7700 900888", "Tomatoes", group=True, chat_name="Allotment"), N, "excepted too"),
  P(chat("Cy", "+44 7700 900999", "lol", group=True, chat_name="Memes"), S))
b("T7", "two-words-for-automated", "never", "Automated no-reply mail (order shipped, password reset, etc.)", True,
  P(email("Shop", "no-reply@shop.example", "Your order has shipped", "This is an automated message.",
          headers={"Auto-Submitted": "auto-generated"}), S),
  P(other_email(), None, "a person's e-mail: the rule is not about every e-mail"))
b.no("T7", "and-never-after-only-the-tagged", "custom",
     "Group chats: just the ones where I'm tagged, and never the 'Oakridge HOA' one, tagged or not")
b.no("T7", "and-never-second-list", "never", "Newsletters, and never LinkedIn")
b("T7", "never-and-never-one-list", "never", "Never newsletters, and never LinkedIn", True,
  P(newsletter("Gartenwelt", "gartenwelt.example"), S), P(social("linkedin"), S), P(other_email(), None))
b("T7", "also-from-more-senders", "always", "Anything from Ana, also from Tom", True,
  P(chat("Tom", "+44 7700 901000", "hi"), N), P(chat("Ana", "+44 7700 901001", "hi"), N), P(other_chat(), None))
