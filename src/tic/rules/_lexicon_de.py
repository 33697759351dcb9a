"""German phrases of the rule lexicon beyond the core table in `_lexicon` (T7): same classes, same folding."""

from __future__ import annotations

from typing import Callable

E, W, C = ("email",), ("whatsapp",), ("calendar",)
EW = ("email", "whatsapp")


def register(add: Callable[..., None]) -> None:
    add("from", "vom|von der|von den|vom der")
    add("v-", "verpassen|verpasse|versaumen")
    add("f", "will|mochte|mochten|brauche ich|wurde|wurden")
    add("msgverb", "schreibt|schreiben|mir schreibt|mir schreiben", EW)
    add("except", "aber kein|aber keine|aber keinen|aber nicht|jedoch kein|jedoch keine|jedoch nicht")
    add("ident", "absender|absender mit|absenderadresse|adresse|die adresse|e-mail-adresse|mailadresse|domain|"
                 "die domain|nummer|die nummer|telefonnummer|handynummer|rufnummer|kontakt|der kontakt")
    add("f", "endet|enden|endet auf|enden auf|auf|lautet")
    add("unsaved", "nummern , die nicht in meinen kontakten sind|nummern die nicht in meinen kontakten sind|"
                   "nummern , die nicht in meinen kontakten gespeichert sind|nummern , die ich nicht gespeichert habe|"
                   "nicht gespeicherte nummern|nicht gespeicherten nummern")
    add("aboutv", "erwahnen|erwahnt|betreffen|betrifft|nennen|nennt|enthalten|enthalt")
    add("f", "jemand|irgendjemand|irgendwer|man|denen|derer")
    add("group", "gruppennachricht|gruppennachrichten|gruppenchat-nachrichten", True)
    add("group", "einzelchat|einzelchats|einzelnachrichten|einzelgesprache", False)
    add("mention", "mich jemand markiert|mich jemand erwahnt|mich jemand mit @ markiert|mich jemand mit @ erwahnt|"
                   "mich markiert|mich erwahnt")
    add("whether", "ob|egal ob")
    add("keep", "warten|soll warten|sollen warten|konnen warten|durfen warten|warten lassen")
    add("f", "fur")
    add("about", "was von|etwas von|was uber|etwas uber|irgendwas von|irgendwas uber")  # "… schreiben was von Paket"
    add("rest", "keine der obigen regeln|keine der regeln oben|keine regel|keine der regeln|keine dieser regeln|"
                "keine von diesen regeln|keine der regeln da oben")
    add("f", "zutrifft|zutreffen|greift|passt")
    add("subjv", "der betreff enthalt|betreff enthalt|der betreff lautet|im betreff steht|im betreff stehen|"
                 "der betreff nennt")
    add("neg", "ruhezeit|ruhezeiten|nachtruhe|nicht storen")
    add("v+", "sehen|will ich sehen|mochte ich sehen|will ich immer sehen|mochte ich immer sehen")
    add("concfull", "ganz gleich , von wem sie kommen|ganz gleich von wem sie kommen|ganz gleich , von wem|"
                    "ganz gleich von wem|egal , von wem sie kommen|egal von wem sie kommen|ganz gleich , wer sie schickt|"
                    "ganz gleich wer sie schickt|egal , wer sie schickt|unabhangig vom absender|egal , von wem|"
                    "ganz egal , von wem sie kommen|ganz egal von wem")
    add("keep", "heb sie auf|heb es auf|heb sie mir auf|heb es mir auf|sammle sie|was ankommt|was reinkommt|"
                "was anfallt|alles , was ankommt")
    add("v+", "zeig sie mir|zeig es mir|zeigst sie mir|zeigst du mir|wecken|mich wecken|aufwecken")
    add("f", "durfen|darf|konnen|kann")
    add("neg", "nichts")
    add("notice", "alarm|alarme|alarmen|alarmmeldung|alarmmeldungen|meldung|meldungen")
    add("my", "unser|unsere|unseren|unserem|unserer|unseres")
    add("v+", "durchstellen|stell durch|stelle durch|durchlassen|lass durch")
    add("v+", "interessieren mich|interessiert mich|haben|mitbekommen|erfahren|wissen")
    add("f", "uberhaupt|gar|dann|dafur|sich|verschickte|verschickten|versandte|versandten|gesendete")
    add("recur", "wiederholen|wiederholt|sich wiederholen|sich wiederholt|wiederholende|wiederholenden")
    add("emph", "kenne ich auswendig|die kenne ich auswendig|kenne ich|weiss ich")
    add("msgverb", "schickt|schicken|sendet|senden", EW)
    add("cat", "automatisch verschickte|automatisch versandte|automatisch verschickten|automatische|automatisch", "automated")
    add("cat", "berichte|bericht|reports", "digest")
    add("created", "eingetragen wurde|eingetragen wurden|hinzugefugt wurde|hinzugefugt wurden|angelegt wurde|"
                   "angelegt wurden|erstellt wurde|erstellt wurden")
    add("v+", "erinnere mich|erinner mich|erinnern sie mich|erinnere mich bitte")
    add("v+", "durchkommen|sollen immer durchkommen|soll immer durchkommen|durchgelassen werden|durchlassen")
    add("f", "wird|dasselbe gilt fur|das gleiche gilt fur|gleiches gilt fur")
    add("concfull", "egal was|egal was passiert")
    add("neg", "will ich meine ruhe|ich will meine ruhe")  # "Zwischen 22 und 7 Uhr will ich meine Ruhe": quiet hours
    add("keep", "hebst|hebst du|hebst du auf|hebst sie auf")  # "… hebst du bis 7:00 Uhr auf": keep them till then
    add("keep", "sondern erst danach|erst danach|sondern erst hinterher|erst hinterher|sondern erst nachher|erst nachher")  # "zwischen 21 und 7 Uhr nichts melden, sondern erst danach": held till then
    add("neg", "ruhe|bitte ruhe")  # "Zwischen 22 und 7 Uhr Ruhe": quiet hours, the label of a hold
    add("v+", "interessieren|interessiert")
    add("group", "whatsapp-gruppennachrichten|gruppennachrichten|gruppen-nachrichten", True)
    add("keep", "das hat zeit|hat zeit|das kann warten")
    add("cat", "automatisch erzeugte|automatisch erzeugten|automatisch generierte|automatisch generierten", "automated")
    add("rest", "was hier nicht geregelt ist|was nicht geregelt ist|was hier nicht steht|alles, was hier nicht steht")
    add("changed", "verschobene|verschobenen")
    add("f", "genauso|ebenso")
    add("v+", "sag bescheid|sagt bescheid|sagen sie bescheid")
    add("starts", "losgeht|losgehen|los geht")
    add("f", "jeder art|aller art|jeglicher art|jeder sorte|aller sorten|jeder couleur")  # "newsletters of any kind": says no more than "newsletters"
    add("group", "direktnachrichten|direktnachricht|direktchats|direktchat|private chats|privatchats", False)
    add("f", "aus dem|aus der|aus den")  # "Alles aus dem Gruppenchat 'Kegelclub'": in it
    add("kind", "termineinladungen|termineinladung|kalendereinladungen|kalendereinladung|besprechungseinladungen", C)
    add("keep", "erst morgens|erst am morgen|erst am nachsten morgen|erst morgen fruh|erst fruh")  # "…, erst morgens"
    add("v+", "anzeigen|angezeigt|zeigen|zeig mir|anzeigen lassen")  # "nichts anzeigen": show nothing
    add("from", "es kommt von|es kommt vom|es kommt von der|kommt von|kommt vom|kommt von der|kommen von|kommen vom|"
                "sie kommen von|sie kommt von|er kommt von|stammt von|stammen von")
    add("f", "kommen|kommt")  # "…, wenn sie von der Hausverwaltung kommen": the verb of "von", at the end
    add("v+", "zustellen|zugestellt|weiterleiten|weitergeben")  # "Am Wochenende nichts zustellen"
    add("mention", "wir werden mit @ erwahnt|wir mit @ erwahnt werden|wir erwahnt werden|wir werden erwahnt|"
                   "uns jemand erwahnt|uns jemand mit @ erwahnt|uns erwahnt")
    add("f", "reinkommt|reinkommen|eingeht|eingehen")  # "Wenn eine Rechnung über 1.000 € reinkommt"
    add("created", "eintragt|eintragen|einträgt|neu eintragt")  # "Neue Termine, die jemand für morgen einträgt"
