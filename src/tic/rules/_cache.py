"""The model's readings of rules, kept in the world per version of the rules file (T7).

    cache = ReadingCache(engine)
    cache.put(ruleset.version, {"Anything urgent from work": reading, "Stuff I'd like": None},
              why={"Stuff I'd like": "too vague"})
    cache.get(ruleset.version, texts)        # {text: Reading}, the readings only
    cache.entries(ruleset.version, texts)    # {text: Reading | None}: None = asked already, no reading

A row is keyed by (rules version, sha256 of the rule's text). Writing is
idempotent: when two engines store the same rule at once, the first row stands
(the IntegrityError of the second is expected). Rows written under another
`SCHEMA_VERSION` of the Reading form are ignored, and replaced on the next put;
a stored reading that no longer validates is ignored too (logged).
"""

from __future__ import annotations

import hashlib
import logging
from typing import Iterable, Mapping

from pydantic import ValidationError
from sqlalchemy import Engine, and_, insert, select, update
from sqlalchemy.exc import IntegrityError

from tic.clock import Clock, SystemClock
from tic.db import rule_reading_table as T
from tic.rules._reading import SCHEMA_VERSION, Reading

log = logging.getLogger(__name__)

__all__ = ["ReadingCache", "text_hash"]


def text_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


class ReadingCache:
    """Readings by (rules version, rule text) in the `rule_reading` table."""

    def __init__(self, engine: Engine, *, clock: Clock | None = None) -> None:
        self._engine = engine
        self._clock = clock or SystemClock()

    def entries(self, version: str, texts: Iterable[str]) -> dict[str, Reading | None]:
        """Every text this version has a current row for: its Reading, or None when the model gave none."""
        by_hash = {text_hash(t): t for t in texts}
        if not by_hash:
            return {}
        found: dict[str, Reading | None] = {}
        with self._engine.connect() as conn:
            rows = conn.execute(
                select(T.c.rule_text_hash, T.c.reading)
                .where(T.c.rules_version == version, T.c.rule_text_hash.in_(list(by_hash)),
                       T.c.schema_version == SCHEMA_VERSION)
            ).all()
        for digest, raw in rows:
            text = by_hash[digest]
            if raw is None:
                found[text] = None
                continue
            try:
                found[text] = Reading.model_validate(raw)
            except ValidationError as exc:
                log.warning("cached reading of %r no longer validates, ignored: %s", text,
                            exc.errors(include_url=False, include_input=False))
        return found

    def get(self, version: str, texts: Iterable[str]) -> dict[str, Reading]:
        """{text: Reading} of the texts this version has a reading for."""
        return {t: r for t, r in self.entries(version, texts).items() if r is not None}

    def refusals(self, version: str, texts: Iterable[str]) -> dict[str, str]:
        """{text: why} of the texts the model was asked about in this version and gave no reading for."""
        by_hash = {text_hash(t): t for t in texts}
        if not by_hash:
            return {}
        with self._engine.connect() as conn:
            rows = conn.execute(
                select(T.c.rule_text_hash, T.c.why)
                .where(T.c.rules_version == version, T.c.rule_text_hash.in_(list(by_hash)),
                       T.c.schema_version == SCHEMA_VERSION, T.c.reading.is_(None))
            ).all()
        return {by_hash[digest]: why or "" for digest, why in rows}

    def put(self, version: str, readings: Mapping[str, Reading | None], *, why: Mapping[str, str] | None = None,
            read_by: str = "model") -> None:
        """Store each text's Reading (None: asked, no reading, with `why`); a row already there stands."""
        now = self._clock.now()
        why = why or {}
        rows = [
            {"rules_version": version, "rule_text_hash": text_hash(text),
             "reading": reading.model_dump(mode="json") if reading is not None else None,
             "why": (why.get(text) or None) if reading is None else None,
             "read_by": read_by, "schema_version": SCHEMA_VERSION, "created_at": now}
            for text, reading in readings.items()
        ]
        if not rows:
            return
        try:
            with self._engine.begin() as conn:
                conn.execute(insert(T), rows)
            return
        except IntegrityError:  # some are there already (another engine, or an older schema): one by one
            pass
        for row in rows:
            try:
                with self._engine.begin() as conn:
                    conn.execute(insert(T).values(**row))
            except IntegrityError:
                self._replace_old(row)

    def _replace_old(self, row: dict) -> None:
        """A row of another schema version gives way; a current one (another engine's) stands."""
        key = and_(T.c.rules_version == row["rules_version"], T.c.rule_text_hash == row["rule_text_hash"],
                   T.c.schema_version != SCHEMA_VERSION)
        with self._engine.begin() as conn:
            conn.execute(update(T).where(key).values(
                reading=row["reading"], why=row["why"], read_by=row["read_by"],
                schema_version=row["schema_version"], created_at=row["created_at"]))
