"""Exact-state tests: Time Barons for 3 and 4 players (issue 11).

Covers the rulebook's multiplayer rules: the universal rules ("an opponent" asks
which one; effects without that word reach everyone; "you" is one seat), team play
(2 v 2 seating and first turns, total and majority victory of a team, passing
followers and cards during a full relocate and never during a limited one, the
receiver placing the followers), the 3-player team game (the Team Barons choose
who starts, the turn order T1, Solo, T2, Solo, the Team Baron's upgrade draw and the
Solo Baron's upgrade discard), and free-for-all (first turns, The Hammer and each
way to take it, the Forge and firing a weapon, elimination and its transfers, last
player standing, majority), plus the 3–4 player card sets.

Citations: "TB <heading>" = rulebook (shared/seeds/time_barons_rulebook.txt:
"Universal multiplayer rules", "Team multiplayer", "Four-player rules",
"Three-player rules", "Free-for-all multiplayer", "Card sets"); "R<n>" and "CARDS
§<n>" = shared/games/time_barons/CARDS.md.
"""

from __future__ import annotations

import pytest

from py_engine.core import Action, OptionError, Rng, State
from py_engine.core.game import canonical_json
from py_engine.time_barons import GAME
from py_engine.time_barons import cards as C
from tests.time_barons.tb import (
    at,
    choices,
    hand,
    layout,
    main_phase,
    mtable,
    pass_all,
    pick,
    play,
    rebox,
    refused,
    site,
    use,
    who,
)

FFA = {"mode": "free_for_all"}


def caps(*followers: int) -> list[list[dict[str, object]]]:
    """One Capital per seat with the given followers."""
    return [[site("capital", f)] for f in followers]


def knocked_out(s: State, p: int) -> State:
    """``s`` with seat ``p`` already eliminated (no sites, no cards)."""
    s["out"].append(p)
    s["sites"] = [x for x in s["sites"] if x["owner"] != p]
    s["players"][p].update(hand=[], known=[], team_known=[], forge=0)
    rebox(s)
    GAME.stacks.run(s, s)
    GAME.check_invariants(s)
    return s


def end_turn(s: State) -> State:
    """The active player ends the turn; windows owed afterwards are passed."""
    s = pick(s, "end")
    return pass_all(s) if not s["result"] else s


# ---- setup and turn order ------------------------------------------------------------------------

def test_four_player_team_setup_capitals_alternating_teams_and_first_turns() -> None:
    """TB Four-player rules: Capitals with 10 followers, teams alternate around the
    table (seats 0 and 2 against 1 and 3), the marked Capital starts, the first
    three players have 2 actions on their first turn and the fourth has 3."""
    s = GAME.setup(["Ann", "Bob", "Cy", "Dee"], {"mode": "team"}, seed=4)
    assert s["teams"] == [[0, 2], [1, 3]]
    assert [(x["card"], x["owner"], x["f"], x["start"]) for x in s["sites"]] == [
        ("capital", p, 10, True) for p in range(4)]
    assert all(len(pl["hand"]) == 5 for pl in s["players"])
    first = s["active"]
    seen = []
    for _ in range(5):
        seen.append((s["active"], s["actions"]))
        s = end_turn(s)
    assert seen == [((first + k) % 4, 2 if k < 3 else 3) for k in range(5)]


@pytest.mark.parametrize("n", [3, 4])
def test_free_for_all_first_turns_all_but_the_last_have_two_actions(n: int) -> None:
    """TB Free-for-all: all but the last player of the first round have 2 actions;
    play goes clockwise."""
    s = GAME.setup(["Ann", "Bob", "Cy", "Dee"][:n], FFA, seed=2)
    assert s["teams"] == [[p] for p in range(n)] and s["solo"] is None and s["hammer"] is None
    first = s["active"]
    seen = []
    for _ in range(n + 1):
        seen.append((s["active"], s["actions"]))
        s = end_turn(s)
    assert seen == [((first + k) % n, 2 if k < n - 1 else 3) for k in range(n + 1)]


def test_free_for_all_needs_three_or_four_players() -> None:
    """TB Multiplayer rules apply to 3 or 4 players only."""
    with pytest.raises(OptionError, match="3 or 4 players"):
        GAME.setup(["Ann", "Bob"], FFA, seed=1)


def test_three_player_team_barons_choose_who_starts_then_t1_solo_t2_solo() -> None:
    """TB Three-player rules: the Team Barons (seats 0 and 1) see their hands and
    choose who starts; the first Team Baron proposes, the second decides. The
    starter has a full 3 actions and turns go T1, Solo, T2, Solo, T1."""
    s = GAME.setup(["Ann", "Bob", "Sol"], {}, seed=3)
    assert s["teams"] == [[0, 1], [2]] and s["solo"] == 2 and s["turn"] == 0
    assert who(s) == 0 and choices(s) == [["first", 0], ["first", 1]]
    assert all(len(pl["hand"]) == 5 for pl in s["players"])
    s = pick(s, "first", 0)  # Ann proposes she starts
    assert who(s) == 1 and "Ann proposes that Ann starts" in s["ask"]["prompt"]
    assert choices(s) == [["first", 0], ["first", 1]]
    s = pick(s, "first", 1)  # Bob decides that he starts
    assert s["turn"] == 1 and s["active"] == 1 and s["actions"] == 3
    seen = []
    for _ in range(6):
        seen.append((s["active"], s["actions"]))
        s = end_turn(s)
    assert seen == [(1, 3), (2, 3), (0, 3), (2, 3), (1, 3), (2, 3)]


