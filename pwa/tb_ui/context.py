"""What every table renderer is given, and what it must offer.

- :class:`TableContext`: the seat's view, what the UI may do with it, and the table's public
  facts (the game's rules object, the options, whether it is a daily deal). A renderer draws
  from this and nothing else of the match: never from the full state, which holds every hidden
  card (the same renderer then draws one seat's table on its own phone).
- :class:`TableApp`: what a renderer may read of the app (messages, the bot's progress, the
  table's own view state), as a :class:`~typing.Protocol` the app and the replay viewer's
  stand-in both satisfy.
- :class:`TableRenderer`: what a game's table module offers (``render``, ``on_ui``,
  ``handoff_note``).
- :class:`Seating`: who sits where, for board games.

The UI imports one way: :mod:`.html` → :mod:`.context` → :mod:`.parts` (page parts
shared by screens and tables) → :mod:`.tables` (one module per game) → :mod:`.replay` →
:mod:`.phones` (a table across phones) → :mod:`.screens`, :mod:`.daily` → :mod:`.app` → :mod:`.browser`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from py_engine.core import Game

from .html import Markup, attrs, jattr


class TableApp(Protocol):
    """What a table renderer may read of the app: UI state and messages, never the match.

    ``table_ui`` is the table's own view state (a preview, an open stack), which its
    ``on_ui`` changes; the rest is read-only for a renderer."""

    table_ui: dict[str, Any]
    error: str | None
    notice: str | None
    save_error: str | None
    skipping: bool
    log_open: bool
    log_all: bool
    match_id: str | None

    def storage_problem(self) -> str | None:
        """Why the device's storage cannot keep games now, or None."""
        ...

    def catchup(self) -> dict[str, Any] | None:
        """The bots' moves since the holder's last one (``{"title", "lines", "more", "moves"}``)."""
        ...

    def thinking_progress(self) -> float | None:
        """How far the bot to act has got (0..1), None if no bot is to act."""
        ...

    def bot_pending(self) -> bool:
        """True if a bot must move now."""
        ...

    def handoff_seat(self) -> int | None:
        """The human seat the device must be passed to before anything is shown, or None."""
        ...


