"""Exact-state tests: Time Barons' final standings (issue 24 §1).

Every way the game ends, each played out through the rules from a hand-built table: the
2-player total victory (and both sides out at once: the tech level, then a draw), the
majority victory when three draw stacks are out (followers, then the tech level, then a
draw), the End of Days variant; team games of 3 and 4 players (one row per team, combined
followers and tech levels); free-for-all (last player standing, the last players falling
together, the majority among those still in, eliminated players by the order they fell).

Citations: "TB <heading>" = rulebook (shared/seeds/time_barons_rulebook.txt: "Game end",
"Team multiplayer", "Free-for-all multiplayer").
"""

from __future__ import annotations

from py_engine.core import Standing, Standings, State
from py_engine.time_barons import GAME
from tests.time_barons.tb import mtable, pass_all, pick, play, rebox, site, table

FFA = {"mode": "free_for_all"}
EMPTY: list[list[str]] = [[], [], [], []]


def standings(s: State) -> Standings:
    """The standings of a finished game, checked against the outcome (the winners are
    exactly the place-1 rows), the seats (each in one row) and the view."""
    st = GAME.standings(s)
    out = GAME.outcome(s)
    assert st is not None and out is not None
    assert sorted(p for r in st.rows if r.place == 1 for p in r.seats) == sorted(out.winners)
    assert sorted(p for r in st.rows for p in r.seats) == list(range(len(s["seats"])))
    assert [r.place for r in st.rows] == sorted(r.place for r in st.rows)
    assert GAME.view(s, 0)["standings"] == GAME.view(s, None)["standings"] == st.to_json()
    return st


def caps(*followers: int) -> list[list[dict[str, object]]]:
    """One Capital per seat with the given followers."""
    return [[site("capital", f)] for f in followers]


def one(lv: str) -> tuple[tuple[str, str], ...]:
    """The details of a one-player row: the tech level (the followers are the score)."""
    return (("Tech level", lv),)


def test_no_standings_while_the_game_runs() -> None:
    s = table()
    assert GAME.standings(s) is None and GAME.view(s, 0)["standings"] is None
    s = mtable(caps(9, 5, 9), options=FFA)
    assert GAME.standings(s) is None and GAME.view(s, None)["standings"] is None


# ---- two players ----------------------------------------------------------------------------

def test_total_victory() -> None:
    """TB Game end: Ann's Siege kills Bob's last follower."""
    s = table(b=[site("homeland", 1)], hands=[["siege"], []], levels=(1, 2))
    s = pick(play(s, "siege"), "site", 2)
    assert standings(s) == Standings(
        (Standing(1, (0,), "10 followers", one("I")), Standing(2, (1,), "0 followers", one("II"))),
        "Bob has no followers left; Ann wins a total victory.", "TB Game end", "5 turns")


def test_both_sides_out_at_once_the_higher_tech_level_wins_else_a_draw() -> None:
    """TB Game end: Ann's Shelling takes the last follower of both sides at once; Bob is
    on level III, Ann on II: Bob wins. On the same level it is a draw, both first."""
    s = table(a=[site("temple", 1)], b=[site("homeland", 1)], hands=[["shelling"], []], levels=(2, 3))
    s = pick(pick(play(s, "shelling"), "site", 1), "site", 2)
    assert standings(s) == Standings(
        (Standing(1, (1,), "0 followers", one("III")), Standing(2, (0,), "0 followers", one("II"))),
        "Both sides lost their last followers at once; Bob wins on the higher tech level.", "TB Game end",
        "5 turns")
    s = table(a=[site("temple", 1)], b=[site("homeland", 1)], hands=[["shelling"], []], levels=(2, 2))
    s = pick(pick(play(s, "shelling"), "site", 1), "site", 2)
    assert standings(s) == Standings(
        (Standing(1, (0,), "0 followers", one("II")), Standing(1, (1,), "0 followers", one("II"))),
        "Both sides lost their last followers at once and on the same tech level: a draw.", "TB Game end",
        "5 turns")


