"""Exact-state tests of the Expansion Set's level III and IV cards.

Covers Arms Factory, Bank, Power Plant, Oil Drilling, Dilemma, Trade Agreement,
Sanctions, Surgical Strike (level III) and Replicator, Alien Weapon,
Assimilation, Brain Emulation, Nanobots (level IV): for each card its main effect
(followers and counters on every site, hands, discard pile, actions left, who
decides next) and edge cases (nothing to target, requirements not met, reaction
windows opened or answered, destruction in the middle of an effect, illegal
choices refused with the state unchanged).

Citations: "TB <heading>" = the rulebook (shared/seeds/time_barons_rulebook.txt);
"R<n>" and "CARDS §5 <card>" = shared/games/time_barons/CARDS.md (the card's
exact effect is its JSON entry in section 7).
"""

from __future__ import annotations

from typing import Any

from py_engine.time_barons import GAME
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


def board(s: dict[str, Any]) -> list[tuple[int, str, int, int]]:
    """Every site in play as (owner, card, followers, damage counters)."""
    return [(x["owner"], x["card"], x["f"], x["dmg"]) for x in s["sites"]]


# ---- Arms Factory ------------------------------------------------------------------------

def test_arms_factory_ability1_adds_one_per_level_of_lead() -> None:
    """CARDS §7 Arms Factory 1 (3f, 0 actions): 1 damage + 1 per level the user is
    above the site's owner; TB Damage and destruction (kills, then destroyed)."""
    s = table(a=[site("homeland", 5), site("arms_factory", 3)], b=[site("homeland", 4), site("library", 3)],
              levels=(3, 1))
    s = use(s, sid(s, 0, "arms_factory"), 1)
    assert choices(s) == [["site", 1], ["site", 2], ["site", 3], ["site", 4]]
    assert s["ask"]["labels"] == ["Homeland (Ann): 1 damage", "Arms Factory (Ann): 1 damage",
                                  "Homeland (Bob): 3 damage", "Library (Bob): 3 damage"]
    s = pick(s, "site", sid(s, 1, "library"))
    assert gone(s, 1, "library") and s["discard"] == ["library"]
    assert board(s) == [(0, "homeland", 5, 0), (0, "arms_factory", 3, 0), (1, "homeland", 4, 0)]
    assert s["actions"] == 3 and main_phase(s)
    assert ["ability", 2, 1] not in choices(s) and ["ability", 2, 2] not in choices(s)


def test_arms_factory_ability1_no_bonus_against_higher_level() -> None:
    """CARDS §7 Arms Factory 1: no bonus when the user is not above the owner's level."""
    s = table(a=[site("homeland", 5), site("arms_factory", 3)], b=[site("homeland", 4)], levels=(2, 3))
    s = use(s, 2, 1)
    s = pick(s, "site", sid(s, 1, "homeland"))
    assert board(s) == [(0, "homeland", 5, 0), (0, "arms_factory", 3, 0), (1, "homeland", 3, 1)]
    assert s["actions"] == 3 and main_phase(s)


def test_arms_factory_ability2_one_damage_to_up_to_level_sites() -> None:
    """CARDS §7 Arms Factory 2 (3f+2a): 1 damage to each of up to L different sites
    (L = level 2 here): after 2 sites it resolves at once."""
    s = table(a=[site("homeland", 5), site("arms_factory", 3)], b=[site("homeland", 4), site("library", 3)],
              levels=(2, 1))
    s = use(s, 2, 2)
    assert s["actions"] == 1
    s = pick(s, "site", 1)
    assert choices(s) == [["site", 2], ["site", 3], ["site", 4], ["done"]]
    s = pick(s, "site", 4)
    assert board(s) == [(0, "homeland", 4, 1), (0, "arms_factory", 3, 0), (1, "homeland", 4, 0),
                        (1, "library", 2, 1)]
    assert s["actions"] == 1 and main_phase(s)


def test_arms_factory_ability2_fewer_sites_than_level() -> None:
    """CARDS §7 Arms Factory 2: "up to L" sites, so one site then done is allowed."""
    s = table(a=[site("homeland", 5), site("arms_factory", 3)], b=[site("homeland", 4)], levels=(3, 1))
    s = use(s, 2, 2)
    s = pick(s, "site", 1)
    s = pick(s, "done")
    assert board(s) == [(0, "homeland", 4, 1), (0, "arms_factory", 3, 0), (1, "homeland", 4, 0)]
    assert s["actions"] == 1 and main_phase(s)


def test_arms_factory_needs_three_followers() -> None:
    """TB Abilities / R9: the follower requirement (3) must be met to activate."""
    s = table(a=[site("homeland", 5), site("arms_factory", 2)], b=[site("homeland", 4)], levels=(3, 1))
    assert not any(c[0] == "ability" for c in choices(s))
    refused(s, "ability", 2, 1)
    refused(s, "ability", 2, 2)


# ---- Bank ----------------------------------------------------------------------------------

def test_bank_tuck_lets_another_site_activate_again() -> None:
    """CARDS §7 Bank 1 and §5 Bank: tuck a card, then another own site's once-per-turn
    use is restored (TB Tuck a card; R9)."""
    s = table(a=[site("homeland", 5), site("bank"), site("catapult", 3)], b=[site("homeland", 4)],
              hands=[["siege", "temple"], []], levels=(3, 1))
    s = use(s, 3, 1)
    s = pick(s, "site", 4)
    assert ["ability", 3, 1] not in choices(s)
    s = use(s, 2, 1)
    assert choices(s) == [["site", 1], ["site", 3]]  # Bank cannot pick itself
    s = pick(s, "site", 3)
    assert choices(s) == [["card", "siege"], ["card", "temple"]]
    s = pick(s, "card", "temple")
    assert at(s, 0, "bank")["tuck"] == [["temple", 0, False]] and hand(s, 0) == ["siege"]
    assert ["ability", 3, 1] in choices(s) and ["ability", 2, 1] not in choices(s)
    s = use(s, 3, 1)
    s = pick(s, "site", 4)
    assert board(s) == [(0, "homeland", 5, 0), (0, "bank", 0, 0), (0, "catapult", 3, 0), (1, "homeland", 2, 2)]
    assert s["actions"] == 1 and s["discard"] == [] and main_phase(s)


