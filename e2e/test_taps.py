"""How a tap feels on a phone (issue 44): a measurement, not a test (``benchmarks/taps.py`` runs it
with ``TB_E2E_BENCHMARKS=1``; ``make test`` leaves it out).

For every title, at phone size with touch and the CPU slowed 4× (a mid-range phone: the page's
main thread by Chromium's CPU throttling, the app's worker by ``?cpu=4``, see tb-worker.mjs): a game in
progress against bots (instant bot speed), from a seeded position; 15 taps on legal actions (a
button or board element of the decision, ``[data-act=play]``), each after the page offers the next
decision, a control near the top or bottom edge first scrolled to the middle of the screen. Per tap:

- the longest Event Timing entry of the tap's interaction (``interactionId``; the INP measure: input
  to the next paint, the handlers' work included);
- tap → new position drawn: from the tap's ``pointerdown`` to the end of the first frame in which
  ``#app`` shows what the tap did (the move applied, or in Time War the placement previewed: a
  decision there takes two taps), timed by a ``requestAnimationFrame`` then ``setTimeout`` after the
  change (the frame's paint is over by then).

Then, per title, a game of bots only at the normal bot speed watched for ``TB_TAPS_WATCH`` seconds
(default 12) at CPU ×4: every main-thread task of 50 ms or more (Long Tasks API). Written to
``e2e/artifacts/taps.json``.
"""

from __future__ import annotations

import json
import os
import re
import statistics
from typing import Any

import pytest
from conftest import ARTIFACTS, VIEWPORTS, _wait_snapshot, load_games, resume_game, shot, wait_ready
from player_helpers import random_position

from py_engine.core import Match

#: title -> (game id, seats (name, kind), random moves to a position in progress, options).
TITLES: dict[str, tuple[str, list[tuple[str, str]], int, dict[str, Any]]] = {
    "Timeline": ("timeline", [("Ann", "human"), ("Bot B", "bot")], 6, {}),
    "Time War": ("time_war", [("Ann", "human"), ("Bot B", "bot")], 12, {"scenario": "centre"}),
    "Time Barons": ("time_barons", [("Ann", "human"), ("Bot B", "bot")], 24, {}),
    "Time of Crisis": ("time_of_crisis", [("Ann", "human"), ("Bot B", "bot")], 30, {}),
    "Barons": ("barons", [("Ann", "human"), ("Bot B", "bot"), ("Bot C", "bot")], 40, {"characters": "random"}),
}
TAPS = int(os.environ.get("TB_TAPS", "15"))
#: The app as a returning player starts it (the default: Python restored from the memory snapshot
#: the first start made, every module already imported), or ``TB_TAPS_START=first``: a first visit's
#: fresh Python, whose first taps also import what they use.
RETURNING = os.environ.get("TB_TAPS_START", "returning") != "first"
#: How much slower than this machine: the page's main thread through CDP, the app's worker through
#: the page's ?cpu= (tb-worker.mjs: CDP cannot throttle a worker).
CPU = int(os.environ.get("TB_TAPS_CPU", "4"))
#: The worker's slowdown alone (default: ``CPU``). ``TB_TAPS_WORKER_CPU=1`` leaves the worker at this
#: machine's speed, so its busy wait does not take a core from the page (an experiment: on a phone the
#: worker has a core of its own; see benchmarks/throttle_cost.py).
WORKER_CPU = int(os.environ.get("TB_TAPS_WORKER_CPU", str(CPU)))
ACTION = "#main [data-act=play]:not([disabled])"
#: Where a decision is taken in two taps, the first one (Time War: a placement, previewed, then
#: played).
FIRST = "#main .tw-opt[data-act=table-ui]"
TAPPABLE = f"{ACTION}, {FIRST}"
#: A control closer than this to the top or bottom of the screen (CSS px) is scrolled to the middle
#: before it is tapped (the top bar covers the first 50-100 px).
EDGE_PX = 110

