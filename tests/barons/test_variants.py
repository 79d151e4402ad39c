"""Every variant of B §20 as its engine switch, combinations and refusals, and the
host's round limit."""

from __future__ import annotations

import pytest

from py_engine.barons import GAME
from py_engine.barons import components as C
from py_engine.barons.machine import controls, run, st
from py_engine.barons.rules import resolve_config
from py_engine.core import Ending, OptionError
from tests.barons.bx import (
    act,
    build,
    do,
    give_item,
    load,
    names,
    new,
    opts,
    place,
    to_top,
    top,
    who,
)


def _land(s: dict, land: str) -> dict:
    i = C.outer_ids().index(land)
    place(s, who(s), C.outer_ids()[i - 1])
    n = GAME.board_view(s, 0)["players"][who(s)]["derived"]["move"]
    s = do(load(s, *([1] * n)), "roll")
    return do(s, "move", land)


def start_turn(s: dict, p: int) -> dict:
    s["active"] = p
    s["stack"] = [{"k": "turn"}]
    run(s)
    return s


# ---- combining and refusing ----------------------------------------------------------------
@pytest.mark.parametrize(("a", "b"), [("classic_deeds", "castles_v6"), ("political_most_property", "political_highest_value"),
                                      ("mercy", "first_blood"), ("quick_barony", "castles_v6")])
def test_conflicting_variants_are_refused_naming_both(a: str, b: str) -> None:
    """B §20: variants that set one switch to different values cannot be combined."""
    with pytest.raises(OptionError) as err:
        GAME.setup(["A", "B"], {a: True, b: True}, seed=1)
    assert a in str(err.value) and b in str(err.value)


def test_castles_includes_the_skill_tracks() -> None:
    """B §20: castles_v6 with basic_skill_tracks is the same as castles_v6 alone."""
    assert resolve_config({"castles_v6": True, "basic_skill_tracks": True}) == resolve_config({"castles_v6": True})


def test_compatible_variants_combine_and_the_host_limit_wins() -> None:
    """B §20: other variants combine; ``round_limit`` overrides the ruleset's."""
    c = resolve_config({"no_stipend": True, "no_inn": True, "quick_barony": True, "round_limit": 20})
    assert (c["circuit_stipend"], c["inn_cost_per_health"], c["start_gold"], c["keeps_needed"], c["round_limit"]) == (
        0, None, 100, 4, 20)
    assert resolve_config({"castles_v6": True})["round_limit"] is None
    assert resolve_config({"castles_v6": True, "round_limit": 30})["round_limit"] == 30


# ---- classic_deeds ------------------------------------------------------------------------------
def test_classic_deeds_one_owner_and_realms_need_three_lands() -> None:
    """B §20 classic_deeds: an owned land cannot be bought again (forage only), its
    toll goes to its owner (double for a keep); a realm needs 3 of its 4 lands."""
    s = new(options={"classic_deeds": True})
    build(s, "SNOW-L1", (1, 2))
    s = _land(s, "SNOW-L1")
    assert s["players"][0]["gold"] == 44 and s["players"][1]["gold"] == 56 and s["bld"]["SNOW-L1"] == [[1, 2]]
    build(s, "SNOW-L2", (1, 1))
    assert not controls(s, 1, "SNOW")
    build(s, "SNOW-L3", (1, 1))
    assert controls(s, 1, "SNOW")


def test_classic_deeds_boss_keep_on_an_owned_or_unowned_land() -> None:
    """B §20 classic_deeds: the boss keep goes on a land you own in the realm, or on an
    unowned land you then own; never on a rival's land."""
    s = new(options={"classic_deeds": True})
    build(s, "SNOW-L1", (0, 1))
    build(s, "SNOW-L2", (1, 1))
    build(s, "SNOW-L3", (1, 2))
    place(s, 0, "ICE-1")
    to_top(s, "ddeck", "ice_wyrm")
    s = do(load(s, 6, 6, 6, 1, 1), "crawl")
    s = do(load(s, 6, 6, 6, 6, 6, 1, 1, 1, 1, 1, 1), "melee")
    s = do(load(s, 6, 1, 1, 1, 1, 1, 1), "melee")
    assert top(s) == "castle" and sorted(a[1] for a in opts(s)) == ["SNOW-L1", "SNOW-L4"]
    s = do(s, "castle", "SNOW-L4")
    assert s["bld"]["SNOW-L4"] == [[0, 2]]


def test_classic_deeds_item_prices() -> None:
    """B §20 classic_deeds: items cost their classic price (Magic Sword 40 GP)."""
    s = new(options={"classic_deeds": True})
    to_top(s, "ideck", "magic_sword")
    s = _land(s, "SNOW-CITY")
    assert top(s) == "item" and s["stack"][-1]["cost"] == 40