def test_bank_ability2_one_action_per_tucked_card() -> None:
    """CARDS §7 Bank 2 (3f): gain 1 action per card tucked under Bank."""
    s = table(a=[site("homeland", 5), site("bank", 3, tuck=["siege", "temple"])], b=[site("homeland", 4)],
              actions=1)
    s = use(s, 2, 2)
    assert s["actions"] == 3 and main_phase(s)
    assert at(s, 0, "bank")["tuck"] == [["siege", 0, False], ["temple", 0, False]]
    assert ["upgrade"] in choices(s) and ["ability", 2, 1] not in choices(s)


def test_bank_tucked_card_hidden_from_the_opponent() -> None:
    """TB Tuck a card, R11: the tucked card is face down: the opponent's view shows
    only its level, the tucker's view shows the card."""
    s = table(a=[site("homeland", 5), site("bank")], b=[site("homeland", 4)], hands=[["siege"], []])
    s = use(s, 2, 1)  # one other site, one hand card: nothing to ask
    assert at(s, 0, "bank")["tuck"] == [["siege", 0, False]] and hand(s, 0) == []
    assert GAME.board_view(s, 1)["sites"][1]["tuck"] == [{"card": None, "level": 1}]
    assert GAME.board_view(s, 0)["sites"][1]["tuck"] == [{"card": "siege", "level": 1}]


def test_bank_abilities_need_a_hand_card_or_a_tucked_card() -> None:
    """CARDS §7 Bank: ability 1 is not activatable with an empty hand (R9), ability 2
    with nothing tucked gives nothing and is not offered."""
    s = table(a=[site("homeland", 5), site("bank", 3)], b=[site("homeland", 4)], hands=[[], []])
    assert not any(c[0] == "ability" for c in choices(s))
    refused(s, "ability", 2, 1)
    refused(s, "ability", 2, 2)


# ---- Power Plant ---------------------------------------------------------------------------

def test_power_plant_replays_discarded_event_then_tucks_it() -> None:
    """CARDS §7 Power Plant (2f+2a): play a discarded event for free; once resolved it
    is tucked under Power Plant instead of discarded."""
    s = table(a=[site("homeland", 5), site("power_plant", 2)], b=[site("homeland", 4), site("library", 3)],
              discard=["siege", "plague", "conversion"], levels=(3, 1))
    s = use(s, 2, 1)
    assert s["actions"] == 1
    assert choices(s) == [["card", "conversion"], ["card", "siege"]]  # events only
    s = pick(s, "card", "siege")
    assert s["limbo"] == ["siege"]
    s = pick(s, "site", sid(s, 1, "library"))
    assert board(s) == [(0, "homeland", 5, 0), (0, "power_plant", 2, 0), (1, "homeland", 4, 0),
                        (1, "library", 1, 2)]
    assert at(s, 0, "power_plant")["tuck"] == [["siege", 0, True]]
    assert s["discard"] == ["plague", "conversion"] and s["limbo"] == []
    assert s["actions"] == 1 and main_phase(s) and ["ability", 2, 1] not in choices(s)


def test_power_plant_replay_cancelled_by_trade_agreement() -> None:
    """CARDS §5 Power Plant: the replay is "played", so Trade Agreement may cancel it;
    the cancelled event goes to the discard pile, not under Power Plant; the player
    draws 1 at or below the Trade Agreement player's level (II)."""
    s = table(a=[site("homeland", 5), site("power_plant", 2)], b=[site("homeland", 4)],
              hands=[[], ["trade_agreement"]], discard=["siege"], levels=(3, 2))
    s = use(s, 2, 1)
    assert who(s) == 1 and choices(s) == [["react", "trade_agreement", 0], ["pass"]]
    s = pick(s, "react", "trade_agreement", 0)
    assert who(s) == 0 and choices(s) == [["stack", 1], ["stack", 2]]
    s = pick(s, "stack", 2)
    assert at(s, 0, "power_plant")["tuck"] == []
    assert sorted(s["discard"]) == ["siege", "trade_agreement"]
    assert hand(s, 0) == ["martyr"] and hand(s, 1) == []
    assert board(s) == [(0, "homeland", 5, 0), (0, "power_plant", 2, 0), (1, "homeland", 4, 0)]
    assert s["actions"] == 1 and main_phase(s)


def test_power_plant_destroyed_owner_damages_two_other_sites() -> None:
    """CARDS §7 Power Plant on_destroyed: its owner (here the non-active Bob) picks 2
    other own sites; each takes structural damage = cards tucked (3); R2, R3."""
    s = table(a=[site("homeland", 5)],
              b=[site("homeland", 4), site("power_plant", 0, dmg=1, tuck=["siege", "shelling", "conversion"]),
                 site("library", 3), site("temple", 2)],
              hands=[["siege"], []])
    s = play(s, "siege")
    s = pick(s, "site", sid(s, 1, "power_plant"))
    assert who(s) == 1 and choices(s) == [["site", 2], ["site", 4]]
    refused(s, "site", 2, seat=0)
    s = pick(s, "site", 4)  # Library, then Temple is the only second site left
    assert board(s) == [(0, "homeland", 5, 0), (1, "homeland", 4, 0)]
    assert s["discard"] == ["siege", "shelling", "conversion", "power_plant", "library", "temple", "siege"]
    assert s["actions"] == 2 and main_phase(s)


