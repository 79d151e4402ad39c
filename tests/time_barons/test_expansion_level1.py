"""Exact-state tests of the Expansion Set level I cards of Time Barons.

Covers Battering Ram, Barracks, Farm, Castle, Mason's Guild, Alien Monolith, Mine
(sites), Onslaught, Radicalism, Fertility Fest, Pillage (events), Cannon Fodder
(reaction) and Bad Omen (attachment): for each card its main effect with the
exact resulting state, and edge cases (requirements not met, nothing to target,
illegal choices refused, reaction windows opened or answered, destruction in the
middle of an effect, structural damage that kills nobody, tucked cards hidden
from the opponent).

Sources: the rulebook (``TB <heading>``) and shared/games/time_barons/CARDS.md
(rulings ``R<n>``, card rulings ``CARDS §5``, card data ``CARDS §7``).
Site ids: seat 0's sites are numbered 1, 2, ... in the order given, then seat 1's.
"""

from __future__ import annotations

from py_engine.time_barons import GAME
from tests.time_barons.tb import (
    at,
    choices,
    gone,
    hand,
    layout,
    main_phase,
    pick,
    play,
    refused,
    site,
    table,
    use,
    who,
)

# ---- Battering Ram ---------------------------------------------------------------------

def test_battering_ram_structural_hit_kills_nobody_but_opens_window() -> None:
    """TB Damage and destruction (structural damage places counters, kills no
    follower, but counts as damage for reactions); CARDS §7 Battering Ram 1; R5."""
    s = table(a=[site("homeland", 5), site("battering_ram", 3)],
              b=[site("homeland", 4), site("library", 2)], hands=[[], ["cannon_fodder", "martyr"]])
    s = use(s, 2, 1)
    assert choices(s) == [["site", 1], ["site", 2], ["site", 3], ["site", 4]]
    s = pick(s, "site", 4)
    assert who(s) == 1 and choices(s) == [["react", "cannon_fodder", 0], ["pass"]]
    s = pick(s, "pass")
    # nobody died, so no Martyr window: straight back to Ann's main phase
    assert main_phase(s)
    assert layout(s) == [(1, "homeland", 0, 5, 0), (2, "battering_ram", 0, 3, 0),
                        (3, "homeland", 1, 4, 0), (4, "library", 1, 2, 1)]
    assert s["actions"] == 3 and hand(s, 1) == ["cannon_fodder", "martyr"] and s["discard"] == []
    assert at(s, 0, "battering_ram")["used"]
    assert ["ability", 2, 1] not in choices(s) and ["ability", 2, 2] not in choices(s)


def test_battering_ram_sacrifice_deals_two_structural_and_destroys_target() -> None:
    """CARDS §7 Battering Ram 2 (sacrifice the Ram, 2 structural to one site);
    R3 destruction kills everyone on the site; R4 one batch."""
    s = table(a=[site("homeland", 5), site("battering_ram", 2)],
              b=[site("homeland", 4), site("library", 2, dmg=1)])
    s = use(s, 2, 2)
    assert choices(s) == [["site", 1], ["site", 3], ["site", 4]]  # not the Ram itself
    s = pick(s, "site", 4)
    assert main_phase(s)
    assert layout(s) == [(1, "homeland", 0, 5, 0), (3, "homeland", 1, 4, 0)]
    assert s["discard"] == ["battering_ram", "library"] and s["actions"] == 3


def test_battering_ram_requirements_not_met() -> None:
    """TB Abilities (minimum followers); R9; CARDS §7 Battering Ram (3f / 2f)."""
    s = table(a=[site("homeland", 5), site("battering_ram", 2)])
    assert ["ability", 2, 2] in choices(s) and ["ability", 2, 1] not in choices(s)
    refused(s, "ability", 2, 1)
    s = table(a=[site("homeland", 5), site("battering_ram", 1)])
    assert not [c for c in choices(s) if c[0] == "ability"]
    refused(s, "ability", 2, 2)


# ---- Barracks ----------------------------------------------------------------------------

