"""Hostile names and saves stay text in the real page (issue 23 §1), every game in one scan.

Each game gets two saves whose seats carry payloads (a game in progress and a finished one),
made in CPython and stored as the app stores them. A MutationObserver installed before the
app's own scripts records every element and attribute that ever enters the page; the test
walks the saved-games list, the hand-off screen, the table with its log, the end panel, the
replay and the new-game form (names typed into it), then checks that no ``<tbx>`` element, no
``data-tbx`` attribute and no inline event handler ever appeared, and that the names were
shown as text. Every renderer and screen is checked in CPython by
tests/ui/test_markup_injection.py; this is the same property in Chromium's own parser.
"""

from __future__ import annotations

import random
import sys
from typing import Any

from conftest import ROOT, load_games
from playwright.sync_api import expect

sys.path.insert(0, str(ROOT))
from py_engine import games  # noqa: E402
from py_engine.core import Match, Seat  # noqa: E402

NAMES = ['<tbx data-tbx="a">', '"><tbx data-tbx="b">', "' data-tbx='c' x='"]

#: Installed before the app's scripts: records every element or attribute the page ever gets
#: that no template has (window.__injected).
WATCH = """window.__injected = [];
const bad = (el) => el.nodeType === 1 && (el.localName === 'tbx' || [...el.attributes].some(
  (a) => a.name.startsWith('data-tbx') || a.name.startsWith('on')));
new MutationObserver((records) => {
  for (const r of records) {
    if (r.type === 'attributes' && bad(r.target)) window.__injected.push(r.target.outerHTML.slice(0, 200));
    for (const n of r.addedNodes) {
      if (n.nodeType !== 1) continue;
      for (const el of [n, ...n.querySelectorAll('*')]) {
        if (bad(el)) window.__injected.push(el.outerHTML.slice(0, 200));
      }
    }
  }
}).observe(document, {subtree: true, childList: true, attributes: true});"""


def _saves(game_id: str) -> dict[str, Match]:
    """A game in progress (two humans to pass the device between, a bot where the game
    takes three) and the same table played to its end, every seat named by a payload."""
    g = games.get(game_id)
    n = max(2, g.min_players) + (1 if g.max_players >= 3 else 0)
    seats = [Seat(NAMES[i % len(NAMES)], "human" if i < 2 else "bot", None if i < 2 else "random")
             for i in range(n)]
    rng = random.Random(23)
    mid = Match.new(game_id, seats, {}, seed=23)
    done = Match.new(game_id, seats, {}, seed=24)
    for m, stop in ((mid, 6), (done, 10**6)):
        while not m.is_over() and len(m.actions) < stop:
            bot = m.bot_to_act()
            if bot is not None:
                m.apply(bot, m.bot_action(bot))
                continue
            seat = m.to_act()[0]
            m.apply(seat, rng.choice(m.game.legal_actions(m.state, seat)))
    assert not mid.is_over() and done.is_over()
    return {"mid": mid, "done": done}


def test_hostile_names_never_become_markup(page, server):
    """Every game in one page (one start of the app, as a player who owns them all): its saves,
    hand-off, table, log, end panel, replay and new-game form."""
    page.add_init_script(WATCH)
    ids = games.ids()
    load_games(page, server, {f"{gid}-{k}": m for gid in ids for k, m in _saves(gid).items()})
    page.get_by_role("button", name="Saved games").click()
    expect(page.locator(".save")).to_have_count(2 * len(ids))
    expect(page.locator(".save .who").first).to_contain_text(NAMES[0])
    for i, game_id in enumerate(ids):
        _walk(page, game_id, mid=f"e2e-{2 * i}", done=f"e2e-{2 * i + 1}")
        assert page.evaluate("window.__injected") == [], game_id
    assert page.evaluate("document.querySelectorAll('tbx, [data-tbx]').length") == 0


def _walk(page: Any, game_id: str, mid: str, done: str) -> None:
    """From the saved-games list: every screen of ``game_id`` that shows the payload names;
    ends on the saved-games list."""
    # the game in progress: hand-off (where the game asks for it), table, log
    page.locator(f"button[data-act=resume][data-id={mid}]").click()
    page.wait_for_selector("#app > .screen-table, #app > .screen-handoff", state="attached")
    if page.locator("button[data-act=handoff-ok]").count():
        expect(page.locator(".handoff h1")).to_contain_text("Pass the device to")
        page.locator("button[data-act=handoff-ok]").click()
    # dispatched, not clicked: at Playwright's 1280×720 the Time Barons side column covers the
    # toggle once scrolled to it (noted on issue 23); the scan needs the log open, not the tap
    page.locator("button[data-act=log-toggle]").dispatch_event("click")
    expect(page.locator("#log-list")).to_be_visible()

    # the finished game: end panel, then its replay
    page.locator("button[data-act=leave]").first.click()
    page.get_by_role("button", name="Saved games").click()
    page.locator(f"button[data-act=resume][data-id={done}]").click()
    # the whole game is replayed to open it (Time Barons: 400 moves and more), on a busy machine too
    expect(page.locator(".endpanel")).to_be_visible(timeout=60_000)
    page.locator(".endpanel button[data-act=replay-open]").first.click()  # Watch again: from the start
    expect(page.locator("#app > .screen-replay")).to_be_attached()
    for _ in range(3):  # from the setup: step through the first moves, each drawn before the next
        drawn = page.locator("#app").get_attribute("data-drawn")
        page.locator("button[data-act=replay-step][data-d='1']").click()
        page.wait_for_function("n => document.getElementById('app').dataset.drawn !== n", arg=drawn)

    # the new-game form, the names typed in
    page.locator("button[data-act=back]").first.click()
    page.locator("button[data-act=leave]").first.click()
    page.locator(f"button[data-act=new][data-game={game_id}]").click()
    for i, name in enumerate(NAMES[:2]):
        page.locator(f"#seat-name-{i}").fill(name)
    page.locator("#seat-name-0").press("Tab")
    expect(page.locator("#seat-name-1")).to_have_value(NAMES[1])
    page.get_by_role("button", name="Saved games").click()
