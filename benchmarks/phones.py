#!/usr/bin/env python3
"""A table across phones (issue 27), timed on loopback: how long joining takes, and how long a tap
takes to reach every phone (not a test: ``make test`` never runs this).

How to run it (from the repository root, after ``make build``; ~1 min a run)::

    .venv/bin/python benchmarks/phones.py [--runs 3] [--out benchmarks/results/phones.json]

Each run is ``e2e/test_phones.py::test_join_and_tap_to_every_phone_times`` (marked ``benchmark``):
three browser contexts of one headless Chromium, each a phone at phone size, on one machine.

- **Join** (scan to first view): from the moment the guest reads the host's code (pasted as text,
  or a screenshot of the host's QR code read as a photo by the app's QR reader) to the guest's
  first table. It includes the guest making its own code, the host reading it (as text, or as a
  QR photo) and the link opening; the people's part (pointing a camera) is not in it.
- **Tap to every phone**: a three-phone Timeline table; from a tap that makes a move (on the host
  or a guest) until every phone, the tapping one included, has drawn the new position; at CPU x1
  and with every phone's CPU slowed 4x.

Loopback has no radio: on a real Wi-Fi add the network's round trip (a few ms to tens of ms)
to the tap figures, and the time to gather candidates to the join figures. The 1-minute load
average is recorded before every run.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from scenario import run_scenario  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
ARTIFACT = ROOT / "e2e" / "artifacts" / "phones_timings.json"
SCENARIO = "e2e/test_phones.py::test_join_and_tap_to_every_phone_times"


def one_run() -> tuple[dict[str, Any] | None, int]:
    """Run the scenario once; return (its figures or None, pytest's exit code)."""
    return run_scenario(SCENARIO, ARTIFACT)


def summary(values: list[float]) -> dict[str, float | int]:
    """``{"n", "median", "p90", "max"}`` of ``values`` (rounded to 3 decimals)."""
    s = sorted(values)
    return {"n": len(s), "median": round(statistics.median(s), 3),
            "p90": round(s[min(len(s) - 1, int(0.9 * len(s)))], 3), "max": round(s[-1], 3)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--out", default=str(ROOT / "benchmarks" / "results" / "phones.json"))
    args = ap.parse_args()
    runs, failed = [], False
    for i in range(args.runs):
        load = os.getloadavg()[0]
        found, code = one_run()
        failed |= code != 0 or found is None
        runs.append({"run": i + 1, "load_average_at_start": round(load, 2), "pytest_exit": code, "figures": found})
    figures = [r["figures"] for r in runs if r["figures"]]
    rows = {
        "join_text_s": summary([v for f in figures for v in f["join_s"]["text"]]),
        "join_qr_s": summary([v for f in figures for v in f["join_s"]["qr"]]),
        "tap_to_all_cpu1_ms": summary([v for f in figures for v in f["tap_to_all_ms"]["cpu1"]]),
        "tap_to_all_cpu4_ms": summary([v for f in figures for v in f["tap_to_all_ms"]["cpu4"]]),
    } if figures else {}
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"when": datetime.now(UTC).isoformat(timespec="seconds"),
                               "machine": platform.platform(), "cpu_count": os.cpu_count(),
                               "rows": rows, "runs": runs}, indent=1))
    print("\n| figure | samples | median | p90 | max |\n|---|---:|---:|---:|---:|")
    for name, r in rows.items():
        print(f"| {name} | {r['n']} | {r['median']} | {r['p90']} | {r['max']} |")
    print(f"\nwritten: {out}")
    if failed:
        sys.exit(2)


if __name__ == "__main__":
    main()
