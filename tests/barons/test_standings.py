"""The final standings of Barons (issue 24 §1): every way a game ends (B §19, and the
variants of B §20 that change an end or the political criterion), ties sharing a place,
the dead ranked last, six players; None while the game runs.

Each end is laid out by hand (:mod:`tests.barons.bx`) and reached the way the engine reaches
it: at the start of a turn (:func:`start_turn`), so the outcome is the engine's own and the
standings must agree with it."""

from __future__ import annotations

import random
from typing import Any

from py_engine.barons import GAME
from py_engine.barons import components as C
from py_engine.barons.machine import run
from py_engine.core import Game, Standing, Standings, ranked
from tests.barons.bx import build, new

SIX = ("rendrick", "illistaire", "vesper", "maelin", "oskar", "kestrel")
#: The default criterion (B §19) in the engine's words, as the "how" sentences quote it.
REALMS = "most realms controlled, then property value, gold and trophies"


def start_turn(s: dict[str, Any], p: int, rnd: int, turns: int) -> dict[str, Any]:
    """Run the start of ``p``'s turn in round ``rnd`` after ``turns`` turns (the win
    conditions are checked there, B §19)."""
    s["round"], s["turn"], s["active"] = rnd, turns, p
    s["stack"] = [{"k": "turn"}]
    run(s)
    return s


def kill(s: dict[str, Any], *seats: int) -> None:
    """Dead characters, stripped as a death leaves them (B §14)."""
    for p in seats:
        s["players"][p].update(alive=False, hp=0, gold=0)


def default(realms: int, value: int, gold: int, trophies: int, keeps: int, alive: bool = True) -> tuple[
        tuple[str, str], ...]:
    """The breakdown under the default criterion (B §19), then keeps and life."""
    return (("Realms controlled", str(realms)), ("Property value", f"{value} GP"), ("Gold", f"{gold} GP"),
            ("Trophies", str(trophies)), ("Realms with a keep", str(keeps)),
            ("Character", "alive" if alive else "dead"))


def true_baron(keeps: int, realms: int, value: int, gold: int, trophies: int = 0) -> tuple[tuple[str, str], ...]:
    """The breakdown after a true Baron end: realms with a keep first, then B §19's criteria."""
    return (("Realms with a keep", str(keeps)), ("Realms controlled", str(realms)), ("Property value", f"{value} GP"),
            ("Gold", f"{gold} GP"), ("Trophies", str(trophies)), ("Character", "alive"))


def check(s: dict[str, Any], expected: Standings) -> None:
    """The standings are ``expected``, agree with the outcome (the winners are exactly the
    first place) and are in the view."""
    got = GAME.standings(s)
    assert got is not None and got == expected
    out = GAME.outcome(s)
    assert out is not None
    assert sorted(p for r in got.rows if r.place == 1 for p in r.seats) == list(out.winners)
    assert sorted(p for r in got.rows for p in r.seats) == list(range(len(s["seats"])))
    assert GAME.view(s, 0)["standings"] == got.to_json()


def test_none_while_the_game_runs() -> None:
    s = new(("rendrick", "illistaire"))
    assert GAME.standings(s) is None and GAME.view(s, None)["standings"] is None
    start_turn(s, 1, 60, 119)  # round 60 is still played
    assert GAME.outcome(s) is None and GAME.standings(s) is None


def test_last_baron_standing() -> None:
    """B §19 (1): the survivor first, the dead share the last place."""
    s = new(("rendrick", "illistaire", "vesper"))
    build(s, "SNOW-L1", (0, 2))
    kill(s, 1, 2)
    start_turn(s, 0, 12, 33)
    check(s, Standings(
        (Standing(1, (0,), "last baron standing", default(1, 20, 50, 0, 1)),
         Standing(2, (1,), "dead", default(0, 0, 0, 0, 0, alive=False)),
         Standing(2, (2,), "dead", default(0, 0, 0, 0, 0, alive=False))),
        "Every other character died, leaving Ann the last baron standing.", "B §19", "11 rounds, 33 turns"))


def test_true_baron_then_the_political_ranking() -> None:
    """B §19 (2): Cy has a keep in every realm; the others follow by B §19's criteria
    (Ann controls the Snow Lands with 3 points to Cy's 2; Bob's richer but controls none)."""
    s = new(("rendrick", "illistaire", "vesper"))
    for r in C.REALMS:
        build(s, C.realm_lands()[r][0], (2, 2))
    build(s, "SNOW-L2", (0, 2))
    build(s, "SNOW-L3", (0, 1))
    build(s, "DESERT-L2", (1, 1))
    s["players"][1]["gold"] = 80
    start_turn(s, 1, 20, 58)
    check(s, Standings(
        (Standing(1, (2,), "true Baron", true_baron(6, 5, 270, 50)),
         Standing(2, (0,), "1 realm controlled", true_baron(1, 1, 35, 50)),
         Standing(3, (1,), "0 realms controlled", true_baron(0, 0, 15, 80))),
        "Cy held a keep in every realm and became the true Baron.", "B §19", "20 rounds, 58 turns"))


