"""The game contract every engine implements (DESIGN.md, "Engine contract").

A State is a plain JSON-ready ``dict`` (str keys; values: dict, list, str, int,
bool, None). Games never mutate a State they were given: :meth:`Game.apply`
validates the action, clones the state, and lets the game mutate the clone.

Keys every State has, managed here:

- ``game``: the game id; ``seats``: display names, one per seat;
- ``options``: the resolved setup options;
- ``rng``: the random generator's state words (4 for ``xoshiro128**``, 10 for the cryptographic
  ``blake2b-ctr``; see :mod:`py_engine.core.rng`);
- ``reveals``: a counter a game bumps (:func:`reveal`) whenever it shows a player
  something that was hidden; together with ``rng`` it tells :class:`~py_engine.core.match.Match`
  where undo must stop;
- ``n``: the number of actions applied so far;
- ``log``: the game log, a list of ``[visible_to, text]`` where ``visible_to`` is
  ``None`` (everyone) or a seat number.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar, TypedDict

from .action import Action
from .errors import IllegalAction, OptionError
from .levels import SEARCH_LEVELS, TIME_LIMITS
from .odds import Odds
from .rng import XOSHIRO, Rng, generator_words, seed_words

if TYPE_CHECKING:  # bots.py imports this module: only the type is needed here
    from .bots import Bot

State = dict[str, Any]
JSON = Any


class CoreState(TypedDict):
    """The keys :meth:`Game.setup` puts in every game's state; a game describes its own
    state as a ``TypedDict`` that extends this one (e.g. ``py_engine.time_war.rules.TimeWarState``),
    for mypy only: at run time a state is a plain dict (:data:`State`), so saves, cloning and
    hashes do not depend on it.

    ``game``: the game id; ``seats``: names; ``options``: resolved options; ``rng``: the
    random generator's words; ``reveals``: how many times hidden information was shown (undo
    may not cross one); ``n``: actions applied; ``log``: ``[visible_to, text]`` lines."""

    game: str
    seats: list[str]
    options: dict[str, Any]
    rng: list[int]
    reveals: int
    n: int
    log: list[list[Any]]


def clone(obj: Any) -> Any:
    """Deep copy of a JSON-ready value (dicts and lists copied, scalars shared).

    The ``log`` list is copied shallowly: its entries are never mutated.

    >>> s = {"a": [1, {"b": 2}], "log": [[None, "x"]]}
    >>> c = clone(s); c["a"][1]["b"] = 3
    >>> s["a"][1]["b"]
    2
    """
    t = type(obj)
    if t is dict:
        return _clone_dict(obj)
    if t is list:
        return _clone_list(obj)
    return obj


def _clone_dict(obj: dict[str, Any]) -> dict[str, Any]:
    # The inner loop of every ``apply`` (and so of every bot's search): plain loops that test
    # each value's type once, about 1.4x faster than a comprehension calling :func:`clone`
    # for every value.
    out: dict[str, Any] = {}
    for k, v in obj.items():
        t = type(v)
        if t is dict:
            out[k] = _clone_dict(v)
        elif t is list:
            out[k] = list(v) if k == "log" else _clone_list(v)
        else:
            out[k] = v
    return out


def _clone_list(obj: list[Any]) -> list[Any]:
    out: list[Any] = []
    append = out.append
    for v in obj:
        t = type(v)
        if t is dict:
            append(_clone_dict(v))
        elif t is list:
            append(_clone_list(v))
        else:
            append(v)
    return out


def canonical_json(state: State) -> str:
    """The canonical JSON text of a state (sorted keys, no spaces)."""
    return json.dumps(state, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def state_hash(state: State) -> str:
    """A short sha256 hex digest (16 chars) of :func:`canonical_json`."""
    return hashlib.sha256(canonical_json(state).encode()).hexdigest()[:16]


def reveal(state: State | CoreState) -> None:
    """Mark that information hidden until now was shown: undo may not cross this."""
    state["reveals"] = state.get("reveals", 0) + 1


def log(state: State | CoreState, text: str, visible_to: int | None = None) -> None:
    """Append a log line, for everyone (``visible_to=None``) or one seat only."""
    state["log"].append([visible_to, text])


@dataclass(frozen=True)
class Option:
    """A declared setup option (variant) of a game.

    ``kind`` is ``"choice"`` (one of ``choices``), ``"multi"`` (a non-empty subset
    of ``choices``, given as a list), ``"int"`` (``min``..``max``) or ``"bool"``.
    ``labels`` gives a display label per choice.
    """

    name: str
    label: str
    kind: str
    default: Any
    choices: tuple[Any, ...] = ()
    labels: tuple[str, ...] = ()
    min: int | None = None
    max: int | None = None
    help: str = ""

    def validate(self, value: Any) -> Any:
        """Return the value in canonical form.

        Raises:
            OptionError: if ``value`` is not allowed for this option.
        """
        bad = OptionError(f"Option {self.name!r}: {value!r} is not allowed ({self.describe()}).")
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise bad
            return value
        if self.kind == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                raise bad
            if (self.min is not None and value < self.min) or (
                self.max is not None and value > self.max
            ):
                raise bad
            return value
        if self.kind == "choice":
            if value not in self.choices:
                raise bad
            return value
        if self.kind == "multi":
            if not isinstance(value, list | tuple) or not value:
                raise bad
            if any(v not in self.choices for v in value) or len(set(value)) != len(value):
                raise bad
            return [c for c in self.choices if c in value]
        raise OptionError(f"Option {self.name!r} has unknown kind {self.kind!r}")

    def describe(self) -> str:
        """The allowed values, in words."""
        if self.kind == "int":
            return f"an integer from {self.min} to {self.max}"
        if self.kind == "bool":
            return "true or false"
        if self.kind == "multi":
            return f"a non-empty list from {list(self.choices)}"
        return f"one of {list(self.choices)}"

    def to_json(self) -> dict[str, Any]:
        """The declaration as JSON, for the CLI ``list`` command and the setup screen."""
        d: dict[str, Any] = {"name": self.name, "label": self.label, "kind": self.kind,
                             "default": self.default, "help": self.help}
        if self.choices:
            d["choices"] = list(self.choices)
            d["labels"] = list(self.labels) if self.labels else [str(c) for c in self.choices]
        if self.kind == "int":
            d["min"], d["max"] = self.min, self.max
        return d


class Ending(StrEnum):
    """What ended a game, beside :attr:`Outcome.reason`'s sentence (for standings, the end
    screen and statistics; the sentence cites the rule).

    >>> Ending("standings") is Ending.STANDINGS
    True
    """

    #: A side met a victory condition in play, which names it the winner (Timeline: the
    #: last card placed; Barons: a keep in every realm, or every open land built on).
    GOAL = "goal"
    #: The other sides were knocked out (Time Barons: no followers left; Barons: the last
    #: baron standing, or every character fallen).
    ELIMINATION = "elimination"
    #: An end that names no winner by itself came (the last turn, round or draw stack; Time
    #: of Crisis' Diocletian; Barons' first blood) and the standings at that moment decide,
    #: a draw included.
    STANDINGS = "standings"


class MomentKind(StrEnum):
    """What kind of key moment of a game a step is (issue 24 §1: the replay opens there).

    >>> MomentKind("last_round") is MomentKind.LAST_ROUND
    True
    """

    #: A side takes the lead (:meth:`Game.leaders` changed to another side).
    LEAD = "lead"
    #: A player is knocked out of the game (Time Barons' free-for-all, a Barons character's
    #: death, a Timeline player left out of the play-off).
    ELIMINATION = "elimination"
    #: The end comes into sight: the last round (or turn, or phase) is triggered.
    LAST_ROUND = "last_round"


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended.

    ``winners``: the winning seats (several for a shared win or team win, all seats
    for a draw). ``scores``: optional per-seat scores. ``reason``: a sentence, with
    the rule section cited. ``ending``: which kind of end it was (:class:`Ending`).

    >>> o = Outcome((1,), "Bob wins 12 to 9 (TW §7).", (9.0, 12.0), Ending.STANDINGS)
    >>> o.to_json()["ending"], Outcome.from_json(o.to_json()) == o
    ('standings', True)
    """

    winners: tuple[int, ...]
    reason: str
    scores: tuple[float, ...] | None = None
    ending: Ending = Ending.STANDINGS

    def payoff(self, seat: int) -> float:
        """1.0 for a winning seat, 0.0 otherwise (used by bots and benchmarks)."""
        return 1.0 if seat in self.winners else 0.0

    def to_json(self) -> dict[str, Any]:
        """``{"winners": [...], "reason": str, "scores": [...] | None, "ending": str}``."""
        return {"winners": list(self.winners), "reason": self.reason,
                "scores": list(self.scores) if self.scores is not None else None,
                "ending": self.ending.value}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Outcome:
        """Inverse of :meth:`to_json` (a record without ``"ending"``, from before it
        existed, reads as :attr:`Ending.STANDINGS`).

        Raises ValueError for an ``"ending"`` that is not an :class:`Ending` value."""
        scores = d.get("scores")
        return cls(tuple(d["winners"]), d["reason"], tuple(scores) if scores is not None else None,
                   Ending(d.get("ending", Ending.STANDINGS.value)))


