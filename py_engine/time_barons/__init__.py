"""Time Barons — tactical card combat across four technology levels."""

from .rules import GAME, TimeBarons

__all__ = ["GAME", "TimeBarons"]
