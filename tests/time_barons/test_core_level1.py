"""Exact-state tests: general rules and the Core set's level-I cards.

Covers the rulebook's general rules (setup, the turn's actions, upgrade costs and
the draw-level limit, damage and destruction, fortified sites, total and majority
victory, the End of Days variant) and the twelve Core level-I cards: Catapult,
Temple, Mission, Fort, Church, Plague, Siege, Fanaticism, Divine Inspiration,
Display of Power, Escape Route and Misinformation.

Citations: "TB <heading>" = rulebook (shared/seeds/time_barons_rulebook.txt);
"R<n>" and "CARDS §5 <card>" = shared/games/time_barons/CARDS.md; card text =
CARDS.md section 7.
"""

from __future__ import annotations

import pytest

from py_engine.core import Ending, State
from py_engine.time_barons import GAME
from py_engine.time_barons.cards import level
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


def atts(s: State, sid_: int) -> list[str]:
    """The attachment card ids on site ``sid_``."""
    return [a[0] for x in s["sites"] if x["id"] == sid_ for a in x["att"]]


# ---- general rules ---------------------------------------------------------------------------


def test_rules_damage_example_library_takes_two() -> None:
    """TB Damage and destruction (the Library example): 2 damage kills 2 followers on the
    site and adds 2 damage counters; the Library (integrity 3) stays in play."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 4), site("library", 4)], hands=[["siege"], []])
    s = play(s, "siege")
    s = pick(s, "site", 3)
    assert layout(s) == [(1, "homeland", 0, 5, 0), (2, "homeland", 1, 4, 0), (3, "library", 1, 2, 2)]
    assert s["discard"] == ["siege"] and s["actions"] == 2 and main_phase(s)


@pytest.mark.parametrize("seed", [0, 1])
def test_rules_setup_two_players(seed: int) -> None:
    """TB Setup 1-7 and TB Turn structure: each player has a Homeland with 10 followers,
    5 level-I cards and level I; the first player gets 2 actions on turn 1, the other
    player 3 on turn 2, then everyone 3."""
    s = GAME.setup(["A", "B"], {}, seed)
    first = s["active"]
    assert [(x["card"], x["owner"], x["f"], x["dmg"], x["start"]) for x in s["sites"]] == [
        ("homeland", 0, 10, 0, True), ("homeland", 1, 10, 0, True)]
    for p in (0, 1):
        assert len(hand(s, p)) == 5 and all(level(c) == 1 for c in hand(s, p))
        assert s["players"][p]["level"] == 1
    assert [len(st) for st in s["stacks"]] == [10, 15, 10, 5]
    assert s["turn"] == 1 and s["actions"] == 2 and who(s) == first
    s = pick(s, "end")
    assert s["turn"] == 2 and s["active"] == 1 - first and s["actions"] == 3
    s = pick(s, "end")
    assert s["turn"] == 3 and s["active"] == first and s["actions"] == 3


def test_rules_upgrade_costs_two_three_four() -> None:
    """TB Upgrade: I->II costs 2 actions, II->III 3, III->IV 4; no upgrade past IV."""
    s = table(actions=10)
    s = pick(s, "upgrade")
    assert s["players"][0]["level"] == 2 and s["actions"] == 8
    s = pick(s, "upgrade")
    assert s["players"][0]["level"] == 3 and s["actions"] == 5
    s = pick(s, "upgrade")
    assert s["players"][0]["level"] == 4 and s["actions"] == 1
    assert ["upgrade"] not in choices(s)
    refused(s, "upgrade")


def test_rules_upgrade_refused_without_enough_actions() -> None:
    """TB Upgrade: II->III needs 3 actions, so with 2 left it is not offered."""
    s = table(levels=(2, 1), actions=2)
    assert ["upgrade"] not in choices(s)
    refused(s, "upgrade")
    assert s["players"][0]["level"] == 2


def test_rules_draw_only_at_or_below_own_level() -> None:
    """TB Turn structure 1 (Draw a card): only from a stack of a level equal to or lower
    than yours, for 1 action."""
    s = table()
    assert [c for c in choices(s) if c[0] == "draw"] == [["draw", 1]]
    refused(s, "draw", 2)
    s = table(levels=(2, 1))
    assert [c for c in choices(s) if c[0] == "draw"] == [["draw", 1], ["draw", 2]]
    s = pick(s, "draw", 2)
    assert hand(s, 0) == ["martyr"] and s["stacks"][1] == ["conversion", "library"] and s["actions"] == 2


def test_rules_gain_and_relocate_cost_one_action() -> None:
    """TB Turn structure 2-3: gaining a follower from the supply onto any own site and a
    relocate (any redistribution over own sites) each cost 1 action."""
    s = table(a=[site("homeland", 5), site("temple", 0)])
    s = pick(s, "gain", 2)
    assert layout(s)[:2] == [(1, "homeland", 0, 5, 0), (2, "temple", 0, 1, 0)] and s["actions"] == 2
    s = pick(s, "relocate")
    assert s["actions"] == 1
    s = pick(s, "take", 1)
    s = pick(s, "take", 1)
    s = pick(s, "done")
    s = pick(s, "site", 2)
    assert layout(s)[:2] == [(1, "homeland", 0, 3, 0), (2, "temple", 0, 3, 0)]
    assert s["actions"] == 1 and main_phase(s)


def test_rules_the_last_action_spent_ends_the_turn_unasked() -> None:
    """TB Turn structure: with no action left and nothing free to do, ending the turn is the only
    choice, so it is taken without asking (core.flow.asked) and logged as a chosen End turn is;
    the next player's turn starts with 3 actions and its question."""
    s = table(a=[site("homeland", 5), site("temple", 0)], actions=1)
    assert ["end"] in choices(s) and ["gain", 2] in choices(s)
    s = pick(s, "gain", 2)
    assert layout(s) == [(1, "homeland", 0, 5, 0), (2, "temple", 0, 1, 0), (3, "homeland", 1, 10, 0)]
    assert [text for _, text in s["log"][-3:]] == [
        "Temple (Ann) gains 1 follower.", "Ann ends the turn.", "Turn 6: Bob (3 actions)."]
    assert (s["active"], s["actions"], s["turn"], s["frames"]) == (1, 3, 6, [])
    assert s["ask"] == {"seat": 1, "prompt": "Bob: 3 actions left. Choose an action or end the turn.",
                        "acts": [["draw", 1], ["gain", 3], ["upgrade"], ["end"]],
                        "labels": ["Draw from level I (3 left)", "Gain a follower on Homeland (Bob)",
                                   "Upgrade to level II (2 actions)", "End turn"],
                        "targets": ["stack:1", "site:3", "level:1", None]}
    refused(s, "end", seat=0)  # Ann's turn is over


