"""The engine contract shared by every game, bot, fuzzer and benchmark.

See DESIGN.md: :class:`Game` (setup, to_act, legal_actions, apply, view, outcome,
determinize, check_invariants, options), :class:`Action`, :class:`Outcome`,
:class:`Rng`, :class:`Match` (log, undo, save/load) and the bots.
"""

from .action import Action
from .bots import Bot, RandomBot
from .errors import EngineError, IllegalAction, OptionError, SaveError
from .game import Game, Option, Outcome, State, canonical_json, clone, log, reveal, state_hash
from .match import SAVE_FORMAT, SAVE_VERSION, Match, Seat, Thinking
from .mcts import MCTSBot, Search
from .rng import Rng, seed_words

__all__ = [
    "SAVE_FORMAT", "SAVE_VERSION", "Action", "Bot", "EngineError", "Game", "IllegalAction",
    "MCTSBot", "Match", "Option", "OptionError", "Outcome", "RandomBot", "Rng", "SaveError", "Search", "Seat",
    "State", "Thinking", "canonical_json", "clone", "log", "reveal", "seed_words", "state_hash",
]
