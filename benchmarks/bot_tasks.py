#!/usr/bin/env python3
"""What the page's main thread does while bots play (issue 44), at CPU x4 (not a test).

    .venv/bin/python benchmarks/bot_tasks.py [--titles "Time of Crisis,Time War"] [--seconds 10] [--top 12]
        [--min-ms 40] [--no-profile]

For each title, a game of bots only (the seats of ``e2e/test_taps.py``, normal level, the normal bot
speed) is watched for ``--seconds`` on a phone-sized page, the page's thread slowed 4x by Chromium
and the app's worker by ``?cpu=4``, while Chromium traces and samples it. Printed per title: every
main-thread task of ``--min-ms`` or more, when it began and its wall and thread time, with what it
held (script, HTML parsing, style, layout, paint: ms, nested boxes counted in their parents too);
the thread time of all frames and of all other tasks; and, unless ``--no-profile``, the script time
by kind (JavaScript, IndexedDB, GC) and the JavaScript functions with the most self time. Issue 44's target is no task over 50 ms
while bots play; ``benchmarks/taps.py`` measures that too, with the Long Tasks API.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "e2e"), str(ROOT), str(ROOT / "scripts"), str(ROOT / "benchmarks")]

#: The trace boxes reported inside a long task.
KINDS = ("FunctionCall", "ParseHTML", "UpdateLayoutTree", "Layout", "PrePaint", "Paint", "Layerize", "Commit",
         "EventDispatch", "HitTest", "PaintImage")


def main() -> None:
    from conftest import CHROMIUM, VIEWPORTS, load_games, wait_ready
    from playwright.sync_api import sync_playwright
    from serve import BackgroundServer
    from tap_profile import TRACE_CATEGORIES, summarize_profile, top_functions
    from test_taps import TITLES

    from py_engine.core import Match, Seat

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--titles", default=",".join(TITLES))
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--top", type=int, default=12)
    ap.add_argument("--no-profile", action="store_true",
                    help="trace only, no V8 sampling profile (its samples add to the page's work)")
    ap.add_argument("--min-ms", type=float, default=40.0, help="report main-thread tasks at least this long")
    a = ap.parse_args()
    server = BackgroundServer(ROOT / "dist")
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True,
                                         args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"])
            for title in [t.strip() for t in a.titles.split(",") if t.strip()]:
                game_id, seats, _steps, options = TITLES[title]
                ctx = browser.new_context(viewport=VIEWPORTS["phone"], has_touch=True, is_mobile=True,
                                          device_scale_factor=2)
                page = ctx.new_page()
                m = Match.new(game_id, [Seat(f"Bot {i + 1}", "bot", "normal") for i in range(len(seats))], options,
                              11, {"holder": None})
                load_games(page, server, {"bots": m})
                page.goto(server.url + "?botspeed=normal&cpu=4#/saves")
                wait_ready(page)
                page.get_by_role("button", name=re.compile(f"^Resume {title} with Bot 1")).click()
                page.wait_for_selector("#app > .screen-table", state="attached", timeout=120_000)
                cdp = ctx.new_cdp_session(page)
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
                if not a.no_profile:
                    cdp.send("Profiler.enable")
                    cdp.send("Profiler.setSamplingInterval", {"interval": 100})
                    cdp.send("Profiler.start")
                with tempfile.TemporaryDirectory() as tmp:
                    trace = Path(tmp) / "trace.json"
                    browser.start_tracing(page=page, path=str(trace), categories=TRACE_CATEGORIES)
                    page.wait_for_timeout(a.seconds * 1000)
                    browser.stop_tracing()
                    events = json.loads(trace.read_text())
                profile = None if a.no_profile else cdp.send("Profiler.stop")["profile"]
                events = events["traceEvents"] if isinstance(events, dict) else events
                main_thread = {(e["pid"], e["tid"]) for e in events if e.get("name") == "thread_name"
                               and e.get("args", {}).get("name") == "CrRendererMain"}
                boxes = [e for e in events if (e.get("pid"), e.get("tid")) in main_thread and e.get("ph") == "X"
                         and "dur" in e]
                tasks = [e for e in boxes if e["name"] == "RunTask"]
                if not tasks:
                    raise SystemExit("the trace holds no RunTask box: its categories do not record tasks")
                long = [e for e in tasks if e["dur"] >= a.min_ms * 1000]
                print(f"\n{title}: {len(long)} main-thread tasks of {a.min_ms:g} ms or more in {a.seconds:g} s (CPU x4)")
                start = min((e["ts"] for e in boxes), default=0)
                for t in long:
                    inside: Counter[str] = Counter()
                    for e in boxes:
                        if e is not t and e["name"] in KINDS and t["ts"] <= e["ts"] < t["ts"] + t["dur"]:
                            inside[e["name"]] += e["dur"] / 1000
                    # the thread's own CPU time in the task (the throttle's spin included): below the wall
                    # time when the thread waited for a core
                    print(f"  {(t['ts'] - start) / 1e6:5.2f} s, {t['dur'] / 1000:3.0f} ms"
                          f" (thread {t.get('tdur', 0) / 1000:3.0f}): " + ", ".join(f"{k} {v:.0f}" for k, v in inside.most_common(6)))
                # the thread time of every task, split into frames (a style update, layout or paint) and
                # the rest (the page's scripts: a render patched, a bar moved): steadier than a count of
                # long tasks on a shared machine
                frames = [t for t in tasks if any(e["name"] in ("UpdateLayoutTree", "Layout", "Paint")
                                                  and t["ts"] <= e["ts"] < t["ts"] + t["dur"] for e in boxes)]
                ft = sorted(t.get("tdur", 0) / 1000 for t in frames)
                ot = sorted(t.get("tdur", 0) / 1000 for t in tasks if t not in frames)
                print(f"  thread ms: frames {sum(ft):.0f} (worst {max(ft, default=0):.0f}),"
                      f" other tasks {sum(ot):.0f} (worst {max(ot, default=0):.0f})")
                if profile is not None:
                    print("  script by kind (ms): " + ", ".join(
                        f"{k} {v:.0f}" for k, v in summarize_profile(profile).items() if k != "idle / browser"))
                    for fn, ms in top_functions(profile, a.top):
                        print(f"    {ms:6.0f}  {fn}")
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
                ctx.close()
            browser.close()
    finally:
        server.stop()


if __name__ == "__main__":
    main()
