"""Fit a game's cut-off evaluation to self-play outcomes (issue 29's first lever; it did not help,
see benchmarks/RESULTS.md, "Bot levels worth choosing"), in two steps::

    python benchmarks/fit_eval.py collect --game time_of_crisis --level normal --games 400 \\
        --every 6 --out benchmarks/results/levels/toc_selfplay.jsonl
    python benchmarks/fit_eval.py fit --data benchmarks/results/levels/toc_selfplay.jsonl \\
        --out benchmarks/results/levels/toc_fit_absolute.json

``collect`` (resumable) plays bots of one level against each other (seeds 20,000 + i, kept apart from the
measuring seeds 10,000 + i of ``bots.py``) and records, at about one quiet decision in
``--every``, every seat's :meth:`Game.evaluate_terms` (its lead in each term of the game's
evaluation, in the game's units) and the game's own :meth:`Game.evaluate`, with the game's
final payoff for each seat (1 a win, 0 a loss, a draw shared). One JSON line per game.

``fit`` fits a logistic model of winning per seat to those samples by maximum likelihood, with
the games split 80/20 (``i % 5 == 0`` held out), and prints the held-out log-loss and accuracy of
the fit beside the game's own hand-weighted evaluation:

- the ``absolute`` form (default): ``P(win) = 1 / (1 + exp(-(w · t)))``, ``t`` the terms,
  scikit-learn's ``LogisticRegression`` without an intercept (a lead of nothing in every term is
  an even game between two seats);
- the ``relative`` form (``--relative``): non-negative multipliers of the terms divided by the
  hand evaluation's own scale (weights of 1 give back the hand evaluation of Time of Crisis),
  SciPy's L-BFGS-B.

``bots.py --fitted hard=FIT.json`` then plays a level whose searches score cut-off playouts with
that fit (:func:`fitted_bot`); the engines ship no fitted evaluation.

NumPy, scikit-learn and SciPy are needed by ``fit`` only: ``pip install -e '.[fit]'``.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from py_engine.core import Match, Seat  # noqa: E402
from py_engine.core.mcts import payoffs  # noqa: E402
from py_engine.core.rng import Rng  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def collect_one(args: tuple[str, str, int, int, int]) -> dict[str, object]:
    """One self-play game of ``level`` bots: its sampled positions and final payoffs."""
    game, level, players, i, every = args
    m = Match.new(game, [Seat(f"{level} {k}", "bot", level) for k in range(players)], {}, 20_000 + i)
    pick = Rng.from_seed(30_000 + i)
    samples: list[dict[str, object]] = []
    while not m.is_over():
        g, st = m.game, m.state
        if g.quiet(st) and pick.below(every) == 0:
            hand = g.evaluate(st)
            samples.append({"n": st["n"], "hand": hand,
                            "terms": [[v for _l, v in g.evaluate_terms(st, p)] for p in range(players)]})
        m.play_bot()
    labels = [label for label, _v in m.game.evaluate_terms(m.state, 0)] if samples else []
    return {"game": game, "level": level, "players": players, "i": i, "every": every, "labels": labels,
            "payoff": payoffs(m.game, m.state), "actions": len(m.actions), "samples": samples}


def collect(game: str, level: str, players: int, games: int, every: int, out: str, jobs: int) -> None:
    """Play ``games`` self-play games (resuming ``out``) and append one JSON line per game."""
    done: set[int] = set()
    if Path(out).exists():
        for line in Path(out).read_text().splitlines():
            row = json.loads(line)
            if (row["game"], row["level"], row["players"]) == (game, level, players):
                done.add(row["i"])
    tasks = [(game, level, players, i, every) for i in range(games) if i not in done]
    Path(out).parent.mkdir(parents=True, exist_ok=True)
    with ProcessPoolExecutor(jobs) as pool:
        for row in pool.map(collect_one, tasks):
            with open(out, "a") as f:
                f.write(json.dumps(row) + "\n")
            print(f"game {row['i']}: {len(row['samples'])} samples, payoff {row['payoff']}", flush=True)


def rows_of(path: str, game: str | None) -> list[dict[str, object]]:
    """The recorded games of ``path`` (of ``game`` if given)."""
    rows = [json.loads(line) for line in Path(path).read_text().splitlines() if line.strip()]
    return [r for r in rows if game is None or r["game"] == game]


def logloss(p: float, y: float) -> float:
    """The log-loss of predicting ``p`` for an outcome ``y`` in [0, 1]."""
    p = min(1 - 1e-9, max(1e-9, p))
    return -(y * math.log(p) + (1 - y) * math.log(1 - p))


def matrix(rows: list[dict[str, object]], relative: bool) -> tuple[Any, Any, Any]:
    """The samples of ``rows`` as ``(features, payoffs, hand values)``, one row per seat and
    sample. ``relative``: each term divided by the hand evaluation's scale at that sample,
    ``sum(terms) / logit(hand)`` (samples where that is not a positive number are left out),
    so that weights of 1 give back the hand evaluation of a game whose evaluation is a
    logistic of the summed terms (Time of Crisis with two seats)."""
    import numpy as np

    x, y, hand = [], [], []
    for r in rows:
        for s in r["samples"]:  # type: ignore[attr-defined]
            for p, terms in enumerate(s["terms"]):
                h = s["hand"][p] if s["hand"] else 0.5
                if relative:
                    scale = hand_scale(terms, h)
                    if scale is None:
                        continue
                    terms = [v / scale for v in terms]
                x.append(terms)
                y.append(r["payoff"][p])  # type: ignore[index]
                hand.append(h)
    return np.array(x, dtype=float), np.array(y, dtype=float), np.array(hand, dtype=float)


def hand_scale(terms: list[float], hand: float) -> float | None:
    """``sum(terms) / logit(hand)``, or None where that is not a positive number."""
    h = min(1 - 1e-9, max(1e-9, hand))
    lg, total = math.log(h / (1 - h)), sum(terms)
    if abs(lg) < 1e-6 or abs(total) < 1e-6 or total / lg <= 0:
        return None
    return total / lg


def fit(data: str, game: str | None, out: str, c: float, relative: bool) -> dict[str, object]:
    """Fit the weights (see the module docstring) and report them against the hand weights.
    ``relative``: non-negative multipliers of the hand-scaled terms (SciPy's L-BFGS-B), else a
    free logistic regression (scikit-learn) of the raw terms."""
    import numpy as np

    rows = rows_of(data, game)
    if not rows:
        raise SystemExit(f"no games in {data}")
    labels = next(r["labels"] for r in rows if r["labels"])
    x, y, _ = matrix([r for r in rows if r["i"] % 5 != 0], relative)
    hx, hy, hand = matrix([r for r in rows if r["i"] % 5 == 0], relative)

    def nll(w: Any, xs: Any, ys: Any) -> float:
        p = np.clip(1 / (1 + np.exp(-np.clip(xs @ w, -30, 30))), 1e-9, 1 - 1e-9)
        return float(-np.mean(ys * np.log(p) + (1 - ys) * np.log(1 - p)))

    if relative:
        from scipy.optimize import minimize

        k = x.shape[1]
        weights = [float(w) for w in minimize(nll, np.ones(k), args=(x, y), bounds=[(0, None)] * k,
                                              method="L-BFGS-B").x]
    else:
        from sklearn.linear_model import LogisticRegression

        # A draw's shared payoff is a half win: fit on both outcomes with the payoff as weight.
        model = LogisticRegression(fit_intercept=False, C=c, max_iter=2000)
        model.fit(np.vstack([x, x]), np.concatenate([np.ones(len(y)), np.zeros(len(y))]),
                  sample_weight=np.concatenate([y, 1 - y]))
        weights = [float(w) for w in model.coef_[0]]
    fitted = 1 / (1 + np.exp(-np.clip(hx @ np.array(weights), -30, 30)))
    decided = hy != 0.5
    report: dict[str, object] = {
        "game": rows[0]["game"], "players": rows[0]["players"], "level": rows[0]["level"],
        "form": "relative" if relative else "absolute", "games": len(rows), "samples": int(len(y)),
        "held_out_samples": int(len(hy)), "labels": labels, "weights": [round(w, 5) for w in weights],
        "held_out_logloss": {"fitted": round(nll(np.array(weights), hx, hy), 4),
                             "hand": round(float(np.mean([logloss(p, t) for p, t in zip(hand, hy, strict=True)])), 4),
                             "even": round(math.log(2), 4)},
        "held_out_accuracy": {"fitted": round(float(np.mean((fitted > 0.5)[decided] == (hy > 0.5)[decided])), 4),
                              "hand": round(float(np.mean((hand > 0.5)[decided] == (hy > 0.5)[decided])), 4)},
    }
    print(json.dumps(report, indent=1))
    if out:
        Path(out).write_text(json.dumps(report, indent=1) + "\n")
    return report


class FittedGame:
    """A game whose :meth:`evaluate` is a fit of ``fit_eval.py fit`` (the rest is the game's):
    per seat ``1 / (1 + exp(-z))``, ``z = w · t`` for the ``absolute`` form, ``t`` the seat's
    :meth:`Game.evaluate_terms`, and for the ``relative`` form ``z = (w · t) / s``, ``s`` the
    hand evaluation's scale (:func:`hand_scale`; the hand value where it has none)."""

    def __init__(self, game: Any, fit: dict[str, Any]) -> None:
        self._game, self._fit = game, fit

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def evaluate(self, state: Any) -> list[float]:
        """The fitted value of each seat, in (0, 1)."""
        w, relative = self._fit["weights"], self._fit["form"] == "relative"
        hand = self._game.evaluate(state) if relative else None
        out = []
        for p in range(len(state["seats"])):
            terms = [v for _l, v in self._game.evaluate_terms(state, p)]
            z = sum(a * b for a, b in zip(w, terms, strict=True))
            if relative:
                scale = hand_scale(terms, hand[p])
                if scale is None:
                    out.append(hand[p])
                    continue
                z /= scale
            out.append(1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, z)))))
        return out