# ---- card sets ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("card_set", ["core", "expansion"])
def test_three_four_player_sets_are_the_rulebooks_66_card_mixes(card_set: str) -> None:
    """TB Card sets: with 3–4 players the Core set drops Military Base ×2, Fortify,
    Loss of Faith and Archaeology and adds 21 Expansion cards (the Expansion set
    likewise); 66 cards, 28/20/12/6 by level, the default for 3–4 players."""
    opts = {} if card_set == "core" else {"card_set": card_set}
    s = GAME.setup(["Ann", "Bob", "Cy", "Dee"], opts, seed=1)
    cards = [c for st in s["stacks"] for c in st] + [c for pl in s["players"] for c in pl["hand"]]
    assert sorted(cards) == sorted(C.set_list_34(card_set))
    assert [len(C.set_list_34(card_set, lv)) for lv in range(1, 5)] == [28, 20, 12, 6]
    base = C.set_list(card_set)
    if card_set == "core":
        for gone_ in ("military_base", "fortify", "loss_of_faith", "archaeology"):
            assert gone_ not in cards
        assert cards.count("onslaught") == 1 and cards.count("mortar") == 2 and "nanobots" in cards
    else:
        for gone_ in ("bad_omen", "power_plant", "replicator"):
            assert gone_ in base and gone_ not in cards
        assert cards.count("church") == 2 and "force_field" in cards
    assert s["box"]["capital"] == 4


def test_random_mix_for_four_players_uses_the_larger_stacks() -> None:
    """TB Custom mix: 28/20/12/6 cards for 3–4 players."""
    s = GAME.setup(["Ann", "Bob", "Cy", "Dee"], {"card_set": "random"}, seed=1)
    assert [len(st) for st in s["stacks"]] == [8, 20, 12, 6]  # 20 level-I cards are in the hands


def test_custom_mix_needs_five_level_one_cards_per_player() -> None:
    ids = C.set_list("core")
    four = [f"{c}#{k}" for c in dict.fromkeys(ids) for k in range(1, ids.count(c) + 1)]
    GAME.setup(["Ann", "Bob", "Cy", "Dee"], {"card_set": "custom", "custom_cards": four}, seed=1)
    few = [x for x in four if C.level(x.split("#")[0]) > 1] + [x for x in four if C.level(x.split("#")[0]) == 1][:14]
    with pytest.raises(OptionError, match="15 level I cards"):
        GAME.setup(["Ann", "Bob", "Cy"], {"card_set": "custom", "custom_cards": few}, seed=1)


# ---- universal rules -----------------------------------------------------------------------------------

def test_an_opponent_means_one_opponent_chosen_by_the_player_never_a_teammate() -> None:
    """TB Universal multiplayer rules, R16: Blockade names one opponent; with
    teams of two the choice is between the two opponents, never the teammate."""
    s = mtable([[site("capital", 5)], [site("capital", 5), site("church", 2)], [site("capital", 5)],
                [site("capital", 4), site("temple", 1)]], hands=[["blockade"], [], [], []])
    s = play(s, "blockade")
    assert choices(s) == [["opp", 1], ["opp", 3]]
    s = pass_all(pick(s, "opp", 3))
    assert [(x[2], x[3]) for x in layout(s)] == [(0, 5), (1, 5), (1, 2), (2, 5), (3, 3), (3, 0)]


def test_an_opponent_in_free_for_all_is_any_other_player() -> None:
    s = mtable(caps(5, 5, 5, 5), hands=[["air_strike"], [], [], []], levels=[3, 1, 1, 1], options=FFA)
    s = play(s, "air_strike")
    assert choices(s) == [["opp", 1], ["opp", 2], ["opp", 3]]


def test_onslaught_reaches_sites_of_several_opponents_at_once() -> None:
    """TB Universal multiplayer rules: a card without the word "opponent" (Onslaught)
    may damage sites of several opponents in one effect."""
    s = mtable(caps(5, 5, 5, 5), hands=[["onslaught"], [], [], []], options=FFA)
    s = play(s, "onslaught")
    for sid_ in (2, 3, 4):
        s = pick(s, "site", sid_)
    s = pass_all(s)
    assert [(x[3], x[4]) for x in layout(s)] == [(5, 0), (4, 1), (4, 1), (4, 1)]


def test_your_site_means_yours_not_your_teammates() -> None:
    """TB Team multiplayer: "you" is one player. Cy holds Misinformation, but Siege
    hits her teammate Ann's site: no window for Cy (only for Ann, who holds none)."""
    s = mtable([[site("capital", 5), site("church", 2)], [site("capital", 5)], [site("capital", 5), site("fort", 2)],
                [site("capital", 5)]], hands=[[], ["siege"], ["misinformation"], []], active=1)
    s = play(s, "siege")
    s = pick(s, "site", 2)
    assert main_phase(s) and at(s, 0, "church")["f"] == 0 and at(s, 0, "church")["dmg"] == 2
    assert hand(s, 2) == ["misinformation"]


# ---- team victory --------------------------------------------------------------------------------------

def test_team_loses_the_moment_either_teammate_has_no_followers() -> None:
    """TB Team multiplayer: Dee's last follower dies, so Bob and Dee lose at once
    although Bob has plenty; Ann and Cy win."""
    s = mtable([[site("capital", 5)], [site("capital", 20)], [site("capital", 1)], [site("capital", 1)]],
               hands=[["siege"], [], [], []])
    s = play(s, "siege")
    s = pick(s, "site", 4)
    assert s["result"]["winners"] == [0, 2]
    assert "Dee has no followers left" in s["result"]["reason"]
    assert GAME.outcome(s) is not None and GAME.to_act(s) == []


