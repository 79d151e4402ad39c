"""Combat, ranged attacks, stealing, healing and death (B §12.2, §13, §14; Lucky
Charm B §16), as exact states with loaded dice.

Dice are used in this order: initiative (the character's, then the foe's), then per
attack the attack roll and, if it hits and may be defended, the defence roll.
"""

from __future__ import annotations

from py_engine.barons import GAME
from py_engine.barons import components as C
from py_engine.core import Ending
from tests.barons.bx import (
    act,
    build,
    do,
    give_item,
    give_skill,
    load,
    names,
    new,
    opts,
    place,
    refused,
    to_top,
    top,
    who,
)


def fight(chars: tuple[str, ...] = ("rendrick", "illistaire"), monster: str = "northern_raiders",
          *init: int) -> dict:
    """Seat 0 crawls from Ice Caves 1 to 2 and meets ``monster``; ``init`` loads the
    initiative dice (and any later ones)."""
    s = new(chars)
    place(s, 0, "ICE-1")
    to_top(s, "ddeck", monster)
    return do(load(s, *init), "crawl")


# ---- B §13.1 monsters -----------------------------------------------------------------------------
def test_initiative_and_a_killing_blow() -> None:
    """B §13.1: initiative is a total roll of Agility dice (Rendrick 18 against the
    Raiders' 2); his 5 Strength dice hit twice, the Raiders' one defence die misses:
    2 damage kills them; their 10 GP treasure is paid and the card discarded."""
    s = fight(("rendrick", "illistaire"), "northern_raiders", 6, 6, 6, 1, 1)
    assert top(s) == "fight" and who(s) == 0
    assert s["combat"]["side"][1] == {"mon": "northern_raiders", "hp": 2}
    s = do(load(s, 6, 6, 1, 1, 1, 3), "melee")
    assert s["combat"] is None and s["last_combat"]["how"] == "slain"
    assert s["players"][0]["gold"] == 60 and s["ddisc"] == ["northern_raiders"]
    assert s["active"] == 1


def test_tied_initiative_is_rolled_again() -> None:
    """B §13.1 step 1: on a tie both roll again."""
    s = fight(("rendrick", "illistaire"), "northern_raiders", 1, 1, 1, 2, 1, 1, 1, 1, 6, 6, 1, 1, 1)
    log = [t for _, t in s["log"]]
    assert "Initiative 3 each: both roll again." in log
    assert "Initiative: Ann 3, Northern Raiders 12. Northern Raiders strikes first." in log
    assert top(s) == "fight" and who(s) == 0 and s["players"][0]["hp"] == 10


def test_monster_attack_and_armor() -> None:
    """B §13.1 step 3: the Raiders strike first (3 dice, two 6s); Rendrick's talent
    armor die (a 6) cancels one hit: 1 damage."""
    s = fight(("rendrick", "illistaire"), "northern_raiders", 1, 1, 1, 6, 6, 6, 6, 2, 6)
    assert s["players"][0]["hp"] == 9 and top(s) == "fight"


def test_failed_escape_leaves_the_next_attack_undefended() -> None:
    """B §13.1 step 4: no 6 on the Guile dice: the monster's next attack cannot be
    defended (three hits, 3 damage, and no armor die is rolled: the loaded 6 is left)."""
    s = fight(("rendrick", "illistaire"), "northern_raiders", 6, 6, 6, 1, 1)
    s = do(load(s, 1, 2, 3, 6, 6, 6, 6), "flee")
    assert s["players"][0]["hp"] == 7 and s["loaded"] == [6]
    assert s["combat"]["undef"] == [False, False]


