"""Unit tests of the Time Barons table (pwa/tb_ui/tables/time_barons.py) in CPython.

Rendered HTML is parsed and "tapping" a button dispatches its ``data-act`` with its
other ``data-*`` attributes, as tb_ui/browser.py does (helpers of test_tb_ui.py).
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "pwa"))
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from tb_ui.app import App  # noqa: E402
from test_tb_ui import buttons, make_app, tap  # noqa: E402

from py_engine.core import Action  # noqa: E402


@pytest.fixture(autouse=True)
def _seeded() -> None:
    random.seed(4321)


def start(app: App, kinds: tuple[str, str] = ("human", "human"), names: tuple[str, str] = ("Ann", "Bob"),
          **options: Any) -> None:
    app.dispatch("new", {"game": "time_barons"})
    for i, k in enumerate(kinds):
        app.dispatch("seat-kind", {"i": str(i), "kind": k})
        app.dispatch("seat-level", {"i": str(i), "value": "easy"})
        app.dispatch("seat-name", {"i": str(i), "value": names[i]})
    for k, v in options.items():
        app.draft["options"][k] = v
    app.dispatch("start", {"fields": {}})
    assert app.screen == "table", app.draft_error


def action_buttons(html: str) -> dict[str, dict[str, Any]]:
    """Buttons performing a game action, by action JSON."""
    return {b["attrs"]["data-a"]: b for b in buttons(html, "play")}


def reachable(app: App) -> dict[str, dict[str, Any]]:
    """Every action button on the table, opening each hand card to find its Play button."""
    found = action_buttons(app.render())
    for b in buttons(app.render(), "table-ui"):
        if b["attrs"].get("data-k") == "card":
            tap(app, b)
            found.update(action_buttons(app.render()))
            tap(app, b)
        elif b["attrs"].get("data-k") == "end":  # "End turn…" asks to confirm
            tap(app, b)
            found.update(action_buttons(app.render()))
            tap(app, next(c for c in buttons(app.render(), "table-ui") if c["attrs"].get("data-k") == "cancel"))
    return found


def test_every_legal_action_is_a_button_and_a_pass_and_play_game_ends() -> None:
    """Through a whole 2-human game by taps: each render offers a button for every
    legal action of the seat to act; the hand-off screen appears whenever the device
    must change hands (reactions on the other's turn included); the end panel shows."""
    app = make_app()
    start(app)
    rng = random.Random(7)
    handoffs = 0
    reaction_handoffs = 0
    for _ in range(4000):
        if app.match.is_over():
            break
        html = app.render()
        ho = [b for b in buttons(html, "handoff-ok")]
        if ho:
            handoffs += 1
            m = app.match
            if m.state["active"] != m.game.to_act(m.state)[0]:
                reaction_handoffs += 1
                assert "may answer during" in html
            tap(app, ho[0])
            continue
        seat = app.acting_seat()
        assert seat is not None
        legal = [json.dumps(a.to_json(), separators=(",", ":")) for a in app.match.game.legal_actions(
            app.match.state, seat)]
        found = reachable(app)
        missing = [a for a in legal if a not in found]
        assert not missing, f"no button for {missing}"
        pick = rng.choice(legal)
        if json.loads(pick) == ["end"] and app.match.state["actions"]:
            assert '["end"]' not in action_buttons(app.render()), "ending with actions left asks first"
            tap(app, next(b for b in buttons(app.render(), "table-ui") if b["attrs"].get("data-k") == "end"))
            yes = action_buttons(app.render())['["end"]']
            assert yes["attrs"]["aria-label"] == "Yes, end turn" and yes["text"].strip() == "Yes, end turn"
            tap(app, next(b for b in buttons(app.render(), "table-ui") if b["attrs"].get("data-k") == "cancel"))
            tap(app, next(b for b in buttons(app.render(), "table-ui") if b["attrs"].get("data-k") == "end"))
        tap(app, found[pick])
    assert app.match.is_over()
    assert handoffs > 10
    assert "endpanel" in app.render()


def test_hand_is_only_the_holders_and_opponent_hand_is_a_count() -> None:
    """Only the acting human's hand is rendered; the other's cards never appear."""
    app = make_app()
    start(app)
    for b in buttons(app.render(), "handoff-ok"):
        tap(app, b)
    m = app.match
    seat = app.acting_seat()
    assert seat is not None
    html = app.render()
    mine = m.state["players"][seat]["hand"]
    theirs = [c for c in m.state["players"][1 - seat]["hand"] if c not in mine]
    for c in mine:
        assert f'id="tb-card-{c}"' in html
    for c in theirs:
        assert f'id="tb-card-{c}"' not in html


def test_game_against_a_bot_runs_by_bot_steps() -> None:
    """A human against the easy bot: the bot's decisions (reactions included) are
    taken by bot steps and the human's by taps."""
    app = make_app()
    start(app, kinds=("human", "bot"))
    rng = random.Random(3)
    for _ in range(3000):
        if app.match.is_over():
            break
        if app.bot_pending():
            assert app.bot_step()
            continue
        found = reachable(app)
        seat = app.acting_seat()
        assert seat == 0
        legal = [json.dumps(a.to_json(), separators=(",", ":"))
                 for a in app.match.game.legal_actions(app.match.state, 0)]
        # prefer ending turns quickly so the game reaches its end in few steps
        choice = next((a for a in legal if a.startswith('["draw"')), rng.choice(legal))
        if choice == '["end"]' and app.match.state["actions"]:
            tap(app, next(b for b in buttons(app.render(), "table-ui") if b["attrs"].get("data-k") == "end"))
        tap(app, found[choice])
    assert app.match.is_over()


def test_stale_taps_change_nothing() -> None:
    """A button from an older render (its data-n is stale) does nothing."""
    app = make_app()
    start(app, kinds=("human", "bot"))
    while app.bot_pending():
        app.bot_step()
    old = action_buttons(app.render())
    first = next(iter(old.values()))
    tap(app, first)
    n = len(app.match.actions)
    tap(app, first)
    assert len(app.match.actions) == n
    assert Action.from_json(json.loads(first["attrs"]["data-a"])) is not None
