"""Unit tests of the app's pure-Python UI layer (pwa/tb_ui) in CPython.

The browser layer is simulated: rendered HTML is parsed, and "tapping" a button
dispatches its ``data-act`` with its other ``data-*`` attributes, as
``pwa/tb-page.mjs`` does (and hands to ``tb_ui/worker.py``).
"""

from __future__ import annotations

import json
import random
import re
import sys
from html import unescape
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from markupsafe import escape

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "pwa"))
sys.path.insert(0, str(ROOT))

from tb_ui import screen_new  # noqa: E402
from tb_ui.app import FORM_EVENTS, App, default_seat_name  # noqa: E402
from tb_ui.parts import LOG_SHOWN  # noqa: E402
from tb_ui.store import CURRENT_KEY, INDEX_KEY, SAVE_PREFIX, SETTINGS_KEY, MemoryStorage, SaveStore  # noqa: E402

from py_engine.core import Match, Seat  # noqa: E402

# ---- a tiny DOM for tests ------------------------------------------------------------------
#: One tag, comment or declaration of the app's markup (what html.parser's tokenizer accepts
#: for it): an end tag, or a start tag with its attributes (quoted, unquoted or bare).
_TAG = re.compile(
    r"<(?:/([A-Za-z][^\s/>]*)[^>]*>"
    r"|([A-Za-z][^\s/>]*)((?:[\s/]*[^\s/>\"'=][^\s/>=]*(?:\s*=\s*(?:\"[^\"]*\"|'[^']*'|[^\s>]*))?)*)[\s/]*>"
    r"|!--.*?-->|![^>]*>)", re.S)
_ATTR = re.compile(r"([^\s/>\"'=][^\s/>=]*)(?:\s*=\s*(?:\"([^\"]*)\"|'([^']*)'|([^\s>]*)))?")


class Elements:
    """Collects every element with ``data-act`` (tag, attributes, text) and all text.

    A regular-expression tokenizer of the markup the app writes (every value through
    :mod:`tb_ui.html`), read as the stdlib ``html.parser`` reads it (tag names and attribute
    names in lower case, character references resolved in text and values) at a fraction of
    its cost: the table tests parse thousands of pages. Markup it cannot tokenize fails the
    test (``feed`` raises)."""

    VOID = {"input", "br", "img", "meta", "link", "hr"}

    def __init__(self) -> None:
        self.found: list[dict[str, Any]] = []
        self.stack: list[dict[str, Any]] = []
        self.text: list[str] = []
        self.open_found: list[dict[str, Any]] = []  # found elements not yet closed
        #: the attributes of the ``.screen`` wrapper the elements are in (``el["screen"]``):
        #: an action's state number and seat are the screen's, as the page reads them
        self.screen: dict[str, str] | None = None

    def feed(self, markup: str) -> None:
        pos = 0
        for m in _TAG.finditer(markup):
            if m.start() > pos:
                self.handle_data(unescape(markup[pos:m.start()]))
            pos = m.end()
            if m.group(1) is not None:
                self.handle_endtag(m.group(1).lower())
            elif m.group(2) is not None:
                attrs = [(a.group(1).lower(), next((unescape(v) for v in a.groups()[1:] if v is not None), None))
                         for a in _ATTR.finditer(m.group(3))]
                self.handle_starttag(m.group(2).lower(), attrs)
        tail = markup[pos:]
        assert "<" not in tail or not re.search(r"<[A-Za-z/!]", tail), f"markup not tokenized: {tail[:80]!r}"
        if tail:
            self.handle_data(unescape(tail))

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: (v if v is not None else "") for k, v in attrs}
        # The app's Content-Security-Policy (style-src 'self', no inline script) would block
        # these: inline styles go in data-css (applied through the CSSOM by the browser layer).
        assert tag not in ("script", "style") and "style" not in a, f"<{tag} {a}> breaks the CSP"
        assert not any(k.startswith("on") for k in a), f"<{tag} {a}>: inline event handler"
        el: dict[str, Any] = {"tag": tag, "attrs": a, "text": "", "screen": self.screen}
        if "data-screen" in a:
            self.screen = a
        if "data-act" in a:
            self.found.append(el)
            if tag not in self.VOID:
                el["parts"] = []
                self.open_found.append(el)
        if tag not in self.VOID:
            self.stack.append(el)

    def handle_endtag(self, tag: str) -> None:
        while self.stack:
            el = self.stack.pop()
            self._close(el)
            if el["tag"] == tag:
                break

    def _close(self, el: dict[str, Any]) -> None:
        if "parts" in el:
            el["text"] = "".join(el.pop("parts"))
            self.open_found.remove(el)

    def handle_data(self, data: str) -> None:
        self.text.append(data)
        for el in self.open_found:
            el["parts"].append(data)

    def close(self) -> None:
        while self.stack:
            self._close(self.stack.pop())


_PARSED: dict[str, Elements] = {}


def parse(html: str) -> Elements:
    """The elements of ``html``; the last few pages parsed are kept (a test renders the same
    page many times over; callers only read what this returns)."""
    p = _PARSED.get(html)
    if p is None:
        p = Elements()
        p.feed(str(html))
        p.close()
        if len(_PARSED) >= 8:
            _PARSED.pop(next(iter(_PARSED)))
        _PARSED[html] = p
    return p


def buttons(html: str, act: str | None = None) -> list[dict[str, Any]]:
    return [el for el in parse(html).found
            if el["tag"] == "button" and (act is None or el["attrs"]["data-act"] == act)]


def tap(app: App, el: dict[str, Any], confirm: bool = True, **extra: Any) -> dict[str, Any]:
    """Tap ``el`` as pwa/tb-page.mjs does. An option that asks for a confirmation
    first (``data-act="caution"``, issue 24 §2) is confirmed ("Do it anyway", or "Do it"
    for a board tap that spends, issue 48) unless
    ``confirm`` is False."""
    assert "disabled" not in el["attrs"], f"tapping a disabled button: {el}"
    data = {k[5:]: v for k, v in el["attrs"].items() if k.startswith("data-") and k != "data-act"}
    screen = el.get("screen") or {}
    if "a" in data:  # an action: the screen says for which state and seat it was drawn
        for key, name in (("n", "data-n"), ("seat", "data-acting")):
            if key not in data and name in screen:
                data[key] = screen[name]
    data.update(extra)
    out = app.dispatch(el["attrs"]["data-act"], data)
    if el["attrs"]["data-act"] == "caution" and confirm and app.error is None:
        go = next(b for b in buttons(app.render(), "play") if b["text"].strip() in ("Do it anyway", "Do it"))
        assert go["attrs"]["data-a"] == el["attrs"]["data-a"]
        return tap(app, go)
    return out


