"""Saves and settings over an abstract key-value storage: in the browser an in-memory copy
written through to IndexedDB (:class:`WriteThroughStorage` over ``storage.js``), in the unit
tests a dict (:class:`MemoryStorage`).

Keys (all prefixed ``tb:``):

- ``tb:save:<id>``: the match save JSON (:meth:`Match.save_json`) — the data itself;
- ``tb:saves``: the index, a JSON list of entries ``{"id", "game", "title", "seats":
  [{"name", "kind", "level"}], "progress", "over", "result", "created", "updated",
  "damaged", "listing_damaged"}`` (newest first when listed) — only a listing of the saves;
- ``tb:current``: the id of the game on the table (autosaved after every action);
- ``tb:settings``: ``{"theme", "botspeed", "handoff", "hints"}``;
- ``tb:seals`` and ``tb:seal:<deal>``: the deal seals this phone saw as a guest at tables across
  phones, and the digest of every view received under each (:class:`SealBook`, issue 47).

Everything read back is treated as untrusted (another version of the app, a browser extension,
a damaged disk may have written it): JSON goes through
:func:`py_engine.core.safejson.loads_limited`, and every field is type-checked
(:func:`clean_entry`). A listing entry that is wrong is repaired from the save it lists and
shown as damaged; a save that cannot be opened stays listed (marked damaged) and exportable
until the player deletes it; nothing read from storage can stop the app. Writing one save never
touches another: an import always gets a fresh id.
"""

from __future__ import annotations

import asyncio
import builtins
import json
import math
import random
from collections.abc import Awaitable, Callable, Mapping
from typing import Any, Protocol

from py_engine.core import Match, SaveError
from py_engine.core.host import Ledger
from py_engine.core.safejson import MAX_BYTES, UnsafeJson, loads_limited
from py_engine.games import get, ids

PREFIX = "tb:"
SAVE_PREFIX = PREFIX + "save:"
INDEX_KEY = PREFIX + "saves"
CURRENT_KEY = PREFIX + "current"
SETTINGS_KEY = PREFIX + "settings"
SEALS_KEY = PREFIX + "seals"
SEAL_PREFIX = PREFIX + "seal:"
#: A backup of every stored record (``storage.js`` ``exportAll``; importable).
BACKUP_FORMAT = "time-and-barons-backup"

THEMES = ("system", "light", "dark")
BOT_SPEEDS = ("normal", "fast", "instant")
#: Seconds a bot waits before moving, per bot speed setting.
BOT_DELAY = {"normal": 0.7, "fast": 0.15, "instant": 0.0}
#: Full pauses in one bot's run of decisions; its later events pause a quarter as long (App.bot_delay).
PACE_PAUSES = 3
#: Seconds of search one bot's run of decisions may use in all when bots are time-limited (each
#: decision also keeps its level's own limit, and gets THINK_FLOOR_SECONDS at least): a slow
#: phone's whole bot turn stays within 8 s (issue 25 §2).
RUN_THINK_SECONDS = 3.0
THINK_FLOOR_SECONDS = 0.2
DEFAULT_SETTINGS: dict[str, Any] = {"theme": "system", "botspeed": "normal", "handoff": False, "hints": True}

#: Longest save id accepted from storage (ours are 16 characters).
MAX_ID = 100

#: The largest save file the app reads (bytes), as the engine's safe JSON reader allows.
MAX_SAVE_BYTES: int = MAX_BYTES


class StorageFull(Exception):
    """The storage refused a write (quota exceeded or storage disabled)."""


class Storage(Protocol):
    """What the app needs of a key-value storage (strings to strings)."""

    def get(self, key: str) -> str | None: ...

    def set(self, key: str, value: str) -> None: ...

    def remove(self, key: str) -> None: ...

    def keys(self) -> list[str]: ...

    def problem(self) -> str | None:
        """A message for the player while games are not being kept (storage full or
        unavailable, a write failed), else None."""
        ...


class MemoryStorage:
    """A dict-backed :class:`Storage` (unit tests, and the fallback when the browser
    keeps nothing: then ``warning`` says so)."""

    def __init__(self, data: dict[str, str] | None = None, warning: str | None = None) -> None:
        self.data: dict[str, str] = dict(data or {})
        self.warning = warning

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        self.data[key] = value

    def remove(self, key: str) -> None:
        self.data.pop(key, None)

    def keys(self) -> list[str]:
        return list(self.data)

    def problem(self) -> str | None:
        return self.warning


