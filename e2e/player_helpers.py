"""Helpers for the player-features e2e tests (navigation, sweeps, replays, daily).

- :func:`tap_targets_under_44` lists every visible tap target smaller than 44×44 CSS px;
- :func:`axe_violations` runs axe-core (npm, node_modules/axe-core; injected by
  Playwright's evaluate, never shipped in dist/) on the page;
- :func:`finished_save` / :func:`unfinished_save` write save files of any registered
  game, played by random moves in CPython, for the tests to import through the UI;
- :func:`random_position` plays a seeded game to an exact decision; :func:`decision_in_view`
  and :func:`caution_asks` check the decision beside its targets (issue 24 §2).

Waiting uses ``wait_for_selector`` only (``wait_for_function`` evals inside the page,
which a Content-Security-Policy without 'unsafe-eval' refuses).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from conftest import ARTIFACTS, ROOT, state_n, wait_moved, wait_ready
from playwright.sync_api import expect

from py_engine.core import Match, Seat

AXE_JS = ROOT / "node_modules" / "axe-core" / "axe.min.js"

#: Every tap target: buttons, links, form fields (a checkbox or file input counts as the
#: label that holds it), disclosure summaries, and anything else with a button role.
TARGETS_JS = """() => {
  const seen = new Set(), out = [];
  const sel = '#app button, #app a[href], #app select, #app summary, #app textarea, #app input, #app [role=button]';
  for (const el of document.querySelectorAll(sel)) {
    let box = el;
    if (el.tagName === 'INPUT' && ['checkbox', 'radio', 'file'].includes(el.type)) box = el.closest('label') || el;
    if (seen.has(box) || box.offsetParent === null) continue;
    seen.add(box);
    const r = box.getBoundingClientRect();
    if (r.width < 43.5 || r.height < 43.5) {
      const name = (el.getAttribute('aria-label') || box.textContent || el.name || el.id || el.tagName).trim().slice(0, 50);
      out.push(`${name}: ${Math.round(r.width)}x${Math.round(r.height)}`);
    }
  }
  return out;
}"""


def tap_targets_under_44(page: Any) -> list[str]:
    """Visible tap targets under 44×44 CSS px (name: width x height)."""
    return list(page.evaluate(TARGETS_JS))


def axe_violations(page: Any, within: str | None = None) -> list[str]:
    """axe-core's violations on the page (all rules axe runs by default), one line each;
    ``within``: only inside the first element matching this selector. Animations that end
    (a move's step fading in) are let finish first, up to 3 s: axe reads the colours of the
    moment, and text half faded in fails the contrast rule."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.evaluate(AXE_JS.read_text(encoding="utf-8") + "\n;undefined")
    page.evaluate("""() => {
        const ending = document.getAnimations().filter(a => a.playState === 'running'
            && Number.isFinite(a.effect?.getComputedTiming().endTime));
        return Promise.race([Promise.all(ending.map(a => a.finished.catch(() => null))),
                             new Promise(r => setTimeout(r, 3000))]);
    }""")
    result = page.evaluate("""async (within) => {
        const r = await axe.run(within ? document.querySelector(within) : document, {resultTypes: ['violations']});
        return r.violations.map(v => `${v.id} (${v.impact}): ${v.help} — ` +
            v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(' | '));
    }""", within)
    return list(result)


def screen_is(page: Any, screen: str, timeout: float = 30_000) -> None:
    """Wait until ``#app`` shows ``screen`` (its data-screen)."""
    page.wait_for_selector(f"#app > .screen[data-screen='{screen}']", state="attached", timeout=timeout)


def route_is(page: Any, route: str, timeout: float = 30_000) -> None:
    """Wait until ``#app`` shows the screen of ``route`` (its data-route)."""
    page.wait_for_selector(f"#app > .screen[data-route='{route}']", state="attached", timeout=timeout)


def route(page: Any) -> str:
    return str(page.locator("#app > .screen").get_attribute("data-route"))


def settled(page: Any, timeout: float = 60_000) -> None:
    """Wait until no bot is to move (a human is to act, or the game is over)."""
    page.wait_for_selector("#app > .screen:not([data-actor='bot'])", state="attached", timeout=timeout)


def reload_ready(page: Any) -> None:
    page.reload()
    wait_ready(page)


def _random_match(game_id: str, kinds: list[str], seed: int, finish: bool, limit: int) -> Match:
    from py_engine.games import get

    g = get(game_id)
    n = max(len(kinds), g.min_players)
    kinds = (kinds + ["human"] * n)[:n]
    seats = [Seat(f"Bot {i + 1}" if k == "bot" else f"Player {i + 1}", k, "easy" if k == "bot" else None)
             for i, k in enumerate(kinds)]
    for s in range(seed, seed + 100):
        m = Match.new(game_id, seats, {}, s, {"holder": None})
        rng = random.Random(s)
        while not m.is_over() and (finish or len(m.actions) < limit):
            seat = m.to_act()[0]
            m.apply(seat, rng.choice(m.game.legal_actions(m.state, seat)))
        if finish or not m.is_over():
            return m
    raise AssertionError(f"no suitable {game_id} game")


def finished_save(tmp: Path, game_id: str, kinds: list[str] | None = None, seed: int = 1) -> tuple[Path, Match]:
    """A finished game of ``game_id`` (random moves) as a save file; and its match."""
    m = _random_match(game_id, kinds or ["human", "bot"], seed, True, 0)
    path = tmp / f"{game_id}-finished.json"
    path.write_text(m.save_json(), encoding="utf-8")
    return path, m


def unfinished_save(tmp: Path, game_id: str, kinds: list[str], moves: int, seed: int = 1) -> tuple[Path, Match]:
    """A game of ``game_id`` after ``moves`` random moves, as a save file; and its match."""
    m = _random_match(game_id, kinds, seed, False, moves)
    path = tmp / f"{game_id}-{'-'.join(kinds)}-{moves}.json"
    path.write_text(m.save_json(), encoding="utf-8")
    return path, m


def import_file(page: Any, path: Path) -> None:
    """Saved games → Import a save file (the page must show the saved games)."""
    page.locator("input[type=file][data-act=import]").set_input_files(str(path))


def save_json(m: Match) -> dict[str, Any]:
    return json.loads(m.save_json())


# ---- the decision beside its targets (issue 24 §2) -------------------------------------------------
def random_position(game_id: str, names: list[str], kinds: list[str], seed: int, steps: int,
                    options: dict[str, Any] | None = None) -> Match:
    """The game after ``steps`` random moves (``random.Random(seed)`` choosing among the legal
    actions of the first seat to act; bots at easy): the seeds and step counts of the tests
    were found by searching for a decision of the wanted kind."""
    seats = [Seat(n, k, "easy" if k == "bot" else None) for n, k in zip(names, kinds, strict=True)]
    m = Match.new(game_id, seats, options or {}, seed, {"holder": 0})
    rng = random.Random(seed)
    for _ in range(steps):
        seat = m.to_act()[0]
        m.apply(seat, rng.choice(m.game.legal_actions(m.state, seat)))
    return m


#: The pinned bar, the prompt in it and the highlighted targets, as viewport rectangles.
_BOXES_JS = """() => {
  const box = (e) => { const r = e.getBoundingClientRect(); return {top: r.top, bottom: r.bottom, left: r.left,
                                                                   right: r.right, height: r.height}; };
  const bar = document.querySelector('#app .tbar'), prompt = document.querySelector('#app .tbar-prompt');
  return {vh: innerHeight, vw: innerWidth, bar: bar && box(bar), prompt: prompt && box(prompt),
          targets: [...document.querySelectorAll('#app .tgt-now')].map(box)};
}"""


def decision_in_view(page: Any) -> dict[str, Any]:
    """After a decision with board targets appears: the prompt pinned in the table's bar is
    inside the viewport, the bar takes at most a fifth of the screen's height, and a
    highlighted target (``.tgt-now``) is wholly inside the viewport below the bar.
    Returns the measured boxes."""
    page.wait_for_selector("#app .tgt-now", state="attached")
    b = page.evaluate(_BOXES_JS)
    assert b["bar"] and b["prompt"], b
    assert 0 <= b["prompt"]["top"] and b["prompt"]["bottom"] <= b["vh"] and b["prompt"]["height"] > 0, b
    assert b["bar"]["bottom"] <= 0.2 * b["vh"] + 1, f"the pinned bar takes {b['bar']['bottom']} of {b['vh']} px"
    assert any(t["top"] >= b["bar"]["bottom"] - 1 and t["bottom"] <= b["vh"] + 1 and t["left"] >= -1
               and t["right"] <= b["vw"] + 1 for t in b["targets"]), b
    return b


def view_shot(page: Any, name: str) -> Path:
    """A screenshot of what the viewport shows now (not the full page: the pinned bar and
    the targets where the player sees them), as e2e/artifacts/<name>.png."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path))
    return path


def caution_asks(page: Any, confirm: bool, name: str) -> None:
    """The first option that harms the player's own side asks first: its confirmation (an
    alertdialog, Cancel focused, inside the viewport, no axe-core violation, tap targets of
    44 px; screenshot ``name``) changes nothing;
    Cancel closes it with the game unchanged; with ``confirm``, "Do it anyway" then plays it."""
    n = state_n(page)
    option = page.locator("#main button[data-act=caution]").first
    option.click()
    dialog = page.get_by_role("alertdialog")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("Do it anyway?")
    cancel = page.get_by_role("button", name="Cancel: do not do it")
    expect(cancel).to_be_focused()
    box = dialog.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= page.viewport_size["height"]
    assert state_n(page) == n
    assert not axe_violations(page, "#app .tbar-caution"), axe_violations(page, "#app .tbar-caution")
    assert not tap_targets_under_44(page), tap_targets_under_44(page)
    view_shot(page, name)
    cancel.click()
    expect(page.get_by_role("alertdialog")).to_have_count(0)
    assert state_n(page) == n
    if confirm:
        option.click()
        page.get_by_role("button", name="Do it anyway").click()
        wait_moved(page, n)


# ---- the next choice always in view (issue 48 §0) ----------------------------------------------------
#: The decision's first option as tb-page.mjs's firstOption() finds it (its first button that plays
#: or opens an option to play, in reading order (top to bottom, then left to right), one that does
#: not ask first preferred; a board's SVG regions only when no button offers the decision), and
#: the hinted button; with the pinned bar's bottom and the viewport.
FIRST_OPTION_JS = """() => {
  const box = (e) => { if (!e) return null; const r = e.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width, height: r.height,
            text: (e.getAttribute('aria-label') || e.textContent || '').trim().slice(0, 80),
            folded: !!e.closest('details:not([open])'),
            ring: e.hasAttribute('data-hint') ? getComputedStyle(e).outlineStyle : null}; };
  const at = (el) => {
    let shown = el;
    for (let d = el.closest('details:not([open])'); d; d = d.parentElement && d.parentElement.closest('details:not([open])')) {
      shown = d.querySelector(':scope > summary') || d;
    }
    const r = shown.getBoundingClientRect();
    return [Math.round(r.top), r.left];
  };
  const opts = [...document.querySelectorAll(
    '#main [data-a][data-act="play"], #main [data-a][data-act="caution"], #main [data-option]')]
    .filter((el) => el.getClientRects().length || el.closest('details:not([open])'))
    .map((el) => [at(el), el]).sort((a, b) => a[0][0] - b[0][0] || a[0][1] - b[0][1]).map((k) => k[1]);
  let first = null;
  for (const pool of [opts.filter((el) => !(el instanceof SVGElement)), opts]) {
    first = pool.find((el) => !el.hasAttribute('data-caution')) || pool[0];
    if (first) break;
  }
  const bar = document.querySelector('#app .tbar');
  const barBottom = bar ? bar.getBoundingClientRect().bottom : 0;
  // a highlighted board target that is itself an option, shown whole (the board is the decision)
  const onBoard = opts.filter((el) => el.classList.contains('tgt-now')).map(box)
    .find((r) => r.top >= barBottom - 1 && r.bottom <= innerHeight + 1 && r.height > 0) || null;
  const hinted = document.querySelector('#main button[data-hint]');
  const dialog = document.querySelector('#main [role=alertdialog]');
  return {vh: innerHeight, vw: innerWidth, bar: barBottom,
          first: box(first), onBoard, hinted: box(hinted), dialog: box(dialog), options: opts.length};
}"""


def whole_below_bar(b: dict[str, Any], r: dict[str, Any] | None) -> bool:
    """True if the box ``r`` (of :data:`FIRST_OPTION_JS`) shows whole below the pinned bar."""
    return (r is not None and not r["folded"] and r["height"] > 0 and r["top"] >= b["bar"] - 1
            and r["bottom"] <= b["vh"] + 1)


#: Options (buttons that play, Time War's placement previews) whose text runs out of their box, by
#: more than a pixel: "<text>: <px>" (issue 48 §4: a placement's text overflowed by 6 px).
OPTION_OVERFLOW_JS = """() => {
  const out = [];
  for (const el of document.querySelectorAll('#main button[data-a], #main [data-option]')) {
    if (!el.getClientRects().length || el instanceof SVGElement) continue;
    const r = el.getBoundingClientRect(), g = document.createRange();
    g.selectNodeContents(el);
    const t = g.getBoundingClientRect();
    if (!t.width) continue;
    const over = Math.max(t.right - r.right, r.left - t.left, t.bottom - r.bottom, r.top - t.top);
    if (over > 1) out.push(`${el.textContent.trim().slice(0, 40)}: ${Math.round(over)} px`);
  }
  return out;
}"""


def first_option_in_view(page: Any, where: str) -> dict[str, Any]:
    """The decision's first option shows whole between the pinned bar and the bottom of the
    screen, not folded away (issue 48 §0), or, on a board whose highlighted targets are the
    options themselves (Barons' spaces to move to), one of those does. Returns the measured
    boxes."""
    b = page.evaluate(FIRST_OPTION_JS)
    assert b["first"] is not None, f"{where}: no option on the page: {b}"
    assert whole_below_bar(b, b["first"]) or b["onBoard"] is not None, f"{where}: the first option is out of view: {b}"
    return b


# ---- board labels big enough to read (issue 48 §2) ---------------------------------------------------
#: The smallest text a board may draw, in CSS px, on a 390 px phone, at rest and zoomed.
MIN_LABEL_PX = 11
#: Every text drawn on the table's boards (an SVG picture's labels, and the HTML of the big parts the
#: worker patches: maps, boards, sites; and Timeline's strip) that shows now, with its rendered size
#: in CSS px (its font size times the scale it is drawn at: the viewBox's, a zoom's transform).
LABELS_JS = """(min) => {
  const out = [];
  const sel = '#main svg text, #main [data-patch] *, #main .tl-strip *';
  for (const el of document.querySelectorAll(sel)) {
    if (el.closest('summary')) continue; // a fold-out's heading: a control
    if (!el.getClientRects().length || !el.checkVisibility({opacityProperty: true, visibilityProperty: true})) continue;
    if (![...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())) continue;
    const r = el.getBoundingClientRect();
    if (r.bottom < 0 || r.right < 0 || r.left > innerWidth) continue;
    let px;
    if (el instanceof SVGElement) {
      if (el.tagName !== 'text' && el.tagName !== 'tspan') continue;
      const bb = el.getBBox(); if (!bb.height) continue;
      px = parseFloat(getComputedStyle(el).fontSize) * r.height / bb.height;
    } else {
      if (!el.offsetHeight) continue;
      px = parseFloat(getComputedStyle(el).fontSize) * r.height / el.offsetHeight;
    }
    if (px < min - 0.05) out.push(`${(el.getAttribute('class') || el.tagName)} "${el.textContent.trim().slice(0, 16)}": ${px.toFixed(1)} px`);
  }
  return [...new Set(out)].slice(0, 12);
}"""


def small_labels(page: Any, min_px: float = MIN_LABEL_PX) -> list[str]:
    """The board texts shown smaller than ``min_px`` CSS px (class "text": size), at most 12."""
    return list(page.evaluate(LABELS_JS, min_px))
