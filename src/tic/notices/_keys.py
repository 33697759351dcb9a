"""N2: a notice's handle is derived from its template alone; N7: a series from its values."""

from __future__ import annotations

import hashlib
import json
from typing import Any

SEVERITIES = ("info", "warn", "error")
RANK = {name: i for i, name in enumerate(SEVERITIES)}
REPEATING = ("warn", "error")  # severities whose repeats are held (N7)


def key_for(template: str) -> str:
    """8 lowercase hex characters, the same for the same template on every engine and run."""
    return hashlib.sha256(template.encode("utf-8")).hexdigest()[:8]


def plain(params: dict[str, Any] | None) -> dict[str, Any]:
    """Params as stored: JSON values (anything else is kept as its str())."""
    if not params:
        return {}
    if not isinstance(params, dict):
        raise TypeError(f"params must be a dict of name -> value, not {type(params).__name__}")
    return json.loads(json.dumps({str(k): v for k, v in params.items()}, ensure_ascii=False, default=str))


def series_for(params: dict[str, Any]) -> str:
    """N7: the identity of 'the same values' - 16 hex characters of the canonical JSON."""
    text = json.dumps(params, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def valid_key(key: str) -> str:
    """A key as a person types it (`#5e0c2a91`, upper case) made canonical, or a clear error."""
    from tic.errors import NoticeError

    key = str(key).strip().lstrip("#").lower()
    if len(key) != 8 or any(c not in "0123456789abcdef" for c in key):
        raise NoticeError(f"{key!r} is not a notice key: use the 8 hex characters after '#' in a notice line")
    return key
