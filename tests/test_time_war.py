"""Time War exact-state tests (TW rules = shared/seeds/time_war_rules.txt,
TW §n = shared/games/time_war/RULES.md)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from py_engine.core import (
    Action,
    Ending,
    IllegalAction,
    Match,
    Rng,
    Seat,
    Standing,
    Standings,
    canonical_json,
)
from py_engine.games import get
from py_engine.time_war.rules import TimeWar, ahead, card_halves, pending, scenarios

G: TimeWar = get("time_war")  # type: ignore[assignment]
NONE = {"id": "none", "name": "No scenario", "reserve": 0, "markers": [0] * 5, "neutral": [0] * 5,
        "gain_on_destroy": False, "gain_centre_each_turn": False, "gain_raid_own_turn": False,
        "points_per_white": 0, "points_per_marker": 0}


@pytest.fixture
def plain(monkeypatch: pytest.MonkeyPatch) -> None:
    """A scenario with no effect, for the base-rules examples (TW §10)."""
    monkeypatch.setitem(scenarios(), "none", NONE)


def make(scenario: str, units: list[list[int]] | None = None, active: int = 0,
         hands: list[list[str]] | None = None, **extra: Any) -> dict[str, Any]:
    """A state with the given scenario, board (y, r[, w]) and hands; decks hold the rest."""
    real = scenario if scenario in ("attrition", "centre", "objectives", "raid", "garrison") else "objectives"
    s = G.setup(["Yara", "Rex"], {"scenario": real}, seed=1)
    sc = scenarios()[scenario]
    s.update(scenario=scenario, reserve=sc["reserve"], markers=list(sc["markers"]), held=[0, 0],
             active=active, start=active, log=[])
    if units is not None:
        s["units"] = [list(u) + [0] * (3 - len(u)) for u in units]
        s["supply"] = [10 - sum(u[p] for u in s["units"]) for p in (0, 1)]
    else:
        s["units"] = [[u[0], u[1], sc["neutral"][i]] for i, u in enumerate(s["units"])]
    if hands is not None:
        for p, letter in ((0, "Y"), (1, "R")):
            rest = [f"{letter}{n}" for n in range(1, 9) if f"{letter}{n}" not in hands[p]]
            s["hands"][p], s["decks"][p] = list(hands[p]), rest
    s.update(extra)
    G.check_invariants(s)
    return s


def board(s: dict[str, Any]) -> list[tuple[int, int]]:
    return [(u[0], u[1]) for u in s["units"]]


def test_setup_board_hands_and_scores() -> None:
    """TW §4: 3/3/2 units each, supply 2, 3 cards each, 3 points each at the start."""
    s = G.setup(["A", "B"], {"scenario": "objectives"}, seed=4)
    assert board(s) == [(3, 0), (3, 0), (2, 2), (0, 3), (0, 3)]
    assert s["supply"] == [2, 2] and [len(h) for h in s["hands"]] == [3, 3]
    assert [len(d) for d in s["decks"]] == [5, 5] and s["turn"] == 1
    assert s["markers"] == [0, 1, 2, 1, 0]
    monkey = {**scenarios()["objectives"]}
    assert monkey["points_per_marker"] == 1
    starts = {G.setup(["A", "B"], {}, seed=k)["active"] for k in range(20)}
    scens = {G.setup(["A", "B"], {}, seed=k)["scenario"] for k in range(60)}
    assert starts == {0, 1} and scens == set(scenarios()) - {"none"}


def test_rules_sheet_scoring_example(plain: None) -> None:
    """TW rules, example scoring: Yellow controls its 1st, 2nd and 5th spaces
    (1+2+5 = 8); Red its 2nd (2); nobody the middle."""
    s = make("none", [[2, 0], [2, 1], [1, 1], [0, 2], [1, 0]])
    assert [G.control(s, i) for i in range(5)] == [0, 0, None, 1, 0]
    assert G.scores(s) == [8, 2]


def test_worked_example_turn_by_turn(plain: None) -> None:
    """TW §10, the spec's worked example, turn by turn."""
    s = make("none", active=0, hands=[["Y1", "Y7", "Y2"], ["R6", "R2", "R3"]])
    assert G.scores(s) == [3, 3]
    # Turn 1, Yellow: Deploy/Move card at j=2 keeping Deploy.
    s = G.apply(s, 0, Action("select", ("Y1",)))
    s = G.apply(s, 0, Action("place", (2, "deploy")))
    assert s["stacks"][1] == [["deploy", 0, "Y1"]] and s["stacks"][2] == [["move", 1, "Y1"]]
    assert G.view(s, 1)["board"]["last_play"] == {"card": "Y1", "seat": 0, "turn": 1}
    assert pending(s) == {"space": 2, "command": "move", "player": 1}
    assert G.to_act(s) == [1]  # Red decides during Yellow's turn
    assert G.legal_actions(s, 1) == [Action("move", (1,)), Action("move", (2,))]
    s = G.apply(s, 1, Action("move", (2,)))
    assert board(s) == [(3, 0), (4, 2), (2, 0), (0, 3), (0, 3)]
    assert s["supply"] == [1, 2] and G.scores(s) == [6, 3]
    assert s["active"] == 1 and s["turn"] == 2 and len(s["hands"][0]) == 3
    # Turn 2, Red: Push/Charge at j=2 keeping Charge; it covers the Move half.
    s = G.apply(s, 1, Action("select", ("R6",)))
    s = G.apply(s, 1, Action("place", (2, "charge")))
    assert s["stacks"][3] == [["charge", 1, "R6"]]
    assert s["stacks"][2] == [["move", 1, "Y1"], ["push", 0, "R6"]]
    assert board(s) == [(3, 0), (5, 2), (0, 1), (1, 1), (0, 4)]
    assert s["supply"] == [1, 2] and G.scores(s) == [3, 4]
    assert [st["command"] for st in s["steps"]] == ["charge", "push", "deploy"]
    assert s["last_play"] == {"card": "R6", "seat": 1, "turn": 2} and s["turn"] == 3
    # Turn 3, Yellow: Push/Sabotage at j=3 keeping Sabotage, covering Red's card.
    s = G.apply(s, 0, Action("select", ("Y7",)))
    s = G.apply(s, 0, Action("place", (3, "sabotage")))
    assert board(s) == [(3, 0), (6, 2), (0, 0), (1, 1), (0, 4)]
    assert s["supply"] == [0, 3] and G.scores(s) == [3, 1]
    assert [st["command"] for st in s["steps"]] == ["deploy", "sabotage", "push"]
    assert "nothing to do" in s["steps"][-1]["text"]


