"""The thin browser layer: the ONLY module that imports pyscript / js / pyodide.

- renders ``App.render()`` into ``#app`` (keeping the timeline's scroll position
  and focus), sets ``data-theme`` on ``<html>`` and the document title; inline
  styles arrive as ``data-css`` and are applied through the CSSOM (the page's
  Content-Security-Policy refuses style attributes in markup);
- one delegated listener per event type (click, change, submit) on ``#app``,
  reading ``data-act`` and the other ``data-*`` attributes;
- storage: ``storage.js`` (IndexedDB, strict durability; opened by shell.js at page
  load) under a :class:`~tb_ui.store.WriteThroughStorage`; localStorage records of
  earlier versions are migrated on start;
- bots: scheduled with ``asyncio.sleep`` so the page never blocks; "skip to my
  turn" draws nothing until the bots are done; replay autoplay likewise; a hint's
  search (issue 24 §5) the same way, the table staying usable meanwhile;
- the History API (:mod:`tb_ui.nav`): one entry per screen, Back/Forward shown by
  the app, the screen restored on reload;
- ``#tb-live``, an ``aria-live`` region outside ``#app`` that announces each move
  (:meth:`App.take_announcement`);
- copying and sharing a text (the daily result);
- file download (Blob + ``<a download>``) and upload (``<input type=file>``, size
  checked before reading, bytes handed to the app undecoded);
- a table across phones (issue 27): the links of ``pwa/table-link.mjs`` (the app's "link"
  effects make and take codes; messages are handed to the app and its outbox is sent after every
  change), and the QR codes of ``pwa/table-qr.mjs`` (``canvas[data-qr]`` drawn after each render,
  the camera shown in ``[data-scan]``, photos of a code read).
"""

from __future__ import annotations

import asyncio
import time
import traceback
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_once_callable, create_proxy, to_js  # type: ignore[import-not-found]
from pyscript import document, window  # type: ignore[import-not-found]

from .app import App
from .first import replay
from .html import html
from .nav import History
from .replay import AUTOPLAY_SECONDS
from .store import MemoryStorage, SaveStore, Storage, WriteThroughStorage

_app: App | None = None
_root: Any = None
_proxies: list[Any] = []
_bot_task: Any = None
_hint_task: Any = None
_replay_task: Any = None
_check_task: Any = None          # a guest's check of the host's reveal, in slices (issue 47)
_render_task: Any = None         # one render for a burst of link messages (issue 47)
_note_task: Any = None           # the host's phone panel redrawn for refused messages, at its pace
_screen = ""
_history = History()
_decision = ""                  # the decision last drawn (see _bring_targets)
_tapped_target: str | None = None  # the target of the option button just tapped
#: Most target elements highlighted at once (a main phase with options everywhere glows nothing).
MAX_GLOW = 8
#: Seconds of bot search per slice before yielding to the browser (the page stays responsive).
SLICE_SECONDS = 0.03
#: At bot speed "instant", bots' moves in a row are drawn at most this often (seconds): each
#: redraw of a busy table costs a cheap phone tens of milliseconds, and nobody follows a move that
#: shows for less. The position when a human is to act (or the game ends) is always drawn.
BOT_FRAME_SECONDS = 0.25
#: At the paced bot speeds ("normal", "fast"), the steps between two events a player watches
#: (``Game.paced``: a card played, points spent) are drawn at most this often: the table is drawn
#: at each event and held there for the bot speed's pause, and a phone slowed down does not spend a
#: bot's turn redrawing the steps in between (issue 25 §2).
UNPACED_FRAME_SECONDS = 1.0
#: How often at most the host's phone panel is redrawn to say that a phone's messages are being
#: refused (a refusal itself never redraws the page: a phone sending junk cannot freeze the host).
REFUSAL_NOTE_SECONDS = 1.0
_drawn_at = 0.0                 # time.monotonic() of the latest render
#: A table across phones (issue 27): the host's open links and pending invitations by seat, and
#: this phone's link to its host (or its pending answer) as a guest; all JS objects.
_host_links: dict[int, Any] = {}
_offers: dict[int, Any] = {}
_guest: dict[str, Any] = {"answer": None, "link": None}
_host_session: list[int | None] = [None]  # the HostTable.session the host's links belong to
_camera: dict[str, Any] = {"video": None, "stop": None, "for": None}

NOTHING_KEPT = ("This browser does not let the app keep anything on this device (private browsing, or "
                "site data blocked), so games played now are lost when the page closes. Export a game "
                "from Saved games to keep it.")


# ---- storage -----------------------------------------------------------------------------
class JsBackend:
    """``storage.js``'s ``put``/``remove`` (promises of a committed write) as a
    :class:`~tb_ui.store.Backend`."""

    def __init__(self, module: Any) -> None:
        self.module = module

    def put(self, key: str, value: str) -> Any:
        return self.module.put(key, value)

    def remove(self, key: str) -> Any:
        return self.module.remove(key)


