#!/usr/bin/env python3
"""Make the compatibility corpus of one engine version (issue 50): saves of random games as that
version wrote them, to load and play on in today's engine (``tests/test_compat.py``).

    python tests/compat/make_corpus.py --release 0.3.0        # an earlier release, from git
    python tests/compat/make_corpus.py                        # this working tree's engine

With ``--release`` the ``py_engine`` of each of its commits (:data:`RELEASES`) is unpacked from the
project's own history (``git archive``) into a temporary folder, and this script runs again with
that engine first on its path, so the saves are exactly the ones that release wrote. The engine's
version names the file: ``tests/compat/saves-<version>.jsonl.gz``, one JSON line per save
``{"engine", "commit", "case", "finished", "save"}`` (``"searched"``: a game of :data:`SEARCH`,
kept because today's engine rewrites or resumes it; ``"position"``: see :data:`POSITION`). A version bump adds its own file: run the
plain command once the version is set, and commit the file.

What the corpus holds, per version: every title, every player count (fewest to most), the
variants in :data:`VARIANTS` that the version knows (the others are left out, as that version
could not have saved them), each played by random choices from fixed seeds: two saves cut at a
random point of the game and, for every title, games played to their end. The last commit of each
earlier version: see :data:`RELEASES` (the commit before the next version's bump).
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]

#: Each earlier engine version and the commits of the project's history that shipped it: the one
#: that set the version, every head that landed on main while it was the version (rules were fixed
#: in between without a new version, so a save of one version may come from any of them; a landing
#: is a commit followed by a pause of over half an hour), and the last one before the next version.
RELEASES = {
    "0.3.0": ("5197fec", "6018d53", "dafbd16", "4aae6ec", "461dd3b", "a7b6a08", "1f5ce62", "24d5d01", "af9b81e",
              "7f20aa8", "89c0ecb", "06b6d7b", "1067806", "bc3e852", "71831b9", "2cf4264", "97f63de^"),
    "0.4.0": ("97f63de", "cd374af", "2cfc2b5^"),
    "0.5.0": ("2cfc2b5", "ce1aaf2", "440af75^"),
    "0.5.1": ("440af75", "dd05218", "628c313^"),
    "0.5.2": ("628c313", "b41bc68", "a052c12", "5e7c73b", "0d40b2d^"),
    "0.6.0": ("0d40b2d", "0caf120", "b5ce146", "3fb23a1", "1c0e07e", "9089347^"),
    "0.6.1": ("9089347", "9fbc51e", "f54f7f2", "df69ebe", "7935942", "cdbacdb", "0b0ad91"),
    "0.7.0": ("15f800b", "774daf8", "2eedade"),
    "0.7.1": ("2ef9c87", "c3f5b90", "4f9d7ff", "692ddc4", "b58230c", "d10f492", "c95994b", "882d1d7"),
}

#: The variants played besides each title's defaults, for every player count the version allows.
VARIANTS: dict[str, list[dict[str, Any]]] = {
    "timeline": [{"cards_per_player": 2, "decks": ["inventions", "arts"]}],
    "time_war": [{"scenario": s} for s in ("attrition", "centre", "objectives", "raid", "garrison")]
                + [{"match_of_two": True}],
    "time_barons": [{"mode": "free_for_all"}, {"card_set": "expansion"}, {"card_set": "level_by_level"},
                    {"card_set": "random"}, {"end_of_days": True}, {"component_limits": True}],
    "time_of_crisis": [{"speed_up": True}, {"short_game": True}, {"speed_up": True, "short_game": True}],
    "barons": [{"characters": "random"}, {"quick_barony": True, "characters": "random"},
               {"castles_v6": True, "characters": "random", "round_limit": 12},
               {"classic_deeds": True, "mercy": True, "first_blood": True, "characters": "random"}],
}
#: Per title, the most actions a finished random game may take before it is given up (another
#: seed is tried): the corpus replays each save in the test suite, so long games are left out.
FINISH_WITHIN = {"timeline": 400, "time_war": 600, "time_barons": 900, "time_of_crisis": 900, "barons": 900}
#: Moves a player of these titles makes more often than a random one, and how often (a share of
#: their decisions where one is legal): the bots of the early releases played the free capital
#: moves of Time of Crisis over and over while the previous player finished (the §6.8 speed-up),
#: which random play rarely does. One more save of each such case is played this way.
FOND = {"time_of_crisis": (("enter_capital", "leave_capital"), 0.7)}
#: Per title, the parts of a final state kept with the saves whose old moves a rule change since
#: rewrites (Time of Crisis with the speed-up, Barons, the Time Barons free-for-all): today's replay
#: must reach the same position in everything the new rule allows (``tests/test_compat.py``).
POSITION = {"time_of_crisis": ("armies", "prov", "players", "supply", "trash"),
            "barons": ("players", "bld", "supply", "round"),
            "time_barons": ("sites", "players", "stacks", "discard", "out")}
#: Finished games per title and version (over its cases, in turn), and :data:`FFA_FINISHED` of
#: every Time Barons free-for-all case besides (its eliminations come late in a game).
FFA_FINISHED = 4
#: Games searched for the rarer rule changes, per case of these titles and variants: played to
#: their end like the others, then kept only if today's engine rewrites one of their moves or
#: resumes them before their end (the parent process checks, :func:`_keep_searched`). An
#: eliminated free-for-all player's attachment that orders a later start of turn is rare in
#: random play.
SEARCH = {("time_barons", "free_for_all"): (120, (0, 4, 0))}  # games, and the version that fixed the rule
FINISHED = {"timeline": 6, "time_war": 6, "time_barons": 8, "time_of_crisis": 4, "barons": 3}
#: Per title, the furthest point a mid-game save is cut at (uniformly before it, a game's opening
#: and its middle alike).
CUT_WITHIN = {"timeline": 60, "time_war": 120, "time_barons": 400, "time_of_crisis": 600, "barons": 600}


def _search(commit: str) -> list[dict[str, Any]]:
    """The games of :data:`SEARCH` with the engine on the path (not kept yet: see
    :func:`_keep_searched`)."""
    from py_engine import __version__
    from py_engine.core import Match, OptionError, RandomBot, Rng, Seat
    from py_engine.games import get

    found = []
    version = tuple(int(x) for x in __version__.split(".")[:3])
    for (game_id, mode), (games, fixed_in) in SEARCH.items():
        if version >= fixed_in:
            continue  # the rule holds already in this release: nothing to rewrite
        game = get(game_id)
        for n in range(game.min_players, game.max_players + 1):
            opts = {"mode": mode}
            try:
                game.resolve_options(n, opts)
            except OptionError:
                continue
            case = f"{game_id}-{n}p-mode={mode}"
            for k in range(games):
                seed = 50_000 + k
                rng = Rng.from_seed(seed)
                m = Match.new(game_id, [Seat(f"P{i}") for i in range(n)], opts, seed, {"holder": 0})
                while not m.is_over() and len(m.actions) < FINISH_WITHIN.get(game_id, 900):
                    acting = m.to_act()
                    seat = acting[rng.below(len(acting))] if len(acting) > 1 else acting[0]
                    m.apply(seat, RandomBot().choose(game, m.state, seat, rng))
                if m.is_over():
                    found.append({"engine": __version__, "commit": commit, "case": case, "finished": True,
                                  "save": m.save(), "searched": True,
                                  "position": {key: m.state[key] for key in POSITION[game_id] if key in m.state}})
    return found


def _keep_searched(path: Path, out: Path) -> int:
    """Add to ``out`` the searched games of ``path`` that today's engine (this process's) rewrites
    or resumes before their end, but for those the file holds; returns how many."""
    sys.path.insert(0, str(ROOT))
    from py_engine.core import Match

    with open(path, encoding="utf-8") as f:
        found = [json.loads(x) for x in f]
    keep = []
    for line in found:
        m = Match.load(line["save"])
        if m.upgraded or m.stopped is not None:
            keep.append(line)
    return _add(out, keep)


def _add(out: Path, lines: list[dict[str, Any]], replacing: str | None = None) -> int:
    """Add ``lines`` to the corpus file ``out`` (its lines of commit ``replacing`` dropped first),
    but for the games the file holds already (a game that an earlier commit of the version saved
    alike is kept once); returns how many were added."""
    kept = []
    if out.exists():
        with gzip.open(out, "rt", encoding="utf-8") as f:
            kept = [x for x in map(json.loads, f) if x.get("commit") != replacing or replacing is None]
    seen = {json.dumps(x["save"], sort_keys=True) for x in kept}
    lines = [x for x in lines if json.dumps(x["save"], sort_keys=True) not in seen]
    out.parent.mkdir(parents=True, exist_ok=True)
    with open(out, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as gz:
        for line in [*kept, *lines]:
            gz.write((json.dumps(line, separators=(",", ":"), sort_keys=True) + "\n").encode())
    return len(lines)


def _generate(out: Path, commit: str) -> int:
    """Play the corpus with the ``py_engine`` on the path and add it to ``out`` (``commit``: the
    commit it came from, or ``"working tree"``), but for the games an earlier commit of the file
    saved alike; returns the number of saves added."""
    from py_engine import __version__
    from py_engine.core import Match, OptionError, RandomBot, Rng, Seat
    from py_engine.games import all as all_games

    try:  # since engine 0.7.0 the app deals with the cryptographic generator, from 256-bit seeds
        from py_engine.core.rng import KEYED as generator
    except ImportError:
        generator = None

    lines: list[dict[str, Any]] = []
    for game in all_games():
        cases = []
        for n in range(game.min_players, game.max_players + 1):
            for opts in ({}, *VARIANTS.get(game.id, [])):
                try:
                    game.resolve_options(n, opts)
                except OptionError:
                    continue  # a variant this version does not know, or not for n players
                cases.append((n, opts))
        finished_left = FINISHED.get(game.id, 3)
        for i, (n, opts) in enumerate(cases):
            case = f"{game.id}-{n}p-" + ("-".join(f"{k}={v}" for k, v in sorted(opts.items())) or "default")
            seats = [Seat("Ann" if k == 0 else f"Bot {k}", "human" if k == 0 else "bot",
                          None if k == 0 else "easy") for k in range(n)]
            wants = [False, False] + ([True] if finished_left > 0 and i % max(1, len(cases) // finished_left) == 0
                                      else []) + ([True] * FFA_FINISHED if opts.get("mode") == "free_for_all" else [])
            fond = FOND.get(game.id) if opts.get("speed_up") else None
            wants += [False] if fond else []
            for j, finish in enumerate(wants):
                prefer = fond if fond is not None and j == len(wants) - 1 else None
                for attempt in range(6):
                    seed = 1000 * i + 10 * j + attempt + 1
                    rng = Rng.from_seed(seed)
                    if generator is None:
                        m = Match.new(game.id, seats, opts, seed, {"holder": 0})
                    else:
                        big = int.from_bytes(hashlib.sha256(f"{case}/{j}/{attempt}".encode()).digest(), "big")
                        m = Match.new(game.id, seats, opts, big, {"holder": 0}, generator)
                    stop = None if finish else 1 + rng.below(CUT_WITHIN.get(game.id, 200))
                    limit = FINISH_WITHIN.get(game.id, 900)
                    while not m.is_over() and len(m.actions) < (stop if stop is not None else limit):
                        acting = m.to_act()  # several at once (the speed-up): any of them may go first
                        seat = acting[rng.below(len(acting))] if len(acting) > 1 else acting[0]
                        liked = [a for a in game.legal_actions(m.state, seat) if prefer and a.name in prefer[0]]
                        if liked and rng.random() < prefer[1]:
                            m.apply(seat, liked[rng.below(len(liked))])
                        else:
                            m.apply(seat, RandomBot().choose(game, m.state, seat, rng))
                    if finish and not m.is_over():
                        continue  # a long game: another seed
                    if not finish and m.is_over():
                        continue  # over before the cut: another seed
                    line = {"engine": __version__, "commit": commit, "case": case, "finished": m.is_over(),
                            "save": m.save()}
                    if game.id == "barons" or opts.get("speed_up") or opts.get("mode") == "free_for_all":
                        line["position"] = {k: m.state[k] for k in POSITION[game.id] if k in m.state}
                    lines.append(line)
                    finished_left -= finish and opts.get("mode") != "free_for_all"
                    break
    return _add(out, lines, replacing=commit)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--release", choices=sorted(RELEASES), help="an earlier release (default: this working tree)")
    ap.add_argument("--engine-root", help=argparse.SUPPRESS)  # internal: the unpacked engine to use
    ap.add_argument("--commit", default="working tree", help=argparse.SUPPRESS)  # internal: where it came from
    ap.add_argument("--searched", help=argparse.SUPPRESS)  # internal: where to write the searched games
    a = ap.parse_args()
    if a.release:
        out = HERE / f"saves-{a.release}.jsonl.gz"
        for commit in RELEASES[a.release]:
            with tempfile.TemporaryDirectory() as tmp:
                archive = subprocess.run(["git", "archive", commit, "py_engine"], cwd=ROOT, check=True,
                                         capture_output=True).stdout
                subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
                searched = Path(tmp) / "searched.jsonl"
                args = [sys.executable, __file__, "--engine-root", tmp, "--commit", commit, "--searched", str(searched)]
                subprocess.run(args, check=True, env={**os.environ, "PYTHONHASHSEED": "0"})
                print(f"{out.name}: {_keep_searched(searched, out)} searched games of {commit} kept")
        return
    sys.path.insert(0, a.engine_root or str(ROOT))
    import py_engine

    assert a.engine_root is None or Path(py_engine.__file__).is_relative_to(a.engine_root), py_engine.__file__
    out = HERE / f"saves-{py_engine.__version__}.jsonl.gz"
    print(f"{out.name}: {_generate(out, a.commit)} saves of engine {py_engine.__version__} ({a.commit})")
    if a.searched:
        with open(a.searched, "w", encoding="utf-8") as f:
            for line in _search(a.commit):
                f.write(json.dumps(line, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main()
