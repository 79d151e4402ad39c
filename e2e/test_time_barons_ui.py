"""End-to-end tests of the Time Barons table, against the built dist/ (conftest.py).

Taps only, through real buttons. Where a test needs an exact position (a reaction
after a hand-off, the screenshots) it writes saves made by the engine in CPython into
localStorage, as earlier versions stored them (the app migrates them into IndexedDB), and resumes them from Saved games.
The autouse ``traffic`` fixture checks that no request left the server's origin.
"""

from __future__ import annotations

import json
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
    current_match,
    fits_and_shot,
    open_app,
    seed_legacy,
    shot,
    state_n,
    wait_moved,
)
from player_helpers import caution_asks, decision_in_view, random_position, view_shot
from playwright.sync_api import expect

sys.path.insert(0, str(ROOT / "pwa"))
from tb_ui.store import MemoryStorage, SaveStore  # noqa: E402

from py_engine.core import Match, Seat  # noqa: E402

#: Anything a human can do on the Time Barons table, or the end of the game.
ACTIONABLE = ("button[data-act=handoff-ok], .endpanel, #main button[data-act=play], #main button[data-act=caution], "
              "button.tb-end")


def offered(page: Any) -> list[list[Any]]:
    """The actions of the game buttons shown now (JSON of their data-a)."""
    raw = page.locator("#main button[data-act=play]").evaluate_all("els => els.map(e => e.dataset.a)")
    return [json.loads(a) for a in raw]


def tap_action(page: Any, action: list[Any]) -> None:
    n = state_n(page)
    page.locator(f"#main button[data-act=play][data-a='{json.dumps(action, separators=(',', ':'))}']").first.click()
    wait_moved(page, n)


def human_step(page: Any) -> str:
    """One human decision by a simple plan: answer windows with "pass", upgrade when
    possible, else draw from the highest stack, else end the turn (confirming)."""
    page.wait_for_selector(ACTIONABLE, timeout=90_000)
    if page.locator(".endpanel").count():
        return "end"
    if page.locator("button[data-act=handoff-ok]").count():
        page.locator("button[data-act=handoff-ok]").click()
        page.wait_for_selector("#app > .screen-table")
        return "handoff"
    acts = offered(page)
    for want in (["pass"], ["no"], ["upgrade"], ["done"]):
        if want in acts:
            tap_action(page, want)
            return "choice"
    draws = sorted((a for a in acts if a[0] in ("draw", "stack")), key=lambda a: -int(a[1]))
    if draws:
        tap_action(page, draws[0])
        return "draw"
    if page.locator("button.tb-end").count():
        n = state_n(page)
        end = page.locator("button.tb-end")
        if end.get_attribute("data-act") == "table-ui":
            end.click()
            page.get_by_role("button", name="Yes, end turn").click()
        else:
            end.click()
        wait_moved(page, n)
        return "end turn"
    tap_action(page, acts[0])
    return "choice"


def new_game(page: Any, kinds: list[str], names: list[str], level: str = "easy") -> None:
    page.get_by_role("button", name="New game of Time Barons").click()
    expect(page.get_by_role("heading", name="New game: Time Barons")).to_be_visible()
    for i, kind in enumerate(kinds):
        page.locator(f'li.seat[data-seat="{i}"]').get_by_role("button", name=kind.capitalize(), exact=True).click()
        if kind == "bot":
            page.locator(f"#seat-level-{i}").select_option(level)
    for i, name in enumerate(names):
        page.locator(f"#seat-name-{i}").fill(name)
    page.get_by_role("button", name="Start game").click()
    page.wait_for_selector("#app > .screen-table")


# ---- a full core game against the bot, by taps ---------------------------------------------------
def test_full_core_game_against_the_bot_by_taps(page, server, traffic):
    open_app(page, server)
    new_game(page, ["human", "bot"], ["Ann"], level="easy")
    start = time.perf_counter()
    taps = 0
    while True:
        did = human_step(page)
        if did == "end":
            break
        assert did != "handoff", "no hand-off with a single human"
        taps += 1
        assert taps < 600, "the game does not end"
    end = page.locator(".endpanel")
    expect(end.locator("#end-title")).to_contain_text(re.compile(r"wins!|A draw!"))
    m = current_match(page)
    assert m.is_over() and m.options["card_set"] == "core"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "time_barons_bot_game.json").write_text(json.dumps({
        "total_seconds": round(time.perf_counter() - start, 1), "human_taps": taps,
        "bot_actions": sum(1 for seat, _ in m.actions if seat == 1),
        "result": m.game.outcome(m.state).reason}, indent=1))