def test_placement_geometry_and_facing() -> None:
    """TW §3.2: the kept command lies on the player's j-th space facing them, the
    other on the (j+1)-th facing the opponent; bases always carry their owner's."""
    assert G.placement(0, 1, "deploy", "Y1") == [(0, "deploy", 0), (1, "move", 1)]
    assert G.placement(1, 1, "move", "R1") == [(4, "move", 1), (3, "deploy", 0)]
    assert G.placement(0, 4, "move", "Y1") == [(3, "move", 0), (4, "deploy", 1)]
    for active in (0, 1):
        for j in range(1, 5):
            for s_, _, face in G.placement(active, j, "push", "Y7"):
                if s_ in (0, 4):
                    assert face == (0 if s_ == 0 else 1)
    assert ahead(4, 0) is None and ahead(0, 1) is None and ahead(2, 1) == 1


def _exec(s: dict[str, Any], cmd: str, space: int, e: int, action: Action) -> dict[str, Any]:
    assert action in G.options_for(s, cmd, space, e)
    new: dict[str, Any] = canonical_copy(s)
    G._execute(new, cmd, space, e, action)
    G.check_invariants({**new, "result": {"winners": [0]}})
    return new


def canonical_copy(s: dict[str, Any]) -> dict[str, Any]:
    import json
    copy: dict[str, Any] = json.loads(canonical_json(s))
    return copy


def test_deploy(plain: None) -> None:
    """TW §6 Deploy: one unit from supply; nothing with an empty supply."""
    s = make("none", [[3, 0], [3, 0], [2, 2], [0, 3], [0, 3]])
    s2 = _exec(s, "deploy", 2, 1, Action("deploy"))
    assert board(s2)[2] == (2, 3) and s2["supply"] == [2, 1]
    s["supply"] = [2, 0]
    s["units"][4][1] += 2
    assert G.options_for(s, "deploy", 2, 1) == []