def option_buttons(html: str) -> list[dict[str, Any]]:
    """The buttons performing a game action: played at once, or after a confirmation."""
    return [el for el in parse(html).found
            if el["tag"] == "button" and el["attrs"].get("data-act") in ("play", "caution")]


def tap_named(app: App, name: str, act: str | None = None) -> None:
    for b in buttons(app.render(), act):
        if b["attrs"].get("aria-label", b["text"]).strip() == name or b["text"].strip() == name:
            tap(app, b)
            return
    raise AssertionError(f"no button {name!r}")


def section(html: str, cls: str) -> str:
    m = re.search(rf'<section class="{cls}[^"]*".*?</section>', html, re.S)
    return m.group(0) if m else ""


def make_app(storage: MemoryStorage | None = None, **kw: Any) -> App:
    clock = iter(range(1_700_000_000_000, 1_800_000_000_000, 1000))
    return App(storage if storage is not None else MemoryStorage(), now_ms=lambda: float(next(clock)), **kw)


def fill_form(app: App, game_id: str, names: list[str] | None = None) -> None:
    """The new-game form of ``game_id`` with two humans and, where the game takes three, its
    easiest bot (every further seat a game needs a bot too), named from ``names`` in turn."""
    app.dispatch("new", {"game": game_id})
    g = app.game(game_id)
    kinds = ["human", "human"] + (["bot"] if g.max_players >= 3 else [])
    while len(app.form["seats"]) < max(len(kinds), g.min_players):
        app.dispatch("seat-add", {})
    for i, _ in enumerate(app.form["seats"]):
        kind = kinds[i] if i < len(kinds) else "bot"
        app.dispatch("seat-kind", {"i": str(i), "kind": kind})
        if kind == "bot":
            app.dispatch("seat-level", {"i": str(i), "value": app.bot_levels(game_id)[0]})
        if names:
            app.dispatch("seat-name", {"i": str(i), "value": names[i % len(names)]})


def start_game(app: App, kinds: list[str], names: list[str] | None = None,
               options: dict[str, Any] | None = None, game: str = "timeline", level: str | None = None) -> None:
    """Set up ``game`` from the new-game screen with these seat kinds (bots at ``level``,
    if given), names and options, and start it."""
    app.dispatch("new", {"game": game})
    while len(app.draft["seats"]) < len(kinds):
        app.dispatch("seat-add", {})
    for i, k in enumerate(kinds):
        app.dispatch("seat-kind", {"i": str(i), "kind": k})
        if level is not None:
            app.dispatch("seat-level", {"i": str(i), "value": level})
    for i, n in enumerate(names or []):
        app.dispatch("seat-name", {"i": str(i), "value": n})
    for k, v in (options or {}).items():
        app.draft["options"][k] = v
    app.dispatch("start", {"fields": {}})
    assert app.screen == "table", app.draft_error


def play_human_turn(app: App, strategy: str = "middle") -> None:
    """Tap a card if needed, then a gap, like a player. ``strategy``: "middle" gap,
    "right" (the correct gap: this player knows every date) or "wrong"."""
    from py_engine.timeline.cards import catalog

    html = app.render()
    picks = [b for b in buttons(html, "play") if "hcard" in b["attrs"].get("class", "")]
    if picks:
        tap(app, picks[0])
        html = app.render()
    gaps = [b for b in buttons(html, "play") if "gap-btn" in b["attrs"].get("class", "")]
    assert gaps, "no gap offered to the player to act"
    state = app.match.state
    card = app.match.game.selected_card(state)
    years = [catalog()[c].year for c in state["timeline"]]
    right = sum(1 for y in years if y <= catalog()[card].year)
    if strategy == "right":
        g = right
    elif strategy == "wrong":
        ok = [g for g in range(len(years) + 1) if app.match.game.fits(years, g, catalog()[card].year)]
        g = next((g for g in range(len(years) + 1) if g not in ok), right)
    else:
        g = len(gaps) // 2
    tap(app, gaps[g])


@pytest.fixture(autouse=True)
def _seeded() -> None:
    random.seed(20240607)  # new games draw their seed from `random`


# ---- library ------------------------------------------------------------------------------------
class _StdlibElements(HTMLParser):
    """:class:`Elements` on the stdlib's HTML tokenizer: the reference the fast one is held to."""

    VOID = Elements.VOID
    handle_starttag = Elements.handle_starttag
    handle_endtag = Elements.handle_endtag
    _close = Elements._close
    handle_data = Elements.handle_data

    def __init__(self) -> None:
        super().__init__()
        self.found: list[dict[str, Any]] = []
        self.stack: list[dict[str, Any]] = []
        self.text: list[str] = []
        self.open_found: list[dict[str, Any]] = []
        self.screen: dict[str, str] | None = None

    def close(self) -> None:
        super().close()
        while self.stack:
            self._close(self.stack.pop())


@pytest.mark.parametrize("game_id", ["timeline", "time_war", "time_barons", "time_of_crisis", "barons"])
def test_the_test_dom_reads_every_page_as_html_parser_does(game_id: str) -> None:
    """The tests' regular-expression tokenizer (:class:`Elements`) finds the same elements,
    attributes and text as the stdlib's ``html.parser`` on the pages of a game played from
    the new-game form to the end (every table part, hand-offs, dialogs and the end screen),
    on the library, the saves, the settings and a rules page, and on hostile text."""
    app = make_app()
    pages = [app.render()]
    start_game(app, ["human", "human"], names=['<b a="1">Ann & co</b>', "Bo'b \"x\" &amp;"], game=game_id)
    rng = random.Random(3)
    for step in range(3000):  # a page every 40 actions, the first ones and the end
        if step % 40 in (0, 1, 2) or app.match.is_over():
            page = app.render()
            pages.append(page)
            ho = buttons(page, "handoff-ok")
            if ho:
                tap(app, ho[0])
                pages.append(app.render())
        if app.match.is_over():
            break
        seat = app.match.to_act()[0]
        app.match.apply(seat, rng.choice(app.match.game.legal_actions(app.match.state, seat)))
    assert app.match.is_over()
    for screen in ("saves", "settings", "library"):
        app.dispatch("go", {"to": screen})
        pages.append(app.render())
    app.dispatch("rules", {"game": game_id})
    pages.append(app.render())
    for page in pages:
        fast, ref = Elements(), _StdlibElements()
        fast.feed(str(page))
        fast.close()
        ref.feed(str(page))
        ref.close()
        assert fast.found == ref.found
        assert "".join(fast.text) == "".join(ref.text)