# ---- positions written into the app's storage ---------------------------------------------------
def _position(names: list[str], kinds: list[str], seed: int, stop: Any, options: dict[str, Any] | None = None,
              policy: Any = None) -> Match:
    """A game played from the engine (at random, or by ``policy``) until ``stop(m)``."""
    seats = [Seat(n, k, "easy" if k == "bot" else None) for n, k in zip(names, kinds, strict=True)]
    for s in range(seed, seed + 400):
        m = Match.new("time_barons", seats, options or {}, s, {"holder": 0})
        rng = random.Random(s)
        while not m.is_over() and not stop(m) and len(m.actions) < 400:
            seat = m.to_act()[0]
            legal = m.game.legal_actions(m.state, seat)
            m.apply(seat, policy(m, legal, rng) if policy else rng.choice(legal))
        if stop(m):
            return m
    raise AssertionError("position not reached")


def _siege_vs_reaction(m: Match) -> bool:
    """Ann (seat 0) may play Siege now; Bob holds Misinformation and has two sites."""
    st = m.state
    return (not st["frames"] and st["active"] == 0 and m.to_act() == [0] and "siege" in st["players"][0]["hand"]
            and st["actions"] >= 1 and "misinformation" in st["players"][1]["hand"]
            and sum(1 for x in st["sites"] if x["owner"] == 1) >= 2)


def _builder(m: Match, legal: list[Any], rng: random.Random) -> Any:
    """Random play that keeps cards: never plays Siege or Misinformation."""
    keep = [a for a in legal if not (a.name == "play" and a.args[0] == "siege") and a.name != "react"]
    return rng.choice(keep or legal)


def _saves(games: dict[str, Match]) -> dict[str, str]:
    storage = MemoryStorage()
    clock = iter(range(1_700_000_000_000, 1_800_000_000_000, 1000))
    store = SaveStore(storage, lambda: float(next(clock)))
    for i, m in enumerate(games.values()):
        store.put(f"tb-{i}", m)
    return storage.data


def _load(page: Any, server: Any, games: dict[str, Match]) -> None:
    open_app(page, server, "?botspeed=instant")
    seed_legacy(page, _saves(games))


def _resume(page: Any, who: str) -> None:
    page.get_by_role("button", name="Saved games").click()
    page.get_by_role("button", name=re.compile(f"^(Resume|View) Time Barons with .*{who}")).click()
    page.wait_for_selector("#app > .screen-table")


# ---- pass and play: the other human reacts after a hand-off ----------------------------------------
def test_pass_and_play_reaction_after_handoff(page, server, traffic):
    m = _position(["Ann", "Bob"], ["human", "human"], 1, _siege_vs_reaction, policy=_builder)
    _load(page, server, {"react": m})
    _resume(page, "Ann")
    if page.locator("button[data-act=handoff-ok]").count():
        page.locator("button[data-act=handoff-ok]").click()
    # Ann opens Siege in her hand and plays it on Bob's Homeland
    page.locator("#tb-card-siege button.tb-hc-head").click()
    n = state_n(page)
    page.locator("#tb-card-siege").get_by_role("button", name=re.compile("^Play Siege")).click()
    wait_moved(page, n)
    bob_home = next(x["id"] for x in m.state["sites"] if x["owner"] == 1 and x["card"] == "homeland")
    site = page.locator(f"#tb-site-{bob_home}")
    expect(site).to_have_class(re.compile(r"\bpick\b"))
    n = state_n(page)
    site.locator("button.tb-pick-btn").first.click()
    wait_moved(page, n)
    # the device goes to Bob, who may answer during Ann's turn
    expect(page.get_by_role("button", name=re.compile("Bob"))).to_be_visible()
    expect(page.locator(".tb-ho")).to_contain_text("Bob may answer during Ann’s turn")
    shot(page, "time_barons-handoff-reaction")
    page.locator("button[data-act=handoff-ok]").click()
    page.wait_for_selector("#app > .screen-table")
    expect(page.locator(".tb-decide .prompt")).to_contain_text("Respond?")
    expect(page.locator(".tb-pending")).to_contain_text("2")
    assert "misinformation" in [c for c in page.locator(".tb-hand li").evaluate_all(
        "els => els.map(e => e.dataset.card)")]
    tap_action(page, ["react", "misinformation", 0])
    # Bob redirects the damage to his other site
    other = next(x["id"] for x in m.state["sites"] if x["owner"] == 1 and x["id"] != bob_home)
    tap_action(page, ["site", other])
    after = current_match(page)
    home = next(x for x in after.state["sites"] if x["id"] == bob_home)
    assert home["dmg"] == next(x for x in m.state["sites"] if x["id"] == bob_home)["dmg"]
    assert "misinformation" in after.state["discard"] and "siege" in after.state["discard"]
    # back to Ann after another hand-off
    expect(page.locator("button[data-act=handoff-ok]")).to_be_visible()
    expect(page.get_by_role("button", name=re.compile("Ann"))).to_be_visible()


