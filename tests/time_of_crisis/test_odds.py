"""Odds before chance in Time of Crisis (issue 24 §3): Place Governor (ToC §6.3.2) and
battles (ToC §8), exact fractions, checked against an independent recursion and hand counts,
and carried by the view on the right actions only."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from py_engine.core import Action
from py_engine.core.odds import exploding
from py_engine.time_of_crisis import GAME
from py_engine.time_of_crisis.odds import battle_chances, place_governor

from .toc import act, dice, table

F = Fraction


@cache
def reach(pending: int, need: int, one_counts: bool) -> Fraction:
    """An independent count: the chance that ``pending`` dice still to roll bring ``need``
    more votes, one die at a time (a 6 puts one more die in the pending pile)."""
    if need <= 0:
        return F(1)
    if pending == 0:
        return F(0)
    total = F(0)
    for face in range(1, 7):
        vote = 1 if face >= 2 or one_counts else 0
        total += F(1, 6) * reach(pending - 1 + (face == 6), need - vote, one_counts)
    return total


def odds_of(view: dict, *action: object) -> dict | None:  # type: ignore[type-arg]
    for entry in view["actions"]:
        if entry["action"] == list(action):
            return entry.get("odds")
    raise AssertionError(f"{action} is not offered")


def test_rulebook_example_chance_of_five_votes_with_four_dice() -> None:
    """ToC §6.3.2's Hispania: 5 votes needed, 4 dice, governed by a player (1s do not count)."""
    o = place_governor(5, 4, False)
    assert o.probability == F(508045, 1679616) == reach(4, 5, False)
    assert o.headline == "Chance to reach 5 votes: 30%"
    votes = dict(o.tables[0].rows)
    assert votes["4 votes"] == exploding(4, 2, 5)[4] and sum(votes.values()) == 1
    assert set(votes) == {"0 votes", "1 vote", "2 votes", "3 votes", "4 votes", "5 votes or more"}


def test_small_cases_by_hand() -> None:
    """One die, 2 votes needed: a 6 (1/6) and then anything but a 1 (5/6), = 5/36; against a
    Neutral governor every die is a vote, so the second die always counts: 1/6."""
    assert place_governor(2, 1, False).probability == F(5, 36)
    assert place_governor(2, 1, True).probability == F(1, 6)
    assert place_governor(1, 1, True).probability == 1
    assert place_governor(1, 2, False).probability == 1 - F(1, 36)
    for need in range(1, 8):
        for n in range(1, 6):
            assert place_governor(need, n, False).probability == reach(n, need, False)
            assert place_governor(need, n, True).probability == reach(n, need, True)


def test_view_shows_the_chance_on_each_spend_and_the_target() -> None:
    """Gallia at support 3 governed by another player: 6 votes needed. Each ``spend k``
    carries the chance with k dice; the Place Governor button the chance with all 5 points."""
    s = table(prov={"gallia": {"gov": 1, "sup": 3}}, pts={"senate": 5}, govs=[2, 1])
    v = GAME.view(s, 0)
    o = odds_of(v, "place_governor", "gallia")
    assert o is not None and o["p"] == [reach(5, 6, False).numerator, reach(5, 6, False).denominator]
    assert o["note"].startswith("If you spend all 5 Senate points")
    assert o["short"] == f"{o['percent']} to reach 6 votes with all 5 Senate points"
    assert odds_of(v, "end") is None
    s = act(s, "place_governor", "gallia")
    v = GAME.view(s, 0)
    for k in range(1, 6):
        o = odds_of(v, "spend", k)
        p = reach(k, 6, False)
        assert o is not None and o["p"] == [p.numerator, p.denominator] and o["what"] == "reach 6 votes"
    assert GAME.view(s, 1)["actions"] == []
    assert GAME.odds(s, 1, Action("spend", (1,))) is None  # not that seat's decision
    assert GAME.odds(s, 0, Action("spend", (9,))) is None  # not a legal choice


