"""N2: a notice's handle is derived from its template alone."""

from __future__ import annotations

import hashlib

SEVERITIES = ("info", "warn", "error")


def key_for(template: str) -> str:
    """8 lowercase hex characters, the same for the same template on every engine and run."""
    return hashlib.sha256(template.encode("utf-8")).hexdigest()[:8]
