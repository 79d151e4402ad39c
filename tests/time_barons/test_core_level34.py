"""Exact-state tests of the Core set's level III and IV cards.

Covers Missile Silo, Robotics Lab, Radio Station, Computer Network, Air Strike,
Bioweapon, Archaeology, Ruthless Efficiency (level III) and Doomsday Laser, Ark,
Force Field, Sentient AI, Mind Control (level IV): each card's main effect with
the full resulting state, plus edge cases (requirements not met, illegal choices
refused, nothing to do, fortified sites, destruction, reaction windows, total
victory).

Citations: "TB <heading>" = the rulebook (shared/seeds/time_barons_rulebook.txt);
"R<n>" = the rulings of shared/games/time_barons/CARDS.md section 2; "CARDS §5
<card>" = its card rulings; "CARDS §7 <card>" = the card's effect in its JSON.
Site ids: seat 0's sites are numbered 1, 2, ... in the order given, then seat 1's.
"""

from __future__ import annotations

from typing import Any

from tests.time_barons.tb import (
    at,
    choices,
    gone,
    hand,
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


def fd(x: dict[str, Any]) -> tuple[int, int]:
    """(followers, damage counters) of a site."""
    return x["f"], x["dmg"]


def abilities(s: dict[str, Any]) -> list[list[Any]]:
    """The site abilities offered in the main phase."""
    return [c for c in choices(s) if c[0] == "ability"]


# ---- Missile Silo ---------------------------------------------------------------------

def test_missile_silo_two_damage_to_one_site() -> None:
    """Ability 1 (2f+2a): 2 damage to one site of any owner, killing 2 there; once per
    turn, one ability of the site per turn. TB Abilities, Restrictions on abilities;
    TB Damage and destruction; CARDS §7 Missile Silo; R2, R3, R9."""
    s = table(a=[site("homeland", 5), site("missile_silo", 2)], b=[site("homeland", 4), site("library", 3)])
    assert abilities(s) == [["ability", 2, 1], ["ability", 2, 2]]
    s = use(s, 2, 1)
    assert choices(s) == [["site", 1], ["site", 2], ["site", 3], ["site", 4]]
    s = pick(s, "site", sid(s, 1, "library"))
    assert main_phase(s) and s["actions"] == 1
    assert fd(at(s, 1, "library")) == (1, 2)
    assert fd(at(s, 1, "homeland")) == (4, 0)
    assert fd(at(s, 0, "homeland")) == (5, 0)
    assert fd(at(s, 0, "missile_silo")) == (2, 0) and at(s, 0, "missile_silo")["used"]
    assert abilities(s) == []
    refused(s, "ability", 2, 2)


def test_missile_silo_one_damage_to_two_different_sites() -> None:
    """Ability 2: 1 damage to each of 2 different sites (own sites allowed), one
    batch; the same site cannot be picked twice. CARDS §7 Missile Silo; R2, R4."""
    s = table(a=[site("homeland", 5), site("missile_silo", 2)], b=[site("homeland", 4), site("library", 3)])
    s = use(s, 2, 2)
    s = pick(s, "site", 1)
    assert choices(s) == [["site", 2], ["site", 3], ["site", 4]]
    refused(s, "site", 1)
    s = pick(s, "site", 3)
    assert main_phase(s) and s["actions"] == 1
    assert fd(at(s, 0, "homeland")) == (4, 1)
    assert fd(at(s, 1, "homeland")) == (3, 1)
    assert fd(at(s, 1, "library")) == (3, 0)
    assert fd(at(s, 0, "missile_silo")) == (2, 0)


def test_missile_silo_needs_two_followers_and_two_actions() -> None:
    """Requirements: 2 followers on the Silo and 2 actions; otherwise neither ability
    is offered. TB Abilities (requirements before the ability); R9."""
    s = table(a=[site("homeland", 5), site("missile_silo", 1)])
    assert abilities(s) == []
    refused(s, "ability", 2, 1)
    s = table(a=[site("homeland", 5), site("missile_silo", 2)], actions=1)
    assert abilities(s) == []
    refused(s, "ability", 2, 2)


# ---- Robotics Lab ---------------------------------------------------------------------

def test_robotics_lab_gains_one_action() -> None:
    """Ability (2f, no action): +1 action this turn, once per turn. CARDS §7 Robotics
    Lab; TB Restrictions on abilities; R9."""
    s = table(a=[site("homeland", 5), site("robotics_lab", 2)])
    s = use(s, 2, 1)
    assert main_phase(s) and s["actions"] == 4
    assert fd(at(s, 0, "robotics_lab")) == (2, 0) and at(s, 0, "robotics_lab")["used"]
    assert abilities(s) == []
    refused(s, "ability", 2, 1)


def test_robotics_lab_usable_with_no_actions_left() -> None:
    """The ability costs no action, so with 0 actions left the turn does not end
    while it is available. TB Abilities ("requires ... no actions"); R9."""
    s = table(a=[site("homeland", 5), site("robotics_lab", 2)], actions=0)
    assert who(s) == 0 and choices(s) == [["ability", 2, 1], ["end"]]
    s = use(s, 2, 1)
    assert main_phase(s) and s["actions"] == 1
    assert ["draw", 1] in choices(s)


def test_robotics_lab_needs_two_followers() -> None:
    """With 1 follower the 2-follower requirement is not met. TB Abilities; R9."""
    s = table(a=[site("homeland", 5), site("robotics_lab", 1)])
    assert abilities(s) == []
    refused(s, "ability", 2, 1)


# ---- Radio Station --------------------------------------------------------------------

def test_radio_station_steal_for_one_action() -> None:
    """Ability 1 (2f+1a): steal 1 follower from an opponent's occupied site onto any
    own site; a steal, not damage. TB Damage and destruction (steal); CARDS §7 Radio
    Station; R2 (the stealer picks the source)."""
    s = table(a=[site("homeland", 5), site("radio_station", 2)],
              b=[site("homeland", 4), site("library", 3), site("fort", 0)])
    assert abilities(s) == [["ability", 2, 1]]
    s = use(s, 2, 1)
    assert choices(s) == [["site", 3], ["site", 4]]  # the empty Fort is no source
    s = pick(s, "site", sid(s, 1, "library"))
    assert choices(s) == [["site", 1], ["site", 2]]
    s = pick(s, "site", sid(s, 0, "radio_station"))
    assert main_phase(s) and s["actions"] == 2
    assert fd(at(s, 0, "radio_station")) == (3, 0)
    assert fd(at(s, 0, "homeland")) == (5, 0)
    assert fd(at(s, 1, "library")) == (2, 0)
    assert fd(at(s, 1, "homeland")) == (4, 0)


def test_radio_station_free_steal_with_four_followers() -> None:
    """Ability 2 (4f, no action): the same steal for free; after it neither ability
    may be used this turn. CARDS §7 Radio Station; TB Restrictions on abilities; R9."""
    s = table(a=[site("homeland", 5), site("radio_station", 4)], b=[site("homeland", 4), site("library", 3)])
    assert abilities(s) == [["ability", 2, 1], ["ability", 2, 2]]
    s = use(s, 2, 2)
    s = pick(s, "site", sid(s, 1, "homeland"))
    s = pick(s, "site", sid(s, 0, "homeland"))
    assert main_phase(s) and s["actions"] == 3
    assert fd(at(s, 0, "homeland")) == (6, 0)
    assert fd(at(s, 0, "radio_station")) == (4, 0)
    assert fd(at(s, 1, "homeland")) == (3, 0)
    assert fd(at(s, 1, "library")) == (3, 0)
    assert abilities(s) == []
    refused(s, "ability", 2, 1)


def test_radio_station_three_followers_only_first_ability() -> None:
    """3 followers meet ability 1's requirement (2) but not ability 2's (4). R9."""
    s = table(a=[site("homeland", 5), site("radio_station", 3)])
    assert abilities(s) == [["ability", 2, 1]]
    refused(s, "ability", 2, 2)


def test_radio_station_stealing_the_last_follower_wins() -> None:
    """Stealing the opponent's last follower ends the game at once: total victory.
    TB Game end; CARDS §7 Radio Station."""
    s = table(a=[site("homeland", 5), site("radio_station", 2)], b=[site("homeland", 1)])
    s = use(s, 2, 1)
    s = pick(s, "site", sid(s, 0, "homeland"))
    assert s["result"] is not None and s["result"]["winners"] == [0]
    assert fd(at(s, 0, "homeland")) == (6, 0)
    assert fd(at(s, 1, "homeland")) == (0, 0)


# ---- Computer Network -----------------------------------------------------------------

def test_computer_network_makes_requirement_zero() -> None:
    """Computer Network (attachment, 1 action): the site's abilities need 0
    followers. TB Attachment cards; CARDS §7 Computer Network."""
    s = table(a=[site("homeland", 5), site("robotics_lab", 0)], hands=[["computer_network"], []])
    assert abilities(s) == []
    s = play(s, "computer_network")
    assert choices(s) == [["site", 1], ["site", 2], ["site", 3]]  # any site, any owner
    s = pick(s, "site", 2)
    assert main_phase(s) and s["actions"] == 2
    assert at(s, 0, "robotics_lab")["att"] == [["computer_network", 0]]
    assert fd(at(s, 0, "robotics_lab")) == (0, 0)
    assert hand(s, 0) == [] and s["discard"] == [] and s["limbo"] == []
    assert abilities(s) == [["ability", 2, 1]]
    s = use(s, 2, 1)
    assert s["actions"] == 3


def test_computer_network_keeps_action_costs() -> None:
    """Only the follower requirement drops to 0; Missile Silo still costs 2 actions.
    CARDS §7 Computer Network ("action costs are unchanged"); R9."""
    s = table(a=[site("homeland", 5), site("missile_silo", 0, att=["computer_network"])], actions=1)
    assert abilities(s) == []
    refused(s, "ability", 2, 1)
    s = table(a=[site("homeland", 5), site("missile_silo", 0, att=["computer_network"])], actions=2)
    assert abilities(s) == [["ability", 2, 1], ["ability", 2, 2]]


def test_computer_network_on_opponent_site_helps_its_owner() -> None:
    """Attached to an opponent's site it serves that site's owner, in their turn only.
    R1 (site owner), R9; CARDS §7 Computer Network (any owner)."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 5), site("missile_silo", 0)],
              hands=[["computer_network"], []])
    s = play(s, "computer_network")
    s = pick(s, "site", sid(s, 1, "missile_silo"))
    assert at(s, 1, "missile_silo")["att"] == [["computer_network", 0]]
    assert abilities(s) == []
    s = pick(s, "end")
    assert who(s) == 1 and s["active"] == 1 and s["actions"] == 3
    assert abilities(s) == [["ability", 3, 1], ["ability", 3, 2]]


# ---- Air Strike -----------------------------------------------------------------------

def test_air_strike_hits_level_one_for_two_and_level_two_for_one() -> None:
    """Air Strike: the opponent's level I sites (Homeland included) take 2, level II
    sites 1, higher levels nothing; a fortified Fort keeps its followers. CARDS §7 Air
    Strike; TB Starting sites (level I); TB Damage and destruction (fortified); R3."""
    s = table(a=[site("homeland", 5)],
              b=[site("homeland", 4), site("fort", 3), site("library", 3), site("robotics_lab", 2), site("ark", 2)],
              hands=[["air_strike"], []])
    s = play(s, "air_strike")
    assert main_phase(s) and s["actions"] == 1
    assert fd(at(s, 1, "homeland")) == (2, 2)
    assert fd(at(s, 1, "fort")) == (3, 2)
    assert fd(at(s, 1, "library")) == (2, 1)
    assert fd(at(s, 1, "robotics_lab")) == (2, 0)
    assert fd(at(s, 1, "ark")) == (2, 0)
    assert fd(at(s, 0, "homeland")) == (5, 0)
    assert hand(s, 0) == [] and s["discard"] == ["air_strike"]


def test_air_strike_is_one_batch_for_hospital() -> None:
    """All of Air Strike's damage is one batch, so the victim's Hospital answers once
    for all 4 kills; its 3-follower version is checked after the kills (2 left: round
    down). R4; R10; CARDS §7 Hospital; CARDS §5 Hospital."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 4), site("library", 3), site("hospital", 3)],
              hands=[["air_strike"], []])
    s = play(s, "air_strike")
    assert who(s) == 1 and choices(s) == [["use", 4, 1], ["pass"]]
    assert fd(at(s, 1, "homeland")) == (2, 2)
    assert fd(at(s, 1, "library")) == (2, 1)
    assert fd(at(s, 1, "hospital")) == (2, 1)
    s = pick(s, "use", 4, 1)
    assert main_phase(s) and s["actions"] == 1
    assert fd(at(s, 1, "hospital")) == (4, 1)