async def _open_storage() -> Storage:
    """The app's storage: every record read once from storage.js, written through.

    Never raises: if nothing can be read, a :class:`MemoryStorage` that says so."""
    try:
        module = await js.tbShell.storage
        snap = (await module.open()).to_py()
    except Exception as e:
        traceback.print_exc()
        return MemoryStorage(warning=f"Saved games cannot be read on this device ({e}). {NOTHING_KEPT}")
    if snap.get("backend") == "memory":
        return MemoryStorage(warning=NOTHING_KEPT)
    entries = {k: v for k, v in snap.get("entries") or [] if isinstance(k, str) and isinstance(v, str)}
    warning = None
    if snap.get("backend") == "localStorage":  # IndexedDB could not be opened
        warning = (f"The app's database could not be opened on this device ({snap.get('error')}), so "
                   "games are kept in the browser's simpler storage, which a crash right after a move "
                   "can lose. Export games you want to keep.")
    storage = WriteThroughStorage(entries, JsBackend(module), warning=warning,
                                  full_at_start=None if snap.get("writable") else str(snap.get("error")))
    proxy = create_proxy(lambda changes: storage.apply_external(changes.to_py()))
    _proxies.append(proxy)
    module.onExternal(proxy)
    legacy = {k: v for k, v in snap.get("legacy") or [] if isinstance(k, str) and isinstance(v, str)}
    if legacy:
        handled = SaveStore(storage, lambda: float(js.Date.now())).migrate(legacy)
        asyncio.ensure_future(_drop_legacy(storage, module, handled))
    return storage


async def _drop_legacy(storage: WriteThroughStorage, module: Any, keys: list[str]) -> None:
    """Remove migrated localStorage records once their copies are committed."""
    await storage.flush()
    if not storage.failures and storage.full_at_start is None:
        module.dropLegacy(to_js(keys))


def _storage_changed() -> None:
    if _app is not None and _root is not None:
        render()


def _running() -> App:
    """The app :func:`start` made (every other function here runs after it)."""
    if _app is None:
        raise RuntimeError("tb_ui.browser.start() has not made the app yet")
    return _app


def _obj(d: dict[str, Any]) -> Any:
    return to_js(d, dict_converter=js.Object.fromEntries)


def _format_time(ms: float) -> str:
    try:
        return str(js.Date.new(ms).toLocaleString(None, _obj({"dateStyle": "medium", "timeStyle": "short"})))
    except Exception:
        return str(js.Date.new(ms).toLocaleString())


def _query(name: str) -> str | None:
    try:
        v = js.URLSearchParams.new(window.location.search).get(name)
    except Exception:
        return None
    return v if isinstance(v, str) else None


def _reduced_motion() -> bool:
    try:
        return bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches)
    except Exception:
        return False


def _today() -> str:
    """The device's calendar date as YYYY-MM-DD (local time)."""
    d = js.Date.new()
    return f"{int(d.getFullYear()):04d}-{int(d.getMonth()) + 1:02d}-{int(d.getDate()):02d}"


# ---- history (tb_ui.nav) -------------------------------------------------------------------------
def _entry_obj() -> Any:
    return _obj(_history.entry())


def _url(route: str) -> str:
    return str(window.location.pathname) + str(window.location.search) + "#/" + route


def _sync_history() -> None:
    """After an in-app change of screen: push, replace, or step back in the history."""
    route = _running().route()
    action, delta = _history.plan(route)
    if action == "push":
        _history.apply(action, delta, route)
        window.history.pushState(_entry_obj(), "", _url(route))
    elif action == "replace":
        _history.apply(action, delta, route)
        window.history.replaceState(_entry_obj(), "", _url(route))
    elif action == "go":
        _history.apply(action, delta, route)
        window.history.go(delta)
    _running().prev_route = _history.previous


def _on_popstate(ev: Any) -> None:
    """Back or Forward: show that entry's screen (a game left this way stays saved)."""
    global _history
    try:
        state = ev.state.to_py() if ev.state and hasattr(ev.state, "to_py") else None
    except Exception:
        state = None
    got = History.from_entry(state)
    if got is None:
        return
    _history = got
    _running().prev_route = _history.previous
    if _running().route() != _history.route:
        if not _running().navigate(_history.route):
            _history.stack[_history.depth] = _running().route()
            window.history.replaceState(_entry_obj(), "", _url(_running().route()))
        render()


