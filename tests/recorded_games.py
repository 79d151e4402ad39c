#!/usr/bin/env python3
"""Recorded games: the engines' behaviour written down, to hold them to it while they change.

Issue 28 §2 moves the engines' decisions onto one core framework; a move must not change a
single rule. ``tests/recorded/<game id>.jsonl.gz`` holds games played before the move: per game
its setup (seat count, options, seed), every ``(seat, action)`` in order and the state hash
every :data:`EVERY` actions and at the end. :mod:`tests.test_recorded_games` replays them
action by action and asks for the same hashes (and a legal action at every step).

The games cover every player count and listed variant of each title (the conformance suite's
cases, round-robin), with each seat choosing uniformly among its legal actions (seeded), so rare
branches come up across a few hundred games.

- ``python tests/recorded_games.py --write`` records :data:`GAMES_PER_TITLE` games per title
  (only when a change of behaviour is intended, and said so in its commit);
- ``python tests/recorded_games.py --check`` replays every recorded game (what
  ``TB_RECORDED=all pytest tests/test_recorded_games.py`` does; ``make test`` replays a
  sample of each title).
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

if __name__ == "__main__":  # run as a script: tests/ and the repository on the path
    sys.path[:0] = [str(Path(__file__).resolve().parent), str(Path(__file__).resolve().parent.parent)]

from test_conformance import CASES

from py_engine.core import Action, state_hash
from py_engine.games import get, ids

HERE = Path(__file__).resolve().parent / "recorded"
#: Games recorded per title.
GAMES_PER_TITLE = 300
#: A state hash is kept every this many actions, and at the end.
EVERY = 10


def path(game_id: str) -> Path:
    """The recorded games of ``game_id``."""
    return HERE / f"{game_id}.jsonl.gz"


def play(game_id: str, n: int, options: dict[str, Any], seed: int) -> dict[str, Any]:
    """One game, each seat choosing uniformly at random (``random.Random(seed)``) among its
    legal actions, recorded: ``{"n", "options", "seed", "actions": [[seat, action json]],
    "hashes": [state hash every EVERY actions, ..., the final one]}``."""
    game = get(game_id)
    state = game.setup([f"P{i}" for i in range(n)], options, seed)
    rng = random.Random(seed)
    bound = game.max_actions(n, game.resolve_options(n, options))
    actions: list[list[Any]] = []
    hashes: list[str] = []
    while game.outcome(state) is None:
        seat = game.to_act(state)[0]
        action = rng.choice(game.legal_actions(state, seat))
        actions.append([seat, action.to_json()])
        state = game.apply(state, seat, action)
        if len(actions) % EVERY == 0:
            hashes.append(state_hash(state))
        if len(actions) > bound:
            raise AssertionError(f"{game_id} ran past its declared bound {bound}")
    hashes.append(state_hash(state))
    return {"n": n, "options": options, "seed": seed, "actions": actions, "hashes": hashes}


def replay(record: dict[str, Any]) -> None:
    """Replay ``record`` (see :func:`play`); raise AssertionError where it departs: an action
    no longer legal, another state hash, another end."""
    game_id = record["game"]
    game = get(game_id)
    n, seed = int(record["n"]), int(record["seed"])
    state = game.setup([f"P{i}" for i in range(n)], record["options"], seed)
    hashes = iter(record["hashes"])
    where = f"{game_id} {n}p {record['options']} seed {seed}"
    for k, (seat, aj) in enumerate(record["actions"], 1):
        assert game.outcome(state) is None, f"{where}: over after {k - 1} actions, recorded {len(record['actions'])}"
        assert seat in game.to_act(state), f"{where}: seat {seat} is not to act at action {k}"
        action = Action.from_json(aj)
        assert action in game.legal_actions(state, seat), f"{where}: {aj} is not legal at action {k}"
        state = game.apply(state, seat, action)
        if k % EVERY == 0:
            assert state_hash(state) == next(hashes), f"{where}: another state after action {k}"
    assert game.outcome(state) is not None, f"{where}: not over after the recorded actions"
    assert state_hash(state) == next(hashes), f"{where}: another final state"


def records(game_id: str) -> Iterator[dict[str, Any]]:
    """The recorded games of ``game_id``, each with its ``"game"``."""
    with gzip.open(path(game_id), "rt", encoding="utf-8") as f:
        for line in f:
            yield {"game": game_id, **json.loads(line)}


def write(game_id: str, games: int = GAMES_PER_TITLE) -> int:
    """Record ``games`` games of ``game_id`` (its conformance cases in turn, seeds 50,000 + i);
    returns the number of actions recorded."""
    cases = [(n, o) for g, n, o in CASES if g == game_id]
    HERE.mkdir(exist_ok=True)
    total = 0
    # mtime=0: the same games give the same file, byte for byte
    with open(path(game_id), "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as gz:
        for i in range(games):
            n, options = cases[i % len(cases)]
            rec = play(game_id, n, options, 50_000 + i)
            total += len(rec["actions"])
            gz.write((json.dumps(rec, separators=(",", ":")) + "\n").encode())
    return total


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--write", action="store_true", help="record the games anew (a change of behaviour)")
    ap.add_argument("--check", action="store_true", help="replay every recorded game")
    ap.add_argument("--games", type=int, default=GAMES_PER_TITLE)
    ap.add_argument("titles", nargs="*", default=ids())
    args = ap.parse_args()
    for gid in args.titles:
        if args.write:
            print(f"{gid}: {args.games} games, {write(gid, args.games):,} actions -> {path(gid)}")
        if args.check:
            count = 0
            for rec in records(gid):
                replay(rec)
                count += 1
            print(f"{gid}: {count} recorded games replayed, every state hash the same")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
