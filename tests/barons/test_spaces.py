"""Resolving spaces, buildings, tolls, debts and banishment (B §11, §12.1, §12.3),
as exact states."""

from __future__ import annotations

import random

import pytest

from py_engine import __version__
from py_engine.barons import GAME
from py_engine.barons import components as C
from py_engine.barons.machine import building_points, property_value
from py_engine.core import Action, Match, SaveError, Seat, State, state_hash
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
    refused,
    roll,
    to_top,
    top,
    turn_of,
)


def _land(s: dict, p: int, land: str) -> dict:
    """Seat ``p`` (to act) arrives on ``land`` with a 1 (from the space before it)."""
    i = C.outer_ids().index(land)
    place(s, p, C.outer_ids()[i - 1])
    return roll(s, 1, land)


# ---- B §11.1 open land ----------------------------------------------------------------------------
def test_tolls_to_each_other_owner_in_seat_order() -> None:
    """B §11.1 step 1: Cy pays every other owner on Oasis of Ashar (toll 6, keep 12),
    starting with the player after her: Di 6, Ann 6, Bob 12."""
    s = turn_of(new(("rendrick", "illistaire", "vesper", "maelin")), 2)
    build(s, "DESERT-L3", (0, 1), (1, 2), (3, 1))
    s = _land(s, 2, "DESERT-L3")
    gold = [q["gold"] for q in s["players"]]
    assert gold == [56, 62, 26, 56]
    pays = [t for _, t in s["log"] if "toll of" in t]
    assert pays == ["Cy pays Di a toll of 6 GP.", "Cy pays Ann a toll of 6 GP.", "Cy pays Bob a toll of 12 GP."]
    assert len(s["bld"]["DESERT-L3"]) == 3 and s["active"] == 3  # a full land: Cy could only forage


def test_build_on_the_same_turn_after_paying() -> None:
    """B §11.1 step 3: after paying Bob's toll (3 GP) Ann may build her own dwelling
    (10 GP) on Frostfield; the land then holds 2 buildings."""
    s = new()
    build(s, "SNOW-L1", (1, 1))
    s = _land(s, 0, "SNOW-L1")
    assert s["players"][0]["gold"] == 47 and s["players"][1]["gold"] == 53
    assert top(s) == "land" and names(s) == {"build", "forage"}
    s = do(s, "build")
    assert s["bld"]["SNOW-L1"] == [[1, 1], [0, 1]] and s["players"][0]["gold"] == 37


def test_a_full_land_leaves_only_foraging() -> None:
    """B §12.1: at most 3 buildings on a land: with three there, Ann can only forage
    (Hunting 2: two dice, each 6 a Pelts card)."""
    s2 = new(("rendrick", "illistaire", "vesper", "maelin"))
    build(s2, "SNOW-L1", (1, 1), (2, 1), (3, 1))
    i = C.outer_ids().index("SNOW-L1")
    place(s2, 0, C.outer_ids()[i - 1])
    s2 = do(load(s2, 1, 1, 1), "roll")
    s2 = do(load(s2, 6, 3), "move", "SNOW-L1")
    assert s2["players"][0]["res"]["pelts"] == 1 and s2["rsupply"]["pelts"] == 5
    assert s2["players"][0]["gold"] == 50 - 9


def test_harvest_equals_hunting_plus_one_on_a_keep() -> None:
    """B §11.1 step 2: on her own dwelling Ann harvests Hunting (2) cards; Kestrel
    (Hunting 3) on his keep harvests 3 + 1."""
    s = new()
    build(s, "SNOW-L2", (0, 1))
    s = _land(s, 0, "SNOW-L2")
    assert s["players"][0]["res"]["pelts"] == 2 and top(s) == "upgrade"
    s = new(("kestrel", "rendrick"))
    build(s, "SNOW-L2", (0, 2))
    s = _land(s, 0, "SNOW-L2")
    assert s["players"][0]["res"]["pelts"] == 4 and s["rsupply"]["pelts"] == 2


