"""Bot levels: what each generic level may spend on a decision (data only).

:data:`SEARCH_LEVELS` gives the search iterations per move of the generic levels that
every game gets unless it offers its own (:meth:`~py_engine.core.game.Game.own_bot`);
:data:`TIME_LIMITS` the seconds a decision may take when the search is time-limited.
"""

from __future__ import annotations

#: The generic levels every game gets unless it offers its own: iterations per move.
SEARCH_LEVELS: dict[str, int] = {"easy": 60, "normal": 300, "hard": 1200}

#: Seconds a decision may take, per level, when the search is time-limited (in the
#: app, wall time from its first slice; see :meth:`Game.bot_time_limit`). Chosen so that
#: on a phone about four times slower than a desktop no decision keeps the player waiting
#: more than 2 s (benchmarks/RESULTS.md, "Bots that fit the device"); on a fast machine
#: the iteration budget ends the search first.
TIME_LIMITS: dict[str, float] = {"easy": 0.3, "normal": 0.6, "hard": 1.0}