def test_library_lists_games_with_new_game_and_rules() -> None:
    app = make_app()
    html = app.render()
    assert 'data-screen="library"' in html
    names = [b["attrs"].get("aria-label") for b in buttons(html)]
    assert "New game of Timeline" in names and "Rules of Timeline" in names
    assert not buttons(html, "resume")  # nothing to continue yet
    assert "Place events in the right gap" in html


def test_library_offers_continue_for_last_unfinished_game() -> None:
    app = make_app()
    start_game(app, ["human", "bot"], ["Ann"])
    app.dispatch("leave", {})
    html = app.render()
    cont = buttons(html, "resume")
    assert cont and "Continue" in cont[0]["text"] and "Ann" in cont[0]["text"]
    tap(app, cont[0])
    assert app.screen == "table"


# ---- new game -------------------------------------------------------------------------------------
def test_new_game_seats_add_remove_bounds_and_default_names() -> None:
    app = make_app()
    app.dispatch("new", {"game": "timeline"})
    assert [s["name"] for s in app.draft["seats"]] == ["Player 1", "Bot (normal)"]
    for _ in range(10):
        app.dispatch("seat-add", {})
    assert len(app.draft["seats"]) == 8
    html = app.render()
    add = [b for b in buttons(html, "seat-add")][0]
    assert "disabled" in add["attrs"]
    for _ in range(10):
        app.dispatch("seat-remove", {"i": str(len(app.draft["seats"]) - 1)})
    assert len(app.draft["seats"]) == 1  # Timeline can be played solo (our variant)
    assert all("disabled" in b["attrs"] for b in buttons(app.render(), "seat-remove"))
    app.dispatch("seat-add", {})
    app.dispatch("seat-kind", {"i": "1", "kind": "bot"})
    # two bots of one level are numbered; a custom name is kept through changes
    app.dispatch("seat-kind", {"i": "0", "kind": "bot"})
    assert [s["name"] for s in app.draft["seats"]] == ["Bot 1 (normal)", "Bot 2 (normal)"]
    app.dispatch("seat-level", {"i": "0", "value": "hard"})
    assert [s["name"] for s in app.draft["seats"]] == ["Bot (hard)", "Bot (normal)"]
    app.dispatch("seat-level", {"i": "0", "value": "random"})  # not offered in the UI
    assert app.draft["seats"][0]["level"] == "hard"
    assert app.dispatch("seat-name", {"i": "1", "value": "  Robo   Ann "})["render"] is False
    app.dispatch("seat-kind", {"i": "0", "kind": "human"})
    assert [s["name"] for s in app.draft["seats"]] == ["Player 1", "Robo Ann"]
    html = app.render()
    assert "<option" in html and "Hard" in html and "Random" not in html.split("Options")[0]


def test_new_game_renders_every_option_kind_with_help_and_card_note() -> None:
    app = make_app()
    app.dispatch("new", {"game": "timeline"})
    html = app.render()
    d = app.game("timeline").describe()
    for o in d["options"]:
        assert o["label"] in html and o["help"] in html
    assert 'type="number"' in html and "Fewer: Cards per player" in html  # int stepper
    assert '<select id="opt-first_player"' in html                          # choice
    assert html.count('type="checkbox"') >= 4                                # multi
    assert "About the cards" in html and escape(d["data_notes"][:40]) in html
    bool_html = screen_new.option_field({"name": "x", "label": "Fast mode", "kind": "bool",
                                      "default": False, "help": "Go faster."}, True)
    assert 'role="switch"' in bool_html and "checked" in bool_html and "Go faster." in bool_html


def test_new_game_option_changes_and_inline_errors() -> None:
    app = make_app()
    app.dispatch("new", {"game": "timeline"})
    app.dispatch("opt-step", {"name": "cards_per_player", "d": "1"})
    assert app.draft["options"]["cards_per_player"] == 5
    app.dispatch("opt", {"name": "cards_per_player", "value": "99"})
    assert app.draft["options"]["cards_per_player"] == 8
    app.dispatch("opt", {"name": "cards_per_player", "value": "x"})
    assert "whole number" in app.draft_error
    app.dispatch("opt", {"name": "first_player", "value": "random"})
    assert app.draft["options"]["first_player"] == "random"
    for deck in list(app.draft["options"]["decks"]):
        app.dispatch("opt", {"name": "decks", "choice": deck, "checked": False})
    assert app.draft["options"]["decks"] == []
    app.dispatch("start", {"fields": {}})
    assert app.screen == "new" and app.draft_error and "decks" in app.draft_error.lower()
    html = app.render()
    assert 'role="alert"' in html and "setup-error" in html
    app.dispatch("opt", {"name": "decks", "choice": "arts", "checked": True})
    assert app.draft["options"]["decks"] == ["arts"]
    # duplicate names are refused
    app.dispatch("seat-name", {"i": "0", "value": "Ann"})
    app.dispatch("seat-kind", {"i": "1", "kind": "human"})
    app.dispatch("start", {"fields": {"seat-name-1": "ann"}})
    assert app.screen == "new" and "ann" in app.draft_error.lower()


def test_start_reads_fields_from_the_form() -> None:
    app = make_app()
    app.dispatch("new", {"game": "timeline"})
    app.dispatch("start", {"fields": {"seat-name-0": "Zoé", "opt-cards_per_player": "2"}})
    assert app.screen == "table"
    assert app.match.seats[0].name == "Zoé" and app.match.options["cards_per_player"] == 2


# ---- the table ------------------------------------------------------------------------------------
def test_gap_buttons_only_when_placing_is_legal() -> None:
    app = make_app()
    start_game(app, ["human", "human"], options={"cards_per_player": 3})
    html = app.render()
    assert not [b for b in buttons(html, "play") if "gap-btn" in b["attrs"]["class"]]
    picks = [b for b in buttons(html, "play") if "hcard" in b["attrs"]["class"]]
    assert len(picks) == 3 and all(b["attrs"]["aria-label"].startswith("Choose ") for b in picks)
    tap(app, picks[0])
    html = app.render()
    gaps = [b for b in buttons(html, "play") if "gap-btn" in b["attrs"]["class"]]
    assert len(gaps) == len(app.match.state["timeline"]) + 1 == 2
    labels = [g["attrs"]["aria-label"] for g in gaps]
    assert labels[0].startswith("Place before ") and labels[-1].startswith("Place after ")
    assert re.fullmatch(r"Place before \d+ (BCE|CE)", labels[0])
    assert "Placing" in html and "hcard" in html and 'aria-current="true"' in html
    # the other cards let the player change their mind
    alts = buttons(html, "reselect")
    assert len(alts) == 2 and all(a["attrs"]["aria-label"].endswith(" instead") for a in alts)


