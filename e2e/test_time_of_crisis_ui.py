"""End-to-end tests of the Time of Crisis table, against the built dist/ (conftest.py).

Taps only, through real buttons and the map's highlighted regions. Positions are made in
CPython with the same bots (deterministic given the match seed) and the humans' plan
below, stored as the app stores saves, and resumed from Saved games; from there every
decision is a tap. The autouse ``traffic`` fixture checks that no request left the
server's origin.
"""

from __future__ import annotations

import json
import os
import re
import time
from typing import Any

import pytest
from conftest import (
    ARTIFACTS,
    VIEWPORTS,
    bot_thinking_report,
    current_match,
    fits_and_shot,
    load_games,
    no_overflow,
    resume_game,
    shot,
    state_n,
    wait_moved,
    wait_until,
    watch_bot_thinking,
)
from player_helpers import (
    axe_violations,
    caution_asks,
    decision_in_view,
    import_file,
    random_position,
    view_shot,
)
from playwright.sync_api import expect

from py_engine.core import Action, Match, Seat  # noqa: E402
from py_engine.time_of_crisis import components as D  # noqa: E402

WANT = ("place_governor", "buy", "create_army", "move", "battle")
ACTIONABLE = ".endpanel, #main button[data-act=play], #main button[data-act=caution], button[data-act=handoff-ok]"


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
        el = hot.first
    else:
        el = page.locator(f"#main button[data-act=play][data-a='{data}'], "
                          f"#main button[data-act=caution][data-a='{data}']").first
        if not el.is_visible():  # in a folded group of options: unfold it as a player would
            el.locator("xpath=ancestor::details[1]/summary").click()
    asks = el.get_attribute("data-act") == "caution"
    el.click()
    if asks:  # a roll with too few dice (issue 24 §2), a map tap that spends points (issue 48) ask first
        page.locator(".caution-acts button[data-act=play]").click()
    wait_moved(page, n)


def capture(page: Any, name: str) -> None:
    fits_and_shot(page, name)


def odds_position() -> tuple[Match, Action]:
    """A two-seat game (Odette and a bot) in CPython where Odette may Place Governor with 2
    Senate points (so she has a choice of dice), and the target whose chance is nearest an
    even one (issue 24 §3: odds before the roll)."""

    def stop(m: Match) -> bool:
        acting = m.to_act()
        return bool(acting and m.seats[acting[0]].kind == "human" and m.state["tp"]["pts"]["senate"] >= 2
                    and any(a.name == "place_governor" for a in m.game.legal_actions(m.state, acting[0])))

    m = play_to(fresh(["Odette", "Bot"], ["human", "bot"], 17), stop)
    pgs = [a for a in m.game.legal_actions(m.state, 0) if a.name == "place_governor"]

    def chance(a: Action) -> float:
        o = m.game.odds(m.state, 0, a)
        assert o is not None
        return float(o.probability)

    return m, min(pgs, key=lambda a: abs(chance(a) - 0.6))


def check_odds(page: Any, size: str, target: Action) -> None:
    """Before a Place Governor (ToC §6.3.2) the target's button shows the chance with all the
    Senate points, and after choosing it each Spend button its own chance, in its text and its
    accessible name, as the engine's view gives them."""
    m = current_match(page)
    data = json.dumps(target.to_json(), separators=(",", ":"))
    want = m.game.odds(m.state, 0, target)
    assert want is not None
    # an option that asks first (a caution, issue 24 §2) shows its odds all the same
    btn = page.locator(f"#main button:is([data-act=play],[data-act=caution])[data-a='{data}']").first
    if not btn.is_visible():
        btn.locator("xpath=ancestor::details[1]/summary").click()
    expect(btn.locator(".odds-line")).to_have_text(want.short)
    expect(btn).to_have_attribute("aria-label", re.compile(re.escape(". " + want.short) + "$"))
    page.locator(".toc-decide").screenshot(path=str(ARTIFACTS / f"{size}-toc-odds-target.png"))
    tap(page, target)
    m = current_match(page)
    spends = [a for a in m.game.legal_actions(m.state, 0) if a.name == "spend"]
    assert len(spends) >= 2
    for a in spends:
        o = m.game.odds(m.state, 0, a)
        assert o is not None
        b = page.locator("#main button:is([data-act=play],[data-act=caution])"
                         f"[data-a='{json.dumps(a.to_json(), separators=(',', ':'))}']")
        expect(b.locator(".odds-line")).to_have_text(o.short)
        expect(b).to_have_attribute("aria-label", re.compile(re.escape(". " + o.short) + "$"))
    fits_and_shot(page, f"{size}-toc-odds-spend")
    page.locator(".toc-decide").screenshot(path=str(ARTIFACTS / f"{size}-toc-odds-panel.png"))


# ---- screenshots ----------------------------------------------------------------------------------------------
#: What a showcase player likes to do (so that the map fills with every kind of piece).
LIKE = ("pretender", "support", "place_governor", "quaestor", "castra", "mob", "build", "militia", "foederati",
        "play", "create_army", "add_legion", "recruit_general", "recruit_governor", "move", "battle")
LIKE_BUY = ("buy", "pretender", "quaestor", "castra", "mob", "build", "militia", "foederati", "play", "place_governor",
            "create_army", "add_legion", "recruit_general", "recruit_governor", "support", "move", "battle")