def fitted_bot(bot: Any, fit: dict[str, Any]) -> Any:
    """``bot`` (a search bot, frozen dataclass) whose searches score cut-off playouts with
    :class:`FittedGame` (benchmarks only: the engines ship no fitted evaluation, see
    benchmarks/RESULTS.md, "Bot levels worth choosing")."""
    base = type(bot)

    class Fitted(base):  # type: ignore[misc, valid-type]
        def search(self, game: Any, state: Any, seat: int, rng: Any) -> Any:
            return base.search(self, FittedGame(game, fit), state, seat, rng)

    # the fit replaces whichever evaluation the level's search would use (Game.search_evaluation)
    return Fitted(**{f.name: getattr(bot, f.name) for f in dataclasses.fields(bot)} | {"evaluation": "evaluate"})


def main() -> None:
    p = argparse.ArgumentParser()
    sub = p.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("collect")
    c.add_argument("--game", required=True)
    c.add_argument("--level", default="normal")
    c.add_argument("--players", type=int, default=2)
    c.add_argument("--games", type=int, default=400)
    c.add_argument("--every", type=int, default=8, help="sample about one quiet decision in this many")
    c.add_argument("--jobs", type=int, default=1)
    c.add_argument("--out", required=True)
    f = sub.add_parser("fit")
    f.add_argument("--data", required=True)
    f.add_argument("--game", default=None)
    f.add_argument("--C", type=float, default=1.0, help="inverse regularisation strength")
    f.add_argument("--relative", action="store_true",
                   help="non-negative multipliers of the hand-scaled terms instead of a free logistic")
    f.add_argument("--out", default="", help="write the fit (weights and held-out figures) to this JSON file")

    a = p.parse_args()
    if a.cmd == "collect":
        collect(a.game, a.level, a.players, a.games, a.every, a.out, a.jobs)
    else:
        fit(a.data, a.game, a.out, a.C, a.relative)


if __name__ == "__main__":
    main()
