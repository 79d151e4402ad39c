#!/usr/bin/env python3
"""Boot time and first-visit bytes of the app, against a bare Pyodide page, in headless Chromium.

How to run it (from the repository root, after ``make build``; takes several minutes)::

    .venv/bin/python benchmarks/boot.py [--runs 5] [--throttle-runs N] [--no-throttle] [--quick]
                                        [--dist other/dist] [--out folder] [--markdown-only]

It writes ``benchmarks/results/boot.json`` (every number of every run) and
``benchmarks/results/boot.md`` (the tables). Needs Debian's /usr/bin/chromium (or
TB_CHROMIUM=/path) and the .venv's playwright; never ``playwright install``.

What it measures, in one run, interleaving the two pages so they share the machine's noise:

- **app**: a snapshot of dist/ (copied to build/bench-app/ so a rebuild during the run cannot
  break it), served by scripts/serve.py's pinned-MIME handler on 127.0.0.1:<random port>.
- **bare**: benchmarks/bare/index.html plus a copy of dist/pyodide/ in build/bench-bare/ (never
  in dist/), with Pyodide's own standard library in place of the app's trimmed one:
  ``loadPyodide({indexURL: "./pyodide/"})``, ``import sys``, a marker in the DOM.

Times are milliseconds from the navigation's start (``performance.now()`` in the new document,
taken by a MutationObserver installed before any page script) to:

- app "library": ``body[data-ready="1"]`` (the first interactive screen);
- app "table": a Timeline table's card or gap buttons (a game in progress reopens on load);
- bare: the marker element.

Cases, each a fresh browser context: **cold** (empty HTTP cache, no service worker), **warm**
(a second navigation in the same context, after ``navigator.serviceWorker.ready`` and, for the
app, after its memory snapshot is made: HTTP cache, or the service worker and the snapshot),
**offline** (``context.set_offline(True)`` and the HTTP
server stopped; the app is served by its service worker, the bare page has none), and cold/warm
with the CPU throttled x4 (CDP ``Emulation.setCPUThrottlingRate``, a rough mid-range phone).
Chromium throttles only the page's main thread that way (a worker target answers "Operation is
only supported for pages, not workers"): the app's Python, in its worker, runs unthrottled in
those cases while the bare page's runs throttled, so the app's CPU x4 figures are flattering.

Where the time goes: a per-phase breakdown of every navigation from the app's User Timing marks
(``tb:*``: tb-worker.mjs and the UI's Python in the worker post them, tb-page.mjs re-marks them on
the page's timeline as they arrive, so they carry the page's clock plus the message's latency;
tb-page.mjs marks ``tb:rendered``), the worker's snapshot report (``tbShell.boot.snapshot``), the
worker's downloads as the page's shell records them (``tbShell.boot.parts``), and the Long Tasks
API (the longest main-thread task before the screen is ready). Python runs in a Web Worker, where
the page's probe cannot wrap ``WebAssembly.instantiate*``: the app's runtime start is one phase
(``tb:loader`` or ``tb:snapshot-looked-up`` → ``tb:python-started``); the bare page, whose Pyodide
runs on the page, is split further (runtime JS, wasm compile and instantiate, Python start-up).

Bytes: response bodies as the server sent them (scripts/serve.py answers with the precompressed
``.br`` twin when the browser accepts it), the size of the files themselves, and the page's CDP
``Network.loadingFinished`` encodedDataLength (body + headers; for the worker's requests, which
the page's CDP session does not see, Playwright's request sizes) as a cross-check. A first visit is
counted until the app is installed: the service worker active (its own requests carry
``Referer: .../sw.js``) and the memory snapshot made; every URL's request count is kept, to show
that each file is downloaded once.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import shutil
import statistics
import sys
import threading
import time
from datetime import UTC, datetime
from functools import partial
from http.server import ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
BARE_SRC = ROOT / "benchmarks" / "bare" / "index.html"
APP_DIR = ROOT / "build" / "bench-app"
BARE_DIR = ROOT / "build" / "bench-bare"
RESULTS = ROOT / "benchmarks" / "results"
CHROMIUM = os.environ.get("TB_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run", "--disable-sync"]
TIMEOUT_MS = 240_000
PICK = "button.hcard.pick:not(.alt)"
TABLE_BUTTONS = "#app > .screen-table button.hcard.pick, #app > .screen-table button.gap-btn"

sys.path.insert(0, str(ROOT / "scripts"))
from serve import RecordingHandler  # noqa: E402  (scripts/ is not a package)

# Installed in every document before its own scripts: records performance.now() (ms since this
# navigation started) the first time each condition holds.
PROBE = """
(() => {
  const t = (window.__bench = {});
  const check = () => {
    const now = performance.now();
    const body = document.body;
    if (t.ready == null && body && body.dataset.ready === "1") t.ready = now;
    if (t.table == null && document.querySelector(__TABLE__)) t.table = now;
    if (t.bare == null && document.getElementById("bare-ok")) t.bare = now;
    if (t.error == null) {
      const box = document.getElementById("boot-error");
      if ((box && !box.hidden) || document.getElementById("bare-error") || (body && body.dataset.error === "1"))
        t.error = now;
    }
  };
  new MutationObserver(check).observe(document, {
    subtree: true, childList: true, attributes: true, attributeFilter: ["data-ready", "data-error", "hidden"],
  });
  // Main-thread tasks of 50 ms or more (Long Tasks API): is the page responsive while it boots?
  t.longTasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) t.longTasks.push([Math.round(e.startTime), Math.round(e.duration)]);
    }).observe({ type: "longtask", buffered: true });
  } catch (e) { /* no Long Tasks API */ }
  // Every WebAssembly compile/instantiate on the page: start, end, and what was compiled (a
  // response's URL or a buffer's size), so the runtime's (pyodide.asm.wasm) can be told from small
  // feature probes. The bare page's runtime only: the app's Python starts in its worker, which
  // this init script does not reach.
  t.wasm = [];
  const W = globalThis.WebAssembly;
  if (W) for (const name of ["instantiateStreaming", "instantiate", "compileStreaming", "compile"]) {
    const orig = W[name];
    if (typeof orig !== "function") continue;
    W[name] = function (...args) {
      const rec = { name, start: performance.now(), end: null, url: null, bytes: null };
      t.wasm.push(rec);
      const src = args[0];
      if (src && typeof src.byteLength === "number") rec.bytes = src.byteLength;
      else if (src instanceof W.Module) rec.bytes = -1;
      else Promise.resolve(src).then((r) => { rec.url = r && r.url; }, () => {});
      const p = orig.apply(this, args);
      Promise.resolve(p).then(() => { rec.end = performance.now(); }, () => { rec.end = -1; });
      return p;
    };
  }
  if ("serviceWorker" in navigator)
    navigator.serviceWorker.ready.then(() => { t.swReady = performance.now(); });
})();
""".replace("__TABLE__", json.dumps(TABLE_BUTTONS))

# Read once a navigation has reached its milestone: the probe, User Timing marks (tb:* from the
# app's worker and Python, re-marked by tb-page.mjs as they arrive, and tb-page.mjs's own), and the
# resource/navigation timings of the page's files (the worker's downloads are in the shell's
# boot.parts instead).
COLLECT = """() => {
  const pick = (e) => ({ start: e.startTime, worker: e.workerStart || null, reqStart: e.requestStart,
                         respStart: e.responseStart, end: e.responseEnd, size: e.encodedBodySize });
  const res = {};
  for (const e of performance.getEntriesByType("resource")) {
    const path = new URL(e.name).pathname;
    const key = path.slice(path.lastIndexOf("/") + 1) || "index.html";
    if (!(key in res)) res[key] = pick(e);
  }
  const nav = performance.getEntriesByType("navigation")[0];
  const marks = {};
  for (const m of performance.getEntriesByType("mark")) if (!(m.name in marks)) marks[m.name] = m.startTime;
  return { ...window.__bench, shell: window.tbShell ? window.tbShell.boot : null,
           bareParts: window.__bare || null, marks, res, nav: nav ? pick(nav) : null };
}"""

#: Byte groups. "our wheel": every wheel of dist/wheels/ (engine, UI, markupsafe); "app files":
#: the page, shell, styles, tb-page.mjs, tb-worker.mjs, vendored JS (Idiomorph, idb, ...), icons.
GROUPS = ["pyodide core", "stdlib", "our wheel", "app files"]


def log(msg: str) -> None:
    print(f"[boot] {msg}", flush=True)


# ---- the server: scripts/serve.py's handler, plus a byte count of every response ------------

class CountingHandler(RecordingHandler):  # type: ignore[misc]
    """serve.RecordingHandler whose records also say in which phase of the run they came."""

    def record(self) -> dict[str, Any]:
        return {"phase": self.server.phase, **super().record()}  # type: ignore[attr-defined]


class BareHandler(CountingHandler):
    """The bare page runs an inline module script: no app CSP for it."""

    csp = None


class CountingServer(ThreadingHTTPServer):
    daemon_threads = True
    records: list[dict[str, Any]]
    phase: str


class BenchServer:
    """A CountingServer for ``directory`` on 127.0.0.1:<free port>, in a daemon thread."""

    def __init__(self, directory: Path, handler: type = CountingHandler) -> None:
        self.httpd = CountingServer(("127.0.0.1", 0), partial(handler, directory=str(directory)))
        self.httpd.records = []
        self.httpd.phase = "start"
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        self._thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self._thread.start()
        self.stopped = False

    @property
    def records(self) -> list[dict[str, Any]]:
        return self.httpd.records

    def phase(self, name: str) -> None:
        self.httpd.phase = name

    def stop(self) -> None:
        if not self.stopped:
            self.stopped = True
            self.httpd.shutdown()
            self.httpd.server_close()
            self._thread.join(timeout=10)


# ---- files, groups, gzip -----------------------------------------------------------------------

def site_path(url_or_path: str) -> str:
    """'/pyodide/x.wasm?__WB_REVISION__=1' or 'http://h:p/pyodide/x.wasm' -> 'pyodide/x.wasm'."""
    p = unquote(urlsplit(url_or_path).path).lstrip("/")
    return p or "index.html"


def group_of(path: str) -> str:
    if path.startswith("pyodide/"):
        name = path.split("/", 1)[1]
        if name == "python_stdlib.zip":
            return "stdlib"
        return "pyodide core"
    if path.startswith("wheels/"):
        return "our wheel"
    return "app files"


def file_size(f: Path) -> int:
    return f.stat().st_size if f.is_file() else 0


def prepare_sites() -> dict[str, Any]:
    for needed in ("index.html", "sw.js", "version.json", "shell.js", "tb-page.mjs", "tb-worker.mjs",
                   "tb-snapshot-worker.mjs", "vendor/idiomorph.js", "pyodide/pyodide.mjs",
                   "pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip"):
        if not (DIST / needed).is_file():
            raise SystemExit(f"dist/{needed} missing: build the site first (make build)")
    shutil.rmtree(APP_DIR, ignore_errors=True)
    shutil.copytree(DIST, APP_DIR)
    shutil.rmtree(BARE_DIR, ignore_errors=True)
    BARE_DIR.mkdir(parents=True)
    shutil.copytree(DIST / "pyodide", BARE_DIR / "pyodide")
    # The bare page gets Pyodide's own standard library (the app's is trimmed and compiled,
    # scripts/build.py trim_stdlib), with the same runtime files and their compressed twins.
    for twin in (BARE_DIR / "pyodide").glob("python_stdlib.zip*"):
        twin.unlink()
    shutil.copy2(ROOT / "node_modules" / "pyodide" / "python_stdlib.zip", BARE_DIR / "pyodide" / "python_stdlib.zip")
    shutil.copy2(BARE_SRC, BARE_DIR / "index.html")
    version: dict[str, Any] = json.loads((APP_DIR / "version.json").read_text())
    return version


# ---- browser helpers ---------------------------------------------------------------------------

class Cdp:
    """The page's network activity as seen by CDP, and its worker's.

    The page's CDP session does not see the requests of the app's Web Worker (tb-worker.mjs:
    the runtime, the standard library, the wheels); Playwright, which attaches to the worker,
    reports them as the page's requests. Those it reports that the page's CDP session did not
    see are added from Playwright's request sizes (``of``)."""

    def __init__(self, context: Any, page: Any) -> None:
        self.mark = "start"
        self.session = context.new_cdp_session(page)
        self.reqs: dict[str, dict[str, Any]] = {}
        self.pw_reqs: list[tuple[str, Any]] = []
        self.session.on("Network.responseReceived", self._response)
        self.session.on("Network.loadingFinished", self._finished)
        self.session.on("Network.requestServedFromCache", self._memcache)
        self.session.send("Network.enable")
        page.on("requestfinished", lambda req: self.pw_reqs.append((self.mark, req)))

    def _entry(self, rid: str) -> dict[str, Any]:
        return self.reqs.setdefault(rid, {"mark": self.mark})

    def _response(self, ev: dict[str, Any]) -> None:
        r = ev["response"]
        self._entry(ev["requestId"]).update(url=r["url"], status=r["status"],
                                            sw=bool(r.get("fromServiceWorker")),
                                            disk=bool(r.get("fromDiskCache")))

    def _finished(self, ev: dict[str, Any]) -> None:
        self._entry(ev["requestId"])["encoded"] = ev.get("encodedDataLength", 0)

    def _memcache(self, ev: dict[str, Any]) -> None:
        self._entry(ev["requestId"])["memcache"] = True

    def throttle(self, rate: float) -> None:
        self.session.send("Emulation.setCPUThrottlingRate", {"rate": rate})

    def of(self, mark: str) -> list[dict[str, Any]]:
        page = [r for r in self.reqs.values() if r["mark"] == mark and "url" in r
                and urlsplit(r["url"]).scheme in ("http", "https")]
        # The page's loads from the network or its service worker (not its reads of the HTTP cache,
        # e.g. the shell's first-visit copies), matched by URL with Playwright's: those left over
        # are the worker's.
        seen: dict[str, int] = {}
        for r in page:
            if r.get("sw") or not (r.get("disk") or r.get("memcache")):
                seen[r["url"]] = seen.get(r["url"], 0) + 1
        worker = []
        for m, req in self.pw_reqs:
            if m != mark or urlsplit(req.url).scheme not in ("http", "https"):
                continue
            try:
                resp = req.response()
                sizes = req.sizes()
            except Exception:  # the page (or the worker) is gone
                continue
            if resp is None or (sizes["responseBodySize"] < 0 and not resp.from_service_worker):
                continue  # failed, or read from the HTTP cache
            if seen.get(req.url, 0) > 0:  # the page's own request, already counted
                seen[req.url] -= 1
                continue
            worker.append({"mark": m, "url": req.url, "status": resp.status, "sw": resp.from_service_worker,
                           "encoded": max(0, sizes["responseBodySize"]) + sizes["responseHeadersSize"],
                           "worker": True})
        return page + worker