def test_hand_cards_never_show_years() -> None:
    from py_engine.timeline.cards import catalog

    app = make_app()
    start_game(app, ["human", "human", "human"])
    html = app.render()
    hands = section(html, "hand mine") + section(html, "others")
    assert hands
    for p in app.match.state["hands"]:
        for cid in p:
            card = catalog()[cid]
            assert escape(card.title) in hands
            label = f"{abs(card.year)} {'BCE' if card.year < 0 else 'CE'}"
            assert label not in hands
    assert "tc-year" not in hands and "year" not in hands.lower().replace("years", "")


def test_names_are_escaped_everywhere() -> None:
    app = make_app()
    evil = '<b>Ann</b>"&'
    start_game(app, ["human", "human"], [evil, "<img src=x onerror=alert(1)>"])
    html = app.render()
    assert "<b>Ann</b>" not in html and "<img src=x" not in html
    assert "&lt;b&gt;Ann&lt;/b&gt;&#34;&amp;" in html
    app.settings["handoff"] = True
    html = app.render()
    assert 'data-screen="handoff"' in html and "&lt;b&gt;Ann&lt;/b&gt;" in html and "<b>" not in html
    tap(app, buttons(html, "handoff-ok")[0])
    play_human_turn(app)
    html = app.render()  # hand-off screen to the second player
    assert 'data-screen="handoff"' in html and "&lt;img src=x" in html and "<img" not in html
    app.dispatch("leave", {})
    assert "&lt;b&gt;Ann" in app.render() or "&lt;img" in app.render()
    app.dispatch("go", {"to": "saves"})
    html = app.render()
    assert "<b>Ann</b>" not in html and "&lt;b&gt;Ann&lt;/b&gt;" in html


def test_stale_or_illegal_taps_change_nothing() -> None:
    app = make_app()
    start_game(app, ["human", "human"])
    pick = [b for b in buttons(app.render(), "play") if "hcard" in b["attrs"]["class"]][0]
    before = app.match.save_json()
    tap(app, pick, n="5")
    assert "moved on" in app.error and app.match.save_json() == before
    tap(app, pick, a='["place", 0]')
    assert app.error == "Choose which card to place first." and app.match.save_json() == before
    assert 'role="alert"' in app.render()
    tap(app, pick, seat="1")
    assert "not your turn" in app.error and app.match.save_json() == before
    tap(app, pick)
    assert app.error is None and app.match.state["selected"] is not None


def test_undo_and_reselect() -> None:
    app = make_app()
    start_game(app, ["human", "human"], options={"cards_per_player": 3})
    undo = buttons(app.render(), "undo")[0]
    assert "disabled" in undo["attrs"]
    picks = [b for b in buttons(app.render(), "play") if "hcard" in b["attrs"]["class"]]
    tap(app, picks[0])
    first = app.match.state["selected"]
    alt = buttons(app.render(), "reselect")[0]
    tap(app, alt)
    assert app.match.state["selected"] not in (None, first)
    assert len(app.match.actions) == 1
    undo = buttons(app.render(), "undo")[0]
    assert "disabled" not in undo["attrs"]
    tap(app, undo)
    assert app.match.state["selected"] is None and not app.match.actions
    # after a placement (a reveal), undo is off
    play_human_turn(app)
    assert "disabled" in buttons(app.render(), "undo")[0]["attrs"]


def test_feedback_after_placement_names_card_and_true_year() -> None:
    app = make_app()
    start_game(app, ["human", "human"], ["Ann", "Bob"])
    play_human_turn(app)
    last = app.match.state["last"]
    from py_engine.timeline.cards import catalog, format_year

    card = catalog()[last["card"]]
    html = app.render()
    word = "Correct" if last["correct"] else "Wrong"
    assert f"{word} — {card.title} is {format_year(card.year)}" in html.replace("&#39;", "'")
    assert "feedback " + ("ok" if last["correct"] else "bad") + " fresh" in html
    if last["correct"]:
        assert 'data-scroll-to="1"' in html and "tcard" in html and "placed fresh" in html
    # the animation plays once; the banner stays
    again = app.render()
    assert " fresh" not in again and word in again


def test_full_pass_and_play_game_by_taps_reaches_end_panel() -> None:
    app = make_app()
    start_game(app, ["human", "human", "human"], ["Ann", "Bob", "Cy"], {"cards_per_player": 2})
    strategies = {0: "right", 1: "wrong", 2: "middle"}
    for _ in range(500):
        if app.match.is_over():
            break
        play_human_turn(app, strategies[app.match.to_act()[0]])
    assert app.match.is_over()
    html = app.render()
    assert "endpanel" in html and ("wins!" in html or "share the win" in html or "draw" in html)
    assert buttons(html, "rematch") and not [b for b in buttons(html, "play")]
    entry = app.store.entry(app.match_id)
    assert entry["over"] and entry["result"]
    old = app.match_id
    tap(app, buttons(html, "rematch")[0])
    assert app.match_id != old and not app.match.actions
    assert [s.name for s in app.match.seats] == ["Ann", "Bob", "Cy"]
    assert app.match.options["cards_per_player"] == 2 and app.store.entry(old)["over"]


def test_game_against_bots_runs_through_bot_steps() -> None:
    app = make_app(botspeed_override="instant")
    start_game(app, ["human", "bot", "bot"], ["Me"])
    assert app.bot_delay() == 0.0
    for _ in range(2000):
        if app.match.is_over():
            break
        if app.bot_pending():
            assert app.acting_seat() is None
            html = app.render()
            assert "is thinking" in html or app.match.bot_to_act() is not None
            assert not buttons(html, "play")
            app.bot_step()
        else:
            play_human_turn(app, "right")
    assert app.match.is_over() and not app.bot_pending()
    assert "endpanel" in app.render()