def _two_kings(bob_extra: bool) -> dict[str, Any]:
    s = new(("rendrick", "illistaire"))
    for r in C.REALMS:
        build(s, C.realm_lands()[r][0], (0, 2), (1, 2))
    if bob_extra:
        build(s, "FIRE-L4", (1, 1))  # Bob now controls the Fire Mountains
    return start_turn(s, 0, 40, 78)


def test_two_true_barons_the_political_ranking_decides() -> None:
    """B §19 (2): both qualify; the higher political score wins, the other is second."""
    check(_two_kings(True), Standings(
        (Standing(1, (1,), "true Baron", true_baron(6, 1, 305, 50)),
         Standing(2, (0,), "0 realms controlled", true_baron(6, 0, 270, 50))),
        f"Ann and Bob held a keep in every realm at once; among them the political ranking ({REALMS}) "
        "named the true Baron: Bob.", "B §19", "39 rounds, 78 turns"))


def test_two_true_barons_tied_share_the_win() -> None:
    """B §19 (2) and the political ranking's last step: equal in everything, they share."""
    check(_two_kings(False), Standings(
        (Standing(1, (0,), "true Baron", true_baron(6, 0, 270, 50)),
         Standing(1, (1,), "true Baron", true_baron(6, 0, 270, 50))),
        f"Ann and Bob held a keep in every realm at once; among them the political ranking ({REALMS}) "
        "named the true Barons: Ann and Bob.", "B §19", "39 rounds, 78 turns"))


def test_a_second_true_baron_ranks_above_a_better_politician() -> None:
    """B §19 (2): Ann met the condition too and lost the tie to Bob, so she is second, above
    Cy, whose Snow Lands control would outrank her politically."""
    s = new(("rendrick", "illistaire", "vesper"))
    for r in C.REALMS:
        build(s, C.realm_lands()[r][0], (0, 2), (1, 2))
    build(s, "FIRE-L4", (1, 1))
    build(s, "SNOW-L2", (2, 2))
    build(s, "SNOW-L3", (2, 1))
    start_turn(s, 2, 40, 119)
    check(s, Standings(
        (Standing(1, (1,), "true Baron", true_baron(6, 1, 305, 50)),
         Standing(2, (0,), "0 realms controlled", true_baron(6, 0, 270, 50)),
         Standing(3, (2,), "1 realm controlled", true_baron(1, 1, 35, 50))),
        f"Ann and Bob held a keep in every realm at once; among them the political ranking ({REALMS}) "
        "named the true Baron: Bob.", "B §19", "40 rounds, 119 turns"))


def test_quick_barony_keeps_in_four_realms() -> None:
    """B §20 quick_barony: a keep in any four realms wins (100 GP to start)."""
    s = new(("rendrick", "illistaire"), {"quick_barony": True})
    for r in C.REALMS[:4]:
        build(s, C.realm_lands()[r][0], (0, 2))
    start_turn(s, 1, 18, 35)
    check(s, Standings(
        (Standing(1, (0,), "true Baron", true_baron(4, 4, 140, 100)),
         Standing(2, (1,), "0 realms controlled", true_baron(0, 0, 0, 100))),
        "Ann held a keep in 4 realms and became the true Baron.", "B §19; §20 quick_barony", "18 rounds, 35 turns"))


def test_the_baron_holds_every_open_land() -> None:
    """B §19 (3): a building on all 24 open lands (Ann's keep beside Bob on Frostfield
    does not outweigh his four dwellings in the Snow Lands)."""
    s = new(("rendrick", "illistaire"))
    for x in C.lands():
        build(s, x, (1, 1))
    build(s, "SNOW-L1", (1, 1), (0, 2))
    start_turn(s, 0, 33, 64)
    lands = len(C.lands())
    check(s, Standings(
        (Standing(1, (1,), "the Baron", (("Open lands held", f"{lands} of {lands}"), *default(6, 600, 50, 0, 0))),
         Standing(2, (0,), "0 realms controlled", (("Open lands held", f"1 of {lands}"), *default(0, 20, 50, 0, 1)))),
        "Bob had a building on every open land and became the Baron.", "B §19", "32 rounds, 64 turns"))


