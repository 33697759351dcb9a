"""German rule sentences and what they mean (issue 7, item 8)."""

from __future__ import annotations

from tests.rules.bank._probe import (
    cc_only, in_my_thread, Person, LOCAL_TODAY_ONLY, Bank, H, N, P, S, autoreply, chat, daily, days, digest, email, event, hours, list_post,
    minutes, monthly, newsletter, other_chat, other_email, other_event, promo, receipt, social, weekly,
)

b = Bank("de")

katha = email("Katharina Vogt", "katharina.vogt@posteo.de", "Samstag?", "Hast du Samstag Zeit?")
katha_wa = chat("Katharina Vogt", "+49 160 1111 222", "Bin gleich da")
vogt_shop = chat("Vogt Optik", "+49 711 555 000", "Ihre Brille ist abholbereit")
jens = email("Jens Albrecht", "j.albrecht@albrecht-steuer.de", "Unterlagen", "Bitte die Belege schicken.")
jens_wa = chat("Jens Albrecht", "+49 171 3333 444", "Kurz Zeit?")
albers = email("Jens Albers", "jens@albers.example", "Unterlagen", "x")
dirk = email("Dirk Sommer", "dirk@sommer-vertrieb.example", "Angebot", "Unser neues Angebot.")

# --- Absender nach Name ----------------------------------------------------------------------------------
b("T7", "sender", "always", "Katharina Vogt", True,
  P(katha, N), P(katha_wa, N), P(vogt_shop, None, "ein Geschäft namens Vogt"),
  P(email("Katharina Voigt", "k.voigt@example.de", "Hallo", "x"), None, "ähnlicher Name"))
b("T7", "sender", "always", "Mails von Jens Albrecht", True,
  P(jens, N), P(jens_wa, None, "WhatsApp ist keine Mail"), P(albers, None, "Albers ist nicht Albrecht"))
b("T7", "sender", "custom", "Sag mir immer Bescheid, wenn Katharina Vogt schreibt", True,
  P(katha, N), P(katha_wa, N), P(vogt_shop, None), P(other_email(), None))
b("T7", "polarity", "custom", "Ich will keine Nachricht von Jens Albrecht verpassen", True,
  P(jens, N, "nicht verpassen = benachrichtigen"), P(jens_wa, N), P(albers, None))
b("T7", "polarity", "custom", "Mails von Katharina Vogt bitte nicht ignorieren", True,
  P(katha, N, "nicht ignorieren = benachrichtigen"), P(katha_wa, None))
b("T7", "polarity", "custom", "Es darf nie passieren, dass ich eine Mail von Jens Albrecht nicht mitbekomme", False,
  P(jens, N, "doppelte Verneinung = benachrichtigen"), P(jens_wa, None, "nur Mails"), P(other_email(), None))
b("T7", "sender", "never", "E-Mails von Dirk Sommer", True, P(dirk, S), P(jens, None))
b("T7", "polarity", "custom", "Nachrichten von Dirk Sommer brauche ich nicht", False,
  P(dirk, S), P(chat("Dirk Sommer", "+49 172 000 9999", "Hallo"), S), P(jens, None))

# --- Organisationen und Domains --------------------------------------------------------------------------
brenner = email("Uwe Haas | Brenner Maschinenbau GmbH", "u.haas@brenner-maschinenbau.de", "Lieferung",
                "Die Lieferung kommt Montag.")
b("T7", "org", "always", "Alle von Brenner Maschinenbau", True,
  P(brenner, N), P(newsletter("Brenner Maschinenbau", "brenner-maschinenbau.de"), N, "diese Regel allein"),
  P(email("Brenner Reisen", "info@brenner-reisen.example", "Ihre Reise", "x"), None, "andere Firma"))
b("T7", "exception", "always", "Alles von der Kanzlei Roth & Partner, außer Newslettern", True,
  P(email("Dr. Eva Roth", "e.roth@roth-partner.de", "Ihr Vertrag", "x"), N),
  P(newsletter("Roth & Partner", "roth-partner.de"), S, "die Ausnahme"),
  P(newsletter("Gartenwelt", "gartenwelt.example"), None))
b("T7", "exception", "custom", "Mails von Möbel Krause bitte melden, aber keine Werbung", True,
  P(email("Möbel Krause", "service@moebel-krause.de", "Liefertermin", "Ihr Sofa kommt am Freitag."), N),
  P(promo("Möbel Krause", "moebel-krause.de"), S, "aber keine Werbung"),
  P(promo("Gartenwelt", "gartenwelt.example"), None))
b("T7", "domain", "always", "Absender mit @stadtwerke-ulm.de", True,
  P(email("Stadtwerke Ulm", "kundenservice@stadtwerke-ulm.de", "Zählerstand", "x"), N),
  P(email("Stadtwerke Ulm", "kundenservice@stadtwerke-ulm.com", "Zählerstand", "x"), None, "andere Domain"))
b("T7", "domain", "never", "Alles von der Domain schnaeppchen24.de", True,
  P(email("Schnäppchen24", "deals@schnaeppchen24.de", "Top-Deals", "x"), S),
  P(email("Schnäppchen24", "deals@schnaeppchen24.at", "Top-Deals", "x"), None))