def test_air_strike_destroys_a_damaged_site() -> None:
    """A Homeland with 5 counters reaches its integrity 6 and is destroyed: its
    followers die and it goes to the discard pile. TB Damage and destruction; TB
    Starting sites; R3."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 4, dmg=5), site("library", 3)],
              hands=[["air_strike"], []])
    s = play(s, "air_strike")
    assert main_phase(s) and s["result"] is None
    assert gone(s, 1, "homeland")
    assert fd(at(s, 1, "library")) == (2, 1)
    assert s["discard"] == ["homeland", "air_strike"]


# ---- Bioweapon ------------------------------------------------------------------------

def test_bioweapon_kills_one_per_card_in_opponent_hand() -> None:
    """Bioweapon: kill as many of the opponent's followers as they hold cards, over at
    most 2 of their sites; kills are not damage (no counters) and a fortified site
    does not stop them. CARDS §7 Bioweapon; TB Damage and destruction (kill, fortified)."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 6), site("library", 2), site("fort", 3)],
              hands=[["bioweapon"], ["siege", "temple", "church"]])
    s = play(s, "bioweapon")
    assert s["ask"]["prompt"].startswith("Bioweapon: kill 3")
    assert choices(s) == [["site", 2], ["site", 3], ["site", 4]]
    s = pick(s, "site", sid(s, 1, "homeland"))
    s = pick(s, "site", sid(s, 1, "fort"))  # second site chosen: the rest must go there
    assert main_phase(s) and s["actions"] == 1
    assert fd(at(s, 1, "homeland")) == (5, 0)
    assert fd(at(s, 1, "library")) == (2, 0)
    assert fd(at(s, 1, "fort")) == (1, 0)
    assert hand(s, 1) == ["church", "siege", "temple"]
    assert s["discard"] == ["bioweapon"]