def test_rules_end_turn_chosen_with_actions_left() -> None:
    """TB Turn structure: a player may end the turn with actions unspent; the log says so in the
    same words as an End turn taken unasked."""
    s = table(actions=2)
    s = pick(s, "end")
    assert [text for _, text in s["log"][-2:]] == ["Ann ends the turn.", "Turn 6: Bob (3 actions)."]
    assert (s["active"], s["actions"]) == (1, 3)


def test_rules_fortified_site_damage_kills_nobody() -> None:
    """TB Damage and destruction (Fortified): damage to a fortified site adds counters but
    kills no follower while the site stands."""
    s = table(b=[site("homeland", 4), site("fort", 3)], hands=[["siege"], []])
    s = play(s, "siege")
    s = pick(s, "site", 3)
    assert at(s, 1, "fort")["f"] == 3 and at(s, 1, "fort")["dmg"] == 2
    assert s["discard"] == ["siege"] and main_phase(s)


def test_rules_destroyed_site_kills_all_and_discards_attachments() -> None:
    """TB Damage and destruction, TB Attachment cards, TB Tuck a card, R3: counters
    reaching integrity destroy the site; every follower on it dies (not only those the
    damage killed) and the site goes to the discard pile with its attachments and
    tucked cards."""
    s = table(b=[site("homeland", 4), site("temple", 4, dmg=1, att=["plague"], tuck=["farm"])],
              hands=[["siege"], []])
    s = play(s, "siege")
    s = pick(s, "site", 3)
    assert gone(s, 1, "temple")
    assert layout(s) == [(1, "homeland", 0, 10, 0), (2, "homeland", 1, 4, 0)]
    assert s["discard"] == ["plague", "farm", "temple", "siege"]
    assert main_phase(s) and s["result"] is None


def test_rules_total_victory() -> None:
    """TB Game end: the game ends immediately when a player loses all followers; the other
    wins a total victory and nobody acts any more."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 2)], hands=[["siege"], []])
    s = play(s, "siege")
    s = pick(s, "site", 2)
    out = GAME.outcome(s)
    assert out is not None and out.winners == (0,) and "total victory" in out.reason
    assert out.ending is Ending.ELIMINATION
    assert GAME.to_act(s) == []
    refused(s, "end", seat=0)


@pytest.mark.parametrize(("levels", "winners"), [((1, 2), (1,)), ((2, 1), (0,)), ((1, 1), (0, 1))])
def test_rules_total_victory_simultaneous_tiebreak(levels: tuple[int, int], winners: tuple[int, ...]) -> None:
    """TB Game end: if both players lose their last followers at once, the higher
    technology level wins; equal levels are a draw. (Fanaticism's sacrifice and damage
    are one batch, R4.)"""
    s = table(a=[site("homeland", 3)], b=[site("homeland", 3)], hands=[["fanaticism"], []], levels=levels)
    s = play(s, "fanaticism")
    s = pick(s, "num", 3)
    s = pick(s, "site", 2)
    out = GAME.outcome(s)
    assert out is not None and out.winners == winners
    assert layout(s) == [(1, "homeland", 0, 0, 0), (2, "homeland", 1, 0, 3)]


def test_rules_majority_victory_at_end_of_turn() -> None:
    """TB Game end, R15: when a third stack runs out the game goes on to the end of that
    turn; then the player with more followers wins a majority victory."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 6)], stacks=[["siege"], [], [], ["ark"]])
    s = pick(s, "draw", 1)
    assert s["result"] is None and s["actions"] == 2 and main_phase(s)
    s = pick(s, "gain", 1)
    s = pick(s, "gain", 1)  # the last action: the turn ends by itself
    out = GAME.outcome(s)
    assert out is not None and out.winners == (0,) and "majority victory" in out.reason
    assert out.ending is Ending.STANDINGS
    assert out.scores == (7.0, 6.0)


