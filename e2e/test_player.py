"""The replay viewer, the daily Timeline, moves announced, skip to my turn, and the
time-limited bots at CPU ×4 (issue 15), against the built app.

Screenshots of the replay viewer and the daily result are written at phone and tablet
size (e2e/artifacts/replay-*.png, daily-*.png).
"""

from __future__ import annotations

import datetime
import json
import os
import re
from typing import Any

import pytest
from conftest import ARTIFACTS, VIEWPORTS, open_app, reload_offline, shot, wait_ready, wait_until
from player_helpers import finished_save, import_file, route_is, screen_is, settled, unfinished_save
from playwright.sync_api import expect

from py_engine.core import daily_match
from py_engine.timeline.cards import catalog

CAPTION = "#replay-caption"


def _caption(page: Any) -> str:
    return page.locator(CAPTION).inner_text()


def _saves_screen(page: Any) -> None:
    page.get_by_role("button", name="Saved games", exact=True).click()
    screen_is(page, "saves")


# ---- the replay viewer ---------------------------------------------------------------------------
def test_replay_viewer_steps_jumps_plays_and_keeps_hands_hidden(page, server, traffic, tmp_path, browser):
    """A finished Time War game (hidden hands) against a bot: forward, back, jump to a
    turn, autoplay; the bot's hand never shows until the game is over and the players
    choose to reveal it; an exported replay opens in the viewer of a second device."""
    path, m = finished_save(tmp_path, "time_war", ["human", "bot"], seed=2)
    length = len(m.actions)
    open_app(page, server)
    _saves_screen(page)
    import_file(page, path)
    screen_is(page, "replay")
    expect(page.locator(CAPTION)).to_have_text(f"Move {length} of {length} · {m.seats[m.actions[-1][0]].name}")
    expect(page.locator(".endpanel")).to_be_visible()
    page.get_by_role("button", name="Back to the setup").click()
    expect(page.locator(CAPTION)).to_contain_text("Setup")
    expect(page.get_by_role("button", name="Back one move")).to_be_disabled()
    page.get_by_role("button", name="Forward one move").click()
    expect(page.locator(CAPTION)).to_have_text(f"Move 1 of {length} · {m.seats[m.actions[0][0]].name}")
    page.get_by_role("button", name="Forward one move").click()
    page.get_by_role("button", name="Back one move").click()
    expect(page.locator(CAPTION)).to_contain_text(f"Move 1 of {length}")
    # jump to the 5th turn: the position after its last move
    turns = page.locator("#replay-turn option")
    target = turns.nth(5)
    end = int(target.get_attribute("value"))
    page.locator("#replay-turn").select_option(str(end))
    expect(page.locator(CAPTION)).to_contain_text(f"Move {end} of {length}")
    assert page.locator("#app > .screen").get_attribute("data-n") == str(end)
    # the table is the game's own, read-only: no action buttons
    assert page.locator("#app button[data-act=play], #app button[data-act=undo]").count() == 0
    # whose view: the human (or the table only); the bot's hand is never drawn
    watch = page.locator("#replay-watch option")
    assert watch.all_inner_texts() == [m.seats[0].name, "The table only (no hand)"]
    for _ in range(6):
        assert page.locator(".tw-hand[data-seat='1']").count() == 0
        page.get_by_role("button", name="Forward one move").click()
    page.locator("#replay-watch").select_option("")
    expect(page.locator(".tw-hand")).to_have_count(0)
    # the game is over: the players may reveal every hand, then watch as the bot
    page.get_by_text("Reveal every hand").click()
    expect(page.locator("#replay-watch option")).to_have_count(3)
    page.locator("#replay-watch").select_option("1")
    page.locator("#replay-turn").select_option("0")
    expect(page.locator(".tw-hand[data-seat='1']")).to_be_visible()
    # autoplay moves on by itself, and pauses
    page.get_by_role("button", name="Play the replay").click()
    expect(page.locator(CAPTION)).to_contain_text("Move 2 of", timeout=10_000)
    page.get_by_role("button", name="Pause the replay").click()
    expect(page.get_by_role("button", name="Play the replay")).to_be_visible()
    k = page.locator("#app > .screen").get_attribute("data-n")
    # A pause is something that does not happen: no condition to wait for. The wait spans more
    # than one autoplay step (AUTOPLAY_SECONDS, 0.9 s), so a step that still came would show.
    page.wait_for_timeout(1500)
    assert page.locator("#app > .screen").get_attribute("data-n") == k
    # screenshots at both sizes (reduced motion: still frames)
    page.emulate_media(reduced_motion="reduce")
    page.locator("#replay-turn").select_option(str(end))
    for size in ("phone", "tablet"):
        page.set_viewport_size(VIEWPORTS[size])
        page.evaluate("window.scrollTo(0, 0)")
        shot(page, f"replay-{size}")
    # export, and a second device imports it straight into the viewer
    with page.expect_download() as dl:
        page.get_by_role("button", name=re.compile("^Export replay")).click()
    exported = tmp_path / dl.value.suggested_filename
    dl.value.save_as(exported)
    other = browser.new_context(viewport=VIEWPORTS["phone"])
    try:
        p2 = other.new_page()
        p2.goto(server.url + "?botspeed=instant")
        wait_ready(p2)
        p2.get_by_role("button", name="Saved games", exact=True).click()
        p2.locator("input[type=file][data-act=import]").set_input_files(str(exported))
        p2.wait_for_selector("#app > .screen-replay", state="attached")
        expect(p2.locator(CAPTION)).to_have_text(f"Move {length} of {length} · {m.seats[m.actions[-1][0]].name}")
        expect(p2.get_by_role("status").filter(has_text="Here is its replay")).to_be_visible()
    finally:
        other.close()