def test_bioweapon_kills_only_what_two_sites_hold() -> None:
    """4 cards in hand but each site holds 1 follower: only 2 die (2 sites at most);
    the third site keeps its follower. CARDS §7 Bioweapon ("as many as possible")."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 1), site("library", 1), site("fort", 1)],
              hands=[["bioweapon"], ["siege", "temple", "church", "siege"]])
    s = play(s, "bioweapon")
    s = pick(s, "site", sid(s, 1, "homeland"))
    assert choices(s) == [["site", 3], ["site", 4]]
    s = pick(s, "site", sid(s, 1, "library"))
    assert main_phase(s) and s["result"] is None
    assert fd(at(s, 1, "homeland")) == (0, 0)
    assert fd(at(s, 1, "library")) == (0, 0)
    assert fd(at(s, 1, "fort")) == (1, 0)


def test_bioweapon_empty_hand_does_nothing() -> None:
    """An empty hand means 0 kills: the card is played and does nothing. R13; TB Other
    card types (if part of a card cannot be performed, do nothing)."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 6)], hands=[["bioweapon"], []])
    s = play(s, "bioweapon")
    assert main_phase(s) and s["actions"] == 1
    assert fd(at(s, 1, "homeland")) == (6, 0)
    assert s["discard"] == ["bioweapon"]