# ---- castles_v6 ---------------------------------------------------------------------------------------
def test_castles_four_dwellings_one_castle() -> None:
    """B §20 castles_v6: up to 4 buildings a land, but one keep (castle) only."""
    s = new(("rendrick", "illistaire", "vesper", "maelin", "oskar"), options={"castles_v6": True})
    build(s, "SNOW-L1", (1, 1), (2, 1), (3, 1))
    s = _land(s, "SNOW-L1")
    assert "build" in names(s)
    s = do(s, "build")
    assert len(s["bld"]["SNOW-L1"]) == 4
    build(s, "SNOW-L2", (0, 1), (1, 2))
    s["active"] = 0
    s["stack"] = [{"k": "end_turn"}, {"k": "start", "seat": 0}]
    place(s, 0, "SNOW-L1")
    s = do(load(s, 1, 1, 1), "roll")
    s = do(s, "move", "SNOW-L2")
    assert top(s) != "upgrade"  # Bob's castle is already there


def test_castles_only_two_ways_to_win_and_no_round_limit() -> None:
    """B §20 castles_v6: no political victory (all land claimed, round limit)."""
    s = new(options={"castles_v6": True})
    for x in C.lands():
        build(s, x, (1, 1))
    s["round"] = 99
    start_turn(s, 0)
    assert GAME.outcome(s) is None


# ---- basic_skill_tracks -------------------------------------------------------------------------------
def test_skill_tracks_train_without_cards_or_perks() -> None:
    """B §20 basic_skill_tracks: a guild raises its track (10 GP x new level, up to
    3), no cards, no perks (Mending is not one: Healer level 1 grants it, B §14);
    Illistaire's talent starts Sorcerer at 1."""
    s = new(("illistaire", "rendrick"), options={"basic_skill_tracks": True})
    assert s["supply"] == {} and s["players"][0]["tracks"]["Sorcerer"] == 1
    s = _land(s, "SNOW-GUILD")
    s = do(s, "train")
    assert s["players"][0]["tracks"]["Healer"] == 1 and s["players"][0]["skills"] == [] and s["players"][0]["gold"] == 40
    v = GAME.board_view(s, 0)["players"][0]
    assert v["derived"]["mending"] is True and v["derived"]["heal_dice"] == 6
    s["players"][0]["tracks"]["Healer"] = 3
    v = GAME.board_view(s, 0)["players"][0]
    assert v["derived"]["heal_dice"] == 8 and st(s, 0)["second_life"] is False  # no perk at Healer 3


def test_skill_tracks_level_zero_bolt_and_steal_for_adventurers() -> None:
    """B §20 basic_skill_tracks: every adventurer may cast a range-0 Arcane Bolt and
    steal on their own space."""
    s = new(("rendrick", "kestrel"), options={"basic_skill_tracks": True})
    for q in s["players"]:
        q["adv"] = True
    place(s, 1, "SNOW-L1")
    s["stack"] = [{"k": "end_turn"}, {"k": "actions", "seat": 0}]
    place(s, 0, "SNOW-L1")
    assert ["cast", 1, "arcane_bolt"] in opts(s) and ["steal", 1] in opts(s)
    place(s, 1, "SNOW-L2")
    assert "cast" not in names(s) and "steal" not in names(s)


# ---- the smaller switches -----------------------------------------------------------------------------
def test_duel_to_the_death_has_no_round_limit() -> None:
    """B §20 duel_to_the_death: a fight between players goes on past 3 rounds."""
    s = new(("rendrick", "illistaire", "vesper"), options={"duel_to_the_death": True})
    for q in s["players"]:
        q["adv"] = True
    place(s, 1, "SNOW-L1")
    s = do(load(s, 1, 1, 1), "roll")
    s = do(s, "move", "SNOW-L1")
    s = do(load(s, 6, 6, 6, 1, 1, 1, 1), "attack", 1)
    for _ in range(4):
        s = do(load(s, 1, 1, 1, 1, 1), "melee")
        s = do(load(s, 1), "melee")
    assert s["combat"] is not None and s["combat"]["turns"] == 8


def test_political_criteria() -> None:
    """B §20: most buildings (a keep counts once) or the highest property value."""
    from py_engine.barons.turn import political_winners

    for opt, winner in (("political_most_property", 0), ("political_highest_value", 1)):
        s = new(options={opt: True})
        build(s, "SNOW-L1", (0, 1))
        build(s, "SNOW-L2", (0, 1))
        build(s, "BLACK-L4", (1, 2))
        assert political_winners(s, [0, 1]) == [winner], opt


def test_no_stipend() -> None:
    """B §20 no_stipend: a circuit pays nothing (it still makes an adventurer)."""
    s = new(options={"no_stipend": True})
    place(s, 0, "BLACK-L4")
    s = do(load(s, 1, 1, 1), "roll")
    s = do(s, "move", "OUT-WHITE")
    assert s["players"][0]["gold"] == 50 and s["players"][0]["adv"]


def test_no_inn() -> None:
    """B §20 no_inn: cities sell no healing."""
    s = new(options={"no_inn": True})
    s["players"][0]["hp"] = 5
    to_top(s, "ideck", "shield")
    s = _land(s, "SNOW-CITY")
    assert top(s) == "item"


