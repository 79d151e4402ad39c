"""Game tables: one renderer per game id, and a generic one for any other game.

A renderer module has ``render(app, ctx) -> str``; :func:`table_context` computes
what every table needs from the app (the view, who may act, undo, freshness).
Optionally it also has ``on_ui(app, data)`` (taps that change only the table's own
view state, ``app.table_ui``: ``data-act="table-ui"``) and ``handoff_note(app) ->
str`` (public news shown on the pass-the-device screen; it must never show
anything private, since the device is changing hands).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from ..html import attrs, button, e, jattr
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

    def action_attrs(self, a: dict[str, Any], act: str = "play") -> str:
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


def render_table(app: Any) -> str:
    return render_with(app, table_context(app))


def render_with(app: Any, ctx: TableContext) -> str:
    """The game's table (its renderer, else the generic one) for ``ctx``; ``app`` may
    be the replay viewer's stand-in (:class:`tb_ui.replay.Stage`)."""
    mod = _module(app)
    render = mod.render if mod else render_generic
    return str(render(app, ctx))


def table_ui(app: Any, data: dict[str, Any]) -> None:
    """Forward a ``table-ui`` tap to the game's renderer, if it takes any."""
    fn = getattr(_module(app), "on_ui", None)
    if fn is not None:
        fn(app, data)


def handoff_note(app: Any) -> str:
    """Public news for the hand-off screen from the game's renderer, or ""."""
    fn = getattr(_module(app), "handoff_note", None)
    return str(fn(app)) if fn is not None else ""


def thinking_html(app: Any, ctx: TableContext, name: str) -> str:
    """"<name> is thinking…" with the search's progress (``#think-progress``; the
    browser layer moves its bar after every slice of thinking, without a re-render)."""
    p = app.thinking_progress()
    pct = round(100 * (p or 0.0))
    return (f'<div class="thinking-box" role="status">'
            f'<p class="thinking-text"><span class="spinner" aria-hidden="true"></span>{e(name)} is thinking…</p>'
            f'<div{attrs(class_="think-bar", id="think-progress", role="progressbar", aria_label=f"{name} is thinking", aria_valuemin=0, aria_valuemax=100, aria_valuenow=pct)}>'
            f'<span class="think-fill" data-css="width:{pct}%"></span></div></div>')


def waiting_html(app: Any, ctx: TableContext) -> str:
    """What a table's decision panel shows while no human here may act: the first bot to
    act thinking (:func:`thinking_html`), else the status line (``view["prompt"]``)."""
    v = ctx.view
    bots = [s for s in v["to_act"] if ctx.kinds[s] == "bot"]
    if bots:
        return thinking_html(app, ctx, str(v["seats"][bots[0]]))
    return f'<p class="prompt" aria-live="polite">{e(v["prompt"])}</p>'


# ---- pieces every table uses ------------------------------------------------------------
def topbar(app: Any, ctx: TableContext, info: str = "") -> str:
    """The table's bar: leave, title, undo, rules; "skip to my turn" while bots play.
    In the replay viewer: close, title, and the replay controls."""
    if ctx.mode == "replay":
        from ..replay import controls

        return (f'<header class="tbar replay-head"><div class="tbar-in">'
                f'{button("‹ Close", "back", "btn ghost small", aria_label="Close the replay")}'
                f'<div class="tbar-title"><h1 tabindex="-1">Replay: {e(ctx.view["title"])}</h1>'
                f'<span class="tbar-info">{info}</span></div></div>'
                f'{controls(app, app.replay)}</header>')
    skip = ""
    if app.bot_pending():
        rest = " to my turn" if any(k == "human" for k in ctx.kinds) else " to the end"
        # "Skip" on a phone, "Skip to my turn" where there is room (.skip-more)
        shown = "Skipping…" if app.skipping else f'Skip<span class="skip-more">{rest}</span>'
        skip = button(shown, "skip", "btn small skip", raw_label=True, disabled=app.skipping,
                      aria_label=("Skipping: the bots play at full speed" if app.skipping
                                  else f"Skip{rest}: the bots play at full speed"))
    undo = button("Undo", "undo", "btn small", disabled=not ctx.can_undo,
                  aria_label="Undo your last choice" if ctx.can_undo else "Undo (nothing to undo)")
    # the page's banner while a table shows (the shell's brand bar is hidden then)
    return (f'<header class="tbar"><div class="tbar-in">'
            f'{button("‹ Games", "leave", "btn ghost small", aria_label="Games: leave the table (the game stays saved)")}'
            f'<div class="tbar-title"><h1 tabindex="-1">{e(ctx.view["title"])}</h1>'
            f'<span class="tbar-info">{info}</span></div>'
            f'<div class="tbar-actions">{skip}{undo}'
            f'{button("Rules", "rules", "btn ghost small", data_game=ctx.view["game"])}</div>'
            f"</div></header>")


def log_panel(app: Any, ctx: TableContext) -> str:
    lines = ctx.view["log"]
    open_ = app.log_open
    body = ""
    if open_:
        items = "".join(f"<li>{e(t)}</li>" for t in reversed(lines))
        body = f'<ol class="log-list" id="log-list" reversed aria-label="Game log, newest first">{items}</ol>'
    return (f'<section class="log panel" aria-label="Game log">'
            f'<button type="button"{attrs(class_="log-toggle", data_act="log-toggle", aria_expanded="true" if open_ else "false", aria_controls="log-list" if open_ else None)}>'
            f'<span>Game log</span><span class="count">{len(lines)}</span>'
            f'<span class="chev" aria-hidden="true"></span></button>{body}</section>')


def end_panel(app: Any, ctx: TableContext) -> str:
    out = ctx.view["outcome"]
    if not out:
        return ""
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
    extra = score_html(app, app.match) if daily else ""
    return (f'<section class="endpanel" aria-labelledby="end-title">'
            f'<div class="trophy" aria-hidden="true"></div>'
            f'<h2 id="end-title">{e(head)}</h2><p class="reason">{e(out["reason"])}</p>{extra}'
            f'{end_actions(app, ctx)}</section>')


def end_actions(app: Any, ctx: TableContext) -> str:
    """The end panel's buttons: rematch, the replay, the library (a daily deal: its
    result instead of a rematch; the replay viewer: none)."""
    if ctx.mode == "replay":
        return ""
    if app.match.meta.get("daily"):
        first = button("See your result", "daily", "btn primary", data_game=ctx.view["game"])
    else:
        first = button("Rematch", "rematch", "btn primary")
    return (f'<div class="actions">{first}'
            f'{button("Watch the replay", "replay-open", "btn", data_id=app.match_id)}'
            f'{button("Library", "leave", "btn")}</div>')


def render_generic(app: Any, ctx: TableContext) -> str:
    """A plain table for games without their own renderer: prompt, actions, log."""
    v = ctx.view
    acts = "".join(
        f'<li><button type="button" class="btn"{ctx.action_attrs(a)}>{e(a["label"])}</button></li>'
        for a in ctx.actions)
    return (topbar(app, ctx) + '<main class="wrap table-main" id="main">' + alerts(app)
            + end_panel(app, ctx)
            + f'<p class="prompt" aria-live="polite">{e(v["prompt"])}</p>'
            + (f'<ul class="action-list">{acts}</ul>' if acts else "")
            + log_panel(app, ctx) + "</main>")
