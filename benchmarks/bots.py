"""Bot strength and move time for a game (default Time War), in CPython.

    python benchmarks/bots.py --game time_war --games 200 --jobs 2 --out benchmarks/results/bots_time_war.json

Plays ``hard`` (or ``--level``) against ``random`` and against ``normal``, alternating seats, with
fixed seeds (game i uses seed 10_000 + i); records wins, losses, draws and the
time of every ``hard`` decision that needed a search (not a forced move nor a
bot's ``quick`` shortcut; CPU time with ``--cpu``, for a machine shared with other
jobs). Each game also records its final scores and its length in rounds: the
fewest turns any seat took for games that count turns per seat (``state["turns"]``),
else the round counter (``state["round"]``: the round in which the game ended; a
game stopped by a round limit of R shows R + 1). Results are written to ``--out`` and
summarised on stdout as Markdown.

With ``--players 3`` or ``4`` the ``hard`` side is one team (team games: both its
seats are hard) or one seat (free-for-all), rotating over the sides, against
``random``/``normal`` everywhere else; a shared result with the other side is a
draw. ``--versus hard`` seats hard bots everywhere (for game lengths of hard-bot games)::

    python benchmarks/bots.py --game time_barons --players 4 --options '{"mode": "free_for_all"}' \
        --versus random --games 200

``score`` counts a draw as half a win (issue 29's targets); ``win_rate`` counts wins only. Normal
against easy (issue 29)::

    python benchmarks/bots.py --game time_war --level normal --versus easy --games 200

Experiments on a level's bot, kept apart in ``--progress`` files by their settings:
``--exploration hard=0.2`` and ``--override JSON`` (game attributes per level, e.g. a shorter
playout cap ``'{"search_budgets": {"hard": [250, 1]}}'``), ``--fitted hard=FIT.json`` (cut-off
playouts scored by a fit of ``fit_eval.py``) and ``--greedy hard=0.5`` (playouts partly greedy by
the evaluation, ``playout_policy.py``). ``--phone 7.6 --cpu`` plays with the app's time limit per
decision scaled to a device 7.6 times slower than this machine's CPython (Pyodide's 1.9 times a
phone's CPU x4): the strength a player meets on a phone.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import py_engine.core.match as match_module  # noqa: E402
from benchmarks.fit_eval import fitted_bot  # noqa: E402
from benchmarks.playout_policy import greedy_bot  # noqa: E402
from py_engine.core import Match, Seat, make_bot  # noqa: E402
from py_engine.core.levels import TIME_LIMITS  # noqa: E402
from py_engine.games import get as get_game  # noqa: E402


def lineup(game: str, a: str, b: str, i: int, n: int, options: dict[str, object]) -> list[str]:
    """Bot levels per seat for game ``i``: two players alternate seats; with more,
    level ``a`` takes one side (a team, or in free-for-all a single seat), rotating
    with ``i``, and every other seat plays level ``b``."""
    if n == 2:
        return [a, b] if i % 2 == 0 else [b, a]
    teams = Match.new(game, [Seat(f"P{k}", "bot", "random") for k in range(n)], options, 10_000 + i).state.get(
        "teams") or [[k] for k in range(n)]
    mine = teams[i % len(teams)]
    return [a if k in mine else b for k in range(n)]


#: The clock of move times: wall time, or with ``--cpu`` this process's CPU time (steady on a
#: shared machine), see :func:`cpu_clock`.
CLOCK = time.perf_counter


def cpu_clock() -> Callable[[], float]:
    """This process's CPU time in seconds: ``time.process_time`` in CPython; inside
    Pyodide under Node (where that is the wall clock) Node's ``process.cpuUsage()``."""
    if sys.platform == "emscripten":
        try:
            from js import process  # type: ignore[import-not-found]
        except ImportError:
            return time.process_time

        def node_cpu() -> float:
            u = process.cpuUsage()
            return float(u.user + u.system) / 1e6

        return node_cpu
    return time.process_time


