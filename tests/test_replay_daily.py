"""Replays (core.replay) and daily challenges (core.daily, Timeline's solo deal)."""

from __future__ import annotations

import random

import pytest

from py_engine.core import (
    IllegalAction,
    Match,
    OptionError,
    Replay,
    Seat,
    daily_match,
    daily_seed,
    state_hash,
)
from py_engine.games import all as all_games
from py_engine.timeline.cards import catalog


def _played(game_id: str, n_players: int, seed: int, limit: int = 10_000) -> Match:
    """A match of random moves (to the end, or ``limit`` actions)."""
    g = [x for x in all_games() if x.id == game_id][0]
    m = Match.new(game_id, [Seat(f"P{i}") for i in range(n_players)], {}, seed)
    rng = random.Random(seed)
    while not m.is_over() and len(m.actions) < limit:
        seat = m.to_act()[0]
        m.apply(seat, rng.choice(g.legal_actions(m.state, seat)))
    return m


@pytest.mark.parametrize("game", [g for g in all_games()], ids=lambda g: g.id)
def test_replay_gives_every_position_of_the_game(game) -> None:
    """Stepping forward, back and jumping all give the positions the game went
    through (compared by state hash with a step-by-step re-run)."""
    m = _played(game.id, max(2, game.min_players), seed=3, limit=300)
    truth = [Match.new(game.id, m.seats, m.options, m.seed)]
    hashes = [state_hash(truth[0].state)]
    for seat, a in m.actions:
        truth[0].apply(seat, a)
        hashes.append(state_hash(truth[0].state))
    rep = Replay(m, every=5)
    assert rep.length == len(m.actions)
    assert state_hash(rep.state(rep.length)) == state_hash(m.state)
    order = list(range(rep.length + 1)) + list(range(rep.length, -1, -1))
    order += random.Random(1).sample(range(rep.length + 1), min(40, rep.length + 1))
    for k in order:
        assert state_hash(rep.state(k)) == hashes[k], k
    assert state_hash(rep.state(-5)) == hashes[0] and state_hash(rep.state(10**6)) == hashes[-1]
    # turns cut the log into runs of one seat (or of one numbered turn), covering it exactly
    turns = rep.turns()
    assert turns[0].start == 0 and turns[-1].end == rep.length
    for a, b in zip(turns, turns[1:], strict=False):
        assert a.end == b.start
        assert a.seat != b.seat or game.turn_of(rep.state(b.start)) not in (None, game.turn_of(rep.state(a.start)))
    for t in turns:
        owner = game.turn_of(rep.state(t.start))
        assert all(m.actions[i][0] == t.seat for i in range(t.start, t.end)) if owner is None else owner[1] == t.seat
    assert rep.turn_at(0) == -1 and rep.turn_at(rep.length) == len(turns) - 1
    assert all(rep.turn_at(t.end) == i and rep.turn_at(t.start + 1) == i for i, t in enumerate(turns))


def test_replay_is_a_copy_of_the_log() -> None:
    m = _played("timeline", 2, seed=4, limit=6)
    rep = Replay(m)
    before = state_hash(rep.state(rep.length))
    seat = m.to_act()[0]
    m.apply(seat, m.game.legal_actions(m.state, seat)[0])
    assert rep.length == 6 and state_hash(rep.state(6)) == before


def test_daily_seed_is_the_date() -> None:
    assert daily_seed("timeline", "2025-03-14") == daily_seed("timeline", "2025-03-14")
    seeds = {daily_seed("timeline", f"2025-03-{d:02d}") for d in range(1, 32)}
    assert len(seeds) == 31
    assert daily_seed("timeline", "2025-03-14") != daily_seed("time_war", "2025-03-14")
    for bad in ("2025-3-14", "2025-02-30", "yesterday", ""):
        with pytest.raises(OptionError, match="YYYY-MM-DD"):
            daily_seed("timeline", bad)


def test_daily_timeline_deal_is_the_same_for_a_date_and_new_the_next_day() -> None:
    a = daily_match("timeline", "2025-03-14", "Ann")
    b = daily_match("timeline", "2025-03-14", "Bob")
    c = daily_match("timeline", "2025-03-15", "Ann")
    assert a.meta == {"daily": "2025-03-14", "holder": 0}
    assert len(a.seats) == 1 and a.seats[0].kind == "human"
    assert len(a.state["hands"][0]) == 6
    assert a.state["hands"] == b.state["hands"] and a.state["timeline"] == b.state["timeline"]
    assert a.state["pile"] == b.state["pile"]  # replacement cards come in the same order too
    assert (a.state["hands"], a.state["timeline"]) != (c.state["hands"], c.state["timeline"])
    with pytest.raises(OptionError, match="no daily challenge"):
        daily_match("time_war", "2025-03-14")


