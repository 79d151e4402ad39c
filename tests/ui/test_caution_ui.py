"""The decision beside its targets (issue 24 §2), drawn in CPython: the prompt pinned in the
table's bar, option buttons naming their target, and the confirmation an option that harms the
player's own side asks for (``Game.caution``): "Do it anyway" plays it, "Cancel" changes
nothing. Taps dispatch as pwa/tb-page.mjs does (helpers of test_tb_ui.py)."""

from __future__ import annotations

import json
import sys
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "pwa"))
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from tb_ui.app import App  # noqa: E402
from tb_ui.html import jattr  # noqa: E402
from test_tb_ui import buttons, make_app, option_buttons, start_game, tap  # noqa: E402

from py_engine.core import Action, Match, Seat, state_hash  # noqa: E402
from py_engine.games import get  # noqa: E402
from tests.time_barons.tb import mtable, pick, play, site  # noqa: E402
from tests.time_of_crisis.toc import act, table  # noqa: E402


class _All(HTMLParser):
    """Every element (tag, attributes, text inside), in document order."""

    def __init__(self) -> None:
        super().__init__()
        self.els: list[dict[str, Any]] = []
        self.open: list[dict[str, Any]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        el = {"tag": tag, "attrs": {k: v or "" for k, v in attrs}, "text": ""}
        self.els.append(el)
        if tag not in ("input", "br", "img", "meta", "link", "hr"):
            self.open.append(el)

    def handle_endtag(self, tag: str) -> None:
        while self.open and self.open.pop()["tag"] != tag:
            pass

    def handle_data(self, data: str) -> None:
        for el in self.open:
            el["text"] += data


def elements(html: str) -> list[dict[str, Any]]:
    p = _All()
    p.feed(str(html))
    return p.els


def _seat(app: App, game_id: str, state: dict[str, Any], kinds: tuple[str, ...]) -> None:
    """Show the exact-state ``state`` at the table of ``app`` (a game of ``game_id`` started)."""
    seats = [Seat(n, k, "easy" if k == "bot" else None) for n, k in zip(state["seats"], kinds, strict=True)]
    app.match = Match(get(game_id), seats, dict(state["options"]), 1, [], {"holder": 0}, [state])


def _onslaught(app: App) -> None:
    """The tester's case: a 2 v 2 Time Barons game, Ann (seat 0, with Cy) has played
    Onslaught: every Capital is a choice, her own and Cy's ask first."""
    start_game(app, ["human", "bot", "bot", "bot"], ["Ann", "Bob", "Cy", "Dee"], game="time_barons", level="easy")
    s = mtable([[site("capital", 9)], [site("capital", 9)], [site("capital", 9)], [site("capital", 9)]],
               hands=[["onslaught"], [], [], []])
    _seat(app, "time_barons", play(s, "onslaught"), ("human", "bot", "bot", "bot"))


def _by_target(html: str) -> dict[str, dict[str, Any]]:
    return {b["attrs"]["data-target"]: b for b in option_buttons(html) if "data-target" in b["attrs"]
            and "tb-pick-btn" not in b["attrs"].get("class", "")}


def _dialog(html: str) -> dict[str, Any] | None:
    return next((el for el in elements(html) if el["attrs"].get("role") == "alertdialog"), None)


def test_pinned_prompt_and_buttons_name_their_targets() -> None:
    app = make_app()
    _onslaught(app)
    html = app.render()
    bar = next(el for el in elements(html) if "tbar-prompt-text" in el["attrs"].get("class", "").split())
    assert bar["attrs"]["aria-hidden"] == "true"  # the decision panel's live prompt is the one read out
    assert bar["text"] == app.match.game.prompt(app.match.state, 0)
    opts = _by_target(html)
    assert set(opts) == {"site:1", "site:2", "site:3", "site:4"}
    assert [opts[f"site:{i}"]["attrs"]["data-act"] for i in (1, 2, 3, 4)] == ["caution", "play", "caution", "play"]
    assert opts["site:1"]["attrs"]["data-caution"] == "1" and "data-caution" not in opts["site:2"]["attrs"]
    # the sites drawn on the board say which target they are (tb-page.mjs scrolls them into view)
    tgts = {el["attrs"]["data-tgt"] for el in elements(html) if "data-tgt" in el["attrs"]}
    assert {"site:1", "site:2", "site:3", "site:4"} <= tgts


def test_cancel_leaves_the_game_unchanged() -> None:
    app = make_app()
    _onslaught(app)
    before = state_hash(app.match.state)
    n = len(app.match.actions)
    own = _by_target(app.render())["site:1"]
    tap(app, own, confirm=False)
    html = app.render()
    dlg = _dialog(html)
    assert dlg is not None and dlg["attrs"]["aria-labelledby"] == "caution-q"
    assert dlg["text"] == "1 damage to Capital (Ann)? This damages your own Capital. Do it anyway?Do it anywayCancel"
    cancel = next(b for b in buttons(html, "caution-cancel"))
    assert "data-autofocus" in cancel["attrs"]  # the focus goes to the safe choice
    assert state_hash(app.match.state) == before and len(app.match.actions) == n
    tap(app, cancel)
    html = app.render()
    assert _dialog(html) is None and "tbar-prompt-text" in html
    assert state_hash(app.match.state) == before and len(app.match.actions) == n and app.error is None


def test_do_it_anyway_plays_the_option() -> None:
    app = make_app()
    _onslaught(app)
    mate = _by_target(app.render())["site:3"]
    tap(app, mate, confirm=False)
    html = app.render()
    assert "This damages Cy’s Capital: Cy is your teammate." in _dialog(html)["text"]
    go = next(b for b in buttons(html, "play") if b["text"] == "Do it anyway")
    assert go["attrs"]["data-a"] == mate["attrs"]["data-a"] and go["attrs"]["data-target"] == "site:3"
    tap(app, go)
    assert app.error is None and app.match.actions[-1][1].to_json() == ["site", 3]
    assert _dialog(app.render()) is None
    # the next point of damage (sites are taken in order): Dee's Capital, played at once
    assert {k: b["attrs"]["data-act"] for k, b in _by_target(app.render()).items()} == {"site:4": "play"}


def test_a_confirmation_from_an_earlier_decision_is_not_shown() -> None:
    """The confirmation belongs to the decision it was asked in: after another move (or an
    undo) it is gone, and its stale "Do it anyway" would be refused (the game moved on)."""
    app = make_app()
    _onslaught(app)
    tap(app, _by_target(app.render())["site:1"], confirm=False)
    stale = next(b for b in buttons(app.render(), "play") if b["text"] == "Do it anyway")
    s = pick(app.match.state, "site", 2)
    _seat(app, "time_barons", s, ("human", "bot", "bot", "bot"))
    app.table_ui["caution"] = {"n": s["n"] - 1, "a": stale["attrs"]["data-a"]}
    assert _dialog(app.render()) is None
    tap(app, stale)
    assert app.error is not None and "moved on" in app.error and state_hash(app.match.state) == state_hash(s)


def test_place_governor_spending_too_few_points_asks_first() -> None:
    """Time of Crisis §6.3.2: 4 votes needed in Pannonia; spending 2 of 4 Senate points
    asks (a 5% chance), spending all 4 does not."""
    app = make_app()
    start_game(app, ["human", "bot"], ["Ann", "Bot"], game="time_of_crisis", level="easy")
    s = act(table(prov={"pannonia": {"gov": 1, "sup": 2}}, pts={"senate": 4}, govs=[2, 1]), "place_governor",
            "pannonia")
    _seat(app, "time_of_crisis", s, ("human", "bot"))
    html = app.render()
    spends = {b["attrs"]["data-a"]: b for b in option_buttons(html)}
    assert spends['["spend",4]']["attrs"]["data-act"] == "play"
    assert spends['["spend",2]']["attrs"]["data-act"] == "caution"
    tap(app, spends['["spend",2]'], confirm=False)
    text = _dialog(app.render())["text"]
    assert "? 2 dice for 4 votes: only bonus dice from sixes could reach them (a 5% chance). Do it anyway?" in text
    tap(app, next(b for b in buttons(app.render(), "caution-cancel")))
    assert app.match.state["tp"]["pts"]["senate"] == 4 and _dialog(app.render()) is None


def test_time_war_sabotage_of_your_own_unit_asks_first_and_cancel_changes_nothing() -> None:
    """Issue 48: Sabotage offering a unit of each side: the own-colour option asks first (its
    button opens the confirmation, Cancel leaves the game as it was), the enemy's plays at once;
    "Do it anyway" destroys the player's own unit."""
    from tests.test_time_war import _owed

    s, seat = _owed("sabotage", 0)
    app = make_app()
    start_game(app, ["human", "human"], ["Yara", "Rex"], game="time_war")
    kinds = ("human", "bot") if seat == 0 else ("bot", "human")
    _seat(app, "time_war", s, kinds)
    own, enemy = ("yellow", "red") if seat == 0 else ("red", "yellow")
    html = app.render()
    by_action = {b["attrs"]["data-a"]: b for b in option_buttons(html)}
    assert by_action[f'["sabotage","{own}"]']["attrs"]["data-act"] == "caution"
    assert by_action[f'["sabotage","{enemy}"]']["attrs"]["data-act"] == "play"
    before, n = state_hash(app.match.state), len(app.match.actions)
    tap(app, by_action[f'["sabotage","{own}"]'], confirm=False)
    html = app.render()
    dlg = _dialog(html)
    assert dlg is not None and "This destroys one of your own units." in dlg["text"]
    assert state_hash(app.match.state) == before and len(app.match.actions) == n
    tap(app, next(iter(buttons(html, "caution-cancel"))))
    assert _dialog(app.render()) is None
    assert state_hash(app.match.state) == before and len(app.match.actions) == n and app.error is None
    logged = len(app.match.state["log"])
    tap(app, {b["attrs"]["data-a"]: b for b in option_buttons(app.render())}[f'["sabotage","{own}"]'])
    assert app.error is None and len(app.match.actions) == n + 1
    assert any(f"{own.title()} sabotages a {own} unit on" in line for _, line in app.match.state["log"][logged:])


def test_time_of_crisis_board_tap_that_spends_points_asks_first() -> None:
    """Issue 48 §1: a region on the map that plays its one option when tapped (a move of the
    army, ToC §6.3.1) shows what it does and what it costs first; Cancel changes nothing,
    "Do it" plays it. The same move from the list of options, which names its cost, plays at
    once; a free option on the map (none spends) would too."""
    app = make_app()
    start_game(app, ["human", "bot"], ["Ann", "Bot"], game="time_of_crisis", level="easy")
    s = table(prov={"gallia": {"gov": 0, "sup": 2}}, armies=[{"owner": 0, "at": "gallia"}], pts={"military": 3})
    _seat(app, "time_of_crisis", s, ("human", "bot"))
    html = app.render()
    hot = [el for el in elements(html) if "toc-hot" in el["attrs"].get("class", "").split()
           and el["attrs"].get("data-a", "").startswith('["move"')]
    assert hot and all(el["attrs"]["data-act"] == "caution" and el["attrs"]["data-caution"] == "1" for el in hot)
    listed = {b["attrs"]["data-a"]: b for b in option_buttons(html)}
    region = hot[0]
    region["screen"] = next(el["attrs"] for el in elements(html) if "data-acting" in el["attrs"])
    assert listed[region["attrs"]["data-a"]]["attrs"]["data-act"] == "play"
    before, n = state_hash(app.match.state), len(app.match.actions)
    tap(app, region, confirm=False)
    html = app.render()
    dlg = _dialog(html)
    label = next(a["label"] for a in app.match.game.view(app.match.state, 0)["actions"]
                 if jattr(a["action"]) == region["attrs"]["data-a"])
    k = app.match.game.spends(app.match.state, 0, Action.from_json(json.loads(region["attrs"]["data-a"])))
    assert dlg is not None and k is not None
    assert dlg["text"] == f"{label}? {k}Do itCancel"
    assert "tbar-spend" in dlg["attrs"]["class"].split()
    tap(app, next(iter(buttons(html, "caution-cancel"))))
    assert _dialog(app.render()) is None and app.error is None
    assert state_hash(app.match.state) == before and len(app.match.actions) == n
    tap(app, region, confirm=False)
    go = next(b for b in buttons(app.render(), "play") if b["text"] == "Do it")
    assert go["attrs"]["data-a"] == region["attrs"]["data-a"]
    tap(app, go)
    assert app.error is None and app.match.actions[n][1].to_json() == json.loads(region["attrs"]["data-a"])
    cost = int(k.split()[2])
    assert app.match.state["tp"]["pts"]["military"] == 3 - cost
