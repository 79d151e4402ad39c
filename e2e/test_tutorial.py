"""Learn by playing (issue 45) in the built app, at phone size: from the library's Learn button, a
player who taps only the ringed choice reaches the lesson's end; a wrong tap shows the coach's
reason and changes nothing; a reload mid-lesson resumes it; the coach's screens have no axe-core
violation; screenshots of the first, a middle and the last step at phone and tablet size.
The lesson's script itself is checked against the engine in tests/ui/test_tutorial.py."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import VIEWPORTS, open_app, state_n, wait_ready
from player_helpers import axe_violations, screen_is, view_shot
from playwright.sync_api import expect

#: The learner's ringed choice: its button on the table, once the bots are done (bots at
#: "instant" speed still take a moment each).
RINGED = "#main button[data-hint]"


def _step(page: Any) -> str:
    return page.locator("#coach-line .coach-step").inner_text()


def _tap_ringed(page: Any) -> None:
    """Tap the ringed choice of the step shown and wait until the game moved on."""
    n = state_n(page)
    page.locator(RINGED).first.click()
    page.wait_for_selector(f"#app > .screen:not([data-n='{n}'])", state="attached")


@pytest.mark.parametrize("size", ["phone", "tablet"])
def test_the_timeline_lesson_from_the_library_to_its_end(page, server, traffic, size):
    page.set_viewport_size(VIEWPORTS[size])
    open_app(page, server)
    page.locator("button[data-act=learn][data-game=timeline]").click()
    screen_is(page, "table")
    expect(page.locator("#coach-line")).to_contain_text("step 1 of 8")
    # each step's line is a live region: screen readers hear it when it changes
    expect(page.locator("#coach-line .coach-text")).to_have_attribute("role", "status")
    expect(page.locator(RINGED)).to_have_count(1)
    expect(page.locator(RINGED)).to_be_in_viewport()
    view_shot(page, f"{size}-timeline-lesson-first")
    if size == "phone":
        # a wrong tap: the coach says which choice to make, the game does not move
        n = state_n(page)
        page.locator("#main button[data-act=play]:not([data-hint])").first.click()
        expect(page.locator(".coach-refused")).to_contain_text("Not yet: in this lesson, tap the ringed choice")
        assert state_n(page) == n
        expect(page.locator("#coach-line")).to_contain_text("step 1 of 8")
        assert axe_violations(page) == []
        view_shot(page, "phone-timeline-lesson-refused")

    _tap_ringed(page)  # the Rosetta Stone chosen
    expect(page.locator("#coach-line")).to_contain_text("step 2 of 8")
    expect(page.locator(".coach-refused")).to_have_count(0)
    _tap_ringed(page)  # ... placed after Luther: right; then Clio's two scripted moves
    expect(page.locator("#coach-line")).to_contain_text("step 5 of 8")
    expect(page.locator(RINGED)).to_be_in_viewport()
    view_shot(page, f"{size}-timeline-lesson-middle")

    if size == "phone":  # a reload mid-lesson reopens it at the same step
        page.reload()
        wait_ready(page)
        screen_is(page, "table")
        expect(page.locator("#coach-line")).to_contain_text("step 5 of 8")
        expect(page.locator(RINGED)).to_have_count(1)

    _tap_ringed(page)  # Special Relativity in the wrong gap, on purpose; Clio misses too
    expect(page.locator("#coach-line")).to_contain_text("step 7 of 8")
    _tap_ringed(page)  # the Eiffel Tower at the right end: the hand is empty; Clio misses
    expect(page.locator(".coach-done")).to_be_visible()
    expect(page.locator(".coach-done")).to_contain_text("Lesson complete")
    expect(page.locator(".endpanel")).to_contain_text("Player 1")
    if size == "phone":
        assert axe_violations(page) == []
    view_shot(page, f"{size}-timeline-lesson-last")
    page.locator(".coach-done button[data-act=new]").click()
    screen_is(page, "new")
    expect(page.locator("#main h1")).to_contain_text("Timeline")


def _lessons() -> list[str]:
    import sys

    from conftest import ROOT

    sys.path.insert(0, str(ROOT / "pwa"))
    from tb_ui import tutorial

    from py_engine.games import ids

    return [g for g in ids() if tutorial.lesson(g) is not None and g != "timeline"]  # Timeline: above


def _tap_ringed_choice(page: Any) -> None:
    """Tap the ringed choice: its play button, or first the preview that shows it (Time War)."""
    n = state_n(page)
    play = page.locator("#main button[data-hint][data-act=play], #main button[data-hint][data-act=caution]")
    if not play.count():
        page.locator("#main button[data-hint][data-act=table-ui]").first.click()
        play.first.wait_for(state="visible")
    play.first.click()
    page.wait_for_selector(f"#app > .screen:not([data-n='{n}'])", state="attached")


@pytest.mark.parametrize("game_id", _lessons())
def test_a_lesson_is_played_to_its_end_by_its_ringed_choices(page, server, traffic, game_id):
    """Every other lesson at phone size: only ringed choices tapped, a wrong tap refused with the
    game unchanged, a reload mid-lesson resumes it, the end shows what it taught; screenshots of
    its first, middle and last step at phone and tablet size."""
    page.set_viewport_size(VIEWPORTS["phone"])
    open_app(page, server)
    page.locator(f"button[data-act=learn][data-game={game_id}]").click()
    screen_is(page, "table")
    page.wait_for_selector("#main button[data-hint]", state="visible")
    total = int(_step(page).rsplit(" ", 1)[1])
    n = state_n(page)
    page.locator("#main button[data-act=play]:not([data-hint])").first.click()
    expect(page.locator(".coach-refused")).to_contain_text("Not yet")
    assert state_n(page) == n
    assert axe_violations(page) == []
    for size in ("phone", "tablet"):
        page.set_viewport_size(VIEWPORTS[size])
        view_shot(page, f"{size}-{game_id}-lesson-first")
    page.set_viewport_size(VIEWPORTS["phone"])
    reloaded = False
    for _ in range(4 * total):
        page.wait_for_selector(".coach-done, #main button[data-hint]", state="visible", timeout=60_000)
        if page.locator(".coach-done").count():
            break
        step = int(_step(page).split("step ", 1)[1].split(" ", 1)[0])
        if not reloaded and step > total // 2:
            for size in ("phone", "tablet"):
                page.set_viewport_size(VIEWPORTS[size])
                view_shot(page, f"{size}-{game_id}-lesson-middle")
            page.set_viewport_size(VIEWPORTS["phone"])
            page.reload()
            wait_ready(page)
            screen_is(page, "table")
            expect(page.locator("#coach-line")).to_contain_text(f"step {step} of {total}")
            reloaded = True
            continue
        _tap_ringed_choice(page)
    expect(page.locator(".coach-done")).to_contain_text("Lesson complete")
    assert reloaded
    assert axe_violations(page) == []
    for size in ("phone", "tablet"):
        page.set_viewport_size(VIEWPORTS[size])
        view_shot(page, f"{size}-{game_id}-lesson-last")
    page.locator(".coach-done button[data-act=new]").click()
    screen_is(page, "new")