def play(args: tuple[str, str, str, int, dict[str, object], int, dict[str, dict[str, object]]]) -> dict[str, object]:
    """One game; returns the result for ``a`` and ``a``'s search times (seconds). ``args[6]``: an
    experiment's settings: per level, game attributes that replace the game's own
    (``{"search_exploration": {"hard": 0.2}}``, from ``--exploration`` and ``--override``), and the
    settings of ``--fitted``, ``--greedy``, ``--phone`` and ``--limits`` under those names."""
    game, a, b, i, options, n, override = args
    g = get_game(game)
    for attr, per_level in override.items():
        if attr in ("fitted", "greedy", "phone", "limits"):  # experiments on the bots, not game attributes
            continue
        setattr(g, attr, {**(getattr(type(g), attr) or {}), **per_level})
    fits = {lv: json.loads(Path(f).read_text()) for lv, f in override.get("fitted", {}).items()}
    greedy = override.get("greedy", {})

    def bot_of(game: Any, level: str) -> Any:
        bot = make_bot(game, level)
        if level in fits:
            bot = fitted_bot(bot, fits[level])
        if level in greedy:
            bot = greedy_bot(bot, float(greedy[level]))  # type: ignore[arg-type]
        return bot

    match_module.make_bot = bot_of
    phone = float(override.get("phone", 0) or 0)  # type: ignore[arg-type]
    limits = {lv: type(g).bot_time_limit(g, lv) for lv in TIME_LIMITS} | override.get("limits", {})  # type: ignore[operator]
    if phone:  # the app's per-decision time limits on a device ``phone`` times slower than this CPU
        g.bot_time_limit = lambda level: None if limits.get(level) is None else float(limits[level]) / phone  # type: ignore[method-assign]
    levels = lineup(game, a, b, i, n, options)
    m = Match.new(game, [Seat(f"{lv} {k}", "bot", lv) for k, lv in enumerate(levels)], options, 10_000 + i)
    times: list[float] = []
    cap = m.game.max_actions(n, options)
    while not m.is_over():
        seat = m.bot_to_act()
        assert seat is not None
        if len(m.actions) > cap:  # a rule that lets a bot go round in circles (Barons' outposts once)
            raise RuntimeError(f"{game} game {i} (seed {10_000 + i}) has not ended after {cap:,} actions; "
                               f"the last: {m.actions[-4:]}")
        # A forced move or a bot's ``quick`` shortcut is not a searched decision.
        quick = getattr(match_module.make_bot(m.game, levels[seat]), "quick", None)
        searched = len(m.game.legal_actions(m.state, seat)) > 1 and (
            quick is None or quick(m.game, m.state, seat) is None)
        t = CLOCK()
        if phone:
            thinking = m.think(time_limited=True)
            assert thinking is not None
            while not thinking.step(1.0, clock=CLOCK):
                pass
            thinking.apply()
        else:
            m.play_bot()
        if levels[seat] == a and searched:
            times.append(CLOCK() - t)
    out = m.game.outcome(m.state)
    assert out is not None
    mine = {k for k, lv in enumerate(levels) if lv == a}
    if len(out.winners) == len(levels) or (set(out.winners) & mine and set(out.winners) - mine):
        result = "draw"
    else:
        result = "win" if set(out.winners) & mine else "loss"
    turns, rnd = m.state.get("turns"), m.state.get("round")
    rounds = min(turns) if isinstance(turns, list) else (rnd if isinstance(rnd, int) else None)
    return {"i": i, "seats_of_a": sorted(mine), "result": result, "times": times,
            "scenario": m.state.get("scenario"), "scores": list(out.scores) if out.scores else None,
            "winners": list(out.winners), "rounds": rounds,
            "actions": len(m.actions), "reason": out.reason}


def duel(game: str, a: str, b: str, games: int, jobs: int, options: dict[str, object],
         players: int = 2, progress: str = "", exploration: dict[str, float] | None = None,
         override: dict[str, dict[str, object]] | None = None) -> dict[str, object]:
    """``games`` games of level ``a`` against level ``b`` (see :func:`lineup`).
    ``progress``: a file that gets one JSON line per finished game; a run that was
    stopped is resumed from it (its finished games of the same game, levels, player
    count and options are kept, not played again)."""
    t0 = time.perf_counter()
    key: dict[str, object] = {"game": game, "a": a, "b": b, "players": players, "options": options}
    if exploration:
        key["exploration"] = exploration
    if override:
        key["override"] = override
    rows: list[dict[str, object]] = []
    if progress and Path(progress).exists():
        seen: set[object] = set()
        for line in Path(progress).read_text().splitlines():
            row = json.loads(line)
            same = all(row.get(k) == v for k, v in key.items()) and all(
                (x in row) == (x in key) for x in ("exploration", "override"))
            if same and row["i"] not in seen and row["i"] < games:
                seen.add(row["i"])
                rows.append({k: v for k, v in row.items() if k not in key})
    finished = {r["i"] for r in rows}
    settings = {**(override or {}), **({"search_exploration": exploration} if exploration else {})}
    tasks = [(game, a, b, i, options, players, settings) for i in range(games) if i not in finished]

    def done(row: dict[str, object]) -> None:
        rows.append(row)
        if progress:
            with open(progress, "a") as f:
                f.write(json.dumps({**key, **row}) + "\n")

    if jobs > 0:
        with ProcessPoolExecutor(jobs) as pool:
            for row in pool.map(play, tasks):
                done(row)
    else:  # in-process (Pyodide has no subprocesses)
        for t in tasks:
            done(play(t))
    times = sorted(t for r in rows for t in r["times"])  # type: ignore[attr-defined]
    count = {k: sum(1 for r in rows if r["result"] == k) for k in ("win", "loss", "draw")}
    rounds = [r["rounds"] for r in rows if r["rounds"] is not None]
    return {"a": a, "b": b, "games": games, "players": players, **count,
            "win_rate": count["win"] / games, "score": (count["win"] + count["draw"] / 2) / games,
            "move_seconds": {"median": statistics.median(times), "p95": times[int(0.95 * (len(times) - 1))],
                             "worst": times[-1], "moves": len(times), "clock": "wall" if CLOCK is time.perf_counter else "cpu"},
            "rounds": {"median": statistics.median(rounds), "min": min(rounds), "max": max(rounds)} if rounds else None,
            "wall_seconds": round(time.perf_counter() - t0, 1), "games_detail": [
                {k: r[k] for k in ("i", "seats_of_a", "result", "scores", "winners", "rounds", "actions", "reason")}
                for r in rows]}


