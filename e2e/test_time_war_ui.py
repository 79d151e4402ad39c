"""End-to-end tests of the Time War table, against the built dist/ (conftest.py).

Taps only (every action through a real button), except where a test needs an exact
position (the screenshots): it then writes saves made by the engine in CPython into
localStorage, as earlier versions stored them (the app migrates them into IndexedDB), and resumes them from Saved games.
Every test also checks, through the autouse ``traffic`` fixture, that no request left
the test server's origin.
"""

from __future__ import annotations

import json
import os
import random
import re
import sys
import time
from typing import Any

import pytest
from conftest import (
    ARTIFACTS,
    ROOT,
    VIEWPORTS,
    bot_thinking_report,
    current_match,
    load_games,
    no_overflow,
    open_app,
    reload_offline,
    resume_game,
    screen,
    seed_legacy,
    shot,
    small_targets,
    state_n,
    wait_moved,
    wait_until,
    watch_bot_thinking,
)
from playwright.sync_api import expect

sys.path.insert(0, str(ROOT / "pwa"))
from tb_ui.store import MemoryStorage, SaveStore  # noqa: E402

from py_engine.core import Match, Seat  # noqa: E402
from py_engine.time_war.rules import pending  # noqa: E402

CARD_ID = re.compile(r"\b[YR][1-8]\b")
PICK = "button.tw-card.pick:not(.alt)"
#: Anything a human can do on the Time War table, or the end of the game.
ACTIONABLE = ("button[data-act=handoff-ok], .endpanel, " + PICK
              + ", button.tw-play, button.tw-opt, button.tw-choice")


# ---- helpers ------------------------------------------------------------------------------------


def new_game(page: Any, kinds: list[str], names: list[str], level: str = "hard",
             scenario: str | None = None) -> None:
    """Set up a Time War game from the library and start it."""
    page.get_by_role("button", name="New game of Time War").click()
    expect(page.get_by_role("heading", name="New game: Time War")).to_be_visible()
    for i, kind in enumerate(kinds):
        page.locator(f'li.seat[data-seat="{i}"]').get_by_role("button", name=kind.capitalize(), exact=True).click()
        if kind == "bot":
            page.locator(f"#seat-level-{i}").select_option(level)
    if scenario:
        page.locator("#opt-scenario").select_option(scenario)
    for i, name in enumerate(names):  # last: a re-render (the choices above) would drop typed names
        page.get_by_role("textbox", name=f"Name of seat {i + 1}").fill(name)
    page.get_by_role("button", name="Start game").click()
    page.wait_for_selector("#app > .screen-table, #app > .screen-handoff")


def human_step(page: Any, timeout: float = 60_000) -> str:
    """Wait until a human can act (or the game is over), then take the FIRST offered
    option: confirm a hand-off, pick a card, preview a placement, play it, or choose (and
    confirm a choice that asks first)."""
    page.wait_for_selector(ACTIONABLE, timeout=timeout)
    if page.locator(".endpanel").count():
        return "end"
    n = state_n(page)
    if page.locator("button[data-act=handoff-ok]").count():
        page.locator("button[data-act=handoff-ok]").click()
        page.wait_for_selector("#app > .screen-table")
        return "handoff"
    if page.locator(PICK).count():
        page.locator(PICK).first.click()
        wait_moved(page, n)
        return "select"
    if page.locator("button.tw-play").count():
        page.locator("button.tw-play").click()
        wait_moved(page, n)
        return "place"
    if page.locator("button.tw-opt").count():
        page.locator("button.tw-opt").first.click()
        expect(page.locator("button.tw-play")).to_be_visible()
        return "preview"
    choice = page.locator("button.tw-choice").first
    asks = choice.get_attribute("data-act") == "caution"  # the player's own unit (issue 48)
    choice.click()
    if asks:
        page.get_by_role("button", name="Do it anyway").click()
    wait_moved(page, n)
    return "choice"


def shown_hand(page: Any) -> list[str]:
    return sorted(page.locator(".tw-hand .tw-card").evaluate_all("els => els.map(e => e.dataset.card)"))