def test_team_majority_counts_combined_followers() -> None:
    """TB Team multiplayer: when the third stack runs out, the team with more
    followers in total wins at the end of that turn (7 + 8 against 12 + 2)."""
    s = mtable([[site("capital", 7)], [site("capital", 12)], [site("capital", 8)], [site("capital", 2)]],
               stacks=[["siege"], [], [], ["ark"]])
    s = pick(s, "draw", 1)
    assert not s["result"]
    s = pick(s, "end")
    assert s["result"]["winners"] == [0, 2] and "15 followers" in s["result"]["reason"]


def test_team_majority_tie_goes_to_combined_tech_level_then_draw() -> None:
    s = mtable([[site("capital", 7)], [site("capital", 5)], [site("capital", 3)], [site("capital", 5)]],
               stacks=[[], [], [], []], levels=[1, 2, 1, 1])
    s = pick(s, "end")
    assert s["result"]["winners"] == [1, 3] and "higher tech level" in s["result"]["reason"]
    s = mtable([[site("capital", 7)], [site("capital", 5)], [site("capital", 3)], [site("capital", 5)]],
               stacks=[[], [], [], []], levels=[2, 2, 1, 1])
    s = pick(s, "end")
    assert s["result"]["winners"] == [0, 1, 2, 3] and "draw" in s["result"]["reason"]


# ---- passing during a full relocate --------------------------------------------------------------

def test_full_relocate_passes_followers_and_cards_and_the_receiver_places_them() -> None:
    """TB Team multiplayer: during the relocate action Ann keeps 1 of the 3
    followers she picked up (on Church) and passes 2 to Cy, then passes Siege face
    down; Cy (not the active player) decides where the 2 followers go."""
    s = mtable([[site("capital", 6), site("church", 2)], [site("capital", 10)],
                [site("capital", 3), site("temple", 1)], [site("capital", 10)]],
               hands=[["siege", "temple"], [], ["plague"], []])
    s = pick(s, "relocate")
    for _ in range(3):
        s = pick(s, "take", 1)
    s = pick(s, "done")
    assert choices(s) == [["num", k] for k in range(4)]
    s = pick(s, "num", 2)
    s = pick(s, "site", 2)
    assert choices(s) == [["card", "siege"], ["card", "temple"], ["done"]]
    s = pick(s, "card", "siege")
    assert hand(s, 0) == ["temple"] and hand(s, 2) == ["plague", "siege"]
    s = pick(s, "done")
    assert who(s) == 2 and s["active"] == 0 and "Ann passed you 2 followers" in s["ask"]["prompt"]
    assert choices(s) == [["site", 4], ["site", 5]]
    s = pick(s, "site", 5)  # the second follower can then only go to Temple too (each split once)
    assert main_phase(s) and s["actions"] == 2
    assert layout(s) == [(1, "capital", 0, 3, 0), (2, "church", 0, 3, 0), (3, "capital", 1, 10, 0),
                         (4, "capital", 2, 3, 0), (5, "temple", 2, 3, 0), (6, "capital", 3, 10, 0)]
    assert s["players"][2]["team_known"] == ["siege"] and s["players"][2]["known"] == []


def test_passing_only_cards_and_the_receiver_keeps_them_secret_from_opponents() -> None:
    """A passed card is known to the two teammates only: views, and the
    determinizations a bot searches, hide it from the opponents and the spectator
    (they see a level I card back) and keep it for the teammates."""
    s = mtable(caps(6, 10, 3, 10), hands=[["siege", "temple"], ["martyr"], ["plague"], ["fort"]])
    s = pick(s, "relocate")
    s = pick(s, "done")  # move nobody
    s = pick(s, "card", "siege")
    s = pick(s, "done")
    assert main_phase(s) and s["actions"] == 2
    known = {seat: GAME.view(s, seat)["board"]["players"][2]["known"] for seat in (None, 0, 1, 2, 3)}
    assert known == {None: [], 0: ["siege"], 1: [], 2: [], 3: []}
    for seat in (None, 1, 3):
        for k in range(8):
            d = GAME.determinize(s, seat, Rng.from_seed(k))
            GAME.check_invariants(d)
            assert len(d["players"][2]["hand"]) == 2 and d["players"][2]["team_known"] == []
    for seat in (0, 2):
        for k in range(8):
            d = GAME.determinize(s, seat, Rng.from_seed(k))
            assert "siege" in d["players"][2]["hand"]
    moved = [k for k in range(30) if "siege" not in GAME.determinize(s, 1, Rng.from_seed(k))["players"][2]["hand"]]
    assert moved, "an opponent's determinization must be free to re-deal the passed card"


def test_a_passed_card_makes_the_passers_public_cards_private_to_the_team() -> None:
    """Ann's Library card (taken from the discard pile) was known to all; once she
    passes a card face down, opponents cannot tell which one left, but Cy can."""
    s = mtable(caps(6, 10, 3, 10), hands=[["library", "siege"], [], [], []])
    s["players"][0]["known"] = ["library"]
    s = pick(s, "relocate")
    s = pick(s, "done")
    s = pick(s, "card", "siege")
    s = pick(s, "done")
    assert s["players"][0]["known"] == [] and s["players"][0]["team_known"] == ["library"]
    assert GAME.view(s, 1)["board"]["players"][0]["known"] == []
    assert GAME.view(s, 2)["board"]["players"][0]["known"] == ["library"]


