"""End-to-end tests of the app UI with Timeline, against the built dist/ (conftest.py).

Taps only: every action goes through a real button found by its role and accessible
name, as a player (or a screen reader) would find it. Every test also checks, through
the autouse ``traffic`` fixture, that no request left the test server's origin.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from conftest import (
    VIEWPORTS,
    open_app,
    reload_offline,
    screen,
    shot,
    state_n,
    wait_moved,
    wait_ready,
)
from playwright.sync_api import expect

from py_engine.timeline.cards import catalog

PICK = "button.hcard.pick:not(.alt)"
GAP_NAME = re.compile(r"^Place (before|between|after) -?\d+ (BCE|CE)( and \d+ (BCE|CE))?$")
#: title -> year, from the engine's card data (the tests' player knows every date)
YEARS = {c.title: c.year for c in catalog().values()}


# ---- helpers ------------------------------------------------------------------------------------


def new_game(page: Any, kinds: list[str], names: list[str] | None = None, cards: int | None = None) -> None:
    """Set up a Timeline game from the library with seats of these kinds and start it."""
    page.get_by_role("button", name="New game of Timeline").click()
    expect(page.get_by_role("heading", name="New game: Timeline")).to_be_visible()
    while (n := page.locator("li.seat").count()) < len(kinds):  # each tap drawn before the next
        page.get_by_role("button", name="+ Add a seat").click()
        expect(page.locator("li.seat")).to_have_count(n + 1)
    while (n := page.locator("li.seat").count()) > len(kinds):  # the last setup is remembered
        page.get_by_role("button", name=f"Remove seat {n}").click()
        expect(page.locator("li.seat")).to_have_count(n - 1)
    for i, kind in enumerate(kinds):
        page.locator(f'li.seat[data-seat="{i}"]').get_by_role("button", name=kind.capitalize(), exact=True).click()
    for i, name in enumerate(names or []):
        page.get_by_role("textbox", name=f"Name of seat {i + 1}").fill(name)
    if cards is not None:
        page.get_by_role("spinbutton", name="Cards per player").fill(str(cards))
    page.get_by_role("button", name="Start game").click()
    page.wait_for_selector("#app > .screen-table, #app > .screen-handoff")


def _year(label: str) -> int:
    num, era = label.split()
    return -int(num) if era == "BCE" else int(num)


def take_turn(page: Any, which: str = "middle") -> None:
    """The acting human taps a card (if they must choose one), then a gap: the
    "first", "middle" or "last" gap, or the "right" or a "wrong" one (this player
    knows every date: the test reads them from the engine's card data).

    Waits first for this player's turn: after their last move a bot may still be playing
    (its move comes after the screen drawn for theirs)."""
    page.wait_for_selector(f"{PICK}, button.gap-btn", timeout=60_000)
    if page.locator(PICK).count():
        n = state_n(page)
        page.locator(PICK).first.click()
        wait_moved(page, n)
    gaps = page.get_by_role("button", name=GAP_NAME)
    k = gaps.count()
    assert k >= 2, "no gap to tap"
    n = state_n(page)
    if which in ("right", "wrong"):
        title = page.locator(".hcard.selected .hc-title").inner_text()
        year = YEARS[title]
        years = [_year(t) for t in page.locator(".tl-strip .tc-year").all_inner_texts()]
        fits = [g for g in range(len(years) + 1)
                if (g == 0 or years[g - 1] <= year) and (g == len(years) or year <= years[g])]
        g = fits[0] if which == "right" else next((g for g in range(len(years) + 1) if g not in fits), fits[0])
        page.locator(f"#gap-{g}").click()
    else:
        gaps.nth({"first": 0, "last": k - 1}.get(which, k // 2)).click()
    wait_moved(page, n)


def play_to_the_end(page: Any) -> None:
    """The human places every card right until the game ends (bots play their turns)."""
    turns = 0
    while True:
        page.wait_for_selector(f".endpanel, {PICK}, button.gap-btn", timeout=30_000)
        if page.locator(".endpanel").count():
            return
        take_turn(page, "right")
        turns += 1
        assert turns < 200, "the game does not end"


def table_snapshot(page: Any) -> dict[str, str]:
    """The visible game position: timeline, hands, prompt, players and the full log."""
    toggle = page.get_by_role("button", name=re.compile("^Game log"))
    if toggle.get_attribute("aria-expanded") != "true":
        toggle.click()
    expect(page.locator(".log-list")).to_be_visible()
    return {
        "n": str(state_n(page)),
        "timeline": page.locator(".tl-strip").inner_text(),
        "hand": page.locator(".hand").inner_text() if page.locator(".hand").count() else "",
        "others": page.locator(".others").inner_text(),
        "players": page.locator(".players").inner_text(),
        "prompt": page.locator(".prompt").inner_text() if page.locator(".prompt").count() else "",
        "log": page.locator(".log-list").inner_text(),
    }


def no_overflow(page: Any) -> None:
    sw, iw = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert sw <= iw, f"page is {sw}px wide in a {iw}px window"


def leave_table(page: Any) -> None:
    page.get_by_role("button", name="Leave the table (the game stays saved)").click()
    expect(page.get_by_role("heading", name="Games", exact=True)).to_be_visible()


# ---- (a) pass and play ----------------------------------------------------------------------------
def test_three_player_pass_and_play_to_a_winner(page, server, traffic):
    open_app(page, server)
    new_game(page, ["human", "human", "human"], ["Ann", "Bob", "Cy"], cards=2)
    assert screen(page) == "table"
    expect(page.get_by_role("button", name=GAP_NAME)).to_have_count(0)  # no card chosen yet
    turns = 0
    while not page.locator(".endpanel").count():
        # whose turn it is: the chip marked current, and the prompt names them
        current = page.locator(".pchip[aria-current='true'] .pname").inner_text()
        expect(page.locator(".prompt")).to_contain_text(current)
        # Ann knows every date, Bob always errs, Cy guesses: the game ends in a few rounds
        take_turn(page, {"Ann": "right", "Bob": "wrong", "Cy": "middle"}[current])
        turns += 1
        assert turns < 300, "the game does not end"
        if turns == 1:
            expect(page.locator(".feedback")).to_contain_text(re.compile(r"(Correct|Wrong) — .+ is \d+ (BCE|CE)"))
    end = page.locator(".endpanel")
    expect(end.locator("#end-title")).to_contain_text(re.compile(r"(Ann|Bob|Cy).* (wins|share the win)!|draw"))
    expect(end.get_by_role("button", name="Rematch")).to_be_visible()
    expect(end.get_by_role("button", name="Library")).to_be_visible()
    expect(page.get_by_role("button", name=GAP_NAME)).to_have_count(0)
    expect(page.locator(".pchip.st-winner")).not_to_have_count(0)
    # Rematch: same seats, a fresh game
    end.get_by_role("button", name="Rematch").click()
    expect(page.locator(".endpanel")).to_have_count(0)
    expect(page.locator(".players")).to_contain_text("Cy")
    assert state_n(page) == 0
    assert not traffic.offsite


# ---- (b) against bots -------------------------------------------------------------------------------
def test_game_against_two_bots_to_the_end(page, server, traffic):
    open_app(page, server, "?botspeed=instant")
    new_game(page, ["human", "bot", "bot"], ["Me"])
    expect(page.locator(".players")).to_contain_text("Bot")
    play_to_the_end(page)
    expect(page.locator(".endpanel h2")).to_contain_text(re.compile(r"wins!|share the win|draw", re.I))
    log = table_snapshot(page)["log"]
    assert re.search(r"Bot \d? ?\(normal\) placed", log), "bot moves are in the log"
    assert not traffic.offsite


# ---- (c) reload resumes -------------------------------------------------------------------------------
def test_reload_mid_game_resumes_the_same_position(page, server, traffic):
    open_app(page, server)
    new_game(page, ["human", "human"], ["Ann", "Bob"])
    for _ in range(3):
        take_turn(page)
    if page.locator(PICK).count():  # stop half-way through a turn: a card chosen, not placed
        n = state_n(page)
        page.locator(PICK).nth(1 if page.locator(PICK).count() > 1 else 0).click()
        wait_moved(page, n)
    before = table_snapshot(page)
    page.reload()
    wait_ready(page)
    assert screen(page) == "table", "a reload goes straight back to the table"
    after = table_snapshot(page)
    assert after == before
    take_turn(page)  # and play goes on
    assert not traffic.offsite


# ---- (d) offline --------------------------------------------------------------------------------------
def test_offline_reload_boots_from_service_worker_and_resumes(page, server, context, traffic):
    open_app(page, server)
    new_game(page, ["human", "bot"], ["Ann"])
    for _ in range(2):
        page.wait_for_selector(f".endpanel, {PICK}, button.gap-btn", timeout=30_000)
        if page.locator(".endpanel").count():
            break
        take_turn(page)
    page.wait_for_selector(f".endpanel, {PICK}, button.gap-btn", timeout=30_000)
    before = table_snapshot(page)
    reload_offline(page, context, server)
    assert screen(page) == "table"
    assert table_snapshot(page) == before
    assert not traffic.offsite


# ---- (e) import / export -------------------------------------------------------------------------------
def test_import_corrupt_save_shows_error_and_valid_export_imports(page, server, traffic, tmp_path):
    open_app(page, server)
    new_game(page, ["human", "bot"], ["Ann"])
    page.wait_for_selector(PICK)
    take_turn(page)
    page.wait_for_selector(f".endpanel, {PICK}, button.gap-btn", timeout=30_000)
    ann_timeline = page.locator(".tl-strip").inner_text()
    leave_table(page)
    new_game(page, ["human", "human"], ["Bea", "Cal"])
    leave_table(page)
    page.get_by_role("button", name="Saved games").click()
    saves = page.locator("li.save")
    expect(saves).to_have_count(2)

    with page.expect_download() as dl:
        page.get_by_role("button", name=re.compile(r"^Export Timeline with Ann")).click()
    exported = tmp_path / dl.value.suggested_filename
    dl.value.save_as(exported)
    assert exported.name.endswith(".json") and '"time-and-barons-save"' in exported.read_text()

    file_input = page.locator("input[type=file]")
    bad = tmp_path / "broken.json"
    bad.write_text('{"format": "time-and-barons-save", "version": 1, "game": "timeline", "seats": "oops"}')
    file_input.set_input_files(str(bad))
    alert = page.get_by_role("alert")
    expect(alert).to_contain_text("Could not import broken.json")
    expect(alert).to_contain_text("damaged")
    expect(saves).to_have_count(2)
    garbage = tmp_path / "holiday-photo.json"
    garbage.write_bytes(b"\x89PNG not a save at all")
    file_input.set_input_files(str(garbage))
    expect(page.get_by_role("alert")).to_contain_text("Could not import holiday-photo.json")
    expect(saves).to_have_count(2)

    file_input.set_input_files(str(exported))
    expect(page.get_by_role("status").filter(has_text="Imported")).to_contain_text(exported.name)
    expect(saves).to_have_count(3)
    expect(page.get_by_role("alert")).to_have_count(0)
    # the imported copy (newest, listed first) opens at the same position
    saves.first.get_by_role("button", name=re.compile(r"^Resume Timeline with Ann")).click()
    page.wait_for_selector("#app > .screen-table", state="attached")  # drawn once the app answers
    assert page.locator(".tl-strip").inner_text() == ann_timeline
    assert not traffic.offsite


# ---- (f) screenshots at phone and tablet sizes ---------------------------------------------------------------
@pytest.mark.parametrize("size", ["phone", "tablet"])
def test_screens_fit_and_screenshots(page, server, traffic, size):
    page.set_viewport_size(VIEWPORTS[size])
    page.emulate_media(reduced_motion="reduce")  # still frames: no half-finished animation

    def capture(name: str) -> None:
        no_overflow(page)
        page.evaluate("window.scrollTo(0, 0)")  # the sticky table bar stays on top in full-page shots
        shot(page, f"{size}-{name}")
        no_overflow(page)

    open_app(page, server)
    capture("library")
    page.get_by_role("button", name="New game of Timeline").click()
    page.get_by_role("button", name="+ Add a seat").click()
    page.locator('li.seat[data-seat="1"]').get_by_role("button", name="Bot", exact=True).click()
    capture("new-game")
    page.get_by_role("button", name="Games", exact=True).click()

    new_game(page, ["human", "human", "human"], ["Ann", "Bob", "Cyrano de Bergerac"])
    for i in range(7):
        take_turn(page, ["first", "middle", "last"][i % 3])
    if page.locator(PICK).count():
        page.locator(PICK).first.click()
    expect(page.get_by_role("button", name=GAP_NAME).first).to_be_visible()
    capture("table")
    page.get_by_role("button", name=re.compile("^Game log")).click()
    capture("table-log")

    page.get_by_role("button", name="Rules", exact=True).click()
    expect(page.get_by_role("heading", name="How to play Timeline")).to_be_visible()
    capture("rules")
    page.get_by_role("button", name=re.compile("Back to the table")).click()
    leave_table(page)

    page.get_by_role("button", name="Settings").click()
    page.get_by_text("Hand-off screen between players").click()
    expect(page.get_by_role("switch", name=re.compile("^Hand-off screen"))).to_be_checked()
    capture("settings")
    page.get_by_role("button", name="Games", exact=True).click()
    new_game(page, ["human", "human"], ["Dana", "Eli"])
    assert screen(page) == "handoff"
    expect(page.get_by_role("heading", name="Pass the device to Dana")).to_be_visible()
    assert page.locator(".tl-strip, .hcards, .players, .log").count() == 0, "the table is hidden"
    capture("handoff")
    page.get_by_role("button", name="I’m Dana — continue").click()
    page.wait_for_selector("#app > .screen-table", state="attached")  # drawn once the app answers
    take_turn(page)
    if screen(page) == "handoff":
        expect(page.get_by_role("heading", name="Pass the device to Eli")).to_be_visible()
        page.get_by_role("button", name="Back to the library").click()
    else:
        leave_table(page)

    page.get_by_role("button", name="Saved games").click()
    expect(page.locator("li.save")).to_have_count(2)
    capture("saves")

    page.get_by_role("button", name="Games", exact=True).click()
    new_game(page, ["bot", "bot"], cards=2)
    expect(page.locator(".endpanel")).to_be_visible(timeout=30_000)
    capture("end")

    # the dark theme, set in Settings, applies at once and is kept
    leave_table(page)
    page.get_by_role("button", name="Settings").click()
    page.get_by_role("button", name="Dark", exact=True).click()
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    expect(page.get_by_role("button", name="Dark", exact=True)).to_have_attribute("aria-pressed", "true")
    page.get_by_role("button", name="Saved games").click()
    page.get_by_role("button", name=re.compile(r"^Resume Timeline with Ann")).click()
    capture("table-dark")
    page.reload()
    wait_ready(page)
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"
    assert not traffic.offsite


# ---- "Let a bot finish for me" (issue 48 §3) ----------------------------------------------------------
@pytest.mark.parametrize("size", ["phone", "tablet"])
def test_a_seat_handed_to_a_bot_plays_to_the_end_and_undo_takes_it_back(page, server, traffic, size):
    """Against a bot (bots at their normal pace), the player hands their seat to an easy bot:
    the pinned bar says so and Undo gives the seat back; handed again, with no human left
    "Skip to the end" lets the bots play the game to its end panel."""
    page.set_viewport_size(VIEWPORTS[size])
    open_app(page, server, "?botspeed=normal")
    new_game(page, ["human", "bot"], ["Hana"], cards=4)
    expect(page.locator(PICK).first).to_be_visible(timeout=60_000)
    n = state_n(page)
    page.locator(".hand-over > summary").click()
    page.get_by_role("button", name="Let an easy bot finish the game for me").click()
    expect(page.locator(".tbar-handed")).to_have_text("An easy bot plays for Hana. Take my seat back")
    # Undo takes the hand-over back (the bot pauses before its first move; if it moved all the
    # same on a slow machine, the seat still comes back where the game stands)
    page.get_by_role("button", name="Undo: take your seat back from the bot").click()
    expect(page.locator(".tbar-handed")).to_have_count(0)
    # Hana decides again: a card to pick, or, if the bot already picked one, a gap to place it in
    expect(page.locator(PICK).or_(page.get_by_role("button", name=GAP_NAME)).first).to_be_visible(timeout=60_000)
    assert state_n(page) >= n
    page.locator(".hand-over > summary").click()
    shot(page, f"{size}-hand-over-offer")
    page.get_by_role("button", name="Let an easy bot finish the game for me").click()
    expect(page.locator(".tbar-handed")).to_be_visible()
    shot(page, f"{size}-hand-over-handed")
    page.get_by_role("button", name="Skip to the end: the bots play at full speed").click()
    expect(page.locator(".endpanel h2")).to_contain_text(re.compile(r"wins!|share the win|draw", re.I),
                                                         timeout=120_000)
    expect(page.locator(".tbar-handed")).to_have_count(0)
    # the end panel's head shows below the pinned bar, not scrolled past (issue 48)
    page.wait_for_timeout(200)
    head = page.locator(".endpanel h2").bounding_box()
    bar = page.locator("#app .tbar").bounding_box()
    assert head is not None and bar is not None
    assert bar["y"] + bar["height"] - 1 <= head["y"] and head["y"] + head["height"] <= VIEWPORTS[size]["height"], (head, bar)
    shot(page, f"{size}-hand-over-end")
    assert not traffic.offsite