#: Installed in the page: Event Timing and Long Tasks observers, the time of each pointerdown, and
#: the time each new game state was drawn.
WATCH = """() => {
  window.tbEvents = []; window.tbLong = []; window.tbDrawn = []; window.tbDown = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries()) if (e.interactionId)
    tbEvents.push({id: e.interactionId, name: e.name, start: e.startTime, duration: e.duration,
                   input: e.processingStart - e.startTime, work: e.processingEnd - e.processingStart}); })
    .observe({type: "event", durationThreshold: 16, buffered: false});
  new PerformanceObserver((l) => { for (const e of l.getEntries()) tbLong.push([e.startTime, e.duration]); })
    .observe({type: "longtask", buffered: false});
  document.addEventListener("pointerdown", () => tbDown.push(performance.now()), true);
  // every change of what #app shows (not the thinking bars' progress), noted at the end of its frame
  const note = (records) => {
    if (records.every((r) => r.type === "attributes" && (r.attributeName === "style" || r.attributeName === "aria-valuenow"
                                                         || r.attributeName === "data-drawn"
                                                         // the tapped control drawn pressed (tb-page.mjs ack), not the move
                                                         || r.attributeName === "class" && r.target.classList.contains("tap-ack")
                                                         || r.target.closest && r.target.closest(".think-bar")))) return;
    const s = document.querySelector("#app > .screen");
    const n = s ? s.dataset.n : null;
    requestAnimationFrame(() => setTimeout(() => tbDrawn.push([performance.now(), n]), 0));
  };
  new MutationObserver(note).observe(document.getElementById("app"), {childList: true, subtree: true,
                                                                       attributes: true, characterData: true});
}"""


def _position(title: str) -> Match:
    game_id, seats, steps, options = TITLES[title]
    return random_position(game_id, [n for n, _ in seats], [k for _, k in seats], 7, steps, options)


def _taps(page: Any, title: str) -> list[dict[str, float]]:
    out = []
    prev = 0.0
    for k in range(TAPS):
        try:
            page.wait_for_function(f"""() => !!document.querySelector('#app .endpanel')
                || !!document.querySelector('{TAPPABLE}') && !document.querySelector('#app .thinking-box')""",
                                   timeout=120_000)
        except Exception:
            shot(page, f"taps-stuck-{title.replace(' ', '-')}")
            raise AssertionError(f"{title}: no decision to tap after {k} taps") from None
        if page.locator(".endpanel").count():
            break
        page.wait_for_timeout(300)  # the position settles (a bot's last redraw)
        options = page.locator(ACTION if page.locator(ACTION).count() else FIRST)
        count = options.count()
        target = options.nth((k * 7) % count)
        down = page.evaluate("tbDown.length")
        # the player brings the control into view first, then taps it: a control near the screen's
        # edge is scrolled to the middle and the scroll has ended before the tap. (Tapped at once at
        # the bottom edge, Playwright scrolled it a few pixels in the tap itself, and the tap's frame
        # waited for what the scroll revealed to be drawn: Event Timing 136-288 ms at CPU x4 for
        # Barons' taps there, 32-48 ms for the same taps made from the middle.)
        box = target.bounding_box()
        height = page.viewport_size["height"] if page.viewport_size else 844
        if box is None or box["y"] < EDGE_PX or box["y"] + box["height"] > height - EDGE_PX:
            target.evaluate("e => e.scrollIntoView({block: 'center'})")
            page.wait_for_timeout(250)
        target.tap()
        page.wait_for_function("(k) => tbDown.length > k", arg=down)
        t0 = float(page.evaluate("(k) => tbDown[k]", down))
        page.wait_for_function("(t) => tbDrawn.some(([s]) => s >= t)", arg=t0, timeout=60_000)
        drawn = float(page.evaluate("(t) => tbDrawn.find(([s]) => s >= t)[0]", t0))
        page.wait_for_timeout(200)  # the tap's Event Timing entries arrive after its paint
        # the tap's entries: its events start when the finger touched (before the listener ran, by the
        # input delay) and after the previous tap's
        events = page.evaluate("([t, p]) => tbEvents.filter((e) => e.start > p && e.start <= t + 50)", [t0, prev])
        prev = t0
        worst = max((e["duration"] for e in events), default=0.0)
        # the longest entry split: waiting for the main thread (input), the page's handlers (work),
        # then the wait for the next frame to be presented
        top = max(events, key=lambda e: e["duration"], default=None)
        split = ({"interaction_event": top["name"], "interaction_input_ms": round(top["input"], 1),
                  "interaction_handlers_ms": round(top["work"], 1),
                  "interaction_presented_ms": round(top["duration"] - top["input"] - top["work"], 1)}
                 if top is not None else {})
        # the phases: the first render that arrived after the tap (tb-page.mjs's tbRenderTimes)
        phase = page.evaluate("(t) => (window.tbRenderTimes || []).find(([a]) => a >= t) || null", t0)
        out.append({"tap_to_drawn_ms": round(drawn - t0, 1), "interaction_ms": round(worst, 1), **split,
                    **({"worker_ms": round(phase[0] - t0, 1), "patch_ms": round(phase[1] - phase[0], 1),
                        "after_patch_ms": round(phase[2] - phase[1], 1), "to_frame_ms": round(drawn - phase[2], 1),
                        # Python's own part of the worker's task, at this machine's speed (not slowed)
                        **({"py_dispatch_ms": phase[3].get("dispatch"), "py_render_ms": phase[3].get("render"),
                            "worker_task_ms": phase[3].get("task")} if phase[3] else {})}
                       if phase and phase[2] <= drawn else {})})
    return out