def test_power_plant_destroyed_by_its_own_replayed_event() -> None:
    """CARDS §7 Power Plant: replayed Siege destroys Power Plant mid-effect: the Siege
    goes to the discard pile (nothing to tuck under), and the 1 tucked card makes
    both other own sites take 1 structural (all of them: fewer than 2 others)."""
    s = table(a=[site("homeland", 5), site("power_plant", 2, dmg=1, tuck=["shelling"]), site("library", 3)],
              b=[site("homeland", 4)], discard=["siege"], levels=(3, 1))
    s = use(s, 2, 1)
    s = pick(s, "site", 2)
    assert gone(s, 0, "power_plant")
    assert board(s) == [(0, "homeland", 5, 1), (0, "library", 3, 1), (1, "homeland", 4, 0)]
    assert s["discard"] == ["shelling", "power_plant", "siege"] and s["limbo"] == []
    assert s["actions"] == 1 and main_phase(s)


def test_power_plant_explosion_is_site_text_not_blocked_by_sabotage() -> None:
    """CARDS §7 Power Plant: the on-destruction damage is site text, not an ability,
    so Sabotage does not stop it."""
    s = table(a=[site("homeland", 5)],
              b=[site("homeland", 4), site("power_plant", 1, dmg=2, att=["sabotage"], tuck=["siege"]),
                 site("library", 2)],
              hands=[["siege"], []])
    s = play(s, "siege")
    s = pick(s, "site", 3)
    assert board(s) == [(0, "homeland", 5, 0), (1, "homeland", 4, 1), (1, "library", 2, 1)]
    assert s["discard"] == ["sabotage", "siege", "power_plant", "siege"]
    assert main_phase(s)


# ---- Oil Drilling ---------------------------------------------------------------------------

def test_oil_drilling_half_starting_site_damage_plus_other_damage() -> None:
    """CARDS §7 Oil Drilling: structural damage to own sites; actions = floor(S/2) + N
    (3 to Homeland -> 1; 3 to others -> 3), no followers killed (TB structural)."""
    s = table(a=[site("homeland", 5), site("library", 3), site("temple", 2, dmg=1)], b=[site("homeland", 4)],
              hands=[["oil_drilling"], []], levels=(3, 1))
    s = play(s, "oil_drilling")
    assert s["actions"] == 2 and choices(s) == [["site", 1], ["site", 2], ["site", 3], ["done"]]
    for x in (1, 1, 1, 2, 2, 3):
        s = pick(s, "site", x)
    s = pick(s, "done")
    assert board(s) == [(0, "homeland", 5, 3), (0, "library", 3, 2), (0, "temple", 2, 2), (1, "homeland", 4, 0)]
    assert s["actions"] == 6 and s["discard"] == ["oil_drilling"] and main_phase(s)


def test_oil_drilling_capped_at_six_actions() -> None:
    """CARDS §5 Oil Drilling: totals are capped so the 6-action limit is never
    exceeded; at +6 only a starting-site point that rounds down is still offered."""
    s = table(a=[site("homeland", 5), site("library", 3), site("temple", 2), site("church", 1)],
              b=[site("homeland", 4)], hands=[["oil_drilling"], []], actions=1)
    s = play(s, "oil_drilling")
    for x in (2, 2, 3, 3, 4, 4):
        s = pick(s, "site", x)
    assert choices(s) == [["site", 1], ["done"]]
    refused(s, "site", 2)
    s = pick(s, "done")
    assert board(s) == [(0, "homeland", 5, 0), (0, "library", 3, 2), (0, "temple", 2, 2), (0, "church", 1, 2),
                        (1, "homeland", 4, 0)]
    assert s["actions"] == 6 and main_phase(s)


def test_oil_drilling_may_destroy_own_site_and_odd_start_damage_rounds_down() -> None:
    """CARDS §7 Oil Drilling: a site may take up to integrity minus counters (so it
    can be destroyed, R3: its followers die); 1 to the starting site gives 0."""
    s = table(a=[site("homeland", 5), site("library", 3, dmg=2)], b=[site("homeland", 4)],
              hands=[["oil_drilling"], []], actions=1)
    s = play(s, "oil_drilling")
    s = pick(s, "site", 2)
    assert choices(s) == [["site", 1], ["done"]]  # Library is full (2 + 1 = 3)
    s = pick(s, "site", 1)
    s = pick(s, "done")
    assert board(s) == [(0, "homeland", 5, 1), (1, "homeland", 4, 0)]
    assert s["discard"] == ["library", "oil_drilling"]
    assert s["actions"] == 1 and main_phase(s)


def test_oil_drilling_prevented_damage_gives_no_actions() -> None:
    """CARDS §7 Oil Drilling: actions count the damage *dealt*; CARDS §5 Force Field:
    prevented damage is not damage done, so shielding the Library gives +0."""
    s = table(a=[site("homeland", 5), site("library", 3), site("force_field", 1)], b=[site("homeland", 4)],
              hands=[["oil_drilling"], []], actions=1)
    s = play(s, "oil_drilling")
    s = pick(s, "site", 2)
    s = pick(s, "site", 2)
    s = pick(s, "done")
    assert who(s) == 0 and choices(s) == [["use", 3, 1, 0], ["pass"]]
    s = pick(s, "use", 3, 1, 0)
    assert board(s) == [(0, "homeland", 5, 0), (0, "library", 3, 0), (0, "force_field", 1, 0), (1, "homeland", 4, 0)]
    assert s["actions"] == 0


# ---- Dilemma --------------------------------------------------------------------------------

