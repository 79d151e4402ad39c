"""The first screens (issue 26 §1): what a first visit can use before Python has started.

At build time (scripts/build.py) the app's own renderer, run in CPython on a first visit's
empty storage, draws the library and every screen reachable from it by taps that only change
the screen (the rules of each game and their pages, each game's new-game form, saved games,
settings). :func:`explore` returns those screens and, for each, which tap leads to which
other one. ``pwa/first-screens.js`` shows them before Python is ready and keeps what the
player does on them; once Python is up, :mod:`tb_ui.worker` opens the route the player
reached and replays the rest (:func:`replay`). Nothing is written twice: the texts and the
markup are the renderer's, and a tap leads where the renderer says it leads.

A tap is named by :func:`tap_key` (the element's ``data-act`` and its other ``data-*``
attributes, as ``pwa/tb-page.mjs`` reads them); ``back`` is history's own (the
first-screens script steps back through the routes it showed).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from html import escape
from typing import TYPE_CHECKING, Any, Protocol

#: The screens that may be first screens: the same for every first visit on any day (not the
#: daily challenge, whose deal is the day's, nor a table).
FIRST_KINDS = frozenset({"library", "saves", "settings", "new", "rules"})

#: Elements whose ``data-act`` fires on change or submit, not on a tap (pwa/tb-page.mjs).
NOT_TAPS = frozenset({"input", "select", "textarea", "form", "label"})


def tap_key(act: str, data: Mapping[str, str]) -> str:
    """The name of a tap: ``act`` and the element's other ``data-*`` values (without the
    ``data-`` prefix), keys sorted, as compact JSON. ``first-screens.js`` computes the same.

    >>> tap_key("rules", {"game": "timeline"})
    'rules {"game":"timeline"}'
    """
    return act + " " + json.dumps(dict(sorted(data.items())), separators=(",", ":"), ensure_ascii=False)


def taps(page: str) -> list[tuple[str, dict[str, str]]]:
    """The tappable elements of rendered markup ``page`` (``[data-act]``, not a form field
    and not disabled): ``(act, data)`` in document order.

    >>> taps('<button data-act="new" data-game="barons">New</button><input data-act="opt">')
    [('new', {'game': 'barons'})]
    """
    from html.parser import HTMLParser  # inner import: build time only; the app never needs it

    found: list[tuple[str, dict[str, str]]] = []

    class Taps(HTMLParser):
        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            a = {k: v or "" for k, v in attrs}
            if "data-act" not in a or tag in NOT_TAPS or "disabled" in a:
                return
            found.append((a["data-act"], {k[5:]: v for k, v in a.items() if k.startswith("data-") and k != "data-act"}))

    p = Taps(convert_charrefs=True)
    p.feed(page)
    p.close()
    return found


@dataclass
class Screen:
    """One first screen: its markup (``#app``'s content), the page title and theme."""

    html: str
    title: str
    theme: str


@dataclass
class FirstScreens:
    """``screens``: route -> :class:`Screen`; ``moves``: route -> {tap key: route}. The
    library is ``screens["library"]``."""

    screens: dict[str, Screen] = field(default_factory=dict)
    moves: dict[str, dict[str, str]] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """What the first-screens script reads: ``{"moves": ..., "titles": {route: title},
        "theme": ...}`` (the markup goes into templates, :func:`templates`)."""
        return {"moves": self.moves, "titles": {r: s.title for r, s in self.screens.items()},
                "theme": self.screens["library"].theme}


def explore(make_app: Callable[[], Any], limit: int = 400) -> FirstScreens:
    """Every screen reachable from a new app's library by taps that only change the screen.

    ``make_app()``: a new :class:`tb_ui.app.App` on empty storage (a first visit). Only the
    screens of :data:`FIRST_KINDS` are followed. From each
    screen found, each tap is tried on a new app brought there by the same taps; it leads to
    a first screen when it changes the route and draws exactly that route's screen as found
    first (a tap that changes anything else, such as a form's seats or a setting, is not a
    move: the first-screens script leaves it to Python). ``back`` taps are not tried.

    Raises:
        RuntimeError: more than ``limit`` screens (a renderer that never settles).
    """
    out = FirstScreens()
    paths: dict[str, list[tuple[str, dict[str, str]]]] = {"library": []}
    first = make_app()
    out.screens["library"] = Screen(str(first.render()), first.title(), first.theme())
    queue = ["library"]
    while queue:
        route = queue.pop(0)
        out.moves[route] = {}
        for act, data in taps(out.screens[route].html):
            if act == "back":
                continue
            app = _at(make_app, paths[route])
            before = app.route()
            app.dispatch(act, dict(data))
            after = app.route()
            if after == before or after.partition("/")[0] not in FIRST_KINDS or app.error or app.notice:
                continue
            page = str(app.render())
            known = out.screens.get(after)
            if known is None:
                if len(out.screens) >= limit:
                    raise RuntimeError(f"more than {limit} first screens")
                out.screens[after] = Screen(page, app.title(), app.theme())
                paths[after] = [*paths[route], (act, data)]
                queue.append(after)
            elif known.html != page:
                continue
            out.moves[route][tap_key(act, data)] = after
    return out


def _at(make_app: Callable[[], Any], path: Iterable[tuple[str, dict[str, str]]]) -> Any:
    app = make_app()
    for act, data in path:
        app.dispatch(act, dict(data))
    return app


if TYPE_CHECKING:
    class Driven(Protocol):
        """An app that the first screens' queued taps are replayed on (:class:`tb_ui.app.App`)."""

        def route(self) -> str: ...
        def navigate(self, route: str) -> bool: ...
        def dispatch(self, act: str, data: dict[str, Any] | None = None) -> dict[str, Any]: ...


def replay(app: Driven, queued: Iterable[Mapping[str, Any]]) -> None:
    """Replay on ``app`` what a player did on the first screens (in order): each entry
    ``{"route": the screen it was done on, "act": ..., "data": {...}}`` (a form field
    changed, a submit, a tap the first screens left to Python). The app is brought to the
    entry's route first (:meth:`tb_ui.app.App.navigate`) unless it is there already."""
    for q in queued:
        route, act = str(q.get("route", "")), str(q.get("act", ""))
        data = q.get("data")
        if not act or not isinstance(data, Mapping):
            continue
        if route and app.route() != route:
            app.navigate(route)
        app.dispatch(act, dict(data))


def templates(found: FirstScreens) -> str:
    """The first screens as index.html carries them: ``<template id="tb-first"
    data-first="...">`` (:meth:`FirstScreens.to_json`, escaped) and one ``<template
    data-route="...">`` per screen holding its markup as the renderer drew it."""
    head = '<template id="tb-first" data-first="{}"></template>'.format(
        escape(json.dumps(found.to_json(), separators=(",", ":"), ensure_ascii=False), quote=True))
    body = "".join(f'<template data-route="{escape(route, quote=True)}">{s.html}</template>'
                   for route, s in found.screens.items())
    return head + body
