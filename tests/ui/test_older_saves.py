"""Saves of earlier releases in the app (issue 50): an older save that today's rules replay to its end
opens with a notice naming its version; one they cannot replay to its end is never called damaged:
Saved games names the version and the move, and offers to resume it after its last move these
rules allow (as a new saved game) or to export the original, which stays unchanged."""

from __future__ import annotations

import gzip
import json
from html import unescape
from pathlib import Path
from typing import Any

from tb_ui.store import SAVE_PREFIX, MemoryStorage
from test_tb_ui import buttons, make_app, tap

from py_engine.core import Match

CORPUS = Path(__file__).resolve().parents[1] / "compat"


def _older(stops: bool, game: str, case: str = "") -> dict[str, Any]:
    """A 0.3.0 save of ``game`` from the compatibility corpus that today's engine replays to its
    end (``stops`` False, after rewriting some of its moves) or stops replaying (True)."""
    with gzip.open(CORPUS / "saves-0.3.0.jsonl.gz", "rt", encoding="utf-8") as f:
        for line in f:
            d = json.loads(line)
            if d["save"]["game"] != game or case not in d["case"] or (d["finished"] and not stops):
                continue
            m = Match.load(d["save"])
            if (m.stopped is not None) == stops and (stops or m.upgraded):
                return dict(d["save"])
    raise AssertionError(f"no such 0.3.0 save of {game} in the corpus")


def test_an_older_save_that_stops_offers_to_resume_or_export_and_keeps_the_original() -> None:
    save = _older(True, "time_barons", "free_for_all")
    text = json.dumps(save)
    storage = MemoryStorage()
    app = make_app(storage)
    app.dispatch("import-text", {"text": text, "name": "old.json"})
    assert app.error is None and app.screen == "saves" and app.older is not None
    sid = app.older["id"]
    page = app.render()
    stop = Match.load(text).stopped
    assert stop is not None
    message = stop.message()
    assert "version 0.3.0" in message and f"move {stop.move} of {stop.total}" in message
    assert "damaged" not in page and message in unescape(page)
    resume = [b for b in buttons(page, "older-resume")]
    assert len(resume) == 1 and resume[0]["attrs"]["data-id"] == sid
    export = [b for b in buttons(page, "export") if b["attrs"]["data-id"] == sid]
    name, exported = tap(app, export[0])["download"]
    assert exported == storage.get(SAVE_PREFIX + sid) and json.loads(exported)["actions"] == save["actions"]
    tap(app, resume[0])
    assert app.screen == "table" and app.match_id != sid and app.match is not None
    assert len(app.match.actions) == stop.move - 1 and not app.match.is_over()
    assert f"Resumed after move {stop.move - 1}" in (app.notice or "")
    assert app.match.meta["resumed_from"] == {"id": sid, "engine": "0.3.0", "move": stop.move}
    # the original is still listed and unchanged; the resumed game is a new save that plays on
    assert json.loads(storage.get(SAVE_PREFIX + sid) or "{}")["actions"] == save["actions"]
    assert {e["id"] for e in app.store.list()} == {sid, app.match_id}
    m = app.match
    seat = m.to_act()[0]
    a = m.game.legal_actions(m.state, seat)[0]
    m.apply(seat, a)
    app.autosave()
    again = Match.load(storage.get(SAVE_PREFIX + str(app.match_id)) or "")
    assert again.stopped is None and len(again.actions) == stop.move


def test_opening_an_older_save_that_stops_from_the_list_or_at_start_asks_first() -> None:
    save = _older(True, "time_barons", "free_for_all")
    storage = MemoryStorage()
    app = make_app(storage)
    app.dispatch("import-text", {"text": json.dumps(save), "name": "old.json"})
    sid = app.older["id"] if app.older else ""
    app.dispatch("older-cancel", {})
    assert app.older is None and "older-resume" not in app.render()
    app.dispatch("resume", {"id": sid})
    assert app.screen == "saves" and app.older == {"id": sid, "message": Match.load(save).stopped.message()}
    assert app.error is None  # not "could not be opened": it can
    # a reload with it as the game on the table asks the same, and nothing is marked damaged
    app.store.set_current(sid)
    fresh = make_app(storage)
    fresh.boot()
    assert fresh.screen == "saves" and fresh.older is not None and fresh.older["id"] == sid
    assert not (fresh.store.entry(sid) or {}).get("damaged")


def test_an_older_save_rewritten_by_the_upgrade_opens_at_once_with_its_version_named() -> None:
    save = _older(False, "time_of_crisis", "speed_up")
    app = make_app(MemoryStorage())
    app.dispatch("import-text", {"text": json.dumps(save), "name": "old.json"})
    assert app.older is None and app.error is None
    assert "version 0.3.0" in (app.notice or "")
    sid = app.store.list()[0]["id"]
    app.dispatch("resume", {"id": sid})
    assert app.screen == "table" and app.match is not None and len(app.match.actions) > 0
