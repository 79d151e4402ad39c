"""Every game of every title ends, whoever sits at the table (issue 23 §2).

Mixed tables of humans and random bots, played as the app plays them: a bot owing a
decision moves first (``Match.bot_to_act``), the humans choose at random and now and then
undo and play again (benchmarks/endings.py, ``play_mixed``; its larger run and the longest
games are in benchmarks/RESULTS.md, "Every game ends"). A game that does not end within twice
its declared bound (``Game.max_actions``) fails. The position that used to loop for ever (a
Time of Crisis bot waiting with only free moves, §6.8 variant) is in
tests/time_of_crisis/test_speed_up.py.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.endings import option_sets, play_mixed  # noqa: E402
from py_engine import games  # noqa: E402
from py_engine.core import OptionError  # noqa: E402


def _tables() -> list[Any]:
    out = []
    for game_id in games.ids():
        g = games.get(game_id)
        for options in option_sets(game_id):
            for players in range(g.min_players, g.max_players + 1):
                try:
                    g.resolve_options(players, options)
                except OptionError:
                    continue
                out.append(pytest.param(game_id, players, options, id=f"{game_id}-{players}p-{options}"))
    return out


@pytest.mark.parametrize("game_id, players, options", _tables())
def test_a_mixed_table_with_undo_plays_to_the_end(game_id: str, players: int, options: dict[str, Any]) -> None:
    for seed in (1, 2):
        r = play_mixed(game_id, players, options, seed=10 * players + seed, undo_rate=0.15)
        assert r["over"] and r["actions"] > 0