def board_snapshot(page: Any) -> dict[str, str]:
    toggle = page.get_by_role("button", name=re.compile("^Game log"))
    if toggle.get_attribute("aria-expanded") != "true":
        toggle.click()
    return {
        "n": str(state_n(page)),
        "board": page.locator(".tw-board").inner_text(),
        "players": page.locator(".tw-players").inner_text(),
        "hand": page.locator(".tw-hand").inner_text() if page.locator(".tw-hand").count() else "",
        "act": page.locator(".tw-act").inner_text() if page.locator(".tw-act").count() else "",
        "log": page.locator(".log-list").inner_text(),
    }


# ---- (a) a full game against the hard bot --------------------------------------------------------------
#: Actions a game against the hard bot is given in CPython (random moves for both seats) before
#: the browser plays it to the end by taps; 0 (benchmarks/e2e_timings.py: TB_E2E_BENCHMARKS=1)
#: plays the whole game in the browser. A whole game by taps is drawn step by step in
#: tests/ui/test_time_war_ui.py.
HARD_GAME_HEAD = 0 if os.environ.get("TB_E2E_BENCHMARKS") == "1" else 24


def test_full_game_against_the_hard_bot_by_taps(page, server, traffic):
    """A game against the hard bot played to its end panel by taps, from the first move (a
    benchmark run) or from HARD_GAME_HEAD random moves in. The bot thinks in slices: the
    page's event loop runs while it thinks (timer ticks during every thinking period). How
    long the page's tasks took is recorded (e2e/artifacts/time_war_thinking.json) for
    benchmarks/e2e_timings.py."""
    if HARD_GAME_HEAD:
        head = Match.new("time_war", [Seat("Ann"), Seat("Bot", "bot", "hard")], {}, 11)
        rng = random.Random(11)
        while len(head.actions) < HARD_GAME_HEAD:
            seat = head.to_act()[0]
            head.apply(seat, rng.choice(head.game.legal_actions(head.state, seat)))
        assert not head.is_over()
        load_games(page, server, {"hard": head})
        resume_game(page, "Time War", "Ann")
    else:
        open_app(page, server)
        new_game(page, ["human", "bot"], ["Ann"], level="hard")
    watch_bot_thinking(page)
    waits: list[tuple[float, int]] = []  # (seconds waiting for the bot, bot actions meanwhile)
    taps = 0
    start = time.perf_counter()
    while True:
        n0, t0 = state_n(page), time.perf_counter()
        page.wait_for_selector(ACTIONABLE, timeout=60_000)
        if state_n(page) != n0:
            waits.append((time.perf_counter() - t0, state_n(page) - n0))
        did = human_step(page)
        if did == "end":
            break
        assert did != "handoff", "no hand-off with a single human"
        taps += 1
        assert taps < 400, "the game does not end"
    total = time.perf_counter() - start
    end = page.locator(".endpanel")
    expect(end.locator("#end-title")).to_contain_text(re.compile(r"wins!|A draw!"))
    expect(end.locator("table.tw-breakdown tfoot")).to_contain_text("Total")
    expect(end.get_by_role("button", name="Rematch")).to_be_visible()
    m = current_match(page)
    assert m.is_over() and m.seats[1].level == "hard"
    bot_actions = sum(1 for seat, _ in m.actions if seat == 1)
    bot_time = sum(w for w, _ in waits)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "time_war_hard_game.json").write_text(json.dumps({
        "total_seconds": round(total, 1), "human_taps": taps, "bot_actions": bot_actions,
        "seconds_waiting_for_the_bot": round(bot_time, 1),
        "longest_wait_seconds": round(max((w for w, _ in waits), default=0.0), 2),
        "result": m.game.outcome(m.state).reason,
    }, indent=1))
    thinking = bot_thinking_report(page)
    (ARTIFACTS / "time_war_thinking.json").write_text(json.dumps({
        "bot": "hard", "bot_actions": bot_actions, **thinking}, indent=1))
    assert thinking["periods"] > 0, "the thinking indicator never showed"
    assert thinking["ticks"] >= thinking["periods"], f"the page's event loop stood still while the bot thought: {thinking}"
    assert not traffic.offsite


# ---- (b) pass and play: a hand-off before every change of human, no hand leaks -----------------------------
#: Hand-offs the pass-and-play test goes through (several turns of both players; a whole
#: pass-and-play game is drawn step by step in tests/ui/test_time_war_ui.py).
HANDOFFS = 12


