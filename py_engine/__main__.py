"""Command line: ``python -m py_engine list | simulate | replay``.

- ``list``: the games, their player counts, options and bot levels, as JSON lines.
- ``simulate GAME --players N --games K --seed S [--bot random|<level>] [--options JSON]
  [--no-check]``: K games between bots; checks invariants after every action; the
  last line printed is one JSON object ``{"game", "players", "games", "finished",
  "errors", "actions", "seconds", "actions_per_second", "wins_by_seat", "setups",
  "failed"}`` (``setups``: how many games were dealt each variant, e.g. each scenario;
  ``failed``: ``{"seed", "error"}`` of every game that raised any error, which counts against
  that game only, replayable with ``--seed``); exit status 1 if any game errs or runs past
  the game's declared action bound.
- ``replay SAVE.json``: load a save (validating it), print its log and outcome.

Any bad input (unknown game, option, bot level or player count, options that are not
a JSON object, a file that is missing, a directory, not UTF-8, too large or too deep,
not a save) is one line on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
import traceback
from typing import Any, NoReturn

from . import __version__
from .core import Match, OptionError, Rng, SaveError
from .core.bots import bot_seed, make_bot
from .core.rng import GENERATORS, XOSHIRO
from .core.safejson import MAX_BYTES as MAX_SAVE_BYTES
from .core.safejson import UnsafeJson, loads_limited
from .games import all as all_games
from .games import get, ids


class BadInput(Exception):
    """A bad argument or input file: reported as one line on stderr, exit status 2."""


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line on stderr (exit status 2)."""

    def error(self, message: str) -> NoReturn:
        raise BadInput(message)


def _short(text: str, limit: int = 80) -> str:
    """``text`` cut to ``limit`` characters for an error line (a 7 MB argument is
    not echoed back)."""
    return text if len(text) <= limit else text[:limit] + f"… ({len(text):,} characters)"


def _positive(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {_short(text)!r}") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {n}")
    return n


def _options(text: str) -> dict[str, Any]:
    """The ``--options`` JSON object.

    Raises:
        BadInput: not JSON, too deep or large, or not an object.
    """
    if not text:
        return {}
    try:
        options = loads_limited(text, max_bytes=64 * 1024)
    except UnsafeJson as e:
        raise BadInput(f"--options is not usable JSON: {e}") from None
    if not isinstance(options, dict):
        raise BadInput("--options must be a JSON object, e.g. '{\"scenario\": \"raid\"}'")
    return options


def _list(_: argparse.Namespace) -> int:
    for g in all_games():
        print(json.dumps(g.describe(), ensure_ascii=False))
    return 0


def simulate_one(game_id: str, players: int, seed: int, bot: str,
                 options: dict[str, Any], check: bool, generator: str = XOSHIRO) -> tuple[int, list[int], str]:
    """Play one game between bots of level ``bot``, dealt by ``generator``; return (actions,
    winners, setup label).

    Raises:
        RuntimeError: the game ran past ``max_actions``.
        AssertionError / EngineError: a broken invariant or an engine error.
    """
    game = get(game_id)
    opts = game.resolve_options(players, options)
    state = game.setup([f"Bot {i + 1}" for i in range(players)], opts, seed, generator)
    bots = make_bot(game, bot)
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
    options = _options(a.options)
    try:
        game = get(a.game)
    except KeyError:
        raise BadInput(f"unknown game {_short(a.game)!r}; games: {', '.join(ids())}") from None
    try:
        game.resolve_options(a.players, options)
        make_bot(game, a.bot)
    except OptionError as e:
        raise BadInput(_short(str(e), 300)) from None
    finished = errors = actions = 0
    wins = [0] * a.players
    setups: dict[str, int] = {}
    failed: list[dict[str, Any]] = []
    t0 = time.perf_counter()
    for i in range(a.games):
        try:
            n, winners, label = simulate_one(a.game, a.players, a.seed + i, a.bot, options, not a.no_check,
                                             a.generator)
        except Exception as e:  # any error counts against its game and seed; the batch goes on
            errors += 1
            failed.append({"seed": a.seed + i, "error": _short(f"{type(e).__name__}: {e}", 300)})
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
                      "bot": a.bot, "generator": a.generator, "options": options, "wins_by_seat": wins,
                      "setups": setups,
                      "failed": failed,
                      "engine": __version__, "python": sys.version.split()[0],
                      "platform": sys.platform}))
    return 1 if errors or finished != a.games else 0


def _replay(a: argparse.Namespace) -> int:
    path = a.save
    try:
        if os.path.isdir(path):
            raise BadInput(f"{_short(path)} is a directory, not a save file")
        with open(path, "rb") as f:
            data = f.read(MAX_SAVE_BYTES + 1)  # never more: /dev/zero or a huge file stops here
    except OSError as e:
        raise BadInput(f"cannot read {_short(path)}: {e.strerror or e}") from None
    try:
        match = Match.load(data)
    except SaveError as e:
        raise BadInput(f"cannot load {_short(path)}: {e}") from None
    for line in match.game.view(match.state, None)["log"]:
        print(line)
    out = match.game.outcome(match.state)
    print(json.dumps({"game": match.game.id, "actions": len(match.actions),
                      "over": out is not None, "outcome": out.to_json() if out else None,
                      "to_act": match.to_act()}))
    return 0


def main(argv: list[str] | None = None) -> int:
    """Entry point; returns the exit status."""
    p = _Parser(prog="python -m py_engine", description="Time & Barons engines")
    p.add_argument("--version", action="version", version=__version__)
    sub = p.add_subparsers(dest="cmd", required=True)
    sub.add_parser("list", help="list games, options and bot levels").set_defaults(fn=_list)
    s = sub.add_parser("simulate", help="play games between bots")
    s.add_argument("game")
    s.add_argument("--players", type=_positive, default=2)
    s.add_argument("--games", type=_positive, default=10)
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--bot", default="random", help="bot level for every seat (default random)")
    s.add_argument("--options", default="", help="setup options as JSON")
    s.add_argument("--no-check", action="store_true", help="skip check_invariants")
    s.add_argument("--generator", choices=GENERATORS, default=XOSHIRO,
                   help="the deal's random generator (default xoshiro128**; the app deals with blake2b-ctr)")
    s.set_defaults(fn=_simulate)
    r = sub.add_parser("replay", help="validate and replay a save file")
    r.add_argument("save")
    r.set_defaults(fn=_replay)
    try:
        a = p.parse_args(argv)
        code: int = a.fn(a)
    except BadInput as e:
        print(f"python -m py_engine: error: {e}", file=sys.stderr)
        return 2
    return code


if __name__ == "__main__":
    sys.exit(main())
