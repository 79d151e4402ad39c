"""Markup of every screen except the game tables (see :mod:`tb_ui.tables`); every
renderer returns :class:`~tb_ui.html.Markup` built through :mod:`tb_ui.html`."""

from __future__ import annotations

from typing import Any

from . import daily, phones, replay, screen_saves, screen_settings
from .html import Markup, attrs, button, html, join, plural
from .parts import alerts, appbar
from .rules import rules_html, rules_pages
from .tables import handoff_note, render_table

TITLES = {"library": "Games", "new": "New game", "table": "Table", "saves": "Saved games",
          "rules": "Rules", "settings": "Settings", "handoff": "Pass the device", "replay": "Replay",
          "daily": "Daily challenge", "join": "Join a table"}


def title(app: Any) -> str:
    screen = current(app)
    if screen in ("table", "handoff") and app.match is not None:
        return f"{app.match.game.title} · Time & Barons"
    if screen == "replay":
        return f"Replay: {app.replay.match.game.title} · Time & Barons"
    return f"{TITLES.get(screen, 'Time & Barons')} · Time & Barons"


def current(app: Any) -> str:
    """The screen actually shown ("handoff" replaces the table when needed)."""
    if app.screen == "table":
        if app.match is None:
            return "library"
        if app.handoff_seat() is not None:
            return "handoff"
    if app.screen == "replay" and app.replay is None:
        return "library"
    if app.screen == "join" and app.guest is None:
        return "library"
    return str(app.screen)


def render(app: Any) -> Markup:
    """The current screen inside its ``.screen`` wrapper (``data-screen``, ``data-n``,
    ``data-actor``, ``data-route`` for styles and tests).

    At a table, ``data-n`` (the state, or a guest's table revision) and ``data-acting`` (the
    seat whose options the buttons are) are what every action button was drawn for: the
    page adds them to an action's tap (``n``, ``seat``; see
    :meth:`tb_ui.context.TableContext.action_attrs`), so a button drawn for an older
    position is refused as before."""
    screen = current(app)
    body = {
        "library": library, "new": new_game, "table": table, "handoff": handoff,
        "saves": screen_saves.render, "rules": rules, "settings": screen_settings.render, "replay": replay.render,
        "daily": daily.render, "join": phones.guest_screen,
    }[screen](app)
    n = app.match.state["n"] if screen in ("table", "handoff") else None
    if screen == "replay":
        n = app.replay.k
    if screen == "join" and app.guest is not None and app.guest.msg is not None:
        n = app.guest.msg["revision"]
    # data-actor="bot" while a bot is to move (tests and styles key on it)
    actor = "bot" if screen in ("table", "handoff") and app.bot_pending() else None
    acting = app.acting_seat() if screen == "table" else None
    if screen == "join" and app.guest is not None and app.guest.msg is not None:
        acting = app.guest.perspective()
    wrap = attrs(class_=f"screen screen-{screen}", data_screen=screen, data_n=n, data_acting=acting,
                 data_actor=actor, data_route=app.route())
    return html("<div{}>{}</div>", wrap, body)


# ---- library -------------------------------------------------------------------------
def library(app: Any) -> Markup:
    """The games, each with new game, continue (its latest unfinished game), daily and rules;
    the games with a game in progress first, the most recently played first (issue 24 §4)."""
    saves = app.store.list()  # most recently played first
    recent = {e["game"]: i for i, e in reversed(list(enumerate(saves))) if not e["over"] and not e["damaged"]}
    cards = []
    for g in sorted(app.games(), key=lambda g: recent.get(g.id, len(saves))):
        d = g.describe()
        players = (f"{d['min_players']}–{d['max_players']} players"
                   if d["min_players"] != d["max_players"] else plural(d["min_players"], "player"))
        cont = app.store.latest_unfinished(d["id"])
        cont_html = Markup()
        if cont is not None:
            cont_html = html('<button type="button"{}>Continue<span class="sub">{} · {}</span></button>',
                             attrs(class_="btn primary", data_act="resume", data_id=cont["id"]),
                             cont.get("progress", ""), screen_saves.players_text(cont.get("seats", [])))
        new_cls = "btn" if cont is not None else "btn primary"
        daily = (button("Daily challenge", "daily", "btn", data_game=d["id"], aria_label=f"Daily challenge: {d['title']}")
                 if d.get("daily") else Markup())
        cards.append(html(
            '<article class="gamecard" data-game="{id}">'
            '<div class="gamecard-art art-{id}" aria-hidden="true"><span></span><span></span><span></span><span></span></div>'
            '<div class="gamecard-body"><h2>{title}</h2>'
            '<p class="blurb">{blurb}</p><p class="meta">{players} · pass and play or against bots</p>'
            '<div class="actions">{cont}{new}{daily}{rules}</div></div></article>',
            id=d["id"], title=d["title"], blurb=d["blurb"], players=players, cont=cont_html,
            new=button("New game", "new", new_cls, data_game=d["id"], aria_label="New game of " + d["title"]),
            daily=daily,
            rules=button("Rules", "rules", "btn ghost", data_game=d["id"], aria_label="Rules of " + d["title"])))
    joining = html('<p class="join-line">{} <span class="help">Play your seat on this phone, at a table '
                   "hosted on another phone nearby.</span></p>", button("Join a table", "join", "btn"))
    return html('{}<main class="wrap" id="main">{}<h1 tabindex="-1">Games</h1><div class="gamegrid">{}</div>{}</main>',
                appbar(app, "library"), alerts(app), join(cards), joining)


