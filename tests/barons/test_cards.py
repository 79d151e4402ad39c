"""Every character's talent, item and skill card (B §6, §16, §17, effect vocabulary
§23.4): the derived values each one changes, exactly, and the cards that act
(one-use items, active skills) in play."""

from __future__ import annotations

from typing import Any

import pytest

from py_engine.barons import components as C
from py_engine.barons.effects import stats
from py_engine.barons.rules import resolve_config
from tests.barons.bx import (
    build,
    do,
    give_item,
    give_skill,
    load,
    names,
    new,
    opts,
    place,
    to_top,
    top,
)

CFG = resolve_config({})


def _p(char: str = "kestrel", items: tuple[str, ...] = (), skills: tuple[str, ...] = ()) -> dict[str, Any]:
    pl: dict[str, Any] = {"char": char, "items": {}, "potions": [], "skills": list(skills),
                          "tracks": dict.fromkeys(C.GUILDS, 0)}
    for i in items:
        pl["items"][C.items()[i]["slot"]] = i
    return pl


BASE = stats(_p(), CFG)


def test_kestrels_base_values() -> None:
    """B §6.3 formulas on Kestrel (Str 4, Agi 3, Mana 1, Guile 4; Woodcraft: Hunting +1)."""
    b = BASE
    assert (b["move"], b["init"], b["melee"], b["melee_thr"], b["armor"], b["ward"]) == (3, 3, 4, 6, 0, 0)
    assert (b["guile_dice"], b["flee"], b["hunting"], b["heal_dice"], b["heal_thr"]) == (4, 4, 3, 1, 6)
    assert (b["sell_bonus"], b["trade_range"], b["steal_range"], b["spells"], b["archery"]) == (0, 0, None, [], False)


@pytest.mark.parametrize(("char", "changes"), [
    ("rendrick", {"armor": 1, "melee": 5}),
    ("illistaire", {"spells": [("arcane_bolt", 1)], "mana": 5}),
    ("vesper", {"steal_range": 1, "flee": 6, "guile_dice": 5}),
    ("maelin", {"mending": True, "heal_thr": 5, "spells": [("smite", 0)], "heal_dice": 4}),
    ("oskar", {"sell_bonus": 2, "trade_range": 1}),
    ("kestrel", {"hunting": 3}),
])
def test_each_talent(char: str, changes: dict[str, Any]) -> None:
    """B §6.2: Battle-Hardened, Arcane Bolt, Light Fingers, Healing Hands, Silver
    Tongue and Woodcraft, each as its derived values."""
    s = stats(_p(char), CFG)
    for k, v in changes.items():
        got = [(x["src"], x["range"]) for x in s["spells"]] if k == "spells" else s[k]
        assert got == v, (char, k)


#: item -> the derived values it changes on Kestrel (everything else stays as BASE).
ITEM_EFFECTS: dict[str, dict[str, Any]] = {
    "short_sword": {"melee": 5, "melee_dice": 1},
    "battle_axe": {"melee": 6, "melee_dice": 2},
    "magic_sword": {"melee": 5, "melee_dice": 1, "melee_thr": 5},
    "short_bow": {"archery": True, "archery_range": 3, "archery_dice": 4},
    "longbow": {"archery": True, "archery_range": 4, "archery_dice": 5},
    "leather_armor": {"armor": 1, "armor_dice": 1},
    "chain_mail": {"armor": 2, "armor_dice": 2},
    "plate_armor": {"armor": 3, "armor_dice": 3, "move": 2, "move_dice": -1},
    "shield": {"armor": 1, "armor_dice": 1},
    "wand_of_sparks": {"spells": [("wand_of_sparks", "Sparks", 1, 0, 6)]},
    "staff_of_fire": {"spells": [("staff_of_fire", "Firebolt", 2, 1, 6)]},
    "crystal_orb": {"spell_dice": 1},
    "amulet_of_warding": {"ward": 1, "ward_dice": 1},
    "holy_symbol": {"heal_dice": 2, "healing_dice": 1},
    "boots_of_speed": {"move": 4, "move_dice": 1},
    "cloak_of_shadows": {"flee": 6, "flee_dice": 2},
    "silver_ring": {"guile_dice": 5, "flee": 5},
    "lucky_charm": {"rerolls": 1, "reroll_per_turn": 1},
    "merchants_scales": {"sell_bonus": 1},
    "hunters_snare": {"hunting": 4},
}