def test_escape_puts_the_monster_at_the_bottom_healed() -> None:
    """B §13.1 step 4: a 6 escapes; the monster card goes to the bottom of the dungeon
    deck (its place known to all) and the character stays on the space."""
    s = fight(("rendrick", "illistaire"), "northern_raiders", 6, 6, 6, 1, 1)
    s = do(load(s, 6, 6, 1, 1, 1, 6, 1, 1, 1), "melee")  # 2 hits, 1 blocked: 1 health left; they miss
    assert s["combat"]["side"][1]["hp"] == 1 and top(s) == "fight"
    s = do(load(s, 6, 1, 1), "flee")
    assert s["combat"] is None and s["ddeck"][0] == "northern_raiders" and s["ddeck_grp"] == [1]
    assert s["players"][0]["pos"] == "ICE-2" and GAME.board_view(s, 1)["decks"]["dungeon_bottom"] == ["northern_raiders"]


def test_spells_ignore_a_monsters_defense_unless_warded() -> None:
    """B §13.1 step 3: the Giant Crab's 3 defense dice do not defend against Arcane
    Bolt (no defence roll: the loaded 6 is left); the warded Red Dragon's do."""
    s = fight(("illistaire", "rendrick"), "giant_crab", 6, 6, 6, 6, 1, 1)
    assert ["cast", "arcane_bolt"] in opts(s)
    s = do(load(s, 6, 6, 1, 1, 1, 6), "cast", "arcane_bolt")
    assert s["last_combat"]["how"] == "slain" and s["loaded"] == [6]
    s = fight(("illistaire", "rendrick"), "red_dragon", 6, 6, 6, 6, 1, 1, 1)
    s = do(load(s, 6, 6, 6, 1, 1, 6, 1), "cast", "arcane_bolt")
    assert s["combat"]["side"][1]["hp"] == 4


def test_spectral_attacks_are_defended_by_ward_not_armor() -> None:
    """B §13.1 step 3, §18 traits: the Fire Imps' attacks are spells: Rendrick's
    armor die does not roll (the loaded 6 is left), 2 damage."""
    s = fight(("rendrick", "illistaire"), "fire_imps", 1, 1, 1, 6, 6, 6, 6, 6, 6)
    assert s["players"][0]["hp"] == 8 and s["loaded"] == [6]


def test_smoke_bomb_escapes_without_a_roll() -> None:
    """B §16 Smoke Bomb: escape on your combat turn, no roll."""
    s = new()
    give_item(s, 0, "smoke_bomb")
    place(s, 0, "ICE-1")
    to_top(s, "ddeck", "snow_wolves")
    s = do(load(s, 6, 6, 6, 1, 1, 1, 1), "crawl")
    s = do(s, "use", "smoke_bomb")
    assert s["combat"] is None and s["ddeck"][0] == "snow_wolves" and s["players"][0]["potions"] == []


def test_monster_withdraws_after_thirty_rounds() -> None:
    """B §13.1 step 5: an engine safeguard ends a fight after 30 rounds as an escape."""
    s = fight(("rendrick", "illistaire"), "mummified_undead", 6, 6, 6)
    s["combat"]["turns"] = 59
    s = do(load(s, 1, 1, 1, 1, 1), "melee")
    assert s["combat"] is None and s["last_combat"]["how"] == "limit" and s["ddeck"][0] == "mummified_undead"


def test_boss_keep_after_slaying_a_boss() -> None:
    """B §12.2, §13.1 step 6: slaying the Ice Wyrm in the Ice Caves pays 30 GP, keeps
    the card as a trophy and grants a free keep in the Snow Lands: upgrade a dwelling
    or a new keep on a land with room."""
    s = new()
    build(s, "SNOW-L1", (0, 1))
    build(s, "SNOW-L4", (1, 1))
    place(s, 0, "ICE-1")
    to_top(s, "ddeck", "ice_wyrm")
    s = do(load(s, 6, 6, 6, 1, 1), "crawl")
    s = do(load(s, 6, 6, 6, 6, 6, 1, 1, 1, 1, 1, 1), "melee")  # 5 hits, none blocked: 1 left; the Wyrm misses
    s = do(load(s, 6, 1, 1, 1, 1, 1, 1), "melee")
    assert s["players"][0]["trophies"] == ["ice_wyrm"] and s["players"][0]["gold"] == 80
    assert top(s) == "castle" and sorted(a[1] for a in opts(s)) == ["SNOW-L1", "SNOW-L2", "SNOW-L3", "SNOW-L4"]
    s = do(s, "castle", "SNOW-L4")
    assert s["bld"]["SNOW-L4"] == [[1, 1], [0, 2]] and s["bld"]["SNOW-L1"] == [[0, 1]]


