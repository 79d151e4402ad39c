"""HTML of every screen except the game tables (see :mod:`tb_ui.tables`)."""

from __future__ import annotations

from typing import Any

from .html import attrs, button, e, plural

TITLES = {"library": "Games", "new": "New game", "table": "Table", "saves": "Saved games",
          "rules": "Rules", "settings": "Settings", "handoff": "Pass the device", "replay": "Replay",
          "daily": "Daily challenge"}


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
    return str(app.screen)


def render(app: Any) -> str:
    screen = current(app)
    from . import daily, replay

    body = {
        "library": library, "new": new_game, "table": table, "handoff": handoff,
        "saves": saves, "rules": rules, "settings": settings, "replay": replay.render,
        "daily": daily.render,
    }[screen](app)
    n = app.match.state["n"] if screen in ("table", "handoff") else None
    if screen == "replay":
        n = app.replay.k
    # data-actor="bot" while a bot is to move (tests and styles key on it)
    actor = "bot" if screen in ("table", "handoff") and app.bot_pending() else None
    return (f'<div{attrs(class_=f"screen screen-{screen}", data_screen=screen, data_n=n, data_actor=actor, data_route=app.route())}>'
            f'{body}</div>')


# ---- shared pieces -------------------------------------------------------------------
def appbar(app: Any, active: str) -> str:
    links = [("library", "Games"), ("saves", "Saved games"), ("settings", "Settings")]
    items = "".join(
        f'<li>{button(label, "go", "navlink", data_to=to, aria_current="page" if to == active else None)}</li>'
        for to, label in links)
    # not a <header>: the page's banner is the shell's brand bar
    return (f'<div class="appbar"><div class="appbar-in">'
            f'<nav aria-label="Main"><ul class="nav">{items}</ul></nav></div></div>')


def alerts(app: Any) -> str:
    """The error, notice and autosave-failure messages of every screen and table."""
    out = ""
    if app.error:
        out += (f'<div class="alert alert-error" role="alert"><p>{e(app.error)}</p>'
                f'{button("Dismiss", "dismiss", "btn ghost small")}</div>')
    if app.notice:
        out += (f'<div class="alert alert-ok" role="status"><p>{e(app.notice)}</p>'
                f'{button("OK", "dismiss", "btn ghost small")}</div>')
    if app.save_error:
        out += f'<div class="alert alert-error" role="alert"><p>{e(app.save_error)}</p></div>'
    problem = app.storage_problem()
    if problem and problem != app.save_error:
        out += f'<div class="alert alert-error storage-alert" role="alert"><p>{e(problem)}</p></div>'
    return out + catchup_panel(app)


def catchup_panel(app: Any) -> str:
    """The bots' moves since the player's last one, in one panel (also in the log)."""
    c = app.catchup()
    if not c:
        return ""
    items = "".join(f"<li>{e(t)}</li>" for t in c["lines"])
    more = (f'<p class="help">…and {plural(c["more"], "earlier line")} in the game log.</p>'
            if c["more"] else "")
    return (f'<section class="catchup panel" aria-labelledby="catchup-title">'
            f'<h2 id="catchup-title">{e(c["title"])} <span class="count">{plural(c["moves"], "bot turn")}</span></h2>'
            f'<ol class="catchup-list">{items}</ol>{more}'
            f'{button("OK", "catchup-ok", "btn small", aria_label="OK, hide this summary")}</section>')


def players_text(seats: list[dict[str, Any]]) -> str:
    return ", ".join(s.get("name", "?") + (" (bot)" if s.get("kind") == "bot" and "Bot" not in s.get("name", "") else "")
                     for s in seats)