class Backend(Protocol):
    """The durable store under :class:`WriteThroughStorage` (``storage.js`` in the browser):
    each call starts a write and returns an awaitable that completes once it is committed,
    or raises with a readable reason."""

    def put(self, key: str, value: str) -> Awaitable[Any]: ...

    def remove(self, key: str) -> Awaitable[Any]: ...


def _reason(e: BaseException) -> str:
    text = str(e).strip() or type(e).__name__
    for prefix in ("Error: ", "JsException: "):
        if text.startswith(prefix):
            text = text[len(prefix):]
    return text[:300]


class WriteThroughStorage:
    """A :class:`Storage` read from memory and written through to a durable backend.

    IndexedDB is asynchronous and the app's logic is not: the records are loaded once at
    start (``data``), reads come from memory, and every write changes memory at once and
    starts a durable write in the background (an asyncio task awaiting the backend). A
    write that fails is remembered per key, and written again (as the record is then) as
    soon as another write succeeds; :meth:`problem` says so meanwhile, and ``on_change``
    is called whenever that message changes (the browser layer redraws). ``full_at_start``: the backend refused a write when the
    app started (the warning stays until a write succeeds); ``warning``: a lasting note
    (e.g. the database could not be opened and a plainer storage is used).
    """

    def __init__(self, data: Mapping[str, str], backend: Backend, *, full_at_start: str | None = None,
                 warning: str | None = None, on_change: Callable[[], None] | None = None) -> None:
        self.data: dict[str, str] = dict(data)
        self.backend = backend
        self.full_at_start = full_at_start
        self.warning = warning
        self.on_change = on_change
        self.failures: dict[str, str] = {}
        self._retrying: set[str] = set()
        self._tasks: set[asyncio.Future[None]] = set()

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def keys(self) -> list[str]:
        return list(self.data)

    def set(self, key: str, value: str) -> None:
        self.data[key] = value
        self._track(key, self.backend.put(key, value))

    def remove(self, key: str) -> None:
        self.data.pop(key, None)
        self._track(key, self.backend.remove(key))

    def _track(self, key: str, write: Awaitable[Any]) -> None:
        task = asyncio.ensure_future(self._watch(key, write))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _watch(self, key: str, write: Awaitable[Any]) -> None:
        try:
            await write
        except Exception as e:  # the backend's reason (quota, I/O error, ...)
            before = self.problem()
            self.failures[key] = _reason(e)
        else:
            before = self.problem()
            self.failures.pop(key, None)
            self.full_at_start = None
            # The backend takes writes again: write what it missed (the records as they are now).
            for k in [k for k in self.failures if k not in self._retrying]:
                self._retrying.add(k)
                value = self.data.get(k)
                self._track(k, self.backend.put(k, value) if value is not None else self.backend.remove(k))
        finally:
            self._retrying.discard(key)
        if self.problem() != before and self.on_change is not None:
            self.on_change()

    async def flush(self) -> None:
        """Wait until every write started so far has been committed or has failed.

        Waits on the writes still pending only: a finished write leaves ``_tasks`` in a done
        callback, which Pyodide's event loop may run only after later callbacks, and a loop
        awaiting finished tasks there never yields to the page's messages (it froze the app's
        worker after the localStorage migration)."""
        while pending := [t for t in self._tasks if not t.done()]:
            await asyncio.wait(pending)

    def apply_external(self, changes: list[Any]) -> None:
        """Take over writes another tab of the app committed (``[[key, value or None], ...]``),
        so this tab does not write back stale records."""
        for change in changes:
            if not (isinstance(change, list | tuple) and len(change) == 2 and isinstance(change[0], str)):
                continue
            key, value = change
            if value is None:
                self.data.pop(key, None)
            elif isinstance(value, str):
                self.data[key] = value

    def problem(self) -> str | None:
        if self.full_at_start:
            why = "" if "full" in self.full_at_start else f" ({self.full_at_start})"
            return (f"Storage on this device is full, so new moves are not being saved{why}. "
                    "Your saved games are all still here. Free some space (export and delete old "
                    "saves, or clear other sites' data), then reload.")
        if self.failures:
            reason = next(iter(self.failures.values()))
            return ("Your latest moves could not be saved on this device "
                    f"({reason}). The game goes on, but it will be lost when this page closes: "
                    "free some space, or export the game from Saved games to keep a copy.")
        return self.warning


