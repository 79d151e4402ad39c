"""A hint for a human's decision (issue 24 §5): the move the game's hint bot would make from
the player's own information set, and one line of why.

The hint bot is the search bot of the game's :meth:`~py_engine.core.game.Game.hint_level`
(:func:`~py_engine.core.bots.make_bot`), which looks at the position only through
:meth:`~py_engine.core.game.Game.determinize`: two positions the player cannot tell apart
give the same hint for the same seed, so a hint never tells a player anything hidden.

The line of why is the largest term of the game's evaluation
(:meth:`~py_engine.core.game.Game.evaluate_terms`) after the suggested move, averaged over
:data:`SAMPLES` determinizations of the position (so it is computed from what the player
knows too); for a game without terms it is the search's estimate of the move (its mean
payoff in the bot's playouts).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .action import Action
from .bots import Bot, make_bot
from .game import Game, State
from .rng import Rng

#: Determinizations the explanation averages the evaluation's terms over.
SAMPLES = 4


@dataclass(frozen=True)
class Hint:
    """A suggested ``action`` for a seat and its ``reason``, one line for the player (e.g.
    ``"Keeps your legacy lead (+12)"`` or ``"Scores 64% in the bot's playouts"``).

    >>> Hint(Action("take", (1,)), "Scores 64% in the bot's playouts").to_json()
    {'action': ['take', 1], 'reason': "Scores 64% in the bot's playouts"}
    """

    action: Action
    reason: str

    def to_json(self) -> dict[str, Any]:
        """``{"action": [name, *args], "reason": str}``."""
        return {"action": self.action.to_json(), "reason": self.reason}


def largest_term(terms: list[tuple[str, float]]) -> tuple[str, float] | None:
    """The term with the largest value (the first of equal ones), or None for no terms.

    >>> largest_term([("follower lead", 2.0), ("tech level lead", 4.0), ("card lead", -1.0)])
    ('tech level lead', 4.0)
    >>> largest_term([]) is None
    True
    """
    best: tuple[str, float] | None = None
    for label, value in terms:
        if best is None or value > best[1]:
            best = (label, value)
    return best


#: Values closer to 0 than this read as even (a lead of "+0.0" is none).
EVEN = 0.05


def _shown(value: float) -> str:
    """A term's value as the line shows it: whole units from 1 up, tenths below, "even" for
    none; minus as the typographic minus."""
    if abs(value) < EVEN:
        return "even"
    shown = f"{value:+.0f}" if abs(value) >= 1 else f"{value:+.1f}"
    return shown.replace("-", "−")


def term_line(term: tuple[str, float], before: float | None = None) -> str:
    """One line for a term ``(label, value)`` after the move, in the game's units (see
    :meth:`Game.evaluate_terms`), true of the position (issue 48: no lead claimed where there
    is none): with ``before`` (the term's value before the move), a lead the move makes
    ("Gives you"), widens ("Widens", from and to) or keeps; without it, a lead kept; when even
    the best term is not a lead, where the player stands best.

    >>> term_line(("legacy lead", 12.4))
    'Keeps your legacy lead (+12)'
    >>> term_line(("tech level lead", 2.0), before=0.0)
    'Gives you a tech level lead (+2)'
    >>> term_line(("follower lead", 5.0), before=3.0)
    'Widens your follower lead (+3 → +5)'
    >>> term_line(("follower lead", -2.0)), term_line(("gold lead", 0.04), before=0.0)
    ('Your follower lead is where you stand best (−2)', 'Your gold lead is where you stand best (even)')
    """
    label, value = term
    if value < EVEN:
        return f"Your {label} is where you stand best ({_shown(value)})"
    if before is not None and before < EVEN:
        return f"Gives you a {label} ({_shown(value)})"
    if before is not None and value - before >= EVEN and _shown(before) != _shown(value):
        return f"Widens your {label} ({_shown(before)} → {_shown(value)})"
    return f"Keeps your {label} ({_shown(value)})"


def share_line(share: float) -> str:
    """The search's estimate of a move as a line: its mean payoff in the bot's playouts
    (a win counts 1, a draw its share), as a percentage; a share near one half says the
    playouts find the game even, not that the move "scores" half.

    >>> share_line(0.643), share_line(0.5)
    ("Scores 64% in the bot's playouts", "The bot's playouts find the game even from here (50%)")
    """
    pct = round(100 * share)
    if 45 <= pct <= 55:
        return f"The bot's playouts find the game even from here ({pct}%)"
    return f"Scores {pct}% in the bot's playouts"


def average_terms(game: Game, state: State, seat: int, action: Action | None, rng: Rng,
                  samples: int = SAMPLES) -> list[tuple[str, float]]:
    """The game's :meth:`Game.evaluate_terms` for ``seat`` after ``action`` (None: in ``state``
    itself), averaged over ``samples`` determinizations of ``state`` for ``seat`` (so nothing
    hidden from the seat is read), in the order of the first sample; [] if the game has no
    terms or the game ends with the move."""
    totals: dict[str, float] = {}
    order: list[str] = []
    for _ in range(samples):
        d = game.determinize(state, seat, rng)
        after = game.apply_unchecked(d, seat, action) if action is not None else d
        if game.outcome(after) is not None:
            return []
        for label, value in game.evaluate_terms(after, seat):
            if label not in totals:
                order.append(label)
                totals[label] = 0.0
            totals[label] += value
    return [(label, totals[label] / samples) for label in order]


def explain(game: Game, state: State, seat: int, action: Action, rng: Rng,
            share: float | None = None) -> str:
    """The line of why for ``action``: the largest of :func:`average_terms` after it, worded
    against its value before the move (:func:`term_line`), else the search's ``share``
    (:func:`share_line`), else a plain sentence (a forced or shortcut move)."""
    best = largest_term(average_terms(game, state, seat, action, rng))
    if best is not None:
        before = dict(average_terms(game, state, seat, None, rng)).get(best[0])
        return term_line(best, before)
    if share is not None:
        return share_line(share)
    return "What the bot would do here"


def without_harm(game: Game, state: State, seat: int, action: Action, ranked: list[Action]) -> Action:
    """The action a hint suggests in place of ``action``: ``action`` itself unless it harms the
    seat's own side (:meth:`Game.caution`, the app would ask before playing it; issue 48), else
    the first of ``ranked`` (the search's order, best first; else the legal order) that does not;
    ``action`` if every choice does (the decision's price, nothing better to suggest)."""
    if game.caution(state, seat, action) is None:
        return action
    return next((a for a in ranked if game.caution(state, seat, a) is None), action)


def suggest(game: Game, state: State, seat: int, rng: Rng, bot: Bot | None = None) -> Hint | None:
    """The hint for ``seat`` (in ``game.to_act(state)``) computed at once: ``bot`` (default:
    the bot of :meth:`Game.hint_level`) chooses from ``seat``'s information set, then
    :func:`explain` gives the line of why. None if the game offers no hint. Reproducible from
    ``rng``; the app computes the same in slices (:meth:`~py_engine.core.match.Match.hint`).

    >>> from py_engine.games import get
    >>> from py_engine.core.mcts import MCTSBot
    >>> g = get("time_war"); s = g.setup(["A", "B"], {}, seed=1); seat = g.to_act(s)[0]
    >>> h = suggest(g, s, seat, Rng.from_seed(3), MCTSBot(8))
    >>> h is not None and h.action in g.legal_actions(s, seat)
    True
    """
    if bot is None:
        level = game.hint_level()
        if level is None:
            return None
        bot = make_bot(game, level)
    legal = game.legal_actions(state, seat)
    if len(legal) == 1:
        return Hint(legal[0], ONLY)
    b: Any = bot
    search = getattr(b, "search", None)
    quick = getattr(b, "quick", None)
    fast = quick(game, state, seat) if quick is not None else None
    share: float | None = None
    if fast is not None:
        action: Action = without_harm(game, state, seat, fast, legal)
    elif search is not None:
        s = search(game, state, seat, rng)
        budget = getattr(b, "budget", None)
        s.run(int(budget(game, state, seat)) if budget is not None else int(b.iterations))
        action = without_harm(game, state, seat, s.best(), [a for a, _, _ in s.stats()])
        share = s.mean(action)
    else:
        action = without_harm(game, state, seat, bot.choose(game, state, seat, rng), legal)
    return Hint(action, explain(game, state, seat, action, rng, share))


#: The line of why for a decision with a single option.
ONLY = "The only choice here"
