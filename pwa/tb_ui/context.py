"""What every table renderer is given: :class:`TableContext` (the seat's view and what
the UI may do with it) and :class:`Seating` (who sits where, for board games).

The UI imports one way: :mod:`.html` → :mod:`.context` → :mod:`.parts` (page parts
shared by screens and tables) → :mod:`.tables` (one module per game) → :mod:`.screens`,
:mod:`.replay`, :mod:`.daily` → :mod:`.app` → :mod:`.browser`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .html import Markup, attrs, jattr


@dataclass
class TableContext:
    view: dict[str, Any]
    perspective: int | None
    acting: int | None             # the human seat the UI may act for now
    actions: list[dict[str, Any]]  # that seat's legal actions (view shape), else []
    can_undo: bool
    reselect: bool                 # the acting seat chose a card it may still swap (undo + select)
    n: int                         # state["n"], stamped on action buttons
    fresh: tuple[int, Any] | None  # the action just applied (animate its result once)
    kinds: list[str]               # "human"/"bot" per seat
    levels: list[str | None]
    mode: str = "play"             # "replay": a read-only position of the replay viewer
    #: Parts the table shows but does not make (tables never import the screens that do):
    #: the replay viewer's bar (``mode="replay"``) and a daily deal's result on its end panel.
    controls: Markup = field(default_factory=Markup)
    score: Markup = field(default_factory=Markup)

    def action_attrs(self, a: dict[str, Any], act: str = "play") -> Markup:
        """data-* attributes of a button that performs action ``a``."""
        return attrs(data_act=act, data_seat=self.acting, data_n=self.n, data_a=jattr(a["action"]))


class Seating:
    """What a board game's renderer shares across its pieces: the view and board,
    the human holding the device (``me``, None for a spectator or a bot), the seat
    drawn at the bottom, the names, and whether the game is over."""

    def __init__(self, app: Any, ctx: TableContext) -> None:
        self.app, self.ctx = app, ctx
        self.v = ctx.view
        self.b: dict[str, Any] = ctx.view["board"]
        p = ctx.perspective
        self.me: int | None = p if p is not None and ctx.kinds[p] == "human" else None
        self.bottom = self.me if self.me is not None else 0
        self.names: list[str] = list(ctx.view["seats"])
        self.over = ctx.view["outcome"] is not None