def _start_history() -> None:
    """Restore the screen of the current entry (a reload), or start the history with
    the library as its first entry (Back from there leaves the app)."""
    global _history
    try:
        hs = window.history.state
        state = hs.to_py() if hs and hasattr(hs, "to_py") else None
    except Exception:
        state = None
    got = History.from_entry(state)
    if got is not None:
        _history = got
        if not _running().navigate(_history.route):
            _history.stack[_history.depth] = _running().route()
        window.history.replaceState(_entry_obj(), "", _url(_history.route))
    else:
        wanted = str(window.location.hash or "").lstrip("#/")
        if wanted:
            _running().navigate(wanted)
        else:
            _running().boot()
        _history = History()
        window.history.replaceState(_entry_obj(), "", _url("library"))
        if _running().route() != "library":
            _history.apply("push", 0, _running().route())
            window.history.pushState(_entry_obj(), "", _url(_running().route()))
    _running().prev_route = _history.previous


# ---- announcements ---------------------------------------------------------------------------------
def _live_region() -> Any:
    el = document.getElementById("tb-live")
    if not el:  # JS null is pyodide's jsnull, not None
        el = document.createElement("div")
        el.id = "tb-live"
        el.className = "visually-hidden"
        el.setAttribute("role", "status")
        el.setAttribute("aria-live", "polite")
        el.setAttribute("aria-atomic", "true")
        document.body.appendChild(el)
    return el


def _announce() -> None:
    text = _running().take_announcement()
    if text:
        _live_region().textContent = text


# ---- rendering -----------------------------------------------------------------------------
def render() -> None:
    global _screen, _drawn_at
    _drawn_at = time.monotonic()
    app = _running()
    _sync_history()  # first: the screen's Back button names the entry Back returns to
    strip = document.getElementById("tl-scroll")
    scroll_left = strip.scrollLeft if strip else None
    active = document.activeElement
    active_id = str(active.id) if active is not None and getattr(active, "id", None) else ""
    typed = _typed_codes()
    _root.innerHTML = str(app.render())  # Markup (tb_ui.html): the page's one way in
    _restore_codes(typed)
    styled = _root.querySelectorAll("[data-css]")
    for i in range(int(styled.length)):
        el = styled.item(i)
        el.style.cssText = str(el.getAttribute("data-css"))
    document.documentElement.dataset.theme = app.theme()
    document.title = app.title()
    first = _root.firstElementChild
    screen = str(first.dataset.screen) if first else ""
    changed = screen != _screen
    _screen = screen
    target = document.querySelector("[data-scroll-to]")
    strip = document.getElementById("tl-scroll")
    if strip and scroll_left is not None and not changed:
        strip.scrollLeft = scroll_left
    if target and strip:
        # bring the card just placed to the middle of the strip (never scroll the page)
        t, r = target.getBoundingClientRect(), strip.getBoundingClientRect()
        delta = (t.left + t.width / 2) - (r.left + r.width / 2)
        strip.scrollBy(_obj({"left": delta, "behavior": "auto" if _reduced_motion() else "smooth"}))
    if changed:
        window.scrollTo(0, 0)
        h1 = _root.querySelector("h1")
        if h1:
            h1.focus(_obj({"preventScroll": True}))
    else:
        auto = _root.querySelector("[data-autofocus]")
        again = auto or (document.getElementById(active_id) if active_id else None)
        if again:
            again.focus(_obj({"preventScroll": True}))
    try:
        _bring_targets()
    except Exception:  # never let a scroll stop the table
        traceback.print_exc()
    if app.take_hint_scroll():
        hinted = _root.querySelector("[data-hint]")
        if hinted:
            hinted.scrollIntoView(_obj({"block": "nearest", "inline": "nearest",
                                        "behavior": "auto" if _reduced_motion() else "smooth"}))
    _announce()
    _flush_links()
    _after_render_phones()
    _schedule_check()
    _schedule_bot()
    _schedule_hint()
    _schedule_replay()


def _code_key(el: Any) -> str:
    form = el.closest("form")
    return f"{form.getAttribute('data-act') if form else ''}|{form.getAttribute('data-seat') if form else ''}|{el.name}"


def _typed_codes() -> dict[str, str]:
    """What the player has typed or pasted into the code forms of the page (a guest's code the
    host is about to send): a render keeps it (issue 47; a move at the table redraws the page)."""
    out: dict[str, str] = {}
    if _root is None:
        return out
    fields = _root.querySelectorAll("form.code-form textarea[name]")
    for i in range(int(fields.length)):
        el = fields.item(i)
        value = str(el.value or "")
        if value:
            out[_code_key(el)] = value
    return out


def _restore_codes(typed: dict[str, str]) -> None:
    if not typed:
        return
    fields = _root.querySelectorAll("form.code-form textarea[name]")
    for i in range(int(fields.length)):
        el = fields.item(i)
        value = typed.get(_code_key(el))
        if value and not str(el.value or ""):
            el.value = value


def render_soon() -> None:
    """Draw the page once for a burst of changes (the link messages of one moment), in the next
    turn of the event loop: the messages already queued are read first."""
    global _render_task
    if _render_task is None or _render_task.done():
        _render_task = asyncio.ensure_future(_render_next(0.0))


