"""Winning and ending the game (B §19): the win conditions in priority order at the
start of a turn, and the political ranking."""

from __future__ import annotations

from py_engine.barons import GAME
from py_engine.barons import components as C
from py_engine.barons.machine import controls, realms_controlled, run
from py_engine.barons.turn import political_key, political_winners
from py_engine.core import Ending
from tests.barons.bx import build, new


def start_turn(s: dict, p: int) -> dict:
    """Run the start of ``p``'s turn (where the win conditions are checked)."""
    s["active"] = p
    s["stack"] = [{"k": "turn"}]
    run(s)
    return s


def keeps_everywhere(s: dict, p: int, realms: tuple[str, ...] = C.REALMS) -> None:
    for r in realms:
        build(s, C.realm_lands()[r][0], (p, 2))


def test_last_baron_standing() -> None:
    """B §19 (1): only one character alive: that player wins."""
    s = new(("rendrick", "illistaire", "vesper"))
    s["players"][1]["alive"] = s["players"][2]["alive"] = False
    start_turn(s, 0)
    out = GAME.outcome(s)
    assert out is not None and out.winners == (0,) and out.reason == "Ann is the last baron standing (B §19)."
    assert out.ending is Ending.ELIMINATION
    assert GAME.to_act(s) == [] and GAME.legal_actions(s, 0) == []


def test_true_baron_has_a_keep_in_every_realm() -> None:
    """B §19 (2): a keep on at least one open land of each of the six realms wins at
    the start of a turn, whoever's turn it is."""
    s = new(("rendrick", "illistaire", "vesper"))
    keeps_everywhere(s, 2, C.REALMS[:5])
    start_turn(s, 0)
    assert GAME.outcome(s) is None
    keeps_everywhere(s, 2)
    s["stack"] = [{"k": "turn"}]
    run(s)
    out = GAME.outcome(s)
    assert out is not None and out.winners == (2,) and "keep in every realm" in out.reason
    assert out.ending is Ending.GOAL


def test_two_true_barons_the_higher_political_score_wins() -> None:
    """B §19 (2): if two qualify at once, the higher political ranking wins."""
    s = new(("rendrick", "illistaire"))
    keeps_everywhere(s, 0)
    keeps_everywhere(s, 1)
    build(s, "FIRE-L4", (1, 1))  # Bob now controls the Fire Mountains
    start_turn(s, 0)
    out = GAME.outcome(s)
    assert out is not None and out.winners == (1,)


def test_the_baron_holds_every_land() -> None:
    """B §19 (3): a building on all 24 open lands (dwellings will do)."""
    s = new(("rendrick", "illistaire"))
    for x in C.lands():
        build(s, x, (1, 1))
    start_turn(s, 0)
    out = GAME.outcome(s)
    assert out is not None and out.winners == (1,) and "every open land" in out.reason
    assert out.ending is Ending.GOAL


def test_all_land_claimed_is_a_political_victory() -> None:
    """B §19 (4): every open land holds a building: scored politically (most realms)."""
    s = new(("rendrick", "illistaire", "vesper"))
    for i, x in enumerate(C.lands()):
        build(s, x, (i % 2, 1))
    build(s, "BLACK-L4", (2, 1), (0, 1))
    start_turn(s, 1)
    out = GAME.outcome(s)
    assert out is not None and "Every open land has been claimed" in out.reason
    assert out.ending is Ending.STANDINGS
    assert out.winners == tuple(political_winners(s, [0, 1, 2]))


def test_round_limit_at_the_start_of_round_61() -> None:
    """B §19 (5): after 60 full rounds the game ends with a political victory."""
    s = new(("rendrick", "illistaire"))
    s["round"] = 60
    start_turn(s, 0)
    assert GAME.outcome(s) is None
    s["round"] = 61
    s["stack"] = [{"k": "turn"}]
    run(s)
    out = GAME.outcome(s)
    assert out is not None and "round limit (60 rounds)" in out.reason
    assert out.ending is Ending.STANDINGS


def test_realm_control_is_a_strict_plurality_of_points() -> None:
    """B §19 political victory: dwelling 1, keep 2; strictly more than every other."""
    s = new(("rendrick", "illistaire", "vesper"))
    build(s, "SNOW-L1", (0, 2))
    build(s, "SNOW-L2", (1, 1), (2, 1))
    assert controls(s, 0, "SNOW")
    build(s, "SNOW-L3", (1, 1))
    assert not controls(s, 0, "SNOW") and not controls(s, 1, "SNOW")


def test_political_ranking_and_tie_breaks() -> None:
    """B §19: most realms, then property value, gold, trophies; otherwise shared."""
    s = new(("rendrick", "illistaire", "vesper"))
    build(s, "SNOW-L1", (0, 1))
    build(s, "DESERT-L1", (1, 1))
    assert realms_controlled(s, 0) == realms_controlled(s, 1) == 1
    assert political_winners(s, [0, 1, 2]) == [1]  # Sunscorch Flats (15) is worth more than Frostfield (10)
    build(s, "DESERT-L1")
    build(s, "SNOW-L2", (1, 1))
    s["bld"]["SNOW-L1"] = []
    build(s, "DESERT-L2", (0, 1))
    assert political_key(s, 0)[:2] == (1, 15) and political_key(s, 1)[:2] == (1, 10)
    s["players"][1]["gold"] = 200
    assert political_winners(s, [0, 1]) == [0]
    build(s, "DESERT-L2")
    build(s, "SNOW-L2")
    s["players"][1]["gold"] = 50
    assert political_winners(s, [0, 1, 2]) == [0, 1, 2]  # everything equal: a shared victory
    s["players"][2]["trophies"] = ["vampire"]
    s["ddeck"].remove("vampire")
    assert political_winners(s, [0, 1, 2]) == [2]


def test_priority_order_last_survivor_before_keeps() -> None:
    """B §19: the first condition that applies decides: Bob, alone alive, also has a
    keep in every realm; he wins as the last baron standing."""
    s = new(("rendrick", "illistaire", "vesper"))
    keeps_everywhere(s, 1)
    s["players"][0]["alive"] = False
    s["players"][2]["alive"] = False
    start_turn(s, 1)
    out = GAME.outcome(s)
    assert out is not None and out.winners == (1,) and "last baron standing" in out.reason
