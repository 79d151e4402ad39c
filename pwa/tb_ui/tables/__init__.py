"""Game tables: one renderer per game id, and a generic one for any other game.

A renderer module has ``render(app, ctx) -> Markup``; :func:`table_context` computes
what every table needs from the app (the view, who may act, undo, freshness).
Optionally it also has ``on_ui(app, data)`` (taps that change only the table's own
view state, ``app.table_ui``: ``data-act="table-ui"``) and ``handoff_note(app) ->
Markup | str`` (public news shown on the pass-the-device screen; it must never show
anything private, since the device is changing hands).
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from ..context import Seating, TableContext
from ..html import Markup, html, join
from ..parts import alerts, end_panel, log_panel, topbar
from . import barons, time_barons, time_of_crisis, time_war, timeline

__all__ = ["RENDERERS", "Seating", "TableContext", "handoff_note", "render_generic", "render_table",
           "render_with", "table_context", "table_ui"]

#: game id -> module with ``render(app, ctx)``.
RENDERERS: dict[str, ModuleType] = {"timeline": timeline, "time_war": time_war, "time_barons": time_barons,
                                    "barons": barons, "time_of_crisis": time_of_crisis}


def table_context(app: Any, score: Markup | None = None) -> TableContext:
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
        score=score if score is not None else Markup())


def _module(app: Any) -> ModuleType | None:
    return RENDERERS.get(app.match.game.id)


def render_table(app: Any, score: Markup | None = None) -> Markup:
    """The table of ``app.match`` (``score``: see :func:`table_context`)."""
    return render_with(app, table_context(app, score))


def render_with(app: Any, ctx: TableContext) -> Markup:
    """The game's table (its renderer, else the generic one) for ``ctx``; ``app`` may
    be the replay viewer's stand-in (:class:`tb_ui.replay.Stage`)."""
    mod = _module(app)
    render = mod.render if mod else render_generic
    return html("{}", render(app, ctx))


def table_ui(app: Any, data: dict[str, Any]) -> None:
    """Forward a ``table-ui`` tap to the game's renderer, if it takes any."""
    fn = getattr(_module(app), "on_ui", None)
    if fn is not None:
        fn(app, data)


def handoff_note(app: Any) -> Markup:
    """Public news for the hand-off screen from the game's renderer (escaped unless the
    renderer returned Markup), or empty."""
    fn = getattr(_module(app), "handoff_note", None)
    return html("{}", fn(app)) if fn is not None else Markup()


def render_generic(app: Any, ctx: TableContext) -> Markup:
    """A plain table for games without their own renderer: prompt, actions, log."""
    v = ctx.view
    acts = join(html('<li><button type="button" class="btn"{}>{}</button></li>', ctx.action_attrs(a), a["label"])
                for a in ctx.actions)
    return html('{top}<main class="wrap table-main" id="main">{alerts}{end}'
                '<p class="prompt" aria-live="polite">{prompt}</p>{acts}{log}</main>',
                top=topbar(app, ctx), alerts=alerts(app), end=end_panel(app, ctx), prompt=v["prompt"],
                acts=html('<ul class="action-list">{}</ul>', acts) if acts else Markup(),
                log=log_panel(app, ctx))