def test_dilemma_opponent_spares_one_named_site_other_takes_five() -> None:
    """CARDS §7 Dilemma (2 actions): name 2 sites of the opponent; the opponent (their
    decision, R2) spares one; the other takes 5 damage."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 4), site("library", 3), site("temple", 2)],
              hands=[["dilemma"], []], levels=(3, 1))
    s = play(s, "dilemma")
    assert who(s) == 0 and choices(s) == [["site", 2], ["site", 3]]
    s = pick(s, "site", 3)  # Library; Temple is then the only second name left
    assert who(s) == 1 and choices(s) == [["site", 3], ["site", 4]]
    refused(s, "site", 3, seat=0)
    refused(s, "site", 2)
    s = pick(s, "site", 4)  # Bob spares Temple
    assert board(s) == [(0, "homeland", 5, 0), (1, "homeland", 4, 0), (1, "temple", 2, 0)]
    assert s["discard"] == ["library", "dilemma"] and s["actions"] == 1 and main_phase(s)


def test_dilemma_against_a_single_site_does_nothing() -> None:
    """CARDS §7 Dilemma: against an opponent with one site nothing happens; the cost
    is still paid and the card discarded (R13)."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 4)], hands=[["dilemma"], []], levels=(3, 1))
    s = play(s, "dilemma")
    assert board(s) == [(0, "homeland", 5, 0), (1, "homeland", 4, 0)]
    assert s["discard"] == ["dilemma"] and s["actions"] == 1 and main_phase(s)


def test_dilemma_two_sites_named_automatically_opponent_asked() -> None:
    """CARDS §7 Dilemma: with exactly 2 opposing sites both are named; the opponent
    chooses, and sparing the Library sends 5 damage to the Homeland."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 6), site("library", 2)], hands=[["dilemma"], []])
    s = play(s, "dilemma")
    assert who(s) == 1 and choices(s) == [["site", 2], ["site", 3]]
    s = pick(s, "site", 3)
    assert board(s) == [(0, "homeland", 5, 0), (1, "homeland", 1, 5), (1, "library", 2, 0)]
    assert main_phase(s)


# ---- Trade Agreement ------------------------------------------------------------------------

def test_trade_agreement_cancels_card_after_cost_paid() -> None:
    """CARDS §7 Trade Agreement, R5: the non-active opponent is asked after the cost
    is paid; the card is discarded with no effect, cost stays paid, and its player
    draws 1 at or below the Trade Agreement player's level (I: drawn at once)."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 4), site("library", 3)],
              hands=[["siege"], ["trade_agreement"]], levels=(3, 1))
    s = play(s, "siege")
    assert who(s) == 1 and choices(s) == [["react", "trade_agreement", 0], ["pass"]]
    assert s["actions"] == 2 and s["limbo"] == ["siege"]
    s = pick(s, "react", "trade_agreement", 0)
    assert board(s) == [(0, "homeland", 5, 0), (1, "homeland", 4, 0), (1, "library", 3, 0)]
    assert s["discard"] == ["trade_agreement", "siege"] and s["limbo"] == []
    assert hand(s, 0) == ["siege"] and hand(s, 1) == [] and s["stacks"][0] == ["temple", "church"]
    assert s["actions"] == 2 and main_phase(s)


def test_trade_agreement_pass_lets_the_card_resolve() -> None:
    """R5: declining the Trade Agreement window lets the card resolve; the reaction
    stays in hand."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 4), site("library", 3)],
              hands=[["siege"], ["trade_agreement"]], levels=(3, 3))
    s = play(s, "siege")
    s = pick(s, "pass")
    assert who(s) == 0 and choices(s) == [["site", 1], ["site", 2], ["site", 3]]
    s = pick(s, "site", 3)
    assert board(s) == [(0, "homeland", 5, 0), (1, "homeland", 4, 0), (1, "library", 1, 2)]
    assert hand(s, 1) == ["trade_agreement"] and s["discard"] == ["siege"] and main_phase(s)


def test_trade_agreement_cancels_a_reaction_in_own_turn() -> None:
    """CARDS §5 Trade Agreement: it may answer a reaction; the active player cancels
    Bob's Misinformation, the Siege hits the Library, Bob draws at or below Ann's
    level II."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 4), site("library", 3)],
              hands=[["siege", "trade_agreement"], ["misinformation"]], levels=(2, 3),
              stacks=[["temple"], ["conversion", "library"], ["bioweapon"], ["ark"]])
    assert ["play", "trade_agreement"] not in choices(s)  # a reaction is never a main-phase play
    s = play(s, "siege")  # no window: Bob holds no Trade Agreement
    s = pick(s, "site", 3)
    assert who(s) == 1 and choices(s) == [["react", "misinformation", 0], ["pass"]]
    s = pick(s, "react", "misinformation", 0)
    assert who(s) == 0 and choices(s) == [["react", "trade_agreement", 0], ["pass"]]
    s = pick(s, "react", "trade_agreement", 0)
    assert who(s) == 1 and choices(s) == [["stack", 1], ["stack", 2]]
    s = pick(s, "stack", 2)
    assert board(s) == [(0, "homeland", 5, 0), (1, "homeland", 4, 0), (1, "library", 1, 2)]
    assert hand(s, 1) == ["library"] and hand(s, 0) == []
    assert sorted(s["discard"]) == ["misinformation", "siege", "trade_agreement"] and main_phase(s)


