"""The app's Python in a Web Worker (issue 44): the ONLY module that imports ``js`` / ``pyodide``.

The page's main thread belongs to the player: ``pwa/tb-page.mjs`` there turns taps into messages
and patches ``#app`` with what comes back; Python (the engines, :class:`~tb_ui.app.App`, the bots'
searches) runs here, in ``pwa/tb-worker.mjs``. One message protocol joins the two, plain objects
both ways (``postMessage``):

page → worker
    ``start`` (the stored records, the page's query, date, history entry and address, what the
    first screens kept), ``event`` (a tap, a change or a form: ``act`` and ``data``, as
    ``tb-page.mjs`` reads ``data-*`` attributes), ``import`` (a file's name and bytes),
    ``popstate`` (Back/Forward: the entry's state), ``stored`` (a storage write committed or
    refused), ``external`` (records another tab changed), ``phone`` (a table link's news:
    ``ev`` offered, joined, message, lost, retry, answered, guest-joined, guest-failed,
    guest-message, guest-lost), ``scan-failed``, ``copied``, ``modules`` (asks for
    ``sys.modules``), ``whole`` (the page does not hold the regions a render left out: send
    the whole page), ``drawn`` (render ``seq`` is on the screen: its frame is over; the next
    bot waits for it before it thinks, :func:`_page_drew`).

worker → page
    ``render`` (the markup of ``#app`` with the regions unchanged since render ``base`` left
    out, :mod:`tb_ui.regions`; its number ``seq``; the title and theme, the history step to
    take, what to bring into view, what to announce, whether the camera is wanted; Python's
    own time for it; when it was sent, ``sent``, ms since the epoch), ``progress`` (a thinking
    bar), ``store`` (write or remove a record), ``drop-legacy``, ``link`` (make or take a code,
    close a link), ``send`` (messages for the other phones), ``download``, ``copy``,
    ``share``, ``mark`` (a User Timing mark for the benchmarks), ``ready``, ``fail``,
    ``modules``.

What only the page can do (the DOM, the History API, WebRTC, the camera, downloads, the
clipboard, IndexedDB under ``storage.js``) stays there; what the app decides stays here. Bots think
here in slices (:data:`SLICE_SECONDS`) between which the worker reads the page's messages: a tap
is answered while a search runs, and no search ever blocks the page.
"""

from __future__ import annotations

import asyncio
import sys
import time
import traceback
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_proxy, to_js  # type: ignore[import-not-found]

from .app import App
from .first import replay
from .html import html
from .nav import History
from .regions import send_changed
from .replay import AUTOPLAY_SECONDS
from .store import MAX_SAVE_BYTES, MemoryStorage, SaveStore, Storage, WriteThroughStorage

#: Seconds of bot search per slice before the worker reads the page's messages again.
SLICE_SECONDS = 0.03
#: At bot speed "instant", bots' moves in a row are drawn at most this often (seconds): each
#: redraw of a busy table costs a cheap phone tens of milliseconds, and nobody follows a move that
#: shows for less. The position when a human is to act (or the game ends) is always drawn.
BOT_FRAME_SECONDS = 0.25
#: At the paced bot speeds ("normal", "fast"), the steps between two events a player watches
#: (``Game.paced``: a card played, points spent) are drawn at most this often (issue 25 §2).
UNPACED_FRAME_SECONDS = 1.0
#: Seconds at most a bot waits for the page to draw the last render before it thinks (within its
#: pause, if shorter; see _page_drew).
PAGE_DRAW_SECONDS = 0.3
#: How often at most the host's phone panel is redrawn to say that a phone's messages are being
#: refused (a refusal itself never redraws the page: a phone sending junk cannot freeze the host).
REFUSAL_NOTE_SECONDS = 1.0

NOTHING_KEPT = ("This browser does not let the app keep anything on this device (private browsing, or "
                "site data blocked), so games played now are lost when the page closes. Export a game "
                "from Saved games to keep it.")