def test_move(plain: None) -> None:
    """TW §6 Move: 1..all own units one space ahead; nothing from the enemy base."""
    s = make("none", [[3, 0], [3, 0], [2, 2], [0, 3], [0, 3]])
    assert G.options_for(s, "move", 1, 0) == [Action("move", (n,)) for n in (1, 2, 3)]
    s2 = _exec(s, "move", 1, 0, Action("move", (3,)))
    assert board(s2)[1:3] == [(0, 0), (5, 2)]
    s = make("none", [[3, 1], [3, 0], [2, 2], [0, 3], [0, 2]])
    assert G.options_for(s, "move", 0, 1) == []  # Red on Yellow's base: nothing ahead
    assert G.options_for(s, "move", 3, 0) == []  # no Yellow unit there


def test_push(plain: None) -> None:
    """TW §6 Push: n pushers push n chosen units one space on, then enter; pushed
    units stay if pushed into the enemy base's far side; own colour may be pushed."""
    s = make("none", [[3, 0], [3, 0], [2, 2], [1, 3], [0, 2]])
    opts = G.options_for(s, "push", 2, 0)
    assert Action("push", (2, 1, 1, 0)) in opts and Action("push", (2, 0, 2, 0)) in opts
    assert Action("push", (3, 0, 3, 0)) not in opts  # only 2 pushers
    s2 = _exec(s, "push", 2, 0, Action("push", (2, 1, 1, 0)))
    assert board(s2)[2:] == [(0, 2), (2, 2), (1, 3)]
    s3 = _exec(s, "push", 3, 0, Action("push", (1, 0, 1, 0)))  # into the Red base: stays
    assert board(s3)[3:] == [(0, 3), (1, 2)]
    empty = make("none", [[3, 0], [3, 0], [2, 0], [0, 0], [0, 5]])
    assert G.options_for(empty, "push", 2, 0) == []  # nothing ahead to push


def test_charge(plain: None) -> None:
    """TW §6 Charge: one unit enters and destroys one unit of a chosen colour,
    own colour allowed, into either base; nothing to attack, nothing happens."""
    s = make("none", [[3, 0], [3, 0], [2, 2], [1, 3], [0, 2]])
    assert G.options_for(s, "charge", 2, 0) == [Action("charge", ("yellow",)), Action("charge", ("red",))]
    s2 = _exec(s, "charge", 2, 0, Action("charge", ("red",)))
    assert board(s2)[2:4] == [(1, 2), (2, 2)] and s2["supply"] == [1, 4]
    s3 = _exec(s, "charge", 2, 0, Action("charge", ("yellow",)))
    assert board(s3)[2:4] == [(1, 2), (1, 3)] and s3["supply"] == [2, 3]
    raid = make("none", [[3, 0], [1, 2], [2, 2], [0, 2], [0, 2]])
    assert G.options_for(raid, "charge", 1, 1) == [Action("charge", ("yellow",))]
    s4 = _exec(raid, "charge", 1, 1, Action("charge", ("yellow",)))  # Red charges into Yellow's base
    assert board(s4)[:2] == [(2, 1), (1, 1)] and s4["supply"] == [5, 2]
    s5 = make("none", [[3, 0], [3, 0], [2, 0], [0, 0], [0, 5]])
    assert G.options_for(s5, "charge", 2, 0) == []


def test_sabotage(plain: None) -> None:
    """TW §6 Sabotage: destroy a yellow or red unit here, own colour allowed."""
    s = make("none", [[3, 0], [3, 0], [2, 2], [0, 3], [0, 3]])
    assert G.options_for(s, "sabotage", 2, 1) == [Action("sabotage", ("yellow",)), Action("sabotage", ("red",))]
    s2 = _exec(s, "sabotage", 2, 1, Action("sabotage", ("red",)))
    assert board(s2)[2] == (2, 1) and s2["supply"] == [2, 3]
    assert G.options_for(make("none", [[3, 0], [3, 0], [0, 0], [2, 3], [2, 3]]), "sabotage", 2, 0) == []


