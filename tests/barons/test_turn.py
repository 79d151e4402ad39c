"""Setup, the turn sequence and movement (B §8, §9, §10), as exact states."""

from __future__ import annotations

from py_engine.barons import GAME
from py_engine.barons import components as C
from tests.barons.bx import (
    act,
    build,
    do,
    load,
    names,
    new,
    opts,
    place,
    refused,
    roll,
    top,
    turn_of,
    who,
)


# ---- B §8 setup --------------------------------------------------------------------------------------
def test_setup_gives_gold_health_and_the_white_outpost() -> None:
    """B §8: shuffled 36-card decks, 2 of each skill in the guilds, 6 of each resource;
    50 GP and 10 health each; everyone on the White Outpost, nobody an adventurer."""
    s = GAME.setup(["Ann", "Bob", "Cy"], {}, seed=3)
    assert len(s["ddeck"]) == 36 and len(s["ideck"]) == 36
    assert s["ddeck"] != C.dungeon_deck() and sorted(s["ddeck"]) == sorted(C.dungeon_deck())
    assert set(s["supply"].values()) == {2} and s["rsupply"] == dict.fromkeys(C.RESOURCES, 6)
    for q in s["players"]:
        assert (q["gold"], q["hp"], q["pos"], q["adv"], q["circuits"]) == (50, 10, "OUT-WHITE", False, 0)


def test_characters_are_picked_in_seat_order() -> None:
    """B §8 step 3: seats pick in order; a character taken is gone."""
    s = GAME.setup(["Ann", "Bob"], {}, seed=3)
    assert who(s) == 0 and len(opts(s)) == 6
    s = act(s, 0, "character", "vesper")
    assert who(s) == 1 and ["character", "vesper"] not in opts(s) and len(opts(s)) == 5
    refused(s, "character", "vesper")


def test_random_characters_are_all_different() -> None:
    """B §8 step 3: the host may deal the characters at random."""
    s = GAME.setup(list("ABCDEF"), {"characters": "random"}, seed=9)
    assert sorted(q["char"] for q in s["players"]) == sorted(C.characters())
    assert top(s) == "start"


def test_first_player_roll_ties_reroll_among_the_tied() -> None:
    """B §8 step 6: the highest roll goes first; tied players roll again among
    themselves (Cy's 2 is out; then Bob's 6 beats Ann's 3)."""
    s = GAME.setup(["Ann", "Bob", "Cy"], {}, seed=3)
    s = act(s, 0, "character", "rendrick")
    s = act(s, 1, "character", "vesper")
    s = act(load(s, 5, 5, 2, 3, 6), 2, "character", "kestrel")
    assert s["first"] == s["active"] == 1 and s["round"] == 1
    lines = [t for _, t in s["log"] if t.startswith("First-player roll")]
    assert lines == ["First-player roll: Ann 5, Bob 5, Cy 2.", "First-player roll: Ann 3, Bob 6."]
    assert who(s) == 1 and top(s) == "start"


# ---- B §9 the turn ---------------------------------------------------------------------------------------
def test_turn_passes_clockwise_and_rounds_count() -> None:
    """B §9: a round is one turn by every living player from the first player."""
    s = new(("rendrick", "illistaire", "vesper"), first=1)
    assert s["round"] == 1 and s["active"] == 1
    for seat, rnd in ((2, 1), (0, 1), (1, 2)):  # Bob, Cy, then Ann closes round 1
        s = roll(s, 1, C.next_spaces(s["players"][s["active"]]["pos"])[0])
        s = do(s, "build")
        assert (s["active"], s["round"]) == (seat, rnd)


def test_rest_heals_one_plus_a_healing_roll_and_ends_the_turn() -> None:
    """B §9 step 0b, §14: resting on a city heals 1 + one per healing die at 6
    (Illistaire: 5 Mana dice); nothing else happens that turn."""
    s = new(("illistaire", "rendrick"))
    place(s, 0, "SNOW-CITY")["players"][0]["hp"] = 4
    assert ["rest"] in opts(s)
    s = do(load(s, 6, 6, 1, 2, 3), "rest")
    assert s["players"][0]["hp"] == 7 and s["players"][0]["pos"] == "SNOW-CITY"
    assert s["active"] == 1 and top(s) == "start"


def test_rest_only_on_a_city() -> None:
    """B §9 step 0b: resting needs a city."""
    s = new()
    assert "rest" not in names(s)
    refused(s, "rest")


def test_ending_the_actions_step_ends_the_turn() -> None:
    """B §9 phase D: with nothing else to do the turn passes on its own."""
    s = new()
    s = roll(s, 1, "SNOW-L1")
    assert top(s) == "land"
    s = do(s, "build")
    assert s["active"] == 1 and top(s) == "start"