_app: App | None = None
_history = History()
_proxies: list[Any] = []
_tasks: dict[str, Any] = {}
_drawn_at = 0.0                    # time.monotonic() of the latest render
_dispatch_ms: float | None = None  # the last event's dispatch, ms (sent with the render it asks for)
#: The regions of the page last sent (tb_ui.regions: name -> markup) and its number: a render
#: sends only the regions that changed since (``base``: the number of the render the page must
#: hold for that; a page that does not asks for a whole one, ``{"type": "whole"}``).
_regions_sent: dict[str, str] = {}
_seq = 0
_tapped_target: str | None = None  # the target of the option button just tapped
_writes: dict[int, asyncio.Future[None]] = {}
_write_ids = iter(range(1, 1 << 62))
_query: dict[str, str] = {}
#: The page's clock as its latest message gave it: ``now`` (ms since the epoch) and ``today``
#: (YYYY-MM-DD, local). The app's time is the page's: a worker has a clock of its own, which a
#: page's emulated clock (a test's) does not move.
_clock: dict[str, Any] = {}


# ---- the wire ----------------------------------------------------------------------------------
def post(msg: dict[str, Any]) -> None:
    """Send ``msg`` (JSON-ready) to the page."""
    js.postMessage(to_js(msg, dict_converter=js.Object.fromEntries))


def _running() -> App:
    if _app is None:
        raise RuntimeError("tb_ui.worker: the app has not started")
    return _app


def _task(name: str, coro: Any) -> None:
    """Run ``coro`` as the one task called ``name`` (a running one is left alone)."""
    t = _tasks.get(name)
    if t is None or t.done():
        _tasks[name] = asyncio.ensure_future(coro)
    else:
        coro.close()


# ---- storage: storage.js on the page, written through from here --------------------------------
class PageBackend:
    """``storage.js``'s ``put``/``remove`` on the page, as a :class:`~tb_ui.store.Backend`: each
    write is a ``store`` message, and its future settles when the page says it was committed."""

    def _send(self, op: str, key: str, value: str | None) -> asyncio.Future[None]:
        wid = next(_write_ids)
        fut: asyncio.Future[None] = asyncio.get_event_loop().create_future()
        _writes[wid] = fut
        post({"type": "store", "id": wid, "op": op, "key": key, "value": value})
        return fut

    def put(self, key: str, value: str) -> asyncio.Future[None]:
        return self._send("put", key, value)

    def remove(self, key: str) -> asyncio.Future[None]:
        return self._send("remove", key, None)


def _stored(msg: dict[str, Any]) -> None:
    fut = _writes.pop(int(msg.get("id", 0)), None)
    if fut is None or fut.done():
        return
    if msg.get("ok"):
        fut.set_result(None)
    else:
        fut.set_exception(OSError(str(msg.get("error") or "the write was refused")))


def _open_storage(snap: dict[str, Any] | None) -> Storage:
    """The app's storage from ``storage.js``'s ``open()`` on the page (``snap``): every record
    read once, written through. Never raises: if nothing could be read, a :class:`MemoryStorage`
    that says so."""
    if not isinstance(snap, dict) or snap.get("failed"):
        why = snap.get("failed") if isinstance(snap, dict) else "no answer"
        return MemoryStorage(warning=f"Saved games cannot be read on this device ({why}). {NOTHING_KEPT}")
    if snap.get("backend") == "memory":
        return MemoryStorage(warning=NOTHING_KEPT)
    entries = {k: v for k, v in snap.get("entries") or [] if isinstance(k, str) and isinstance(v, str)}
    warning = None
    if snap.get("backend") == "localStorage":  # IndexedDB could not be opened
        warning = (f"The app's database could not be opened on this device ({snap.get('error')}), so "
                   "games are kept in the browser's simpler storage, which a crash right after a move "
                   "can lose. Export games you want to keep.")
    storage = WriteThroughStorage(entries, PageBackend(), warning=warning,
                                  full_at_start=None if snap.get("writable") else str(snap.get("error")))
    legacy = {k: v for k, v in snap.get("legacy") or [] if isinstance(k, str) and isinstance(v, str)}
    if legacy:
        handled = SaveStore(storage, _now_ms).migrate(legacy)
        asyncio.ensure_future(_drop_legacy(storage, handled))
    return storage


async def _drop_legacy(storage: WriteThroughStorage, keys: list[str]) -> None:
    """Remove migrated localStorage records once their copies are committed."""
    await storage.flush()
    if not storage.failures and storage.full_at_start is None:
        post({"type": "drop-legacy", "keys": keys})


def _storage_changed() -> None:
    if _app is not None:
        render()