def test_boss_keep_falls_back_to_gold() -> None:
    """B §12.2: if no land of the realm can take the keep, gain twice the realm's
    cheapest land price (Snow Lands: 2 x 10 GP)."""
    s = new(("rendrick", "illistaire", "vesper", "maelin"))
    for x in C.realm_lands()["SNOW"]:
        build(s, x, (1, 1), (2, 1), (3, 1))
    place(s, 0, "ICE-1")
    to_top(s, "ddeck", "ice_wyrm")
    s = do(load(s, 6, 6, 6, 1, 1), "crawl")
    s = do(load(s, 6, 6, 6, 6, 6, 1, 1, 1, 1, 1, 1), "melee")
    s = do(load(s, 6, 1, 1, 1, 1, 1, 1), "melee")
    assert s["players"][0]["gold"] == 50 + 30 + 20 and s["active"] == 1


# ---- B §14 death and healing ---------------------------------------------------------------------
def test_death_by_a_monster_returns_everything_to_the_game() -> None:
    """B §14: killed by a monster: buildings removed, items to the bottom of the item
    deck, resources and skills back to their supplies, gold to the bank, trophies
    to the dungeon discard pile; the turn ends; the last baron standing wins (B §19)."""
    s = new()
    me = s["players"][0]
    me["hp"], me["gold"] = 1, 30
    me["res"]["pelts"] = 2
    s["rsupply"]["pelts"] = 4
    give_item(s, 0, "short_sword")
    give_skill(s, 0, "weapon_training")
    s["ddeck"].remove("vampire")
    me["trophies"] = ["vampire"]
    build(s, "SNOW-L1", (0, 2), (1, 1))
    place(s, 0, "ICE-1")
    to_top(s, "ddeck", "northern_raiders")
    s = do(load(s, 1, 1, 1, 6, 6, 6, 1, 1, 1), "crawl")
    me = s["players"][0]
    assert not me["alive"] and me["gold"] == 0 and me["items"] == {} and me["skills"] == []
    assert s["bld"]["SNOW-L1"] == [[1, 1]] and s["rsupply"]["pelts"] == 6
    assert s["supply"]["weapon_training"] == 2 and "vampire" in s["ddisc"] and "northern_raiders" in s["ddisc"]
    assert s["ideck"][0] == "short_sword"
    out = GAME.outcome(s)
    assert out is not None and out.winners == (1,) and "last baron standing" in out.reason
    assert out.ending is Ending.ELIMINATION


def test_second_life_saves_once() -> None:
    """B §17 Second Life: at 0 health the character stays at 5 and the card goes back."""
    s = new(("maelin", "rendrick"))
    give_skill(s, 0, "mending", "blessing", "second_life")
    s["players"][0]["hp"] = 1
    place(s, 0, "ICE-1")
    to_top(s, "ddeck", "northern_raiders")
    s = do(load(s, 1, 1, 1, 6, 6, 6, 1, 1, 1), "crawl")
    me = s["players"][0]
    assert me["alive"] and me["hp"] == 5 and me["skills"] == ["mending", "blessing"]
    assert s["supply"]["second_life"] == 2


def test_mending_once_a_turn_and_maelin_heals_on_fives() -> None:
    """B §14, §6.2: Maelin mends without the skill; her 4 healing dice heal on 5 or 6."""
    s = new(("maelin", "rendrick"))
    s["players"][0]["hp"] = 5
    s = do(load(s, 1, 1, 1), "roll")
    s = do(s, "move", "SNOW-L1")
    s = do(s, "build")
    assert opts(s) == [["mend"], ["end"]]
    s = do(load(s, 5, 6, 4, 1), "mend")
    assert s["players"][0]["hp"] == 7 and s["active"] == 1  # once a turn: nothing else left to do


