#!/usr/bin/env python3
"""Lighthouse (the npm package, with Debian's chromium) against the built site: scores, total
blocking time and the longest main-thread tasks, for a first visit and a repeat visit.

    .venv/bin/python benchmarks/lighthouse.py [--out benchmarks/results] [--label name] [--dist dist]

Needs ``make build`` and the lighthouse npm package, which is not among the project's locked
dependencies (it is large and only this benchmark uses it): the script installs it with npm
into build/lighthouse/ the first time (``LIGHTHOUSE_VERSION``). Writes
``<out>/lighthouse.json`` (the numbers) and ``<out>/lighthouse.md`` (the table).

- **first visit**: Lighthouse's default mobile run (simulated slow 4G, CPU ×4), storage reset:
  nothing cached, no service worker, no snapshot.
- **repeat visit**: chromium is started here with its own profile; the site is opened once and
  left until the app is installed (service worker active, snapshot made by tb-page.mjs's
  snapshot worker); Lighthouse then audits a second load in that profile
  (``--disable-storage-reset``): the start players see every day.

The app's Python runs in a Web Worker (tb-worker.mjs, started by tb-page.mjs): Lighthouse's
main-thread metrics (total blocking time, long tasks) are the page's; the worker's CPU time is
not in them.

dist/ is served by scripts/serve.py's handler (precompressed twins) on 127.0.0.1.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
from serve import BackgroundServer  # noqa: E402

LIGHTHOUSE_VERSION = "13.5.0"
LH_DIR = ROOT / "build" / "lighthouse"
LH_CLI = LH_DIR / "node_modules" / "lighthouse" / "cli" / "index.js"
CHROMIUM = os.environ.get("TB_CHROMIUM", "/usr/bin/chromium")
FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
CATEGORIES = ["performance", "accessibility", "best-practices"]


def log(msg: str) -> None:
    print(f"[lighthouse] {msg}", flush=True)


def ensure_lighthouse() -> None:
    if LH_CLI.is_file():
        return
    log(f"installing lighthouse@{LIGHTHOUSE_VERSION} into {LH_DIR.relative_to(ROOT)}/ (npm, once)")
    LH_DIR.mkdir(parents=True, exist_ok=True)
    subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--prefix", str(LH_DIR),
                    f"lighthouse@{LIGHTHOUSE_VERSION}"], check=True)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def run_lighthouse(url: str, out: Path, extra: list[str]) -> dict[str, Any]:
    cmd = ["node", str(LH_CLI), url, "--output=json", f"--output-path={out}", "--quiet",
           f"--only-categories={','.join(CATEGORIES)}", "--max-wait-for-load=120000", *extra]
    env = {**os.environ, "CHROME_PATH": CHROMIUM}
    subprocess.run(cmd, check=True, env=env, cwd=ROOT)
    return dict(json.loads(out.read_text()))


def summarize(report: dict[str, Any]) -> dict[str, Any]:
    audits = report["audits"]
    cats = report["categories"]
    tasks = (audits.get("long-tasks", {}).get("details") or {}).get("items") or []
    deprecations = (audits.get("deprecations", {}).get("details") or {}).get("items") or []
    failed_bp = [a["id"] for a in cats["best-practices"]["auditRefs"]
                 if audits.get(a["id"], {}).get("score") not in (None, 1) and a.get("weight", 0) > 0]
    return {
        "scores": {k: cats[k]["score"] for k in CATEGORIES},
        "tbt_ms": audits["total-blocking-time"]["numericValue"],
        "fcp_ms": audits["first-contentful-paint"]["numericValue"],
        "lcp_ms": audits["largest-contentful-paint"]["numericValue"],
        "tti_ms": audits.get("interactive", {}).get("numericValue"),
        "si_ms": audits.get("speed-index", {}).get("numericValue"),
        "cls": audits.get("cumulative-layout-shift", {}).get("numericValue"),
        # each metric's own score (what the performance score is weighed from)
        "metric_scores": {k: audits[k].get("score") for k in ("first-contentful-paint", "largest-contentful-paint",
                                                              "speed-index", "total-blocking-time",
                                                              "cumulative-layout-shift") if k in audits},
        "longest_tasks": [{"url": t.get("url"), "ms": round(t.get("duration", 0))}
                          for t in sorted(tasks, key=lambda t: -t.get("duration", 0))[:5]],
        "deprecations": [f"{d.get('value') or d.get('description')} "
                         f"({Path(((d.get('source') or {}).get('url')) or '?').name})" for d in deprecations],
        "best_practices_failed": failed_bp,
        "lighthouse": report.get("lighthouseVersion"),
        "throttling": report.get("configSettings", {}).get("throttlingMethod"),
    }


def repeat_visit(url: str, out: Path) -> dict[str, Any]:
    """Start chromium with a profile, install the app in it, then let Lighthouse audit a reload."""
    from playwright.sync_api import sync_playwright

    port = free_port()
    profile = Path(tempfile.mkdtemp(prefix="tb-lh-"))
    proc = subprocess.Popen([CHROMIUM, *FLAGS, f"--remote-debugging-port={port}", f"--user-data-dir={profile}",
                             "about:blank"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        with sync_playwright() as pw:
            for _ in range(100):
                try:
                    browser = pw.chromium.connect_over_cdp(f"http://127.0.0.1:{port}")
                    break
                except Exception:
                    time.sleep(0.2)
            else:
                raise SystemExit("chromium did not start")
            page = browser.contexts[0].new_page()
            page.goto(url)
            page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=240_000)  # CSP: no wait_for_function
            page.evaluate("async () => { await navigator.serviceWorker.ready; }")
            state = "none (a build without the start-up snapshot)"
            if page.locator('script[src$="tb-page.mjs"]').count():
                # tb-page.mjs makes the snapshot (tb-snapshot-worker.mjs) once the service worker
                # controls the page, and reports the outcome in tbShell.boot.snapshot and a tb:snapshot event
                state = page.evaluate("""() => new Promise((resolve) => {
                    const s = window.tbShell.boot.snapshot;
                    if (s && ["made", "unavailable", "restored"].includes(s.state)) return resolve(s.state);
                    addEventListener("tb:snapshot", (e) => resolve(e.detail.state), { once: true });
                  })""")
            else:
                page.wait_for_timeout(3000)  # let the service worker's precache finish
            log(f"repeat visit: app installed in the profile (snapshot {state})")
            page.close()
            browser.close()
        report = run_lighthouse(url, out, [f"--port={port}", "--disable-storage-reset"])
        return summarize(report)
    finally:
        proc.terminate()
        proc.wait(timeout=30)
        shutil.rmtree(profile, ignore_errors=True)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    p.add_argument("--out", default=str(ROOT / "benchmarks" / "results"))
    p.add_argument("--label", default="", help="a name for this run in the results (e.g. before/after)")
    p.add_argument("--dist", default=str(ROOT / "dist"), help="the built site to audit (default dist/)")
    a = p.parse_args()
    dist = Path(a.dist)
    if not (dist / "index.html").is_file():
        raise SystemExit(f"{dist}/index.html missing: make build")
    ensure_lighthouse()
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    site = Path(tempfile.mkdtemp(prefix="tb-lh-site-"))
    shutil.copytree(dist, site / "dist")
    srv = BackgroundServer(site / "dist")
    result: dict[str, Any] = {"label": a.label, "loadavg_start": [round(x, 2) for x in os.getloadavg()],
                              "version": json.loads((site / "dist" / "version.json").read_text())}
    try:
        with tempfile.TemporaryDirectory() as tmp:
            log("first visit (storage reset)")
            result["first_visit"] = summarize(run_lighthouse(
                srv.url, Path(tmp) / "first.json", [f"--chrome-flags={' '.join(FLAGS)}"]))
            log("repeat visit (service worker and snapshot in place)")
            result["repeat_visit"] = repeat_visit(srv.url, Path(tmp) / "repeat.json")
    finally:
        srv.stop()
        shutil.rmtree(site, ignore_errors=True)
    result["loadavg_end"] = [round(x, 2) for x in os.getloadavg()]
    name = f"lighthouse{('-' + a.label) if a.label else ''}"
    (out / f"{name}.json").write_text(json.dumps(result, indent=1) + "\n")
    lines = [f"## Lighthouse {result['first_visit']['lighthouse']} ({result['first_visit']['throttling']} "
             f"throttling, mobile), build {result['version'].get('build')}", "",
             f"Load average at start {result['loadavg_start']}, at end {result['loadavg_end']}.", "",
             "| visit | performance | accessibility | best practices | TBT | FCP | LCP | longest tasks |",
             "|---|---:|---:|---:|---:|---:|---:|---|"]
    for key in ("first_visit", "repeat_visit"):
        r = result[key]
        s = r["scores"]
        tasks = ", ".join(f"{t['ms']} ms {Path(t['url'] or '?').name}" for t in r["longest_tasks"][:3])
        lines.append(f"| {key.replace('_', ' ')} | {s['performance']} | {s['accessibility']} | {s['best-practices']} | "
                     f"{r['tbt_ms'] / 1000:.1f} s | {r['fcp_ms'] / 1000:.1f} s | {r['lcp_ms'] / 1000:.1f} s | {tasks} |")
    for key in ("first_visit", "repeat_visit"):
        r = result[key]
        if r["best_practices_failed"] or r["deprecations"]:
            lines.append(f"\n{key.replace('_', ' ')}: best-practices audits not passed: "
                         f"{', '.join(r['best_practices_failed']) or 'none'}; deprecations: "
                         f"{'; '.join(map(str, r['deprecations'])) or 'none'}.")
    (out / f"{name}.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