def test_barracks_gains_two_followers_for_an_action() -> None:
    """CARDS §7 Barracks 1 (0f + 1 action: +2 followers on Barracks); R9 once per turn."""
    s = table(a=[site("homeland", 5), site("barracks", 0)])
    s = use(s, 2, 1)
    assert main_phase(s)
    assert layout(s) == [(1, "homeland", 0, 5, 0), (2, "barracks", 0, 2, 0), (3, "homeland", 1, 10, 0)]
    assert s["actions"] == 2
    refused(s, "ability", 2, 1)


def test_barracks_sacrifices_one_to_deal_one_damage() -> None:
    """CARDS §7 Barracks 2 (3f: sacrifice 1 on Barracks, 1 damage to one site); TB
    Damage and destruction (damage kills followers)."""
    s = table(a=[site("homeland", 5), site("barracks", 3)], b=[site("homeland", 4), site("library", 2)])
    s = use(s, 2, 2)
    s = pick(s, "site", 4)
    assert main_phase(s)
    assert layout(s) == [(1, "homeland", 0, 5, 0), (2, "barracks", 0, 2, 0),
                        (3, "homeland", 1, 4, 0), (4, "library", 1, 1, 1)]
    assert s["actions"] == 3


def test_barracks_without_actions_only_the_free_ability() -> None:
    """TB Abilities (action costs must be paid); R9; CARDS §7 Barracks 1 costs 1 action."""
    s = table(a=[site("homeland", 5), site("barracks", 3)], actions=0)
    assert choices(s) == [["ability", 2, 2], ["end"]]
    refused(s, "ability", 2, 1)


def test_barracks_hitting_itself_is_one_batch() -> None:
    """CARDS §7 Barracks 2 (any site, own included); R4: the sacrifice and the
    damage land together (2 followers die, 1 counter)."""
    s = table(a=[site("homeland", 5), site("barracks", 3)])
    s = use(s, 2, 2)
    s = pick(s, "site", 2)
    assert main_phase(s)
    assert at(s, 0, "barracks")["f"] == 1 and at(s, 0, "barracks")["dmg"] == 1


# ---- Farm --------------------------------------------------------------------------------

def test_farm_tucks_a_card_then_gains_a_follower() -> None:
    """TB Tuck a card (face down under the site, hidden from the opponent); R11;
    CARDS §7 Farm 1 (tuck 1, then +1 follower on any own site)."""
    s = table(a=[site("homeland", 5), site("farm", 0, tuck=["siege"])], hands=[["temple", "onslaught"], []])
    s = use(s, 2, 1)
    assert choices(s) == [["card", "onslaught"], ["card", "temple"]]
    s = pick(s, "card", "temple")
    assert choices(s) == [["site", 1], ["site", 2]]
    s = pick(s, "site", 2)
    assert main_phase(s)
    farm = at(s, 0, "farm")
    assert farm["f"] == 1 and farm["dmg"] == 0 and [t[0] for t in farm["tuck"]] == ["siege", "temple"]
    assert hand(s, 0) == ["onslaught"] and s["actions"] == 3 and s["discard"] == []
    theirs = GAME.view(s, 1)["board"]["sites"][1]["tuck"]
    mine = GAME.view(s, 0)["board"]["sites"][1]["tuck"]
    assert theirs == [{"card": None, "level": 1}, {"card": None, "level": 1}]
    assert mine == [{"card": "siege", "level": 1}, {"card": "temple", "level": 1}]
    refused(s, "ability", 2, 2)  # one ability of a site per turn


def test_farm_tucked_known_card_stays_hidden_from_opponent() -> None:
    """TB Tuck a card (you don't have to reveal the identity of cards you tuck);
    R11 (others see only the count); CARDS §7 Farm 1. Ann took Siege from the
    discard pile with Library (so Bob knows she holds it), then tucks it face
    down: Bob cannot tell which card went under the Farm."""
    s = table(a=[site("homeland", 5), site("library", 5), site("farm", 0)], hands=[["temple", "church"], []],
              discard=["siege"], levels=(2, 1))
    s = use(s, 2, 2)
    s = pick(s, "card", "temple")  # took Siege, discarded Temple
    assert s["players"][0]["known"] == ["siege"]
    s = use(s, 3, 1)
    s = pick(s, "card", "siege")
    s = pick(s, "site", 1)
    assert main_phase(s)
    assert [t[0] for t in at(s, 0, "farm")["tuck"]] == ["siege"] and hand(s, 0) == ["church"]
    assert GAME.view(s, 1)["board"]["sites"][2]["tuck"] == [{"card": None, "level": 1}]