def test_potions_heal_and_blessing_adds_one() -> None:
    """B §14, §16, §17: a Healing Potion heals 4 (5 with Blessing); an Elixir heals to 10."""
    s = new()
    give_item(s, 0, "healing_potion")
    give_item(s, 0, "elixir_of_life")
    s["players"][0]["hp"] = 3
    s = do(s, "use", "healing_potion")
    assert s["players"][0]["hp"] == 7 and s["players"][0]["potions"] == ["elixir_of_life"]
    s = do(s, "use", "elixir_of_life")
    assert s["players"][0]["hp"] == 10 and "use" not in names(s)
    s = new(("maelin", "rendrick"))
    give_skill(s, 0, "mending", "blessing")
    give_item(s, 0, "healing_potion")
    s["players"][0]["hp"] = 3
    s = do(s, "use", "healing_potion")
    assert s["players"][0]["hp"] == 8


# ---- B §13.3 players ------------------------------------------------------------------------------------
def _meet(chars: tuple[str, ...] = ("rendrick", "illistaire", "vesper")) -> dict:
    """Ann and Bob, adventurers, on Frostfield; Ann's turn, about to move onto Bob."""
    s = new(chars)
    for q in s["players"]:
        q["adv"] = True
    place(s, 0, "OUT-WHITE")
    place(s, 1, "SNOW-L1")
    s = do(load(s, 1, 1, 1), "roll")
    return do(s, "move", "SNOW-L1")


def test_attack_is_offered_only_between_adventurers_on_one_space() -> None:
    """B §9 phase B, §13.3: after moving, Ann may attack Bob on her space."""
    s = _meet()
    assert top(s) == "attack" and opts(s) == [["attack", 1], ["no_attack"]]
    s = new()
    place(s, 1, "SNOW-L1")
    s = do(load(s, 1, 1, 1), "roll")
    s = do(s, "move", "SNOW-L1")
    assert top(s) != "attack"  # not adventurers


def test_pvp_ends_after_three_rounds() -> None:
    """B §13.3: a round is a turn by each; after 3 rounds the fight ends, both alive,
    and Ann's turn goes on (Frostfield's land step)."""
    s = _meet()
    s = do(load(s, 6, 6, 6, 1, 1, 1, 1), "attack", 1)
    for _ in range(3):
        assert who(s) == 0
        s = do(load(s, 1, 1, 1, 1, 1), "melee")
        assert who(s) == 1
        s = do(load(s, 1), "melee")
    assert s["combat"] is None and s["last_combat"]["how"] == "limit" and top(s) == "land"


def test_a_killer_takes_buildings_items_gold_and_resources() -> None:
    """B §13.3: Ann kills Bob: his dwelling where she has a keep merges into her keep,
    his other dwelling becomes hers; she keeps her Chain Mail over his Leather Armor
    (which goes to the bottom of the item deck) and takes his gold, resources,
    potions and trophies; his skills go back to the guild."""
    s = new(("rendrick", "illistaire", "vesper"))
    for q in s["players"]:
        q["adv"] = True
    give_item(s, 0, "chain_mail")
    give_item(s, 1, "leather_armor")
    give_item(s, 1, "healing_potion")
    give_skill(s, 1, "arcane_bolt")
    bob = s["players"][1]
    bob["hp"], bob["gold"] = 1, 33
    bob["res"]["iron"] = 2
    s["rsupply"]["iron"] = 4
    build(s, "DESERT-L1", (0, 2), (1, 1))
    build(s, "FIRE-L1", (1, 1))
    place(s, 0, "OUT-WHITE")
    place(s, 1, "SNOW-L1")
    s = do(load(s, 1, 1, 1), "roll")
    s = do(s, "move", "SNOW-L1")
    s = do(load(s, 6, 6, 6, 1, 1, 1, 1), "attack", 1)
    s = do(load(s, 6, 1, 1, 1, 1), "melee")  # Bob has no armor: 1 damage kills him
    ann, bob = s["players"][0], s["players"][1]
    assert not bob["alive"] and s["bld"]["DESERT-L1"] == [[0, 2]] and s["bld"]["FIRE-L1"] == [[0, 1]]
    assert ann["items"] == {"armor": "chain_mail"} and s["ideck"][0] == "leather_armor"
    assert (ann["gold"], ann["res"]["iron"], ann["potions"]) == (83, 2, ["healing_potion"])
    assert s["supply"]["arcane_bolt"] == 2 and bob["skills"] == []
    assert top(s) == "land" and who(s) == 0


