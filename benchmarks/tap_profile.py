#!/usr/bin/env python3
"""Where a tap's time goes on a phone (issue 44): a Chromium performance trace and a V8 CPU profile
of taps at CPU x4, summed by kind of work (not a test).

    .venv/bin/python benchmarks/tap_profile.py [--taps 8] [--titles "Time of Crisis,Time Barons"]

For each title: the seeded position of ``e2e/test_taps.py`` (a game in progress against an instant
bot, phone size, touch), then ``--taps`` taps on legal actions while Chromium traces. Printed per
title, in ms of the main thread summed over the taps:

- from the trace (``devtools.timeline``): parsing HTML (``innerHTML``), style, layout, paint and
  compositing, and the script tasks that hold them;
- from the CPU profile sampled at the same time: script time in WebAssembly (Python: Pyodide's
  interpreter runs the engines and the UI there) against JavaScript (PyScript, the proxies, the
  app's own modules), by the top frame of each sample;
- IndexedDB: the time of the storage module's ``put`` calls seen in the profile.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "e2e"), str(ROOT), str(ROOT / "scripts")]

TRACE_KINDS = {
    "ParseHTML": "parse HTML", "UpdateLayoutTree": "style", "RecalculateStyles": "style",
    "Layout": "layout", "Paint": "paint", "PaintImage": "paint", "RasterTask": "raster",
    "CompositeLayers": "composite", "Commit": "composite", "UpdateLayer": "composite",
    "PrePaint": "paint", "Layerize": "composite",
}


#: The trace categories these benchmarks record. Chromium 156 writes a task's ``RunTask`` box only
#: under the disabled-by-default category: with ``devtools.timeline`` alone a trace has no tasks,
#: and a count of long tasks from it is always zero.
TRACE_CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline"]


def summarize_trace(path: Path) -> Counter[str]:
    """ms per kind of the main thread's work (top-level boxes of the renderer's main thread)."""
    events = json.loads(path.read_text())
    events = events["traceEvents"] if isinstance(events, dict) else events
    main = {(e["pid"], e["tid"]) for e in events if e.get("name") == "thread_name"
            and e.get("args", {}).get("name") == "CrRendererMain"}
    out: Counter[str] = Counter()
    for e in events:
        if (e.get("pid"), e.get("tid")) not in main or e.get("ph") != "X":
            continue
        kind = TRACE_KINDS.get(e["name"])
        if kind:
            out[kind] += e.get("dur", 0) / 1000
        elif e["name"] == "RunTask":
            out["all tasks"] += e.get("dur", 0) / 1000
    return out


def summarize_profile(profile: dict[str, Any]) -> Counter[str]:
    """ms of samples by the top frame: WebAssembly (Python), JavaScript, GC, other."""
    nodes = {n["id"]: n for n in profile["nodes"]}
    parent: dict[int, int] = {}
    for n in profile["nodes"]:
        for c in n.get("children", []):
            parent[c] = n["id"]
    out: Counter[str] = Counter()
    for sample, delta in zip(profile["samples"], profile["timeDeltas"], strict=False):
        frame = nodes[sample]["callFrame"]
        name, url = frame.get("functionName", ""), frame.get("url", "")
        if name in ("(idle)", "(program)"):
            kind = "idle / browser"
        elif name == "(garbage collector)":
            kind = "GC"
        elif url.startswith("wasm://") or ".wasm" in url or name.startswith("$"):
            kind = "script: Python (WebAssembly)"
        else:
            kind = "script: JavaScript"
            up = sample
            while up in parent:
                f = nodes[up]["callFrame"]
                if f.get("url", "").endswith("storage.js") or "idb" in f.get("url", ""):
                    kind = "script: IndexedDB (storage.js)"
                    break
                up = parent[up]
        out[kind] += delta / 1000
    return out


def top_functions(profile: dict[str, Any], n: int) -> list[tuple[str, float]]:
    """The ``n`` JavaScript functions with the most self time (ms), as "name (file:line)"."""
    nodes = {x["id"]: x for x in profile["nodes"]}
    out: Counter[str] = Counter()
    for sample, delta in zip(profile["samples"], profile["timeDeltas"], strict=False):
        f = nodes[sample]["callFrame"]
        name, url = f.get("functionName", ""), f.get("url", "")
        if name.startswith("(") or url.startswith("wasm://"):
            continue
        out[f"{name or '(anonymous)'} ({Path(url).name}:{f.get('lineNumber', 0) + 1})"] += delta / 1000
    return out.most_common(n)


def main() -> None:
    from conftest import CHROMIUM, VIEWPORTS, load_games, resume_game
    from playwright.sync_api import sync_playwright
    from serve import BackgroundServer
    from test_taps import ACTION, FIRST, TITLES, _position

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--taps", type=int, default=8)
    ap.add_argument("--titles", default=",".join(TITLES))
    ap.add_argument("--keep", type=Path, default=None, help="keep each title's trace in this folder")
    ap.add_argument("--top", type=int, default=0, help="also print the N JavaScript functions with the most self time")
    a = ap.parse_args()
    server = BackgroundServer(ROOT / "dist")
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True,
                                         args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"])
            for title in [t.strip() for t in a.titles.split(",") if t.strip()]:
                ctx = browser.new_context(viewport=VIEWPORTS["phone"], has_touch=True, is_mobile=True)
                page = ctx.new_page()

                load_games(page, server, {title: _position(title)})
                resume_game(page, title, "Ann")
                cdp = ctx.new_cdp_session(page)
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
                cdp.send("Profiler.enable")
                cdp.send("Profiler.setSamplingInterval", {"interval": 200})
                with tempfile.TemporaryDirectory() as tmp:
                    trace = Path(tmp) / "trace.json"
                    browser.start_tracing(page=page, path=str(trace), categories=TRACE_CATEGORIES)
                    cdp.send("Profiler.start")
                    for k in range(a.taps):
                        page.wait_for_function(f"""() => !!document.querySelector('#app .endpanel')
                            || !!document.querySelector('{ACTION}, {FIRST}') && !document.querySelector('#app .thinking-box')""",
                                               timeout=120_000)
                        if page.locator("#app .endpanel").count():
                            break
                        page.wait_for_timeout(300)
                        opts = page.locator(ACTION if page.locator(ACTION).count() else FIRST)
                        opts.nth((k * 7) % opts.count()).tap()
                        page.wait_for_timeout(1500)
                    profile = cdp.send("Profiler.stop")["profile"]
                    browser.stop_tracing()
                    tr = summarize_trace(trace)
                    if a.keep:
                        a.keep.mkdir(parents=True, exist_ok=True)
                        trace.replace(a.keep / f"trace-{title.replace(' ', '-')}.json")
                pr = summarize_profile(profile)
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
                print(f"\n{title} ({a.taps} taps, CPU x4, ms of the main thread)")
                for kind, ms in sorted({**tr, **pr}.items(), key=lambda kv: -kv[1]):
                    print(f"  {kind:32s} {ms:8.0f}")
                for fn, ms in top_functions(profile, a.top):
                    print(f"    {ms:8.0f}  {fn}")
                ctx.close()
            browser.close()
    finally:
        server.stop()


if __name__ == "__main__":
    main()