def test_farm_harvest_one_follower_per_tucked_card() -> None:
    """CARDS §7 Farm 2 (1f: +1 follower on Farm per tucked card)."""
    s = table(a=[site("homeland", 5), site("farm", 1, tuck=["siege", "temple"])])
    s = use(s, 2, 2)
    assert main_phase(s)
    farm = at(s, 0, "farm")
    assert farm["f"] == 3 and len(farm["tuck"]) == 2 and s["actions"] == 3


def test_farm_tuck_needs_a_card_in_hand() -> None:
    """R9 (a "tuck X to do Y" ability needs X possible); CARDS §7 Farm 1 not
    activatable with an empty hand; Farm 2 needs 1 follower."""
    s = table(a=[site("homeland", 5), site("farm", 0)])
    assert not [c for c in choices(s) if c[0] == "ability"]
    refused(s, "ability", 2, 1)
    refused(s, "ability", 2, 2)


# ---- Castle ------------------------------------------------------------------------------

def test_castle_gathers_followers_as_a_relocate() -> None:
    """CARDS §7 Castle 1 (limited relocate onto Castle); R8 (counts as a relocate
    for Sniper Nest)."""
    s = table(a=[site("homeland", 5), site("castle", 0), site("temple", 2)],
              b=[site("homeland", 4), site("sniper_nest", 1)])
    s = use(s, 2, 1)
    assert choices(s) == [["take", 1], ["take", 3], ["done"]]
    s = pick(s, "take", 1)
    s = pick(s, "take", 1)
    s = pick(s, "take", 3)
    s = pick(s, "done")
    assert who(s) == 1 and choices(s) == [["use", 5, 1], ["pass"]]
    s = pick(s, "pass")
    assert main_phase(s)
    assert layout(s) == [(1, "homeland", 0, 3, 0), (2, "castle", 0, 3, 0), (3, "temple", 0, 1, 0),
                        (4, "homeland", 1, 4, 0), (5, "sniper_nest", 1, 1, 0)]
    assert s["actions"] == 3


def test_castle_sends_followers_out() -> None:
    """CARDS §7 Castle 2 (move followers off Castle onto other own sites, as you wish)."""
    s = table(a=[site("homeland", 5), site("castle", 4), site("temple", 0)])
    s = use(s, 2, 2)
    for _ in range(3):
        s = pick(s, "take", 2)
    s = pick(s, "done")
    s = pick(s, "site", 1)
    s = pick(s, "site", 3)
    assert main_phase(s)
    assert layout(s)[:3] == [(1, "homeland", 0, 6, 0), (2, "castle", 0, 1, 0), (3, "temple", 0, 2, 0)]
    assert s["actions"] == 3


def test_castle_empty_cannot_send_out_and_integrity_is_five() -> None:
    """CARDS §7 Castle (integrity 5, ability 2 needs followers to move); R3
    destroyed only when counters reach integrity."""
    s = table(a=[site("homeland", 5), site("castle", 0, dmg=2)], hands=[["siege"], []])
    assert ["ability", 2, 2] not in choices(s)
    refused(s, "ability", 2, 2)
    s = play(s, "siege")
    s = pick(s, "site", 2)
    assert main_phase(s)
    assert at(s, 0, "castle")["dmg"] == 4  # a 3-integrity site would be gone


# ---- Mason's Guild -------------------------------------------------------------------

def test_masons_guild_moves_one_counter() -> None:
    """CARDS §7 Mason's Guild 1 (2f: move 1 counter between own sites)."""
    s = table(a=[site("homeland", 5, dmg=2), site("masons_guild", 2), site("temple", 2)])
    s = use(s, 2, 1)
    assert choices(s) == [["site", 2], ["site", 3]]  # source Homeland taken (only damaged site)
    s = pick(s, "site", 3)
    assert main_phase(s)
    assert layout(s)[:3] == [(1, "homeland", 0, 5, 1), (2, "masons_guild", 0, 2, 0), (3, "temple", 0, 2, 1)]
    assert s["actions"] == 3


