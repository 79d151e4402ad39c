"""Bot strength and move time for a game (default Time War), in CPython.

    python benchmarks/bots.py --game time_war --games 200 --jobs 2 --out benchmarks/results/bots_time_war.json

Plays ``hard`` against ``random`` and against ``normal``, alternating seats, with
fixed seeds (game i uses seed 10_000 + i); records wins, losses, draws and the
time of every ``hard`` decision that needed a search. Results are written to
``--out`` and summarised on stdout as Markdown.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from py_engine.core import Match, Seat  # noqa: E402


def play(args: tuple[str, str, str, int, dict[str, object]]) -> dict[str, object]:
    """One game; returns the result for ``a`` and ``a``'s search times (seconds)."""
    game, a, b, i, options = args
    levels = [a, b] if i % 2 == 0 else [b, a]
    m = Match.new(game, [Seat(lv, "bot", lv) for lv in levels], options, 10_000 + i)
    times: list[float] = []
    while not m.is_over():
        seat = m.bot_to_act()
        assert seat is not None
        searched = len(m.game.legal_actions(m.state, seat)) > 1
        t = time.perf_counter()
        m.play_bot()
        if levels[seat] == a and searched:
            times.append(time.perf_counter() - t)
    out = m.game.outcome(m.state)
    assert out is not None
    if len(out.winners) == len(levels):
        result = "draw"
    else:
        result = "win" if levels[out.winners[0]] == a else "loss"
    return {"i": i, "seat_of_a": levels.index(a), "result": result, "times": times,
            "scenario": m.state.get("scenario")}


def duel(game: str, a: str, b: str, games: int, jobs: int, options: dict[str, object]) -> dict[str, object]:
    """``games`` games of level ``a`` against level ``b``."""
    t0 = time.perf_counter()
    tasks = [(game, a, b, i, options) for i in range(games)]
    if jobs > 0:
        with ProcessPoolExecutor(jobs) as pool:
            rows = list(pool.map(play, tasks))
    else:  # in-process (Pyodide has no subprocesses)
        rows = [play(t) for t in tasks]
    times = sorted(t for r in rows for t in r["times"])  # type: ignore[attr-defined]
    count = {k: sum(1 for r in rows if r["result"] == k) for k in ("win", "loss", "draw")}
    return {"a": a, "b": b, "games": games, **count,
            "win_rate": count["win"] / games,
            "move_seconds": {"median": statistics.median(times), "p95": times[int(0.95 * (len(times) - 1))],
                             "worst": times[-1], "moves": len(times)},
            "wall_seconds": round(time.perf_counter() - t0, 1)}


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--game", default="time_war")
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--jobs", type=int, default=2, help="worker processes; 0 = in-process")
    p.add_argument("--versus", default="random,normal")
    p.add_argument("--options", default="{}")
    p.add_argument("--out", default="")
    a = p.parse_args()
    results = [duel(a.game, "hard", b, a.games, a.jobs, json.loads(a.options)) for b in a.versus.split(",")]
    doc = {"game": a.game, "python": sys.version.split()[0], "results": results}
    if a.out:
        Path(a.out).parent.mkdir(parents=True, exist_ok=True)
        Path(a.out).write_text(json.dumps(doc, indent=1))
    print("| hard vs | games | wins | losses | draws | win rate | median move s | worst move s |")
    print("|---|---|---|---|---|---|---|---|")
    for r in results:
        ms = r["move_seconds"]
        print(f"| {r['b']} | {r['games']} | {r['win']} | {r['loss']} | {r['draw']} | "
              f"{r['win_rate']:.1%} | {ms['median']:.3f} | {ms['worst']:.3f} |")  # type: ignore[index]


if __name__ == "__main__":
    main()