def test_trade_agreement_cancels_a_site_card() -> None:
    """CARDS §7 Trade Agreement: a cancelled site never enters play; its 2 actions stay
    paid; the draw may come from stack I or II (Bob is level II)."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 4)], hands=[["arms_factory"], ["trade_agreement"]],
              levels=(3, 2))
    s = play(s, "arms_factory")
    s = pick(s, "react", "trade_agreement", 0)
    assert who(s) == 0 and choices(s) == [["stack", 1], ["stack", 2]]
    s = pick(s, "stack", 1)
    assert gone(s, 0, "arms_factory") and board(s) == [(0, "homeland", 5, 0), (1, "homeland", 4, 0)]
    assert s["discard"] == ["trade_agreement", "arms_factory"] and hand(s, 0) == ["siege"]
    assert s["actions"] == 1 and main_phase(s)


# ---- Sanctions -------------------------------------------------------------------------------

def test_sanctions_structural_damage_at_owner_turn_start() -> None:
    """CARDS §7 Sanctions (attachment, any site): 1 structural damage at the start of
    each of the site owner's turns; followers are not killed (TB structural)."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 4), site("library", 3)], hands=[["sanctions"], []])
    s = play(s, "sanctions")
    s = pick(s, "site", 3)
    assert at(s, 1, "library")["att"] == [["sanctions", 0]] and at(s, 1, "library")["dmg"] == 0
    assert s["actions"] == 2
    s = pick(s, "end")
    assert s["active"] == 1 and s["actions"] == 3 and main_phase(s)
    assert board(s) == [(0, "homeland", 5, 0), (1, "homeland", 4, 0), (1, "library", 3, 1)]


def test_sanctions_followers_cannot_be_relocated_off() -> None:
    """CARDS §7 Sanctions: followers on the site cannot be relocated off it; with no
    other follower to move, the relocate action is not even offered."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 4), site("library", 3, att=["sanctions"])], active=1)
    s = pick(s, "relocate")
    assert choices(s) == [["take", 2], ["done"]]
    refused(s, "take", 3)
    s = table(a=[site("homeland", 5)], b=[site("homeland", 0), site("library", 3, att=["sanctions"])], active=1)
    assert ["relocate"] not in choices(s)
    refused(s, "relocate")


def test_sanctions_stops_threat_forced_move() -> None:
    """CARDS §5 Threat / Sanctions together: Sanctions stops the forced move; the
    followers stay on the site."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 4), site("library", 3, att=["sanctions"])],
              hands=[["threat"], []])
    s = play(s, "threat")
    s = pick(s, "site", 3)
    assert who(s) == 0 and main_phase(s)
    assert board(s) == [(0, "homeland", 5, 0), (1, "homeland", 4, 0), (1, "library", 3, 0)]
    assert at(s, 1, "library")["att"] == [["sanctions", 1], ["threat", 0]]


def test_sanctions_turn_start_damage_destroys_site() -> None:
    """CARDS §7 Sanctions, R3: the turn-start counter reaching integrity destroys the
    site; its followers die and it and Sanctions are discarded."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 4), site("library", 3, dmg=2, att=["sanctions"])])
    s = pick(s, "end")
    assert s["active"] == 1 and main_phase(s)
    assert board(s) == [(0, "homeland", 5, 0), (1, "homeland", 4, 0)]
    assert s["discard"] == ["sanctions", "library"]


def test_sanctions_owner_orders_start_of_turn_effects() -> None:
    """R14: with Sanctions and Conscription on one site the owner picks the order."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 4), site("library", 3, att=["sanctions", "conscription"])])
    s = pick(s, "end")
    assert who(s) == 1 and choices(s) == [["trigger", 0], ["trigger", 1]]
    s = pick(s, "trigger", 0)
    assert board(s) == [(0, "homeland", 5, 0), (1, "homeland", 4, 0), (1, "library", 4, 1)] and main_phase(s)


# ---- Surgical Strike --------------------------------------------------------------------------

def test_surgical_strike_kills_three_over_two_sites_fortified_included() -> None:
    """CARDS §7 Surgical Strike: kill up to 3 over at most 2 sites (any owners); kills
    are not damage, so a fortified Fort loses followers too (TB Damage)."""
    s = table(a=[site("homeland", 5), site("temple", 2)],
              b=[site("homeland", 4), site("library", 3), site("fort", 2)], hands=[["surgical_strike"], []])
    s = play(s, "surgical_strike")
    assert choices(s) == [["site", 1], ["site", 2], ["site", 3], ["site", 4], ["site", 5]]
    s = pick(s, "site", 4)
    s = pick(s, "site", 5)
    assert choices(s) == [["site", 5], ["done"]]
    s = pick(s, "site", 5)
    assert board(s) == [(0, "homeland", 5, 0), (0, "temple", 2, 0), (1, "homeland", 4, 0), (1, "library", 2, 0),
                        (1, "fort", 0, 0)]
    assert s["discard"] == ["surgical_strike"] and s["actions"] == 2 and main_phase(s)


