"""Exact-state tests of the Expansion Set level II cards of Time Barons.

Covers Mortar, Port, University, Supply Depot, Spy Agency (sites), Conscription,
Retrofitting, Threat (attachments), Research, Demolition, Revolt (events) and
Outrage (reaction): for each card its main effect with the exact resulting state,
and edge cases (requirements not met, nothing to target, illegal choices refused,
reaction windows opened or answered, destruction in the middle of an effect).

Citations: "TB <heading>" = rulebook (shared/seeds/time_barons_rulebook.txt);
"R<n>" and "CARDS §5 <card>" = shared/games/time_barons/CARDS.md; card texts are
CARDS.md section 7.
"""

from __future__ import annotations

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


def fd(s, owner, card):
    """``(followers, damage counters)`` of ``owner``'s site ``card``."""
    x = at(s, owner, card)
    return x["f"], x["dmg"]


def atts(s, owner, card):
    """Attachment card ids on ``owner``'s site ``card``."""
    return [a[0] for a in at(s, owner, card)["att"]]


# ---- Mortar -------------------------------------------------------------------------

def test_mortar_ability1_one_damage_no_action():
    """Mortar 1 (3f, 0 actions): 1 damage to one site, any owner. TB Damage and
    destruction; TB Restrictions on abilities (one ability per site per turn); R2, R9."""
    s = table(a=[site("homeland", 5), site("mortar", 3)], b=[site("homeland", 4), site("library", 2)])
    m = sid(s, 0, "mortar")
    assert ["ability", m, 1] in choices(s) and ["ability", m, 2] not in choices(s)
    s = use(s, m, 1)
    assert choices(s) == [["site", 1], ["site", 2], ["site", 3], ["site", 4]]
    s = pick(s, "site", sid(s, 1, "library"))
    assert main_phase(s)
    assert fd(s, 1, "library") == (1, 1)
    assert fd(s, 1, "homeland") == (4, 0) and fd(s, 0, "mortar") == (3, 0)
    assert s["actions"] == 3
    # used once this turn: neither of its abilities is offered again
    assert not any(c[0] == "ability" for c in choices(s))
    refused(s, "ability", m, 1)


def test_mortar_ability2_two_different_sites():
    """Mortar 2 (5f + 1 action): 1 damage to each of 2 different sites, one batch.
    TB Damage and destruction; R4."""
    s = table(a=[site("homeland", 5), site("mortar", 5)], b=[site("homeland", 4), site("library", 2)])
    m = sid(s, 0, "mortar")
    s = use(s, m, 2)
    assert s["actions"] == 2
    s = pick(s, "site", 1)
    # the same site cannot take both points
    assert ["site", 1] not in choices(s)
    refused(s, "site", 1)
    s = pick(s, "site", 4)
    assert main_phase(s)
    assert fd(s, 0, "homeland") == (4, 1)
    assert fd(s, 1, "library") == (1, 1)
    assert fd(s, 1, "homeland") == (4, 0) and fd(s, 0, "mortar") == (5, 0)
    assert s["actions"] == 2


def test_mortar_ability2_needs_five_followers():
    """Mortar 2 needs 5 followers: with 4 only ability 1 is offered. TB Abilities; R9."""
    s = table(a=[site("homeland", 5), site("mortar", 4)])
    m = sid(s, 0, "mortar")
    assert [c for c in choices(s) if c[0] == "ability"] == [["ability", m, 1]]
    refused(s, "ability", m, 2)


def test_mortar_destroys_site_with_last_counter():
    """Mortar 1 on a site one counter from its integrity destroys it: followers die,
    site and tucked cards go to the discard pile. TB Damage and destruction; R3."""
    s = table(a=[site("homeland", 5), site("mortar", 3)], b=[site("homeland", 4), site("library", 2, dmg=2,
                                                                                         tuck=["farm"])])
    s = use(s, sid(s, 0, "mortar"), 1)
    s = pick(s, "site", sid(s, 1, "library"))
    assert main_phase(s)
    assert gone(s, 1, "library")
    assert s["discard"] == ["farm", "library"]
    assert fd(s, 1, "homeland") == (4, 0)


# ---- Port ---------------------------------------------------------------------------

def test_port_tuck_then_free_relocate():
    """Port 1 (0f): tuck a card from hand under Port, then a free full relocate.
    TB Tuck a card; TB Relocate; R8, R11."""
    s = table(a=[site("homeland", 5), site("port", 0)], hands=[["siege", "temple"], []])
    p = sid(s, 0, "port")
    s = use(s, p, 1)
    assert choices(s) == [["card", "siege"], ["card", "temple"]]
    s = pick(s, "card", "siege")
    assert at(s, 0, "port")["tuck"] == [["siege", 0, False]]
    assert ["done"] in choices(s)  # the relocate is optional
    s = pick(s, "take", 1)
    s = pick(s, "take", 1)
    s = pick(s, "done")
    assert choices(s) == [["site", 1], ["site", 2]]
    s = pick(s, "site", 2)  # then the second one must go to Port as well
    assert main_phase(s)
    assert fd(s, 0, "homeland") == (3, 0) and fd(s, 0, "port") == (2, 0)
    assert hand(s, 0) == ["temple"]
    assert s["actions"] == 3


