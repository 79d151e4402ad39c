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


def _race() -> tuple[Flow, dict[str, Any]]:
    """Seats 0 and 1 take turns to add 1 or 3 to a count; adding 3 pushes a "bank" frame
    (automatic) that adds 10. The game is over at 20 or more, even in the middle of a frame.
    The turn step has words: a prompt, labels and targets."""

    def turn_ask(state: dict[str, Any], frame: Frame) -> Ask:
        return Ask(state["turn"] % 2, (Action("add", (1,)), Action("add", (3,))))

    def turn_answer(state: dict[str, Any], frame: Frame, action: Action) -> None:
        state["count"] += int(action.args[0])
        state["turn"] += 1
        if action.args[0] == 3:
            state["frames"].append({"k": "bank"})

    def bank_advance(state: dict[str, Any], frame: Frame) -> Ask | None:
        state["count"] += 10
        return None

    def never(*_: Any) -> Any:
        raise AssertionError("asked an automatic frame")

    flow = Flow(key="frames", over=lambda s: s["count"] >= 20)
    flow.register("turn", Step(lambda s, f: turn_ask(s, f), turn_ask, turn_answer,
                               prompt=lambda s, f: f"Seat {s['turn'] % 2}: add to {s['count']}",
                               label=lambda s, f, a: f"+{a.args[0]}",
                               target=lambda s, f, a: f"count:{s['count'] + int(a.args[0])}"))
    flow.register("bank", Step(bank_advance, never, never))
    return flow, {"count": 0, "turn": 0, "frames": [{"k": "turn"}]}


def test_the_words_of_a_choice_come_from_its_step() -> None:
    flow, state = _race()
    flow.run(state)
    add3 = Action("add", (3,))
    assert flow.prompt(state) == "Seat 0: add to 0"
    assert flow.label(state, add3) == "+3" and flow.target(state, add3) == "count:3"
    flow.answer(state, 0, Action("add", (1,)))
    assert flow.prompt(state) == "Seat 1: add to 1" and flow.to_act(state) == [1]


def test_an_ended_game_stops_mid_frame_and_asks_nothing_more() -> None:
    flow, state = _race()
    flow.run(state)
    flow.answer(state, 0, Action("add", (3,)))  # 3, then the bank frame adds 10: 13
    # before the end, the bank frame is popped when done and the turns go on
    assert state["count"] == 13 and state["frames"] == [{"k": "turn"}] and flow.to_act(state) == [1]
    flow.answer(state, 1, Action("add", (3,)))  # 16, then 26: over
    assert state["count"] == 26
    # the frames are left as they were (the bank frame is not popped); nothing is owed and
    # nothing has words
    assert state["frames"] == [{"k": "turn"}, {"k": "bank"}]
    assert flow.to_act(state) == [] and flow.asking(state) is None
    assert flow.legal_actions(state, 0) == [] and flow.prompt(state) is None
    assert flow.label(state, Action("add", (1,))) is None
    before = repr(state)
    flow.run(state)
    assert repr(state) == before


def test_rules_that_loop_without_a_choice_are_stopped() -> None:
    flow = Flow({"spin": Step(lambda s, f: s["frames"].append({"k": "spin"}) or None,
                              lambda s, f: Ask(0, ()), lambda s, f, a: None)})
    state: dict[str, Any] = {"frames": [{"k": "spin"}]}
    with pytest.raises(RuntimeError, match="the rules are looping"):
        flow.run(state)