def test_mercy_collapse() -> None:
    """B §20 mercy: at 0 health a character loses gold, resources and one-use items,
    keeps buildings, items and skills, wakes at the White Outpost with 5 health and
    misses the next turn; nobody is eliminated."""
    s = new(options={"mercy": True})
    me = s["players"][0]
    me["hp"], me["gold"] = 1, 33
    give_item(s, 0, "shield")
    give_item(s, 0, "healing_potion")
    build(s, "SNOW-L1", (0, 1))
    place(s, 0, "ICE-1")
    to_top(s, "ddeck", "northern_raiders")
    s = do(load(s, 1, 1, 1, 6, 6, 6, 6, 6, 1), "crawl")
    me = s["players"][0]
    assert me["alive"] and (me["hp"], me["gold"], me["pos"], me["skip"]) == (5, 0, "OUT-WHITE", 1)
    assert me["items"] == {"shield": "shield"} and me["potions"] == [] and s["bld"]["SNOW-L1"] == [[0, 1]]
    assert s["active"] == 1 and GAME.outcome(s) is None
    s = do(load(s, 1, 1, 1, 1), "roll")
    s = do(s, "move", "SNOW-L1")
    s = do(load(s, 1, 1), "forage") if top(s) == "land" else s
    assert s["active"] == 1 and s["players"][0]["skip"] == 0  # Ann missed her turn


def test_first_blood_ends_the_game() -> None:
    """B §20 first_blood: the first death ends the game at the next turn; the
    survivors are scored politically."""
    s = new(("rendrick", "illistaire", "vesper"), options={"first_blood": True})
    s["players"][0]["hp"] = 1
    place(s, 0, "ICE-1")
    to_top(s, "ddeck", "northern_raiders")
    s = do(load(s, 1, 1, 1, 6, 6, 6, 6, 6, 1), "crawl")
    out = GAME.outcome(s)
    assert out is not None and "First blood" in out.reason and 0 not in out.winners
    assert out.ending is Ending.STANDINGS


def test_quick_barony() -> None:
    """B §20 quick_barony: 100 GP, keeps in any 4 realms win, 35 rounds."""
    s = new(options={"quick_barony": True})
    assert s["players"][0]["gold"] == 100
    for r in C.REALMS[:4]:
        build(s, C.realm_lands()[r][0], (1, 2))
    start_turn(s, 0)
    out = GAME.outcome(s)
    assert out is not None and out.winners == (1,) and "4 realms" in out.reason
    assert out.ending is Ending.GOAL


def test_open_trading() -> None:
    """B §20 open_trading: Ann offers a Fish for Bob's Healing Potion; Bob accepts."""
    s = new(options={"open_trading": True})
    s["players"][0]["res"]["fish"] = 1
    s["rsupply"]["fish"] = 5
    give_item(s, 1, "healing_potion")
    s["stack"] = [{"k": "end_turn"}, {"k": "actions", "seat": 0}]
    s = do(s, "offer", 1)
    s = do(s, "put", "res", "fish")
    assert ["ask", "item", "healing_potion"] in opts(s)
    s = do(s, "ask", "item", "healing_potion")
    assert who(s) == 1 and opts(s) == [["accept"], ["decline"]]
    s = act(s, 1, "accept")
    assert s["players"][0]["potions"] == ["healing_potion"] and s["players"][1]["res"]["fish"] == 1


def test_open_trading_swaps_two_items_of_the_same_slot() -> None:
    """B §20 open_trading with B §11.2: Ann's Short Sword for Bob's Battle Axe. Both are
    weapons; each ends up holding the other's, and neither goes to the item deck (the
    received item must not push out the one its new owner is trading away)."""
    s = new(options={"open_trading": True})
    give_item(s, 0, "short_sword")
    give_item(s, 1, "battle_axe")
    deck = list(s["ideck"])
    s["stack"] = [{"k": "end_turn"}, {"k": "actions", "seat": 0}]
    s = do(s, "offer", 1)
    s = do(s, "put", "item", "short_sword")
    s = do(s, "ask", "item", "battle_axe")
    s = act(s, 1, "accept")
    assert s["players"][0]["items"]["weapon"] == "battle_axe"
    assert s["players"][1]["items"]["weapon"] == "short_sword"
    assert s["ideck"] == deck


def test_strict_movement_forbids_crawling() -> None:
    """B §20 strict_movement: always roll."""
    s = new(options={"strict_movement": True})
    place(s, 0, "ICE-2")
    assert "crawl" not in names(s)


def test_tabletop_monster_roller_names_the_next_player() -> None:
    """B §20 tabletop_monster_roller: the next player rolls for the monster (no rules change)."""
    s = new(("rendrick", "illistaire", "vesper"), options={"tabletop_monster_roller": True})
    place(s, 0, "ICE-1")
    to_top(s, "ddeck", "giant_ants")
    s = do(load(s, 6, 6, 6, 1, 1, 1), "crawl")
    assert s["combat"]["roller"] == 1 and "Bob rolls for the monster." in s["combat"]["events"]