def test_majority_victory_then_tech_level_then_draw() -> None:
    """TB Game end: the turn ends with three stacks out; more followers win (Ann 6 to 4),
    then the higher tech level (5 each, Bob on II), then it is a draw."""
    s = pick(table(a=[site("homeland", 6)], b=[site("homeland", 4)], stacks=EMPTY, levels=(1, 3)), "end")
    assert standings(s) == Standings(
        (Standing(1, (0,), "6 followers", one("I")), Standing(2, (1,), "4 followers", one("III"))),
        "Three of the four draw stacks ran out; Ann wins a majority victory with 6 followers.",
        "TB Game end", "5 turns")
    s = pick(table(a=[site("homeland", 5)], b=[site("homeland", 5)], stacks=EMPTY, levels=(1, 2)), "end")
    assert standings(s) == Standings(
        (Standing(1, (1,), "5 followers", one("II")), Standing(2, (0,), "5 followers", one("I"))),
        "Three of the four draw stacks ran out with both sides on 5 followers; Bob wins on the higher "
        "tech level.", "TB Game end", "5 turns")
    s = pick(table(a=[site("homeland", 5)], b=[site("homeland", 2), site("temple", 3)], stacks=EMPTY,
                   levels=(4, 4), turn=30), "end")
    assert standings(s) == Standings(
        (Standing(1, (0,), "5 followers", one("IV")), Standing(1, (1,), "5 followers", one("IV"))),
        "Three of the four draw stacks ran out with both sides on 5 followers and on the same tech level: "
        "a draw.", "TB Game end", "30 turns")


def test_end_of_days_ends_with_a_total_victory() -> None:
    """TB Game end, End of Days variant: three stacks are out, so at the start of his turn
    Bob must destroy one of his sites; his only one holds his last followers."""
    s = table(b=[site("homeland", 4)], stacks=EMPTY, options={"end_of_days": True})
    s = pick(s, "end")
    assert s["eod"] and s["result"], s["ask"]
    assert standings(s) == Standings(
        (Standing(1, (0,), "10 followers", one("I")), Standing(2, (1,), "0 followers", one("I"))),
        "The End of Days was under way. Bob has no followers left; Ann wins a total victory.",
        "TB Game end, End of Days variant", "6 turns")


# ---- teams (3 and 4 players) ---------------------------------------------------------------------

def test_four_player_team_loses_when_one_member_has_no_followers() -> None:
    """TB Team multiplayer: Dee's last follower dies, so Bob and Dee lose although they
    have more followers; one row per team, with the combined followers and tech levels."""
    s = mtable(caps(5, 20, 1, 1), hands=[["siege"], [], [], []], levels=[1, 2, 1, 3])
    s = pick(play(s, "siege"), "site", 4)
    assert standings(s) == Standings(
        (Standing(1, (0, 2), "6 followers", (("Combined followers", "6 (Ann 5, Cy 1)"),
                                              ("Combined tech level", "2 (Ann I, Cy I)"))),
         Standing(2, (1, 3), "20 followers", (("Combined followers", "20 (Bob 20, Dee 0)"),
                                               ("Combined tech level", "5 (Bob II, Dee III)")))),
        "Dee has no followers left, so Bob and Dee lose; Ann and Cy win a total victory.",
        "TB Team multiplayer", "9 turns")


