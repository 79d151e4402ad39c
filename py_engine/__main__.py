"""Command line: ``python -m py_engine list | simulate | replay``.

- ``list``: the games, their player counts, options and bot levels, as JSON lines.
- ``simulate GAME --players N --games K --seed S [--bot random|<level>] [--options JSON]
  [--no-check]``: K games between bots; checks invariants after every action; the
  last line printed is one JSON object ``{"game", "players", "games", "finished",
  "errors", "actions", "seconds", "actions_per_second", "wins_by_seat", "setups"}``
  (``setups``: how many games were dealt each variant, e.g. each scenario); exit status 1
  if any game errs or runs past the game's declared action bound.
- ``replay SAVE.json``: load a save (validating it), print its log and outcome.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import traceback
from typing import Any

from . import __version__
from .core import EngineError, Match, Rng, SaveError
from .core.bots import bot_seed
from .games import all as all_games
from .games import get


def _list(_: argparse.Namespace) -> int:
    for g in all_games():
        print(json.dumps(g.describe(), ensure_ascii=False))
    return 0


def simulate_one(game_id: str, players: int, seed: int, bot: str,
                 options: dict[str, Any], check: bool) -> tuple[int, list[int], str]:
    """Play one game between bots of level ``bot``; return (actions, winners, setup label).

    Raises:
        RuntimeError: the game ran past ``max_actions``.
        AssertionError / EngineError: a broken invariant or an engine error.
    """
    game = get(game_id)
    opts = game.resolve_options(players, options)
    state = game.setup([f"Bot {i + 1}" for i in range(players)], opts, seed)
    bots = game.make_bot(bot)
    bound = game.max_actions(players, opts)
    n = 0
    if check:
        game.check_invariants(state)
    while (out := game.outcome(state)) is None:
        seat = game.to_act(state)[0]
        action = bots.choose(game, state, seat, Rng.from_seed(bot_seed(seed, n, seat)))
        state = game.apply(state, seat, action)
        n += 1
        if check:
            game.check_invariants(state)
        if n > bound:
            raise RuntimeError(f"game did not finish within {bound} actions")
    return n, list(out.winners), game.setup_label(state)


def _simulate(a: argparse.Namespace) -> int:
    options = json.loads(a.options) if a.options else {}
    finished = errors = actions = 0
    wins = [0] * a.players
    setups: dict[str, int] = {}
    t0 = time.perf_counter()
    for i in range(a.games):
        try:
            n, winners, label = simulate_one(a.game, a.players, a.seed + i, a.bot, options, not a.no_check)
        except (AssertionError, EngineError, RuntimeError, ValueError, KeyError):
            errors += 1
            print(f"game {i} (seed {a.seed + i}) failed:", file=sys.stderr)
            traceback.print_exc()
            continue
        finished += 1
        actions += n
        for w in winners:
            wins[w] += 1
        if label:
            setups[label] = setups.get(label, 0) + 1
    secs = time.perf_counter() - t0
    print(json.dumps({"game": a.game, "players": a.players, "games": a.games, "finished": finished,
                      "errors": errors, "actions": actions, "seconds": round(secs, 3),
                      "actions_per_second": round(actions / secs) if secs else None,
                      "bot": a.bot, "options": options, "wins_by_seat": wins, "setups": setups,
                      "engine": __version__, "python": sys.version.split()[0],
                      "platform": sys.platform}))
    return 1 if errors or finished != a.games else 0


def _replay(a: argparse.Namespace) -> int:
    try:
        with open(a.save, encoding="utf-8") as f:
            match = Match.load(f.read())
    except SaveError as e:
        print(f"cannot load {a.save}: {e}", file=sys.stderr)
        return 2
    for line in match.game.view(match.state, None)["log"]:
        print(line)
    out = match.game.outcome(match.state)
    print(json.dumps({"game": match.game.id, "actions": len(match.actions),
                      "over": out is not None, "outcome": out.to_json() if out else None,
                      "to_act": match.to_act()}))
    return 0


def main(argv: list[str] | None = None) -> int:
    """Entry point; returns the exit status."""
    p = argparse.ArgumentParser(prog="python -m py_engine", description="Time & Barons engines")
    p.add_argument("--version", action="version", version=__version__)
    sub = p.add_subparsers(dest="cmd", required=True)
    sub.add_parser("list", help="list games, options and bot levels").set_defaults(fn=_list)
    s = sub.add_parser("simulate", help="play games between bots")
    s.add_argument("game")
    s.add_argument("--players", type=int, default=2)
    s.add_argument("--games", type=int, default=10)
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--bot", default="random", help="bot level for every seat (default random)")
    s.add_argument("--options", default="", help="setup options as JSON")
    s.add_argument("--no-check", action="store_true", help="skip check_invariants")
    s.set_defaults(fn=_simulate)
    r = sub.add_parser("replay", help="validate and replay a save file")
    r.add_argument("save")
    r.set_defaults(fn=_replay)
    a = p.parse_args(argv)
    code: int = a.fn(a)
    return code


if __name__ == "__main__":
    sys.exit(main())
