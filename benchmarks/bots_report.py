"""Markdown tables for RESULTS.md from the per-game records of ``bots.py --progress``.

    python benchmarks/bots_report.py benchmarks/results/progress/*.jsonl

One row per setup (game, levels, players, options) found in the files, its games
counted once each (by game number ``i``): wins, losses and draws of the ``hard``
side, the win rate, the hard bot's move time (median, 95th percentile, worst; the
records' clock, CPU seconds with ``bots.py --cpu``), then a second table of game
length: rounds (median, 10th–90th percentile, range), the winner's score and how
the games ended. A file named in ``--wall`` timed wall clock, so its move times
are left out. Runs with the same level everywhere (``bots.py --versus hard``) only
appear in the game-length table.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
from collections import Counter
from pathlib import Path

#: Seat names as bots.py gives them ("hard 0", "random 2"), replaced to group endings.
SEAT = re.compile(r"\b(hard|normal|easy|random) \d\b")


def ending(reason: str) -> str:
    """How a game ended, without seat names or numbers: its reason's first clause."""
    text = SEAT.sub("a player", reason)
    text = re.split(r"[.:;(]", text, maxsplit=1)[0].strip()
    return re.sub(r"\d+", "N", text)


def rounds_played(row: dict[str, object]) -> int | None:
    """The rounds of a game; a game stopped by a round limit of R counts R (the
    round counter then shows R + 1, see bots.py)."""
    r = row.get("rounds")
    if not isinstance(r, int):
        return None
    limit = re.search(r"round limit \((\d+) rounds\)", str(row.get("reason", "")))
    return min(r, int(limit.group(1))) if limit else r


def pct(xs: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of sorted ``xs``, nearest rank."""
    return xs[min(len(xs) - 1, max(0, round(q * (len(xs) - 1))))]


def load(paths: list[str]) -> dict[tuple[str, ...], dict[int, dict[str, object]]]:
    """Records grouped by setup, each game once."""
    out: dict[tuple[str, ...], dict[int, dict[str, object]]] = {}
    for p in paths:
        for line in Path(p).read_text().splitlines():
            row = json.loads(line)
            key = (str(row["game"]), str(row["a"]), str(row["b"]), str(row["players"]),
                   json.dumps(row.get("options") or {}, sort_keys=True), Path(p).name)
            out.setdefault(key, {}).setdefault(int(row["i"]), row)
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="+")
    ap.add_argument("--wall", default="", help="comma-separated file names whose times are wall clock")
    a = ap.parse_args()
    wall = set(filter(None, a.wall.split(",")))
    groups = load(a.files)
    print("| record | game | hard vs | players | options | games | wins | losses | draws | win rate "
          "| median move s | p95 move s | worst move s |")
    print("|---|---|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for (game, a_, b, n, opts, fname), rows in sorted(groups.items()):
        if b == a_:  # hard everywhere: a game-length run, its "wins" mean nothing
            continue
        rs = list(rows.values())
        res = Counter(str(r["result"]) for r in rs)
        times = sorted(float(t) for r in rs for t in r["times"])  # type: ignore[attr-defined]
        tcols = ("— | — | —" if fname in wall or not times else
                 f"{statistics.median(times):.3f} | {pct(times, 0.95):.3f} | {times[-1]:.3f}")
        print(f"| `{fname}` | {game} | {b} | {n} | {'' if opts == '{}' else '`' + opts + '`'} | {len(rs)} | {res['win']} | "
              f"{res['loss']} | {res['draw']} | {res['win'] / len(rs):.1%} | {tcols} |")
    print()
    print("| record | game | hard vs | players | options | games | rounds: median (10th–90th pct; range) "
          "| winner's score: median (range) | how games ended |")
    print("|---|---|---|---|---|---:|---|---|---|")
    for (game, _a, b, n, opts, fname), rows in sorted(groups.items()):
        rs = list(rows.values())
        rounds = sorted(x for x in (rounds_played(r) for r in rs) if x is not None)
        rtext = (f"{statistics.median(rounds):g} ({pct(rounds, 0.1)}–{pct(rounds, 0.9)}; {rounds[0]}–{rounds[-1]})"
                 if rounds else "—")
        wins = sorted(max(r["scores"]) for r in rs if r.get("scores"))  # type: ignore[type-var]
        stext = f"{statistics.median(wins):g} ({wins[0]:g}–{wins[-1]:g})" if wins else "—"
        told = [ending(str(r["reason"])) for r in rs if r.get("reason")]
        ends = Counter(told)
        etext = "; ".join(f"{k} {v / len(told):.0%}" for k, v in ends.most_common())
        if told and len(told) < len(rs):
            etext += f" (of the {len(told)} games that recorded it)"
        print(f"| `{fname}` | {game} | {b} | {n} | {'' if opts == '{}' else '`' + opts + '`'} | {len(rs)} | {rtext} | {stext} "
              f"| {etext} |")


if __name__ == "__main__":
    main()
