"""The neutral, third-person, one-sentence statement of fact sent with a notification (H1): `tic.notification`
writes it, one description per kind of event."""

from __future__ import annotations

from tic.notification import summarize

__all__ = ["summarize"]
