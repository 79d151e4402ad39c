"""The Saved games screen: its render and the taps it answers (issue 49 §2), each with a typed
payload (:mod:`tb_ui.events`).

Resume, view, replay, export, delete (asking once) and import of a save or of a backup of every
save. An older save that today's rules cannot replay to its end is offered "Resume here" (after
its last move the rules allow, as a new save) beside "Export the original".
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from py_engine.core import SaveError

from .context import TableApp
from .events import Effects, NoPayload, SaveId, handles
from .html import Markup, attrs, button, html, join, seat_name
from .parts import alerts, appbar
from .store import SaveStore, StorageFull, backup_document

if TYPE_CHECKING:
    class SavesHost(TableApp, Protocol):
        """What the Saved games screen reads and does of the app, besides what every screen shows
        (:class:`~tb_ui.context.TableApp`); :class:`tb_ui.app.App` is one (``app.py`` checks)."""

        store: SaveStore
        format_time: Callable[[float], str]
        confirm_delete: str | None
        older: dict[str, str] | None
        match: Any

        def go(self, screen: str) -> None: ...
        def load_save(self, sid: str) -> tuple[Any, str | None]: ...
        def open_save(self, sid: str) -> bool: ...
        def open_replay(self, sid: str, k: int | None = None) -> bool: ...
        def start_match(self, match: Any, keep: Any = None) -> None: ...
        def fresh_pacing(self) -> None: ...


def players_text(seats: list[dict[str, Any]]) -> str:
    """The players of a saved game as plain text: ``"Ann, Bot 1 (hard), Robo (bot)"`` (:func:`seat_name`)."""
    return ", ".join(seat_name(str(s.get("name", "?")), bot=s.get("kind") == "bot")
                     for s in seats)


def render(app: SavesHost) -> Markup:
    """The saved games on this device (damaged ones too, with what is wrong), import."""
    items = []
    for entry in app.store.list():
        sid = entry["id"]
        seats = entry.get("seats") or []
        when = app.format_time(entry["updated"]) if entry.get("updated") else "unknown"
        status = entry.get("result") or ("Finished" if entry.get("over") else entry.get("progress", ""))
        damaged = []
        if entry.get("damaged"):
            damaged.append(html('<p class="damaged" role="note">Cannot be opened: {}</p>', entry["damaged"]))
        if entry.get("listing_damaged") and not entry.get("damaged"):
            damaged.append(Markup('<p class="damaged" role="note">The details of this save in the list were damaged; '
                                  "the game itself is kept. Open it to check it, or export it.</p>"))
        title = entry.get("title", "Saved game")
        who = players_text(seats) or "unknown players"
        if app.older is not None and app.older.get("id") == sid:
            damaged.append(html('<div class="older" role="alert"><p>{}</p></div>', app.older["message"]))
            actions = join([
                button("Resume here", "older-resume", "btn primary", data_id=sid,
                       aria_label=f"Resume {title} with {who} after its last move these rules allow"),
                button("Export the original", "export", "btn", data_id=sid, aria_label=f"Export {title} with {who}"),
                button("Not now", "older-cancel", "btn ghost")])
        elif app.confirm_delete == sid:
            actions = join([
                Markup('<p class="confirm">Delete this saved game for good?</p>'),
                button("Delete", "delete-confirm", "btn danger", data_id=sid, aria_label=f"Confirm delete: {title} with {who}"),
                button("Cancel", "delete-cancel", "btn ghost")])
        else:
            actions = join([
                button("View" if entry.get("over") else "Resume", "resume", "btn primary", data_id=sid,
                       aria_label=f"{'View' if entry.get('over') else 'Resume'} {title} with {who}"),
                (button("Replay", "replay-open", "btn", data_id=sid, aria_label=f"Replay {title} with {who}")
                 if not entry.get("damaged") else Markup()),
                button("Export", "export", "btn", data_id=sid, aria_label=f"Export {title} with {who}"),
                button("Delete", "delete", "btn ghost", data_id=sid, aria_label=f"Delete {title} with {who}")])
        items.append(html(
            '<li class="save"{}><div class="save-info"><h2>{}</h2><p class="who">{}</p>'
            '<p class="meta">{}</p>{}</div><div class="actions">{}</div></li>',
            attrs(data_id=sid), title, who, " · ".join(p for p in (status, f"last played {when}") if p),
            join(damaged), actions))
    listing = (html('<ul class="saves">{}</ul>', join(items)) if items
               else Markup('<p class="empty">No saved games yet. Games are saved automatically after every move.</p>'))
    return html('{}<main class="wrap narrow" id="main"><h1 tabindex="-1">Saved games</h1>{}'
                '<div class="row import-row"><label class="btn file">Import a save file'
                '<input type="file" accept=".json,application/json" data-act="import" class="file-input">'
                '</label><p class="help">Saves are kept on this device. Export one to move it to another device or keep a copy. '
                "A backup of all saves (made when the app could not start) is imported here too.</p></div>"
                "{}</main>", appbar(app, "saves"), alerts(app), listing)


# ---- payloads -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class ImportFile:
    """A file the player chose to import: its ``name`` ("the file" if the page gave none) and
    ``text`` (its bytes or text; anything else is read as its string form)."""

    name: str
    text: str | bytes

    @classmethod
    def read(cls, raw: Mapping[str, Any]) -> ImportFile:
        data = raw.get("text") or ""
        if not isinstance(data, str | bytes):
            data = str(data)
        return cls(str(raw.get("name") or "the file"), data)


# ---- handlers -------------------------------------------------------------------------------------
@handles("resume", SaveId)
def resume(app: SavesHost, p: SaveId) -> Effects:
    """Back to the table of the game open now, or open save ``p.id`` (its failure shown)."""
    app.error = app.notice = None
    if app.match is not None and app.match_id == p.id:
        app.fresh_pacing()
        app.go("table")
        return None
    app.open_save(p.id)
    return None


@handles("older-resume", SaveId)
def older_resume(app: SavesHost, p: SaveId) -> Effects:
    """Resume an older save after its last move today's rules allow, as a new saved game
    (the original stays listed, unchanged, to export)."""
    app.older = None
    match, msg = app.load_save(p.id)
    if match is None or match.stopped is None:
        if match is not None:
            app.open_save(p.id)
        else:
            app.error = f"This saved game could not be opened: {msg}" if msg else "That save no longer exists."
        return None
    stop = match.stopped
    match.meta = {**match.meta, "resumed_from": {"id": p.id, "engine": stop.engine, "move": stop.move}}
    app.start_match(match)
    app.notice = (f"Resumed after move {stop.move - 1} as a new saved game. The original game, saved by version "
                  f"{stop.engine}, stays in Saved games as it was, to export.")
    return None


@handles("older-cancel", NoPayload)
def older_cancel(app: SavesHost, p: NoPayload) -> Effects:
    app.older = None
    return None


@handles("delete", SaveId)
def delete(app: SavesHost, p: SaveId) -> Effects:
    """Ask once before save ``p.id`` is deleted."""
    app.confirm_delete = p.id
    app.error = app.notice = None
    return None


@handles("delete-cancel", NoPayload)
def delete_cancel(app: SavesHost, p: NoPayload) -> Effects:
    app.confirm_delete = None
    return None


@handles("delete-confirm", SaveId)
def delete_confirm(app: SavesHost, p: SaveId) -> Effects:
    """Delete save ``p.id`` (and leave its table if it is the game open now)."""
    app.store.delete(p.id)
    if app.match_id == p.id:
        app.match = app.match_id = None
    app.confirm_delete = None
    app.notice = "The saved game was deleted."
    return None


@handles("export", SaveId)
def export(app: SavesHost, p: SaveId) -> Effects:
    """Save ``p.id`` as a file: ``{"download": (file name, text)}``."""
    try:
        name, text = app.store.export(p.id)
    except KeyError:
        app.error = "That save no longer exists."
        return None
    app.notice = f"Exported as {name}."
    return {"download": (name, text)}


@handles("import-text", ImportFile)
def import_text(app: SavesHost, p: ImportFile) -> Effects:
    """Import a chosen file: a save (an unfinished game listed, a finished one opened in the
    replay, an older one offered "Resume here"), or a backup of every save (restored as new
    saves). A file that is neither is refused with why, the other saves unchanged."""
    app.notice = app.error = None
    backup = backup_document(p.text)
    if backup is not None:
        _import_backup(app, p.name, backup)
        return None
    try:
        sid, match = app.store.import_text(p.text)
    except SaveError as e:
        app.error = f"Could not import {p.name}: {e} Your other saved games are unchanged."
        return None
    except StorageFull as e:
        app.error = f"Could not import {p.name}: there is no room to store it ({e})."
        return None
    names = ", ".join(s.name for s in match.seats)
    if match.stopped is not None:  # an older save these rules cannot replay to its end
        app.older = {"id": sid, "message": match.stopped.message()}
        app.notice = f"Imported {p.name}: {match.game.title} with {names}."
        app.go("saves")
        return None
    if match.is_over():  # a finished game (an exported replay) opens in the replay viewer
        app.notice = " ".join([f"Imported {p.name}: {match.game.title} with {names}, a finished game. "
                               "Here is its replay.", *match.notices])
        app.open_replay(sid)
        return None
    app.notice = " ".join([f"Imported {p.name}: {match.game.title} with {names}.", *match.notices])
    app.go("saves")
    return None


def _import_backup(app: SavesHost, fname: str, doc: dict[str, Any]) -> None:
    try:
        restored, already, failed = app.store.import_backup(doc)
    except StorageFull as e:
        app.error = f"Could not restore all of {fname}: there is no room to store it ({e})."
        return
    parts = []
    if already:
        parts.append(f"{already} {'was' if already == 1 else 'were'} already here")
    if failed:
        parts.append(f"{len(failed)} could not be read ({failed[0]})")
    extra = f" ({'; '.join(parts)})" if parts else ""
    if restored:
        n = len(restored)
        app.notice = f"Restored {n} saved game{'s' if n != 1 else ''} from {fname}{extra}."
    elif failed and not already:
        app.error = f"Could not restore any saved game from {fname}{extra}."
    else:
        app.notice = f"{fname} holds no saved game that is not already here{extra}."
    app.go("saves")
