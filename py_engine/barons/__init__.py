"""Barons — the hex-ring fantasy land game (2–6 players), a completion of Geoff
Maddock's unfinished design."""

from .rules import GAME, Barons

__all__ = ["GAME", "Barons"]
