"""The final standings (issue 24 §1; ToC §7.1, §7.2): legacy before and after the Emperor
Turns bonus, the tie-breaks in the rulebook's order, how the game ended and its length."""

from __future__ import annotations

import random
from typing import Any

import pytest

from py_engine.core import Standing, Standings
from py_engine.time_of_crisis import GAME

from .test_turn import _end_turn
from .toc import act, crisis_dice, dice, table


def row(place: int, seat: int, legacy: int, before: int, eturns: int, bonus: int, emp: bool = False,
        pret: bool = False, provs: int = 0, legions: int = 0, die: str | None = None,
        sources: tuple[tuple[str, str], ...] | None = None) -> Standing:
    """The expected row of ``seat``; ``sources``: where the legacy before the bonus came from
    (default: a :func:`table`'s, all from provinces governed)."""
    yn = {True: "yes", False: "no"}
    if sources is None:
        sources = (("From provinces governed", str(before)),) if before else ()
    details = [*sources, ("Legacy before the bonus", str(before)), ("Emperor Turns", str(eturns)),
               ("Emperor Turns bonus", f"+{bonus}"), ("Emperor", yn[emp]), ("Pretender", yn[pret]),
               ("Provinces", str(provs)), ("Legions", str(legions))]
    if die is not None:
        details.append(("Die roll", die))
    return Standing(place, (seat,), f"{legacy} legacy", tuple(details))


def last_round_over(s: dict[str, Any], turns: int) -> dict[str, Any]:
    """End ``s`` as the engine does after the last round (ToC §7.1), every seat having
    taken ``turns`` turns."""
    s["turns"] = [turns] * len(s["seats"])
    s["last_round"] = True
    GAME._finish(s, "The last round is over (ToC §7.1).")
    return s


LAST = "An Emperor ended his turn with 60 legacy or more, so the last round was played; the game ended once every player had taken "


def test_no_standings_while_the_game_runs() -> None:
    s = table(legacy=[70, 10], prov={"italia": {"gov": 0}})
    assert GAME.outcome(s) is None and GAME.standings(s) is None
    assert GAME.view(s, 0)["standings"] is None and GAME.view(s, None)["standings"] is None


def test_rulebook_emperor_bonus_example() -> None:
    """ToC §7.1 example: Emperor Turns 5, 5, 3, 0 earn 10, 10, 3 and 0 legacy. With 50, 40, 57
    and 59 legacy before, Ann and Cy tie at 60: Cy governs a province, Ann none (the third
    tie-break); Di's 59 is third, Bob's 50 last."""
    s = last_round_over(table(n=4, eturns=[5, 5, 3, 0], legacy=[50, 40, 57, 59], prov={"gallia": {"gov": 2}}), 9)
    assert GAME.outcome(s).winners == (2,)  # type: ignore[union-attr]
    assert GAME.standings(s) == Standings((
        row(1, 2, 60, 57, 3, 3, provs=1),
        row(2, 0, 60, 50, 5, 10),
        row(3, 3, 59, 59, 0, 0),
        row(4, 1, 50, 40, 5, 10)),
        LAST + "9 turns.", "ToC §7.1", "9 rounds (36 turns)")
    assert GAME.view(s, 1)["standings"] == GAME.standings(s).to_json()  # type: ignore[union-attr]


def test_each_row_says_where_its_legacy_came_from() -> None:
    """Issue 25 §4: a row lists each source of the player's legacy (ToC §6.6: provinces,
    improvements, the Emperor's share of Italia's support, a lone Pretender's markers; §8.2:
    battles won; §5.2: events), skipping those he gained nothing from, then the total before
    the Emperor Turns bonus (§7.1) and the bonus. Ann's Gain Legacy phase as Emperor runs by
    the rules; a battle's legacy is added as :mod:`test_combat` shows the rules add it."""
    s = table(prov={"italia": {"gov": 0}, "gallia": {"gov": 0, "imps": ["amphitheater"]}}, italia=3)
    s = act(s, "end")  # Ann's Gain Legacy: 2 provinces, 1 improvement, 3 as Emperor; an Emperor Turn
    me = s["players"][0]
    assert (me["legacy"], me["eturns"]) == (6, 1)
    me["gained"]["battles"] += 4  # as a battle won against two barbarian counters adds (test_combat)
    me["legacy"] += 4
    GAME.check_invariants(s)
    last_round_over(s, 5)
    ann = GAME.standings(s).rows[0]  # type: ignore[union-attr]
    assert ann == Standing(1, (0,), "20 legacy", (
        ("From provinces governed", "2"), ("From improvements", "1"), ("As Emperor, from Italia's support", "3"),
        ("From battles won", "4"), ("Legacy before the bonus", "10"), ("Emperor Turns", "1"),
        ("Emperor Turns bonus", "+10"), ("Emperor", "yes"), ("Pretender", "no"), ("Provinces", "2"),
        ("Legions", "0")))
    me["legacy"] += 1
    with pytest.raises(AssertionError, match="legacy 21 from"):
        GAME.check_invariants(s)