def test_port_relocate_may_be_declined():
    """Port 1: the relocate after tucking is optional ("you don't have to relocate").
    TB Tuck a card."""
    s = table(a=[site("homeland", 5), site("port", 0)], hands=[["siege"], []])
    s = use(s, sid(s, 0, "port"), 1)  # the only card is tucked without asking
    s = pick(s, "done")
    assert main_phase(s)
    assert fd(s, 0, "homeland") == (5, 0) and fd(s, 0, "port") == (0, 0)
    assert at(s, 0, "port")["tuck"] == [["siege", 0, False]] and hand(s, 0) == []
    assert s["actions"] == 3


def test_port_draw_one_per_tucked_card():
    """Port 2 (3f): draw one card per tucked card; the tucked cards stay. TB Tuck a
    card; R6."""
    s = table(a=[site("homeland", 5), site("port", 3, tuck=["farm", "mine"])],
              stacks=[["temple", "church", "siege"], [], [], []])
    s = use(s, sid(s, 0, "port"), 2)
    assert main_phase(s)
    assert hand(s, 0) == ["church", "siege"]
    assert s["stacks"][0] == ["temple"]
    assert [t[0] for t in at(s, 0, "port")["tuck"]] == ["farm", "mine"]
    assert s["actions"] == 3


def test_port_abilities_not_offered_without_their_conditions():
    """Port 1 needs a card in hand to tuck; Port 2 needs 3 followers (and a tucked
    card to be worth anything). R9 (a "tuck X to do Y" ability needs X)."""
    s = table(a=[site("homeland", 5), site("port", 2, tuck=["farm"])], hands=[[], []])
    p = sid(s, 0, "port")
    assert not any(c[0] == "ability" for c in choices(s))
    refused(s, "ability", p, 1)
    refused(s, "ability", p, 2)


def test_port_one_ability_per_turn():
    """After tucking with Port 1 the owner must wait until next turn for Port 2.
    TB Tuck a card (Port example); R9."""
    s = table(a=[site("homeland", 5), site("port", 3, tuck=["farm"])], hands=[["siege"], []])
    p = sid(s, 0, "port")
    s = use(s, p, 1)
    s = pick(s, "done")
    assert main_phase(s)
    assert len(at(s, 0, "port")["tuck"]) == 2
    assert ["ability", p, 2] not in choices(s)
    refused(s, "ability", p, 2)


# ---- University ---------------------------------------------------------------------

def test_university_lowers_other_sites_requirements():
    """University 1 (∞, 1f): the owner's other sites need 1 follower fewer: Mortar
    works with 2 (ability 1) and 4 (ability 2). CARDS University; R9."""
    s = table(a=[site("homeland", 5), site("university", 1), site("mortar", 4)],
              b=[site("homeland", 4), site("library", 2)])
    m = sid(s, 0, "mortar")
    assert ["ability", m, 1] in choices(s) and ["ability", m, 2] in choices(s)
    s = use(s, m, 2)
    s = pick(s, "site", sid(s, 1, "homeland"))  # the second point goes to the Library
    assert main_phase(s)
    assert fd(s, 1, "homeland") == (3, 1) and fd(s, 1, "library") == (1, 1)
    assert fd(s, 0, "mortar") == (4, 0) and fd(s, 0, "university") == (1, 0)
    assert s["actions"] == 2


def test_university_discount_needs_a_follower_on_it():
    """Without a follower on University there is no discount: Mortar with 2
    followers cannot fire. CARDS University (∞ 1f)."""
    s = table(a=[site("homeland", 5), site("university", 0), site("mortar", 2)])
    m = sid(s, 0, "mortar")
    assert not any(c[0] == "ability" for c in choices(s))
    refused(s, "ability", m, 1)


def test_university_discount_lost_under_sabotage():
    """A Sabotaged University's ability cannot be used, so no discount: Mortar with
    2 followers stays idle. CARDS Sabotage; R9."""
    s = table(a=[site("homeland", 5), site("university", 1, att=["sabotage"]), site("mortar", 2)])
    assert not any(c[0] == "ability" for c in choices(s))
    refused(s, "ability", sid(s, 0, "mortar"), 1)


def test_university_upgrade_for_two_actions():
    """University 2 (3f + 2 actions): upgrade one level without the upgrade cost.
    TB Upgrade; R12."""
    s = table(a=[site("homeland", 5), site("university", 3)], levels=(2, 1))
    u = sid(s, 0, "university")
    assert ["ability", u, 2] in choices(s)
    s = use(s, u, 2)
    assert main_phase(s)
    assert s["players"][0]["level"] == 3 and s["players"][1]["level"] == 1
    assert s["actions"] == 1  # a normal II -> III upgrade would have cost 3
    assert ["draw", 3] in choices(s)