# ---- history (tb_ui.nav) -------------------------------------------------------------------------
def _history_step() -> dict[str, Any] | None:
    """After an in-app change of screen: the step the page takes in its history (push, replace, or
    go back), or None."""
    route = _running().route()
    action, delta = _history.plan(route)
    step = None
    if action in ("push", "replace", "go"):
        _history.apply(action, delta, route)
        step = {"op": action, "delta": delta, "route": route, "state": _history.entry()}
    _running().prev_route = _history.previous
    return step


def _popstate(state: Any) -> None:
    """Back or Forward: show that entry's screen (a game left this way stays saved)."""
    global _history
    got = History.from_entry(state)
    if got is None:
        return
    _history = got
    app = _running()
    app.prev_route = _history.previous
    if app.route() != _history.route:
        if not app.navigate(_history.route):
            _history.stack[_history.depth] = app.route()
            post({"type": "history", "op": "replace", "route": app.route(), "state": _history.entry()})
        render()


def _start_history(state: Any, hash_route: str) -> list[dict[str, Any]]:
    """Restore the screen of the page's current entry (a reload), or start the history with the
    library as its first entry (Back from there leaves the app); the history steps to take."""
    global _history
    app = _running()
    steps: list[dict[str, Any]] = []
    got = History.from_entry(state)
    if got is not None:
        _history = got
        if not app.navigate(_history.route):
            _history.stack[_history.depth] = app.route()
        steps.append({"op": "replace", "route": _history.route, "state": _history.entry()})
    else:
        if hash_route:
            app.navigate(hash_route)
        else:
            app.boot()
        _history = History()
        steps.append({"op": "replace", "route": "library", "state": _history.entry()})
        if app.route() != "library":
            _history.apply("push", 0, app.route())
            steps.append({"op": "push", "route": app.route(), "state": _history.entry()})
    app.prev_route = _history.previous
    return steps


# ---- rendering -----------------------------------------------------------------------------------
def _decision_key() -> str:
    """Which decision the page shows: the match, its move number, the seat deciding."""
    app = _running()
    m = app.match
    if app.screen != "table" or m is None:
        return ""
    return f"{app.match_id}:{m.state['n']}:{app.acting_seat()}"


def render(steps: list[dict[str, Any]] | None = None) -> None:
    """Send the page ``#app`` as the app draws it now, with what goes with it (the history step
    first: the screen's Back button names the entry Back returns to)."""
    global _drawn_at, _tapped_target, _dispatch_ms, _seq
    _drawn_at = time.monotonic()
    _bars.clear()  # the render draws each bar where its search is now
    app = _running()
    step = _history_step()
    t0 = time.perf_counter()
    page = str(app.render())  # Markup (tb_ui.html): the page's one way in
    render_ms = (time.perf_counter() - t0) * 1000.0
    base = _seq if _regions_sent else None  # the render the placeholders refer to
    try:
        page = send_changed(page, _regions_sent)
    except ValueError:  # a renderer's mistake (tests/ui/test_regions.py): the page goes whole
        traceback.print_exc()
        _regions_sent.clear()
        base = None
    _seq += 1
    tapped, _tapped_target = _tapped_target, None
    # where the worker's time went, in ms (benchmarks/taps.py reads it): the event's dispatch (None
    # for a render no event asked for) and the page's markup
    py = {"dispatch": _dispatch_ms, "render": round(render_ms, 2)}
    _dispatch_ms = None
    post({"type": "render", "html": page, "title": app.title(), "theme": app.theme(),
          "history": [*(steps or []), *([step] if step else [])], "decision": _decision_key(), "tapped": tapped,
          "hintScroll": app.take_hint_scroll(), "announce": app.take_announcement(), "scan": app.scan, "py": py,
          "seq": _seq, "base": base, "sent": time.time() * 1000.0})
    _flush_links()
    _schedule_check()
    _schedule_bot()
    _schedule_hint()
    _schedule_replay()


def render_soon() -> None:
    """Draw once for a burst of changes (the link messages of one moment): in the next turn of the
    event loop, after the messages already queued."""
    _task("render", _render_after(0.0))


async def _render_after(seconds: float) -> None:
    await asyncio.sleep(seconds)
    render()


#: Each thinking bar's percent last sent and when (time.monotonic()); a bar moves at most every
#: BAR_SECONDS (its CSS transition fills the gap): each move is a message and a style change on the
#: page, and a search's slices come far more often.
_bars: dict[str, tuple[int, float]] = {}
BAR_SECONDS = 0.1