def empire_pick(m: Match, seat: int, legal: list[Action], rng: Any) -> Action | None:
    """The showcase plan's wish for a Pretender empire that spans provinces (ToC §12.1,
    §6.5): a pretender raises support and seeks governors next to its empire; anyone
    claims the purple only where the empire would take in a Breakaway province, and
    raises support next to its own provinces."""
    from py_engine.time_of_crisis.effects import pretender_empire

    st = m.state
    empire = [pid for pid, p in st["prov"].items() if p["mark"] and p["gov"] == seat]
    near = {q for e in empire for q in D.pretender_adjacent(e)} - set(empire) - {"italia"}
    for a in legal:
        if a.name in ("support", "place_governor") and a.args and a.args[0] in near:
            return a
    for a in legal:
        if a.name == "pretender" and len(pretender_empire(st, seat, str(a.args[0]))) >= 2:
            return a
    mine = {pid for pid, p in st["prov"].items() if p["gov"] == seat}
    sup = [a for a in legal if a.name == "support" and any(q in mine for q in D.pretender_adjacent(str(a.args[0])))]
    return rng.choice(sup) if sup else None


def showcase(seed: int, steps: int, buy_all: bool, buy_first: tuple[str, ...] = ("pretender", "foederati", "mob"),
             empire: bool = False) -> Match:
    """Four seats played in CPython by a seeded plan that seeks variety (events, markers,
    improvements, armies), ``steps`` actions from the start: a busy map, held by the
    seat to act. With ``empire`` the plan also builds a Pretender empire with a
    Breakaway province (:func:`empire_pick`). The plan is only a way to reach rich
    positions quickly; the seeds were found by searching."""
    import random

    rng = random.Random(seed)
    like = LIKE_BUY if buy_all else LIKE
    m = Match.new("time_of_crisis", [Seat(n) for n in ("Mia", "Bo", "Cy", "Di")], {}, seed, {"holder": 0})
    hands: dict[int, Action] = {}
    for _ in range(steps):
        seat = m.to_act()[0]
        legal = m.game.legal_actions(m.state, seat)
        names = [a.name for a in legal]
        if names[0] == "hand":  # every seat has the same options here: the hands are drawn in
            # turn order, as the engine asked for them when the seeds were found (before 0.6.0)
            hands = hands or {(m.state["first"] + i) % 4: rng.choice(legal) for i in range(4)}
            m.apply(seat, hands[seat])
            continue
        pick = empire_pick(m, seat, legal, rng) if empire else None
        if pick is None and "spend" in names:
            pick = max((x for x in legal if x.name == "spend"), key=lambda x: int(x.args[0]))
        for want in buy_first:
            pick = pick or next((a for a in legal if a.name == "buy" and a.args[0] == want), None)
        for w in like:
            if pick is None and w in names and not (empire and w == "pretender"):
                pick = rng.choice([a for a in legal if a.name == w])
        if pick is None:
            pick = legal[names.index("end")] if "end" in names else (
                legal[names.index("done")] if "done" in names else rng.choice(legal))
        m.apply(seat, pick)
    assert m.to_act() and not m.is_over()
    m.meta["holder"] = m.to_act()[0]
    return m


#: (seed, actions, buy_all, buy_first, empire) of the showcase positions: the first shows most
#: pieces, the second a pretender's Seat of Power, the third mobs, the fourth a Pretender empire
#: with a Breakaway province.
SHOWCASE: list[tuple[Any, ...]] = [(36, 564, True), (1, 433, False), (6, 239, True, ("mob", "pretender", "foederati")),
                                   (4, 677, True, ("pretender", "foederati", "mob"), True)]


#: Map pieces (everything a province can show) and their marks in the SVG.
PIECES = {"governor band": ".toc-govband", "support": ".toc-pip.on", "mob": ".toc-mob", "improvement": ".toc-imp",
          "militia": ".toc-mil", "quaestor": ".toc-q", "seat of power": ".toc-mark.sop",
          "breakaway": ".toc-mark.brk",
          "general": ".toc-gen", "full legion": ".toc-leg:not(.red)",
          "reduced legion": ".toc-leg.red", "active barbarians": ".toc-barb.on",
          "inactive barbarians": ".toc-barb:not(.on)", "rival emperor": ".toc-rival", "leader": ".toc-leader",
          "castra or foederati": ".toc-tag", "army in a capital": ".toc-incap", "sea": ".toc-sea",
          "homeland": ".toc-home", "Italia": ".toc-prov.italia"}


# ---- pinch and drag zoom of the map (pwa/panzoom-frames.js over @panzoom/panzoom) ---------------
#: A point of the map frame (fractions of it, centre first) whose element matches a selector.
POINT_ON_MAP_JS = """sel => { const r = document.querySelector('.toc-map-wrap').getBoundingClientRect();
  for (const fy of [0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8]) for (const fx of [0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8]) {
    const x = r.left + r.width * fx, y = r.top + r.height * fy, el = document.elementFromPoint(x, y);
    if (el && el.closest(sel)) return [x, y]; }
  return null; }"""
#: What a re-render of #app does to the map frame: a new element from the same markup.
RERENDER_FRAME_JS = """() => { const w = document.querySelector('.toc-map-wrap'), c = w.cloneNode(true);
  c.removeAttribute('style'); c.classList.remove('pz-zoomed'); c.firstElementChild.removeAttribute('style');
  w.replaceWith(c); }"""