def test_all_bot_game_finishes_and_pauses_off_table() -> None:
    app = make_app()
    start_game(app, ["bot", "bot"])
    assert app.bot_delay() == 0.7
    app.dispatch("leave", {})
    assert not app.bot_pending()
    app.dispatch("resume", {"id": app.match_id})
    steps = 0
    while app.bot_pending():
        app.bot_step()
        steps += 1
    assert app.match.is_over() and steps == len(app.match.actions)
    assert "Players’ cards" in app.render()


# ---- hand-off ---------------------------------------------------------------------------------------
def test_handoff_decision() -> None:
    app = make_app()
    start_game(app, ["human", "human"], ["Ann", "Bob"])
    assert app.handoff_seat() is None  # Timeline has no private info, setting off
    app.dispatch("setting", {"name": "handoff", "checked": True})
    assert app.handoff_seat() == 0      # nobody has held the device yet
    html = app.render()
    assert 'data-screen="handoff"' in html and "Pass the device to Ann" in html
    assert "I’m Ann — continue" in html
    for leak in ("tl-strip", "hcard", "pchip", "log-toggle", "Draw pile"):
        assert leak not in html
    tap_named(app, "I’m Ann — continue")
    assert app.handoff_seat() is None and 'data-screen="table"' in app.render()
    play_human_turn(app)
    if not app.match.is_over() and app.match.to_act() == [1]:
        assert app.handoff_seat() == 1
        tap(app, buttons(app.render(), "handoff-ok")[0], seat="0")  # wrong seat: ignored
        assert app.handoff_seat() == 1
        tap(app, buttons(app.render(), "handoff-ok")[0])
        assert app.handoff_seat() is None
    # a play tap during the hand-off is refused
    app.match.meta["holder"] = None
    seat = app.match.to_act()[0]
    before = app.match.save_json()
    app.dispatch("play", {"seat": str(seat), "n": str(app.match.state["n"]), "a": '["place", 0]'})
    assert app.match.save_json() == before


