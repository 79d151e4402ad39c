"""The deal's generator, before and after (issue 47): ``xoshiro128**`` (every game before engine
0.7.0) against the cryptographic ``blake2b-ctr`` the app deals with now, in one run (CPython).

    python benchmarks/deal_generator.py [--games 100] [--decisions 12]

First the cost of one draw as the engines make it (a fresh ``Rng`` view on the state's words, then
``below(6)``). Then for every game: the ``simulate`` throughput of random games (the same seeds
dealt by each generator, alternating, CPU time, ``check_invariants`` off) and the CPU time of the
hard bot's decisions at positions of random games (every few actions, the same number per
generator). Another generator deals other games (another Time War scenario, other hands), so the
two columns differ by the games' content as much as by the draws: the draw's own cost is the
first line. The bots' searches determinize to ``xoshiro128**`` whatever the deal's generator, so
only the real game's draws pay for the keyed hash. Prints Markdown for RESULTS.md.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from py_engine.__main__ import simulate_one  # noqa: E402
from py_engine.core import Match, RandomBot, Rng, Seat  # noqa: E402
from py_engine.core.bots import make_bot  # noqa: E402
from py_engine.core.rng import GENERATORS, KEYED, XOSHIRO, generator_words  # noqa: E402
from py_engine.games import ids  # noqa: E402

PLAYERS = {"timeline": 4, "time_war": 2, "time_barons": 2, "time_of_crisis": 2, "barons": 3}


def draw_cost(generator: str, n: int = 200_000) -> float:
    """Microseconds of one draw as the engines draw: ``Rng(state["rng"]).below(6)``."""
    words = generator_words(7, generator)
    t = time.perf_counter()
    for _ in range(n):
        Rng(words).below(6)
    return (time.perf_counter() - t) / n * 1e6


def throughput(game: str, games: int) -> dict[str, float]:
    """Actions per CPU second of random games, per generator (seeds 1..games, alternating)."""
    actions = dict.fromkeys(GENERATORS, 0)
    spent = dict.fromkeys(GENERATORS, 0.0)
    for i in range(1, games + 1):
        for gen in (GENERATORS if i % 2 else GENERATORS[::-1]):
            t = time.process_time()
            n, _, _ = simulate_one(game, PLAYERS[game], i, "random", {}, False, gen)
            spent[gen] += time.process_time() - t
            actions[gen] += n
    return {g: actions[g] / spent[g] for g in GENERATORS}


def hard_times(game: str, decisions: int, generator: str) -> list[float]:
    """CPU seconds of the hard bot's decisions (searches only: forced moves left out) at positions
    of random games dealt by ``generator``, one every 9 actions."""
    out: list[float] = []
    seed = 0
    while len(out) < decisions:
        seed += 1
        m = Match.new(game, [Seat(f"P{k}", "bot", "hard") for k in range(PLAYERS[game])], {}, seed,
                      generator=generator)
        rng = Rng.from_seed(seed)
        while not m.is_over() and len(out) < decisions:
            seat = m.to_act()[0]
            if len(m.actions) % 9 == 4 and len(m.game.legal_actions(m.state, seat)) > 1:
                t = time.process_time()
                make_bot(m.game, "hard").choose(m.game, m.state, seat, Rng.from_seed(len(m.actions)))
                out.append(time.process_time() - t)
            m.apply(seat, RandomBot().choose(m.game, m.state, seat, rng))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--decisions", type=int, default=12)
    a = ap.parse_args()
    cost = {g: draw_cost(g) for g in GENERATORS}
    print(f"One draw through a fresh view: xoshiro128** {cost[XOSHIRO]:.2f} µs, blake2b-ctr {cost[KEYED]:.2f} µs "
          f"(Python {sys.version.split()[0]}).\n")
    print("| game | players | random games: actions/s, xoshiro128** | blake2b-ctr | change "
          "| hard decisions (CPU s, median / worst), xoshiro128** | blake2b-ctr |")
    print("|---|---|---|---|---|---|---|")
    for game in ids():
        tp = throughput(game, a.games)
        hx, hk = hard_times(game, a.decisions, XOSHIRO), hard_times(game, a.decisions, KEYED)
        change = 100 * (tp[KEYED] / tp[XOSHIRO] - 1)
        print(f"| {game} | {PLAYERS[game]} | {tp[XOSHIRO]:.0f} | {tp[KEYED]:.0f} | {change:+.1f} % "
              f"| {statistics.median(hx):.3f} / {max(hx):.3f} | {statistics.median(hk):.3f} / {max(hk):.3f} |",
              flush=True)


if __name__ == "__main__":
    main()