# ---- library -------------------------------------------------------------------------
def library(app: Any) -> str:
    cards = []
    for g in app.games():
        d = g.describe()
        players = (f"{d['min_players']}–{d['max_players']} players"
                   if d["min_players"] != d["max_players"] else plural(d["min_players"], "player"))
        cont = app.store.latest_unfinished(d["id"])
        cont_html = ""
        if cont is not None:
            cont_html = (f'<button type="button"{attrs(class_="btn primary", data_act="resume", data_id=cont["id"])}>'
                         f'Continue<span class="sub">{e(cont.get("progress", ""))} · '
                         f'{e(players_text(cont.get("seats", [])))}</span></button>')
        new_cls = "btn" if cont is not None else "btn primary"
        cards.append(
            f'<article class="gamecard" data-game="{e(d["id"])}">'
            f'<div class="gamecard-art art-{e(d["id"])}" aria-hidden="true"><span></span><span></span><span></span><span></span></div>'
            f'<div class="gamecard-body"><h2>{e(d["title"])}</h2>'
            f'<p class="blurb">{e(d["blurb"])}</p><p class="meta">{e(players)} · pass and play or against bots</p>'
            f'<div class="actions">{cont_html}'
            + button("New game", "new", new_cls, data_game=d["id"], aria_label="New game of " + d["title"])
            + (button("Daily challenge", "daily", "btn", data_game=d["id"], aria_label=f"Daily challenge: {d['title']}")
               if d.get("daily") else "")
            + button("Rules", "rules", "btn ghost", data_game=d["id"], aria_label="Rules of " + d["title"]) +
            '</div></div></article>')
    return (appbar(app, "library") + '<main class="wrap" id="main">' + alerts(app)
            + '<h1 tabindex="-1">Games</h1><div class="gamegrid">' + "".join(cards) + "</div></main>")


# ---- new game ------------------------------------------------------------------------
def _seat_row(app: Any, i: int, s: dict[str, Any], n: int, min_p: int, levels: list[str], role: str = "") -> str:
    kind_btns = "".join(
        button(label, "seat-kind", "seg-btn", data_i=i, data_kind=k, aria_pressed="true" if s["kind"] == k else "false")
        for k, label in (("human", "Human"), ("bot", "Bot")))
    level = ""
    if s["kind"] == "bot":
        opts = "".join(f'<option{attrs(value=lv, selected=lv == s["level"])}>{e(lv.capitalize())}</option>'
                       for lv in levels)
        level = (f'<label class="level"><span>Level</span><select{attrs(data_act="seat-level", data_i=i, id=f"seat-level-{i}")}>'
                 f"{opts}</select></label>")
    remove = button("✕", "seat-remove", "btn icon ghost", data_i=i, aria_label=f"Remove seat {i + 1}",
                    disabled=n <= min_p)
    return (f'<li class="seat"{attrs(data_seat=i)}>'
            f'<div class="seat-head"><span class="seat-no" aria-hidden="true">{i + 1}</span>'
            f'<input{attrs(type="text", class_="seat-name", name=f"seat-name-{i}", id=f"seat-name-{i}", data_act="seat-name", data_i=i, value=s["name"], maxlength=24, autocomplete="off", aria_label=f"Name of seat {i + 1}")}>'
            f"{remove}</div>"
            f'<div class="seat-kind"><div class="seg" role="group" aria-label="Seat {i + 1} is played by">{kind_btns}</div>{level}'
            + (f'<span class="seat-role">{e(role)}</span>' if role else "") + "</div></li>")


def option_field(o: dict[str, Any], value: Any) -> str:
    """One declared option (Option JSON) as a form field with its help text."""
    oid = f"opt-{o['name']}"
    help_id = f"{oid}-help"
    help_html = f'<p class="help" id="{e(help_id)}">{e(o.get("help", ""))}</p>' if o.get("help") else ""
    desc = help_id if o.get("help") else None
    kind = o["kind"]
    if kind == "int":
        return (f'<div class="field"><label for="{e(oid)}">{e(o["label"])}</label>'
                f'<div class="stepper">'
                + button("−", "opt-step", "btn icon", data_name=o["name"], data_d=-1, aria_label="Fewer: " + o["label"], disabled=value <= o["min"])
                + f'<input{attrs(type="number", id=oid, name=oid, inputmode="numeric", min=o["min"], max=o["max"], value=value, data_act="opt", data_name=o["name"], aria_describedby=desc)}>'
                + button("+", "opt-step", "btn icon", data_name=o["name"], data_d=1, aria_label="More: " + o["label"], disabled=value >= o["max"]) +
                f"</div>{help_html}</div>")
    if kind == "choice":
        opts = "".join(f'<option{attrs(value=str(c), selected=c == value)}>{e(lbl)}</option>'
                       for c, lbl in zip(o["choices"], o["labels"], strict=False))
        return (f'<div class="field"><label for="{e(oid)}">{e(o["label"])}</label>'
                f'<select{attrs(id=oid, data_act="opt", data_name=o["name"], aria_describedby=desc)}>{opts}</select>'
                f"{help_html}</div>")
    if kind == "multi":
        boxes = "".join(
            f'<label class="check"><input{attrs(type="checkbox", data_act="opt", data_name=o["name"], data_choice=str(c), checked=c in value)}>'
            f"<span>{e(lbl)}</span></label>"
            for c, lbl in zip(o["choices"], o["labels"], strict=False))
        checks = f'<div class="checks">{boxes}</div>'
        if len(o["choices"]) > 12:  # a long list (e.g. a custom card mix) stays folded
            checks = (f'<details class="checks-fold"><summary>{len(value)} of {len(o["choices"])} chosen'
                      f"</summary>{checks}</details>")
        return (f'<fieldset class="field"{attrs(aria_describedby=desc)}><legend>{e(o["label"])}</legend>'
                f'{checks}{help_html}</fieldset>')
    if kind == "bool":
        return (f'<div class="field"><label class="switch"><input{attrs(type="checkbox", role="switch", id=oid, data_act="opt", data_name=o["name"], checked=bool(value), aria_describedby=desc)}>'
                f'<span class="switch-track" aria-hidden="true"></span><span>{e(o["label"])}</span></label>{help_html}</div>')
    return f'<p class="help">Option {e(o["label"])} cannot be set here.</p>'