def test_university_upgrade_not_discounted_by_itself():
    """University discounts only *other* sites: its own ability 2 still needs 3
    followers. CARDS University ability 1 ("another site you own")."""
    s = table(a=[site("homeland", 5), site("university", 2)])
    u = sid(s, 0, "university")
    assert ["ability", u, 2] not in choices(s)
    refused(s, "ability", u, 2)


def test_university_upgrade_needs_two_actions():
    """University 2 costs 2 actions: with 1 left it is not offered. TB Abilities
    (action costs); R9."""
    s = table(a=[site("homeland", 5), site("university", 3)], actions=1)
    assert not any(c[0] == "ability" for c in choices(s))
    refused(s, "ability", sid(s, 0, "university"), 2)


def test_university_upgrade_not_offered_at_level_four():
    """No upgrade beyond level IV. R12."""
    s = table(a=[site("homeland", 5), site("university", 3)], levels=(4, 1))
    refused(s, "ability", sid(s, 0, "university"), 2)


# ---- Supply Depot -------------------------------------------------------------------

def test_supply_depot_removes_one_counter_elsewhere():
    """Supply Depot 1 (2f): remove 1 counter from a site other than Supply Depot,
    any owner. CARDS Supply Depot."""
    s = table(a=[site("homeland", 5, dmg=1), site("supply_depot", 2, dmg=1)],
              b=[site("homeland", 4), site("library", 2, dmg=2)])
    d = sid(s, 0, "supply_depot")
    s = use(s, d, 1)
    assert choices(s) == [["site", 1], ["site", 4]]  # not the Depot itself
    s = pick(s, "site", 4)
    assert main_phase(s)
    assert fd(s, 1, "library") == (2, 1)
    assert fd(s, 0, "homeland") == (5, 1) and fd(s, 0, "supply_depot") == (2, 1)
    assert s["actions"] == 3


def test_supply_depot_ability1_needs_a_counter_on_another_site():
    """Supply Depot 1 with counters only on itself: nothing to remove, not offered;
    with no attachment in play ability 2 is not offered either. R9."""
    s = table(a=[site("homeland", 5), site("supply_depot", 2, dmg=2)])
    d = sid(s, 0, "supply_depot")
    assert not any(c[0] == "ability" for c in choices(s))
    refused(s, "ability", d, 1)
    refused(s, "ability", d, 2)


def test_supply_depot_cannot_move_attachment_without_another_site():
    """Supply Depot 2 moves an attachment only to a *different* site of the same
    owner: Bob's only site keeps its Conscription and the ability is not offered.
    CARDS Supply Depot; R9."""
    s = table(a=[site("homeland", 5), site("supply_depot", 2)], b=[site("homeland", 4, att=["conscription"])])
    assert not any(c[0] == "ability" for c in choices(s))
    refused(s, "ability", sid(s, 0, "supply_depot"), 2)


def test_supply_depot_moving_conscription_reapplies_it():
    """Supply Depot 2 (2f + 1 action): move an attachment to another site of the same
    owner; its when-attached text applies again (Conscription +2). CARDS §5 Supply
    Depot."""
    s = table(a=[site("homeland", 5), site("supply_depot", 2)],
              b=[site("homeland", 4, att=["conscription"]), site("library", 1)])
    s = use(s, sid(s, 0, "supply_depot"), 2)
    assert s["actions"] == 2
    assert main_phase(s)  # one attachment, one other site of Bob's: nothing to ask
    assert atts(s, 1, "homeland") == [] and atts(s, 1, "library") == ["conscription"]
    assert fd(s, 1, "library") == (3, 0) and fd(s, 1, "homeland") == (4, 0)


def test_supply_depot_moving_threat_empties_the_new_site():
    """Supply Depot 2 moving Threat: the new site's owner must evacuate it (Threat's
    when-attached text again); the old site is free again. CARDS §5 Supply Depot."""
    s = table(a=[site("homeland", 5), site("supply_depot", 2)],
              b=[site("homeland", 4), site("library", 0, att=["threat"]), site("temple", 3)])
    s = use(s, sid(s, 0, "supply_depot"), 2)
    assert choices(s) == [["site", 3], ["site", 5]]
    s = pick(s, "site", sid(s, 1, "temple"))
    assert who(s) == 1  # Bob places the evacuated followers
    assert choices(s) == [["site", 3], ["site", 4]]
    s = pick(s, "site", sid(s, 1, "library"))  # all 3 then follow onto the Library
    assert main_phase(s)
    assert atts(s, 1, "temple") == ["threat"] and atts(s, 1, "library") == []
    assert fd(s, 1, "temple") == (0, 0) and fd(s, 1, "library") == (3, 0) and fd(s, 1, "homeland") == (4, 0)
    assert s["actions"] == 2


# ---- Spy Agency ---------------------------------------------------------------------

