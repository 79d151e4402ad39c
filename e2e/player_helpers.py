"""Helpers for the player-features e2e tests (navigation, sweeps, replays, daily).

- :func:`tap_targets_under_44` lists every visible tap target smaller than 44×44 CSS px;
- :func:`axe_violations` runs axe-core (npm, node_modules/axe-core; injected by
  Playwright's evaluate, never shipped in dist/) on the page;
- :func:`finished_save` / :func:`unfinished_save` write save files of any registered
  game, played by random moves in CPython, for the tests to import through the UI.

Waiting uses ``wait_for_selector`` only (``wait_for_function`` evals inside the page,
which a Content-Security-Policy without 'unsafe-eval' refuses).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from conftest import ROOT, wait_ready

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


def axe_violations(page: Any) -> list[str]:
    """axe-core's violations on the page (all rules axe runs by default), one line each."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.evaluate(AXE_JS.read_text(encoding="utf-8") + "\n;undefined")
    result = page.evaluate("""async () => {
        const r = await axe.run(document, {resultTypes: ['violations']});
        return r.violations.map(v => `${v.id} (${v.impact}): ${v.help} — ` +
            v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(' | '));
    }""")
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
