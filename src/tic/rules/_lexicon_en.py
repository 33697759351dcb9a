"""English phrases of the rule lexicon beyond the core table in `_lexicon` (T7): same classes, same folding."""

from __future__ import annotations

from typing import Callable

E, W, C = ("email",), ("whatsapp",), ("calendar",)
EW = ("email", "whatsapp")


def register(add: Callable[..., None]) -> None:
    add("negv", "fail to|fails to|forget to|forgets to|neglect to|stop|stop to")  # "never fail to alert me"
    add("f", "need to|needs to|i need to")
    add("ident", "domain|the domain|number|the number|phone number|the phone number|address|the address|"
                 "email address|e-mail address|whose address|whose domain|sender address|sender|the sender|"
                 "sender's address|addresses ending in|address ending in|address ends in|addresses end in")
    add("f", "ends in|end in|ending in|ends with|end with|ending with")
    add("unsaved", "numbers that aren't in my contacts|numbers that are not in my contacts|"
                   "numbers i have not saved")
    add("f", "other")
    add("whether", "whether|whether it's|be it")
    add("subjv", "whose subject has|whose subject contains|whose subject includes|whose subject mentions|"
                 "whose subject line has|whose subject line contains|whose title has|whose title contains|"
                 "the subject line says|the subject says|subject line says|subject says|the subject contains|"
                 "subject contains|the subject line contains|subject line contains|the subject mentions|"
                 "subject mentions|the subject has|subject has|the subject includes|subject includes|"
                 "the subject line has|the title says|the subject reads|the subject line reads")
    add("neg", "quiet hours|quiet time|do not disturb|do-not-disturb")  # "Quiet hours from 11pm to 8am": no alerts then
    add("keep", "keep it for later|keep them for later|keep them for me|keep it for me|save them for me|"
                "save it for me|save them for later|hold them|hold them for me|hold it for me|queue them|"
                "anything pending|whatever is pending|whatever comes in|whatever arrives")
    add("v+", "show them to me|show it to me|show me everything|show them")
    add("notice", "alarm|alarms")
    add("emph", "i know them by heart|i know those by heart|i know it by heart")
    add("created", "has been added|have been added|that have been added|that has been added|got added")
    add("concfull", "whoever writes|whoever writes it|whoever writes them|whoever emails|whoever it is from|"
                    "no matter who writes|no matter who writes it|no matter who emails")
    add("cat", "sent automatically|sent automatically by a system|anything sent automatically by a system|"
               "anything sent automatically|automatically sent|sent by a system|sent by the system|sent by a machine|"
               "system-generated|system generated", "automated")
    add("v+", "need reminders|need a reminder|need reminding|need notifications|need a notification|"
              "need to be notified|worth a notification|worth notifying|worth a ping|worth an alert")
    add("v-", "|".join(f"{neg} {what}" for neg in ("aren't worth", "isn't worth", "are not worth", "is not worth",
                                                   "not worth", "never worth")
                       for what in ("a notification", "notifying", "a ping", "an alert", "it", "bothering me")))
    add("from", "come from|comes from|coming from|came from|they come from|it comes from")
    add("f", "they've been|they have been|it's been|it has been|they were|it was|they get|it gets")
    add("concfull", "no matter what|no matter what happens|whatever happens|come what may")
    add("f", "the same goes for|same goes for|the same applies to|same applies to|the same for|same for")
    add("f", "that comes in|comes in|that come in|that arrives|that arrive|arriving")
    add("cat", "discount offers|discounts|special offers|deals|sales|sale emails", "marketing")
    add("f", "to another time|to another day|to a different time|to a different day|to another date|to a new time")
    add("v+", "let that through|let them through|let it through|let those through|let through|deliver it|"
              "deliver them|deliver")
    add("v-", "should stay silent|stay silent|stays silent|keep silent|keep quiet|stay quiet|should stay quiet")
    add("emph", "full stop|period|are already part of my routine|is already part of my routine|"
                "already part of my routine")
    add("cat", "anything a machine sends automatically|anything a machine sends|a machine sends automatically|"
               "a machine sends|machine-sent|sends automatically", "automated")
    add("about", "concerns|concern|that concerns|that concern")
    add("f", "that's|that is|to a different time or day|to another time or day|to a different day or time")
    add("group", "messages me directly|texts me directly|writes to me directly|writes me directly|message me directly|"
                 "messages me privately|texts me privately", False)  # not "@-mentions me directly" (in a group)
    add("starts", "happen|that happen")
    add("emph", "i know my own routine|i know my routine|i know my own schedule|i know my schedule|"
                "i know when they are|i know they're there|i know they are there|i know about them")
    add("keep", "save it for the morning|save them for the morning|save it for morning|save it till the morning|"
                "save it until the morning")
    add("about", "quoting|that quotes|quotes|citing|that cites")
    add("changed", "pushed|pushed back|gets pushed|is pushed|is pushed back|postponed|gets postponed|is postponed")
    add("f", "to a different day or time|to another day or time")
    add("kind", "session|sessions", C)
    add("emph", "can't wait|cannot wait|those can't wait|that can't wait")
    add("cat", "no-reply addresses|noreply addresses|no-reply senders|noreply senders|no-reply emails|noreply emails|"
               "do-not-reply addresses", "automated")
    add("cat", "out of office replies|out-of-office replies|out of office|out-of-office|ooo replies|ooo", "autoreply")
    add("f", "of any kind|of all kinds|of every kind|of any sort|of all sorts|of any type|of all types|whatever kind|whatever they are")  # "newsletters of any kind": says no more than "newsletters"
    add("keep", "keep|keep everything|keep it|keep them|keep all")  # "between 10pm and 7am, keep everything"
    add("v+", "keep me posted|keep me updated|keep me informed|keep me in the loop|keep me up to date")
