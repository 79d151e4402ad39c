"""Exact-state tests for the Core Set level II cards of Time Barons.

Covers Military Base, Library, Hospital, Sniper Nest, Railroad, Conversion,
Fortify, Shelling, Blockade, Sabotage, Loss of Faith and Martyr: each card's main
effect (followers and counters on every site, destroyed sites, hands, discard
pile, actions, whose decision is next) and its edge cases (requirements not met,
reaction/trigger windows, destruction in the same batch, fortified sites,
declined triggers, illegal choices refused).

Citations: "TB <heading>" = rulebook (shared/seeds/time_barons_rulebook.txt);
"R<n>" and "CARDS §5 <card>" = shared/games/time_barons/CARDS.md; "CARDS §7
<card>" = the card's effect text in the JSON of section 7.
"""

from __future__ import annotations

from typing import Any

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
    sid,
    site,
    table,
    use,
    who,
)

#: Small, distinct draw stacks so draws are easy to follow (top = last).
STACKS = [["temple", "church", "fort", "plague", "siege"], ["conversion", "shelling", "railroad"],
          ["bioweapon"], ["ark"]]



# ---- Military Base ----------------------------------------------------------------


def test_military_base_sacrifice_and_damage() -> None:
    """CARDS §7 Military Base (1a: sacrifice >=1 here, that much damage to one site);
    TB Damage and destruction; R4 (sacrifice and damage are one batch)."""
    s = table(a=[site("homeland", 5), site("military_base", 4)], b=[site("homeland", 4), site("library", 3)])
    mb = sid(s, 0, "military_base")
    s = use(s, mb, 1)
    assert s["actions"] == 2
    assert choices(s) == [["num", 1], ["num", 2], ["num", 3], ["num", 4]]
    s = pick(s, "num", 3)
    assert choices(s) == [["site", 1], ["site", 2], ["site", 3], ["site", 4]]  # any site, own included
    s = pick(s, "site", sid(s, 1, "library"))
    assert layout(s) == [(1, "homeland", 0, 5, 0), (2, "military_base", 0, 1, 0), (3, "homeland", 1, 4, 0)]
    assert gone(s, 1, "library") and s["discard"] == ["library"]
    assert main_phase(s) and s["actions"] == 2
    assert ["ability", mb, 1] not in choices(s)  # once per turn (R9)


def test_military_base_needs_a_follower_to_sacrifice() -> None:
    """R9: a "sacrifice X to do Y" ability cannot be activated unless X can be done;
    CARDS §7 Military Base (at least 1 sacrificed)."""
    s = table(a=[site("homeland", 5), site("military_base", 0)])
    mb = sid(s, 0, "military_base")
    assert ["ability", mb, 1] not in choices(s)
    refused(s, "ability", mb, 1)


def test_military_base_damage_to_fortified_site_kills_nobody() -> None:
    """TB Damage and destruction (fortified: damage does not kill unless destroyed);
    CARDS §7 Military Base."""
    s = table(a=[site("homeland", 5), site("military_base", 3)], b=[site("homeland", 4), site("fort", 3)])
    s = use(s, 2, 1)
    s = pick(s, "num", 2)
    s = pick(s, "site", sid(s, 1, "fort"))
    assert at(s, 1, "fort")["f"] == 3 and at(s, 1, "fort")["dmg"] == 2
    assert at(s, 0, "military_base")["f"] == 1
    assert main_phase(s) and s["actions"] == 2


# ---- Library ----------------------------------------------------------------------


def test_library_draw_one_card() -> None:
    """CARDS §7 Library ability 1 (3f: draw from any stack at or below your level);
    R6; R9 (one of the site's abilities per turn)."""
    s = table(a=[site("homeland", 5), site("library", 5)], hands=[["siege"], []], levels=(2, 1), stacks=STACKS,
              discard=["catapult"])
    s = use(s, 2, 1)
    assert choices(s) == [["stack", 1], ["stack", 2]]
    s = pick(s, "stack", 2)
    assert hand(s, 0) == ["railroad", "siege"]
    assert s["stacks"][1] == ["conversion", "shelling"]
    assert main_phase(s) and s["actions"] == 3 and at(s, 0, "library")["used"]
    assert ["ability", 2, 1] not in choices(s) and ["ability", 2, 2] not in choices(s)


