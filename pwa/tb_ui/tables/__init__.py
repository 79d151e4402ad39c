"""Game tables: one renderer per game id (a :class:`~tb_ui.context.TableRenderer`), and a
generic one for any other game.

This module is the only part of the UI's table layer that reads the match itself:
:func:`table_context` computes what a table shows from the app (the seat's view, who may act,
undo, freshness, the public facts) and :func:`handoff_note` gives the renderer the spectator's
view; the renderers draw from those alone (tests/ui/test_view_only.py renders every game's
tables with the match's state out of reach).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from ..context import Seating, TableApp, TableContext, TableRenderer
from ..html import Markup, html, join
from ..parts import alerts, end_panel, log_panel, odds_label, odds_line, topbar
from . import barons, time_barons, time_of_crisis, time_war, timeline

__all__ = ["RENDERERS", "Seating", "TableContext", "handoff_note", "own_last_turn", "render_generic",
           "render_table", "render_with", "table_context", "table_ui"]

#: game id -> its table module.
RENDERERS: dict[str, TableRenderer] = {"timeline": timeline, "time_war": time_war, "time_barons": time_barons,
                                    "barons": barons, "time_of_crisis": time_of_crisis}


if TYPE_CHECKING:
    class MatchApp(TableApp, Protocol):
        """What the table layer reads of the app to draw ``app.match`` (:func:`table_context`),
        besides what every screen shows (:class:`~tb_ui.context.TableApp`)."""

        match: Any
        fresh_action: tuple[int, Any] | None

        def perspective(self) -> int | None: ...
        def acting_seat(self) -> int | None: ...
        def key_moments(self) -> list[tuple[int, str]]: ...
        def hint_view(self) -> dict[str, Any] | None: ...
        def link_note(self) -> str | None: ...
        def hand_over_levels(self) -> list[str]: ...
        def handed_seat(self) -> int | None: ...
        def coach_view(self) -> dict[str, Any] | None: ...


def table_context(app: MatchApp, score: Markup | None = None) -> TableContext:
    """What the table of ``app.match`` shows to the seat the device is turned to; ``score``:
    a daily deal's result for the end panel (made by :mod:`tb_ui.daily`)."""
    m = app.match
    persp = app.perspective()
    view = m.game.view(m.state, persp)
    acting = app.acting_seat()
    actions = view["actions"] if acting is not None and acting == persp else []
    can_undo = acting is not None and m.can_undo(acting)
    return TableContext(
        view=view, perspective=persp, acting=acting, actions=actions,
        can_undo=can_undo, reselect=can_undo and m.actions[-1][1].name == "select",
        n=int(m.state["n"]),
        fresh=app.fresh_action, kinds=[s.kind for s in m.seats], levels=[s.level for s in m.seats],
        game=m.game, score=score if score is not None else Markup(), options=dict(m.options),
        daily=bool(m.meta.get("daily")), minutes=played_minutes(m.meta),
        moments=app.key_moments() if view["outcome"] is not None else [],
        hint=app.hint_view() if acting is not None and acting == persp else None,
        hints_used=hints_used(m.meta), link=app.link_note(), hand_over=app.hand_over_levels(),
        handed=_handed(app), undo_locked=_undo_locked(m, acting, can_undo), coach=app.coach_view())


def _undo_locked(m: Any, acting: int | None, can_undo: bool) -> str | None:
    """Why the acting seat's own last choice cannot be undone (a reveal locked it), else None."""
    if acting is None or can_undo or not m.actions or m.actions[-1][0] != acting:
        return None
    return str(m.why_no_undo(acting))


def _handed(app: MatchApp) -> tuple[int, str] | None:
    seat = app.handed_seat()
    return None if seat is None else (seat, str(app.match.seats[seat].level))


def hints_used(meta: dict[str, Any]) -> int:
    """Hints asked for in a match (``meta["hints"]``, see :meth:`tb_ui.app.App.hint_finish`),
    0 if none or unreadable."""
    n = meta.get("hints")
    return n if isinstance(n, int) and not isinstance(n, bool) and n > 0 else 0


def played_minutes(meta: dict[str, Any]) -> int | None:
    """Whole minutes at the table from a match's ``meta["play_ms"]`` (see
    :meth:`tb_ui.app.App._after_action`), at least 1; None if it was not counted."""
    ms = meta.get("play_ms")
    if not isinstance(ms, (int, float)) or isinstance(ms, bool) or ms < 0:
        return None
    return max(1, round(ms / 60_000))


def render_table(app: MatchApp, score: Markup | None = None) -> Markup:
    """The table of ``app.match`` (``score``: see :func:`table_context`)."""
    return render_with(app, table_context(app, score))


def render_with(app: TableApp, ctx: TableContext) -> Markup:
    """The game's table (its renderer, else the generic one) for ``ctx``; ``app`` may
    be the replay viewer's stand-in (:class:`tb_ui.replay.Stage`)."""
    mod = RENDERERS.get(ctx.game.id)
    return mod.render(app, ctx) if mod is not None else render_generic(app, ctx)


def own_last_turn(game_id: str) -> bool:
    """True if the game's table draws its own summary of the other side's last turn (its module's
    ``LAST_TURN_PANEL``: Time War's "Last turn" beside the board); the app's "Since your last
    move" panel then waits for two bot turns (``App.catchup``), else it follows a single one."""
    return bool(getattr(RENDERERS.get(game_id), "LAST_TURN_PANEL", False))


def table_ui(app: MatchApp, data: dict[str, Any]) -> None:
    """Forward a ``table-ui`` tap to the renderer of ``app.match``'s game."""
    mod = RENDERERS.get(app.match.game.id)
    if mod is not None:
        mod.on_ui(app, data)


def handoff_note(app: MatchApp) -> Markup:
    """Public news for the hand-off screen from the renderer of ``app.match``'s game, given
    the spectator's view (nothing private: the device is changing hands), or empty."""
    m = app.match
    mod = RENDERERS.get(m.game.id)
    return mod.handoff_note(app, m.game.view(m.state, None)) if mod is not None else Markup()


def render_generic(app: TableApp, ctx: TableContext) -> Markup:
    """A plain table for games without their own renderer: prompt, actions, log."""
    v = ctx.view
    acts = join(html('<li><button type="button" class="btn{}"{} aria-label="{}">{}{}</button></li>',
                     " has-odds" if a.get("odds") else "", ctx.action_attrs(a), odds_label(a, a["label"]),
                     a["label"], odds_line(a))
                for a in ctx.actions)
    return html('{top}<main class="wrap table-main" id="main">{alerts}{end}'
                '<p class="prompt" aria-live="polite">{prompt}</p>{acts}{log}</main>',
                top=topbar(app, ctx), alerts=alerts(app), end=end_panel(app, ctx), prompt=v["prompt"],
                acts=html('<ul class="action-list">{}</ul>', acts) if acts else Markup(),
                log=log_panel(app, ctx))
