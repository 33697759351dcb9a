"""From a surfaced Event to the structured Notification the main agent reads (H1): `tic.notification` builds it."""

from __future__ import annotations

from tic.notification import SUMMARY_CHARS, notification_for

__all__ = ["SUMMARY_CHARS", "notification_for"]
