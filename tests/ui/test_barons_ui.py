"""Unit tests of the Barons table (pwa/tb_ui/tables/barons.py) in CPython.

Rendered HTML is parsed and "tapping" an element dispatches its ``data-act`` with its
other ``data-*`` attributes, as pwa/tb-page.mjs does (helpers of test_tb_ui.py).
"""

from __future__ import annotations

import json
import random
import re
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "pwa"))
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from tb_ui.app import App  # noqa: E402
from tb_ui.rules import rules_html  # noqa: E402
from test_tb_ui import buttons, make_app, option_buttons, parse, start_game, tap  # noqa: E402

from py_engine.core import Action, Match, Seat  # noqa: E402


@pytest.fixture(autouse=True)
def _seeded() -> None:
    random.seed(2024)


def start(app: App, kinds: list[str], names: list[str], **options: Any) -> None:
    start_game(app, kinds, names, options, game="barons", level="easy")


def action_buttons(html: str) -> dict[str, dict[str, Any]]:
    return {b["attrs"]["data-a"]: b for b in option_buttons(html)}


def test_every_legal_action_is_a_button_through_a_game_with_two_humans_and_bots() -> None:
    """A 4-seat game (2 humans, 2 bots) played by taps to its end: each render offers
    a button for every legal action of the human to act, with the "your turn" banner
    naming them, and never a hand-off screen (nothing is hidden in Barons)."""
    app = make_app()
    start(app, ["human", "human", "bot", "bot"], ["Ann", "Bob", "Cy", "Di"], round_limit=4)
    rng = random.Random(5)
    seen: set[str] = set()
    for _ in range(3000):
        if app.match.is_over():
            break
        if app.bot_pending():
            assert app.bot_step()
            continue
        assert app.handoff_seat() is None
        html = app.render()
        seat = app.acting_seat()
        assert seat is not None
        legal = [json.dumps(a.to_json(), separators=(",", ":"))
                 for a in app.match.game.legal_actions(app.match.state, seat)]
        btns = action_buttons(html)
        assert set(legal) <= set(btns), set(legal) - set(btns)
        banner = re.search(r'<div class="bx-banner mine"[^>]*>(.*?)</div>', html, re.S)
        assert banner and app.match.seats[seat].name in banner.group(1)
        for b in btns.values():
            assert b["attrs"].get("aria-label"), b
        pick = rng.choice(legal)
        seen.add(json.loads(pick)[0])
        tap(app, btns[pick])
        assert app.error is None, app.error
    assert app.match.is_over()
    assert {"roll", "move"} <= seen
    html = app.render()
    assert 'class="endpanel"' in html and "bx-banner" not in html


def _to_move(app: App) -> None:
    """Play until the human holds a movement roll."""
    for _ in range(400):
        if app.bot_pending():
            app.bot_step()
            continue
        d = app.match.state["stack"][-1]
        if d["k"] == "move":
            return
        seat = app.acting_seat()
        legal = app.match.game.legal_actions(app.match.state, seat)
        app.match.apply(seat, next((a for a in legal if a.name in ("roll", "end", "character")), legal[-1]))
    raise AssertionError("no movement roll reached")


def test_reachable_spaces_are_ringed_and_a_tap_on_the_board_moves() -> None:
    """B §10.1 on the table: the destinations of the roll are ringed with their die;
    tapping one on the board performs that move."""
    app = make_app()
    start(app, ["human", "bot"], ["Ann", "Bot"], characters="random")
    _to_move(app)
    html = app.render()
    reach = app.match.game.board_view(app.match.state, 0)["decision"]["reach"]
    hot = [el for el in parse(html).found if el["tag"] == "g" and el["attrs"]["data-act"] == "play"]
    assert sorted(el["attrs"]["data-space"] for el in hot) == sorted(reach)
    assert html.count('class="bx-die-badge"') == len(reach)
    dest = sorted(reach)[0]
    el = next(x for x in hot if x["attrs"]["data-space"] == dest)
    tap(app, el)
    assert app.error is None and app.match.actions[-1][1] == Action("move", (dest,))


def test_zoom_buttons_and_tapping_a_realm() -> None:
    """Zoom on a realm by its button or by tapping one of its spaces; the realm's
    spaces are then listed with prices and tolls; "All" shows the whole board."""
    app = make_app()
    start(app, ["human", "bot"], ["Ann", "Bot"], characters="random")
    html = app.render()
    full = re.search(r'class="bx-board[^"]*" viewBox="([^"]+)"', html).group(1)
    zoom = next(b for b in buttons(html, "table-ui") if b["attrs"].get("data-realm") == "DESERT")
    tap(app, zoom)
    html = app.render()
    assert re.search(r'class="bx-board bx-zoomed" viewBox="([^"]+)"', html).group(1) != full
    assert "Mirage City" in html and "price 15 · toll 5 (keep 10)" in html
    tap(app, next(b for b in buttons(html, "table-ui") if b["attrs"].get("aria-label") == "All: the whole board"))
    html = app.render()
    assert "bx-zoomed" not in html
    tile = next(el for el in parse(html).found if el["tag"] == "g" and el["attrs"].get("data-realm") == "FIRE")
    tap(app, tile)
    assert app.table_ui["zoom"] == "FIRE" and "Warriors&#39; Hall" in app.render()


def fight_match() -> Match:
    """A seeded two-seat Barons game played at random up to the human's first decision in a
    monster fight (B §13)."""
    rng = random.Random(1)
    for seed in range(1, 60):
        m = Match.new("barons", [Seat("Ann"), Seat("Bot", "bot", "easy")], {"characters": "random"}, seed,
                      {"holder": 0})
        while not m.is_over() and not (m.state["combat"] and m.to_act() == [0]) and len(m.actions) < 800:
            seat = m.to_act()[0]
            m.apply(seat, rng.choice(m.game.legal_actions(m.state, seat)))
        if m.state["combat"] and m.to_act() == [0] and m.state["stack"][-1]["k"] == "fight":
            break
    assert m.state["combat"] and m.state["stack"][-1]["k"] == "fight"
    return m


def test_fight_panel_shows_both_sides_and_the_escape_option() -> None:
    """B §13 on the table: a monster fight shows both health bars, the exchanges so far
    and the options (attack, run away)."""
    app = make_app()
    m = fight_match()
    app.match, app.match_id, app.screen = m, "x", "table"
    html = app.render()
    assert 'class="bx-fight panel"' in html and html.count('class="bx-hp"') >= 2
    labels = [b["attrs"]["aria-label"] for b in action_buttons(html).values()]
    assert any(x.startswith("Run away") for x in labels) and any(x.startswith("Attack") for x in labels)


def test_names_are_escaped_and_designed_content_is_marked() -> None:
    app = make_app()
    start(app, ["human", "bot"], ['<b>"Ann"</b>', "Bot"], characters="random")
    html = app.render()
    assert "<b>&#34;Ann&#34;</b>" not in html and "&lt;b&gt;&#34;Ann&#34;&lt;/b&gt;" in html
    assert 'class="bx-dz"' in html


def test_rules_help_explains_the_completion() -> None:
    html = rules_html("barons")
    assert "What was designed to finish the game" in html and "Geoff Maddock" in html