#: The map's text labels as drawn (inside the map frame, not hidden by the zoom level): every pair
#: that overlaps, and with ``min_px`` every label drawn smaller than that many CSS px.
LABELS_JS = """(minPx) => {
  const svg = document.querySelector('svg.toc-map'), frame = svg.closest('.toc-map-wrap').getBoundingClientRect();
  const perUnit = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  const name = (el) => `${el.closest('[data-region]')?.dataset.region}:${el.closest('.toc-far') ? 'far' : 'near'}:${el.textContent}`;
  const shown = [...svg.querySelectorAll('text')].map((el) => ({ el, r: el.getBoundingClientRect() }))
    .filter(({ r }) => r.width > 0 && r.height > 0 && r.right > frame.left && r.left < frame.right
                       && r.bottom > frame.top && r.top < frame.bottom);
  const out = [];
  for (let i = 0; i < shown.length; i++) for (let j = i + 1; j < shown.length; j++) {
    const a = shown[i].r, b = shown[j].r;
    const w = Math.min(a.right, b.right) - Math.max(a.left, b.left), h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
    if (w > 0.5 && h > 0.5) out.push(`overlap ${name(shown[i].el)} / ${name(shown[j].el)} (${w.toFixed(1)}x${h.toFixed(1)} px)`);
  }
  if (minPx) for (const { el } of shown) {
    const px = parseFloat(getComputedStyle(el).fontSize) * perUnit;
    if (px < minPx - 0.01) out.push(`small ${name(el)}: ${px.toFixed(1)} px`);
  }
  return { problems: out, labels: shown.length, near: svg.closest('.toc-map-wrap').classList.contains('pz-near') };
}"""


def labels_apart(page: Any, where: str, min_px: float | None = None, least: int = 10) -> bool:
    """No two labels of the map overlap (issue 25 §1), and with ``min_px`` none is drawn
    smaller; more than ``least`` labels show; returns whether the near layer (every piece) is
    the one shown."""
    settled_view(page)
    got = page.evaluate(LABELS_JS, min_px)
    assert got["labels"] > least, (where, got)
    assert not got["problems"], (where, got["problems"])
    return bool(got["near"])


#: The region whose near layer has the most labels and whose tap only focuses it (not a
#: one-option target, where a tap plays).
CROWDED_JS = """() => { let best = null, most = -1;
  for (const g of document.querySelectorAll('svg.toc-map g.toc-region:not(.toc-hot)')) {
    const n = g.querySelectorAll('.toc-near text').length;
    if (n > most) { most = n; best = g.dataset.region; } }
  return best; }"""


def map_levels(page: Any, size: str, name: str | None) -> None:
    """The map of the table on screen at each zoom level (issue 25 §1): at rest (where the table
    opens), the whole map (on a phone the far layer, every label at least 11 CSS px), and zoomed
    on its most crowded region (the near layer): no two labels overlap at any of them.
    ``name``: save the map's picture at each level under that name."""
    labels_apart(page, f"{size} at rest")
    if name:
        page.locator(".toc-map-wrap").screenshot(path=str(ARTIFACTS / f"{name}-rest.png"))
    page.get_by_role("button", name="Whole map", exact=True).click()
    expect(page.get_by_role("button", name="Whole map", exact=True)).to_have_attribute("aria-pressed", "true")
    near = labels_apart(page, f"{size} whole map", 11 if size == "phone" else None)
    assert not near or size != "phone", "a phone draws the whole map with the far layer"
    if name:
        page.locator(".toc-map-wrap").screenshot(path=str(ARTIFACTS / f"{name}-whole.png"))
    rid = page.evaluate(CROWDED_JS)
    page.locator(f"svg.toc-map g.toc-region[data-region={rid}]").click()
    expect(page.locator(".toc-map-wrap")).to_have_class(re.compile("pz-near"))
    # a region zoomed shows a few regions whole, each label at least as big as on the whole map
    # (issue 48 §2: zooming never shrinks text)
    assert labels_apart(page, f"{size} zoomed on {rid}", 11, least=4)
    if name:
        page.locator(".toc-map-wrap").screenshot(path=str(ARTIFACTS / f"{name}-zoomed.png"))
    page.get_by_role("button", name="Whole map", exact=True).click()


def covers(page: Any) -> None:
    """The zoomed picture covers its frame (inside the frame's 1 px border): no empty edge."""
    f = page.locator(".toc-map-wrap").bounding_box()
    p = page.locator(".toc-map-wrap .pz-inner").bounding_box()
    assert p["x"] <= f["x"] + 1.5 and p["y"] <= f["y"] + 1.5, (p, f)
    assert p["x"] + p["width"] >= f["x"] + f["width"] - 1.5 and p["y"] + p["height"] >= f["y"] + f["height"] - 1.5, (p, f)


def settled_view(page: Any) -> None:
    """Wait until the map's zoom transform stays the same over two animation frames."""
    wait_until(page, """() => new Promise((resolve) => {
        const el = document.querySelector('.toc-map-wrap .pz-inner'), was = el.style.transform;
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(el.style.transform === was)));
    })""")