def test_masons_guild_moving_all_counters_destroys_without_a_window() -> None:
    """CARDS §7 Mason's Guild 2 and its note (moving counters is not damage, no
    reactions, but a site reaching its integrity is destroyed at once); R3."""
    s = table(a=[site("homeland", 5, dmg=3), site("masons_guild", 4), site("temple", 2)],
              hands=[["escape_route", "cannon_fodder"], []])
    s = use(s, 2, 2)
    assert choices(s) == [["site", 2], ["site", 3]]
    s = pick(s, "site", 3)
    assert main_phase(s)  # no Escape Route / Cannon Fodder window was offered
    assert layout(s) == [(1, "homeland", 0, 5, 0), (2, "masons_guild", 0, 4, 0), (4, "homeland", 1, 10, 0)]
    assert s["discard"] == ["temple"] and hand(s, 0) == ["cannon_fodder", "escape_route"]


def test_masons_guild_needs_a_damaged_site_and_followers() -> None:
    """R9 (requirements); CARDS §7 Mason's Guild (2f / 4f; nothing to move without counters)."""
    s = table(a=[site("homeland", 5), site("masons_guild", 4)])
    assert not [c for c in choices(s) if c[0] == "ability"]
    refused(s, "ability", 2, 1)
    s = table(a=[site("homeland", 5, dmg=1), site("masons_guild", 3)])
    assert ["ability", 2, 1] in choices(s) and ["ability", 2, 2] not in choices(s)
    refused(s, "ability", 2, 2)


# ---- Alien Monolith ------------------------------------------------------------------

def test_alien_monolith_draws_from_the_level_above() -> None:
    """CARDS §7 Alien Monolith 1 (3f + 1 action: draw from the stack one level above)."""
    s = table(a=[site("homeland", 5), site("alien_monolith", 3)])
    s = use(s, 2, 1)
    assert main_phase(s)
    assert hand(s, 0) == ["martyr"] and s["stacks"][1] == ["conversion", "library"]
    assert s["stacks"][0] == ["temple", "church", "siege"] and s["actions"] == 2
    assert s["players"][0]["level"] == 1


def test_alien_monolith_sacrificed_to_upgrade() -> None:
    """CARDS §7 Alien Monolith 2 (sacrifice it, advance one level for free); R12;
    TB Damage and destruction (its followers die with it)."""
    s = table(a=[site("homeland", 5), site("alien_monolith", 3)])
    s = use(s, 2, 2)
    assert main_phase(s)
    assert s["players"][0]["level"] == 2 and s["actions"] == 3
    assert layout(s) == [(1, "homeland", 0, 5, 0), (3, "homeland", 1, 10, 0)]
    assert s["discard"] == ["alien_monolith"]
    assert ["draw", 2] in choices(s)


def test_alien_monolith_empty_stack_above_draws_nothing() -> None:
    """TB Attachment cards note (do nothing if impossible); CARDS §7 Alien Monolith 1
    (nothing if that stack is empty)."""
    s = table(a=[site("homeland", 5), site("alien_monolith", 3)], stacks=[["siege"], [], ["bioweapon"], ["ark"]])
    s = use(s, 2, 1)
    assert main_phase(s)
    assert hand(s, 0) == [] and s["actions"] == 2
    assert s["stacks"] == [["siege"], [], ["bioweapon"], ["ark"]]


def test_alien_monolith_draw_needs_followers_and_an_action() -> None:
    """R9; CARDS §7 Alien Monolith 1 (3f + 1 action)."""
    s = table(a=[site("homeland", 5), site("alien_monolith", 2)])
    assert ["ability", 2, 1] not in choices(s) and ["ability", 2, 2] in choices(s)
    s = table(a=[site("homeland", 5), site("alien_monolith", 3)], actions=0)
    assert choices(s) == [["ability", 2, 2], ["end"]]
    refused(s, "ability", 2, 1)


# ---- Mine --------------------------------------------------------------------------------

