"""Unit tests of the Time of Crisis table (pwa/tb_ui/tables/time_of_crisis.py) in CPython.

Rendered HTML is parsed and "tapping" an element dispatches its ``data-act`` with its
other ``data-*`` attributes, as pwa/tb-page.mjs does (helpers of test_tb_ui.py).
"""

from __future__ import annotations

import json
import random
import re
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "pwa"))
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from tb_ui.app import App  # noqa: E402
from tb_ui.rules import rules_html  # noqa: E402
from test_tb_ui import buttons, make_app, option_buttons, parse, section, start_game, tap  # noqa: E402

from py_engine.time_of_crisis import components as D  # noqa: E402


@pytest.fixture(autouse=True)
def _seeded() -> None:
    random.seed(2024)


def start(app: App, kinds: list[str], names: list[str], **options: Any) -> None:
    start_game(app, kinds, names, options, game="time_of_crisis", level="easy")


def action_buttons(html: str) -> dict[str, dict[str, Any]]:
    return {b["attrs"]["data-a"]: b for b in option_buttons(html)}


HANDOFFS: list[int] = []


def handoff(app: App) -> None:
    """Confirm the hand-off screen, checking it shows no hand."""
    HANDOFFS.append(app.handoff_seat() or 0)
    html = app.render()
    assert "toc-hand" not in html and "Your hand" not in html
    tap(app, buttons(html, "handoff-ok")[0])


PREFER = ("buy", "play", "place_governor", "support", "spend")


def play(app: App, rng: random.Random, until: Any, limit: int = 2000, check: Any = None,
         greedy: bool = False) -> None:
    """Random legal taps (through the rendered buttons; ``greedy``: the first of
    :data:`PREFER` offered, the most points for a Place Governor) and bot moves until
    ``until(app)``."""
    for _ in range(limit):
        if until(app):
            return
        assert not app.match.is_over(), "the game ended first"
        if app.bot_pending():
            assert app.bot_step()
            continue
        if app.handoff_seat() is not None:
            handoff(app)
            continue
        html = app.render()
        if check is not None:
            check(app, html)
        btns = action_buttons(html)
        seat = app.acting_seat()
        legal = [json.dumps(a.to_json(), separators=(",", ":"), ensure_ascii=False)
                 for a in app.match.game.legal_actions(app.match.state, seat)]
        assert set(legal) == set(btns), set(legal) ^ set(btns)
        pick = rng.choice(legal)
        if greedy:
            names = [json.loads(x)[0] for x in legal]
            want = next((w for w in PREFER if w in names), None)
            if want is not None:
                pick = [x for x, n in zip(legal, names, strict=True) if n == want][-1]
        tap(app, btns[pick])
        assert app.error is None, app.error
    raise AssertionError("condition not reached")


def hand_of(html: str) -> list[str]:
    m = re.search(r'<section class="toc-hand.*?<ul class="toc-cards">(.*?)</ul>', html, re.S)
    assert m, "no hand shown"
    return sorted(re.findall(r'<span class="toc-cname">([^<]*)', m.group(1)))


def test_pass_and_play_every_option_is_a_button_and_only_the_holder_s_hand_shows() -> None:
    """Three humans pass the device (ToC: hands are secret): every legal option of the
    seat to act is a button, a hand-off screen (showing no hand) comes between different
    humans, and the hand shown is always the acting seat's own."""
    app = make_app()
    start(app, ["human", "human", "human"], ["Ann", "Bob", "Cy"])
    HANDOFFS.clear()
    seen: set[str] = set()

    def check(app: App, html: str) -> None:
        seat = app.acting_seat()
        st = app.match.state
        names = sorted(D.card_name(c) for c in st["players"][seat]["hand"])
        assert hand_of(html) == names
        name = app.match.seats[seat].name
        banners = (f"Your choice, {name}: ",) if st["main"]["stack"][-1]["k"] == "opening" else (
            f"Your turn, {name}", f"{name}, your decision")
        assert any(b in html for b in banners), banners
        seen.update(a.name for a in app.match.game.legal_actions(st, seat))

    play(app, random.Random(7), lambda a: min(a.match.state["turns"]) >= 3, check=check)
    assert len(HANDOFFS) >= 9  # at least one per turn of each of three players
    assert {"place_governor", "play", "take", "end", "discard"} <= seen, seen