def test_spy_agency_draws_when_opponent_relocates():
    """Spy Agency 1 (∞, 2f): right after an opponent's relocate, draw 1 card from a
    stack at or below *that opponent's* level. R8, R10; CARDS §5 Spy Agency."""
    s = table(a=[site("homeland", 5), site("spy_agency", 2)], b=[site("homeland", 4), site("library", 2)],
              levels=(1, 2), active=1)
    s = pick(s, "relocate")
    s = pick(s, "take", sid(s, 1, "homeland"))
    s = pick(s, "done")
    s = pick(s, "site", sid(s, 1, "library"))
    assert who(s) == 0
    assert choices(s) == [["use", sid(s, 0, "spy_agency"), 1], ["pass"]]
    s = pick(s, "use", sid(s, 0, "spy_agency"), 1)
    assert choices(s) == [["stack", 1], ["stack", 2]]  # level II allowed: Bob is level II
    s = pick(s, "stack", 2)
    assert main_phase(s) and who(s) == 1
    assert hand(s, 0) == ["martyr"] and hand(s, 1) == []
    assert s["stacks"][1] == ["conversion", "library"]
    assert fd(s, 1, "homeland") == (3, 0) and fd(s, 1, "library") == (3, 0)
    assert s["actions"] == 2


def test_spy_agency_draw_capped_by_mover_level():
    """Spy Agency 1 draws at or below the *relocating opponent's* level, even when
    the Spy Agency's owner is higher: Ann (level III) may only take a level I card.
    CARDS Spy Agency."""
    s = table(a=[site("homeland", 5), site("spy_agency", 2)], b=[site("homeland", 4), site("library", 2)],
              levels=(3, 1), active=1)
    s = pick(s, "relocate")
    s = pick(s, "take", sid(s, 1, "library"))
    s = pick(s, "done")
    s = pick(s, "site", sid(s, 1, "homeland"))
    s = pick(s, "use", sid(s, 0, "spy_agency"), 1)  # only the level I stack qualifies: no question
    assert main_phase(s) and who(s) == 1
    assert hand(s, 0) == ["siege"]
    assert [len(x) for x in s["stacks"]] == [2, 3, 2, 2]


def test_spy_agency_answers_port_relocate():
    """Port's free relocate is a full relocate, so the opponent's Spy Agency may
    answer it. R8; CARDS §5 Sniper Nest / Spy Agency (after the whole relocate)."""
    s = table(a=[site("homeland", 5), site("port", 0)], b=[site("homeland", 4), site("spy_agency", 2)],
              hands=[["temple"], []])
    s = use(s, sid(s, 0, "port"), 1)
    s = pick(s, "take", 1)
    s = pick(s, "done")
    s = pick(s, "site", sid(s, 0, "port"))
    assert who(s) == 1 and choices(s) == [["use", sid(s, 1, "spy_agency"), 1], ["pass"]]
    s = pick(s, "use", sid(s, 1, "spy_agency"), 1)
    assert main_phase(s) and who(s) == 0
    assert hand(s, 1) == ["siege"] and hand(s, 0) == []
    assert fd(s, 0, "homeland") == (4, 0) and fd(s, 0, "port") == (1, 0)
    assert at(s, 0, "port")["tuck"] == [["temple", 0, False]]


def test_spy_agency_declined_and_silent_on_own_relocate():
    """Spy Agency may be declined (R10), and the owner's own relocate opens no
    window (it answers an *opponent's* relocate)."""
    s = table(a=[site("homeland", 5), site("spy_agency", 2)], b=[site("homeland", 4), site("library", 2)],
              active=1)
    s = pick(s, "relocate")
    s = pick(s, "take", sid(s, 1, "library"))
    s = pick(s, "done")
    s = pick(s, "site", sid(s, 1, "homeland"))
    assert who(s) == 0
    s = pick(s, "pass")
    assert main_phase(s) and hand(s, 0) == [] and fd(s, 1, "homeland") == (5, 0)
    s = table(a=[site("homeland", 5), site("spy_agency", 2)], b=[site("homeland", 4), site("spy_agency", 2)])
    s = pick(s, "relocate")
    s = pick(s, "take", 1)
    s = pick(s, "done")
    s = pick(s, "site", 2)
    # only Bob's Spy Agency answers Ann's relocate; Ann's own is never offered
    assert who(s) == 1 and choices(s) == [["use", sid(s, 1, "spy_agency"), 1], ["pass"]]
    s = pick(s, "pass")
    assert main_phase(s) and who(s) == 0
    assert hand(s, 0) == [] and hand(s, 1) == []
    assert fd(s, 0, "homeland") == (4, 0) and fd(s, 0, "spy_agency") == (3, 0)


def test_spy_agency_trigger_needs_two_followers_or_university():
    """Spy Agency 1 needs 2 followers: with 1 no window opens; with University's
    discount 1 is enough. R9; CARDS University."""
    b = [site("homeland", 4), site("library", 2)]
    s = table(a=[site("homeland", 5), site("spy_agency", 1)], b=b, active=1)
    s = pick(s, "relocate")
    s = pick(s, "take", sid(s, 1, "library"))
    s = pick(s, "done")
    s = pick(s, "site", sid(s, 1, "homeland"))
    assert main_phase(s) and who(s) == 1 and hand(s, 0) == []
    s = table(a=[site("homeland", 5), site("spy_agency", 1), site("university", 1)], b=b, active=1)
    s = pick(s, "relocate")
    s = pick(s, "take", sid(s, 1, "library"))
    s = pick(s, "done")
    s = pick(s, "site", sid(s, 1, "homeland"))
    assert who(s) == 0 and choices(s) == [["use", sid(s, 0, "spy_agency"), 1], ["pass"]]
    s = pick(s, "use", sid(s, 0, "spy_agency"), 1)  # Bob is level I: one stack, no question
    assert main_phase(s) and hand(s, 0) == ["siege"]