def navigate(page: Any, url: str, cond: str, cdp: Cdp | None = None, mark: str = "",
             throttle: float | None = None) -> dict[str, Any]:
    """Go to ``url``; wait until the probe records ``cond``; return the timings."""
    if cdp is not None:
        cdp.mark = mark
        if throttle:
            cdp.throttle(throttle)  # again before every navigation: the target may have changed
    t0 = time.perf_counter()
    resp = page.goto(url, wait_until="commit", timeout=TIMEOUT_MS)
    wait_js(page, f"() => window.__bench && (window.__bench.{cond} != null || window.__bench.error != null)",
            timeout=TIMEOUT_MS, poll_ms=25)
    wall = (time.perf_counter() - t0) * 1000
    b = page.evaluate(COLLECT)
    if b.get("error") is not None and b.get(cond) is None:
        text = page.inner_text("body")[-2000:]
        raise RuntimeError(f"{url}: error before {cond}:\n{text}")
    return {"ms": round(b[cond], 1), "wall_ms": round(wall, 1),
            "from_sw": None if resp is None else resp.from_service_worker, "probe": b}


def wait_js(page: Any, predicate: str, arg: Any = None, timeout: float = 60_000, poll_ms: int = 50) -> None:
    """Poll the JavaScript function ``predicate`` in the page until it returns something truthy
    (``page.wait_for_function`` evals inside the page, which the app's CSP refuses)."""
    script = """async ([arg, timeout, poll]) => {
        const pred = PREDICATE;
        const end = performance.now() + timeout;
        while (!(await pred(arg))) {
          if (performance.now() > end) throw new Error("timed out after " + timeout + " ms");
          await new Promise((r) => setTimeout(r, poll));
        }
      }"""
    page.evaluate(script.replace("PREDICATE", predicate), [arg, timeout, poll_ms])


