"""The core decision framework (py_engine/core/flow.py, issue 28 §2): frames resolved in
order, pushed frames first, the always-ask rule, and refusals that name what is wrong."""

from __future__ import annotations

from typing import Any

import pytest

from py_engine.core import Action
from py_engine.core.flow import WAIT, Ask, Flow, Frame, Stacks, Step, ask_of, unasked


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


# ---- Stacks: one function per frame kind, questions stored, a side stack (ToC §6.8) ---------------------
def _market() -> tuple[Stacks, dict[str, Any]]:
    """A shared pool of goods. On the main stack seat 1 "takes" goods from the pool until it
    says "stop" (always asked: stopping is a choice). On the side stack seat 0 "buys" from the
    same pool: its "shop" frame asks until seat 0 is done; its single option ("done") is taken
    unasked, unless ``state["fussy"]``.
    While seat 0 shops, seat 1 may not stop (it WAITs when taking is not possible either).
    The game is over once the pool holds "bomb" and nothing else."""

    def take(state: dict[str, Any], stack: dict[str, Any], frame: Frame, answer: Action | None) -> Ask | None:
        if answer is not None:
            if answer.name == "stop":
                stack["stack"].pop()
                return None
            state["pool"].remove(answer.args[0])
            state["taken"].append(answer.args[0])
        acts: list[list[Any]] = [["take", g] for g in state["pool"]]
        if state["side"] is None:
            acts.append(["stop"])
        if not acts:
            return WAIT
        return ask_of(1, "Take goods", acts, always=True)

    def shop(state: dict[str, Any], stack: dict[str, Any], frame: Frame, answer: Action | None) -> Ask | None:
        if answer is not None:
            if answer.name == "done":
                stack["stack"].pop()
                return None
            state["pool"].remove(answer.args[0])
            state["bought"].append(answer.args[0])
        return ask_of(0, "Buy goods", [*(["buy", g] for g in state["pool"] if g != "bomb"), ["done"]],
                      always=state["fussy"])

    stacks = Stacks({"take": take, "shop": shop}, over=lambda s: s["pool"] == ["bomb"], keys=("main", "side"))
    state: dict[str, Any] = {"pool": ["apple", "pear"], "taken": [], "bought": [], "fussy": False,
                             "main": {"stack": [{"k": "take"}], "ask": None},
                             "side": {"stack": [{"k": "shop"}], "ask": None}}
    stacks.run(state, state["side"])
    stacks.run(state, state["main"])
    return stacks, state


def test_stacks_list_the_side_stacks_seat_first_and_store_each_question() -> None:
    stacks, state = _market()
    assert stacks.to_act(state) == [0, 1]
    assert state["side"]["ask"] == {"seat": 0, "prompt": "Buy goods",
                                    "acts": [["buy", "apple"], ["buy", "pear"], ["done"]]}
    assert state["main"]["ask"]["acts"] == [["take", "apple"], ["take", "pear"]]  # no stop yet
    assert stacks.legal_actions(state, 1) == [Action("take", ("apple",)), Action("take", ("pear",))]
    assert stacks.asking(state, 2) is None and stacks.legal_actions(state, 2) == []


def test_an_answer_on_one_stack_asks_the_other_again() -> None:
    stacks, state = _market()
    stacks.answer(state, 1, Action("take", ("apple",)))
    # the shop's question changed with the pool
    assert state["side"]["ask"]["acts"] == [["buy", "pear"], ["done"]]
    stacks.answer(state, 0, Action("buy", ("pear",)))
    # the shop's only option left ("done") was taken unasked: the side stack emptied and was
    # dropped, and seat 1 may now stop (always asked, though it is the only option)
    assert state["side"] is None and state["bought"] == ["pear"]
    assert stacks.to_act(state) == [1] and state["main"]["ask"]["acts"] == [["stop"]]


def test_a_stack_that_waits_asks_nothing_until_the_other_is_done() -> None:
    stacks, state = _market()
    state["fussy"] = True
    stacks.answer(state, 1, Action("take", ("apple",)))
    stacks.answer(state, 1, Action("take", ("pear",)))
    # nothing to take, and no stopping while seat 0 shops: the main stack waits
    assert state["main"]["ask"] is None and state["main"]["stack"] == [{"k": "take"}]
    assert stacks.to_act(state) == [0] and state["side"]["ask"]["acts"] == [["done"]]
    stacks.answer(state, 0, Action("done"))
    assert state["side"] is None and stacks.to_act(state) == [1]
    assert state["main"]["ask"]["acts"] == [["stop"]]


def test_a_seat_owing_on_both_stacks_answers_the_main_stacks_question_first() -> None:
    stacks, state = _market()
    state["side"]["ask"]["seat"] = 1  # as if seat 1 also shopped
    found = stacks.asking(state, 1)
    assert found is not None and found[0] is state["main"]
    assert stacks.to_act(state) == [1]