def read_json(storage: Storage, key: str) -> Any:
    """The JSON value stored under ``key``; None if missing, not JSON, or too large or
    deeply nested to read safely."""
    text = storage.get(key)
    if not isinstance(text, str):
        return None
    try:
        return loads_limited(text)
    except UnsafeJson:
        return None


class SealBook:
    """The deal seals a guest phone has seen (issue 47), each with what it received under it
    (a :class:`~py_engine.core.host.Ledger` per deal), kept on the device so that a rejoin, or a
    reload of this phone, holds the host to the first seal of a deal and checks every view at
    the end: ``tb:seal:<deal>`` per deal (a move writes only its deal's record), and the deals in
    the order seen under :data:`SEALS_KEY`. The latest :attr:`KEEP` deals are kept; an
    unreadable record is dropped (it holds nothing a player could lose)."""

    #: Deals kept (the oldest goes first).
    KEEP = 8

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        raw = read_json(storage, SEALS_KEY)
        self._deals: list[str] = [d for d in raw if isinstance(d, str) and valid_id(d)] if isinstance(raw, list) else []
        self._ledgers: dict[str, Ledger] = {}

    def get(self, deal: str) -> Ledger | None:
        """The ledger of ``deal``, or None if this phone never saw it (or its record is unreadable)."""
        if deal in self._ledgers:
            return self._ledgers[deal]
        if deal not in self._deals:
            return None
        try:
            ledger = Ledger.from_json(read_json(self.storage, SEAL_PREFIX + deal))
        except SaveError:
            return None
        if ledger.deal != deal:
            return None
        self._ledgers[deal] = ledger
        return ledger

    def put(self, ledger: Ledger) -> None:
        """Keep ``ledger`` (the latest deal last) and write its record through."""
        deal = ledger.deal
        if not valid_id(deal):
            return
        self._ledgers[deal] = ledger
        if not self._deals or self._deals[-1] != deal:
            self._deals = [d for d in self._deals if d != deal] + [deal]
            while len(self._deals) > self.KEEP:
                old = self._deals.pop(0)
                self._ledgers.pop(old, None)
                self.storage.remove(SEAL_PREFIX + old)
            self.storage.set(SEALS_KEY, json.dumps(self._deals))
        self.storage.set(SEAL_PREFIX + deal, json.dumps(ledger.to_json(), separators=(",", ":")))


def load_settings(storage: Storage) -> dict[str, Any]:
    """The settings, with defaults for anything missing or invalid."""
    out = dict(DEFAULT_SETTINGS)
    raw = read_json(storage, SETTINGS_KEY)
    if isinstance(raw, dict):
        if raw.get("theme") in THEMES:
            out["theme"] = raw["theme"]
        if raw.get("botspeed") in BOT_SPEEDS:
            out["botspeed"] = raw["botspeed"]
        if isinstance(raw.get("handoff"), bool):
            out["handoff"] = raw["handoff"]
        if isinstance(raw.get("hints"), bool):
            out["hints"] = raw["hints"]
    return out


def save_settings(storage: Storage, settings: dict[str, Any]) -> None:
    storage.set(SETTINGS_KEY, json.dumps(settings, sort_keys=True))


# ---- listing entries read from storage ------------------------------------------------------
def valid_id(sid: Any) -> bool:
    """A save id as the app makes them: a non-empty string of at most :data:`MAX_ID`
    printable characters."""
    return isinstance(sid, str) and 0 < len(sid) <= MAX_ID and sid.isprintable()


def odd_id_message(sid: str) -> str:
    """Why a save stored under an id that is not :func:`valid_id` is not opened, and what
    to do (importing the exported file gives it a new id)."""
    return (f"it is stored under a name this app does not make ({len(sid)} characters, or unprintable "
            "ones). Export it and import the file to play it, or delete it.")


def _text(v: Any, limit: int) -> str | None:
    return v if isinstance(v, str) and len(v) <= limit else None


