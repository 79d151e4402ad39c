"""Simulator throughput: ``simulate`` in CPython and in Pyodide under Node.

Run from the repository root after a build (``make bench``)::

    python benchmarks/simulate.py [--games 200]

Prints a Markdown table (actions per second) for the results file.
"""

from __future__ import annotations

import argparse
import glob
import json
import subprocess
import sys

CASES = [("timeline", 2, "random"), ("timeline", 8, "random"), ("timeline", 4, "hard"),
         ("time_war", 2, "random")]


def run(cmd: list[str]) -> dict[str, object]:
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    result: dict[str, object] = json.loads(out.strip().splitlines()[-1])
    return result


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--games", type=int, default=200)
    a = p.parse_args()
    wheels = sorted(glob.glob("dist/wheels/*.whl"))
    rows = []
    for game, players, bot in CASES:
        args = [game, "--players", str(players), "--games", str(a.games), "--seed", "1", "--bot", bot]
        cp = run([sys.executable, "-m", "py_engine", "simulate", *args])
        py = run(["node", "benchmarks/pyodide_run.mjs", wheels[-1], "py_engine", "simulate", *args]) if wheels else None
        same = py is not None and py["actions"] == cp["actions"] and py["wins_by_seat"] == cp["wins_by_seat"]
        rows.append((game, players, bot, cp, py, same))
    print("| game | players | bot | games | actions | CPython actions/s | Pyodide (Node) actions/s | same games |")
    print("|---|---|---|---|---|---|---|---|")
    for game, players, bot, cp, py, same in rows:
        print(f"| {game} | {players} | {bot} | {cp['games']} | {cp['actions']} | {cp['actions_per_second']} "
              f"| {py['actions_per_second'] if py else 'n/a'} | {'yes' if same else 'NO'} |")


if __name__ == "__main__":
    main()
