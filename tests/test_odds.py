"""The odds contract (issue 24 §3): :class:`Odds` and :class:`OddsTable` hold exact
probabilities and refuse others; the dice helpers enumerate exactly; ``Game.odds`` defaults
to None and the view carries ``"odds"`` only on actions that have some."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from py_engine.core import Action, Odds, OddsTable
from py_engine.core.odds import binomial, convolve, exploding, percent
from py_engine.games import get

F = Fraction


def test_odds_json_and_words() -> None:
    o = Odds("reach 3 votes", F(7, 12), (OddsTable("Votes", (("0 votes", F(5, 12)), ("3 votes or more", F(7, 12)))),),
             "2 dice.")
    j = o.to_json()
    assert j["headline"] == "Chance to reach 3 votes: 58%" and j["short"] == "58% to reach 3 votes"
    assert j["p"] == [7, 12] and j["percent"] == "58%" and j["note"] == "2 dice."
    assert j["tables"] == [{"caption": "Votes", "rows": [{"label": "0 votes", "p": [5, 12], "percent": "42%"},
                                                         {"label": "3 votes or more", "p": [7, 12], "percent": "58%"}]}]
    assert (percent(F(0)), percent(F(1, 201)), percent(F(1, 2)), percent(F(200, 201)), percent(F(1))) == (
        "0%", "<1%", "50%", ">99%", "100%")


def test_bad_probabilities_are_refused() -> None:
    with pytest.raises(ValueError):
        Odds("win", F(3, 2))
    with pytest.raises(ValueError):
        Odds("win", 0.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        OddsTable("Hits", (("0", F(1, 2)), ("1", F(1, 3))))
    with pytest.raises(ValueError):
        OddsTable("Hits", (("0", F(-1, 2)), ("1", F(3, 2))))


def test_dice_by_hand() -> None:
    """Binomial 3 dice on 5+; exploding dice on 4+ with a cap (a 6 hits and adds a die)."""
    assert binomial(3, 5) == (F(8, 27), F(12, 27), F(6, 27), F(1, 27))
    # one die on 4+: miss 1/2; a 4 or 5 one hit (1/3); a 6 one hit plus another die (1/6)
    assert exploding(1, 4, 3) == (F(1, 2), F(1, 3) + F(1, 6) * F(1, 2),
                                  F(1, 6) * (F(1, 3) + F(1, 6) * F(1, 2)), F(1, 6) * F(1, 6) * F(1, 2))
    assert sum(exploding(5, 3, 7)) == 1 and exploding(2, 7, 2) == (1, 0, 0)
    assert convolve(binomial(1, 4), binomial(1, 4), 5) == (F(1, 4), F(1, 2), F(1, 4), 0, 0, 0)


def test_default_is_none_and_the_view_leaves_odds_out() -> None:
    """Timeline rolls no dice: no action of its view carries odds."""
    g = get("timeline")
    s = g.setup(["A", "B"], {}, 3)
    seat = g.to_act(s)[0]
    a = g.legal_actions(s, seat)[0]
    assert g.odds(s, seat, a) is None
    assert all("odds" not in e for e in g.view(s, seat)["actions"])
    assert g.odds(s, seat, Action("zzz", ())) is None


@pytest.mark.parametrize(("game_id", "n", "options"), [("timeline", 3, {}), ("time_war", 2, {}),
                                                       ("time_barons", 2, {}), ("time_barons", 4, {})])
def test_games_without_a_chosen_roll_offer_no_odds(game_id: str, n: int, options: dict[str, object]) -> None:
    """Timeline (a shuffled pile), Time War (shuffled decks and pools) and Time Barons (shuffled
    tech stacks) leave chance to shuffles and draws: no decision of theirs is a roll a player
    chooses to make, so no legal action of a seeded game's first 120 decisions has odds and no
    view entry carries any."""
    g = get(game_id)
    s = g.setup([f"P{i}" for i in range(n)], options, 11)
    rng = random.Random(11)
    for _ in range(120):
        if g.outcome(s) is not None:
            break
        seat = g.to_act(s)[0]
        legal = g.legal_actions(s, seat)
        assert all(g.odds(s, seat, a) is None for a in legal)
        assert all("odds" not in e for e in g.view(s, seat)["actions"])
        s = g.apply(s, seat, rng.choice(legal))
