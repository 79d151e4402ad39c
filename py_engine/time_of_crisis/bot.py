"""The Time of Crisis search bot's evaluation (``Game.evaluate``): the generic
information-set MCTS of :mod:`py_engine.core.mcts` cuts its playouts short and
scores the position with :func:`evaluate`.

The score of a seat estimates the legacy it will end with: legacy now, plus what
its position earns per turn (ToC §6.6: a legacy per province and per
improvement, Italia's support for the Emperor), its political points and deck
(future cards), armies (battles are legacy, ToC §8.2), the Emperor Turns
bonus and the throne itself (only the Emperor can start the last round, ToC §7.1;
a seat that is not Emperor is credited for how near it is to taking Italia). Only public information is used (a deck's composition is
public: cards bought and trashed are seen; only the split between hand and
Available Pile is hidden).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..core import Action, Game, Rng, State
from ..core.mcts import MCTSBot
from . import components as D
from .board import (
    active_barbarians,
    army_units,
    capital_units,
    emperor,
    governed,
    in_capital,
    italia,
    legacy_goal,
    pretender_provinces,
    pretenders,
    rivals_at,
    rivals_on_map,
)
from .state import TimeOfCrisisState, toc


def _hostile(state: TimeOfCrisisState, pid: str, p: int) -> bool:
    """Something in ``pid`` will cost its governor ``p`` support (ToC §6.4)."""
    a = in_capital(state, pid)
    return active_barbarians(state, pid) or bool(rivals_at(state, pid)) or (a is not None and a["owner"] != p)


def _position(state: TimeOfCrisisState, p: int) -> tuple[float, float, float, float]:
    """What seat ``p``'s position is worth per turn, unweighted: ``(income, support,
    legions, quality)``: the legacy a turn of its provinces that will survive the next
    Support Check earns (ToC §6.6: one each and one per improvement, and Italia's support
    for the Emperor), their support above their mobs, its legions (a reduced one 0.6) and
    the mean value of its cards."""
    prov = state["prov"]
    pl = state["players"][p]
    income = 0.0
    support = 0.0
    for q in governed(state, p):
        pr = prov[q]
        sup = pr["sup"] - (1 if _hostile(state, q, p) else 0)
        if sup <= 0 or pr["mobs"] >= sup:
            continue  # about to be lost
        income += 1 + len(pr["imps"])
        support += sup - pr["mobs"]
    if emperor(state) == p:
        it = prov[italia()]["sup"] - (1 if rivals_on_map(state) or any(x != p for x in pretenders(state)) else 0)
        income += max(0, it - len(pretender_provinces(state)))
    legions = sum(a["full"] + 0.6 * a["red"] for a in state["armies"] if a["owner"] == p)
    cards = pl["hand"] + pl["avail"] + pl["discard"]
    quality = sum(D.card(c)["value"] for c in cards) / max(1, len(cards))
    return income, support, legions, quality


def material(state: TimeOfCrisisState, p: int, horizon: float) -> float:
    """Expected final legacy of seat ``p`` (a heuristic): legacy now, what the
    position earns per turn over ``horizon`` turns (provinces that will survive the
    next Support Check, their improvements, Italia's support for the Emperor), its
    political points, legions and deck, and the Emperor Turns bonus it would get."""
    income, support, legions, quality = _position(state, p)
    return float(state["players"][p]["legacy"]
                 + horizon * (income + 0.35 * support + 0.3 * legions + 1.5 * (quality - 1.0))
                 + _bonus(state, p) + _throne(state, p, horizon))


def material_terms(state: TimeOfCrisisState, p: int, horizon: float) -> list[tuple[str, float]]:
    """:func:`material` split into its terms, each in expected legacy: ``(label, value)``
    for legacy now, province income (provinces, improvements and Italia's support, over
    ``horizon`` turns), provincial support, legions, deck strength, the Emperor Turns bonus
    and the throne; they add up to :func:`material`.

    >>> from py_engine.games import get
    >>> s = toc(get("time_of_crisis").setup(["A", "B"], {}, seed=1))
    >>> abs(sum(v for _l, v in material_terms(s, 0, 5.0)) - material(s, 0, 5.0)) < 1e-9
    True
    """
    income, support, legions, quality = _position(state, p)
    return [("legacy lead", float(state["players"][p]["legacy"])), ("lead in province income", horizon * income),
            ("lead in provincial support", horizon * 0.35 * support), ("lead in legions", horizon * 0.3 * legions),
            ("lead in deck strength", horizon * 1.5 * (quality - 1.0)),
            ("lead in the Emperor Turns bonus", _bonus(state, p)),
            ("lead in the race for the throne", _throne(state, p, horizon))]


def evaluate_terms(state: TimeOfCrisisState, seat: int) -> list[tuple[str, float]]:
    """The terms of :func:`evaluate` for ``seat``: each of :func:`material_terms` as a lead
    over the rival with the most expected legacy (ToC §7.1: most legacy wins)."""
    n = len(state["seats"])
    h = horizon(state)
    terms = [material_terms(state, p, h) for p in range(n)]
    rival = max((q for q in range(n) if q != seat), key=lambda q: sum(v for _l, v in terms[q]))
    return [(label, v - terms[rival][i][1]) for i, (label, v) in enumerate(terms[seat])]


#: What the throne is worth beyond Italia's income: the Emperor Turns it will count
#: toward the end bonus and the power to start the last round (ToC §7.1), in legacy.
THRONE = 6.0
#: Cards in a hand (ToC §3): what a deck yields per turn is this many draws.
HAND = 5


def _throne(state: TimeOfCrisisState, p: int, horizon: float) -> float:
    """The throne for seat ``p``: :data:`THRONE` (and more with turns left) for the
    Emperor; for the others, half of it times how near they are to taking it: the
    Senate votes a usual hand brings (dice from Senate points, ToC §6.3.2) over the
    votes Italia needs, less their units in (or half of those next to) its capital.
    Only the Emperor can start the last round (ToC §7.1), so a search that does not
    value the throne plays games that end only when the events run out."""
    it = italia()
    if emperor(state) == p:
        return THRONE + 0.5 * horizon
    pl = state["players"][p]
    near = capital_units(state, it, p) + 0.5 * sum(
        army_units(state, a) for a in state["armies"] if a["owner"] == p and a["at"] == it and not a["cap"])
    need = max(1.0, 2.0 * int(state["prov"][it]["sup"]) - near)
    cards = pl["hand"] + pl["avail"] + pl["discard"]
    senate = sum(D.card(c)["value"] for c in cards if D.card(c)["suit"] == "senate") / max(1, len(cards))
    return 0.5 * THRONE * min(1.0, HAND * float(senate) / need)


def _bonus(state: TimeOfCrisisState, p: int) -> float:
    """The Emperor Turns bonus ``p`` would get if the game ended now (ToC §7.1)."""
    table = [int(x) for x in D.rule("emperor_bonus")]
    et = [pl["eturns"] for pl in state["players"]]
    if et[p] <= 0:
        return 0.0
    rank = sum(1 for w in et if w > et[p])
    return float(table[rank]) if rank < len(table) else 0.0


def horizon(state: TimeOfCrisisState) -> float:
    """Turns left for each player, roughly: only the Emperor can start the last round
    (ToC §7.1), so fewer as the Emperor nears the goal, one when he has it, and the
    most while nobody holds the throne."""
    goal = legacy_goal(state)
    emp = emperor(state)
    if emp is None:
        return 9.5  # nobody can start the last round yet
    lead = state["players"][emp]["legacy"]
    if lead >= goal:
        return 1.0
    return 1.5 + 8.0 * max(0.0, 1.0 - float(lead) / goal)


def evaluate(state: TimeOfCrisisState) -> list[float]:
    """Per seat a value in (0, 1): a logistic of the seat's expected legacy over the
    best of the others (ToC §7.1: most legacy wins), sharper as the end nears (a lead
    with few turns left is safer, so a leader wants to end the game)."""
    n = len(state["seats"])
    h = horizon(state)
    scale = 4.0 + 1.5 * h
    score = [material(state, p, h) for p in range(n)]
    out = []
    for p in range(n):
        best_other = max(score[q] for q in range(n) if q != p)
        out.append(1.0 / (1.0 + math.exp(-(score[p] - best_other) / scale)))
    return out


@dataclass(frozen=True)
class TocBot(MCTSBot):
    """The generic ISMCTS bot (:class:`~py_engine.core.mcts.MCTSBot`) with two
    shortcuts, both using only what the seat sees:

    - choosing which hidden card to take into the hand (refill, Pax Deorum) is done
      by a rule: the highest value, then the suit the hand has least of (a search
      would re-deal the very pile it picks from);
    - in Take Actions it first plays every card in its hand (points are spent in
      any order, and cards kept in hand only shrink the next refill), so the
      search spends its horizon on what to do with the points;
    - the search budget scales with the number of options: ``per_option`` per
      option, at least ``floor``, at most ``iterations``.
    """

    per_option: int = 20
    floor: int = 40

    def quick(self, game: Game, state: State, seat: int) -> Action | None:
        """The card to take when every option is a ``take``; else None."""
        legal = game.legal_actions(state, seat)
        if len(legal) == 1:
            return legal[0]
        if legal[0].name == "play" and legal[-1].name == "end":
            return legal[0]
        if not all(a.name == "take" for a in legal):
            return None
        hand = toc(state)["players"][seat]["hand"]

        def key(a: Action) -> tuple[int, int, str]:
            c = D.card(str(a.args[0]))
            have = sum(1 for h in hand if D.card(h)["suit"] == c["suit"])
            return (-int(c["value"]), have, str(a.args[0]))

        return min(legal, key=key)

    def budget(self, game: Game, state: State, seat: int) -> int:
        """Iterations for this decision."""
        n = len(game.legal_actions(state, seat))
        return max(min(self.floor, self.iterations), min(self.iterations, self.per_option * n))

    def choose(self, game: Game, state: State, seat: int, rng: Rng) -> Action:
        """A shortcut if one applies, else the search's most visited action."""
        fast = self.quick(game, state, seat)
        if fast is not None:
            return fast
        s = self.search(game, state, seat, rng)
        s.run(self.budget(game, state, seat))
        return s.best()