def zoom_the_map(page: Any, size: str) -> None:
    """With Italia focused: the tablet zooms with ctrl+wheel (a trackpad pinch) and drags
    with the mouse, the phone pinches and drags with fingers (touch events through the
    Chrome DevTools Protocol). A drag or a pinch is no tap; the picture covers its frame
    even dragged far; the view survives re-renders of #app (one mid-drag, which drags on);
    a double tap returns to 1x."""
    wrap, inner = page.locator(".toc-map-wrap"), page.locator(".toc-map-wrap .pz-inner")
    wrap.scroll_into_view_if_needed()
    box = wrap.bounding_box()
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    transform = lambda: inner.evaluate("e => e.style.transform")  # noqa: E731
    n = state_n(page)

    def no_tap() -> None:
        assert state_n(page) == n and page.locator(".toc-region-panel h2").inner_text() == "Italia"

    if size == "tablet":
        page.mouse.move(cx, cy)
        page.keyboard.down("Control")
        page.mouse.wheel(0, -300)
        page.keyboard.up("Control")
        expect(wrap).to_have_class(re.compile("pz-zoomed"))
        expect(inner).to_have_css("transform", re.compile(r"^matrix\(4, 0, 0, 4,"))

        tap = page.mouse.click

        def drag(dx: float, dy: float, steps: int = 6, up: bool = True) -> None:
            page.mouse.move(cx, cy)
            page.mouse.down()
            page.mouse.move(cx + dx, cy + dy, steps=steps)
            if up:
                page.mouse.up()
    else:
        cdp = page.context.new_cdp_session(page)
        cdp.send("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})

        def touch(kind: str, *pts: tuple[float, float], at: float | None = None) -> None:
            event: dict[str, Any] = {"type": kind, "touchPoints": [
                {"x": x, "y": y, "id": i} for i, (x, y) in enumerate(pts)]}
            if at is not None:  # the event's time (s since the epoch), as a finger would give it
                event["timestamp"] = at
            cdp.send("Input.dispatchTouchEvent", event)

        def tap(x: float, y: float, at: float | None = None) -> None:
            touch("touchStart", (x, y), at=at)
            touch("touchEnd", at=None if at is None else at + 0.05)

        touch("touchStart", (cx - 40, cy), (cx + 40, cy))  # fingers 80 px apart, then 240: 3x
        for k in range(1, 11):
            touch("touchMove", (cx - 40 - 8 * k, cy), (cx + 40 + 8 * k, cy))
        touch("touchEnd")
        expect(wrap).to_have_class(re.compile("pz-zoomed"))
        expect(inner).to_have_css("transform", re.compile(r"^matrix\(3, 0, 0, 3,"))

        def drag(dx: float, dy: float, steps: int = 6, up: bool = True) -> None:
            for k in range(steps + 1):
                touch("touchStart" if k == 0 else "touchMove", (cx + dx * k / steps, cy + dy * k / steps))
            if up:  # the finger rests before it lifts: Chrome would take an instant swipe for a
                # fling, and the tap that stops a fling makes no click. Not a wait for a condition:
                # the resting time is part of the gesture.
                page.wait_for_timeout(100)
                touch("touchEnd")
    zoomed = transform()
    assert "scale(" in zoomed
    no_tap()
    page.locator(".toc-map-wrap").screenshot(path=str(ARTIFACTS / f"{size}-toc-map-zoomed.png"))
    drag(-80, -40)
    expect(inner).not_to_have_attribute("style", re.compile(re.escape(zoomed)))
    no_tap()  # a drag is no tap
    scale = 4 if size == "tablet" else 3
    half = (box["width"] / 2 - 4, box["height"] / 2 - 4)  # a drag that stays on the frame
    for sign in (1, -1):  # far to one corner, then the other
        for _ in range(2 * scale):
            drag(sign * half[0], sign * half[1])
        settled_view(page)
        covers(page)
    for _ in range(scale - 1):  # back to the middle
        drag(*half)
    no_tap()
    no_overflow(page)

    # a tap re-renders #app with the same key (Italia stays focused): the view is kept
    here = page.evaluate(POINT_ON_MAP_JS, "g.toc-region[data-region=italia]")
    assert here, "no point of Italia in the zoomed frame"
    view = transform()
    drawn = page.locator("#app").get_attribute("data-drawn")
    tap(*here)
    page.wait_for_function("n => document.getElementById('app').dataset.drawn !== n", arg=drawn)
    expect(wrap).to_have_class(re.compile("pz-zoomed"))
    assert transform() == view
    no_tap()

    # a re-render in the middle of a drag: the drag goes on, on the new element, and is no tap
    drag(30, 15, steps=3, up=False)
    page.evaluate(RERENDER_FRAME_JS)
    expect(wrap).to_have_class(re.compile("pz-zoomed"))
    mid = transform()
    if size == "tablet":
        page.mouse.move(cx + 90, cy + 45, steps=4)
        page.mouse.up()
    else:
        for k in range(1, 5):
            touch("touchMove", (cx + 30 + 15 * k, cy + 15 + 7.5 * k))
        touch("touchEnd")
    expect(inner).not_to_have_attribute("style", re.compile(re.escape(mid)))
    no_tap()

    # a double tap (its taps re-render the frame, same key) returns to 1x
    here = page.evaluate(POINT_ON_MAP_JS, "g.toc-region[data-region=italia]")
    if size == "tablet":
        page.mouse.dblclick(*here)
    else:  # two quick taps, 150 ms apart by their own time stamps (a busy machine may deliver
        # them further apart: the page judges by the events' times, as on a phone)
        t0 = time.time()
        tap(*here, at=t0)
        tap(*here, at=t0 + 0.15)
    expect(wrap).not_to_have_class(re.compile("pz-zoomed"))
    expect(inner).to_have_css("transform", re.compile(r"^(none|matrix\(1, 0, 0, 1, 0, 0\))$"))
    no_tap()


@pytest.mark.parametrize("size", ["phone", "tablet"])
def test_time_of_crisis_screenshots_fit(page, server, traffic, size, tmp_path):
    """The table at phone and tablet sizes: busy maps that between them show every kind
    of piece, a focused region with its pieces in words, the player's board, the odds
    before a Place Governor; no sideways scrolling, targets ≥ 44 px. Then the decision beside
    its targets (issue 24 §2): a Place Governor roll with too few dice asks first, and the next
    decision's map targets are in view below the pinned prompt; and a hint (issue 24 §5)."""
    page.set_viewport_size(VIEWPORTS[size])
    page.emulate_media(reduced_motion="reduce")
    positions = SHOWCASE
    # first, so listed last (the showcases keep their places): a game against two bots from its
    # first decision, for the hint, and the odds position
    hinted = {"hint": fresh(["Hint Hana", "Cy", "Di"], ["human", "bot", "bot"], 3)}
    odds_m, odds_target = odds_position()
    load_games(page, server, {**hinted, "odds": odds_m, **{f"show{i}": showcase(*p) for i, p in enumerate(positions)}})
    seen: set[str] = set()
    for i, _ in enumerate(positions):
        page.get_by_role("button", name="Saved games").click()
        page.get_by_role("button", name=re.compile("^(Resume|View) Time of Crisis")).nth(i).click()
        page.wait_for_selector("#app > .screen-table")
        expect(page.locator("svg.toc-map")).to_be_visible()
        expect(page.locator(".toc-ph.now")).to_have_count(1)
        seen |= {k for k, sel in PIECES.items() if page.locator(f"svg.toc-map {sel}").count()}
        if size == "phone" or i == 0:
            capture(page, f"{size}-toc-map-{i}")
        map_levels(page, size, f"{size}-toc-map-{i}" if size == "phone" or i == 0 else None)
        brk = page.locator("svg.toc-map g.toc-region:has(.toc-mark.brk)")
        if brk.count():  # a Pretender empire up close: its Seat of Power and Breakaway markers
            brk.first.click()
            expect(page.locator(".toc-region-panel")).to_contain_text("Breakaway")
            page.locator(".toc-map-wrap").screenshot(path=str(ARTIFACTS / f"{size}-toc-map-breakaway.png"))
        page.locator("button[data-act=leave]").first.click()
    if size == "phone":
        assert seen == set(PIECES), set(PIECES) - seen
    page.get_by_role("button", name="Saved games").click()
    page.get_by_role("button", name=re.compile("^(Resume|View) Time of Crisis")).first.click()
    page.wait_for_selector("#app > .screen-table")
    page.locator("g.toc-region[data-region=italia]").click()
    expect(page.locator(".toc-region-panel")).to_contain_text("Italia")
    capture(page, f"{size}-toc-focus")
    page.locator(".toc-map-wrap").screenshot(path=str(ARTIFACTS / f"{size}-toc-map-italia.png"))
    page.locator(".toc-hand").scroll_into_view_if_needed()
    shot(page, f"{size}-toc-board")
    zoom_the_map(page, size)
    page.locator("button[data-act=leave]").first.click()
    resume_game(page, "Time of Crisis", "Odette")
    check_odds(page, size, odds_target)
    # the rules' own page of what the data could not confirm (from the table's Rules button)
    page.get_by_role("button", name="Rules", exact=True).click()
    page.locator("button[data-act=rules][data-part=unconfirmed]").click()
    expect(page.locator("#main h1")).to_contain_text("Time of Crisis: what we could not confirm")
    capture(page, f"{size}-toc-unconfirmed")
    # Mia seeks 2 votes and may spend 1 or 2 Senate points (found by searching): spending 1
    # asks first (a 17% chance); after the roll her options point at six map regions
    pg = tmp_path / "toc-pg.json"
    pg.write_text(random_position("time_of_crisis", ["Mia", "Bot"], ["human", "bot"], 5, 90).save_json(), "utf-8")
    page.get_by_role("button", name="‹ Back to the rules").click()
    page.get_by_role("button", name=re.compile("Back to the table")).click()
    page.wait_for_selector("#app > .screen-table")
    page.locator("button[data-act=leave]").first.click()
    page.get_by_role("button", name="Saved games").click()
    import_file(page, pg)
    expect(page.get_by_role("status").filter(has_text="Imported")).to_be_visible()
    page.locator("li.save").first.get_by_role("button", name=re.compile(r"^Resume ")).click()
    page.wait_for_selector("#app > .screen-table")
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    expect(page.locator(".tbar-prompt")).to_contain_text("How many Senate points")
    caution_asks(page, confirm=True, name=f"{size}-toc-caution")
    expect(page.locator(".tbar-prompt")).to_contain_text("take actions")
    decision_in_view(page)
    view_shot(page, f"{size}-toc-targets-in-view")
    # the table mid-turn (a phase done, a card played) passes axe-core as a whole
    assert not axe_violations(page), axe_violations(page)

    # a hint (issue 24 §5) at the choice of a starting province: the hard bot's choice ringed on
    # the map and in the decision panel, with one line of why (a term of the evaluation), played
    for _ in range(3):  # back from the rules' sub-page, the rules, to the table
        if page.locator("button[data-act=leave]").count():
            break
        page.locator("button[data-act=back]").first.click()
    page.locator("button[data-act=leave]").first.click()
    resume_game(page, "Time of Crisis", "Hint Hana")
    ask = page.get_by_role("button", name="Hint: what the hard bot would choose here")
    expect(ask).to_be_enabled(timeout=60_000)
    m = current_match(page)
    seat = m.to_act()[0]
    targets = [m.game.action_target(m.state, seat, a) for a in m.game.legal_actions(m.state, seat)]
    assert all(str(t).startswith("province:") for t in targets), targets  # every option is on the map
    ask.click()
    expect(page.locator(".hint-row.hint-ready")).to_be_visible(timeout=30_000)
    expect(page.locator(".hint-row .hint-why")).to_contain_text(re.compile("^(Keeps your|Gives you a|Widens your|Your) "))
    ringed = page.locator("svg.toc-map g.toc-region[data-hint]")
    expect(ringed).to_have_count(1)
    ringed.scroll_into_view_if_needed()
    capture(page, f"{size}-toc-hint")
    page.screenshot(path=str(ARTIFACTS / f"{size}-toc-hint-view.png"))
    n = state_n(page)
    page.locator("#main button[data-hint]").first.click()
    wait_moved(page, n)
    expect(page.locator(".hint-row")).to_have_count(0)


def lone_move(m: Match) -> Action | None:
    """A move of the army (ToC §6.3.1) that the human to act may make into a region no other
    option points at: that region on the map plays the move when tapped (one option)."""
    acting = m.to_act()
    if not acting or m.seats[acting[0]].kind != "human":
        return None
    seat = acting[0]
    legal = m.game.legal_actions(m.state, seat)
    targets = [str(m.game.action_target(m.state, seat, a)) for a in legal]
    for a, t in zip(legal, targets, strict=True):
        if a.name == "move" and m.game.spends(m.state, seat, a) is not None:
            region = t.partition(":")[2]
            if sum(region in x.split(":", 1)[-1].split("@") for x in targets) == 1:
                return a
    return None


@pytest.mark.parametrize("size", ["phone", "tablet"])
def test_a_map_tap_that_spends_points_asks_first(page, server, traffic, size):
    """Issue 48 §1: on the whole map, a region whose one option is a move of the army (it
    spends Military points, ToC §6.3.1) shows the move and its cost before anything is
    spent: Cancel leaves the game as it was, "Do it" moves the army and spends the points."""
    m = play_to(fresh(["Mover Max", "Bot"], ["human", "bot"], 23), lambda m: lone_move(m) is not None)
    move = lone_move(m)
    assert move is not None
    mil = m.state["tp"]["pts"]["military"]
    said = m.game.spends(m.state, 0, move)
    page.set_viewport_size(VIEWPORTS[size])
    load_games(page, server, {"move": m})
    resume_game(page, "Time of Crisis", "Mover Max")
    page.get_by_role("button", name="Whole map").click()
    data = json.dumps(move.to_json(), separators=(",", ":"))
    region = page.locator(f"g.toc-hot[data-a='{data}']")
    expect(region).to_have_attribute("data-act", "caution")
    n = state_n(page)
    region.click()
    dialog = page.get_by_role("alertdialog")
    expect(dialog).to_contain_text(str(said))
    expect(dialog).to_contain_text(m.game.action_label(m.state, 0, move))
    cancel = page.get_by_role("button", name="Cancel: do not do it")
    expect(cancel).to_be_focused()
    box = dialog.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= page.viewport_size["height"]
    assert not axe_violations(page, "#app .tbar-caution"), axe_violations(page, "#app .tbar-caution")
    view_shot(page, f"{size}-toc-map-tap-asks")
    cancel.click()
    expect(dialog).to_have_count(0)
    assert state_n(page) == n
    assert current_match(page).state["tp"]["pts"]["military"] == mil
    region.click()
    page.get_by_role("button", name="Do it", exact=True).click()
    wait_moved(page, n)
    after = current_match(page)
    assert after.actions[len(m.actions)][1] == move
    assert after.state["tp"]["pts"]["military"] == mil - int(str(said).split()[2])
    assert not traffic.offsite


# ---- one human and two bots, by taps ----------------------------------------------------------------
def human_taps(page: Any, until: Any, limit: int = 200) -> int:
    """Tap the plan's choice for the human to act until ``until(match)``; bots move by
    themselves. Every other option to go somewhere on the map is tapped on the map."""
    taps = 0
    while True:
        page.wait_for_selector(ACTIONABLE, state="attached", timeout=90_000)
        m = current_match(page)
        if m.is_over() or until(m):
            return taps
        seat = m.to_act()[0]
        assert m.seats[seat].kind == "human"
        expect(page.locator(".bx-banner.mine")).to_contain_text(m.seats[seat].name)
        a = plan(m, seat, m.game.legal_actions(m.state, seat), events(m))
        tap(page, a, on_map=taps % 2 == 0)
        taps += 1
        assert taps < limit, "too many taps"


def test_three_players_two_rounds_by_taps(page, server, traffic):
    """One human and two bots: two full rounds and more by taps from the first decision of
    the game (choosing a start and a hand, ToC §3), until the human has rolled a Place
    Governor (ToC §6.3.2), created and moved an army, fought a battle (§6.3.1, §8) and bought
    a card (§6.7). The dice of the Place Governor are shown as rolled. The bots search to
    their whole budget (``reproducible``), so they play as in the CPython rehearsal."""
    seed = 21  # the plan does all five within Ann's first two turns (rehearsed in CPython: 39 of her actions)
    start = fresh(["Ann", "Cy", "Di"], ["human", "bot", "bot"], seed)
    load_games(page, server, {"three": start}, reproducible=True)
    resume_game(page, "Time of Crisis", "Ann")
    watch_bot_thinking(page)
    t0 = time.perf_counter()
    saw_pg = False

    def until(m: Match) -> bool:
        nonlocal saw_pg
        if not saw_pg and m.state.get("last_pg") and m.state["last_pg"]["seat"] == 0:
            pg = m.state["last_pg"]
            dice = page.locator(".toc-dice-panel")
            expect(dice).to_contain_text(f"{pg['votes']} {'vote' if pg['votes'] == 1 else 'votes'} of {pg['need']} needed")
            saw_pg = True
        return min(m.state["turns"]) >= 2 and set(WANT) <= events(m)

    taps = human_taps(page, until)
    m = current_match(page)
    assert set(WANT) <= events(m) and min(m.state["turns"]) >= 2 and saw_pg
    assert page.locator("button[data-act=handoff-ok]").count() == 0
    thinking = bot_thinking_report(page)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "toc_three_players.json").write_text(json.dumps({
        "seconds": round(time.perf_counter() - t0, 1), "taps": taps, "actions": len(m.actions),
        "events": sorted(events(m)), **thinking}, indent=1))
    # the thinking indicator showed while the bots thought. Whether the page's timer ticked in
    # between is recorded, not asserted: on a fast machine each of these decisions fits one
    # browser task (r30: 4 periods, 0 ticks). That a ToC search comes in slices is checked in
    # CPython (tests/time_of_crisis/test_bot.py), the ticks in the browser by Time War's game
    # against the hard bot's 1 s searches (e2e/test_time_war_ui.py); how long the tasks took
    # is benchmarks/e2e_timings.py's measurement
    assert thinking["periods"] > 0, "the thinking indicator never showed"


