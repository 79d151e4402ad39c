"""The Barons data files against the numbers of the specification (B §3–§6, §15–§18,
§23.5): counts, the board's shape and distances, prices, the dungeon deck's tiers,
and a provenance mark on every entry."""

from __future__ import annotations

from collections import Counter

from py_engine.barons import components as C


def test_every_entry_carries_a_provenance_mark() -> None:
    """B §0: every space, realm, character, card, outpost and variant says what is
    SOURCED and what was DESIGNED."""
    b = C.board()
    entries = (b["outer_loop"] + b["dungeon_tracks"] + b["realms"] + b["resources"] + b["outposts"]
               + list(C.characters().values()) + list(C.items().values()) + list(C.skills().values())
               + list(C.dungeon_cards().values()) + list(C.variants().values()))
    assert len(entries) == 42 + 24 + 6 + 6 + 6 + 6 + 28 + 18 + 18 + 9 + 14
    for e in entries:
        assert "SOURCED" in e["source"] or "DESIGNED" in e["source"], e["id"]
    assert C.provenance(C.characters()["kestrel"]) == "mixed"
    assert C.provenance(C.dungeon_cards()["ice_wyrm"]) == "designed"
    assert C.provenance(C.variants()["classic_deeds"]) == "mixed"
    assert C.provenance(C.variants()["tabletop_monster_roller"]) == "sourced"
    assert set(C.rules_data()["constants_src"]) >= {"start_gold", "max_buildings_per_land", "keeps_needed"}


def test_ring_of_42_with_outposts_at_the_corners() -> None:
    """B §4.1: outposts at 0, 7, ... 35; realm k holds 7k+1..7k+6 as land, land,
    guild, land, city, land; the White Outpost is the start."""
    ids = C.outer_ids()
    assert len(ids) == 42 and ids[0] == "OUT-WHITE" == C.START
    assert [i for i, x in enumerate(ids) if C.kind(x) == "outpost"] == [0, 7, 14, 21, 28, 35]
    for k, realm in enumerate(C.REALMS):
        kinds = [C.kind(ids[7 * k + j]) for j in range(1, 7)]
        assert kinds == ["land", "land", "guild", "land", "city", "land"]
        assert all(C.realm_of(ids[7 * k + j]) == realm for j in range(1, 7))
    assert len(C.lands()) == 24 and all(len(v) == 4 for v in C.realm_lands().values())


def test_dungeons_run_from_each_city_to_the_next_realms_second_land() -> None:
    """B §4.1: four one-way spaces from realm k's city onto realm k+1's L2: the
    dungeon route is 5 steps against 4 outside; a move never meets two forks."""
    for k, realm in enumerate(C.REALMS):
        gate = f"{realm}-CITY"
        exit_ = f"{C.REALMS[(k + 1) % 6]}-L2"
        track = C.realms()[realm]["dungeon_id"]
        assert C.next_spaces(gate) == [C.outer_ids()[7 * k + 6], f"{track}-1"]
        assert C.next_spaces(f"{track}-4") == [exit_]
        routes = {len(p): p for n in range(1, 7) for p in C.paths(gate, n) if p[-1] == exit_}
        assert sorted(routes) == [4, 5] and routes[5][:4] == [f"{track}-{i}" for i in range(1, 5)]
    for sp in C.spaces():
        for n in range(1, 7):
            assert len(C.paths(sp, n)) <= 2


def test_distances_of_the_spec() -> None:
    """B §4.2 examples: SNOW-CITY to ICE-1 is 1, ICE-4 to DESERT-L2 is 1, OUT-WHITE
    to BLACK-L4 is 1; range 0 is the same space."""
    assert C.distance("SNOW-CITY", "ICE-1") == 1
    assert C.distance("ICE-4", "DESERT-L2") == 1
    assert C.distance("OUT-WHITE", "BLACK-L4") == 1
    assert C.distance("FIRE-L3", "FIRE-L3") == 0
    assert C.distance("OUT-WHITE", "OUT-BLUE") == 21 and C.distance("OUT-WHITE", "OUT-RED") == 14


def test_land_prices_and_tolls() -> None:
    """B §4.3: prices rise clockwise from 10 to 40 GP; a keep's toll is twice a
    dwelling's; tolls are about 30% of the price."""
    prices = [C.space(x)["price"] for x in C.lands()]
    assert prices == sorted(prices) and prices[0] == 10 and prices[-1] == 40
    for x in C.lands():
        sp = C.space(x)
        assert sp["keep_toll"] == 2 * sp["toll"]
        assert 0.25 <= sp["toll"] / sp["price"] <= 0.34


