"""Bot strength, move time and game length for a game (default Time War), in CPython.

    python benchmarks/bots.py --game time_war --games 200 --jobs 2 --out benchmarks/results/bots_time_war.json
    python benchmarks/bots.py --game barons --players 4 --versus random --games 200
    python benchmarks/bots.py --game barons --players 6 --selfplay --games 20

Plays ``hard`` against ``--versus`` levels: one ``hard`` seat (rotating with the game
number) and every other seat at the other level, with fixed seeds (game i uses seed
10_000 + i); records wins (a sole win), losses and draws (a shared win), and the time
of every ``hard`` decision that needed a search. ``--selfplay`` seats ``hard`` bots
everywhere and records each game's length (rounds, where the game counts them, and
decisions) and how it ended. Results are written to ``--out`` and summarised on stdout
as Markdown.
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


def play(args: tuple[str, str, str, int, dict[str, object], int]) -> dict[str, object]:
    """One game; returns the result for ``a``, its search times (seconds), the
    length and the ending."""
    game, a, b, i, options, players = args
    levels = [b] * players
    levels[i % players] = a
    if a == b:  # self-play
        levels = [a] * players
    seats = [Seat(f"{lv} {k + 1}", "bot", lv) for k, lv in enumerate(levels)]
    m = Match.new(game, seats, options, 10_000 + i)
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
    mine = i % players
    if a == b or len(out.winners) == len(levels):
        result = "draw" if len(out.winners) == len(levels) else "win"
    elif mine in out.winners:
        result = "win" if len(out.winners) == 1 else "draw"
    else:
        result = "loss"
    return {"i": i, "seat_of_a": mine, "result": result, "times": times,
            "scenario": m.state.get("scenario"), "rounds": m.state.get("round"), "decisions": len(m.actions),
            "reason": out.reason}


def duel(game: str, a: str, b: str, games: int, jobs: int, options: dict[str, object],
         players: int = 2) -> dict[str, object]:
    """``games`` games of level ``a`` against level ``b`` (``b`` in every other seat)."""
    t0 = time.perf_counter()
    tasks = [(game, a, b, i, options, players) for i in range(games)]
    if jobs > 0:
        with ProcessPoolExecutor(jobs) as pool:
            rows = list(pool.map(play, tasks))
    else:  # in-process (Pyodide has no subprocesses)
        rows = [play(t) for t in tasks]
    times = sorted(t for r in rows for t in r["times"])  # type: ignore[attr-defined]
    count = {k: sum(1 for r in rows if r["result"] == k) for k in ("win", "loss", "draw")}
    out: dict[str, object] = {
        "a": a, "b": b, "players": players, "games": games, **count, "win_rate": count["win"] / games,
        "move_seconds": {"median": statistics.median(times), "p95": times[int(0.95 * (len(times) - 1))],
                         "worst": times[-1], "moves": len(times)} if times else None,
        "wall_seconds": round(time.perf_counter() - t0, 1)}
    if any(r["rounds"] is not None for r in rows):
        out["lengths"] = [{"rounds": r["rounds"], "decisions": r["decisions"], "reason": r["reason"]} for r in rows]
    return out


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--game", default="time_war")
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--jobs", type=int, default=2, help="worker processes; 0 = in-process")
    p.add_argument("--versus", default="random,normal")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--selfplay", action="store_true", help="hard bots in every seat; record game lengths")
    p.add_argument("--options", default="{}")
    p.add_argument("--out", default="")
    a = p.parse_args()
    opponents = ["hard"] if a.selfplay else a.versus.split(",")
    results = [duel(a.game, "hard", b, a.games, a.jobs, json.loads(a.options), a.players) for b in opponents]
    doc = {"game": a.game, "python": sys.version.split()[0], "results": results}
    if a.out:
        Path(a.out).parent.mkdir(parents=True, exist_ok=True)
        Path(a.out).write_text(json.dumps(doc, indent=1))
    print("| hard vs | players | games | wins | losses | draws | win rate | median move s | worst move s |")
    print("|---|---|---|---|---|---|---|---|---|")
    for r in results:
        ms = r["move_seconds"] or {"median": float("nan"), "worst": float("nan")}
        print(f"| {r['b']} | {r['players']} | {r['games']} | {r['win']} | {r['loss']} | {r['draw']} | "
              f"{r['win_rate']:.1%} | {ms['median']:.3f} | {ms['worst']:.3f} |")  # type: ignore[index]
        if r.get("lengths"):
            rounds = sorted(x["rounds"] for x in r["lengths"])  # type: ignore[union-attr]
            q = [rounds[int(f * (len(rounds) - 1))] for f in (0.1, 0.5, 0.9)]
            print(f"rounds: 10th {q[0]}, median {q[1]}, 90th {q[2]}, mean {statistics.mean(rounds):.1f}")


if __name__ == "__main__":
    main()