def test_rally(plain: None) -> None:
    """TW §6 Rally: one own unit from any other space (bases included)."""
    s = make("none", [[3, 0], [3, 0], [2, 2], [0, 3], [0, 3]])
    assert G.options_for(s, "rally", 3, 0) == [Action("rally", (1,)), Action("rally", (2,)), Action("rally", (3,))]
    s2 = _exec(s, "rally", 3, 0, Action("rally", (1,)))
    assert board(s2)[0] == (2, 0) and board(s2)[3] == (1, 3)
    lone = make("none", [[0, 0], [0, 0], [1, 5], [0, 3], [0, 2]])
    assert G.options_for(lone, "rally", 2, 0) == []


def test_single_option_resolves_itself_and_choices_go_to_the_facing_player(plain: None) -> None:
    """TW §6: with one legal option the engine resolves it; otherwise the player the
    command faces decides, even on the opponent's turn."""
    s = make("none", active=1, hands=[["Y1", "Y2", "Y3"], ["R4", "R2", "R3"]])
    s = G.apply(s, 1, Action("select", ("R4",)))
    s = G.apply(s, 1, Action("place", (1, "move")))  # Move on the Red base (Red), Push on 4 (Yellow)
    assert pending(s) == {"space": 4, "command": "move", "player": 1}
    before = canonical_json(s)
    with pytest.raises(IllegalAction, match="must now carry out move"):
        G.apply(s, 1, Action("place", (1, "move")))
    with pytest.raises(IllegalAction):
        G.apply(s, 0, Action("move", (1,)))
    assert canonical_json(s) == before


def test_game_ends_after_sixteen_turns_and_ties_are_draws() -> None:
    """TW §7: 16 turns; the higher score wins; a tie is a draw (both seats listed)."""
    m = Match.new("time_war", [Seat("A", "bot", "random"), Seat("B", "bot", "random")], {"scenario": "raid"}, 12)
    turns = set()
    while not m.is_over():
        turns.add(m.state["turn"])
        m.play_bot()
    assert turns == set(range(1, 17))
    s = m.state
    out = G.outcome(s)
    assert out is not None and out.scores is not None
    assert out.ending is Ending.STANDINGS  # turn 16 over: the points decide (TW §7)
    sc = list(out.scores)
    if sc[0] == sc[1]:
        assert out.winners == (0, 1)
    else:
        assert out.winners == ((0,) if sc[0] > sc[1] else (1,))
    assert not any(s["hands"]) and not any(s["decks"])
    draw = {**s, "units": [[1, 1, 0]] * 4 + [[6, 6, 0]], "supply": [0, 0], "held": [0, 0],
            "result": None, "reserve": scenarios()["raid"]["reserve"]}
    G._end_game(draw)
    assert draw["result"]["winners"] == [0, 1] and "Draw" in draw["result"]["reason"]


def test_attrition_destroyed_units_give_the_other_side_a_cube() -> None:
    """TW §8.1: a destroyed unit gives its owner's opponent a white cube, even when
    you destroy your own; the reserve runs out."""
    s = make("attrition", [[3, 0], [3, 0], [2, 2], [0, 3], [0, 3]])
    s2 = _exec(s, "sabotage", 2, 0, Action("sabotage", ("yellow",)))
    assert s2["held"] == [0, 1] and s2["reserve"] == 9
    s3 = _exec(s, "sabotage", 2, 0, Action("sabotage", ("red",)))
    assert s3["held"] == [1, 0]
    s["reserve"], s["held"] = 0, [6, 4]
    s4 = _exec(s, "sabotage", 2, 0, Action("sabotage", ("red",)))
    assert s4["held"] == [6, 4]
    assert G.scores(s4)[0] == G.scores({**s4, "held": [0, 4]})[0] + 6


def test_centre_controller_gains_each_turn() -> None:
    """TW §8.2: at the end of every turn the player controlling the middle takes a cube."""
    s = make("centre", [[3, 0], [3, 0], [1, 3], [0, 2], [0, 1]], active=0,
             hands=[["Y1", "Y2", "Y3"], ["R1", "R2", "R3"]])
    G._end_turn(s)
    assert s["held"] == [0, 1] and s["reserve"] == 9 and s["active"] == 1
    G._end_turn(s)
    assert s["held"] == [0, 2]