def _progress(fraction: float, bar: str = "think-progress") -> None:
    """Move the thinking bars on the page (``#think-progress`` or ``bar``) without a render: when the
    percent shown changes, at most every BAR_SECONDS."""
    pct = max(0, min(100, round(fraction * 100)))
    last, at = _bars.get(bar, (-1, -BAR_SECONDS))
    now = time.monotonic()
    if pct != last and now - at >= BAR_SECONDS:
        _bars[bar] = (pct, now)
        post({"type": "progress", "id": bar, "pct": pct})


# ---- bots, hints, replays, a guest's check: work in slices ----------------------------------------
def _schedule_bot() -> None:
    if _running().bot_pending():
        _task("bot", _bot_loop())


def _schedule_hint() -> None:
    if _running().hint_pending() is not None:
        _task("hint", _hint_loop())


def _schedule_replay() -> None:
    rv = _running().replay
    if _running().screen == "replay" and rv is not None and rv.playing:
        _task("replay", _replay_loop())


def _schedule_check() -> None:
    g = _running().guest
    if g is not None and g.checking():
        _task("check", _check_loop())


#: The last render the page says it has drawn (its ``seq``; tb-page.mjs posts "drawn" after the
#: frame that showed it).
_page_seq = 0


async def _page_drew(until: float) -> None:
    """Wait until the page has drawn the last render, or until ``until`` (time.monotonic()).

    A bot's search beside the page's frame took one of a 2-core phone's cores from it: at CPU x4 a
    Time War table's frame after a bot's move took 45-70 ms with the next bot thinking, and mostly
    under 50 ms without (issue 44). A paced bot pauses anyway, so its search starts a frame later
    within the pause and its move comes no later, unless it thinks for most of the pause. The
    first bot after a player's move waits even at bot speed instant: that player's move is drawn
    without a search beside it, for the cost of one frame before the bots' run."""
    while _page_seq < _seq and time.monotonic() < until:
        await asyncio.sleep(0.01)


async def _bot_loop() -> None:
    """Bots move one action at a time after a pause (bot speed); a search bot thinks in slices,
    reading the page's messages in between. While the player skips to their turn, nothing is
    drawn until the bots are done."""
    app = _running()
    undrawn = False  # a bot's move not drawn yet (see BOT_FRAME_SECONDS, UNPACED_FRAME_SECONDS)
    first = True  # the bots' first move since a player's (or the table's opening)
    while app.bot_pending():
        frame = BOT_FRAME_SECONDS if app.botspeed == "instant" else UNPACED_FRAME_SECONDS
        # The pause after an event (bot speed) and the bot's next search overlap (issue 25 §2).
        delay, paused_from = app.bot_delay(), time.monotonic()
        # the page draws what was sent before the bot thinks: within the pause, and before the
        # first bot's move even at bot speed instant (the player's own move shows a frame sooner)
        wait = min(delay, PAGE_DRAW_SECONDS) if delay > 0 else PAGE_DRAW_SECONDS if first else 0.0
        first = False
        if wait > 0:
            await _page_drew(paused_from + wait)
        try:
            thinking = app.bot_thinker()
            if thinking is None:
                break
            while not thinking.step(SLICE_SECONDS):
                if undrawn and time.monotonic() - _drawn_at >= frame:
                    undrawn = False  # a long think: show the moves made before it
                    render()
                _progress(thinking.progress)
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
            if app.bot_pending() and app.bot_delay() == 0 and time.monotonic() - _drawn_at < frame:
                undrawn = True
            else:
                undrawn = False
                render()
        elif not app.bot_pending():
            undrawn = False
            render()
    if undrawn:
        render()


async def _hint_loop() -> None:
    """A hint being looked for (issue 24 §5): the hint bot thinks in slices like a bot, the page
    stays usable (the player may act or cancel, which drops the hint), then the hint shows."""
    app = _running()
    try:
        thinking = app.hint_pending()
        while thinking is not None and not thinking.step(SLICE_SECONDS):
            _progress(thinking.progress, "hint-progress")
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


async def _check_loop() -> None:
    """A guest's check of the host's reveal (issue 47): the game replayed from the revealed seed
    in slices, the table usable meanwhile, then the verdict drawn."""
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


