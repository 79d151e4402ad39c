"""TimeOfCrisis.caution (issue 24 §2): a Place Governor roll (ToC §6.3.2) with fewer
dice than the votes needed asks for a confirmation that names the exact chance left
(only bonus dice from sixes can make up the difference)."""

from __future__ import annotations

from fractions import Fraction

from py_engine.core import Action
from py_engine.time_of_crisis import GAME
from py_engine.time_of_crisis.rules import pg_chance

from .toc import act, table


def test_chance_by_enumeration() -> None:
    """Worked values: against a player a 1 is no vote, a 6 a vote and a bonus die."""
    assert pg_chance(3, 3, True) == 1  # against the Neutrals every die is a vote
    assert pg_chance(2, 3, True) == Fraction(11, 36)  # at least one 6 in two dice
    assert pg_chance(1, 2, False) == Fraction(5, 36)  # a 6, then not a 1
    assert pg_chance(1, 1, False) == Fraction(5, 6)
    # the rulebook's Hispania example: 4 dice for 5 votes (it passed thanks to two sixes)
    assert pg_chance(4, 5, False) == Fraction(508045, 1679616)


def test_choosing_a_province_your_points_cannot_reach() -> None:
    """Gallia at support 3 under another player: 6 votes; 4 Senate points are 4 dice."""
    s = table(prov={"gallia": {"gov": 1, "sup": 3}, "pannonia": {"gov": 1, "sup": 2}}, pts={"senate": 4},
              govs=[2, 3])
    assert GAME.votes_needed(s, 0, "gallia") == 6 and GAME.votes_needed(s, 0, "pannonia") == 4
    assert GAME.caution(s, 0, Action("place_governor", ("gallia",))) == (
        "Your 4 Senate points give 4 dice for 6 votes: only bonus dice from sixes could reach them "
        "(an 11% chance at most).")
    assert GAME.caution(s, 0, Action("place_governor", ("pannonia",))) is None
    view = {a["action"][1]: a.get("caution") for a in GAME.view(s, 0)["actions"] if a["action"][0] == "place_governor"}
    assert view["gallia"] is not None and view["pannonia"] is None


def test_spending_too_few_points() -> None:
    """Pannonia needs 4 votes; spending 2 or 3 of the 4 points is cautioned, 4 is not."""
    s = table(prov={"pannonia": {"gov": 1, "sup": 2}}, pts={"senate": 4}, govs=[2, 1])
    s = act(s, "place_governor", "pannonia")
    got = {a["action"][1]: a.get("caution") for a in GAME.view(s, 0)["actions"]}
    assert got == {1: "1 die for 4 votes: only bonus dice from sixes could reach them (less than a 1% chance).",
                   2: "2 dice for 4 votes: only bonus dice from sixes could reach them (a 5% chance).",
                   3: "3 dice for 4 votes: only bonus dice from sixes could reach them (a 27% chance).",
                   4: None}
    assert float(pg_chance(2, 4, False)) < 0.06 and float(pg_chance(3, 4, False)) > 0.26


def test_no_spend_is_warned_of_when_none_could_reach() -> None:
    """Gallia needs 6 votes and Ann has 4 points: the choice of the province asked; then
    every spend is as short, and spending all 4 is the best left: no spend asks again."""
    s = table(prov={"gallia": {"gov": 1, "sup": 3}}, pts={"senate": 4}, govs=[2, 3])
    assert GAME.caution(s, 0, Action("place_governor", ("gallia",))) is not None
    s = act(s, "place_governor", "gallia")
    assert [a.get("caution") for a in GAME.view(s, 0)["actions"]] == [None] * 4


def test_other_actions_carry_no_caution() -> None:
    s = table(prov={"pannonia": {"gov": 1, "sup": 2}}, pts={"senate": 4}, govs=[2, 1])
    assert GAME.caution(s, 0, Action("end")) is None
    assert GAME.caution(s, 1, Action("spend", (1,))) is None