@pytest.mark.parametrize("n", [2, 3])
def test_pass_and_play_setup_passes_the_device_once_per_player_and_once_back(n: int) -> None:
    """Issue 25 §2, ToC §3.2: in pass-and-play the setup passes the device to each player in
    turn order for his province; the last one goes on to choose his hand, the device goes to the
    second, third... for theirs and to the first player last, whose hand leads into his first
    turn: 2n - 1 holders before the first turn, each after a hand-off screen but the first."""
    app = make_app()
    names = ["Ann", "Bob", "Cy"][:n]
    start(app, ["human"] * n, names)
    HANDOFFS.clear()
    holders: list[int] = []
    play(app, random.Random(3), lambda a: a.match.state["crisis"] is not None,
         check=lambda a, _html: holders.append(a.acting_seat()) if not holders or holders[-1] != a.acting_seat() else None)
    first = app.match.state["first"]
    order = [(first + i) % n for i in range(n)]
    assert holders == order + order[1:-1] + [first]
    assert HANDOFFS[-(2 * n - 2):] == holders[1:]


def _pg_position(app: App) -> None:
    """Play (random, seeded) until the human may Place Governor."""
    play(app, random.Random(11), lambda a: a.acting_seat() == 0 and any(
        x.name == "place_governor" for x in a.match.game.legal_actions(a.match.state, 0)))


def test_legal_regions_are_highlighted_and_a_tap_on_the_map_plays() -> None:
    """The regions the decision points at are ringed; tapping a region with a single
    option plays it (here a Place Governor, ToC §6.3.2); a region with several options
    is focused and its panel lists them."""
    app = make_app()
    start(app, ["human", "bot"], ["Ann", "Bot"])
    _pg_position(app)
    html = app.render()
    game, st = app.match.game, app.match.state
    view = game.view(st, 0)
    from tb_ui.tables import table_context
    from tb_ui.tables.time_of_crisis import _T

    t = _T(app, table_context(app))
    picked = {el["attrs"]["data-region"] for el in parse(html).found
              if el["tag"] == "g" and "toc-pick" in el["attrs"].get("class", "")}
    assert picked == set(t.by_region) and picked
    hot = [el for el in parse(html).found if el["tag"] == "g" and "toc-hot" in el["attrs"].get("class", "")]
    assert all(len(t.by_region[el["attrs"]["data-region"]]) == 1 for el in hot)
    pg = next(el for el in hot if json.loads(el["attrs"]["data-a"])[0] == "place_governor") if any(
        json.loads(el["attrs"]["data-a"])[0] == "place_governor" for el in hot) else None
    if pg is None:  # every Place Governor region has other options too: focus, then use the panel
        rid = next(r for r, acts in t.by_region.items() if any(a["action"][0] == "place_governor" for a in acts))
        el = next(x for x in parse(html).found if x["tag"] == "g" and x["attrs"].get("data-region") == rid)
        tap(app, el)
        panel = section(app.render(), "toc-region-panel")
        pg = next(b for b in option_buttons(panel) if json.loads(b["attrs"]["data-a"])[0] == "place_governor")
    n = len(app.match.actions)
    want = json.loads(pg["attrs"]["data-a"])
    tap(app, pg)
    assert app.error is None and len(app.match.actions) == n + 1
    assert app.match.actions[-1][1].to_json() == want
    assert view["board"]["turn"]["phase"] == "actions"


def test_focus_zooms_on_a_region_and_lists_what_is_there() -> None:
    """Tapping a region (not an option) focuses it: the map's viewBox closes in on it and
    its panel lists governor and support; "Whole map" returns."""
    app = make_app()
    start(app, ["human", "bot"], ["Ann", "Bot"])
    html = app.render()
    full = re.search(r'class="toc-map[^"]*" viewBox="([^"]+)"', html).group(1)
    tap(app, {"tag": "g", "attrs": {"data-act": "table-ui", "data-k": "focus", "data-region": "italia"}})
    html = app.render()
    box = re.search(r'class="toc-map focused" viewBox="([^"]+)"', html).group(1)
    assert box != full and float(box.split()[2]) < float(full.split()[2])
    panel = section(html, "toc-region-panel")
    sup = app.match.state["prov"]["italia"]["sup"]
    assert "Italia" in panel and f"support {sup} of 8" in panel
    assert 'data-panzoom="toc-map:italia"' in html
    tap(app, next(b for b in buttons(html, "table-ui") if b["text"] == "Whole map"))
    assert "toc-region-panel" not in app.render() and app.table_ui["focus"] is None


