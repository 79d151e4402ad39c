"""TimeOfCrisis.caution (issue 24 §2): a Place Governor roll (ToC §6.3.2) with fewer
dice than the votes needed asks for a confirmation that names the exact chance left
(only bonus dice from sixes can make up the difference)."""

from __future__ import annotations

import random
from fractions import Fraction

from py_engine.core import Action, State
from py_engine.time_of_crisis import GAME
from py_engine.time_of_crisis import components as D
from py_engine.time_of_crisis.labels import cost
from py_engine.time_of_crisis.rules import pg_chance

from .toc import NAMES, act, table


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


# ---- what an option spends (issue 48 §1: a board tap that spends points asks first) -----------
def _pool(s: State, seat: int, pool: str) -> int:
    """The points of ``pool`` the seat has: Take Actions points (ToC §6.3) or the
    Political Points of Buy/Trash (§6.4)."""
    if pool == "political":
        m = s["main"]
        return int(m["stack"][-1]["pp"])
    return int(s["tp"]["pts"][pool])


def test_a_move_names_its_cost_and_what_is_left() -> None:
    """An army in Gallia moving to Hispania (distance 1 on the map's links) spends 1 of 3
    Military points; ending the actions spends nothing."""
    s = table(prov={"gallia": {"gov": 0, "sup": 2}}, armies=[{"owner": 0, "at": "gallia"}], pts={"military": 3})
    moves = {a["action"][2]: a for a in GAME.view(s, 0)["actions"] if a["action"][0] == "move"}
    d = D.distances("gallia")
    one = next(r for r in moves if d[r] == 1)
    two = next(r for r in moves if d[r] == 2)
    assert moves[one]["spends"] == "This spends 1 Military point of your 3."
    assert moves[two]["spends"] == "This spends 2 Military points of your 3."
    end = next(a for a in GAME.view(s, 0)["actions"] if a["action"] == ["end"])
    assert "spends" not in end and GAME.spends(s, 0, Action("end")) is None


def test_what_an_option_spends_is_what_it_takes() -> None:
    """Over seeded random games of 2 to 4 players: every option whose view entry says it
    spends k of a pool takes exactly k from that pool when played (ToC §6.3, §6.3.2, §6.4),
    and the number agrees with the cost its label names; options that say nothing take
    nothing from the Take Actions points."""
    checked: dict[str, int] = {}
    for seed in range(6):
        n = 2 + seed % 3
        rng = random.Random(seed)
        s = GAME.setup(NAMES[:n], {}, seed=seed)
        for _ in range(400):
            if GAME.outcome(s) is not None:
                break
            seat = GAME.to_act(s)[0]
            for a in GAME.legal_actions(s, seat):
                c = cost(GAME, s, seat, a)
                said = GAME.spends(s, seat, a)
                if c is None:
                    assert said is None
                    if a.name not in ("end", "play", "hand", "done"):
                        after = GAME.apply(s, seat, a)
                        if after["tp"] is s["tp"] or after["active"] == s["active"]:
                            for pool in ("military", "senate", "populace"):
                                assert after["tp"]["pts"][pool] >= s["tp"]["pts"][pool], (a, pool)
                    continue
                k, pool, have = c
                assert k > 0 and have == _pool(s, seat, pool) and said is not None and f" {k} " in said
                label = GAME.action_label(s, seat, a)
                if "(" in label and a.name not in ("spend", "place_governor"):
                    assert f"({k} " in label, (label, k)
                after = GAME.apply(s, seat, a)
                left = (after["tp"]["pts"][pool] if pool != "political"
                        else _pool(after, seat, pool) if after["main"]["stack"] and after["main"]["stack"][-1]["k"] == "turn_end"
                        else None)
                if left is not None:
                    assert left == have - k, (a, pool, have, k, left)
                    checked[a.name] = checked.get(a.name, 0) + 1
            s = GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))
    assert {"move", "create_army", "recruit_general", "recruit_governor", "support", "buy", "spend"} <= set(checked), checked