def test_railroad_is_a_full_relocate_and_may_pass() -> None:
    s = mtable([[site("capital", 4), site("railroad", 1)], [site("capital", 10)], [site("capital", 3)],
                [site("capital", 10)]], hands=[["siege"], [], [], []])
    s = use(s, 2, 1)
    s = pick(s, "take", 1)
    s = pick(s, "done")
    s = pick(s, "num", 1)
    s = pick(s, "card", "siege")  # then nothing is left to pass: the relocate ends
    assert main_phase(s) and at(s, 2, "capital")["f"] == 4 and hand(s, 2) == ["siege"] and s["actions"] == 3


def test_no_passing_during_a_limited_relocate_castle() -> None:
    """TB Team multiplayer: Castle's move is a limited relocate: no count of
    followers to pass is asked, no card can be passed, and a pass is refused."""
    s = mtable([[site("capital", 4), site("castle", 0)], [site("capital", 10)], [site("capital", 3)],
                [site("capital", 10)]], hands=[["siege"], [], [], []])
    s = use(s, 2, 1)
    s = pick(s, "take", 1)
    s = pick(s, "done")
    assert main_phase(s) and at(s, 0, "castle")["f"] == 1 and hand(s, 0) == ["siege"]
    assert at(s, 2, "capital")["f"] == 3


def test_no_passing_during_escape_route_or_threat() -> None:
    """Escape Route and Threat move followers without passing (limited relocates)."""
    s = mtable([[site("capital", 5)], [site("capital", 5), site("church", 3)], [site("capital", 5)],
                [site("capital", 3)]], hands=[["siege"], ["escape_route", "temple"], [], []])
    s = play(s, "siege")
    s = pick(s, "site", 3)
    s = pick(s, "react", "escape_route", 0)
    assert choices(s) == [["num", 1], ["num", 2], ["num", 3]]  # how many to move; nothing to pass
    refused(s, "card", "temple")
    s = pick(s, "num", 3)
    s = pass_all(s)
    assert at(s, 1, "capital")["f"] == 8 and hand(s, 1) == ["temple"] and at(s, 3, "capital")["f"] == 3
    s = mtable([[site("capital", 5)], [site("capital", 5), site("church", 3), site("temple", 0)], [site("capital", 5)],
                [site("capital", 3)]], hands=[["threat"], ["temple"], [], []])
    s = play(s, "threat")
    s = pick(s, "site", 3)
    assert who(s) == 1 and choices(s) == [["site", 2], ["site", 4]]  # Bob places on his own sites only
    for _ in range(3):
        s = pick(s, "site", 2)
    assert at(s, 1, "capital")["f"] == 8 and at(s, 3, "capital")["f"] == 3 and hand(s, 1) == ["temple"]


def test_no_passing_when_assimilation_empties_a_site() -> None:
    """Assimilation's forced move is a limited relocate too (TB Team multiplayer)."""
    s = mtable([[site("capital", 5)], [site("capital", 5), site("church", 3), site("temple", 0)], [site("capital", 5)],
                [site("capital", 3)]], hands=[["assimilation"], ["siege"], [], []], levels=[4, 1, 1, 1])
    s = play(s, "assimilation")
    s = pick(s, "site", 3)
    assert who(s) == 1 and choices(s) == [["site", 2], ["site", 4]]
    refused(s, "card", "siege")
    s = pick(s, "site", 4)  # all three to Temple (the later ones can only follow)
    assert at(s, 0, "church")["f"] == 0 and at(s, 1, "temple")["f"] == 3 and hand(s, 1) == ["siege"]
    assert at(s, 3, "capital")["f"] == 3


def test_relocate_with_a_single_site_still_allows_passing() -> None:
    """Ann has only her Capital: a relocate moves nobody between her sites, but
    she may still pass followers to Cy (who places them)."""
    s = mtable(caps(9, 10, 2, 10), hands=[[], [], [], []])
    assert ["relocate"] in choices(s)
    s = pick(s, "relocate")
    for _ in range(4):
        s = pick(s, "take", 1)
    s = pick(s, "done")
    assert choices(s) == [["num", k] for k in range(5)]
    s = pick(s, "num", 4)  # no cards to pass: that single option is taken without asking
    assert main_phase(s) and at(s, 0, "capital")["f"] == 5 and at(s, 2, "capital")["f"] == 6


def test_solo_baron_has_no_teammate_to_pass_to() -> None:
    s = mtable(caps(9, 10, 9), hands=[[], [], ["siege"]], active=2)
    assert ["relocate"] not in choices(s)


# ---- the 3-player team game's upgrade rules ----------------------------------------------------

def test_team_baron_may_draw_a_card_for_no_action_after_upgrading() -> None:
    """TB Three-player rules: after upgrading, a Team Baron may draw a card free."""
    s = mtable(caps(9, 10, 9), hands=[[], [], []], actions=3)
    s = pick(s, "upgrade")
    assert s["players"][0]["level"] == 2 and choices(s) == [["stack", 1], ["stack", 2], ["no"]]
    s = pick(s, "stack", 2)
    assert main_phase(s) and hand(s, 0) == ["martyr"] and s["actions"] == 1


