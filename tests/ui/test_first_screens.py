"""The first screens (issue 26 §1, pwa/tb_ui/first.py): what the build draws for a first visit
is what the app draws, each tap leads where the app goes, and what a player did before Python
was up is replayed."""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "pwa"))
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from tb_ui.first import FIRST_KINDS, explore, replay, tap_key, taps, templates  # noqa: E402
from test_tb_ui import make_app  # noqa: E402

from py_engine.games import ids  # noqa: E402

FOUND = explore(make_app)


def test_the_first_screens_are_the_library_saves_settings_and_each_game_s_rules_and_form() -> None:
    games = ids()
    want = {"library", "saves", "settings"} | {f"rules/{g}" for g in games} | {f"new/{g}" for g in games}
    assert want <= set(FOUND.screens), want - set(FOUND.screens)
    extra = set(FOUND.screens) - want
    assert all(r.startswith("rules/") and r.count("/") == 2 for r in extra), extra  # rules' own pages
    assert all(r.partition("/")[0] in FIRST_KINDS for r in FOUND.screens)
    assert "daily/timeline" not in FOUND.screens  # the day's deal is not the same every day


def test_each_first_screen_is_what_the_app_draws_there() -> None:
    """A new app (a first visit) opened at each route draws exactly the screen the build keeps,
    title and theme included."""
    for route, screen in FOUND.screens.items():
        app = make_app()
        assert app.navigate(route), route
        assert str(app.render()) == screen.html, route
        assert (app.title(), app.theme()) == (screen.title, screen.theme), route


def test_each_move_is_where_the_app_goes_on_that_tap() -> None:
    """Every tap of a first screen the build lists as a move leads the app to that route; the
    library's New game and Rules buttons of every game are moves; a tap that changes more than
    the screen (a seat's kind) or leads elsewhere (the daily challenge) is none."""
    for route, moves in FOUND.moves.items():
        by_key = {tap_key(act, data): (act, data) for act, data in taps(FOUND.screens[route].html)}
        for key, to in moves.items():
            app = make_app()
            app.navigate(route)
            act, data = by_key[key]
            app.dispatch(act, dict(data))
            assert app.route() == to and str(app.render()) == FOUND.screens[to].html, (route, key)
    lib = FOUND.moves["library"]
    for g in ids():
        assert lib[tap_key("new", {"game": g})] == f"new/{g}"
        assert lib[tap_key("rules", {"game": g})] == f"rules/{g}"
    assert tap_key("daily", {"game": "timeline"}) not in lib
    assert not any(k.startswith("seat-kind ") for k in FOUND.moves["new/time_war"])


def test_replay_brings_the_form_s_changes_and_start_to_python() -> None:
    """What first-screens.js keeps (a seat renamed, an option set, Start) replayed on the app
    opened at the route shown: the game starts with them."""
    app = make_app()
    app.navigate("new/time_war")
    replay(app, [
        {"route": "new/time_war", "act": "seat-name", "data": {"i": "0", "value": "Zoë"}},
        {"route": "new/time_war", "act": "opt", "data": {"name": "match_of_two", "value": "on", "checked": True}},
        {"route": "new/time_war", "act": "start", "data": {"fields": {}}},
        {"route": "new/time_war", "act": "", "data": {}},  # unreadable: skipped
    ])
    assert app.screen == "table" and app.match is not None
    assert app.match.seats[0].name == "Zoë" and app.match.options["match_of_two"] is True


def test_replay_goes_to_the_screen_each_step_was_made_on() -> None:
    app = make_app()
    app.navigate("library")
    replay(app, [{"route": "new/barons", "act": "seat-kind", "data": {"i": "1", "kind": "human"}}])
    assert app.route() == "new/barons" and app.form["seats"][1]["kind"] == "human"


def test_the_templates_carry_every_screen_and_the_moves() -> None:
    out = templates(FOUND)
    assert out.startswith('<template id="tb-first" data-first="')
    routes = re.findall(r'<template data-route="([^"]+)">', out)
    assert routes == list(FOUND.screens)
    assert FOUND.screens["library"].html in out