def test_characters_have_twelve_dice_and_ten_health() -> None:
    """B §6.1–6.2: four attributes totalling 12 dice, each at least 1, Agility at most
    4, 10 health; one character per guild."""
    chars = C.characters().values()
    assert len(chars) == 6
    for c in chars:
        assert c["strength"] + c["agility"] + c["mana"] + c["guile"] == 12
        assert min(c["strength"], c["agility"], c["mana"], c["guile"]) >= 1 and c["agility"] <= 4
        assert c["health"] == 10
    assert sorted(c["home_guild"] for c in chars) == sorted(C.GUILDS)
    r = C.characters()["rendrick"]
    assert (r["name"], r["strength"], r["agility"], r["mana"], r["guile"]) == ("Rendrick", 5, 3, 1, 3)


def test_dungeon_deck_tiers_and_treasures() -> None:
    """B §18: 18 monsters (six per tier, one per realm and tier; tier 1: 2 health and
    10 GP; tier 2: 3–4 health and 20 GP; bosses: 6 health and 30 GP) and 18 treasures
    worth 420 GP in all (5 to 60, 23.3 on average)."""
    deck = C.dungeon_deck()
    kinds = Counter(C.dungeon_cards()[c]["kind"] for c in deck)
    assert len(deck) == 36 and kinds == {"monster": 18, "treasure": 18}
    mons = [m for m in C.dungeon_cards().values() if m["kind"] == "monster"]
    for tier, hp, gold in ((1, {2}, 10), (2, {3, 4}, 20), (3, {6}, 30)):
        t = [m for m in mons if m["tier"] == tier]
        assert len(t) == 6 and {m["health"] for m in t} <= hp and {m["treasure"] for m in t} == {gold}
        assert sorted(m["home_realm"] for m in t) == sorted(C.REALMS)
        assert all(m["boss"] == (tier == 3) for m in t)
    gold = [C.dungeon_cards()[c]["gold"] for c in deck if C.dungeon_cards()[c]["kind"] == "treasure"]
    assert sum(gold) == 420 and min(gold) == 5 and max(gold) == 60 and round(sum(gold) / 18, 1) == 23.3
    raiders = C.dungeon_cards()["northern_raiders"]
    assert (raiders["strength"], raiders["agility"], raiders["defense"], raiders["health"],
            raiders["treasure"]) == (3, 2, 1, 2, 10)


def test_item_and_skill_decks() -> None:
    """B §16: 36 item cards of 28 kinds, 23 permanent and 13 one-use, 20 GP each;
    B §17: 36 skill cards, 6 guilds x 3 levels x 2 copies, 10 GP per level."""
    deck = C.item_deck()
    assert len(deck) == 36 and len(set(deck)) == 28
    assert Counter(C.items()[i]["kind"] for i in deck) == {"permanent": 23, "one_use": 13}
    assert {C.item_cost(i, "flat") for i in deck} == {20}
    assert C.item_cost("magic_sword", "classic") == 40
    assert all((it["slot"] in C.SLOTS) == (it["kind"] == "permanent") for it in C.items().values())
    sk = C.skills().values()
    assert sum(s["copies"] for s in sk) == 36
    for g in C.GUILDS:
        ladder = C.guild_skills(g)
        assert [s["level"] for s in ladder] == [1, 2, 3] and [s["cost"] for s in ladder] == [10, 20, 30]


def test_resources_and_outpost_rates() -> None:
    """B §15: 6 cards of each of six resources; each outpost pays 8 GP for the two
    realms it touches, 12 for the next two, 16 for the two farthest."""
    assert {r["id"]: r["copies"] for r in C.board()["resources"]} == dict.fromkeys(C.RESOURCES, 6)
    for o in C.outposts().values():
        assert sorted(o["buys"].values()) == [8, 8, 12, 12, 16, 16]
        near = {C.resource_of_realm()[r] for r in o["between"]}
        assert {r for r, v in o["buys"].items() if v == 8} == near
    assert C.outposts()["OUT-WHITE"]["buys"]["fish"] == 16


def test_constants_and_variants() -> None:
    """B §20, §23.5: the default switches and the fourteen named variants."""
    c = C.constants()
    assert (c["start_gold"], c["max_buildings_per_land"], c["circuit_stipend"], c["round_limit"],
            c["pvp_round_limit"], c["keeps_needed"]) == (50, 3, 20, 60, 3, 6)
    assert list(C.variants()) == [
        "classic_deeds", "castles_v6", "basic_skill_tracks", "duel_to_the_death", "political_most_property",
        "political_highest_value", "no_stipend", "no_inn", "mercy", "first_blood", "quick_barony",
        "open_trading", "strict_movement", "tabletop_monster_roller"]
    assert all(v["help"] and v["config"] for v in C.variants().values())