# ---- events from the page -------------------------------------------------------------------------
def run(act: str, data: dict[str, Any]) -> None:
    """One UI event: the app's reaction, its effects carried out, the page drawn."""
    global _dispatch_ms
    t0 = time.perf_counter()
    effects = _running().dispatch(act, data)
    _dispatch_ms = round((time.perf_counter() - t0) * 1000.0, 2)
    if effects.get("link"):
        post({"type": "link", **dict(effects["link"])})
    if effects.get("download"):
        name, text = effects["download"]
        post({"type": "download", "name": str(name), "text": str(text)})
    if effects.get("copy"):
        post({"type": "copy", "text": str(effects["copy"])})
    if effects.get("share"):
        post({"type": "share", "text": str(effects["share"])})
    if effects.get("render", True):
        render()


def _event(msg: dict[str, Any]) -> None:
    global _tapped_target
    act, data = str(msg.get("act") or ""), msg.get("data") or {}
    if not act or not isinstance(data, dict):
        return
    tapped = msg.get("target")
    _tapped_target = str(tapped) if tapped else None
    run(act, {str(k): v for k, v in data.items()})


def _import(msg: dict[str, Any]) -> None:
    """A file chosen for import: refused before it is read when too large (the page sent only its
    size then), else its bytes handed to the app undecoded."""
    app = _running()
    name, size = str(msg.get("name") or "the file"), int(msg.get("size") or 0)
    refusal = app.import_refusal(name, size)
    if refusal or msg.get("bytes") is None:
        app.notice, app.error = None, refusal or f"Could not read {name}: {msg.get('error') or 'no data'}"
        render()
        return
    data = msg["bytes"]
    run("import-text", {"text": bytes(data) if not isinstance(data, bytes) else data, "name": name})


def _phone(msg: dict[str, Any]) -> None:
    """News of the page's table links (issue 27): the app follows them."""
    app = _running()
    ev = msg.get("ev")
    seat = int(msg.get("seat", -1))
    why = msg.get("why")
    why = str(why) if why is not None else None
    if ev == "offered":
        app.phone_offered(seat, str(msg.get("code")))
    elif ev == "joined":
        app.phone_joined(seat)
    elif ev == "retry":
        app.phone_retry(seat, why or "")
    elif ev == "lost":
        app.phone_lost(seat, why)
    elif ev == "message":
        before = app.phone_refusals()
        if app.phone_message(seat, str(msg.get("text"))):
            _flush_links()
            render_soon()
        else:  # refused: answered to that phone alone, the page left as it is
            _flush_links()
            if app.phone_refusals() != before:
                _task("note", _render_after(REFUSAL_NOTE_SECONDS))
        return
    elif ev == "answered":
        app.guest_answered(str(msg.get("code")))
    elif ev == "guest-joined":
        app.guest_joined()
    elif ev == "guest-failed":
        app.guest_failed(why or "The other phone could not be reached.")
    elif ev == "guest-message":
        app.guest_message(str(msg.get("text")))
        render_soon()
        return
    elif ev == "guest-lost":
        app.guest_lost()
    else:
        return
    render()


def _flush_links() -> None:
    """Send what the app queued for the other phones (the host's tables and refusals, a guest's
    moves), with the table whose links they go over (the page closes any other's)."""
    app = _running()
    try:
        out = app.outbox()
    except Exception:
        traceback.print_exc()
        return
    session = app.net.session if app.net is not None else None
    post({"type": "send", "session": session, "out": [[str(k), t] for k, t in out]})


def _copied(msg: dict[str, Any]) -> None:
    app = _running()
    if msg.get("ok"):
        app.notice = "Copied. Paste it into a message to share your result."
    else:
        app.notice = "This browser did not allow copying: the result is selected, copy it with your device’s menu."
    render()


def _scan_failed(msg: dict[str, Any]) -> None:
    app = _running()
    purpose = msg.get("purpose")
    if isinstance(purpose, dict) and purpose.get("for") == "answer" and app.scan is None:
        app.scan = {"for": "answer", "seat": int(purpose.get("seat", -1))}
    app.scan_failed(str(msg.get("why") or "The camera could not read the code."))
    render()


