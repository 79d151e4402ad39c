"""The engine contract shared by every game, bot, fuzzer and benchmark.

See DESIGN.md: :class:`Game` (setup, to_act, legal_actions, apply, view, outcome,
determinize, check_invariants, options), :class:`Action`, :class:`Outcome` (with its
:class:`Ending`), :class:`Rng`, :class:`Match` (log, undo, save/load) and the bots.

A state is a plain JSON-ready dict (:data:`State`). :class:`CoreState` types the keys every
state has; a game may describe the rest as a ``TypedDict`` extending it, read through a cast at
its contract methods, so mypy checks its rule code (``TimeWarState``, ``TimelineState``,
``TimeBaronsState``, ``TimeOfCrisisState``, ``BaronsState``) while saves, cloning and hashes stay as they are.

The modules import one way: :mod:`.errors`, :mod:`.action`, :mod:`.rng`, :mod:`.levels`
(bot levels' budgets), :mod:`.odds` (:class:`Odds` of a roll and exact dice arithmetic)
→ :mod:`.game` → :mod:`.mcts` → :mod:`.bots` (:func:`make_bot`:
a game's own bot for a level, else the random or generic search bot; bots are built
here, never by :class:`Game`) → :mod:`.hint` (a hint's move and its line of why) → :mod:`.match` → :mod:`.replay`, :mod:`.daily`,
:mod:`.host` (one table across devices: what a guest phone receives and may send, issue 27); :mod:`.flow`
(one way for a rule to ask a player: a frame stack in the state, :class:`~.flow.Step` per
frame kind, :class:`~.flow.Ask`, the always-ask rule) imports only :mod:`.action`. The game
registry :mod:`py_engine.games` imports each engine on first use.
"""

from .action import Action
from .bots import Bot, RandomBot, make_bot
from .daily import DailyScore, daily_match, daily_seed
from .errors import EngineError, IllegalAction, OptionError, SaveError
from .game import (
    CoreState,
    Ending,
    Game,
    MomentKind,
    Option,
    Outcome,
    Standing,
    Standings,
    State,
    canonical_json,
    clone,
    engine_version,
    log,
    ranked,
    reveal,
    state_hash,
)
from .hint import Hint, suggest
from .match import SAVE_FORMAT, SAVE_VERSION, Match, Seat, Thinking
from .mcts import MCTSBot, Search
from .odds import Odds, OddsTable
from .replay import LEAD_CHANGES, Moment, Replay, Turn, key_moments
from .rng import Rng, seed_words

__all__ = [
    "SAVE_FORMAT", "SAVE_VERSION", "Action", "Bot", "DailyScore", "EngineError", "Game", "Hint", "IllegalAction",
    "CoreState", "Ending", "LEAD_CHANGES", "MCTSBot", "Moment", "MomentKind", "Match", "Odds", "OddsTable", "Option",
    "OptionError", "Outcome", "RandomBot", "Replay", "Rng", "SaveError", "Search", "Seat", "Standing", "Standings",
    "State", "Thinking", "Turn", "canonical_json", "clone", "daily_match", "daily_seed", "engine_version", "key_moments", "log", "make_bot", "ranked", "reveal",
    "seed_words", "state_hash", "suggest",
]
