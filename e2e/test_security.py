"""The Content-Security-Policy: the app boots, plays and works offline under it (every other
e2e test runs under it too, and the ``traffic`` fixture fails any test with a console error,
which a CSP violation is); script that is not one of the app's files is refused."""

from __future__ import annotations

import re
import sys

from conftest import DIST, ROOT, reload_offline, screen, state_n, wait_moved, wait_ready
from playwright.sync_api import expect

sys.path.insert(0, str(ROOT / "scripts"))
from serve import CSP, META_CSP  # noqa: E402

#: Records every CSP violation of the page (before any of its scripts run).
WATCH_CSP = """window.__csp = [];
document.addEventListener("securitypolicyviolation",
  (e) => window.__csp.push(`${e.effectiveDirective} ${e.blockedURI}`));"""


def test_meta_and_header_policies_agree():
    html = (DIST / "index.html").read_text()
    m = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">', html)
    assert m, "index.html has no CSP meta tag"
    assert m.group(1) == META_CSP
    assert CSP == META_CSP + "; frame-ancestors 'none'"
    for directive in ("'unsafe-eval'", "'unsafe-inline'", "*", "data:", "blob:", "http:", "https:"):
        assert directive not in CSP.split(), directive


def test_app_boots_plays_offline_and_refuses_foreign_script(page, context, server, traffic):
    page.add_init_script(WATCH_CSP)
    response = page.goto(server.url + "?botspeed=instant")
    assert response is not None and response.headers["content-security-policy"] == CSP
    wait_ready(page)
    # play: a Timeline game against a bot, a few moves
    page.get_by_role("button", name="New game of Timeline").click()
    page.get_by_role("button", name="Start game").click()
    page.wait_for_selector("#app > .screen-table")
    for _ in range(2):
        if page.locator("button.hcard").count():
            n = state_n(page)
            page.locator("button.hcard").first.click()
            wait_moved(page, n)
        n = state_n(page)
        page.locator("button.gap-btn").first.click()
        wait_moved(page, n)
        page.wait_for_selector("button.gap-btn, button.hcard", timeout=60_000)
    played = state_n(page)
    assert page.evaluate("window.__csp") == []
    # offline, from the service worker: the cached page carries the same policy
    reload_offline(page, context, server)
    assert screen(page) == "table" and state_n(page) == played
    assert page.evaluate("window.__csp") == []
    expect(page.locator("#app")).to_contain_text("Timeline")

    # script injected into the page does not run: inline, inline event handlers, other sources.
    # (No eval check here: code Playwright evaluates is exempt from the page's CSP; that the
    # app itself needs no eval is shown by every test booting under a policy without it.)
    ran = page.evaluate("""async () => {
        const s = document.createElement("script");
        s.textContent = "window.__ran = (window.__ran || []).concat('inline')";
        document.body.append(s);
        const d = document.createElement("script");
        d.src = "data:text/javascript,window.__ran = (window.__ran || []).concat('data')";
        document.body.append(d);
        document.body.insertAdjacentHTML("beforeend",
          '<img id="x-img" src="./icons/icon-192.png" onload="window.__ran = (window.__ran || []).concat(\\'handler\\')">');
        const img = document.getElementById("x-img");
        await new Promise((r) => (img.complete ? r() : img.addEventListener("load", r)));
        await new Promise((r) => setTimeout(r, 300));
        return window.__ran || [];
    }""")
    assert ran == []
    violations = page.evaluate("window.__csp")
    assert any(v.startswith("script-src-elem inline") for v in violations), violations
    assert any(v.startswith("script-src-elem data") for v in violations), violations
    assert any(v.startswith("script-src-attr inline") for v in violations), violations
    # these refusals are what this test provoked; anything else still fails it
    traffic.console_errors[:] = [e for e in traffic.console_errors if "Content Security Policy" not in e]
    traffic.page_errors[:] = [e for e in traffic.page_errors if "Content Security Policy" not in e]