@pytest.mark.parametrize("item", sorted(ITEM_EFFECTS))
def test_each_permanent_item(item: str) -> None:
    """B §16: each permanent item's effect on the derived values, and nothing else."""
    s = stats(_p(items=(item,)), CFG)
    want = ITEM_EFFECTS[item]
    for k in s:
        got = s[k]
        if k == "spells":
            got = [(x["src"], x["name"], x["range"], x["bonus_dice"], x["threshold"]) for x in got]
        if k in ("archery_range", "archery_dice") and "archery" not in want:
            continue  # only meaningful with a bow
        expect = want.get(k, BASE[k])
        assert got == expect, (item, k, got, expect)


def test_every_permanent_item_is_covered() -> None:
    """All 20 permanent item kinds are in the table above."""
    assert set(ITEM_EFFECTS) == {i for i, x in C.items().items() if x["kind"] == "permanent"}


#: skill ladder prefix -> the derived values the last card changes (with the lower ones).
SKILL_EFFECTS: dict[tuple[str, ...], dict[str, Any]] = {
    ("weapon_training",): {"melee": 5},
    ("weapon_training", "parry"): {"melee": 6, "armor": 1},
    ("weapon_training", "parry", "mighty_blow"): {"melee": 7, "mighty_blow": True},
    ("mending",): {"heal_dice": 2, "mending": True},
    ("mending", "blessing"): {"heal_dice": 3, "potion_bonus": 1},
    ("mending", "blessing", "second_life"): {"heal_dice": 4, "second_life": True},
    ("arcane_bolt",): {"spells": [("arcane_bolt", 1)]},
    ("arcane_bolt", "ward"): {"spells": [("arcane_bolt", 2)], "ward": 1},
    ("arcane_bolt", "ward", "fireball"): {"spells": [("arcane_bolt", 3)], "spell_dice": 1},
    ("tracking",): {"hunting": 4},
    ("tracking", "marksman"): {"hunting": 5, "archery": True, "archery_dice": 5, "archery_range": 3},
    ("tracking", "marksman", "beast_slayer"): {"hunting": 6, "monster_dice": 1},
    ("haggling",): {"sell_bonus": 1, "trade_range": 1},
    ("haggling", "bargaining"): {"sell_bonus": 2, "trade_range": 2, "city_discount": 5},
    ("haggling", "bargaining", "trade_baron"): {"sell_bonus": 3, "trade_range": 3, "best_outpost_rate": True},
    ("pickpocket",): {"steal_range": 1},
    ("pickpocket", "evasion"): {"steal_range": 2, "guile_dice": 5, "flee": 5},
    ("pickpocket", "evasion", "shadow_toll"): {"steal_range": 3, "toll_dodge": True},
}


@pytest.mark.parametrize("ladder", list(SKILL_EFFECTS), ids=lambda x: x[-1])
def test_each_skill_card(ladder: tuple[str, ...]) -> None:
    """B §17: every card gives its guild's level increment and its perk."""
    s = stats(_p(skills=ladder), CFG)
    for k, v in SKILL_EFFECTS[ladder].items():
        got = [(x["src"], x["range"]) for x in s["spells"]] if k == "spells" else s[k]
        assert got == v, (ladder, k)
    guild = C.skills()[ladder[-1]]["guild"]
    assert s["lv"][guild] == len(ladder)


def test_every_skill_card_is_covered() -> None:
    assert {x[-1] for x in SKILL_EFFECTS} == set(C.skills())


def test_illistaire_counts_one_sorcerer_level_higher() -> None:
    """B §6.2 Arcane Bolt talent: each Sorcerer card she learns adds 1 range."""
    s = stats(_p("illistaire", skills=("arcane_bolt", "ward")), CFG)
    assert s["lv"]["Sorcerer"] == 3 and s["spells"][0]["range"] == 3


def test_min_one_movement_die_with_plate_armor() -> None:
    """B §16 Plate Armor: never fewer than 1 movement die (B §6.3)."""
    pl = _p("rendrick", items=("plate_armor",))
    assert stats(pl, CFG)["move"] == 2
    pl["char"] = "kestrel"
    assert stats(pl, CFG)["move"] == 2