b("T7", "domain", "custom", "Wenn die Adresse auf uni-freiburg.de endet, benachrichtige mich", True,
  P(email("Prüfungsamt", "pruefungsamt@uni-freiburg.de", "Termin", "x"), N),
  P(email("Prüfungsamt", "pruefungsamt@uni-freiburg.com", "Termin", "x"), None))
b("T7", "address", "always", "rechnung@hausverwaltung-kern.de", True,
  P(email("Hausverwaltung Kern", "rechnung@hausverwaltung-kern.de", "Nebenkosten", "x"), N),
  P(email("Hausverwaltung Kern", "info@hausverwaltung-kern.de", "Treppenhaus", "x"), None))

# --- Nummern, Kontakte, Unbekannte -----------------------------------------------------------------------
b("T7", "phone", "always", "WhatsApp von +49 151 2345 6789", True,
  P(chat("", "+4915123456789", "Hier ist der Handwerker"), N), P(chat("", "+4915123456788", "Hallo"), None))
b("T7", "phone", "never", "Die Nummer +43 664 123 4567 stummschalten", True,
  P(chat("", "+436641234567", "Gewinnspiel!"), S), P(chat("", "+436641234568", "Hallo"), None))
b("T7", "contact", "always", 'Meine Oma auf WhatsApp (gespeichert als "Oma")', True,
  P(chat("Oma", "+49 160 555 4444", "Kommst du Sonntag?"), N),
  P(chat("Oma Hilde (Nachbarin)", "+49 160 777 8888", "Paket für dich"), None, "eine andere Person"),
  P(email("Oma", "oma@example.de", "Fotos", "x"), None, "nur WhatsApp"))
b("T7", "unsaved", "never", "Nachrichten von Nummern, die nicht in meinen Kontakten sind", True,
  P(chat("", "+4917600001111", "Sie haben gewonnen"), S), P(katha_wa, None), P(katha, None))
b("T7", "exception", "custom", "Unbekannte Nummern nicht melden, es sei denn, es geht um mein Paket", False,
  P(chat("", "+4917600002222", "Ihr Paket kommt heute"), N), P(chat("", "+4917600002223", "Hallo"), S),
  P(katha_wa, None))

# --- Arten von Mail --------------------------------------------------------------------------------------
b("T7", "newsletter", "never", "Newsletter", True,
  P(newsletter("Gartenwelt", "gartenwelt.example"), S), P(other_email(), None))
b("T7", "marketing", "never", "Werbung und Rabattaktionen", True,
  P(promo("Gartenwelt", "gartenwelt.example"), S), P(other_email(), None))
b("T7", "digest", "never", "Automatische Berichte und Zusammenfassungen", True,
  P(digest("Personio", "personio.de"), S), P(other_email(), None))
b("T7", "social", "never", "Benachrichtigungen von XING und LinkedIn", True,
  P(social("xing"), S), P(social("linkedin"), S), P(social("facebook"), None, "nicht genannt"))
b("T7", "social", "custom", "Alle Benachrichtigungen von sozialen Netzwerken stummschalten", True,
  P(social("xing"), S), P(social("instagram"), S), P(other_email(), None))
b("T7", "receipt", "never", "Quittungen, Bestellbestätigungen und Versandbenachrichtigungen", True,
  P(receipt("Thalia", "thalia.de"), S), P(other_email(), None))
b("T7", "list", "never", "Mailinglisten", True,
  P(list_post("debian-user-german", "debian-user-german@lists.debian.example", "Kai", "kai@x.example",
              "Frage zu apt"), S), P(other_email(), None))
b("T7", "autoreply", "never", "Abwesenheitsnotizen und automatische Antworten", True,
  P(autoreply("Jens Albrecht", "j.albrecht@albrecht-steuer.de", "Abwesenheitsnotiz: bis 16.03. nicht im Büro"), S),
  P(jens, None))

# --- Chats -----------------------------------------------------------------------------------------------
grp = chat("Herr Meier", "+49 160 100 200", "Wer hat den Schlüssel?", group=True, chat_name="Nachbarn Lindenweg")
grp_me = chat("Herr Meier", "+49 160 100 200", "@Lucía hast du den Schlüssel?", group=True,
              chat_name="Nachbarn Lindenweg", mentions=("me",))
grp_name = chat("Herr Meier", "+49 160 100 200", "Lucía, hast du den Schlüssel?", group=True,
                chat_name="Nachbarn Lindenweg")
kita = chat("Frau Yilmaz", "+49 160 300 400", "Morgen Ausflug", group=True, chat_name="Kita Sonnenblume Eltern")
b("T7", "group", "custom", "Gruppenchats: nur benachrichtigen, wenn ich mit @ erwähnt werde", True,
  P(grp_me, N), P(grp, S), P(grp_name, S, "Name getippt ist keine Erwähnung"), P(katha_wa, None))
b("T7", "group", "custom", "Keine Gruppennachrichten, außer wenn mich jemand markiert", True,
  P(grp_me, N), P(grp, S), P(katha_wa, None), P(katha, None))
