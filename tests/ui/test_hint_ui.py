"""The Hint button (issue 24 §5) in the app's pure-Python UI layer (pwa/tb_ui), in CPython:
offered only to a lone human against bots, thinking while the player may still act or
cancel, then the suggested option ringed (``data-hint``) with one line of why."""

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
from tb_ui.store import SETTINGS_KEY, MemoryStorage  # noqa: E402
from test_tb_ui import buttons, make_app, parse, start_game, tap  # noqa: E402

from py_engine.core import Game  # noqa: E402


@pytest.fixture(autouse=True)
def _quick(monkeypatch: pytest.MonkeyPatch) -> None:
    """New games draw their seed from `random`; the hint bot searches at the easy level's
    budget here (the app asks the hard one), so the tests stay quick."""
    random.seed(99)
    monkeypatch.setattr(Game, "hint_level", lambda self: None if self.id == "timeline" else "easy")


def hint_buttons(app: App) -> list[dict[str, Any]]:
    return buttons(str(app.render()), "hint")


def to_human_turn(app: App) -> None:
    while app.bot_pending():
        app.bot_step()


def to_a_choice(app: App) -> None:
    """Play on (the human taking its first option) to the human's first decision with more than
    one option."""
    to_human_turn(app)
    for _ in range(40):
        m = app.match
        if len(m.game.legal_actions(m.state, app.acting_seat())) > 1:
            return
        tap(app, buttons(str(app.render()), "play")[0])
        to_human_turn(app)


def hinted_until(app: App, name: str, decisions: int = 12) -> dict[str, Any]:
    """Ask for a hint at each of the human's decisions, taking the hinted move, until a hint
    suggests an action called ``name``; returns that hint (``App.hint_view``)."""
    for _ in range(decisions):
        to_a_choice(app)
        tap(app, hint_buttons(app)[0])
        assert app.hint_step()
        view = app.hint_view()
        assert view is not None
        if view["action"][0] == name:
            return view
        tap(app, [b for b in buttons(str(app.render())) if b["attrs"].get("data-hint") == "1"][0])
    raise AssertionError(f"no {name!r} was hinted in {decisions} decisions")


def test_the_hint_is_offered_against_bots_and_rings_a_legal_option() -> None:
    app = make_app()
    start_game(app, ["human", "bot"], game="time_war", level="easy", options={"scenario": "centre"})
    to_human_turn(app)
    [hint] = hint_buttons(app)
    assert "disabled" not in hint["attrs"]
    tap(app, hint)
    page = str(app.render())
    assert "Looking for a hint" in page and 'id="hint-progress"' in page
    assert buttons(page, "hint-cancel"), "the hint can be cancelled while the bot thinks"
    assert app.hint_step()
    page = str(app.render())
    assert "Hint: " in page and "playouts" in page  # Time War has no terms: the search's estimate
    ringed = [b for b in buttons(page, "play") if b["attrs"].get("data-hint") == "1"]
    assert ringed, "the suggested option's buttons carry data-hint"
    m = app.match
    seat = app.acting_seat()
    legal = [a.to_json() for a in m.game.legal_actions(m.state, seat)]
    assert all(json.loads(b["attrs"]["data-a"]) in legal for b in ringed)
    assert len({b["attrs"]["data-a"] for b in ringed}) == 1
    assert m.meta["hints"] == 1
    n = len(m.actions)
    tap(app, ringed[0])  # the hint played
    assert len(m.actions) == n + 1 and app.hint is None


def test_acting_or_cancelling_drops_the_hint_being_looked_for() -> None:
    app = make_app()
    start_game(app, ["human", "bot"], game="time_war", level="easy", options={"scenario": "centre"})
    to_human_turn(app)
    tap(app, hint_buttons(app)[0])
    thinking = app.hint_pending()
    assert thinking is not None
    tap(app, buttons(str(app.render()), "hint-cancel")[0])
    assert app.hint is None and app.hint_pending() is None
    tap(app, hint_buttons(app)[0])
    thinking = app.hint_pending()
    tap(app, buttons(str(app.render()), "play")[0])  # the player acts meanwhile
    to_human_turn(app)
    assert app.hint_pending() is None
    while not thinking.step(60.0):
        pass
    assert not app.hint_finish(thinking), "a hint for a decision already made is never shown"
    assert "hints" not in app.match.meta