@pytest.mark.parametrize("case", ["emperor", "pretender", "provinces", "legions", "die"])
def test_each_tie_break_in_the_rulebook_order(case: str) -> None:
    """ToC §7.1: legacy ties go to the Emperor, then a Pretender, then the most provinces,
    then the most legions, then a die roll (the rolls are not kept: the loser is 2nd)."""
    kw: dict[str, Any] = {"legacy": [30, 30]}
    if case == "emperor":  # Bob is Emperor (Italia); Ann has more provinces, which comes later
        s = table(prov={"italia": {"gov": 1}, "gallia": {"gov": 0}, "thracia": {"gov": 0}}, **kw)
        rows = (row(1, 1, 30, 30, 0, 0, emp=True, provs=1), row(2, 0, 30, 30, 0, 0, provs=2))
    elif case == "pretender":
        s = table(prov={"gallia": {"gov": 0, "sup": 3, "mark": "sop"}, "thracia": {"gov": 1}, "pannonia": {"gov": 1}},
                  **kw)
        rows = (row(1, 0, 30, 30, 0, 0, pret=True, provs=1), row(2, 1, 30, 30, 0, 0, provs=2))
    elif case == "provinces":
        s = table(prov={"gallia": {"gov": 1}, "pannonia": {"gov": 1}, "thracia": {"gov": 0}},
                  armies=[{"owner": 0, "at": "thracia", "full": 3}], **kw)
        rows = (row(1, 1, 30, 30, 0, 0, provs=2), row(2, 0, 30, 30, 0, 0, provs=1, legions=3))
    elif case == "legions":
        s = table(prov={"gallia": {"gov": 1}, "thracia": {"gov": 0}},
                  armies=[{"owner": 0, "at": "thracia", "full": 1, "red": 1}, {"owner": 1, "at": "gallia"}], **kw)
        rows = (row(1, 0, 30, 30, 0, 0, provs=1, legions=2), row(2, 1, 30, 30, 0, 0, provs=1, legions=1))
    else:
        s = table(prov={"gallia": {"gov": 1}, "thracia": {"gov": 0}}, **kw)
        rows = (row(1, 1, 30, 30, 0, 0, provs=1, die="won"), row(2, 0, 30, 30, 0, 0, provs=1, die="lost"))
    with dice(*((2, 5) if case == "die" else ())):
        last_round_over(s, 3)
    assert GAME.outcome(s).winners == rows[0].seats  # type: ignore[union-attr]
    assert GAME.standings(s) == Standings(rows, LAST + "3 turns.", "ToC §7.1", "3 rounds (6 turns)")


def test_losers_are_ranked_by_the_same_tie_breaks() -> None:
    """ToC §7.1's order ranks every player, not only the winner: at 20 legacy each, Bob the
    Emperor is ahead of Cy the Pretender, who is ahead of Di and her two provinces."""
    s = table(n=4, legacy=[30, 20, 20, 20],
              prov={"italia": {"gov": 1}, "gallia": {"gov": 2, "sup": 3, "mark": "sop"}, "thracia": {"gov": 3},
                    "syria": {"gov": 3}})
    last_round_over(s, 5)
    assert GAME.standings(s) == Standings((
        row(1, 0, 30, 30, 0, 0),
        row(2, 1, 20, 20, 0, 0, emp=True, provs=1),
        row(3, 2, 20, 20, 0, 0, pret=True, provs=1),
        row(4, 3, 20, 20, 0, 0, provs=2)),
        LAST + "5 turns.", "ToC §7.1", "5 rounds (20 turns)")


def test_losers_by_legions_and_full_ties_share_a_place() -> None:
    """ToC §7.1: at 20 legacy and one province each, Bob's two legions put him ahead; Cy and
    Di are level on every count and share 3rd (no die is rolled between losers)."""
    s = table(n=4, legacy=[30, 20, 20, 20], prov={"gallia": {"gov": 1}, "thracia": {"gov": 2}, "syria": {"gov": 3}},
              armies=[{"owner": 1, "at": "gallia", "full": 2}, {"owner": 2, "at": "thracia"},
                      {"owner": 3, "at": "syria"}])
    with dice():
        last_round_over(s, 5)
    assert GAME.standings(s) == Standings((
        row(1, 0, 30, 30, 0, 0),
        row(2, 1, 20, 20, 0, 0, provs=1, legions=2),
        row(3, 2, 20, 20, 0, 0, provs=1, legions=1),
        row(3, 3, 20, 20, 0, 0, provs=1, legions=1)),
        LAST + "5 turns.", "ToC §7.1", "5 rounds (20 turns)")


