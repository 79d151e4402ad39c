"""Odds before chance on the table (issue 24 §3): the option that leads to a roll shows the
engine's chance under its label and in its accessible name, rendered from the view; options
without a roll show none."""

from __future__ import annotations

import html as html_lib
import json
import random
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "pwa"))
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from test_barons_ui import fight_match  # noqa: E402
from test_tb_ui import buttons, make_app, parse, tap  # noqa: E402
from test_time_of_crisis_ui import play, start  # noqa: E402


def check_buttons(html: str, view: dict[str, Any]) -> int:
    """Every action button shows its action's odds (from the view) or none; returns how many
    showed some."""
    by = {json.dumps(a["action"], separators=(",", ":")): a for a in view["actions"]}
    shown = 0
    for b in buttons(html, "play"):
        a = by[json.dumps(json.loads(b["attrs"]["data-a"]), separators=(",", ":"))]
        o = a.get("odds")
        if o is None:
            assert "has-odds" not in b["attrs"]["class"]
            continue
        shown += 1
        assert "has-odds" in b["attrs"]["class"] and o["short"] in b["text"], b
        assert b["attrs"]["aria-label"].endswith(". " + o["short"]), b
    return shown


def test_place_governor_buttons_show_the_chance_of_the_votes() -> None:
    """Time of Crisis: each Place Governor target shows the chance with all the Senate
    points, and after choosing the target each Spend button its own chance (ToC §6.3.2)."""
    app = make_app()
    start(app, ["human", "bot"], ["Ann", "Bot"])
    # a Place Governor open with 2 Senate points or more (with 1 the roll follows at once)
    def ready(a: Any) -> bool:
        st = a.match.state
        return bool(a.acting_seat() == 0 and st["tp"]["pts"]["senate"] >= 2
                    and any(x.name == "place_governor" for x in a.match.game.legal_actions(st, 0)))

    play(app, random.Random(11), ready, greedy=True)
    m = app.match
    html = app.render()
    assert check_buttons(html, m.game.view(m.state, 0)) >= 1
    pg = next(b for b in buttons(html, "play") if json.loads(b["attrs"]["data-a"])[0] == "place_governor")
    assert "% to reach " in pg["text"]
    end = next(b for b in buttons(html, "play") if json.loads(b["attrs"]["data-a"])[0] == "end")
    assert "%" not in end["text"]
    tap(app, pg)
    html = app.render()
    spends = [b for b in buttons(html, "play") if json.loads(b["attrs"]["data-a"])[0] == "spend"]
    assert spends and all("% to reach " in b["text"] for b in spends)
    assert check_buttons(html, m.game.view(m.state, 0)) == len(spends)
    assert parse(html).found  # the page still parses whole


def test_barons_fight_buttons_show_the_chance_to_win_and_to_escape() -> None:
    """Barons: in a fight, Attack shows the chance to win within the round limit and Run
    away the chance to escape (B §13.1)."""
    app = make_app()
    m = fight_match()
    app.match, app.match_id, app.screen = m, "x", "table"
    html = app.render()
    assert check_buttons(html, m.game.view(m.state, 0)) >= 2
    texts = {json.loads(b["attrs"]["data-a"])[0]: b["text"] for b in buttons(html, "play")}
    assert "% to win the fight against " in texts["melee"] and "% to escape" in texts["flee"]


def test_the_decision_panel_shows_the_whole_distributions_behind_the_odds() -> None:
    """Barons fight (B §13.1): each option whose odds carry tables (how the fight ends) has a
    fold-out named after it in the decision panel, with one table per distribution, every
    outcome in a row with its chance, as the view gives them; the options without tables have
    none."""
    app = make_app()
    m = fight_match()
    app.match, app.match_id, app.screen = m, "x", "table"
    page = str(app.render())
    with_tables = [a for a in m.game.view(m.state, 0)["actions"] if a.get("odds") and a["odds"]["tables"]]
    assert with_tables, "a fight's attack has the distribution of how it ends"
    folds = re.findall(r'<details class="odds-details"><summary>Odds in detail: (.*?)</summary>(.*?)</details>',
                       page, re.S)
    assert [html_lib.unescape(label) for label, _ in folds] == [a["label"] for a in with_tables]
    for (_, body), a in zip(folds, with_tables, strict=True):
        captions = [html_lib.unescape(c) for c in re.findall(r"<caption>(.*?)</caption>", body)]
        assert captions == [t["caption"] for t in a["odds"]["tables"]]
        rows = [(html_lib.unescape(k), html_lib.unescape(p))
                for k, p in re.findall(r'<tr><th scope="row">(.*?)</th><td>(.*?)</td></tr>', body)]
        assert rows == [(r["label"], r["percent"]) for t in a["odds"]["tables"] for r in t["rows"]]