def test_an_emptied_side_stack_is_dropped_and_the_main_stack_goes_on() -> None:
    stacks, state = _market()
    stacks.answer(state, 0, Action("done"))
    assert state["side"] is None
    assert stacks.to_act(state) == [1]
    assert state["main"]["ask"]["acts"] == [["take", "apple"], ["take", "pear"], ["stop"]]
    stacks.answer(state, 1, Action("stop"))
    assert state["main"] == {"stack": [], "ask": None} and stacks.to_act(state) == []


def test_an_ended_game_asks_nothing_and_its_questions_can_be_cleared() -> None:
    stacks, state = _market()
    state["pool"] = ["bomb"]
    assert stacks.to_act(state) == [] and stacks.legal_actions(state, 1) == []
    stacks.clear(state)
    assert state["main"]["ask"] is None and state["side"]["ask"] is None


def test_refresh_asks_again_every_question_but_the_kept_seats() -> None:
    stacks, state = _market()
    state["pool"].append("fig")  # as if hidden goods were dealt anew
    stacks.refresh(state, keep=0)
    assert state["side"]["ask"]["acts"] == [["buy", "apple"], ["buy", "pear"], ["done"]]  # kept
    assert state["main"]["ask"]["acts"][-1] == ["take", "fig"]


def test_stacks_refuse_what_the_rules_got_wrong() -> None:
    stacks, state = _market()
    with pytest.raises(ValueError, match="seat 2 owes no choice"):
        stacks.answer(state, 2, Action("stop"))
    state["main"]["stack"].append({"k": "nope"})
    with pytest.raises(ValueError, match="no step for frames of kind 'nope'"):
        stacks.run(state, state["main"])
    empty = Stacks({"dead": lambda s, m, f, a: ask_of(0, "", [])}, over=lambda s: False)
    dead: dict[str, Any] = {"main": {"stack": [{"k": "dead"}], "ask": None}}
    with pytest.raises(ValueError, match="offers no option"):
        empty.run(dead, dead["main"])
    spin = Stacks({"spin": lambda s, m, f, a: m["stack"].append({"k": "spin"})}, over=lambda s: False)
    spinning: dict[str, Any] = {"main": {"stack": [{"k": "spin"}], "ask": None}}
    with pytest.raises(RuntimeError, match="the rules are looping"):
        spin.run(spinning, spinning["main"])


def test_the_always_ask_rule_is_one_function() -> None:
    one = Ask(0, (Action("end"),))
    assert unasked(one) == Action("end")
    assert unasked(Ask(0, (Action("end"),), always=True)) is None
    assert unasked(Ask(0, (Action("a"), Action("b")))) is None
    with pytest.raises(ValueError, match="offers no option"):
        unasked(Ask(3, ()))


def test_a_root_decision_stands_while_the_state_holds_no_frame() -> None:
    """``keys=(None,)``: the state itself holds its frames and question (under the names
    given); ``root``: the standing decision while no frame is there (never stored), which
    pushes frames to go on; ``words``: the labels and targets are stored with the question."""

    def turn(state: dict[str, Any], stack: dict[str, Any], frame: Frame, answer: Action | None) -> Ask | None:
        assert frame == {"k": "turn"} and stack is state
        if answer is None:
            acts = (Action("score", (1,)), Action("score", (2,)))[: 2 if state["score"] < 3 else 1]
            return Ask(0, acts, prompt="Score", labels=tuple(f"+{a.args[0]}" for a in acts),
                       targets=tuple(None for _ in acts))
        state["frames"].append({"k": "add", "n": answer.args[0]})
        return None

    def add(state: dict[str, Any], stack: dict[str, Any], frame: Frame, answer: Action | None) -> Ask | None:
        stack["frames"].pop()
        state["score"] += frame["n"]
        return None

    stacks = Stacks({"turn": turn, "add": add}, over=lambda s: s["score"] >= 5, keys=(None,), root="turn",
                    frames="frames", ask="question", words=True)
    state: dict[str, Any] = {"score": 0, "frames": [], "question": None}
    stacks.run(state, state)
    assert state["question"] == {"seat": 0, "prompt": "Score", "acts": [["score", 1], ["score", 2]],
                                 "labels": ["+1", "+2"], "targets": [None, None]}
    assert stacks.to_act(state) == [0] and state["frames"] == []
    stacks.answer(state, 0, Action("score", (2,)))
    stacks.answer(state, 0, Action("score", (2,)))
    # at 4 only "+1" is left: taken unasked, and the game is over at 5
    assert state["score"] == 5 and state["frames"] == [] and stacks.to_act(state) == []