def test_basilica_dice_count_in_italia() -> None:
    """ToC §6.3.3: two Basilicas add two dice to a Place Governor in Italia; 1s count
    against the Neutral Emperor: spending 1 point rolls 3 dice, each a vote."""
    s = table(prov={"gallia": {"gov": 0, "imps": ["basilica"]}, "pannonia": {"gov": 0, "imps": ["basilica"]}},
              italia=2, pts={"senate": 2}, govs=[3, 1])
    s = act(s, "place_governor", "italia")
    o = GAME.odds(s, 0, Action("spend", (1,)))
    assert o is not None and o.what == "reach 4 votes" and o.probability == reach(3, 4, True)


def test_battle_legion_against_a_barbarian_by_hand() -> None:
    """A full legion (1 die, 3+; two hits destroy it) attacks one Goth (1 die, 4+). The
    legion wins if it hits (2/3) unless the Goth scores two (a 6 then a 4+: 1/12), when both
    fall: win 2/3 × 11/12 = 11/18, nobody 2/3 × 1/12 = 1/18, lose 1/3."""
    s = table(armies=[{"owner": 0, "at": "italia", "full": 1}], barbs={"italia": {"goths": [1, 0]}},
              pts={"military": 1})
    o = GAME.odds(s, 0, Action("battle", ("army:1", "tribe:goths")))
    assert o is not None and o.probability == F(11, 18) and o.short == "61% to win the battle"
    assert dict(o.tables[0].rows) == {"You win": F(11, 18), "They win (ties go to the defender)": F(1, 3),
                                      "Both destroyed: nobody wins": F(1, 18)}
    assert dict(o.tables[1].rows) == {"0 hits": F(1, 3), "1 hit or more: destroyed": F(2, 3)}
    assert dict(o.tables[2].rows) == {"0 hits": F(1, 2), "1 hit": F(5, 12), "2 hits or more: destroyed": F(1, 12)}
    assert o == battle_chances([(1, 3)], [(1, 4)], 0, 0, 2, 1)
    view = GAME.view(s, 0)
    assert odds_of(view, "battle", "army:1", "tribe:goths")["headline"] == "Chance to win the battle: 61%"  # type: ignore[index]


def test_castra_takes_a_hit_off_the_attackers_roll() -> None:
    """Castra prevents one hit (ToC §6.3.1 card): a full legion attacking a legion under
    Castra must roll two hits to inflict one."""
    plain = battle_chances([(1, 3)], [(1, 3)], 0, 0, 2, 2)
    castra = battle_chances([(1, 3)], [(1, 3)], -1, 0, 2, 2)
    assert castra.probability < plain.probability
    # ties go to the defender: the attacker must out-hit; with Castra one hit is lost
    hits = dict(castra.tables[1].rows)
    assert hits["0 hits"] == 1 - exploding(1, 3, 2)[2]


def test_flanking_reroll_odds_against_the_hits_already_rolled() -> None:
    """After the first roll (the legion misses, the Goths hit once) the re-roll's chance:
    the legion must destroy both Goths (a tie goes to the defender): a 6 then a 3+, 1/9."""
    s = table(armies=[{"owner": 0, "at": "italia", "full": 1}], barbs={"italia": {"goths": [2, 0]}},
              hands=[["flanking_maneuver"], []])
    s = act(s, "play", "flanking_maneuver")
    o = GAME.odds(s, 0, Action("battle", ("army:1", "tribe:goths")))
    assert o is not None and "Flanking Maneuver" in o.note
    s = act(s, "battle", "army:1", "tribe:goths")
    with dice(1, 4, 2):
        s = act(s, "flank", "yes")
    o = GAME.odds(s, 0, Action("reroll", ("yes",)))
    assert o is not None and o.probability == F(1, 9)
    assert GAME.odds(s, 0, Action("reroll", ("no",))) is None