def test_upgrade_pays_the_price_again() -> None:
    """B §11.1 step 2, §12.1: a dwelling becomes a keep for its price again (Glacier
    Steppe, 15 GP); points 1 -> 2, property value 15 -> 30."""
    s = new()
    build(s, "SNOW-L3", (0, 1))
    assert (building_points(s, 0), property_value(s, 0)) == (1, 15)
    s = _land(s, 0, "SNOW-L3")
    s = do(s, "upgrade")
    assert s["bld"]["SNOW-L3"] == [[0, 2]] and s["players"][0]["gold"] == 35
    assert (building_points(s, 0), property_value(s, 0)) == (2, 30)


def test_forage_takes_only_what_the_supply_has() -> None:
    """B §11.1 step 4: three 6s but one Pelts card left in the supply: one card."""
    s = new(("kestrel", "rendrick"))
    s["rsupply"]["pelts"] = 1
    s["players"][1]["res"]["pelts"] = 5
    i = C.outer_ids().index("SNOW-L1")
    place(s, 0, C.outer_ids()[i - 1])
    s = do(load(s, 1, 1, 1), "roll")
    s = do(s, "move", "SNOW-L1")
    s = do(load(s, 6, 6, 6), "forage")
    assert s["players"][0]["res"]["pelts"] == 1 and s["rsupply"]["pelts"] == 0


def test_cannot_build_without_the_gold() -> None:
    """B §12.3: buying a building needs the gold on hand."""
    s = new()
    s["players"][0]["gold"] = 9
    i = C.outer_ids().index("SNOW-L1")
    place(s, 0, C.outer_ids()[i - 1])
    s = do(load(s, 1, 1, 1), "roll")
    s = do(load(s, 2, 2), "move", "SNOW-L1")  # forage was the only choice
    assert s["bld"]["SNOW-L1"] == [] and s["players"][0]["gold"] == 9


# ---- B §11.2 city -------------------------------------------------------------------------------------
def test_inn_then_one_item_draw() -> None:
    """B §11.2: the inn heals 5 GP a point, then the top item card is offered for
    20 GP; a bought weapon takes its slot."""
    s = new()
    s["players"][0]["hp"] = 7
    to_top(s, "ideck", "short_sword")
    s = _land(s, 0, "SNOW-CITY")
    assert top(s) == "inn" and opts(s) == [["heal", 1], ["heal", 2], ["heal", 3], ["no_heal"]]
    s = do(s, "heal", 2)
    assert s["players"][0]["hp"] == 9 and s["players"][0]["gold"] == 40
    assert top(s) == "item" and s["stack"][-1]["item"] == "short_sword"
    s = do(s, "buy")
    assert s["players"][0]["items"] == {"weapon": "short_sword"} and s["players"][0]["gold"] == 20


def test_declined_item_goes_to_the_bottom_and_is_known() -> None:
    """B §11.2, §23.2: an item not bought goes to the bottom of the deck, where
    everyone knows it is."""
    s = new()
    to_top(s, "ideck", "shield")
    s = _land(s, 0, "SNOW-CITY")
    s = do(s, "decline")
    assert s["ideck"][0] == "shield" and s["ideck_grp"] == [1]
    assert GAME.board_view(s, 1)["decks"]["item_bottom"] == ["shield"]


def test_new_item_in_a_taken_slot_sends_the_old_one_down() -> None:
    """B §11.2: one permanent item per slot: Chain Mail replaces Leather Armor, which
    goes to the bottom of the item deck."""
    s = new()
    give_item(s, 0, "leather_armor")
    to_top(s, "ideck", "chain_mail")
    s = _land(s, 0, "SNOW-CITY")
    s = do(s, "buy")
    assert s["players"][0]["items"] == {"armor": "chain_mail"} and s["ideck"][0] == "leather_armor"


def test_unaffordable_item_goes_down_without_a_choice() -> None:
    """B §11.2, §12.3: buying needs the gold on hand."""
    s = new()
    s["players"][0]["gold"] = 19
    to_top(s, "ideck", "shield")
    s = _land(s, 0, "SNOW-CITY")
    assert s["ideck"][0] == "shield" and s["active"] == 1