async def _render_next(seconds: float) -> None:
    await asyncio.sleep(seconds)
    render()


def _schedule_check() -> None:
    global _check_task
    g = _running().guest
    if g is not None and g.checking() and (_check_task is None or _check_task.done()):
        _check_task = asyncio.ensure_future(_check_loop())


async def _check_loop() -> None:
    """A guest's check of the host's reveal (issue 47): the game replayed from the revealed seed
    in slices, the page usable meanwhile, then the verdict drawn."""
    app = _running()
    g = app.guest
    check = g.check if g is not None else None
    try:
        while check is not None and not check.step(SLICE_SECONDS):
            await asyncio.sleep(0)
            if app.guest is not g or g is None or g.check is not check:
                return
    except Exception:
        traceback.print_exc()
        return
    render()


# ---- the decision beside its targets (issue 24 §2) -----------------------------------------
def _decision_key() -> str:
    """Which decision the page shows: the match, its move number, the seat deciding."""
    app = _running()
    m = app.match
    if app.screen != "table" or m is None:
        return ""
    return f"{app.match_id}:{m.state['n']}:{app.acting_seat()}"


def _target_elements(ids: list[str]) -> list[Any]:
    """The board elements drawn for the target ids (``data-tgt``, a space-separated list),
    in the order of ``ids``, each once."""
    out: list[Any] = []
    for t in ids:
        found = _root.querySelectorAll(f'[data-tgt~="{js.CSS.escape(t)}"]')
        for i in range(int(found.length)):
            el = found.item(i)
            if not any(el == x for x in out):  # JsProxy equality: the same DOM node
                out.append(el)
    return out


def _scroll_to(els: list[Any]) -> None:
    """Scroll the page so the targets show below the pinned bar: nothing if all of them
    are in full view already; else all of them (centred) if they fit, else the first."""
    bar = document.querySelector(".tbar")
    top_edge = float(bar.getBoundingClientRect().bottom) if bar else 0.0
    bottom_edge = float(window.innerHeight)
    rects = [el.getBoundingClientRect() for el in els]
    rects = [r for r in rects if float(r.width) > 0 or float(r.height) > 0]
    if not rects:
        return
    if all(float(r.top) >= top_edge - 1 and float(r.bottom) <= bottom_edge + 1 for r in rects):
        return
    top, bottom = min(float(r.top) for r in rects), max(float(r.bottom) for r in rects)
    room = bottom_edge - top_edge
    if bottom - top <= room - 16:
        delta = (top + bottom) / 2 - (top_edge + bottom_edge) / 2
    else:
        delta = float(rects[0].top) - top_edge - 8
    window.scrollBy(0, delta)


def _bring_targets() -> None:
    """After a render: when a new decision with targets on the board appears, highlight
    them (``.tgt-now``; up to :data:`MAX_GLOW`) and scroll them into view below the
    pinned prompt, those of options without a caution (the tester's Onslaught: the
    opponents' sites rather than the player's own Capital). When the player tapped an option
    aimed at a target (a caution just asked, or the next decision has no targets), that
    target comes into view."""
    global _decision, _tapped_target
    key = _decision_key()
    tapped, _tapped_target = _tapped_target, None
    new = key != _decision
    _decision = key
    if not key:
        return
    ids: list[str] = []
    cautioned: set[str] = set()
    opts = _root.querySelectorAll("[data-target]")
    for i in range(int(opts.length)):
        el = opts.item(i)
        t = str(el.getAttribute("data-target"))
        if t not in ids:
            ids.append(t)
        if el.hasAttribute("data-caution"):
            cautioned.add(t)
    els = _target_elements(ids) if new else []
    if els:
        if len(els) <= MAX_GLOW:
            for el in els:
                el.classList.add("tgt-now")
        preferred = _target_elements([t for t in ids if t not in cautioned])
        _scroll_to(preferred or els)
        return
    if tapped:
        shown = _target_elements([tapped])
        for el in shown[:MAX_GLOW]:
            el.classList.add("tgt-now")
        _scroll_to(shown)


def _schedule_bot() -> None:
    global _bot_task
    if _running().bot_pending() and (_bot_task is None or _bot_task.done()):
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = asyncio.get_event_loop()
        _bot_task = loop.create_task(_bot_loop())


def _schedule_hint() -> None:
    global _hint_task
    if _running().hint_pending() is not None and (_hint_task is None or _hint_task.done()):
        _hint_task = asyncio.ensure_future(_hint_loop())