@pytest.mark.parametrize(("levels", "winners"), [((1, 2), (1,)), ((3, 1), (0,)), ((1, 1), (0, 1))])
def test_rules_majority_tie_level_then_draw(levels: tuple[int, int], winners: tuple[int, ...]) -> None:
    """TB Game end: a tie in followers goes to the higher technology level; equal levels
    are a draw."""
    s = table(a=[site("homeland", 6)], b=[site("homeland", 6)], stacks=[["siege"], [], [], ["ark"]], levels=levels)
    s = pick(s, "draw", 1)
    s = pick(s, "end")
    out = GAME.outcome(s)
    assert out is not None and out.winners == winners


def test_rules_end_of_days_destroy_own_site_each_turn() -> None:
    """TB Game end (End of Days variant): the game does not end when 3 stacks are out;
    from the next turn on each player starts by destroying one of their own sites (its
    followers die), then plays normally."""
    s = table(a=[site("homeland", 5), site("temple", 2)], b=[site("homeland", 6), site("church", 1)],
              stacks=[["siege"], [], [], ["ark"]], options={"end_of_days": True})
    s = pick(s, "draw", 1)
    s = pick(s, "end")
    assert s["result"] is None and s["eod"] and s["active"] == 1 and s["actions"] == 3
    assert who(s) == 1 and choices(s) == [["site", 3], ["site", 4]]
    refused(s, "site", 1)
    s = pick(s, "site", 4)
    assert layout(s) == [(1, "homeland", 0, 5, 0), (2, "temple", 0, 2, 0), (3, "homeland", 1, 6, 0)]
    assert s["discard"] == ["church"] and s["actions"] == 3 and main_phase(s)
    s = pick(s, "end")
    assert who(s) == 0 and choices(s) == [["site", 1], ["site", 2]]


def test_rules_end_of_days_last_site_loses() -> None:
    """TB Game end (End of Days): a player whose only site must be destroyed loses its
    followers, so the other player wins (the one choice is taken automatically)."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 6)], stacks=[["siege"], [], [], ["ark"]],
              options={"end_of_days": True})
    s = pick(s, "draw", 1)
    s = pick(s, "end")
    out = GAME.outcome(s)
    assert out is not None and out.winners == (0,) and "total victory" in out.reason
    assert out.ending is Ending.ELIMINATION
    assert gone(s, 1, "homeland") and s["discard"] == ["homeland"]


# ---- Catapult ----------------------------------------------------------------------------------


def test_catapult_played_costs_two_actions_enters_empty() -> None:
    """TB Play a card, TB Sites: Catapult costs 2 actions and enters play with no
    followers."""
    s = table(a=[site("homeland", 5)], hands=[["catapult"], []])
    s = play(s, "catapult")
    assert layout(s) == [(1, "homeland", 0, 5, 0), (2, "homeland", 1, 10, 0), (3, "catapult", 0, 0, 0)]
    assert hand(s, 0) == [] and s["discard"] == [] and s["actions"] == 1


def test_catapult_ability1_one_damage_for_one_action() -> None:
    """CARDS Catapult ability 1 (3 followers, 1 action): 1 damage to any site; R9 once
    per turn. With 3 followers only ability 1 is offered."""
    s = table(a=[site("homeland", 5), site("catapult", 3)], b=[site("homeland", 4)])
    assert ["ability", 2, 1] in choices(s) and ["ability", 2, 2] not in choices(s)
    s = use(s, 2, 1)
    assert choices(s) == [["site", 1], ["site", 2], ["site", 3]]
    s = pick(s, "site", 3)
    assert layout(s) == [(1, "homeland", 0, 5, 0), (2, "catapult", 0, 3, 0), (3, "homeland", 1, 3, 1)]
    assert s["actions"] == 2 and at(s, 0, "catapult")["used"] and main_phase(s)
    assert not any(c[0] == "ability" for c in choices(s))


def test_catapult_ability2_free_and_only_one_ability_per_turn() -> None:
    """CARDS Catapult ability 2 (5 followers, 0 actions); TB Restrictions on abilities:
    only one of a site's abilities per turn, so ability 1 is gone afterwards."""
    s = table(a=[site("homeland", 5), site("catapult", 5)], b=[site("homeland", 4)], actions=1)
    s = use(s, 2, 2)
    s = pick(s, "site", 3)
    assert at(s, 1, "homeland")["f"] == 3 and at(s, 1, "homeland")["dmg"] == 1
    assert s["actions"] == 1
    refused(s, "ability", 2, 1)


