"""The Barons position evaluation for the search bot (cut-off playouts).

A seat's material score counts what wins Barons (B §19): realms with a keep
(the True Baron race, worth most), realms controlled and property value (the
political ranking at the round limit), then gold, health, skills and items
(what buys the next buildings and survives the dungeon). The shares of a softmax
over the living seats' scores are the values; the softmax grows sharper as the
round limit nears.
"""

from __future__ import annotations

import math

from . import components as C
from .machine import cfg, controlled
from .state import BaronsState


def score(state: BaronsState, p: int, held: int | None = None) -> float:
    """The material score of seat ``p`` (0 for a dead seat); ``held``: realms it
    controls, if already known."""
    q = state["players"][p]
    if not q["alive"] or q["char"] is None:
        return 0.0
    need = int(cfg(state)["keeps_needed"])
    lr = C.land_realm()
    keep_realms = set()
    value = 0
    for x, b in state["bld"].items():
        for s, lv in b:
            if s == p:
                value += int(C.space(x)["price"]) * lv
                if lv == 2:
                    keep_realms.add(lr[x])
    keeps = len(keep_realms)
    if held is None:
        held = sum(1 for v in controlled(state).values() if v == p)
    race = keeps + (2.0 if keeps >= need else 0.0) + max(0, keeps - need + 2) * 0.5
    return float(2.2 * race + 1.0 * held + value / 30.0
            + q["gold"] / 45.0 + 0.12 * q["hp"] + 0.25 * (len(q["skills"]) + sum(q["tracks"].values()))
            + 0.25 * (len(q["items"]) + 0.5 * len(q["potions"])) + 0.08 * sum(q["res"].values())
            + (0.4 if q["adv"] else 0.0))


def score_terms(state: BaronsState, p: int, held: int) -> list[tuple[str, float]]:
    """:func:`score` split into its terms, as it weighs them (``held``: realms ``p``
    controls): the race for keeps, realms controlled, property, gold, health, skills,
    items, resources and the advantage; they add up to :func:`score` (all 0 for a dead seat)."""
    q = state["players"][p]
    labels = ["lead in the race for keeps", "lead in realms controlled", "property lead", "gold lead",
              "health lead", "lead in skills", "lead in items", "lead in resources", "advantage"]
    if not q["alive"] or q["char"] is None:
        return [(label, 0.0) for label in labels]
    need = int(cfg(state)["keeps_needed"])
    lr = C.land_realm()
    keep_realms = set()
    value = 0
    for x, b in state["bld"].items():
        for s, lv in b:
            if s == p:
                value += int(C.space(x)["price"]) * lv
                if lv == 2:
                    keep_realms.add(lr[x])
    keeps = len(keep_realms)
    race = keeps + (2.0 if keeps >= need else 0.0) + max(0, keeps - need + 2) * 0.5
    values = [2.2 * race, 1.0 * held, value / 30.0, q["gold"] / 45.0, 0.12 * q["hp"],
              0.25 * (len(q["skills"]) + sum(q["tracks"].values())),
              0.25 * (len(q["items"]) + 0.5 * len(q["potions"])), 0.08 * sum(q["res"].values()),
              0.4 if q["adv"] else 0.0]
    return [(label, float(v)) for label, v in zip(labels, values, strict=True)]


def evaluate_terms(state: BaronsState, seat: int) -> list[tuple[str, float]]:
    """The terms of :func:`evaluate`'s material score for ``seat``, each as a lead over the
    living rival with the highest score (B §19: the True Baron race, then the political
    ranking)."""
    n = len(state["players"])
    ctl = list(controlled(state).values())
    terms = [score_terms(state, p, ctl.count(p)) for p in range(n)]
    rivals = [p for p in range(n) if p != seat and state["players"][p]["alive"]] or [
        p for p in range(n) if p != seat]
    top = max(rivals, key=lambda p: sum(v for _l, v in terms[p]))
    return [(label, v - terms[top][i][1]) for i, (label, v) in enumerate(terms[seat])]


def evaluate(state: BaronsState) -> list[float]:
    """Per-seat values in [0, 1] that sum to 1 over the living seats."""
    n = len(state["players"])
    limit = cfg(state)["round_limit"]
    progress = min(1.0, state["round"] / float(limit)) if limit else min(1.0, state["round"] / 60.0)
    temp = 2.5 * (1.0 - 0.6 * progress)
    ctl = list(controlled(state).values())
    scores = [score(state, p, ctl.count(p)) for p in range(n)]
    living = [p for p in range(n) if state["players"][p]["alive"]]
    if not living:
        return [1.0 / n] * n
    top = max(scores[p] for p in living)
    w = [math.exp((scores[p] - top) / temp) if p in living else 0.0 for p in range(n)]
    total = sum(w)
    return [x / total for x in w]