def new_game(app: Any) -> str:
    draft = app.draft
    g = app.game(draft["game"])
    d = g.describe()
    levels = app.bot_levels(draft["game"])
    n = len(draft["seats"])
    roles = g.seat_roles(n, draft["options"])
    rows = "".join(_seat_row(app, i, s, n, g.min_players, levels, roles[i] if i < len(roles) else "")
                   for i, s in enumerate(draft["seats"]))
    add = button("+ Add a seat", "seat-add", "btn", disabled=n >= g.max_players)
    opts = "".join(option_field(o, draft["options"][o["name"]]) for o in d["options"])
    err = (f'<div class="alert alert-error" role="alert" id="setup-error"><p>{e(app.draft_error)}</p></div>'
           if app.draft_error else "")
    about = (f'<section class="panel about"><h2>About the cards</h2><p>{e(d["data_notes"])}</p></section>'
             if d.get("data_notes") else "")
    return (appbar(app, "new") + '<main class="wrap narrow" id="main">' + alerts(app)
            + f'<h1 tabindex="-1">New game: {e(d["title"])}</h1>'
            + '<form class="setup" data-act="start" novalidate>'
            + f'<section class="panel"><h2>Players <span class="count">{n} of {d["min_players"]}–{d["max_players"]}</span></h2>'
            + f'<ol class="seats">{rows}</ol><div class="row">{add}</div></section>'
            + (f'<section class="panel"><h2>Options</h2>{opts}</section>' if opts else "")
            + err
            + '<div class="row start-row"><button type="submit" class="btn primary big">Start game</button>'
            + button("Cancel", "go", "btn ghost", data_to="library") + "</div>"
            + about + "</form></main>")


# ---- table and hand-off --------------------------------------------------------------
def table(app: Any) -> str:
    from .tables import render_table

    return render_table(app)


def handoff(app: Any) -> str:
    """Pass the device: the next human's name and nothing private (the game's
    renderer may add public news, such as what the last turn did)."""
    from .tables import handoff_note

    seat = app.handoff_seat()
    name = app.match.seats[seat].name
    return (f'<main class="handoff" id="main"><div class="handoff-card">'
            f'<p class="eyebrow">{e(app.match.game.title)} · pass and play</p>'
            f'<h1 tabindex="-1">Pass the device to {e(name)}</h1>'
            f'<p>It is {e(name)}’s move. Hand the device over, then tap the button when you are ready.</p>'
            f'{button(f"I’m {name} — continue", "handoff-ok", "btn primary big", data_seat=seat)}'
            f'{button("Back to the library", "leave", "btn ghost")}'
            f"</div>{handoff_note(app)}</main>")


