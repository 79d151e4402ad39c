"""The app's events (pwa/tb_ui/events.py, issue 49 §2): screens register the taps they answer
with typed payloads; the dispatcher refuses a tap whose values cannot be read in one place, with
the state unchanged, and ignores an unknown one."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "pwa"))
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from tb_ui import events  # noqa: E402
from tb_ui.app import App  # noqa: E402
from tb_ui.events import BadPayload, SaveId  # noqa: E402
from tb_ui.screen_saves import ImportFile  # noqa: E402
from tb_ui.screen_settings import Setting  # noqa: E402
from tb_ui.store import SETTINGS_KEY  # noqa: E402
from test_tb_ui import make_app, start_game  # noqa: E402

#: The taps the Saved games and Settings screens answer (moved out of App).
MOVED = {"resume", "older-resume", "older-cancel", "delete", "delete-cancel", "delete-confirm", "export",
         "import-text", "setting", "replay-open", "replay-step", "replay-to", "replay-play", "replay-watch",
         "replay-reveal", "replay-export", "daily", "daily-start", "daily-copy", "daily-share",
         "new", "seat-add", "seat-remove", "seat-kind", "seat-level", "seat-name", "opt", "opt-step", "start",
         "phone-invite", "phone-answer", "phone-cancel", "phone-drop", "phone-local", "phone-bot", "scan",
         "scan-cancel", "join", "join-code", "play", "caution", "caution-cancel", "reselect", "undo", "hand-over",
         "take-back", "handoff-ok", "table-ui", "log-toggle", "log-all", "skip", "catchup-ok", "hint", "hint-cancel",
         "rematch", "leave", "leave-confirm", "leave-cancel"}


def test_the_moved_screens_register_their_taps_and_app_keeps_no_handler_for_them() -> None:
    assert MOVED | {"go", "back", "rules", "dismiss"} <= events.names()
    # no tap is dispatched by method name (issue 49: no getattr(self, "on_" ...) dispatch)
    assert not [m for m in dir(App) if m.startswith("on_")]


def test_payloads_read_the_tap_values() -> None:
    assert SaveId.read({"id": "g-1"}) == SaveId("g-1")
    assert SaveId.read({"id": 7}) == SaveId("7")
    for bad in ({}, {"id": ""}, {"id": None}, {"id": True}, {"id": ["x"]}):
        with pytest.raises(BadPayload, match="That save no longer exists"):
            SaveId.read(bad)
    assert ImportFile.read({}) == ImportFile("the file", "")
    assert ImportFile.read({"name": "a.json", "text": 12}) == ImportFile("a.json", "12")
    assert Setting.read({"name": "hints", "checked": "on"}) == Setting("hints", "", True)
    assert Setting.read({"name": "theme", "value": "dark"}) == Setting("theme", "dark", None)


def test_a_tap_without_its_save_is_refused_with_nothing_changed() -> None:
    app = make_app()
    start_game(app, ["human", "bot"], ["Me", "Rob"])
    app.go("saves")
    listed = [e["id"] for e in app.store.list()]
    app.dispatch("delete", {})
    assert app.error == "That save no longer exists." and app.confirm_delete is None
    app.dispatch("delete-confirm", {"id": ""})
    assert [e["id"] for e in app.store.list()] == listed and app.screen == "saves"
    effects = app.dispatch("export", {"id": "nope"})
    assert effects["download"] is None and app.error == "That save no longer exists."


def test_an_unknown_tap_is_ignored() -> None:
    app = make_app()
    before = app.render()
    assert app.dispatch("no-such-tap", {"id": "x"}) == {"render": True, "download": None}
    assert app.error is None and app.render() == before


def test_settings_through_the_typed_tap() -> None:
    app = make_app()
    app.dispatch("setting", {"name": "theme", "value": "dark"})
    app.dispatch("setting", {"name": "hints", "checked": False})
    app.dispatch("setting", {"name": "handoff", "value": "on"})
    app.dispatch("setting", {"name": "theme", "value": "neon"})  # not offered: nothing changes
    app.dispatch("setting", {"name": "volume", "value": "11"})
    assert (app.settings["theme"], app.settings["hints"], app.settings["handoff"]) == ("dark", False, True)
    stored = json.loads(app.storage.get(SETTINGS_KEY) or "{}")
    assert (stored["theme"], stored["hints"], stored["handoff"]) == ("dark", False, True)
    assert app.error is None


def test_two_handlers_for_one_tap_are_refused() -> None:
    with pytest.raises(ValueError, match="two handlers"):
        events.handles("setting", Setting)(lambda app, p: None)


def test_a_replay_step_that_cannot_be_read_is_refused_and_the_replay_stays() -> None:
    app = make_app()
    start_game(app, ["human", "bot"], ["Me", "Rob"])
    m = app.match
    for _ in range(2):  # the player's placement, then the bot's
        st = m.state
        app.dispatch("play", {"seat": "0", "n": str(st["n"]), "a": json.dumps(m.game.legal_actions(st, 0)[0].to_json())})
        while app.bot_pending():
            app.bot_step()
    assert len(m.actions) >= 2
    app.dispatch("replay-open", {"id": app.match_id, "k": "0"})
    assert app.screen == "replay" and app.replay.k == 0
    app.dispatch("replay-step", {"d": "1"})
    assert app.replay.k == 1
    app.dispatch("replay-step", {"d": "far"})
    assert app.error == "That replay step could not be read." and app.replay.k == 1
    app.dispatch("replay-to", {"value": "x"})  # not a step: ignored
    app.dispatch("replay-watch", {"value": "9"})  # not a seat to watch: ignored
    assert app.replay.k == 1 and app.replay.watch in app.replay.watch_choices()
