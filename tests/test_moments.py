"""Key moments of a game (issue 24 §1): the steps the replay viewer opens at from the end
screen. ``Game.leaders`` / ``lead_label`` / ``moment`` per game, walked once by
``py_engine.core.key_moments``; exact seeded games (random moves from ``random.Random(seed)``)
with each moment's step and label, and the rules' own triggers on constructed states."""

from __future__ import annotations

import random
from typing import Any

import pytest

from py_engine.core import Match, Moment, MomentKind, Replay, Seat, key_moments

NAMES = ["Ann", "Bob", "Cy", "Dee"]
LEAD, OUT, LAST = MomentKind.LEAD, MomentKind.ELIMINATION, MomentKind.LAST_ROUND


def played(game_id: str, n: int, options: dict[str, Any], seed: int) -> Match:
    """A game of ``n`` seats named Ann, Bob… played to the end by random moves."""
    m = Match.new(game_id, [Seat(NAMES[i]) for i in range(n)], options, seed)
    rng = random.Random(seed)
    while not m.is_over():
        s = m.to_act()[0]
        m.apply(s, rng.choice(m.game.legal_actions(m.state, s)))
    return m


def moments(game_id: str, n: int, options: dict[str, Any], seed: int, cap: int = 6) -> list[tuple[int, str, str]]:
    m = played(game_id, n, options, seed)
    return [(x.k, x.kind.value, x.label) for x in key_moments(Replay(m), cap)]


def test_timeline_the_deciding_round_and_the_play_off() -> None:
    """TL Victory: Ann empties her hand first (step 16: the round decides); at the round's
    end Bob did too and Cy did not: Cy is out and the play-off begins (step 17)."""
    assert moments("timeline", 3, {"cards_per_player": 2}, 16) == [
        (2, "lead", "Ann takes the lead with 1 card left"),
        (16, "last_round", "Ann placed their last card: this round decides"),
        (17, "elimination", "Cy is out: the play-off begins")]
    assert moments("timeline", 4, {}, 2) == [
        (4, "lead", "Bob takes the lead with 3 cards left"),
        (40, "lead", "Dee takes the lead with 2 cards left"),
        (114, "lead", "Ann takes the lead with 1 card left")]


def test_time_war_lead_changes_and_the_last_round() -> None:
    """TW §7: the points now; the last round when each player holds one card, decks empty."""
    assert moments("time_war", 2, {}, 3) == [
        (3, "lead", "Bob takes the lead, 6 points to 3"),
        (13, "lead", "Ann takes the lead, 11 points to 5"),
        (38, "last_round", "The last round begins: one card each"),
        (38, "lead", "Bob takes the lead, 9 points to 6")]
    # a match of two: the last round of the second game only (the first ends at step 46 or so)
    two = moments("time_war", 2, {"match_of_two": True}, 4)
    assert [x for x in two if x[1] == "last_round"] == [(87, "last_round", "The last round begins: one card each")]


def test_time_of_crisis_legacy_leads_and_the_last_round() -> None:
    assert moments("time_of_crisis", 3, {}, 4) == [
        (16, "lead", "Bob takes the lead with 1 legacy"),
        (296, "lead", "Cy takes the lead with 11 legacy"),
        (348, "lead", "Ann takes the lead with 12 legacy")]
    # the trigger of ToC §7.1 (never reached by random play): tests/time_of_crisis/test_turn.py


def test_time_barons_eliminations_teams_and_the_last_turn() -> None:
    """TB Free-for-all: two players eliminated; TB Game end: a third stack runs out at step
    318, so that turn is the last."""
    assert moments("time_barons", 4, {"mode": "free_for_all"}, 1) == [
        (1, "lead", "Dee takes the lead with 11 followers"),
        (15, "lead", "Ann takes the lead with 12 followers"),
        (21, "lead", "Dee takes the lead with 11 followers"),
        (30, "lead", "Ann takes the lead with 12 followers"),
        (36, "elimination", "Bob is eliminated"),
        (193, "elimination", "Dee is eliminated"),
        (209, "lead", "Cy takes the lead with 23 followers"),
        (318, "last_round", "A third draw stack runs out: this turn is the last")]
    # TB Team multiplayer: a team leads by its combined followers; Ann and Cy's lead in the
    # middle of Dee's turn 14 (steps 78-80, before Bob's choice in it) is not one (R5, R14)
    assert moments("time_barons", 4, {"mode": "team"}, 2) == [
        (2, "lead", "Ann and Cy take the lead with 21 followers"),
        (67, "lead", "Bob and Dee take the lead with 22 followers")]
    # the End of Days variant: the game goes on, and its start is the moment
    eod = moments("time_barons", 2, {"end_of_days": True}, 1)
    assert (473, "last_round", "The End of Days begins") in eod
    assert [x for x in eod if x[1] == "last_round"] == [(473, "last_round", "The End of Days begins")]


def test_barons_deaths_political_leads_and_the_round_limit() -> None:
    """B §14: a dead character's baron is out; B §19: the 60-round limit's last round."""
    assert moments("barons", 3, {}, 5) == [  # seed 5: since engine 0.6.1 seed 1 ends before round 60
        (99, "lead", "Cy takes the political lead (1 realm controlled, property worth 35 GP)"),
        (144, "lead", "Bob takes the political lead (1 realm controlled, property worth 65 GP)"),
        (147, "lead", "Cy takes the political lead (2 realms controlled, property worth 55 GP)"),
        (176, "elimination", "Bob dies"),
        (181, "lead", "Ann takes the political lead (2 realms controlled, property worth 85 GP)"),
        (310, "lead", "Cy takes the political lead (2 realms controlled, property worth 90 GP)"),
        (400, "lead", "Ann takes the political lead (2 realms controlled, property worth 195 GP)"),
        (476, "last_round", "The last round begins (round 60)")]


def test_only_the_latest_lead_changes_are_kept_and_each_names_a_new_side() -> None:
    m = played("time_barons", 2, {}, 1)
    rep = Replay(m)
    every = key_moments(rep, 100)
    leads = [x for x in every if x.kind is LEAD]
    assert [x.k for x in leads] == [5, 123, 242, 262, 296, 395, 463]
    kept = key_moments(rep)
    assert [x for x in kept if x.kind is LEAD] == leads[-6:]
    assert [x.label for x in key_moments(rep, 2)] == ["Ann takes the lead with 27 followers",
                                                      "Bob takes the lead with 30 followers",
                                                      "A third draw stack runs out: this turn is the last"]
    assert key_moments(rep, 0) == [Moment(470, LAST, "A third draw stack runs out: this turn is the last")]
    with pytest.raises(ValueError):
        key_moments(rep, -1)
    # a lead opens at the action that won it: the leaders changed there, not one step before
    g = m.game
    for x in leads:
        assert g.leaders(rep.state(x.k)) != g.leaders(rep.state(x.k - 1))
    names = [x.label.split()[0] for x in leads]
    assert all(a != b for a, b in zip(names, names[1:], strict=False))


def test_an_unfinished_game_has_the_moments_so_far_and_a_fresh_game_none() -> None:
    m = played("time_war", 2, {}, 3)
    part = Match.new("time_war", m.seats, {}, m.seed)
    for seat, action in m.actions[:20]:
        part.apply(seat, action)
    assert [(x.k, x.label) for x in key_moments(Replay(part))] == [
        (3, "Bob takes the lead, 6 points to 3"), (13, "Ann takes the lead, 11 points to 5")]
    assert key_moments(Replay(Match.new("timeline", m.seats, {}, 1))) == []
