"""Time Barons, 2 players: a ``hard`` search with a chosen exploration constant
against ``normal``, the experiment behind ``TimeBarons.search_exploration``.

    python benchmarks/tb_exploration.py ITERATIONS CAP C GAMES OUT.jsonl

The ``hard`` side is ``MCTSBot(ITERATIONS, c=C, rollout_limit=CAP)``; ``normal``
has playout cap 4, the iterations of the environment variable ``NI`` (default
120) and the exploration constant of ``NC`` (default 0.7). With ``DAMAGE=W`` (a weight, e.g. 1)
the ``hard`` search scores a cut-off playout with :func:`damage_aware`, the
game's evaluation plus a penalty for damaged sites. Seats alternate; game i uses
seed ``SEED0`` + i (environment; default 20,000, not the 10,000 of ``bots.py``).
With ``QUIET=N`` a cut-off playout of the ``hard`` search goes on, at most N more
decisions, while a card is half-resolved (``MCTSBot.quiet_extra``, ``Game.quiet``);
the short runs in RESULTS.md used 30, what the hard level now uses
(``TimeBarons.search_quiet``). After every game one JSON
line with the running wins, losses and draws of ``hard`` is appended to OUT.
"""

from __future__ import annotations

import json
import math
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from py_engine.core import Game, Match, Rng, Seat, State  # noqa: E402
from py_engine.core.mcts import MCTSBot, Search  # noqa: E402
from py_engine.time_barons.board import integrity  # noqa: E402
from py_engine.time_barons.rules import TimeBarons  # noqa: E402


def damage_aware(state: State, base: list[float], weight: float) -> list[float]:
    """``base``, the game's evaluation of ``state``, with each seat's lead lowered
    by its sites' risk: ``weight * (damage / integrity)**2 * (followers there + 1.5)``
    summed over its sites, against the opponents' average (2 players: the
    opponent's)."""
    n = len(state["seats"])
    left = sum(len(st) for st in state["stacks"])
    closing = 0.5 + 0.5 * max(0.0, 1.0 - left / max(1, state["stacked"]))
    risk = [0.0] * n
    for x in state["sites"]:
        frac = min(1.0, x["dmg"] / max(1, integrity(x)))
        risk[x["owner"]] += weight * frac * frac * (x["f"] + 1.5)
    out = []
    for p in range(n):
        v = min(max((base[p] - 0.5) / closing + 0.5, 1e-6), 1 - 1e-6)
        lead = 8.0 * math.log(v / (1 - v)) + sum(risk[q] for q in range(n) if q != p) / max(1, n - 1) - risk[p]
        out.append(0.5 + closing * (1.0 / (1.0 + math.exp(-lead / 8.0)) - 0.5))
    return out


class DamageSearch(Search):
    """:class:`Search` whose cut-off playouts are scored by :func:`damage_aware`."""

    weight = 1.0

    def _rollout(self, d: State) -> list[float]:
        result = super()._rollout(d)  # plays ``d`` out in place; a cut-off scores the evaluation
        return result if self.game.outcome(d) is not None else damage_aware(d, result, self.weight)


@dataclass(frozen=True)
class DamageBot(MCTSBot):
    """:class:`MCTSBot` searching with :class:`DamageSearch`."""

    weight: float = 1.0

    def search(self, game: Game, state: State, seat: int, rng: Rng) -> Search:
        """A :class:`DamageSearch` with this bot's settings."""
        s = DamageSearch(game, state, seat, rng, self.c, self.rollout_limit)
        s.weight = self.weight
        return s


def main() -> None:
    """Play the games and append the running tally to OUT (see the module docstring)."""
    iterations, cap, c = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3])
    games, out_path = int(sys.argv[4]), sys.argv[5]
    normal_c = float(os.environ.get("NC", "0.7"))
    normal_iterations = int(os.environ.get("NI", "120"))
    damage = os.environ.get("DAMAGE")
    def own_bot(self: TimeBarons, level: str) -> Any:
        if level == "hard":
            if damage:
                return DamageBot(iterations, c=c, rollout_limit=cap, weight=float(damage))
            quiet = int(os.environ.get("QUIET", "0"))  # extra decisions until quiet (Game.quiet)
            return MCTSBot(iterations, c=c, rollout_limit=cap, quiet_extra=quiet)
        if level == "normal":
            return MCTSBot(normal_iterations, c=normal_c, rollout_limit=4)
        return None

    TimeBarons.own_bot = own_bot  # type: ignore[method-assign]
    seed0 = int(os.environ.get("SEED0", "20000"))
    w = l_ = d = 0
    for i in range(games):
        levels = ["hard", "normal"] if i % 2 == 0 else ["normal", "hard"]
        m = Match.new("time_barons", [Seat(f"{lv} {k}", "bot", lv) for k, lv in enumerate(levels)], {}, seed0 + i)
        while not m.is_over():
            m.play_bot()
        out = m.game.outcome(m.state)
        assert out is not None
        if len(out.winners) != 1:
            d += 1
        elif out.winners[0] == levels.index("hard"):
            w += 1
        else:
            l_ += 1
        with open(out_path, "a") as f:
            f.write(json.dumps({"i": i, "w": w, "l": l_, "d": d, "actions": len(m.actions)}) + "\n")


if __name__ == "__main__":
    main()
