"""Errors raised by the engine contract (DESIGN.md, "Engine contract")."""

from __future__ import annotations


class EngineError(Exception):
    """Base class of every error the engines raise on purpose."""


class IllegalAction(EngineError):
    """An action that the rules do not allow at this decision point.

    The message is written for a player ("You cannot place a card there: ...").
    The state the action was applied to is left unchanged.
    """


class OptionError(EngineError, ValueError):
    """A setup option or player count that the game does not accept."""


class SaveError(EngineError):
    """A save file that cannot be loaded: corrupt, foreign, or from a newer version.

    ``reason`` is one of ``"corrupt"``, ``"foreign"``, ``"newer"``;
    the message says what is wrong in words a player understands.
    """

    def __init__(self, message: str, reason: str = "corrupt") -> None:
        super().__init__(message)
        self.reason = reason