# ---- cards that act -------------------------------------------------------------------------
def _fight(chars: tuple[str, ...], monster: str, *dice: int, setup: Any = None) -> dict[str, Any]:
    s = new(chars)
    if setup:
        setup(s)
    place(s, 0, "ICE-1")
    to_top(s, "ddeck", monster)
    return do(load(s, *dice), "crawl")


def _last_roll(s: dict[str, Any], what: str) -> list[int]:
    rolls = [r for r in s["rolls"] if what in r["what"]]
    assert rolls, s["rolls"]
    return list(rolls[-1]["dice"])


def test_magic_sword_hits_on_five() -> None:
    """B §16 Magic Sword: melee hits on 5 or 6 (and +1 die: Kestrel rolls 5)."""
    s = _fight(("kestrel", "rendrick"), "giant_ants", 6, 6, 6, 1, 1, 1,
               setup=lambda s: give_item(s, 0, "magic_sword"))
    s = do(load(s, 5, 5, 1, 1, 1, 1, 1), "melee")  # two 5s hit; the Ants' 2 defence dice miss
    assert _last_roll(s, "Ann: attack") == [5, 5, 1, 1, 1] and s["last_combat"]["how"] == "slain"


def test_mighty_blow_lowers_the_threshold_once_a_turn() -> None:
    """B §17 Mighty Blow: declared before a Strength attack, it hits on 5+; once per turn."""
    s = _fight(("rendrick", "kestrel"), "stone_giant", 6, 6, 6, 1,
               setup=lambda s: give_skill(s, 0, "weapon_training", "parry", "mighty_blow"))
    assert ["melee", "mighty"] in opts(s)
    s = do(load(s, 5, 5, 5, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1), "melee", "mighty")
    assert s["combat"]["side"][1]["hp"] == 1  # 8 dice, three 5s hit; 1 defence die misses
    assert ["melee", "mighty"] not in opts(s)


def test_giant_strength_is_free_and_adds_two_dice() -> None:
    """B §16 Potion of Giant Strength: no combat turn used; +2 dice for this fight."""
    s = _fight(("kestrel", "rendrick"), "giant_ants", 6, 6, 6, 1, 1, 1,
               setup=lambda s: give_item(s, 0, "giant_strength"))
    s = do(s, "use", "giant_strength")
    assert top(s) == "fight" and s["combat"]["bonus"] == [2, 0]
    s = do(load(s, *([1] * 6), 1, 1, 1, 1), "melee")
    assert len(_last_roll(s, "Ann: attack")) == 6


def test_beast_slayer_adds_a_die_against_monsters_only() -> None:
    """B §17 Beast Slayer: +1 die on attacks against monsters."""
    s = _fight(("kestrel", "rendrick"), "giant_ants", 6, 6, 6, 1, 1, 1,
               setup=lambda s: give_skill(s, 0, "tracking", "marksman", "beast_slayer"))
    s = do(load(s, *([1] * 5), 1, 1, 1), "melee")
    assert len(_last_roll(s, "Ann: attack")) == 5


def test_fireball_and_orb_add_spell_dice() -> None:
    """B §16 Crystal Orb, §17 Fireball: +1 die on every spell."""
    def setup(s: dict[str, Any]) -> None:
        give_item(s, 0, "crystal_orb")
        give_skill(s, 0, "arcane_bolt", "ward", "fireball")

    s = _fight(("illistaire", "rendrick"), "giant_crab", 6, 6, 6, 6, 1, 1, setup=setup)
    s = do(load(s, *([1] * 7), 1, 1), "cast", "arcane_bolt")
    assert len(_last_roll(s, "Arcane Bolt")) == 7


def test_scroll_of_lightning_as_a_ranged_attack() -> None:
    """B §16 Scroll of Lightning: once, Mana + 2 dice hitting on 5+, range 3."""
    s = new(("rendrick", "kestrel"))
    for q in s["players"]:
        q["adv"] = True
    give_item(s, 0, "scroll_of_lightning")
    place(s, 1, "SNOW-GUILD")
    s["stack"] = [{"k": "end_turn"}, {"k": "actions", "seat": 0}]
    place(s, 0, "OUT-WHITE")
    assert ["cast", 1, "scroll_of_lightning"] in opts(s)
    place(s, 1, "SNOW-L3")
    assert ["cast", 1, "scroll_of_lightning"] not in opts(s)
    place(s, 1, "SNOW-GUILD")
    s = do(load(s, 5, 5, 1), "cast", 1, "scroll_of_lightning")
    assert s["players"][1]["hp"] == 8 and s["players"][0]["potions"] == [] and "scroll_of_lightning" in s["idisc"]