def wait_sw_ready(page: Any) -> float:
    """Wait until the service worker is active (its precache is complete) and controls the page;
    return the in-page time it became ready."""
    page.evaluate("async () => { await navigator.serviceWorker.ready; }")
    wait_js(page, "() => navigator.serviceWorker.controller !== null", timeout=TIMEOUT_MS)
    return float(page.evaluate("() => window.__bench.swReady ?? -1"))


def wait_installed(page: Any) -> dict[str, Any]:
    """After a first start: wait until the app's memory snapshot is made (tb-page.mjs runs
    tb-snapshot-worker.mjs once the service worker controls the page and reports the outcome in
    tbShell.boot.snapshot and with a tb:snapshot event); return the shell's install record."""
    snap = page.evaluate("""() => new Promise((resolve) => {
        const s = window.tbShell && window.tbShell.boot.snapshot;
        if (!s || ["made", "unavailable", "restored", "none"].includes(s.state)) return resolve(s || null);
        addEventListener("tb:snapshot", (e) => resolve(e.detail), { once: true });
      })""")
    return {"snapshot": snap, "precache": page.evaluate("() => window.tbShell && window.tbShell.boot.precache"),
            "storage": storage_used(page)}


def storage_used(page: Any) -> dict[str, Any]:
    """The origin's storage on the device after install (issue 26 §2): the browser's own estimate
    (``navigator.storage.estimate()``: usage and, in Chromium, usageDetails per kind) and the bytes
    of every Cache Storage entry, summed per cache (the precache, the memory snapshot)."""
    return page.evaluate("""async () => {
        const est = await navigator.storage.estimate();
        const caches_ = {};
        for (const name of await caches.keys()) {
          const cache = await caches.open(name);
          let bytes = 0, entries = 0;
          for (const req of await cache.keys()) {
            const r = await cache.match(req);
            bytes += (await r.arrayBuffer()).byteLength;
            entries += 1;
          }
          caches_[name] = { bytes, entries };
        }
        return { usage: est.usage, details: est.usageDetails || null, caches: caches_ };
      }""")  # type: ignore[no-any-return]


def url_counts(records: list[dict[str, Any]], phases: set[str]) -> dict[str, int]:
    """Requests per site path in the given phases."""
    out: dict[str, int] = {}
    for r in records:
        if r["phase"] in phases:
            path = site_path(r["path"])
            out[path] = out.get(path, 0) + 1
    return out


def state_n(page: Any) -> str | None:
    return page.locator("#app > .screen").get_attribute("data-n")  # type: ignore[no-any-return]


def wait_moved(page: Any, n: str | None) -> None:
    wait_js(page, "(n) => { const s = document.querySelector('#app > .screen'); return s && s.dataset.n !== n; }",
            arg=n, timeout=30_000)


