"""Every engine asks through the core (issue 49 §1): no engine under ``py_engine/`` keeps a
decision loop of its own. Each ``legal_actions`` reads the choice owed from
:mod:`py_engine.core.flow` (a :class:`~py_engine.core.flow.Flow` or
:class:`~py_engine.core.flow.Stacks`), and each ``apply`` answers it there, so the
always-ask rule (:func:`~py_engine.core.flow.unasked`) is the only one. Checked over random
games of every title, with the options of its conformance runs (e.g. ToC §6.8's speed-up,
where two stacks ask at once), as ``tests/test_imports.py`` checks the imports."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from py_engine.core import Rng
from py_engine.core.bots import RandomBot
from py_engine.core.flow import Flow, Stacks
from py_engine.games import all as all_games
from py_engine.games import get

#: Engines still to move onto the core, with why (strict: the test fails once one of them
#: passes, so the entry goes with the move). Empty since issue 49 moved the last two.
NOT_YET: dict[str, str] = {}
#: Random moves per game checked (each a legal_actions and an apply).
MOVES = 400


def _cases() -> list[Any]:
    out = []
    for game in all_games():
        mark = [pytest.mark.xfail(strict=True, reason=NOT_YET[game.id])] if game.id in NOT_YET else []
        out.append(pytest.param(game.id, marks=mark, id=game.id))
    return out


@pytest.fixture()
def flow_calls(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """Counts of the core's entry points called: ``"ask"`` (the options of the choice owed)
    and ``"answer"``."""
    calls: Counter[str] = Counter()

    def counted(cls: type, name: str, kind: str) -> None:
        real = getattr(cls, name)

        def wrapper(self: Any, *args: Any, **kwargs: Any) -> Any:
            calls[kind] += 1
            return real(self, *args, **kwargs)

        monkeypatch.setattr(cls, name, wrapper)

    for cls in (Flow, Stacks):
        counted(cls, "legal_actions", "ask")
        counted(cls, "answer", "answer")
    return calls


@pytest.mark.parametrize("game_id", _cases())
def test_every_choice_is_asked_and_answered_through_core_flow(game_id: str, flow_calls: Counter[str]) -> None:
    game = get(game_id)
    opts = dict(game.conformance_options[0]) if game.conformance_options else {}
    n = min(3, game.max_players)
    state = game.setup([f"P{i}" for i in range(n)], opts, 7)
    rng = Rng.from_seed(7)
    for _ in range(MOVES):
        acting = game.to_act(state)
        if not acting:
            break
        for seat in acting:
            before = flow_calls["ask"]
            assert game.legal_actions(state, seat), seat
            assert flow_calls["ask"] > before, "legal_actions did not read the choice from core.flow"
        seat = acting[rng.below(len(acting))]  # either stack of a choice owed on two
        action = RandomBot().choose(game, state, seat, rng)
        before = flow_calls["answer"]
        state = game.apply(state, seat, action)
        assert flow_calls["answer"] == before + 1, "apply did not answer through core.flow"
