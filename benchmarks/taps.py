#!/usr/bin/env python3
"""How a tap feels on a phone (issue 44), measured in headless Chromium at CPU x4 (not a test:
``make test`` never runs this).

    .venv/bin/python benchmarks/taps.py [--runs 1] [--out benchmarks/results/taps.json]

Each run is ``e2e/test_taps.py::test_tap_timings`` (marked ``benchmark``; see there for what is
measured): per title, 15 taps on legal actions at phone size with touch, each tap's longest Event
Timing entry (the INP measure) and the time from the tap to the new position drawn; then a game of
bots only at the normal bot speed, watched for every main-thread task of 50 ms or more. Prints a
Markdown table for RESULTS.md (worst over the runs); the 1-minute load average is recorded before
every run (figures taken beside other work say little).

Targets (issue 44): the worst interaction <= 100 ms; tap -> drawn <= 200 ms median, <= 400 ms worst;
no main-thread task over 50 ms while bots play. A second table splits tap -> drawn into its phases
(medians): the tap to the worker's render arriving on the page, Idiomorph's patch, the rest of the
page's render (styles, focus, the targets brought into view), and from there to the frame's end;
and Python's own part of the worker's task, not slowed (the event's dispatch and the markup's render,
as the worker times them).
``TB_TAPS_CPU=1`` measures at this machine's own speed; ``TB_TAPS_WORKER_CPU=1`` slows the page only.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from scenario import run_scenario  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
ARTIFACT = ROOT / "e2e" / "artifacts" / "taps.json"
SCENARIO = "e2e/test_taps.py::test_tap_timings"


def one_run() -> tuple[dict[str, Any] | None, int]:
    """Run the scenario once; return (its figures or None, pytest's exit code)."""
    return run_scenario(SCENARIO, ARTIFACT)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=1)
    ap.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "taps.json")
    ap.add_argument("--label", default="", help="what was measured (e.g. before/after), kept in the record")
    a = ap.parse_args()
    runs = []
    for i in range(a.runs):
        load = os.getloadavg()[0]
        if load > 1.5:
            print(f"warning: load average {load:.1f} before run {i + 1}", file=sys.stderr)
        got, code = one_run()
        if got is None:
            print(f"run {i + 1} failed (pytest exit {code})", file=sys.stderr)
            return 2
        runs.append({"load_before": round(load, 2), **got})
    titles = list(runs[0]["titles"])
    print("| title | interaction worst (ms) | tap → drawn median / worst (ms) | longest task while bots play (ms) |")
    print("|---|---:|---:|---:|")
    for t in titles:
        rs = [r["titles"][t] for r in runs]
        inter = max(r["interaction_worst_ms"] or 0 for r in rs)
        med = max(r["tap_to_drawn_median_ms"] or 0 for r in rs)
        worst = max(r["tap_to_drawn_worst_ms"] or 0 for r in rs)
        longest = max(r["bots_longest_task_ms"] for r in rs)
        print(f"| {t} | {inter:.0f} | {med:.0f} / {worst:.0f} | {longest} |")
    print()
    print("| title | tap → render arrives | patch | rest of the page's render | to the frame's end "
          "| Python: dispatch / render; the worker's task (×1) |")
    print("|---|---:|---:|---:|---:|---:|")
    for t in titles:  # medians of the first run (ms)
        ph = runs[0]["titles"][t].get("phases_median_ms", {})
        py = " / ".join(f"{ph[k]:.1f}" if k in ph else "–" for k in ("py_dispatch_ms", "py_render_ms"))
        py += f"; {ph['worker_task_ms']:.1f}" if "worker_task_ms" in ph else ""
        print(f"| {t} | " + " | ".join(f"{ph[k]:.0f}" if k in ph else "–"
                                       for k in ("worker_ms", "patch_ms", "after_patch_ms", "to_frame_ms"))
              + f" | {py} |")
    a.out.parent.mkdir(parents=True, exist_ok=True)
    page_cpu = os.environ.get("TB_TAPS_CPU", "4")
    record = {"when": datetime.now(UTC).isoformat(timespec="seconds"), "label": a.label,
              "cpu": {"page": int(page_cpu), "worker": int(os.environ.get("TB_TAPS_WORKER_CPU", page_cpu))},
              "runs": runs}
    old = json.loads(a.out.read_text()) if a.out.is_file() else []
    a.out.write_text(json.dumps([*(old if isinstance(old, list) else [old]), record], indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
