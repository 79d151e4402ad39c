"""End-to-end tests of Time Barons for 3 and 4 players (issue 11), against the built dist/.

Taps only, through real buttons: a 2 v 2 game with two humans on different teams
and two bots, in which a human passes a card to their bot teammate; a 4-player
free-for-all against three bots to the end; a 3-player team game in which the two
human Team Barons choose who starts; on every hand-off screen no hand is shown;
screenshots at phone and tablet size without horizontal overflow.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from conftest import (
    VIEWPORTS,
    current_match,
    fits_and_shot,
    open_app,
    state_n,
    wait_moved,
)
from playwright.sync_api import expect
from test_time_barons_ui import _load, human_step, offered, tap_action

from py_engine.core import Match, Seat


def hands_hidden_on_handoff(page: Any) -> None:
    """On a pass-the-device screen no hand is drawn: no hand panel, no hand card, and
    none of the private log lines ("You draw ...") of any player."""
    if page.locator("button[data-act=handoff-ok]").count():
        assert page.locator(".tb-hand, [id^=tb-card-], .tb-hcard").count() == 0
        text = page.locator("#app").inner_text()
        assert "Your hand" not in text and "You draw" not in text and "passes you" not in text


def step(page: Any) -> str:
    """One human decision (see ``human_step``), checking hand-off screens first."""
    page.wait_for_selector("button[data-act=handoff-ok], .endpanel, #main button[data-act=play], button.tb-end",
                           timeout=120_000)
    hands_hidden_on_handoff(page)
    return human_step(page)


def new_game(page: Any, kinds: list[str], names: list[str], mode: str, level: str = "easy") -> None:
    page.get_by_role("button", name="New game of Time Barons").click()
    expect(page.get_by_role("heading", name="New game: Time Barons")).to_be_visible()
    while (n := page.locator("li.seat").count()) < len(kinds):  # each tap drawn before the next
        page.get_by_role("button", name="+ Add a seat").click()
        expect(page.locator("li.seat")).to_have_count(n + 1)
    page.locator("#opt-mode").select_option(mode)
    for i, kind in enumerate(kinds):
        page.locator(f'li.seat[data-seat="{i}"]').get_by_role("button", name=kind.capitalize(), exact=True).click()
        if kind == "bot":
            page.locator(f"#seat-level-{i}").select_option(level)
    for i, name in enumerate(names):
        page.locator(f"#seat-name-{i}").fill(name)
    page.get_by_role("button", name="Start game").click()
    page.wait_for_selector("#app > .screen-table, #app > .screen-handoff")


def play_to_end(page: Any, limit: int = 900) -> int:
    taps = 0
    while True:
        did = step(page)
        if did == "end":
            return taps
        taps += 1
        assert taps < limit, "the game does not end"


# ---- 2 v 2: two humans on different teams, two bots; a human passes a card to the bot teammate ------
def test_two_v_two_humans_and_bots_pass_a_card_to_the_bot_teammate(page, server, traffic):
    open_app(page, server)
    new_game(page, ["human", "human", "bot", "bot"], ["Ann", "Bob", "Ann's bot", "Bob's bot"], "team")
    # wait for Ann's first turn (bots and Bob may play first)
    passed = False
    for _ in range(400):
        page.wait_for_selector("button[data-act=handoff-ok], .endpanel, #main button[data-act=play], button.tb-end",
                               timeout=120_000)
        hands_hidden_on_handoff(page)
        if page.locator("button[data-act=handoff-ok]").count():
            page.locator("button[data-act=handoff-ok]").click()
            page.wait_for_selector("#app > .screen-table")
            continue
        m = current_match(page)
        st = m.state
        if not st["frames"] and st["active"] == 0 and m.to_act() == [0] and st["players"][0]["hand"]:
            break
        human_step(page)
    else:
        raise AssertionError("Ann never got a turn with cards in hand")
    before = current_match(page).state
    card = sorted(before["players"][0]["hand"])[0]
    mate_hand = list(before["players"][2]["hand"])
    # Relocate: move nobody, then pass a card face down to the bot teammate, by taps
    relocate = page.get_by_role("button", name=re.compile(r"^Relocate followers \(you may pass"))
    expect(relocate).to_be_visible()
    n = state_n(page)
    relocate.click()
    wait_moved(page, n)
    tap_action(page, ["done"])
    card_btn = page.locator(f"#tb-card-{card}").get_by_role("button", name=re.compile("^Pass .* to Ann's bot"))
    expect(card_btn).to_be_visible()
    expect(page.locator(f"#tb-card-{card}")).to_have_class(re.compile(r"\bpick\b"))
    n = state_n(page)
    card_btn.click()
    wait_moved(page, n)
    after = current_match(page).state
    passed = sorted(after["players"][2]["hand"]) == sorted([*mate_hand, card])
    assert passed and card in after["players"][2]["team_known"]
    if ["done"] in offered(page):
        tap_action(page, ["done"])
    # the rest of the game, through taps (the bots answer for themselves), to a winner
    play_to_end(page)
    end = page.locator(".endpanel")
    expect(end.locator("#end-title")).to_contain_text(re.compile(r"win!|share the win!|A draw!"))
    m = current_match(page)
    assert m.is_over() and m.options["mode"] == "team" and len(m.seats) == 4


# ---- free-for-all: one human against three bots, to the end ----------------------------------------
def test_free_for_all_against_three_bots_to_the_end(page, server, traffic):
    open_app(page, server)
    new_game(page, ["human", "bot", "bot", "bot"], ["Fay", "Bot 1", "Bot 2", "Bot 3"], "free_for_all")
    expect(page.locator(".tb-strip")).to_have_count(3)
    play_to_end(page)
    end = page.locator(".endpanel")
    expect(end.locator("#end-title")).to_contain_text(re.compile(r"wins!|share the win!"))
    m = current_match(page)
    out = m.game.outcome(m.state)
    assert m.is_over() and m.options["mode"] == "free_for_all" and out is not None
    assert page.locator(".endpanel .reason").inner_text() == out.reason


# ---- 3 players: the human Team Barons choose who starts ----------------------------------------------
def test_three_player_team_barons_choose_who_starts(page, server, traffic):
    open_app(page, server)
    new_game(page, ["human", "human", "bot"], ["Ann", "Bob", "Sol"], "team")
    # Ann first (a hand-off: two humans), sees her hand and proposes that Bob starts
    expect(page.get_by_role("button", name=re.compile("I’m Ann"))).to_be_visible()
    hands_hidden_on_handoff(page)
    expect(page.locator(".tb-ho")).to_contain_text("Ann is asked to choose which Team Baron starts")
    page.locator("button[data-act=handoff-ok]").click()
    page.wait_for_selector("#app > .screen-table")
    expect(page.locator(".tb-decide .prompt")).to_contain_text("who should start?")
    expect(page.locator("#tb-hand-title .count")).to_have_text("5")  # copies of a card share one row
    tap_action(page, ["first", 1])
    # then Bob, after a hand-off, sees the proposal and his own hand, and agrees
    expect(page.get_by_role("button", name=re.compile("I’m Bob"))).to_be_visible()
    hands_hidden_on_handoff(page)
    page.locator("button[data-act=handoff-ok]").click()
    page.wait_for_selector("#app > .screen-table")
    expect(page.locator(".tb-decide .prompt")).to_contain_text("Ann proposes that Bob starts")
    tap_action(page, ["first", 1])
    m = current_match(page)
    assert m.state["active"] == 1 and m.state["actions"] == 3 and m.state["turn"] == 1
    expect(page.locator(".tb-me")).to_contain_text("Team Baron")
    expect(page.locator("#tb-strip-2")).to_contain_text("Solo Baron")
    # Bob ends his turn; the Solo Baron (bot) plays, then Ann: turn order T1, Solo, T2
    for _ in range(60):
        step(page)
        if current_match(page).state["turn"] >= 3:
            break
    assert current_match(page).state["active"] == 0


# ---- screenshots ------------------------------------------------------------------------------------
def _position(names: list[str], kinds: list[str], options: dict[str, Any], seed: int, stop: Any) -> Match:
    seats = [Seat(n, k, "easy" if k == "bot" else None) for n, k in zip(names, kinds, strict=True)]
    for s in range(seed, seed + 300):
        m = Match.new("time_barons", seats, options, s, {"holder": 0})
        rng = random.Random(s)
        while not m.is_over() and not stop(m) and len(m.actions) < 700:
            seat = m.to_act()[0]
            legal = [a for a in m.game.legal_actions(m.state, seat)
                     if not (a.name == "play" and a.args[0] == "display_of_power")]
            m.apply(seat, rng.choice(legal or m.game.legal_actions(m.state, seat)))
        if stop(m):
            return m
    raise AssertionError("position not reached")


def _resume(page: Any, who: str) -> None:
    page.get_by_role("button", name="Saved games").click()
    page.get_by_role("button", name=re.compile(f"^(Resume|View) Time Barons with .*{who}")).click()
    page.wait_for_selector("#app > .screen-table, #app > .screen-handoff")


def _midgame(m: Match) -> bool:
    st = m.state
    return st["turn"] >= 14 and not st["frames"] and m.to_act() == [0]


def _ffa_mid(m: Match) -> bool:
    st = m.state
    return _midgame(m) and st["hammer"] is not None and any(pl["forge"] for pl in st["players"])


def _targets(m: Match) -> bool:
    """Seat 0 picks a site, and some choices are other players' sites."""
    st = m.state
    if not (st["frames"] and m.to_act() == [0] and st["active"] == 0 and st["ask"]):
        return False
    owners = {x["id"]: x["owner"] for x in st["sites"]}
    return sum(1 for t in st["ask"]["targets"] if t and t.startswith("site:") and owners.get(int(t[5:])) != 0) >= 2