def test_library_take_from_discard_then_discard() -> None:
    """CARDS §7 Library ability 2 (5f+1a: take a discarded card of level <= yours,
    then discard 1, possibly the card just taken)."""
    s = table(a=[site("homeland", 5), site("library", 5)], hands=[["siege"], []], levels=(2, 1), stacks=STACKS,
              discard=["catapult", "hospital", "ark"])
    s = use(s, 2, 2)
    assert s["actions"] == 2
    assert choices(s) == [["card", "catapult"], ["card", "hospital"]]  # Ark is level IV
    s = pick(s, "card", "hospital")
    assert choices(s) == [["card", "hospital"], ["card", "siege"]]
    s = pick(s, "card", "siege")
    assert hand(s, 0) == ["hospital"] and s["players"][0]["known"] == ["hospital"]
    assert s["discard"] == ["catapult", "ark", "siege"]
    assert main_phase(s) and s["actions"] == 2


def test_library_discard_step_may_return_the_taken_card() -> None:
    """CARDS §7 Library ability 2 (the discarded card may be the one just taken):
    with an empty hand the taken card is the only one, so it goes straight back."""
    s = table(a=[site("homeland", 5), site("library", 5)], discard=["siege"])
    s = use(s, 2, 2)
    assert hand(s, 0) == [] and s["players"][0]["known"] == [] and s["discard"] == ["siege"]
    assert main_phase(s) and s["actions"] == 2 and at(s, 0, "library")["used"]


def test_library_requirements_not_met() -> None:
    """TB Abilities (follower requirement); CARDS §7 Library (ability 1 needs 3f,
    ability 2 needs 5f and a discarded card at or below your level)."""
    s = table(a=[site("homeland", 5), site("library", 4)], discard=["siege"])
    assert ["ability", 2, 1] in choices(s) and ["ability", 2, 2] not in choices(s)
    refused(s, "ability", 2, 2)
    s = table(a=[site("homeland", 5), site("library", 5)], discard=["ark"])  # level I player, level IV card
    assert ["ability", 2, 2] not in choices(s)
    refused(s, "ability", 2, 2)
    s = table(a=[site("homeland", 5), site("library", 2)], discard=["siege"])
    assert not [c for c in choices(s) if c[0] == "ability"]


# ---- Hospital ---------------------------------------------------------------------


def test_hospital_floor_half_after_opponent_kills() -> None:
    """CARDS §7 Hospital ability 1 (after a single effect kills k of your followers:
    +floor(k/2) on Hospital); R4, R5 (the owner answers after the batch)."""
    s = table(a=[site("homeland", 5), site("military_base", 3)], b=[site("homeland", 5), site("hospital", 2)])
    s = use(s, 2, 1)
    s = pick(s, "num", 3)
    s = pick(s, "site", sid(s, 1, "homeland"))
    assert who(s) == 1 and choices(s) == [["use", 4, 1], ["pass"]]
    s = pick(s, "use", 4, 1)
    assert layout(s) == [(1, "homeland", 0, 5, 0), (2, "military_base", 0, 0, 0), (3, "homeland", 1, 2, 3),
                         (4, "hospital", 1, 3, 0)]
    assert main_phase(s) and s["active"] == 0 and s["actions"] == 2


def test_hospital_ceil_after_own_sacrifice() -> None:
    """CARDS §5 Hospital (sacrifices are kills); CARDS §7 Hospital ability 2 (3f:
    ceil(k/2))."""
    s = table(a=[site("homeland", 5), site("military_base", 3), site("hospital", 3)], b=[site("homeland", 10)])
    s = use(s, 2, 1)
    s = pick(s, "num", 3)
    s = pick(s, "site", sid(s, 1, "homeland"))
    assert who(s) == 0 and choices(s) == [["use", 3, 2], ["pass"]]
    s = pick(s, "use", 3, 2)
    assert layout(s) == [(1, "homeland", 0, 5, 0), (2, "military_base", 0, 0, 0), (3, "hospital", 0, 5, 0),
                         (4, "homeland", 1, 7, 3)]
    assert main_phase(s) and s["actions"] == 2