def test_team_baron_bonus_draw_may_be_declined() -> None:
    s = mtable(caps(9, 10, 9), hands=[[], [], []], actions=3, active=1)
    s = pick(s, "upgrade")
    s = pick(s, "no")
    assert main_phase(s) and hand(s, 1) == [] and s["actions"] == 1


def test_solo_baron_discards_a_card_to_upgrade_and_cannot_with_an_empty_hand() -> None:
    """TB Three-player rules: the Solo Baron pays a card besides the actions; with
    no card, no upgrade (also refused); no bonus draw."""
    s = mtable(caps(9, 10, 9), hands=[[], [], ["siege", "temple"]], active=2)
    s = pick(s, "upgrade")
    assert choices(s) == [["card", "siege"], ["card", "temple"]]
    s = pick(s, "card", "temple")
    assert main_phase(s) and s["players"][2]["level"] == 2 and hand(s, 2) == ["siege"] and s["actions"] == 1
    assert s["discard"] == ["temple"]
    s = mtable(caps(9, 10, 9), hands=[[], [], []], active=2)
    assert ["upgrade"] not in choices(s)
    refused(s, "upgrade")


def test_solo_baron_university_upgrade_needs_a_card_too() -> None:
    """R12: the discard applies to every upgrade of the Solo Baron."""
    s = mtable([[site("capital", 9)], [site("capital", 9)], [site("capital", 5), site("university", 3)]],
               hands=[[], [], []], active=2)
    assert ["ability", 2, 2] not in choices(s)
    s = mtable([[site("capital", 9)], [site("capital", 9)], [site("capital", 5), site("university", 3)]],
               hands=[[], [], ["siege"]], active=2)
    s = use(s, 4, 2)
    assert main_phase(s) and s["players"][2]["level"] == 2 and hand(s, 2) == [] and s["actions"] == 1


# ---- free-for-all: The Hammer ------------------------------------------------------------------

def test_first_upgrade_claims_the_hammer_and_a_later_upgrade_does_not() -> None:
    """TB Free-for-all: the first player to upgrade claims The Hammer."""
    s = mtable(caps(9, 9, 9), options=FFA)
    s = pick(s, "upgrade")
    assert s["hammer"] == 0
    s = end_turn(s)
    assert s["players"][0]["forge"] == 1  # Ann ended her turn holding it
    s["actions"] = 3
    s = pick(s, "upgrade")
    assert s["hammer"] == 0 and s["active"] == 1


def test_holding_the_hammer_at_the_end_of_a_turn_forges_a_token() -> None:
    s = mtable(caps(9, 9, 9), options=FFA)
    s["hammer"] = 1
    s = end_turn(s)  # Ann's turn ends; Bob holds it: nothing yet
    assert [pl["forge"] for pl in s["players"]] == [0, 0, 0]
    s = end_turn(s)
    assert [pl["forge"] for pl in s["players"]] == [0, 1, 0]


def test_taking_the_hammer_by_killing_a_follower_of_its_holder() -> None:
    s = mtable([[site("capital", 9)], [site("capital", 9), site("church", 2)], [site("capital", 9)]],
               hands=[["blockade"], [], []], options=FFA, levels=[2, 1, 1])
    s["hammer"] = 1
    s = play(s, "blockade")
    s = pick(s, "opp", 1)
    assert s["hammer"] == 0


def test_taking_the_hammer_by_damaging_a_site_of_its_holder_even_fortified() -> None:
    """Damage to a fortified site kills nobody but is still damage."""
    s = mtable([[site("capital", 9)], [site("capital", 9), site("fort", 0)], [site("capital", 9)]],
               hands=[["siege"], [], []], options=FFA)
    s["hammer"] = 1
    s = play(s, "siege")
    s = pick(s, "site", 3)
    assert at(s, 1, "fort")["dmg"] == 2 and s["hammer"] == 0


def test_prevented_damage_does_not_take_the_hammer() -> None:
    """TB Free-for-all: damage prevented (Cannon Fodder) wins nothing."""
    s = mtable([[site("capital", 9)], [site("capital", 9), site("church", 2)], [site("capital", 9)]],
               hands=[["siege"], ["cannon_fodder"], []], options=FFA)
    s["hammer"] = 1
    s = play(s, "siege")
    s = pick(s, "site", 2)  # Bob's Capital, 2 damage
    s = pick(s, "react", "cannon_fodder", 0)
    s = pick(s, "site", 3)
    s = pick(s, "site", 3)  # two followers of Church sacrificed: the damage is gone
    s = pass_all(s)
    assert at(s, 1, "capital")["dmg"] == 0 and at(s, 1, "church")["f"] == 0 and s["hammer"] == 1


def test_partly_prevented_damage_takes_the_hammer() -> None:
    s = mtable([[site("capital", 9)], [site("capital", 9), site("church", 2)], [site("capital", 9)]],
               hands=[["siege"], ["cannon_fodder"], []], options=FFA)
    s["hammer"] = 1
    s = play(s, "siege")
    s = pick(s, "site", 2)
    s = pick(s, "react", "cannon_fodder", 0)
    s = pick(s, "site", 3)
    s = pick(s, "done")
    s = pass_all(s)
    assert at(s, 1, "capital")["dmg"] == 1 and s["hammer"] == 0


def test_force_field_prevention_does_not_take_the_hammer() -> None:
    s = mtable([[site("capital", 9)], [site("capital", 9), site("force_field", 1)], [site("capital", 9)]],
               hands=[["siege"], [], []], options=FFA)
    s["hammer"] = 1
    s = play(s, "siege")
    s = pick(s, "site", 2)
    s = pick(s, "use", 3, 1, 0)
    s = pass_all(s)
    assert at(s, 1, "capital")["dmg"] == 0 and s["hammer"] == 1