def _watch_bots(page: Any, server: Any, title: str, seconds: float) -> list[tuple[float, float]]:
    """A game of bots only (normal bot speed) watched for ``seconds`` from the table's first showing:
    the long tasks, as (when it began, in s from then; its duration, ms)."""
    game_id, seats, steps, options = TITLES[title]
    from py_engine.core import Seat

    m = Match.new(game_id, [Seat(f"Bot {i + 1}", "bot", "normal") for i in range(len(seats))], options, 11,
                  {"holder": None})
    load_games(page, server, {"bots": m})
    page.goto(server.url + f"?botspeed=normal&cpu={WORKER_CPU}#/saves")  # the bots at the speed a player watches
    wait_ready(page)
    page.get_by_role("button", name=re.compile(f"^Resume {title} with Bot 1")).click()
    page.wait_for_selector("#app > .screen-table", state="attached", timeout=120_000)
    page.evaluate(WATCH)
    t0 = float(page.evaluate("performance.now()"))
    page.wait_for_timeout(seconds * 1000)
    return [(round((s - t0) / 1000, 2), d) for s, d in page.evaluate("tbLong")]


@pytest.mark.benchmark
def test_tap_timings(browser: Any, server: Any) -> None:
    results: dict[str, Any] = {}
    watch = float(os.environ.get("TB_TAPS_WATCH", "12"))
    # TB_TAPS_TITLES="Time of Crisis,Barons": those titles only (a closer look; RESULTS' tables take all)
    only = [t.strip() for t in os.environ.get("TB_TAPS_TITLES", "").split(",") if t.strip()]
    for title in only or TITLES:
        context = browser.new_context(viewport=VIEWPORTS["phone"], has_touch=True, is_mobile=True,
                                      device_scale_factor=2)
        try:
            page = context.new_page()
            load_games(page, server, {title: _position(title)})
            # the app's worker as slow as the page (?cpu=4; CDP's throttling slows the page's thread only)
            page.goto(server.url + f"?botspeed=instant&cpu={WORKER_CPU}#/saves")
            wait_ready(page)
            if RETURNING:  # a returning player's start: Python restored from the memory snapshot
                snap = _wait_snapshot(page)
                assert snap.get("state") in ("made", "restored"), snap
                page.reload()
                wait_ready(page)
                snap = _wait_snapshot(page)
                assert snap.get("state") == "restored", snap
            resume_game(page, title, "Ann")
            page.evaluate(WATCH)
            cdp = context.new_cdp_session(page)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU})
            taps = _taps(page, title)
            long_tasks = _watch_bots(page, server, title, watch)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
        finally:
            context.close()
        drawn = [t["tap_to_drawn_ms"] for t in taps]
        inter = [t["interaction_ms"] for t in taps]
        results[title] = {
            "taps": taps, "tap_to_drawn_median_ms": statistics.median(drawn) if drawn else None,
            "tap_to_drawn_worst_ms": max(drawn, default=None), "interaction_worst_ms": max(inter, default=None),
            "interaction_median_ms": statistics.median(inter) if inter else None,
            "bots_long_tasks_ms": [round(d) for _, d in long_tasks],
            "bots_long_tasks_at_s": [at for at, _ in long_tasks],
            "bots_longest_task_ms": round(max((d for _, d in long_tasks), default=0)),
            # medians of the phases of tap -> drawn: the tap to the worker's render arriving, the
            # patch, the rest of the page's render (focus, targets), the patch to the frame's end
            "phases_median_ms": {k: statistics.median(t[k] for t in taps if t.get(k) is not None)
                                 for k in ("worker_ms", "patch_ms", "after_patch_ms", "to_frame_ms", "py_dispatch_ms",
                                           "py_render_ms", "worker_task_ms")
                                 if any(t.get(k) is not None for t in taps)},
        }
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "taps.json").write_text(json.dumps({"cpu_throttling": CPU, "taps_per_title": TAPS,
                                                     "start": "returning" if RETURNING else "first",
                                                     "watch_s": watch, "titles": results,
                                                     "load_average": [round(x, 2) for x in os.getloadavg()]},
                                                    indent=1))
    assert all(r["taps"] for r in results.values())