def test_replay_of_a_game_in_progress_shows_no_hand_in_pass_and_play(page, server, traffic, tmp_path):
    """Two humans share the device: until the game is over, its replay shows the table
    only (either hand could be the other player's secret)."""
    path, m = unfinished_save(tmp_path, "time_war", ["human", "human"], 12)
    open_app(page, server)
    _saves_screen(page)
    import_file(page, path)
    page.locator("li.save").first.get_by_role("button", name=re.compile("^Replay ")).click()
    screen_is(page, "replay")
    expect(page.locator(CAPTION)).to_contain_text(f"Setup · {len(m.actions)} moves")
    assert page.locator("#replay-watch option").all_inner_texts() == ["The table only (no hand)"]
    assert page.get_by_text("Reveal every hand").count() == 0
    for _ in range(4):
        page.get_by_role("button", name="Forward one move").click()
        assert page.locator(".tw-hand").count() == 0
    page.get_by_role("button", name="To the last move").click()
    expect(page.locator(CAPTION)).to_contain_text(f"Move {len(m.actions)} of {len(m.actions)}")
    assert page.locator(".tw-hand").count() == 0
    expect(page.get_by_role("button", name="Forward one move")).to_be_disabled()


# ---- the daily Timeline ---------------------------------------------------------------------------
YEARS = {c.title: c.year for c in catalog().values()}


def _hand(page: Any) -> list[str]:
    return page.locator(".hand.mine .hc-title").all_inner_texts()


def _place(page: Any, right: bool) -> None:
    """Pick the first card if a choice is offered, then tap a right (or a wrong) gap."""
    n = page.locator("#app > .screen").get_attribute("data-n")
    pick = page.locator("button.hcard.pick:not(.alt)")
    if pick.count():
        pick.first.click()
        page.wait_for_selector(f"#app > .screen:not([data-n='{n}'])", state="attached")
        n = page.locator("#app > .screen").get_attribute("data-n")
    title = page.locator(".hcard.selected .hc-title, .hand.mine .hc-title").first.inner_text()
    year = YEARS[title]
    years = []
    for t in page.locator(".tl-strip .tc-year").all_inner_texts():
        num, era = t.split()
        years.append(-int(num) if era == "BCE" else int(num))
    gaps = range(len(years) + 1)
    fits = [g for g in gaps if (g == 0 or years[g - 1] <= year) and (g == len(years) or year <= years[g])]
    wrong = [g for g in gaps if g not in fits]
    page.locator(f"#gap-{(wrong[0] if wrong and not right else fits[0])}").click()
    page.wait_for_selector(f"#app > .screen:not([data-n='{n}'])", state="attached")


def _engine_hand(day: str) -> list[str]:
    m = daily_match("timeline", day)
    return sorted(catalog()[c].title for c in m.state["hands"][0])