def test_defender_decides_on_their_own_combat_turns() -> None:
    """B §13.3: both sides choose each turn; the defender may run away."""
    s = _meet()
    s = do(load(s, 1, 1, 1, 6, 6, 6, 6), "attack", 1)
    assert who(s) == 1 and "flee" in names(s) and ["cast", "arcane_bolt"] in opts(s)
    s = act(load(s, 6, 1), 1, "flee")
    assert s["combat"] is None and s["last_combat"]["how"] == "fled"


# ---- B §13.4 ranged, §13.5 stealing ---------------------------------------------------------------------
def _phase_d(chars: tuple[str, ...], pos0: str, pos1: str) -> dict:
    """Ann (adventurer) at ``pos0`` in her actions step; Bob (adventurer) at ``pos1``."""
    s = new(chars)
    for q in s["players"]:
        q["adv"] = True
    place(s, 1, pos1)
    s["stack"] = [{"k": "end_turn"}, {"k": "actions", "seat": 0}]
    place(s, 0, pos0)
    return s


def test_archery_range_is_agility_and_armor_defends() -> None:
    """B §13.4: with a Short Bow Rendrick (Agility 3) may shoot Bob 3 spaces away,
    not 4; 5 Strength dice, Bob (Kestrel, no armor) takes every hit."""
    s = _phase_d(("rendrick", "kestrel"), "SNOW-L1", "SNOW-L3")
    assert "shoot" not in names(s)
    give_item(s, 0, "short_bow")
    assert ["shoot", 1] in opts(s)
    place(s, 1, "SNOW-CITY")
    assert "shoot" not in names(s)
    place(s, 1, "SNOW-L3")
    s = do(load(s, 6, 6, 1, 1, 1), "shoot", 1)
    assert s["players"][1]["hp"] == 8 and s["active"] == 1  # one ranged attack: the turn is over


def test_spells_are_defended_only_by_ward() -> None:
    """B §13.4: Arcane Bolt (range = Sorcerer level 1) at Rendrick next door: his armor
    die does not defend (the loaded 6 stays); one ranged attack per turn."""
    s = _phase_d(("illistaire", "rendrick"), "SNOW-L1", "SNOW-L2")
    s = do(load(s, 6, 6, 6, 1, 1, 6), "cast", 1, "arcane_bolt")
    assert s["players"][1]["hp"] == 7 and s["loaded"] == [6]


def test_steal_takes_a_random_card_or_ten_gold() -> None:
    """B §13.5: Vesper (Thief 1 by talent) steals at range 1: a Guile 6 takes one of
    Bob's resource cards; with nothing to take, 10 GP (or all if less)."""
    s = _phase_d(("vesper", "rendrick"), "SNOW-L1", "SNOW-L2")
    s["players"][1]["res"]["fish"] = 1
    s["rsupply"]["fish"] = 5
    s = do(load(s, 6, 1, 1, 1, 1), "steal", 1)
    assert s["players"][0]["res"]["fish"] == 1 and s["players"][1]["res"]["fish"] == 0
    s = _phase_d(("vesper", "rendrick"), "SNOW-L1", "SNOW-L2")
    s["players"][1]["gold"] = 7
    s = do(load(s, 6, 1, 1, 1, 1), "steal", 1)
    assert s["players"][0]["gold"] == 57 and s["players"][1]["gold"] == 0
    s = _phase_d(("vesper", "rendrick"), "SNOW-L1", "SNOW-L2")
    s = do(load(s, 1, 1, 1, 1, 1), "steal", 1)
    assert s["players"][0]["gold"] == 50 and "steal" not in [a[0] for a in GAME.legal_actions(s, 0)]


