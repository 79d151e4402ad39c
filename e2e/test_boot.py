"""The built app boots (the shell at once, then Python's UI from the app's worker), is installable, and runs under a
sub-path. Offline starts, updates and the memory snapshot: test_install.py; a failed start: test_storage.py."""

from __future__ import annotations

import json
import struct
from pathlib import Path

import pytest
from conftest import DIST, shot, wait_ready
from playwright.sync_api import expect

#: Tests marked first_visit start from a browser that has never opened the app (e2e/conftest.py).
first_visit = pytest.mark.first_visit

VERSION = json.loads((DIST / "version.json").read_text())
PARTS = ["app", "runtime", "stdlib", "engine", "ui"]


#: What the page shows when its HTML and deferred scripts are done (DOMContentLoaded), taken
#: inside the page at that moment: on a busy machine Python can be ready before the test could
#: look from outside.
SHELL_AT_DCL_JS = """document.addEventListener("DOMContentLoaded", () => {
  const shown = (sel) => { const el = document.querySelector(sel);
                           return !!el && !el.hidden && el.getClientRects().length > 0; };
  window.__atDCL = {
    title: (document.querySelector("header h1") || {}).textContent,
    boot: shown("#boot"), progress: shown("#boot-progress"), line: shown("#boot-line"),
    first: document.body.classList.contains("first-screens"),
    step: ((document.querySelector("#boot-step") || {}).textContent || "").trim(),
    ready: document.body.dataset.ready === undefined ? null : document.body.dataset.ready,
    moving: document.getAnimations().filter((a) => a.playState === "running").map((a) => a.animationName),
  };
});"""


@first_visit
def test_boot_shows_shell_at_once_then_python_ui(page, server, traffic):
    page.add_init_script(SHELL_AT_DCL_JS)
    page.goto(server.url, wait_until="domcontentloaded")
    shot(page, "boot-shell")
    # Before Python is up: the shell is already drawn, with the loading panel.
    at = page.evaluate("window.__atDCL")
    # the loading panel with its progress, or the first screens with the loading line under them
    # (shell.css: the panel gives way to the line, never pushed down the page)
    assert at["title"] == "Time & Barons", at
    assert (at["boot"] and at["progress"]) or (at["first"] and at["line"] and not at["boot"]), at
    assert at["ready"] is None, "Python cannot be ready before the page's own scripts ran"
    assert at["step"], at
    # and it moves from the first frame (issue 48): the ring turns while the files download
    assert "boot-spin" in at["moving"], at

    wait_ready(page)
    expect(page.locator("#boot")).to_be_hidden()
    expect(page.locator("#boot-error")).to_be_hidden()
    expect(page.locator("#app")).to_be_visible()
    # The worker, the runtime, the standard library, the wheels and Python's UI all arrived.
    info = page.evaluate("() => window.tbShell.boot")
    assert set(info["parts"]) == set(PARTS), f"progress saw only {sorted(info['parts'])}"
    assert info["readyAt"] > 0
    assert page.evaluate("document.documentElement.dataset.booted") == "1"
    shot(page, "ready")
    # Python drew the UI (in the app's worker, applied on the page)
    assert page.locator("#app > .screen-library").count() == 1
    assert "Time & Barons" in page.evaluate("() => document.title")

    # Everything came from our own origin; the wheels are installed without micropip.
    assert not traffic.offsite
    urls = traffic.requests
    assert any(u.endswith(f"/wheels/{VERSION['wheel']}") for u in urls)
    assert any(u.endswith(f"/wheels/{VERSION['ui_wheel']}") for u in urls)
    assert any(u.endswith("/pyodide/pyodide.asm.wasm") for u in urls)
    assert not any("micropip" in u for u in urls)


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    w, h = struct.unpack(">II", data[16:24])
    return w, h


def test_manifest_and_icons(page, context, server):
    """The manifest and its icons as served, and as the browser reads them (a returning
    player's browser: the app is installed)."""
    resp = page.request.get(server.url + "manifest.webmanifest")
    assert resp.ok and resp.headers["content-type"].startswith("application/manifest+json")
    manifest = resp.json()
    assert manifest["name"] == "Time & Barons"
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"
    assert manifest["display"] == "standalone"
    icons = {(i["sizes"], i.get("purpose", "any")): i["src"] for i in manifest["icons"]}
    assert set(icons) == {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")}
    for (sizes, _purpose), src in icons.items():
        icon = page.request.get(server.url + src)
        assert icon.ok and icon.headers["content-type"] == "image/png", src
        w, h = _png_size(icon.body())
        assert f"{w}x{h}" == sizes, f"{src} is {w}x{h}, manifest says {sizes}"

    # The browser itself finds and parses the manifest, and the page's icons load.
    page.goto(server.url)
    wait_ready(page)
    cdp = context.new_cdp_session(page)
    app_manifest = cdp.send("Page.getAppManifest")
    assert app_manifest["url"].endswith("/manifest.webmanifest")
    assert not app_manifest.get("errors"), app_manifest["errors"]
    assert page.evaluate("() => document.querySelector('.tb-logo').naturalWidth") == 192
    favicon = page.evaluate("() => document.querySelector('link[rel=icon]').href")
    assert page.request.get(favicon).ok
    for mime, ext in (("application/wasm", "pyodide/pyodide.asm.wasm"), ("text/javascript", "pyodide/pyodide.mjs"),
                      ("application/zip", f"wheels/{VERSION['wheel']}")):
        assert page.request.head(server.url + ext).headers["content-type"] == mime, ext


@first_visit
def test_works_under_a_sub_path(page, make_server, tmp_path: Path):
    """Deployed at https://host/games/tb/: every URL is relative, the SW scope is the folder."""
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "tb").symlink_to(DIST, target_is_directory=True)
    srv = make_server(tmp_path)
    page.goto(srv.url + "games/tb/")
    wait_ready(page)
    scope = page.evaluate("async () => (await navigator.serviceWorker.ready).scope")
    assert scope == srv.url + "games/tb/"