@dataclass(frozen=True)
class Standing:
    """One row of the final standings (issue 24 §1): the ``place`` (1 = first; tied rows share
    a place), the ``seats`` it stands for (one seat, or a team's), the ``score`` in the game's
    own terms (a short text, e.g. ``"14 legacy"``) and its breakdown ``details``, pairs of
    (term, value) in the game's own words, in the order the rules break ties.

    >>> Standing(1, (0,), "12 points", (("Left flank", "5"),)).to_json()
    {'place': 1, 'seats': [0], 'score': '12 points', 'details': [['Left flank', '5']]}
    """

    place: int
    seats: tuple[int, ...]
    score: str
    details: tuple[tuple[str, str], ...] = ()

    def to_json(self) -> dict[str, Any]:
        """``{"place": int, "seats": [int], "score": str, "details": [[term, value]]}``."""
        return {"place": self.place, "seats": list(self.seats), "score": self.score,
                "details": [list(d) for d in self.details]}


@dataclass(frozen=True)
class Standings:
    """The final standings of a finished game (issue 24 §1): ``rows`` from first place down
    (every seat in exactly one row), ``how`` the game ended in a sentence, ``rule`` the rule
    section that ended it (e.g. ``"ToC 7.1"``, empty if none applies) and ``length`` in the
    game's own terms (e.g. ``"9 rounds"``).

    >>> s = Standings((Standing(1, (1,), "12"), Standing(2, (0,), "9")), "Bob leads.", "TW 7", "1 game")
    >>> s.to_json()["rows"][0]["seats"], s.to_json()["rule"]
    ([1], 'TW 7')
    """

    rows: tuple[Standing, ...]
    how: str
    rule: str = ""
    length: str = ""

    def to_json(self) -> dict[str, Any]:
        """``{"rows": [Standing JSON], "how": str, "rule": str, "length": str}``."""
        return {"rows": [r.to_json() for r in self.rows], "how": self.how, "rule": self.rule,
                "length": self.length}


