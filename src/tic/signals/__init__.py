"""What an event shows, below the rules and the triage agent: words and names folded for comparison, mail
traits (newsletter, marketing, automated, social, spam), multilingual cues (urgency, requests, deadlines),
sender / topic / category matchers and calendar timing."""

from tic.signals._classify import Traits, traits
from tic.signals._timing import event_start, fmt_delta, local_zone

__all__ = ["Traits", "event_start", "fmt_delta", "local_zone", "traits"]