def test_mine_damages_starting_site_for_an_action() -> None:
    """CARDS §7 Mine 1 (2 structural to own starting site, +1 action); structural
    damage counts for reactions (TB Damage and destruction; R5)."""
    s = table(a=[site("homeland", 5), site("mine", 3)], hands=[["cannon_fodder"], []])
    s = use(s, 2, 1)
    assert who(s) == 0 and choices(s) == [["react", "cannon_fodder", 0], ["pass"]]
    s = pick(s, "pass")
    assert main_phase(s)
    assert layout(s) == [(1, "homeland", 0, 5, 2), (2, "mine", 0, 3, 0), (3, "homeland", 1, 10, 0)]
    assert s["actions"] == 4


def test_mine_other_site_can_destroy_mine_itself() -> None:
    """CARDS §7 Mine 2 (1 structural to an own non-starting site, Mine allowed; then
    +1 action); R3 destruction in the middle of the effect."""
    s = table(a=[site("homeland", 5), site("mine", 3, dmg=2)])
    s = use(s, 2, 2)
    assert main_phase(s)
    assert gone(s, 0, "mine") and s["discard"] == ["mine"]
    assert layout(s) == [(1, "homeland", 0, 5, 0), (3, "homeland", 1, 10, 0)]
    assert s["actions"] == 4


def test_mine_without_starting_site() -> None:
    """CARDS §7 Mine 1 (not activatable without a starting site); R9."""
    s = table(a=[site("temple", 5), site("mine", 3)])
    assert ["ability", 2, 1] not in choices(s) and ["ability", 2, 2] in choices(s)
    refused(s, "ability", 2, 1)


# ---- Onslaught -----------------------------------------------------------------------

def test_onslaught_hits_three_different_sites() -> None:
    """CARDS §7 Onslaught (1 damage to each of 1-3 different sites); TB Damage and
    destruction (fortified: counters only)."""
    s = table(a=[site("homeland", 5), site("temple", 1)],
              b=[site("homeland", 4), site("library", 2), site("fort", 2)], hands=[["onslaught"], []])
    s = play(s, "onslaught")
    s = pick(s, "site", 3)
    s = pick(s, "site", 4)
    refused(s, "site", 4)
    s = pick(s, "site", 5)
    assert main_phase(s)
    assert layout(s) == [(1, "homeland", 0, 5, 0), (2, "temple", 0, 1, 0), (3, "homeland", 1, 3, 1),
                        (4, "library", 1, 1, 1), (5, "fort", 1, 2, 1)]
    assert s["actions"] == 1 and s["discard"] == ["onslaught"] and hand(s, 0) == []


