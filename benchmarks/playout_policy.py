"""Experiment (issue 29): playouts that are partly greedy by the game's evaluation.

A level's searches play each playout decision, with probability ``greedy``, as the action whose
result the game's :meth:`Game.evaluate` (or outcome) rates best for the seat to act, else at random
as the core search does (:class:`py_engine.core.mcts.Search`). Used by ``bots.py --greedy
hard=0.5``; benchmarks only.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from py_engine.core.game import clone
from py_engine.core.mcts import Search, apply_in_place, payoffs


class GreedySearch(Search):
    """:class:`Search` whose playouts are greedy by the evaluation with probability ``greedy``."""

    greedy = 0.5

    def _rollout(self, d: Any) -> list[float]:
        game, rng = self.game, self.rng
        steps, limit, extra = 0, self.rollout_limit, self.quiet_extra
        cut = int(self.greedy * 1000)
        while game.outcome(d) is None:
            if steps >= limit:
                if extra <= 0 or game.quiet(d):
                    break
                extra -= 1
            steps += 1
            actor = game.to_act(d)[0]
            legal = game.search_actions(d, actor)
            if len(legal) == 1:
                action = legal[0]
            elif rng.below(1000) < cut:
                best = -1.0
                action = legal[0]
                for a in legal:
                    c = clone(d)
                    apply_in_place(game, c, actor, a)
                    v = payoffs(game, c)[actor]
                    if v > best:
                        best, action = v, a
            else:
                action = legal[rng.below(len(legal))]
            apply_in_place(game, d, actor, action)
        return payoffs(game, d)


def greedy_bot(bot: Any, greedy: float) -> Any:
    """``bot`` (a search bot, frozen dataclass) whose searches use :class:`GreedySearch`."""
    base = type(bot)

    class Greedy(base):  # type: ignore[misc, valid-type]
        def search(self, game: Any, state: Any, seat: int, rng: Any) -> Any:
            s = base.search(self, game, state, seat, rng)
            g = GreedySearch(s.game, s.state, s.seat, s.rng, s.c, s.rollout_limit, s.quiet_extra)
            g.greedy = greedy
            return g

    return Greedy(**{f.name: getattr(bot, f.name) for f in dataclasses.fields(bot)})