def test_catapult_usable_again_next_turn() -> None:
    """R9: the once-per-turn use of an ordinary ability is restored at the owner's next
    turn."""
    s = table(a=[site("homeland", 5), site("catapult", 5)], actions=1)
    s = use(s, 2, 2)
    s = pick(s, "site", 3)
    assert ["ability", 2, 1] not in choices(s)
    s = pick(s, "end")
    s = pick(s, "end")
    assert s["active"] == 0 and not at(s, 0, "catapult")["used"]
    assert ["ability", 2, 1] in choices(s) and ["ability", 2, 2] in choices(s)


def test_catapult_requirement_not_met() -> None:
    """TB Abilities: with 2 followers (fewer than 3) neither Catapult ability is offered."""
    s = table(a=[site("homeland", 5), site("catapult", 2)])
    assert not any(c[0] == "ability" for c in choices(s))
    refused(s, "ability", 2, 1)
    refused(s, "ability", 2, 2)


def test_catapult_ability1_needs_an_action() -> None:
    """CARDS Catapult: ability 1 costs 1 action; ability 2 (5 followers) costs none, so
    at 0 actions only ability 2 is offered."""
    s = table(a=[site("homeland", 5), site("catapult", 5)], actions=0)
    assert choices(s) == [["ability", 2, 2], ["end"]]
    refused(s, "ability", 2, 1)


# ---- Temple ----------------------------------------------------------------------------------


def test_temple_sacrifice_one_gain_one_action() -> None:
    """CARDS Temple (2 followers): sacrifice 1 follower on Temple, then gain 1 action;
    once per turn (R9)."""
    s = table(a=[site("homeland", 5), site("temple", 3)], actions=1)
    s = use(s, 2, 1)
    assert layout(s)[:2] == [(1, "homeland", 0, 5, 0), (2, "temple", 0, 2, 0)]
    assert s["actions"] == 2 and main_phase(s)
    refused(s, "ability", 2, 1)


def test_temple_needs_two_followers() -> None:
    """CARDS Temple: with 1 follower the ability is not offered."""
    s = table(a=[site("homeland", 5), site("temple", 1)], actions=1)
    assert ["ability", 2, 1] not in choices(s)
    refused(s, "ability", 2, 1)


# ---- Mission ---------------------------------------------------------------------------------


def test_mission_discard_then_free_relocate() -> None:
    """CARDS Mission ability 1 (0 followers): discard a card from hand, then a full
    relocate without paying an action."""
    s = table(a=[site("homeland", 5), site("mission", 2)], hands=[["siege", "temple"], []], actions=1)
    s = use(s, 2, 1)
    assert choices(s) == [["card", "siege"], ["card", "temple"]]
    s = pick(s, "card", "temple")
    assert hand(s, 0) == ["siege"] and s["discard"] == ["temple"]
    for _ in range(3):
        s = pick(s, "take", 1)
    s = pick(s, "done")
    s = pick(s, "site", 2)
    assert layout(s)[:2] == [(1, "homeland", 0, 2, 0), (2, "mission", 0, 5, 0)]
    assert s["actions"] == 1 and main_phase(s)


def test_mission_discard_then_two_followers() -> None:
    """CARDS Mission ability 2 (2 followers, card-image ruling): discard a card, then
    gain 2 followers onto Mission; no action spent."""
    s = table(a=[site("homeland", 5), site("mission", 2)], hands=[["siege", "temple"], []], actions=1)
    s = use(s, 2, 2)
    s = pick(s, "card", "siege")
    assert at(s, 0, "mission")["f"] == 4 and hand(s, 0) == ["temple"] and s["discard"] == ["siege"]
    assert s["actions"] == 1 and main_phase(s)
    refused(s, "ability", 2, 1)


def test_mission_empty_hand_not_offered() -> None:
    """CARDS Mission, R9: neither ability can be used with an empty hand."""
    s = table(a=[site("homeland", 5), site("mission", 5)], hands=[[], []], actions=1)
    assert not any(c[0] == "ability" for c in choices(s))
    refused(s, "ability", 2, 1)
    refused(s, "ability", 2, 2)


def test_mission_ability2_needs_two_followers() -> None:
    """CARDS §5 Mission: ability 2 needs 2 followers (printed card), ability 1 none."""
    s = table(a=[site("homeland", 5), site("mission", 1)], hands=[["siege"], []], actions=1)
    assert ["ability", 2, 1] in choices(s) and ["ability", 2, 2] not in choices(s)
    refused(s, "ability", 2, 2)