def test_handoff_never_with_one_human_and_always_with_private_info(monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app()
    app.settings["handoff"] = True
    start_game(app, ["human", "bot"])
    assert app.handoff_seat() is None
    app2 = make_app()
    start_game(app2, ["human", "human"])
    monkeypatch.setattr(app2.match.game, "private_info", True)
    assert app2.settings["handoff"] is False and app2.handoff_seat() == 0
    app2.dispatch("handoff-ok", {"seat": "0"})
    assert app2.handoff_seat() is None
    # persisted through the save (meta.holder)
    app3 = make_app(app2.storage)
    app3.boot()
    assert app3.match.meta["holder"] == 0 and app3.handoff_seat() is None


# ---- autosave, resume ---------------------------------------------------------------------------
def test_autosave_after_every_action_and_boot_resumes() -> None:
    storage = MemoryStorage()
    app = make_app(storage)
    start_game(app, ["human", "bot", "human"], ["Ann", "Bot", "Cy"])
    sid = app.match_id
    assert storage.get(CURRENT_KEY) == sid
    for _ in range(6):
        if app.bot_pending():
            app.bot_step()
        else:
            play_human_turn(app)
        saved = Match.load(storage.get(SAVE_PREFIX + sid))
        assert saved.save_json() == app.match.save_json()
    index = json.loads(storage.get(INDEX_KEY))
    assert index[0]["id"] == sid and index[0]["progress"].startswith("Round ")
    table_before = app.render()
    app2 = make_app(storage)
    app2.boot()
    assert app2.screen == "table" and app2.match_id == sid
    assert app2.match.save_json() == app.match.save_json()
    strip = lambda h: re.sub(r' fresh| data-scroll-to="1"', "", h)  # noqa: E731
    assert strip(app2.render()) == strip(table_before)


def test_boot_goes_to_library_when_current_game_is_over_or_broken() -> None:
    storage = MemoryStorage()
    app = make_app(storage)
    start_game(app, ["bot", "bot"])
    while app.bot_pending():
        app.bot_step()
    app2 = make_app(storage)
    app2.boot()
    assert app2.screen == "library"
    # a damaged current save: message, still listed, not current any more
    app3 = make_app(storage)
    start_game(app3, ["human", "bot"])
    sid = app3.match_id
    storage.set(SAVE_PREFIX + sid, storage.get(SAVE_PREFIX + sid).replace('"actions":[', '"actions":[[0,["zzz"]],'))
    app4 = make_app(storage)
    app4.boot()
    assert app4.screen == "library" and "could not be opened" in app4.error
    assert storage.get(SAVE_PREFIX + sid) is not None and storage.get(CURRENT_KEY) is None
    app4.dispatch("go", {"to": "saves"})
    html = app4.render()
    assert "Cannot be opened" in html and len(app4.store.list()) == 2


def test_storage_full_shows_message_and_play_goes_on() -> None:
    class Full(MemoryStorage):
        def set(self, key: str, value: str) -> None:
            if key.startswith(SAVE_PREFIX):
                raise RuntimeError("QuotaExceededError")
            super().set(key, value)

    app = make_app(Full())
    start_game(app, ["human", "human"])
    assert app.save_error and "could not be saved" in app.save_error
    assert "could not be saved" in app.render()
    play_human_turn(app)
    assert len(app.match.actions) >= 1


# ---- saved games ----------------------------------------------------------------------------------
def _two_saves(storage: MemoryStorage) -> App:
    app = make_app(storage)
    start_game(app, ["human", "bot"], ["Ann"])
    play_human_turn(app)
    start_game(app, ["human", "human"], ["Bea", "Cal"])
    app.dispatch("go", {"to": "saves"})
    return app


def test_saves_list_resume_delete_with_confirm_and_export() -> None:
    storage = MemoryStorage()
    app = _two_saves(storage)
    html = app.render()
    assert html.index("Bea") < html.index("Ann")  # newest first
    assert "Round 1" in html and "last played" in html
    resume = [b for b in buttons(html, "resume") if "Ann" in b["attrs"]["aria-label"]][0]
    tap(app, resume)
    assert app.screen == "table" and app.match.seats[0].name == "Ann"
    app.dispatch("go", {"to": "saves"})
    exp = [b for b in buttons(app.render(), "export") if "Ann" in b["attrs"]["aria-label"]][0]
    eff = tap(app, exp)
    name, text = eff["download"]
    assert name.endswith(".json") and name.startswith("time-and-barons-timeline-")
    assert Match.load(text).save_json() == app.match.save_json()
    delete = [b for b in buttons(app.render(), "delete") if "Bea" in b["attrs"]["aria-label"]][0]
    tap(app, delete)
    assert len(app.store.list()) == 2  # nothing deleted before confirming
    html = app.render()
    assert "Delete this saved game for good?" in html
    tap(app, buttons(html, "delete-cancel")[0])
    assert len(app.store.list()) == 2
    tap(app, delete)
    tap(app, buttons(app.render(), "delete-confirm")[0])
    assert [e["seats"][0]["name"] for e in app.store.list()] == ["Ann"]


@pytest.mark.parametrize("bad", ["not json at all", "{}", '{"format": "time-and-barons-save", "version": 99}',
                                 '{"format": "time-and-barons-save", "version": 1, "game": "timeline"}',
                                 '{"format": "time-and-barons-save", "version": 1, "game": "timeline", '
                                 '"seats": [{"name": "A"}, {"name": "B"}], "seed": 1, "actions": [[0, ["place", 99]]]}',
                                 "[1, 2, 3]", ""])
def test_import_corrupt_file_shows_message_and_keeps_other_saves(bad: str) -> None:
    storage = MemoryStorage()
    app = _two_saves(storage)
    before = dict(storage.data)
    app.dispatch("import-text", {"text": bad, "name": "bad.json"})
    assert app.error and app.error.startswith("Could not import bad.json:")
    assert "other saved games are unchanged" in app.error
    assert storage.data == before
    html = app.render()
    assert 'role="alert"' in html and "Ann" in html and "Bea" in html


def test_import_valid_file_adds_a_new_save_without_overwriting() -> None:
    storage = MemoryStorage()
    app = _two_saves(storage)
    sid = app.store.list()[0]["id"]
    _, text = app.store.export(sid)
    app.dispatch("import-text", {"text": text, "name": "copy.json"})
    assert app.error is None and "Imported copy.json" in app.notice
    ids = [e["id"] for e in app.store.list()]
    assert len(ids) == 3 and len(set(ids)) == 3
    assert storage.get(SAVE_PREFIX + sid) == text


def test_resume_of_bad_save_shows_message_and_stays_listed() -> None:
    storage = MemoryStorage()
    app = _two_saves(storage)
    sid = app.store.list()[1]["id"]
    storage.set(SAVE_PREFIX + sid, '{"format": "time-and-barons-save", "version": 1, "game": "nope"}')
    app.match = app.match_id = None
    app.dispatch("resume", {"id": sid})
    assert app.screen == "saves" and "could not be opened" in app.error and "nope" in app.error
    html = app.render()
    assert "Cannot be opened" in html and len(app.store.list()) == 2


def test_store_survives_a_damaged_index() -> None:
    storage = MemoryStorage()
    _two_saves(storage)
    storage.set(INDEX_KEY, "{broken")
    store = SaveStore(storage, lambda: 1.0)
    assert len(store.list()) == 2
    assert all(e["id"] for e in store.list())


# ---- rules and settings ------------------------------------------------------------------------------
def test_rules_screen_explains_end_of_game_reading() -> None:
    app = make_app()
    app.dispatch("rules", {"game": "timeline"})
    html = app.render()
    assert "How to play Timeline" in html and "play-off" in html and "How the app reads" in html
    rulebook = (ROOT.parent / "shared" / "seeds" / "timeline_rules.txt")
    if rulebook.exists():  # our own words: no long run of the rulebook's text
        text = " ".join(rulebook.read_text().split())
        plain = " ".join(re.sub(r"<[^>]+>", " ", html).split())
        words = plain.split()
        for i in range(len(words) - 8):
            assert " ".join(words[i:i + 8]) not in text
    tap_named(app, "‹ Back", "back")
    assert app.screen == "library"
    start_game(app, ["human", "bot"])
    app.dispatch("rules", {})
    assert "Back to the table" in app.render()
    app.dispatch("back", {})
    assert app.screen == "table"


def test_settings_persist_and_botspeed_override() -> None:
    storage = MemoryStorage()
    app = make_app(storage, botspeed_override="instant")
    assert app.bot_delay() == 0.0 and app.theme() == "system"
    app.dispatch("go", {"to": "settings"})
    html = app.render()
    assert 'aria-pressed="true"' in html and "Hand-off screen between players" in html
    app.dispatch("setting", {"name": "theme", "value": "dark"})
    app.dispatch("setting", {"name": "theme", "value": "neon"})
    app.dispatch("setting", {"name": "botspeed", "value": "fast"})
    app.dispatch("setting", {"name": "handoff", "value": "on", "checked": True})
    assert json.loads(storage.get(SETTINGS_KEY)) == {"theme": "dark", "botspeed": "fast", "handoff": True, "hints": True}
    assert app.bot_delay() == 0.15
    app2 = make_app(storage)
    assert app2.theme() == "dark" and app2.settings["handoff"] is True
    storage.set(SETTINGS_KEY, "garbage")
    assert make_app(storage).settings == {"theme": "system", "botspeed": "normal", "handoff": False, "hints": True}


def test_bottime_full_lets_bots_search_their_whole_budget() -> None:
    """``?bottime=full``: the bot's decision has no time limit, so it is the one
    :meth:`Match.bot_action` gives from the save (tests replay the app's games in CPython);
    by default the level's time limit applies. Settings says which the page was opened with."""
    timed = make_app(botspeed_override="instant")
    start_game(timed, ["bot", "bot"], level="easy", game="time_war")
    thinking = timed.bot_thinker()
    assert thinking is not None and thinking.time_limit == timed.match.game.bot_time_limit("easy") > 0
    full = make_app(botspeed_override="instant", bottime="full")
    start_game(full, ["bot", "bot"], level="easy", game="time_war")
    thinking = full.bot_thinker()
    assert thinking is not None and thinking.time_limit is None
    while not thinking.step():
        pass
    assert thinking.stopped_by == "iterations" and thinking.action == full.match.bot_action(thinking.seat)
    full.dispatch("go", {"to": "settings"})
    assert "think to the end of their search" in full.render()
    timed.dispatch("go", {"to": "settings"})
    assert "think to the end of their search" not in timed.render()


def test_default_seat_names() -> None:
    seats = [{"kind": "human", "level": "easy"}, {"kind": "bot", "level": "hard"},
             {"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "easy"}]
    assert [default_seat_name(seats, i) for i in range(4)] == [
        "Player 1", "Bot (hard)", "Bot 1 (easy)", "Bot 2 (easy)"]


def test_every_action_button_has_an_accessible_name() -> None:
    app = make_app()
    start_game(app, ["human", "human"])
    for _ in range(3):
        for b in buttons(app.render()):
            assert (b["attrs"].get("aria-label") or b["text"]).strip(), b
        play_human_turn(app)


def test_the_worker_layer_is_the_only_one_importing_js() -> None:
    pkg = ROOT / "pwa" / "tb_ui"
    for f in pkg.rglob("*.py"):
        src = f.read_text()
        uses = re.search(r"^\s*(import js\b|from (pyscript|pyodide|js)\b)", src, re.M)
        assert (f.name == "worker.py") == bool(uses), f


def test_bot_thinking_in_slices_is_dropped_if_the_player_leaves() -> None:
    app = make_app()
    start_game(app, ["bot", "human"])
    thinking = app.bot_thinker()
    assert thinking is not None
    while not thinking.step(0.01):
        pass
    app.dispatch("leave", {})
    assert app.bot_apply(thinking) is False and not app.match.actions
    app.dispatch("resume", {"id": app.match_id})
    again = app.bot_thinker()
    while not again.step(0.01):
        pass
    assert again.action == thinking.action  # reproducible: seeded from the save
    assert app.bot_apply(again) and len(app.match.actions) == 1


def test_a_form_tap_after_the_form_is_gone_changes_nothing() -> None:
    """A new-game form event that arrives when no form is open (a late change event, a
    double tap) does nothing: no alert, no draft made, the screen unchanged."""
    app = make_app()
    assert app.draft is None and app.screen == "library"
    for act, data in (("seat-add", {}), ("seat-remove", {"i": "1"}), ("seat-kind", {"i": "0", "kind": "bot"}),
                      ("seat-level", {"i": "0", "value": "easy"}), ("seat-name", {"i": "0", "value": "Zed"}),
                      ("opt", {"name": "cards", "value": "5"}), ("opt-step", {"name": "cards", "d": "1"}),
                      ("start", {"fields": {}})):
        app.dispatch(act, data)
        assert app.error is None and app.draft is None and app.screen == "library" and app.match is None, act
    # every event of the form's own controls is one the app drops when no form is open
    library = {el["attrs"]["data-act"] for el in parse(app.render()).found}
    app.dispatch("new", {"game": "barons"})
    app.dispatch("seat-add", {})
    form = {el["attrs"]["data-act"] for el in parse(app.render()).found} - library - {"back", "rules"}
    assert form == FORM_EVENTS, form


# ---- the game log keeps the whole game (issue 24 §4) -----------------------------------------
def test_the_log_opens_on_its_latest_lines_and_shows_the_whole_game_on_request() -> None:
    """The view carries every line the seat may read; the opened log lists the latest
    LOG_SHOWN of them oldest first, numbered as in the whole game, and on request all of them
    from the game's first line; folding the log goes back to the latest lines."""
    m = Match.new("timeline", [Seat("Ann", "human"), Seat("Bot 1 (easy)", "bot", "easy"), Seat("Cy", "human")],
                  {"cards_per_player": 8}, 3)
    rng = random.Random(3)
    while not m.is_over():
        seat = m.to_act()[0]
        m.apply(seat, rng.choice(m.game.legal_actions(m.state, seat)))
    lines = m.game.view(m.state, 0)["log"]
    assert lines == [t for vis, t in m.state["log"] if vis in (None, 0)] and len(lines) > LOG_SHOWN
    app = make_app()
    app.start_match(m)
    page = app.render()
    assert f"{len(lines)} lines" in section(page, "log") and 'id="log-list"' not in page
    tap_named(app, f"Game log{len(lines)} lines", "log-toggle")
    log = section(app.render(), "log")
    items = re.findall(r"<li>(.*?)</li>", log)
    first = len(lines) - LOG_SHOWN
    assert items == [str(escape(t)) for t in lines[first:]]
    assert f'start="{first + 1}"' in log
    assert f'aria-label="Game log, lines {first + 1} to {len(lines)} of {len(lines)}, oldest first"' in log
    tap_named(app, f"Show the whole log ({first} earlier lines)", "log-all")
    log = section(app.render(), "log")
    assert re.findall(r"<li>(.*?)</li>", log) == [str(escape(t)) for t in lines]
    assert 'start="1"' in log and f'aria-label="Game log, all {len(lines)} lines, oldest first"' in log
    tap_named(app, f"Show only the latest {LOG_SHOWN} lines", "log-all")
    assert len(re.findall(r"<li>", section(app.render(), "log"))) == LOG_SHOWN
    tap_named(app, f"Game log{len(lines)} lines", "log-toggle")  # folded, then opened: latest lines again
    tap_named(app, f"Game log{len(lines)} lines", "log-toggle")
    assert len(re.findall(r"<li>", section(app.render(), "log"))) == LOG_SHOWN


def test_a_bot_chip_shows_its_name_and_its_level_once() -> None:
    """Issue 24 §4: a bot's chip said "Bot 1 (no…" (its level cut short) beside "bot · normal";
    it shows the name without the level, the level once in its tag, the whole name in its label."""
    app = make_app()
    start_game(app, ["human", "bot", "bot"], level="normal")
    page = app.render()
    names = re.findall(r'<span class="pname">([^<]*)', page)
    assert names[1:] == ["Bot 1", "Bot 2"], names
    assert page.count("bot · normal") == 2 and 'aria-label="Bot 1 (normal): ' in page


# ---- "Let a bot finish for me" (issue 48 §3) ---------------------------------------------------------
def test_a_seat_handed_to_a_bot_plays_to_the_end_panel() -> None:
    """Mid-game, the player hands their seat to a normal bot: no option is theirs to tap any
    more, the bar says who plays for them, the game ends by bot steps alone, and the save
    says the seat is the bot's."""
    app = make_app(botspeed_override="instant")
    start_game(app, ["human", "bot"], ["Me", "Rob"])
    while app.bot_pending():
        app.bot_step()
    play_human_turn(app)
    while app.bot_pending():
        app.bot_step()
    html = app.render()
    offer = {b["attrs"]["data-level"]: b for b in buttons(html, "hand-over")}
    assert set(offer) == {"easy", "normal", "hard"}
    assert offer["normal"]["attrs"]["aria-label"] == "Let a normal bot finish the game for me"
    assert offer["easy"]["attrs"]["aria-label"] == "Let an easy bot finish the game for me"
    n = len(app.match.actions)
    tap(app, offer["normal"])
    assert app.error is None and len(app.match.actions) == n
    assert app.match.seats[0] == Seat("Me", "bot", "normal") and app.match.handed() == [0]
    html = app.render()
    assert "A normal bot plays for Me." in html and not buttons(html, "play") and not buttons(html, "hand-over")
    undo = buttons(html, "take-back")
    assert undo and undo[0]["text"] == "Undo" and undo[0]["attrs"]["aria-label"] == "Undo: take your seat back from the bot"
    assert Match.load(app.store.text(app.match_id)).seats[0].kind == "bot"  # saved at once
    steps = 0
    while app.bot_pending() and steps < 3000:
        app.bot_step()
        steps += 1
    assert app.match.is_over() and "endpanel" in app.render()
    assert not buttons(app.render(), "take-back") and not buttons(app.render(), "hand-over")


def test_undo_takes_the_hand_over_back() -> None:
    """Undo right after the hand-over returns the seat: the same options as before, nothing
    played; after a bot move for the player, taking the seat back keeps that move."""
    app = make_app(botspeed_override="instant")
    start_game(app, ["human", "bot"], ["Me", "Rob"])
    while app.bot_pending():
        app.bot_step()
    before = sorted(b["attrs"]["data-a"] for b in buttons(app.render(), "play"))
    n = len(app.match.actions)
    tap(app, next(b for b in buttons(app.render(), "hand-over") if b["attrs"]["data-level"] == "easy"))
    tap(app, buttons(app.render(), "take-back")[0])
    assert app.error is None and app.match.seats[0] == Seat("Me") and app.match.handed() == []
    assert len(app.match.actions) == n and app.acting_seat() == 0
    assert sorted(b["attrs"]["data-a"] for b in buttons(app.render(), "play")) == before
    # handed again, the bot moves for Me; the seat then comes back where the game stands
    tap(app, next(b for b in buttons(app.render(), "hand-over") if b["attrs"]["data-level"] == "easy"))
    app.bot_step()
    assert app.match.actions[n][0] == 0
    back = next(b for b in buttons(app.render(), "take-back") if b["text"] == "Take my seat back")
    tap(app, back)
    assert app.match.seats[0].kind == "human" and len(app.match.actions) > n


def test_hand_over_is_not_offered_where_it_may_not_be_used() -> None:
    """Not in a daily deal, not for an all-bot table, not after the end; a forged tap is refused
    with nothing changed."""
    app = make_app()
    start_game(app, ["bot", "bot"])
    assert not buttons(app.render(), "hand-over")
    app = make_app()
    start_game(app, ["human", "bot"], ["Me", "Rob"])
    app.match.meta["daily"] = {"date": "2026-11-29"}
    assert not buttons(app.render(), "hand-over")
    app.dispatch("hand-over", {"level": "hard"})
    assert app.error is not None and app.match.seats[0].kind == "human"
    del app.match.meta["daily"]
    app.dispatch("hand-over", {"level": "grandmaster"})
    assert app.error is not None and app.match.seats[0].kind == "human"
    app.dispatch("take-back", {"seat": "1"})
    assert app.error is not None and app.match.seats[1].kind == "bot"


def test_one_bot_turn_is_summed_up_where_the_game_has_no_last_turn_panel_of_its_own() -> None:
    """Issue 48: after the player's move and a single bot turn, Timeline shows "Since your last
    move" with the bot's placement; Time War, whose table draws its own "Last turn", does not."""
    app = make_app(botspeed_override="instant")
    start_game(app, ["human", "bot"], ["Me", "Rob"])
    while app.bot_pending():
        app.bot_step()
    app.dispatch("catchup-ok", {})
    m = app.match
    while app.acting_seat() == 0:
        st = m.state
        app.dispatch("play", {"seat": "0", "n": str(st["n"]),
                              "a": json.dumps(m.game.legal_actions(st, 0)[0].to_json())})
    assert app.bot_pending() and app.catchup() is None  # the bot has not moved yet
    while app.bot_pending():
        app.bot_step()
    c = app.catchup()
    assert c is not None and c["title"] == "Since your last move" and c["moves"] == 1
    assert any(line.startswith("Rob (easy) placed") or line.startswith("Rob placed") for line in c["lines"]), c
    assert 'class="catchup panel"' in app.render() and "1 bot turn" in app.render()

    app = make_app(botspeed_override="instant")
    start_game(app, ["human", "bot"], ["Me", "Rob"], game="time_war")
    for _ in range(3):
        while app.bot_pending():
            app.bot_step()
        app.dispatch("catchup-ok", {})
        m = app.match
        before = [s for s, _ in m.actions]
        seat = app.acting_seat()
        while app.acting_seat() == seat and not m.is_over():
            st = m.state
            app.dispatch("play", {"seat": str(seat), "n": str(st["n"]),
                                  "a": json.dumps(m.game.legal_actions(st, seat)[0].to_json())})
        while app.bot_pending():
            app.bot_step()
        bots = [s for s, _ in m.actions[len(before):] if m.seats[s].kind == "bot"]
        turns = sum(1 for i, s in enumerate(bots) if i == 0 or bots[i - 1] != s)
        assert turns >= 2 or app.catchup() is None


def test_undo_says_why_a_choice_that_revealed_a_card_stands() -> None:
    """Issue 48: in Time Barons, once the player's own choice revealed a card (a draw) the Undo
    button says why it cannot take it back, and a tap on it tells the player so, with nothing
    changed; before any choice of theirs, it is simply disabled."""
    app = make_app(botspeed_override="instant")
    start_game(app, ["human", "bot"], ["Me", "Rob"], game="time_barons", level="easy")
    m = app.match
    for _ in range(200):
        while app.bot_pending():
            app.bot_step()
        seat = app.acting_seat()
        assert seat is not None
        if m.actions and m.actions[-1][0] == seat and not m.can_undo(seat):
            break
        opts = option_buttons(app.render())
        draws = [b for b in opts if json.loads(b["attrs"]["data-a"])[0] in ("draw", "stack")]
        tap(app, (draws or opts)[0])
    else:
        raise AssertionError("no choice of the player's was locked by a reveal")
    [undo] = [b for b in buttons(app.render(), "undo")]
    assert "disabled" not in undo["attrs"] and undo["attrs"]["aria-disabled"] == "true"
    assert undo["attrs"]["aria-label"].startswith("Undo: Your last choice cannot be taken back: it revealed a card")
    n = len(m.actions)
    tap(app, undo)
    assert app.error is not None and app.error.startswith("Your last choice cannot be taken back")
    assert len(m.actions) == n