def test_no_hint_with_several_humans_when_turned_off_in_timeline_or_while_a_bot_moves() -> None:
    app = make_app()
    start_game(app, ["human", "human"], game="time_war", options={"scenario": "centre"})
    if app.handoff_seat() is not None:
        app.dispatch("handoff-ok", {"seat": str(app.handoff_seat())})
    assert app.acting_seat() is not None and not hint_buttons(app)
    app.dispatch("hint", {})
    assert app.hint is None, "a tap on a stale Hint button does nothing in a competitive game"

    storage = MemoryStorage()
    storage.set(SETTINGS_KEY, json.dumps({"hints": False}))
    off = make_app(storage)
    assert off.settings["hints"] is False
    start_game(off, ["human", "bot"], game="time_war", level="easy", options={"scenario": "centre"})
    to_human_turn(off)
    assert not hint_buttons(off)

    tl = make_app()
    start_game(tl, ["human", "bot"], game="timeline", level="easy")
    to_human_turn(tl)
    assert tl.acting_seat() is not None and not hint_buttons(tl)

    bots = make_app()
    start_game(bots, ["bot", "human"], game="time_war", level="easy", options={"scenario": "centre"})
    if bots.bot_pending():
        assert not hint_buttons(bots)


def test_the_setting_switch_turns_hints_off_and_on() -> None:
    app = make_app()
    assert app.settings["hints"] is True
    app.dispatch("go", {"to": "settings"})
    [switch] = [el for el in parse(str(app.render())).found if el["attrs"].get("data-name") == "hints"]
    assert switch["tag"] == "input" and "checked" in switch["attrs"]
    app.dispatch("setting", {"name": "hints", "checked": "false"})
    assert app.settings["hints"] is False
    assert json.loads(app.storage.get(SETTINGS_KEY) or "{}")["hints"] is False
    app.dispatch("setting", {"name": "hints", "checked": "true"})
    assert app.settings["hints"] is True


@pytest.mark.parametrize("game", ["time_barons", "time_of_crisis", "barons"])
def test_games_with_an_evaluation_explain_by_its_largest_term(game: str) -> None:
    app = make_app()
    start_game(app, ["human", "bot"], game=game, level="easy")
    to_a_choice(app)
    tap(app, hint_buttons(app)[0])
    assert app.hint_step()
    view = app.hint_view()
    assert view is not None and view["state"] == "ready"
    assert view["reason"].startswith(("Keeps your ", "Gives you a ", "Widens your ", "Your ", "The only choice"))
    page = str(app.render())
    assert 'data-hint="1"' in page


def test_hints_used_are_counted_on_the_end_panel() -> None:
    app = make_app()
    start_game(app, ["human", "bot"], game="time_war", level="easy", options={"scenario": "centre"})
    to_human_turn(app)
    tap(app, hint_buttons(app)[0])
    app.hint_step()
    app.match.meta["hints"] = 2
    while not app.match.is_over():
        if app.bot_pending():
            app.bot_step()
        else:
            m, seat = app.match, app.acting_seat()
            a = m.game.legal_actions(m.state, seat)[0]
            app.dispatch("play", {"seat": str(seat), "n": str(m.state["n"]), "a": json.dumps(a.to_json())})
    assert "Hints used: 2" in str(app.render())


def hinted_cards(page: str) -> list[str]:
    """The ids of the hand's cards marked ``hinted`` (a closed card whose play is the hint)."""
    return [m.group(2) for m in re.finditer(r'<li class="([^"]*)" id="(tb-card-[^"]+)"', page)
            if "hinted" in m.group(1).split()]


def test_a_hinted_card_play_rings_the_closed_card_then_its_play_button() -> None:
    """Time Barons shows a card's Play button only on the opened card: a hint to play a card
    rings the card's head while it is closed, and the Play button once it is opened."""
    app = make_app()
    start_game(app, ["human", "bot"], game="time_barons", level="easy")
    view = hinted_until(app, "play")  # a hint to play a card
    card = view["action"][1]
    page = str(app.render())
    ringed = [b for b in buttons(page) if b["attrs"].get("data-hint") == "1"]
    assert [(b["attrs"]["data-act"], b["attrs"].get("data-card")) for b in ringed] == [("table-ui", card)]
    assert hinted_cards(page) == [f"tb-card-{card}"]  # the card lets the ring and star show
    tap(app, ringed[0])  # open the card
    page = str(app.render())
    assert hinted_cards(page) == []
    ringed = [b for b in buttons(page) if b["attrs"].get("data-hint") == "1"]
    assert [(b["attrs"]["data-act"], json.loads(b["attrs"]["data-a"])) for b in ringed] == [
        ("play", ["play", card])]


def test_a_hinted_time_war_placement_is_ringed_on_its_preview() -> None:
    """Issue 48 §0: Time War's placements are previews to open before playing; the hinted
    placement's preview button carries the ring (``data-hint``), and only that one."""
    app = make_app()
    start_game(app, ["human", "bot"], game="time_war", level="easy", options={"scenario": "centre"})
    view = hinted_until(app, "place")  # a hint to place the chosen card
    _, j, cmd = view["action"]
    ringed = [b for b in buttons(str(app.render())) if b["attrs"].get("data-hint") == "1"]
    assert [(b["attrs"]["data-k"], b["attrs"]["data-key"]) for b in ringed] == [("preview", f"{j}:{cmd}")]
    assert "data-option" in ringed[0]["attrs"]
