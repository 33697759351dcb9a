"""What an event shows, below the rules and the triage agent: words and names folded for comparison, mail
traits (newsletter, marketing, automated, social, spam), multilingual cues (urgency, requests, deadlines),
sender / topic / category matchers and calendar timing."""

from tic.signals._classify import LOOKALIKE_REF, NAME_KNOWN_REF, Traits, known_correspondent, traits
from tic.signals._cues import Cue
from tic.signals._cues import find as find_cue
from tic.signals._roles import FAMILY
from tic.signals._vocab import HONORIFICS
from tic.signals._matchers import CategoryMatcher, SenderSpec, Topic, TopicMatcher, topic_terms
from tic.signals._matchers import _topic_words as topic_words
from tic.signals._instruct import own_words
from tic.signals._text import fold, header, words
from tic.signals._timing import RecurrenceMatcher, event_start, fmt_delta, local_zone

__all__ = ["FAMILY", "HONORIFICS", "LOOKALIKE_REF", "NAME_KNOWN_REF", "CategoryMatcher", "Cue", "RecurrenceMatcher", "SenderSpec", "Topic", "TopicMatcher", "Traits",
           "event_start", "find_cue", "fmt_delta", "fold", "header", "known_correspondent", "local_zone", "own_words",
           "topic_terms", "topic_words", "traits", "words"]
