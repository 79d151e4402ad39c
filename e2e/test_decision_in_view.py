"""The next choice always in view (issue 48 §0), at phone size, in every game: after the table
opens, after a bot's move, after the player's own tap (the last option on the page, so the
next decision's first option is usually far from it) and after the end of a phase, the
decision's first option shows whole below the pinned bar, opened out of any folded group;
a confirmation that a tap opens (Time Barons' early end of turn) shows whole; a hint's
option shows whole and ringed. Positions are seeded random games (``random_position``)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from conftest import VIEWPORTS, load_games, resume_game, state_n, wait_moved
from player_helpers import (
    FIRST_OPTION_JS,
    OPTION_OVERFLOW_JS,
    first_option_in_view,
    random_position,
    view_shot,
    whole_below_bar,
)
from playwright.sync_api import expect

#: game id -> (title, names, kinds, seed, random steps before the table opens)
CASES: dict[str, tuple[str, list[str], list[str], int, int]] = {
    "timeline": ("Timeline", ["Tia", "Bot"], ["human", "bot"], 3, 3),
    "time_war": ("Time War", ["Wes", "Bot"], ["human", "bot"], 4, 12),
    "time_barons": ("Time Barons", ["Bea", "Bot"], ["human", "bot"], 5, 20),
    "time_of_crisis": ("Time of Crisis", ["Cato", "Bot"], ["human", "bot"], 6, 30),
    "barons": ("Barons", ["Bo", "Bot"], ["human", "bot"], 7, 25),
}
#: Decisions checked per game (each after a tap on the last option shown).
ROUNDS = 8
HUMAN_OR_END = "#app > .screen-table[data-acting], #app .endpanel"


def _decision(page: Any) -> bool:
    """Wait for the human's decision (after any bot moves); False once the game is over."""
    page.wait_for_selector(HUMAN_OR_END, state="attached", timeout=90_000)
    return page.locator("#app .endpanel").count() == 0


def _tap_last(page: Any, rng: random.Random) -> None:
    """Tap the last option button on the page (one of the last three, seeded), as a player who
    scrolled down to it (an option that opens first: the last one, then its button); confirm
    it where it asks first."""
    n = state_n(page)
    opts = page.locator("#main button[data-a]:is([data-act=play],[data-act=caution])")
    if not opts.count():  # options that open first (Time War's placement previews), then play
        page.locator("#main [data-option]").last.click()
        expect(opts.first).to_be_visible()
    count = opts.count()
    el = opts.nth(max(0, count - 1 - rng.randrange(min(3, count))))
    if not el.is_visible():  # in a folded group of options: unfold it as a player would
        el.locator("xpath=ancestor::details[1]/summary").click()
    asks = el.get_attribute("data-act") == "caution"
    el.click()
    if asks:
        page.locator(".caution-acts button[data-act=play]").click()
    wait_moved(page, n)


@pytest.mark.parametrize("game_id", list(CASES))
def test_the_next_choice_is_always_in_view(page, server, traffic, game_id):
    title, names, kinds, seed, steps = CASES[game_id]
    m = random_position(game_id, names, kinds, seed, steps)
    page.set_viewport_size(VIEWPORTS["phone"])
    load_games(page, server, {"pos": m})
    resume_game(page, title, names[0])
    rng = random.Random(seed)
    seen = 0
    hinted = m.game.hint_level() is None
    ended = False
    for i in range(ROUNDS):
        if not _decision(page):
            break
        first_option_in_view(page, f"{game_id}, decision {i}")
        over = page.evaluate(OPTION_OVERFLOW_JS)
        if not over and page.locator("#main [data-option]").count():  # a placement previewed, too
            page.locator("#main [data-option]").first.click()
            over = page.evaluate(OPTION_OVERFLOW_JS)
        assert not over, f"{game_id}, decision {i}: option text out of its box: {over}"
        seen += 1
        if i == 1:
            view_shot(page, f"phone-{game_id}-next-choice")
        if not hinted:  # the hint's option: whole below the bar and ringed
            ask = page.get_by_role("button", name="Hint: what the hard bot would choose here")
            expect(ask).to_be_enabled(timeout=30_000)
            page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
            ask.click()
            expect(page.locator(".hint-row.hint-ready")).to_be_visible(timeout=60_000)
            page.wait_for_timeout(100)  # the render that shows it scrolls once
            b = page.evaluate(FIRST_OPTION_JS)
            assert whole_below_bar(b, b["hinted"]) and b["hinted"]["ring"] not in (None, "none"), b
            view_shot(page, f"phone-{game_id}-hint-in-view")
            hinted = True
        if game_id == "time_of_crisis" and not ended:  # End your actions: the next phase's choice
            end = page.get_by_role("button", name="End your actions")
            if end.count():
                ended = True
                n = state_n(page)
                end.scroll_into_view_if_needed()
                end.click()
                wait_moved(page, n)
                continue
        if game_id == "time_barons" and page.locator("button.tb-end[data-act=table-ui]").count():
            page.locator("button.tb-end[data-act=table-ui]").click()  # End turn… with actions left
            expect(page.locator("#main .tb-confirm")).to_be_visible()
            b = page.evaluate(FIRST_OPTION_JS)
            assert whole_below_bar(b, b["dialog"]), b
            page.get_by_role("button", name="Keep playing").click()
        _tap_last(page, rng)
    assert seen >= 3, f"only {seen} decisions of the player were seen"
    assert not traffic.offsite


