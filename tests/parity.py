#!/usr/bin/env python3
"""The same games in CPython and in Pyodide: a trace digest per game, to compare the two runtimes.

The conformance suite's random games (tests/test_conformance.py: every registered game, player
count and listed variant, seeds ``1000 * n + k``) are played here without the suite's checks and
summed up in one digest each: every (seat, action) in order, the state hash every 10 actions and
at the end, each seat's final view and the outcome. The CPython run checks the suite's invariants
on these very games; if Pyodide (another CPython version, compiled to WebAssembly) plays every one
of them to the same digest, its games are the same games, state for state.

Used two ways:

- ``python tests/parity.py --out build/parity-cpython.json`` (CPython; ``make test-pyodide``
  does it) writes ``{case id: [digest per seed]}``;
- ``tests/pyodide/test_parity_in_pyodide.py`` plays the same games inside Pyodide and compares
  with that file (``TB_PARITY_FILE``).

``TB_PARITY_GAMES`` sets the games per case (default: the conformance suite's 3). Each case also
plays one game dealt as the app deals (issue 47): a 256-bit seed (:func:`keyed_seed`) and the
cryptographic ``blake2b-ctr`` generator, whose digests are under ``"keyed"``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
from pathlib import Path
from typing import Any

if __name__ == "__main__":  # run as a script: tests/ and the repository on the path
    sys.path[:0] = [str(Path(__file__).resolve().parent), str(Path(__file__).resolve().parent.parent)]

from test_conformance import CASES, _ids

from py_engine.core import RandomBot, Rng, canonical_json, state_hash
from py_engine.core.rng import KEYED, XOSHIRO
from py_engine.games import get

GAMES = int(os.environ.get("TB_PARITY_GAMES", "3"))


def keyed_seed(case: tuple[str, int, dict[str, Any]]) -> int:
    """The 256-bit seed of a case's keyed game: a hash of the case's id."""
    return int.from_bytes(hashlib.sha256(f"parity/{_ids(case)}".encode()).digest(), "big")


def trace(game_id: str, n: int, options: dict[str, Any], seed: int, generator: str = XOSHIRO) -> str:
    """The digest (sha256 hex) of one random game, played as the conformance suite's
    ``test_random_games_reach_the_end_with_invariants`` plays it (same seed, same bot RNG),
    dealt by ``generator``."""
    game = get(game_id)
    state = game.setup([f"P{i}" for i in range(n)], options, seed, generator)
    rng = Rng.from_seed(seed)
    bound = game.max_actions(n, game.resolve_options(n, options))
    h = hashlib.sha256()
    steps = 0
    while game.outcome(state) is None:
        seat = game.to_act(state)[0]
        action = RandomBot().choose(game, state, seat, rng)
        h.update(f"{seat}:{canonical_json(action.to_json())};".encode())
        state = game.apply(state, seat, action)
        steps += 1
        if steps % 10 == 0:
            h.update(state_hash(state).encode())
        if steps > bound:
            raise AssertionError(f"{game_id} ran past its declared bound {bound}")
    h.update(state_hash(state).encode())
    for s in range(n):
        h.update(canonical_json(game.view(state, s)).encode())
    out = game.outcome(state)
    h.update(canonical_json(out.to_json() if out else None).encode())
    return h.hexdigest()


def digests(games: int = GAMES) -> dict[str, list[str]]:
    """``{case id: [digest of seed 1000 * n + k for k < games]}`` for every conformance case."""
    return {_ids(case): [trace(case[0], case[1], case[2], 1000 * case[1] + k) for k in range(games)]
            for case in CASES}


def keyed_digests() -> dict[str, str]:
    """``{case id: digest of its keyed game}`` (:func:`keyed_seed`, ``blake2b-ctr``)."""
    return {_ids(case): trace(case[0], case[1], case[2], keyed_seed(case), KEYED) for case in CASES}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", required=True, help="where to write the digests (JSON)")
    args = ap.parse_args()
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    found = digests()
    keyed = keyed_digests()
    out.write_text(json.dumps({"games": GAMES, "python": sys.version.split()[0], "digests": found, "keyed": keyed},
                              indent=1))
    print(f"parity: {sum(len(v) for v in found.values())} games of {len(found)} cases -> {out}")


if __name__ == "__main__":
    main()