def test_surgical_strike_third_site_refused_and_martyr_answers() -> None:
    """CARDS §7 Surgical Strike: a third site is refused; the victim's Martyr window
    opens after the kills (R5) and draws one per death."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 4), site("library", 3), site("fort", 2)],
              hands=[["surgical_strike"], ["martyr"]], levels=(1, 1),
              stacks=[["temple", "church", "siege"], ["conversion"], ["bioweapon"], ["ark"]])
    s = play(s, "surgical_strike")
    s = pick(s, "site", 2)
    s = pick(s, "site", 3)
    assert choices(s) == [["site", 3], ["done"]]
    refused(s, "site", 4)
    s = pick(s, "site", 3)
    assert who(s) == 1 and choices(s) == [["react", "martyr", 0], ["pass"]]
    s = pick(s, "react", "martyr", 0)
    assert board(s) == [(0, "homeland", 5, 0), (1, "homeland", 3, 0), (1, "library", 1, 0), (1, "fort", 2, 0)]
    assert hand(s, 1) == ["church", "siege", "temple"] and s["stacks"][0] == []
    assert sorted(s["discard"]) == ["martyr", "surgical_strike"] and main_phase(s)


# ---- Replicator --------------------------------------------------------------------------------

def test_replicator_rebuilds_fort_fresh_with_its_followers() -> None:
    """CARDS §7 Replicator (1a) and §5: a discarded site enters fresh as the user's,
    on-enter text applies (Fort: 3 followers); then 1 structural to Replicator
    (its follower survives: structural damage kills nobody)."""
    s = table(a=[site("homeland", 5), site("replicator", 1)], b=[site("homeland", 4)],
              discard=["fort", "siege", "library"], levels=(4, 1))
    s = use(s, 2, 1)
    assert choices(s) == [["card", "fort"], ["card", "library"]]
    s = pick(s, "card", "fort")
    assert board(s) == [(0, "homeland", 5, 0), (0, "replicator", 1, 1), (1, "homeland", 4, 0), (0, "fort", 3, 0)]
    fort = at(s, 0, "fort")
    assert fort["att"] == [] and fort["tuck"] == []
    assert s["discard"] == ["siege", "library"] and s["limbo"] == []
    assert s["actions"] == 2 and main_phase(s) and ["ability", 2, 1] not in choices(s)


def test_replicator_not_offered_without_a_discarded_site() -> None:
    """CARDS §7 Replicator: nothing to rebuild, so the ability is not offered (R9)."""
    s = table(a=[site("homeland", 5), site("replicator")], b=[site("homeland", 4)], discard=["siege"], levels=(4, 1))
    assert ["ability", 2, 1] not in choices(s)
    refused(s, "ability", 2, 1)


def test_replicator_destroyed_by_its_own_structural_damage() -> None:
    """CARDS §7 Replicator, R3, R5: the owner gets a pre-damage window for the
    structural damage; at 3 counters Replicator is destroyed with its follower."""
    s = table(a=[site("homeland", 5), site("replicator", 1, dmg=2)], b=[site("homeland", 4)],
              discard=["library"], hands=[["misinformation"], []], levels=(4, 1))
    s = use(s, 2, 1)
    assert who(s) == 0 and choices(s) == [["react", "misinformation", 0], ["pass"]]
    s = pick(s, "pass")
    assert gone(s, 0, "replicator")
    assert board(s) == [(0, "homeland", 5, 0), (1, "homeland", 4, 0), (0, "library", 0, 0)]
    assert s["discard"] == ["replicator"] and s["actions"] == 2 and main_phase(s)


# ---- Alien Weapon ----------------------------------------------------------------------------

def test_alien_weapon_tucks_then_mills_from_a_stack() -> None:
    """CARDS §7 Alien Weapon 1 (0f, 0a): tuck a hand card, then discard 0-4 cards from
    the top of one chosen stack."""
    s = table(a=[site("homeland", 5), site("alien_weapon")], b=[site("homeland", 4)],
              hands=[["siege", "temple"], []], levels=(4, 1))
    s = use(s, 2, 1)
    assert choices(s) == [["card", "siege"], ["card", "temple"]]
    s = pick(s, "card", "temple")
    assert choices(s) == [["stack", 1], ["stack", 2], ["stack", 3], ["stack", 4]]
    s = pick(s, "stack", 2)
    assert choices(s) == [["num", 0], ["num", 1], ["num", 2], ["num", 3]]
    s = pick(s, "num", 2)
    assert s["stacks"][1] == ["conversion"] and s["discard"] == ["martyr", "library"]
    assert at(s, 0, "alien_weapon")["tuck"] == [["temple", 0, False]] and hand(s, 0) == ["siege"]
    assert s["actions"] == 3 and main_phase(s) and ["ability", 2, 1] not in choices(s)


def test_alien_weapon_mill_empties_stack_and_fires_bad_omen() -> None:
    """R15: a stack emptied by Alien Weapon fires Bad Omen (3 damage on its site)."""
    s = table(a=[site("homeland", 5), site("alien_weapon")], b=[site("homeland", 4), site("library", 2,
                                                                                          att=["bad_omen"])],
              hands=[["siege"], []], levels=(4, 1),
              stacks=[["temple", "church", "siege"], ["conversion", "martyr"], ["robotics_lab"], ["ark"]])
    s = use(s, 2, 1)  # the only hand card is tucked at once
    s = pick(s, "stack", 2)
    s = pick(s, "num", 2)
    assert s["stacks"][1] == [] and s["ran_out"] == [False, True, False, False]
    assert board(s) == [(0, "homeland", 5, 0), (0, "alien_weapon", 0, 0), (1, "homeland", 4, 0)]
    assert s["discard"] == ["martyr", "conversion", "bad_omen", "library"]
    assert ["draw", 2] not in choices(s) and main_phase(s)


def test_alien_weapon_milling_third_stack_ends_game_at_turn_end() -> None:
    """TB Game end, R15: the third stack run out by Alien Weapon ends the game at the
    end of that turn: majority victory (5 followers to 4)."""
    s = table(a=[site("homeland", 5), site("alien_weapon")], b=[site("homeland", 4)], hands=[["siege"], []],
              levels=(4, 1), stacks=[[], [], ["robotics_lab", "bioweapon"], ["ark"]])
    s = use(s, 2, 1)
    s = pick(s, "stack", 3)
    s = pick(s, "num", 2)
    assert s["result"] is None and main_phase(s)
    s = pick(s, "end")
    assert s["result"]["winners"] == [0] and "majority" in s["result"]["reason"]


def test_alien_weapon_two_damage_per_tucked_card_over_two_sites() -> None:
    """CARDS §7 Alien Weapon 2 (2f): 2 damage per tucked card (2 -> 4) over at most 2
    sites; the fortified Fort keeps its followers (TB fortified)."""
    s = table(a=[site("homeland", 5), site("alien_weapon", 2, tuck=["siege", "temple"])],
              b=[site("homeland", 4), site("library", 3), site("fort", 2)], levels=(4, 1))
    s = use(s, 2, 2)
    s = pick(s, "site", 3)
    s = pick(s, "site", 3)
    s = pick(s, "site", 5)  # the 4th point can only go to Fort
    assert board(s) == [(0, "homeland", 5, 0), (0, "alien_weapon", 2, 0), (1, "homeland", 2, 2),
                        (1, "library", 3, 0), (1, "fort", 2, 2)]
    assert s["actions"] == 3 and main_phase(s)


def test_alien_weapon_requirements_and_once_per_turn() -> None:
    """CARDS §7 Alien Weapon, R9: ability 1 needs a hand card; ability 2 needs 2
    followers and a tucked card; using ability 1 rules out ability 2 this turn."""
    s = table(a=[site("homeland", 5), site("alien_weapon", 2)], b=[site("homeland", 4)], levels=(4, 1))
    assert not any(c[0] == "ability" for c in choices(s))
    s = table(a=[site("homeland", 5), site("alien_weapon", 1, tuck=["siege"])], b=[site("homeland", 4)],
              levels=(4, 1))
    refused(s, "ability", 2, 2)
    s = table(a=[site("homeland", 5), site("alien_weapon", 2, tuck=["temple"])], b=[site("homeland", 4)],
              hands=[["siege"], []], levels=(4, 1))
    assert ["ability", 2, 1] in choices(s) and ["ability", 2, 2] in choices(s)
    s = use(s, 2, 1)
    s = pick(s, "stack", 1)
    s = pick(s, "num", 0)
    assert s["stacks"][0] == ["temple", "church", "siege"] and s["discard"] == []
    refused(s, "ability", 2, 2)


# ---- Assimilation ---------------------------------------------------------------------------

def test_assimilation_evacuate_then_site_changes_owner_with_everything() -> None:
    """CARDS §7 Assimilation (2 actions): the opponent moves every follower off (their
    choice, R2), then the site is the player's with counters, attachments and
    tucked cards."""
    s = table(a=[site("homeland", 5)],
              b=[site("homeland", 4), site("library", 3, dmg=1, att=["retrofitting"], tuck=["siege"]),
                 site("temple", 1)],
              hands=[["assimilation"], []], levels=(4, 1))
    s = play(s, "assimilation")
    assert choices(s) == [["site", 2], ["site", 3], ["site", 4]]
    s = pick(s, "site", 3)
    assert who(s) == 1 and choices(s) == [["site", 2], ["site", 4]]
    refused(s, "site", 2, seat=0)
    s = pick(s, "site", 2)
    s = pick(s, "site", 4)  # the last follower can only follow onto Temple
    assert board(s) == [(0, "homeland", 5, 0), (1, "homeland", 5, 0), (0, "library", 0, 1), (1, "temple", 3, 0)]
    lib = at(s, 0, "library")
    assert lib["att"] == [["retrofitting", 1]] and lib["tuck"] == [["siege", 1, False]]
    assert s["discard"] == ["assimilation"] and s["actions"] == 1 and main_phase(s)


def test_assimilation_of_a_sole_site_takes_its_followers_total_victory() -> None:
    """CARDS §7 Assimilation + §5: with no other site the followers stay and change
    sides; the opponent has none left: total victory (TB Game end)."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 4)], hands=[["assimilation"], []], levels=(4, 1))
    s = play(s, "assimilation")
    assert board(s) == [(0, "homeland", 5, 0), (0, "homeland", 4, 0)]
    assert s["result"]["winners"] == [0] and "total victory" in s["result"]["reason"]