def test_onslaught_may_stop_after_one_site() -> None:
    """CARDS §7 Onslaught ("1 to 3" sites)."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 4), site("library", 2)], hands=[["onslaught"], []])
    s = play(s, "onslaught")
    assert ["done"] not in choices(s)
    s = pick(s, "site", 2)
    assert choices(s) == [["site", 3], ["done"]]
    s = pick(s, "done")
    assert main_phase(s)
    assert layout(s) == [(1, "homeland", 0, 5, 0), (2, "homeland", 1, 3, 1), (3, "library", 1, 2, 0)]
    assert s["actions"] == 1 and s["discard"] == ["onslaught"]


def test_onslaught_windows_for_each_owner_in_turn_order() -> None:
    """R5 (several threatened owners answer in turn order from the active player);
    R16 (text without "opponent" may hit several players' sites)."""
    s = table(a=[site("homeland", 5), site("temple", 2)], b=[site("homeland", 4), site("library", 2)],
              hands=[["onslaught", "cannon_fodder"], ["cannon_fodder"]])
    s = play(s, "onslaught")
    s = pick(s, "site", 2)
    s = pick(s, "site", 4)
    assert who(s) == 0 and choices(s) == [["react", "cannon_fodder", 0], ["pass"]]
    s = pick(s, "pass")
    assert who(s) == 1 and choices(s) == [["react", "cannon_fodder", 1], ["pass"]]
    s = pick(s, "pass")
    assert main_phase(s)
    assert layout(s) == [(1, "homeland", 0, 5, 0), (2, "temple", 0, 1, 1),
                        (3, "homeland", 1, 4, 0), (4, "library", 1, 1, 1)]


# ---- Radicalism --------------------------------------------------------------------

def test_radicalism_damage_equals_opponents_level() -> None:
    """CARDS §7 Radicalism (damage to an opponent's site equal to THAT opponent's level)."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 4), site("library", 3)],
              hands=[["radicalism"], []], levels=(3, 2))
    s = play(s, "radicalism")
    assert choices(s) == [["site", 2], ["site", 3]]
    s = pick(s, "site", 2)
    assert main_phase(s)
    assert layout(s) == [(1, "homeland", 0, 5, 0), (2, "homeland", 1, 2, 2), (3, "library", 1, 3, 0)]
    assert s["actions"] == 2 and s["discard"] == ["radicalism"]


def test_radicalism_cannot_target_own_site_and_can_destroy() -> None:
    """CARDS §7 Radicalism (an opponent's site only); R3 destruction."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 4), site("library", 3)],
              hands=[["radicalism"], []], levels=(1, 3))
    s = play(s, "radicalism")
    refused(s, "site", 1)
    s = pick(s, "site", 3)
    assert main_phase(s)
    assert layout(s) == [(1, "homeland", 0, 5, 0), (2, "homeland", 1, 4, 0)]
    assert s["discard"] == ["library", "radicalism"]


# ---- Fertility Fest ------------------------------------------------------------------

def test_fertility_fest_one_each_on_up_to_three_sites() -> None:
    """CARDS §7 Fertility Fest mode 1 (+1 on each of up to 3 different own sites)."""
    s = table(a=[site("homeland", 5), site("temple", 0), site("farm", 0), site("church", 0)],
              b=[site("homeland", 4)], hands=[["fertility_fest"], []])
    s = play(s, "fertility_fest")
    assert choices(s) == [["mode", 0], ["mode", 1]]
    s = pick(s, "mode", 0)
    assert ["done"] not in choices(s)
    s = pick(s, "site", 1)
    s = pick(s, "site", 2)
    refused(s, "site", 2)
    s = pick(s, "site", 4)
    assert main_phase(s)
    assert [(x["card"], x["f"]) for x in s["sites"]] == [("homeland", 6), ("temple", 1), ("farm", 0),
                                                         ("church", 1), ("homeland", 4)]
    assert s["actions"] == 2 and s["discard"] == ["fertility_fest"]


def test_fertility_fest_counts_opponents_occupied_sites() -> None:
    """CARDS §7 Fertility Fest mode 2 (+N on one own site, N = the opponent's
    occupied sites; an empty site does not count)."""
    s = table(a=[site("homeland", 5), site("farm", 0)],
              b=[site("homeland", 4), site("library", 2), site("fort", 0)], hands=[["fertility_fest"], []])
    s = play(s, "fertility_fest")
    s = pick(s, "mode", 1)
    s = pick(s, "site", 2)
    assert main_phase(s)
    assert [(x["card"], x["f"]) for x in s["sites"]] == [("homeland", 5), ("farm", 2), ("homeland", 4),
                                                         ("library", 2), ("fort", 0)]


def test_fertility_fest_skips_a_threatened_site() -> None:
    """CARDS §7 Threat (nothing may enter the site); Fertility Fest mode 1 with only
    one site able to receive: placed there without asking."""
    s = table(a=[site("homeland", 5), site("temple", 0, att=["threat"])], hands=[["fertility_fest"], []])
    s = play(s, "fertility_fest")
    s = pick(s, "mode", 0)
    assert main_phase(s)
    assert layout(s)[:2] == [(1, "homeland", 0, 6, 0), (2, "temple", 0, 0, 0)]


# ---- Cannon Fodder -------------------------------------------------------------------

def test_cannon_fodder_each_sacrifice_cuts_one_damage() -> None:
    """CARDS §7 Cannon Fodder (sacrifice from any own site; pending damage -1 each);
    R5 pre-damage window."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 4), site("library", 3)],
              hands=[["siege"], ["cannon_fodder"]])
    s = play(s, "siege")
    s = pick(s, "site", 3)
    assert who(s) == 1 and choices(s) == [["react", "cannon_fodder", 0], ["pass"]]
    s = pick(s, "react", "cannon_fodder", 0)
    assert choices(s) == [["site", 2], ["site", 3]]
    s = pick(s, "site", 2)
    s = pick(s, "done")
    assert main_phase(s)
    assert layout(s) == [(1, "homeland", 0, 5, 0), (2, "homeland", 1, 3, 0), (3, "library", 1, 2, 1)]
    assert s["discard"] == ["cannon_fodder", "siege"] and hand(s, 1) == [] and s["actions"] == 2


def test_cannon_fodder_can_stop_all_the_damage() -> None:
    """CARDS §7 Cannon Fodder (reduced never below 0: no counter lands)."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 4), site("library", 3)],
              hands=[["siege"], ["cannon_fodder"]])
    s = play(s, "siege")
    s = pick(s, "site", 3)
    s = pick(s, "react", "cannon_fodder", 0)
    s = pick(s, "site", 2)
    s = pick(s, "site", 2)
    assert main_phase(s)
    assert layout(s) == [(1, "homeland", 0, 5, 0), (2, "homeland", 1, 2, 0), (3, "library", 1, 3, 0)]