def test_bioweapon_counts_hand_at_resolution_after_trade_window() -> None:
    """The opponent's Trade Agreement window opens first; if they pass, the hand is
    counted when Bioweapon resolves, Trade Agreement included. R5 (Trade Agreement
    window); CARDS §5 Bioweapon."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 6), site("library", 2)],
              hands=[["bioweapon"], ["siege", "trade_agreement"]])
    s = play(s, "bioweapon")
    assert who(s) == 1 and choices(s) == [["react", "trade_agreement", 0], ["pass"]]
    s = pick(s, "pass")
    assert who(s) == 0 and s["ask"]["prompt"].startswith("Bioweapon: kill 2")
    s = pick(s, "site", sid(s, 1, "homeland"))
    assert choices(s) == [["site", 2], ["site", 3]]  # both kills must be placed
    s = pick(s, "site", sid(s, 1, "homeland"))
    assert main_phase(s)
    assert fd(at(s, 1, "homeland")) == (4, 0)
    assert fd(at(s, 1, "library")) == (2, 0)
    assert hand(s, 1) == ["siege", "trade_agreement"]


# ---- Archaeology ----------------------------------------------------------------------

def test_archaeology_draws_three_from_lower_stacks() -> None:
    """Mode 1: draw 3, each from a stack below your level, chosen card by card.
    CARDS §7 Archaeology; R6."""
    s = table(hands=[["archaeology"], []], levels=(3, 1),
              stacks=[["temple", "church", "siege"], ["conversion", "library", "martyr"], ["bioweapon"], ["ark"]])
    s = play(s, "archaeology")
    assert choices(s) == [["mode", 0], ["mode", 1]]
    s = pick(s, "mode", 0)
    assert choices(s) == [["stack", 1], ["stack", 2]]  # not level III
    s = pick(s, "stack", 1)
    s = pick(s, "stack", 2)
    s = pick(s, "stack", 2)
    assert main_phase(s) and s["actions"] == 2
    assert hand(s, 0) == ["library", "martyr", "siege"]
    assert s["stacks"] == [["temple", "church"], ["conversion"], ["bioweapon"], ["ark"]]
    assert s["discard"] == ["archaeology"]


def test_archaeology_draws_nothing_at_level_one() -> None:
    """At level I no stack is below your level: the draws are lost. TB Other card
    types (do nothing); R6; R13."""
    s = table(hands=[["archaeology"], []], levels=(1, 1))
    stacks = [list(x) for x in s["stacks"]]
    s = play(s, "archaeology")
    s = pick(s, "mode", 0)
    assert main_phase(s) and s["actions"] == 2
    assert hand(s, 0) == [] and s["stacks"] == stacks
    assert s["discard"] == ["archaeology"]


def test_archaeology_takes_any_discarded_card() -> None:
    """Mode 2: any discarded card, whatever its level (a starting site too), goes to
    hand and is known to all. CARDS §7 Archaeology; TB Starting sites (the discard
    pile holds them like any card)."""
    s = table(hands=[["archaeology"], []], levels=(1, 1), discard=["siege", "homeland", "doomsday_laser"])
    s = play(s, "archaeology")
    s = pick(s, "mode", 1)
    assert choices(s) == [["card", "doomsday_laser"], ["card", "homeland"], ["card", "siege"]]
    s = pick(s, "card", "doomsday_laser")
    assert main_phase(s) and s["actions"] == 2
    assert hand(s, 0) == ["doomsday_laser"] and s["players"][0]["known"] == ["doomsday_laser"]
    assert s["discard"] == ["siege", "homeland", "archaeology"]


def test_archaeology_empty_discard_takes_nothing() -> None:
    """Mode 2 with an empty discard pile does nothing; Archaeology cannot take itself.
    TB Other card types (do nothing); R13."""
    s = table(hands=[["archaeology"], []])
    s = play(s, "archaeology")
    s = pick(s, "mode", 1)
    assert main_phase(s) and s["actions"] == 2
    assert hand(s, 0) == [] and s["discard"] == ["archaeology"]


# ---- Ruthless Efficiency --------------------------------------------------------------

def test_ruthless_efficiency_sacrifices_and_discards_for_actions() -> None:
    """Sacrifice X followers and discard Y cards, then +X+Y actions (cost 1); a site
    cannot give more followers than it has. CARDS §7 Ruthless Efficiency; TB Damage
    and destruction (sacrifice)."""
    s = table(a=[site("homeland", 5), site("library", 2)], hands=[["ruthless_efficiency", "siege", "temple"], []])
    s = play(s, "ruthless_efficiency")
    assert choices(s) == [["site", 1], ["site", 2], ["card", "siege"], ["card", "temple"], ["done"]]
    s = pick(s, "site", 2)
    s = pick(s, "site", 2)
    assert choices(s) == [["site", 1], ["card", "siege"], ["card", "temple"], ["done"]]
    refused(s, "site", 2)
    s = pick(s, "card", "siege")
    s = pick(s, "site", 1)
    s = pick(s, "done")
    assert main_phase(s) and s["actions"] == 2 + 4
    assert fd(at(s, 0, "homeland")) == (4, 0)
    assert fd(at(s, 0, "library")) == (0, 0)
    assert hand(s, 0) == ["temple"]
    assert s["discard"] == ["siege", "ruthless_efficiency"]


def test_ruthless_efficiency_stops_at_six() -> None:
    """X + Y is at most 6: the sixth pick ends the choice at once. CARDS §7 Ruthless
    Efficiency; CARDS §5 Oil Drilling / Ruthless Efficiency."""
    s = table(a=[site("homeland", 10)], hands=[["ruthless_efficiency", "siege", "temple"], []])
    s = play(s, "ruthless_efficiency")
    for _ in range(5):
        s = pick(s, "site", 1)
    assert s["ask"]["prompt"].endswith("(5 of 6)")
    s = pick(s, "card", "siege")
    assert main_phase(s) and s["actions"] == 2 + 6
    assert fd(at(s, 0, "homeland")) == (5, 0)
    assert hand(s, 0) == ["temple"]
    assert s["discard"] == ["siege", "ruthless_efficiency"]


def test_ruthless_efficiency_nothing_chosen() -> None:
    """Choosing nothing gives no action back; the card's cost stays paid. R13."""
    s = table(a=[site("homeland", 10)], hands=[["ruthless_efficiency"], []])
    s = play(s, "ruthless_efficiency")
    assert choices(s) == [["site", 1], ["done"]]
    s = pick(s, "done")
    assert main_phase(s) and s["actions"] == 2
    assert fd(at(s, 0, "homeland")) == (10, 0)
    assert s["discard"] == ["ruthless_efficiency"]


