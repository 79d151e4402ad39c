"""Game tables: one renderer per game id, and a generic one for any other game.

A renderer module has ``render(app, ctx) -> Markup``; :func:`table_context` computes
what every table needs from the app (the view, who may act, undo, freshness).
Optionally it also has ``on_ui(app, data)`` (taps that change only the table's own
view state, ``app.table_ui``: ``data-act="table-ui"``) and ``handoff_note(app) ->
Markup | str`` (public news shown on the pass-the-device screen; it must never show
anything private, since the device is changing hands).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from ..html import Markup, attrs, button, html, jattr, join
from ..screens import alerts

#: game id -> module with ``render(app, ctx)``.
RENDERERS = {"timeline": "tb_ui.tables.timeline", "time_war": "tb_ui.tables.time_war",
             "time_barons": "tb_ui.tables.time_barons", "barons": "tb_ui.tables.barons",
             "time_of_crisis": "tb_ui.tables.time_of_crisis"}


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


def table_context(app: Any) -> TableContext:
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
        fresh=app.fresh_action, kinds=[s.kind for s in m.seats], levels=[s.level for s in m.seats])


def _module(app: Any) -> Any:
    mod = RENDERERS.get(app.match.game.id)
    return importlib.import_module(mod) if mod else None


def render_table(app: Any) -> Markup:
    return render_with(app, table_context(app))


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


def thinking_html(app: Any, ctx: TableContext, name: str) -> Markup:
    """"<name> is thinking…" with the search's progress (``#think-progress``; the
    browser layer moves its bar after every slice of thinking, without a re-render)."""
    p = app.thinking_progress()
    pct = round(100 * (p or 0.0))
    bar = attrs(class_="think-bar", id="think-progress", role="progressbar", aria_label=f"{name} is thinking",
                aria_valuemin=0, aria_valuemax=100, aria_valuenow=pct)
    return html('<div class="thinking-box" role="status">'
                '<p class="thinking-text"><span class="spinner" aria-hidden="true"></span>{} is thinking…</p>'
                '<div{}><span class="think-fill" data-css="width:{}%"></span></div></div>', name, bar, pct)


def waiting_html(app: Any, ctx: TableContext) -> Markup:
    """What a table's decision panel shows while no human here may act: the first bot to
    act thinking (:func:`thinking_html`), else the status line (``view["prompt"]``)."""
    v = ctx.view
    bots = [s for s in v["to_act"] if ctx.kinds[s] == "bot"]
    if bots:
        return thinking_html(app, ctx, str(v["seats"][bots[0]]))
    return html('<p class="prompt" aria-live="polite">{}</p>', v["prompt"])


# ---- pieces every table uses ------------------------------------------------------------
def topbar(app: Any, ctx: TableContext, info: Markup | str = "") -> Markup:
    """The table's bar: leave, title, undo, rules; "skip to my turn" while bots play.
    In the replay viewer: close, title, and the replay controls. ``info``: text (escaped)
    or Markup beside the title."""
    if ctx.mode == "replay":
        from ..replay import controls

        return html('<header class="tbar replay-head"><div class="tbar-in">{}'
                    '<div class="tbar-title"><h1 tabindex="-1">Replay: {}</h1>'
                    '<span class="tbar-info">{}</span></div></div>{}</header>',
                    button("‹ Close", "back", "btn ghost small", aria_label="Close the replay"),
                    ctx.view["title"], info, controls(app, app.replay))
    skip = Markup()
    if app.bot_pending():
        rest = " to my turn" if any(k == "human" for k in ctx.kinds) else " to the end"
        # "Skip" on a phone, "Skip to my turn" where there is room (.skip-more)
        shown = "Skipping…" if app.skipping else html('Skip<span class="skip-more">{}</span>', rest)
        skip = button(shown, "skip", "btn small skip", disabled=app.skipping,
                      aria_label=("Skipping: the bots play at full speed" if app.skipping
                                  else f"Skip{rest}: the bots play at full speed"))
    undo = button("Undo", "undo", "btn small", disabled=not ctx.can_undo,
                  aria_label="Undo your last choice" if ctx.can_undo else "Undo (nothing to undo)")
    # the page's banner while a table shows (the shell's brand bar is hidden then)
    return html('<header class="tbar"><div class="tbar-in">{leave}'
                '<div class="tbar-title"><h1 tabindex="-1">{title}</h1>'
                '<span class="tbar-info">{info}</span></div>'
                '<div class="tbar-actions">{skip}{undo}{rules}</div>'
                "</div></header>",
                leave=button("‹ Games", "leave", "btn ghost small",
                             aria_label="Games: leave the table (the game stays saved)"),
                title=ctx.view["title"], info=info, skip=skip, undo=undo,
                rules=button("Rules", "rules", "btn ghost small", data_game=ctx.view["game"]))


def log_panel(app: Any, ctx: TableContext) -> Markup:
    """The game log, newest first, folded unless ``app.log_open``."""
    lines = ctx.view["log"]
    open_ = app.log_open
    body = Markup()
    if open_:
        items = join(html("<li>{}</li>", t) for t in reversed(lines))
        body = html('<ol class="log-list" id="log-list" reversed aria-label="Game log, newest first">{}</ol>', items)
    toggle = attrs(class_="log-toggle", data_act="log-toggle", aria_expanded="true" if open_ else "false",
                   aria_controls="log-list" if open_ else None)
    return html('<section class="log panel" aria-label="Game log">'
                '<button type="button"{}>'
                '<span>Game log</span><span class="count">{}</span>'
                '<span class="chev" aria-hidden="true"></span></button>{}</section>', toggle, len(lines), body)


def end_panel(app: Any, ctx: TableContext) -> Markup:
    """The end of the game: who won and why, and what next (:func:`end_actions`)."""
    out = ctx.view["outcome"]
    if not out:
        return Markup()
    seats = ctx.view["seats"]
    winners = [seats[w] for w in out["winners"]]
    if len(winners) == 1:
        head = f"{winners[0]} wins!"
    elif len(winners) == len(seats):
        head = "A draw!"
    else:
        head = f"{', '.join(winners[:-1])} and {winners[-1]} share the win!"
    daily = app.match.meta.get("daily") if ctx.mode == "play" else None
    if daily:
        from ..daily import score_html

        head = "Today’s deal is done!"
    extra = score_html(app, app.match) if daily else Markup()
    return html('<section class="endpanel" aria-labelledby="end-title">'
                '<div class="trophy" aria-hidden="true"></div>'
                '<h2 id="end-title">{}</h2><p class="reason">{}</p>{}{}</section>',
                head, out["reason"], extra, end_actions(app, ctx))


def end_actions(app: Any, ctx: TableContext) -> Markup:
    """The end panel's buttons: rematch, the replay, the library (a daily deal: its
    result instead of a rematch; the replay viewer: none)."""
    if ctx.mode == "replay":
        return Markup()
    if app.match.meta.get("daily"):
        first = button("See your result", "daily", "btn primary", data_game=ctx.view["game"])
    else:
        first = button("Rematch", "rematch", "btn primary")
    return html('<div class="actions">{}{}{}</div>', first,
                button("Watch the replay", "replay-open", "btn", data_id=app.match_id),
                button("Library", "leave", "btn"))


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