@pytest.mark.parametrize("size", ["phone", "tablet"])
def test_time_barons_multiplayer_screenshots_fit(page, server, traffic, size):
    page.set_viewport_size(VIEWPORTS[size])
    page.emulate_media(reduced_motion="reduce")

    def capture(name: str) -> None:
        fits_and_shot(page, f"{size}-time_barons-{name}")

    games = {
        "team": _position(["Tom", "Bot B", "Cy", "Bot D"], ["human", "bot", "human", "bot"], {"mode": "team"}, 3,
                          _midgame),
        "ffa": _position(["Fay", "Bot 1", "Bot 2", "Bot 3"], ["human", "bot", "bot", "bot"],
                         {"mode": "free_for_all"}, 5, _ffa_mid),
        "target": _position(["Tia", "Bot 1", "Bot 2"], ["human", "bot", "bot"], {"mode": "free_for_all"}, 9,
                            _targets),
        "solo": _position(["Sam", "Bot T", "Bot S"], ["human", "bot", "bot"], {"mode": "team"}, 4, _midgame),
    }
    games["team"].meta["holder"] = 2  # Cy held the device last: Tom's turn starts with a hand-off
    _load(page, server, games)
    for name, who in (("team", "Tom"), ("ffa", "Fay"), ("target", "Tia"), ("solo", "Sam")):
        _resume(page, who)
        if page.locator("button[data-act=handoff-ok]").count():
            hands_hidden_on_handoff(page)
            capture(f"{name}-handoff")
            page.locator("button[data-act=handoff-ok]").click()
            page.wait_for_selector("#app > .screen-table")
        capture(name)
        if name == "team":  # open another player's strip
            n = state_n(page)
            page.locator("#tb-strip-1 .tb-strip-head").click()
            page.wait_for_function("n => document.querySelector('#tb-strip-1 .tb-strip-head')"
                                   ".getAttribute('aria-expanded') === 'true'", arg=n)
            expect(page.locator("#tb-strip-1 .tb-strip-head")).to_have_attribute("aria-expanded", "true")
            capture("team-strip-open")
        page.locator("button[data-act=leave]").first.click()
    # the new-game screen with four seats in teams
    page.get_by_role("button", name="Games").first.click()
    page.get_by_role("button", name="New game of Time Barons").click()
    page.get_by_role("button", name="+ Add a seat").click()
    page.get_by_role("button", name="+ Add a seat").click()
    expect(page.locator(".seat-role")).to_have_count(4)
    capture("new-game-teams")