# ---- two humans pass the device ------------------------------------------------------------------------
def test_two_players_pass_and_play_hides_hands(page, server, traffic):
    """Two humans on one device: between their decisions a hand-off screen shows no hand
    and no card; after it, the hand on the table is the new holder's own (ToC: hands are
    secret)."""
    start = fresh(["Ann", "Bob"], ["human", "human"], 4)
    load_games(page, server, {"two": start})
    resume_game(page, "Time of Crisis", "Ann")
    names = [c["name"] for c in D.cards().values()]
    handoffs = 0
    for _ in range(60):
        page.wait_for_selector(ACTIONABLE, state="attached", timeout=60_000)
        m = current_match(page)
        ok = page.locator("button[data-act=handoff-ok]")
        if ok.count():
            main = page.locator("#app").inner_text()
            assert page.locator(".toc-hand, .toc-cards").count() == 0
            assert not [n for n in names if re.search(rf"\b{re.escape(n)}\b", main)], main
            n = state_n(page)
            ok.first.click()
            page.wait_for_selector(".toc-main", timeout=30_000)
            handoffs += 1
            m = current_match(page)
            seat = m.to_act()[0]
            shown = sorted(page.locator(".toc-hand > .toc-cards .toc-cname").all_inner_texts())
            want = sorted(m.game.view(m.state, seat)["board"]["players"][seat]["hand"])
            assert [s.replace("◇", "").strip() for s in shown] == sorted(D.card_name(c) for c in want)
            assert n == state_n(page)
            if handoffs >= 3:
                break
            continue
        seat = m.to_act()[0]
        tap(page, plan(m, seat, m.game.legal_actions(m.state, seat), events(m)))
    assert handoffs >= 3


