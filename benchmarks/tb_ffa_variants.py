#!/usr/bin/env python3
"""The experiments behind hard's free-for-all evaluation in Time Barons (issue 46), not a test.

    TB_VARIANT=exposure .venv/bin/python benchmarks/tb_ffa_variants.py --game time_barons --level hard \\
        --versus normal --players 4 --options '{"mode": "free_for_all"}' --games 60 --jobs 2 --cpu \\
        --fitted hard=benchmarks/results/levels/tb_no_fit.json --progress out.jsonl

Runs ``benchmarks/bots.py`` with its arguments, the ``hard`` level's cut-off evaluation replaced (through
``--fitted``'s wrapper of the game, whose fit file is then not read) by one of these, at a
free-for-all table only (elsewhere: the shared :meth:`TimeBarons.evaluate`). ``TB_VARIANT`` is one or
more of the names below joined by ``+``:

- ``threat``: minus 3 points of material lead per opponent beyond the first whose strongest rival the
  seat is (the seat the normals' evaluation makes them hit), fading as the draw stacks run down;
- ``hold_back``: a lead over the strongest opponent counted at the share of the draw stacks drawn, at
  least :attr:`TimeBarons.lead_floor` (behind counts in full);
- ``exposure``: each seat's material less :attr:`TimeBarons.exposure_weight` per follower of
  :func:`~py_engine.time_barons.board.exposed`.

``exposure+hold_back`` is what hard ships (:meth:`TimeBarons.evaluate_exposure`). Results:
benchmarks/RESULTS.md, "Time Barons free-for-all: a hard that stays out of reach".
"""

from __future__ import annotations

import math
import os
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]

from benchmarks import fit_eval  # noqa: E402
from py_engine.time_barons.board import exposed, ffa, followers, level_of, opponents, sites_of  # noqa: E402
from py_engine.time_barons.rules import TimeBarons  # noqa: E402
from py_engine.time_barons.state import tbs  # noqa: E402

VARIANT = set(os.environ.get("TB_VARIANT", "exposure+hold_back").split("+"))
#: Points of lead per extra opponent for ``threat``.
THREAT_POINTS = 3.0


def evaluate(self: Any, state: Any) -> list[float] | None:
    """The variant's value of each seat (see the module's docstring)."""
    st = tbs(state)
    if not ffa(st):
        return self._game.evaluate(state)  # type: ignore[no-any-return]
    n = len(st["seats"])
    drawn = max(0.0, 1.0 - sum(len(s) for s in st["stacks"]) / max(1, st["stacked"]))
    closing = 0.5 + 0.5 * drawn
    score = [followers(st, p) + 2 * (level_of(st, p) - 1) + 0.5 * len(st["players"][p]["hand"])
             + 0.5 * len(sites_of(st, p)) + 0.5 * int(st["players"][p]["forge"])
             + (1.0 if st["hammer"] == p else 0.0) for p in range(n)]
    if "exposure" in VARIANT:
        score = [v - TimeBarons.exposure_weight * exposed(st, p) for p, v in enumerate(score)]
    target = {q: max(opponents(st, q), key=lambda r: (score[r], r == st["hammer"]))
              for q in range(n) if q not in st["out"] and opponents(st, q)}
    out = []
    for p in range(n):
        if p in st["out"]:
            out.append(0.0)
            continue
        lead = score[p] - max([score[q] for q in opponents(st, p)] or [score[p]])
        if "threat" in VARIANT:
            hitters = sum(1 for q, t in target.items() if t == p)
            lead -= THREAT_POINTS * max(0, hitters - 1) * (1.0 - drawn)
        if "hold_back" in VARIANT and lead > 0:
            lead *= max(TimeBarons.lead_floor, drawn)
        out.append(float(0.5 + closing * (1.0 / (1.0 + math.exp(-lead / 8.0)) - 0.5)))
    return out


if __name__ == "__main__":
    unknown = VARIANT - {"threat", "hold_back", "exposure"}
    if unknown:
        sys.exit(f"unknown TB_VARIANT part(s): {', '.join(sorted(unknown))}")
    fit_eval.FittedGame.evaluate = evaluate  # type: ignore[method-assign]  # the workers fork with it
    from benchmarks import bots

    sys.argv = ["bots.py", *sys.argv[1:]]
    bots.main()