@pytest.mark.own_browser  # the page clock is the whole context's
def test_daily_timeline_same_deal_for_a_date_new_deal_next_day_and_offline(page, server, context, traffic):
    day1 = datetime.datetime(2025, 3, 14, 9, 30)
    page.clock.set_system_time(day1)
    open_app(page, server)
    page.get_by_role("button", name="Daily challenge: Timeline").click()
    route_is(page, "daily/timeline")
    expect(page.locator(".daily-date")).to_have_text("Friday 14 March 2025")
    page.get_by_role("button", name="Play today’s deal").click()
    screen_is(page, "table")
    # the deal is the date's: the same as any other device (here: the engine in CPython)
    assert sorted(_hand(page)) == _engine_hand("2025-03-14")
    assert page.locator(".players .pchip").count() == 1
    plan = [False, True]
    i = 0
    while not page.locator(".endpanel").count():
        _place(page, plan[i] if i < len(plan) else True)
        i += 1
        assert i < 40
    end = page.locator(".endpanel")
    expect(end.locator("#end-title")).to_have_text("Today’s deal is done!")
    expect(end).to_contain_text("All 6 cards placed with 1 mistake.")
    end.get_by_role("button", name="See your result").click()
    route_is(page, "daily/timeline")
    marks = page.locator(".daily-result .daily-grid li")
    expect(marks).to_have_count(7)
    assert page.locator(".daily-result .daily-grid li.dg-bad").count() == 1
    share = page.locator("#daily-share").input_value()
    assert share.splitlines()[0] == "Time & Barons · Daily Timeline · 2025-03-14"
    assert share.splitlines()[1] == "🟥" + "🟩" * 6
    assert "All 6 cards placed with 1 mistake." in share
    assert not any(title in share for title in YEARS), "the share text names no card"
    nums = page.locator(".daily-nums li").all_inner_texts()
    assert nums[0].startswith("1") and nums[1].startswith("1") and nums[2].startswith("1")
    page.get_by_role("button", name="Copy result").click()
    expect(page.get_by_role("status").filter(has_text=re.compile("Copied|did not allow copying"))).to_be_visible()
    page.emulate_media(reduced_motion="reduce")
    for size in ("phone", "tablet"):
        page.set_viewport_size(VIEWPORTS[size])
        page.evaluate("window.scrollTo(0, 0)")
        shot(page, f"daily-{size}")
    page.set_viewport_size(VIEWPORTS["phone"])
    # the next day: a new deal; yesterday's result keeps the streak going
    page.clock.set_system_time(day1 + datetime.timedelta(days=1))
    page.reload()
    wait_ready(page)
    route_is(page, "daily/timeline")
    expect(page.locator(".daily-date")).to_have_text("Saturday 15 March 2025")
    assert page.locator(".daily-nums li").first.inner_text().startswith("1")
    page.get_by_role("button", name="Play today’s deal").click()
    screen_is(page, "table")
    second = sorted(_hand(page))
    assert second == _engine_hand("2025-03-15") and second != _engine_hand("2025-03-14")
    # offline: the app comes back from the service worker and the deal goes on
    page.get_by_role("button", name=re.compile("leave the table")).click()
    page.get_by_role("button", name="Daily challenge: Timeline").click()
    route_is(page, "daily/timeline")
    reload_offline(page, context, server)
    route_is(page, "daily/timeline")
    page.get_by_role("button", name="Continue today’s deal").click()
    screen_is(page, "table")
    assert sorted(_hand(page)) == second
    _place(page, True)


# ---- moves announced, skip to my turn ----------------------------------------------------------------
def test_moves_are_announced_and_skip_summarises_the_bots(page, server, traffic):
    open_app(page, server, "?botspeed=normal")
    page.get_by_role("button", name="New game of Timeline").click()
    page.get_by_role("button", name="+ Add a seat").click()
    page.get_by_role("button", name="+ Add a seat").click()
    for i in (1, 2, 3):
        page.locator(f'li.seat[data-seat="{i}"]').get_by_role("button", name="Bot", exact=True).click()
    page.get_by_role("button", name="Start game").click()
    screen_is(page, "table")
    live = page.locator("#tb-live")
    assert live.get_attribute("aria-live") == "polite"
    # the human's own choice is announced in words
    page.locator("button.hcard.pick").first.click()
    expect(live).to_contain_text("Player 1 chose")
    # every text the region takes is kept (the bots' moves may replace the placement's words
    # before a poll of a busy machine reads them)
    page.evaluate("""() => { window.__said = []; const el = document.getElementById('tb-live');
      new MutationObserver(() => window.__said.push(el.textContent))
        .observe(el, {childList: true, characterData: true, subtree: true}); }""")
    page.locator("button.gap-btn").first.click()
    wait_until(page, "() => window.__said.some(t => t.includes('Player 1 placed'))")
    # then a bot's move changes the region's text
    page.wait_for_selector("#app > .screen[data-actor='bot']", state="attached")
    before = live.inner_text()
    expect(live).not_to_have_text(before, timeout=20_000)
    expect(live).to_contain_text("Bot")
    # the log is a list a screen reader reads
    page.get_by_role("button", name=re.compile("^Game log")).click()
    expect(page.get_by_role("list", name=re.compile("^Game log, .*oldest first"))).to_be_visible()
    assert page.locator("#log-list > li").count() >= 2
    # skip to my turn: the bots play at full speed; one panel says what they did
    page.get_by_role("button", name=re.compile("^Skip to my turn")).click()
    settled(page)
    panel = page.locator(".catchup")
    expect(panel.get_by_role("heading")).to_contain_text("While you skipped")
    assert panel.locator("li").count() >= 2
    assert re.search(r"Bot \d \(normal\) placed", panel.inner_text())
    expect(live).to_contain_text("choose a card to place")
    panel.get_by_role("button", name="OK, hide this summary").click()
    expect(page.locator(".catchup")).to_have_count(0)