def test_market_shows_the_price_now_and_buy_buttons() -> None:
    """ToC §5.3 on the table: in the buy phase each market card shows what it costs the
    player now (value, doubled above the provinces governed, +1 per card bought), and
    the affordable ones have a Buy button."""
    app = make_app()
    start(app, ["human", "bot"], ["Ann", "Bot"])
    play(app, random.Random(3), lambda a: a.acting_seat() == 0 and any(
        x.name == "buy" for x in a.match.game.legal_actions(a.match.state, 0)), greedy=True)
    html = app.render()
    game, st = app.match.game, app.match.state
    frame = next(f for m in (st["main"], st["trail"]) if m for f in m["stack"] if f["k"] == "turn_end")
    market = section(html, "toc-market")
    for cid in D.supply_cards():
        price = game.price(st, 0, cid, frame["bought"], frame["disc"])
        card = re.search(rf'<span class="toc-cname">{re.escape(D.card_name(cid))}.*?</li>', market, re.S).group(0)
        assert f'<span class="toc-price">{price}</span>' in card
    buys = [json.loads(b["attrs"]["data-a"]) for b in buttons(market, "play")]
    legal = [a.to_json() for a in game.legal_actions(st, 0) if a.name == "buy"]
    assert sorted(buys) == sorted(legal) and buys
    assert "<details class=\"toc-pile\" open>" in market


def test_place_governor_dice_are_spelled_out() -> None:
    """After a Place Governor the dice panel shows every die rolled (sixes marked) and
    the votes against the votes needed (ToC §6.3.2)."""
    app = make_app()
    start(app, ["human", "bot"], ["Ann", "Bot"])
    play(app, random.Random(5), lambda a: a.match.state.get("last_pg") is not None and a.acting_seat() == 0)
    pg = app.match.state["last_pg"]
    html = app.render()
    dice = section(html, "toc-dice-panel")
    shown = re.findall(r'<span class="bx-die[^"]*">(\d)</span>', dice.split("Place Governor", 1)[1].split("</p>", 1)[0])
    assert [int(x) for x in shown] == pg["faces"]
    votes = f'{pg["votes"]} {"vote" if pg["votes"] == 1 else "votes"} of {pg["need"]} needed'
    assert votes in dice and ("succeeds" if pg["ok"] else "fails") in dice


def test_bots_only_game_to_the_end_renders_every_step() -> None:
    """Four bots play a short game to its end; the table renders at every bot step and
    ends with the end panel."""
    app = make_app()
    start(app, ["bot", "bot", "bot", "bot"], ["A", "B", "C", "D"], short_game=True)
    for _ in range(3000):
        if app.match.is_over():
            break
        assert app.bot_pending() and app.handoff_seat() is None
        assert app.bot_step()
        if len(app.match.actions) % 25 == 0:
            html = app.render()
            assert "toc-map" in html and "toc-hand" not in html  # no human: no hand shown
    assert app.match.is_over()
    assert 'class="endpanel"' in app.render()