def test_taking_the_hammer_by_placing_an_attachment_even_plague_on_an_empty_site() -> None:
    """TB Free-for-all: placing any attachment on the holder's site takes The
    Hammer at once; a Plague that leaves the empty site at once still counts."""
    s = mtable([[site("capital", 9)], [site("capital", 9), site("church", 0)], [site("capital", 9)]],
               hands=[["plague"], [], []], options=FFA)
    s["hammer"] = 1
    s = play(s, "plague")
    s = pick(s, "site", 3)
    assert s["hammer"] == 0 and at(s, 1, "church")["att"] == [] and "plague" in s["discard"]


def test_later_plague_deaths_do_not_take_the_hammer() -> None:
    """TB Free-for-all: an attachment's later effects do not take The Hammer: the
    Plague Ann placed on Bob's Capital kills at the start of his turn, and Bob keeps
    The Hammer."""
    s = mtable([[site("capital", 9)], [site("capital", 9, att=["plague"])], [site("capital", 9)]],
               options=FFA)
    s["hammer"] = 1
    s["sites"][1]["att"] = [["plague", 0]]
    s = end_turn(s)  # Bob's turn starts: Plague kills one of his followers
    assert at(s, 1, "capital")["f"] == 8 and s["hammer"] == 1


def test_moving_an_attachment_with_supply_depot_is_not_placing_it() -> None:
    """CARDS §5 Supply Depot: moving an attachment is not placing one."""
    s = mtable([[site("capital", 9), site("supply_depot", 3)], [site("capital", 9, att=["retrofitting"]),
                                                                 site("church", 1)], [site("capital", 9)]],
               options=FFA, levels=[2, 1, 1])
    s["hammer"] = 1
    s = use(s, 2, 2)  # the only attachment, the only other site of its owner: no question
    assert s["hammer"] == 1 and at(s, 1, "church")["att"] == [["retrofitting", 1]]


def test_damaging_your_own_site_or_someone_elses_keeps_the_hammer_where_it_is() -> None:
    s = mtable([[site("capital", 9)], [site("capital", 9)], [site("capital", 9)]],
               hands=[["siege", "siege"], [], []], options=FFA)
    s["hammer"] = 1
    s = play(s, "siege")
    s = pass_all(pick(s, "site", 3))
    assert s["hammer"] == 1
    s["hammer"] = 0
    s = play(s, "siege")
    s = pass_all(pick(s, "site", 1))
    assert s["hammer"] == 0


# ---- free-for-all: the Forge ------------------------------------------------------------------

def test_firing_a_weapon_hits_each_opponent_in_turn_from_the_left() -> None:
    """TB Free-for-all: 3 tokens back to the supply; starting with the opponent to
    the left (Cy, seat 2, fires: Dee, then Ann, then Bob), pick a site and deal 3
    damage, one opponent after the other. It costs no action; the holder of The
    Hammer is not needed."""
    s = mtable([[site("capital", 9), site("church", 2)], [site("capital", 9), site("temple", 1)],
                [site("capital", 9)], [site("capital", 9), site("fort", 3)]], options=FFA, active=2)
    s["players"][2]["forge"] = 4
    s["hammer"] = 0
    GAME.stacks.run(s, s)
    s = pick(s, "fire")
    assert s["players"][2]["forge"] == 1 and s["actions"] == 3
    assert choices(s) == [["site", 6], ["site", 7]] and "Dee's sites" in s["ask"]["prompt"]
    s = pick(s, "site", 6)
    # Dee's Capital took its 3 damage before Ann's site is chosen
    assert at(s, 3, "capital")["dmg"] == 3 and at(s, 3, "capital")["f"] == 6
    assert choices(s) == [["site", 1], ["site", 2]] and "Ann's sites" in s["ask"]["prompt"]
    s = pick(s, "site", 2)
    assert s["hammer"] == 2  # damaging a site of its holder took The Hammer
    assert choices(s) == [["site", 3], ["site", 4]] and "Bob's sites" in s["ask"]["prompt"]
    s = pick(s, "site", 4)
    s = pass_all(s)
    assert main_phase(s) and ["fire"] not in choices(s)
    assert [(x[1], x[2], x[3], x[4]) for x in layout(s)] == [
        ("capital", 0, 9, 0), ("capital", 1, 9, 0), ("capital", 2, 9, 0), ("capital", 3, 6, 3),
        ("fort", 3, 3, 0)]
    assert sorted(s["discard"]) == ["church", "temple"]  # both took 3: destroyed


def test_fire_needs_three_tokens() -> None:
    s = mtable(caps(9, 9, 9), options=FFA)
    s["players"][0]["forge"] = 2
    GAME.stacks.run(s, s)
    assert ["fire"] not in choices(s)
    refused(s, "fire")


# ---- free-for-all: elimination ---------------------------------------------------------------

