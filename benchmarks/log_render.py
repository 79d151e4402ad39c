"""How long a long game's table takes to draw with its game log (issue 24 §4), in CPython.

    .venv/bin/python benchmarks/log_render.py [--repeat 15]
    TB_ROOT=/path/to/another/checkout .venv/bin/python benchmarks/log_render.py   # the same, there

Plays Barons between random players to the end (4 players, seed 2: 676 actions; 6 players,
seed 2: 936 actions) and reports, in CPU milliseconds (the best of ``--repeat`` runs: the machine is shared, the
best is the least disturbed): ``view``,
one seat's ``Game.view`` at the end; ``table``, the whole table drawn by the app
(``App.render``) with the log folded, opened (its latest lines), and opened on the whole game
(where the checkout has that button); and ``views_per_game``, every seat's view after every
action of the game (what a bot loop or the conformance suite pays), in seconds.

Figures: benchmarks/RESULTS.md, "The whole game log".
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(os.environ.get("TB_ROOT") or Path(__file__).resolve().parents[1])
sys.path[:0] = [str(ROOT), str(ROOT / "pwa")]

from tb_ui.app import App  # noqa: E402
from tb_ui.store import MemoryStorage  # noqa: E402

from py_engine.core import Match, Seat  # noqa: E402


def long_game(players: int, seed: int) -> Match:
    """Barons between random players (seat 0 a human, the rest bots), played to the end."""
    seats = [Seat("Player 1", "human")] + [Seat(f"Bot {i + 1}", "bot", "easy") for i in range(1, players)]
    m = Match.new("barons", seats, {}, seed, {"holder": None})
    rng = random.Random(seed)
    while not m.is_over():
        seat = m.to_act()[0]
        m.apply(seat, rng.choice(m.game.legal_actions(m.state, seat)))
    return m


def best_ms(fn: Any, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.process_time()
        fn()
        times.append(time.process_time() - t)
    return round(1000 * min(times), 2)


def measure(players: int, seed: int, repeat: int) -> dict[str, Any]:
    m = long_game(players, seed)
    lines = m.game.view(m.state, 0)["log"]
    clock = iter(range(1_700_000_000_000, 1_800_000_000_000, 1000))
    app = App(MemoryStorage(), now_ms=lambda: float(next(clock)), botspeed_override="instant")
    app.start_match(m)
    out: dict[str, Any] = {"players": players, "seed": seed, "actions": len(m.actions),
                           "log_lines": len(m.state["log"]), "view_log_lines": len(lines),
                           "view_ms": best_ms(lambda: m.game.view(m.state, 0), repeat)}
    app.log_open = False
    out["table_folded_ms"] = best_ms(app.render, repeat)
    app.log_open = True
    out["table_open_ms"] = best_ms(app.render, repeat)
    out["open_items"] = str(app.render()).count("<li>") - str(app.render()).split('id="log-list"')[0].count("<li>")
    if hasattr(app, "log_all"):
        app.log_all = True
        out["table_whole_log_ms"] = best_ms(app.render, repeat)
        app.log_all = False
    # every seat's view after every action, as a bot loop or the conformance suite computes them
    replay = Match.new("barons", m.seats, {}, seed, {"holder": None})
    spent = 0.0
    for seat, action in m.actions:
        replay.apply(seat, action)
        t = time.process_time()
        for s in range(players):
            replay.game.view(replay.state, s)
        spent += time.process_time() - t
    out["views_per_game_s"] = round(spent, 2)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--repeat", type=int, default=15)
    args = ap.parse_args()
    for players, seed in ((4, 2), (6, 2)):
        print(json.dumps({"root": str(ROOT), **measure(players, seed, args.repeat)}))


if __name__ == "__main__":
    main()
