"""Navigation that behaves like an app: one browser-history entry per screen.

A screen is named by a *route* (:meth:`tb_ui.app.App.route`): ``library``,
``saves``, ``settings``, ``new/<game>``, ``rules/<game>`` (and its sub-pages
``rules/<game>/<part>``), ``table/<save id>``,
``replay/<save id>``, ``daily/<game>``. The browser layer keeps the session history
in step with the app through :class:`History` (pure Python, so it is unit-tested):
after every in-app change of screen it asks :meth:`History.plan` what to do with
the History API, and on Back/Forward (``popstate``) it tells the app which route to
show. The library is always the first entry, so Back from the library leaves the
app; every entry's state carries the whole stack, so a reload restores the screen
and Back still works after it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

ROOT = "library"
#: Screens whose route names a thing (a game or a save): a change of thing on the
#: same screen replaces the entry (a rematch, another game's setup) instead of
#: stacking a new one.
PARAM_SCREENS = ("new", "rules", "table", "replay", "daily")


def kind(route: str) -> str:
    """The screen of a route: ``"table/abc"`` -> ``"table"``."""
    return route.partition("/")[0]


@dataclass
class History:
    """The routes of this app's history entries (``stack``) and the one shown
    (``depth``, an index into it). Entries after ``depth`` are the Forward ones."""

    stack: list[str] = field(default_factory=lambda: [ROOT])
    depth: int = 0

    @property
    def route(self) -> str:
        return self.stack[self.depth]

    @property
    def previous(self) -> str | None:
        """The route Back returns to, or None at the first entry."""
        return self.stack[self.depth - 1] if self.depth > 0 else None

    def plan(self, route: str) -> tuple[str, int]:
        """How to show ``route`` after an in-app change of screen:

        - ``("none", 0)``: it is already the current entry;
        - ``("go", -k)``: it is an earlier entry (the library, or the screen a Back
          button returns to): go back ``k`` entries, as Back would;
        - ``("replace", 0)``: the same screen about another game or save, or the table of
          the game the new-game form just started (so Back from a table never returns to a
          filled-in form whose Start would begin another game: issue 24 §4);
        - ``("push", 0)``: a new entry (also a sub-page such as
          ``rules/<game>/<part>``, so that Back returns to the page it came from).

        >>> h = History(["library", "new/timeline", "table/a"], 2)
        >>> h.plan("table/a"), h.plan("library"), h.plan("new/timeline")
        (('none', 0), ('go', -2), ('go', -1))
        >>> h.plan("table/b"), h.plan("rules/timeline")
        (('replace', 0), ('push', 0))
        >>> History(["library", "new/timeline"], 1).plan("table/a")
        ('replace', 0)
        >>> History(["library", "rules/time_of_crisis"], 1).plan("rules/time_of_crisis/unconfirmed")
        ('push', 0)
        """
        if route == self.route:
            return ("none", 0)
        for i in range(self.depth - 1, -1, -1):
            if self.stack[i] == route:
                return ("go", i - self.depth)
        if kind(route) == kind(self.route) and kind(route) in PARAM_SCREENS and route.count("/") == self.route.count("/"):
            return ("replace", 0)
        if kind(self.route) == "new" and kind(route) == "table":
            return ("replace", 0)
        return ("push", 0)

    def apply(self, action: str, delta: int, route: str) -> None:
        """Record what :meth:`plan` said was done."""
        if action == "push":
            self.stack = [*self.stack[: self.depth + 1], route]
            self.depth += 1
        elif action == "replace":
            self.stack[self.depth] = route
        elif action == "go":
            self.depth = max(0, min(len(self.stack) - 1, self.depth + delta))

    def entry(self) -> dict[str, Any]:
        """The state object of the current entry (``history.state``)."""
        return {"tb": 1, "route": self.route, "depth": self.depth,
                "stack": list(self.stack[: self.depth + 1])}

    @classmethod
    def from_entry(cls, state: Any) -> History | None:
        """The history recorded in an entry's state, or None if it is not ours."""
        if not isinstance(state, dict) or state.get("tb") != 1:
            return None
        stack, depth = state.get("stack"), state.get("depth")
        if (not isinstance(stack, list) or not stack or not all(isinstance(r, str) for r in stack)
                or not isinstance(depth, int) or not 0 <= depth < len(stack)):
            return None
        return cls(list(stack), depth)