b("T7", "group", "always", "Direkte WhatsApp-Nachrichten", True, P(katha_wa, N), P(grp, None), P(katha, None))
b("T7", "group", "never", "WhatsApp-Gruppen", True, P(grp, S), P(kita, S), P(katha_wa, None))
b("T7", "chatname", "custom", 'In der Gruppe "Nachbarn Lindenweg" nur, wenn ich erwähnt werde', True,
  P(grp_me, N), P(grp, S), P(kita, None, "andere Gruppe"), P(katha_wa, None))
b("T7", "chatname", "never", 'Die Gruppe "Kita Sonnenblume Eltern" stummschalten', True,
  P(kita, S), P(grp, None), P(chat("Frau Yilmaz", "+49 160 300 400", "Hallo"), None, "direkt"))
b("T7", "mention", "always", "Wenn mich jemand in einer Gruppe mit @ erwähnt", True,
  P(grp_me, N), P(grp_name, None), P(katha_wa, None))

# --- Themen, Aktenzeichen, Betreff -----------------------------------------------------------------------
b("T7", "topic", "always", "Alles zum Bauantrag Gartenhaus", True,
  P(email("Bauamt", "bauamt@example-stadt.de", "Bauantrag Gartenhaus: Nachforderung", "x"), N),
  P(event("Termin Bauamt: Bauantrag Gartenhaus"), N),
  P(email("Baumarkt", "info@baumarkt.example", "Gartenhaus im Angebot", "x"), None, "nur 'Gartenhaus'"))
b("T7", "ref", "custom", "Mails, die das Aktenzeichen VG-88217 erwähnen: immer melden, egal von wem", True,
  P(email("", "poststelle@gericht.example", "Ladung", "Aktenzeichen VG-88217: Termin"), N),
  P(email("", "poststelle@gericht.example", "Ladung", "Aktenzeichen VG-88218: Termin"), None),
  P(event("Verhandlung VG-88217"), None, "nur Mails"))
b("T7", "subject", "custom", 'Mails mit "Rechnung" im Betreff: benachrichtigen', True,
  P(email("Hausverwaltung Kern", "info@hausverwaltung-kern.de", "Rechnung 2026-14", "x"), N),
  P(email("Hausverwaltung Kern", "info@hausverwaltung-kern.de", "Unterlagen", "Die Rechnung folgt."), None))

# --- Kalender --------------------------------------------------------------------------------------------
b("T9", "created", "always", "Termine, die heute eingetragen wurden", True,
  P(event("Notar", created_ago=hours(2)), N), P(event("Zahnarzt", created_ago=days(1)), None),
  P(event("Flug nach Hamburg", created_ago=LOCAL_TODAY_ONLY), N, "heute in Madrid, gestern in UTC"))
b("T9", "created", "always", "Neue Termine von heute, die in den nächsten 24 Stunden beginnen", True,
  P(event("Telefonat", created_ago=hours(1), start_in=hours(10)), N),
  P(event("Telefonat", created_ago=hours(1), start_in=days(2)), None),
  P(event("Telefonat", created_ago=days(2), start_in=hours(10)), None))
b("T9", "starts", "always", "Besprechungen, die in den nächsten 2 Stunden anfangen", True,
  P(event("Abstimmung", start_in=minutes(60)), N), P(event("Abstimmung", start_in=hours(5)), None))
b("T9", "starts", "custom", "Kalendertermine nur melden, wenn sie in weniger als 90 Minuten beginnen", True,
  P(event("Telefonat", start_in=minutes(80)), N), P(event("Telefonat", start_in=hours(3)), S),
  P(other_email(), None))
b("T7", "recurring", "never", "Erinnerungen an wöchentliche Serientermine", True,
  P(event("Jour fixe", rrule=weekly), S), P(event("Daily", rrule=daily), None), P(other_event(), None))
b("T7", "recurring", "never", "Alle Serientermine, ob täglich, wöchentlich oder monatlich", True,
  P(event("Daily", rrule=daily), S), P(event("Jour fixe", rrule=weekly), S), P(event("Miete", rrule=monthly), S),
  P(other_event(), None))
b("T7", "recurring", "never", "Tägliche Termine", True,
  P(event("Daily", rrule=daily), S), P(event("Jour fixe", rrule=weekly), None, "wöchentlich"))
b("T7", "allday", "never", "Ganztägige Termine", True,
  P(event("Feiertag", all_day=True), S), P(event("Abstimmung"), None))
b("T7", "exception", "always", "Kalendertermine, außer ganztägigen", True,
  P(event("Abstimmung"), N), P(event("Feiertag", all_day=True), S), P(other_email(), None))

# --- Ruhezeiten ------------------------------------------------------------------------------------------
b("T11", "hold", "custom", "Keine Benachrichtigungen zwischen 22 und 7 Uhr", True,
  P(other_email(), H, at="2026-03-11 22:15", until="2026-03-12 07:00"),
  P(other_chat(), H, at="2026-03-12 06:59", until="2026-03-12 07:00"),
  P(other_email(), None, at="2026-03-11 21:45"), P(other_email(), None, at="2026-03-12 07:01"))
b("T11", "hold", "custom", "Werktags nicht vor 8 Uhr", True,
  P(other_email(), H, at="2026-03-11 07:30", until="2026-03-11 08:00"),
  P(other_email(), None, "Sonntag", at="2026-03-15 07:30"), P(other_email(), None, at="2026-03-11 08:30"))