def test_rules_help_and_what_we_could_not_confirm() -> None:
    """The rules help is ours and cites the rulebook by title; it leads to its own "What
    we could not confirm" page (route ``rules/time_of_crisis/unconfirmed``), which lists
    every value the data marks unconfirmed, with the file to edit; Back returns to the
    rules, and a reload of the page's route shows it again."""
    rules = rules_html("time_of_crisis")
    assert "Place Governor" in rules and "GMT Games, 2018" in rules and "../shared" not in rules
    assert "toc-unconfirmed" not in rules  # the list is a page of its own
    app = make_app()
    tap(app, next(b for b in buttons(app.render(), "rules") if b["attrs"].get("data-game") == "time_of_crisis"))
    assert app.route() == "rules/time_of_crisis"
    app.prev_route = "library"
    link = [b for b in buttons(app.render(), "rules") if b["attrs"].get("data-part") == "unconfirmed"]
    assert len(link) == 1 and "What we could not confirm" in link[0]["text"]
    tap(app, link[0])
    assert app.route() == "rules/time_of_crisis/unconfirmed"
    app.prev_route = "rules/time_of_crisis"
    html = app.render()
    assert re.search(r"<h1[^>]*>Time of Crisis: what we could not confirm</h1>", html) and "toc-unconfirmed" in html
    assert "How to play" not in html
    back = buttons(html, "back")
    assert [b["text"].strip() for b in back] == ["‹ Back to the rules"]
    tap(app, back[0])
    assert app.route() == "rules/time_of_crisis" and "How to play Time of Crisis" in app.render()
    fresh = make_app(storage=app.storage)  # a reload of the page's address
    assert fresh.navigate("rules/time_of_crisis/unconfirmed") and fresh.route() == "rules/time_of_crisis/unconfirmed"
    assert [b["attrs"].get("data-game") for b in buttons(fresh.render(), "rules")][:1] == ["time_of_crisis"]
    assert not make_app().navigate("rules/time_of_crisis/nothing")
    assert not make_app().navigate("rules/timeline/unconfirmed")  # no such page for Timeline
    html = fresh.render()
    for path, _ in D.unconfirmed():
        f, _, rest = path.partition("/")
        rest = re.sub(r"/(\d+)$", r"/values/\1", rest) if f == "counters" else rest
        assert f"<code>{rest}</code>" in html or f"<code>{rest.rsplit('/', 1)[0]}</code>" in html, path
    assert "py_engine/time_of_crisis/data/&lt;file&gt;.json" in html


def test_players_panel_states_the_end_trigger() -> None:
    """The players' panel says what starts the last round: the Emperor ending a turn
    with the goal (60, or 40 in the short game), not any player reaching it (ToC §7.1)."""
    for options, goal in (({}, 60), ({"short_game": True}, 40)):
        app = make_app()
        start(app, ["human", "bot"], ["Ann", "Cy"], **options)
        html = section(app.render(), "bx-mats toc-players")
        assert f"The last round starts when the Emperor ends a turn with {goal} legacy or more." in html
        assert "when someone reaches" not in html
        # why one general costs 1 Military and another 2 (issue 25 §1): said once, in words
        assert html.count("has its own price, the number on its slot") == 1


def test_handoff_note_tells_no_secret() -> None:
    """The hand-off screen's news names whose turn it is and the last crisis roll, and
    never a card."""
    app = make_app()
    start(app, ["human", "human"], ["Ann", "Bob"])
    play(app, random.Random(2), lambda a: a.handoff_seat() is not None and a.match.state["crisis"] is not None)
    html = app.render()
    from tb_ui.tables import handoff_note

    note = handoff_note(app)
    assert "’s turn" in note and "Last crisis roll" in note
    for c in D.cards().values():
        assert c["name"] not in note
    assert "toc-hand" not in html



def test_handoff_note_escapes_the_player_s_name() -> None:
    """The hand-off news is Markup with the player's name escaped: a name that looks like
    a tag is shown as text, on the note and on the hand-off screen."""
    from markupsafe import Markup
    from tb_ui.tables import handoff_note

    app = make_app()
    start(app, ["human", "human"], ["Ann", "<img src=x>"])
    play(app, random.Random(2), lambda a: a.handoff_seat() == 1 and a.match.state["active"] == 1)
    note = handoff_note(app)
    assert isinstance(note, Markup)
    assert note.startswith("&lt;img src=x&gt;’s turn.") and "<img" not in note
    html = app.render()
    assert "&lt;img src=x&gt;’s turn." in html and "<img" not in html

