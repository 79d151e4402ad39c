"""Time of Crisis — Roman families fight for legacy and the purple, 235–284 AD (GMT, 2nd ed.)."""

from .rules import GAME, TimeOfCrisis

__all__ = ["GAME", "TimeOfCrisis"]
