"""Issue 9 item 6 (H8): every request of a long conversation fits its token budget and stays valid; the oldest
turns fold into a summary (never a tool call apart from its result, nor the synthetic read_notification pair);
what the user stated long ago is still in the request."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings, strategies as st

from tic.hub._budget import Budget, byte_counter, units
from tic.hub._history import NOTIFICATION_REASONING
from tic.hub._summary import ExtractiveSummary, salience
from tic.models.litellm_adapter import outgoing
from tests.conformance._openai import validate_openai
from tests.fakes import assert_valid_sequence

FACT = "My daughter Alice is allergic to peanuts."
SYSTEM = {"role": "system", "content": "You are the user's assistant. Tell them about their notifications."}


def check(request: list[dict], budget: Budget) -> None:
    assert_valid_sequence(request)
    assert validate_openai({"model": "m", "messages": outgoing(request)}, {"authorization": "Bearer k"}) == []
    assert budget.count(request) <= budget.tokens and byte_counter(request) <= budget.tokens


def notification_pair(n: int, size: int = 1) -> list[dict]:
    batch = [{"source": "email", "event_type": "message", "summary": f"Person {n}.{k} sent an email about invoice "
              f"{n * 7 + k}.", "event_time": "2026-11-30T08:00:00Z", "refs": {"message_id": f"m{n}.{k}"}}
             for k in range(size)]
    return [{"role": "assistant", "content": None, "reasoning_content": NOTIFICATION_REASONING,
             "tool_calls": [{"id": f"rn{n}", "type": "function", "function": {"name": "read_notification",
                                                                              "arguments": "{}"}}]},
            {"role": "tool", "tool_call_id": f"rn{n}", "name": "read_notification", "content": json.dumps(batch)}]


def tool_round(n: int, calls: int, result: str) -> list[dict]:
    ids = [f"c{n}_{k}" for k in range(calls)]
    return [{"role": "assistant", "content": "Let me look." if n % 2 else None,
             "tool_calls": [{"id": i, "type": "function", "function": {"name": "read_file",
                                                                       "arguments": json.dumps({"path": "x.md"})}}
                            for i in ids]},
            *[{"role": "tool", "tool_call_id": i, "name": "read_file", "content": result} for i in ids]]


def turn(n: int) -> list[dict]:
    """Turn n of a long day: the user, sometimes a notification batch or a tool round, the answer."""
    said = FACT if n == 3 else ["what's new?", "thanks", "Can you check the calendar for tomorrow?",
                                "ok, tell me more about the second one", "hello"][n % 5]
    out = [{"role": "user", "content": said}]
    if n % 3 == 0:
        out += notification_pair(n, size=1 + n % 4)
    if n % 7 == 0:
        out += tool_round(n, 1 + n % 2, "# Notification preferences\n\n## Always notify\n- Mario\n" * 3)
    out.append({"role": "assistant", "content": f"At turn {n}: Person {n}.0 wrote to you about an invoice; "
                                                "nothing else needs your attention right now."})
    return out


def test_item6_a_2000_turn_conversation_every_request_fits_is_valid_and_remembers_turn_3():
    budget = Budget(4000, byte_counter, ExtractiveSummary(byte_counter))
    history: list[dict] = []
    folds = 0
    for n in range(1, 2001):
        history += turn(n)
        request = budget.fit([SYSTEM, *history])
        check(request, budget)
        folds += request[0]["content"] != SYSTEM["content"]
    assert FACT in request[0]["content"]  # in the summary, 1,997 turns later
    assert request[-1] == history[-1] and len(request) < len(history) / 20  # the newest turns word for word
    assert folds > 1900


def test_item6_a_short_conversation_is_sent_as_it_is():
    budget = Budget(4000, byte_counter)
    messages = [SYSTEM, *turn(1), *turn(2)]
    assert budget.fit(messages) == messages


def test_item6_a_huge_tool_result_alone_is_clipped_to_fit():
    budget = Budget(1000, byte_counter)
    messages = [SYSTEM, {"role": "user", "content": "read it"}, *tool_round(1, 1, "x" * 50_000)]
    request = budget.fit(messages)
    check(request, budget)
    assert "clipped to fit the request" in request[-1]["content"]


def test_item6_units_never_split_a_call_from_its_results():
    messages = [*turn(3), *turn(7)]
    for unit in units(messages):
        ids = {c["id"] for m in unit for c in m.get("tool_calls") or ()}
        assert ids == {m["tool_call_id"] for m in unit if m["role"] == "tool"}


def test_item6_the_offline_summary_keeps_the_users_facts_first():
    assert salience(FACT) > salience("what's new?") and salience("thanks") < 0
    summary = ExtractiveSummary(byte_counter)("", [{"role": "user", "content": "hello. what's new?"},
                                                   {"role": "user", "content": f"thanks! {FACT}"}], 300)
    assert FACT in summary and "what's new?" not in summary


def test_item6_a_budget_too_small_is_refused_clearly():
    with pytest.raises(ValueError, match="at least 1000 tokens"):
        Budget(50, byte_counter)


# --- hypothesis: random histories ---------------------------------------------------------------------------

_text = st.text(alphabet=st.sampled_from(list("abcdefgh ijklmn.?!Mé🙂\n")), min_size=0, max_size=400)


@st.composite
def a_unit(draw, n: int) -> list[dict]:
    kind = draw(st.sampled_from(["user", "assistant", "tools", "notification"]))
    if kind == "user":
        return [{"role": "user", "content": draw(_text)}]
    if kind == "assistant":
        return [{"role": "assistant", "content": draw(_text.filter(bool)) }]
    if kind == "tools":
        return tool_round(n, draw(st.integers(1, 3)), draw(_text))
    return notification_pair(n, draw(st.integers(1, 6)))


@st.composite
def a_history(draw) -> list[list[dict]]:
    return [draw(a_unit(n)) for n in range(draw(st.integers(1, 60)))]


@settings(max_examples=150, deadline=None)
@given(a_history(), st.integers(1000, 4000), st.text(max_size=200))
def test_item6_property_every_request_of_any_history_is_valid_and_under_budget(history, tokens, prompt):
    budget = Budget(tokens, byte_counter)
    system = {"role": "system", "content": f"You are the assistant. {prompt}"}
    messages = [system]
    for unit in history:  # the conversation grows: every request along the way
        messages += unit
        request = budget.fit(messages)
        check(request, budget)
        # the newest unit is always there, whole (clipped at most)
        assert [m["role"] for m in request[-len(unit):]] == [m["role"] for m in unit]


# --- through the ChatHub --------------------------------------------------------------------------------------


def test_item6_the_hubs_requests_fit_the_budget_and_carry_an_early_fact(world, store, roster, clock):
    import asyncio

    from tic.hub import ChatHub, ToolRegistry
    from tic.models import AssistantMessage
    from tests.fakes import ScriptedModel

    answers = [AssistantMessage(content=f"Noted, answer {n}: nothing else needs your attention.") for n in range(80)]
    model = ScriptedModel(*answers)
    budget = Budget(6000, byte_counter)  # the main agent's instructions take ~3,500
    hub = ChatHub(engine=world, store=store, registry=ToolRegistry(store), agent=roster["main"], model=model,
                  clock=clock, budget=budget)
    for n in range(1, 81):
        asyncio.run(hub.user_says(FACT if n == 3 else f"Turn {n}: is there anything new for me today?"))
    for messages, _ in model.calls:
        check(messages, budget)
    assert FACT in model.calls[-1][0][0]["content"] and len(hub.history.messages()) == 160  # the history keeps all
    assert "clipped" not in model.calls[-1][0][0]["content"] and len(model.calls[-1][0]) < 60


def test_item6_the_model_summary_falls_back_to_the_users_sentences_keeping_its_own():
    from tic.errors import ModelError
    from tic.hub._summary import ModelSummary
    from tic.models import AssistantMessage
    from tests.fakes import ScriptedModel

    def down(messages, tools):
        raise ModelError("down")

    model = ScriptedModel(AssistantMessage(content=f"The user said: {FACT} " + "They chat a lot. " * 200), down)
    summarize = ModelSummary(model, byte_counter)
    first = summarize("", [{"role": "user", "content": FACT}], 500)
    assert first.startswith(f"The user said: {FACT}") and byte_counter([{"role": "system", "content": first}]) <= 500
    second = summarize(first, [{"role": "user", "content": "I moved to Lisbon in 2024."}], 500)
    assert FACT in second and "I moved to Lisbon in 2024." in second  # the model is down: extractive, both kept