def test_every_kind_of_piece_is_drawn_on_the_map() -> None:
    """Each thing a province can hold has its mark on the map and its words in the
    focused region's panel. The position is a real one with pieces added in place
    (no game reaches them all at once; the e2e screenshots show real games)."""
    app = make_app()
    start(app, ["human", "bot"], ["Ann", "Bot"])
    play(app, random.Random(11), lambda a: a.acting_seat() == 0 and a.match.state["armies"]
         and a.match.game.board_view(a.match.state, 0)["turn"]["phase"] == "actions")
    st = app.match.state
    army = st["armies"][0]
    pid = army["at"] if army["at"] in st["prov"] else "gallia"
    army.update(at=pid, full=2, red=1, castra=True, foed=["franks"], cap=True)
    pr = st["prov"][pid]
    pr.update(gov=0, sup=3, mobs=2, mil=False, q=True, mark="brk", imps=["limes", "basilica"])
    st["prov"]["hispania"].update(gov=0, sup=3, mark="sop", mil=True)
    st["barbs"].setdefault(pid, {})["goths"] = [2, 1]
    st["rivals"]["postumus"] = pid
    st["leaders"]["cniva"] = pid
    app.dispatch("table-ui", {"k": "focus", "region": pid})
    html = app.render()
    svg = re.search(r"<svg class=\"toc-map.*?</svg>", html, re.S).group(0)
    for mark in ('class="toc-mob"', 'class="toc-imp"', 'class="toc-mil"', 'class="toc-q"', "toc-mark brk",
                 "toc-mark sop", 'class="toc-gen"', 'class="toc-leg"', 'class="toc-leg red"', "toc-barb on",
                 'class="toc-barb"', 'class="toc-rival"', 'class="toc-leader"', 'class="toc-incap"', "CF</text>",
                 ">Brk<", ">SoP<", ">M<", ">Q<", ">L<", ">B<"):
        assert mark in svg, mark
    panel = section(html, "toc-region-panel")
    for words in ("2 mobs", "Limes, Basilica", "Quaestor", "Breakaway", "2 full legions, 1 reduced legion",
                  "foederati: Franks", "Castra", "in the capital", "Goths: 2 active, 1 inactive",
                  "Rival Emperor Postumus", "Leader Cniva"):
        assert words in panel, words


def test_the_setup_banner_names_who_is_choosing_a_start() -> None:
    """ToC §3: before the first turn no one is "to play". While a bot chooses its start (then
    its first hand) the banner names that bot; at the human's own choices it speaks to her."""
    from py_engine.core import Match, Seat

    def banner() -> str:
        found = re.search(r'<div class="bx-banner[^"]*"[^>]*>.*?</div>', app.render(), re.S)
        assert found is not None
        return found.group(0)

    app = make_app()
    seats = [Seat("Bot A", "bot", "easy"), Seat("Ann"), Seat("Cy", "bot", "easy")]
    # a seed where the first bot goes first: it chooses while Ann waits
    m = next(x for x in (Match.new("time_of_crisis", seats, {}, seed, {"holder": 1}) for seed in range(50))
             if x.state["first"] == 0)
    app.match, app.screen = m, "table"
    assert m.to_act() == [0]
    assert "Bot A is choosing where to start" in banner() and "to play" not in banner()
    m.play_bot()
    assert m.to_act() == [1]
    assert "Your choice, Ann: where to start" in banner()
    m.apply(1, m.game.legal_actions(m.state, 1)[0])
    assert "Cy (bot) is choosing where to start" in banner()
    m.play_bot()  # Cy, the last to choose a start, chooses his hand at once (ToC §3.2)
    assert m.to_act() == [2] and "Cy (bot) is choosing a first hand" in banner()
    m.play_bot()  # then the second player, and the first player last
    assert m.to_act() == [1] and "Your choice, Ann: your first hand" in banner()
    m.apply(1, m.game.legal_actions(m.state, 1)[0])
    assert m.to_act() == [0] and "Bot A is choosing a first hand" in banner()


def _viewbox(html: str) -> list[float]:
    return [float(v) for v in re.search(r'<svg class="toc-map[^"]*" viewBox="([^"]+)"', html).group(1).split()]


