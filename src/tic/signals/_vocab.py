"""Word lists the rule compiler uses to tell rule vocabulary from names and topics.

A capitalised word that is in STOP or VOCAB is not a name ("Calendar reminders
...", "Group chats on WhatsApp ..."); a topic's key terms exclude STOP, VOCAB and
GENERIC words ("the Hollis legal matter" -> Hollis).
"""

from __future__ import annotations

import re

__all__ = ["STOP", "VOCAB", "GENERIC", "STREET", "RELATION", "HONORIFICS", "CONNECTORS", "NUMBERS", "is_plain_word"]

STOP = set(
    """a an the any all anything everything something nothing anyone anybody someone somebody everyone everybody
    nobody whoever whatever i i'm i've i'd me my mine myself we us our you your he him his she she's her hers
    they them their theirs it it's its this that these those there here what which who whom whose when where why
    how if unless only also too very really just even still please and or but nor so then than as at by for from
    in into of on onto to with within without about over under after before between during until up down out off
    is are was were be been being am do does did don't doesn't can can't could would should will won't must may
    might shall have has had having get gets got getting let lets make makes sure no not none never always ever
    some few many much more most other others another each every both either neither own same such one ones
    de del al la el los las lo un una unos unas y o con sin para por que en do da dos das no na nos nas um uma e ou
    com pelo pela pelos pelas du des le les une et aux au sur pour avec dans der die das dem den des ein eine einen
    einem einer und oder mit von vom zum zur beim im am
    regardless matter whoever sends sent send sender who's either way style kind type sort like e.g i.e etc
    something's that's what's it'll they're we're you're isn't aren't wasn't unless except though although
    because since while via per new old today tonight tomorrow yesterday now soon later entirely completely
    directly explicitly directly personally especially particularly usually generally mostly thing things stuff
    lot lots bit part one-off few several whether yes ok okay well also plus don't want wants wanted need needs
    see seen know knows knew hear heard care cares exception exceptions important urgent relevant wait waits""".split()
)

VOCAB = set(
    """email emails e-mail e-mails mail mails inbox message messages msg msgs whatsapp chat chats text texts sms dm dms
    group groups calendar calendars meeting meetings event events invite invites invitation invitations appointment
    appointments reminder reminders entry entries call calls notification notifications notify notified alert alerts
    tell show ping surface mute muted silence ignore skip drop hide suppress block quiet stay keep be filter
    newsletter newsletters marketing promo promos promotion promotions promotional advert adverts ads ad offers deals
    digest digests summary summaries report reports recap recaps roundup automated automatic auto-generated
    spam phishing scam scams social media network networks receipts order orders shipping delivery updates update
    mention mentions mentioned mentioning tag tags tagged @-mention @-mentions @-mentioned recurring recurrent repeat
    repeats repeating repeated weekly daily monthly series routine week weeks day days month months hour hours minute
    minutes start starts starting begin begins added add adds created create lands land landed appear appears booked
    scheduled put pops shows next upcoming within less under private direct personal individual one-to-one 1:1
    anything everything any mailing list lists subscription subscriptions cold outreach sales pitch pitches
    always never custom rule rules contact contacts saved saved-as name named called address addresses domain
    stop stops alerting alerted notifying telling bother bothering pinging wake interrupt hear tell let
    noreply no-reply addresses senders accounts numbers companies shops brands services apps websites stores
    personal staff team people person folks colleagues employees members thread threads subject body line
    stand-up stand-ups standup standups sync syncs huddle huddles check-in check-ins scrum scrums 1:1s one-on-one
    one-on-ones retro retros retrospective retrospectives catch-up catch-ups""".split()
)

GENERIC = set(
    """matter matters case cases issue issues topic topics thing things stuff business affair affairs situation
    legal project projects question questions subject news info information details detail item items""".split()
)

STREET = set(
    """street st road rd avenue ave lane ln drive dr boulevard blvd way square sq place pl court ct terrace
    strasse straße str via viale piazza calle avenida rue boulevard""".split()
)

RELATION = set(
    """boss manager sister brother wife husband partner mom mum mother dad father son daughter kid kids child children
    family friend friends client clients customer customers accountant lawyer solicitor doctor dentist landlord
    colleague colleagues team teammates coworker coworkers assistant nanny babysitter teacher school neighbour
    neighbor neighbours neighbors grandma grandpa aunt uncle cousin fiance fiancee girlfriend boyfriend
    work office home job bank""".split()
)

# titles before a name, in the languages people write ("Dr. Ole Hinrichsen", "Mme Aubertin", "Mag. Lena Huber",
# "Herrn Albrecht"): one table for the rule reader and the sender matcher
HONORIFICS = frozenset({
    "mr", "mrs", "ms", "miss", "dr", "dr.", "dra", "prof", "professor", "herr", "herrn", "frau", "sig", "signor",
    "signora", "sr", "sra", "srta", "senor", "senora", "señor", "señora", "m", "mme", "mlle", "monsieur", "madame",
    "maitre", "sir", "dame", "doctor", "doktor", "captain", "capt", "rev", "reverend", "mag", "ing", "dipl", "lic",
    "arch"})

CONNECTORS = {"&", "of", "de", "van", "von", "der", "den", "di", "da", "del", "la", "le", "du", "y", "al", "bin", "el"}

NUMBERS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "twelve": 12, "fifteen": 15, "twenty": 20, "thirty": 30, "forty-eight": 48,
    "twenty-four": 24, "forty-five": 45, "half": 0.5,
}


def is_plain_word(token: str) -> bool:
    """A word that is rule vocabulary, never a name or topic term on its own."""
    t = token.lower().strip("'’.,:;!?()\"")
    return t in STOP or t in VOCAB or bool(re.fullmatch(r"\d+", t))
