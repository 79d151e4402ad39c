"""No text a player or a file controls can become markup (issue 23 §1).

Every screen of every game is rendered with hostile seat names, a hostile imported save
(names, options, file name), a hostile storage listing and a hostile page setting, and the
rendered markup is parsed: no element and no attribute outside the templates may appear.
The payloads carry the element ``<tbx>`` and the attribute ``data-tbx``, which no template
has, so any of them in the parsed page means some text was pasted into markup unescaped.
(The escaping path itself: pwa/tb_ui/html.py and ruff rule S704.)
"""

from __future__ import annotations

import copy
import json
import random
import sys
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "pwa"))
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from tb_ui.app import App  # noqa: E402
from tb_ui.rules import rules_pages  # noqa: E402
from tb_ui.store import INDEX_KEY, SAVE_PREFIX, MemoryStorage  # noqa: E402
from test_tb_ui import fill_form  # noqa: E402

from py_engine import games  # noqa: E402
from py_engine.core import Match, Seat  # noqa: E402

#: Seat names (the new-game form keeps 24 characters) that break out of text, of a
#: double-quoted and of a single-quoted attribute, and out of a <textarea>/<title>.
NAMES = ['<tbx data-tbx="n0">', '"><tbx data-tbx="n1">', "' data-tbx='n2' x='", '" data-tbx="n3" x="',
         "</title><tbx data-tbx>", "<!--<tbx data-tbx>-->"]
#: Longer payloads for what a file or the storage carries (no length limit there).
LONG = ['</textarea></select></option><tbx data-tbx="long">', '<svg><tbx data-tbx="svg"/></svg>',
        "<![CDATA[<tbx data-tbx>]]>", '<tbx data-tbx="x" onclick="1">']
GAME_IDS = games.ids()


class Scan(HTMLParser):
    """Every element and attribute name in a piece of markup, and its text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: set[str] = set()
        self.attrs: set[str] = set()
        self.values: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.add(tag)
        for k, v in attrs:
            self.attrs.add(k)
            if v is not None:
                self.values.append(v)

    handle_startendtag = handle_starttag

    def handle_data(self, data: str) -> None:
        self.text.append(data)

    def handle_comment(self, data: str) -> None:
        raise AssertionError(f"a comment in the page: <!--{data}-->")


def scan(markup: str, where: str) -> Scan:
    """Parse ``markup``; fail if an injected element or attribute is in it."""
    s = Scan()
    s.feed(str(markup))
    s.close()
    assert "tbx" not in s.tags, f"{where}: an injected <tbx> element"
    assert not {a for a in s.attrs if a.startswith("data-tbx") or a.startswith("on")}, \
        f"{where}: injected attributes {sorted(a for a in s.attrs if 'tbx' in a or a.startswith('on'))}"
    return s


def shows(s: Scan, payload: str) -> bool:
    """The payload reached the page as text or as an attribute's value (it was not lost)."""
    return any(payload in t for t in s.values) or payload in "".join(s.text)


def make_app(storage: MemoryStorage | None = None, **kw: Any) -> App:
    clock = iter(range(1_700_000_000_000, 1_800_000_000_000, 1000))
    return App(storage if storage is not None else MemoryStorage(), now_ms=lambda: float(next(clock)), **kw)


def render(app: App, where: str) -> Scan:
    return scan(app.render(), f"{where} ({app.screen})")


def new_game(app: App, game_id: str, names: list[str]) -> Scan:
    """The new-game form with two humans and (where the game takes three) an easy bot,
    all hostile names; returns the scan of the form."""
    fill_form(app, game_id, names)
    s = render(app, f"{game_id} new game")
    for i, _ in enumerate(app.draft["seats"]):
        assert shows(s, names[i % len(names)]), f"seat name {names[i % len(names)]!r} not on the form"
    return s


def play_to_the_end(app: App, rng: random.Random, where: str, limit: int = 4000) -> int:
    """Play the table as its players would (hand-offs, human choices at random, the bots'
    steps), rendering the first moves, then every 25th, and the last; returns the moves."""
    m = app.match
    for step in range(limit):
        if m.is_over():
            break
        look = step < 30 or step % 25 == 0
        if look:
            render(app, f"{where} move {step}")
        seat = app.handoff_seat()
        if seat is not None:
            app.dispatch("handoff-ok", {"seat": str(seat)})
            if look:
                render(app, f"{where} move {step}, after the hand-off")
        if app.bot_pending():
            assert app.bot_step(), f"{where}: the bot to act did not move"
            continue
        seat = app.acting_seat()
        assert seat is not None, f"{where}: nobody may act at move {step}"
        acts = m.game.view(m.state, seat)["actions"]
        a = rng.choice(acts)
        app.dispatch("play", {"seat": str(seat), "n": str(m.state["n"]), "a": json.dumps(a["action"])})
        assert app.error is None, f"{where}: {app.error}"
    else:
        raise AssertionError(f"{where}: not over after {limit} moves")
    return step


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_screen_with_hostile_names_shows_them_as_text(game_id: str) -> None:
    random.seed(23)  # new games draw their seed from `random`
    rng = random.Random(23)
    storage = MemoryStorage()
    app = make_app(storage, botspeed_override="instant")
    app.settings["handoff"] = True
    app.log_open = True
    new_game(app, game_id, NAMES)
    assert app.draft is not None
    for seat in app.draft["seats"]:  # the bot's name and moves matter here, not its search
        if seat["kind"] == "bot":
            seat["level"] = "random"
    app.dispatch("start", {"fields": {}})
    assert app.screen == "table", app.draft_error
    assert any(s.kind == "bot" and s.level == "random" for s in app.match.seats) == (app.game(game_id).max_players >= 3)
    s = render(app, game_id)
    if app.handoff_seat() is not None:
        assert shows(s, app.match.seats[app.handoff_seat()].name)
    play_to_the_end(app, rng, game_id)
    end = render(app, f"{game_id} end")
    assert 'class="endpanel' in app.render()
    log_text = "".join(end.text)
    assert any(n in log_text for n in NAMES), "no seat name in the end panel or the log"

    app.dispatch("replay-open", {"id": app.match_id})
    assert app.screen == "replay"
    render(app, f"{game_id} replay")
    for _ in range(5):
        app.dispatch("replay-step", {"d": "1"})
        render(app, f"{game_id} replay step")
    app.dispatch("replay-to", {"k": str(app.replay.rep.length)})
    render(app, f"{game_id} replay end")

    for screen in ("library", "saves", "settings"):
        app.dispatch("go", {"to": screen})
        s = render(app, f"{game_id} {screen}")
        if screen == "saves":
            assert shows(s, NAMES[0])
    app.dispatch("rules", {"game": game_id})
    render(app, f"{game_id} rules")
    for part in rules_pages(game_id):
        app.rules_part = part
        render(app, f"{game_id} rules page {part}")
    if app.game(game_id).daily_options:
        app.dispatch("daily", {"game": game_id})
        render(app, f"{game_id} daily")