def test_ruthless_efficiency_sacrificing_last_follower_loses() -> None:
    """Sacrificing your last followers loses the game at once (the 2nd sacrifice
    leaves only "done"). TB Game end (total victory); TB Damage (sacrifice = kill)."""
    s = table(a=[site("homeland", 2)], hands=[["ruthless_efficiency"], []])
    s = play(s, "ruthless_efficiency")
    s = pick(s, "site", 1)
    s = pick(s, "site", 1)
    assert s["result"] is not None and s["result"]["winners"] == [1]
    assert fd(at(s, 0, "homeland")) == (0, 0)


# ---- Doomsday Laser -------------------------------------------------------------------

def test_doomsday_laser_deals_eight_damage() -> None:
    """Ability (3f+2a): 8 damage to one site; a Homeland (integrity 6) is destroyed
    with all its followers. CARDS §7 Doomsday Laser; TB Damage and destruction; R3."""
    s = table(a=[site("homeland", 5), site("doomsday_laser", 3)], b=[site("homeland", 7), site("library", 3)])
    assert abilities(s) == [["ability", 2, 1]]
    s = use(s, 2, 1)
    s = pick(s, "site", sid(s, 1, "homeland"))
    assert main_phase(s) and s["actions"] == 1 and s["result"] is None
    assert gone(s, 1, "homeland")
    assert fd(at(s, 1, "library")) == (3, 0)
    assert fd(at(s, 0, "doomsday_laser")) == (3, 0)
    assert s["discard"] == ["homeland"]


