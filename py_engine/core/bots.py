"""Bots: the interface every bot follows, :class:`RandomBot`, and :func:`make_bot`,
which makes the bot of a level for any game.

A bot gets the game, the true state, its seat and its own RNG. It may read only
what :meth:`Game.view` would show its seat; anything hidden it must reach through
:meth:`Game.determinize` (which re-samples the hidden parts), so a bot never peeks.
"""

from __future__ import annotations

from typing import Protocol

from .action import Action
from .errors import OptionError
from .game import Game, State
from .levels import SEARCH_LEVELS
from .mcts import MCTSBot
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


def make_bot(game: Game, level: str) -> Bot:
    """The bot of ``level`` for ``game``: the game's own (:meth:`Game.own_bot`) if it
    has one, else ``random`` or a :class:`~py_engine.core.mcts.MCTSBot` with the
    level's iterations and playout cap (:attr:`Game.search_budgets`, else
    :data:`~py_engine.core.levels.SEARCH_LEVELS` with full playouts), exploration
    constant (:attr:`Game.search_exploration`), quiet extension
    (:attr:`Game.search_quiet`) and cut-off evaluation (:attr:`Game.search_evaluation`).

    >>> from py_engine.games import get
    >>> make_bot(get("time_war"), "random").level
    'random'

    Raises:
        OptionError: ``game`` has no bot ``level``.
    """
    own = game.own_bot(level)
    if own is not None:
        return own
    if level == "random":
        return RandomBot()
    if game.search_budgets is not None and level in game.search_budgets:
        iterations, cap = game.search_budgets[level]
    elif level in SEARCH_LEVELS:
        iterations, cap = SEARCH_LEVELS[level], MCTSBot.rollout_limit
    else:
        raise OptionError(f"{game.title} has no bot level {level!r}; levels: {game.bot_levels()}")
    return MCTSBot(iterations, c=game.search_exploration.get(level, MCTSBot.c), rollout_limit=cap,
                   quiet_extra=game.search_quiet.get(level, 0),
                   evaluation=game.search_evaluation.get(level, "evaluate"))
