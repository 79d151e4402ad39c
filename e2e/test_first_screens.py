"""The first screens (issue 26 §1): on a first visit the library, the rules of every game and the
new-game forms work before Python has started (pwa/first-screens.js over screens the build drew
with the app's own renderer, tb_ui/first.py); Start then leads to the table once Python is up,
with what the player changed on the form. Python is held back here by holding the runtime's
WebAssembly download until the test lets it go."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import VIEWPORTS, fits_and_shot, shot, stored, wait_ready
from playwright.sync_api import expect

first_visit = pytest.mark.first_visit


class HeldRuntime:
    """Holds every request for the Python runtime (pyodide.asm.wasm) until :meth:`release` (the
    routes are kept, not waited on: Playwright runs route handlers on the test's own thread)."""

    PATTERN = "**/pyodide.asm.wasm*"

    def __init__(self, page: Any) -> None:
        self.page = page
        self.routes: list[Any] = []
        page.route(self.PATTERN, lambda route: self.routes.append(route))

    @property
    def held(self) -> int:
        return len(self.routes)

    def release(self) -> None:
        """Let the runtime load, and stop routing (while a route is set Playwright turns the
        HTTP cache off, which the shell's first-visit precache step reads from)."""
        for r in self.routes:
            r.continue_()
        self.page.unroute(self.PATTERN)


def not_ready(page: Any) -> None:
    assert page.evaluate("document.body.dataset.ready") is None, "Python is not to be ready yet"


@first_visit
@pytest.mark.parametrize("size", ["phone", "tablet"])
def test_library_rules_and_form_work_before_python_then_start_leads_to_the_table(page, server, traffic, size):
    page.set_viewport_size(VIEWPORTS[size])
    held = HeldRuntime(page)
    page.goto(server.url)
    # the library, drawn by the build from the app's renderer, before Python
    expect(page.locator("#app h1")).to_have_text("Games")
    expect(page.locator("#app .gamecard")).to_have_count(5)
    not_ready(page)
    shot(page, f"{size}-first-library")
    # the rules of a game, and Back
    page.get_by_role("button", name="Rules of Time of Crisis").click()
    expect(page.locator("#app h1")).to_contain_text("Time of Crisis")
    assert page.evaluate("location.hash") == "#/rules/time_of_crisis"
    page.locator("#app button[data-act=back]").first.click()
    expect(page.locator("#app h1")).to_have_text("Games")
    # the browser's own Back and Forward too
    page.get_by_role("button", name="Rules of Barons").click()
    expect(page.locator("#app h1")).to_contain_text("Barons")
    page.go_back()
    expect(page.locator("#app h1")).to_have_text("Games")
    # two levels down (the rules, then their page of what we could not confirm) and back up by
    # the app's own Back buttons, after the browser's Back above
    page.get_by_role("button", name="Rules of Time of Crisis").click()
    page.locator("#app button[data-act=rules][data-part=unconfirmed]").click()
    expect(page.locator("#app h1")).to_contain_text("what we could not confirm")
    page.locator("#app main > .row button").first.click()  # "‹ Rules of Time of Crisis": a step back
    expect(page.locator("#app h1")).to_have_text("How to play Time of Crisis")
    page.locator("#app button[data-act=back]").first.click()
    expect(page.locator("#app h1")).to_have_text("Games")
    assert page.evaluate("location.hash") in ("", "#/library")
    page.go_forward()  # the history holds the rules again, not a second copy of the page before
    expect(page.locator("#app h1")).to_have_text("How to play Time of Crisis")
    page.go_back()
    expect(page.locator("#app h1")).to_have_text("Games")
    # the new-game form of Time War; the first seat's name changed before Python is up
    page.get_by_role("button", name="New game of Time War").click()
    expect(page.locator("#app h1")).to_have_text("New game: Time War")
    fits_and_shot(page, f"{size}-first-form")
    name = page.locator("#app input[data-act=seat-name]").first
    name.fill("Zoë")
    name.press("Tab")
    not_ready(page)
    # Start: the page says it is getting the table ready and takes no other tap
    page.get_by_role("button", name="Start game").click()
    expect(page.locator("#first-wait")).to_contain_text("Getting the table ready")
    expect(page.locator("#app")).to_have_attribute("aria-busy", "true")
    shot(page, f"{size}-first-waiting")
    assert held.held >= 1
    not_ready(page)
    held.release()
    wait_ready(page)
    # Python opened the form's route, replayed the name and Start: the game is on the table
    expect(page.locator("#app > .screen-table")).to_be_attached(timeout=60_000)
    expect(page.locator("#first-wait")).to_have_count(0)
    assert page.evaluate("localStorage.getItem('tb-started')") == "1"
    save = stored(page)
    games = [v for k, v in save.items() if k.startswith("tb:save:")]
    assert games and "Zoë" in games[0] and '"time_war"' in games[0], sorted(save)
    shot(page, f"{size}-first-table")


#: What the page showed when the first screens came up (their "tb:first-screens" event), taken
#: inside the page (a start can have Python ready before the test could look).
AT_FIRST_JS = """window.__first = null;
addEventListener("tb:first-screens", () => {
  window.__first = {cards: document.querySelectorAll("#app .gamecard").length,
                    shown: document.body.classList.contains("first-screens"),
                    ready: document.body.dataset.ready || null,
                    app: document.getElementById("app").innerHTML};
});"""


@first_visit
def test_a_returning_device_gets_no_first_screens(page, server, traffic):
    """A first visit shows the library before Python, the very markup Python then draws there.
    Once Python has started the app on a device, its saves and settings are Python's to
    draw: the first screens stay out of the way (the loading panel shows as before, and the
    page does not even fetch them)."""
    page.add_init_script(AT_FIRST_JS)
    page.goto(server.url)
    wait_ready(page)
    first = page.evaluate("window.__first")
    assert first is not None and (first["cards"], first["shown"], first["ready"]) == (5, True, None), first
    # the library Python drew once up is, to the character, the one shown before it
    assert page.evaluate("document.getElementById('app').innerHTML") == first["app"]
    assert page.evaluate("localStorage.getItem('tb-started')") == "1"
    fetched: list[str] = []
    page.on("request", lambda r: fetched.append(r.url) if "first-screens.html" in r.url else None)
    page.reload()
    wait_ready(page)
    assert page.evaluate("window.__first") is None and not fetched
    assert not page.evaluate("document.body.classList.contains('first-screens')")
    expect(page.locator("#app .gamecard")).to_have_count(5)