def test_doomsday_laser_needs_three_followers_and_two_actions() -> None:
    """2 followers, or 1 action left: the ability is not offered. TB Abilities (the
    Doomsday Laser example: at least 3 followers and 2 actions); R9."""
    s = table(a=[site("homeland", 5), site("doomsday_laser", 2)])
    assert abilities(s) == []
    refused(s, "ability", 2, 1)
    s = table(a=[site("homeland", 5), site("doomsday_laser", 3)], actions=1)
    assert abilities(s) == []
    refused(s, "ability", 2, 1)


def test_doomsday_laser_is_fortified() -> None:
    """Fortified: damage adds counters but kills nobody until the site is destroyed;
    then every follower on it dies. TB Damage and destruction (fortified); CARDS §7
    Doomsday Laser; R3."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 7), site("doomsday_laser", 3)],
              hands=[["siege", "siege"], []])
    s = play(s, "siege")
    s = pick(s, "site", sid(s, 1, "doomsday_laser"))
    assert fd(at(s, 1, "doomsday_laser")) == (3, 2)
    s = play(s, "siege")
    s = pick(s, "site", sid(s, 1, "doomsday_laser"))
    assert gone(s, 1, "doomsday_laser")
    assert fd(at(s, 1, "homeland")) == (7, 0)
    assert s["discard"] == ["siege", "doomsday_laser", "siege"]


# ---- Ark ------------------------------------------------------------------------------

def test_ark_enters_with_ten_followers() -> None:
    """Ark (site, 3 actions) comes into play with 10 followers from the supply. CARDS
    §7 Ark (on enter); TB Sites."""
    s = table(a=[site("homeland", 5)], hands=[["ark"], []], actions=4)
    s = play(s, "ark")
    assert main_phase(s) and s["actions"] == 1
    assert fd(at(s, 0, "ark")) == (10, 0)
    assert fd(at(s, 0, "homeland")) == (5, 0)
    assert hand(s, 0) == [] and s["discard"] == [] and s["limbo"] == []


def test_ark_needs_three_actions() -> None:
    """With 2 actions Ark cannot be played. TB Play a card (action cost); R13."""
    s = table(a=[site("homeland", 5)], hands=[["ark"], []], actions=2)
    assert ["play", "ark"] not in choices(s)
    refused(s, "play", "ark")


def test_ark_gain_capped_by_component_limits() -> None:
    """With component limits only the followers left in the box (55 - 50 in play = 5)
    reach the Ark. R7."""
    s = table(a=[site("homeland", 30)], b=[site("homeland", 20)], hands=[["ark"], []], actions=4,
              options={"component_limits": True})
    s = play(s, "ark")
    assert main_phase(s)
    assert fd(at(s, 0, "ark")) == (5, 0)


def test_ark_is_not_fortified() -> None:
    """Ark is an ordinary site: Siege kills 2 of its followers. TB Damage and
    destruction; CARDS §7 Ark (fortified false)."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 4), site("ark", 10)], hands=[["siege"], []])
    s = play(s, "siege")
    s = pick(s, "site", sid(s, 1, "ark"))
    assert fd(at(s, 1, "ark")) == (8, 2)


# ---- Force Field ----------------------------------------------------------------------

def test_force_field_prevents_damage_on_opponent_turn() -> None:
    """Force Field's infinite ability (1f) is offered to its owner in the pre-damage
    window during the opponent's turn and prevents all the damage to another own
    site. TB Infinite abilities; CARDS §7, §5 Force Field; R5, R10."""
    s = table(a=[site("homeland", 5), site("doomsday_laser", 3)], b=[site("homeland", 4), site("force_field", 1)])
    s = use(s, 2, 1)
    s = pick(s, "site", sid(s, 1, "homeland"))
    assert who(s) == 1 and choices(s) == [["use", 4, 1, 0], ["pass"]]
    s = pick(s, "use", 4, 1, 0)
    assert main_phase(s) and s["actions"] == 1
    assert fd(at(s, 1, "homeland")) == (4, 0)
    assert fd(at(s, 1, "force_field")) == (1, 0)
    assert at(s, 0, "doomsday_laser")["used"]


def test_force_field_does_not_protect_itself() -> None:
    """Damage aimed at Force Field itself opens no Force Field answer; being fortified
    it keeps its followers. CARDS §7 Force Field; TB Damage and destruction (fortified)."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 4), site("force_field", 2)], hands=[["siege"], []])
    s = play(s, "siege")
    s = pick(s, "site", sid(s, 1, "force_field"))
    assert main_phase(s)
    assert fd(at(s, 1, "force_field")) == (2, 2)
    assert fd(at(s, 1, "homeland")) == (4, 0)


def test_force_field_needs_a_follower() -> None:
    """An empty Force Field does not meet its 1-follower requirement: no window, the
    damage lands. R9; CARDS §7 Force Field."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 4), site("force_field", 0)], hands=[["siege"], []])
    s = play(s, "siege")
    s = pick(s, "site", sid(s, 1, "homeland"))
    assert main_phase(s)
    assert fd(at(s, 1, "homeland")) == (2, 2)


