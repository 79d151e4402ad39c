"""Stepping through a played game: the state after any number of its actions.

A :class:`Replay` re-runs a :class:`~py_engine.core.match.Match`'s own replay
(``Match.new`` with the same game, seats, options and seed, then ``Match.apply``
of each logged action: the path :meth:`Match.load` takes), keeping a state every
few actions so that stepping back or jumping is cheap. There is no second rules
path: a replay shows exactly the positions the game went through.

What a seat may see of a replayed position is :meth:`Game.view` of it, as in play.
"""

from __future__ import annotations

from dataclasses import dataclass

from .game import State
from .match import Match


@dataclass(frozen=True)
class Turn:
    """A run of consecutive actions by one seat: actions ``start`` .. ``end - 1``
    (0-based indices into the log) taken by ``seat``."""

    start: int
    end: int
    seat: int


class Replay:
    """The positions of ``match``: :meth:`state` ``(k)`` is the state after its
    first ``k`` actions (0: the setup, :attr:`length`: the position now).

    Args:
        match: any match (finished or not); its log is copied, so the match may
            go on without changing the replay.
        every: keep a state every ``every`` actions (memory against step cost).

    Raises:
        IllegalAction: only if the log does not replay, which a loaded match's
            log always does (:meth:`Match.load` checked it).
    """

    def __init__(self, match: Match, every: int = 8) -> None:
        self.game = match.game
        self.seats = list(match.seats)
        self.actions = list(match.actions)
        self.length = len(self.actions)
        self.every = max(1, every)
        self._replica = Match.new(match.game.id, self.seats, match.options, match.seed)
        self._kept: dict[int, State] = {0: self._replica.state}
        self._cursor: tuple[int, State] = (0, self._replica.state)

    def state(self, k: int) -> State:
        """The state after the first ``k`` actions (``k`` clamped to 0..length)."""
        k = max(0, min(self.length, int(k)))
        at, state = self._cursor
        if not at <= k:
            at = max(i for i in self._kept if i <= k)
            state = self._kept[at]
        game = self.game
        while at < k:
            seat, action = self.actions[at]
            state = game.apply(state, seat, action)
            at += 1
            if at % self.every == 0:
                self._kept[at] = state
        self._cursor = (k, state)
        return state

    def turns(self) -> list[Turn]:
        """The log cut into turns: maximal runs of actions by the same seat."""
        out: list[Turn] = []
        for i, (seat, _action) in enumerate(self.actions):
            if out and out[-1].seat == seat and out[-1].end == i:
                out[-1] = Turn(out[-1].start, i + 1, seat)
            else:
                out.append(Turn(i, i + 1, seat))
        return out

    def turn_at(self, k: int) -> int:
        """The index (into :meth:`turns`) of the turn of the ``k``-th action (the
        last one applied at step ``k``); -1 at the setup (``k == 0``)."""
        if k <= 0:
            return -1
        for i, t in enumerate(self.turns()):
            if t.start < k <= t.end:
                return i
        return len(self.turns()) - 1
