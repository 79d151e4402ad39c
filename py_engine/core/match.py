"""A played game: seats, options, seed and the action log (DESIGN.md, "Match").

The state is the replay of the log from :meth:`Game.setup`. Undo goes back one
action at a time, but never across a point where the RNG was used or hidden
information was revealed (the state's ``rng`` words or ``reveals`` counter
changed), only over a human's own action, and at most :data:`UNDO_LIMIT` actions
back: the match keeps that many earlier states, so its memory stays bounded however
long a game runs without chance (benchmarks/RESULTS.md, "Match memory").

A save is versioned JSON::

    {"format": "time-and-barons-save", "version": 1, "engine": "0.8.0",
     "game": "timeline", "seats": [{"name": "Ann", "kind": "human", "level": null}],
     "options": {...}, "seed": 7, "generator": "blake2b-ctr", "actions": [[seat, ["place", 2]], ...],
     "state_hash": "…16 hex…", "meta": {...free-form UI data...}}

``generator`` names the deal's random generator (:data:`~py_engine.core.rng.GENERATORS`); a save
without one (every save before engine 0.7.0) was dealt by ``xoshiro128**``. The app's games use
the cryptographic ``blake2b-ctr`` with a 256-bit seed (:func:`~py_engine.core.rng.new_seed`): a
save holds the seed, so a save file, exported mid-game, gives away the deal.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .. import __version__
from ..games import get, ids
from .action import Action
from .bots import bot_seed, make_bot
from .errors import EngineError, IllegalAction, OptionError, SaveError
from .game import Game, State, engine_version, state_hash
from .hint import ONLY, Hint, explain, without_harm
from .rng import GENERATORS, XOSHIRO, Rng
from .safejson import MAX_BYTES as MAX_SAVE_BYTES
from .safejson import UnsafeJson, loads_limited

SAVE_FORMAT = "time-and-barons-save"
SAVE_VERSION = 1

#: Most actions undo can take back in a row (earlier states are not kept).
UNDO_LIMIT = 100

#: Upgraders from an older save ``version`` to the next one: ``{old: fn(dict) -> dict}``.
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}


@dataclass(frozen=True)
class Seat:
    """A seat at the table: a display name, ``kind`` ``"human"`` or ``"bot"``, and
    for a bot its ``level`` (one of the game's :meth:`Game.bot_levels`)."""

    name: str
    kind: str = "human"
    level: str | None = None

    def to_json(self) -> dict[str, Any]:
        """``{"name", "kind", "level"}``."""
        return {"name": self.name, "kind": self.kind, "level": self.level}

    @classmethod
    def from_json(cls, d: Any) -> Seat:
        """Parse a seat; raises :class:`SaveError` if malformed."""
        if not isinstance(d, dict) or not isinstance(d.get("name"), str):
            raise SaveError("The save is damaged: a seat has no name.")
        kind = d.get("kind", "human")
        level = d.get("level")
        if kind not in ("human", "bot") or (kind == "bot" and not isinstance(level, str)):
            raise SaveError(f"The save is damaged: seat {d.get('name')!r} is neither human nor a bot.")
        return cls(d["name"], kind, level if kind == "bot" else None)


@dataclass(frozen=True)
class Stopped:
    """Where a save of an older engine stopped replaying (issue 50): its move ``move`` (1-based,
    of ``total``; ``label`` the move as the save wrote it) is not a legal move under this
    engine's rules, for ``reason``; the match resumes after its move ``move - 1``. ``engine`` is
    the save's version."""

    engine: str
    move: int
    total: int
    label: str
    reason: str
    #: The game is over at the move before (today's rules ended it sooner).
    over: bool = False

    def message(self) -> str:
        """What the player is told (the version, the move, and that nothing is lost)."""
        head = (f"This game was saved by version {self.engine} of the rules engines, under older rules: its move "
                f"{self.move} of {self.total} ({self.label}) ")
        if self.over:
            return (head + f"comes after the end: under today’s rules the game is over after move {self.move - 1}. "
                    "The original file is kept as it is, to export.")
        return (head + f"is not a legal move under today’s rules ({self.reason}). It can resume after move "
                f"{self.move - 1}; the original file is kept as it is, to export.")


@dataclass
class Match:
    """A game in progress or finished, as the app and the CLI hold it.

    Create with :meth:`new` or :meth:`load`; act with :meth:`apply` or
    :meth:`play_bot`; step back with :meth:`undo`; persist with :meth:`save`.
    """

    game: Game
    seats: list[Seat]
    options: dict[str, Any]
    seed: int
    actions: list[tuple[int, Action]] = field(default_factory=list)
    meta: dict[str, Any] = field(default_factory=dict)
    _states: list[State] = field(default_factory=list, repr=False)
    _undo_floor: int = 0
    #: Messages for the player from :meth:`load` (e.g. a save from an older engine
    #: that replays to a slightly different position); not saved.
    notices: list[str] = field(default_factory=list, repr=False)
    #: The deal's random generator (:data:`~py_engine.core.rng.GENERATORS`), saved.
    generator: str = XOSHIRO
    #: Set by :meth:`load` when a save of an older engine could not be replayed to its end (its
    #: rules have changed since): where it stopped; None otherwise. Not saved.
    stopped: Stopped | None = field(default=None, repr=False)
    #: Set by :meth:`load`: how many of an older save's moves the rule changes since rewrote
    #: (:meth:`Game.upgrade_moves` and :meth:`Game.mend_move`), 0 for none. Not saved.
    upgraded: int = field(default=0, repr=False)

    @classmethod
    def new(cls, game_id: str, seats: Sequence[Seat], options: Mapping[str, Any] | None = None,
            seed: int = 0, meta: Mapping[str, Any] | None = None, generator: str = XOSHIRO) -> Match:
        """Start a new match. ``generator``: the deal's random generator (:meth:`Game.setup`):
        the app passes the cryptographic ``blake2b-ctr`` with a :func:`~py_engine.core.rng.new_seed`.

        Raises:
            KeyError: unknown game id.
            OptionError: bad seats, bot levels or options.
            ValueError: an unknown generator.
        """
        game = get(game_id)
        levels = game.bot_levels()
        for s in seats:
            if s.kind == "bot" and s.level not in levels:
                raise OptionError(f"{game.title} has no bot level {s.level!r}; levels: {levels}")
        opts = game.resolve_options(len(seats), options)
        state = game.setup([s.name for s in seats], opts, seed, generator)
        return cls(game, list(seats), opts, seed, [], dict(meta or {}), [state], 0, generator=generator)

    # ---- state and play ----------------------------------------------------------
    @property
    def state(self) -> State:
        """The current state (do not mutate it)."""
        return self._states[-1]

    def to_act(self) -> list[int]:
        """Seats that must decide now."""
        return self.game.to_act(self.state)

    def is_over(self) -> bool:
        """True once the game has an outcome."""
        return self.game.outcome(self.state) is not None

    def apply(self, seat: int, action: Action) -> State:
        """Apply one action for ``seat`` and log it.

        Raises:
            IllegalAction: refused by the rules; nothing changes.
        """
        before = self.state
        after = self.game.apply(before, seat, action)
        self._push(seat, action, before, after)
        return after

    def _push(self, seat: int, action: Action, before: State, after: State) -> None:
        self.actions.append((seat, action))
        self._states.append(after)
        if after["rng"] != before["rng"] or after["reveals"] != before["reveals"]:
            # Hidden information or chance: undo may never go back past this point.
            self._undo_floor = len(self.actions)
            self._states = [after]
        elif len(self._states) > UNDO_LIMIT + 1:
            # Undo reaches UNDO_LIMIT actions back at most: the oldest state goes.
            del self._states[0]
            self._undo_floor = len(self.actions) - UNDO_LIMIT

    def bot_to_act(self) -> int | None:
        """The first seat in :meth:`to_act` played by a bot, or None."""
        for seat in self.to_act():
            if self.seats[seat].kind == "bot":
                return seat
        return None

    def humans_to_act(self) -> list[int]:
        """Seats in :meth:`to_act` played by humans."""
        return [s for s in self.to_act() if self.seats[s].kind == "human"]

    def bot_action(self, seat: int) -> Action:
        """The action the bot in ``seat`` chooses now (reproducible: its RNG is seeded
        from the match seed, the number of actions so far and the seat)."""
        level = self.seats[seat].level or "random"
        bot = make_bot(self.game, level)
        rng = Rng.from_seed(bot_seed(self.seed, len(self.actions), seat))
        action: Action = bot.choose(self.game, self.state, seat, rng)
        return action

    def think(self, time_limited: bool = False, at_most: float | None = None) -> Thinking | None:
        """A bot decision to compute in slices (for a UI that must stay responsive),
        or None if no bot is to act.

        Without ``time_limited`` it gives the same action as :meth:`bot_action`
        (reproducible). With it, the search also stops once it has used the level's
        :meth:`Game.bot_time_limit` (seconds of search), or ``at_most`` seconds if that is
        less (the app's share of a whole bot turn), whichever comes first, so a slow device
        never waits long; the action then depends on the device's speed."""
        seat = self.bot_to_act()
        if seat is None:
            return None
        level = self.seats[seat].level or "random"
        bot = make_bot(self.game, level)
        limit = self.game.bot_time_limit(level) if time_limited else None
        if limit is not None and at_most is not None:
            limit = min(limit, at_most)
        return Thinking(self, seat, bot, Rng.from_seed(bot_seed(self.seed, len(self.actions), seat)),
                        time_limit=limit)

    def hint(self, seat: int, time_limited: bool = False) -> Thinking | None:
        """A hint for the human ``seat`` to compute in slices (issue 24 §5): the decision
        the bot of :meth:`Game.hint_level` would make in that seat, from the seat's own
        information set (the search only sees :meth:`Game.determinize` copies), seeded as
        that bot's own decision would be (reproducible from the save). ``time_limited``: as
        in :meth:`think`, with the hint level's time limit. None if the game offers no hint
        or ``seat`` is not to act. Read the result with :meth:`hint_of`."""
        level = self.game.hint_level()
        if level is None or self.is_over() or seat not in self.to_act():
            return None
        bot = make_bot(self.game, level)
        limit = self.game.bot_time_limit(level) if time_limited else None
        return Thinking(self, seat, bot, Rng.from_seed(bot_seed(self.seed, len(self.actions), seat)),
                        time_limit=limit)

    def hint_of(self, thinking: Thinking) -> Hint | None:
        """The :class:`~py_engine.core.hint.Hint` of a finished :meth:`hint` (the suggested
        action and one line of why, :func:`~py_engine.core.hint.explain`), or None while it
        is not done or if the match moved on since it began."""
        if thinking.action is None or thinking.match is not self or thinking.n != len(self.actions):
            return None
        if thinking.stopped_by == "forced":
            return Hint(thinking.action, ONLY)
        # never a move the app would ask about (issue 48): the search's next best instead
        action = without_harm(self.game, self.state, thinking.seat, thinking.action, thinking.ranked())
        share = thinking.share if action == thinking.action else thinking.mean(action)
        return Hint(action, explain(self.game, self.state, thinking.seat, action, thinking.rng, share))

    def play_bot(self) -> tuple[int, Action] | None:
        """If a bot is to act, let it choose and apply its action; return it."""
        seat = self.bot_to_act()
        if seat is None:
            return None
        action = self.bot_action(seat)
        self.apply(seat, action)
        return seat, action

    # ---- undo --------------------------------------------------------------------
    def can_undo(self, seat: int | None = None) -> bool:
        """True if the last action may be taken back: it was a human's (``seat``'s,
        if given), and no chance or reveal happened since it."""
        if len(self.actions) <= self._undo_floor or len(self._states) < 2:
            return False
        last_seat = self.actions[-1][0]
        if self.seats[last_seat].kind != "human":
            return False
        return seat is None or last_seat == seat

    def why_no_undo(self, seat: int | None = None) -> str | None:
        """Why :meth:`can_undo` is false, in one sentence for the player (issue 48: a choice a
        reveal locks says so, not "nothing to undo"); None when undo is possible.

        >>> m = Match.new("timeline", [Seat("Ann"), Seat("Bob")], {}, 1)
        >>> m.why_no_undo()
        'Nothing to undo yet.'
        """
        if self.can_undo(seat):
            return None
        if not self.actions:
            return "Nothing to undo yet."
        last_seat = self.actions[-1][0]
        if self.seats[last_seat].kind != "human" or (seat is not None and last_seat != seat):
            return "Nothing to undo: the last move was not yours."
        if len(self.actions) <= self._undo_floor or len(self._states) < 2:
            return ("Your last choice cannot be taken back: it revealed a card or left something to chance "
                    "(a draw, a roll), and what it showed stays shown.")
        return "Nothing to undo."

    def undo(self, seat: int | None = None) -> None:
        """Take back the last action.

        Raises:
            IllegalAction: if :meth:`can_undo` is false (nothing changes).
        """
        if not self.can_undo(seat):
            raise IllegalAction("Nothing to undo: a card was revealed or a random draw happened since.")
        self.actions.pop()
        self._states.pop()

    # ---- a seat handed to a bot ---------------------------------------------------
    def handed(self) -> list[int]:
        """The seats a human handed to a bot in this match (:meth:`hand_over`), ascending;
        ``meta["handed"]`` as saved, less anything that is not such a seat now.

        >>> m = Match.new("timeline", [Seat("Ann"), Seat("Bot", "bot", "easy")], {}, 1)
        >>> m.hand_over(0, "normal")
        >>> m.handed(), m.seats[0]
        ([0], Seat(name='Ann', kind='bot', level='normal'))
        >>> m.take_back(0)
        >>> m.handed(), m.seats[0].kind
        ([], 'human')
        """
        raw = self.meta.get("handed")
        if not isinstance(raw, list):
            return []
        return sorted({s for s in raw if isinstance(s, int) and not isinstance(s, bool)
                       and 0 <= s < len(self.seats) and self.seats[s].kind == "bot"})

    def hand_over(self, seat: int, level: str) -> None:
        """Let a bot of ``level`` (one of :meth:`Game.bot_levels`) play the human ``seat`` from
        now on, under the seat's own name (a player leaves a long game to a bot and watches
        it end, issue 48 §3). No move is made or taken back: the match goes on from the same
        state, with the seat's bot to decide wherever the human would have. The seat is
        noted in ``meta["handed"]`` (saved), so :meth:`take_back` can return it.

        Raises:
            IllegalAction: the game is over, ``seat`` is not a human seat, or ``level`` is
                not one of the game's levels (nothing changes).
        """
        if self.is_over():
            raise IllegalAction("The game is over: there is nothing left to play.")
        if not 0 <= seat < len(self.seats) or self.seats[seat].kind != "human":
            raise IllegalAction("Only a player's own seat can be handed to a bot.")
        if level not in self.game.bot_levels():
            raise IllegalAction(f"{self.game.title} has no bot level {_clip(str(level), 20)!r}.")
        self.seats[seat] = Seat(self.seats[seat].name, "bot", level)
        self.meta["handed"] = sorted({*self.handed(), seat})

    def take_back(self, seat: int) -> None:
        """Give the handed ``seat`` (:meth:`handed`) back to its human, from the current
        state: the moves its bot made stay made (they may have revealed cards or rolled).

        Raises:
            IllegalAction: ``seat`` was not handed to a bot (nothing changes).
        """
        if seat not in self.handed():
            raise IllegalAction("That seat is not played by a bot for its player.")
        self.seats[seat] = Seat(self.seats[seat].name, "human", None)
        rest = [s for s in self.handed() if s != seat]
        if rest:
            self.meta["handed"] = rest
        else:
            self.meta.pop("handed", None)

    # ---- save / load -------------------------------------------------------------
    def save(self) -> dict[str, Any]:
        """The save as a JSON-ready dict (see the module docstring)."""
        return {
            "format": SAVE_FORMAT, "version": SAVE_VERSION, "engine": __version__,
            "game": self.game.id, "seats": [s.to_json() for s in self.seats],
            "options": self.options, "seed": self.seed, "generator": self.generator,
            "actions": [[seat, a.to_json()] for seat, a in self.actions],
            "state_hash": state_hash(self.state), "meta": self.meta,
        }

    def save_json(self) -> str:
        """:meth:`save` as compact JSON text."""
        return json.dumps(self.save(), separators=(",", ":"), ensure_ascii=False)

    @classmethod
    def load(cls, data: str | bytes | Mapping[str, Any]) -> Match:
        """Validate a save and replay it.

        A save from an older engine version first passes its moves through the game's
        :meth:`~py_engine.core.game.Game.upgrade_moves` (the rule changes since, each rewritten
        where a move can be), and a move that today's rules refuse where it stands goes through
        :meth:`~py_engine.core.game.Game.mend_move`; one that still stops replaying is
        loaded up to the move before it (issue 50: a game is never lost to an update), with
        :attr:`stopped` saying where and why and its message in :attr:`notices`; one that
        replays legally but to a different position is loaded with a notice.

        Raises:
            SaveError: with ``reason`` ``"corrupt"`` (not JSON, missing or wrong-typed
                fields, an action that does not replay on the engine version that wrote it,
                a checksum that does not match on that version), ``"foreign"`` (not one of
                our saves, an unknown game, or a file too large, too deeply nested or not
                UTF-8), or ``"newer"`` (a newer save format, engine version or generator).
        """
        if isinstance(data, bytes | str):
            try:
                d = loads_limited(data, MAX_SAVE_BYTES)
            except UnsafeJson as e:
                if e.kind == "syntax":
                    raise SaveError("This file is not a Time & Barons save: it is not valid JSON.",
                                    "corrupt") from None
                raise SaveError(f"This file is not a Time & Barons save. {e}", "foreign") from None
        else:
            d = dict(data)
        if not isinstance(d, dict) or d.get("format") != SAVE_FORMAT:
            raise SaveError("This file is not a Time & Barons save.", "foreign")
        version = d.get("version")
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            raise SaveError("The save is damaged: its format version is missing.", "corrupt")
        if version > SAVE_VERSION:
            raise SaveError(
                f"This save was made by a newer version of Time & Barons (engine "
                f"{d.get('engine', '?')}, save format {version}); this app reads format "
                f"{SAVE_VERSION} and older. Update the app to open it.", "newer")
        while version < SAVE_VERSION:
            d = MIGRATIONS[version](d)
            version = d["version"]
        game_id = d.get("game")
        if game_id not in ids():
            raise SaveError(f"This save is for a game this app does not have ({game_id!r}).", "foreign")
        get(str(game_id))  # imports the engine (and raises for a broken one)
        seats_raw, actions_raw, seed = d.get("seats"), d.get("actions"), d.get("seed")
        if not isinstance(seats_raw, list) or not isinstance(actions_raw, list):
            raise SaveError("The save is damaged: seats or actions are missing.")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise SaveError("The save is damaged: its seed is missing.")
        generator = d.get("generator", XOSHIRO)
        if generator not in GENERATORS:
            raise SaveError(f"This save deals with a random generator this app does not know ({_clip(str(generator), 40)}): "
                            "it was made by a newer version of Time & Barons. Update the app to open it.", "newer")
        seats = [Seat.from_json(s) for s in seats_raw]
        meta = d.get("meta") if isinstance(d.get("meta"), dict) else {}
        options = d.get("options")
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise SaveError("The save is damaged: its options are not a list of named settings.")
        try:
            match = cls.new(str(game_id), seats, options, seed, meta, str(generator))
        except OptionError as e:
            raise SaveError(f"The save is damaged: {_clip(str(e))}") from None
        moves: list[tuple[int, Action]] = []
        for i, entry in enumerate(actions_raw, 1):
            if (not isinstance(entry, list) or len(entry) != 2 or not isinstance(entry[0], int)
                    or isinstance(entry[0], bool)):
                raise SaveError(f"The save is damaged: move {i} is unreadable.")
            try:
                moves.append((entry[0], Action.from_json(entry[1])))
            except SaveError:
                raise SaveError(f"The save is damaged: move {i} is unreadable.") from None
        engine = d.get("engine", "?")
        engine = engine if isinstance(engine, str) else "?"
        # a save names its engine; one that does not (made by hand) cannot claim older rules
        older = bool(engine_version(engine)) and engine_version(engine) < engine_version(__version__)
        newer = engine_version(engine) > engine_version(__version__)
        if engine != __version__:
            before = list(moves)
            moves = match.game.upgrade_moves(moves, engine, len(seats))
            match.upgraded = 0 if moves == before else max(1, abs(len(before) - len(moves)))
        i, mended = 0, 0
        while i < len(moves):
            seat, action = moves[i]
            i += 1
            try:
                match.apply(seat, action)
            except (IllegalAction, EngineError) as e:
                fix = match.game.mend_move(match.state, seat, action, engine) if older and mended < len(moves) else None
                if fix is not None:
                    moves[i - 1:i] = [(seat, a) for a in fix]
                    i -= 1
                    mended += 1
                    match.upgraded += 1
                    continue
                if newer:
                    raise SaveError(f"This save was made by a newer version of Time & Barons (engine "
                                    f"{_clip(engine, 20)}), whose rules this app does not know yet: update "
                                    "the app to open it.", "newer") from None
                if not older:
                    raise SaveError(f"The save is damaged: move {i} ({_clip(str(action))}) cannot be "
                                    f"replayed: {_clip(str(e))}") from None
                match.stopped = Stopped(_clip(engine, 20), i, len(moves), _clip(str(action), 80), _clip(str(e)),
                                        match.is_over())
                match.notices.append(match.stopped.message())
                return match
        want = d.get("state_hash")
        if want is not None and want != state_hash(match.state):
            if engine == __version__:
                raise SaveError("The save is damaged: the position does not match its checksum.")
            # An older (or other) engine: every move replayed legally, but the position
            # differs in some detail (a rule fix, or bookkeeping such as the reveal count
            # undo relies on). Resuming beats losing the game; say so.
            match.notices.append(
                f"This game was saved by version {_clip(str(engine), 20)} of the rules engines; on this "
                f"version ({__version__}) its moves replay to a slightly different position. It "
                "continues from the replayed position.")
        return match


def _clip(text: str, limit: int = 200) -> str:
    """``text`` cut for a message (a hostile save must not make a huge one)."""
    return text if len(text) <= limit else text[:limit] + "…"


class Thinking:
    """A bot's decision computed in time-boxed slices.

    Call :meth:`step` repeatedly (yielding to the UI between calls) until it returns
    True, then read :attr:`action`. A search bot (one with ``search()`` and
    ``iterations``, like :class:`~py_engine.core.mcts.MCTSBot`) runs its iterations
    in chunks; any other bot decides in one step. Without ``time_limit`` the result
    does not depend on how the work was sliced. With ``time_limit`` (seconds of
    wall time from the start of the first :meth:`step`, so the page's own work
    between slices counts too: it is what the player waits) the search stops at
    the limit or at its iteration budget, whichever comes first; :attr:`stopped_by`
    then says which (``"time"`` or ``"iterations"``) and :attr:`elapsed` how long
    the decision has taken. A search bot may also offer ``quick(game, state,
    seat)`` (an action chosen without searching, or None; :attr:`stopped_by` is
    then ``"quick"``) and ``budget(game, state, seat)`` (this decision's iterations,
    instead of ``iterations``).
    """

    def __init__(self, match: Match, seat: int, bot: Any, rng: Rng,
                 time_limit: float | None = None) -> None:
        self.match, self.seat, self.bot, self.rng = match, seat, bot, rng
        self.n = len(match.actions)
        self.action: Action | None = None
        self.time_limit = time_limit
        #: Seconds since the first :meth:`step` began (as of the latest step).
        self.elapsed = 0.0
        self._t0: float | None = None
        #: ``"iterations"``, ``"time"``, ``"forced"`` (one legal action), ``"quick"``
        #: (the bot's shortcut) or ``"bot"`` (a bot without a search) once decided,
        #: else None.
        self.stopped_by: str | None = None
        self._search: Any = None
        self._total = 0
        game, state = match.game, match.state
        legal = game.legal_actions(state, seat)
        quick = getattr(bot, "quick", None)
        if len(legal) == 1:
            self.action = legal[0]
            self.stopped_by = "forced"
        elif quick is not None and (fast := quick(game, state, seat)) is not None:
            self.action = fast
            self.stopped_by = "quick"
        elif hasattr(bot, "search") and hasattr(bot, "iterations"):
            self._search = bot.search(game, state, seat, rng)
            budget = getattr(bot, "budget", None)
            self._total = int(budget(game, state, seat)) if budget is not None else int(bot.iterations)

    @property
    def done(self) -> bool:
        """True once :attr:`action` is known."""
        return self.action is not None

    @property
    def progress(self) -> float:
        """Fraction of the search done, 0..1."""
        if self.action is not None:
            return 1.0
        if self._search is None:
            return 0.0
        done = float(self._search.iterations) / float(self._total)
        if self.time_limit:
            done = max(done, min(1.0, self.elapsed / self.time_limit))
        return done

    @property
    def share(self) -> float | None:
        """The search's mean payoff (0..1) for the decided action, or None (not decided, or
        decided without a search)."""
        if self.action is None or self._search is None:
            return None
        mean: float | None = self._search.mean(self.action)
        return mean

    def ranked(self) -> list[Action]:
        """The seat's legal actions, the search's best first (most visited); in the legal order
        for a decision made without a search."""
        if self._search is not None:
            return [a for a, _, _ in self._search.stats()]
        return self.match.game.legal_actions(self.match.state, self.seat)

    def mean(self, action: Action) -> float | None:
        """The search's mean payoff (0..1) for ``action``, None without a search or an
        iteration that tried it."""
        return self._search.mean(action) if self._search is not None else None

    @property
    def iterations(self) -> int:
        """Search iterations done so far (0 for a bot without a search)."""
        return int(self._search.iterations) if self._search is not None else 0

    def step(self, max_seconds: float = 0.03, clock: Callable[[], float] | None = None) -> bool:
        """Work for about ``max_seconds``; return True when the decision is made."""
        if self.action is not None:
            return True
        now = clock or time.perf_counter
        start = now()
        if self._t0 is None:
            self._t0 = start
        t0 = self._t0
        if self._search is None:
            self.action = self.bot.choose(self.match.game, self.match.state, self.seat, self.rng)
            self.elapsed = now() - t0
            self.stopped_by = "bot"
            return True
        total = self._total
        limit = self.time_limit
        chunk = 4
        out_of_time = False
        while self._search.iterations < total:
            self._search.run(min(chunk, total - self._search.iterations))
            t = now()
            if limit is not None and t - t0 >= limit:
                out_of_time = True
                break
            if t - start >= max_seconds:
                break
        self.elapsed = now() - t0
        if self._search.iterations >= total:
            self.action, self.stopped_by = self._search.best(), "iterations"
        elif out_of_time:
            self.action, self.stopped_by = self._search.best(), "time"
        return self.action is not None

    def apply(self) -> Action:
        """Apply the decided action to the match.

        Raises:
            IllegalAction: the match moved on (undo, another action) since thinking began.
        """
        if self.action is None:
            raise IllegalAction("The bot has not decided yet.")
        if len(self.match.actions) != self.n:
            raise IllegalAction("The game changed while the bot was thinking.")
        self.match.apply(self.seat, self.action)
        return self.action