def test_objectives_markers_score_for_the_controller() -> None:
    """TW §8.3: +1 per marker on each controlled space; markers never move."""
    s = make("objectives", [[2, 0], [2, 1], [1, 0], [0, 2], [0, 5]])
    # Yellow: spaces 1,2,3 = 1+2+3 plus markers 1+2; Red: space 4 (value 2) + 1 marker, space 5 (1)
    assert G.scores(s) == [1 + 2 + 3 + 1 + 2, 2 + 1 + 1]


def test_raid_only_on_your_own_turn() -> None:
    """TW §8.4: at the end of your own turn, a unit in the enemy base earns a cube."""
    s = make("raid", [[3, 1], [3, 0], [2, 2], [0, 3], [1, 2]], active=0,
             hands=[["Y1", "Y2", "Y3"], ["R1", "R2", "R3"]])
    G._end_turn(s)
    assert s["held"] == [1, 0]
    G._end_turn(s)  # Red's turn: Red has a unit in the Yellow base
    assert s["held"] == [1, 1]


def test_garrison_neutral_units() -> None:
    """TW §8.5: three neutral cubes in the middle can be pushed and charged (trophy,
    2 points) but never sabotaged, and never count for control."""
    s = make("garrison")
    assert [u[2] for u in s["units"]] == [0, 0, 3, 0, 0]
    assert Action("charge", ("white",)) in G.options_for(s, "charge", 1, 0)
    s2 = _exec(s, "charge", 1, 0, Action("charge", ("white",)))
    assert s2["units"][2] == [3, 2, 2] and s2["held"] == [1, 0]
    assert G.scores(s2)[0] - G.scores({**s2, "held": [0, 0]})[0] == 2
    assert all(a.args[0] != "white" for a in G.options_for(s, "sabotage", 2, 0))
    s3 = _exec(s, "push", 1, 0, Action("push", (1, 0, 0, 1)))
    assert s3["units"][2] == [3, 2, 2] and s3["units"][3] == [0, 3, 1]
    assert G.control(s3, 3) == 1


def test_match_of_two_swaps_the_start_and_adds_scores() -> None:
    """TW §7 variant: two games, starting player swapped, scores summed."""
    m = Match.new("time_war", [Seat("A", "bot", "random"), Seat("B", "bot", "random")],
                  {"scenario": "centre", "match_of_two": True}, 8)
    first_start = m.state["start"]
    while m.state["game_no"] == 1:
        m.play_bot()
    assert m.state["start"] == 1 - first_start and m.state["turn"] == 1
    carry = list(m.state["carry"])
    assert G.scores(m.state) == [carry[0] + 3 + 0, carry[1] + 3]  # fresh board: 3 each
    while not m.is_over():
        m.play_bot()
    out = G.outcome(m.state)
    assert out is not None and out.scores is not None and out.scores[0] >= carry[0]


def test_hidden_hands_and_determinize() -> None:
    """TW §9.19: hands and deck order are secret; the unplayed set is public."""
    s = G.setup(["A", "B"], {"scenario": "raid"}, seed=5)
    v = G.view(s, 0)["board"]["players"]
    assert v[0]["hand"] == s["hands"][0] and v[1]["hand"] is None
    assert v[1]["unplayed"] == sorted(s["hands"][1] + s["decks"][1])
    d = G.determinize(s, 0, Rng.from_seed(3))
    assert d["hands"][0] == s["hands"][0]
    assert sorted(d["hands"][1] + d["decks"][1]) == sorted(s["hands"][1] + s["decks"][1])
    assert card_halves("Y8") == ("charge", "rally")