def _time(v: Any) -> float | None:
    """A timestamp in ms since 1970 (a finite number, not a bool), else None."""
    if isinstance(v, bool) or not isinstance(v, int | float):
        return None
    f = float(v)
    return f if math.isfinite(f) and 0 <= f < 1e15 else None


def clean_seat(raw: Any) -> dict[str, Any] | None:
    """``{"name", "kind", "level"}`` with the right types, or None."""
    if not isinstance(raw, dict):
        return None
    name = _text(raw.get("name"), 200)
    kind = raw.get("kind", "human")
    level = _text(raw.get("level"), 40)
    if name is None or kind not in ("human", "bot"):
        return None
    return {"name": name, "kind": kind, "level": level if kind == "bot" else None}


def clean_entry(raw: Any) -> dict[str, Any] | None:
    """A listing entry read from storage, every field of the right type.

    Returns None if it has no usable id (it then lists nothing). A field of the wrong
    type gets its default and the entry ``listing_damaged`` True. Shapes as in the
    module docstring; times are ms since 1970 (0: unknown).
    """
    if not isinstance(raw, dict) or not valid_id(raw.get("id")):
        return None
    bad = raw.get("listing_damaged") is True

    def pick(value: Any, default: Any) -> Any:
        nonlocal bad
        if value is None:
            bad = True
            return default
        return value

    seats_raw = raw.get("seats")
    seats = [clean_seat(s) for s in seats_raw] if isinstance(seats_raw, list) and len(seats_raw) <= 16 else None
    if seats is None or any(s is None for s in seats):
        bad = True
        seats = [s for s in seats or [] if s is not None]
    result = raw.get("result")
    damaged = raw.get("damaged")
    entry = {
        "id": raw["id"],
        "game": pick(_text(raw.get("game"), 40), "?"),
        "title": pick(_text(raw.get("title"), 80), "Saved game"),
        "seats": seats,
        "progress": pick(_text(raw.get("progress"), 60), ""),
        "over": pick(raw.get("over") if isinstance(raw.get("over"), bool) else None, False),
        "result": result if _text(result, 200) is not None else None,
        "created": pick(_time(raw.get("created")), 0),
        "updated": pick(_time(raw.get("updated")), 0),
        "damaged": damaged if _text(damaged, 2000) is not None else None,
    }
    if (result is not None and entry["result"] is None) or (damaged is not None and entry["damaged"] is None):
        bad = True
    entry["listing_damaged"] = bad
    return entry