def _standings_json(s: Standings | None) -> dict[str, Any] | None:
    return None if s is None else s.to_json()


def ranked(scores: Sequence[tuple[int, Any]]) -> list[tuple[int, int]]:
    """``[(place, seat)]`` for ``(seat, key)`` pairs, best key first (keys compare with ``>``;
    equal keys share a place, and the next place skips: 1, 1, 3).

    >>> ranked([(0, 5), (1, 9), (2, 5)])
    [(1, 1), (2, 0), (2, 2)]
    """
    order = sorted(scores, key=lambda sk: sk[1], reverse=True)
    out: list[tuple[int, int]] = []
    for i, (seat, key) in enumerate(order):
        place = out[-1][0] if i and key == order[i - 1][1] else i + 1
        out.append((place, seat))
    return out


def engine_version(engine: str) -> tuple[int, ...]:
    """The numbers of a rules-engine version as a save names it (``"0.6.1"`` gives
    ``(0, 6, 1)``), for :meth:`Game.upgrade_moves` to compare; ``()`` (older than any)
    when it is not one (``"?"``: a save that does not say).

    >>> engine_version("0.6.1") > engine_version("0.6.0") > engine_version("?")
    True
    """
    try:
        return tuple(int(x) for x in engine.split(".")[:3])
    except ValueError:
        return ()


