"""Experiment (issue 29): playouts that are partly greedy by the game's evaluation.

A level's searches play each playout decision, with probability ``greedy``, as the action whose
result the game's :meth:`Game.evaluate` (or outcome) rates best for the seat to act, else at random
as the core search does (:class:`py_engine.core.mcts.Search`). Used by ``bots.py --greedy
hard=0.5``; benchmarks only (it won no games more, benchmarks/RESULTS.md).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from py_engine.core.game import clone
from py_engine.core.mcts import Search, apply_in_place, payoffs


class _GreedyOptions:
    """The game as a playout sees it: with probability ``greedy`` a decision of several options
    offers only the one the evaluation rates best (the core playout then takes it), else all."""

    def __init__(self, game: Any, rng: Any, greedy: float) -> None:
        self._game, self._rng, self._cut = game, rng, int(greedy * 1000)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def search_actions(self, state: Any, seat: int) -> list[Any]:
        game = self._game
        legal: list[Any] = game.search_actions(state, seat)
        if len(legal) == 1 or self._rng.below(1000) >= self._cut:
            return legal
        best, choice = -1.0, legal[0]
        for a in legal:
            c = clone(state)
            apply_in_place(game, c, seat, a)
            v = payoffs(game, c)[seat]
            if v > best:
                best, choice = v, a
        return [choice]


class GreedySearch(Search):
    """:class:`Search` whose playouts are greedy by the evaluation with probability ``greedy``
    (the tree's own choices are the core's)."""

    greedy = 0.5

    def _rollout(self, d: Any) -> list[float]:
        game = self.game
        self.game = _GreedyOptions(game, self.rng, self.greedy)
        try:
            return super()._rollout(d)
        finally:
            self.game = game


def greedy_bot(bot: Any, greedy: float) -> Any:
    """``bot`` (a search bot, frozen dataclass) whose searches use :class:`GreedySearch`."""
    base = type(bot)

    class Greedy(base):  # type: ignore[misc, valid-type]
        def search(self, game: Any, state: Any, seat: int, rng: Any) -> Any:
            s = base.search(self, game, state, seat, rng)
            g = GreedySearch(s.game, s.state, s.seat, s.rng, s.c, s.rollout_limit, s.quiet_extra, s.evaluation)
            g.greedy = greedy
            return g

    return Greedy(**{f.name: getattr(bot, f.name) for f in dataclasses.fields(bot)})