def test_all_land_claimed_is_scored_politically() -> None:
    """B §19 (4): Ann and Bob alternate on every land; Cy's dwelling beside Ann on Raven's
    Rest leaves Ann 3 points to 1 in the Black Wastelands, the only realm anyone controls."""
    s = new(("rendrick", "illistaire", "vesper"))
    for i, x in enumerate(C.lands()):
        build(s, x, (i % 2, 1))
    build(s, "BLACK-L4", (2, 1), (0, 1))
    start_turn(s, 1, 30, 88)
    check(s, Standings(
        (Standing(1, (0,), "1 realm controlled", default(1, 340, 50, 0, 0)),
         Standing(2, (1,), "0 realms controlled", default(0, 260, 50, 0, 0)),
         Standing(3, (2,), "0 realms controlled", default(0, 40, 50, 0, 0))),
        f"Every open land held a building, so the barons were ranked politically by {REALMS}.", "B §19",
        "30 rounds, 88 turns"))


def test_round_limit_six_players_every_tie_break() -> None:
    """B §19 (5) with six players: realms (Ann, Bob 1 each), then property value (Bob's
    Sunscorch Flats 15 over Ann's Frostfield 10), gold (Ed's 60 below 90), trophies (Di's
    Vampire); Cy and Flo are equal in everything and share 4th; the next place is 6th."""
    s = new(SIX)
    build(s, "SNOW-L1", (0, 1))
    build(s, "DESERT-L1", (1, 1))
    for p, gold in ((2, 90), (3, 90), (4, 60), (5, 90)):
        s["players"][p]["gold"] = gold
    s["ddeck"].remove("vampire")
    s["players"][3]["trophies"] = ["vampire"]
    start_turn(s, 0, 61, 360)
    check(s, Standings(
        (Standing(1, (1,), "1 realm controlled", default(1, 15, 50, 0, 0)),
         Standing(2, (0,), "1 realm controlled", default(1, 10, 50, 0, 0)),
         Standing(3, (3,), "0 realms controlled", default(0, 0, 90, 1, 0)),
         Standing(4, (2,), "0 realms controlled", default(0, 0, 90, 0, 0)),
         Standing(4, (5,), "0 realms controlled", default(0, 0, 90, 0, 0)),
         Standing(6, (4,), "0 realms controlled", default(0, 0, 60, 0, 0))),
        f"The 60-round limit was reached, so the barons were ranked politically by {REALMS}.", "B §19",
        "60 rounds, 360 turns"))


def test_host_round_limit_and_a_shared_political_victory() -> None:
    """B §19 (5), the host's limit; equal in everything: a shared victory."""
    s = new(("rendrick", "illistaire"), {"round_limit": 10})
    start_turn(s, 0, 11, 20)
    check(s, Standings(
        (Standing(1, (0,), "0 realms controlled", default(0, 0, 50, 0, 0)),
         Standing(1, (1,), "0 realms controlled", default(0, 0, 50, 0, 0))),
        f"The 10-round limit was reached, so the barons were ranked politically by {REALMS}.", "B §19",
        "10 rounds, 20 turns"))


def test_round_limit_most_property_the_dead_last() -> None:
    """B §20 political_most_property: buildings, then property value, then gold (Cy's 70 GP
    beats Bob's 50 at 2 buildings worth 30 GP each); dead Ann is last. Ann played first, so
    round 61 opened with Bob's turn: 60 rounds were played."""
    s = new(("rendrick", "illistaire", "vesper"), {"political_most_property": True})
    build(s, "SNOW-L1", (1, 2))
    build(s, "SNOW-L2", (1, 1))
    build(s, "DESERT-L1", (2, 1))
    build(s, "DESERT-L2", (2, 1))
    s["players"][2]["gold"] = 70
    kill(s, 0)
    start_turn(s, 1, 61, 150)

    def most(buildings: int, value: int, gold: int, keeps: int, alive: bool = True) -> tuple[tuple[str, str], ...]:
        return (("Buildings", str(buildings)), ("Property value", f"{value} GP"), ("Gold", f"{gold} GP"),
                ("Realms with a keep", str(keeps)), ("Character", "alive" if alive else "dead"))

    check(s, Standings(
        (Standing(1, (2,), "2 buildings", most(2, 30, 70, 0)),
         Standing(2, (1,), "2 buildings", most(2, 30, 50, 1)),
         Standing(3, (0,), "dead", most(0, 0, 0, 0, alive=False))),
        "The 60-round limit was reached, so the surviving barons were ranked politically by most buildings, "
        "then property value and gold.", "B §19; §20 political_most_property", "60 rounds, 150 turns"))


