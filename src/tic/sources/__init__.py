"""Sources: one module per kind of inbox, all yielding typed Events with stable keys; cursors."""

from tic.sources._event import BODY_CAP, Event, Person, cap_body

__all__ = ["BODY_CAP", "Event", "Person", "cap_body"]