def test_hospital_requirement_checked_after_kills() -> None:
    """CARDS §7 Hospital ability 2 (the 3-follower requirement is checked after the
    kills): 3 on Hospital before a Blockade, 2 after, so floor(3/2) = 1."""
    s = table(b=[site("homeland", 4), site("hospital", 3), site("library", 2)], hands=[["blockade"], []])
    s = play(s, "blockade")
    assert who(s) == 1 and choices(s) == [["use", 3, 1], ["pass"]]
    s = pick(s, "use", 3, 1)
    assert layout(s) == [(1, "homeland", 0, 10, 0), (2, "homeland", 1, 3, 0), (3, "hospital", 1, 3, 0),
                         (4, "library", 1, 1, 0)]
    assert main_phase(s) and s["actions"] == 1


def test_hospital_single_kill_with_three_followers_after() -> None:
    """CARDS §7 Hospital: k = 1 gives floor 0 (no trigger) below 3 followers, but
    ceil 1 with 3+ followers after the kills."""
    s = table(b=[site("homeland", 4), site("hospital", 0)], hands=[["blockade"], []])
    s = play(s, "blockade")
    assert main_phase(s) and at(s, 1, "homeland")["f"] == 3 and at(s, 1, "hospital")["f"] == 0
    s = table(b=[site("homeland", 0, start=True), site("hospital", 4)], hands=[["blockade"], []])
    s = play(s, "blockade")
    assert who(s) == 1 and choices(s) == [["use", 3, 2], ["pass"]]
    s = pick(s, "use", 3, 2)
    assert at(s, 1, "hospital")["f"] == 4 and at(s, 1, "homeland")["f"] == 0
    assert main_phase(s)


def test_hospital_not_if_destroyed_in_same_batch() -> None:
    """CARDS §5 Hospital (destroyed in the same batch: it does not fire); R4
    (destruction before the after-windows)."""
    s = table(b=[site("homeland", 4), site("hospital", 3, dmg=1)], hands=[["shelling"], ["martyr"]], stacks=STACKS)
    s = play(s, "shelling")
    s = pick(s, "site", sid(s, 1, "homeland"))
    s = pick(s, "site", sid(s, 1, "hospital"))  # the last point goes there too (only option left)
    assert gone(s, 1, "hospital") and s["discard"] == ["hospital"]
    assert who(s) == 1 and choices(s) == [["react", "martyr", 0], ["pass"]]  # window open, no Hospital in it
    s = pick(s, "pass")
    assert layout(s) == [(1, "homeland", 0, 10, 0), (2, "homeland", 1, 3, 1)]
    assert s["discard"] == ["hospital", "shelling"]
    assert main_phase(s) and s["active"] == 1  # Shelling used Ann's 3 actions: Bob's turn


def test_hospital_may_be_declined() -> None:
    """R10 (a triggered infinite ability's owner may decline)."""
    s = table(b=[site("homeland", 4), site("hospital", 3)], hands=[["siege"], []])
    s = play(s, "siege")
    s = pick(s, "site", sid(s, 1, "homeland"))
    assert who(s) == 1 and choices(s) == [["use", 3, 2], ["pass"]]
    s = pick(s, "pass")
    assert layout(s) == [(1, "homeland", 0, 10, 0), (2, "homeland", 1, 2, 2), (3, "hospital", 1, 3, 0)]
    assert main_phase(s) and s["actions"] == 2


def test_hospital_and_martyr_answer_the_same_batch() -> None:
    """R4, R5: one after-window per batch offers both Hospital and Martyr; each is
    used at most once (R10)."""
    s = table(b=[site("homeland", 4), site("hospital", 3)], hands=[["blockade"], ["martyr"]], stacks=STACKS)
    s = play(s, "blockade")
    assert who(s) == 1 and choices(s) == [["use", 3, 1], ["react", "martyr", 0], ["pass"]]
    s = pick(s, "use", 3, 1)
    assert choices(s) == [["react", "martyr", 0], ["pass"]]
    s = pick(s, "react", "martyr", 0)
    assert hand(s, 1) == ["plague", "siege"]
    assert layout(s) == [(1, "homeland", 0, 10, 0), (2, "homeland", 1, 3, 0), (3, "hospital", 1, 3, 0)]
    assert s["discard"] == ["martyr", "blockade"]
    assert main_phase(s) and s["actions"] == 1


# ---- Sniper Nest ------------------------------------------------------------------