class Game:
    """Base class of a game engine. Subclasses set the class attributes and
    implement the underscored hooks; the public methods are the contract.

    Subclass hooks: :meth:`_setup`, :meth:`to_act`, :meth:`legal_actions`,
    :meth:`_apply`, :meth:`outcome`, :meth:`board_view`, :meth:`prompt`,
    :meth:`action_label`; optionally :meth:`determinize`, :meth:`check_invariants`,
    :meth:`explain_illegal`, :meth:`action_target`, :meth:`caution`, :meth:`spends`, :meth:`odds`,
    :meth:`max_actions`,
    :meth:`validate_setup`, :meth:`bot_levels`, :meth:`own_bot`, :meth:`standings`,
    :meth:`evaluate_terms`, :meth:`hint_level`, :meth:`search_actions`, :meth:`search_root`, and the key moments' :meth:`leaders`,
    :meth:`lead_label` and :meth:`moment`.
    """

    id: ClassVar[str] = ""
    title: ClassVar[str] = ""
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    options: ClassVar[tuple[Option, ...]] = ()
    #: True if seats hold information hidden from each other (hands): the app then
    #: shows a hand-off screen between two humans.
    private_info: ClassVar[bool] = False
    #: Where the game's data is designed by us or unconfirmed (shown in the app).
    data_notes: ClassVar[str] = ""
    #: A short summary for the game library.
    blurb: ClassVar[str] = ""
    #: Option sets the conformance suite also runs (besides the defaults), e.g. a
    #: second card set.
    conformance_options: ClassVar[tuple[dict[str, Any], ...]] = ()
    #: The options of the game's daily challenge, a solo deal seeded by the date
    #: (:mod:`py_engine.core.daily`), or None if it has none (then
    #: :meth:`daily_score` is not called).
    daily_options: ClassVar[dict[str, Any] | None] = None
    #: The ``TypedDict`` that describes the game's state for mypy (issue 28 §3), or None if
    #: the state is untyped. The state stays a plain dict at run time; the conformance suite
    #: holds the description to real states (every required key present, no key it does
    #: not name) at every step of its random games.
    state_type: ClassVar[type | None] = None

    # ---- setup -----------------------------------------------------------------
    def resolve_options(self, n_players: int, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """Fill defaults and validate options and the player count.

        Raises:
            OptionError: for an unknown option, a bad value, or a bad player count.
        """
        if not self.min_players <= n_players <= self.max_players:
            raise OptionError(
                f"{self.title} is for {self.min_players}–{self.max_players} players, not {n_players}."
            )
        given = dict(options or {})
        known = {o.name: o for o in self.options}
        unknown = sorted(set(given) - set(known))
        if unknown:
            raise OptionError(f"{self.title} has no option {unknown[0]!r}; options: {sorted(known)}")
        resolved = {name: o.validate(given.get(name, o.default)) for name, o in known.items()}
        self.validate_setup(n_players, resolved)
        return resolved

    def validate_setup(self, n_players: int, options: dict[str, Any]) -> None:
        """Cross-option checks; raise :class:`OptionError`. Default: none."""

    def setup(self, seats: Sequence[str], options: Mapping[str, Any] | None, seed: int,
              generator: str = XOSHIRO) -> State:
        """A new game for the given seat names.

        Args:
            seats: display names, one per seat, in seating order.
            options: setup options by name; missing ones take their defaults.
            seed: any int; the same seed, generator and actions give the same game everywhere.
            generator: the deal's random generator (:data:`~py_engine.core.rng.GENERATORS`): the
                fast ``xoshiro128**`` by default (tests, simulations), the cryptographic
                ``blake2b-ctr`` for games whose deal no player may work out (the app's).

        Raises:
            OptionError: bad player count or options.
            ValueError: an unknown generator.
        """
        opts = self.resolve_options(len(seats), options)
        state: State = {"game": self.id, "seats": [str(s) for s in seats], "options": opts,
                        "rng": generator_words(seed, generator), "reveals": 0, "n": 0, "log": []}
        self._setup(state, Rng(state["rng"]))
        return state

    def _setup(self, state: State, rng: Rng) -> None:
        raise NotImplementedError

    # ---- play ------------------------------------------------------------------
    def to_act(self, state: State) -> list[int]:
        """Seats that must decide now (empty once the game is over)."""
        raise NotImplementedError

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        """Every choice open to ``seat`` now; empty if ``seat`` is not to act."""
        raise NotImplementedError

    def apply(self, state: State, seat: int, action: Action) -> State:
        """Perform one decision and return the new state; ``state`` is not modified.

        Raises:
            IllegalAction: the game is over, ``seat`` is not to act, or ``action`` is
                not among its legal actions. The message is for a player.
        """
        if self.outcome(state) is not None:
            raise IllegalAction("The game is over.")
        if seat not in self.to_act(state):
            who = state["seats"][seat] if 0 <= seat < len(state["seats"]) else f"seat {seat}"
            raise IllegalAction(f"It is not {who}'s turn to decide.")
        if action not in self.legal_actions(state, seat):
            raise IllegalAction(self.explain_illegal(state, seat, action))
        return self.apply_unchecked(state, seat, action)

    def apply_unchecked(self, state: State, seat: int, action: Action) -> State:
        """:meth:`apply` without the legality check, for bots that took the action
        from :meth:`legal_actions` themselves."""
        new: State = clone(state)
        self._apply(new, seat, action)
        new["n"] += 1
        return new

    def _apply(self, state: State, seat: int, action: Action) -> None:
        raise NotImplementedError

    def explain_illegal(self, state: State, seat: int, action: Action) -> str:
        """Why ``action`` is refused, for a player. Games may say more."""
        return f"“{action}” is not allowed now."

    def outcome(self, state: State) -> Outcome | None:
        """The result if the game is over, else None."""
        raise NotImplementedError

    def seat_roles(self, n_players: int, options: Mapping[str, Any]) -> list[str]:
        """A short label per seat for a setup with ``n_players`` and ``options`` (not
        yet validated: the new-game screen asks while the player edits), such as the
        team each seat plays for; [] when seats have no roles (the default)."""
        return []

    def setup_label(self, state: State) -> str:
        """A short name of the variant this game was dealt (e.g. the scenario drawn),
        counted by ``simulate`` so a run shows every variant was exercised. Default ""."""
        return ""

    def max_actions(self, n_players: int, options: Mapping[str, Any]) -> int:
        """A bound on the number of actions of a game played by random bots; the
        conformance suite and the simulator flag games that run longer."""
        return 10_000

    # ---- information -----------------------------------------------------------
    def determinize(self, state: State, seat: int | None, rng: Rng) -> State:
        """A copy in which everything hidden from ``seat`` is re-sampled consistently
        with what ``seat`` has seen (by the game's :meth:`_determinize`), and whose
        RNG is re-seeded from ``rng`` (with the fast ``xoshiro128**``, whatever the game's own
        generator), so that a bot searching the copy cannot foresee future shuffles, draws or
        dice."""
        new = self._determinize(state, seat, rng)
        new["rng"] = seed_words(rng.next32() << 32 | rng.next32())
        return new

    def _determinize(self, state: State, seat: int | None, rng: Rng) -> State:
        """Re-sample what ``seat`` cannot see. Default: nothing is hidden."""
        copy: State = clone(state)
        return copy

    def check_invariants(self, state: State) -> None:
        """Raise ``AssertionError`` if a conservation law is broken. Default: none."""

    def standings(self, state: State) -> Standings | None:
        """The final standings of a finished game (None while it runs), for the end screen.

        The default ranks the winners first and the others by the outcome's scores (in seat
        order when there are none), with the outcome's reason as ``how``; a game overrides it
        to give the score's breakdown in its own terms, the rule that ended the game and its
        length."""
        out = self.outcome(state)
        if out is None:
            return None
        n = len(state["seats"])
        sc = out.scores
        keys = [(p, (p in out.winners, sc[p] if sc is not None else 0.0)) for p in range(n)]
        rows = tuple(Standing(place, (p,), f"{sc[p]:g}" if sc is not None else
                              ("winner" if p in out.winners else ""))
                     for place, p in ranked(keys))
        return Standings(rows, out.reason)

    # ---- key moments (issue 24 §1: the replay viewer opens at them) ----------------------
    def leaders(self, state: State) -> frozenset[int] | None:
        """The seats that lead now, in the game's own terms (one seat, or one team's seats),
        or None when nobody leads alone (a tie, or a game that keeps no score to lead by).
        Public information only. :func:`py_engine.core.replay.key_moments` reads it at the
        end of every turn and names each change of leader a key moment. Default: None."""
        return None

    def lead_label(self, state: State, leaders: frozenset[int]) -> str:
        """The label of the moment ``leaders`` (see :meth:`leaders`) take the lead at
        ``state``, e.g. ``"Ann takes the lead"``; a game may add the score in its own terms."""
        names = [state["seats"][p] for p in sorted(leaders)]
        who = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        return f"{who} {'takes' if len(names) == 1 else 'take'} the lead"

    def moment(self, before: State, after: State) -> tuple[MomentKind, str] | None:
        """The key moment one action made, from the state ``before`` it to the state
        ``after`` it: a player eliminated (:attr:`MomentKind.ELIMINATION`) or the last round
        triggered (:attr:`MomentKind.LAST_ROUND`), with its label in the game's terms (e.g.
        ``"Bob is eliminated"``, ``"The last round begins"``); None for an ordinary action
        (the default). Called once per action of a replay, so it compares a few keys only."""
        return None

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (``None``: a spectator), JSON-ready.

        Shape: ``{"game", "title", "seat", "seats": [names], "to_act": [seats],
        "prompt": str, "actions": [{"action": [name, *args], "label": str,
        "target": str | None, "caution"?: str, "spends"?: str, "odds"?: Odds JSON}], "board": {...game specific...},
        "log": [str], "outcome": Outcome JSON | None, "standings": Standings JSON | None}``.
        ``actions`` is empty unless ``seat`` is to act; an action's ``"caution"``
        (:meth:`caution`) is there only when the action harms the seat's own side, its
        ``"spends"`` (:meth:`spends`) only when it spends something, its ``"odds"`` only
        where :meth:`odds` gives some; ``standings`` is None until the game
        is over; ``log`` is every line the seat may read, the game's first line first (the UI
        draws the latest ones until the player asks for the whole log, issue 24 §4).
        """
        out = self.outcome(state)
        acting = self.to_act(state)
        # every line the seat may read, from the game's first (issue 24 §4: the catch-up
        # summary and the end panel cite early lines); one pass over the log, no copies of
        # the lines themselves
        lines = [text for vis, text in state["log"] if vis is None or vis == seat]
        actions: list[dict[str, Any]] = []
        if seat is not None and seat in acting:
            for a in self.legal_actions(state, seat):
                entry: dict[str, Any] = {"action": a.to_json(), "label": self.action_label(state, seat, a),
                                         "target": self.action_target(state, seat, a)}
                warn = self.caution(state, seat, a)
                if warn is not None:
                    entry["caution"] = warn
                paid = self.spends(state, seat, a)
                if paid is not None:
                    entry["spends"] = paid
                odds = self.odds(state, seat, a)
                if odds is not None:
                    entry["odds"] = odds.to_json()
                actions.append(entry)
        return {
            "game": self.id,
            "title": self.title,
            "seat": seat,
            "seats": list(state["seats"]),
            "to_act": acting,
            "prompt": self.prompt(state, seat),
            "actions": actions,
            "board": self.board_view(state, seat),
            "log": lines,
            "outcome": out.to_json() if out else None,
            "standings": None if out is None else _standings_json(self.standings(state)),
        }

    def board_view(self, state: State, seat: int | None) -> dict[str, Any]:
        """The game-specific part of :meth:`view`."""
        raise NotImplementedError

    def prompt(self, state: State, seat: int | None) -> str:
        """The prompt line for ``seat`` (or a status line for others)."""
        raise NotImplementedError

    def action_label(self, state: State, seat: int, action: Action) -> str:
        """A short button label for ``action``."""
        return str(action)

    def action_target(self, state: State, seat: int, action: Action) -> str | None:
        """The id of the board element ``action`` targets (e.g. ``"gap:3"``), or None."""
        return None

    def caution(self, state: State, seat: int, action: Action) -> str | None:
        """Why ``action`` (one of ``seat``'s legal actions) clearly harms ``seat``'s own
        side, as one short sentence in the game's terms (e.g. ``"This damages your own
        Capital."``), or None (the default: nothing to warn about).

        The app asks the player to confirm such an action before applying it (issue 24
        §2); a game warns only where a less harmful choice exists in the same decision.
        Never raises for a legal action; reads only what ``seat`` may know.
        """
        return None

    def spends(self, state: State, seat: int, action: Action) -> str | None:
        """What ``action`` (one of ``seat``'s legal actions) spends of ``seat``'s resources, as
        one short sentence in the game's terms with what is left (e.g. ``"This spends 2
        Military points of your 5."``), or None (the default: it spends nothing the player
        counts, or the game does not say).

        A board tap plays an option at once where only one option points at the tapped
        element; the app asks first when that option spends something (issue 48 §1: a tap
        on a region must not spend points unseen), as it does for :meth:`caution`. A list
        button names its cost in its label and plays at once. Reads only what ``seat`` may
        know; never raises for a legal action.
        """
        return None

    def odds(self, state: State, seat: int, action: Action) -> Odds | None:
        """The chance of the outcome that matters if ``seat`` (to act) takes ``action``, one of
        its legal actions, where it leads to a roll (issue 24 §3): an :class:`~.odds.Odds` with the
        exact probability, enumerated from the rules' dice, and the outcome in the game's words;
        None (the default) for an action that rolls nothing, or whose roll decides nothing the
        player can weigh. :meth:`view` calls it for every action it lists, so a game answers
        None at once for actions that roll nothing and memoises costly enumerations."""
        return None

    # ---- bots ------------------------------------------------------------------
    #: Search budget per generic level: ``level -> (iterations, playout cap)``;
    #: None uses :data:`py_engine.core.levels.SEARCH_LEVELS` with full playouts. A game whose
    #: playouts are long sets a cap and an :meth:`evaluate`.
    search_budgets: ClassVar[dict[str, tuple[int, int]] | None] = None
    #: UCB1 exploration constant per level; a level not listed uses the
    #: :class:`~py_engine.core.mcts.MCTSBot` default (0.7). A cut-off evaluation
    #: whose values stay close to 0.5 needs less exploration for the search to
    #: follow its differences.
    search_exploration: ClassVar[dict[str, float]] = {}
    #: Per level, how many decisions past the playout cap a cut-off playout may go
    #: on while the state is not :meth:`quiet`; a level not listed: none.
    search_quiet: ClassVar[dict[str, int]] = {}
    #: Per level, the name of the method (with :meth:`evaluate`'s signature) that the
    #: level's searches score cut-off playouts with; a level not listed: :meth:`evaluate`.
    #: A stronger level may judge positions by more than the shared evaluation (Time
    #: Barons' hard, at a free-for-all table).
    search_evaluation: ClassVar[dict[str, str]] = {}

    def search_actions(self, state: State, seat: int) -> list[Action]:
        """The options a search bot considers at this decision: the legal actions,
        less any the game knows add nothing for a searcher (e.g. free moves that
        can be undone by another free move, which would let a search loop). Never
        empty when ``legal_actions`` is not; only rules knowledge, no hidden
        information. Default: all legal actions."""
        return self.legal_actions(state, seat)

    def search_root(self, state: State) -> State:
        """The state a search bot determinizes from at the decision ``state``: the game may
        return a copy (never changing ``state``) marked so that its determinizations leave
        out what only a player reads (option labels, prompts), as long as their legal
        actions, outcomes and evaluations stay exactly the same. Called by
        :class:`~py_engine.core.mcts.Search` once per search. Default: ``state`` itself."""
        return state

    def evaluate(self, state: State) -> list[float] | None:
        """A heuristic per-seat value in [0, 1] of an unfinished state, used by the
        search bot when a playout is cut off; None (the default): 0.5 for all."""
        return None

    def evaluate_terms(self, state: State, seat: int) -> list[tuple[str, float]]:
        """The terms of :meth:`evaluate` for ``seat``, for explaining a hint (issue 24 §5):
        ``(label, value)`` pairs, ``label`` a short noun phrase that reads after "your" (e.g.
        ``"legacy lead"``), ``value`` the seat's lead in that term over its rivals, in the
        game's own units (legacy, followers…), as the evaluation weighs it. Only what the
        seat may see is read when ``state`` is a determinization for it. Default: [] (no
        evaluation to explain; the hint then quotes the search's estimate)."""
        return []

    def hint_level(self) -> str | None:
        """The bot level whose move a hint suggests (issue 24 §5), or None if the game
        offers no hint. Default: ``hard`` (else the strongest level) when the game's bot of
        that level searches determinized states (:meth:`determinize`), so a hint cannot
        tell a player anything hidden. A game whose bot reads what the player must find
        out (Timeline's years) returns None."""
        levels = [lv for lv in self.bot_levels() if lv != "random"]
        if not levels:
            return None
        return "hard" if "hard" in levels else levels[-1]

    def quiet(self, state: State) -> bool:
        """Whether a cut-off playout may be scored at ``state`` by :meth:`evaluate`:
        False while a card or effect is half-resolved (its cost paid, its effect not
        yet), where the evaluation would misjudge the position. The search plays on
        while a state is not quiet, up to the level's :attr:`search_quiet`.
        Default: always True."""
        return True

    def turn_of(self, state: State) -> tuple[int, int] | None:
        """Whose turn ``state`` is in, as ``(turn number, seat)``, for a game where a seat
        may act in another's turn (Time Barons' answers to damage, TB R5): the replay then
        counts such an answer as part of the turn it was made in
        (:meth:`py_engine.core.replay.Replay.turns`). None (the default, and for a state
        in no one's turn, such as a setup choice): a turn is a run of one seat's actions."""
        return None

    def paced(self, before: State, after: State) -> bool:
        """Whether the action that turned ``before`` into ``after`` is an event a player
        watches: at bot speeds "normal" and "fast" the app pauses after a bot's paced
        action, and draws the actions in between without a pause, so a bot's turn takes
        as long as its events, not its decisions. Default: every action is paced."""
        return True

    def upgrade_moves(self, moves: list[tuple[int, Action]], engine: str,
                      n_players: int) -> list[tuple[int, Action]]:
        """The moves of a save written by rules-engine version ``engine`` (another
        version than this one; ``"?"`` when the save does not say), put in the order
        this engine asks for them, so that a game saved before a change of the order of
        independent decisions still replays (:meth:`py_engine.core.match.Match.load`).
        ``moves``: ``(seat, action)`` pairs in the order played. Only a reordering of
        choices that do not depend on each other, or leaving out moves that changed
        nothing and are no longer offered, belongs here; a move that no longer replays
        is refused as damaged. Default: the moves unchanged."""
        return moves

    def mend_move(self, state: State, seat: int, action: Action, engine: str) -> list[Action] | None:
        """A move of a save written by an older rules engine (``engine``) that this engine
        refuses at ``state``, the position its earlier moves replay to (issue 50): what to
        play instead, for ``seat``. ``[]`` leaves it out (a choice these rules no longer ask
        for: the game went on by itself), a list of actions replaces it (the same choice as
        these rules offer it), None means it cannot be mended (the save resumes before it,
        :meth:`py_engine.core.match.Match.load`). Only a rule change the game knows of
        belongs here, with the rule it follows. Default: None."""
        return None

    def bot_levels(self) -> tuple[str, ...]:
        """Bot levels offered for this game, weakest first: ``random`` (for fuzzing)
        and the generic search levels ``easy``, ``normal``, ``hard``
        (:data:`py_engine.core.levels.SEARCH_LEVELS`)."""
        return ("random", *SEARCH_LEVELS)

    def bot_time_limit(self, level: str) -> float | None:
        """Seconds a bot of ``level`` may search per decision when the search is
        time-limited (the app asks for it; tests and benchmarks do not), or None for
        no limit. Default: :data:`py_engine.core.levels.TIME_LIMITS` (None for
        ``random`` and unknown levels). A game whose search is costlier per second
        may lower it."""
        return TIME_LIMITS.get(level)

    def own_bot(self, level: str) -> Bot | None:
        """This game's own bot for ``level``, or None (the default) for the generic
        one that :func:`py_engine.core.bots.make_bot` builds: ``random`` or the search
        bot with the level's :attr:`search_budgets`. Bots are made by that function,
        never by the game's core, so the core imports one way (game, then bots)."""
        return None

    def daily_score(self, match: Any) -> Any:
        """How the player of a daily-challenge ``match`` (a one-seat
        :class:`~py_engine.core.match.Match` with :attr:`daily_options`) is doing,
        as a :class:`~py_engine.core.daily.DailyScore`. Games with a daily challenge
        implement it.

        Raises:
            NotImplementedError: the game has no daily challenge.
        """
        raise NotImplementedError(f"{self.title} has no daily challenge.")

    # ---- description -----------------------------------------------------------
    def describe(self) -> dict[str, Any]:
        """Game metadata as JSON: id, title, players, options, bot levels, notes."""
        return {"id": self.id, "title": self.title, "min_players": self.min_players,
                "max_players": self.max_players, "private_info": self.private_info,
                "options": [o.to_json() for o in self.options],
                "bot_levels": list(self.bot_levels()), "data_notes": self.data_notes,
                "blurb": self.blurb, "daily": self.daily_options is not None}


def seats_in_order(start: int, n: int) -> Iterable[int]:
    """Seats ``start, start+1, ...`` wrapping around ``n`` seats (clockwise order)."""
    return ((start + i) % n for i in range(n))
