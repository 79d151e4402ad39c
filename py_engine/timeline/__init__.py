"""Timeline: place event cards in the right gap of a shared timeline (2–8 players).

Rules: :mod:`py_engine.timeline.rules`; cards: :mod:`py_engine.timeline.cards`;
bots: :mod:`py_engine.timeline.bots`.
"""

from .rules import GAME, PLACE, SELECT, Timeline

__all__ = ["GAME", "PLACE", "SELECT", "Timeline"]