b("T11", "hold", "custom", "Ruhezeit von 21 bis 6 Uhr, außer wenn Oma schreibt", False,
  P(chat("Oma", "+49 160 555 4444", "Schläfst du schon?"), N, at="2026-03-11 22:00"),
  P(other_chat(), H, at="2026-03-11 22:00", until="2026-03-12 06:00"),
  P(chat("Oma", "+49 160 555 4444", "Mittag?"), None, at="2026-03-11 12:00"))

# --- Alles andere, ganze Kanäle --------------------------------------------------------------------------
b("T10", "catchall", "custom", "Wenn keine der obigen Regeln zutrifft, benachrichtige mich nicht", True,
  P(other_email(), S), P(other_chat(), S), P(other_event(), S), catch_all=True)
b("T10", "catchall", "custom", "Alles andere: bitte melden", True,
  P(other_email(), N), P(other_event(), N), catch_all=True)
b("T7", "channel", "never", "Ganz WhatsApp stummschalten", True, P(katha_wa, S), P(grp, S), P(katha, None))
b("T7", "channel", "custom", "Kalender: nie benachrichtigen", True, P(other_event(), S), P(katha, None))

# --- Beträge ---------------------------------------------------------------------------------------------
b("T7", "amount", "always", "Rechnungen über 500 Euro", False,
  P(email("Hausverwaltung Kern", "rechnung@hausverwaltung-kern.de", "Rechnung R-77", "Betrag: 812,40 EUR"), N),
  P(email("Hausverwaltung Kern", "rechnung@hausverwaltung-kern.de", "Rechnung R-78", "Betrag: 42,00 EUR"), None))

# --- offline nicht lesbar --------------------------------------------------------------------------------
b.no("T7", "judgement", "always", "Alles Dringende von wichtigen Kunden")
b.no("T7", "role", "always", "Mails von meinem Steuerberater")
b("T7", "only-in-cc", "never", "Mails, bei denen ich nur in CC stehe", True,
  P(cc_only("Uwe Brand", "uwe@brand.example", "x"), S, "nur in CC"),
  P(email("Uwe Brand", "uwe@brand.example", "x", "x"), None, "im An-Feld"))
b("T7", "replies-in-my-thread", "always", "Antworten in Threads, die ich angefangen habe", True,
  P(in_my_thread(email("Uwe Brand", "uwe@brand.example", "Re: Angebot", "x")), N, "Antwort in meinem Thread"),
  P(email("Uwe Brand", "uwe@brand.example", "Angebot", "x"), None, "neuer Thread"))
b.no("T7", "qualifier", "always", "Sprachnachrichten von Oma")
b.no("T7", "qualifier", "always", "Mails von Katharina Vogt mit Anhang")
b.no("T7", "qualifier", "custom", "Melde Jens Albrecht nur, wenn er im Urlaub ist")

# --- eine Ausnahme, danach noch einmal gesagt ("außer X: die will ich sehen"); Beispiele in Klammern ----
moodle_note = digest("Moodle", "moodle.example", "Neue Note eingetragen: Physiktest 3")
moodle_pruefung = digest("Moodle", "moodle.example", "Prüfungsausschuss: Ladung zur Sitzung")
b("T7", "exception", "never", "Automatische Mails von Moodle (Noten, Forenbeiträge usw.) ignorieren, außer denen zum "
  "Prüfungsausschuss: die will ich sehen.", False,
  P(moodle_note, S), P(moodle_pruefung, N, "die Ausnahme, noch einmal gesagt"), P(other_email(), None))

# --- ein Thema mit Aktenzeichen in Klammern, ganz gleich, von wem ------------------------------------------
b("T7", "topic", "custom", "Mails zum Bauantrag Lindenweg 7 (Aktenzeichen B/2026/00412) bitte immer melden, ganz "
  "gleich, von wem sie kommen.", False,
  P(email("Bauamt Ulm", "bauamt@ulm.example", "Ihr Bauantrag", "Zum Vorgang B/2026/00412 fehlt eine Unterschrift."), N),
  P(email("Bauamt Ulm", "bauamt@ulm.example", "Bauanträge allgemein", "Neue Formulare für Bauanträge."), None,
    "ein anderer Bauantrag"),
  P(chat("Jens Albrecht", "+49 151 000 111", "B/2026/00412 ist durch"), None, "nur Mails"), P(other_email(), None))

# --- eine Gruppen-Ausnahme in einer Gruppenregel ("außer der Gruppe X, wo ich alle Nachrichten will") -----------
b("T7", "group", "custom", "WhatsApp-Gruppen nur, wenn mich jemand erwähnt, außer der Gruppe „Familie“, wo ich alle "
  "Nachrichten will.", False,
  P(chat("Oma", "+49 151 000 222", "Kommt ihr Sonntag?", group=True, chat_name="Familie"), N, "alle Nachrichten"),
  P(chat("Jens", "+49 151 000 333", "@ich kommst du?", group=True, chat_name="Segeln", mentions=("me",)), N),
  P(chat("Jens", "+49 151 000 333", "wer kommt?", group=True, chat_name="Segeln"), S),
  P(other_chat(), None))