def test_four_player_team_majority_then_combined_tech_level_then_draw() -> None:
    """TB Team multiplayer: with three stacks out the team with more followers combined wins
    (7 + 8 against 12 + 2); tied at 10, the higher combined tech level (Bob II + Dee I);
    tied on both, a draw."""
    s = mtable(caps(7, 12, 8, 2), stacks=[["siege"], [], [], ["ark"]])
    s = pick(pick(s, "draw", 1), "end")
    assert standings(s) == Standings(
        (Standing(1, (0, 2), "15 followers", (("Combined followers", "15 (Ann 7, Cy 8)"),
                                               ("Combined tech level", "2 (Ann I, Cy I)"))),
         Standing(2, (1, 3), "14 followers", (("Combined followers", "14 (Bob 12, Dee 2)"),
                                               ("Combined tech level", "2 (Bob I, Dee I)")))),
        "Three of the four draw stacks ran out; Ann and Cy win a majority victory with 15 followers "
        "combined.", "TB Team multiplayer", "9 turns")
    s = pick(mtable(caps(7, 5, 3, 5), stacks=EMPTY, levels=[1, 2, 1, 1]), "end")
    assert standings(s) == Standings(
        (Standing(1, (1, 3), "10 followers", (("Combined followers", "10 (Bob 5, Dee 5)"),
                                               ("Combined tech level", "3 (Bob II, Dee I)"))),
         Standing(2, (0, 2), "10 followers", (("Combined followers", "10 (Ann 7, Cy 3)"),
                                               ("Combined tech level", "2 (Ann I, Cy I)")))),
        "Three of the four draw stacks ran out with both sides on 10 followers; Bob and Dee win on the "
        "higher combined tech level.", "TB Team multiplayer", "9 turns")
    s = pick(mtable(caps(7, 5, 3, 5), stacks=EMPTY, levels=[2, 2, 1, 1]), "end")
    assert [(r.place, r.seats) for r in standings(s).rows] == [(1, (0, 2)), (1, (1, 3))]
    assert standings(s).how == ("Three of the four draw stacks ran out with both sides on 10 followers and "
                                "on the same combined tech level: a draw.")


def test_three_player_team_barons_and_the_solo_baron() -> None:
    """TB Three-player rules, Team multiplayer: Ann's Siege takes the Solo Baron's last
    follower (a total victory of the Team Barons); with three stacks out Cy's 12 followers
    beat the Team Barons' 5 + 6 (a majority victory of the Solo Baron)."""
    s = mtable(caps(5, 6, 1), hands=[["siege"], [], []], levels=[2, 1, 3])
    s = pick(play(s, "siege"), "site", 3)
    assert standings(s) == Standings(
        (Standing(1, (0, 1), "11 followers", (("Combined followers", "11 (Ann 5, Bob 6)"),
                                               ("Combined tech level", "3 (Ann II, Bob I)"))),
         Standing(2, (2,), "0 followers", one("III"))),
        "Cy has no followers left; Ann and Bob win a total victory.", "TB Team multiplayer", "9 turns")
    s = pick(mtable(caps(5, 6, 12), stacks=EMPTY, active=2, turn=14), "end")
    assert standings(s) == Standings(
        (Standing(1, (2,), "12 followers", one("I")),
         Standing(2, (0, 1), "11 followers", (("Combined followers", "11 (Ann 5, Bob 6)"),
                                               ("Combined tech level", "2 (Ann I, Bob I)")))),
        "Three of the four draw stacks ran out; Cy wins a majority victory with 12 followers.",
        "TB Team multiplayer", "14 turns")


# ---- free-for-all ------------------------------------------------------------------------------

def out_row(place: int, p: int, turn: str, lv: str) -> Standing:
    return Standing(place, (p,), "0 followers", (("Eliminated", turn), ("Tech level", lv)))


def test_last_player_standing_and_the_order_players_fell() -> None:
    """TB Free-for-all: Ann's first Siege eliminates Bob, her second Cy: Ann is the last
    player with followers; Cy, out after Bob, comes second."""
    s = mtable(caps(9, 1, 1), hands=[["siege", "siege"], [], []], levels=[1, 3, 1], options=FFA)
    s = pick(play(s, "siege"), "site", 2)
    assert s["out"] == [1] and not s["result"]
    s = pick(play(pass_all(s), "siege"), "site", 3)
    assert standings(s) == Standings(
        (Standing(1, (0,), "9 followers", one("I")), out_row(2, 2, "turn 9", "I"),
         out_row(3, 1, "turn 9", "III")),
        "Every other player was eliminated; Ann, the last player with followers, wins.", "TB Free-for-all",
        "9 turns")


