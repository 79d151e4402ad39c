"""Does every game end, whoever sits at the table? And how much memory does a long match keep?

    .venv/bin/python benchmarks/endings.py [--games 20] [--out benchmarks/results/endings.json]

**Endings.** For every title, every option set the conformance suite plays (the defaults and
``Game.conformance_options``) and every player count, ``--games`` games with seats drawn at
random between humans and random bots. It plays as the app does: a bot owing a decision moves
first (``Match.bot_to_act``, as the app's bot loop); otherwise one of the humans owing a decision
(several at once in simultaneous phases) picks a legal action at random, and now and then takes
it back (``Match.undo``) and plays it again or plays another ("undo/redo"). A game fails if it
raises, or runs past twice ``Game.max_actions``. Reported per title: games, the longest game
(actions kept, and decisions made including those undone) and the longest run of one seat's
decisions while another seat was also owed one (a waiting seat starved).

**Match memory.** The memory a ``Match`` holds (tracemalloc, after a collection; and the peak
while it was played) once it has played 1,000 actions of one game of each title (or its longest game, if random games end
sooner), with undo reaching back ``UNDO_LIMIT`` actions and, for comparison, without the limit;
and the same for the Time of Crisis worst case of issue 23 (1,000 free moves in and out of a
capital, no chance in between).

Figures: benchmarks/RESULTS.md, "Every game ends" and "Match memory". Exit status 1 if a game
failed to end.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import sys
import time
import tracemalloc
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from py_engine import games  # noqa: E402
from py_engine.core import Action, Match, OptionError, Seat  # noqa: E402
from py_engine.core import match as match_module  # noqa: E402


def option_sets(game_id: str) -> list[dict[str, Any]]:
    """The defaults and every option set the conformance suite plays."""
    return [{}, *[dict(o) for o in games.get(game_id).conformance_options]]


def play_mixed(game_id: str, players: int, options: dict[str, Any], seed: int,
               undo_rate: float = 0.1) -> dict[str, Any]:
    """One game with seats drawn at random between humans and random bots, played as the
    app plays it (bots first), the humans choosing at random with undo/redo mixed in.

    Returns ``{"over", "actions", "decisions", "undos", "longest_run", "kinds"}``:
    ``actions`` kept at the end, ``decisions`` made including the undone ones,
    ``longest_run`` the most decisions one seat made in a row while another was also to act.

    Raises:
        Any engine error (the caller counts it), or RuntimeError past twice the game's bound.
    """
    rng = random.Random(seed)
    g = games.get(game_id)
    kinds = [rng.choice(("human", "bot")) for _ in range(players)]
    seats = [Seat(f"P{i}", k, "random" if k == "bot" else None) for i, k in enumerate(kinds)]
    m = Match.new(game_id, seats, options, seed=seed)
    bound = 2 * g.max_actions(players, m.options)
    decisions = undos = run = longest = 0
    last_seat: int | None = None
    while not m.is_over():
        if decisions > bound:
            raise RuntimeError(f"{game_id} {players}p {options} seed {seed}: not over after {decisions} decisions")
        crowded = len(m.to_act()) > 1
        bot = m.bot_to_act()
        if bot is not None:
            seat, action = bot, m.bot_action(bot)
        else:
            seat = rng.choice(m.humans_to_act())
            legal = m.game.legal_actions(m.state, seat)
            action = rng.choice(legal)
            if m.can_undo(seat) and rng.random() < undo_rate:
                undone = m.actions[-1][1]
                m.undo(seat)
                undos += 1
                if rng.random() < 0.5 and undone in m.game.legal_actions(m.state, seat):
                    action = undone  # redo
                else:
                    action = rng.choice(m.game.legal_actions(m.state, seat))
        m.apply(seat, action)
        decisions += 1
        run = run + 1 if crowded and seat == last_seat else (1 if crowded else 0)
        last_seat = seat
        longest = max(longest, run)
    return {"over": True, "actions": len(m.actions), "decisions": decisions, "undos": undos,
            "longest_run": longest, "kinds": kinds}


def endings(n_games: int) -> dict[str, Any]:
    """:func:`play_mixed` over every title, option set and player count; per title."""
    out: dict[str, Any] = {}
    for game_id in games.ids():
        g = games.get(game_id)
        row: dict[str, Any] = {"games": 0, "ended": 0, "errors": [], "longest_game": 0,
                               "longest_game_decisions": 0, "longest_game_at": None,
                               "longest_waiting_run": 0, "undos": 0, "seconds": 0.0}
        t0 = time.perf_counter()
        for options in option_sets(game_id):
            for players in range(g.min_players, g.max_players + 1):
                try:
                    g.resolve_options(players, options)
                except OptionError:  # no such table (e.g. a free-for-all of two)
                    continue
                for k in range(n_games):
                    seed = 23_000 + 1000 * players + k
                    row["games"] += 1
                    try:
                        r = play_mixed(game_id, players, options, seed)
                    except Exception as e:  # counted with what replays it
                        row["errors"].append({"players": players, "options": options, "seed": seed,
                                              "error": f"{type(e).__name__}: {e}"[:300]})
                        continue
                    row["ended"] += 1
                    row["undos"] += r["undos"]
                    row["longest_waiting_run"] = max(row["longest_waiting_run"], r["longest_run"])
                    if r["actions"] > row["longest_game"]:
                        row.update(longest_game=r["actions"], longest_game_decisions=r["decisions"],
                                   longest_game_at={"players": players, "options": options, "seed": seed,
                                                    "kinds": r["kinds"]})
        row["seconds"] = round(time.perf_counter() - t0, 1)
        out[game_id] = row
        print(game_id, json.dumps({k: v for k, v in row.items() if k != "errors"}), len(row["errors"]), "errors",
              flush=True)
    return out


def _held(build: Any) -> tuple[int, int, Any]:
    """Bytes still allocated after ``build()`` returns its object, and the peak while it
    ran (tracemalloc), and the object."""
    gc.collect()
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    obj = build()
    gc.collect()
    now, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return now - base, peak - base, obj


def long_game(game_id: str, target: int = 1000) -> tuple[Match, int]:
    """A random game of ``game_id`` (all seats humans choosing at random) cut at ``target``
    actions, or the longest of 30 random games if none reaches it."""
    best: Match | None = None
    g = games.get(game_id)
    for k in range(30):
        rng = random.Random(k)
        players = g.max_players
        m = Match.new(game_id, [Seat(f"P{i}") for i in range(players)], {}, seed=k)
        while not m.is_over() and len(m.actions) < target:
            seat = m.to_act()[0]
            m.apply(seat, rng.choice(m.game.legal_actions(m.state, seat)))
        if best is None or len(m.actions) > len(best.actions):
            best = m
        if len(m.actions) >= target:
            break
    assert best is not None
    return best, len(best.actions)


def _replayed(m: Match) -> Match:
    again = Match.new(m.game.id, m.seats, m.options, seed=m.seed)
    for seat, a in m.actions:
        again.apply(seat, a)
    return again


def _toggles() -> Match:
    """Time of Crisis: 1,000 free moves into and out of a capital in a row (ToC §6.3.1),
    from the recorded position of tests/time_of_crisis/saves/speed_up_bot_waits.json."""
    save = json.loads((ROOT / "tests" / "time_of_crisis" / "saves" / "speed_up_bot_waits.json").read_text())
    save["seats"][0] = {"name": "Ann", "kind": "human", "level": None}
    m = Match.load(save)
    while m.state["trail"] is not None:
        m.apply(2, m.game.legal_actions(m.state, 2)[0])
    for i in range(1000):
        m.apply(0, Action("leave_capital" if i % 2 == 0 else "enter_capital", (3,)))
    return m


def memory() -> dict[str, Any]:
    """Match memory per title (and the ToC worst case), with and without the undo limit."""
    out: dict[str, Any] = {}
    cases: list[tuple[str, Any]] = []
    for game_id in games.ids():
        m, n = long_game(game_id)
        cases.append((f"{game_id} ({n} actions)", lambda m=m: _replayed(m)))
    cases.append(("time_of_crisis worst case (1,000 free capital moves)", _toggles))
    limit = match_module.UNDO_LIMIT
    for name, build in cases:
        row = {}
        for label, value in (("limited", limit), ("unlimited", 10**9)):
            match_module.UNDO_LIMIT = value
            try:
                held, peak, m = _held(build)
            finally:
                match_module.UNDO_LIMIT = limit
            row[label] = {"bytes": held, "peak_bytes": peak, "states_kept": len(m._states), "actions": len(m.actions)}
        out[name] = row
        print(name, json.dumps(row), flush=True)
    return {"undo_limit": limit, "cases": out}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=20, help="games per title, option set and player count")
    ap.add_argument("--out", default=str(ROOT / "benchmarks" / "results" / "endings.json"))
    ap.add_argument("--skip-memory", action="store_true")
    a = ap.parse_args()
    result: dict[str, Any] = {"games_per_setting": a.games, "endings": endings(a.games)}
    if not a.skip_memory:
        result["memory"] = memory()
    Path(a.out).write_text(json.dumps(result, indent=1) + "\n")
    failed = sum(len(r["errors"]) for r in result["endings"].values())
    print(f"written {a.out}; {failed} games failed to end")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