def test_spy_agency_kill_one_anywhere():
    """Spy Agency 2 (3f, 0 actions): kill 1 follower on any site. TB Damage and
    destruction (kill); R2."""
    s = table(a=[site("homeland", 5), site("spy_agency", 3)], b=[site("homeland", 4), site("library", 2)])
    s = use(s, sid(s, 0, "spy_agency"), 2)
    assert choices(s) == [["site", 1], ["site", 2], ["site", 3], ["site", 4]]
    s = pick(s, "site", sid(s, 1, "library"))
    assert main_phase(s)
    assert fd(s, 1, "library") == (1, 0) and fd(s, 1, "homeland") == (4, 0)
    assert fd(s, 0, "spy_agency") == (3, 0) and s["actions"] == 3


def test_spy_agency_answers_threat_evacuation():
    """Threat's forced move is a (limited) relocate by the site owner, so the
    attacker's Spy Agency may draw. R8 (DESIGNED)."""
    s = table(a=[site("homeland", 5), site("spy_agency", 2)], b=[site("homeland", 4), site("library", 2)],
              hands=[["threat"], []])
    s = play(s, "threat")
    s = pick(s, "site", sid(s, 1, "library"))  # the 2 followers can only go to Bob's Homeland
    assert who(s) == 0 and choices(s) == [["use", sid(s, 0, "spy_agency"), 1], ["pass"]]
    s = pick(s, "use", sid(s, 0, "spy_agency"), 1)
    assert main_phase(s)
    assert hand(s, 0) == ["siege"]
    assert fd(s, 1, "homeland") == (6, 0) and fd(s, 1, "library") == (0, 0)


# ---- Conscription -------------------------------------------------------------------

def test_conscription_attach_gives_site_owner_two():
    """Conscription: on attach the *site's owner* gains 2 followers there (here the
    opponent). TB Attachment cards; R1."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 4), site("library", 0)], hands=[["conscription"], []])
    s = play(s, "conscription")
    s = pick(s, "site", sid(s, 1, "library"))
    assert main_phase(s)
    assert at(s, 1, "library")["att"] == [["conscription", 0]]
    assert fd(s, 1, "library") == (2, 0) and fd(s, 1, "homeland") == (4, 0)
    assert hand(s, 0) == [] and s["actions"] == 2 and s["discard"] == []


def test_conscription_gains_one_at_owner_turn_start():
    """Conscription: +1 at the start of each of the site owner's turns, not of the
    other player's. R14."""
    s = table(a=[site("homeland", 5, att=["conscription"])], b=[site("homeland", 4, att=["conscription"])])
    s = pick(s, "end")
    assert main_phase(s) and who(s) == 1
    assert fd(s, 1, "homeland") == (5, 0) and fd(s, 0, "homeland") == (5, 0)
    assert s["actions"] == 3
    s = pick(s, "end")
    assert main_phase(s) and who(s) == 0
    assert fd(s, 0, "homeland") == (6, 0) and fd(s, 1, "homeland") == (5, 0)


def test_conscription_ordered_with_plague():
    """With Plague and Conscription on one site the owner orders the start-of-turn
    effects (R14): Plague first empties the site (Plague leaves), then Conscription
    adds 1."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 4), site("temple", 1, att=["plague", "conscription"])])
    s = pick(s, "end")
    assert who(s) == 1
    assert choices(s) == [["trigger", 0], ["trigger", 1]]
    s = pick(s, "trigger", 0)  # Plague first
    assert main_phase(s)
    assert fd(s, 1, "temple") == (1, 0)
    assert atts(s, 1, "temple") == ["conscription"]
    assert s["discard"] == ["plague"]


def test_conscription_on_threatened_site_gains_nothing():
    """No follower may be gained onto a Threatened site, Conscription's included.
    CARDS Threat."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 4), site("library", 0, att=["threat"])],
              hands=[["conscription"], []])
    s = play(s, "conscription")
    s = pick(s, "site", sid(s, 1, "library"))
    assert main_phase(s)
    assert atts(s, 1, "library") == ["threat", "conscription"]
    assert fd(s, 1, "library") == (0, 0) and fd(s, 1, "homeland") == (4, 0)


# ---- Research -----------------------------------------------------------------------