def test_bargaining_lowers_the_price() -> None:
    """B §17 Bargaining: city items cost 5 GP less."""
    s = new()
    give_skill(s, 0, "haggling", "bargaining")
    s["players"][0]["gold"] = 15
    to_top(s, "ideck", "shield")
    s = _land(s, 0, "SNOW-CITY")
    assert top(s) == "item" and s["stack"][-1]["cost"] == 15
    s = do(s, "buy")
    assert s["players"][0]["gold"] == 0


# ---- B §11.3 guild ---------------------------------------------------------------------------------------
def test_training_in_order_at_ten_gp_a_level() -> None:
    """B §11.3: at the Healers' Lodge Ann learns Mending (10 GP); with it, Blessing
    costs 20 GP; one level per visit."""
    s = new()
    s = _land(s, 0, "SNOW-GUILD")
    assert opts(s) == [["train"], ["no_train"]]
    s = do(s, "train")
    assert s["players"][0]["skills"] == ["mending"] and s["players"][0]["gold"] == 40
    assert s["supply"]["mending"] == 1 and s["active"] == 1
    s = turn_of(s, 0)
    s = _land(s, 0, "SNOW-GUILD")
    s = do(s, "train")
    assert s["players"][0]["skills"] == ["mending", "blessing"] and s["players"][0]["gold"] == 20


def test_no_training_without_a_copy_in_the_supply() -> None:
    """B §11.3: only while a copy is in the guild supply."""
    s = new()
    s["supply"]["mending"] = 0
    s["players"][1]["skills"] = ["mending", "mending"]
    s = _land(s, 0, "SNOW-GUILD")
    assert s["players"][0]["skills"] == [] and s["active"] == 1


# ---- B §11.4 outpost -------------------------------------------------------------------------------------
def test_selling_at_the_outpost_rates() -> None:
    """B §11.4, §15: at the Golden Outpost Pelts fetch 8 GP and Fish 16; Oskar adds
    2 GP a card; sold cards go back to the supply."""
    s = new(("oskar", "rendrick"))
    me = s["players"][0]
    me["res"].update(pelts=2, fish=1)
    s["rsupply"].update(pelts=4, fish=5)
    s = _land(s, 0, "OUT-GOLD")
    assert opts(s) == [["sell", "pelts", 1], ["sell", "pelts", 2], ["sell", "fish", 1], ["done"]]
    s = do(s, "sell", "pelts", 2)
    s = do(s, "sell", "fish", 1)
    assert s["players"][0]["gold"] == 50 + 2 * 10 + 18 and s["rsupply"]["pelts"] == 6 and s["rsupply"]["fish"] == 6


# ---- B §11.5 dungeon ---------------------------------------------------------------------------------------
def test_treasure_pays_its_gold() -> None:
    """B §11.5: a treasure card pays its gold and goes to the discard pile."""
    s = new()
    s["players"][0]["adv"] = True
    place(s, 0, "ICE-1")
    to_top(s, "ddeck", "wizards_hoard")
    s = do(s, "crawl")
    assert s["players"][0]["gold"] == 90 and s["ddisc"] == ["wizards_hoard"]


def test_empty_dungeon_deck_reshuffles_its_discard_pile() -> None:
    """B §11.5: when the dungeon deck is empty the discard pile becomes a new deck."""
    s = new()
    place(s, 0, "ICE-1")
    s["ddisc"], s["ddeck"] = sorted(s["ddeck"]), []
    s = do(s, "crawl")
    assert len(s["ddeck"]) + len(s["ddisc"]) + (s["combat"] is not None) == 36
    assert any("shuffled into a new deck" in t for _, t in s["log"])