def per_level(text: str) -> dict[str, str]:
    """``"hard=0.2,normal=0.3"`` as ``{"hard": "0.2", "normal": "0.3"}`` ("" gives {})."""
    return dict(kv.split("=", 1) for kv in text.split(",") if kv)


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--game", default="time_war")
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--jobs", type=int, default=2, help="worker processes; 0 = in-process")
    p.add_argument("--level", default="hard", help="the level measured (a seat or a side)")
    p.add_argument("--versus", default="random,normal")
    p.add_argument("--options", default="{}")
    p.add_argument("--exploration", default="", help="an experiment: UCB1 constants per level, e.g. hard=0.2")
    p.add_argument("--override", default="", help='an experiment: game attributes per level, as JSON, e.g. '
                   '\'{"search_scaling": {"hard": [20, 40]}}\'')
    p.add_argument("--fitted", default="", help="an experiment: levels whose search scores cut-off playouts "
                   "with a fit of benchmarks/fit_eval.py, e.g. hard=benchmarks/results/levels/toc_fit.json")
    p.add_argument("--greedy", default="", help="an experiment: levels whose playouts are greedy by the "
                   "evaluation with this probability (benchmarks/playout_policy.py), e.g. hard=0.5")
    p.add_argument("--phone", type=float, default=0.0,
                   help="play with the app's per-decision time limits (core/levels.py TIME_LIMITS) divided by this "
                        "factor, on --cpu time: a device that many times slower than this machine's CPython "
                        "(Pyodide about 1.9 x, a phone at CPU x4: 7.6); moves then depend on the machine's speed")
    p.add_argument("--limits", default="", help="an experiment with --phone: per-level time limits in seconds "
                   "in place of the game's (Game.bot_time_limit), e.g. normal=0.3")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--progress", default="", help="append one JSON line per finished game to this file")
    p.add_argument("--cpu", action="store_true", help="time moves in process CPU time, not wall time")
    p.add_argument("--out", default="")
    a = p.parse_args()
    global CLOCK
    if a.cpu:
        CLOCK = cpu_clock()
    exploration = {k: float(v) for k, v in per_level(a.exploration).items()}
    override = json.loads(a.override) if a.override else None
    if a.phone:
        override = {**(override or {}), "phone": a.phone}
    for name, value in (("limits", float), ("greedy", float), ("fitted", str)):
        if getattr(a, name):
            override = {**(override or {}), name: {k: value(v) for k, v in per_level(getattr(a, name)).items()}}
    results = [duel(a.game, a.level, b, a.games, a.jobs, json.loads(a.options), a.players, a.progress, exploration,
                    override)
               for b in a.versus.split(",")]
    doc = {"game": a.game, "players": a.players, "options": json.loads(a.options), "clock": "cpu" if a.cpu else "wall",
           "python": sys.version.split()[0], "results": results}
    if a.out:
        Path(a.out).parent.mkdir(parents=True, exist_ok=True)
        Path(a.out).write_text(json.dumps(doc, indent=1))
    print(f"| {a.level} vs | players | games | wins | losses | draws | score (draw = ½) | median move s | worst move s |")
    print("|---|---|---|---|---|---|---|---|---|")
    for r in results:
        ms = r["move_seconds"]
        print(f"| {r['b']} | {r['players']} | {r['games']} | {r['win']} | {r['loss']} | {r['draw']} | "
              f"{r['score']:.1%} | {ms['median']:.3f} | {ms['worst']:.3f} |")  # type: ignore[index]


if __name__ == "__main__":
    main()