async def _hint_loop() -> None:
    """A hint being looked for (issue 24 §5): the hint bot thinks in slices like a bot, the
    page stays usable (the player may act or cancel, which drops the hint), then the hint
    shows."""
    app = _running()
    try:
        thinking = app.hint_pending()
        while thinking is not None and not thinking.step(SLICE_SECONDS):
            _show_progress(thinking.progress, "hint-progress")
            await asyncio.sleep(0)
            if app.hint_pending() is not thinking:  # cancelled, or the player moved on
                return
        if thinking is not None and app.hint_finish(thinking):
            render()
    except Exception as e:
        traceback.print_exc()
        app.hint = None
        app.error = f"No hint could be found: {type(e).__name__}: {e}"
        render()


def _show_progress(fraction: float, bar_id: str = "think-progress") -> None:
    """Move the thinking bars (``.think-bar``; ``#think-progress``, or ``bar_id``, is the one
    with the progressbar role) without re-rendering the table."""
    pct = max(0, min(100, round(fraction * 100)))
    el = document.getElementById(bar_id)
    if el:
        el.setAttribute("aria-valuenow", str(pct))
    fills = document.querySelectorAll(".think-bar > .think-fill")
    for i in range(int(fills.length)):
        fills.item(i).style.width = f"{pct}%"


def _schedule_replay() -> None:
    global _replay_task
    rv = _running().replay
    if (_running().screen == "replay" and rv is not None and rv.playing
            and (_replay_task is None or _replay_task.done())):
        _replay_task = asyncio.ensure_future(_replay_loop())


async def _replay_loop() -> None:
    """Autoplay: one step every AUTOPLAY_SECONDS until the end or a pause."""
    while True:
        await asyncio.sleep(AUTOPLAY_SECONDS)
        rv = _running().replay
        if _running().screen != "replay" or rv is None or not rv.playing:
            return
        going = _running().replay_tick()
        render()
        if not going:
            return


async def _bot_loop() -> None:
    """Bots move one action at a time after a pause (bot speed); a search bot thinks
    in slices of a few milliseconds, yielding to the browser in between. While the
    player skips to their turn, nothing is drawn until the bots are done."""
    app = _running()
    undrawn = False  # a bot's move not drawn yet (see BOT_FRAME_SECONDS, UNPACED_FRAME_SECONDS)
    while app.bot_pending():
        frame = BOT_FRAME_SECONDS if app.botspeed == "instant" else UNPACED_FRAME_SECONDS
        # The pause after an event (bot speed) and the bot's next search overlap: it thinks while
        # the event shows, and its move comes once both are over (issue 25 §2).
        delay, paused_from = app.bot_delay(), time.monotonic()
        try:
            thinking = app.bot_thinker()
            if thinking is None:
                break
            while not thinking.step(SLICE_SECONDS):  # a slice of search, then let the page breathe
                if undrawn and time.monotonic() - _drawn_at >= frame:
                    undrawn = False  # a long think: show the moves made before it
                    render()
                _show_progress(thinking.progress)
                await asyncio.sleep(0)
            left = delay - (time.monotonic() - paused_from)
            if left > 0:
                await asyncio.sleep(left)
            moved = app.bot_apply(thinking)
            _flush_links()  # every phone sees the bot's move now, drawn here or not
        except Exception as e:
            traceback.print_exc()
            app.error = f"A bot could not move: {type(e).__name__}: {e}"
            render()
            return
        if moved and not (app.skipping and app.bot_pending()):
            if (app.bot_pending() and app.bot_delay() == 0
                    and time.monotonic() - _drawn_at < frame):
                undrawn = True
            else:
                undrawn = False
                render()
        elif not app.bot_pending():
            undrawn = False
            render()
    if undrawn:
        render()


# ---- events -------------------------------------------------------------------------------
def _data(el: Any) -> dict[str, Any]:
    out: dict[str, Any] = {}
    attrs = el.attributes
    for i in range(int(attrs.length)):
        a = attrs.item(i)
        name = str(a.name)
        if name.startswith("data-") and name != "data-act":
            out[name[5:]] = str(a.value)
    return out


def run(act: str, data: dict[str, Any]) -> None:
    effects = _running().dispatch(act, data)
    if effects.get("link"):
        asyncio.ensure_future(_link_op(dict(effects["link"])))
    if effects.get("download"):
        _download(*effects["download"])
    if effects.get("copy"):
        asyncio.ensure_future(_copy(str(effects["copy"])))
    if effects.get("share"):
        asyncio.ensure_future(_share(str(effects["share"])))
    if effects.get("render", True):
        render()


def _on_click(ev: Any) -> None:
    global _tapped_target
    t = ev.target
    el = t.closest("[data-act]") if t is not None and hasattr(t, "closest") else None
    if not el:
        return
    if str(el.tagName).lower() in ("input", "select", "textarea", "form", "label"):
        return
    if el.hasAttribute("disabled"):
        return
    ev.preventDefault()
    _tapped_target = str(el.getAttribute("data-target")) if el.hasAttribute("data-target") else None
    run(str(el.getAttribute("data-act")), _data(el))


