"""The app's storage layer (pwa/tb_ui/store.py) against damaged, hostile and full storage,
the write-through to a durable backend, the move from localStorage, and file imports.

Nothing read from storage may stop the app: every test here boots an :class:`App` on what
was stored, draws the screens a player would see, and checks that the saves are still there.
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "pwa"))
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from tb_ui.store import (  # noqa: E402
    BACKUP_FORMAT,
    CURRENT_KEY,
    INDEX_KEY,
    SAVE_PREFIX,
    SETTINGS_KEY,
    MemoryStorage,
    SaveStore,
    WriteThroughStorage,
    clean_entry,
    load_settings,
)
from test_tb_ui import _two_saves, buttons, make_app, play_human_turn, start_game, tap  # noqa: E402

from py_engine.core import Match  # noqa: E402

DEEP = "[" * 6000 + "]" * 6000  # 12 KB: crashed Pyodide's json.loads ("Maximum call stack size exceeded")


def _stored() -> tuple[MemoryStorage, str, str]:
    """Two saves (Ann vs a bot, one move in; Bea and Cal, the current game)."""
    storage = MemoryStorage()
    app = _two_saves(storage)
    ann = next(e["id"] for e in app.store.list() if e["seats"][0]["name"] == "Ann")
    bea = next(e["id"] for e in app.store.list() if e["seats"][0]["name"] == "Bea")
    assert storage.get(CURRENT_KEY) == bea
    return storage, ann, bea


def _set_entry(storage: MemoryStorage, sid: str, **fields: Any) -> None:
    index = json.loads(storage.get(INDEX_KEY))
    for e in index:
        if e["id"] == sid:
            e.update(fields)
    storage.set(INDEX_KEY, json.dumps(index))


def _move(app: Any) -> None:
    """The next move of the game on the table, by the bot or by the human to act."""
    if app.bot_pending():
        assert app.bot_step()
    else:
        play_human_turn(app)


def _every_screen(app: Any) -> str:
    """Draw every screen a player reaches from the library; return the saves screen."""
    app.render()
    for to in ("library", "settings", "new", "saves"):
        app.dispatch("go", {"to": to})
        html = app.render()
        assert app.error is None, app.error
    return html


# ---- 1. a wrong-typed index entry never stops the app ----------------------------------------
BAD_FIELDS = {
    "seats as a string": {"seats": "Ann, Bob"},
    "non-string seat name": {"seats": [{"name": 7, "kind": "human", "level": None}]},
    "null seat": {"seats": [None, {"name": "Bob", "kind": "bot", "level": "easy"}]},
    "seat of another kind": {"seats": [{"name": "Ann", "kind": "alien"}]},
    "non-numeric updated": {"updated": "yesterday"},
    "list as updated": {"updated": [1]},
    "infinite created": {"created": float("inf")},
    "bool as updated": {"updated": True},
    "title a number": {"title": 5},
    "title a dict": {"title": {"x": 1}},
    "game null": {"game": None},
    "progress a list": {"progress": ["Round 3"]},
    "over a string": {"over": "yes"},
    "result a number": {"result": 3},
    "damaged a list": {"damaged": ["x"]},
}


@pytest.mark.parametrize("fields", BAD_FIELDS.values(), ids=BAD_FIELDS.keys())
@pytest.mark.parametrize("which", ["other", "current"])
def test_wrong_typed_index_entry_is_listed_as_damaged_and_opens(fields: dict[str, Any], which: str) -> None:
    storage, ann, bea = _stored()
    sid = ann if which == "other" else bea
    before = storage.get(SAVE_PREFIX + sid)
    _set_entry(storage, sid, **fields)
    app = make_app(storage)
    app.boot()  # "could not start" before: every later boot failed
    if which == "current":
        # the game on the table reopens, and its listing is written anew from it
        assert app.screen == "table" and app.match_id == sid
        html = _every_screen(app)
        assert app.store.entry(sid)["listing_damaged"] is False and "were damaged" not in html
        assert {e["id"] for e in app.store.list()} == {ann, bea}
        return
    html = _every_screen(app)
    assert {e["id"] for e in app.store.list()} == {ann, bea}
    entry = app.store.entry(sid)
    assert entry["listing_damaged"] is True
    assert entry["title"] == "Timeline" and entry["game"] == "timeline"  # repaired from the save itself
    assert all(isinstance(s["name"], str) for s in entry["seats"])
    assert "details of this save in the list were damaged" in html
    assert storage.get(SAVE_PREFIX + sid) == before  # the data itself is untouched
    # export works, and opening it repairs the listing
    assert app.dispatch("export", {"id": sid})["download"][1] == before
    app.dispatch("resume", {"id": sid})
    assert app.screen == "table" and app.match_id == sid
    app.dispatch("go", {"to": "saves"})
    assert app.store.entry(sid)["listing_damaged"] is False
    assert "were damaged" not in app.render()
    assert storage.get(SAVE_PREFIX + sid) == before


BAD_INDEXES = {
    "not JSON": "{broken",
    "6000 levels deep": DEEP,
    "an object": '{"id": "x"}',
    "entries of every wrong type": '[1, "x", null, [], {"id": 5}, {"id": ""}, {"id": "' + "z" * 500 + '"}]',
    "an entry for a save that is gone": '[{"id": "gone", "title": "Ghost"}]',
}


@pytest.mark.parametrize("text", BAD_INDEXES.values(), ids=BAD_INDEXES.keys())
def test_damaged_index_lists_every_save_from_the_saves_themselves(text: str) -> None:
    storage, ann, bea = _stored()
    storage.set(INDEX_KEY, text)
    app = make_app(storage)
    app.boot()
    assert app.screen == "table" and app.match_id == bea
    app.dispatch("go", {"to": "saves"})
    html = app.render()
    listed = {e["id"]: e for e in app.store.list()}
    assert set(listed) == {ann, bea}
    assert [s["name"] for s in listed[ann]["seats"]][0] == "Ann" and listed[ann]["title"] == "Timeline"
    assert "Ann" in html and "Bea" in html and "Ghost" not in html


def test_unparsable_or_hostile_save_records_stay_listed_and_exportable() -> None:
    storage, ann, bea = _stored()
    storage.set(SAVE_PREFIX + ann, DEEP)
    storage.set(SAVE_PREFIX + "odd-1", "not json")
    app = make_app(storage)
    app.boot()
    app.dispatch("go", {"to": "saves"})
    app.render()
    assert {e["id"] for e in app.store.list()} == {ann, bea, "odd-1"}
    app.dispatch("resume", {"id": ann})
    assert app.screen == "saves" and "nested more than 64 levels" in app.error
    assert "Cannot be opened" in app.render()
    assert app.dispatch("export", {"id": ann})["download"][1] == DEEP
    assert storage.get(SAVE_PREFIX + ann) == DEEP


@pytest.mark.parametrize("odd", ["x" * 101, "y" * 5000, "a\nb", "\x00"])
def test_a_save_under_an_id_the_app_never_makes_is_listed_as_damaged(odd: str) -> None:
    """A record whose id is too long or unprintable (another app version, an extension, a
    damaged disk) is listed as damaged with the reason, and can be exported and deleted;
    the other saves are untouched."""
    storage, ann, bea = _stored()
    text = storage.get(SAVE_PREFIX + ann)
    assert text is not None
    storage.set(SAVE_PREFIX + odd, text)
    app = make_app(storage)
    app.boot()
    entry = app.store.entry(odd)
    assert entry is not None and "name this app does not make" in entry["damaged"]
    assert entry["title"] == "Timeline" and entry["seats"][0]["name"] == "Ann"
    app.dispatch("go", {"to": "saves"})
    html = app.render()
    assert html.count("name this app does not make") == 1
    assert {e["id"] for e in app.store.list()} == {ann, bea, odd}
    app.dispatch("resume", {"id": odd})
    assert app.screen == "saves" and "Export it and import the file" in (app.error or "")
    exported = app.dispatch("export", {"id": odd})["download"][1]
    app.dispatch("import-text", {"text": exported, "name": "odd.json"})
    assert app.error is None and len(app.store.list()) == 4  # imported under a new, good id
    assert app.dispatch("export", {"id": odd})["download"][1] == text
    app.dispatch("delete", {"id": odd})
    app.dispatch("delete-confirm", {"id": odd})
    assert storage.get(SAVE_PREFIX + odd) is None
    assert odd not in {e["id"] for e in app.store.list()} and ann in {e["id"] for e in app.store.list()}


@pytest.mark.parametrize("current", ["", "x" * 5000, "a\nb", DEEP])
def test_odd_current_key_is_ignored(current: str) -> None:
    storage, ann, bea = _stored()
    storage.set(CURRENT_KEY, current)
    app = make_app(storage)
    app.boot()
    assert app.screen == "library"
    _every_screen(app)
    assert len(app.store.list()) == 2


@pytest.mark.parametrize("text", [DEEP, '{"theme": ' * 3000 + "1" + "}" * 3000, '"dark"', "[]",
                                  '{"theme": 5, "botspeed": [], "handoff": "yes"}'])
def test_hostile_settings_give_defaults(text: str) -> None:
    storage = MemoryStorage({SETTINGS_KEY: text})
    assert load_settings(storage) == {"theme": "system", "botspeed": "normal", "handoff": False, "hints": True}
    _every_screen(make_app(storage))


def test_clean_entry_keeps_good_entries_as_they_are() -> None:
    storage, ann, _ = _stored()
    raw = next(e for e in json.loads(storage.get(INDEX_KEY)) if e["id"] == ann)
    assert clean_entry(raw) == raw
    assert clean_entry(dict(raw, id=None)) is None


# ---- 2. storage full or failing ----------------------------------------------------------------
class FakeBackend:
    """A durable store that commits after an await; ``full`` makes every write fail."""

    def __init__(self) -> None:
        self.committed: dict[str, str] = {}
        self.full = False
        self.writes = 0

    async def _commit(self, key: str, value: str | None) -> None:
        await asyncio.sleep(0)
        self.writes += 1
        if self.full:
            raise RuntimeError("Error: the device's storage for this app is full")
        if value is None:
            self.committed.pop(key, None)
        else:
            self.committed[key] = value

    def put(self, key: str, value: str) -> Any:
        return self._commit(key, value)

    def remove(self, key: str) -> Any:
        return self._commit(key, None)


def test_flush_waits_for_pending_writes_only() -> None:
    """A write that has finished but whose done callback has not yet taken it out of the
    pending set (Pyodide's event loop can run that callback late) must not keep ``flush``
    looping on it: the loop then never yields to the page's messages (issue 44, the app's
    worker frozen after the localStorage migration)."""
    async def scenario() -> None:
        backend = FakeBackend()
        storage = WriteThroughStorage({}, backend)
        finished: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        finished.set_result(None)
        storage._tasks.add(finished)  # finished, never discarded
        storage.set("k", "v")
        await asyncio.wait_for(storage.flush(), 5)
        assert backend.committed == {"k": "v"}

    asyncio.run(scenario())


def test_write_through_commits_every_write_and_reports_failures() -> None:
    async def scenario() -> None:
        backend = FakeBackend()
        changes: list[str | None] = []
        storage = WriteThroughStorage({}, backend)
        storage.on_change = lambda: changes.append(storage.problem())
        app = make_app(storage)  # type: ignore[arg-type]
        start_game(app, ["human", "bot"], ["Ann"])
        _move(app)
        await storage.flush()
        assert backend.committed == storage.data and storage.problem() is None and changes == []
        # the device fills up: play goes on, the player is told at once
        backend.full = True
        _move(app)
        await storage.flush()
        assert storage.problem() and "could not be saved" in storage.problem()
        assert "storage for this app is full" in storage.problem()
        assert len(changes) == 1 and "could not be saved" in app.render()
        assert backend.committed != storage.data
        # space freed: the next move saves everything (a save is the whole game) and the alert goes
        backend.full = False
        _move(app)
        await storage.flush()
        assert storage.problem() is None and changes[-1] is None
        assert backend.committed == storage.data
        assert Match.load(backend.committed[SAVE_PREFIX + app.match_id]).save_json() == app.match.save_json()
        assert "could not be saved" not in app.render()

    asyncio.run(scenario())


def test_full_at_start_keeps_the_saves_visible_and_says_so() -> None:
    async def scenario() -> None:
        storage, ann, bea = _stored()
        backend = FakeBackend()
        backend.full = True
        full = WriteThroughStorage(storage.data, backend, full_at_start="the device's storage for this app is full")
        app = make_app(full)  # type: ignore[arg-type]
        app.boot()
        assert app.screen == "table" and app.match_id == bea  # the current game reopens
        for to in ("library", "saves"):
            app.dispatch("go", {"to": to})
            html = app.render()
            assert "Storage on this device is full" in html and "new moves are not being saved" in html
        assert "Ann" in html and "Bea" in html and "No saved games yet" not in html
        # a game played now: the alert stays, it is not lost in silence
        app.dispatch("resume", {"id": ann})
        _move(app)
        await full.flush()
        assert "new moves are not being saved" in app.render()
        backend.full = False
        _move(app)
        await full.flush()
        assert full.problem() is None

    asyncio.run(scenario())


def test_memory_storage_warning_shows_on_every_screen() -> None:
    app = make_app(MemoryStorage(warning="This browser keeps nothing."))
    for to in ("library", "saves", "settings"):
        app.dispatch("go", {"to": to})
        assert "This browser keeps nothing." in app.render()
    start_game(app, ["human", "bot"])
    assert "This browser keeps nothing." in app.render()


def test_lasting_warning_of_a_plainer_storage() -> None:
    storage = WriteThroughStorage({}, FakeBackend(), warning="The app's database could not be opened.")
    app = make_app(storage)  # type: ignore[arg-type]
    assert "database could not be opened" in app.render()


def test_writes_of_another_tab_are_taken_over() -> None:
    storage = WriteThroughStorage({"tb:a": "1", "tb:b": "2"}, FakeBackend())
    storage.apply_external([["tb:a", None], ["tb:c", "3"], ["bad"], [5, "x"], ["tb:b", 7]])
    assert storage.data == {"tb:b": "2", "tb:c": "3"}


# ---- 3. migration from localStorage ---------------------------------------------------------------
def test_migration_from_localstorage_loses_nothing() -> None:
    legacy, ann, bea = _stored()
    legacy.set(SETTINGS_KEY, json.dumps({"theme": "dark", "botspeed": "fast", "handoff": True}))
    legacy.set("tb:probe", "1")
    async def scenario() -> None:
        backend = FakeBackend()
        storage = WriteThroughStorage({}, backend)
        store = SaveStore(storage, lambda: 1.0)
        handled = store.migrate(legacy.data)
        await storage.flush()
        assert sorted(handled) == sorted(legacy.data)
        for key, value in legacy.data.items():
            if key != "tb:probe":
                assert backend.committed[key] == value, key
        app = make_app(storage)  # type: ignore[arg-type]
        app.boot()
        assert app.match_id == bea and app.settings["theme"] == "dark"
        old = SaveStore(legacy, lambda: 1.0)
        assert app.store.list() == old.list()
        # idempotent: a second start changes nothing
        await storage.flush()
        before = dict(backend.committed)
        writes = backend.writes
        store.migrate(legacy.data)
        await storage.flush()
        assert backend.committed == before and backend.writes == writes

    asyncio.run(scenario())


def test_migration_keeps_both_when_a_save_differs() -> None:
    legacy, ann, bea = _stored()
    storage, _, other = _stored()  # this device already holds two other games...
    newer = storage.get(SAVE_PREFIX + other)
    storage.set(SAVE_PREFIX + ann, newer)  # ...one of them under the id of Ann's game
    storage.set(CURRENT_KEY, "keep-me")
    storage.set(SETTINGS_KEY, '{"theme": "light"}')
    store = SaveStore(storage, lambda: 1.0)
    store.migrate(legacy.data)
    assert storage.get(SAVE_PREFIX + ann) == newer
    assert storage.get(SAVE_PREFIX + ann + "-2") == legacy.get(SAVE_PREFIX + ann)
    assert storage.get(CURRENT_KEY) == "keep-me" and storage.get(SETTINGS_KEY) == '{"theme": "light"}'
    names = {e["id"]: e["seats"][0]["name"] for e in store.list()}
    assert names[ann + "-2"] == "Ann" and names[bea] == "Bea"
    store.migrate(legacy.data)  # idempotent here too
    assert not any(k.endswith("-3") for k in storage.keys())


# ---- 4. hostile files ----------------------------------------------------------------------------
@pytest.mark.parametrize("data,reason", [
    (DEEP, "nested more than 64 levels"),
    (DEEP.encode(), "nested more than 64 levels"),
    (b"\xff\xfe{\x00}\x00", "not UTF-8"),
    ('{"format": "time-and-barons-backup", "stores": ' + "[" * 5000, "nested more than 64 levels"),
])
def test_import_of_hostile_file_is_refused_with_a_message(data: str | bytes, reason: str) -> None:
    storage, ann, bea = _stored()
    app = make_app(storage)
    app.dispatch("go", {"to": "saves"})
    before = dict(storage.data)
    app.dispatch("import-text", {"text": data, "name": "evil.json"})
    assert app.error and app.error.startswith("Could not import evil.json:") and reason in app.error
    assert storage.data == before
    assert "Ann" in app.render()


def test_too_large_file_is_refused_before_reading() -> None:
    from py_engine.core.safejson import MAX_BYTES

    app = make_app()
    assert app.import_refusal("a.json", MAX_BYTES) is None
    msg = app.import_refusal("huge.json", MAX_BYTES + 1)
    assert msg and "too large" in msg and "huge.json" in msg


def test_backup_restores_every_save_once() -> None:
    legacy, ann, bea = _stored()
    legacy.set(SAVE_PREFIX + "broken", '{"format": "time-and-barons-save", "version": 1, "game": "nope"}')
    backup = {"format": BACKUP_FORMAT, "version": 1, "exported": "2026-01-01T00:00:00Z",
              "stores": {"indexeddb": dict(legacy.data), "localStorage": {SAVE_PREFIX + "x": legacy.get(SAVE_PREFIX + ann)}}}
    storage = MemoryStorage()
    app = make_app(storage)
    app.dispatch("import-text", {"text": json.dumps(backup).encode(), "name": "backup.json"})
    assert app.screen == "saves" and app.error is None
    assert app.notice.startswith("Restored 2 saved games from backup.json") and "1 could not be read" in app.notice
    assert sorted(s["seats"][0]["name"] for s in app.store.list()) == ["Ann", "Bea"]
    texts = {storage.get(k) for k in storage.keys() if k.startswith(SAVE_PREFIX)}
    assert texts == {legacy.get(SAVE_PREFIX + ann), legacy.get(SAVE_PREFIX + bea)}
    app.dispatch("import-text", {"text": json.dumps(backup), "name": "backup.json"})
    assert "2 were already here" in app.notice and len(app.store.list()) == 2
    resume = buttons(app.render(), "resume")[0]
    tap(app, resume)
    assert app.screen == "table"


def test_engine_notices_reach_the_player() -> None:
    """A save written by another engine version that replays to another position opens,
    and the player is told (Match.notices) on import and on resume."""
    storage, ann, bea = _stored()
    d = json.loads(storage.get(SAVE_PREFIX + ann))
    d.update(state_hash="0" * 16, engine="0.0.1")
    app = make_app(storage)
    app.dispatch("import-text", {"text": json.dumps(d), "name": "old.json"})
    assert app.error is None and "Imported old.json" in app.notice and "0.0.1" in app.notice
    sid = next(e["id"] for e in app.store.list() if e["id"] not in (ann, bea))
    storage.set(SAVE_PREFIX + sid, json.dumps(d))
    app.dispatch("dismiss", {})
    app.dispatch("resume", {"id": sid})
    assert app.screen == "table" and "0.0.1" in app.notice and "0.0.1" in app.render()