def test_end_of_turn_draw_is_a_reveal_so_undo_stops_there(plain: None) -> None:
    """TW §5.3: the player draws at the end of the turn; the card was hidden in the
    deck, so ``Match.undo`` may not cross it (issue 9). A turn that draws nothing
    (empty deck) stays undoable."""
    m = Match.new("time_war", [Seat("Yara"), Seat("Rex")], {"scenario": "attrition"}, 5)
    s = make("none", active=0, hands=[["Y1", "Y7", "Y2"], ["R6", "R2", "R3"]])
    m._states = [s]
    m.apply(0, Action("select", ("Y1",)))
    assert m.can_undo(0)
    m.apply(0, Action("place", (2, "deploy")))
    before = m.state["reveals"]
    m.apply(1, Action("move", (2,)))  # Red's choice ends Yellow's turn: Yellow draws
    assert m.state["hands"][0] == ["Y7", "Y2", "Y8"] and m.state["reveals"] == before + 1
    assert not m.can_undo(1) and not m.can_undo()
    empty = make("none", active=0, hands=[["Y1", "Y7", "Y2"], ["R6", "R2", "R3"]])
    empty["decks"][0] = []
    placed = G.apply(G.apply(empty, 0, Action("select", ("Y1",))), 0, Action("place", (2, "deploy")))
    after = G.apply(placed, 1, Action("move", (2,)))
    assert after["active"] == 1 and after["reveals"] == placed["reveals"] and after["rng"] == placed["rng"]


# ---- final standings (issue 24 §1) ------------------------------------------------------------

def ended(s: dict[str, Any], turn: int = 16) -> dict[str, Any]:
    """``s`` scored as at the end of its last turn (TW §7)."""
    s["turn"] = turn
    G._end_game(s)
    assert G.outcome(s) is not None
    return s


def standings(s: dict[str, Any]) -> Standings:
    """The standings, checked against the outcome (place 1 = the winners) and the view."""
    st = G.standings(s)
    out = G.outcome(s)
    assert st is not None and out is not None
    assert {p for r in st.rows if r.place == 1 for p in r.seats} == set(out.winners)
    assert sorted(p for r in st.rows for p in r.seats) == [0, 1]
    assert G.view(s, None)["standings"] == st.to_json()
    return st


def test_no_standings_while_the_game_runs(plain: None) -> None:
    s = make("none", active=1, hands=[["Y1"], ["R1"]], turn=15)
    assert G.standings(s) is None and G.view(s, 0)["standings"] is None
    g1 = make("none", game_no=1, carry=[0, 0])
    g1["options"]["match_of_two"] = True
    G._end_game(g1)  # the first game of a match ends: the match goes on
    assert g1["result"] is None and g1["game_no"] == 2 and G.standings(g1) is None


def test_standings_after_the_last_card_is_played(plain: None) -> None:
    """TW §7: turn 16, Red lays the last card (Deploy on the Red base, which it no longer
    Controls: 1 against 1; Move for Yellow on the Red front, with nothing to move); the
    game ends and scores 3 to 2."""
    s = make("none", [[2, 0], [2, 1], [1, 1], [0, 2], [1, 0]], active=1, hands=[[], ["R1"]], turn=16)
    s["decks"] = [[], []]
    s = G.apply(s, 1, Action("place", (1, "deploy")))
    assert board(s)[4] == (1, 1) and s["result"] is not None
    assert standings(s) == Standings(
        (Standing(1, (0,), "3 points", (("Yellow base", "1"), ("Yellow front", "2"), ("Middle", "0"),
                                        ("Red front", "0"), ("Red base", "0"))),
         Standing(2, (1,), "2 points", (("Yellow base", "0"), ("Yellow front", "0"), ("Middle", "0"),
                                        ("Red front", "2"), ("Red base", "0")))),
        "Both players have laid all their cards; Yara (Yellow) has more points, 3 to 2.", "TW §7", "16 turns")


def test_standings_of_the_rules_sheet_scoring_example(plain: None) -> None:
    """TW rules, example scoring: Yellow Controls its 1st, 2nd and 5th spaces (1 + 2 + 5 =
    8), Red its 2nd (2), nobody the middle."""
    s = ended(make("none", [[2, 0], [2, 1], [1, 1], [0, 2], [1, 0]]))
    assert standings(s) == Standings(
        (Standing(1, (0,), "8 points", (("Yellow base", "1"), ("Yellow front", "2"), ("Middle", "0"),
                                        ("Red front", "0"), ("Red base", "5"))),
         Standing(2, (1,), "2 points", (("Yellow base", "0"), ("Yellow front", "0"), ("Middle", "0"),
                                        ("Red front", "2"), ("Red base", "0")))),
        "Both players have laid all their cards; Yara (Yellow) has more points, 8 to 2.", "TW §7", "16 turns")


