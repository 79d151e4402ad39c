"""Markup of every screen except the game tables (see :mod:`tb_ui.tables`); every
renderer returns :class:`~tb_ui.html.Markup` built through :mod:`tb_ui.html`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from . import daily, phones, replay, screen_new, screen_saves, screen_settings, tutorial
from .html import Markup, attrs, button, html, join, plural
from .parts import alerts, appbar
from .rules import rules_html, rules_pages
from .tables import handoff_note, render_table

TITLES = {"library": "Games", "new": "New game", "table": "Table", "saves": "Saved games",
          "rules": "Rules", "settings": "Settings", "handoff": "Pass the device", "replay": "Replay",
          "daily": "Daily challenge", "join": "Join a table"}


if TYPE_CHECKING:
    from .tables import MatchApp

    class AppHost(screen_saves.SavesHost, screen_settings.SettingsHost, screen_new.NewGameHost, daily.DailyHost,
                  replay.ReplayHost, phones.PhonesHost, MatchApp, Protocol):
        """What the screens read of the app: every screen's host, and the navigation's state
        (the route, where Back goes, the rules page shown)."""

        back_to: str
        prev_route: str | None
        rules_game: str
        rules_part: str

        def route(self) -> str: ...


def title(app: AppHost) -> str:
    screen = current(app)
    if screen in ("table", "handoff") and app.match is not None:
        return f"{app.match.game.title} · Time & Barons"
    if screen == "replay":
        return f"Replay: {app.replay.match.game.title} · Time & Barons"
    return f"{TITLES.get(screen, 'Time & Barons')} · Time & Barons"


def current(app: AppHost) -> str:
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


def render(app: AppHost) -> Markup:
    """The current screen inside its ``.screen`` wrapper (``data-screen``, ``data-n``,
    ``data-actor``, ``data-route`` for styles and tests).

    At a table, ``data-n`` (the state, or a guest's table revision) and ``data-acting`` (the
    seat whose options the buttons are) are what every action button was drawn for: the
    page adds them to an action's tap (``n``, ``seat``; see
    :meth:`tb_ui.context.TableContext.action_attrs`), so a button drawn for an older
    position is refused as before."""
    screen = current(app)
    body = {
        "library": library, "new": screen_new.render, "table": table, "handoff": handoff,
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
def library(app: AppHost) -> Markup:
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
        learn = (button("Learn", "learn", "btn", data_game=d["id"], aria_label=f"Learn {d['title']}: a guided first game")
                 if tutorial.lesson(d["id"]) is not None else Markup())
        cards.append(html(
            '<article class="gamecard" data-game="{id}">'
            '<div class="gamecard-art art-{id}" aria-hidden="true"><span></span><span></span><span></span><span></span></div>'
            '<div class="gamecard-body"><h2>{title}</h2>'
            '<p class="blurb">{blurb}</p><p class="meta">{players} · pass and play or against bots</p>'
            '<div class="actions">{cont}{new}{learn}{daily}{rules}</div></div></article>',
            id=d["id"], title=d["title"], blurb=d["blurb"], players=players, cont=cont_html,
            new=button("New game", "new", new_cls, data_game=d["id"], aria_label="New game of " + d["title"]),
            daily=daily, learn=learn,
            rules=button("Rules", "rules", "btn ghost", data_game=d["id"], aria_label="Rules of " + d["title"])))
    joining = html('<p class="join-line">{} <span class="help">Play your seat on this phone, at a table '
                   "hosted on another phone nearby.</span></p>", button("Join a table", "join", "btn"))
    return html('{}<main class="wrap" id="main">{}<h1 tabindex="-1">Games</h1><div class="gamegrid">{}</div>{}</main>',
                appbar(app, "library"), alerts(app), join(cards), joining)


# ---- table and hand-off --------------------------------------------------------------
def table(app: AppHost) -> Markup:
    """The game's table (:mod:`tb_ui.tables`), with a daily deal's result once it ends."""
    m = app.match
    score = daily.score_html(app, m) if m.meta.get("daily") and m.is_over() else None
    return html("{}{}", phones.phones_panel(app), render_table(app, score))


def handoff(app: AppHost) -> Markup:
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
def rules(app: AppHost) -> Markup:
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
    les, learn = tutorial.lesson(g.id), Markup()
    if les is not None:  # a guided first game (issue 45)
        learn = html('<p class="learn-line">{} <span class="help">{}</span></p>',
                     button("Learn by playing", "learn", "btn", data_game=g.id,
                            aria_label=f"Learn by playing: a guided first game of {g.title}"), les.about)
    return html('<main class="wrap narrow rules" id="main"><div class="row">{}</div>'
                '<h1 tabindex="-1">How to play {}</h1>{}{}</main>',
                button("‹ " + back_label, "back", "btn ghost"), g.title, learn, rules_html(app.rules_game))