def test_pass_and_play_hands_off_before_every_change_of_human(page, server, traffic):
    open_app(page, server)
    new_game(page, ["human", "human"], ["Ann", "Bob"], scenario="centre")
    names = ["Ann", "Bob"]
    shown_seat: int | None = None   # whose hand the table showed last
    handed_to: int | None = None    # the seat a confirmed hand-off gave the device to
    handoffs = owed_handoffs = 0
    for _ in range(600):
        page.wait_for_selector(ACTIONABLE, timeout=30_000)
        if page.locator(".endpanel").count():
            break
        if screen(page) == "handoff":
            m = current_match(page)
            if handoffs >= HANDOFFS:
                break
            nxt = m.to_act()[0]
            expect(page.get_by_role("heading", name=f"Pass the device to {names[nxt]}")).to_be_visible()
            # the DOM right before the confirm: no hand at all, no hidden card of either player
            html = page.content()
            hidden = set(m.state["hands"][0] + m.state["hands"][1] + m.state["decks"][0] + m.state["decks"][1])
            assert not set(CARD_ID.findall(html)) & hidden, "a hidden card is in the page before the hand-off"
            assert page.locator(".tw-hand, .tw-card, .tw-board, button.tw-choice").count() == 0
            st = m.state
            if pending(st) is not None and pending(st)["player"] != st["active"]:
                owed_handoffs += 1
                expect(page.locator(".tw-ho-why")).to_contain_text("must choose how to carry out")
            if handoffs == 3:
                shot(page, "time_war-pass-and-play-handoff")
            page.get_by_role("button", name=f"I’m {names[nxt]} — continue").click()
            page.wait_for_selector("#app > .screen-table")
            handoffs += 1
            handed_to = nxt
            # only the new holder's hand is in the page; the previous holder's is gone
            assert shown_hand(page) == sorted(m.state["hands"][nxt])
            html = page.content()
            for c in m.state["hands"][1 - nxt]:
                assert c not in CARD_ID.findall(html), f"{c} of {names[1 - nxt]}'s hand is in the page"
            continue
        seat = int(page.locator(".tw-hand").get_attribute("data-seat"))
        if seat != shown_seat:
            assert handed_to == seat, f"the table showed {names[seat]}'s hand without a hand-off"
            shown_seat = seat
        human_step(page)
    m = current_match(page)
    assert handoffs >= HANDOFFS, "at least one hand-off per turn"
    # every human decision came after a hand-off to that human: count the changes of
    # deciding seat in the log (the hand-off before each is asserted above)
    changes = sum(1 for (a, _), (b, _) in zip(m.actions, m.actions[1:], strict=False) if a != b) + 1
    assert handoffs == changes, (handoffs, changes)
    print(f"pass and play: {handoffs} hand-offs, {owed_handoffs} before a choice owed in the other's turn")
    assert not traffic.offsite


# ---- (c) offline resume --------------------------------------------------------------------------------------
def test_offline_reload_resumes_the_same_position(page, server, context, traffic):
    open_app(page, server)
    new_game(page, ["human", "bot"], ["Ann"], level="easy")
    places = 0
    while places < 3:
        did = human_step(page)
        assert did != "end"
        places += did == "place"
    page.wait_for_selector(PICK + ", button.tw-choice", timeout=30_000)
    if page.locator(PICK).count():  # stop half-way through a turn: a card chosen
        n = state_n(page)
        page.locator(PICK).nth(1).click()
        wait_moved(page, n)
    before = board_snapshot(page)
    reload_offline(page, context, server)
    assert screen(page) == "table"
    assert board_snapshot(page) == before
    human_step(page)  # and play goes on offline
    assert not traffic.offsite


# ---- (e) screenshots at phone and tablet sizes -----------------------------------------------------------------
def _position(names: list[str], kinds: list[str], level: str, seed: int, stop: Any,
              scenario: str = "centre") -> Match:
    """A game played at random from the engine until ``stop(match)`` (the first seed
    from ``seed`` on whose game gets there)."""
    seats = [Seat(n, k, level if k == "bot" else None) for n, k in zip(names, kinds, strict=True)]
    human = kinds.index("human")
    for s in range(seed, seed + 200):
        m = Match.new("time_war", seats, {"scenario": scenario}, s, {"holder": human})
        rng = random.Random(s)
        while not m.is_over() and not stop(m):
            seat = m.to_act()[0]
            m.apply(seat, rng.choice(m.game.legal_actions(m.state, seat)))
        if stop(m):
            return m
    raise AssertionError("position not reached")