def _on_change(ev: Any) -> None:
    el = ev.target
    if not el or not el.hasAttribute("data-act"):
        return
    act = str(el.getAttribute("data-act"))
    if act == "import":
        asyncio.ensure_future(_import(el))
        return
    if act == "scan-photo":
        asyncio.ensure_future(_scan_photo(el))
        return
    data = _data(el)
    data["value"] = str(el.value)
    if str(el.type) in ("checkbox", "radio"):
        data["checked"] = bool(el.checked)
    run(act, data)


def _on_submit(ev: Any) -> None:
    ev.preventDefault()
    form = ev.target
    if not form or not form.hasAttribute("data-act"):
        return
    fields: dict[str, str] = {}
    els = form.elements
    for i in range(int(els.length)):
        x = els.item(i)
        name = str(x.name or "")
        if name and str(x.type) not in ("checkbox", "radio", "submit", "button", "file"):
            fields[name] = str(x.value)
    data = _data(form)
    data["fields"] = fields
    run(str(form.getAttribute("data-act")), data)


async def _import(el: Any) -> None:
    files = el.files
    if not files or int(files.length) == 0:
        return
    f = files.item(0)
    name = str(f.name)
    try:
        refusal = _running().import_refusal(name, int(f.size))  # before reading a byte of it
        if refusal:
            _running().notice, _running().error = None, refusal
            render()
            return
        data = (await f.arrayBuffer()).to_bytes()  # decoded (strictly, as UTF-8) by the app
    except Exception as e:
        _running().error = f"Could not read {name}: {e}"
        render()
        return
    finally:
        el.value = ""
    run("import-text", {"text": data, "name": name})


async def _copy(text: str) -> None:
    """Put ``text`` on the clipboard; if the browser refuses, select it for the player."""
    try:
        await window.navigator.clipboard.writeText(text)
        _running().notice = "Copied. Paste it into a message to share your result."
    except Exception:
        box = document.getElementById("daily-share")
        if box:
            box.focus()
            box.select()
        _running().notice = "This browser did not allow copying: the result is selected, copy it with your device’s menu."
    render()


async def _share(text: str) -> None:
    """The device's share sheet, or the clipboard where there is none."""
    nav = window.navigator
    if not hasattr(nav, "share"):
        await _copy(text)
        return
    try:
        await nav.share(_obj({"text": text}))
    except Exception:  # cancelled by the player, or refused
        pass


def _download(name: str, text: str) -> None:
    blob = js.Blob.new(to_js([text]), _obj({"type": "application/json"}))
    url = js.URL.createObjectURL(blob)
    a = document.createElement("a")
    a.href = url
    a.download = name
    a.style.display = "none"
    document.body.appendChild(a)
    a.click()
    a.remove()
    js.setTimeout(create_once_callable(lambda: js.URL.revokeObjectURL(url)), 10_000)


# ---- a table across phones (issue 27) -------------------------------------------------------------
def _why(e: Exception) -> str:
    """A player's message from a failed link or QR step: the text of the module's own errors
    (written for players), else what the browser said."""
    text = str(getattr(e, "message", "") or e)
    for prefix in ("LinkError: ", "QrError: ", "Error: "):
        if text.startswith(prefix):
            text = text[len(prefix):]
    return text or "The other phone could not be reached."


def _expected(e: Exception) -> bool:
    """True for the link and QR modules' own errors (a mistyped code, a network that keeps
    phones apart): refusals written for the player, not faults of the app."""
    name = str(getattr(e, "name", "") or "")
    return name in ("LinkError", "QrError") or str(e).startswith(("LinkError", "QrError"))


def _close(obj: Any) -> None:
    """Close a link, or cancel an invitation or answer, ignoring one already gone."""
    try:
        if hasattr(obj, "close"):
            obj.close()
        elif hasattr(obj, "cancel"):
            obj.cancel()
    except Exception:
        traceback.print_exc()


def _phone_message(seat: int, link: Any, text: Any) -> None:
    """A guest's message: a move drawn once for the burst it came in; a refusal answered to that
    phone alone, the page left as it is (the host's panel says so, at most once a second)."""
    global _note_task
    if _host_links.get(seat) is not link:
        return
    app = _running()
    before = app.phone_refusals()
    if app.phone_message(seat, str(text)):
        _flush_links()
        render_soon()
        return
    _flush_links()
    if app.phone_refusals() != before and (_note_task is None or _note_task.done()):
        _note_task = asyncio.ensure_future(_render_next(REFUSAL_NOTE_SECONDS))


def _phone_closed(seat: int, link: Any, reason: Any = None) -> None:
    if _host_links.get(seat) is not link:
        return
    del _host_links[seat]
    _running().phone_lost(seat, "flood" if str(reason) == "flood" else None)
    render()