def test_cannon_fodder_against_structural_damage() -> None:
    """TB Damage and destruction (structural damage counts as damage for reactions);
    CARDS §7 Cannon Fodder trigger (ordinary or structural); Battering Ram 2."""
    s = table(a=[site("homeland", 5), site("battering_ram", 2)], b=[site("homeland", 4), site("library", 3)],
              hands=[[], ["cannon_fodder"]])
    s = use(s, 2, 2)
    s = pick(s, "site", 4)
    assert who(s) == 1 and choices(s) == [["react", "cannon_fodder", 0], ["pass"]]
    s = pick(s, "react", "cannon_fodder", 0)
    s = pick(s, "site", 4)
    s = pick(s, "done")
    assert main_phase(s)
    # 1 sacrificed on the Library, the remaining 1 structural damage kills nobody
    assert layout(s) == [(1, "homeland", 0, 5, 0), (3, "homeland", 1, 4, 0), (4, "library", 1, 2, 1)]
    assert s["discard"] == ["cannon_fodder", "battering_ram"] and hand(s, 1) == []


def test_cannon_fodder_sacrifice_is_a_separate_batch_for_martyr() -> None:
    """CARDS §5 Cannon Fodder (the sacrifice and the remaining damage's kills are
    separate batches for Martyr); R4."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 4), site("library", 3)],
              hands=[["siege"], ["cannon_fodder", "martyr"]])
    s = play(s, "siege")
    s = pick(s, "site", 3)
    s = pick(s, "react", "cannon_fodder", 0)
    s = pick(s, "site", 2)
    s = pick(s, "done")
    # after the sacrifice batch: Martyr window (1 death), damage not landed yet
    assert who(s) == 1 and choices(s) == [["react", "martyr", 0], ["pass"]]
    assert at(s, 1, "library")["dmg"] == 0
    s = pick(s, "pass")
    # after the remaining 1 damage: another Martyr window
    assert who(s) == 1 and choices(s) == [["react", "martyr", 0], ["pass"]]
    assert layout(s) == [(1, "homeland", 0, 5, 0), (2, "homeland", 1, 3, 0), (3, "library", 1, 2, 1)]
    s = pick(s, "pass")
    assert main_phase(s)


def test_cannon_fodder_not_offered_for_opponents_site() -> None:
    """CARDS §7 Cannon Fodder trigger (one of YOUR sites); R5 (the threatened owner answers)."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 4)], hands=[["siege", "cannon_fodder"], []])
    s = play(s, "siege")
    s = pick(s, "site", 2)
    assert main_phase(s)
    assert layout(s) == [(1, "homeland", 0, 5, 0), (2, "homeland", 1, 2, 2)]
    assert hand(s, 0) == ["cannon_fodder"]


# ---- Pillage ---------------------------------------------------------------------------

def test_pillage_three_damage_to_unoccupied_site() -> None:
    """CARDS §7 Pillage mode 1 (3 damage to one unoccupied site, any owner); R3."""
    s = table(a=[site("homeland", 5), site("temple", 0)],
              b=[site("homeland", 4), site("library", 0, dmg=1), site("farm", 1, tuck=["siege"])],
              hands=[["pillage"], []])
    s = play(s, "pillage")
    s = pick(s, "mode", 0)
    assert choices(s) == [["site", 2], ["site", 4]]
    refused(s, "site", 3)  # occupied
    s = pick(s, "site", 4)
    assert main_phase(s)
    assert layout(s) == [(1, "homeland", 0, 5, 0), (2, "temple", 0, 0, 0), (3, "homeland", 1, 4, 0),
                        (5, "farm", 1, 1, 0)]
    assert s["discard"] == ["library", "pillage"] and s["actions"] == 2


