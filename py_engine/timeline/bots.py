"""Timeline bots that model a player's knowledge of history honestly.

A Timeline player sees a card's title but not its year; what makes a player good
is how well they know when things happened. Each bot level is a knowledge model:

- with probability ``p_know`` the bot *knows* the year of a card exactly (a fresh
  draw at each decision, like a player who may or may not recall it);
- otherwise its guess is the true year plus a normal error whose standard
  deviation grows with the age of the event (older events are harder to date):
  ``sigma = base + slope * (2025 - year)`` years, capped at ``cap``.

The guess stands for what a person with that level of knowledge would believe
when reading the title; the bot never looks at the draw pile or other hidden
state. It then plays the card it is surest of (the probability, under its own
belief, that the gap it would choose is right) and places it in the gap its
guess falls in.

=======  ======  =====  ======  ======
level    p_know  base   slope   cap
=======  ======  =====  ======  ======
easy     0.30    40     0.20    1500
normal   0.55    20     0.10    800
hard     0.80    8      0.04    300
=======  ======  =====  ======  ======
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..core import Action, Game, Rng, State
from .cards import catalog

#: level -> (p_know, base, slope, cap)
MODELS: dict[str, tuple[float, float, float, float]] = {
    "easy": (0.30, 40.0, 0.20, 1500.0),
    "normal": (0.55, 20.0, 0.10, 800.0),
    "hard": (0.80, 8.0, 0.04, 300.0),
}
LEVELS: tuple[str, ...] = tuple(MODELS)
_NOW = 2025


def _phi(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


@dataclass(frozen=True)
class KnowledgeBot:
    """A Timeline bot at ``level`` (``"easy"``, ``"normal"`` or ``"hard"``).

    Raises:
        KeyError: unknown level.
    """

    level: str

    def belief(self, year: int, rng: Rng) -> tuple[float, float]:
        """The bot's belief about a card of true ``year``: ``(guess, spread)`` in years.

        ``spread`` is the bot's own uncertainty (small when it knows the year)."""
        p_know, base, slope, cap = MODELS[self.level]
        if rng.random() < p_know:
            return float(year), 0.5
        sigma = min(cap, base + slope * max(0, _NOW - year))
        return year + rng.gauss(0.0, sigma), sigma

    @staticmethod
    def best_gap(years: list[int], guess: float, spread: float) -> tuple[int, float]:
        """The gap in which ``guess`` falls and the bot's confidence that it is right
        (the mass of N(guess, spread) between the gap's neighbours)."""
        gap = sum(1 for y in years if y <= guess)
        lo = years[gap - 1] - 0.5 if gap > 0 else -math.inf
        hi = years[gap] + 0.5 if gap < len(years) else math.inf
        cdf_hi = 1.0 if hi == math.inf else _phi((hi - guess) / spread)
        cdf_lo = 0.0 if lo == -math.inf else _phi((lo - guess) / spread)
        return gap, cdf_hi - cdf_lo

    def choose(self, game: Game, state: State, seat: int, rng: Rng) -> Action:
        """Select the card it is surest of, or place the selected card."""
        cat = catalog()
        years = [cat[c].year for c in state["timeline"]]
        legal = game.legal_actions(state, seat)
        if legal[0].name == "select":
            best: tuple[float, Action] | None = None
            for a in legal:
                guess, spread = self.belief(cat[str(a.args[0])].year, rng)
                _, conf = self.best_gap(years, guess, spread)
                if best is None or conf > best[0]:
                    best = (conf, a)
            assert best is not None
            return best[1]
        cid = state["selected"] or state["hands"][seat][0]
        guess, spread = self.belief(cat[cid].year, rng)
        gap, _ = self.best_gap(years, guess, spread)
        return Action("place", (gap,))