def test_the_table_opens_on_the_player_s_own_provinces_until_they_pick_a_view() -> None:
    """Issue 25 §1: once Ann governs provinces, the map opens framed on them (and on the regions
    her decision points at), with the map's proportions; "Whole map" shows all of it and "Your
    provinces" returns to her own."""
    from tb_ui.tables.time_of_crisis import BOX, TILE_H, TILE_W

    app = make_app()
    start(app, ["human", "bot", "bot"], ["Ann", "Bot", "Cy"])
    play(app, random.Random(3), lambda a: a.acting_seat() == 0 and min(a.match.state["turns"]) >= 1
         and a.match.state["main"]["stack"][-1]["k"] != "opening")
    html = app.render()
    x, y, w, h = _viewbox(html)
    assert w < BOX[2] and abs(w / h - BOX[2] / BOX[3]) < 1e-3, (x, y, w, h)
    board = app.match.game.view(app.match.state, 0)["board"]
    mine = [r for r in board["map"]["regions"] if board["provinces"].get(r["id"], {}).get("governor") == 0]
    assert mine
    for r in mine:  # every tile of hers whole in the frame
        cx, cy = r["xy"]
        assert x <= cx - TILE_W / 2 and cx + TILE_W / 2 <= x + w and y <= cy - TILE_H / 2 and cy + TILE_H / 2 <= y + h, r
    assert 'data-panzoom="toc-map:home:' in html
    pressed = {b["text"]: b["attrs"].get("aria-pressed") for b in buttons(html, "table-ui") if b["text"]}
    assert pressed["Your provinces"] == "true" and pressed["Whole map"] == "false"
    tap(app, next(b for b in buttons(html, "table-ui") if b["text"] == "Whole map"))
    html = app.render()
    assert _viewbox(html) == list(BOX) and 'data-panzoom="toc-map:all"' in html
    tap(app, next(b for b in buttons(html, "table-ui") if b["text"] == "Your provinces"))
    assert _viewbox(app.render()) == [x, y, w, h]


def test_the_whole_map_s_far_layer_shows_each_region_in_big_glyphs() -> None:
    """Issue 25 §1: beside the pieces one by one (the near layer), each region has a far layer for
    the whole map on a small screen: its short name and a row of glyphs that fits its tile:
    support first, then its armies' legions, its barbarians, figures, improvements and mobs."""
    from tb_ui.tables.time_of_crisis import TILE_W

    app = make_app()
    start(app, ["human", "bot", "bot"], ["Ann", "Bot", "Cy"])
    play(app, random.Random(5), lambda a: min(a.match.state["turns"]) >= 3)
    html = app.render()
    board = app.match.game.view(app.match.state, app.acting_seat())["board"]
    short = D.raw()["map"]["layout"]["short"]
    for r in board["map"]["regions"]:
        g = re.search(rf'data-region="{r["id"]}".*?<g class="toc-far">(.*?)</g></g>(?=<g|</svg>)', html, re.S)
        assert g, r["id"]
        far = g.group(1)
        assert re.search(rf'class="toc-fname[^"]*"[^>]*>{short[r["id"]]}</text>', far), (r["id"], far)
        glyphs = re.findall(r'<g class="toc-fg ([a-z ]+)"><rect x="[^"]+" y="[^"]+" width="([^"]+)"[^>]*/>'
                            r'<text[^>]*>([^<]+)</text>', far)
        kinds = [k.split()[0] for k, _w, _t in glyphs]
        barbs = board["barbarians"].get(r["id"], {}).values()
        legions = sum(a["full"] + a["reduced"] for a in board["armies"] if a["region"] == r["id"])
        if r["type"] == "province":
            p = board["provinces"][r["id"]]
            assert kinds[0] == "sup" and glyphs[0][2] == str(p["support"]), (r["id"], glyphs)
            assert sum(float(w) for _k, w, _t in glyphs) + 2 * (len(glyphs) - 1) <= TILE_W - 2, glyphs
        if legions and "army" in kinds:
            assert glyphs[kinds.index("army")][2] == str(legions)
        if any(c["active"] + c["inactive"] for c in barbs) and "barb" in kinds:
            assert glyphs[kinds.index("barb")][2] == str(sum(c["active"] + c["inactive"] for c in barbs))
        order = [k for k in ("sup", "army", "barb", "fig", "imp", "mob") if k in kinds]
        assert kinds == order, kinds


