"""The engine contract in py_engine.core: Action, Rng, Option, Match undo and saves."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from py_engine import __version__
from py_engine.core import (
    SAVE_VERSION,
    Action,
    IllegalAction,
    Match,
    Option,
    OptionError,
    Rng,
    SaveError,
    Seat,
    canonical_json,
    seed_words,
    state_hash,
)
from py_engine.core.game import clone


def test_rng_golden_values_are_the_same_on_every_platform() -> None:
    """These values are also checked inside Pyodide: a game replays identically
    on a phone and in CPython."""
    assert seed_words(42) == [803958421, 3184996902, 2993090819, 686809907]
    r = Rng.from_seed(42)
    assert [r.next32() for _ in range(4)] == [1776835114, 4165204688, 17111135, 2317295270]
    r = Rng.from_seed(7)
    assert [r.below(6) for _ in range(12)] == [5, 4, 2, 2, 0, 1, 4, 0, 0, 1, 5, 2]
    items = list(range(10))
    Rng.from_seed(3).shuffle(items)
    assert items == [2, 3, 7, 6, 5, 1, 9, 4, 8, 0]
    assert Rng.from_seed(9).random() == 0.40935258878946723


def test_rng_state_is_the_list_it_was_given() -> None:
    words = seed_words(5)
    r = Rng(words)
    r.next32()
    assert words == r.s and words != seed_words(5)
    assert all(0 <= w < 2**32 for w in words)
    with pytest.raises(ValueError):
        Rng.from_seed(1).below(0)
    counts = [0] * 3
    r = Rng.from_seed(11)
    for _ in range(3000):
        counts[r.below(3)] += 1
    assert all(900 < c < 1100 for c in counts)


def test_action_json_round_trip_and_validation() -> None:
    a = Action("place", (3, "x"))
    assert Action.from_json(json.loads(json.dumps(a.to_json()))) == a
    assert hash(a) == hash(Action("place", (3, "x")))
    for bad in [[], "place", [3], ["place", 1.5], ["place", True], ["place", [1]]]:
        with pytest.raises(SaveError):
            Action.from_json(bad)


def test_option_validation() -> None:
    n = Option("n", "N", "int", 4, min=1, max=8)
    assert n.validate(8) == 8
    for bad in [0, 9, "4", True]:
        with pytest.raises(OptionError):
            n.validate(bad)
    m = Option("d", "D", "multi", ["a", "b"], choices=("a", "b", "c"))
    assert m.validate(["c", "a"]) == ["a", "c"]
    for bad in [[], ["z"], ["a", "a"], "a"]:
        with pytest.raises(OptionError):
            m.validate(bad)
    c = Option("f", "F", "choice", "x", choices=("x", "y"))
    with pytest.raises(OptionError, match="one of"):
        c.validate("z")


def test_clone_is_deep() -> None:
    s = {"a": [[1], {"b": [2]}], "log": [[None, "t"]]}
    c = clone(s)
    c["a"][0].append(9)
    c["a"][1]["b"].append(9)
    c["log"].append([0, "u"])
    assert s == {"a": [[1], {"b": [2]}], "log": [[None, "t"]]}


def _match(seed: int = 4) -> Match:
    return Match.new("timeline", [Seat("Ann"), Seat("Bot", "bot", "hard")], {}, seed)


def _play_some(m: Match, k: int) -> None:
    for _ in range(k):
        if m.is_over():
            return
        seat = m.to_act()[0]
        if m.seats[seat].kind == "bot":
            m.play_bot()
        else:
            m.apply(seat, m.game.legal_actions(m.state, seat)[0])


def test_match_refuses_bad_seats() -> None:
    with pytest.raises(OptionError, match="bot level"):
        Match.new("timeline", [Seat("A"), Seat("B", "bot", "genius")])
    with pytest.raises(KeyError):
        Match.new("chess", [Seat("A"), Seat("B")])


def test_illegal_action_leaves_the_match_unchanged() -> None:
    m = _match()
    before = (canonical_json(m.state), list(m.actions))
    with pytest.raises(IllegalAction):
        m.apply(1, Action("place", (0,)))
    assert (canonical_json(m.state), list(m.actions)) == before


def test_bot_actions_cannot_be_undone() -> None:
    m = _match()
    _play_some(m, 2)  # Ann selects and places (a reveal), then it is the bot
    assert m.bot_to_act() == 1
    m.play_bot()
    assert not m.can_undo()


def test_save_round_trip_and_meta() -> None:
    m = _match()
    m.meta["id"] = "abc"
    _play_some(m, 9)
    text = m.save_json()
    d = json.loads(text)
    assert d["format"] == "time-and-barons-save" and d["version"] == SAVE_VERSION
    assert d["engine"] == __version__ and d["game"] == "timeline"
    again = Match.load(text)
    assert again.meta == {"id": "abc"} and again.actions == m.actions
    assert state_hash(again.state) == state_hash(m.state) == d["state_hash"]
    assert again.seats == m.seats


@pytest.mark.parametrize("mutate, reason, message", [
    (lambda d: "{not json", "corrupt", "not valid JSON"),
    (lambda d: json.dumps({"hello": 1}), "foreign", "not a Time & Barons save"),
    (lambda d: json.dumps([1, 2]), "foreign", "not a Time & Barons save"),
    (lambda d: json.dumps({**d, "version": SAVE_VERSION + 1}), "newer", "newer version"),
    (lambda d: json.dumps({**d, "game": "chess"}), "foreign", "does not have"),
    (lambda d: json.dumps({**d, "actions": d["actions"] + [[0, ["place", 99]]]}), "corrupt", "cannot be replayed"),
    (lambda d: json.dumps({**d, "actions": [["x", 1]]}), "corrupt", "unreadable"),
    (lambda d: json.dumps({**d, "seats": [{"name": "A", "kind": "robot"}]}), "corrupt", "neither human"),
    (lambda d: json.dumps({**d, "options": {"cards_per_player": 99}}), "corrupt", "damaged"),
    (lambda d: json.dumps({**d, "seed": "x"}), "corrupt", "seed"),
    (lambda d: json.dumps({**d, "state_hash": "0" * 16}), "corrupt", "checksum"),
    (lambda d: json.dumps({**d, "options": ["cards_per_player", 3]}), "corrupt", "options"),
    (lambda d: json.dumps({**d, "actions": [[0, {"x": 1}]]}), "corrupt", "move 1 is unreadable"),
    (lambda d: "[" * 6000 + "]" * 6000, "foreign", "nested more than"),
    (lambda d: json.dumps({**d, "meta": "[" * 100}).replace('"' + "[" * 100 + '"', "[" * 100 + "]" * 100),
     "foreign", "nested"),
    (lambda d: b"\xff\xfe not utf-8", "foreign", "not UTF-8"),
    (lambda d: " " * (9 * 1024 * 1024), "foreign", "too large"),
])
def test_bad_saves_raise_a_clear_save_error(mutate, reason, message) -> None:  # type: ignore[no-untyped-def]
    m = _match()
    _play_some(m, 6)
    text = mutate(m.save())
    with pytest.raises(SaveError, match=message) as err:
        Match.load(text)
    assert err.value.reason == reason


def test_older_save_formats_are_migrated(monkeypatch: pytest.MonkeyPatch) -> None:
    """A save from an older format goes through the registered migrations."""
    from py_engine.core import match as match_mod

    m = _match()
    _play_some(m, 4)
    d = m.save()
    monkeypatch.setattr(match_mod, "SAVE_VERSION", 2)
    monkeypatch.setitem(match_mod.MIGRATIONS, 1, lambda old: {**old, "version": 2, "migrated": True})
    again = match_mod.Match.load(d)
    assert again.actions == m.actions


def test_a_save_with_a_byte_order_mark_loads() -> None:
    """Some editors save UTF-8 with a BOM; the file is still ours."""
    m = _match()
    _play_some(m, 4)
    again = Match.load("\ufeff" + m.save_json())
    assert again.actions == m.actions
    assert Match.load(("\ufeff" + m.save_json()).encode()).actions == m.actions


def test_a_save_from_another_engine_that_replays_differently_is_resumed_with_a_notice() -> None:
    """Issue 9: a save from an older version loses nothing. Its moves replay legally,
    so the game continues from the replayed position and the player is told; the
    same engine version with a wrong checksum is still refused as damaged."""
    m = _match()
    _play_some(m, 6)
    d = {**m.save(), "state_hash": "0" * 16, "engine": "0.0.1"}
    again = Match.load(json.dumps(d))
    assert again.actions == m.actions and state_hash(again.state) == state_hash(m.state)
    assert len(again.notices) == 1 and "version 0.0.1" in again.notices[0]
    assert Match.load(m.save_json()).notices == []


_JSON = st.recursive(st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=False)
                     | st.text(max_size=6), lambda kids: st.lists(kids, max_size=4)
                     | st.dictionaries(st.text(max_size=6), kids, max_size=4), max_leaves=12)


@given(key=st.sampled_from(["format", "version", "engine", "game", "seats", "options", "seed", "actions",
                            "state_hash", "meta", "extra"]), value=_JSON, data=st.data())
def test_hostile_saves_only_ever_raise_save_error(key: str, value: Any, data: st.DataObject) -> None:
    """Any field of a real save replaced by any JSON value (or any action entry
    replaced) loads or raises SaveError: never another exception (issue 9)."""
    m = _match()
    _play_some(m, 5)
    d = m.save()
    if data.draw(st.booleans()) and d["actions"]:
        i = data.draw(st.integers(0, len(d["actions"]) - 1))
        d["actions"][i] = value
    else:
        d[key] = value
    try:
        Match.load(json.dumps(d))
    except SaveError as e:
        assert str(e) and len(str(e)) < 1000


def test_undo_reaches_back_undo_limit_actions_and_no_further() -> None:
    """A long run of actions without chance keeps at most UNDO_LIMIT earlier states (the
    match's memory stays bounded): undo takes back exactly that many, then refuses with the
    match unchanged. Time of Crisis: a player's free moves into and out of a capital
    (ToC §6.3.1), 250 of them."""
    from pathlib import Path

    from py_engine.core.match import UNDO_LIMIT

    save = json.loads((Path(__file__).parent / "time_of_crisis" / "saves" / "speed_up_bot_waits.json").read_text())
    save["seats"][0] = {"name": "Ann", "kind": "human", "level": None}
    m = Match.load(save)
    while m.state["trail"] is not None:  # the human in seat 2 finishes the previous turn
        m.apply(2, m.game.legal_actions(m.state, 2)[0])
    start = len(m.actions)
    for i in range(250):
        name = "leave_capital" if i % 2 == 0 else "enter_capital"
        m.apply(0, Action(name, (3,)))
    assert len(m._states) == UNDO_LIMIT + 1
    for _ in range(UNDO_LIMIT):
        m.undo(0)
    assert len(m.actions) == start + 250 - UNDO_LIMIT
    before = m.save_json()
    assert not m.can_undo()
    with pytest.raises(IllegalAction):
        m.undo(0)
    assert m.save_json() == before


def _free_moves_game(free_moves: int) -> Match:
    """The Time of Crisis save of the undo test, then ``free_moves`` free moves out of and back
    into the capital (ToC §6.3.1) by Ann, a human: a long run without chance."""
    from pathlib import Path

    save = json.loads((Path(__file__).parent / "time_of_crisis" / "saves" / "speed_up_bot_waits.json").read_text())
    save["seats"][0] = {"name": "Ann", "kind": "human", "level": None}
    m = Match.load(save)
    while m.state["trail"] is not None:
        m.apply(2, m.game.legal_actions(m.state, 2)[0])
    for i in range(free_moves):
        m.apply(0, Action("leave_capital" if i % 2 == 0 else "enter_capital", (3,)))
    return m


@pytest.mark.parametrize("free_moves", [30, 250])
def test_a_loaded_game_keeps_the_positions_undo_reaches_as_the_saved_game_did(free_moves: int) -> None:
    """The loaded match holds exactly the positions the saved match held for undo (fewer than
    UNDO_LIMIT moves since the last chance, or UNDO_LIMIT of them), so undo reaches as far."""
    m = _free_moves_game(free_moves)
    again = Match.load(m.save_json())
    assert again.actions == m.actions and again._undo_floor == m._undo_floor
    assert [canonical_json(s) for s in again._states] == [canonical_json(s) for s in m._states]
    steps = 0
    while again.can_undo(0):
        again.undo(0)
        m.undo(0)
        steps += 1
        assert canonical_json(again.state) == canonical_json(m.state)
    assert steps == min(free_moves, 100) and not m.can_undo(0)


def test_a_bad_move_among_those_replayed_in_place_is_named_as_before() -> None:
    """A long save whose 5th move is refused by the rules: from this engine it is damaged and the
    message names the move; from an older engine the game resumes after move 4, at the position
    those four moves make (issue 50)."""
    m = _free_moves_game(250)
    d = m.save()
    d["actions"][4] = [d["actions"][4][0], ["place", 99]]
    with pytest.raises(SaveError, match=r"damaged: move 5 \(place 99\) cannot be replayed") as err:
        Match.load(json.dumps(d))
    assert err.value.reason == "corrupt"
    d["engine"] = "0.3.0"
    old = Match.load(json.dumps(d))
    assert old.stopped is not None and old.stopped.move == 5 and len(old.actions) == 4
    first4 = Match.new(m.game.id, m.seats, m.options, m.seed, m.meta, m.generator)
    for seat, action in m.actions[:4]:
        first4.apply(seat, action)
    assert canonical_json(old.state) == canonical_json(first4.state)


# ---- a seat handed to a bot (issue 48 §3) ------------------------------------------------------
def test_a_seat_handed_to_a_bot_plays_to_the_end_and_is_saved() -> None:
    """Ann hands her Timeline seat to a normal bot after her first move: the bots play the
    game out (no human is to act again), and the save keeps the hand-over."""
    m = Match.new("timeline", [Seat("Ann"), Seat("Bot", "bot", "easy")], {}, 3)
    seat = m.to_act()[0]
    if m.seats[seat].kind == "bot":
        m.play_bot()
    ann = m.humans_to_act()[0]
    m.apply(ann, m.game.legal_actions(m.state, ann)[0])
    m.hand_over(0, "normal")
    assert m.seats[0] == Seat("Ann", "bot", "normal") and m.handed() == [0] and m.meta["handed"] == [0]
    back = Match.load(m.save_json())
    assert back.seats == m.seats and back.handed() == [0]
    for _ in range(2000):
        if m.play_bot() is None:
            break
    assert m.is_over() and m.humans_to_act() == []


def test_hand_over_refused_leaves_the_match_unchanged() -> None:
    m = Match.new("timeline", [Seat("Ann"), Seat("Bot", "bot", "easy")], {}, 3)
    before = (list(m.seats), dict(m.meta), len(m.actions))
    with pytest.raises(IllegalAction, match="own seat"):
        m.hand_over(1, "easy")  # a bot's seat
    with pytest.raises(IllegalAction, match="no bot level 'grandmaster'"):
        m.hand_over(0, "grandmaster")
    with pytest.raises(IllegalAction, match="not played by a bot for its player"):
        m.take_back(1)  # a bot from the start is not a handed seat
    assert (list(m.seats), dict(m.meta), len(m.actions)) == before


def test_take_back_returns_the_seat_and_keeps_the_bots_moves() -> None:
    """The bot's moves for Ann stay made; Ann decides again from where the game stands."""
    m = Match.new("timeline", [Seat("Ann"), Seat("Bob")], {}, 5)
    m.hand_over(1, "easy")
    while m.bot_to_act() is None:  # Ann's move(s) first
        ann = m.humans_to_act()[0]
        m.apply(ann, m.game.legal_actions(m.state, ann)[0])
    seat, action = m.play_bot()  # type: ignore[misc]
    assert seat == 1 and m.actions[-1] == (1, action)
    n = len(m.actions)
    m.take_back(1)
    assert m.seats[1] == Seat("Bob") and m.handed() == [] and "handed" not in m.meta and len(m.actions) == n
    m.meta["handed"] = [1, "x", True, 9]  # a damaged note names nothing that is not a handed seat
    assert m.handed() == []