def test_research_draw_then_free_play():
    """Research mode 1: draw 1, then play a card from hand without its action cost
    (here the drawn Demolition: it resolves and the 2 actions left are kept). CARDS
    Research; CARDS §5 Research mode 1."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 4), site("library", 2, dmg=1)],
              hands=[["research"], []], levels=(2, 1), stacks=[["temple", "siege"], ["revolt", "demolition"], [], []])
    s = play(s, "research")
    assert s["actions"] == 2
    s = pick(s, "mode", 0)
    assert choices(s) == [["stack", 1], ["stack", 2]]
    s = pick(s, "stack", 2)
    assert choices(s) == [["card", "demolition"], ["pass"]]
    s = pick(s, "card", "demolition")  # the only damaged site is the Library
    assert main_phase(s)
    assert gone(s, 1, "library")
    assert s["actions"] == 2
    assert hand(s, 0) == [] and s["discard"] == ["library", "demolition", "research"]
    assert s["stacks"][1] == ["revolt"]


def test_research_free_play_may_be_declined_and_skips_reactions():
    """Research mode 1: the free play is optional, and a reaction cannot be played
    that way (only in answer to its trigger). TB Reaction cards; R13."""
    s = table(a=[site("homeland", 5)], hands=[["research", "outrage"], []],
              stacks=[["temple", "siege"], [], [], []])
    s = play(s, "research")
    s = pick(s, "mode", 0)  # one stack: the draw (Siege) is automatic
    assert choices(s) == [["card", "siege"], ["pass"]]
    s = pick(s, "pass")
    assert main_phase(s)
    assert hand(s, 0) == ["outrage", "siege"] and s["discard"] == ["research"]
    assert s["actions"] == 2 and s["stacks"][0] == ["temple"]


def test_research_tuck_then_draw_level():
    """Research mode 2: tuck a card under any site (an opponent's too), then draw as
    many cards as your level. TB Tuck a card; R6, R11."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 4), site("port", 2)],
              hands=[["research", "siege"], []], levels=(3, 1),
              stacks=[["temple", "church"], ["revolt", "demolition"], ["bank"], []])
    s = play(s, "research")
    s = pick(s, "mode", 1)
    assert choices(s) == [["site", 1], ["site", 2], ["site", 3]]
    s = pick(s, "site", sid(s, 1, "port"))  # Siege, the only card, is tucked
    assert at(s, 1, "port")["tuck"] == [["siege", 0, False]]
    # R11: the tucked card is face down: Bob, the site's owner, sees only its level
    port_view = [x for x in GAME.board_view(s, 1)["sites"] if x["card"] == "port"][0]
    assert port_view["tuck"] == [{"card": None, "level": 1}]
    s = pick(s, "stack", 3)
    s = pick(s, "stack", 2)
    s = pick(s, "stack", 1)
    assert main_phase(s)
    assert hand(s, 0) == ["bank", "church", "demolition"]
    assert s["stacks"] == [["temple"], ["revolt"], [], []]
    assert s["discard"] == ["research"] and s["actions"] == 2


def test_research_tuck_with_empty_hand_still_draws():
    """Research mode 2 with no card left to tuck: that part is skipped, the draws
    still happen. TB Attachment cards note ("if part of a card text cannot be
    performed, simply do nothing"); R13."""
    s = table(a=[site("homeland", 5)], hands=[["research"], []], stacks=[["temple", "church", "siege"], [], [], []])
    s = play(s, "research")
    s = pick(s, "mode", 1)
    # nothing to tuck: no site is asked for, the draw happens at once
    assert main_phase(s)
    assert hand(s, 0) == ["siege"]
    assert all(not x["tuck"] for x in s["sites"])
    assert s["discard"] == ["research"] and s["actions"] == 2


# ---- Outrage ------------------------------------------------------------------------

def test_outrage_draws_level_plus_tucked_plus_attachments():
    """Outrage: when one of your sites is destroyed, draw its level + 1 per tucked
    card + 1 per attachment, counted at destruction. R4 (after-window), R5."""
    s = table(a=[site("homeland", 5)],
              b=[site("homeland", 4), site("port", 1, dmg=1, att=["sabotage"], tuck=["farm", "mine"])],
              hands=[["siege"], ["outrage"]],
              stacks=[["temple", "church", "siege", "fort", "mission", "plague"], ["library"], [], []])
    s = play(s, "siege")
    s = pick(s, "site", sid(s, 1, "port"))
    assert gone(s, 1, "port")
    assert who(s) == 1
    assert choices(s) == [["react", "outrage", 0], ["pass"]]
    assert "draw 5" in s["ask"]["labels"][0]
    s = pick(s, "react", "outrage", 0)  # Bob is level I: all 5 from the level I stack
    assert main_phase(s) and who(s) == 0
    assert hand(s, 1) == ["church", "fort", "mission", "plague", "siege"]
    assert s["stacks"][0] == ["temple"]
    assert sorted(s["discard"]) == ["farm", "mine", "outrage", "port", "sabotage", "siege"]
    assert s["actions"] == 2


def test_outrage_starting_site_counts_as_level_one():
    """A destroyed Homeland is a level I card for Outrage. TB Additional terms
    (starting sites are Level I cards); R12."""
    s = table(a=[site("homeland", 5), site("mortar", 3)], b=[site("homeland", 1, dmg=5), site("library", 2)],
              hands=[[], ["outrage"]], levels=(1, 2))
    s = use(s, sid(s, 0, "mortar"), 1)
    s = pick(s, "site", sid(s, 1, "homeland"))
    assert gone(s, 1, "homeland") and who(s) == 1
    assert "draw 1" in s["ask"]["labels"][0]
    s = pick(s, "react", "outrage", 0)
    assert choices(s) == [["stack", 1], ["stack", 2]]  # Bob is level II
    s = pick(s, "stack", 1)
    assert main_phase(s)
    assert hand(s, 1) == ["siege"] and s["stacks"][0] == ["temple", "church"]
    assert sorted(s["discard"]) == ["homeland", "outrage"]


