"""pytest-playwright setup for the end-to-end tests of the built site (dist/).

- Chromium is Debian's /usr/bin/chromium (never `playwright install`); override with
  TB_CHROMIUM=/path/to/chromium.
- ``server``: dist/ served by scripts/serve.py's handler (pinned MIME types), with ``.url`` and
  ``.stop()``, on one port per test session (the origin a returning player's profile knows, see
  below); ``make_server(dir)`` serves another folder on a free port (a new origin).
- Browsers (``context``, ``page``): by default a **returning player's** browser, made from a
  profile that opened the app once and kept what a browser keeps (service worker and precache,
  the memory snapshot, the HTTP cache with the compiled WebAssembly) but no saved game or
  setting, so the app starts as on a player's second visit (a snapshot restore: ~2 CPU s instead
  of ~18 for a first visit and the snapshot made after it). The tests share one such browser in
  turn (a new tab each; between tests the app's records are cleared, see ``ReturningBrowser``);
  a test marked ``own_browser`` gets one of its own; a test marked ``first_visit`` (the boot and
  install tests) gets a browser that has never seen the app.
- Every test is watched (autouse ``traffic`` fixture): a request that leaves the test's
  own servers (other than data:/blob:), an HTTP error status, a console error or an
  uncaught page error fails it.
- ``wait_ready(page)`` waits for body[data-ready="1"] (fails fast if the boot error panel shows);
  ``shot(page, name)`` saves a screenshot into e2e/artifacts/; ``wait_until(page, js_fn)`` replaces
  ``page.wait_for_function``, which the app's Content-Security-Policy blocks (it evals in the page);
  ``stored(page)`` is what the app committed to IndexedDB.

Build first: ``make build`` (``make test-e2e`` does it).
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
ARTIFACTS = ROOT / "e2e" / "artifacts"
CHROMIUM = os.environ.get("TB_CHROMIUM", "/usr/bin/chromium")
READY_TIMEOUT_MS = 90_000

sys.path.insert(0, str(ROOT / "scripts"))
from serve import BackgroundServer  # noqa: E402  (scripts/ is not a package)


def pytest_configure(config: pytest.Config) -> None:
    # pytest-playwright 0.10's own base_url fixture triggers this under pytest 9; harmless.
    config.addinivalue_line("filterwarnings", "ignore:Session-scoped fixtures defined as instance methods")
    config.addinivalue_line(
        "markers", "first_visit: the test's browser has never opened the app (nothing stored, "
        "no service worker, empty caches); without it the browser is a returning player's")
    config.addinivalue_line(
        "markers", "own_browser: the test changes what cannot be put back in a shared browser "
        "(the context's clock or init scripts): it gets a returning player's browser of its own")
    config.addinivalue_line(
        "markers", "benchmark: a measurement, not a test: benchmarks/e2e_timings.py runs it "
        "(TB_E2E_BENCHMARKS=1); make test leaves it out")


#: A test whose browser tab crashed (the renderer process died: seen once in some twenty runs,
#: on a fully loaded 2-core machine, at the start of a test) runs once more in a new browser
#: (pytest-rerunfailures); the run's summary counts it as a rerun, so the crash stays visible.
#: Only a crash is retried: a failed assertion or a timeout fails at once.
CRASHED = r"(Page|Target) crashed"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Every test may run once more after a browser crash (:data:`CRASHED`); measurements
    (marked ``benchmark``) run only when TB_E2E_BENCHMARKS=1."""
    for item in items:
        if item.get_closest_marker("flaky") is None:
            item.add_marker(pytest.mark.flaky(reruns=1, only_rerun=[CRASHED]))
    if os.environ.get("TB_E2E_BENCHMARKS") == "1":
        return
    skip = pytest.mark.skip(reason="a measurement: benchmarks/e2e_timings.py or benchmarks/phones.py runs it")
    for item in items:
        if item.get_closest_marker("benchmark"):
            item.add_marker(skip)


# ---- browser --------------------------------------------------------------------------------

@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    if not Path(CHROMIUM).exists():
        pytest.exit(f"{CHROMIUM} not found: install Debian's chromium (make test does) or set TB_CHROMIUM",
                    returncode=3)
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "headless": browser_type_launch_args.get("headless", True),
        "args": [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--disable-background-networking",
            "--disable-component-update",
            "--no-first-run",
            "--disable-sync",
        ],
    }