# ---- new game ------------------------------------------------------------------------
def _seat_row(app: Any, i: int, s: dict[str, Any], n: int, min_p: int, levels: list[str], role: str = "") -> Markup:
    kind_btns = join(
        button(label, "seat-kind", "seg-btn", data_i=i, data_kind=k, aria_pressed="true" if s["kind"] == k else "false")
        for k, label in (("human", "Human"), ("bot", "Bot"), ("phone", "Phone")))
    level = Markup()
    if s["kind"] == "bot":
        opts = join(html("<option{}>{}</option>", attrs(value=lv, selected=lv == s["level"]), lv.capitalize())
                    for lv in levels)
        level = html('<label class="level"><span>Level</span><select{}>{}</select></label>',
                     attrs(data_act="seat-level", data_i=i, id=f"seat-level-{i}"), opts)
    remove = button("✕", "seat-remove", "btn icon ghost", data_i=i, aria_label=f"Remove seat {i + 1}",
                    disabled=n <= min_p)
    name = attrs(type="text", class_="seat-name", name=f"seat-name-{i}", id=f"seat-name-{i}", data_act="seat-name",
                 data_i=i, value=s["name"], maxlength=24, autocomplete="off", aria_label=f"Name of seat {i + 1}")
    return html('<li class="seat"{seat}>'
                '<div class="seat-head"><span class="seat-no" aria-hidden="true">{no}</span>'
                "<input{name}>{remove}</div>"
                '<div class="seat-kind"><div class="seg" role="group" aria-label="Seat {no} is played by">{kinds}</div>'
                "{level}{role}</div></li>",
                seat=attrs(data_seat=i), no=i + 1, name=name, remove=remove, kinds=kind_btns, level=level,
                role=html('<span class="seat-role">{}</span>', role) if role else Markup())


def option_field(o: dict[str, Any], value: Any) -> Markup:
    """One declared option (Option JSON) as a form field with its help text."""
    oid = f"opt-{o['name']}"
    help_id = f"{oid}-help"
    help_html = html('<p class="help" id="{}">{}</p>', help_id, o.get("help", "")) if o.get("help") else Markup()
    desc = help_id if o.get("help") else None
    kind = o["kind"]
    if kind == "int":
        return html('<div class="field"><label for="{oid}">{label}</label>'
                    '<div class="stepper">{minus}<input{field}>{plus}</div>{help}</div>',
                    oid=oid, label=o["label"],
                    minus=button("−", "opt-step", "btn icon", data_name=o["name"], data_d=-1,
                                 aria_label="Fewer: " + o["label"], disabled=value <= o["min"]),
                    field=attrs(type="number", id=oid, name=oid, inputmode="numeric", min=o["min"], max=o["max"],
                                value=value, data_act="opt", data_name=o["name"], aria_describedby=desc),
                    plus=button("+", "opt-step", "btn icon", data_name=o["name"], data_d=1,
                                aria_label="More: " + o["label"], disabled=value >= o["max"]),
                    help=help_html)
    if kind == "choice":
        opts = join(html("<option{}>{}</option>", attrs(value=str(c), selected=c == value), lbl)
                    for c, lbl in zip(o["choices"], o["labels"], strict=False))
        return html('<div class="field"><label for="{}">{}</label><select{}>{}</select>{}</div>',
                    oid, o["label"], attrs(id=oid, data_act="opt", data_name=o["name"], aria_describedby=desc),
                    opts, help_html)
    if kind == "multi":
        boxes = join(
            html('<label class="check"><input{}><span>{}</span></label>',
                 attrs(type="checkbox", data_act="opt", data_name=o["name"], data_choice=str(c), checked=c in value), lbl)
            for c, lbl in zip(o["choices"], o["labels"], strict=False))
        checks = html('<div class="checks">{}</div>', boxes)
        if len(o["choices"]) > 12:  # a long list (e.g. a custom card mix) stays folded
            checks = html('<details class="checks-fold"><summary>{} of {} chosen</summary>{}</details>',
                          len(value), len(o["choices"]), checks)
        return html('<fieldset class="field"{}><legend>{}</legend>{}{}</fieldset>',
                    attrs(aria_describedby=desc), o["label"], checks, help_html)
    if kind == "bool":
        return html('<div class="field"><label class="switch"><input{}>'
                    '<span class="switch-track" aria-hidden="true"></span><span>{}</span></label>{}</div>',
                    attrs(type="checkbox", role="switch", id=oid, data_act="opt", data_name=o["name"],
                          checked=bool(value), aria_describedby=desc), o["label"], help_html)
    return html('<p class="help">Option {} cannot be set here.</p>', o["label"])