def test_outrage_not_offered_for_damage_only():
    """Outrage needs a destroyed site: mere damage opens no window. TB Reaction
    cards (only when their conditions are met)."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 4), site("library", 2)],
              hands=[["siege"], ["outrage"]])
    s = play(s, "siege")
    s = pick(s, "site", sid(s, 1, "library"))
    assert main_phase(s) and who(s) == 0
    assert fd(s, 1, "library") == (0, 2)
    assert hand(s, 1) == ["outrage"]


# ---- Retrofitting -------------------------------------------------------------------

def test_retrofitting_adds_three_integrity():
    """Retrofitting: the site's integrity is 3 higher while attached: a Library with
    2 counters survives 2 more damage. TB Damage and destruction; R3."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 4), site("library", 3, dmg=2)],
              hands=[["retrofitting", "siege"], []])
    s = play(s, "retrofitting")
    s = pick(s, "site", sid(s, 1, "library"))
    assert main_phase(s) and atts(s, 1, "library") == ["retrofitting"]
    s = play(s, "siege")
    s = pick(s, "site", sid(s, 1, "library"))
    assert main_phase(s)
    assert fd(s, 1, "library") == (1, 4)
    assert s["discard"] == ["siege"] and s["actions"] == 1


def test_retrofitting_removed_destroys_site():
    """When Retrofitting leaves (Supply Depot moves it) and the counters reach the
    lower integrity, the site is destroyed at once (R3); the site's owner may answer
    with Outrage (level II + 1 tucked card, the Retrofitting no longer on it)."""
    s = table(a=[site("homeland", 5), site("supply_depot", 2)],
              b=[site("homeland", 4), site("library", 1, dmg=4, att=["retrofitting"], tuck=["farm"])],
              hands=[[], ["outrage"]], stacks=[["temple", "church", "siege", "fort", "mission"], [], [], []])
    s = use(s, sid(s, 0, "supply_depot"), 2)  # one attachment, one destination
    assert gone(s, 1, "library")
    assert atts(s, 1, "homeland") == ["retrofitting"]
    assert s["discard"] == ["farm", "library"]
    assert who(s) == 1 and choices(s) == [["react", "outrage", 0], ["pass"]]
    s = pick(s, "react", "outrage", 0)
    assert main_phase(s)
    assert hand(s, 1) == ["fort", "mission", "siege"]
    assert fd(s, 1, "homeland") == (4, 0) and s["actions"] == 2


# ---- Demolition ---------------------------------------------------------------------

def test_demolition_four_damage_to_damaged_site():
    """Demolition: 4 damage to a site that already carries a counter. TB Damage and
    destruction."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 8, dmg=1), site("library", 2)],
              hands=[["demolition"], []])
    s = play(s, "demolition")  # the Homeland is the only damaged site
    assert main_phase(s)
    assert fd(s, 1, "homeland") == (4, 5)
    assert fd(s, 1, "library") == (2, 0)
    assert s["actions"] == 1 and s["discard"] == ["demolition"]


def test_demolition_undamaged_site_refused():
    """Demolition may not target a site with no counter. CARDS Demolition."""
    s = table(a=[site("homeland", 5, dmg=1)], b=[site("homeland", 4), site("library", 2, dmg=2)],
              hands=[["demolition"], []])
    s = play(s, "demolition")
    assert choices(s) == [["site", 1], ["site", 3]]
    refused(s, "site", 2)
    s = pick(s, "site", 3)
    assert gone(s, 1, "library") and main_phase(s)
    assert s["discard"] == ["library", "demolition"]


def test_demolition_with_no_damaged_site_does_nothing():
    """Demolition with no damaged site in play: it may still be played (R13), costs
    2 actions and does nothing."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 4), site("library", 2)],
              hands=[["demolition"], []])
    s = play(s, "demolition")
    assert main_phase(s)
    assert fd(s, 1, "homeland") == (4, 0) and fd(s, 1, "library") == (2, 0)
    assert s["actions"] == 1 and s["discard"] == ["demolition"]


# ---- Threat -------------------------------------------------------------------------

