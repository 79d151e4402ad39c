"""The Time of Crisis search bot's evaluation (``Game.evaluate``): the generic
information-set MCTS of :mod:`py_engine.core.mcts` cuts its playouts short and
scores the position with :func:`evaluate`.

The score of a seat estimates the legacy it will end with: legacy now, plus what
its position earns per turn (ToC §6.6: a legacy per province and per
improvement, Italia's support for the Emperor), its political points and deck
(future cards), armies (battles are legacy, ToC §8.2) and the Emperor Turns
bonus (ToC §7.1). Only public information and the seat's own cards are used.
"""

from __future__ import annotations

import math

from ..core import State
from . import components as D
from .board import emperor, governed, italia, pretender_provinces


def material(state: State, p: int) -> float:
    """Expected final legacy of seat ``p`` (a heuristic)."""
    prov = state["prov"]
    pl = state["players"][p]
    mine = governed(state, p)
    income = len(mine) + sum(len(prov[q]["imps"]) for q in mine)
    if emperor(state) == p:
        income += max(0, prov[italia()]["sup"] - len(pretender_provinces(state)))
    support = sum(prov[q]["sup"] - prov[q]["mobs"] for q in mine)
    legions = sum(a["full"] + 0.6 * a["red"] for a in state["armies"] if a["owner"] == p)
    cards = pl["hand"] + pl["avail"] + pl["discard"]
    quality = sum(D.card(c)["value"] for c in cards) / max(1, len(cards))
    goal = int(D.rule("end_legacy")["short" if state["options"]["short_game"] else "normal"])
    left = max(0.0, 1.0 - max(x["legacy"] for x in state["players"]) / goal)
    horizon = 2.0 + 6.0 * left
    bonus = 4.0 * pl["eturns"]
    return float(pl["legacy"] + horizon * (income + 0.35 * support + 0.3 * legions + 1.5 * (quality - 1.0))
            + bonus + 2.0 * (emperor(state) == p))


def evaluate(state: State) -> list[float]:
    """Per seat a value in (0, 1): a logistic of the seat's expected legacy over the
    best of the others (ToC §7.1: most legacy wins)."""
    n = len(state["seats"])
    score = [material(state, p) for p in range(n)]
    out = []
    for p in range(n):
        best_other = max(score[q] for q in range(n) if q != p)
        out.append(1.0 / (1.0 + math.exp(-(score[p] - best_other) / 10.0)))
    return out