def test_mission_relocate_opens_sniper_nest() -> None:
    """R8: Mission's free relocate is a full relocate, so the opponent's Sniper Nest may
    answer it."""
    s = table(a=[site("homeland", 5), site("mission", 2)], b=[site("homeland", 4), site("sniper_nest", 1)],
              hands=[["siege"], []])
    s = use(s, 2, 1)
    s = pick(s, "take", 1)
    s = pick(s, "done")
    s = pick(s, "site", 2)
    assert who(s) == 1 and choices(s) == [["use", 4, 1], ["pass"]]
    s = pick(s, "use", 4, 1)
    s = pick(s, "site", 2)
    assert layout(s) == [(1, "homeland", 0, 4, 0), (2, "mission", 0, 2, 0), (3, "homeland", 1, 4, 0),
                         (4, "sniper_nest", 1, 1, 0)]
    assert s["discard"] == ["siege"] and main_phase(s)


# ---- Fort ------------------------------------------------------------------------------------


def test_fort_enters_with_three_followers() -> None:
    """CARDS Fort (on_enter): Fort costs 2 actions and comes into play with 3 followers
    from the supply."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 4)], hands=[["fort"], []])
    s = play(s, "fort")
    assert layout(s) == [(1, "homeland", 0, 5, 0), (2, "homeland", 1, 4, 0), (3, "fort", 0, 3, 0)]
    assert hand(s, 0) == [] and s["discard"] == [] and s["actions"] == 1 and main_phase(s)


def test_fort_destroyed_kills_all_its_followers() -> None:
    """TB Damage and destruction (Fortified ... unless the site is destroyed): a Fort at
    2 counters taking 1 more is destroyed and its 3 followers die."""
    s = table(a=[site("homeland", 5), site("catapult", 3)], b=[site("homeland", 4), site("fort", 3, dmg=2)])
    s = use(s, 2, 1)
    s = pick(s, "site", 4)
    assert gone(s, 1, "fort") and s["discard"] == ["fort"]
    assert layout(s) == [(1, "homeland", 0, 5, 0), (2, "catapult", 0, 3, 0), (3, "homeland", 1, 4, 0)]


# ---- Church ----------------------------------------------------------------------------------


def test_church_gains_follower_on_chosen_own_site() -> None:
    """CARDS Church (3 followers, 0 actions): gain 1 follower onto any site you own."""
    s = table(a=[site("homeland", 5), site("church", 3)], b=[site("homeland", 4)], actions=1)
    s = use(s, 2, 1)
    assert choices(s) == [["site", 1], ["site", 2]]
    refused(s, "site", 3)
    s = pick(s, "site", 1)
    assert layout(s) == [(1, "homeland", 0, 6, 0), (2, "church", 0, 3, 0), (3, "homeland", 1, 4, 0)]
    assert s["actions"] == 1 and main_phase(s)


def test_church_needs_three_followers() -> None:
    """CARDS Church: with 2 followers the ability is not offered."""
    s = table(a=[site("homeland", 5), site("church", 2)], actions=1)
    assert ["ability", 2, 1] not in choices(s)
    refused(s, "ability", 2, 1)


# ---- Plague ----------------------------------------------------------------------------------


def test_plague_kills_one_at_owner_turn_start() -> None:
    """CARDS Plague: attach to any site; at the start of the turn of that site's owner
    (not the player who attached it), kill 1 follower there."""
    s = table(b=[site("homeland", 4), site("temple", 2)], hands=[["plague"], []])
    s = play(s, "plague")
    assert choices(s) == [["site", 1], ["site", 2], ["site", 3]]
    s = pick(s, "site", 3)
    assert atts(s, 3) == ["plague"] and s["actions"] == 2 and at(s, 1, "temple")["f"] == 2
    s = pick(s, "end")
    assert s["active"] == 1 and at(s, 1, "temple")["f"] == 1 and atts(s, 3) == ["plague"]
    s = pick(s, "end")
    assert s["active"] == 0 and at(s, 1, "temple")["f"] == 1


def test_plague_leaves_when_site_empties() -> None:
    """CARDS Plague: Plague is discarded as soon as its site holds no followers (here the
    start-of-turn kill takes the last one)."""
    s = table(b=[site("homeland", 4), site("temple", 1, att=["plague"])])
    s = pick(s, "end")
    assert s["active"] == 1 and at(s, 1, "temple")["f"] == 0 and atts(s, 3) == []
    assert s["discard"] == ["plague"] and main_phase(s)


def test_plague_on_empty_site_discarded_at_once() -> None:
    """CARDS §5 Plague on an empty site: it is discarded at once."""
    s = table(b=[site("homeland", 4), site("temple", 0)], hands=[["plague"], []])
    s = play(s, "plague")
    s = pick(s, "site", 3)
    assert atts(s, 3) == [] and s["discard"] == ["plague"] and s["actions"] == 2 and main_phase(s)


def test_plague_leaves_when_followers_relocated_off() -> None:
    """CARDS Plague (checked continuously): relocating every follower off the site
    discards Plague."""
    s = table(a=[site("homeland", 5), site("temple", 2, att=["plague"])])
    s = pick(s, "relocate")
    s = pick(s, "take", 2)
    s = pick(s, "take", 2)
    s = pick(s, "site", 1)
    s = pick(s, "site", 1)
    assert layout(s)[:2] == [(1, "homeland", 0, 7, 0), (2, "temple", 0, 0, 0)]
    assert atts(s, 2) == [] and s["discard"] == ["plague"] and main_phase(s)


def test_plague_two_start_effects_ordered_by_owner() -> None:
    """R14: with two Plagues at the start of their turn the owner picks the order."""
    s = table(b=[site("homeland", 4, att=["plague"]), site("temple", 2, att=["plague"])])
    s = pick(s, "end")
    assert who(s) == 1 and choices(s) == [["trigger", 0], ["trigger", 1]]
    s = pick(s, "trigger", 1)
    assert at(s, 1, "homeland")["f"] == 3 and at(s, 1, "temple")["f"] == 1 and main_phase(s)


# ---- Siege -----------------------------------------------------------------------------------


def test_siege_two_damage_to_one_site() -> None:
    """CARDS Siege (1 action): 2 damage to one site; TB Event cards: then discarded."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 4)], hands=[["siege"], []])
    s = play(s, "siege")
    assert choices(s) == [["site", 1], ["site", 2]]
    s = pick(s, "site", 2)
    assert layout(s) == [(1, "homeland", 0, 5, 0), (2, "homeland", 1, 2, 2)]
    assert hand(s, 0) == [] and s["discard"] == ["siege"] and s["actions"] == 2 and main_phase(s)


