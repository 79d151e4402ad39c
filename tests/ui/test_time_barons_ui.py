"""Unit tests of the Time Barons table (pwa/tb_ui/tables/time_barons.py) in CPython.

Rendered HTML is parsed and "tapping" a button dispatches its ``data-act`` with its
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
from test_tb_ui import buttons, make_app, option_buttons, tap  # noqa: E402

from py_engine.core import Action  # noqa: E402


@pytest.fixture(autouse=True)
def _seeded() -> None:
    random.seed(4321)


def start(app: App, kinds: tuple[str, ...] = ("human", "human"), names: tuple[str, ...] = ("Ann", "Bob"),
          bot_level: str = "easy", **options: Any) -> None:
    """A new Time Barons game from the form; the bots at ``bot_level`` ("random", which the
    form does not offer, is set on the form's draft directly)."""
    app.dispatch("new", {"game": "time_barons"})
    while len(app.draft["seats"]) < len(kinds):
        app.dispatch("seat-add", {})
    for i, k in enumerate(kinds):
        app.dispatch("seat-kind", {"i": str(i), "kind": k})
        app.dispatch("seat-level", {"i": str(i), "value": "easy"})
        if bot_level != "easy":
            app.draft["seats"][i]["level"] = bot_level
        app.dispatch("seat-name", {"i": str(i), "value": names[i]})
    for k, v in options.items():
        app.draft["options"][k] = v
    app.dispatch("start", {"fields": {}})
    assert app.screen == "table", app.draft_error


def action_buttons(html: str) -> dict[str, dict[str, Any]]:
    """Buttons performing a game action, by action JSON."""
    return {b["attrs"]["data-a"]: b for b in option_buttons(html)}


def reachable(app: App, html: str | None = None) -> dict[str, dict[str, Any]]:
    """Every action button on the table, opening each hand card to find its Play button
    (``html``: the table as drawn now, if the caller has it; each page is parsed once)."""
    page = buttons(html if html is not None else app.render())
    found = {b["attrs"]["data-a"]: b for b in page if b["attrs"]["data-act"] in ("play", "caution")}
    for b in page:
        if b["attrs"]["data-act"] != "table-ui":
            continue
        if b["attrs"].get("data-k") == "card":
            tap(app, b)
            found.update(action_buttons(app.render()))
            tap(app, b)
        elif b["attrs"].get("data-k") == "end":  # "End turn…" asks to confirm
            tap(app, b)
            opened = buttons(app.render())
            found.update({c["attrs"]["data-a"]: c for c in opened if c["attrs"]["data-act"] in ("play", "caution")})
            tap(app, next(c for c in opened if c["attrs"]["data-act"] == "table-ui"
                          and c["attrs"].get("data-k") == "cancel"))
    return found


def button_for(app: App, action: str) -> dict[str, Any]:
    """The button performing ``action`` (JSON): on the table, or under the hand card it plays
    (the card is opened, and left open for the tap)."""
    found = action_buttons(app.render())
    if action in found:
        return found[action]
    for b in buttons(app.render(), "table-ui"):
        if b["attrs"].get("data-k") == "card":
            tap(app, b)
            found = action_buttons(app.render())
            if action in found:
                return found[action]
            tap(app, b)
    raise AssertionError(f"no button for {action}")


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
        found = reachable(app, html)
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
    """A human against a bot: the bot's decisions (reactions included) are taken by bot
    steps and the human's by taps. (The bot plays at random: its search is not what this is
    about, and every action being a button is the pass-and-play test's.)"""
    random.seed(4322)  # a deal in which the bot gets reaction windows on the human's turns
    app = make_app()
    start(app, kinds=("human", "bot"), bot_level="random")
    assert app.match.seats[1].level == "random"
    rng = random.Random(4)
    bot_steps = bot_reactions = 0
    for _ in range(3000):
        if app.match.is_over():
            break
        if app.bot_pending():
            bot_reactions += app.match.state["active"] == 0  # the bot answers on the human's turn
            assert app.bot_step()
            bot_steps += 1
            continue
        seat = app.acting_seat()
        assert seat == 0
        legal = [json.dumps(a.to_json(), separators=(",", ":"))
                 for a in app.match.game.legal_actions(app.match.state, 0)]
        # prefer ending turns quickly so the game reaches its end in few steps
        choice = next((a for a in legal if a.startswith('["draw"')), rng.choice(legal))
        if choice == '["end"]' and app.match.state["actions"]:
            tap(app, next(b for b in buttons(app.render(), "table-ui") if b["attrs"].get("data-k") == "end"))
        n = len(app.match.actions)
        tap(app, button_for(app, choice))
        assert len(app.match.actions) == n + 1 and app.match.actions[n] == (0, Action.from_json(json.loads(choice)))
    assert app.match.is_over() and bot_steps > 10 and bot_reactions > 0


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


# ---- 3 and 4 players (issue 11) ------------------------------------------------------------------
def test_new_game_screen_shows_mode_and_the_team_of_each_seat() -> None:
    """With 4 seats the default mode pairs seats 1 and 3 against 2 and 4 (the
    recommended Core mix is pre-selected); free-for-all has no teams; 3 seats show
    the Team Barons and the Solo Baron."""
    app = make_app()
    app.dispatch("new", {"game": "time_barons"})
    html = app.render()
    assert 'id="opt-mode"' in html and "seat-role" not in html
    app.dispatch("seat-add", {})
    html = app.render()
    assert [m for m in ("Team Baron", "Solo Baron") if m in html] == ["Team Baron", "Solo Baron"]
    app.dispatch("seat-add", {})
    html = app.render()
    assert html.count('class="seat-role">Team 1<') == 2 and html.count('class="seat-role">Team 2<') == 2
    assert app.draft["options"]["card_set"] == "core" and "recommended 3–4 player set" in html
    app.dispatch("opt", {"name": "mode", "value": "free_for_all"})
    assert "seat-role" not in app.render()


def test_free_for_all_with_two_seats_is_refused_with_a_message() -> None:
    app = make_app()
    app.dispatch("new", {"game": "time_barons"})
    app.dispatch("opt", {"name": "mode", "value": "free_for_all"})
    app.dispatch("start", {"fields": {}})
    assert app.screen == "new" and "3 or 4 players" in (app.draft_error or "")


def _other_hands_hidden(app: App, html: str) -> None:
    """No hand but the device holder's is drawn (none at all on a hand-off screen)."""
    st = app.match.state
    if "handoff-ok" in html:
        assert "tb-card-" not in html and "tb-hand" not in html
        return
    me = app.acting_seat()
    mine = st["players"][me]["hand"] if me is not None else []
    for p, pl in enumerate(st["players"]):
        for c in pl["hand"]:
            if p != me and c not in mine:
                assert f'id="tb-card-{c}"' not in html


def test_four_humans_in_teams_every_action_a_button_hands_stay_hidden() -> None:
    """A 2 v 2 pass-and-play game by taps (its first 150 decisions): every legal
    action of the seat to act has a button; hand-off screens show no cards; only the
    device holder's hand is drawn."""
    rng = random.Random(11)
    app = make_app()
    start(app, kinds=("human",) * 4, names=("Ann", "Bob", "Cy", "Dee"), mode="team")
    handoffs = decisions = 0
    while decisions < 150 and not app.match.is_over():
        html = app.render()
        _other_hands_hidden(app, html)
        ho = buttons(html, "handoff-ok")
        if ho:
            handoffs += 1
            tap(app, ho[0])
            continue
        seat = app.acting_seat()
        legal = [json.dumps(a.to_json(), separators=(",", ":"))
                 for a in app.match.game.legal_actions(app.match.state, seat)]
        found = reachable(app)
        assert not [a for a in legal if a not in found]
        plays = [a for a in legal if a.startswith('["play"') and "display_of_power" not in a]
        pick = rng.choice(plays) if plays and rng.random() < 0.5 else rng.choice(legal)
        if pick == '["end"]' and app.match.state["actions"]:
            tap(app, next(b for b in buttons(app.render(), "table-ui") if b["attrs"].get("data-k") == "end"))
        tap(app, found[pick])
        decisions += 1
    assert handoffs >= 4


def test_passing_to_a_human_teammate_hands_the_device_over_to_place_the_followers() -> None:
    """Ann passes 2 followers to Cy (both human): the device goes to Cy, the hand-off
    screen says why and shows no cards, Cy places them and the device returns to Ann."""
    from tests.time_barons.tb import mtable, site

    app = make_app()
    start(app, kinds=("human", "bot", "human", "bot"), names=("Ann", "Bob", "Cy", "Dee"), mode="team")
    app.match = _table_match(mtable([[site("capital", 9)], [site("capital", 9)],
                                     [site("capital", 3), site("church", 1)], [site("capital", 9)]],
                                    hands=[["siege"], [], ["temple"], []]), ("human", "bot", "human", "bot"))
    for a in (["relocate"], ["take", 1], ["take", 1], ["done"], ["num", 2], ["card", "siege"]):
        tap(app, reachable(app)[json.dumps(a, separators=(",", ":"))])
    html = app.render()
    assert buttons(html, "handoff-ok") and "Pass the device to Cy" in html
    assert "Cy is asked to place the followers passed to them during Ann’s turn." in html
    assert "tb-card-" not in html
    tap(app, buttons(html, "handoff-ok")[0])
    html = app.render()
    assert "Ann passed you 2 followers" in html and 'id="tb-card-siege"' in html  # Cy now holds it
    assert "Cards you know" not in html  # Ann's hand is empty now: nothing known there
    tap(app, action_buttons(html)['["site",4]'])  # on Church; then the second can only go there too
    html = app.render()
    assert "Pass the device to Ann" in html and "tb-card-" not in html and "Siege" not in html
    assert [x["f"] for x in app.match.state["sites"]] == [7, 9, 3, 3, 9]
    tap(app, buttons(html, "handoff-ok")[0])
    tap(app, next(b for b in buttons(app.render(), "table-ui") if b["attrs"].get("data-p") == "2"))
    assert "Cards you know in Cy’s hand: Siege" in app.render()  # Ann remembers what she passed


def _table_match(state: dict[str, Any], kinds: tuple[str, ...]) -> Any:
    """A Match showing an exact-state table (tests/time_barons/tb.py), for rendering."""
    from py_engine.core import Match, Seat
    from py_engine.time_barons import GAME

    seats = [Seat(n, k, "easy" if k == "bot" else None) for n, k in zip(state["seats"], kinds, strict=True)]
    return Match(GAME, seats, dict(state["options"]), 1, [], {"holder": 0}, [state])


def test_strips_open_on_a_tap_and_highlight_targets() -> None:
    """Another player's strip opens to their tableau on a tap and closes again; a
    strip holding targets of the pending choice is highlighted and opens by itself,
    unless the player closed it."""
    from tests.time_barons.tb import mtable, site

    app = make_app()
    start(app, kinds=("human", "bot", "bot"), names=("Ann", "Bob", "Cy"), mode="free_for_all")
    app.match = _table_match(mtable([[site("capital", 9)], [site("capital", 9), site("church", 2)],
                                     [site("capital", 9)]], hands=[["siege"], [], []],
                                    options={"mode": "free_for_all"}), ("human", "bot", "bot"))
    html = app.render()
    strip = next(b for b in buttons(html, "table-ui") if b["attrs"].get("data-k") == "strip"
                 and b["attrs"]["data-p"] == "1")
    assert strip["attrs"]["aria-expanded"] == "false" and 'id="tb-site-2"' not in html
    assert "Bob: level I, 11 followers, 2 sites, 0 cards in hand, 0 weapon tokens on the Forge" in strip[
        "attrs"]["aria-label"]
    tap(app, strip)
    html = app.render()
    assert 'id="tb-site-2"' in html and 'id="tb-site-3"' in html
    tap(app, next(b for b in buttons(html, "table-ui") if b["attrs"].get("data-p") == "1"))
    assert 'id="tb-site-2"' not in app.render()
    tap(app, reachable(app)['["play","siege"]'])
    html = app.render()
    assert re.search(r'class="tb-strip tb-c2 pick[^"]*" id="tb-strip-2"', html)
    assert re.search(r'class="tb-strip tb-c1 pick[^"]*" id="tb-strip-1"', html)
    assert 'id="tb-site-4"' in html  # Cy's strip opened by itself: a site to pick there
    assert 'id="tb-site-2"' not in html  # Bob's stays closed: the player closed it
    assert "3 choices here" not in html and "1 choice here" in html and "2 choices here" in html


def test_choosing_an_opponent_from_the_strip() -> None:
    from tests.time_barons.tb import mtable, site

    app = make_app()
    start(app, kinds=("human", "bot", "bot", "bot"), names=("Ann", "Bob", "Cy", "Dee"), mode="team")
    app.match = _table_match(mtable([[site("capital", 9)], [site("capital", 9)], [site("capital", 9)],
                                     [site("capital", 9)]], hands=[["blockade"], [], [], []]),
                             ("human", "bot", "bot", "bot"))
    tap(app, reachable(app)['["play","blockade"]'])
    html = app.render()
    picks = [b for b in buttons(html, "play") if "tb-strip-pick" in b["attrs"]["class"]]
    assert sorted(b["text"] for b in picks) == ["Choose Bob", "Choose Dee"]  # never the teammate Cy
    assert "your teammate" in html
    tap(app, next(b for b in picks if b["text"] == "Choose Dee"))
    assert app.match.state["sites"][3]["f"] == 8


def test_free_for_all_shows_the_forge_and_a_fire_button_with_three_tokens() -> None:
    from py_engine.time_barons import GAME
    from tests.time_barons.tb import mtable, site

    app = make_app()
    start(app, kinds=("human", "bot", "bot"), names=("Ann", "Bob", "Cy"), mode="free_for_all")
    s = mtable([[site("capital", 9), site("church", 1)]] * 3, options={"mode": "free_for_all"})
    s["players"][0]["forge"] = 3
    GAME.stacks.run(s, s)  # the main phase's options again, now with three tokens
    app.match = _table_match(s, ("human", "bot", "bot"))
    html = app.render()
    assert "Your Forge: 3 weapon tokens" in html and "The Hammer lies in the middle" in html
    tap(app, action_buttons(html)['["fire"]'])
    assert "Weapon: 3 damage to which of Bob" in app.render()


def test_rules_help_covers_the_multiplayer_modes() -> None:
    app = make_app()
    app.dispatch("rules", {"game": "time_barons"})
    html = app.render()
    for words in ("Three and four players", "Teams of two", "Solo Baron", "Free-for-all", "The Hammer",
                  "fire a weapon", "knocked out", "face down"):
        assert words in html, words
    assert "planned but not" not in html