def relocate_two(s: Any, frm: int, to: int) -> Any:
    """The active player relocates 2 followers from site ``frm`` to site ``to``
    (of exactly two own sites)."""
    s = pick(s, "relocate")
    s = pick(s, "take", frm)
    s = pick(s, "take", frm)
    s = pick(s, "done")
    return pick(s, "site", to)


def test_sniper_nest_kills_two_after_relocate() -> None:
    """CARDS §7 Sniper Nest ability 2 (3f: kill 2 after an opponent relocates);
    CARDS §5 Sniper Nest (after the whole relocate); R2 (the killer picks)."""
    s = table(a=[site("homeland", 5), site("railroad", 2)], b=[site("homeland", 4), site("sniper_nest", 3)])
    s = relocate_two(s, 1, 2)
    assert layout(s)[:2] == [(1, "homeland", 0, 3, 0), (2, "railroad", 0, 4, 0)]
    assert who(s) == 1 and choices(s) == [["use", 4, 2], ["pass"]]
    s = pick(s, "use", 4, 2)
    assert choices(s) == [["site", 1], ["site", 2]]
    s = pick(s, "site", 1)
    s = pick(s, "site", 2)
    assert layout(s) == [(1, "homeland", 0, 2, 0), (2, "railroad", 0, 3, 0), (3, "homeland", 1, 4, 0),
                         (4, "sniper_nest", 1, 3, 0)]
    assert main_phase(s) and s["actions"] == 2


def test_sniper_nest_kills_one_below_three_followers() -> None:
    """CARDS §7 Sniper Nest ability 1 (1f: kill 1); R10 (the upgraded version only
    when its requirement is met)."""
    s = table(a=[site("homeland", 5), site("railroad", 2)], b=[site("homeland", 4), site("sniper_nest", 2)])
    s = relocate_two(s, 1, 2)
    assert who(s) == 1 and choices(s) == [["use", 4, 1], ["pass"]]
    s = pick(s, "use", 4, 1)
    s = pick(s, "site", 2)
    assert layout(s) == [(1, "homeland", 0, 3, 0), (2, "railroad", 0, 3, 0), (3, "homeland", 1, 4, 0),
                         (4, "sniper_nest", 1, 2, 0)]
    assert main_phase(s)


def test_sniper_nest_may_be_declined() -> None:
    """R10 (the owner may decline a triggered infinite ability)."""
    s = table(a=[site("homeland", 5), site("railroad", 2)], b=[site("homeland", 4), site("sniper_nest", 3)])
    s = relocate_two(s, 1, 2)
    s = pick(s, "pass")
    assert layout(s) == [(1, "homeland", 0, 3, 0), (2, "railroad", 0, 4, 0), (3, "homeland", 1, 4, 0),
                         (4, "sniper_nest", 1, 3, 0)]
    assert main_phase(s) and s["actions"] == 2


def test_sniper_nest_silent_for_own_relocate_and_when_empty() -> None:
    """CARDS §7 Sniper Nest (only after an *opponent* relocates; needs 1 follower)."""
    s = table(a=[site("homeland", 5), site("sniper_nest", 3)], b=[site("homeland", 4), site("library", 1)])
    s = relocate_two(s, 1, 2)  # the Nest's owner relocates: no trigger
    assert main_phase(s) and layout(s)[:2] == [(1, "homeland", 0, 3, 0), (2, "sniper_nest", 0, 5, 0)]
    s = table(a=[site("homeland", 5), site("railroad", 2)], b=[site("homeland", 4), site("sniper_nest", 0)])
    s = relocate_two(s, 1, 2)  # an empty Nest cannot fire
    assert main_phase(s) and layout(s)[:2] == [(1, "homeland", 0, 3, 0), (2, "railroad", 0, 4, 0)]


def test_sniper_nest_after_escape_route_limited_relocate() -> None:
    """R8 (a limited relocate such as Escape Route counts for Sniper Nest), so the
    Nest fires during its owner's own turn (TB Infinite abilities)."""
    s = table(a=[site("homeland", 5), site("sniper_nest", 1)], b=[site("homeland", 4), site("library", 2)],
              hands=[["siege"], ["escape_route"]])
    s = play(s, "siege")
    s = pick(s, "site", sid(s, 1, "library"))
    s = pick(s, "react", "escape_route", 0)
    s = pick(s, "num", 2)  # the only other site (Homeland) receives them
    assert who(s) == 0 and choices(s) == [["use", 2, 1], ["pass"]]
    s = pick(s, "use", 2, 1)  # the only occupied site of Bob is his Homeland
    assert layout(s) == [(1, "homeland", 0, 5, 0), (2, "sniper_nest", 0, 1, 0), (3, "homeland", 1, 5, 0),
                         (4, "library", 1, 0, 2)]
    assert s["discard"] == ["escape_route", "siege"]
    assert main_phase(s) and s["actions"] == 2