def test_players_eliminated_together_share_a_place_unless_the_tech_level_splits_them() -> None:
    """TB Free-for-all: Ann's Onslaught takes the last follower of Bob and Cy at once; when
    three stacks run out Ann leads Dee on followers (Dee's level IV does not count before
    the followers). Bob and Cy fell together: on the same level they share third place; on
    different levels the higher one is third (DESIGNED, as the rule for the last players)."""
    s = mtable(caps(9, 1, 1, 4), hands=[["onslaught"], [], [], []], levels=[2, 1, 1, 4], options=FFA,
               stacks=EMPTY)
    s = pick(pick(pick(play(s, "onslaught"), "site", 2), "site", 3), "site", 4)
    s = pick(pass_all(s), "end")
    assert s["out"] == [1, 2]
    assert standings(s) == Standings(
        (Standing(1, (0,), "9 followers", one("II")), Standing(2, (3,), "3 followers", one("IV")),
         out_row(3, 1, "turn 9", "I"), out_row(3, 2, "turn 9", "I")),
        "Three of the four draw stacks ran out; Ann wins a majority victory with 9 followers.",
        "TB Free-for-all", "9 turns")
    s = mtable(caps(9, 1, 1, 4), hands=[["onslaught"], [], [], []], levels=[2, 1, 2, 4], options=FFA,
               stacks=EMPTY)
    s = pick(pick(pick(play(s, "onslaught"), "site", 2), "site", 3), "site", 4)
    s = pick(pass_all(s), "end")
    assert [(r.place, r.seats) for r in standings(s).rows] == [(1, (0,)), (2, (3,)), (3, (2,)), (4, (1,))]


def test_the_last_players_falling_together_the_higher_tech_level_wins() -> None:
    """TB Game end, as the engine applies it to free-for-all: Cy is out already (a state
    from before the engine noted when: "before the end"); Ann's Shelling takes the last
    followers of Ann and Bob at once; Bob's level III beats Ann's II."""
    s = mtable([[site("temple", 1)], [site("capital", 1)], [site("capital", 9)]],
               hands=[["shelling"], [], []], levels=[2, 3, 1], options=FFA)
    s["out"].append(2)
    s["sites"] = [x for x in s["sites"] if x["owner"] != 2]
    rebox(s)
    GAME.stacks.run(s, s)
    s = pick(pick(play(s, "shelling"), "site", 1), "site", 2)
    assert s["out"] == [2, 0, 1]
    assert standings(s) == Standings(
        (out_row(1, 1, "turn 9", "III"), out_row(2, 0, "turn 9", "II"),
         out_row(3, 2, "before the end", "I")),
        "The last players, Ann and Bob, lost their followers at once; Bob wins on the higher tech level.",
        "TB Game end", "9 turns")


def test_free_for_all_majority_then_tech_level_then_draw() -> None:
    """TB Free-for-all: with three stacks out, the most followers win; Bob and Cy tied at 8:
    Cy's higher tech level wins; on the same level the two share the win (Ann, on 6, is
    third either way); all three tied on both: a draw between all."""
    s = pick(mtable(caps(6, 8, 8), stacks=EMPTY, levels=[4, 1, 2], options=FFA), "end")
    assert standings(s) == Standings(
        (Standing(1, (2,), "8 followers", one("II")), Standing(2, (1,), "8 followers", one("I")),
         Standing(3, (0,), "6 followers", one("IV"))),
        "Three of the four draw stacks ran out with Bob and Cy tied at 8 followers; Cy wins on the higher "
        "tech level.", "TB Free-for-all", "9 turns")
    s = pick(mtable(caps(6, 8, 8), stacks=EMPTY, levels=[4, 2, 2], options=FFA), "end")
    assert standings(s) == Standings(
        (Standing(1, (1,), "8 followers", one("II")), Standing(1, (2,), "8 followers", one("II")),
         Standing(3, (0,), "6 followers", one("IV"))),
        "Three of the four draw stacks ran out with Bob and Cy tied at 8 followers and on tech level: "
        "a draw.", "TB Free-for-all", "9 turns")
    s = pick(mtable(caps(8, 8, 8, 3), stacks=EMPTY, levels=[1, 2, 2, 1], options=FFA), "end")
    st = standings(s)
    assert [(r.place, r.seats) for r in st.rows] == [(1, (1,)), (1, (2,)), (3, (0,)), (4, (3,))]
    assert st.how == ("Three of the four draw stacks ran out with Ann, Bob and Cy tied at 8 followers; "
                      "Bob and Cy share the higher tech level: a draw between them.")