def test_stealing_needs_a_thief_level_and_adventurers() -> None:
    """B §13.5: Rendrick has no Thief level; non-adventurers cannot be robbed."""
    s = _phase_d(("rendrick", "vesper"), "SNOW-L1", "SNOW-L1")
    assert "steal" not in names(s)
    s = _phase_d(("vesper", "rendrick"), "SNOW-L1", "SNOW-L1")
    s["players"][1]["adv"] = False
    assert "steal" not in names(s)
    refused(s, "steal", 1)


# ---- Lucky Charm (B §16, §23.4) ---------------------------------------------------------------------------
def test_lucky_charm_rerolls_a_defence_die_on_anothers_turn() -> None:
    """B §23.4 reroll_per_turn: Bob (Rendrick, armor 1) holds the Lucky Charm; on Ann's
    turn his defence die misses two hits, he re-rolls it to a 6 and blocks one;
    once per turn."""
    s = _meet(("kestrel", "rendrick", "vesper"))
    give_item(s, 1, "lucky_charm")
    s = do(load(s, 6, 6, 6, 1, 1, 1), "attack", 1)
    assert top(s) == "charm" and who(s) == 1  # his initiative is lower: he may re-roll it
    s = act(s, 1, "keep")
    s = do(load(s, 6, 6, 1, 1, 2), "melee")  # Ann: 2 hits; Bob's armor die shows 2
    assert top(s) == "charm" and who(s) == 1
    s = act(load(s, 6), 1, "reroll")
    assert s["players"][1]["hp"] == 9 and s["players"][1]["rr"] == 1
    assert top(s) == "fight" and who(s) == 1


def test_lucky_charm_on_a_movement_roll() -> None:
    """B §16 Lucky Charm: re-roll one movement die before choosing."""
    s = new()
    give_item(s, 0, "lucky_charm")
    s = do(load(s, 1, 1, 1), "roll")
    assert ["reroll", 0] in opts(s)
    s = do(load(s, 4), "reroll", 0)
    assert s["stack"][-1]["dice"] == [4, 1, 1] and "reroll" not in names(s)


def test_drinking_in_a_fight_takes_the_turn() -> None:
    """B §16: a potion used in combat takes the combat turn (the monster strikes next)."""
    s = new()
    give_item(s, 0, "healing_potion")
    s["players"][0]["hp"] = 4
    place(s, 0, "ICE-1")
    to_top(s, "ddeck", "giant_ants")
    s = do(load(s, 6, 6, 6, 1, 1, 1), "crawl")
    s = do(load(s, 1, 1), "use", "healing_potion")
    assert s["players"][0]["hp"] == 8 and s["combat"]["turns"] == 2 and who(s) == 0


def test_a_failed_escape_in_a_duel_leaves_the_next_blow_undefended() -> None:
    """B §13.3: between players too, a failed escape denies the next defence."""
    s = _meet()
    s = do(load(s, 6, 6, 6, 1, 1, 1, 1), "attack", 1)
    s = do(load(s, 1, 1, 1, 1, 1), "melee")  # Ann misses
    s = act(load(s, 1, 2), 1, "flee")  # Bob fails to get away
    assert s["combat"]["undef"] == [False, True]
    s = do(load(s, 6, 6, 1, 1, 1, 6), "melee")  # 2 hits, no defence roll: the 6 stays loaded
    assert s["players"][1]["hp"] == 8 and s["loaded"] == [6]