# ---- Railroad ---------------------------------------------------------------------


def test_railroad_free_relocate() -> None:
    """CARDS §7 Railroad (1f: a full relocate without paying an action); R9."""
    s = table(a=[site("homeland", 5), site("railroad", 1)])
    s = use(s, 2, 1)
    assert s["actions"] == 3 and choices(s) == [["take", 1], ["take", 2], ["done"]]
    s = pick(s, "take", 1)
    s = pick(s, "take", 1)
    s = pick(s, "done")
    s = pick(s, "site", 2)
    assert layout(s)[:2] == [(1, "homeland", 0, 3, 0), (2, "railroad", 0, 3, 0)]
    assert main_phase(s) and s["actions"] == 3
    assert ["ability", 2, 1] not in choices(s) and ["relocate"] in choices(s)


def test_railroad_relocate_triggers_sniper_nest() -> None:
    """R8 (a full relocate by an ability is a relocate for Sniper Nest)."""
    s = table(a=[site("homeland", 5), site("railroad", 1)], b=[site("homeland", 4), site("sniper_nest", 1)])
    s = use(s, 2, 1)
    s = pick(s, "take", 1)
    s = pick(s, "done")
    s = pick(s, "site", 2)
    assert who(s) == 1 and choices(s) == [["use", 4, 1], ["pass"]]
    s = pick(s, "use", 4, 1)
    s = pick(s, "site", 2)
    assert layout(s) == [(1, "homeland", 0, 4, 0), (2, "railroad", 0, 1, 0), (3, "homeland", 1, 4, 0),
                         (4, "sniper_nest", 1, 1, 0)]
    assert main_phase(s) and s["actions"] == 3


def test_railroad_needs_a_follower() -> None:
    """TB Abilities (follower requirement: Railroad needs 1)."""
    s = table(a=[site("homeland", 5), site("railroad", 0)])
    assert ["ability", 2, 1] not in choices(s)
    refused(s, "ability", 2, 1)


# ---- Conversion -------------------------------------------------------------------


def test_conversion_spreads_three_followers() -> None:
    """CARDS §7 Conversion (+3 followers placed as you wish over your sites); R2."""
    s = table(a=[site("homeland", 5), site("library", 0)], hands=[["conversion"], []])
    s = play(s, "conversion")
    assert choices(s) == [["site", 1], ["site", 2]]
    s = pick(s, "site", 1)
    s = pick(s, "site", 2)  # the last follower then has a single place left (monotone allocation)
    assert layout(s)[:2] == [(1, "homeland", 0, 6, 0), (2, "library", 0, 2, 0)]
    assert s["discard"] == ["conversion"] and hand(s, 0) == []
    assert main_phase(s) and s["actions"] == 2


def test_conversion_skips_a_threatened_site() -> None:
    """CARDS §7 Threat (nothing may enter the site) with Conversion: all 3 go to the
    only site that can receive them, with no question asked."""
    s = table(a=[site("homeland", 5), site("library", 0, att=["threat"])], hands=[["conversion"], []])
    s = play(s, "conversion")
    assert layout(s)[:2] == [(1, "homeland", 0, 8, 0), (2, "library", 0, 0, 0)]
    assert main_phase(s) and s["actions"] == 2 and s["discard"] == ["conversion"]


# ---- Fortify ----------------------------------------------------------------------


