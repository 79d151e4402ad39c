"""The recorded games replay to the same states (issue 28 §2; tests/recorded_games.py).

Each title's recorded games (300 per title: every player count and listed variant, random
choices) are replayed action by action: every action still legal, and every 10 actions and at
the end the same state hash and the same views and legal actions as when they were recorded. ``make test`` replays a sample
of each title (:data:`SAMPLE` games, spread over the file); ``TB_RECORDED=all`` replays all of
them, as a change to an engine's decision machinery must before it lands.
"""

from __future__ import annotations

import copy
import json
import os
from itertools import islice

import pytest
from recorded_games import EVERY, STAMP, hashes_digest, records, replay, worded

import py_engine
from py_engine.games import ids

#: Games replayed per title by default (every 30th recorded game).
SAMPLE = 10
STEP = 30


@pytest.mark.parametrize("game_id", ids())
def test_recorded_games_replay_to_the_same_states(game_id: str) -> None:
    every = os.environ.get("TB_RECORDED") == "all"
    chosen = records(game_id) if every else islice(records(game_id), 0, None, STEP)
    played = 0
    for rec in chosen:
        replay(rec)
        played += 1
    assert played == (300 if every else SAMPLE)


def test_the_recorded_state_hashes_belong_to_this_engine_version() -> None:
    """A save carries its state hash, and the same engine version refuses a save that replays
    to another hash as damaged; so when the states change (and the recordings with them,
    ``--write``/``--rehash``) the engine version must change too (``--stamp`` checks that)."""
    stamped = json.loads(STAMP.read_text())
    assert stamped["hashes"] == hashes_digest(), "recorded state hashes changed: run tests/recorded_games.py --stamp"
    assert stamped["engine"] == py_engine.__version__, "run tests/recorded_games.py --stamp"


def test_a_changed_rule_is_caught() -> None:
    """The check fails on a record that departs: a state hash changed, an action that is
    not legal, a game cut short."""
    rec = next(records("time_war"))
    replay(rec)
    bad_hash = copy.deepcopy(rec)
    bad_hash["hashes"][0] = "0" * len(bad_hash["hashes"][0])
    with pytest.raises(AssertionError, match=f"another state after action {EVERY}"):
        replay(bad_hash)
    bad_action = copy.deepcopy(rec)
    bad_action["actions"][0][1] = ["no-such-action"]
    with pytest.raises(AssertionError, match="is not legal at action 1"):
        replay(bad_action)
    cut = copy.deepcopy(rec)
    del cut["actions"][-1]
    with pytest.raises(AssertionError, match="not over after the recorded actions"):
        replay(cut)
    # what the players see is checked even when the state hashes are not (a port that
    # changed the state's shape): a changed view fails, a changed state hash alone does not
    bad_view = copy.deepcopy(rec)
    bad_view["seen"][-1] = "0" * 16
    with pytest.raises(AssertionError, match="the players see another game at the end"):
        replay(bad_view, states=False)
    assert replay(bad_hash, states=False) == rec["hashes"]


def test_a_wording_fault_is_caught() -> None:
    """The replay rejects the words a player must not read (issue 24 §4); ``TB_RECORDED=all``
    thereby checks every log line of the 300 recorded games of each title."""
    worded("here", "in the log", ["Ann rolls 3 movement dice", "1 political point"])
    with pytest.raises(AssertionError, match="bad wording in the log"):
        worded("here", "in the log", ["Ann rolls 3 movement dies"])