def _guest_message(link: Any, text: Any) -> None:
    if _guest["link"] is not link:
        return
    _running().guest_message(str(text))
    render_soon()


def _guest_closed(link: Any) -> None:
    if _guest["link"] is not link:
        return
    _guest["link"] = None
    _running().guest_lost()
    render()


def _keep(fn: Any) -> Any:
    proxy = create_proxy(fn)
    _proxies.append(proxy)
    return proxy


async def _link_op(op: dict[str, Any]) -> None:
    """Carry out one of the app's "link" effects (:mod:`tb_ui.phones`): make the host's code for
    a seat, take a guest's code, make a guest's answer to the host's code, close."""
    app = _running()
    kind = op.get("op")
    seat = int(op.get("seat", -1))
    if kind in ("offer", "close"):
        for table in (_offers, _host_links):
            if seat in table:
                _close(table.pop(seat))
    if kind == "close-host" or kind == "answer":
        for key in ("answer", "link"):
            if _guest[key] is not None:
                _close(_guest[key])
                _guest[key] = None
    try:
        tl = await js.tbShell.phones()
        if kind == "offer":
            offer = await tl.offerLink()
            _offers[seat] = offer
            app.phone_offered(seat, str(offer.code))
        elif kind == "accept":
            offer = _offers.get(seat)
            if offer is None:
                app.phone_lost(seat, "That invitation was put away: invite the phone again.")
            else:
                link = await offer.accept(str(op.get("code", "")))
                if _offers.get(seat) is offer:
                    del _offers[seat]
                    _host_links[seat] = link
                    link.onmessage = _keep(lambda text, s=seat, ln=link: _phone_message(s, ln, text))
                    link.onclose = _keep(lambda reason=None, s=seat, ln=link: _phone_closed(s, ln, reason))
                    app.phone_joined(seat)
                else:
                    link.close()
        elif kind == "answer":
            answer = await tl.answerLink(str(op.get("code", "")))
            _guest["answer"] = answer
            app.guest_answered(str(answer.code))
            render()
            link = await answer.link
            if _guest["answer"] is not answer:
                link.close()
                return
            _guest["answer"], _guest["link"] = None, link
            link.onmessage = _keep(lambda text, ln=link: _guest_message(ln, text))
            link.onclose = _keep(lambda reason=None, ln=link: _guest_closed(ln))
            app.guest_joined()
    except Exception as e:
        if _expected(e):
            print(f"table link: {_why(e)}")  # a refusal the player is told about: one line, no traceback
        else:
            traceback.print_exc()
        if kind == "accept" and getattr(e, "retry", False) and seat in _offers:
            app.phone_retry(seat, _why(e))  # a code that could not be read: the invitation stands
        elif kind in ("offer", "accept"):
            _offers.pop(seat, None)
            app.phone_lost(seat, _why(e))
        elif kind == "answer":
            _guest["answer"] = None
            app.guest_failed(_why(e))
    render()


def _flush_links() -> None:
    """Send what the app queued for the other phones (the host's tables and refusals, a guest's
    moves)."""
    net = _running().net
    session = net.session if net is not None else None
    if session != _host_session[0]:  # another table, or none: its links are not this one's
        _host_session[0] = session
        for table in (_offers, _host_links):
            for seat in list(table):
                _close(table.pop(seat))
    try:
        out = _running().outbox()
    except Exception:
        traceback.print_exc()
        return
    for key, text in out:
        link = _guest["link"] if key == "host" else _host_links.get(int(key))
        if link is None:
            continue
        try:
            link.send(text)
        except Exception:  # a link closing under us: its onclose says so
            traceback.print_exc()


def _after_render_phones() -> None:
    """Draw the QR codes on the page; show the camera in ``[data-scan]`` while the app reads a
    code, and close it when it no longer does."""
    app = _running()
    if _root.querySelector("canvas[data-qr]") or app.scan is not None or _camera["stop"] is not None:
        asyncio.ensure_future(_phones_page())


