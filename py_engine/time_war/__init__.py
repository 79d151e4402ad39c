"""Time War — *Major General: Duel of Time*: a 2-player command-card battle."""

from .rules import GAME, TimeWar

__all__ = ["GAME", "TimeWar"]