def _hostile_save(game_id: str) -> dict[str, Any]:
    """A real save of ``game_id`` (two moves in) with every name replaced by a payload."""
    g = games.get(game_id)
    seats = [Seat(kind="human", name=f"P{i}") for i in range(max(2, g.min_players))]
    m = Match.new(game_id, seats, seed=5)
    rng = random.Random(5)
    for _ in range(2):
        seat = m.to_act()[0]
        m.apply(seat, rng.choice(m.game.legal_actions(m.state, seat)))
    doc: dict[str, Any] = m.save()
    del doc["state_hash"]  # the names are in the log: the checksum would no longer match
    for i, s in enumerate(doc["seats"]):
        s["name"] = LONG[i % len(LONG)]
    return doc


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_hostile_save_file_is_shown_as_text_or_refused_with_its_text(game_id: str) -> None:
    random.seed(7)
    storage = MemoryStorage()
    app = make_app(storage)
    doc = _hostile_save(game_id)
    app.dispatch("go", {"to": "saves"})
    app.dispatch("import-text", {"text": json.dumps(doc), "name": LONG[0] + ".json"})
    assert app.error is None, app.error
    s = render(app, f"{game_id} saves after importing hostile names")
    assert shows(s, LONG[0]) and shows(s, LONG[1])
    sid = app.store.list()[0]["id"]
    app.dispatch("resume", {"id": sid})
    assert app.screen == "table"
    app.settings["handoff"] = True
    app.log_open = True
    render(app, f"{game_id} table of the imported save")
    if app.handoff_seat() is not None:
        app.dispatch("handoff-ok", {"seat": str(app.handoff_seat())})
        render(app, f"{game_id} table of the imported save")
    app.dispatch("leave", {})
    render(app, f"{game_id} library with the imported save to continue")

    # options: every declared option given a payload (the import is refused, and says why)
    bad = copy.deepcopy(doc)
    opts = bad.setdefault("options", {})
    for o in app.game(game_id).describe()["options"]:
        opts[o["name"]] = LONG[0]
    opts[LONG[1]] = LONG[2]
    app.dispatch("go", {"to": "saves"})
    app.dispatch("import-text", {"text": json.dumps(bad), "name": NAMES[0]})
    s = render(app, f"{game_id} saves after a hostile options import")
    assert app.error and shows(s, NAMES[0]), "the refusal does not name the file"
    # the game id itself, and a file that is not JSON, named by a payload
    for text in (json.dumps({**doc, "game": LONG[3]}), LONG[1]):
        app.dispatch("import-text", {"text": text, "name": LONG[2]})
        assert app.error
        render(app, f"{game_id} saves after a refused hostile import")


def test_a_hostile_storage_listing_and_page_setting_are_shown_as_text() -> None:
    random.seed(11)
    storage = MemoryStorage()
    app = make_app(storage)
    doc = _hostile_save("timeline")
    app.dispatch("import-text", {"text": json.dumps(doc), "name": "ok.json"})
    sid = app.store.list()[0]["id"]
    index = json.loads(storage.get(INDEX_KEY) or "[]")
    for entry in index:
        entry.update(title=LONG[0], progress=LONG[1], result=LONG[2], damaged=LONG[3],
                     seats=[{"name": n, "kind": "bot", "level": LONG[0]} for n in LONG])
    index.append({"id": LONG[0], "game": LONG[1], "title": LONG[2]})
    storage.set(INDEX_KEY, json.dumps(index))
    storage.set(SAVE_PREFIX + LONG[3][:20], LONG[0])
    app2 = make_app(storage, botspeed_override=LONG[0])
    app2.boot()
    for screen in ("library", "saves", "settings"):
        app2.dispatch("go", {"to": screen})
        render(app2, f"hostile storage, {screen}")
    app2.dispatch("resume", {"id": sid})
    render(app2, "hostile storage, resumed")
    app2.dispatch("go", {"to": "saves"})
    app2.dispatch("delete", {"id": sid})
    render(app2, "hostile storage, delete confirmation")