def test_force_field_declined_then_martyr_window() -> None:
    """The owner may decline (R10); the damage then lands and the kills open the
    after window (Martyr). Prevented damage opens none (CARDS §5 Force Field)."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 4), site("force_field", 1)],
              hands=[["siege"], ["martyr"]])
    s = play(s, "siege")
    s = pick(s, "site", sid(s, 1, "homeland"))
    prevented = pick(s, "use", sid(s, 1, "force_field"), 1, 0)
    assert main_phase(prevented) and hand(prevented, 1) == ["martyr"]
    assert fd(at(prevented, 1, "homeland")) == (4, 0)
    s = pick(s, "pass")
    assert who(s) == 1 and choices(s) == [["react", "martyr", 0], ["pass"]]
    assert fd(at(s, 1, "homeland")) == (2, 2)


def test_force_field_each_site_of_air_strike() -> None:
    """Infinite: it may answer each threatened site of one batch; here it shields the
    Homeland and lets the Library take its 1. TB Infinite abilities; R4, R5, R10."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 4), site("library", 3), site("force_field", 1)],
              hands=[["air_strike"], []])
    s = play(s, "air_strike")
    assert who(s) == 1 and choices(s) == [["use", 4, 1, 0], ["use", 4, 1, 1], ["pass"]]
    s = pick(s, "use", 4, 1, 0)
    assert choices(s) == [["use", 4, 1, 1], ["pass"]]
    s = pick(s, "pass")
    assert main_phase(s) and s["actions"] == 1
    assert fd(at(s, 1, "homeland")) == (4, 0)
    assert fd(at(s, 1, "library")) == (2, 1)
    assert fd(at(s, 1, "force_field")) == (1, 0)


def test_force_field_prevents_structural_damage() -> None:
    """Structural damage is prevented too. CARDS §5 Force Field; CARDS §7 Battering Ram."""
    s = table(a=[site("homeland", 5), site("battering_ram", 3)], b=[site("homeland", 4), site("force_field", 1)])
    s = use(s, 2, 1)
    s = pick(s, "site", sid(s, 1, "homeland"))
    assert who(s) == 1 and choices(s) == [["use", 4, 1, 0], ["pass"]]
    s = pick(s, "use", 4, 1, 0)
    assert main_phase(s)
    assert fd(at(s, 1, "homeland")) == (4, 0)


def test_force_field_on_own_turn_against_own_silo() -> None:
    """The owner is asked in their own turn too, for damage from their own site.
    TB Infinite abilities (any player's turn); R5."""
    s = table(a=[site("homeland", 5), site("missile_silo", 2), site("force_field", 1)])
    s = use(s, 2, 1)
    s = pick(s, "site", 1)
    assert who(s) == 0 and choices(s) == [["use", 3, 1, 0], ["pass"]]
    s = pick(s, "use", 3, 1, 0)
    assert main_phase(s) and s["actions"] == 1
    assert fd(at(s, 0, "homeland")) == (5, 0)


# ---- Sentient AI ----------------------------------------------------------------------

def test_sentient_ai_repeats_missile_silo_for_free() -> None:
    """Sentient AI (attachment): after the site's ability resolves its owner may use
    it once more with no action cost. CARDS §7 Sentient AI; TB Attachment cards."""
    s = table(a=[site("homeland", 5), site("missile_silo", 2)], b=[site("homeland", 7), site("library", 3)],
              hands=[["sentient_ai"], []], actions=4)
    s = play(s, "sentient_ai")
    s = pick(s, "site", 2)
    assert at(s, 0, "missile_silo")["att"] == [["sentient_ai", 0]] and s["actions"] == 3
    s = use(s, 2, 1)
    s = pick(s, "site", sid(s, 1, "library"))
    assert who(s) == 0 and choices(s) == [["yes"], ["no"]] and s["actions"] == 1
    assert fd(at(s, 1, "library")) == (1, 2)
    s = pick(s, "yes")
    s = pick(s, "site", sid(s, 1, "library"))
    assert main_phase(s) and s["actions"] == 1
    assert gone(s, 1, "library")
    assert fd(at(s, 1, "homeland")) == (7, 0)
    assert s["discard"] == ["library"]
    assert abilities(s) == []