def test_siege_own_site_allowed() -> None:
    """R2: "one site" with no owner named may be one's own."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 4)], hands=[["siege"], []])
    s = play(s, "siege")
    s = pick(s, "site", 1)
    assert layout(s) == [(1, "homeland", 0, 3, 2), (2, "homeland", 1, 4, 0)]


def test_siege_destroys_site_with_attachment() -> None:
    """TB Damage and destruction: Siege bringing counters to integrity destroys the site;
    its attachment is discarded with it."""
    s = table(b=[site("homeland", 4), site("temple", 2, dmg=1, att=["plague"])], hands=[["siege"], []])
    s = play(s, "siege")
    s = pick(s, "site", 3)
    assert gone(s, 1, "temple") and s["discard"] == ["plague", "temple", "siege"]
    assert layout(s) == [(1, "homeland", 0, 10, 0), (2, "homeland", 1, 4, 0)]


def test_siege_opens_window_and_pass_lets_damage_land() -> None:
    """R5: the owner of the threatened site may answer before the damage lands; passing
    lets it land and keeps the reaction in hand."""
    s = table(b=[site("homeland", 4), site("temple", 2)], hands=[["siege"], ["escape_route"]])
    s = play(s, "siege")
    s = pick(s, "site", 2)
    assert who(s) == 1 and choices(s) == [["react", "escape_route", 0], ["pass"]]
    assert at(s, 1, "homeland")["f"] == 4
    s = pick(s, "pass")
    assert at(s, 1, "homeland")["f"] == 2 and at(s, 1, "homeland")["dmg"] == 2
    assert hand(s, 1) == ["escape_route"] and main_phase(s)


# ---- Fanaticism ------------------------------------------------------------------------------


def test_fanaticism_sacrifice_three_deals_three() -> None:
    """CARDS Fanaticism (2 actions): sacrifice up to 3 from one own site, deal that much
    damage to one site; R4 one batch. 3 damage destroys a Church with 3 followers."""
    s = table(a=[site("homeland", 5), site("temple", 2)], b=[site("homeland", 4), site("church", 3)],
              hands=[["fanaticism"], []])
    s = play(s, "fanaticism")
    assert choices(s) == [["site", 1], ["site", 2]]
    s = pick(s, "site", 1)
    assert choices(s) == [["num", 0], ["num", 1], ["num", 2], ["num", 3]]
    s = pick(s, "num", 3)
    assert choices(s) == [["site", 1], ["site", 2], ["site", 3], ["site", 4]]
    s = pick(s, "site", 4)
    assert layout(s) == [(1, "homeland", 0, 2, 0), (2, "temple", 0, 2, 0), (3, "homeland", 1, 4, 0)]
    assert s["discard"] == ["church", "fanaticism"] and s["actions"] == 1 and main_phase(s)


def test_fanaticism_sacrifice_zero_does_nothing() -> None:
    """CARDS Fanaticism: sacrificing 0 deals no damage (no target asked); the card is
    still spent."""
    s = table(a=[site("homeland", 5), site("temple", 2)], b=[site("homeland", 4)], hands=[["fanaticism"], []])
    s = play(s, "fanaticism")
    s = pick(s, "site", 2)
    assert choices(s) == [["num", 0], ["num", 1], ["num", 2]]
    refused(s, "num", 3)
    s = pick(s, "num", 0)
    assert layout(s) == [(1, "homeland", 0, 5, 0), (2, "temple", 0, 2, 0), (3, "homeland", 1, 4, 0)]
    assert s["discard"] == ["fanaticism"] and s["actions"] == 1 and main_phase(s)


def test_fanaticism_sacrifice_on_fort_kills() -> None:
    """TB Damage and destruction (Sacrifice = kill): fortification stops damage kills,
    not sacrifices; 2 sacrificed from a Fort deal 2 damage."""
    s = table(a=[site("homeland", 5), site("fort", 3)], b=[site("homeland", 4)], hands=[["fanaticism"], []])
    s = play(s, "fanaticism")
    s = pick(s, "site", 2)
    s = pick(s, "num", 2)
    s = pick(s, "site", 3)
    assert layout(s) == [(1, "homeland", 0, 5, 0), (2, "fort", 0, 1, 0), (3, "homeland", 1, 2, 2)]


# ---- Divine Inspiration ----------------------------------------------------------------------


@pytest.mark.parametrize(("lvl", "drawn", "stack"), [(1, "martyr", 1), (2, "bioweapon", 2), (3, "mind_control", 3)])
def test_divine_inspiration_draws_one_level_above(lvl: int, drawn: str, stack: int) -> None:
    """CARDS Divine Inspiration (1 action): draw 1 card from the stack exactly one level
    above yours."""
    s = table(hands=[["divine_inspiration"], []], levels=(lvl, 1))
    before = [list(st) for st in s["stacks"]]
    s = play(s, "divine_inspiration")
    assert hand(s, 0) == [drawn] and s["discard"] == ["divine_inspiration"] and s["actions"] == 2
    before[stack].pop()
    assert s["stacks"] == before and main_phase(s)


def test_divine_inspiration_level_four_does_nothing() -> None:
    """CARDS §5 Divine Inspiration: nothing at level IV (the card and action are spent)."""
    s = table(hands=[["divine_inspiration"], []], levels=(4, 1))
    before = [list(st) for st in s["stacks"]]
    s = play(s, "divine_inspiration")
    assert hand(s, 0) == [] and s["stacks"] == before
    assert s["discard"] == ["divine_inspiration"] and s["actions"] == 2 and main_phase(s)


def test_divine_inspiration_empty_stack_does_nothing() -> None:
    """TB Other card types (Note: do nothing if impossible): the level II stack is empty,
    so a level I player draws nothing (not from another stack)."""
    s = table(hands=[["divine_inspiration"], []], stacks=[["siege"], [], ["ark"], ["ark"]])
    s = play(s, "divine_inspiration")
    assert hand(s, 0) == [] and s["stacks"] == [["siege"], [], ["ark"], ["ark"]]
    assert s["discard"] == ["divine_inspiration"] and s["actions"] == 2 and main_phase(s)


# ---- Display of Power ------------------------------------------------------------------------


def test_display_of_power_sacrifice_site_gain_three_actions() -> None:
    """CARDS Display of Power (1 action): sacrifice an own site of printed cost 2 or more
    (its followers die, its attachments go), then gain 3 actions. Homeland (0) and
    Temple (1) are not eligible."""
    s = table(a=[site("homeland", 5), site("catapult", 2, att=["plague"]), site("fort", 3), site("temple", 1)],
              hands=[["display_of_power"], []])
    s = play(s, "display_of_power")
    assert choices(s) == [["site", 2], ["site", 3]]
    refused(s, "site", 1)
    refused(s, "site", 4)
    s = pick(s, "site", 2)
    assert gone(s, 0, "catapult")
    assert layout(s) == [(1, "homeland", 0, 5, 0), (3, "fort", 0, 3, 0), (4, "temple", 0, 1, 0),
                         (5, "homeland", 1, 10, 0)]
    assert s["discard"] == ["plague", "catapult", "display_of_power"] and s["actions"] == 5 and main_phase(s)


def test_display_of_power_no_eligible_site_no_actions() -> None:
    """CARDS Display of Power: with no own site of cost 2+ nothing is sacrificed and no
    actions are gained ("if you did")."""
    s = table(a=[site("homeland", 5), site("temple", 1)], b=[site("fort", 3)], hands=[["display_of_power"], []])
    s = play(s, "display_of_power")
    assert layout(s) == [(1, "homeland", 0, 5, 0), (2, "temple", 0, 1, 0), (3, "fort", 1, 3, 0)]
    assert s["discard"] == ["display_of_power"] and s["actions"] == 2 and main_phase(s)


def test_display_of_power_sacrificing_last_followers_loses() -> None:
    """TB Damage and destruction (sacrifice a site = destroy it), TB Game end: sacrificing
    the site that holds all your followers ends the game at once in a total victory for
    the opponent; no actions are gained."""
    s = table(a=[site("homeland", 0), site("fort", 3)], hands=[["display_of_power"], []])
    s = play(s, "display_of_power")
    out = GAME.outcome(s)
    assert out is not None and out.winners == (1,) and "total victory" in out.reason
    assert out.ending is Ending.ELIMINATION
    assert gone(s, 0, "fort") and "fort" in s["discard"] and s["actions"] == 2


# ---- Escape Route ----------------------------------------------------------------------------


def test_escape_route_moves_followers_before_damage() -> None:
    """CARDS Escape Route (reaction, 0 actions): before the damage lands, move up to 3
    followers off the threatened site to another own site; then the damage applies."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 4), site("temple", 2)], hands=[["siege"], ["escape_route"]])
    s = play(s, "siege")
    s = pick(s, "site", 2)
    s = pick(s, "react", "escape_route", 0)
    assert who(s) == 1 and choices(s) == [["num", 1], ["num", 2], ["num", 3]]
    s = pick(s, "num", 3)
    assert layout(s) == [(1, "homeland", 0, 5, 0), (2, "homeland", 1, 0, 2), (3, "temple", 1, 5, 0)]
    assert hand(s, 1) == [] and s["discard"] == ["escape_route", "siege"] and s["actions"] == 2 and main_phase(s)


