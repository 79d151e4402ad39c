"""The CPU time of a level's decisions, to compare two versions of the engines (issue 49: the
search must stay within 5 % when the decision machinery changes).

    python benchmarks/decision_speed.py [--tree DIR] [--game time_barons] [--level hard] [--decisions 20]

Plays two seeded 2-player games of bots of ``--level`` for ``--decisions`` decisions each, on the
level's iteration budgets (so both versions make the same moves), and prints the CPU seconds the
decisions took and a digest of the moves. ``--tree`` runs the ``py_engine`` found in another
folder, e.g. an older commit unpacked with ``git archive <commit> py_engine | tar -x -C DIR``.
Run the two versions in turn several times on a quiet machine and compare the fastest runs.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--tree", default=str(Path(__file__).resolve().parents[1]))
    p.add_argument("--game", default="time_barons")
    p.add_argument("--level", default="hard")
    p.add_argument("--decisions", type=int, default=20)
    a = p.parse_args()
    sys.path.insert(0, a.tree)
    from py_engine.core import Rng, make_bot  # noqa: PLC0415 - from the tree chosen above
    from py_engine.games import get  # noqa: PLC0415

    game = get(a.game)
    moves: list[object] = []
    spent = 0.0
    for seed in (1, 2):
        state = game.setup(["a", "b"], {}, seed)
        rng = Rng.from_seed(seed)
        bot = make_bot(game, a.level)
        for _ in range(a.decisions):
            if game.outcome(state) is not None:
                break
            seat = game.to_act(state)[0]
            t0 = time.process_time()
            action = bot.choose(game, state, seat, rng)
            spent += time.process_time() - t0
            moves.append(action.to_json())
            state = game.apply(state, seat, action)
    digest = hashlib.sha256(json.dumps(moves).encode()).hexdigest()[:12]
    print(json.dumps({"tree": a.tree, "game": a.game, "level": a.level, "decisions": len(moves),
                      "cpu_s": round(spent, 2), "moves": digest}))


if __name__ == "__main__":
    main()