def test_assimilation_forced_move_is_a_relocate_for_sniper_nest() -> None:
    """R8: the opponent's forced move under Assimilation counts as their relocate, so
    the player's Sniper Nest may answer (kill 1) before the site changes hands."""
    s = table(a=[site("homeland", 5), site("sniper_nest", 1)], b=[site("homeland", 4), site("library", 3)],
              hands=[["assimilation"], []], levels=(4, 1))
    s = play(s, "assimilation")
    s = pick(s, "site", 4)
    assert who(s) == 0 and choices(s) == [["use", 2, 1], ["pass"]]
    s = pick(s, "use", 2, 1)
    assert board(s) == [(0, "homeland", 5, 0), (0, "sniper_nest", 1, 0), (1, "homeland", 6, 0),
                        (0, "library", 0, 0)]
    assert main_phase(s)


def test_assimilation_of_sanctioned_site_followers_stay_and_sanctions_follow() -> None:
    """CARDS §5 Assimilation / Sanctions, R1: sanctioned followers cannot leave, so
    they change sides with the site; Sanctions then hurts it at the NEW owner's
    turn start, not the old owner's."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 4), site("library", 3, att=["sanctions"])],
              hands=[["assimilation"], []], levels=(4, 1))
    s = play(s, "assimilation")
    s = pick(s, "site", 3)
    assert board(s) == [(0, "homeland", 5, 0), (1, "homeland", 4, 0), (0, "library", 3, 0)]
    s = pick(s, "end")
    assert s["active"] == 1 and at(s, 0, "library")["dmg"] == 0
    s = pick(s, "end")
    assert s["active"] == 0 and main_phase(s)
    assert board(s) == [(0, "homeland", 5, 0), (1, "homeland", 4, 0), (0, "library", 3, 1)]


def test_assimilated_homeland_counts_as_starting_site_for_oil_drilling() -> None:
    """CARDS §5 Assimilation: a captured starting site becomes the new owner's starting
    site for Oil Drilling: 2 structural on it gives floor(2/2) = 1 action."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 4), site("library", 1)],
              hands=[["assimilation", "oil_drilling"], []], levels=(4, 1))
    s = play(s, "assimilation")
    s = pick(s, "site", 2)  # Bob's Homeland; its 4 followers can only go to the Library
    assert board(s) == [(0, "homeland", 5, 0), (0, "homeland", 0, 0), (1, "library", 5, 0)]
    assert at(s, 0, "homeland", 1)["start"] is True
    s = play(s, "oil_drilling")
    s = pick(s, "site", 2)
    s = pick(s, "site", 2)
    s = pick(s, "done")
    assert board(s) == [(0, "homeland", 5, 0), (0, "homeland", 0, 2), (1, "library", 5, 0)]
    assert s["actions"] == 1 and main_phase(s)


