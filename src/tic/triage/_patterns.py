"""The regular expressions the rule compiler reads rule wording with (T7).

Kept apart from `_compile` so the compiler stays readable: directive words,
channel words, slot openers and closers, timing, recurrence and the kinds of
mail a rule can name.
"""

from __future__ import annotations

import re

_QUOTE = re.compile(r'"([^"]{1,80})"|“([^”]{1,80})”|«([^»]{1,80})»|„([^“”]{1,80})[“”]|‘([^’]{1,80})’|'
                    r"(?<![\w'])'([^'\n]{1,80}?)'(?![\w])")  # 'invoice' quoted with apostrophes, not "it's"
_PH = re.compile(r"§(\d+)§")
DIRECTIVE_NEG = re.compile(
    r"\b(never|don'?t|do not|stop|no need|not interested|mute[sd]?|silence|ignore|skip|drop|stay quiet|keep quiet|"
    r"be quiet|hide|suppress|block|no notifications?|filter out|leave out|not worth)\b", re.IGNORECASE)
DIRECTIVE_POS = re.compile(
    r"\b(always|notify|tell me|let me know|alert|ping me|i want to (see|know|hear)|show me|surface|wake me|"
    r"remind me|make sure i see|flag|want to hear|important)\b", re.IGNORECASE)
_EMAIL = re.compile(r"\b(e-?mails?|mails?|inbox|newsletters?|mailing lists?)\b")
_CHAT = re.compile(r"\b(whats ?app|chats?|group chats?|sms|dms?|texts|text messages?|signal|telegram)\b")
# Kinds of meeting a rule can name ("reminders for daily stand-ups"): calendar words that say which
# items, so a rule naming only one of them is not read as "every calendar item".
MEETING_TYPES = re.compile(r"\b(stand-?ups?|standups?|syncs?|huddles?|check-ins?|scrums?|1:1s|one-on-ones?|"
                           r"retros?|retrospectives?|catch-ups?)\b", re.IGNORECASE)
_CAL = re.compile(r"\b(calendars?|meetings?|events?|invites?|invitations?|appointments?|entries|"
                  r"stand-?ups?|standups?|syncs?|huddles?|check-ins?|scrums?|1:1s|one-on-ones?|retros?|retrospectives?|"
                  r"catch-ups?)\b")
_MSG = re.compile(r"\bmessages?\b")
_GROUP = re.compile(r"\bgroups?\b")
_DIRECT = re.compile(r"\b(direct|private|personal|individual|one-to-one|1:1)\s+(messages?|chats?)\b|\bdms?\b")
_MENTION = re.compile(
    r"@-?\s?mention|\bmentions? me\b|\b(says?|said|uses?|writes?|types?|mentions?|drops?) my name\b|"
    r"\bmy name (comes? up|appears?|shows? up|is (said|used|written|called))\b|\b(names?|calls? out) me\b|\b(my name|me) (is |gets |get )?(explicitly |directly )?(@-?)?(mentioned|tagged)\b|\b(i am|i'm|am i|i get|i'm being|i am being|i was|me being)\s+"
    r"(explicitly |directly |specifically |personally )?(@-?)?(mentioned|tagged)\b|\btag(s|ged)? me\b|@me\b")
_ANY_SENDER = re.compile(r"\b(regardless of (the )?sender|no matter who|whoever sends?|egal who|from any(one|body)"
                         r"(?!\s+(at|from|of|in|with)\b)|any sender)\b")
_FROM = re.compile(r"\b(from|sent by|written by|organi[sz]ed by)\s+")
_TOPIC = re.compile(
    r"\b(about|regarding|concerning|re:|related to|relating to|mentioning|that mentions?|which mentions?|"
    r"mentions?|on the topic of|on the subject of|with the subject|containing|contains?)\s+")
_SLOT_END = re.compile(
    r"[;:!?]|,|\.(\s|$)|\s[-–—]\s|\b(always|regardless|no matter|whoever|even|if|unless|when|then|i want|tell me|"
    r"notify|please|except|but|only|from|sent by|comes? up|is mentioned|appears?)\b")
_FROM_END = re.compile(
    r"[;:!?]|\.(\s|$)|\s[-–—]\s|\b(about|regarding|concerning|if|unless|when|only|always|that|which|who|"
    r"mentioning|except|but|even|regardless|no matter|whoever|on whats ?app|on my calendar|in the|to me)\b")
_ORG = re.compile(r"\b(anyone|anybody|everyone|everybody|someone|people|staff|colleagues|folks|employees|team|"
                  r"somebody|members?)\s+(at|from|of)\s+(.+)", re.IGNORECASE)
_WITHIN = re.compile(
    r"\b(within|in the next|next|in less than|less than|under|in under|in)\s+(\d+(?:\.\d+)?|an?|one|two|three|four|"
    r"five|six|seven|eight|nine|ten|twelve|fifteen|twenty|thirty|forty-five|twenty-four|forty-eight|half an)\s*"
    r"(hours?|hrs?|h|minutes?|mins?|days?)\b")
_RECUR = re.compile(r"\b(recurr\w*|repeat\w*|every (day|week|month|weekday|monday|tuesday|wednesday|thursday|"
                    r"friday|saturday|sunday)|weekly|daily|monthly|series)\b")
