"""Barons bot benchmarks: strength with any number of seats, and game lengths of
hard-bot games for comparison with the spec's table (Barons spec 1.0, section 21).

    python benchmarks/barons_bench.py play --players 4 --games 200 --progress results.jsonl
    python benchmarks/barons_bench.py play --players 3 --selfplay --games 20 --progress lengths3.jsonl
    python benchmarks/barons_bench.py summary results.jsonl [more.jsonl ...]

``play``: game i (seed 10_000 + i) seats one ``hard`` bot in seat i mod N and
``--versus`` bots (default random) in the others, or ``hard`` everywhere with
``--selfplay``; characters are dealt at random (as in the spec's model). Each
finished game is appended to ``--progress`` as one JSON line (so a long run can be
stopped and its games kept): winners, the hard seat, result for it (``win`` = a
sole win), rounds, decisions, how it ended, and the time of each hard decision
that needed a search. ``summary`` prints Markdown tables: wins, move times, and
the length distribution (10th/50th/90th percentile rounds, mean, endings).

2-player strength and the CPython/Pyodide move times use ``benchmarks/bots.py``
like the other games.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from py_engine.core import Match, Seat  # noqa: E402

ENDINGS = (("keep in", "keeps"), ("last baron standing", "last survivor"), ("round limit", "round limit"),
           ("Every open land has been claimed", "all land claimed"), ("holds every open land", "the Baron"),
           ("First blood", "first blood"), ("Every character has fallen", "all fallen"))


def ending(reason: str) -> str:
    """A short name of how a game ended (B §19)."""
    return next((short for key, short in ENDINGS if key in reason), "other")


def play_one(i: int, players: int, versus: str, selfplay: bool, options: dict[str, object]) -> dict[str, object]:
    """Game ``i``; the result from the hard seat's side."""
    hard = i % players
    levels = ["hard" if selfplay or k == hard else versus for k in range(players)]
    m = Match.new("barons", [Seat(f"{lv} {k + 1}", "bot", lv) for k, lv in enumerate(levels)],
                  {"characters": "random", **options}, 10_000 + i)
    times: list[float] = []
    while not m.is_over():
        seat = m.bot_to_act()
        assert seat is not None
        searched = levels[seat] == "hard" and len(m.game.legal_actions(m.state, seat)) > 1
        t = time.perf_counter()
        m.play_bot()
        if searched and (selfplay or seat == hard):
            times.append(round(time.perf_counter() - t, 4))
    out = m.game.outcome(m.state)
    assert out is not None
    result = "win" if out.winners == (hard,) else "draw" if hard in out.winners else "loss"
    return {"i": i, "players": players, "selfplay": selfplay, "versus": versus, "hard_seat": hard,
            "winners": list(out.winners), "result": result, "rounds": m.state["round"],
            "decisions": len(m.actions), "ending": ending(out.reason), "times": times}


def cmd_play(a: argparse.Namespace) -> None:
    done = set()
    path = Path(a.progress)
    if path.exists():
        done = {json.loads(x)["i"] for x in path.read_text().splitlines() if x.strip()}
    for i in range(a.first, a.first + a.games):
        if i in done:
            continue
        row = play_one(i, a.players, a.versus, a.selfplay, json.loads(a.options))
        with path.open("a") as f:
            f.write(json.dumps(row) + "\n")


def cmd_summary(a: argparse.Namespace) -> None:
    rows = [json.loads(x) for p in a.files for x in Path(p).read_text().splitlines() if x.strip()]
    groups: dict[tuple[int, bool, str], list[dict[str, object]]] = {}
    for r in rows:
        groups.setdefault((int(r["players"]), bool(r["selfplay"]), str(r["versus"])), []).append(r)  # type: ignore[call-overload]
    print("| players | seats | games | hard wins | win rate | median move s | p95 | worst | rounds 10/50/90% | mean | endings |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for (n, selfplay, versus), rs in sorted(groups.items()):
        times = sorted(t for r in rs for t in r["times"])  # type: ignore[attr-defined]
        rounds = sorted(int(r["rounds"]) for r in rs)  # type: ignore[call-overload]
        q = [rounds[int(f * (len(rounds) - 1))] for f in (0.1, 0.5, 0.9)]
        ends: dict[str, int] = {}
        for r in rs:
            ends[str(r["ending"])] = ends.get(str(r["ending"]), 0) + 1
        wins = sum(1 for r in rs if r["result"] == "win")
        seats = "all hard" if selfplay else f"hard + {n - 1} {versus}"
        rate = "—" if selfplay else f"{wins / len(rs):.1%}"
        ends_s = ", ".join(f"{k} {100 * v / len(rs):.0f}%" for k, v in sorted(ends.items(), key=lambda kv: -kv[1]))
        print(f"| {n} | {seats} | {len(rs)} | {'—' if selfplay else wins} | {rate} | "
              f"{statistics.median(times):.3f} | {times[int(0.95 * (len(times) - 1))]:.3f} | {times[-1]:.3f} | "
              f"{q[0]}/{q[1]}/{q[2]} | {statistics.mean(rounds):.1f} | {ends_s} |")


def main() -> None:
    p = argparse.ArgumentParser()
    sub = p.add_subparsers(dest="cmd", required=True)
    pl = sub.add_parser("play")
    pl.add_argument("--players", type=int, default=2)
    pl.add_argument("--games", type=int, default=200)
    pl.add_argument("--first", type=int, default=0, help="first game number (seed 10_000 + number)")
    pl.add_argument("--versus", default="random")
    pl.add_argument("--selfplay", action="store_true")
    pl.add_argument("--options", default="{}")
    pl.add_argument("--progress", required=True, help="JSON-lines file the games are appended to")
    pl.set_defaults(fn=cmd_play)
    su = sub.add_parser("summary")
    su.add_argument("files", nargs="+")
    su.set_defaults(fn=cmd_summary)
    a = p.parse_args()
    a.fn(a)


if __name__ == "__main__":
    main()