def test_bot_turns_pause_after_events_not_after_every_decision() -> None:
    """Issue 25 §2: at bot speed "normal" the app pauses 0.7 s after a bot's action that changed
    the map or rolled dice (``TimeOfCrisis.paced``: a crisis roll, a governor placed, an army
    moved, a battle) and not after the others (a card played or taken, points spent, a card
    bought), so a bot's turn takes as long as its events; once one bot's run of decisions has
    paused three whole pauses (2.1 s), its later events pause a quarter as long (0.175 s)."""
    app = make_app()
    start(app, ["bot", "bot"], ["Al", "Bo"])
    game = app.match.game
    paced: dict[str, list[bool]] = {}
    run_seat, spent, watched, pauses = None, 0.0, True, []
    for _ in range(400):
        if not app.bot_pending():
            break
        seat = app.match.bot_to_act()
        want = 0.0 if not watched else max(0.175, min(0.7, 2.1 - (spent if seat == run_seat else 0.0)))
        assert app.bot_delay() == pytest.approx(want), (seat, run_seat, spent, watched)
        before = app.match.state
        assert app.bot_step()
        if seat != run_seat:
            run_seat, spent = seat, 0.0
        spent += want
        pauses.append(want)
        name = app.match.actions[-1][1].name
        after = app.match.state
        watched = any(before.get(k) != after.get(k) for k in game.WATCHED)
        paced.setdefault(name, []).append(watched)
    # a take or a play is paced only when it ended a turn and the next one began with a roll
    assert sum(paced["take"]) < len(paced["take"]) / 3 and sum(paced["play"]) < len(paced["play"]) / 3, paced
    # an army's move is always seen; a Place Governor is seen when its dice are rolled (at once,
    # or after the bot says how many Senate points it spends)
    assert paced["move"] and all(paced["move"])
    assert sum(map(sum, paced.values())) < sum(map(len, paced.values())) / 2, {k: sum(v) for k, v in paced.items()}
    assert pauses.count(0.175) and pauses.count(0.7), pauses  # both kinds of pause came up


def test_a_human_action_is_always_followed_by_the_bot_speed_s_pause() -> None:
    """The first bot action after a human's comes after the full pause (the human's move is
    seen first), whatever the human did."""
    app = make_app()
    start(app, ["human", "bot"], ["Ann", "Bot"])
    play(app, random.Random(2), lambda a: a.bot_pending() and bool(a.match.actions)
         and a.match.seats[a.match.actions[-1][0]].kind == "human")
    assert app.bot_delay() == 0.7


def test_one_bot_s_run_of_decisions_searches_three_seconds_in_all_at_most() -> None:
    """Issue 25 §2: with time-limited bots, the searches of one bot's run of decisions share 3 s
    (each at least 0.2 s, and never more than its level's own limit), so a slow phone's whole
    bot turn stays short; a new bot's run starts with the whole 3 s."""
    app = make_app()
    start(app, ["bot", "bot"], ["Al", "Bo"])
    assert app.bots_timed
    run_seat, spent, seen_low = None, 0.0, False
    for _ in range(300):
        if not app.bot_pending():
            break
        seat = app.match.bot_to_act()
        if seat != run_seat:
            run_seat, spent = seat, 0.0
        thinking = app.bot_thinker()
        assert thinking is not None
        cap = max(0.2, 3.0 - spent)
        if thinking.time_limit is not None:
            assert thinking.time_limit == pytest.approx(min(app.match.game.bot_time_limit("easy"), cap))
            seen_low |= thinking.time_limit < app.match.game.bot_time_limit("easy")
        ticks = iter(range(10**7))  # a slow device: every clock read 1/16 s after the last
        while not thinking.step(1 / 16, clock=lambda it=ticks: next(it) / 16):
            pass
        spent += thinking.elapsed
        assert app.bot_apply(thinking)
    assert seen_low, "no run of decisions used up its 3 s"


def test_a_game_put_back_on_the_table_starts_with_a_whole_pause() -> None:
    """Leaving mid-way through a bot's run of decisions (its pauses spent, its last move unseen)
    and resuming: the first bot move after the table opens comes after the bot speed's whole
    pause, as after a human's move."""
    app = make_app()
    start(app, ["bot", "bot"], ["Al", "Bo"])
    while not (app.bot_delay() == 0.0 or app.bot_delay() < 0.7):  # until a pause is short or none
        assert app.bot_step()
    mid = app.match_id
    app.dispatch("leave", {})
    app.dispatch("resume", {"id": mid})  # the same match, still in memory
    assert app.bot_pending() and app.bot_delay() == 0.7
    while not (app.bot_delay() == 0.0 or app.bot_delay() < 0.7):
        assert app.bot_step()
    app.dispatch("leave", {})
    assert app.open_save(mid)  # read back from its save, as after a reload
    assert app.bot_pending() and app.bot_delay() == 0.7