def _on_message(raw: Any) -> None:
    """Every message of the page, in order (tb-worker.mjs hands them over)."""
    global _page_seq
    try:
        msg = raw.to_py() if hasattr(raw, "to_py") else raw
        if not isinstance(msg, dict):
            return
        clock = msg.get("clock")
        if isinstance(clock, dict):
            _clock["at"], _clock["page"], _clock["today"] = time.monotonic(), clock.get("now"), clock.get("today")
        kind = msg.get("type")
        if kind == "start":
            asyncio.ensure_future(_start(msg))
        elif _app is None:
            return  # before the start, nothing else can be meant for the app
        elif kind == "event":
            _event(msg)
        elif kind == "import":
            _import(msg)
        elif kind == "popstate":
            _popstate(msg.get("state"))
        elif kind == "stored":
            _stored(msg)
        elif kind == "external":
            storage = _running().storage
            if isinstance(storage, WriteThroughStorage):
                storage.apply_external(list(msg.get("changes") or []))
        elif kind == "phone":
            _phone(msg)
        elif kind == "scan-failed":
            _scan_failed(msg)
        elif kind == "copied":
            _copied(msg)
        elif kind == "drawn":
            _page_seq = max(_page_seq, int(msg.get("seq") or 0))
        elif kind == "whole":  # the page does not hold what the last render's placeholders keep
            _regions_sent.clear()
            render()
        elif kind == "modules":
            post({"type": "modules", "id": msg.get("id"), "modules": sorted(sys.modules)})
    except Exception:
        traceback.print_exc()
        if _app is not None:
            _app.error = "Something went wrong; the game is unchanged. Details are in the console."
            render()


# ---- start ----------------------------------------------------------------------------------------
def _format_time(ms: float) -> str:
    try:
        options = to_js({"dateStyle": "medium", "timeStyle": "short"}, dict_converter=js.Object.fromEntries)
        return str(js.Date.new(ms).toLocaleString(None, options))
    except Exception:
        return str(js.Date.new(ms).toLocaleString())


async def _start(msg: dict[str, Any]) -> None:
    """Open the storage, create the app, take over from the first screens, draw the first screen,
    then tell the page it is ready. If that fails, the page's boot-error panel says why."""
    global _app, _query
    post({"type": "mark", "name": "tb:imported"})
    try:
        _query = {str(k): str(v) for k, v in (msg.get("query") or {}).items()}
        storage = _open_storage(msg.get("storage"))
        _app = App(storage, now_ms=_now_ms, format_time=_format_time,
                   botspeed_override=_query.get("botspeed"), bottime=_query.get("bottime"),
                   today=_today_now)
        if isinstance(storage, WriteThroughStorage):
            storage.on_change = _storage_changed
        try:
            steps = _start_history(msg.get("history"), str(msg.get("hash") or "").lstrip("#/"))
        except Exception as e:  # a broken current save must not stop the app
            traceback.print_exc()
            _running().error = f"The last game could not be reopened: {e}"
            _running().screen = "library"
            steps = []
        kept = msg.get("first")
        if isinstance(kept, list):
            replay(_running(), [q for q in kept if isinstance(q, dict)])
        post({"type": "mark", "name": "tb:booted"})
        render(steps)
    except Exception as e:
        traceback.print_exc()
        post({"type": "fail", "text": "".join(traceback.format_exception(e)),
              "html": str(html('<main class="wrap"><h1>Time &amp; Barons could not start</h1>'
                               '<p class="alert alert-error" role="alert">{}: {}</p></main>', type(e).__name__, str(e)))})
        return
    post({"type": "ready", "maxSaveBytes": MAX_SAVE_BYTES})


def _now_ms() -> float:
    """Milliseconds since the epoch on the page's clock (see :data:`_clock`)."""
    page = _clock.get("page")
    if isinstance(page, int | float):
        return float(page) + (time.monotonic() - float(_clock["at"])) * 1000.0
    return float(js.Date.now())


def _today_now() -> str:
    """The device's calendar date as YYYY-MM-DD (local time), as the page's latest message gave it."""
    today = _clock.get("today")
    if isinstance(today, str) and len(today) == 10:
        return today
    d = js.Date.new()
    return f"{int(d.getFullYear()):04d}-{int(d.getMonth()) + 1:02d}-{int(d.getDate()):02d}"


def start() -> None:
    """Listen to the page (``tb-worker.mjs`` calls this once Python has imported the UI); the page's
    ``start`` message then starts the app."""
    handler = create_proxy(_on_message)
    _proxies.append(handler)
    js.tbWorker.listen(handler)
    post({"type": "listening"})