def _positions() -> dict[str, str]:
    """Saves of the screenshot positions (localStorage keys -> values)."""
    def owes(m: Match) -> bool:
        st = m.state
        return (st["turn"] >= 7 and pending(st) is not None and m.seats[pending(st)["player"]].kind == "human"
                and pending(st)["command"] in ("push", "rally", "charge"))

    def to_place(m: Match) -> bool:
        st = m.state
        return st["turn"] >= 6 and pending(st) is None and m.to_act() == [0] and st["selected"] is None

    def bot_places(m: Match) -> bool:
        st = m.state
        return st["turn"] >= 5 and pending(st) is None and m.to_act() == [0] and len(st["hands"][0]) > 1

    storage = MemoryStorage()
    clock = iter(range(1_700_000_000_000, 1_800_000_000_000, 1000))
    store = SaveStore(storage, lambda: float(next(clock)))
    games = {
        "end": _position(["End Eve", "Bot (easy)"], ["human", "bot"], "easy", 4, Match.is_over, "objectives"),
        "think": _position(["Bot (hard)", "Think Tia"], ["bot", "human"], "hard", 5, bot_places, "garrison"),
        "choice": _position(["Bot (easy)", "Choice Cam"], ["bot", "human"], "easy", 0, owes, "garrison"),
        "place": _position(["Place Pat", "Bot (easy)"], ["human", "bot"], "easy", 3, to_place, "objectives"),
    }
    for i, m in enumerate(games.values()):
        store.put(f"shot-{i}", m)
    return storage.data


@pytest.mark.parametrize("size", ["phone", "tablet"])
def test_time_war_screenshots_fit(page, server, traffic, size):
    page.set_viewport_size(VIEWPORTS[size])
    page.emulate_media(reduced_motion="reduce")

    def capture(name: str, viewport_only: bool = False) -> None:
        no_overflow(page)
        assert not small_targets(page), small_targets(page)
        path = ARTIFACTS / f"{size}-time_war-{name}.png"
        if viewport_only:
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(path))
        else:
            page.evaluate("window.scrollTo(0, 0)")
            shot(page, f"{size}-time_war-{name}")
        no_overflow(page)

    def resume(who: str) -> None:
        page.get_by_role("button", name="Saved games").click()
        page.get_by_role("button", name=re.compile(f"^Resume Time War with .*{who}")).click()
        page.wait_for_selector("#app > .screen-table")

    # bot speed normal; bottime=full: the hard bot searches its whole budget (about 2 s here), so
    # its thinking lasts long enough to be seen on a loaded machine (its time limit, 1 s, did not)
    open_app(page, server, "?bottime=full")
    seed_legacy(page, _positions())

    # placing: a card chosen, a placement previewed on the board and in the run order
    resume("Place Pat")
    page.locator(PICK).first.click()
    expect(page.locator("button.tw-opt")).to_have_count(8)
    capture("placing")
    page.locator("button.tw-opt").nth(3).click()
    expect(page.locator(".tw-confirm")).to_be_visible()
    expect(page.locator(".tw-space.tw-cover")).to_have_count(2)
    expect(page.locator(".tw-space.tw-cover .tw-ghost")).to_have_count(2)
    page.locator(".tw-confirm").scroll_into_view_if_needed()
    capture("placing-preview", viewport_only=True)  # the run order sticks to the bottom of a phone
    # the covered stacks open
    page.locator("button.tw-play").click()
    page.wait_for_selector(PICK + ", button.tw-choice", timeout=30_000)
    if page.locator("button.tw-half-btn").count():
        page.locator("button.tw-half-btn").first.click()
        expect(page.locator(".tw-under")).to_be_visible()
        capture("stack-open")
    # a hint (issue 24 §5): asked, the hard bot's choice ringed with one line of why, then played
    page.get_by_role("button", name="Hint: what the hard bot would choose here").click()
    expect(page.locator(".hint-row.hint-ready")).to_be_visible(timeout=30_000)
    expect(page.locator(".hint-row .hint-why")).to_contain_text("in the bot")
    hinted = page.locator("button[data-hint]").first
    expect(hinted).to_be_visible()
    hinted.scroll_into_view_if_needed()
    expect(page.locator(".hint-row")).to_be_in_viewport()  # the line stays in the sticky bar
    capture("hint", viewport_only=True)
    n = state_n(page)
    hinted.click()
    wait_moved(page, n)
    expect(page.locator(".hint-row")).to_have_count(0)
    page.get_by_role("button", name="Leave the table (the game stays saved)").click()

    # a choice owed by the human during the bot's turn
    resume("Choice Cam")
    expect(page.locator(".tw-choose")).to_be_visible()
    expect(page.locator(".tw-space.tw-now")).to_have_count(1)
    capture("choice")
    # found and scrolled to in one page task: the table may be drawn anew meanwhile (r31: the
    # element a locator had found was replaced before Playwright scrolled to it)
    page.evaluate("document.querySelector('.tw-choose').scrollIntoView({block: 'nearest'})")
    expect(page.locator(".tw-choose")).to_be_in_viewport()
    capture("choice-panel", viewport_only=True)
    page.get_by_role("button", name="Leave the table (the game stays saved)").click()

    # the hard bot thinking, with its progress
    # (the highest progress the bar showed is recorded as it moves: the bot may be done by the
    # time the test looks, and then the progress it showed is what counts)
    page.evaluate("""() => { window.__maxThink = 0; new MutationObserver(() => {
        const b = document.getElementById('think-progress');
        if (b) window.__maxThink = Math.max(window.__maxThink, +b.getAttribute('aria-valuenow')); })
        .observe(document.body, {subtree: true, childList: true, attributes: true,
                                 attributeFilter: ['aria-valuenow']}); }""")
    resume("Think Tia")
    wait_until(page, "() => window.__maxThink >= 5", timeout=30_000)
    if page.locator("#think-progress").count():  # still thinking: the picture of it
        page.evaluate("window.scrollTo(0, 0)")
        capture("thinking", viewport_only=True)
    page.get_by_role("button", name="Leave the table (the game stays saved)").click()

    # the end: the score by space, markers, scenario points; Rematch
    page.get_by_role("button", name="Saved games").click()
    page.get_by_role("button", name=re.compile("^View Time War with End Eve")).click()
    expect(page.locator(".endpanel table.tw-breakdown")).to_be_visible()
    capture("end")

    # the dark theme
    page.get_by_role("button", name="Leave the table (the game stays saved)").click()
    page.get_by_role("button", name="Settings").click()
    page.get_by_role("button", name="Dark", exact=True).click()
    resume("Choice Cam")
    capture("choice-dark")
    assert not traffic.offsite