def test_pillage_takes_a_tucked_card() -> None:
    """CARDS §7 Pillage mode 2 (look at every tucked card, take 1 into hand); TB
    Tuck a card."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 4), site("farm", 1, tuck=["siege", "onslaught"])],
              hands=[["pillage"], []])
    s = play(s, "pillage")
    s = pick(s, "mode", 1)
    assert choices(s) == [["tucked", 3, 0], ["tucked", 3, 1]]
    s = pick(s, "tucked", 3, 1)
    assert main_phase(s)
    assert [t[0] for t in at(s, 1, "farm")["tuck"]] == ["siege"]
    assert hand(s, 0) == ["onslaught"] and s["discard"] == ["pillage"] and s["actions"] == 2


def test_pillage_with_nothing_to_take_or_hit() -> None:
    """TB Attachment cards note (do nothing if impossible); R13 (the card may be
    played anyway and is discarded)."""
    base = table(a=[site("homeland", 5)], b=[site("homeland", 4)], hands=[["pillage"], []])
    s = play(base, "pillage")
    for mode in (0, 1):
        t = pick(s, "mode", mode)
        assert main_phase(t)
        assert layout(t) == [(1, "homeland", 0, 5, 0), (2, "homeland", 1, 4, 0)]
        assert hand(t, 0) == [] and t["discard"] == ["pillage"] and t["actions"] == 2


# ---- Bad Omen --------------------------------------------------------------------------

def test_bad_omen_one_damage_per_upgrade() -> None:
    """CARDS §7 Bad Omen (attach to any site; 1 damage there whenever anyone
    upgrades); TB Upgrade (I -> II costs 2 actions)."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 4), site("library", 2)],
              hands=[["bad_omen"], []], actions=4)
    s = play(s, "bad_omen")
    assert choices(s) == [["site", 1], ["site", 2], ["site", 3]]
    s = pick(s, "site", 3)
    assert main_phase(s)
    assert at(s, 1, "library")["att"] == [["bad_omen", 0]] and s["actions"] == 3
    s = pick(s, "upgrade")
    assert main_phase(s)
    assert s["players"][0]["level"] == 2 and s["actions"] == 1
    assert layout(s) == [(1, "homeland", 0, 5, 0), (2, "homeland", 1, 4, 0), (3, "library", 1, 1, 1)]


def test_bad_omen_three_damage_when_a_stack_runs_out() -> None:
    """CARDS §7 Bad Omen (3 damage when a draw stack becomes empty); R15; R3."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 4), site("library", 3, att=["bad_omen"])],
              stacks=[["siege"], ["martyr"], ["bioweapon"], ["ark"]])
    s = pick(s, "draw", 1)
    assert main_phase(s)
    assert layout(s) == [(1, "homeland", 0, 5, 0), (2, "homeland", 1, 4, 0)]
    assert hand(s, 0) == ["siege"] and s["discard"] == ["bad_omen", "library"] and s["actions"] == 2
    assert s["ran_out"] == [True, False, False, False]


def test_bad_omen_opponents_free_upgrade_opens_a_window() -> None:
    """CARDS §7 Bad Omen (any player's upgrade, by an effect too: Alien Monolith 2);
    R5 (the site owner may answer the damage with Cannon Fodder)."""
    s = table(a=[site("homeland", 5), site("alien_monolith", 0)],
              b=[site("homeland", 4), site("library", 3, att=["bad_omen"])], hands=[[], ["cannon_fodder"]])
    s = use(s, 2, 2)
    assert who(s) == 1 and choices(s) == [["react", "cannon_fodder", 0], ["pass"]]
    assert s["players"][0]["level"] == 2
    s = pick(s, "react", "cannon_fodder", 0)
    s = pick(s, "site", 4)
    assert main_phase(s)
    assert layout(s) == [(1, "homeland", 0, 5, 0), (3, "homeland", 1, 4, 0), (4, "library", 1, 2, 0)]
    assert s["discard"] == ["alien_monolith", "cannon_fodder"]