def test_standings_of_a_draw_share_first_place(plain: None) -> None:
    """TW §7: 5 points each (Yellow: its base 1 + the Red front 4; Red: its base 1 + the
    Yellow front 4) is a draw: both on place 1, Yellow's row first (seat order)."""
    s = ended(make("none", [[2, 0], [0, 1], [1, 1], [2, 0], [0, 2]]))
    assert s["result"]["winners"] == [0, 1]
    assert standings(s) == Standings(
        (Standing(1, (0,), "5 points", (("Yellow base", "1"), ("Yellow front", "0"), ("Middle", "0"),
                                        ("Red front", "4"), ("Red base", "0"))),
         Standing(1, (1,), "5 points", (("Yellow base", "0"), ("Yellow front", "4"), ("Middle", "0"),
                                        ("Red front", "0"), ("Red base", "1")))),
        "Both players have laid all their cards and both sides have 5 points: a draw, to be replayed.",
        "TW §7", "16 turns")


def test_standings_count_the_scenario_points() -> None:
    """TW §8: Hold the Centre's white cubes (1 point each), Lost Legion's trophies (2 points
    each), Strategic Objectives' markers on the spaces a player Controls (+1 each); Red
    wins, so Red's row comes first."""
    s = ended(make("centre", [[1, 0], [1, 1], [0, 3], [0, 2], [0, 1]], held=[1, 4], reserve=5))
    assert standings(s) == Standings(
        (Standing(1, (1,), "10 points", (("Yellow base", "0"), ("Yellow front", "0"), ("Middle", "3"),
                                         ("Red front", "2"), ("Red base", "1"), ("Hold the Centre", "4 (4 white cubes)"))),
         Standing(2, (0,), "2 points", (("Yellow base", "1"), ("Yellow front", "0"), ("Middle", "0"),
                                        ("Red front", "0"), ("Red base", "0"), ("Hold the Centre", "1 (1 white cube)")))),
        "Both players have laid all their cards; Rex (Red) has more points, 10 to 2.", "TW §7", "16 turns")
    s = ended(make("garrison", [[3, 0, 0], [3, 0, 0], [0, 0, 2], [0, 3, 0], [0, 3, 0]], held=[1, 0]))
    rows = standings(s).rows
    assert [(r.seats, r.score, r.details[-1]) for r in rows] == [
        ((0,), "5 points", ("Lost Legion", "2 (1 trophy)")), ((1,), "3 points", ("Lost Legion", "0 (0 trophies)"))]
    s = ended(make("objectives", [[2, 0], [2, 1], [1, 0], [0, 2], [0, 5]]))
    assert [(r.seats, r.score, r.details) for r in standings(s).rows] == [
        ((0,), "9 points", (("Yellow base", "1"), ("Yellow front", "3 (2 + 1 marker)"),
                            ("Middle", "5 (3 + 2 markers)"), ("Red front", "0"), ("Red base", "0"))),
        ((1,), "4 points", (("Yellow base", "0"), ("Yellow front", "0"), ("Middle", "0"),
                            ("Red front", "3 (2 + 1 marker)"), ("Red base", "1")))]


