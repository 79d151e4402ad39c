"""The registry of games: ``get(game_id)`` and ``all()``.

Games are imported on first use, so the app starts without loading every engine.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the core imports this registry: it must not import the core back
    from ..core.game import Game

#: game id -> module that defines ``GAME``.
_MODULES: dict[str, str] = {
    "timeline": "py_engine.timeline",
    "time_war": "py_engine.time_war",
    "time_barons": "py_engine.time_barons",
    "time_of_crisis": "py_engine.time_of_crisis",
    "barons": "py_engine.barons",
}
_CACHE: dict[str, Game] = {}


def ids() -> list[str]:
    """The registered game ids, in library order."""
    return list(_MODULES)


def get(game_id: str) -> Game:
    """The :class:`Game` registered as ``game_id``.

    Raises:
        KeyError: no such game (the message lists the known ids).
    """
    if game_id not in _MODULES:
        raise KeyError(f"unknown game {game_id!r}; known: {ids()}")
    if game_id not in _CACHE:
        _CACHE[game_id] = importlib.import_module(_MODULES[game_id]).GAME
    return _CACHE[game_id]


def all() -> list[Game]:  # noqa: A001 - the contract's name
    """Every registered game."""
    return [get(i) for i in ids()]