def test_fortify_clears_counters_and_fortifies() -> None:
    """CARDS §7 Fortify (on attach remove every counter; the site is fortified);
    TB Damage and destruction (fortified: damage does not kill)."""
    s = table(b=[site("homeland", 4), site("library", 3, dmg=2)], hands=[["fortify", "siege"], []])
    s = play(s, "fortify")
    assert choices(s) == [["site", 1], ["site", 2], ["site", 3]]  # any owner
    s = pick(s, "site", 3)
    lib = at(s, 1, "library")
    assert lib["dmg"] == 0 and lib["f"] == 3 and lib["att"] == [["fortify", 0]]
    assert hand(s, 0) == ["siege"] and s["discard"] == [] and s["actions"] == 2
    s = play(s, "siege")
    s = pick(s, "site", 3)
    lib = at(s, 1, "library")
    assert lib["f"] == 3 and lib["dmg"] == 2
    assert main_phase(s) and s["actions"] == 1 and s["discard"] == ["siege"]


def test_fortify_destroyed_site_still_loses_its_followers() -> None:
    """TB Damage and destruction (a fortified site's followers die when it is
    destroyed; attachments are discarded with it); R3."""
    s = table(b=[site("homeland", 4), site("library", 3, dmg=2, att=["fortify"])], hands=[["siege"], []])
    s = play(s, "siege")
    s = pick(s, "site", 3)
    assert gone(s, 1, "library")
    assert layout(s) == [(1, "homeland", 0, 10, 0), (2, "homeland", 1, 4, 0)]
    assert sorted(s["discard"]) == ["fortify", "library", "siege"]
    assert main_phase(s) and s["actions"] == 2


# ---- Shelling ---------------------------------------------------------------------


def test_shelling_splits_over_three_sites() -> None:
    """CARDS §7 Shelling (3 damage over 1-3 different sites, each at least 1); TB
    Damage and destruction (the fortified Fort keeps its followers)."""
    s = table(b=[site("homeland", 4), site("library", 3, dmg=1), site("fort", 3)], hands=[["shelling"], []])
    s = play(s, "shelling")
    assert choices(s) == [["site", 1], ["site", 2], ["site", 3], ["site", 4]]
    s = pick(s, "site", 2)
    assert choices(s) == [["site", 2], ["site", 3], ["site", 4]]
    s = pick(s, "site", 3)
    assert choices(s) == [["site", 3], ["site", 4]]
    s = pick(s, "site", 4)
    assert layout(s) == [(1, "homeland", 0, 10, 0), (2, "homeland", 1, 3, 1), (3, "library", 1, 2, 2),
                         (4, "fort", 1, 3, 1)]
    assert s["discard"] == ["shelling"]
    assert main_phase(s) and s["active"] == 1 and s["actions"] == 3  # Ann's 3 actions are spent


def test_shelling_all_on_one_site_destroys_it() -> None:
    """CARDS §7 Shelling (all 3 may go to one site); R3 (destruction kills every
    follower and discards the site)."""
    s = table(b=[site("homeland", 4), site("library", 5)], hands=[["shelling"], []])
    s = play(s, "shelling")
    s = pick(s, "site", 3)  # the last site in the list: the other 2 points must follow
    assert gone(s, 1, "library") and s["discard"] == ["library", "shelling"]
    assert layout(s) == [(1, "homeland", 0, 10, 0), (2, "homeland", 1, 4, 0)]
    assert main_phase(s) and s["active"] == 1


def test_shelling_needs_three_actions() -> None:
    """TB Play a card (action cost 3); R13."""
    s = table(hands=[["shelling"], []], actions=2)
    assert ["play", "shelling"] not in choices(s)
    refused(s, "play", "shelling")


# ---- Blockade ---------------------------------------------------------------------


def test_blockade_kills_one_on_each_occupied_site() -> None:
    """CARDS §7 Blockade (kill 1 on each occupied site of one opponent, at once);
    kills are not damage, so the fortified Fort loses one too (TB Damage and
    destruction)."""
    s = table(a=[site("homeland", 5), site("library", 3)],
              b=[site("homeland", 4), site("library", 0), site("fort", 2)], hands=[["blockade"], []])
    s = play(s, "blockade")
    assert layout(s) == [(1, "homeland", 0, 5, 0), (2, "library", 0, 3, 0), (3, "homeland", 1, 3, 0),
                         (4, "library", 1, 0, 0), (5, "fort", 1, 1, 0)]
    assert s["discard"] == ["blockade"] and hand(s, 0) == []
    assert main_phase(s) and s["actions"] == 1