def test_standings_of_a_match_of_two_add_both_games(plain: None) -> None:
    """TW §7 variant: Red led game 1 by 9 to 4; Yellow wins game 2 by 8 to 2, and the match
    by 12 to 11. Each row gives both games' points, then game 2's spaces."""
    s = make("none", [[2, 0], [2, 1], [1, 1], [0, 2], [1, 0]], game_no=2, carry=[4, 9])
    s["options"]["match_of_two"] = True
    s = ended(s)
    assert standings(s) == Standings(
        (Standing(1, (0,), "12 points", (("Game 1", "4 points"), ("Game 2", "8 points"),
                                         ("Game 2: Yellow base", "1"), ("Game 2: Yellow front", "2"),
                                         ("Game 2: Middle", "0"), ("Game 2: Red front", "0"),
                                         ("Game 2: Red base", "5"))),
         Standing(2, (1,), "11 points", (("Game 1", "9 points"), ("Game 2", "2 points"),
                                         ("Game 2: Yellow base", "0"), ("Game 2: Yellow front", "0"),
                                         ("Game 2: Middle", "0"), ("Game 2: Red front", "2"),
                                         ("Game 2: Red base", "0")))),
        "Both games of the match are over; Yara (Yellow) has more points over the two games, 12 to 11.",
        "TW §7", "2 games of 16 turns")
    s = make("none", [[2, 0], [2, 1], [1, 1], [0, 2], [1, 0]], game_no=2, carry=[1, 7])
    s["options"]["match_of_two"] = True
    st = standings(ended(s))
    assert [(r.place, r.seats, r.score) for r in st.rows] == [(1, (0,), "9 points"), (1, (1,), "9 points")]
    assert st.how == ("Both games of the match are over and both sides have 9 points over the two games: "
                      "a draw, to be replayed.")


def test_in_the_app_a_normal_bot_searches_half_as_long_as_the_core_limit() -> None:
    """Issue 29: Time War's normal bot may search 0.3 s per decision in the app (the core gives
    normal 0.6 s), so on a phone, where the limit ends the search, hard still searches three times
    longer; easy and hard keep the core's limits, and without a time limit (tests, benchmarks)
    every level keeps its seed's move."""
    m = Match.new("time_war", [Seat("N", "bot", "normal"), Seat("H", "bot", "hard")], {}, 3)
    limits = {}
    while len(limits) < 2:
        thinking = m.think(time_limited=True)
        assert thinking is not None
        limits[thinking.seat] = thinking.time_limit
        m.play_bot()
    assert limits == {0: 0.3, 1: 1.0}
    assert m.game.bot_time_limit("easy") == 0.3
    untimed = m.think()
    assert untimed is not None and untimed.time_limit is None


def _owed(name: str, seed: int) -> tuple[dict[str, Any], int]:
    """A state of a random game (``seed``) where a charge or sabotage decision (``name``) is owed
    with a unit of each side to choose from, and the seat that owes it."""
    rng = random.Random(seed)
    for game in range(200):
        s = G.setup(["Yara", "Rex"], {}, seed=seed * 1000 + game)
        while G.outcome(s) is None:
            seat = G.to_act(s)[0]
            acts = G.legal_actions(s, seat)
            colours = {a.args[0] for a in acts if a.name == name}
            if {"yellow", "red"} <= colours:
                return s, seat
            s = G.apply(s, seat, rng.choice(acts))
    raise AssertionError(f"no {name} with both colours in 200 games")


@pytest.mark.parametrize("name", ["sabotage", "charge"])
def test_destroying_your_own_unit_asks_first_when_an_enemy_unit_could_be_chosen(name: str) -> None:
    """TW §6: the player a charge or a sabotage faces chooses the unit, own units included; the
    app asks before one's own unit is destroyed (issue 48), read from the view's options."""
    for seed in range(3):
        s, seat = _owed(name, seed)
        own, enemy = ("yellow", "red") if seat == 0 else ("red", "yellow")
        assert G.caution(s, seat, Action(name, (own,))) == "This destroys one of your own units."
        assert G.caution(s, seat, Action(name, (enemy,))) is None
        cautions = {tuple(a["action"]): a["caution"] for a in G.view(s, seat)["actions"] if "caution" in a}
        assert cautions == {(name, own): "This destroys one of your own units."}


def test_no_caution_when_your_own_unit_is_the_only_choice(plain: None) -> None:
    """A sabotage on a space with only the executor's units: the command must be carried out
    (TW §6), so the one option is its price and asks nothing."""
    s = make("none", [[3, 0], [3, 0], [2, 0], [0, 3], [0, 3]])
    assert G.options_for(s, "sabotage", 2, 0) == [Action("sabotage", ("yellow",))]
    assert G.caution(s, 0, Action("sabotage", ("yellow",))) is None
    assert G.caution(s, 0, Action("move", (1,))) is None