# ---- B §12.3 debts and banishment ----------------------------------------------------------------------------
def test_debt_paid_with_gold_then_chosen_assets_without_change() -> None:
    """B §12.3: Ann owes Bob's keep toll of 22 GP on Magma Falls with 3 GP: Bob takes
    the 3 GP, then Ann picks her Short Sword (20 GP) to cover the 19 left; no change."""
    s = new()
    s["players"][0]["gold"] = 3
    s["players"][0]["res"]["fish"] = 2
    s["rsupply"]["fish"] = 4
    give_item(s, 0, "short_sword")
    build(s, "FIRE-L3", (1, 2))
    s = _land(s, 0, "FIRE-L3")
    assert top(s) == "debt" and s["stack"][-1]["left"] == 19
    assert sorted(opts(s)) == [["give", "item", "short_sword"], ["give", "res", "fish"]]
    s = do(s, "give", "item", "short_sword")
    ann, bob = s["players"]
    assert (ann["gold"], ann["items"], bob["gold"], bob["items"]) == (0, {}, 53, {"weapon": "short_sword"})
    assert ann["res"]["fish"] == 2


def test_resources_count_five_and_buildings_their_value() -> None:
    """B §12.3: a resource card counts 5 GP, a dwelling its land's price; a building
    handed to a creditor who has one there too leaves the higher level only. When a
    single asset is left it is handed over without asking."""
    s = new()
    s["players"][0]["gold"] = 0
    s["players"][0]["res"]["fish"] = 1
    s["rsupply"]["fish"] = 5
    build(s, "DESERT-L1", (0, 1), (1, 2))
    build(s, "FIRE-L3", (1, 1))
    s = _land(s, 0, "FIRE-L3")
    assert s["stack"][-1]["left"] == 11
    assert sorted(opts(s)) == [["give", "land", "DESERT-L1"], ["give", "res", "fish"]]
    s = do(s, "give", "res", "fish")  # 6 GP still owed: the dwelling (15 GP) is all that is left
    assert s["bld"]["DESERT-L1"] == [[1, 2]] and s["players"][1]["res"]["fish"] == 1
    assert s["active"] == 1


def test_banished_when_everything_is_not_enough() -> None:
    """B §12.3 step 5: Ann (2 GP, one Pelts card) owes Bob's keep 22 GP: she hands it
    all over, goes to Ice Caves 1 and draws a dungeon card at once; Cy, the next
    owner, gets nothing; the turn goes on with the actions step."""
    s = new(("rendrick", "illistaire", "vesper"))
    s["players"][0]["gold"] = 2
    s["players"][0]["res"]["pelts"] = 1
    s["rsupply"]["pelts"] = 5
    build(s, "FIRE-L3", (1, 2), (2, 1))
    to_top(s, "ddeck", "silver_purse")
    s = _land(s, 0, "FIRE-L3")
    ann, bob, cy = s["players"]
    assert (ann["pos"], ann["gold"], ann["res"]["pelts"]) == ("ICE-1", 10, 0)
    assert (bob["gold"], bob["res"]["pelts"], cy["gold"]) == (52, 1, 50)
    assert ann["circuits"] == 0 and s["active"] == 1


def test_unaffordable_upkeep_is_not_a_debt() -> None:
    """B §12.3: only tolls make debts: an illegal free build is refused, state unchanged."""
    s = new()
    s["players"][0]["gold"] = 0
    i = C.outer_ids().index("SNOW-L1")
    place(s, 0, C.outer_ids()[i - 1])
    s = do(load(s, 1, 1, 1), "roll")
    refused(s, "build")


def test_no_item_when_deck_and_discard_are_empty() -> None:
    """B §16: with the item deck and its discard pile both empty, a city offers nothing."""
    s = new(("rendrick", "illistaire", "vesper", "maelin", "oskar", "kestrel"))
    for iid in list(s["ideck"]):
        it = C.items()[iid]
        if it["kind"] == "one_use":
            s["players"][1]["potions"].append(iid)
        else:
            q = next(q for q in range(1, 6) if it["slot"] not in s["players"][q]["items"])
            s["players"][q]["items"][it["slot"]] = iid
    s["ideck"], s["ideck_grp"] = [], []
    s = _land(s, 0, "SNOW-CITY")
    assert "The item deck is empty: nothing to buy." in [t for _, t in s["log"]]
    assert s["active"] == 1