# ---- a reaction window (issue 48 §0): Time Barons' Respond? during the other side's turn ----------
def test_a_reaction_window_opened_by_a_bot_shows_its_first_option(page, server, traffic):
    """The bot's turn plays an attack on Bea's site while she holds Misinformation (a position
    found in CPython: seed 3, 40 random moves; the bot's moves are reproducible with
    ``bottime=full``). The window to answer it (TB R5) opens in the bot's turn: its prompt
    is pinned and its first option shows whole below the bar."""
    m = random_position("time_barons", ["Bea", "Bot"], ["human", "bot"], 3, 40)
    assert m.to_act() == [1] and "misinformation" in m.state["players"][0]["hand"]
    page.set_viewport_size(VIEWPORTS["phone"])
    load_games(page, server, {"pos": m}, reproducible=True)
    resume_game(page, "Time Barons", "Bea")
    assert _decision(page)
    expect(page.locator("#app .tbar-prompt")).to_contain_text("Respond?")
    b = first_option_in_view(page, "reaction window")
    assert "Misinformation" in (b["first"]["text"] or ""), b
    view_shot(page, "phone-time_barons-reaction-window")
    assert not traffic.offsite


def test_a_bot_reaction_to_the_players_attack_is_said_where_the_player_looks(page, server, traffic):
    """Bea plays Siege on the bot's Homeland; the bot answers with Misinformation (TB R5), which
    sends the damage to its Church (seed 8 after 15 random moves, found in CPython, bots
    reproducible). Back at Bea's choice, "Since your last move" says the reaction (not only
    the closed game log) and shows whole below the bar with her next option."""
    m = random_position("time_barons", ["Bea", "Bot"], ["human", "bot"], 8, 15)
    assert m.to_act() == [0] and "siege" in m.state["players"][0]["hand"]
    page.set_viewport_size(VIEWPORTS["phone"])
    load_games(page, server, {"pos": m}, reproducible=True)
    resume_game(page, "Time Barons", "Bea")
    assert _decision(page)
    page.locator("#tb-card-siege button.tb-hc-head").click()
    n = state_n(page)
    page.locator("#tb-card-siege").get_by_role("button", name=re.compile("^Play Siege")).click()
    wait_moved(page, n)
    n = state_n(page)
    page.locator("#tb-site-2 button.tb-pick-btn").first.click()
    wait_moved(page, n)
    assert _decision(page)
    said = page.locator("#app .catchup")
    expect(said).to_contain_text("Bot plays Misinformation.")
    expect(said).to_contain_text("redirected from Homeland (Bot) to Church (Bot)")
    b = first_option_in_view(page, "after the bot's reaction")
    news = said.evaluate("e => { const r = e.getBoundingClientRect(); return {top: r.top, bottom: r.bottom, height: r.height, folded: false}; }")
    assert whole_below_bar(b, news), ("the summary is out of view", b, news)
    view_shot(page, "phone-time_barons-bot-reaction-said")
    assert not traffic.offsite


# ---- names whole on the seat chips (issue 48 §4) ----------------------------------------------------
def test_three_seats_show_their_whole_names_on_a_phone(page, server, traffic):
    """Timeline, three seats with eight-letter names: every seat chip shows the whole name ("you"
    goes below it, and a longer name wraps rather than being cut: it read "Benedi…" with
    "(you)" beside it). Time Barons' chips (two seats) and seat strips (three or four) hold the
    same names whole."""
    game_id = "timeline"
    names = ["Benedict", "Cornelia", "Fredrick"]
    m = random_position(game_id, names, ["human", "bot", "bot"], 7, 4)
    page.set_viewport_size(VIEWPORTS["phone"])
    load_games(page, server, {"pos": m})
    resume_game(page, "Timeline", "Benedict")
    chips = page.locator("#main .pchip .pname")
    expect(chips).to_have_count(3)
    cut = chips.evaluate_all("els => els.filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.textContent)")
    assert not cut, cut
    assert chips.all_inner_texts() == names
    chips.first.scroll_into_view_if_needed()
    view_shot(page, f"phone-{game_id}-three-names")
