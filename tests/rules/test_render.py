"""T7: a reading renders to one plain English sentence, and reading that sentence gives the same reading back
(a hypothesis property over generated readings; the paraphrase bank checks the same for every sentence it reads)."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
import pytest

from tic.rules import Reading, possible_kinds, read_rule
from tic.rules import _reading as R

NAMES = ["Ana Ruiz", "Kofi Mensah", "Odile Martin", "Park Min-jun", "Harbor Finch", "Bartholomew Quinn"]
ORGS = ["Kestrel Labs", "Dawson Cornwell", "Meridian Freight"]
DOMAINS = ["kestrellabs.com", "hf-legal.io", "stadtwerke-ulm.de"]
CONTACTS = ["Mum", "Tomi", "Abuela"]
TOPICS = ["Hollis Road appeal", "Jebel Ali lease", "LWM-4471", "budget review"]

who = st.one_of(
    st.sampled_from(NAMES).map(lambda v: R.Who(by="name", value=v)),
    st.sampled_from(ORGS).map(lambda v: R.Who(by="org", value=v)),
    st.sampled_from(DOMAINS).map(lambda v: R.Who(by="domain", value=v)),
    st.sampled_from(CONTACTS).map(lambda v: R.Who(by="contact", value=v)),
    st.just(R.Who(by="unsaved")),
)


@st.composite
def scopes(draw) -> list:
    """The parts of a rule's scope, as the reader builds them (one of each kind of part)."""
    parts: list = []
    family = draw(st.sampled_from(["mail", "chat", "calendar", "any"]))
    if family == "calendar":
        parts.append(R.Kind(kinds=("calendar",)))
        timing = draw(st.sets(st.sampled_from(["created", "starts", "recurring", "all_day"]), min_size=1, max_size=2))
        if "created" in timing:
            parts.append(R.Created())
        if "starts" in timing:
            parts.append(R.StartsWithin(minutes=draw(st.sampled_from([30, 90, 120, 1440]))))
        if "recurring" in timing:
            parts.append(R.Recurring(freq=tuple(draw(st.sets(st.sampled_from(["DAILY", "WEEKLY", "MONTHLY"]),
                                                              max_size=1)))))
        if "all_day" in timing:
            parts.append(R.AllDay())
        return parts
    if family == "chat":
        parts.append(R.Kind(kinds=("whatsapp",)))
        group = draw(st.sampled_from([None, True, False]))
        if group is not None:
            parts.append(R.Chat(group=group))
    elif family == "mail":
        parts.append(R.Kind(kinds=("email",)))
        if draw(st.booleans()):
            parts.append(R.Addressed(how=draw(st.sampled_from(["to", "cc"]))))
        if draw(st.booleans()):
            parts.append(R.Thread())
    if draw(st.booleans()):  # senders that can send this kind (an address writes no WhatsApp message)
        senders = st.lists(who, min_size=1, max_size=2, unique=True).filter(
            lambda ws: family != "chat" or not any(w.by == "domain" for w in ws))
        parts.append(R.Sender(who=tuple(draw(senders))))
    if family != "chat" and draw(st.booleans()):
        parts.append(R.Topic(phrases=(draw(st.sampled_from(TOPICS)),)))
    if family == "mail" and not any(isinstance(p, R.Sender) for p in parts) and draw(st.booleans()):
        parts.append(R.Category(categories=tuple(draw(st.sets(st.sampled_from(
            ["newsletter", "marketing", "digest", "list", "autoreply"]), min_size=1, max_size=2)))))
    return parts or [R.Everything()]


def _cond(parts: list):
    return parts[0] if len(parts) == 1 else R.All(of=tuple(parts))


@st.composite
def readings(draw) -> Reading:
    parts = draw(scopes())
    effect = draw(st.sampled_from(["notify", "skip"]))
    unless = None
    if draw(st.booleans()) and not isinstance(parts[0], R.Everything):
        exception = draw(st.sampled_from([R.Mention(), R.Category(categories=("newsletter",)), R.Addressed(how="cc"), R.Thread(),
                                          R.Sender(who=(R.Who(by="name", value="Ana Ruiz"),))]))
        if isinstance(exception, R.Mention) and not any(isinstance(p, R.Chat) for p in parts) \
                or not possible_kinds(exception) & possible_kinds(_cond(parts)):  # an exception that can apply
            exception = R.Sender(who=(R.Who(by="name", value="Ana Ruiz"),))
        unless = R.Not(of=exception) if draw(st.booleans()) else exception
    return Reading(effect=effect, when=_cond(parts), unless=unless)


