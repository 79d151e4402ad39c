#!/usr/bin/env python3
"""What Chromium's CPU throttle itself costs this machine (issue 44), not a test.

    .venv/bin/python benchmarks/throttle_cost.py [--seconds 5]

``Emulation.setCPUThrottlingRate`` slows the page's main thread by interrupting it every 200 µs
and making it spin (a busy wait in a signal handler) for rate - 1 times as long as it ran. The
spin does not stop when the page is idle, so at rate 4 the page's thread keeps about three
quarters of a core busy doing nothing. Printed: the CPU seconds per wall second of Chromium's
renderer processes and of all its processes, for an idle blank page at each rate, and the cores
this machine has. On a machine of two cores that leaves little more than one core for the app's
worker, the compositor, the browser and the benchmark driving them; a phone has six to eight.
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def chromium_cpu(renderers_only: bool) -> float:
    """CPU seconds used so far by Chromium's processes (only the renderers if asked)."""
    total = 0
    for proc in Path("/proc").glob("[0-9]*"):
        try:
            cmd = (proc / "cmdline").read_bytes()
            if b"chrom" not in cmd or (renderers_only and b"--type=renderer" not in cmd):
                continue
            fields = (proc / "stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
        except (OSError, IndexError, ValueError):
            continue
    return total / os.sysconf("SC_CLK_TCK")


def main() -> None:
    import sys
    sys.path[:0] = [str(ROOT / "e2e")]
    from conftest import CHROMIUM
    from playwright.sync_api import sync_playwright

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=5.0)
    a = ap.parse_args()
    print(f"cores: {os.cpu_count()}")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True,
                                     args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"])
        page = browser.new_page()
        page.set_content("<p>An idle page.</p>")
        cdp = page.context.new_cdp_session(page)
        for rate in (1, 4, 6):
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
            time.sleep(1)
            r0, c0, t0 = chromium_cpu(True), chromium_cpu(False), time.monotonic()
            time.sleep(a.seconds)
            wall = time.monotonic() - t0
            print(f"rate {rate}: renderer {(chromium_cpu(True) - r0) / wall:.2f}, "
                  f"all Chromium {(chromium_cpu(False) - c0) / wall:.2f} CPU s per wall s (idle page)")
        browser.close()


if __name__ == "__main__":
    main()