async def _phones_page() -> None:
    app = _running()
    try:
        qr = await js.tbShell.qr()
    except Exception as e:
        traceback.print_exc()
        if app.scan is not None:
            app.scan_failed(f"This phone cannot read codes here ({_why(e)}): paste the code instead.")
            render()
        return
    canvases = _root.querySelectorAll("canvas[data-qr]")
    for i in range(int(canvases.length)):
        c = canvases.item(i)
        try:
            if c.getAttribute("data-drawn") != "1":
                qr.drawCode(c, str(c.getAttribute("data-qr")))
                c.setAttribute("data-drawn", "1")  # e2e waits on it
        except Exception:
            traceback.print_exc()
    spot = _root.querySelector("[data-scan]")
    purpose = app.scan
    if purpose is None or spot is None:
        if _camera["stop"] is not None:
            _camera["stop"]()
            _camera["stop"] = _camera["for"] = None
        return
    if _camera["video"] is None:
        video = document.createElement("video")
        video.className = "scan-video"
        video.setAttribute("playsinline", "")
        video.muted = True
        _camera["video"] = video
    if spot is not _camera["video"]:
        spot.replaceWith(_camera["video"])
    if _camera["stop"] is not None and _camera["for"] == purpose:
        return
    if _camera["stop"] is not None:
        _camera["stop"]()
    _camera["for"] = purpose
    _camera["stop"] = "opening"  # not None: a render meanwhile does not open it twice

    def found(text: Any) -> None:
        _camera["stop"] = _camera["for"] = None
        if purpose.get("for") == "answer":
            run("phone-answer", {"seat": str(purpose.get("seat")), "code": str(text)})
        else:
            run("join-code", {"code": str(text)})

    try:
        stop = await qr.startCamera(_camera["video"], _keep(found))
    except Exception as e:
        _camera["stop"] = _camera["for"] = None
        app.scan_failed(_why(e))
        render()
        return
    if _camera["for"] is purpose:
        _camera["stop"] = stop
    else:
        stop()


async def _scan_photo(el: Any) -> None:
    """A photo of the other phone's code: read it and go on as if the camera had."""
    app = _running()
    files = el.files
    if not files or int(files.length) == 0:
        return
    purpose, seat = str(el.getAttribute("data-for") or ""), str(el.getAttribute("data-seat") or "")
    try:
        qr = await js.tbShell.qr()
        text = str(await qr.readImage(files.item(0)))
    except Exception as e:
        if purpose == "answer":
            app.scan = {"for": "answer", "seat": int(seat)} if seat.isdigit() else None
        app.scan_failed(_why(e))
        render()
        return
    finally:
        el.value = ""
    if purpose == "answer":
        run("phone-answer", {"seat": seat, "code": text})
    else:
        run("join-code", {"code": text})


# ---- start -----------------------------------------------------------------------------------
#: localStorage key first-screens.js reads: Python has started the app on this device once.
STARTED_KEY = "tb-started"


def _take_first_screens() -> None:
    """Take over from the first screens (pwa/first-screens.js, issue 26 §1): the route they
    showed is the page's address, which :func:`_start_history` has opened; what the player did
    there that only Python can do (a form field, Start...) is replayed in order."""
    window.tbFirstClosed = True  # first screens still loading must not show any more
    first = getattr(window, "tbFirst", None)
    if not first:
        return
    try:
        kept = first.take().to_py()
    except Exception:
        traceback.print_exc()
        return
    replay(_running(), [q for q in kept if isinstance(q, dict)])


def start() -> None:
    """Start the app: storage is asynchronous, so the rest runs as a task."""
    asyncio.ensure_future(_start())


async def _start() -> None:
    """Open the storage, create the app, render the first screen, then mark the page ready.
    If that fails, the shell's boot-error panel says why (and offers to export and reset
    the stored data)."""
    global _app, _root
    js.performance.mark("tb:imported")  # the UI modules are imported (benchmarks/boot.py)
    _root = document.getElementById("app")
    try:
        storage = await _open_storage()
        _app = App(storage, now_ms=lambda: float(js.Date.now()), format_time=_format_time,
                   botspeed_override=_query("botspeed"), bottime=_query("bottime"), today=_today)
        if isinstance(storage, WriteThroughStorage):
            storage.on_change = _storage_changed
        document.documentElement.dataset.theme = _running().theme()
        _live_region()
        try:
            _start_history()
        except Exception as e:  # a broken current save must not stop the app
            traceback.print_exc()
            _running().error = f"The last game could not be reopened: {e}"
            _running().screen = "library"
        _take_first_screens()
        js.performance.mark("tb:booted")
        for kind, fn in (("click", _on_click), ("change", _on_change), ("submit", _on_submit)):
            proxy = create_proxy(fn)
            _proxies.append(proxy)
            _root.addEventListener(kind, proxy)
        pop = create_proxy(_on_popstate)
        _proxies.append(pop)
        window.addEventListener("popstate", pop)
        render()
        js.performance.mark("tb:rendered")
    except Exception as e:
        traceback.print_exc()
        text = "".join(traceback.format_exception(e))
        try:
            js.tbShell.fail(text)
        except Exception:  # no shell: say it in the page
            _root.innerHTML = str(html('<main class="wrap"><h1>Time &amp; Barons could not start</h1>'
                                       '<p class="alert alert-error" role="alert">{}: {}</p></main>',
                                       type(e).__name__, str(e)))
        document.body.dataset.error = "1"
        return
    document.body.dataset.ready = "1"
    try:  # from now on this device's first screens are Python's (pwa/first-screens.js)
        js.localStorage.setItem(STARTED_KEY, "1")
    except Exception:
        pass
