"""Information-set Monte Carlo tree search (SO-ISMCTS), generic over the contract.

Cowling, Powley & Whitehouse, "Information Set Monte Carlo Tree Search" (IEEE
TCIAIG 2012): each iteration samples a determinization of the true state for the
searching seat (:meth:`Game.determinize`: hidden cards re-dealt, RNG re-seeded,
so the bot never sees hidden information or future chance), descends one tree
whose edges are actions, with UCB1 using *availability* counts (an action only
competes in iterations where it was legal), expands one node, plays the rest at
random, and backs the result up, each node crediting the seat that acted there.

Works for any number of seats, any seat to act (reactions on the opponent's
turn are just nodes whose actor is that seat), and chance inside ``apply``.
The search considers :meth:`Game.search_actions` (the legal actions, less any a
game knows to be pointless for a searcher).
The budget is a number of iterations, so a move is reproducible from the seed;
:meth:`Search.run` can be called in slices so a browser stays responsive. On a
device, each level also has a time limit per decision (:data:`~py_engine.core.levels.TIME_LIMITS`,
applied by :class:`~py_engine.core.match.Thinking` when asked): the search then
stops at whichever comes first, the iterations or the time. Without a time limit
(tests, benchmarks, the CLI) a move depends only on the seed.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from .action import Action
from .game import Game, State
from .rng import Rng


class _Node:
    __slots__ = ("actor", "avail", "children", "reward", "visits")

    def __init__(self, actor: int) -> None:
        self.actor = actor
        self.visits = 0
        self.avail = 0
        self.reward = 0.0
        self.children: dict[Action, _Node] = {}


def apply_in_place(game: Game, state: State, seat: int, action: Action) -> None:
    """Apply a legal action by mutating ``state`` (a private copy; no checks)."""
    game._apply(state, seat, action)
    state["n"] += 1


def payoffs(game: Game, state: State, evaluate: Callable[[State], list[float] | None] | None = None) -> list[float]:
    """Per-seat result of a finished state: 1 win, 0 loss, shared equally on a draw
    (every seat among the winners gets ``1/len(winners)`` when all seats win). An
    unfinished state (a playout cut off) scores ``evaluate`` (default: the game's
    :meth:`Game.evaluate`), or 0.5 each where that gives None.

    Teams need nothing more: a team's win lists all its members among the
    winners, and a game with teams gives teammates the same :meth:`Game.evaluate`
    value, so each member's search plays for the team's payoff."""
    n = len(state["seats"])
    out = game.outcome(state)
    if out is None:
        guess = (evaluate or game.evaluate)(state)
        return list(guess) if guess is not None else [0.5] * n
    if len(out.winners) == n:
        return [1.0 / n] * n
    return [1.0 if s in out.winners else 0.0 for s in range(n)]


class Search:
    """One ISMCTS search for ``seat`` at ``state``; call :meth:`run` (in slices if
    needed) and then :meth:`best`.

    Args:
        game, state, seat: the decision (``seat`` must be in ``game.to_act(state)``).
        rng: the bot's RNG (the search is deterministic given it).
        c: UCB1 exploration constant.
        rollout_limit: random-playout length cap, in decisions; a playout cut off
            unfinished is scored by :func:`payoffs` (the game's evaluation).
        quiet_extra: how many more decisions a cut-off playout may play, at
            random, while the state is not :meth:`Game.quiet` (a card or effect
            half-resolved), so it is scored where the evaluation can judge it; 0
            (the default) cuts exactly at ``rollout_limit``.
        evaluation: the name of the game's method that scores a cut-off playout
            (:meth:`Game.evaluate`'s signature; :attr:`Game.search_evaluation`).

    Raises:
        AttributeError: the game has no method ``evaluation``.
    """

    def __init__(self, game: Game, state: State, seat: int, rng: Rng,
                 c: float = 0.7, rollout_limit: int = 400, quiet_extra: int = 0,
                 evaluation: str = "evaluate") -> None:
        self.game, self.state, self.seat, self.rng = game, state, seat, rng
        self.root_state = game.search_root(state)
        self.c, self.rollout_limit, self.quiet_extra = c, rollout_limit, quiet_extra
        self.evaluation = evaluation
        self.evaluate: Callable[[State], list[float] | None] = getattr(game, evaluation)
        self.root = _Node(-1)
        self.iterations = 0

    def run(self, iterations: int) -> None:
        """Do ``iterations`` more iterations."""
        for _ in range(iterations):
            self._iterate()
        self.iterations += iterations

    def _iterate(self) -> None:
        game, rng, c = self.game, self.rng, self.c
        d = game.determinize(self.root_state, self.seat, rng)
        node = self.root
        path: list[_Node] = []
        while game.outcome(d) is None:
            actor = game.to_act(d)[0]
            legal = game.search_actions(d, actor)
            untried = []
            best: _Node | None = None
            best_action = legal[0]
            best_value = -math.inf
            for a in legal:
                child = node.children.get(a)
                if child is None:
                    untried.append(a)
                    continue
                child.avail += 1
                if child.visits:
                    v = child.reward / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
                else:
                    v = math.inf
                if v > best_value:
                    best, best_action, best_value = child, a, v
            if untried:
                a = untried[rng.below(len(untried))] if len(untried) > 1 else untried[0]
                child = _Node(actor)
                child.avail = 1
                node.children[a] = child
                apply_in_place(game, d, actor, a)
                path.append(child)
                break
            assert best is not None
            apply_in_place(game, d, actor, best_action)
            node = best
            path.append(node)
        result = self._rollout(d)
        for n in path:
            n.visits += 1
            n.reward += result[n.actor]

    def _rollout(self, d: State) -> list[float]:
        """Play ``d`` on at random, in place, and score it: at most
        ``rollout_limit`` decisions, then at most ``quiet_extra`` more while the
        state is not quiet."""
        game, rng = self.game, self.rng
        steps, limit, extra = 0, self.rollout_limit, self.quiet_extra
        while game.outcome(d) is None:
            if steps >= limit:
                if extra <= 0 or game.quiet(d):
                    break
                extra -= 1
            steps += 1
            actor = game.to_act(d)[0]
            legal = game.search_actions(d, actor)
            apply_in_place(game, d, actor, legal[rng.below(len(legal))] if len(legal) > 1 else legal[0])
        return payoffs(game, d, self.evaluate)

    def stats(self) -> list[tuple[Action, int, float]]:
        """``(action, visits, mean reward)`` for every legal root action, most visited first."""
        legal = self.game.search_actions(self.state, self.seat)
        rows = []
        for a in legal:
            ch = self.root.children.get(a)
            rows.append((a, ch.visits if ch else 0, ch.reward / ch.visits if ch and ch.visits else 0.0))
        rows.sort(key=lambda r: (-r[1], -r[2]))
        return rows

    def mean(self, action: Action) -> float | None:
        """The mean payoff of root ``action`` for the searching seat over the iterations
        that tried it (0..1: a win 1, a draw its share, a cut-off playout the evaluation),
        or None if no iteration tried it."""
        ch = self.root.children.get(action)
        return ch.reward / ch.visits if ch is not None and ch.visits else None

    def best(self) -> Action:
        """The most visited legal root action (ties: higher mean reward, then order)."""
        return self.stats()[0][0]


@dataclass(frozen=True)
class MCTSBot:
    """The generic search bot: ``iterations`` ISMCTS iterations per decision.

    >>> from py_engine.games import get
    >>> g = get("time_war"); s = g.setup(["A", "B"], {}, seed=1)
    >>> seat = g.to_act(s)[0]
    >>> MCTSBot(20).choose(g, s, seat, Rng.from_seed(1)) in g.legal_actions(s, seat)
    True
    """

    iterations: int = 400
    c: float = 0.7
    rollout_limit: int = 400
    quiet_extra: int = 0
    evaluation: str = "evaluate"

    def search(self, game: Game, state: State, seat: int, rng: Rng) -> Search:
        """A :class:`Search` with this bot's settings, not yet run."""
        return Search(game, state, seat, rng, self.c, self.rollout_limit, self.quiet_extra, self.evaluation)

    def choose(self, game: Game, state: State, seat: int, rng: Rng) -> Action:
        """Search and return the best action (a forced move is returned at once)."""
        legal = game.legal_actions(state, seat)
        if len(legal) == 1:
            return legal[0]
        s = self.search(game, state, seat, rng)
        s.run(self.iterations)
        return s.best()
