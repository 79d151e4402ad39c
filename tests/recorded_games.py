#!/usr/bin/env python3
"""Recorded games: the engines' behaviour written down, to hold them to it while they change.

Issue 28 §2 moves the engines' decisions onto one core framework; a move must not change a
single rule. ``tests/recorded/<game id>.jsonl.gz`` holds games played before the move: per game
its setup (seat count, options, seed), every ``(seat, action)`` in order, and every
:data:`EVERY` actions and at the end two digests: the state hash, and what the players see (each
seat's and a spectator's view, and the legal actions of the seats to act).
:mod:`tests.test_recorded_games` replays them action by action and asks for the same digests
(and a legal action at every step), and the words the players read (every log line, and the
prompts and options at the checkpoints) pass the wording check of issue 24 §4.

A port that changes how a game keeps its state (a frame stack in place of its own keys) changes
the state hashes but must not change what the players see: ``--check-views`` replays with the
view digests only, and ``--rehash`` (only after that passed) writes the new state hashes.

The games cover every player count and listed variant of each title (the conformance suite's
cases, round-robin), with each seat choosing uniformly among its legal actions (seeded), so rare
branches come up across a few hundred games.

- ``python tests/recorded_games.py --write`` records :data:`GAMES_PER_TITLE` games per title
  (only when a change of behaviour is intended, and said so in its commit);
- ``python tests/recorded_games.py --stamp`` (after a write or a rehash) notes in
  ``tests/recorded/stamp.json`` the engine version the state hashes belong to; when the hashes
  changed it refuses until ``py_engine.__version__`` is bumped (saves of one version must keep
  matching their checksums: :func:`stamp`);
- ``python tests/recorded_games.py --check`` replays every recorded game (what
  ``TB_RECORDED=all pytest tests/test_recorded_games.py`` does; ``make test`` replays a
  sample of each title).
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

if __name__ == "__main__":  # run as a script: tests/ and the repository on the path
    sys.path[:0] = [str(Path(__file__).resolve().parent), str(Path(__file__).resolve().parent.parent)]

from test_conformance import CASES

import py_engine
from py_engine.core import Action, State, canonical_json, state_hash
from py_engine.core.wording import bad_wording
from py_engine.games import get, ids

HERE = Path(__file__).resolve().parent / "recorded"
#: Games recorded per title.
GAMES_PER_TITLE = 300
#: A state hash is kept every this many actions, and at the end.
EVERY = 10


def seen(game_id: str, state: State, n: int) -> str:
    """Digest (sha256 hex, 16 digits) of what the players see: each seat's view, the
    spectator's, and the legal actions of every seat to act."""
    game = get(game_id)
    acting = game.to_act(state)
    doc = [[game.view(state, s) for s in [None, *range(n)]],
           [[a.to_json() for a in game.legal_actions(state, s)] for s in acting]]
    return hashlib.sha256(canonical_json(doc).encode()).hexdigest()[:16]


def path(game_id: str) -> Path:
    """The recorded games of ``game_id``."""
    return HERE / f"{game_id}.jsonl.gz"


def play(game_id: str, n: int, options: dict[str, Any], seed: int) -> dict[str, Any]:
    """One game, each seat choosing uniformly at random (``random.Random(seed)``) among its
    legal actions, recorded: ``{"n", "options", "seed", "actions": [[seat, action json]],
    "hashes": [state hash every EVERY actions, ..., the final one], "seen": [the same
    checkpoints' :func:`seen` digests]}``."""
    game = get(game_id)
    state = game.setup([f"P{i}" for i in range(n)], options, seed)
    rng = random.Random(seed)
    bound = game.max_actions(n, game.resolve_options(n, options))
    actions: list[list[Any]] = []
    hashes: list[str] = []
    views: list[str] = []
    while game.outcome(state) is None:
        seat = game.to_act(state)[0]
        action = rng.choice(game.legal_actions(state, seat))
        actions.append([seat, action.to_json()])
        state = game.apply(state, seat, action)
        if len(actions) % EVERY == 0:
            hashes.append(state_hash(state))
            views.append(seen(game_id, state, n))
        if len(actions) > bound:
            raise AssertionError(f"{game_id} ran past its declared bound {bound}")
    hashes.append(state_hash(state))
    views.append(seen(game_id, state, n))
    return {"n": n, "options": options, "seed": seed, "actions": actions, "hashes": hashes, "seen": views}


