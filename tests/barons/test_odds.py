"""Odds before chance in Barons (issue 24 §3): a fight's chance to win within the round
limit, to escape, to strike first; ranged attacks, stealing, Mending; exact fractions,
checked by hand and against an independent turn-by-turn count of the fight."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from py_engine.barons import GAME
from py_engine.barons.odds import fight_chances, initiative, strike_damage
from py_engine.core import Action
from py_engine.core.odds import Dist
from tests.barons.bx import do, give_skill, load, new, place, to_top
from tests.barons.test_combat import _meet, _phase_d, fight

F = Fraction


def chain(first: Dist, mine: Dist, theirs: Dist, hp_me: int, hp_foe: int, sl_me: bool, sl_foe: bool,
          turns: int) -> tuple[Fraction, Fraction]:
    """An independent count of (win, lose): the fight turn by turn, as a Markov chain over
    (health, health, Second Life left, whose strike, turns left)."""

    def hurt(hp: int, sl: bool, d: int) -> tuple[int, bool] | None:
        if d < hp:
            return hp - d, sl
        return (5, False) if sl else None

    @cache
    def v(a: int, b: int, sa: bool, sb: bool, who: int, k: int, opening: bool) -> tuple[Fraction, Fraction]:
        if k == 0:
            return F(0), F(0)
        w = lo = F(0)
        dist = (first if opening else mine) if who == 0 else theirs
        for d, p in enumerate(dist):
            if who == 0:
                r = hurt(b, sb, d)
                if r is None:
                    w += p
                    continue
                x = v(a, r[0], sa, r[1], 1, k - 1, False)
            else:
                r = hurt(a, sa, d)
                if r is None:
                    lo += p
                    continue
                x = v(r[0], b, r[1], sb, 0, k - 1, False)
            w, lo = w + p * x[0], lo + p * x[1]
        return w, lo

    return v(hp_me, hp_foe, sl_me, sl_foe, 0, turns, True)


def test_one_strike_by_hand() -> None:
    """Two dice hitting on 5+ (1/3 each) against one armor die (a 6 blocks): no damage
    4/9 + 4/9·1/6 = 14/27; one 4/9·5/6 + 1/9·1/6 = 7/18; two 1/9·5/6 = 5/54."""
    assert strike_damage(2, 5, 1) == (F(14, 27), F(7, 18), F(5, 54))
    assert strike_damage(2, 5, 1, undefended=True) == (F(4, 9), F(4, 9), F(1, 9))


def test_initiative_by_hand() -> None:
    """Two Agility dice against one: 2d6 beats 1d6 181 times in 216, ties 15 times and are
    rolled again: 181/201."""
    assert initiative(2, 1) == F(181, 201)
    assert initiative(1, 1) == F(1, 2) and initiative(1, 2) == 1 - F(181, 201)


def test_fight_matches_a_turn_by_turn_count() -> None:
    """The kill-time method gives exactly what a turn-by-turn Markov chain gives, with a
    round limit, a first strike unlike the rest and Second Life on either side."""
    cases = [
        (strike_damage(5, 6, 1), strike_damage(5, 6, 1), strike_damage(3, 6, 1), 10, 2, False, False, 60),
        (strike_damage(4, 4, 0), strike_damage(3, 5, 1), strike_damage(3, 5, 2), 3, 4, True, False, 6),
        (strike_damage(3, 5, 0, True), strike_damage(3, 5, 1), strike_damage(4, 5, 1), 6, 6, False, True, 7),
        (strike_damage(5, 4, 0), strike_damage(5, 4, 0), strike_damage(5, 4, 0), 2, 3, False, False, 1),  # last turn
    ]
    for first, mine, theirs, a, b, sa, sb, k in cases:
        w, lo, rest = fight_chances(first, mine, theirs, a, b, sa, sb, k)
        assert (w, lo) == chain(first, mine, theirs, a, b, sa, sb, k)
        assert w + lo + rest == 1 and rest >= 0


def test_fight_without_limit_by_hand() -> None:
    """2 health each, the player first hitting for 1 on half the strikes, the foe on a
    third, no limit: the player wins 3/4, and a one-round limit leaves both standing."""
    half, third = (F(1, 2), F(1, 2)), (F(2, 3), F(1, 3))
    assert fight_chances(half, half, third, 2, 2) == (F(3, 4), F(1, 4), F(0))
    assert fight_chances(half, half, third, 1, 1) == (F(1, 2) + F(1, 2) * F(2, 3) * F(1, 2) / (1 - F(1, 3)),
                                                        F(1, 2) * F(1, 3) / (1 - F(1, 3)), F(0))
    assert fight_chances(half, half, third, 2, 2, turns=2) == (F(0), F(0), F(1))


def test_monster_fight_odds_in_the_view() -> None:
    """Rendrick (5 Strength dice on 6+, 1 armor die, 10 health) strikes first at the
    Northern Raiders (3 Strength dice on 6, 1 defence die, 2 health), 30 rounds at most:
    the Attack button carries the chance to win; Run away the chance of a 6 on 3 Guile dice,
    91/216."""
    s = fight(("rendrick", "illistaire"), "northern_raiders", 6, 6, 6, 1, 1)
    v = GAME.view(s, 0)
    by = {tuple(a["action"]): a.get("odds") for a in v["actions"]}
    mine, theirs = strike_damage(5, 6, 1), strike_damage(3, 6, 1)
    w, _ = chain(mine, mine, theirs, 10, 2, False, False, 60)
    melee = by[("melee",)]
    assert melee is not None and F(*melee["p"]) == w
    assert melee["what"] == "win the fight against Northern Raiders within 30 rounds"
    assert melee["short"] == ">99% to win the fight against Northern Raiders within 30 rounds"
    flee = by[("flee",)]
    assert flee is not None and flee["p"] == [91, 216] and flee["short"] == "42% to escape"
    assert GAME.view(s, 1)["actions"] == []


def test_second_life_counts_in_the_fight() -> None:
    """With Second Life at 1 health, Maelin is far likelier to survive the Raiders."""
    s = new(("maelin", "rendrick"))
    s["players"][0]["hp"] = 1
    place(s, 0, "ICE-1")
    to_top(s, "ddeck", "northern_raiders")
    s = do(load(s, 6, 6, 6, 1, 1, 1), "crawl")
    without = GAME.odds(s, 0, Action("melee", ()))
    give_skill(s, 0, "second_life")
    with_sl = GAME.odds(s, 0, Action("melee", ()))
    assert without is not None and with_sl is not None and with_sl.probability > without.probability


def test_attacking_an_adventurer_three_rounds() -> None:
    """B §13.3: attacking Bob: initiative, then at most 3 rounds; the table has the chance
    that both still stand after them; leaving them be has no odds."""
    s = _meet()
    o = GAME.odds(s, 0, Action("attack", (1,)))
    assert o is not None and o.what.endswith("within 3 rounds")
    rows = dict(o.tables[0].rows)
    assert rows["Both still standing after the last round"] > 0 and sum(rows.values()) == 1
    assert GAME.odds(s, 0, Action("no_attack", ())) is None
    assert GAME.odds(s, 0, Action("attack", (5,))) is None  # not a legal choice


def test_steal_and_mend() -> None:
    """B §13.5: Vesper's Guile dice steal on any 6; B §14: Maelin's 4 healing dice heal on
    5+ (1/3 each); 5 health short of full, four dice cannot heal her fully: the table gives
    the binomial of 4 dice at 1/3."""
    s = _phase_d(("vesper", "rendrick"), "SNOW-L1", "SNOW-L2")
    o = GAME.odds(s, 0, Action("steal", (1,)))
    assert o is not None and o.what == "rob Bob"
    assert o.probability == 1 - F(5, 6) ** int(o.note.split()[0])
    m = new(("maelin", "rendrick"))
    m["players"][0]["hp"] = 5
    m = do(load(m, 1, 1, 1), "roll")
    m = do(m, "move", "SNOW-L1")
    m = do(m, "build")
    mend = GAME.odds(m, 0, Action("mend", ()))
    assert mend is not None and mend.probability == 0
    healed = dict(mend.tables[0].rows)
    assert healed == {"0 health": F(16, 81), "1 health": F(32, 81), "2 health": F(24, 81), "3 health": F(8, 81),
                      "4 health": F(1, 81)}