def test_eliminator_takes_the_forge_tokens_and_the_eliminated_cards_are_discarded() -> None:
    """TB Free-for-all: Bob loses his last follower to Ann's Siege: he is out, his
    3 tokens go to Ann's Forge, his hand and his sites (with their attachments) go
    to the discard pile, and turns skip him."""
    s = mtable([[site("capital", 9)], [site("capital", 1), site("church", 0, att=["retrofitting"])],
                [site("capital", 9)], [site("capital", 9)]],
               hands=[["siege"], ["temple", "fort"], [], []], options=FFA)
    s["players"][1]["forge"] = 3
    s = play(s, "siege")
    s = pick(s, "site", 2)
    assert s["out"] == [1] and not s["result"]
    assert [pl["forge"] for pl in s["players"]] == [3, 0, 0, 0]
    assert hand(s, 1) == [] and not [x for x in s["sites"] if x["owner"] == 1]
    assert sorted(s["discard"]) == ["capital", "church", "fort", "retrofitting", "siege", "temple"]
    s = end_turn(s)
    assert s["active"] == 2
    GAME.check_invariants(s)


def test_attachments_the_eliminated_player_placed_on_other_sites_are_discarded() -> None:
    """TB Free-for-all (cont'd), elimination: the eliminated player's remaining
    cards are discarded, and that takes in the attachments they placed on other
    players' sites (TB Other card types, attachment cards: an attachment stays in
    play; TB Free-for-all, The Hammer: its later effects are still the placer's).
    Bob placed a Plague on Cy's Capital; Dee placed one on Cy's Church; Cy put
    Retrofitting on her own Capital and Dee Fortify on hers. Ann's Siege takes Bob's
    last follower: only his Plague leaves; the others' attachments stay. At the start
    of Cy's turn only Dee's Plague kills."""
    s = mtable([[site("capital", 9)], [site("capital", 1)],
                [site("capital", 9, att=["plague", "retrofitting"]), site("church", 3, att=["plague"])],
                [site("capital", 9, att=["fortify"])]],
               hands=[["siege"], ["temple"], [], []], options=FFA)
    s["sites"][2]["att"] = [["plague", 1], ["retrofitting", 2]]  # Bob's Plague, Cy's Retrofitting
    s["sites"][3]["att"] = [["plague", 3]]  # Dee's Plague on Cy's Church
    s = play(s, "siege")
    s = pick(s, "site", 2)
    assert s["out"] == [1] and not s["result"] and main_phase(s)
    assert layout(s) == [(1, "capital", 0, 9, 0), (3, "capital", 2, 9, 0), (4, "church", 2, 3, 0),
                         (5, "capital", 3, 9, 0)]
    assert [x["att"] for x in s["sites"]] == [[], [["retrofitting", 2]], [["plague", 3]], [["fortify", 3]]]
    assert sorted(s["discard"]) == ["capital", "plague", "siege", "temple"]
    assert [None, "Plague (placed by Bob) leaves Capital (Cy)."] in s["log"]
    GAME.check_invariants(s)
    # the card left play: nobody can play it or answer with it, and Bob cannot act
    refused(s, "play", "plague")
    refused(s, "end", seat=1)
    s = end_turn(s)  # Bob is skipped: Cy's turn starts with one Plague only (no order to choose)
    assert s["active"] == 2 and main_phase(s)
    assert layout(s) == [(1, "capital", 0, 9, 0), (3, "capital", 2, 9, 0), (4, "church", 2, 2, 0),
                         (5, "capital", 3, 9, 0)]
    assert sorted(s["discard"]) == ["capital", "plague", "siege", "temple"]


def test_a_site_held_up_by_the_eliminated_players_retrofitting_collapses() -> None:
    """TB Free-for-all (cont'd), elimination, with CARDS Retrofitting: Bob's
    Retrofitting kept Dee's Church (4 counters, integrity 3 + 3) standing. It leaves
    with Bob, the Church is destroyed at once and its followers die. That was Dee's
    last follower: she is out too, and as the collapse was nobody's doing, her Forge
    tokens go back to the supply, while Ann takes Bob's."""
    s = mtable([[site("capital", 9)], [site("capital", 1)], [site("capital", 9)],
                [site("church", 2, dmg=4, att=["retrofitting"])]],
               hands=[["siege"], [], [], []], options=FFA, forge=[0, 2, 0, 1])
    s["sites"][3]["att"] = [["retrofitting", 1]]
    s = play(s, "siege")
    s = pick(s, "site", 2)
    assert s["out"] == [1, 3] and not s["result"] and main_phase(s)
    assert layout(s) == [(1, "capital", 0, 9, 0), (3, "capital", 2, 9, 0)]
    assert [pl["forge"] for pl in s["players"]] == [2, 0, 0, 0]
    assert sorted(s["discard"]) == ["capital", "church", "retrofitting", "siege"]


def test_elimination_with_no_opponent_behind_it_returns_tokens_to_the_supply() -> None:
    """Bob sacrifices his last follower (Military Base): nobody eliminated him, so his
    tokens go back to the supply, and he was holding The Hammer: it goes back to
    the middle, for the next player to upgrade. His turn ends at once."""
    s = mtable([[site("capital", 9)], [site("military_base", 1)], [site("capital", 9)]], hands=[[], ["siege"], []],
               options=FFA, active=1)
    s["players"][1]["forge"] = 2
    s["hammer"] = 1
    s = use(s, 2, 1)  # sacrifice his 1 follower for 1 damage...
    s = pick(s, "site", 1)  # ...to Ann's Capital
    assert s["out"] == [1] and s["hammer"] is None and s["active"] == 2
    assert at(s, 0, "capital")["dmg"] == 1
    assert [pl["forge"] for pl in s["players"]] == [0, 0, 0]
    s["actions"] = 3
    s = pick(s, "upgrade")
    assert s["hammer"] == 2