def start_timeline_two_humans(page: Any) -> None:
    """From the library, by taps: a Timeline game with two human seats, then one full turn
    (pick a card, place it), so a game is in progress with the second player to act."""
    page.get_by_role("button", name="New game of Timeline").click()
    page.get_by_role("heading", name="New game: Timeline").wait_for()
    while page.locator("li.seat").count() < 2:
        page.get_by_role("button", name="+ Add a seat").click()
    while (k := page.locator("li.seat").count()) > 2:
        page.get_by_role("button", name=f"Remove seat {k}").click()
    for i in range(2):
        page.locator(f'li.seat[data-seat="{i}"]').get_by_role("button", name="Human", exact=True).click()
    page.get_by_role("button", name="Start game").click()
    page.wait_for_selector("#app > .screen-table")
    n = state_n(page)
    page.locator(PICK).first.click()
    wait_moved(page, n)
    gaps = page.locator("button.gap-btn")
    n = state_n(page)
    gaps.nth(gaps.count() // 2).click()
    wait_moved(page, n)
    page.wait_for_selector(TABLE_BUTTONS)


def check_tap_works(page: Any) -> None:
    """The measured table really is playable: a tap on a card changes the game state."""
    n = state_n(page)
    page.locator(PICK).first.click()
    wait_moved(page, n)


def byte_rows(records: list[dict[str, Any]], site: Path, phases: set[str], sw: bool,
              cdp_reqs: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """Per group: requests, files, body bytes as sent ("raw": br/gz when the browser accepted it),
    the files' own sizes ("file"), CDP encodedDataLength."""
    out: dict[str, dict[str, Any]] = {}
    for r in records:
        if r["phase"] not in phases or r["sw"] != sw:
            continue
        path = site_path(r["path"])
        g = "service worker script" if path == "sw.js" else group_of(path)
        row = out.setdefault(g, {"requests": 0, "status": {}, "files": [], "raw": 0, "file": 0, "cdp": 0})
        row["requests"] += 1
        row["status"][str(r["status"])] = row["status"].get(str(r["status"]), 0) + 1
        row["raw"] += r["bytes"]
        if r["bytes"] and (site / path).is_file():
            row["files"].append(path)
            row["file"] += file_size(site / path)
    for c in cdp_reqs or []:
        if c.get("sw") or c.get("memcache"):
            continue
        path = site_path(c["url"])
        g = "service worker script" if path == "sw.js" else group_of(path)
        if g in out:
            out[g]["cdp"] += c.get("encoded", 0)
    return out


# ---- one sequence per page kind ----------------------------------------------------------------

def app_cold_table(browser: Any, throttle: float | None) -> dict[str, Any]:
    """A first visit in a context of its own that taps "New game of Timeline", then "Start
    game", on the first screens as soon as they show (issue 26): navigation → the table's
    buttons (Python started meanwhile, then replayed the taps)."""
    srv = BenchServer(APP_DIR)
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    ctx.add_init_script(PROBE)
    page = ctx.new_page()
    cdp = Cdp(ctx, page)
    try:
        if throttle:
            cdp.throttle(throttle)
        page.goto(srv.url, wait_until="commit", timeout=TIMEOUT_MS)
        wait_js(page, "() => performance.getEntriesByName('tb:first-screens').length > 0", timeout=TIMEOUT_MS)
        early = page.evaluate("document.body.dataset.ready !== '1'")
        page.get_by_role("button", name="New game of Timeline").click()
        page.get_by_role("button", name="Start game").click()
        wait_js(page, "() => window.__bench && window.__bench.table != null", timeout=TIMEOUT_MS)
        return {"ms": round(float(page.evaluate("window.__bench.table")), 1), "tapped_before_python": early}
    finally:
        ctx.close()
        srv.stop()


def app_sequence(browser: Any, throttle: float | None, quick: bool = False) -> dict[str, Any]:
    """cold library -> (service worker ready) -> warm library -> [unthrottled only: start a game by
    taps -> warm table -> offline table -> offline library]."""
    srv = BenchServer(APP_DIR)
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    ctx.add_init_script(PROBE)
    page = ctx.new_page()
    cdp = Cdp(ctx, page)
    res: dict[str, Any] = {}
    try:
        url = srv.url
        srv.phase("cold")
        res["cold_library"] = navigate(page, url, "ready", cdp, "cold", throttle)
        # the first screens (issue 26 §1): the library drawn and listening before Python is up
        first = res["cold_library"]["probe"].get("marks", {}).get("tb:first-screens")
        if first is not None:
            res["cold_interactive"] = {"ms": round(first, 1)}
        srv.phase("after_ready")
        res["sw_ready_ms"] = wait_sw_ready(page)
        res["install"] = wait_installed(page)
        res["url_counts"] = url_counts(srv.records, {"cold", "after_ready"})
        res["bytes_cold_page"] = byte_rows(srv.records, APP_DIR, {"cold", "after_ready"}, False, cdp.of("cold"))
        res["bytes_precache"] = byte_rows(srv.records, APP_DIR, {"cold", "after_ready"}, True)
        res["precache_requests"] = sum(1 for r in srv.records if r["sw"])
        res["server_log_cold"] = list(srv.records)
        page.wait_for_timeout(500)  # let the worker's activation settle
        srv.phase("warm")
        res["warm_library"] = navigate(page, url, "ready", cdp, "warm", throttle)
        res["bytes_warm"] = {"page": byte_rows(srv.records, APP_DIR, {"warm"}, False, cdp.of("warm")),
                             "sw": byte_rows(srv.records, APP_DIR, {"warm"}, True)}
        if not quick:
            res["cold_table"] = app_cold_table(browser, throttle)
        if throttle or quick:
            return res
        srv.phase("play")
        start_timeline_two_humans(page)
        srv.phase("warm_table")
        res["warm_table"] = navigate(page, url, "table", cdp, "warm_table")
        check_tap_works(page)
        ctx.set_offline(True)
        srv.stop()
        res["offline_table"] = navigate(page, url, "table", cdp, "offline_table")
        page.evaluate("async () => { const m = await window.tbShell.storage; await m.remove('tb:current'); }")
        res["offline_library"] = navigate(page, url, "ready", cdp, "offline_library")
        if page.locator(TABLE_BUTTONS).count():
            raise RuntimeError("offline library: the table opened instead")
        res["offline_not_from_sw"] = [c["url"] for m in ("offline_table", "offline_library")
                                      for c in cdp.of(m) if not c.get("sw")]
        return res
    finally:
        ctx.close()
        srv.stop()


def bare_sequence(browser: Any, throttle: float | None, quick: bool = False) -> dict[str, Any]:
    """cold -> warm (HTTP cache only: no service worker) -> [unthrottled only: offline attempt]."""
    srv = BenchServer(BARE_DIR, BareHandler)
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    ctx.add_init_script(PROBE)
    page = ctx.new_page()
    cdp = Cdp(ctx, page)
    res: dict[str, Any] = {}
    try:
        url = srv.url
        srv.phase("cold")
        res["cold"] = navigate(page, url, "bare", cdp, "cold", throttle)
        res["bytes_cold_page"] = byte_rows(srv.records, BARE_DIR, {"cold"}, False, cdp.of("cold"))
        page.wait_for_timeout(500)
        srv.phase("warm")
        res["warm"] = navigate(page, url, "bare", cdp, "warm", throttle)
        res["bytes_warm"] = {"page": byte_rows(srv.records, BARE_DIR, {"warm"}, False, cdp.of("warm"))}
        if throttle or quick:
            return res
        ctx.set_offline(True)
        srv.stop()
        try:
            res["offline"] = navigate(page, url, "bare", cdp, "offline")
            res["offline_note"] = "loaded from the HTTP cache alone"
        except Exception as e:  # expected: no-cache responses need the server, and there is no SW
            res["offline"] = None
            msg = str(e).splitlines()[0]
            res["offline_note"] = "fails: " + (re.search(r"net::\w+", msg) or [msg[:120]])[0]
        return res
    finally:
        ctx.close()
        srv.stop()


# ---- summary -----------------------------------------------------------------------------------

CASES = [
    # key, label, app (sequence, field), bare (sequence, field), comment on the ratio
    ("cold", "cold: fresh context → library (app) / marker (bare)", ("plain", "cold_library"), ("plain", "cold")),
    ("cold_interactive", "cold → first screens interactive (library before Python, issue 26) / marker",
     ("plain", "cold_interactive"), ("plain", "cold")),
    ("warm", "warm: 2nd navigation, same context → library / marker", ("plain", "warm_library"), ("plain", "warm")),
    ("warm_table", "warm, game in progress → table buttons (app) / marker (bare warm)",
     ("plain", "warm_table"), ("plain", "warm")),
    ("offline", "offline (SW, server stopped) → library / bare: n/a", ("plain", "offline_library"), ("plain", "offline")),
    ("offline_table", "offline, game in progress → table buttons / bare: n/a",
     ("plain", "offline_table"), ("plain", "offline")),
    ("cold_x4", "CPU ×4 (page thread only), cold → library / marker", ("x4", "cold_library"), ("x4", "cold")),
    ("warm_x4", "CPU ×4 (page thread only), warm → library / marker", ("x4", "warm_library"), ("x4", "warm")),
    ("cold_interactive_x4", "CPU ×4 (page thread only), cold → first screens interactive / marker",
     ("x4", "cold_interactive"), ("x4", "cold")),
    ("cold_table", "cold → a new game's table playable (New game, Start tapped on the first screens) / marker",
     ("plain", "cold_table"), ("plain", "cold")),
    ("cold_table_x4", "CPU ×4 (page thread only), cold → a new game's table playable / marker", ("x4", "cold_table"),
     ("x4", "cold")),
]


def stats(xs: list[float], digits: int = 1) -> dict[str, Any] | None:
    if not xs:
        return None
    return {"median": round(statistics.median(xs), digits), "min": round(min(xs), digits),
            "max": round(max(xs), digits), "n": len(xs)}


def summarize(runs: list[dict[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, label, (aseq, afield), (bseq, bfield) in CASES:
        app = [r["app"][aseq][afield]["ms"] for r in runs if r["app"].get(aseq) and r["app"][aseq].get(afield)]
        bare = [r["bare"][bseq][bfield]["ms"] for r in runs if r["bare"].get(bseq) and r["bare"][bseq].get(bfield)]
        paired = [r["app"][aseq][afield]["ms"] / r["bare"][bseq][bfield]["ms"] for r in runs
                  if r["app"].get(aseq) and r["app"][aseq].get(afield)
                  and r["bare"].get(bseq) and r["bare"][bseq].get(bfield)]
        a, b = stats(app), stats(bare)
        out[key] = {"label": label, "app": a, "bare": b,
                    "ratio_of_medians": round(a["median"] / b["median"], 2) if a and b else None,
                    "paired_ratios": stats(paired, 3)}
    return out


def full_summary(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """The summary of the unthrottled cases over the runs that have them, and of the CPU x4 cases
    over the runs that have those."""
    plain = [r for r in runs if "plain" in r["app"]]
    x4 = [r for r in runs if "x4" in r["app"]]
    summary = summarize(plain)
    for key in ("cold_x4", "warm_x4", "cold_interactive_x4", "cold_table_x4"):
        summary[key] = summarize(x4)[key] if x4 else {"label": dict((c[0], c[1]) for c in CASES)[key],
                                                       "app": None, "bare": None, "ratio_of_medians": None}
    return summary


def bytes_summary(runs: list[dict[str, Any]]) -> dict[str, Any]:
    first = runs[0]
    app = first["app"]["plain"]
    bare = first["bare"]["plain"]
    return {
        "app_url_counts": app.get("url_counts"),
        "app_install": app.get("install"),
        "app_first_visit": app["bytes_cold_page"],
        "app_precache_after_boot": app["bytes_precache"],
        "app_warm": app["bytes_warm"],
        "bare_first_visit": bare["bytes_cold_page"],
        "bare_warm": bare["bytes_warm"],
        "app_first_visit_raw_per_run": [sum(g["raw"] for g in r["app"]["plain"]["bytes_cold_page"].values())
                                        for r in runs],
        "app_precache_raw_per_run": [sum(g["raw"] for g in r["app"]["plain"]["bytes_precache"].values())
                                     for r in runs],
    }


def fmt_s(ms: float | None) -> str:
    return "—" if ms is None else f"{ms / 1000:.2f}"


def fmt_mb(n: int) -> str:
    return f"{n / 1e6:.2f} MB" if n >= 10_000 else f"{n / 1e3:.1f} KB"


def cell(st: dict[str, Any] | None) -> str:
    if not st:
        return "n/a"
    return f"**{fmt_s(st['median'])}** ({fmt_s(st['min'])}–{fmt_s(st['max'])})"


def bytes_table(title: str, rows: dict[str, Any], order: list[str], with_cdp: bool = True) -> list[str]:
    lines = [f"**{title}**", "",
             "| group | requests (status) | sent (body as served) | size of those files |"
             + (" CDP encodedDataLength |" if with_cdp else ""),
             "|---|---|---:|---:|" + ("---:|" if with_cdp else "")]
    tot = {"requests": 0, "raw": 0, "file": 0, "cdp": 0}
    for g in order + sorted(set(rows) - set(order)):
        if g not in rows:
            continue
        r = rows[g]
        st = ", ".join(f"{k}×{v}" for k, v in sorted(r["status"].items()))
        lines.append(f"| {g} | {r['requests']} ({st}) | {fmt_mb(r['raw'])} | {fmt_mb(r.get('file', 0))} |"
                     + (f" {fmt_mb(r['cdp'])} |" if with_cdp else ""))
        for k in tot:
            tot[k] += r.get(k, 0)
    lines.append(f"| **total** | {tot['requests']} | **{fmt_mb(tot['raw'])}** | **{fmt_mb(tot['file'])}** |"
                 + (f" {fmt_mb(tot['cdp'])} |" if with_cdp else ""))
    return lines + [""]


def markdown(result: dict[str, Any]) -> str:
    m = result["machine"]
    s = result["summary"]
    b = result["bytes"]
    runs = result["runs"]
    L: list[str] = []
    L += ["## Boot time: the app vs a bare Pyodide page", "",
          f"`benchmarks/boot.py --runs {result['args']['runs']}` (throttled rows: "
          f"{result['args']['throttle_runs']} runs), {m['date']}. Build {result['build'].get('build')} "
          f"(engine {result['build'].get('version')}, Pyodide {result['build'].get('pyodide')}"
          + (f", PyScript {result['build']['pyscript']}" if result["build"].get("pyscript") else
             ", Python in a Web Worker") + ").", "",
          f"Machine: `nproc` = {m['nproc']}, {m['cpu']}, Chromium {m['chromium']} headless "
          f"(Playwright {m['playwright']}), Python {m['python']}. "
          f"Load average (1/5/15 min) at start {m['loadavg_start']}, at end {m['loadavg_end']}; "
          f"1-min load per run: {', '.join(str(r['loadavg'][0]) for r in runs)} (other jobs were using the CPU).", "",
          "Seconds from the start of the navigation (`performance.now()` in the new page) to the first interactive "
          "screen: **median** (min–max). App and bare runs alternate (app first in odd runs, bare first in even), and "
          "the ratio column gives the ratio of the medians and, in brackets, the median of the per-run app/bare ratios "
          "(each pair ran back to back, so under a changing load this is the steadier figure).", "",
          "| case | app | bare | app / bare (ratio of medians; paired median) |",
          "|---|---|---|---|"]
    for key, *_ in CASES:
        c = s[key]
        ratio = "n/a" if c["ratio_of_medians"] is None else (
            f"**{c['ratio_of_medians']:.2f}×** ({c['paired_ratios']['median']:.2f}×)")
        bare_cell = cell(c["bare"])
        if key.startswith("offline"):
            if c["bare"] is None and not result["bare_offline_note"]:
                bare_cell = "n/a (not measured: --quick)"
            elif c["bare"] is None:
                bare_cell = "n/a (no service worker; offline navigation " + result["bare_offline_note"] + ")"
            else:
                bare_cell += " (" + result["bare_offline_note"] + ")"
        if key == "warm_table" and c["ratio_of_medians"] is not None:
            ratio += " vs bare warm"
        L.append(f"| {c['label']} | {cell(c['app'])} | {bare_cell} | {ratio} |")
    L.append("")

    L += breakdown_markdown(result["breakdown"])
    order = GROUPS + ["service worker script"]
    L += ["### Bytes on a first visit (run 1)", "",
          "Sent = response bodies as `scripts/serve.py` sent them (the precompressed `.br` twin when the browser "
          "accepts brotli); size = the files themselves; CDP = the page's `Network.loadingFinished` "
          "encodedDataLength (body + headers; for the requests of the app's worker, which that session does not "
          "see, Playwright's request sizes, body + headers).", ""]
    L += bytes_table("App, page and its worker (cold navigation until the app is installed: ready, precache "
                     "filled, snapshot made)", b["app_first_visit"], order)
    L += bytes_table("App, service worker (requests with `Referer: …/sw.js`: its precache install and the "
                     "browser's update check; not visible to the page's CDP)",
                     b["app_precache_after_boot"], order, with_cdp=False)
    counts = b.get("app_url_counts") or {}
    twice = {u: n for u, n in counts.items() if n > 1}
    if counts:
        L += [f"Requests per URL on that first visit: {len(counts)} URLs, "
              + ("each requested once." if not twice else
                 "each once except " + ", ".join(f"`{u}` ×{n}" for u, n in sorted(twice.items())) + ".")
              + (f" The page put {b['app_install']['precache'].get('fromPage', 0)} files it had fetched and "
                 f"{b['app_install']['precache'].get('fromHttpCache', 0)} the browser had loaded into the precache "
                 f"itself; the service worker downloaded the {len(b['app_install']['precache'].get('left', []))} "
                 "others." if (b.get("app_install") or {}).get("precache") else ""), ""]
    L += bytes_table("Bare page, cold navigation", b["bare_first_visit"], order)
    first = sum(g["raw"] for g in b["app_first_visit"].values())
    pre = sum(g["raw"] for g in b["app_precache_after_boot"].values())
    warm_page = sum(g["raw"] for g in b["app_warm"]["page"].values()) + sum(g["raw"] for g in b["app_warm"]["sw"].values())
    bare_warm = sum(g["raw"] for g in b["bare_warm"]["page"].values())
    L += [f"First visit of the app in all: {fmt_mb(first)} by the page + {fmt_mb(pre)} by the service worker = "
          f"**{fmt_mb(first + pre)}** over the wire from this server. Warm navigation: app {fmt_mb(warm_page)} "
          f"from the network (served by the service worker), bare {fmt_mb(bare_warm)} (revalidation: 304s, "
          f"and whatever the context's in-memory HTTP cache did not keep comes again). "
          f"Per run, app page bytes: {', '.join(fmt_mb(x) for x in b['app_first_visit_raw_per_run'])}; "
          f"service worker: {', '.join(fmt_mb(x) for x in b['app_precache_raw_per_run'])}.", ""]
    storage = (b.get("app_install") or {}).get("storage")
    if storage:
        per_cache = ", ".join(f"{name} {fmt_mb(c['bytes'])} ({c['entries']} entries)"
                              for name, c in sorted(storage["caches"].items(), key=lambda kv: -kv[1]["bytes"]))
        L += ["### Storage on the device after install (run 1)", "",
              f"`navigator.storage.estimate()` usage: **{fmt_mb(storage['usage'])}**"
              + (f" ({', '.join(f'{k} {fmt_mb(v)}' for k, v in storage['details'].items())})" if storage.get("details") else "")
              + f". Cache Storage, bytes of the stored bodies: {per_cache}.", ""]
    L += observations(result)
    L += ["### Caveats", "",
          "- localhost: no network latency or bandwidth limit, so these are CPU/boot times; add transfer time for the "
          "bytes above on a real connection (e.g. 6 MB at 10 Mbit/s ≈ 5 s).",
          f"- {m['nproc']}-core VM shared with other jobs (see the load averages above): absolute numbers are noisy, "
          "the app/bare ratios from interleaved runs are the more stable figure.",
          "- Headless Chromium, incognito-like contexts: the HTTP cache is in memory; a phone's disk cache and V8/wasm "
          "code cache may behave differently. CPU ×4 (`Emulation.setCPUThrottlingRate` on the page) is only a rough phone, "
          "and Chromium applies it to the page's main thread only: the app's Python runs in a Web Worker, unthrottled, "
          "while the bare page's Pyodide runs on its (throttled) main thread, so the app's ×4 rows flatter it.",
          "- \"Playable\" = the DOM holds the buttons with the app's delegated handlers already attached (the run also "
          "taps a card after the warm table measurement to check it).",
          "- The warm case is a navigation (page.goto of the same URL), not a reload; for the app the service worker "
          "(Workbox, cache-first) serves everything, so warm and offline are nearly the same path. The app's warm "
          "library, warm table, offline table and offline library are the 2nd to 5th navigations of one context, in "
          "that order (later ones may profit from V8's code cache); their differences are within the noise here.",
          ""]
    return "\n".join(L)


#: The navigations broken down: label, sequence, app field, bare field.
STAGE_ROWS = [("cold", "plain", "cold_library", "cold"), ("warm", "plain", "warm_library", "warm"),
              ("CPU ×4 cold", "x4", "cold_library", "cold"), ("CPU ×4 warm", "x4", "warm_library", "warm")]

#: Phases of a boot: (key, label, from milestone, to milestone). A phase whose milestones are
#: missing in a navigation (e.g. no snapshot lookup on the bare page, no wasm probe in the app's
#: worker) is left out of that navigation; "0" is the start of the navigation.
PHASES = [
    ("page", "page and its scripts → Pyodide asked to start (app: tb-page.mjs has started tb-worker.mjs, "
             "which marks tb:loader; bare: pyodide.mjs imported)", "0", "loader"),
    ("snap_lookup", "app: memory snapshot looked up in Cache Storage (tb:snapshot-looked-up)", "loader", "snap_looked"),
    ("runtime", "loadPyodide → Python runs (runtime JS, wasm fetch + compile + instantiate, stdlib zip, "
                "interpreter, Pyodide's bootstrap; with a snapshot: memory restore); app: in the worker, "
                "to tb:python-started; bare: with Pyodide's full standard library, the app's is trimmed and "
                "compiled", "runtime_from", "py_started"),
    ("runtime_js", "… bare page only: runtime JS loaded → wasm compile starts", "loader", "wasm_start"),
    ("wasm", "… bare page only: wasm fetch (HTTP) + compile + instantiate", "wasm_start", "wasm_end"),
    ("python", "… bare page only: Python start-up after the instance (stdlib zip into the FS, interpreter, "
               "Pyodide's bootstrap)", "wasm_end", "py_started"),
    ("wheels", "our wheels installed (fetched from the worker's start, unpacked once Python runs, "
               "after a snapshot restore too) → tb:wheels-installed",
     "py_started", "wheels"),
    ("imports", "import the UI (tb_ui.worker), the worker listens, the page sends its start (storage opened, "
                "first screens' taps) → tb:imported", "wheels", "imported"),
    ("boot", "app state, saves, engines imported, first screens' taps replayed → tb:booted", "imported", "booted"),
    ("render", "first render (markup in the worker, posted, morphed into #app) → tb:rendered", "booted", "rendered"),
    ("tail", "render → ready marker seen", "rendered", "ready"),
    ("total", "total: navigation → ready", "0", "ready"),
    # Durations reported by tb-worker.mjs (overlapping the phases above):
    ("snap_read", "… of which: snapshot read from Cache Storage (worker)", "", "snap_read"),
    ("snap_restore", "… of which: loadPyodide from the snapshot (runtime + memory restore, worker)", "", "snap_restore"),
    ("longest_task", "longest main-thread task until ready (Long Tasks API)", "", "longest_task"),
]
#: Points in time shown under the phases (ms since the navigation started).
POINTS = [("doc", "document response end (service worker or network)"),
          ("first", "first screens drawn (tb:first-screens; first visits only)"),
          ("wasm_served", "pyodide.asm.wasm response end"),
          ("stdlib_served", "python_stdlib.zip response end"),
          ("engine_served", "first wheel's response end (the shell's \"engine\" part)")]


def milestones(probe: dict[str, Any]) -> dict[str, float]:
    """Milestones (ms since the navigation started) of one navigation, from the probe."""
    out: dict[str, float] = {"0": 0.0}
    marks = probe.get("marks") or {}
    for key, mark in (("loader", "tb:loader"), ("snap_looked", "tb:snapshot-looked-up"),
                      ("py_started", "tb:python-started"), ("wheels", "tb:wheels-installed"),
                      ("imported", "tb:imported"), ("booted", "tb:booted"), ("rendered", "tb:rendered"),
                      ("first", "tb:first-screens")):
        if mark in marks:
            out[key] = marks[mark]
    bare = probe.get("bareParts") or {}
    if "imported" in bare:  # the bare page: its own timestamps
        out["loader"] = bare["imported"]
        if "loaded" in bare:
            out["py_started"] = bare["loaded"]
    if "loader" in out:
        out["runtime_from"] = out.get("snap_looked", out["loader"])
    wasm = [w for w in probe.get("wasm") or [] if w.get("end") not in (None, -1)
            and ((w.get("url") or "").endswith("/pyodide.asm.wasm") or (w.get("bytes") or 0) > 1_000_000)]
    if wasm:
        out["wasm_start"] = wasm[0]["start"]
        out["wasm_end"] = wasm[0]["end"]
    for k in ("ready", "table", "bare"):
        if probe.get(k) is not None:
            out["ready"] = probe[k]
            break
    if probe.get("nav"):
        out["doc"] = probe["nav"]["end"]
    ready_at = out.get("ready", float("inf"))
    tasks = [d for start, d in probe.get("longTasks") or [] if start < ready_at]
    if "longTasks" in probe:
        out["longest_task"] = max(tasks, default=0)
    shell = probe.get("shell") or {}
    snap = shell.get("snapshot") or {}
    if snap.get("state") == "restored" or snap.get("restoreMs") is not None:
        if snap.get("readMs") is not None:
            out["snap_read"] = snap["readMs"]
        if snap.get("restoreMs") is not None:
            out["snap_restore"] = snap["restoreMs"]
    # Download ends: the bare page's from its own Resource Timing; the app's worker downloads are
    # not in the page's, but the shell records when each boot part arrived (tbShell.boot.parts,
    # from the worker's "resource" messages, in the page's clock).
    res = probe.get("res") or {}
    for key, name in (("wasm_served", "pyodide.asm.wasm"), ("stdlib_served", "python_stdlib.zip")):
        if name in res:
            out[key] = res[name]["end"]
    parts = shell.get("parts") or {}
    for key, part in (("wasm_served", "runtime"), ("stdlib_served", "stdlib"), ("engine_served", "engine")):
        if key not in out and parts.get(part) is not None:
            out[key] = parts[part]
    return out


def phase_durations(ms: dict[str, float]) -> dict[str, float]:
    return {key: ms[z] - (ms[a] if a else 0.0) for key, _, a, z in PHASES if (not a or a in ms) and z in ms}


def breakdown(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """Per case (cold, warm, CPU ×4 cold/warm) and page: the median of each phase's duration and
    of each point in time, over the runs that have it."""
    out: dict[str, Any] = {"app": {}, "bare": {}}
    for label, seq, afield, bfield in STAGE_ROWS:
        for who, field in (("app", afield), ("bare", bfield)):
            phases: dict[str, list[float]] = {}
            points: dict[str, list[float]] = {}
            for r in runs:
                nav = (r[who].get(seq) or {}).get(field)
                if not nav:
                    continue
                ms = milestones(nav["probe"])
                for k, v in phase_durations(ms).items():
                    phases.setdefault(k, []).append(v)
                for k, _ in POINTS:
                    if k in ms:
                        points.setdefault(k, []).append(ms[k])
            if phases:
                out[who][label] = {"phases": {k: round(statistics.median(v), 1) for k, v in phases.items()},
                                   "points": {k: round(statistics.median(v), 1) for k, v in points.items()},
                                   "n": max(len(v) for v in phases.values())}
    return out


def breakdown_markdown(bd: dict[str, Any]) -> list[str]:
    cols = [(label, who) for label, *_ in STAGE_ROWS for who in ("app", "bare") if label in bd[who]]
    if not cols:
        return []
    L = ["### Where the time goes", "",
         "Median duration of each phase in seconds (each phase's median over the runs, so the column does not add "
         "up exactly to the total). Milestones: the app's User Timing marks (`tb:loader`, "
         "`tb:snapshot-looked-up`, `tb:python-started`, `tb:wheels-installed` from tb-worker.mjs, `tb:imported`, "
         "`tb:booted` from the UI's Python in the worker, re-marked by tb-page.mjs on the page as they arrive; "
         "`tb:rendered` by tb-page.mjs), the bare page's own timestamps and its wrapped "
         "`WebAssembly.instantiate*` calls (the app's run in its worker, out of the probe's reach); "
         "— = the phase does not occur or is not observable.", "",
         "| phase | " + " | ".join(f"{label} {who}" for label, who in cols) + " |",
         "|---|" + "---:|" * len(cols)]
    for key, text, *_ in PHASES:
        cells = [bd[who][label]["phases"].get(key) for label, who in cols]
        if all(c is None for c in cells):
            continue
        name = f"**{text}**" if key == "total" else text
        L.append(f"| {name} | " + " | ".join(fmt_s(c) if key != "total" or c is None else f"**{fmt_s(c)}**"
                                            for c in cells) + " |")
    for key, text in POINTS:
        cells = [bd[who][label]["points"].get(key) for label, who in cols]
        if any(c is not None for c in cells):
            L.append(f"| *at: {text}* | " + " | ".join(fmt_s(c) for c in cells) + " |")
    return L + [""]


def observations(result: dict[str, Any]) -> list[str]:
    """A few facts computed from the numbers, for the Markdown."""
    bd, b, s = result["breakdown"], result["bytes"], result["summary"]
    out = ["### Observations (computed from this run)", ""]

    def ph(who: str, label: str, key: str) -> float | None:
        v = bd[who].get(label, {}).get("phases", {}).get(key)
        return None if v is None else v / 1000

    for label in ("cold", "warm", "CPU ×4 cold", "CPU ×4 warm"):
        a_rt, b_rt = ph("app", label, "runtime"), ph("bare", label, "runtime")
        if a_rt is not None and b_rt is not None:
            out.append(f"- {label}: loadPyodide → Python running {a_rt:.2f} s in the app's worker vs {b_rt:.2f} s "
                       f"in the bare page; before it, the page and the worker's start "
                       f"{sum(ph('app', label, k) or 0 for k in ('page', 'snap_lookup')):.2f} s "
                       f"(bare: {ph('bare', label, 'page') or 0:.2f} s); after it, our wheels, imports, engines and "
                       f"first render {sum(ph('app', label, k) or 0 for k in ('wheels', 'imports', 'boot', 'render')):.2f} s.")
    for key in ("cold", "warm", "cold_x4", "warm_x4"):
        c = s[key]
        if c["app"] and c["bare"]:
            out.append(f"- {c['label']}: the app costs {(c['app']['median'] - c['bare']['median']) / 1000:+.2f} s "
                       "over bare Pyodide (medians).")
    boot_files = {f for g in b["app_first_visit"].values() for f in g["files"]}
    pre_files = {f for g in b["app_precache_after_boot"].values() for f in g["files"]}
    again = sorted(pre_files & boot_files)
    unused = sorted(pre_files - boot_files - {"sw.js"})
    raw_pre = sum(g["raw"] for g in b["app_precache_after_boot"].values())
    if raw_pre:
        unused_raw = sum((APP_DIR / f).stat().st_size for f in unused if (APP_DIR / f).is_file())
        out.append(f"- The service worker downloaded {fmt_mb(raw_pre)} after the boot; "
                   f"{len(again)} of those files had already been downloaded by the page. "
                   f"{len(unused)} precached files ({fmt_mb(unused_raw)} raw) are never loaded by a boot: "
                   + ", ".join(f"`{f}`" for f in unused[:8]) + (", …" if len(unused) > 8 else "") + ".")
    return out + [""]


# ---- main --------------------------------------------------------------------------------------

def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    p.add_argument("--runs", type=int, default=5, help="runs of each case (default 5)")
    p.add_argument("--throttle-runs", type=int, default=None, help="runs of the CPU x4 cases (default: --runs)")
    p.add_argument("--no-throttle", action="store_true", help="skip the CPU x4 cases")
    p.add_argument("--quick", action="store_true",
                   help="cold and warm only (no game in progress, no offline cases): for trying changes")
    p.add_argument("--out", default=str(RESULTS), help="results folder (default benchmarks/results)")
    p.add_argument("--markdown-only", action="store_true",
                   help="only rewrite boot.md from the boot.json already in --out (after editing the tables' code)")
    p.add_argument("--dist", default=None, help="the built site to measure (default dist/)")
    a = p.parse_args()
    if a.dist:
        globals()["DIST"] = Path(a.dist).resolve()
    if a.markdown_only:
        path = Path(a.out) / "boot.json"
        result = json.loads(path.read_text())
        result["summary"] = full_summary(result["runs"])
        result["breakdown"] = breakdown(result["runs"])
        path.write_text(json.dumps(result, indent=1) + "\n")
        (Path(a.out) / "boot.md").write_text(markdown(result))
        return
    throttle_runs = 0 if a.no_throttle else (a.runs if a.throttle_runs is None else a.throttle_runs)

    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        raise SystemExit(f"{CHROMIUM} not found (set TB_CHROMIUM)")
    version = prepare_sites()
    log(f"sites ready: {APP_DIR.relative_to(ROOT)} (build {version.get('build')}), {BARE_DIR.relative_to(ROOT)}")
    machine: dict[str, Any] = {
        "nproc": os.cpu_count(), "python": platform.python_version(), "platform": platform.platform(),
        "date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "loadavg_start": [round(x, 2) for x in os.getloadavg()],
    }
    try:
        machine["cpu"] = next(line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
                              if line.startswith("model name"))
    except (OSError, StopIteration):
        machine["cpu"] = platform.processor() or "?"
    from importlib.metadata import version as pkg_version
    machine["playwright"] = pkg_version("playwright")

    runs: list[dict[str, Any]] = []
    t_start = time.monotonic()
    with sync_playwright() as pw:
        for i in range(max(a.runs, throttle_runs)):
            browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
            machine["chromium"] = browser.version
            run: dict[str, Any] = {"run": i + 1, "loadavg": [round(x, 2) for x in os.getloadavg()],
                                   "app": {}, "bare": {}}
            order = ["app", "bare"] if i % 2 == 0 else ["bare", "app"]
            kinds: list[tuple[str, float | None]] = []
            if i < a.runs:
                kinds.append(("plain", None))
            if i < throttle_runs:
                kinds.append(("x4", 4.0))
            try:
                for seq, rate in kinds:
                    for who in order:
                        t0 = time.monotonic()
                        fn = app_sequence if who == "app" else bare_sequence
                        run[who][seq] = fn(browser, rate, a.quick)
                        r = run[who][seq]
                        key = "cold_library" if who == "app" else "cold"
                        wkey = "warm_library" if who == "app" else "warm"
                        extra = ""
                        if who == "app" and seq == "plain" and not a.quick:
                            extra = (f", warm table {fmt_s(r['warm_table']['ms'])}, offline library "
                                     f"{fmt_s(r['offline_library']['ms'])}, offline table {fmt_s(r['offline_table']['ms'])}")
                        log(f"run {i + 1} {who:4} {seq:5}: cold {fmt_s(r[key]['ms'])} s, warm {fmt_s(r[wkey]['ms'])} s"
                            f"{extra}  ({time.monotonic() - t0:.0f} s)")
            finally:
                browser.close()
            if runs:  # the server log is the same in every run: keep run 1's only
                run["app"].get("plain", {}).pop("server_log_cold", None)
            runs.append(run)
    machine["loadavg_end"] = [round(x, 2) for x in os.getloadavg()]
    log(f"done in {time.monotonic() - t_start:.0f} s")

    plain = [r for r in runs if "plain" in r["app"]]
    summary = full_summary(runs)
    bare_notes = sorted({r["bare"]["plain"].get("offline_note", "") for r in plain})
    result = {
        "args": {"runs": a.runs, "throttle_runs": throttle_runs, "quick": a.quick},
        "machine": machine, "build": version, "summary": summary,
        "breakdown": breakdown(runs), "bytes": bytes_summary(plain),
        "bare_offline_note": "; ".join(bare_notes),
        "app_offline_not_from_sw": sorted({u for r in plain for u in r["app"]["plain"].get("offline_not_from_sw", [])}),
        "runs": runs,
    }
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    (out / "boot.json").write_text(json.dumps(result, indent=1) + "\n")
    md = markdown(result)
    (out / "boot.md").write_text(md)
    print()
    print(md)


if __name__ == "__main__":
    main()
