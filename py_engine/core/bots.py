"""Bots: the interface every bot follows, and :class:`RandomBot`.

A bot gets the game, the true state, its seat and its own RNG. It may read only
what :meth:`Game.view` would show its seat; anything hidden it must reach through
:meth:`Game.determinize` (which re-samples the hidden parts), so a bot never peeks.
"""

from __future__ import annotations

from typing import Protocol

from .action import Action
from .game import Game, State
from .rng import Rng


class Bot(Protocol):
    """Chooses one action for ``seat``; ``seat`` is in ``game.to_act(state)``."""

    def choose(self, game: Game, state: State, seat: int, rng: Rng) -> Action:
        """Return one of ``game.legal_actions(state, seat)``."""
        ...


class RandomBot:
    """Picks a uniformly random legal action (the fuzzers' and simulator's bot).

    >>> from py_engine.games import get
    >>> g = get("timeline"); s = g.setup(["A", "B"], {}, seed=1)
    >>> seat = g.to_act(s)[0]
    >>> RandomBot().choose(g, s, seat, Rng.from_seed(2)) in g.legal_actions(s, seat)
    True
    """

    level = "random"

    def choose(self, game: Game, state: State, seat: int, rng: Rng) -> Action:
        """A uniformly random legal action. Raises ``IndexError`` if there is none."""
        return rng.choice(game.legal_actions(state, seat))


def bot_seed(match_seed: int, n_actions: int, seat: int) -> int:
    """The seed of a bot's RNG for one decision: reproducible from the save alone."""
    return (match_seed * 1_000_003 + n_actions * 8191 + seat * 131 + 7) & 0xFFFFFFFFFFFF