def test_threat_owner_evacuates_and_site_is_blocked():
    """Threat: the site's owner moves every follower off it, as they choose; no
    follower may then be gained or relocated onto it. CARDS Threat; R8."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 4), site("library", 3), site("temple", 0)],
              hands=[["threat"], []])
    s = play(s, "threat")
    s = pick(s, "site", sid(s, 1, "library"))
    assert who(s) == 1 and choices(s) == [["site", 2], ["site", 4]]
    s = pick(s, "site", sid(s, 1, "homeland"))
    s = pick(s, "site", sid(s, 1, "temple"))  # the third must follow on the Temple
    assert main_phase(s) and who(s) == 0
    assert fd(s, 1, "library") == (0, 0) and fd(s, 1, "homeland") == (5, 0) and fd(s, 1, "temple") == (2, 0)
    assert at(s, 1, "library")["att"] == [["threat", 0]]
    s = pick(s, "end")
    assert who(s) == 1
    lib = sid(s, 1, "library")
    assert ["gain", lib] not in choices(s)
    refused(s, "gain", lib)
    s = pick(s, "relocate")
    s = pick(s, "take", sid(s, 1, "homeland"))
    s = pick(s, "done")
    assert choices(s) == [["site", sid(s, 1, "homeland")], ["site", sid(s, 1, "temple")]]  # not the Library
    refused(s, "site", lib)
    s = pick(s, "site", sid(s, 1, "temple"))
    assert fd(s, 1, "homeland") == (4, 0) and fd(s, 1, "temple") == (3, 0) and fd(s, 1, "library") == (0, 0)


def test_threat_leaves_at_end_of_owner_turn():
    """Threat stays through the attacker's turn end and is discarded at the end of
    the site owner's next turn. CARDS Threat."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 4), site("library", 0)], hands=[["threat"], []])
    s = play(s, "threat")
    s = pick(s, "site", sid(s, 1, "library"))
    s = pick(s, "end")
    assert who(s) == 1 and atts(s, 1, "library") == ["threat"]
    s = pick(s, "end")
    assert who(s) == 0
    assert atts(s, 1, "library") == [] and s["discard"] == ["threat"]
    s = pick(s, "end")
    assert ["gain", sid(s, 1, "library")] in choices(s)


def test_threat_followers_stay_without_other_site():
    """Threat on an owner's only site: the followers stay (nowhere to go). CARDS
    Threat."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 4)], hands=[["threat"], []])
    s = play(s, "threat")
    s = pick(s, "site", sid(s, 1, "homeland"))
    assert main_phase(s) and who(s) == 0
    assert fd(s, 1, "homeland") == (4, 0) and atts(s, 1, "homeland") == ["threat"]


def test_threat_on_own_site_and_sanctions_stop_the_move():
    """Threat on one's own site leaves at the end of this very turn; with Sanctions
    on the site the followers cannot leave and stay. CARDS §5 Threat / Sanctions."""
    s = table(a=[site("homeland", 5), site("library", 2, att=["sanctions"])], b=[site("homeland", 4)],
              hands=[["threat"], []])
    s = play(s, "threat")
    s = pick(s, "site", sid(s, 0, "library"))
    assert main_phase(s)
    assert fd(s, 0, "library") == (2, 0) and fd(s, 0, "homeland") == (5, 0)
    assert atts(s, 0, "library") == ["sanctions", "threat"]
    s = pick(s, "end")
    assert who(s) == 1
    assert atts(s, 0, "library") == ["sanctions"] and s["discard"] == ["threat"]


# ---- Revolt -------------------------------------------------------------------------

def test_revolt_damage_equals_opponent_occupied_sites():
    """Revolt: damage = the opponent's occupied sites (3 of 4 here), split over at
    most 2 of their sites (occupied or not). TB Damage and destruction."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 4), site("port", 2), site("temple", 1), site("library", 0)],
              hands=[["revolt"], []])
    s = play(s, "revolt")
    assert s["actions"] == 1
    assert choices(s) == [["site", 2], ["site", 3], ["site", 4], ["site", 5]]  # only Bob's sites
    refused(s, "site", 1)
    s = pick(s, "site", 2)
    s = pick(s, "site", 2)
    s = pick(s, "site", 5)
    assert main_phase(s)
    assert fd(s, 1, "homeland") == (2, 2)
    assert fd(s, 1, "library") == (0, 1)
    assert fd(s, 1, "port") == (2, 0) and fd(s, 1, "temple") == (1, 0)
    assert s["discard"] == ["revolt"]


def test_revolt_limited_to_two_sites():
    """Revolt: once two sites are chosen, the rest of the damage can only go to
    them. CARDS Revolt ("at most 2 of that opponent's sites")."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 4), site("port", 2), site("temple", 1)],
              hands=[["revolt"], []])
    s = play(s, "revolt")
    s = pick(s, "site", 2)
    s = pick(s, "site", 3)  # the third point must land on the Port
    assert main_phase(s)
    assert fd(s, 1, "homeland") == (3, 1) and fd(s, 1, "port") == (0, 2) and fd(s, 1, "temple") == (1, 0)


def test_revolt_one_occupied_site_one_damage():
    """Revolt with one occupied opponent site deals 1 damage; it may hit an
    unoccupied one. CARDS Revolt."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 4), site("library", 0, dmg=2)],
              hands=[["revolt"], []])
    s = play(s, "revolt")
    assert choices(s) == [["site", 2], ["site", 3]]
    s = pick(s, "site", 3)
    assert main_phase(s)
    assert gone(s, 1, "library") and fd(s, 1, "homeland") == (4, 0)
    assert s["discard"] == ["library", "revolt"]