def test_last_player_with_followers_wins() -> None:
    """TB Free-for-all: Cy is out already; Ann's Siege kills Bob's last follower:
    Ann is the last player standing."""
    s = knocked_out(mtable(caps(9, 1, 5), hands=[["siege"], [], []], options=FFA), 2)
    s = play(s, "siege")
    s = pick(s, "site", 2)
    assert s["result"]["winners"] == [0] and "last player with followers" in s["result"]["reason"]


def test_players_eliminated_together_last_tie_break_on_level() -> None:
    """The last two players lose their last followers to one Shelling of Ann's
    (DESIGNED, as the 2-player rule): the higher tech level wins."""
    s = knocked_out(mtable([[site("temple", 1)], [site("capital", 1)], [site("capital", 9)]],
                           hands=[["shelling"], [], []], levels=[2, 3, 1], options=FFA), 2)
    s = play(s, "shelling")
    s = pick(s, "site", 1)
    s = pick(s, "site", 2)  # the third point can only go to Bob's Capital too
    assert s["out"] == [2, 0, 1] and s["result"]["winners"] == [1]


def test_free_for_all_majority_most_followers_then_level_then_draw() -> None:
    s = mtable(caps(6, 8, 8), stacks=[[], [], [], []], levels=[4, 1, 2], options=FFA)
    s = pick(s, "end")
    assert s["result"]["winners"] == [2] and "higher tech level" in s["result"]["reason"]
    s = mtable(caps(6, 8, 8), stacks=[[], [], [], []], levels=[4, 2, 2], options=FFA)
    s = pick(s, "end")
    assert s["result"]["winners"] == [1, 2] and "draw between Bob and Cy" in s["result"]["reason"]
    s = mtable(caps(9, 8, 8), stacks=[[], [], [], []], options=FFA)
    s = pick(s, "end")
    assert s["result"]["winners"] == [0]


def test_eliminated_players_are_no_longer_opponents() -> None:
    s = knocked_out(mtable(caps(9, 9, 9, 9), hands=[["blockade"], [], [], []], options=FFA, levels=[2, 1, 1, 1]), 2)
    s = play(s, "blockade")
    assert choices(s) == [["opp", 1], ["opp", 3]]


# ---- hidden information with teammates ---------------------------------------------------------

def test_a_teammates_window_check_is_a_reveal_unless_the_team_knows_the_hand() -> None:
    """Issue 9 with teams: Ann's Siege on Cy's site asks whether Cy may answer; if
    Cy's hand holds cards Ann cannot identify, that is a reveal; if Ann knows the
    whole hand (she passed it), it is not."""
    s = mtable([[site("capital", 9)], [site("capital", 9)], [site("capital", 9), site("church", 1)],
                [site("capital", 9)]], hands=[["siege"], [], ["temple"], []])
    after = pick(play(s, "siege"), "site", 4)
    assert after["reveals"] > s["reveals"]
    s["players"][2]["team_known"] = ["temple"]
    after = pick(play(s, "siege"), "site", 4)
    assert after["reveals"] == s["reveals"]


def test_undoing_a_pass_is_allowed_and_teaches_nothing() -> None:
    """Passing a card reveals nothing to the passer (she chose it): the relocate can
    be taken back (no reveal, no chance)."""
    s = mtable(caps(6, 10, 3, 10), hands=[["siege", "temple"], [], ["plague"], []])
    t = pick(pick(pick(s, "relocate"), "done"), "card", "siege")
    assert t["reveals"] == s["reveals"] and t["rng"] == s["rng"]


def test_passed_card_choice_is_the_last_question_of_its_planner() -> None:
    """The design rule of effects.py (a hand card choice ends its planner) holds for
    passing, so a determinization never holds a half-made choice naming a hidden
    card: after each passed card the next question belongs to a fresh planner."""
    s = mtable(caps(6, 10, 3, 10), hands=[["siege", "temple"], [], [], []])
    s = pick(pick(s, "relocate"), "done")
    s = pick(s, "card", "siege")
    assert s["frames"][-1]["fn"] == "pass_cards" and s["frames"][-1]["ans"] == []
    assert canonical_json(s) == canonical_json(GAME.apply(pick(pick(mtable(
        caps(6, 10, 3, 10), hands=[["siege", "temple"], [], [], []]), "relocate"), "done"), 0,
        Action("card", ("siege",))))


# ---- saves from before the multiplayer modes ------------------------------------------------------

def test_a_two_player_save_from_engine_0_2_resumes_as_one_on_one() -> None:
    """A 2-player save written before the ``mode`` option existed (engine 0.2.0:
    its options lack ``mode`` and its checksum was taken on the older state layout)
    loads as the same one-on-one game, with a notice, and nothing is lost."""
    import random

    from py_engine.core import Match, Seat

    m = Match.new("time_barons", [Seat("Ann"), Seat("Bob", "bot", "easy")], {}, 42)
    rng = random.Random(1)
    for _ in range(60):
        seat = m.to_act()[0]
        m.apply(seat, rng.choice(m.game.legal_actions(m.state, seat)))
    old = m.save()
    del old["options"]["mode"]
    old["engine"], old["state_hash"] = "0.2.0", "0123456789abcdef"
    again = Match.load(old)
    assert again.options["mode"] == "team" and len(again.actions) == 60
    assert canonical_json(again.state) == canonical_json(m.state)
    assert len(again.notices) == 1 and "version 0.2.0" in again.notices[0]