_CATEGORIES = {
    "newsletter": re.compile(r"\b(newsletters?|bulletins?|subscriptions?)\b"),
    "marketing": re.compile(r"\b(marketing|promo(s|tions?|tional)?|adverts?|advertising|ads|offers|deals|"
                            r"sales (e-?mails?|mails?|pitches|outreach)|cold (e-?mails?|outreach))\b"),
    "digest": re.compile(r"\b(digests?|summar(y|ies)|reports?|recaps?|round-?ups?)\b"),
    "automated": re.compile(r"\b(automated|automatic|auto-generated|no-?reply|robot|machine-generated)\b"),
    "social": re.compile(r"\bsocial[- ](media|networks?)\b"),
    "spam": re.compile(r"\b(spam|phishing|scams?)\b"),
    "transactional": re.compile(r"\b((order|shipping|delivery|shipment) (confirmations?|updates?|notifications?)|receipts?)\b"),
    "list": re.compile(r"\b(mailing lists?|google groups)\b"),
    "autoreply": re.compile(r"\b(auto(matic|mated)?[- ]?(replies|reply|responses?|responders?)|out[- ]of[- ]office|"
                            r"ooo|vacation (replies|reply|responders?|messages?)|away messages?)\b"),
}


# Qualifiers about the time of day or week: the local decider has no clock rule for them, so a rule
# carrying one must be reported as needing a model rather than applied without it.
_TIME_QUALIFIER = re.compile(
    r"\b(?:on|at|during|over|in|outside(?: of)?|after|before)\s+(?:the\s+|my\s+)?"
    r"(?:week-?ends?|week-?days?|nights?|evenings?|mornings?|afternoons?|lunch(?:time)?|bedtime|holidays?|vacations?|"
    r"(?:work(?:ing)?|office|business)\s+hours|\d{1,2}(?::\d{2})?\s*(?:am|pm)?\b)",
    re.IGNORECASE,
)


# A chat by its name: 'in the group "Famiglia"', 'The "Kim family" group', 'the Famiglia chat', 'my family group'.
_CHAT_NAME = re.compile(
    r"\b(?:in|to|from the (?:group|chat)|group(?: chat)?|chat) (?:the\s+)?(?:group\s+|chat\s+)?§(\d+)§|"
    r"(?:\b(?:the|my|our|in|to)\s+)?§(\d+)§\s+(?:[Ww]hats ?[Aa]pp\s+)?(?:group|chat)\b|"
    r"\bthe\s+((?!(?:[Ww]hats[Aa]pp|Signal|Telegram)\b)[A-Z][\w'’]*(?:\s+(?!(?:[Ww]hats[Aa]pp|Signal|Telegram)\b)[A-Z][\w'’]*)*)"
    r"\s+(?:(?:[Ww]hats ?[Aa]pp|Signal|Telegram)\s+)?(?:group|chat)\b|"
    r"\b(?:[Mm]y|[Oo]ur)\s+([a-z][\w'’-]+)\s+(?:[Ww]hats ?[Aa]pp\s+)?(?:group|chat)\b")


_IN_SUBJECT = re.compile(
    r"(?:§(\d+)§|\bwith\s+(?:the\s+(?:word|phrase)\s+)?([a-z][\w\-]*(?:\s+[a-z][\w\-]*){0,2}))\s+in\s+(?:the|its|their)\s+"
    r"subject(?:\s+line)?\b|\bsubject(?:\s+line)?\s+(?:that\s+)?(?:contains?|containing|mentions?|mentioning|includes?|"
    r"including|has|with|says)\s+(?:the\s+(?:word|phrase)\s+)?§(\d+)§", re.IGNORECASE)


# "Meetings with Ana Ruiz": a calendar slot that names organiser or attendees.
_WITH = re.compile(r"\b(meetings?|events?|calls?|appointments?|invites?|invitations?|1:1s?|one-on-ones?|syncs?|"
                   r"lunch(?:es)?|dinners?|coffees?|catch-ups?|sessions?|anything)\s+with\s+", re.I)
# Things a rule can ask about that no event field tells the local decider.
UNKNOWABLE = (
    (re.compile(r"\b(in\s+(the\s+)?b?cc|b?cc'?d|on\s+b?cc|copied\s+(in|on)|cc\s+line)\b", re.I),
     "whether the user is in CC is not known locally"),
    (re.compile(r"\b(replies?|respond(s|ed)?|answers?) to me\b", re.I),
     "whether a message replies to the user is not known locally"),
    (re.compile(r"\bI (created|made|added|organi[sz]ed|scheduled|booked|set up|sent)\b|\b(by|from) me\b|\bmyself\b", re.I),
     "whether the user made the item themselves is not known locally"),
    (re.compile(r"\b(over|above|more than|greater than|at least|exceeding|under|below|less than)\s+[$€£¥]?\s?\d", re.I),
     "comparing an amount is not understood locally"),
    (re.compile(r"\b(for|on|from|about)\s+(tomorrow|tonight|next week|this week(end)?|next month)\b", re.I),
     "a particular day or week is not understood locally"),
)