# ---- Brain Emulation -------------------------------------------------------------------------

def test_brain_emulation_two_on_each_site_not_on_threatened() -> None:
    """CARDS §7 Brain Emulation mode 1: +2 on each own site; a Threatened site cannot
    receive followers (CARDS Threat)."""
    s = table(a=[site("homeland", 5), site("library"), site("temple", 0, att=["threat"])],
              b=[site("homeland", 4)], hands=[["brain_emulation"], []], levels=(4, 1))
    s = play(s, "brain_emulation")
    assert choices(s) == [["mode", 0], ["mode", 1]]
    s = pick(s, "mode", 0)
    assert board(s) == [(0, "homeland", 7, 0), (0, "library", 2, 0), (0, "temple", 0, 0), (1, "homeland", 4, 0)]
    assert s["actions"] == 1 and s["discard"] == ["brain_emulation"] and main_phase(s)


def test_brain_emulation_seven_on_one_site() -> None:
    """CARDS §7 Brain Emulation mode 2: +7 on one own site (not a Threatened one)."""
    s = table(a=[site("homeland", 5), site("library"), site("temple", 0, att=["threat"])],
              b=[site("homeland", 4)], hands=[["brain_emulation"], []], levels=(4, 1))
    s = play(s, "brain_emulation")
    s = pick(s, "mode", 1)
    assert choices(s) == [["site", 1], ["site", 2]]
    refused(s, "site", 3)
    s = pick(s, "site", 2)
    assert board(s) == [(0, "homeland", 5, 0), (0, "library", 7, 0), (0, "temple", 0, 0), (1, "homeland", 4, 0)]
    assert s["actions"] == 1 and main_phase(s)


def test_brain_emulation_capped_by_component_limits() -> None:
    """R7 option component_limits: gains stop at the 55 followers in the box; a capped
    gain does what it can (50 in play -> only 5 of the 7)."""
    s = table(a=[site("homeland", 30), site("library")], b=[site("homeland", 20)], hands=[["brain_emulation"], []],
              options={"component_limits": True}, levels=(4, 1))
    s = play(s, "brain_emulation")
    s = pick(s, "mode", 1)
    s = pick(s, "site", 2)
    assert board(s) == [(0, "homeland", 30, 0), (0, "library", 5, 0), (1, "homeland", 20, 0)]


# ---- Nanobots ---------------------------------------------------------------------------------

def test_nanobots_moves_four_counters_as_damage() -> None:
    """CARDS §7 Nanobots (2 actions): remove up to 4 counters anywhere, then deal that
    much damage split over any sites; the fortified Fort keeps its followers."""
    s = table(a=[site("homeland", 5, dmg=3), site("library", 2, dmg=1)],
              b=[site("homeland", 4, dmg=1), site("temple", 2), site("fort", 3)], hands=[["nanobots"], []],
              levels=(4, 1))
    s = play(s, "nanobots")
    assert choices(s) == [["site", 1], ["site", 2], ["site", 3], ["done"]]
    for x in (1, 1, 1):
        s = pick(s, "site", x)
    assert choices(s) == [["site", 2], ["site", 3], ["done"]]  # Homeland has no counter left
    s = pick(s, "site", 2)
    assert choices(s) == [["site", 1], ["site", 2], ["site", 3], ["site", 4], ["site", 5]]
    s = pick(s, "site", 4)
    s = pick(s, "site", 4)
    s = pick(s, "site", 5)  # Fort is last: the 4th point goes there too
    assert board(s) == [(0, "homeland", 5, 0), (0, "library", 2, 0), (1, "homeland", 4, 1), (1, "temple", 0, 2),
                        (1, "fort", 3, 2)]
    assert s["discard"] == ["nanobots"] and s["actions"] == 1 and main_phase(s)


def test_nanobots_nothing_to_remove_does_nothing() -> None:
    """CARDS §7 Nanobots, TB "do nothing if impossible": no counter in play, no damage;
    the cost stays paid (R13)."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 4)], hands=[["nanobots"], []], levels=(4, 1))
    s = play(s, "nanobots")
    assert board(s) == [(0, "homeland", 5, 0), (1, "homeland", 4, 0)]
    assert s["discard"] == ["nanobots"] and s["actions"] == 1 and main_phase(s)


def test_nanobots_removing_none_deals_none() -> None:
    """CARDS §7 Nanobots: "up to 4": removing 0 then done deals 0 damage."""
    s = table(a=[site("homeland", 5, dmg=2)], b=[site("homeland", 4)], hands=[["nanobots"], []], levels=(4, 1))
    s = play(s, "nanobots")
    assert choices(s) == [["site", 1], ["done"]]
    s = pick(s, "done")
    assert board(s) == [(0, "homeland", 5, 2), (1, "homeland", 4, 0)] and main_phase(s)


def test_nanobots_damage_opens_the_predamage_window() -> None:
    """R4, R5: the damage half of Nanobots is a batch; the threatened owner may answer
    (here with Misinformation, sending it to their Homeland)."""
    s = table(a=[site("homeland", 5, dmg=2)], b=[site("homeland", 4), site("library", 1)],
              hands=[["nanobots"], ["misinformation"]], levels=(4, 1))
    s = play(s, "nanobots")
    s = pick(s, "site", 1)
    s = pick(s, "site", 1)
    assert choices(s) == [["site", 1], ["site", 2], ["site", 3]]
    s = pick(s, "site", 3)  # the second point can only follow onto the Library
    assert who(s) == 1 and choices(s) == [["react", "misinformation", 0], ["pass"]]
    s = pick(s, "react", "misinformation", 0)
    assert board(s) == [(0, "homeland", 5, 0), (1, "homeland", 2, 2), (1, "library", 1, 0)]
    assert sorted(s["discard"]) == ["misinformation", "nanobots"] and main_phase(s)
