"""The size cap: a payload above TIC_NOTIFICATION_MAX_CHARS is spilled whole and compacted for the model (C)."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any, Mapping

from tic.channels._envelope import atomic_write_json

__all__ = ["MAX_CHARS_DEFAULT", "cap_payload", "max_chars"]

MAX_CHARS_DEFAULT = 10000
MAX_CHARS_MIN = 2048
CAP_ENV = "TIC_NOTIFICATION_MAX_CHARS"
TEXT_LIMIT = 200  # stage 1: each long free-text value cut to this
ROUTING_KEYS = ("id", "ids", "request_id", "event_id", "message_id", "thread_id", "uid", "ref", "ref_id", "key", "kind", "url")


def max_chars(env: Mapping[str, str] | None = None) -> int:
    """The live cap: TIC_NOTIFICATION_MAX_CHARS clamped to 2048..10000; unusable → 10000."""
    raw = (os.environ if env is None else env).get(CAP_ENV, "")
    try:
        value = int(float(raw.strip()))
    except (ValueError, OverflowError):
        return MAX_CHARS_DEFAULT
    return max(MAX_CHARS_MIN, min(MAX_CHARS_DEFAULT, value))


def dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)


def cap_payload(payload: dict[str, Any], workdir: Path, limit: int) -> dict[str, Any]:
    """`payload` itself when it fits (byte-identical); else a compacted copy naming the spill file."""
    text = dumps(payload)
    if len(text) <= limit:
        return payload
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    spill = Path(workdir) / "logs" / f"notification-overflow-{digest}.json"
    try:
        if not spill.exists():
            atomic_write_json(spill, payload)
        where = {"overflow_file": f"logs/{spill.name}"}
    except OSError as exc:
        where = {"overflow_file": None, "spill_failed": f"{exc.__class__.__name__}; read each channel's producer "
                                                        "(or the .notification/<channel>.json files) instead"}
    note = {"truncated": True, "full_chars": len(text), **where}
    for stage in (_cut_text, _ids_only, _headers_only):
        compact = {**stage(payload), **note}
        if len(dumps(compact)) <= limit:
            return compact
    return {"fingerprint": payload.get("fingerprint"), "channels": {}, "note": payload.get("note"), **note,
            "marker": "the notification payload was too large to show; read the overflow file"}


def _channels(payload: dict[str, Any]) -> dict[str, Any]:
    return payload.get("channels") or {}


def _cut_text(payload: dict[str, Any]) -> dict[str, Any]:
    """Stage 1: heavy free text reduced; structure and every routing id kept."""
    def cut(v: Any) -> Any:
        if isinstance(v, str):
            return v if len(v) <= TEXT_LIMIT else v[: TEXT_LIMIT - 1] + "…"
        if isinstance(v, list):
            return [cut(x) for x in v]
        if isinstance(v, dict):
            return {k: cut(x) for k, x in v.items()}
        return v

    return {**payload, "channels": {name: cut(env) for name, env in _channels(payload).items()}}


def _routing(v: Any) -> Any:
    """Only the routing ids of a data value (lists of events keep one id object per event)."""
    if isinstance(v, dict):
        out = {k: x for k, x in v.items() if k in ROUTING_KEYS and not isinstance(x, (dict, list))}
        for k, x in v.items():
            if isinstance(x, (dict, list)):
                sub = _routing(x)
                if sub:
                    out[k] = sub
        return out
    if isinstance(v, list):
        return [r for r in (_routing(x) for x in v) if r]
    return None


def _ids_only(payload: dict[str, Any]) -> dict[str, Any]:
    """Stage 2: each channel's header and priority plus the routing ids of its data."""
    return {**payload, "channels": {
        name: {"header": str(env.get("header", ""))[:TEXT_LIMIT], "priority": env.get("priority"),
               "published_at": env.get("published_at"), "data": _routing(env.get("data")) or {}}
        for name, env in _channels(payload).items()}}


def _headers_only(payload: dict[str, Any]) -> dict[str, Any]:
    """Stage 3: headers only."""
    return {**payload, "channels": {name: {"header": str(env.get("header", ""))[:120], "priority": env.get("priority")}
                                    for name, env in _channels(payload).items()}}
