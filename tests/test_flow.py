"""The core decision framework (py_engine/core/flow.py, issue 28 §2): frames resolved in
order, pushed frames first, the always-ask rule, and refusals that name what is wrong."""

from __future__ import annotations

from typing import Any

import pytest

from py_engine.core import Action
from py_engine.core.flow import Ask, Flow, Frame, Step


def _game() -> tuple[Flow, dict[str, Any]]:
    """A "draft" frame where seat 0 picks a card (always asked, even the last one); picking
    ``"twin"`` pushes a "bonus" frame for seat 1, who must take one of ``bonus`` (its single
    option is taken unasked). A "dead" frame waits on no option at all."""

    def draft_ask(state: dict[str, Any], frame: Frame) -> Ask:
        return Ask(0, tuple(Action("pick", (c,)) for c in state["cards"]), always=True)

    def draft_advance(state: dict[str, Any], frame: Frame) -> Ask | None:
        return draft_ask(state, frame) if state["cards"] else None

    def draft_answer(state: dict[str, Any], frame: Frame, action: Action) -> None:
        card = str(action.args[0])
        state["cards"].remove(card)
        state["taken"].append(card)
        if card == "twin":
            state["frames"].append({"k": "bonus"})

    def bonus_ask(state: dict[str, Any], frame: Frame) -> Ask:
        return Ask(1, tuple(Action("take", (b,)) for b in state["bonus"]))

    def bonus_answer(state: dict[str, Any], frame: Frame, action: Action) -> None:
        state["bonus"].remove(action.args[0])
        state["got"].append(action.args[0])
        frame["done"] = True

    flow = Flow({
        "draft": Step(draft_advance, draft_ask, draft_answer),
        "bonus": Step(lambda s, f: None if f.get("done") else bonus_ask(s, f), bonus_ask, bonus_answer),
        "dead": Step(lambda s, f: Ask(0, ()), lambda s, f: Ask(0, ()), lambda s, f, a: None),
    })
    state: dict[str, Any] = {"cards": ["twin", "ace"], "taken": [], "bonus": ["gold"], "got": [],
                             "frames": [{"k": "draft"}]}
    return flow, state


def test_a_pushed_frame_is_resolved_first_and_a_single_option_is_taken_unasked() -> None:
    flow, state = _game()
    flow.run(state)
    assert flow.to_act(state) == [0] and flow.legal_actions(state, 1) == []
    flow.answer(state, 0, Action("pick", ("twin",)))
    # the bonus frame ran before the draft went on; its one option was taken without asking
    assert state["got"] == ["gold"] and state["frames"] == [{"k": "draft"}]
    # the draft asks even for its last card (always)
    assert flow.to_act(state) == [0] and flow.legal_actions(state, 0) == [Action("pick", ("ace",))]
    flow.answer(state, 0, Action("pick", ("ace",)))
    assert state["taken"] == ["twin", "ace"] and state["frames"] == [] and flow.to_act(state) == []
    assert flow.asking(state) is None


def test_two_options_are_asked() -> None:
    flow, state = _game()
    state["bonus"] = ["gold", "silver"]
    flow.run(state)
    flow.answer(state, 0, Action("pick", ("twin",)))
    assert flow.to_act(state) == [1]
    assert flow.legal_actions(state, 1) == [Action("take", ("gold",)), Action("take", ("silver",))]
    assert flow.legal_actions(state, 0) == []
    flow.answer(state, 1, Action("take", ("silver",)))
    assert state["got"] == ["silver"] and flow.to_act(state) == [0]


def test_a_frame_waiting_on_nothing_or_of_no_known_kind_is_refused() -> None:
    flow, state = _game()
    state["frames"].append({"k": "dead"})
    with pytest.raises(ValueError, match="'dead' frame waits on a choice with no option"):
        flow.run(state)
    state["frames"][-1] = {"k": "nope"}
    with pytest.raises(ValueError, match="no step for frames of kind 'nope'"):
        flow.run(state)