def test_sentient_ai_repeat_may_be_declined() -> None:
    """The repeat is optional: Robotics Lab gives +1, or +2 with the repeat.
    CARDS §7 Sentient AI ("may")."""
    s = table(a=[site("homeland", 5), site("robotics_lab", 2, att=["sentient_ai"])])
    s = use(s, 2, 1)
    assert choices(s) == [["yes"], ["no"]] and s["actions"] == 4
    declined = pick(s, "no")
    assert main_phase(declined) and declined["actions"] == 4
    s = pick(s, "yes")
    assert main_phase(s) and s["actions"] == 5
    assert abilities(s) == []


def test_sentient_ai_requirement_must_still_be_met() -> None:
    """A Silo that shot itself down to 0 followers no longer meets its requirement:
    no repeat is offered. CARDS §7 Sentient AI; R9."""
    s = table(a=[site("homeland", 5), site("missile_silo", 2, att=["sentient_ai"])], b=[site("homeland", 7)])
    s = use(s, 2, 1)
    s = pick(s, "site", 2)
    assert main_phase(s) and s["actions"] == 1
    assert fd(at(s, 0, "missile_silo")) == (0, 2)


def test_sentient_ai_repeat_needs_no_actions() -> None:
    """With no action left the free repeat is still offered; then only "end" is left
    and the turn passes. CARDS §7 Sentient AI (no action cost); TB Turn structure."""
    s = table(a=[site("homeland", 5), site("missile_silo", 2, att=["sentient_ai"])], b=[site("homeland", 7)],
              actions=2)
    s = use(s, 2, 1)
    s = pick(s, "site", 3)
    assert who(s) == 0 and s["actions"] == 0 and choices(s) == [["yes"], ["no"]]
    s = pick(s, "yes")
    s = pick(s, "site", 3)
    assert fd(at(s, 1, "homeland")) == (3, 4)
    assert s["active"] == 1 and who(s) == 1 and s["turn"] == 6 and s["actions"] == 3


# ---- Mind Control ---------------------------------------------------------------------

def test_mind_control_steals_every_follower() -> None:
    """Mind Control: take every follower of one opponent's site and spread them over
    your sites (a steal). CARDS §7 Mind Control; TB Damage and destruction (steal)."""
    s = table(a=[site("homeland", 5), site("library", 1)],
              b=[site("homeland", 7), site("fort", 3), site("library", 0)], hands=[["mind_control"], []])
    s = play(s, "mind_control")
    assert choices(s) == [["site", 3], ["site", 4]]  # occupied opponent sites only
    s = pick(s, "site", sid(s, 1, "fort"))
    assert choices(s) == [["site", 1], ["site", 2]]
    s = pick(s, "site", 1)
    s = pick(s, "site", 2)  # the remaining 2 go to the Library
    assert main_phase(s) and s["actions"] == 1
    assert fd(at(s, 0, "homeland")) == (6, 0)
    assert fd(at(s, 0, "library")) == (3, 0)
    assert fd(at(s, 1, "fort")) == (0, 0)
    assert fd(at(s, 1, "homeland")) == (7, 0)
    assert s["discard"] == ["mind_control"]


def test_mind_control_is_not_a_relocate() -> None:
    """A steal is not a relocate: the opponent's Sniper Nest gets no window. R8;
    TB Damage and destruction (steal)."""
    s = table(a=[site("homeland", 5), site("library", 1)], b=[site("homeland", 7), site("sniper_nest", 3)],
              hands=[["mind_control"], []])
    s = play(s, "mind_control")
    s = pick(s, "site", sid(s, 1, "homeland"))
    s = pick(s, "site", 2)  # all 7 onto the Library
    assert main_phase(s) and who(s) == 0
    assert fd(at(s, 0, "library")) == (8, 0)
    assert fd(at(s, 1, "homeland")) == (0, 0)
    assert fd(at(s, 1, "sniper_nest")) == (3, 0)


def test_mind_control_taking_all_followers_wins() -> None:
    """Stealing the opponent's only occupied site's followers is a total victory.
    TB Game end."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 7)], hands=[["mind_control"], []])
    s = play(s, "mind_control")
    assert s["result"] is not None and s["result"]["winners"] == [0]
    assert fd(at(s, 0, "homeland")) == (12, 0)
    assert fd(at(s, 1, "homeland")) == (0, 0)


def test_mind_control_nowhere_to_put_them() -> None:
    """If none of your sites may receive followers (Threat), nothing is stolen.
    TB Other card types (do nothing if impossible); CARDS §7 Threat."""
    s = table(a=[site("homeland", 5, att=["threat"])], b=[site("homeland", 7), site("library", 2)],
              hands=[["mind_control"], []])
    s = play(s, "mind_control")
    s = pick(s, "site", sid(s, 1, "library"))
    assert main_phase(s) and s["actions"] == 1
    assert fd(at(s, 0, "homeland")) == (5, 0)
    assert fd(at(s, 1, "library")) == (2, 0)
    assert s["discard"] == ["mind_control"]