# ---- saved games ----------------------------------------------------------------------
def saves(app: Any) -> str:
    items = []
    for entry in app.store.list():
        sid = entry["id"]
        seats = entry.get("seats") or []
        when = app.format_time(entry["updated"]) if entry.get("updated") else "unknown"
        status = entry.get("result") or ("Finished" if entry.get("over") else entry.get("progress", ""))
        damaged = (f'<p class="damaged" role="note">Cannot be opened: {e(entry["damaged"])}</p>'
                   if entry.get("damaged") else "")
        if entry.get("listing_damaged") and not entry.get("damaged"):
            damaged += ('<p class="damaged" role="note">The details of this save in the list were damaged; '
                        "the game itself is kept. Open it to check it, or export it.</p>")
        title = entry.get("title", "Saved game")
        who = players_text(seats) or "unknown players"
        if app.confirm_delete == sid:
            actions = ('<p class="confirm">Delete this saved game for good?</p>'
                       + button("Delete", "delete-confirm", "btn danger", data_id=sid, aria_label=f"Confirm delete: {title} with {who}")
                       + button("Cancel", "delete-cancel", "btn ghost"))
        else:
            actions = (button("View" if entry.get("over") else "Resume", "resume", "btn primary", data_id=sid,
                              aria_label=f"{'View' if entry.get('over') else 'Resume'} {title} with {who}")
                       + (button("Replay", "replay-open", "btn", data_id=sid, aria_label=f"Replay {title} with {who}")
                          if not entry.get("damaged") else "")
                       + button("Export", "export", "btn", data_id=sid, aria_label=f"Export {title} with {who}")
                       + button("Delete", "delete", "btn ghost", data_id=sid, aria_label=f"Delete {title} with {who}"))
        items.append(
            f'<li class="save"{attrs(data_id=sid)}><div class="save-info"><h2>{e(title)}</h2>'
            f'<p class="who">{e(who)}</p>'
            f'<p class="meta">{e(" · ".join(p for p in (status, f"last played {when}") if p))}</p>{damaged}</div>'
            f'<div class="actions">{actions}</div></li>')
    listing = (f'<ul class="saves">{"".join(items)}</ul>' if items
               else '<p class="empty">No saved games yet. Games are saved automatically after every move.</p>')
    return (appbar(app, "saves") + '<main class="wrap narrow" id="main">'
            + '<h1 tabindex="-1">Saved games</h1>' + alerts(app)
            + '<div class="row import-row"><label class="btn file">Import a save file'
            + '<input type="file" accept=".json,application/json" data-act="import" class="file-input">'
            + '</label><p class="help">Saves are kept on this device. Export one to move it to another device or keep a copy. '
            + 'A backup of all saves (made when the app could not start) is imported here too.</p></div>'
            + listing + "</main>")


# ---- rules -------------------------------------------------------------------------
def rules(app: Any) -> str:
    """The rules help of ``app.rules_game``, or its sub-page ``app.rules_part``."""
    from .rules import rules_html, rules_pages

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
        return ('<main class="wrap narrow rules" id="main">'
                + f'<div class="row">{back}</div>'
                + f'<h1 tabindex="-1">{e(g.title)}: {e(page[0][0].lower() + page[0][1:])}</h1>'
                + page[1] + "</main>")
    return ('<main class="wrap narrow rules" id="main">'
            + f'<div class="row">{button("‹ " + back_label, "back", "btn ghost")}</div>'
            + f'<h1 tabindex="-1">How to play {e(g.title)}</h1>'
            + rules_html(app.rules_game) + "</main>")


# ---- settings ----------------------------------------------------------------------
def _seg(name: str, value: str, choices: list[tuple[str, str]], label: str) -> str:
    btns = "".join(button(lbl, "setting", "seg-btn", data_name=name, data_value=v,
                          aria_pressed="true" if v == value else "false") for v, lbl in choices)
    return f'<div class="seg" role="group" aria-label="{e(label)}">{btns}</div>'


def settings(app: Any) -> str:
    s = app.settings
    speed_note = ""
    if app.botspeed_override:
        speed_note = f'<p class="help">This page was opened with bot speed “{e(app.botspeed_override)}”.</p>'
    return (appbar(app, "settings") + '<main class="wrap narrow" id="main">' + alerts(app)
            + '<h1 tabindex="-1">Settings</h1>'
            + '<section class="panel"><h2 id="set-theme">Theme</h2>'
            + _seg("theme", s["theme"], [("system", "System"), ("light", "Light"), ("dark", "Dark")], "Theme")
            + '<p class="help">“System” follows your device’s light or dark setting.</p></section>'
            + '<section class="panel"><h2>Bot speed</h2>'
            + _seg("botspeed", s["botspeed"], [("normal", "Normal"), ("fast", "Fast"), ("instant", "Instant")], "Bot speed")
            + '<p class="help">How long bots pause before each move, so you can follow them.</p>' + speed_note + "</section>"
            + '<section class="panel"><h2>Pass and play</h2><label class="switch">'
            + f'<input{attrs(type="checkbox", role="switch", data_act="setting", data_name="handoff", checked=bool(s["handoff"]), aria_describedby="handoff-help")}>'
            + '<span class="switch-track" aria-hidden="true"></span><span>Hand-off screen between players</span></label>'
            + '<p class="help" id="handoff-help">Show a “pass the device” screen whenever a different person is to play. '
            + "Games with hidden hands always show it; Timeline has none, so it is off by default.</p></section>"
            + "</main>")