@dataclass
class TableContext:
    """One seat's table as a renderer draws it: ``view`` is ``game.view(state, perspective)``
    (the only part of the state a renderer sees), ``actions`` the legal actions of ``acting``
    in the view's shape (``{"action", "label", ...}``), the rest what the UI may do now."""

    view: dict[str, Any]
    perspective: int | None
    acting: int | None             # the human seat the UI may act for now
    actions: list[dict[str, Any]]  # that seat's legal actions (view shape), else []
    can_undo: bool
    reselect: bool                 # the acting seat chose a card it may still swap (undo + select)
    n: int                         # state["n"] (the screen's data-n: the state its buttons were drawn for)
    fresh: tuple[int, Any] | None  # the action just applied (animate its result once)
    kinds: list[str]               # "human"/"bot" per seat
    levels: list[str | None]
    game: Game                     # the game's rules, without state (e.g. Time War's placement geometry)
    mode: str = "play"             # "replay": a read-only position of the replay viewer
    #: Parts the table shows but does not make (tables never import the screens that do):
    #: the replay viewer's bar (``mode="replay"``) and a daily deal's result on its end panel.
    controls: Markup = field(default_factory=Markup)
    score: Markup = field(default_factory=Markup)
    #: The table's public facts besides ``game``: the match's options, and whether it is a
    #: daily deal.
    options: dict[str, Any] = field(default_factory=dict)
    daily: bool = False
    #: Minutes the players spent at this table (pauses over five minutes left out), or None
    #: when unknown (a game saved before the app counted them); shown at the end.
    minutes: int | None = None
    #: The key moments of a finished game, ``(step, label)`` (issue 24 §1: the end panel's
    #: "Watch again" opens the replay there; see ``py_engine.core.key_moments``), or [].
    moments: list[tuple[int, str]] = field(default_factory=list)

    #: The hint (issue 24 §5): None when the player may not ask for one here (a game with
    #: several people at the table, hints turned off in Settings, a game without hints, not
    #: this seat's decision); else ``{"state": "idle"}`` (the Hint button shows),
    #: ``{"state": "thinking", "progress": 0..1}`` or ``{"state": "ready", "action": [name,
    #: *args], "label": str, "reason": str}`` (the suggested action among :attr:`actions`,
    #: its button label and one line of why).
    hint: dict[str, Any] | None = None
    #: Hints the player asked for in this game (shown at the end), 0 if none.
    hints_used: int = 0
    #: The table is a guest phone's, drawn from the host's messages (issue 27): its end panel
    #: offers only what a guest can do (no rematch, no replay of a game it does not hold).
    guest: bool = False
    #: The connection of a table across phones, pinned under the table's bar on both sides
    #: (a phone that is not connected, the link to the host lost), or None (issue 47).
    link: str | None = None
    #: Why Undo cannot take the acting seat's last choice back when that choice was its own
    #: (a reveal or chance locked it: ``Match.why_no_undo``), else None (issue 48).
    undo_locked: str | None = None
    #: The bot levels the seat shown may be handed to ("Let a bot finish for me", issue 48
    #: §3), weakest first; [] where it may not (see ``App.hand_over_levels``).
    hand_over: list[str] = field(default_factory=list)
    #: The seat shown and its bot's level while its player has handed it to a bot and the game
    #: runs (Undo takes it back), else None.
    handed: tuple[int, str] | None = None

    #: A lesson's coach (issue 45, :func:`tb_ui.tutorial.coach_view`): the step, its line and
    #: rule, the learner's one choice (ringed like a hint), the last refusal, and the summary
    #: once the script is over; None in an ordinary game.
    coach: dict[str, Any] | None = None

    def hinted(self, a: dict[str, Any]) -> bool:
        """True if action ``a`` (view shape) is the hint shown now, or a lesson's choice for
        the learner (both are ringed, ``data-hint``)."""
        c = self.coach
        if c is not None and c.get("action") is not None and self.acting is not None:
            return list(c["action"]) == list(a["action"])
        h = self.hint
        return h is not None and h.get("state") == "ready" and list(h["action"]) == list(a["action"])

    def action_attrs(self, a: dict[str, Any], act: str = "play", board: bool = False) -> Markup:
        """data-* attributes of a button that performs action ``a``; ``data-target``: the
        board element it points at (``a["target"]``, the browser brings it into view).
        The seat acting and the state number the button was drawn for are the screen's
        (``data-acting`` and ``data-n`` on the ``.screen`` wrapper, :func:`tb_ui.screens.render`),
        which the page adds to the tap (issue 44): a button's own markup then changes only
        when its action does, so a map or a board whose options stay the same across a move
        is drawn from the same markup and the page leaves it untouched.
        An action the view marks with a ``caution`` (it harms the player's own side,
        :meth:`py_engine.core.Game.caution`) asks first: its button's act is ``caution``,
        which opens the confirmation (:func:`tb_ui.parts.caution_dialog`) instead of
        playing. So does, with ``board=True`` (a board element that plays its one option
        when tapped, rather than a button that names it), an action that spends something
        (:meth:`py_engine.core.Game.spends`, issue 48 §1): the tap shows what it will do
        and what it costs before anything is spent. ``data-hint`` marks the hinted
        action's buttons, its board target included, so the page can ring them (issue 24 §5)."""
        asks = bool(a.get("caution") or board and a.get("spends"))
        if act == "play" and asks:
            act = "caution"
        return attrs(data_act=act, data_a=jattr(a["action"]),
                     data_target=a.get("target") or None, data_caution="1" if asks else None,
                     data_hint="1" if act in ("play", "caution") and self.hinted(a) else None)

    def caution_pending(self, ui: dict[str, Any]) -> dict[str, Any] | None:
        """The action (view shape, with its ``caution`` or ``spends``) whose confirmation is
        open in the table's view state ``ui`` (``ui["caution"]``: ``{"n", "a"}``, set by the
        app's ``caution`` act), or None: none open, or the game moved on since (another
        ``n``), or the action is no longer offered."""
        c = ui.get("caution")
        if not isinstance(c, dict) or self.mode != "play" or c.get("n") != self.n:
            return None
        return next((a for a in self.actions
                     if (a.get("caution") or a.get("spends")) and jattr(a["action"]) == c.get("a")), None)


class TableRenderer(Protocol):
    """A game's table module (``tb_ui.tables.<game id>``)."""

    def render(self, app: TableApp, ctx: TableContext) -> Markup:
        """The whole table for ``ctx`` (top bar, board, decision, hand, log)."""
        ...

    def on_ui(self, app: TableApp, data: dict[str, Any]) -> None:
        """A ``data-act="table-ui"`` tap: changes only ``app.table_ui``."""
        ...

    def handoff_note(self, app: TableApp, view: dict[str, Any]) -> Markup:
        """Public news for the pass-the-device screen, from the spectator's ``view``
        (``view(state, None)``: nothing private, since the device is changing hands)."""
        ...


class Seating:
    """What a board game's renderer shares across its pieces: the view and board,
    the human holding the device (``me``, None for a spectator or a bot), the seat
    drawn at the bottom, the names, and whether the game is over."""

    def __init__(self, app: TableApp, ctx: TableContext) -> None:
        self.app, self.ctx = app, ctx
        self.v = ctx.view
        self.b: dict[str, Any] = ctx.view["board"]
        p = ctx.perspective
        self.me: int | None = p if p is not None and ctx.kinds[p] == "human" else None
        self.bottom = self.me if self.me is not None else 0
        self.names: list[str] = list(ctx.view["seats"])
        self.over = ctx.view["outcome"] is not None