# ---- screenshots ------------------------------------------------------------------------------------
@pytest.mark.parametrize("size", ["phone", "tablet"])
def test_time_barons_screenshots_fit(page, server, traffic, size):
    page.set_viewport_size(VIEWPORTS[size])
    page.emulate_media(reduced_motion="reduce")

    def capture(name: str) -> None:
        fits_and_shot(page, f"{size}-time_barons-{name}")

    def midgame(m: Match) -> bool:
        st = m.state
        return st["turn"] >= 12 and not st["frames"] and m.to_act() == [0] and len(st["sites"]) >= 5

    def window(m: Match) -> bool:
        return bool(m.state["frames"]) and m.to_act() == [0] and m.state["active"] == 1

    games = {
        "main": _position(["Main Mia", "Bot"], ["human", "bot"], 3, midgame, {"card_set": "expansion"}),
        "window": _position(["Win Wes", "Bot"], ["human", "bot"], 5, window),
        "end": _position(["End Eve", "Bot"], ["human", "bot"], 7, Match.is_over),
        # Cat Cal may use her Catapult: 1 damage to any site, her own included (found by searching)
        "catapult": random_position("time_barons", ["Cat Cal", "Bot"], ["human", "bot"], 1, 58),
    }
    _load(page, server, games)
    # the decision beside its targets (issue 24 §2): "Use" the Catapult from the panel at the
    # bottom; the Bot's sites (the targets without a caution) come into view below the pinned
    # prompt, highlighted; damaging her own site asks first
    _resume(page, "Cat Cal")
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    n = state_n(page)
    page.locator("#main .tb-decide button[data-a='[\"ability\",4,1]']").click()
    wait_moved(page, n)
    expect(page.locator(".tbar-prompt")).to_contain_text("Deal 1 damage to which site?")
    b = decision_in_view(page)
    seen = page.evaluate("""(bottom) => [...document.querySelectorAll('#app .tb-site.tgt-now')]
        .filter(e => { const r = e.getBoundingClientRect(); return r.top >= bottom - 1 && r.bottom <= innerHeight + 1; })
        .map(e => e.getAttribute('aria-label'))""", b["bar"]["bottom"])
    assert any(" of Bot:" in x for x in seen), seen  # an opponent's site, not her own
    view_shot(page, f"{size}-time_barons-targets-in-view")
    caution_asks(page, confirm=False, name=f"{size}-time_barons-caution")
    page.locator("button[data-act=leave]").first.click()
    _resume(page, "Main Mia")
    capture("main")
    page.locator(".tb-hand .tb-hc-head").first.click()
    capture("card-open")
    page.locator("button[data-act=leave]").first.click()
    _resume(page, "Win Wes")
    capture("window")
    page.locator("button[data-act=leave]").first.click()
    _resume(page, "End Eve")
    expect(page.locator(".endpanel")).to_be_visible()
    capture("end")
