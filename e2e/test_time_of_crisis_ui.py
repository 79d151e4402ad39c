"""End-to-end tests of the Time of Crisis table, against the built dist/ (conftest.py).

Taps only, through real buttons and the map's highlighted regions. Positions are made in
CPython with the same bots (deterministic given the match seed) and the humans' plan
below, stored as the app stores saves, and resumed from Saved games; from there every
decision is a tap. The autouse ``traffic`` fixture checks that no request left the
server's origin.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from conftest import (
    ARTIFACTS,
    VIEWPORTS,
    load_games,
    no_overflow,
    resume_game,
    shot,
    small_targets,
    state_n,
    wait_moved,
)
from playwright.sync_api import expect

from py_engine.core import Action, Match, Seat  # noqa: E402

WANT = ("place_governor", "buy", "create_army", "move", "battle")
ACTIONABLE = ".endpanel, #main button[data-act=play], button[data-act=handoff-ok]"


# ---- the humans' plan, shared by the CPython rehearsal and the taps ---------------------------------
def events(m: Match, since: int = 0) -> set[str]:
    """Which of the wanted actions (ToC §6.3: Place Governor, create and move an army,
    battle; §6.7 buy) the humans have taken since action ``since``."""
    return {a.name for seat, a in m.actions[since:] if m.seats[seat].kind == "human" and a.name in WANT}


def plan(m: Match, seat: int, legal: list[Action], done: set[str]) -> Action:
    """A human's choice: play every card, then what is still missing (a battle, a move,
    an army, a Place Governor spending the most), else buy or build up, else end."""
    names = [a.name for a in legal]

    def first(*ns: str) -> Action | None:
        return next((legal[names.index(n)] for n in ns if n in names), None)

    for want in ("play", *(w for w in ("battle", "move", "create_army", "place_governor") if w not in done)):
        a = first(want)
        if a is not None:
            return a
    if "spend" in names:
        return max((x for x in legal if x.name == "spend"), key=lambda x: int(x.args[0]))
    a = first("buy", "battle", "create_army", "recruit_general", "recruit_governor", "add_legion", "support",
              "end", "done")
    return a if a is not None else legal[0]


def fresh(names: list[str], kinds: list[str], seed: int, **opts: Any) -> Match:
    seats = [Seat(n, k, "easy" if k == "bot" else None) for n, k in zip(names, kinds, strict=True)]
    return Match.new("time_of_crisis", seats, opts, seed, {"holder": 0})


def play_to(m: Match, stop: Any, limit: int = 3000) -> Match:
    """Play ``m`` in CPython (bots and the plan) until ``stop(m)``."""
    for _ in range(limit):
        if m.is_over() or stop(m):
            return m
        if m.bot_to_act() is not None:
            m.play_bot()
            continue
        seat = m.to_act()[0]
        m.apply(seat, plan(m, seat, m.game.legal_actions(m.state, seat), events(m)))
    raise AssertionError("position not reached")


# ---- browser helpers --------------------------------------------------------------------------------
def tap(page: Any, action: Action, on_map: bool = False) -> None:
    n = state_n(page)
    data = json.dumps(action.to_json(), separators=(",", ":"), ensure_ascii=False)
    hot = page.locator(f"g.toc-hot[data-a='{data}']")
    if on_map and hot.count():
        hot.first.click()
    else:
        page.locator(f"#main button[data-act=play][data-a='{data}']").first.click()
    wait_moved(page, n)


def capture(page: Any, name: str) -> None:
    no_overflow(page)
    assert not small_targets(page), small_targets(page)
    page.evaluate("window.scrollTo(0, 0)")
    shot(page, name)


# ---- screenshots ----------------------------------------------------------------------------------------------
def _rich(m: Match) -> bool:
    """A human decision in the actions phase, late enough that the map is busy."""
    st = m.state
    return (min(st["turns"]) >= 4 and m.bot_to_act() is None and m.to_act() == [0]
            and m.game.board_view(st, 0)["turn"]["phase"] == "actions" and bool(st["armies"]))


@pytest.mark.parametrize("size", ["phone", "tablet"])
def test_time_of_crisis_screenshots_fit(page, server, traffic, size):
    """The table at phone and tablet sizes: the map with every kind of piece, a focused
    region with its options, the player's board; no sideways scrolling, targets ≥ 44 px."""
    page.set_viewport_size(VIEWPORTS[size])
    page.emulate_media(reduced_motion="reduce")
    mid = play_to(fresh(["Mia", "Cy", "Di"], ["human", "bot", "bot"], 10), _rich)
    load_games(page, server, {"mid": mid})
    resume_game(page, "Time of Crisis", "Mia")
    expect(page.locator("svg.toc-map")).to_be_visible()
    expect(page.locator(".toc-ph.now")).to_have_count(1)
    capture(page, f"{size}-toc-map")
    page.locator(".toc-map-wrap").screenshot(path=str(ARTIFACTS / f"{size}-toc-map-only.png"))
    page.locator("g.toc-region[data-region=italia]").click()
    expect(page.locator(".toc-region-panel")).to_contain_text("Italia")
    capture(page, f"{size}-toc-focus")
    page.locator(".toc-map-wrap").screenshot(path=str(ARTIFACTS / f"{size}-toc-map-italia.png"))
    page.locator(".toc-hand").scroll_into_view_if_needed()
    shot(page, f"{size}-toc-board")