b("T11", "hold", "custom", "Zwischen 23 und 7 Uhr (Berliner Zeit) bitte nichts melden; heb es auf und zeig es mir um "
  "7 Uhr.", False,
  P(other_email(), H, at="2026-03-11 23:30", until="2026-03-12 07:00"), P(other_chat(), None, "tagsüber"))

b("T7", "sender", "always", 'Meine Frau ist bei WhatsApp als „Svenja ❤" gespeichert; ihre Nachrichten bitte immer '
  'durchstellen.', False,
  P(chat("Svenja ❤", "+49 151 000 444", "Kommst du?"), N), P(chat("Svenja Kuhlmann", "+49 151 000 555", "Hallo"), None))
b("T7", "sender", "always", "Mails von Frau Dr. Brandt", False,
  P(email("Anna Brandt", "a.brandt@praxis.example", "Befund", "x"), N),
  P(email("Brandt Zwieback", "info@brandt.example", "Angebot", "x"), None, "eine Firma mit ihrem Namen"))

# --- Verbzweitstellung, Modalverben und Partizipien ---------------------------------------------------------------
b("T7", "category", "never", "Newsletter, Werbung und automatisch verschickte Berichte interessieren mich nicht.", False,
  P(newsletter("Baunetz", "baunetz.example"), S), P(promo("Fliesen Reimann", "fliesen.example"), S),
  P(digest("Baucam", "baucam.example"), S), P(other_email(), None))
b("T7", "sender", "never", "Benachrichtigungen von XING will ich überhaupt nicht haben.", False,
  P(social("xing"), S), P(social("linkedin"), None), P(other_email(), None))
b("T7", "recurring", "never", "Termine, die sich jede Woche wiederholen, kenne ich auswendig – dafür brauche ich keine "
  "Erinnerung.", False,
  P(event("Jour fixe", rrule=weekly, start_in=hours(3)), S), P(event("Stand-up", rrule=daily, start_in=hours(3)), None),
  P(other_event(), None))
b("T7", "group", "custom", "In WhatsApp-Gruppen nur dann, wenn mich jemand mit @ erwähnt.", False,
  P(chat("Jasper", "+49 151 000 666", "@ich Plan?", group=True, chat_name="Büro", mentions=("me",)), N),
  P(chat("Jasper", "+49 151 000 666", "Plan?", group=True, chat_name="Büro"), S), P(other_chat(), None))
b("T9", "created", "custom", "Und wenn heute ein neuer Termin eingetragen wurde, der in den nächsten 4 Stunden anfängt, "
  "will ich das auch mitbekommen.", False,
  P(event("Abnahme", start_in=hours(2), created_ago=minutes(30)), N),
  P(event("Abnahme", start_in=hours(2), created_ago=days(1)), None, "gestern eingetragen"),
  P(event("Abnahme", start_in=hours(6), created_ago=minutes(30)), None, "zu spät"))

CASES = b.cases

# found on sealed probes (first runs)
b("T7", "noun-aside", "always", "Alles von Dr. Kerstin Albrecht (Oberärztin)", True,
  P(email("Kerstin Albrecht", "k.albrecht@klinik.example", "Dienstplan", "x"), N), P(other_email(), None))
b("T7", "minutes-before", "custom", "Erinnere mich 30 Minuten vor jedem Termin", True,
  P(event("Besprechung", start_in=minutes(20)), N), P(event("Besprechung", start_in=hours(2)), None))
b("T7", "identity-clause", "always", "Dasselbe gilt für jede E-Mail von unserem größten Mandanten, der Holzbau Steiner "
  "GmbH; deren Leute schreiben von Adressen, die auf holzbau-steiner.at enden.", True,
  P(email("Franz Steiner", "f.steiner@holzbau-steiner.at", "Bilanz", "x"), N), P(other_email(), None))
b("T7", "durchkommen", "always", "Nachrichten meiner Tochter Lena auf WhatsApp sollen immer durchkommen.", True,
  P(chat("Lena", "+43 660 000 0001", "Hallo"), N), P(other_chat(), None))
b("T7", "reference-in-name", "custom", "Jede E-Mail zur Betriebsprüfung mit der Aktenzahl FA-68/2211 will ich sehen, "
  "egal wer sie schickt.", True,
  P(email("Finanzamt Graz", "post@finanzamt.example", "FA-68/2211 Unterlagen", "x"), N),
  P(email("Finanzamt Graz", "post@finanzamt.example", "FA-68/2217 Unterlagen", "x"), None))
b("T11", "until-next-day", "custom", "Am Wochenende alles bis Montag 8 Uhr zurückhalten", True,
  P(other_email(), H, "Samstag", at="2026-03-14 10:00", until="2026-03-16 08:00"),
  P(other_email(), None, "Montag später", at="2026-03-16 09:30"))
b("T7", "mich-erwaehnt", "custom", "Wenn mich jemand in einer Gruppe erwähnt, sofort Bescheid geben", True,
  P(chat("Jo", "+49 170 0000001", "@du?", group=True, chat_name="Team", mentions=("me",)), N),
  P(chat("Jo", "+49 170 0000001", "Hallo", group=True, chat_name="Team"), None))