def _normal(reading: Reading) -> str:
    """The reading with the parts of every and/or in a fixed order (the order words come in is not meaning)."""
    def norm(node):
        data = node if isinstance(node, dict) else node
        if isinstance(data, dict):
            out = {k: norm(v) for k, v in data.items()}
            if out.get("op") in {"all", "any"}:
                out["of"] = sorted(out["of"], key=lambda x: json.dumps(x, sort_keys=True))
            if out.get("op") == "sender":
                out["who"] = sorted(out["who"], key=lambda x: json.dumps(x, sort_keys=True))
            return out
        if isinstance(data, list):
            return [norm(x) for x in data]
        return data
    return json.dumps(norm(reading.model_dump(mode="json")), sort_keys=True)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(readings(), st.sampled_from(["custom"]))
def test_t7_rendering_a_reading_reads_back_the_same(reading: Reading, section: str) -> None:
    assume(_can_match(reading.when))  # a reading no event can match is refused when read (never a rule)
    sentence = read_rule.__globals__["Rule"](section=section, text="", reading=reading).render()
    back = read_rule(sentence, section)
    assert back.understood, f"{sentence!r} is not understood: {back.why_not}"
    assert _normal(back.reading) == _normal(reading), f"{sentence!r}\n read back as {back.render()!r}"


def _can_match(cond) -> bool:
    if isinstance(cond, R.Any):
        return all(_can_match(c) for c in cond.of)
    if isinstance(cond, R.All):
        return bool(possible_kinds(cond)) and all(_can_match(c) for c in cond.of)
    return bool(possible_kinds(cond))


def test_t7_the_reading_is_json_and_versioned() -> None:
    rule = read_rule("Only notify about WhatsApp group messages if I am explicitly mentioned", "custom")
    data = json.loads(rule.reading.model_dump_json())
    assert data["schema_version"] == R.SCHEMA_VERSION and data["effect"] == "notify"
    assert Reading.model_validate_json(rule.reading.model_dump_json()) == rule.reading
    assert "discriminator" in json.dumps(Reading.model_json_schema())  # a model answers against this schema


PINNED = [  # (rule, the sender alternatives it reads as: (by, value, of))
    ("Emails from Odile Martin (odile@martin-avocats.fr)",
     [("name", "Odile Martin", ""), ("address", "odile@martin-avocats.fr", "Odile Martin")]),
    ("Odile Martin (her emails end in @martin-avocats.fr) or anyone at Kestrel Labs",
     [("name", "Odile Martin", ""), ("domain", "martin-avocats.fr", "Odile Martin"), ("org", "Kestrel Labs", "")]),
    ("Messages from Kofi Mensah (+44 7700 900123)", [("name", "Kofi Mensah", ""), ("phone", "+447700900123", "Kofi Mensah")]),
    ("Odile Martin or odile@martin-avocats.fr", [("name", "Odile Martin", ""), ("address", "odile@martin-avocats.fr", "")]),
    ("Odile Martin or anyone at martin-avocats.fr", [("name", "Odile Martin", ""), ("domain", "martin-avocats.fr", "")]),
]


def _senders(cond) -> list:
    if isinstance(cond, R.Sender):
        return [(w.by, w.value, w.of) for w in cond.who]
    return [s for c in getattr(cond, "of", ()) if not isinstance(c, R.Who) for s in _senders(c)]


@pytest.mark.parametrize(("text", "who"), PINNED, ids=[t for t, _ in PINNED])
def test_t7_addresses_in_brackets_after_a_name_are_that_persons(text: str, who: list) -> None:
    """Issue 8.6: "Name (address)" gives the person's address (`Who.of`); "Name or address" two alternatives. Both
    render so that reading the sentence back gives the same reading."""
    rule = read_rule(text, "always")
    assert _senders(rule.reading.when) == who
    again = read_rule(rule.render(), "always")
    assert again.reading == rule.reading, rule.render()