# ---- B §10 movement -----------------------------------------------------------------------------------
def test_move_exactly_one_die_of_choice() -> None:
    """B §10.1: roll the movement dice, move exactly the number on one of them
    (Rendrick: 3 dice showing 1, 2 and 5)."""
    s = new()
    s = do(load(s, 1, 2, 5), "roll")
    assert top(s) == "move" and s["stack"][-1]["dice"] == [1, 2, 5]
    assert sorted(a[1] for a in opts(s)) == sorted(["SNOW-L1", "SNOW-L2", "SNOW-CITY"])
    refused(s, "move", "SNOW-GUILD")
    s = do(s, "move", "SNOW-L2")
    assert s["players"][0]["pos"] == "SNOW-L2"


def test_forks_into_the_dungeon_only_for_adventurers() -> None:
    """B §10.1: a move that starts on or passes a city may enter its dungeon, but
    only an adventurer may choose to."""
    s = new()
    place(s, 0, "SNOW-L3")
    s = do(load(s, 3, 3, 3), "roll")
    assert [a[1] for a in opts(s)] == ["OUT-GOLD"]
    s = new()
    place(s, 0, "SNOW-L3")["players"][0]["adv"] = True
    s = do(load(s, 3, 3, 3), "roll")
    assert sorted(a[1] for a in opts(s)) == ["ICE-2", "OUT-GOLD"]
    s = do(s, "move", "ICE-2")
    assert s["players"][0]["pos"] == "ICE-2"


def test_passing_a_space_does_nothing() -> None:
    """B §10.1: only the space you stop on is resolved: passing Bob's dwelling costs nothing."""
    s = new()
    build(s, "SNOW-L1", (1, 2))
    s = roll(s, 2, "SNOW-L2")
    assert s["players"][0]["gold"] == 50 and s["players"][1]["gold"] == 50 and top(s) == "land"


def test_crawl_one_step_in_a_dungeon_or_from_a_gate() -> None:
    """B §10.1: inside a dungeon, or as an adventurer on a gate city, crawl one step
    instead of rolling; from D4 onto the exit land."""
    s = new()
    place(s, 0, "ICE-4")
    s = do(s, "crawl")
    assert s["players"][0]["pos"] == "DESERT-L2"
    s = new()
    place(s, 0, "SNOW-CITY")
    assert "crawl" not in names(s)  # not an adventurer
    s["players"][0]["adv"] = True
    assert "crawl" in names(s)
    to = C.next_spaces("SNOW-CITY")[-1]
    s = do(load(s, 6), "crawl")  # ICE-1: a dungeon card is drawn
    assert to == "ICE-1" and s["players"][0]["pos"] == "ICE-1"


def test_circuit_makes_an_adventurer_and_pays_the_stipend() -> None:
    """B §10.2: stepping onto the White Outpost completes a circuit: 20 GP, and the
    first one makes the character an adventurer."""
    s = new()
    place(s, 0, "BLACK-L3")
    s = roll(s, 4, "SNOW-L1")
    me = s["players"][0]
    assert (me["circuits"], me["adv"], me["gold"]) == (1, True, 70)


def test_leaving_the_haunted_dungeon_completes_a_circuit() -> None:
    """B §10.2: the step from HAUNTED-4 onto SNOW-L2 bypasses the White Outpost and
    still completes a circuit."""
    s = new()
    place(s, 0, "HAUNTED-4")["players"][0]["adv"] = True
    s = do(s, "crawl")
    assert s["players"][0]["circuits"] == 1 and s["players"][0]["gold"] == 70


def test_teleport_scroll_goes_to_any_outpost_without_a_circuit() -> None:
    """B §10.1, §16 Teleport Scroll: instead of rolling, go to any outpost and use it;
    no circuit is completed."""
    from tests.barons.bx import give_item

    s = new()
    give_item(s, 0, "teleport_scroll")
    place(s, 0, "BLACK-L4")["players"][0]["res"]["pelts"] = 2
    s["rsupply"]["pelts"] -= 2
    s = do(s, "teleport")
    assert top(s) == "teleport" and len(opts(s)) == 6
    s = do(s, "outpost", "OUT-BLUE")
    me = s["players"][0]
    assert me["pos"] == "OUT-BLUE" and me["circuits"] == 0 and me["potions"] == []
    assert top(s) == "sell" and "teleport_scroll" in s["idisc"]


def test_turn_of_helper_sets_the_start() -> None:
    """(helper) ``turn_of`` puts a seat at the start of its turn."""
    s = turn_of(new(), 1)
    assert who(s) == 1 and top(s) == "start"
