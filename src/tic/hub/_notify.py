"""H1/H2: the Notification and `notify` live in `tic.notification`; the hub re-exports them."""

from __future__ import annotations

from tic.notification import Notification, Notifier, notification_template

__all__ = ["Notification", "Notifier", "notification_template"]
