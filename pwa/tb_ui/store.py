"""Saves and settings over an abstract key-value storage (window.localStorage in
the browser, a dict in the unit tests).

Keys (all prefixed ``tb:``):

- ``tb:save:<id>``: the match save JSON (:meth:`Match.save_json`);
- ``tb:saves``: the index, a JSON list of entries ``{"id", "game", "title", "seats":
  [{"name", "kind", "level"}], "progress", "over", "result", "created", "updated",
  "damaged"}`` (newest first when listed);
- ``tb:current``: the id of the game on the table (autosaved after every action);
- ``tb:settings``: ``{"theme", "botspeed", "handoff"}``.

Writing one save never touches another: an import always gets a fresh id, and a
save that fails to load stays listed (marked damaged) until the player deletes it.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any, Protocol

PREFIX = "tb:"
SAVE_PREFIX = PREFIX + "save:"
INDEX_KEY = PREFIX + "saves"
CURRENT_KEY = PREFIX + "current"
SETTINGS_KEY = PREFIX + "settings"

THEMES = ("system", "light", "dark")
BOT_SPEEDS = ("normal", "fast", "instant")
#: Seconds a bot waits before moving, per bot speed setting.
BOT_DELAY = {"normal": 0.7, "fast": 0.15, "instant": 0.0}
DEFAULT_SETTINGS: dict[str, Any] = {"theme": "system", "botspeed": "normal", "handoff": False}


class StorageFull(Exception):
    """The storage refused a write (quota exceeded or storage disabled)."""


class Storage(Protocol):
    """The few operations of ``window.localStorage`` the app uses."""

    def get(self, key: str) -> str | None: ...

    def set(self, key: str, value: str) -> None: ...

    def remove(self, key: str) -> None: ...

    def keys(self) -> list[str]: ...


class MemoryStorage:
    """A dict-backed :class:`Storage` (unit tests, and a fallback when the browser
    refuses localStorage)."""

    def __init__(self, data: dict[str, str] | None = None) -> None:
        self.data: dict[str, str] = dict(data or {})

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        self.data[key] = value

    def remove(self, key: str) -> None:
        self.data.pop(key, None)

    def keys(self) -> list[str]:
        return list(self.data)


def load_settings(storage: Storage) -> dict[str, Any]:
    """The settings, with defaults for anything missing or invalid."""
    out = dict(DEFAULT_SETTINGS)
    try:
        raw = json.loads(storage.get(SETTINGS_KEY) or "{}")
    except ValueError:
        raw = {}
    if isinstance(raw, dict):
        if raw.get("theme") in THEMES:
            out["theme"] = raw["theme"]
        if raw.get("botspeed") in BOT_SPEEDS:
            out["botspeed"] = raw["botspeed"]
        if isinstance(raw.get("handoff"), bool):
            out["handoff"] = raw["handoff"]
    return out


def save_settings(storage: Storage, settings: dict[str, Any]) -> None:
    storage.set(SETTINGS_KEY, json.dumps(settings, sort_keys=True))


def progress_text(match: Any) -> str:
    """A short progress line for the saved-games list ("Round 3", "12 moves")."""
    state = match.state
    if isinstance(state.get("round"), int):
        return f"Round {state['round']}"
    n = len(match.actions)
    return f"{n} move{'s' if n != 1 else ''}"


def result_text(match: Any) -> str | None:
    """"Ann won" / "Ann and Bob won" once the match is over, else None."""
    out = match.game.outcome(match.state)
    if out is None:
        return None
    names = [match.seats[s].name for s in out.winners]
    if len(names) == len(match.seats) and len(names) > 1:
        return "Draw"
    if len(names) == 1:
        return f"{names[0]} won"
    return f"{', '.join(names[:-1])} and {names[-1]} won"


class SaveStore:
    """The saved games of this device."""

    def __init__(self, storage: Storage, now_ms: Callable[[], float]) -> None:
        self.storage = storage
        self.now_ms = now_ms

    # ---- index -------------------------------------------------------------------
    def _read_index(self) -> list[dict[str, Any]]:
        try:
            raw = json.loads(self.storage.get(INDEX_KEY) or "[]")
        except ValueError:
            raw = None
        entries = [e for e in raw if isinstance(e, dict) and isinstance(e.get("id"), str)] \
            if isinstance(raw, list) else []
        # Any save the index does not know (a damaged index) is still listed.
        known = {e["id"] for e in entries}
        for key in self.storage.keys():
            if key.startswith(SAVE_PREFIX) and key[len(SAVE_PREFIX):] not in known:
                sid = key[len(SAVE_PREFIX):]
                entries.append({"id": sid, "game": "?", "title": "Saved game", "seats": [],
                                "progress": "", "over": False, "result": None,
                                "created": 0, "updated": 0, "damaged": None})
                known.add(sid)
        return [e for e in entries if self.storage.get(SAVE_PREFIX + e["id"]) is not None]

    def _write_index(self, entries: list[dict[str, Any]]) -> None:
        self.storage.set(INDEX_KEY, json.dumps(entries, ensure_ascii=False))

    def list(self) -> list[dict[str, Any]]:
        """Every save, most recently played first."""
        return sorted(self._read_index(), key=lambda e: -float(e.get("updated") or 0))

    def entry(self, sid: str) -> dict[str, Any] | None:
        for e in self._read_index():
            if e["id"] == sid:
                return e
        return None

    # ---- ids ---------------------------------------------------------------------
    def new_id(self) -> str:
        """A fresh id that no stored save uses."""
        while True:
            sid = f"{int(self.now_ms()):x}-{random.randrange(16**4):04x}"
            if self.storage.get(SAVE_PREFIX + sid) is None:
                return sid

    # ---- read / write ------------------------------------------------------------
    def text(self, sid: str) -> str | None:
        """The save JSON text of ``sid``, or None."""
        return self.storage.get(SAVE_PREFIX + sid)

    def put(self, sid: str, match: Any) -> dict[str, Any]:
        """Write (autosave) ``match`` as ``sid`` and update its index entry.

        Raises:
            StorageFull: the storage refused the write (nothing else changed).
        """
        text = match.save_json()
        entries = self._read_index()
        old = next((e for e in entries if e["id"] == sid), None)
        now = self.now_ms()
        entry = {
            "id": sid, "game": match.game.id, "title": match.game.title,
            "seats": [s.to_json() for s in match.seats], "progress": progress_text(match),
            "over": match.is_over(), "result": result_text(match),
            "created": (old or {}).get("created") or now, "updated": now, "damaged": None,
        }
        try:
            self.storage.set(SAVE_PREFIX + sid, text)
        except Exception as e:  # QuotaExceededError and friends
            raise StorageFull(str(e)) from None
        entries = [e for e in entries if e["id"] != sid] + [entry]
        try:
            self._write_index(entries)
        except Exception as e:
            raise StorageFull(str(e)) from None
        return entry

    def mark_damaged(self, sid: str, message: str) -> None:
        """Remember that ``sid`` failed to load (it stays listed)."""
        entries = self._read_index()
        for e in entries:
            if e["id"] == sid:
                e["damaged"] = message
        try:
            self._write_index(entries)
        except Exception:
            pass

    def delete(self, sid: str) -> None:
        """Remove one save (and forget it as current)."""
        self.storage.remove(SAVE_PREFIX + sid)
        self._write_index([e for e in self._read_index() if e["id"] != sid])
        if self.current() == sid:
            self.set_current(None)

    # ---- current -----------------------------------------------------------------
    def current(self) -> str | None:
        sid = self.storage.get(CURRENT_KEY)
        if not sid or self.storage.get(SAVE_PREFIX + sid) is None:
            return None
        return sid

    def set_current(self, sid: str | None) -> None:
        if sid is None:
            self.storage.remove(CURRENT_KEY)
        else:
            self.storage.set(CURRENT_KEY, sid)

    def latest_unfinished(self, game_id: str | None = None) -> dict[str, Any] | None:
        """The most recently played save that is not over (of ``game_id`` if given)."""
        for e in self.list():
            if not e.get("over") and (game_id is None or e.get("game") == game_id):
                return e
        return None

    # ---- import / export ---------------------------------------------------------
    def export(self, sid: str) -> tuple[str, str]:
        """``(file name, JSON text)`` for a download of ``sid``.

        Raises:
            KeyError: no such save.
        """
        text = self.text(sid)
        if text is None:
            raise KeyError(sid)
        entry = self.entry(sid) or {}
        game = str(entry.get("game") or "game")
        safe = "".join(c for c in game if c.isalnum() or c in "-_") or "game"
        return f"time-and-barons-{safe}-{sid}.json", text

    def import_text(self, text: str | bytes) -> tuple[str, Any]:
        """Validate a save file and store it under a NEW id (never overwriting one).

        Returns ``(id, match)``.

        Raises:
            SaveError: the file is not a save we can open (the message says why).
            StorageFull: it could not be stored.
        """
        from py_engine.core import Match, SaveError

        try:
            match = Match.load(text)
        except SaveError:
            raise
        except Exception as e:  # anything odd in a hand-edited file
            raise SaveError(f"This file could not be read as a save ({type(e).__name__}: {e}).") from None
        sid = self.new_id()
        self.put(sid, match)
        return sid, match