def test_all_land_owned_classic_deeds_highest_value() -> None:
    """B §20 classic_deeds + political_highest_value: every land has an owner; Ann and Bob
    both hold 310 GP (Bob's keep on the Dune Sea makes up for Ann's third Snow land), and
    Ann owns 3 of the Snow Lands' 4 lands, so she controls it: realms break the tie before
    Bob's gold."""
    s = new(("rendrick", "illistaire"), {"classic_deeds": True, "political_highest_value": True})
    for i, x in enumerate(C.lands()):
        build(s, x, (i % 2, 1))
    build(s, "SNOW-L2", (0, 1))
    build(s, "DESERT-L4", (1, 2))
    s["players"][1]["gold"] = 90
    start_turn(s, 0, 25, 48)

    def value(v: int, realms: int, gold: int, keeps: int) -> tuple[tuple[str, str], ...]:
        return (("Property value", f"{v} GP"), ("Realms controlled", str(realms)), ("Gold", f"{gold} GP"),
                ("Realms with a keep", str(keeps)), ("Character", "alive"))

    check(s, Standings(
        (Standing(1, (0,), "property worth 310 GP", value(310, 1, 50, 0)),
         Standing(2, (1,), "property worth 310 GP", value(310, 0, 90, 1))),
        "Every open land had an owner, so the barons were ranked politically by highest property value, then "
        "realms controlled and gold.", "B §19; §20 classic_deeds, political_highest_value", "24 rounds, 48 turns"))


def test_first_blood_survivors_share_dead_last() -> None:
    """B §20 first_blood: Bob died on his turn of round 7; at Cy's turn the survivors are
    ranked (equal: they share), Bob last."""
    s = new(("rendrick", "illistaire", "vesper"), {"first_blood": True})
    build(s, "SNOW-L1", (0, 1))
    build(s, "SNOW-L2", (2, 1))
    kill(s, 1)
    s["blood"] = True
    start_turn(s, 2, 7, 20)
    check(s, Standings(
        (Standing(1, (0,), "0 realms controlled", default(0, 10, 50, 0, 0)),
         Standing(1, (2,), "0 realms controlled", default(0, 10, 50, 0, 0)),
         Standing(3, (1,), "dead", default(0, 0, 0, 0, 0, alive=False))),
        f"Bob died, which ends a First Blood game; the survivors were ranked politically by {REALMS}.",
        "B §20 first_blood", "7 rounds, 20 turns"))


def test_every_character_fallen() -> None:
    """Nobody alive: everyone is ranked politically, and with nothing left they share."""
    s = new(("rendrick", "illistaire"))
    kill(s, 0, 1)
    start_turn(s, 0, 9, 17)
    check(s, Standings(
        (Standing(1, (0,), "dead", default(0, 0, 0, 0, 0, alive=False)),
         Standing(1, (1,), "dead", default(0, 0, 0, 0, 0, alive=False))),
        f"No character survived, so all the barons were ranked politically by {REALMS}.", "B §19",
        "9 rounds, 17 turns"))


def test_a_finished_state_edited_by_hand_gets_the_default() -> None:
    """If the state no longer shows the end recorded (here a land of the winner's is bare),
    the standings fall back to the outcome's (winners first, then property value)."""
    s = new(("rendrick", "illistaire"))
    for x in C.lands():
        build(s, x, (1, 1))
    start_turn(s, 0, 33, 64)
    s["bld"]["SNOW-L1"] = []
    expected = Standings((Standing(1, (1,), "590"), Standing(2, (0,), "0")),
                         "Bob holds every open land: the Baron (B §19).")
    assert Game.standings(GAME, s) == expected
    assert GAME.standings(s) == expected


def test_random_games_agree_with_their_outcome() -> None:
    """Short random games: every seat in one row, places as :func:`ranked` gives them for
    the rows' order, the winners exactly the first place, the length in rounds."""
    for seed, n, options in ((3, 2, {"round_limit": 2}), (4, 4, {"round_limit": 2, "first_blood": True}),
                             (5, 3, {"round_limit": 2, "political_highest_value": True})):
        s = GAME.setup([f"P{i}" for i in range(n)], options, seed)
        rng = random.Random(seed)
        while GAME.outcome(s) is None:
            assert GAME.standings(s) is None
            seat = GAME.to_act(s)[0]
            s = GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))
        st = GAME.standings(s)
        out = GAME.outcome(s)
        assert st is not None and out is not None
        assert sorted(p for r in st.rows for p in r.seats) == list(range(n))
        assert [r.place for r in st.rows] == [pl for pl, _ in ranked([(i, -r.place) for i, r in enumerate(st.rows)])]
        assert [p for r in st.rows if r.place == 1 for p in r.seats] == list(out.winners)
        assert st.rule and st.how and st.length.startswith(("1 round,", "2 rounds,"))