def test_escape_route_not_offered_with_one_site() -> None:
    """CARDS Escape Route: it needs another own site to move to; with one site no window
    opens and the card stays in hand."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 4)], hands=[["siege"], ["escape_route"]])
    s = play(s, "siege")
    s = pick(s, "site", 2)
    assert main_phase(s) and layout(s) == [(1, "homeland", 0, 5, 0), (2, "homeland", 1, 2, 2)]
    assert hand(s, 1) == ["escape_route"]


def test_escape_route_not_playable_in_main_phase() -> None:
    """TB Reaction cards: a reaction is played only when its condition is met, never as
    a main-phase action."""
    s = table(a=[site("homeland", 5), site("temple", 2)], hands=[["escape_route"], []])
    assert ["play", "escape_route"] not in choices(s)
    refused(s, "play", "escape_route")


def test_escape_route_counts_as_relocate_for_sniper_nest() -> None:
    """R8, CARDS Escape Route: the move is a limited relocate, so the attacker's Sniper
    Nest may answer it before the damage lands."""
    s = table(a=[site("homeland", 5), site("sniper_nest", 1)], b=[site("homeland", 4), site("temple", 2)],
              hands=[["siege"], ["escape_route"]])
    s = play(s, "siege")
    s = pick(s, "site", 3)
    s = pick(s, "react", "escape_route", 0)
    s = pick(s, "num", 3)
    assert who(s) == 0 and choices(s) == [["use", 2, 1], ["pass"]]
    s = pick(s, "use", 2, 1)
    s = pick(s, "site", 4)
    assert layout(s) == [(1, "homeland", 0, 5, 0), (2, "sniper_nest", 0, 1, 0), (3, "homeland", 1, 0, 2),
                         (4, "temple", 1, 4, 0)]
    assert main_phase(s)


# ---- Misinformation --------------------------------------------------------------------------


def test_misinformation_redirects_to_fortified_site() -> None:
    """CARDS Misinformation, CARDS §5: the whole damage goes to another own site instead;
    the new site's fortified status applies (Fort: counters, no kills)."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 4), site("temple", 2), site("fort", 3)],
              hands=[["siege"], ["misinformation"]])
    s = play(s, "siege")
    s = pick(s, "site", 2)
    assert who(s) == 1 and choices(s) == [["react", "misinformation", 0], ["pass"]]
    s = pick(s, "react", "misinformation", 0)
    assert choices(s) == [["site", 3], ["site", 4]]
    refused(s, "site", 1)
    refused(s, "site", 2)
    s = pick(s, "site", 4)
    assert layout(s) == [(1, "homeland", 0, 5, 0), (2, "homeland", 1, 4, 0), (3, "temple", 1, 2, 0),
                         (4, "fort", 1, 3, 2)]
    assert hand(s, 1) == [] and s["discard"] == ["misinformation", "siege"] and main_phase(s)