b("T11", "ruhe-then-hold", "custom", "Zwischen 22 und 7 Uhr Ruhe – alles bis 7 Uhr zurückhalten", True,
  P(other_email(), H, "nachts", at="2026-03-11 23:30", until="2026-03-12 07:00"), P(other_email(), None))
b.no("T7", "quote-then-words", "custom", 'Zwischen 22 und 6 Uhr bitte Ruhe – Nachrichten mit "Notfall" dürfen trotzdem '
     'durch')
b("T11", "bis-dahin", "custom", "Am Wochenende nichts vor 10 Uhr – bis dahin zurückhalten.", True,
  P(other_email(), H, "Samstag früh", at="2026-03-14 08:00", until="2026-03-14 10:00"),
  P(other_email(), None, "Samstag mittag", at="2026-03-14 12:00"))
b("T7", "compound-group", "custom", "WhatsApp-Gruppennachrichten nur, wenn ich erwähnt werde.", True,
  P(chat("Jo", "+49 170 0000001", "@du?", group=True, chat_name="Team", mentions=("me",)), N),
  P(chat("Jo", "+49 170 0000001", "Hallo", group=True, chat_name="Team"), S))
b("T7", "herrn", "always", "Alles von unserem Steuerberater Herrn Albrecht.", True,
  P(email("Thomas Albrecht", "t.albrecht@stb.example", "Bilanz", "x"), N), P(other_email(), None))
b("T7", "ausdruecklich", "custom", "WhatsApp-Gruppen: nur wenn mich jemand ausdrücklich mit @ erwähnt", True,
  P(chat("Jo", "+43 660 000 0001", "@du?", group=True, chat_name="Backstube", mentions=("me",)), N),
  P(chat("Jo", "+43 660 000 0001", "Hallo", group=True, chat_name="Backstube"), S))
b("T10", "catch-all-two-noes", "custom", "Was hier nicht geregelt ist, brauche ich nicht sofort – dafür keine "
  "Benachrichtigung.", True, P(other_email(), S), catch_all=True)
b("T7", "mag-title", "always", "E-Mails von Mag. Lena Huber, meiner Kanzleipartnerin", True,
  P(email("Lena Huber", "l.huber@kanzlei.example", "Bilanz", "x"), N), P(other_email(), None))
b("T7", "losgeht", "always", "Wenn ein Termin in der nächsten Stunde losgeht, sag Bescheid.", True,
  P(event("Termin", start_in=minutes(40)), N), P(event("Termin", start_in=hours(5)), None))
b.no("T7", "nominal-adjective", "never", "Am Wochenende nichts Berufliches")
b("T7", "dotted-name", "custom", "E-Mails zur Förderung KMU.DIGITAL (unser Antrag KD-2027-0815) immer melden, egal "
  "wer sie schickt.", True,
  P(email("WKO Förderservice", "foerderung@wko.example", "Antrag KD-2027-0815: Rückfrage", "x"), N),
  P(email("DIGITAL Shop", "shop@digital.example", "Angebote", "x"), None, "no sender 'DIGITAL'"))
b("T7", "changes-to", "always", "Änderungen an Terminen", True,
  P(event("Kundentermin", created_ago=days(5), modified_ago=hours(1)), N), P(event("Kundentermin"), None))
b("T7", "sender-or-subject", "always", "E-Mails vom Finanzamt oder mit „Steuerbescheid“ im Betreff.", True,
  P(email("Finanzamt München", "poststelle@finanzamt.example", "Schreiben", "x"), N),
  P(email("Steuerkanzlei Roth", "info@roth.example", "Ihr Steuerbescheid 2025", "x"), N), P(other_email(), None))
b("T7", "name-noun-compound", "never", "XING- und LinkedIn-Mails.", True,
  P(social("linkedin"), S), P(social("xing"), S), P(other_email(), None))
b.no("T7", "plural-noun-no-name", "never", "Werbung von DATEV-Partnern und Webinar-Einladungen, außer von der "
     "Steuerberaterkammer.")
b("T11", "erst-danach", "custom", "Ruhezeiten: zwischen 21 und 7 Uhr nichts melden, sondern erst danach", True,
  P(other_email(), H, "nachts", at="2026-03-11 23:00", until="2026-03-12 07:00"), P(other_email(), None))
b("T7", "auch-im-aside", "custom", "WhatsApp-Gruppen (auch „Familie Petersen“): nur, wenn ich mit @ erwähnt werde", True,
  P(chat("Oma", "+49 151 1111111", "@du Essen?", group=True, chat_name="Familie Petersen", mentions=("me",)), N),
  P(chat("Oma", "+49 151 1111111", "Essen?", group=True, chat_name="Familie Petersen"), S))
b("T7", "emphasis-narrows-nothing", "always", "Alles von meinem Vermieter Herrn Kluge, vor allem wenn es um die Heizung geht",
  True,
  P(email("Bernd Kluge", "b.kluge@web.example", "Treppenhaus", "x"), N, "keine Bedingung"),
  P(other_email(), None))
b("T7", "description-after-number", "always", "Nachrichten von +49 170 5550123 (Pflegedienst meiner Mutter)", True,
  P(chat("+49 170 5550123", "+49 170 5550123", "Bitte zurückrufen"), N),
  P(other_chat(), None))