def replay(record: dict[str, Any], states: bool = True) -> list[str]:
    """Replay ``record`` (see :func:`play`); raise AssertionError where it departs: an action
    no longer legal, another view digest, another state hash (unless ``states`` is False),
    another end. Returns the state hashes met at the checkpoints."""
    game_id = record["game"]
    game = get(game_id)
    n, seed = int(record["n"]), int(record["seed"])
    state = game.setup([f"P{i}" for i in range(n)], record["options"], seed)
    hashes, views = iter(record["hashes"]), iter(record["seen"])
    met: list[str] = []
    where = f"{game_id} {n}p {record['options']} seed {seed}"

    def checkpoint(what: str) -> None:
        h = state_hash(state)
        met.append(h)
        expected = next(hashes)
        assert seen(game_id, state, n) == next(views), f"{where}: the players see another game {what}"
        assert not states or h == expected, f"{where}: another state {what}"
        # the words the players read here: the prompts and the options of the seats to act
        for s in game.to_act(state):
            worded(where, what, [game.prompt(state, s), *(game.action_label(state, s, a)
                                                          for a in game.legal_actions(state, s))])

    for k, (seat, aj) in enumerate(record["actions"], 1):
        assert game.outcome(state) is None, f"{where}: over after {k - 1} actions, recorded {len(record['actions'])}"
        assert seat in game.to_act(state), f"{where}: seat {seat} is not to act at action {k}"
        action = Action.from_json(aj)
        assert action in game.legal_actions(state, seat), f"{where}: {aj} is not legal at action {k}"
        state = game.apply(state, seat, action)
        if k % EVERY == 0:
            checkpoint(f"after action {k}")
    assert game.outcome(state) is not None, f"{where}: not over after the recorded actions"
    checkpoint("at the end")
    worded(where, "in the log", [text for _vis, text in state["log"]])
    return met


def worded(where: str, what: str, texts: list[str]) -> None:
    """Raise AssertionError if a text shows a fault of the one wording helper's check
    (:func:`py_engine.core.wording.bad_wording`: "3 movement dies", "1 political points", a
    doubled possessive or seat tag; issue 24 §4)."""
    bad = [f for t in texts for f in bad_wording(t)]
    assert not bad, f"{where}: bad wording {what}: {bad[:5]}"


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


def rehash(game_id: str) -> int:
    """Replay every recorded game of ``game_id`` checking what the players see only, then
    write the state hashes met (a port that changed the state's shape, not its behaviour);
    returns the games rewritten. Nothing is written unless every game passed."""
    out = []
    for rec in records(game_id):
        rec["hashes"] = replay(rec, states=False)
        del rec["game"]
        out.append(rec)
    with open(path(game_id), "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as gz:
        for rec in out:
            gz.write((json.dumps(rec, separators=(",", ":")) + "\n").encode())
    return len(out)


STAMP = HERE / "stamp.json"


def hashes_digest() -> str:
    """Digest (sha256 hex, 16 digits) of every recorded game's state hashes, all titles."""
    h = hashlib.sha256()
    for gid in ids():
        for rec in records(gid):
            h.update(json.dumps([gid, rec["seed"], rec["hashes"]], separators=(",", ":")).encode())
    return h.hexdigest()[:16]


def stamp() -> str:
    """Write :data:`STAMP`: the engine version the recorded state hashes belong to.

    A save keeps its state hash, and an engine of the *same* version refuses a save whose
    moves replay to another hash as damaged (:meth:`py_engine.core.Match.load`), so a change of
    the states' shape or bookkeeping must come with a new ``py_engine.__version__`` (an older
    version's save then loads with a notice). Raises SystemExit if the hashes changed and the
    version did not."""
    digest = hashes_digest()
    old = json.loads(STAMP.read_text()) if STAMP.exists() else None
    if old is not None and old["hashes"] != digest and old["engine"] == py_engine.__version__:
        raise SystemExit(f"the recorded state hashes changed but py_engine.__version__ is still "
                         f"{py_engine.__version__}: saves of that version would read as damaged. "
                         f"Bump it, then --stamp again.")
    STAMP.write_text(json.dumps({"engine": py_engine.__version__, "hashes": digest}) + "\n")
    return digest


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--write", action="store_true", help="record the games anew (a change of behaviour)")
    ap.add_argument("--check", action="store_true", help="replay every recorded game")
    ap.add_argument("--check-views", action="store_true",
                    help="replay every recorded game, checking what the players see but not the state hashes")
    ap.add_argument("--rehash", action="store_true",
                    help="after --check-views passed: write the state hashes the games now reach")
    ap.add_argument("--stamp", action="store_true",
                    help="after --write or --rehash: note the engine version the state hashes belong to")
    ap.add_argument("--games", type=int, default=GAMES_PER_TITLE)
    ap.add_argument("titles", nargs="*", default=ids())
    args = ap.parse_args()
    for gid in args.titles:
        if args.write:
            print(f"{gid}: {args.games} games, {write(gid, args.games):,} actions -> {path(gid)}")
        if args.check or args.check_views:
            count = 0
            for rec in records(gid):
                replay(rec, states=args.check)
                count += 1
            print(f"{gid}: {count} recorded games replayed, every "
                  f"{'state hash and view' if args.check else 'view'} the same")
        if args.rehash:
            print(f"{gid}: {rehash(gid)} recorded games replayed, views the same, state hashes rewritten")
    if args.stamp:
        print(f"{STAMP}: state hashes {stamp()} belong to engine {json.loads(STAMP.read_text())['engine']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