def test_the_last_round_played_out() -> None:
    """ToC §7.1: Ann ends her turn as Emperor at 61 legacy (58 + Italia's 2 + 1 province),
    one Emperor turn; Bob's turn completes the round and the game. Ann's Emperor turn earns
    the 10-legacy first place bonus."""
    s = table(prov={"italia": {"gov": 0}}, italia=2, legacy=[58, 10], avail=[["senate_1"] * 9] * 2,
              hands=[["senate_1"] * 4, ["senate_1"] * 5])
    s = _end_turn(_end_turn(s, crisis_dice(2, "ira_deorum")))
    assert GAME.outcome(s).winners == (0,)  # type: ignore[union-attr]
    assert GAME.standings(s) == Standings((
        row(1, 0, 71, 61, 1, 10, emp=True, provs=1,
            sources=(("From provinces governed", "59"), ("As Emperor, from Italia's support", "2"))),
        row(2, 1, 10, 10, 0, 0)),
        LAST + "1 turn.", "ToC §7.1", "1 round (2 turns)")


def test_the_short_game_goal() -> None:
    """ToC §7.2: the last round starts at 40 legacy; Ann, second in the turn order, ends the
    round as she reaches it, so the game ends at once."""
    s = table(prov={"italia": {"gov": 0}}, italia=2, legacy=[38, 10], hands=[["senate_1"] * 4, ["senate_1"] * 5],
              options={"short_game": True}, first=1, turns=[0, 1])
    s = _end_turn(s)
    assert GAME.standings(s) == Standings((
        row(1, 0, 51, 41, 1, 10, emp=True, provs=1,
            sources=(("From provinces governed", "39"), ("As Emperor, from Italia's support", "2"))),
        row(2, 1, 10, 10, 0, 0)),
        "An Emperor ended his turn with 40 legacy or more, so the last round was played; the game ended once "
        "every player had taken 1 turn.", "ToC §7.1, §7.2", "1 round (2 turns)")


def test_diocletian_in_the_first_turn() -> None:
    """ToC §7.1: Diocletian ends the game at once, here at the first crisis of the game."""
    w, b = crisis_dice(4, "event")
    with dice(w, b):
        s = table(n=4, phase="start", events=["diocletian"], legacy=[10, 12, 3, 0])
    assert GAME.outcome(s).winners == (1,)  # type: ignore[union-attr]
    assert GAME.standings(s) == Standings((
        row(1, 1, 12, 12, 0, 0),
        row(2, 0, 10, 10, 0, 0),
        row(3, 2, 3, 3, 0, 0),
        row(4, 3, 0, 0, 0, 0)),
        "Diocletian was drawn at the crisis of Ann's turn 1, ending the game at once.", "ToC §7.1",
        "1 round (1 turn, the last one cut short)")


def test_diocletian_late_with_bonuses_and_a_die_roll() -> None:
    """ToC §7.1: Bob plays first; Diocletian comes at the crisis of Ann's third turn, the 9th
    turn of the game (rounds 1–2 were six turns, then Bob, Cy, Ann). Emperor Turns 2, 1, 0
    earn 10 and 6: Ann and Bob tie at 20 legacy on every count, and the die picks Bob."""
    w, b = crisis_dice(3, "event")
    with dice(w, b, 2, 5):
        s = table(n=3, phase="start", events=["diocletian"], legacy=[10, 14, 5], eturns=[2, 1, 0], first=1,
                  turns=[2, 3, 3])
    assert GAME.outcome(s).winners == (1,)  # type: ignore[union-attr]
    assert GAME.standings(s) == Standings((
        row(1, 1, 20, 14, 1, 6, die="won"),
        row(2, 0, 20, 10, 2, 10, die="lost"),
        row(3, 2, 5, 5, 0, 0)),
        "Diocletian was drawn at the crisis of Ann's turn 3, ending the game at once.", "ToC §7.1",
        "3 rounds (9 turns, the last one cut short)")


@pytest.mark.parametrize("n,options", [(2, {}), (3, {"short_game": True, "speed_up": True}), (4, {})])
def test_standings_agree_with_the_outcome_in_random_games(n: int, options: dict[str, Any]) -> None:
    """Random games (each seat choosing at random, as the recorded games do): the winner is
    the one first-place row, every seat stands in one row, the score is the outcome's."""
    for seed in range(2):
        s = GAME.setup([f"P{i}" for i in range(n)], options, seed)
        rng = random.Random(seed)
        while GAME.outcome(s) is None:
            seat = GAME.to_act(s)[0]
            s = GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))
        out = GAME.outcome(s)
        st = GAME.standings(s)
        assert out is not None and st is not None and st.rule.startswith("ToC §7.1")
        assert [r.seats for r in st.rows if r.place == 1] == [out.winners]
        assert sorted(p for r in st.rows for p in r.seats) == list(range(n))
        assert out.scores is not None
        assert all(r.score == f"{out.scores[r.seats[0]]:g} legacy" for r in st.rows)