@pytest.fixture(scope="session", autouse=True)
def built_site() -> Path:
    for needed in ("index.html", "sw.js", "tb-worker.mjs", "version.json"):
        if not (DIST / needed).is_file():
            pytest.exit(f"dist/{needed} missing: build the site first (make build)", returncode=3)
    return DIST


# ---- servers --------------------------------------------------------------------------------

@pytest.fixture(scope="session")
def site_port() -> int:
    """The port the ``server`` fixture serves dist/ on, the same for every test of this
    session (of this pytest-xdist worker): the origin the returning player's profile knows."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def make_server() -> Iterator[Callable[..., BackgroundServer]]:
    """Factory: make_server(directory=dist/, port=0) -> a running BackgroundServer (port 0: a
    free one); all stopped at teardown."""
    servers: list[BackgroundServer] = []

    def make(directory: str | Path = DIST, port: int = 0) -> BackgroundServer:
        srv = BackgroundServer(directory, port=port)
        servers.append(srv)
        return srv

    make.servers = servers  # type: ignore[attr-defined]
    yield make
    for srv in servers:
        srv.stop()


@pytest.fixture
def server(make_server: Callable[..., BackgroundServer], site_port: int) -> BackgroundServer:
    """dist/ on http://127.0.0.1:<site_port>/ (started for each test; .stop() ends it early)."""
    return make_server(DIST, site_port)


# ---- browsers: a returning player's (default) or a first visit's --------------------------------

def _wait_snapshot(page: Any) -> dict[str, Any]:
    """Wait until the app (tb-worker.mjs, tb-page.mjs) reports on the memory snapshot; return its report."""
    return dict(page.evaluate("""() => new Promise((resolve) => {
        const s = window.tbShell.boot.snapshot;
        if (s && ["made", "unavailable", "failed", "restored"].includes(s.state)) return resolve(s);
        addEventListener("tb:snapshot", (e) => resolve(e.detail), { once: true });
      })"""))