def test_blockade_can_win_the_game() -> None:
    """TB Game end (total victory as soon as a player has no followers)."""
    s = table(b=[site("homeland", 1), site("library", 1)], hands=[["blockade"], []])
    s = play(s, "blockade")
    assert s["result"] is not None and s["result"]["winners"] == [0]
    assert layout(s)[1:] == [(2, "homeland", 1, 0, 0), (3, "library", 1, 0, 0)]


# ---- Sabotage ---------------------------------------------------------------------


def test_sabotage_blocks_an_ordinary_ability() -> None:
    """CARDS §7 Sabotage (while attached, none of the site's abilities can be
    activated); R9."""
    s = table(a=[site("homeland", 5), site("library", 3)], hands=[["sabotage"], []])
    assert ["ability", 2, 1] in choices(s)
    s = play(s, "sabotage")
    assert choices(s) == [["site", 1], ["site", 2], ["site", 3]]
    s = pick(s, "site", 2)
    assert at(s, 0, "library")["att"] == [["sabotage", 0]]
    assert main_phase(s) and s["actions"] == 1 and hand(s, 0) == [] and s["discard"] == []
    assert ["ability", 2, 1] not in choices(s)
    refused(s, "ability", 2, 1)


def test_sabotage_blocks_infinite_abilities() -> None:
    """CARDS §7 Sabotage (infinite ones included): a sabotaged Hospital does not
    answer kills and a sabotaged Sniper Nest does not answer a relocate."""
    s = table(a=[site("homeland", 5), site("railroad", 1)],
              b=[site("homeland", 4), site("hospital", 3, att=["sabotage"]), site("sniper_nest", 3, att=["sabotage"])],
              hands=[["siege"], []])
    s = play(s, "siege")
    s = pick(s, "site", sid(s, 1, "hospital"))
    assert main_phase(s) and at(s, 1, "hospital")["f"] == 1 and at(s, 1, "hospital")["dmg"] == 2
    s = use(s, 2, 1)
    s = pick(s, "take", 1)
    s = pick(s, "done")
    s = pick(s, "site", 2)
    assert main_phase(s)
    assert layout(s) == [(1, "homeland", 0, 4, 0), (2, "railroad", 0, 2, 0), (3, "homeland", 1, 4, 0),
                         (4, "hospital", 1, 1, 2), (5, "sniper_nest", 1, 3, 0)]


def test_sabotage_leaves_fortified_text_working() -> None:
    """CARDS §7 Sabotage (site text that is not an ability, like fortified, still
    works)."""
    s = table(b=[site("homeland", 4), site("fort", 3, att=["sabotage"])], hands=[["siege"], []])
    s = play(s, "siege")
    s = pick(s, "site", 3)
    assert at(s, 1, "fort")["f"] == 3 and at(s, 1, "fort")["dmg"] == 2
    assert main_phase(s)


# ---- Loss of Faith ----------------------------------------------------------------


def test_loss_of_faith_next_turn_one_action_fewer_no_abilities() -> None:
    """CARDS §7 Loss of Faith (the opponent's next turn: 1 action fewer, no site
    abilities); R14 (the action count is fixed first); only that one turn."""
    s = table(b=[site("homeland", 4), site("library", 3), site("railroad", 1)], hands=[["loss_of_faith"], []])
    s = play(s, "loss_of_faith")
    assert s["players"][1]["lof"] == 1 and s["discard"] == ["loss_of_faith"]
    assert main_phase(s) and s["actions"] == 2
    s = pick(s, "end")
    assert who(s) == 1 and s["active"] == 1 and s["actions"] == 2
    assert not [c for c in choices(s) if c[0] == "ability"]
    refused(s, "ability", 3, 1)
    s = pick(s, "end")
    s = pick(s, "end")
    assert s["active"] == 1 and s["actions"] == 3 and s["players"][1]["lof"] == 0
    assert ["ability", 3, 1] in choices(s) and ["ability", 4, 1] in choices(s)


def test_loss_of_faith_blocks_infinite_hospital_that_turn() -> None:
    """CARDS §7 Loss of Faith (infinite abilities included): Bob's Hospital does not
    answer kills during his faithless turn."""
    s = table(b=[site("homeland", 4), site("hospital", 3)], hands=[["loss_of_faith"], ["siege"]])
    s = play(s, "loss_of_faith")
    s = pick(s, "end")
    s = pick(s, "play", "siege")
    s = pick(s, "site", 2)  # his own Homeland (R2: any site)
    assert main_phase(s) and s["active"] == 1 and s["actions"] == 1
    assert layout(s)[1:] == [(2, "homeland", 1, 2, 2), (3, "hospital", 1, 3, 0)]