@pytest.mark.parametrize("size", ["phone", "tablet"])
def test_sabotage_of_your_own_unit_asks_first(page, server, traffic, size):
    """Issue 48: a sabotage offering a unit of each side (TW §6: the player it faces chooses):
    the player's own colour asks first, Cancel leaves the game as it was, "Do it anyway" destroys
    the player's own unit; the enemy's colour plays at once (not tapped here)."""
    def owes_both(m: Match) -> bool:
        p = pending(m.state)
        return (p is not None and p["player"] == 0 and p["command"] == "sabotage"
                and {a.args[0] for a in m.game.legal_actions(m.state, 0)} == {"yellow", "red"})

    m = _position(["Sab Sue", "Bot (easy)"], ["human", "bot"], "easy", 0, owes_both)
    page.set_viewport_size(VIEWPORTS[size])
    load_games(page, server, {"sabotage": m})
    resume_game(page, "Time War", "Sab Sue")
    own = page.get_by_role("button", name=re.compile(r"Sabotage a yellow unit$"))
    expect(own).to_be_visible()
    n = state_n(page)
    own.click()
    dialog = page.get_by_role("alertdialog")
    expect(dialog).to_contain_text("This destroys one of your own units.")
    shot(page, f"tw-sabotage-caution-{size}")
    page.get_by_role("button", name="Cancel").click()
    expect(dialog).to_have_count(0)
    assert state_n(page) == n
    expect(page.get_by_role("button", name=re.compile(r"Sabotage a red unit$"))).to_be_visible()
    own.click()
    page.get_by_role("button", name="Do it anyway").click()
    wait_moved(page, n)
    page.get_by_role("button", name=re.compile("^Game log")).click()
    expect(page.locator(".log-list")).to_contain_text("Yellow sabotages a yellow unit on")
