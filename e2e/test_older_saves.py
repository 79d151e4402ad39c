"""Saves of earlier releases in the built app (issue 50), from the compatibility corpus
(tests/compat/saves-<version>.jsonl.gz, written by each release's own engine):

- a 0.3.0 Time of Crisis save with the §6.8 speed-up, whose repeated free capital moves these rules
  rewrite, imports, says which version made it, resumes and plays on;
- a 0.3.0 Time Barons free-for-all save that these rules cannot replay to its end imports as it
  came: Saved games names the version and the move and offers Resume here or Export the original;
  Resume here plays on as a new saved game, the original stays. Screenshots at phone and tablet size.
"""

from __future__ import annotations

import gzip
import json
import re
import sys
from pathlib import Path
from typing import Any

from conftest import ROOT, VIEWPORTS, open_app, shot, state_n, wait_moved
from playwright.sync_api import expect

sys.path.insert(0, str(ROOT / "tests"))

from py_engine.core import Match  # noqa: E402

PLAY = "#main button[data-act=play]:not([disabled])"


def older_save(tmp: Path, game: str, case: str, stops: bool) -> tuple[Path, Match]:
    """A 0.3.0 save of the corpus (its file in ``tmp``) that today's engine rewrites and replays to
    its end (``stops`` False) or resumes before its end (True), and how it loads."""
    with gzip.open(ROOT / "tests" / "compat" / "saves-0.3.0.jsonl.gz", "rt", encoding="utf-8") as f:
        for line in f:
            d = json.loads(line)
            if d["save"]["game"] != game or case not in d["case"] or (d["finished"] and not stops):
                continue
            m = Match.load(d["save"])
            if (m.stopped is not None) == stops and (stops or m.upgraded) and len(m.actions) > 20:
                path = tmp / f"{game}-0.3.0.json"
                path.write_text(json.dumps(d["save"]), encoding="utf-8")
                return path, m
    raise AssertionError(f"no such 0.3.0 save of {game} ({case}) in the corpus")


def import_save(page: Any, path: Path) -> None:
    page.get_by_role("button", name="Saved games", exact=True).click()
    page.locator("input[type=file][data-act=import]").set_input_files(str(path))


def play_one(page: Any) -> None:
    """Wait until the human seat may act (the bots move at once), then tap its first choice."""
    page.locator(PLAY).first.wait_for(timeout=60_000)
    n = state_n(page)
    page.locator(PLAY).first.click()
    wait_moved(page, n)


def test_a_0_3_0_time_of_crisis_speed_up_save_imports_and_plays_on(page: Any, server: Any, tmp_path: Path) -> None:
    path, m = older_save(tmp_path, "time_of_crisis", "speed_up=True", stops=False)
    open_app(page, server)
    import_save(page, path)
    expect(page.get_by_role("status").filter(has_text="version 0.3.0")).to_be_visible()
    page.get_by_role("button", name=re.compile("^Resume Time of Crisis with ")).first.click()
    page.wait_for_selector("#app > .screen-table, #app > .screen-handoff", state="attached")
    assert "Cannot be opened" not in page.content()
    play_one(page)


def test_an_older_save_these_rules_cannot_finish_offers_resume_here_or_export(page: Any, server: Any,
                                                                             tmp_path: Path) -> None:
    path, m = older_save(tmp_path, "time_barons", "free_for_all", stops=True)
    stop = m.stopped
    assert stop is not None
    page.set_viewport_size(VIEWPORTS["phone"])
    open_app(page, server)
    import_save(page, path)
    older = page.locator("li.save .older")
    expect(older).to_contain_text("saved by version 0.3.0 of the rules engines")
    expect(older).to_contain_text(f"its move {stop.move} of {stop.total}")
    row = page.locator("li.save", has=page.locator(".older"))
    expect(row.get_by_role("button", name=re.compile("^Resume Time Barons with .* after its last move"))).to_be_visible()
    expect(row.get_by_role("button", name=re.compile("^Export Time Barons"))).to_be_visible()
    shot(page, "older-save-phone")
    page.set_viewport_size(VIEWPORTS["tablet"])
    shot(page, "older-save-tablet")
    page.set_viewport_size(VIEWPORTS["phone"])
    with page.expect_download() as dl:
        row.get_by_role("button", name=re.compile("^Export Time Barons")).click()
    assert json.loads(Path(dl.value.path()).read_text(encoding="utf-8"))["actions"] == json.loads(
        path.read_text(encoding="utf-8"))["actions"]
    row.locator("button[data-act=older-resume]").click()
    page.wait_for_selector("#app > .screen-table, #app > .screen-handoff", state="attached")
    expect(page.get_by_role("status").filter(has_text=f"Resumed after move {stop.move - 1}")).to_be_visible()
    play_one(page)
    page.get_by_role("button", name=re.compile("^Games")).first.click()
    page.get_by_role("button", name="Saved games", exact=True).click()
    expect(page.locator("li.save")).to_have_count(2)  # the resumed game and the original, unchanged