b("T11", "rest-released-at", "custom", "Am Wochenende nichts von @kanzlei-berg.de – der Rest reicht mir Montag um 9", True,
  P(email("Kanzlei Berg", "info@kanzlei-berg.de", "Frist", "x"), H, "Samstag", at="2026-03-14 11:00",
    until="2026-03-16 09:00"),
  P(other_email(), None, "ein anderer Absender", at="2026-03-14 11:00"))
b("T7", "amount-or-more", "custom", "Rechnungen: nur wenn der Betrag 500 € oder mehr ist", True,
  P(email("Druckerei Wolf", "buchhaltung@wolf.example", "Rechnung R-77", "Rechnungsbetrag: 500,00 €"), N, "genau 500"),
  P(email("Druckerei Wolf", "buchhaltung@wolf.example", "Rechnung R-78", "Rechnungsbetrag: 80,00 €"), S, "darunter"))
b("T7", "only-in-cc-wo", "never", "Mails wo ich nur in CC bin", True,
  P(cc_only("Eva Roth", "eva@roth.example", "Protokoll"), S),
  P(email("Eva Roth", "eva@roth.example", "Frage", "x"), None, "im An-Feld"))
b.no("T7", "compound-noun-no-name", "never", "Werbung von Futtermittelherstellern und Pharmavertretern")
b("T7", "whether-channel-with-address", "always",
  "Nachrichten von Prof. Albrecht, egal ob Mail (albrecht@uni-kellstadt.example) oder WhatsApp", True,
  P(email("Sekretariat", "albrecht@uni-kellstadt.example", "Termin", "x"), N, "seine Adresse"),
  P(chat("Prof. Albrecht", "+49 170 1112223", "Kurze Frage"), N, "WhatsApp"),
  P(other_email(), None))
b("T7", "gendered-label-then-people", "always", "Meine Patient:innen Herbert Pichler und Ingrid Wallner", True,
  P(email("Herbert Pichler", "h.pichler@gmx.example", "Termin", "x"), N),
  P(email("Herbert Pichl", "hp@firma.example", "Angebot", "x"), None, "ähnlicher Name"))
b("T7", "family-word-then-name", "always", "Mein Mann Thomas", True,
  P(chat("Thomas", "+43 664 1112223", "Bin da"), N), P(other_chat(), None))
b("T11", "number-to-clock-range", "custom", "Ruhezeit 20–7 Uhr: nichts melden, das hat bis 7 Uhr Zeit", True,
  P(other_email(), H, "abends", at="2026-03-11 21:00", until="2026-03-12 07:00"),
  P(other_email(), None, "tagsüber"))
b("T7", "noun-with-domain", "always", "Mails von Mandanten mit @hofbauer-gmbh.example", True,
  P(email("K. Hofbauer", "k.hofbauer@hofbauer-gmbh.example", "Vertrag", "x"), N),
  P(email("Hofbauer Reisen", "info@hofbauer-reisen.example", "Angebot", "x"), None, "andere Domain"))
b("T11", "slip-in-a-noun", "custom", "Zwischen 22 und 7 Uhr keine Benachrichtgungen, außer von meiner Frau Lena", True,
  P(other_email(), H, "nachts", at="2026-03-11 23:00", until="2026-03-12 07:00"),
  P(chat("Lena", "+49 170 999 8887", "Schläfst du?"), N, "Lena nachts", at="2026-03-11 23:00"))

# --- found by sealed probes, session of 2026-12-01 -------------------------------------------------------------
b("T7", "group-name-with-role-word", "never", "Die Gruppe Kita Sonnenblume", True,
  P(chat("Frau Berg", "+49 170 000 1212", "Morgen Ausflug", group=True, chat_name="Kita Sonnenblume"), S),
  P(chat("Sonnenblume Apotheke", "+49 170 000 1313", "Ihre Bestellung"), None, "keine Gruppe"))
b("T7", "of-any-kind", "never", "Newsletter jeder Art", True,
  P(newsletter("Gartenwelt", "gartenwelt.example"), S), P(other_email(), None))
b("T7", "amount-smaller-not", "custom", "Rechnungen über 2.000 € sofort melden, kleinere nicht", True,
  P(email("Holz Maier", "rechnung@holzmaier.example", "Rechnung 88", "Betrag: 2.400,00 €"), N),
  P(email("Holz Maier", "rechnung@holzmaier.example", "Rechnung 89", "Betrag: 300,00 €"), S))
b("T11", "weekend-only-one-person", "custom", "Am Wochenende nur Nachrichten von Jonas", True,
  P(chat("Jonas", "+49 171 000 1414", "Kino?"), N, "Samstag", at="2026-03-14 11:00"),
  P(other_chat(), H, "Samstag, jemand anders", at="2026-03-14 11:00"),
  P(other_chat(), None, "Mittwoch"))
b("T7", "directly-mentioned", "custom", "Gruppe 'Elternbeirat 3b' nur, wenn ich direkt erwähnt werde", True,
  P(chat("Sabine", "+49 170 000 1515", "@Lucía Protokoll?", group=True, chat_name="Elternbeirat 3b",
         mentions=("me",)), N),
  P(chat("Sabine", "+49 170 000 1515", "Protokoll ist da", group=True, chat_name="Elternbeirat 3b"), S))