def new_game(app: Any) -> Markup:
    """The new-game form: seats (name, human or bot and its level), options, start."""
    draft = app.draft
    g = app.game(draft["game"])
    d = g.describe()
    levels = app.bot_levels(draft["game"])
    n = len(draft["seats"])
    roles = g.seat_roles(n, draft["options"])
    rows = join(_seat_row(app, i, s, n, g.min_players, levels, roles[i] if i < len(roles) else "")
                for i, s in enumerate(draft["seats"]))
    add = button("+ Add a seat", "seat-add", "btn", disabled=n >= g.max_players)
    opts = join(option_field(o, draft["options"][o["name"]]) for o in d["options"])
    err = (html('<div class="alert alert-error" role="alert" id="setup-error"><p>{}</p></div>', app.draft_error)
           if app.draft_error else Markup())
    about = (html('<section class="panel about"><h2>About the cards</h2><p>{}</p></section>', d["data_notes"])
             if d.get("data_notes") else Markup())
    return html('{appbar}<main class="wrap narrow" id="main">{alerts}'
                '<h1 tabindex="-1">New game: {title}</h1>'
                '<form class="setup" data-act="start" novalidate>'
                '<section class="panel"><h2>Players <span class="count">{n} of {lo}–{hi}</span></h2>'
                '<ol class="seats">{rows}</ol><div class="row">{add}</div></section>'
                "{opts}{err}"
                '<div class="row start-row"><button type="submit" class="btn primary big">Start game</button>'
                "{cancel}</div>{about}</form></main>",
                appbar=appbar(app, "new"), alerts=alerts(app), title=d["title"], n=n, lo=d["min_players"],
                hi=d["max_players"], rows=rows, add=add,
                opts=html('<section class="panel"><h2>Options</h2>{}</section>', opts) if opts else Markup(),
                err=err, cancel=button("Cancel", "go", "btn ghost", data_to="library"), about=about)


# ---- table and hand-off --------------------------------------------------------------
def table(app: Any) -> Markup:
    """The game's table (:mod:`tb_ui.tables`), with a daily deal's result once it ends."""
    m = app.match
    score = daily.score_html(app, m) if m.meta.get("daily") and m.is_over() else None
    return html("{}{}", phones.phones_panel(app), render_table(app, score))


def handoff(app: Any) -> Markup:
    """Pass the device: the next human's name and nothing private (the game's
    renderer may add public news, such as what the last turn did)."""
    seat = app.handoff_seat()
    name = app.match.seats[seat].name
    return html('<main class="handoff" id="main"><div class="handoff-card">'
                '<p class="eyebrow">{title} · pass and play</p>'
                '<h1 tabindex="-1">Pass the device to {name}</h1>'
                "<p>It is {name}’s move. Hand the device over, then tap the button when you are ready.</p>"
                "{ok}{leave}</div>{note}</main>",
                title=app.match.game.title, name=name,
                ok=button(f"I’m {name} — continue", "handoff-ok", "btn primary big", data_seat=seat),
                leave=button("Back to the library", "leave", "btn ghost"), note=handoff_note(app))


# ---- saved games ----------------------------------------------------------------------
# ---- rules -------------------------------------------------------------------------
def rules(app: Any) -> Markup:
    """The rules help of ``app.rules_game``, or its sub-page ``app.rules_part``."""
    prev = app.prev_route or ""
    if prev:
        back_label = {"table": "Back to the table", "replay": "Back to the replay", "daily": "Back to the daily challenge",
                      "new": "Back to the new game", "rules": "Back to the rules"}.get(prev.partition("/")[0], "Back")
    else:
        back_label = "Back to the table" if app.back_to == "table" and app.match is not None else "Back"
    g = app.game(app.rules_game)
    page = rules_pages(app.rules_game).get(app.rules_part)
    if page is not None:
        if not prev:  # opened directly (a reload): Back still leads to the game's rules
            back = button("‹ Rules of " + g.title, "rules", "btn ghost", data_game=g.id)
        else:
            back = button("‹ " + back_label, "back", "btn ghost")
        return html('<main class="wrap narrow rules" id="main"><div class="row">{}</div>'
                    '<h1 tabindex="-1">{}: {}</h1>{}</main>',
                    back, g.title, page[0][0].lower() + page[0][1:], page[1])
    return html('<main class="wrap narrow rules" id="main"><div class="row">{}</div>'
                '<h1 tabindex="-1">How to play {}</h1>{}</main>',
                button("‹ " + back_label, "back", "btn ghost"), g.title, rules_html(app.rules_game))