def listing_from_save(sid: str, text: str | None) -> dict[str, Any]:
    """What a save's own JSON tells about it without replaying it (game and seats), as a
    listing entry marked ``listing_damaged`` (for a save the index lost or got wrong)."""
    entry: dict[str, Any] = {"id": sid, "game": "?", "title": "Saved game", "seats": [], "progress": "",
                             "over": False, "result": None, "created": 0, "updated": 0, "damaged": None,
                             "listing_damaged": True}
    try:
        d = loads_limited(text or "")
    except UnsafeJson:
        return entry
    if isinstance(d, dict):
        game = d.get("game")
        if isinstance(game, str) and game in ids():
            entry["game"], entry["title"] = game, get(game).title
        seats = d.get("seats")
        if isinstance(seats, list) and len(seats) <= 16:
            entry["seats"] = [s for s in (clean_seat(x) for x in seats) if s is not None]
    return entry


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
        self._cache: tuple[Any, list[dict[str, Any]]] | None = None

    # ---- index -------------------------------------------------------------------
    def _read_index(self) -> list[dict[str, Any]]:
        """Every stored save's listing entry (copies), validated (:func:`clean_entry`).

        A save the index does not list, or lists wrongly, gets an entry from its own
        JSON (:func:`listing_from_save`); an entry whose save is gone is dropped. Cached
        until the index text or the set of saves changes."""
        text = self.storage.get(INDEX_KEY)
        save_ids = tuple(k[len(SAVE_PREFIX):] for k in self.storage.keys() if k.startswith(SAVE_PREFIX))
        signature = (text, save_ids)
        if self._cache is None or self._cache[0] != signature:
            self._cache = (signature, self._build_index(text, save_ids))
        return [dict(e, seats=[dict(s) for s in e["seats"]]) for e in self._cache[1]]

    def _build_index(self, text: str | None, save_ids: tuple[str, ...]) -> list[dict[str, Any]]:
        try:
            raw = loads_limited(text) if text is not None else []
        except UnsafeJson:
            raw = None
        stored = set(save_ids)
        entries: list[dict[str, Any]] = []
        known: set[str] = set()
        for item in raw if isinstance(raw, list) else []:
            entry = clean_entry(item)
            if entry is None or entry["id"] in known or entry["id"] not in stored:
                continue
            if entry["listing_damaged"]:
                fixed = listing_from_save(entry["id"], self.storage.get(SAVE_PREFIX + entry["id"]))
                for k in ("game", "title", "seats"):
                    if entry[k] in ("?", "Saved game", []):
                        entry[k] = fixed[k]
            entries.append(entry)
            known.add(entry["id"])
        # Any save the index does not know (a damaged or older index) is still listed; one
        # stored under an id this app never makes (too long, empty, unprintable) is listed as
        # damaged, so the player sees it and can export or delete it.
        for sid in save_ids:
            if sid not in known:
                entry = listing_from_save(sid, self.storage.get(SAVE_PREFIX + sid))
                if not valid_id(sid):
                    entry["damaged"] = odd_id_message(sid)
                entries.append(entry)
                known.add(sid)
        return entries

    def _write_index(self, entries: list[dict[str, Any]]) -> None:
        self.storage.set(INDEX_KEY, json.dumps(entries, ensure_ascii=False))

    def list(self) -> list[dict[str, Any]]:
        """Every save, most recently played first (unknown times last)."""
        return sorted(self._read_index(), key=lambda e: -e["updated"])

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

    def put(self, sid: str, match: Any, touch: bool = True, text: str | None = None,
            lesson: tuple[str, bool] | None = None) -> dict[str, Any]:
        """Write (autosave) ``match`` as ``sid`` and update its index entry (``touch``
        False: keep its last-played time if it has one, as when a listing is repaired).
        ``text``: the file to keep instead of ``match``'s save (an older save these rules
        resume before its end is kept as it came, issue 50). ``lesson``: for a lesson (issue
        45), its title and whether its script is over (it is then listed as over: viewed, not
        continued).

        Raises:
            StorageFull: the storage refused the write (nothing else changed).
        """
        text = match.save_json() if text is None else text
        entries = self._read_index()
        old = next((e for e in entries if e["id"] == sid), None)
        now = self.now_ms()
        entry = {
            "id": sid, "game": match.game.id, "title": lesson[0] if lesson else match.game.title,
            "seats": [s.to_json() for s in match.seats], "progress": progress_text(match),
            "over": match.is_over() or bool(lesson and lesson[1]), "result": result_text(match),
            "created": (old or {}).get("created") or now,
            "updated": now if touch else ((old or {}).get("updated") or now), "damaged": None,
            "listing_damaged": False,
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
                e["damaged"] = message[:2000]
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
        if not valid_id(sid) or self.storage.get(SAVE_PREFIX + str(sid)) is None:
            return None
        return sid

    def set_current(self, sid: str | None) -> None:
        if sid == self.storage.get(CURRENT_KEY):
            return
        if sid is None:
            self.storage.remove(CURRENT_KEY)
        else:
            self.storage.set(CURRENT_KEY, sid)

    def latest_unfinished(self, game_id: str | None = None) -> dict[str, Any] | None:
        """The most recently played save that is not over (of ``game_id`` if given)."""
        for e in self.list():
            if not e["over"] and not e["damaged"] and (game_id is None or e["game"] == game_id):
                return e
        return None

    # ---- moving from localStorage ------------------------------------------------------
    def migrate(self, legacy: Mapping[str, str]) -> builtins.list[str]:  # builtins: SaveStore.list is a method
        """Take over the records an earlier version kept in localStorage (``tb:`` keys).

        Nothing is lost or overwritten: a save not stored here yet is copied with its
        listing entry; one stored here with different content is copied under a new id
        (both are kept); the current game and the settings are taken only if none are
        stored here. Idempotent. Returns the legacy keys that are now held here (the caller
        removes them from localStorage once the writes are committed).
        """
        if not legacy:
            return []
        legacy_entries = {}
        try:
            raw = loads_limited(legacy.get(INDEX_KEY) or "[]")
        except UnsafeJson:
            raw = []
        for item in raw if isinstance(raw, list) else []:
            entry = clean_entry(item)
            if entry is not None:
                legacy_entries[entry["id"]] = entry
        index = self._read_index()
        listed = {e["id"] for e in index}
        added = []
        handled = []
        for key, text in legacy.items():
            if not isinstance(key, str) or not isinstance(text, str):
                continue
            if key.startswith(SAVE_PREFIX):
                sid = key[len(SAVE_PREFIX):]
                if not valid_id(sid):
                    continue
                mine = self.storage.get(key)
                target = sid
                if mine is not None and mine != text:
                    n = 2
                    while self.storage.get(f"{SAVE_PREFIX}{sid}-{n}") not in (None, text):
                        n += 1
                    target = f"{sid}-{n}"
                if self.storage.get(SAVE_PREFIX + target) != text:
                    self.storage.set(SAVE_PREFIX + target, text)
                if target not in listed:
                    added.append(dict(legacy_entries[sid], id=target) if sid in legacy_entries
                                 else listing_from_save(target, text))
                    listed.add(target)
            elif key in (CURRENT_KEY, SETTINGS_KEY):
                if self.storage.get(key) is None:
                    self.storage.set(key, text)
            elif key != INDEX_KEY and key != PREFIX + "probe" and self.storage.get(key) is None:
                self.storage.set(key, text)  # a record of a later version: keep it as it is
            handled.append(key)
        if added:
            self._write_index([e for e in index if e["id"] not in {a["id"] for a in added}] + added)
        return handled

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
        safe_id = "".join(c for c in sid if c.isalnum() or c in "-_")[:40] or "save"
        return f"time-and-barons-{safe}-{safe_id}.json", text

    def import_text(self, text: str | bytes) -> tuple[str, Any]:
        """Validate a save file and store it under a NEW id (never overwriting one).

        Returns ``(id, match)``.

        Raises:
            SaveError: the file is not a save we can open (the message says why).
            StorageFull: it could not be stored.
        """
        try:
            match = Match.load(text)
        except SaveError:
            raise
        except Exception as e:  # anything odd in a hand-edited file
            raise SaveError(f"This file could not be read as a save ({type(e).__name__}: {e}).") from None
        sid = self.new_id()
        if match.stopped is not None:  # kept as it came: these rules resume it before its end
            self.put(sid, match, text=text if isinstance(text, str) else text.decode("utf-8", "replace"))
        else:
            self.put(sid, match)
        return sid, match

    def import_backup(self, doc: Mapping[str, Any]) -> tuple[builtins.list[Any], int, builtins.list[str]]:
        """Restore the saves of a backup file (:data:`BACKUP_FORMAT`, made by the
        boot-error panel's export) as new saves.

        Returns ``(matches restored, saves already here, reasons of those that could not
        be read)``.

        Raises:
            StorageFull: a save could not be stored (those before it were).
        """
        stores = doc.get("stores")
        texts: list[str] = []
        for records in (stores.values() if isinstance(stores, dict) else []):
            if isinstance(records, dict):
                texts += [v for k, v in records.items()
                          if isinstance(k, str) and k.startswith(SAVE_PREFIX) and isinstance(v, str)]
        have = {self.storage.get(k) for k in self.storage.keys() if k.startswith(SAVE_PREFIX)}
        restored: list[Any] = []
        already = 0
        failed: list[str] = []
        for text in dict.fromkeys(texts):  # each distinct save once
            if text in have:
                already += 1
                continue
            try:
                match = Match.load(text)
            except SaveError as e:
                failed.append(str(e))
                continue
            except Exception as e:
                failed.append(f"{type(e).__name__}: {e}")
                continue
            self.put(self.new_id(), match)
            restored.append(match)
        return restored, already, failed


def backup_document(data: str | bytes) -> dict[str, Any] | None:
    """The parsed backup if ``data`` is a :data:`BACKUP_FORMAT` file, else None (then it
    is read as a single save)."""
    marker = BACKUP_FORMAT.encode() if isinstance(data, bytes) else BACKUP_FORMAT
    if marker not in data[:4096]:  # type: ignore[operator]
        return None
    try:
        doc = loads_limited(data, MAX_SAVE_BYTES)
    except UnsafeJson:
        return None
    return doc if isinstance(doc, dict) and doc.get("format") == BACKUP_FORMAT else None