def _merchant_with_two_spice() -> State:
    """Ann (Oskar, Merchant skills up to Trade Baron: trade range 4) on SNOW-L3 with 2 Spice,
    in her Actions step; both the White and the Gold Outpost are in range."""
    s = new(("oskar", "rendrick"))
    give_skill(s, 0, "haggling", "bargaining", "trade_baron")
    s["players"][0]["res"]["spice"] = 2
    s["rsupply"]["spice"] = 4
    place(s, 0, "SNOW-L3")
    s["stack"] = [{"k": "end_turn"}, {"k": "actions", "seat": 0}]
    return s


def test_trade_range_sells_at_one_outpost_a_turn() -> None:
    """B §15: selling from a distance is limited to one outpost per turn."""
    s = _merchant_with_two_spice()
    outs = [a[1] for a in opts(s) if a[0] == "trade"]
    assert outs == ["OUT-WHITE", "OUT-GOLD"]  # trade range 4: both corners are close enough
    s = do(s, "trade", "OUT-WHITE")
    s = do(s, "sell", "spice", 1)
    s = do(s, "done")
    assert [a[1] for a in opts(s) if a[0] == "trade"] == ["OUT-WHITE"]


def test_an_outpost_left_without_a_sale_stays_closed_until_the_resources_change() -> None:
    """B §15, and no endless turn: opening an outpost and leaving without selling must not
    offer it again with the same resources (a bot once opened and closed one for ever in
    round 46 of a benchmark game); once the resources change it opens again."""
    s = _merchant_with_two_spice()
    s = do(s, "trade", "OUT-WHITE")
    s = do(s, "done")
    assert top(s) == "actions"
    assert [a for a in opts(s) if a[0] == "trade"] == [["trade", "OUT-GOLD"]]
    assert s["players"][0]["res"]["spice"] == 2 and s["tf"]["sold"] is None
    s["players"][0]["res"]["spice"] = 3  # e.g. a theft brought one more
    s["rsupply"]["spice"] = 3
    assert [a[1] for a in opts(s) if a[0] == "trade"] == ["OUT-WHITE", "OUT-GOLD"]
    s = do(s, "trade", "OUT-GOLD")
    s = do(s, "sell", "spice", 1)
    s = do(s, "done")  # left after a sale: that outpost stays open, the other closes (B §15)
    assert [a[1] for a in opts(s) if a[0] == "trade"] == ["OUT-GOLD"]
    s = do(s, "trade", "OUT-GOLD")
    s = do(s, "done")  # closed too; with nothing left but ending it, the turn ends
    assert s["active"] == 1 and s["players"][0]["res"]["spice"] == 2


def test_a_save_that_reopened_an_unsold_outpost_still_loads() -> None:
    """Engines before 0.6.1 let a seat open an outpost and leave it again and again (B §15).
    Such a save loads: the visits that sold nothing are left out
    (:meth:`Barons.upgrade_moves`) and the game goes on from the same position; the same moves in a save of today's version are refused as damaged."""
    m = Match.new("barons", [Seat(x, "bot", "random") for x in ("Ann", "Bob")], {}, 3)
    rng = random.Random(3)
    while not any(a.name == "trade" for a in GAME.legal_actions(m.state, m.to_act()[0])):
        seat = m.to_act()[0]
        m.apply(seat, rng.choice([a for a in GAME.legal_actions(m.state, seat) if a.name != "offer"]))
        assert not m.is_over()
    seat = m.to_act()[0]
    out = next(a for a in GAME.legal_actions(m.state, seat) if a.name == "trade")
    saved = m.save()
    visit = [[seat, out.to_json()], [seat, Action("done").to_json()]]
    old = {**saved, "engine": "0.6.0", "actions": [*saved["actions"], *visit, *visit]}
    back = Match.load(old)
    assert state_hash(back.state) == state_hash(m.state) and back.notices == []
    assert back.save()["actions"] == saved["actions"] and out in GAME.legal_actions(back.state, seat)
    with pytest.raises(SaveError, match="move .* cannot be replayed"):
        Match.load({**old, "engine": __version__, "state_hash": None})
