"""Daily challenges: one solo deal per calendar day, the same on every device.

The day is the seed (:func:`daily_seed`): no server is needed, and a device that
is offline deals the same game as any other on that date. A game offers a daily
challenge by setting :attr:`Game.daily_options` (the options of its solo deal) and
implementing :meth:`Game.daily_score` (what the player achieved, as right/wrong
marks a result can show without naming a card).
"""

from __future__ import annotations

import datetime
import hashlib
from dataclasses import dataclass
from typing import Any

from ..games import get
from .errors import OptionError
from .match import Match, Seat


@dataclass(frozen=True)
class DailyScore:
    """What a daily challenge came to.

    ``marks``: one per scored move, in order, True for right and False for wrong
    (a share text draws them as a grid, spoiler-free); ``score``: the number the
    challenge is judged by; ``lower_is_better``: how scores compare; ``summary``: a
    sentence ("6 cards placed with 2 mistakes"); ``finished``: the deal is done.
    """

    marks: tuple[bool, ...]
    score: int
    summary: str
    finished: bool
    lower_is_better: bool = True

    def to_json(self) -> dict[str, Any]:
        """``{"marks": "RWR…", "score", "summary", "finished", "lower_is_better"}``."""
        return {"marks": "".join("R" if m else "W" for m in self.marks), "score": self.score,
                "summary": self.summary, "finished": self.finished,
                "lower_is_better": self.lower_is_better}


def parse_day(day: str) -> datetime.date:
    """``"YYYY-MM-DD"`` as a date.

    Raises:
        OptionError: not a calendar date in that form.
    """
    try:
        if len(day) != 10:
            raise ValueError(day)
        return datetime.date.fromisoformat(day)
    except (TypeError, ValueError):
        raise OptionError(f"{day!r} is not a date written as YYYY-MM-DD.") from None


def daily_seed(game_id: str, day: str) -> int:
    """The seed of ``game_id``'s daily deal on ``day`` (``"YYYY-MM-DD"``, the
    player's calendar date): a 48-bit number from SHA-256, the same everywhere.

    >>> daily_seed("timeline", "2025-03-14") == daily_seed("timeline", "2025-03-14")
    True
    >>> daily_seed("timeline", "2025-03-14") != daily_seed("timeline", "2025-03-15")
    True

    Raises:
        OptionError: ``day`` is not a date.
    """
    d = parse_day(day)
    digest = hashlib.sha256(f"time-and-barons/daily/{game_id}/{d.isoformat()}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


def daily_match(game_id: str, day: str, name: str = "You") -> Match:
    """A new match of ``game_id``'s daily deal for ``day``, one human seat called
    ``name``; ``meta["daily"]`` holds the day.

    Raises:
        KeyError: unknown game. OptionError: the game has no daily challenge, or
        ``day`` is not a date.
    """
    game = get(game_id)
    if game.daily_options is None:
        raise OptionError(f"{game.title} has no daily challenge.")
    parse_day(day)
    return Match.new(game_id, [Seat(name)], dict(game.daily_options), daily_seed(game_id, day),
                     {"daily": day, "holder": 0})