@pytest.fixture(scope="session")
def returning_profile(playwright: Any, browser_type_launch_args: dict[str, Any],
                      browser_context_args: dict[str, Any], site_port: int,
                      tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A Chromium profile (user data folder) that opened the app on the session's origin once,
    as a player's browser does on a first visit, and kept what a browser keeps: the service worker
    and its precache, the memory snapshot, the HTTP cache. What the app stored of its own (saves,
    settings) is deleted, so a test starts with none. Made once per session (per xdist worker)."""
    profile = tmp_path_factory.mktemp("returning-profile")
    srv = BackgroundServer(DIST, port=site_port)
    try:
        ctx = playwright.chromium.launch_persistent_context(
            profile, **browser_type_launch_args, **browser_context_args)
        try:
            page = ctx.pages[0] if ctx.pages else ctx.new_page()
            page.goto(srv.url + "?botspeed=instant")
            wait_ready(page)
            snap = _wait_snapshot(page)
            if snap.get("state") != "made":
                pytest.exit(f"the returning player's profile got no memory snapshot: {snap}", returncode=3)
            wait_until(page, "() => navigator.serviceWorker.controller !== null")
            page.evaluate("""async () => {
                const m = await window.tbShell.storage;
                await m.idle();
                await m.resetAll();
            }""")
            left = stored(page)
            if left:
                pytest.exit(f"the returning player's profile kept app records: {sorted(left)}", returncode=3)
        finally:
            ctx.close()
    finally:
        srv.stop()
    return profile


class ReturningBrowser:
    """The session's returning player's browser (one per pytest-xdist worker): a persistent
    context on a copy of ``returning_profile``, shared by the tests in turn. Between two tests
    it is put back as it was: every tab closed, back online, and the app's own records on the
    site's origin cleared (IndexedDB, localStorage, cookies), while the service worker, its
    caches and the memory snapshot stay, as in a player's browser. After a failed test it is
    closed and the next test gets a new one."""

    def __init__(self, playwright: Any, template: Path, tmp: pytest.TempPathFactory,
                 launch: dict[str, Any], context_args: dict[str, Any]) -> None:
        self._pw, self._template, self._tmp = playwright, template, tmp
        self._args = {**launch, **context_args}
        self.context: Any = None

    def open(self) -> Any:
        if self.context is None:
            profile = self._tmp.mktemp("returning") / "profile"
            shutil.copytree(self._template, profile, symlinks=True)
            self.context = self._pw.chromium.launch_persistent_context(profile, **self._args)
            for tab in self.context.pages:  # the tab a browser opens with
                tab.close()
        return self.context

    def tidy(self, origin: str, failed: bool) -> None:
        ctx, self.context = self.context, None
        if ctx is None:
            return
        try:
            if failed:
                raise RuntimeError("the test failed: start the next one in a new browser")
            for tab in ctx.pages:
                tab.close()
            ctx.set_offline(False)
            tab = ctx.new_page()
            cdp = ctx.new_cdp_session(tab)
            cdp.send("Storage.clearDataForOrigin", {
                "origin": origin, "storageTypes": "indexeddb,local_storage,cookies,file_systems,websql"})
            cdp.detach()
            tab.close()
            self.context = ctx
        except Exception:  # a failed test or a browser in trouble: the next test gets a new one
            try:
                ctx.close()
            except Exception:
                pass

    def close(self) -> None:
        if self.context is not None:
            self.context.close()
            self.context = None


@pytest.fixture(scope="session")
def returning_browser(playwright: Any, browser_type_launch_args: dict[str, Any],
                      browser_context_args: dict[str, Any], returning_profile: Path,
                      tmp_path_factory: pytest.TempPathFactory) -> Iterator[ReturningBrowser]:
    shared = ReturningBrowser(playwright, returning_profile, tmp_path_factory,
                              browser_type_launch_args, browser_context_args)
    yield shared
    shared.close()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    report = yield
    if report.failed:
        item.stash[FAILED] = True
    return report


FAILED = pytest.StashKey[bool]()


@pytest.fixture
def context(request: pytest.FixtureRequest, playwright: Any, browser_type_launch_args: dict[str, Any],
            browser_context_args: dict[str, Any], site_port: int,
            tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """The test's browser:

    - by default the session's returning player's browser (:class:`ReturningBrowser`);
    - for a test marked ``own_browser`` (it changes what cannot be put back: the context's
      clock, its init scripts), a returning player's browser of its own;
    - for a test marked ``first_visit``, a new context of the session's browser (nothing
      stored: a first visit)."""
    if request.node.get_closest_marker("first_visit"):
        ctx = request.getfixturevalue("new_context")()
        yield ctx
        return
    if request.node.get_closest_marker("own_browser"):
        profile = tmp_path_factory.mktemp("browser") / "profile"
        shutil.copytree(request.getfixturevalue("returning_profile"), profile, symlinks=True)
        ctx = playwright.chromium.launch_persistent_context(
            profile, **browser_type_launch_args, **browser_context_args)
        try:
            yield ctx
        finally:
            ctx.close()
            shutil.rmtree(profile, ignore_errors=True)
        return
    shared: ReturningBrowser = request.getfixturevalue("returning_browser")
    ctx = shared.open()
    try:
        yield ctx
    finally:
        shared.tidy(f"http://127.0.0.1:{site_port}", request.node.stash.get(FAILED, False))


@pytest.fixture
def page(context: Any) -> Iterator[Any]:
    """The test's page: the browser's blank tab, or a new one.

    With ``TB_TRACE_MODULES=<file>`` (scripts/trace_stdlib.py), each open page's Python modules
    are appended to that file as a JSON list when the test ends."""
    blank = [p for p in context.pages if p.url == "about:blank"]
    yield blank[0] if blank else context.new_page()
    trace = os.environ.get("TB_TRACE_MODULES")
    if trace:
        for p in context.pages:
            try:
                names = p.evaluate("window.tbModules ? window.tbModules() : null")
            except Exception:  # a closed or crashed page: nothing to trace
                continue
            if names:
                with open(trace, "a", encoding="utf-8") as f:
                    f.write(json.dumps(names) + "\n")


# ---- traffic and error watch ----------------------------------------------------------------

@dataclass
class Traffic:
    origins: Callable[[], set[str]]
    requests: list[str] = field(default_factory=list)
    offsite: list[str] = field(default_factory=list)
    http_errors: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    allow_console: list[str] = field(default_factory=list)

    def on_request(self, request: Any) -> None:
        url = request.url
        self.requests.append(url)
        scheme = urlsplit(url).scheme
        if scheme in ("data", "blob"):
            return
        parts = urlsplit(url)
        if f"{parts.scheme}://{parts.netloc}" not in self.origins():
            self.offsite.append(url)

    def on_response(self, response: Any) -> None:
        if response.status >= 400:
            self.http_errors.append(f"{response.status} {response.url}")

    def on_console(self, msg: Any) -> None:
        if msg.type == "error" and not any(a in msg.text for a in self.allow_console):
            self.console_errors.append(msg.text)

    def on_weberror(self, err: Any) -> None:
        self.page_errors.append(str(err.error))

    def problems(self) -> list[str]:
        out = [f"off-origin request: {u}" for u in self.offsite]
        out += [f"HTTP error: {e}" for e in self.http_errors]
        out += [f"console error: {e}" for e in self.console_errors]
        out += [f"page error: {e}" for e in self.page_errors]
        return out


@pytest.fixture(autouse=True)
def traffic(request: pytest.FixtureRequest, make_server: Callable[..., BackgroundServer]) -> Iterator[Traffic]:
    """Records every request of the browser context (pages and service workers) and fails
    the test on off-origin requests, HTTP errors, console errors or uncaught page errors.
    A test that expects some may clear the lists or add to ``allow_console``. (A test that
    uses neither ``page`` nor ``context`` gets no browser: nothing to watch.)"""
    servers = make_server.servers  # type: ignore[attr-defined]
    t = Traffic(origins=lambda: {s.url.rstrip("/") for s in servers})
    watched = {"request": t.on_request, "response": t.on_response, "console": t.on_console,
               "weberror": t.on_weberror}
    context = request.getfixturevalue("context") if {"page", "context"} & set(request.fixturenames) else None
    if context is not None:
        for event, handler in watched.items():
            context.on(event, handler)
    yield t
    if context is not None:  # the context may be shared with the next test
        for event, handler in watched.items():
            context.remove_listener(event, handler)
    problems = t.problems()
    if problems:
        pytest.fail("browser trouble during the test:\n  " + "\n  ".join(problems[:30]))


# ---- helpers --------------------------------------------------------------------------------

def wait_until(page: Any, predicate: str, arg: Any = None, timeout: float = 60_000) -> None:
    """Wait until the JavaScript function ``predicate`` (source text, called with ``arg``)
    returns something truthy in the page.

    ``page.wait_for_function`` cannot be used: it compiles its predicate with eval inside
    the page, which the app's Content-Security-Policy refuses. Here the predicate is part
    of the script Playwright evaluates (not subject to the page's CSP) and polled there."""
    script = """async ([arg, timeout]) => {
             const pred = PREDICATE;
             const end = performance.now() + timeout;
             while (!(await pred(arg))) {
               if (performance.now() > end) throw new Error("timed out after " + timeout + " ms");
               await new Promise((r) => setTimeout(r, 50));
             }
           }"""
    page.evaluate(script.replace("PREDICATE", predicate), [arg, timeout])


def wait_ready(page: Any, timeout: float = READY_TIMEOUT_MS) -> None:
    """Wait until the UI sets body[data-ready="1"]; fail at once if the boot error panel shows."""
    page.wait_for_selector("body[data-ready='1'], #boot-error:not([hidden])", state="attached", timeout=timeout)
    if page.evaluate('document.body.dataset.ready !== "1"'):
        text = page.inner_text("#boot-error")
        shot(page, "boot-error")
        raise AssertionError(f"the app reported a boot error:\n{text}")


def shot(page: Any, name: str) -> Path:
    """Save a full-page screenshot as e2e/artifacts/<name>.png and return its path."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


@pytest.fixture
def ready() -> Callable[..., None]:
    return wait_ready


@pytest.fixture
def screenshot() -> Callable[[Any, str], Path]:
    return shot


# ---- helpers shared by the UI tests ------------------------------------------------------------
#: The two screen sizes every UI screen is checked at.
VIEWPORTS = {"phone": {"width": 390, "height": 844}, "tablet": {"width": 1024, "height": 768}}


def open_app(page: Any, server: Any, query: str = "?botspeed=instant") -> None:
    """Open the app (bots instant by default) and wait until it is interactive."""
    page.goto(server.url + query)
    wait_ready(page)


def screen(page: Any) -> str:
    """The id of the screen shown (``data-screen`` of ``#app > .screen``)."""
    return str(page.locator("#app > .screen").get_attribute("data-screen"))


def state_n(page: Any) -> int:
    """The game state number the screen was drawn for, or -1 off the table."""
    n = page.locator("#app > .screen").get_attribute("data-n")
    return int(n) if n is not None else -1


def reload_offline(page: Any, context: Any, server: Any) -> None:
    """Wait until the service worker controls the page, cut the network and stop the
    server, reload, and check the page came back from the service worker."""
    page.evaluate("async () => { await navigator.serviceWorker.ready; }")
    wait_until(page, "() => navigator.serviceWorker.controller !== null")
    context.set_offline(True)
    server.stop()
    response = page.reload()
    wait_ready(page)
    assert response is not None and response.from_service_worker


def wait_moved(page: Any, n: int, timeout: float = 60_000) -> None:
    """Wait until the screen is drawn for a game state other than number ``n``."""
    page.wait_for_selector(f"#app > .screen:not([data-n='{int(n)}'])", state="attached", timeout=timeout)


def no_overflow(page: Any) -> None:
    """The page never scrolls sideways."""
    sw, iw = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert sw <= iw, f"page is {sw}px wide in a {iw}px window"


def small_targets(page: Any) -> list[str]:
    """Visible buttons, selects and disclosure summaries smaller than 44×44 px."""
    return list(page.evaluate("""() => [...document.querySelectorAll('#app button, #app select, #app summary')]
      .filter(b => b.offsetParent !== null)
      .map(b => [b.getAttribute('aria-label') || b.textContent.trim(), b.getBoundingClientRect()])
      .filter(([n, r]) => r.width < 44 || r.height < 44)
      .map(([n, r]) => `${n}: ${Math.round(r.width)}x${Math.round(r.height)}`)"""))


def stored(page: Any) -> dict[str, str]:
    """What the app has durably stored (IndexedDB, through storage.js), once every write
    it started has been committed: key -> value."""
    return dict(page.evaluate("""async () => {
        const m = await window.tbShell.storage;
        await m.idle();
        return JSON.parse((await m.exportAll()).text).stores.indexeddb;
    }"""))


def fits_and_shot(page: Any, name: str) -> Path:
    """The screen fits (no sideways scroll, every tap target at least 44 px), then a
    full-page screenshot from the top (the sticky table bar stays on top)."""
    no_overflow(page)
    assert not small_targets(page), small_targets(page)
    page.evaluate("window.scrollTo(0, 0)")
    return shot(page, name)


def seed_legacy(page: Any, records: dict[str, str]) -> None:
    """Put records into localStorage as versions before IndexedDB kept them (the app
    migrates them on its next start), then open the app again at its plain address, as those
    versions were opened (no screen in the address), and wait until the app is ready."""
    page.evaluate("kv => { for (const [k, v] of Object.entries(kv)) localStorage.setItem(k, v); }", records)
    page.goto(page.url.split("#")[0])
    wait_ready(page)


def current_match(page: Any) -> Any:
    """The game on the table, replayed in CPython from the app's own autosave (a
    test's oracle for what is hidden)."""
    from py_engine.core import Match

    records = stored(page)
    return Match.load(records["tb:save:" + records["tb:current"]])


def load_games(page: Any, server: Any, games: dict[str, Any], reproducible: bool = False) -> None:
    """Open the app and store ``games`` (name -> Match, made in CPython) as its saves,
    exactly as the app stores them (as records of the localStorage era, which the app
    migrates on its start); the app then lists them. Its bots stop at their level's time
    limit, as in a player's app, unless ``reproducible``: then they search to their whole
    budget (``bottime=full``) and move as the same game replayed in CPython does, so a test
    that rehearsed its plan there meets the same bot moves on a slow machine."""
    sys.path.insert(0, str(ROOT / "pwa"))
    from tb_ui.store import MemoryStorage, SaveStore

    storage = MemoryStorage()
    clock = iter(range(1_700_000_000_000, 1_800_000_000_000, 1000))
    store = SaveStore(storage, lambda: float(next(clock)))
    for i, m in enumerate(games.values()):
        store.put(f"e2e-{i}", m)
    open_app(page, server, "?botspeed=instant&bottime=full" if reproducible else "?botspeed=instant")
    seed_legacy(page, storage.data)


def resume_game(page: Any, title: str, who: str) -> None:
    """Resume the saved game of ``title`` whose players' names match ``who`` (a regex)."""
    import re

    page.get_by_role("button", name="Saved games").click()
    page.get_by_role("button", name=re.compile(f"^(Resume|View) {title} with .*{who}")).click()
    # attached, not visible: with bots at the fastest speed the table is redrawn between the
    # page's answers, and a busy machine needs more than the default 30 s for the first one
    page.wait_for_selector("#app > .screen-table", state="attached", timeout=120_000)


# ---- a bot thinking: does the page stay live? -------------------------------------------------------
#: Watches the page while a bot thinks (the thinking indicator ``#think-progress`` is shown):
#: each thinking period, the event loop's timer ticks (``setTimeout(0)``) inside those periods
#: and the longest gap between two ticks, and every main-thread task of 50 ms or more (Long
#: Tasks API). A tick inside a period proves the search gave the page the event loop back: the
#: pass/fail check of a test. How long the tasks took is a measurement, recorded as an artifact
#: and checked against its target by benchmarks/e2e_timings.py, never by a test.
THINKING_PROBE_JS = """() => {
  const P = window.__probe = {lt: [], think: [], t0: null, ticks: 0, gap: 0};
  P.obs = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) P.lt.push([e.startTime, e.duration]);
  });
  P.obs.observe({type: 'longtask', buffered: true});
  const mark = () => {
    const on = !!document.getElementById('think-progress'), now = performance.now();
    if (on && P.t0 === null) P.t0 = now;
    if (!on && P.t0 !== null) { P.think.push([P.t0, now]); P.t0 = null; }
  };
  new MutationObserver(mark).observe(document.getElementById('app'), {childList: true, subtree: true});
  mark();
  let last = performance.now();
  const tick = () => {
    const now = performance.now();
    if (P.t0 !== null && last >= P.t0) { P.ticks += 1; P.gap = Math.max(P.gap, now - last); }
    last = now; setTimeout(tick, 0);
  };
  setTimeout(tick, 0);
}"""


def watch_bot_thinking(page: Any) -> None:
    """Install :data:`THINKING_PROBE_JS` in the page (after it is ready)."""
    page.evaluate(THINKING_PROBE_JS)


def bot_thinking_report(page: Any) -> dict[str, Any]:
    """What the probe saw so far: ``periods`` (count), ``thinking_ms``, ``ticks`` (timer ticks
    while a bot thought), ``max_event_loop_gap_ms``, ``long_tasks_ms`` (tasks of 50 ms or more
    that began while a bot thought, longest first) and ``taps_ms`` (tasks that began before a
    period and ended in it: the player's own tap that handed the turn to the bot)."""
    r = page.evaluate("""() => {
        const P = window.__probe;
        for (const e of P.obs.takeRecords()) P.lt.push([e.startTime, e.duration]);
        const think = P.t0 === null ? P.think : [...P.think, [P.t0, performance.now()]];
        return {think, lt: P.lt, ticks: P.ticks, gap: P.gap};
    }""")
    think = r["think"]
    during = [d for s, d in r["lt"] if any(a <= s < b for a, b in think)]
    taps = [d for s, d in r["lt"] if any(s < a < s + d for a, _ in think)]
    return {
        "periods": len(think), "thinking_ms": round(sum(b - a for a, b in think)),
        "ticks": r["ticks"], "max_event_loop_gap_ms": round(r["gap"], 1),
        "long_tasks_ms": sorted((round(d, 1) for d in during), reverse=True),
        "taps_ms": sorted((round(d, 1) for d in taps), reverse=True),
        "load_average": [round(x, 2) for x in os.getloadavg()], "cpu_count": os.cpu_count(),
    }