# ---- four bots, fastest speed -----------------------------------------------------------------------------
#: How many of the game's last actions the browser's bots play (the rest is played in CPython).
LAST_ACTIONS = 24


def test_four_bots_play_to_the_end(page, server, traffic):
    """Four bots play the end of a short game (40 legacy) at the fastest speed, with "Skip to
    the end" tapped; the end panel names the winner. The game's first actions are played in
    CPython (a bots-only game is drawn step by step in tests/ui/test_time_of_crisis_ui.py):
    the browser's bots take over ``LAST_ACTIONS`` actions before CPython's bots ended it."""
    start = fresh(["Ada", "Ben", "Cid", "Dot"], ["bot"] * 4, 1, short_game=True)
    ended = Match.load(start.save_json())
    while not ended.is_over():
        ended.play_bot()
    assert len(ended.actions) > LAST_ACTIONS
    late = Match.load(start.save_json())
    for seat, action in ended.actions[:-LAST_ACTIONS]:
        late.apply(seat, action)
    assert not late.is_over()
    load_games(page, server, {"bots": late}, reproducible=True)
    t0 = time.perf_counter()
    resume_game(page, "Time of Crisis", "Ada")
    # "Skip to the end", if the bots have not ended the game already: found and clicked in one
    # task of the page (the bots redraw the table between two Playwright calls).
    page.evaluate("() => document.querySelector('#app button[data-act=skip]:not([disabled])')?.click()")
    end = page.locator(".endpanel")
    expect(end).to_be_visible(timeout=240_000)
    m = current_match(page)
    assert m.is_over() and len(m.actions) > len(late.actions)
    expect(end.locator(".reason")).to_contain_text("wins")
    # the final table says where each player's legacy came from (issue 25 §4)
    expect(end.locator(".st-details").first).to_contain_text("From provinces governed")
    expect(end.locator(".st-details").first).to_contain_text("Legacy before the bonus")
    page.set_viewport_size(VIEWPORTS["phone"])
    end.scroll_into_view_if_needed()
    end.screenshot(path=str(ARTIFACTS / "phone-toc-end-standings.png"))
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "toc_four_bots.json").write_text(json.dumps({
        "seconds": round(time.perf_counter() - t0, 1), "actions": len(m.actions),
        "played_in_the_browser": len(m.actions) - len(late.actions)}, indent=1))