b.no("T11", "mail-to-an-address", "custom",
     "Am Wochenende Mails an praxis@zahnarzt-hoffmann.example bis Montag 7:30 Uhr zurückhalten")
b("T7", "group-chat-aus-dem", "never", "Alles aus dem Gruppenchat 'Kegelclub Alle Neune'", True,
  P(chat("Horst", "+49 170 000 1616", "Freitag?", group=True, chat_name="Kegelclub Alle Neune"), S),
  P(other_chat(), None))
b("T7", "replies-to-mine-grammar", "always", "Antworten auf Mails, die ich verschickt habe", True,
  P(in_my_thread(email("Uwe Kern", "uwe@kern.example", "AW: Angebot", "x")), N),
  P(email("Uwe Kern", "uwe@kern.example", "Angebot", "x"), None))
b("T11", "only-in-the-morning-unless", "custom",
  "Zwischen 22 und 7 Uhr nichts anzeigen, erst morgens – außer es kommt von Oma Hilde", True,
  P(other_email(), H, "nachts", at="2026-03-11 23:00", until="2026-03-12 07:00"),
  P(chat("Oma Hilde", "+49 170 000 1717", "Gute Nacht"), N, "Oma nachts", at="2026-03-11 23:00"))
b("T11", "short-weekday-list", "custom", "Sa + So nix vor 10 Uhr, alles bis 10 aufheben", True,
  P(other_email(), H, "Samstag früh", at="2026-03-14 08:00", until="2026-03-14 10:00"),
  P(other_email(), None, "Mittwoch früh: die Tage gelten", at="2026-03-11 08:00"))
b.no("T9", "short-weekday-alone-unsure", "custom", "So nichts vor 10 Uhr")
b("T7", "subject-before-word", "custom",
  "Mails von meinem Steuerberater Herrn Albrecht nur, wenn im Betreff „Frist“ steht", True,
  P(email("Herrn Albrecht", "albrecht@stb.example", "Frist 31.3.", "x"), N),
  P(email("Herrn Albrecht", "albrecht@stb.example", "Unterlagen", "Frist im Text"), S, "nur im Text"))
b("T7", "group-compound-we-mentioned", "custom",
  "Nachbarschaftsgruppe „Hoheluft Nachbarn“: stumm, außer wir werden mit @ erwähnt", True,
  P(chat("Frau Ohm", "+49 170 000 2424", "Sperrmüll morgen", group=True, chat_name="Hoheluft Nachbarn"), S),
  P(chat("Frau Ohm", "+49 170 000 2424", "@Lucía Paket?", group=True, chat_name="Hoheluft Nachbarn",
         mentions=("me",)), N, "erwähnt"))
b("T11", "night-hours-in-brackets", "custom", "Nachts (22–7 Uhr) gar nichts melden, bis zum Morgen aufheben", True,
  P(other_email(), H, "nachts", at="2026-03-11 23:00", until="2026-03-12 07:00"), P(other_email(), None, "tagsüber"))
b("T7", "not-even-from", "never", "Newsletter & Werbung – nie. Auch nicht von Zalando", True,
  P(promo("Zalando", "zalando.example"), S), P(newsletter("Gartenwelt", "gartenwelt.example"), S), P(other_email(), None))
b("T7", "noun-then-reference-not-a-name", "custom", "Zu Bestellung 4471-AX von Hoffmann GmbH bitte sofort Bescheid", False,
  P(email("Hoffmann GmbH", "vertrieb@hoffmann.example", "Bestellung 4471-AX versandt", "x"), N),
  P(email("Hoffmann GmbH", "vertrieb@hoffmann.example", "Bestellung 5100-BX", "x"), None, "andere Bestellung"))
b("T7", "with-address-as-sender", "always", "Alles mit @kessler-bau.example als Absender", True,
  P(email("Kessler Bau", "buero@kessler-bau.example", "Angebot", "x"), N), P(other_email(), None))
b("T7", "even-in-the-evening", "always", "Nachrichten von Lena Voss, auch abends", True,
  P(chat("Lena Voss", "+49 170 000 2626", "Hallo"), N, "abends", at="2026-03-11 21:00"), P(other_chat(), None))
b("T7", "someone-enters-for-tomorrow", "always", "Neue Termine, die jemand für morgen einträgt", True,
  P(event("Besprechung", start_in=hours(24), created_ago=hours(1)), N), P(event("Besprechung", start_in=hours(24)), None))
b.no("T7", "only-then-always-another", "custom", "Gruppennachrichten nur, wenn ich erwähnt werde, Einzelchats immer")
b("T7", "also-from-after-muted-kinds", "never", "Werbung und Newsletter, auch von Zalando und MediaMarkt", True,
  P(promo("Zalando", "zalando.example"), S),
  P(email("Zalando", "service@zalando.example", "Ihre Bestellung ist unterwegs", "x"), None,
    "eine Versandmitteilung: keine Werbung, die Regel sagt nichts"),
  P(newsletter("Gartenwelt", "gartenwelt.example"), S))