def test_misinformation_fresh_window_then_escape_route() -> None:
    """R5: redirected damage opens a fresh window for the new site; Escape Route then
    empties the Temple, which the redirected 2 damage destroys."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 4), site("temple", 2, dmg=1)],
              hands=[["siege"], ["misinformation", "escape_route"]])
    s = play(s, "siege")
    s = pick(s, "site", 2)
    s = pick(s, "react", "misinformation", 0)  # the Temple is the only other site
    assert who(s) == 1 and choices(s) == [["react", "escape_route", 0], ["pass"]]
    assert "Temple" in s["ask"]["prompt"]
    s = pick(s, "react", "escape_route", 0)
    s = pick(s, "num", 2)
    assert gone(s, 1, "temple")
    assert layout(s) == [(1, "homeland", 0, 5, 0), (2, "homeland", 1, 6, 0)]
    assert s["discard"] == ["misinformation", "escape_route", "temple", "siege"] and main_phase(s)


def test_misinformation_not_offered_with_one_site() -> None:
    """CARDS Misinformation: it needs a different own site; with one site no window opens."""
    s = table(a=[site("homeland", 5)], b=[site("homeland", 4)], hands=[["siege"], ["misinformation"]])
    s = play(s, "siege")
    s = pick(s, "site", 2)
    assert main_phase(s) and at(s, 1, "homeland")["f"] == 2 and hand(s, 1) == ["misinformation"]