# ---- how long a bot's whole turn takes (issue 25 §2): a measurement --------------------------------
#: Records (time, text) each time the top bar's "Round n · name" changes: a new player's turn.
TURNS_PROBE_JS = """() => {
  const T = window.__turns = []; let last = null;
  const mark = () => { const el = document.querySelector('#app .tbar-info'), s = el ? el.textContent : null;
    if (s !== last) { T.push([performance.now(), s]); last = s; } };
  // the page is patched (issue 44): a new name in the bar is a text change
  new MutationObserver(mark).observe(document.getElementById('app'), {childList: true, subtree: true, characterData: true});
  mark();
}"""
BOT_TURN_LEVELS = ("easy", "normal", "hard")


def _bot_turns(page: Any, server: Any, players: int, level: str, turns: int) -> list[float]:
    """Seconds of each of ``turns`` whole bot turns of an all-bot game (bot speed normal, the
    app's own time limits), each from the top bar naming its player to the next."""
    page.get_by_role("button", name="Saved games").click()
    page.get_by_role("button", name=re.compile(f"^(Resume|View) Time of Crisis with {level.title()} {players}p\\b")).click()
    page.wait_for_selector("#app > .screen-table", state="attached", timeout=120_000)
    page.evaluate(TURNS_PROBE_JS)
    wait_until(page, f"() => window.__turns.filter(([, s]) => s && s.startsWith('Round')).length >= {turns + 2}",
               timeout=60_000 * turns)
    marks = [t for t, s in page.evaluate("window.__turns") if s and s.startswith("Round")]
    page.locator("button[data-act=leave]").first.click()
    expect(page.get_by_role("button", name="Saved games")).to_be_visible()
    return [round((b - a) / 1000, 2) for a, b in zip(marks[1:], marks[2:], strict=False)][:turns]