def test_toll_pass_waives_all_tolls() -> None:
    """B §16 Toll Pass: pay none of the tolls this once."""
    s = new(("rendrick", "illistaire", "vesper"))
    give_item(s, 0, "toll_pass")
    build(s, "SNOW-L1", (1, 2), (2, 1))
    s = do(load(s, 1, 1, 1), "roll")
    s = do(s, "move", "SNOW-L1")
    assert top(s) == "tollpass"
    s = do(s, "toll_pass")
    assert [q["gold"] for q in s["players"]] == [50, 50, 50] and top(s) == "land"
    assert s["players"][0]["potions"] == [] and "toll_pass" in s["idisc"]


def test_royal_land_grant_builds_for_free() -> None:
    """B §16 Royal Land Grant: a dwelling without paying."""
    s = new()
    give_item(s, 0, "royal_land_grant")
    s["players"][0]["gold"] = 0
    s = do(load(s, 1, 1, 1), "roll")
    s = do(s, "move", "SNOW-L1")
    assert sorted(names(s)) == ["forage", "grant"]
    s = do(s, "grant")
    assert s["bld"]["SNOW-L1"] == [[0, 1]] and s["players"][0]["potions"] == []


def test_shadow_toll_dodges_on_a_guile_six() -> None:
    """B §17 Shadow Toll: roll Guile first; any 6 and no tolls are paid."""
    s = new(("vesper", "rendrick"))
    give_skill(s, 0, "pickpocket", "evasion", "shadow_toll")
    build(s, "SNOW-L1", (1, 2))
    s = do(load(s, 1, 1, 1, 1), "roll")
    s = do(load(s, 6, 1, 1, 1, 1, 1), "move", "SNOW-L1")
    assert s["players"][0]["gold"] == 50 and s["players"][1]["gold"] == 50
    assert len(_last_roll(s, "Shadow Toll")) == 6  # Guile 5 + Evasion


def test_trade_baron_sells_at_the_best_rate() -> None:
    """B §17 Trade Baron: every card at the best outpost rate (16) + sell bonus (3)."""
    s = new(("rendrick", "illistaire"))
    give_skill(s, 0, "haggling", "bargaining", "trade_baron")
    s["players"][0]["res"]["pelts"] = 1
    s["rsupply"]["pelts"] = 5
    place(s, 0, "BLACK-L4")
    s = do(load(s, 1, 1, 1), "roll")
    s = do(s, "move", "OUT-WHITE")
    s = do(s, "sell", "pelts", 1)
    assert s["players"][0]["gold"] == 50 + 20 + 16 + 3


def test_trade_range_sells_from_a_distance() -> None:
    """B §15 trade range: Oskar (range 1) may sell at an outpost next to him in his
    actions step."""
    s = new(("oskar", "rendrick"))
    s["players"][0]["res"]["spice"] = 2
    s["rsupply"]["spice"] = 4
    s = do(load(s, 1, 1, 1, 1), "roll")
    s = do(s, "move", "SNOW-L1")
    s = do(s, "build")
    assert ["trade", "OUT-WHITE"] in opts(s)
    s = do(s, "trade", "OUT-WHITE")
    s = do(s, "sell", "spice", 2)
    assert s["players"][0]["gold"] == 40 + 2 * (12 + 2)


def test_marksman_shoots_without_a_bow() -> None:
    """B §17 Marksman: archery without a bow, +1 die."""
    s = new(("kestrel", "rendrick"))
    for q in s["players"]:
        q["adv"] = True
    give_skill(s, 0, "tracking", "marksman")
    place(s, 1, "SNOW-L2")
    s["stack"] = [{"k": "end_turn"}, {"k": "actions", "seat": 0}]
    place(s, 0, "SNOW-L1")
    s = do(load(s, *([1] * 5), 1), "shoot", 1)
    assert len(_last_roll(s, "arrow")) == 5
