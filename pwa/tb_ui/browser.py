"""The thin browser layer: the ONLY module that imports pyscript / js / pyodide.

- renders ``App.render()`` into ``#app`` (keeping the timeline's scroll position
  and focus), sets ``data-theme`` on ``<html>`` and the document title;
- one delegated listener per event type (click, change, submit) on ``#app``,
  reading ``data-act`` and the other ``data-*`` attributes;
- localStorage as the app's :class:`~tb_ui.store.Storage`;
- bots: scheduled with ``asyncio.sleep`` so the page never blocks;
- file download (Blob + ``<a download>``) and upload (``<input type=file>``).
"""

from __future__ import annotations

import asyncio
import traceback
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_once_callable, create_proxy, to_js  # type: ignore[import-not-found]
from pyscript import document, window  # type: ignore[import-not-found]

from .app import App
from .store import MemoryStorage

_app: App | None = None
_root: Any = None
_proxies: list[Any] = []
_bot_task: Any = None
_screen = ""
#: Seconds of bot search per slice before yielding to the browser (the page stays responsive).
SLICE_SECONDS = 0.03


# ---- storage -----------------------------------------------------------------------------
class LocalStorage:
    """``window.localStorage`` as a :class:`~tb_ui.store.Storage`."""

    def __init__(self, ls: Any) -> None:
        self.ls = ls

    def get(self, key: str) -> str | None:
        v = self.ls.getItem(key)
        return v if isinstance(v, str) else None

    def set(self, key: str, value: str) -> None:
        self.ls.setItem(key, value)

    def remove(self, key: str) -> None:
        self.ls.removeItem(key)

    def keys(self) -> list[str]:
        out = []
        for i in range(int(self.ls.length)):
            k = self.ls.key(i)
            if isinstance(k, str):
                out.append(k)
        return out


def _storage() -> Any:
    try:
        ls = window.localStorage
        ls.setItem("tb:probe", "1")
        ls.removeItem("tb:probe")
        return LocalStorage(ls)
    except Exception:  # storage disabled: play on, nothing persists
        return MemoryStorage()


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


# ---- rendering -----------------------------------------------------------------------------
def render() -> None:
    global _screen
    app = _app
    strip = document.getElementById("tl-scroll")
    scroll_left = strip.scrollLeft if strip else None
    active = document.activeElement
    active_id = active.id if active is not None and getattr(active, "id", "") else ""
    _root.innerHTML = app.render()
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
    _schedule_bot()


def _schedule_bot() -> None:
    global _bot_task
    if _app.bot_pending() and (_bot_task is None or _bot_task.done()):
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = asyncio.get_event_loop()
        _bot_task = loop.create_task(_bot_loop())


def _show_progress(fraction: float) -> None:
    """Move the thinking bars (``.think-bar``; ``#think-progress`` is the one with the
    progressbar role) without re-rendering the table."""
    pct = max(0, min(100, round(fraction * 100)))
    el = document.getElementById("think-progress")
    if el:
        el.setAttribute("aria-valuenow", str(pct))
    fills = document.querySelectorAll(".think-bar > .think-fill")
    for i in range(int(fills.length)):
        fills.item(i).style.width = f"{pct}%"


async def _bot_loop() -> None:
    """Bots move one action at a time after a pause (bot speed); a search bot thinks
    in slices of a few milliseconds, yielding to the browser in between."""
    app = _app
    while app.bot_pending():
        await asyncio.sleep(app.bot_delay())
        try:
            thinking = app.bot_thinker()
            if thinking is None:
                break
            while not thinking.step(SLICE_SECONDS):  # a slice of search, then let the page breathe
                _show_progress(thinking.progress)
                await asyncio.sleep(0)
            moved = app.bot_apply(thinking)
        except Exception as e:
            traceback.print_exc()
            app.error = f"A bot could not move: {type(e).__name__}: {e}"
            render()
            return
        if moved:
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
    effects = _app.dispatch(act, data)
    if effects.get("download"):
        _download(*effects["download"])
    if effects.get("render", True):
        render()


def _on_click(ev: Any) -> None:
    t = ev.target
    el = t.closest("[data-act]") if t is not None and hasattr(t, "closest") else None
    if not el:
        return
    if str(el.tagName).lower() in ("input", "select", "textarea", "form", "label"):
        return
    if el.hasAttribute("disabled"):
        return
    ev.preventDefault()
    run(str(el.getAttribute("data-act")), _data(el))


def _on_change(ev: Any) -> None:
    el = ev.target
    if not el or not el.hasAttribute("data-act"):
        return
    act = str(el.getAttribute("data-act"))
    if act == "import":
        asyncio.ensure_future(_import(el))
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
        text = str(await f.text())
    except Exception as e:
        _app.error = f"Could not read {name}: {e}"
        render()
        return
    finally:
        el.value = ""
    run("import-text", {"text": text, "name": name})


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


# ---- start -----------------------------------------------------------------------------------
def start() -> None:
    """Create the app, render the first screen, then mark the page ready."""
    global _app, _root
    js.performance.mark("tb:imported")  # the UI modules are imported (benchmarks/boot.py)
    _root = document.getElementById("app")
    try:
        _app = App(_storage(), now_ms=lambda: float(js.Date.now()), format_time=_format_time,
                   botspeed_override=_query("botspeed"))
        document.documentElement.dataset.theme = _app.theme()
        try:
            _app.boot()
        except Exception as e:  # a broken current save must not stop the app
            traceback.print_exc()
            _app.error = f"The last game could not be reopened: {e}"
            _app.screen = "library"
        js.performance.mark("tb:booted")
        for kind, fn in (("click", _on_click), ("change", _on_change), ("submit", _on_submit)):
            proxy = create_proxy(fn)
            _proxies.append(proxy)
            _root.addEventListener(kind, proxy)
        render()
        js.performance.mark("tb:rendered")
    except Exception as e:
        traceback.print_exc()
        _root.innerHTML = (f'<main class="wrap"><h1>Time &amp; Barons could not start</h1>'
                           f'<p class="alert alert-error" role="alert">{type(e).__name__}: '
                           f'{str(e).replace("<", "&lt;")}</p></main>')
        document.body.dataset.error = "1"
    document.body.dataset.ready = "1"