@pytest.mark.benchmark
def test_bot_turn_times(page, server, traffic):
    """A measurement (benchmarks/e2e_timings.py runs it; make test leaves it out): whole bot
    turns of all-bot games of 2, 3 and 4 players at each level, at bot speed "normal" with the
    app's time limits, at normal CPU speed and slowed 4x; written to e2e/artifacts/toc_bot_turns.json
    (TB_TOC_TURNS sets how many turns per game, TB_TOC_LEVELS and TB_TOC_RATES which levels and CPU
    slow-downs, e.g. "normal" and "4"). Targets (issue 25 §2): 4 s and 8 s."""
    turns = int(os.environ.get("TB_TOC_TURNS", "4"))
    levels = os.environ.get("TB_TOC_LEVELS", ",".join(BOT_TURN_LEVELS)).split(",")
    rates = [int(r) for r in os.environ.get("TB_TOC_RATES", "1,4").split(",")]
    games = {}
    for n in (2, 3, 4):
        for level in levels:
            seats = [Seat(f"{level.title()} {n}p" if i == 0 else f"Bot {i}", "bot", level) for i in range(n)]
            m = Match.new("time_of_crisis", seats, {}, 40 + n)
            while m.state["main"]["stack"][-1]["k"] == "opening":  # the opening's choices, made in CPython
                m.play_bot()
            games[f"{n}-{level}"] = m
    load_games(page, server, games)
    out: dict[str, Any] = {"what": "seconds from the top bar naming a bot's turn to the next one's: the bot's "
                           "searches (the app's time limits), the pauses after events (bot speed normal), drawing",
                           "turns_per_game": turns, "cpu_count": os.cpu_count(), "rows": []}
    for rate in rates:
        # the app's worker as slow as the page (?cpu=; CDP's throttling slows the page's thread only)
        page.goto(server.url + f"?botspeed=normal&cpu={rate}")
        expect(page.get_by_role("button", name="Saved games")).to_be_visible(timeout=120_000)
        cdp = page.context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
        try:
            for n in (2, 3, 4):
                for level in levels:
                    secs = _bot_turns(page, server, n, level, turns)
                    out["rows"].append({"cpu_throttling": rate, "players": n, "level": level, "turn_s": secs,
                                        "worst_s": max(secs), "target_s": 4 if rate == 1 else 8})
        finally:
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    for rate in rates:
        out[f"turn_s_cpu{rate}"] = sorted((t for r in out["rows"] if r["cpu_throttling"] == rate for t in r["turn_s"]),
                                          reverse=True)
    out["load_average"] = [round(x, 2) for x in os.getloadavg()]
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "toc_bot_turns.json").write_text(json.dumps(out, indent=1))