def _place(m: Match, right: bool) -> bool:
    """The solo player picks the first card and places it in a right (or a wrong) gap."""
    st = m.state
    if st["selected"] is None and len(st["hands"][0]) > 1:
        m.apply(0, m.game.legal_actions(st, 0)[0])
    st = m.state
    cid = st["selected"] or st["hands"][0][0]
    cat = catalog()
    years = [cat[c].year for c in st["timeline"]]
    gaps = range(len(years) + 1)
    fits = [g for g in gaps if m.game.fits(years, g, cat[cid].year)]
    g = fits[0] if right else next((g for g in gaps if g not in fits), None)
    if g is None:
        g = fits[0]
        right = True
    m.apply(0, m.game.legal_actions(st, 0)[g])
    return right


def test_solo_timeline_scores_mistakes_until_the_hand_is_empty() -> None:
    """Solo (our variant): a wrong card is replaced, the game ends when the hand is
    empty, the score is the number of mistakes and the marks are right/wrong in order."""
    m = daily_match("timeline", "2025-03-14")
    g = m.game
    plan = [True, False, True, False, False, True, True, True, True]
    done = []
    for right in plan:
        if m.is_over():
            break
        done.append(_place(m, right))
        g.check_invariants(m.state)
        if not m.is_over():
            assert m.to_act() == [0]
    while not m.is_over():
        done.append(_place(m, True))
    score = g.daily_score(m)
    assert score.marks == tuple(done)
    assert score.score == done.count(False) and score.finished and score.lower_is_better
    assert done.count(True) == 6 and m.state["hands"] == [[]]
    assert g.outcome(m.state).winners == (0,)
    assert "hand is empty" in g.outcome(m.state).reason
    assert score.summary == f"All 6 cards placed with {done.count(False)} mistakes."
    assert score.to_json()["marks"] == "".join("R" if x else "W" for x in done)
    assert not any("Round" in t and "begins" in t for _v, t in m.state["log"]), "no round lines solo"
    # part-way: the score so far
    m2 = daily_match("timeline", "2025-03-14")
    _place(m2, False)
    s2 = g.daily_score(m2)
    assert s2.marks == (False,) and not s2.finished and s2.summary == "0 cards placed so far, 1 mistake."


def test_daily_score_asked_after_every_action_is_the_replayed_one() -> None:
    """The daily score asked after each action (as the app's autosave does: only the new
    action's mark is read) equals the score replayed from the whole game, also after an undo
    and for another deal in between."""
    m = daily_match("timeline", "2025-03-14")
    other = daily_match("timeline", "2025-03-15")
    g = m.game
    rng = random.Random(5)

    def fresh(x: Match) -> tuple[bool, ...]:
        g._daily_memo = None
        return g.daily_score(x).marks

    steps = 0
    while not m.is_over():
        _place(m, rng.random() < 0.6)
        steps += 1
        incremental = g.daily_score(m).marks
        assert incremental == fresh(m)
        if steps == 3 and m.can_undo(0):
            m.undo(0)
            assert g.daily_score(m).marks == fresh(m)
        if steps == 4:
            g.daily_score(other)  # another match between two calls: replayed, not mixed up
            assert g.daily_score(m).marks == fresh(m)
    assert steps >= 6


def test_solo_timeline_refuses_a_second_seat_action() -> None:
    m = daily_match("timeline", "2025-03-14")
    with pytest.raises(IllegalAction):
        m.apply(1, m.game.legal_actions(m.state, 0)[0])


def test_an_answer_in_another_seats_turn_is_part_of_that_turn() -> None:
    """Time Barons (TB R5): a seat's answer to damage (Misinformation, Escape Route…) is made in
    the attacker's turn, so the replay lists as many turns as the game counted (TB R14; issue
    48: a 36-turn game was listed as 40), each named for the seat whose turn it was."""
    answered = 0
    for seed in range(1, 12):
        m = _played("time_barons", 2, seed=seed)
        rep = Replay(m)
        turns = rep.turns()
        assert len(turns) == m.state["turn"], seed
        for n, t in enumerate(turns, start=1):
            st = rep.state(t.start)
            assert (st["turn"], st["active"]) == (n, t.seat)
            others = [i for i in range(t.start, t.end) if m.actions[i][0] != t.seat]
            answered += len(others)
            assert all(rep.state(i)["active"] == t.seat for i in others)
        # the turns alternate in a two-player game
        assert all(a.seat != b.seat for a, b in zip(turns, turns[1:], strict=False))
        assert rep.turn_at(rep.length) == len(turns) - 1
    assert answered, "no game of these seeds had an answer in the other seat's turn"