# ---- bots that fit the device: CPU ×4 (a measurement) ------------------------------------------------
#: The target, checked by benchmarks/e2e_timings.py (never by make test): a decision (thinking +
#: applying + drawing) within this at CPU ×4.
DECISION_LIMIT_MS = 2000
WATCH_JS = """() => {
  window.__moves = [];
  const note = () => { const s = document.querySelector('#app > .screen');
    window.__moves.push([performance.now(), s ? s.dataset.n : null]); };
  new MutationObserver(note).observe(document.getElementById('app'), {childList: true});
  note();
}"""


def _bot_decisions(page: Any, game: str, decisions: int) -> list[float]:
    """Start a hard-vs-hard game of ``game`` and time ``decisions`` bot decisions
    (from one drawn position to the next: thinking, applying, drawing)."""
    page.get_by_role("button", name=f"New game of {game}").click()
    for i in (0, 1):
        page.locator(f'li.seat[data-seat="{i}"]').get_by_role("button", name="Bot", exact=True).click()
        page.locator(f"#seat-level-{i}").select_option("hard")
    page.evaluate(WATCH_JS)
    page.get_by_role("button", name="Start game").click()
    # A decision can advance the state number by more than one (chance, automatic steps):
    # count the drawn positions, not the numbers.
    page.wait_for_function("""(want) => new Set(window.__moves.map((m) => m[1]).filter((n) => n !== null)).size >= want
                              || !!document.querySelector('.endpanel')""", arg=decisions + 2, timeout=120_000)
    moves = page.evaluate("window.__moves")
    # The bots keep redrawing the table: a click in the same task as finding the button.
    page.evaluate("() => document.querySelector('#app button[data-act=leave]').click()")
    page.wait_for_selector("#app > .screen-library")
    times, last = [], None
    for t, n in moves:
        if n is None:
            continue
        if last is not None and n != last[1]:
            times.append(t - last[0])
        last = (t, n)
    return times[1:decisions + 1]  # from the first drawn table on


@pytest.mark.benchmark
def test_hard_bot_decision_times_at_cpu_x4(page, server, traffic):
    """A measurement (benchmarks/e2e_timings.py runs it; make test leaves it out): the search
    games' hard bots, hard against hard, with the CPU slowed 4× (a mid-range phone), each
    decision timed from one drawn position to the next, recorded in
    e2e/artifacts/cpu4_<game>.json (TB_CPU4_DECISIONS sets how many)."""
    open_app(page, server, "?botspeed=instant&cpu=4")  # the app's worker slowed too (tb-worker.mjs)
    for game in ("Time War", "Time Barons"):
        cdp = page.context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
        try:
            times = _bot_decisions(page, game, int(os.environ.get("TB_CPU4_DECISIONS", "5")))
        finally:
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
        assert times, "no bot decision was seen"
        _record(game, times)


def _record(game: str, times: list[float]) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / f"cpu4_{game.lower().replace(' ', '_')}.json").write_text(json.dumps({
        "game": game, "bot": "hard vs hard", "cpu_throttling": 4, "decisions": len(times),
        "decision_ms": [round(t) for t in times], "worst_ms": round(max(times)),
        "median_ms": round(sorted(times)[len(times) // 2]), "target_ms": DECISION_LIMIT_MS,
        "what": "time between two drawn positions: the bot's time-limited search, applying the move, drawing the table",
        "cpu_count": os.cpu_count(), "load_average": [round(x, 2) for x in os.getloadavg()],
    }, indent=1))