def test_loss_of_faith_does_not_block_the_current_turn() -> None:
    """CARDS §7 Loss of Faith ("next turn"): right after it is played, the opponent's
    Sniper Nest still answers a relocate in the caster's turn."""
    s = table(a=[site("homeland", 5), site("railroad", 2)], b=[site("homeland", 4), site("sniper_nest", 1)],
              hands=[["loss_of_faith"], []])
    s = play(s, "loss_of_faith")
    s = relocate_two(s, 1, 2)
    assert who(s) == 1 and choices(s) == [["use", 4, 1], ["pass"]]


# ---- Martyr -----------------------------------------------------------------------


def test_martyr_draws_one_per_follower_killed() -> None:
    """CARDS §7 Martyr (draw 1 per follower that effect killed); R4 (Blockade is
    one batch); TB Reaction cards (cost 0)."""
    s = table(b=[site("homeland", 4), site("library", 3), site("fort", 2)], hands=[["blockade"], ["martyr"]],
              stacks=STACKS)
    s = play(s, "blockade")
    assert who(s) == 1 and choices(s) == [["react", "martyr", 0], ["pass"]]
    s = pick(s, "react", "martyr", 0)
    assert hand(s, 1) == ["fort", "plague", "siege"]
    assert s["stacks"][0] == ["temple", "church"]
    assert s["discard"] == ["martyr", "blockade"]
    assert layout(s)[1:] == [(2, "homeland", 1, 3, 0), (3, "library", 1, 2, 0), (4, "fort", 1, 1, 0)]
    assert main_phase(s) and s["active"] == 0 and s["actions"] == 1


def test_martyr_counts_followers_killed_by_destruction() -> None:
    """TB Damage and destruction (destruction kills every follower on the site);
    CARDS §7 Martyr: 2 killed by the damage + 1 by the destruction = 3 cards."""
    s = table(b=[site("homeland", 4), site("library", 3, dmg=1)], hands=[["siege"], ["martyr"]], stacks=STACKS,
              levels=(1, 2))
    s = play(s, "siege")
    s = pick(s, "site", 3)
    s = pick(s, "react", "martyr", 0)
    for lv in (2, 2, 1):
        assert choices(s) == [["stack", 1], ["stack", 2]]
        s = pick(s, "stack", lv)
    assert hand(s, 1) == ["railroad", "shelling", "siege"]
    assert gone(s, 1, "library") and s["discard"] == ["library", "martyr", "siege"]
    assert main_phase(s) and s["actions"] == 2


def test_martyr_after_own_sacrifice() -> None:
    """CARDS §7 Martyr (sacrifices count); TB Reaction cards (no action cost, in
    your own turn too)."""
    s = table(a=[site("homeland", 5), site("military_base", 2)], hands=[["martyr"], []], stacks=STACKS)
    s = use(s, 2, 1)
    s = pick(s, "num", 2)
    s = pick(s, "site", 3)
    assert who(s) == 0 and choices(s) == [["react", "martyr", 0], ["pass"]]
    s = pick(s, "react", "martyr", 0)
    assert hand(s, 0) == ["plague", "siege"]
    assert layout(s) == [(1, "homeland", 0, 5, 0), (2, "military_base", 0, 0, 0), (3, "homeland", 1, 8, 2)]
    assert main_phase(s) and s["actions"] == 2


def test_martyr_not_offered_without_own_deaths() -> None:
    """CARDS §7 Martyr (only when your followers die): not for the opponent's
    deaths, and not for damage on a fortified site that kills nobody."""
    s = table(b=[site("homeland", 4)], hands=[["blockade", "martyr"], []])
    s = play(s, "blockade")
    assert main_phase(s) and hand(s, 0) == ["martyr"] and at(s, 1, "homeland")["f"] == 3
    s = table(b=[site("homeland", 4), site("fort", 3)], hands=[["siege"], ["martyr"]])
    s = play(s, "siege")
    s = pick(s, "site", 3)
    assert main_phase(s) and hand(s, 1) == ["martyr"] and at(s, 1, "fort")["f"] == 3
