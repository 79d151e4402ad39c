"""The Barons table (renders ``Barons.board_view``, py_engine/barons/view.py).

- a "your turn, Name" banner (nothing is hidden in Barons, so no hand-off screen);
- the board: the hexagonal ring of 42 spaces as an SVG that fits a phone, realms
  in their colours, the six dungeon passages, each land's buildings in the owners'
  colours (a small square: dwelling; a square with a tower: keep), the tokens; the
  spaces the pending choice can reach are ringed (with the die for a move); tap a
  realm on the board, or one of the zoom buttons, to zoom in on it; while zoomed,
  its spaces are listed under the board with prices, tolls and buildings;
- the decision panel: the prompt and every option as a button; the movement dice,
  the fight (both sides' health, the last exchanges, the escape option), the item
  on offer, the debt still owed, the Lucky Charm roll;
- the dice rolled this turn, faces with the hits marked;
- each player's character mat: health, gold, attributes and what they give,
  items by slot, one-use items, skills or skill tracks, resources, trophies,
  buildings, realms controlled, keeps;
- the realms: who controls each one, what wins;
- designed content is marked with ◇ (a completion of the unfinished design).

The SVG is a picture (``role="img"`` with a description); every action is also a
real button in the decision panel, so the board taps are only a shortcut.
"""

from __future__ import annotations

import math
from functools import cache
from typing import Any

from py_engine.barons import components as C

from ..context import Seating, TableApp, TableContext
from ..html import Markup, attrs, button, html, jattr, join, plural, seat_name
from ..parts import (
    alerts,
    end_panel,
    log_panel,
    odds_details,
    odds_label,
    odds_line,
    topbar,
    waiting_html,
)
from ..regions import RegionMemo

#: Player colours by seat (distinct from the realm colours, readable on both themes).
SEAT_COLORS = ("#7048e8", "#f76707", "#0b7285", "#d6336c", "#5c940d", "#495057")
REALM_FILL = {"white": "#eef3f8", "yellow": "#fcefb4", "green": "#cfe8c7", "blue": "#cfe2f7",
              "red": "#f8d0c8", "black": "#b9b4c2"}
REALM_EDGE = {"white": "#7f95ad", "yellow": "#d4a514", "green": "#3f8f3a", "blue": "#2f6fb5",
              "red": "#c0392b", "black": "#2b2633"}
SHORT = {"SNOW": "Snow", "DESERT": "Desert", "EMERALD": "Forest", "CERULEAN": "Shores", "FIRE": "Fire",
         "BLACK": "Wastes"}
R = 210.0  # hexagon radius in SVG units
TILE = 12.5
DESIGNED_MARK = Markup('<abbr class="bx-dz" title="Designed for this app to complete the game">◇</abbr>')


# ---- geometry ------------------------------------------------------------------------------------
def _vertex(k: int) -> tuple[float, float]:
    a = math.radians(-90 + 60 * (k % 6))
    return (R * math.cos(a), R * math.sin(a))


def _lerp(a: tuple[float, float], b: tuple[float, float], t: float) -> tuple[float, float]:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


@cache
def layout() -> dict[str, dict[str, Any]]:
    """Space id -> ``{"x", "y", "nx", "ny", "side"}`` (position, outward unit normal,
    realm side 0..5): the White Outpost at the top, realms clockwise."""
    out: dict[str, dict[str, Any]] = {}
    for i, sid in enumerate(C.outer_ids()):
        k, j = divmod(i, 7)
        a, b = _vertex(k), _vertex(k + 1)
        x, y = _lerp(a, b, j / 7)
        if j == 0:
            nx, ny = a[0] / R, a[1] / R
        else:
            mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
            d = math.hypot(mx, my)
            nx, ny = mx / d, my / d
        out[sid] = {"x": x, "y": y, "nx": nx, "ny": ny, "side": k}
    for k, realm in enumerate(C.REALMS):
        gate = out[f"{realm}-CITY"]
        nxt = C.REALMS[(k + 1) % 6]
        exit_ = out[f"{nxt}-L2"]
        vx, vy = _vertex(k + 1)
        cx, cy = vx * 0.42, vy * 0.42
        track = C.realms()[realm]["dungeon_id"]
        for n in range(1, 5):
            t = n / 5
            x = (1 - t) ** 2 * gate["x"] + 2 * (1 - t) * t * cx + t * t * exit_["x"]
            y = (1 - t) ** 2 * gate["y"] + 2 * (1 - t) * t * cy + t * t * exit_["y"]
            d = math.hypot(vx, vy)
            out[f"{track}-{n}"] = {"x": x, "y": y, "nx": vx / d, "ny": vy / d, "side": k}
    return out


FULL = (-R * 0.866 - 34, -R - 34, 2 * (R * 0.866 + 34), 2 * R + 68)


@cache
def zoom_box(realm: str) -> tuple[float, float, float, float]:
    """The viewBox showing one realm's side, its corners and the passages that touch it,
    with the aspect ratio of the whole board."""
    k = C.REALMS.index(realm)
    lay = layout()
    ids = [C.outer_ids()[(7 * k + j) % 42] for j in range(0, 8)]
    ids += [f"{C.realms()[realm]['dungeon_id']}-{n}" for n in range(1, 5)]
    prev = C.REALMS[(k - 1) % 6]
    ids += [f"{C.realms()[prev]['dungeon_id']}-{n}" for n in (3, 4)]
    xs = [lay[i]["x"] for i in ids]
    ys = [lay[i]["y"] for i in ids]
    x0, x1, y0, y1 = min(xs) - 46, max(xs) + 46, min(ys) - 40, max(ys) + 40
    w, h = x1 - x0, y1 - y0
    aspect = FULL[2] / FULL[3]
    if w / h < aspect:
        w2 = h * aspect
        x0 -= (w2 - w) / 2
        w = w2
    else:
        h2 = w / aspect
        y0 -= (h2 - h) / 2
        h = h2
    return (x0, y0, w, h)


# ---- the table's shared reading ------------------------------------------------------------------
class _T(Seating):
    """The pieces' shared reading of the view: options by board target, the pending
    decision, the zoom, names and colours."""

    def __init__(self, app: TableApp, ctx: TableContext) -> None:
        super().__init__(app, ctx)
        self.by_target: dict[str, list[dict[str, Any]]] = {}
        for a in ctx.actions:
            if a.get("target"):
                self.by_target.setdefault(str(a["target"]), []).append(a)
        self.dec: dict[str, Any] | None = self.b["decision"]
        self.zoom: str | None = app.table_ui.get("zoom")
        self.players: list[dict[str, Any]] = self.b["players"]

    def color(self, seat: int) -> str:
        return SEAT_COLORS[seat % len(SEAT_COLORS)]

    def chip(self, seat: int) -> Markup:
        return html('<span class="bx-chip" data-css="--pc:{}" aria-hidden="true"></span>{}',
                    self.color(seat), self.names[seat])


def _mark(entry: dict[str, Any]) -> Markup:
    return DESIGNED_MARK if C.provenance(entry) != "sourced" else Markup()


# ---- view state ----------------------------------------------------------------------------------
def on_ui(app: TableApp, d: dict[str, Any]) -> None:
    """``data-act="table-ui"`` taps: ``k=zoom`` (``realm``: a realm id or "" for the
    whole board), ``k=space`` (show a space's details), ``k=mat`` (open a mat)."""
    ui = app.table_ui
    k = d.get("k")
    if k == "zoom":
        r = d.get("realm") or None
        ui["zoom"] = r if r in C.REALMS else None
        ui.pop("space", None)
    elif k == "space":
        sid = d.get("space")
        if sid in C.spaces():
            if ui.get("zoom") is None:
                ui["zoom"] = C.space(sid).get("realm") or C.REALMS[layout()[sid]["side"]]
            ui["space"] = None if ui.get("space") == sid else sid


# ---- the board -----------------------------------------------------------------------------------
def _tile_shape(sid: str, p: dict[str, Any], kind: str, fill: str, edge: str, cls: str) -> Markup:
    x, y = p["x"], p["y"]
    if kind == "outpost":
        pts = " ".join(f"{x + 16 * math.cos(math.radians(60 * i - 90)):.1f},"
                       f"{y + 16 * math.sin(math.radians(60 * i - 90)):.1f}" for i in range(6))
        return html('<polygon class="{}" points="{}" fill="{}" stroke="{}"/>', cls, pts, fill, edge)
    r = 10 if kind == "dungeon" else TILE
    return html('<circle class="{}" cx="{:.1f}" cy="{:.1f}" r="{}" fill="{}" stroke="{}"/>', cls, x, y, r, fill, edge)


def _glyph(sid: str, sp: dict[str, Any], x: float, y: float) -> Markup:
    kind = sp["type"]
    if kind == "land":
        text = str(sp["price"])
    elif kind == "city":
        text = "⌂"
    elif kind == "guild":
        text = "✦"
    elif kind == "outpost":
        text = "$"
    else:
        text = str(sp["step"])
    return html('<text class="bx-glyph bx-g-{}" x="{:.1f}" y="{:.1f}">{}</text>', kind, x, y + 3.6, text)


def _buildings_svg(t: _T, sid: str, p: dict[str, Any]) -> Markup:
    bl = t.b["buildings"].get(sid, [])
    if not bl:
        return Markup()
    out = []
    tx, ty = -p["ny"], p["nx"]
    n = len(bl)
    for i, (seat, lv) in enumerate(bl):
        off = (i - (n - 1) / 2) * 11
        bx = p["x"] + p["nx"] * (TILE + 8) + tx * off
        by = p["y"] + p["ny"] * (TILE + 8) + ty * off
        s = 8.5 if lv == 1 else 10
        col = t.color(seat)
        out.append(html('<rect class="bx-bld" x="{x:.1f}" y="{y:.1f}" width="{s}" height="{s}" '
                        'rx="1" fill="{col}"/>', x=bx - s / 2, y=by - s / 2, s=s, col=col))
        if lv == 2:
            out.append(html('<rect class="bx-keep" x="{:.1f}" y="{:.1f}" width="4.4" height="4" '
                            'fill="{}"/>', bx - 2.2, by - s / 2 - 3, col))
    return join(out)


def _tokens_svg(t: _T) -> Markup:
    lay = layout()
    here: dict[str, list[int]] = {}
    for p in t.players:
        if p["alive"] and p["char"]:
            here.setdefault(p["pos"], []).append(p["seat"])
    out = []
    active = t.b["active"]
    for sid, seats in here.items():
        p = lay[sid]
        n = len(seats)
        tx, ty = -p["ny"], p["nx"]
        for i, seat in enumerate(seats):
            off = (i - (n - 1) / 2) * 11
            x = p["x"] - p["nx"] * (TILE + 9) + tx * off
            y = p["y"] - p["ny"] * (TILE + 9) + ty * off
            ring = (Markup(' stroke="#ffd43b" stroke-width="2.6"') if seat == active and not t.over
                    else Markup(' stroke="#fff" stroke-width="1.5"'))
            out.append(html('<circle class="bx-token" cx="{x:.1f}" cy="{y:.1f}" r="7.4" fill="{col}"{ring}/>'
                            '<text class="bx-token-t" x="{x:.1f}" y="{ty:.1f}">{initial}</text>',
                            x=x, y=y, col=t.color(seat), ring=ring, ty=y + 3, initial=t.names[seat][:1].upper()))
    return join(out)


def _targets(t: _T) -> dict[str, list[dict[str, Any]]]:
    return {k[6:]: v for k, v in t.by_target.items() if k.startswith("space:")}


#: The board's spaces as last drawn (tb_ui.regions.RegionMemo): a move redraws only those it changed.
_SPACES = RegionMemo()


def _space_inputs(t: _T, sid: str, acts: list[dict[str, Any]], reach: dict[str, Any]) -> str:
    """Everything :func:`_space` draws space ``sid`` from, as one text: the zoom, whether it is
    the space picked, its buildings, its die badge, and its options (with which is hinted)."""
    return repr((sid, t.zoom, t.app.table_ui.get("space") == sid, t.b["buildings"].get(sid), reach.get(sid),
                 [(a, t.ctx.hinted(a)) for a in acts]))


def _space(t: _T, sid: str, acts: list[dict[str, Any]], reach: dict[str, Any]) -> Markup:
    """One space of the board (a region of the page too, ``bx-s-<id>``): its tile, glyph and
    buildings, its name on a zoomed realm, the die that reaches it, tappable when it holds options."""
    sp = C.spaces()[sid]
    p = layout()[sid]
    kind = sp["type"]
    home: str | None = sp.get("realm")
    col = C.realms()[home]["color"] if home else sp.get("color", "white")
    fill = "#3b3545" if kind == "dungeon" else REALM_FILL[col]
    edge = REALM_EDGE[col]
    cls = "bx-tile"
    if acts:
        cls += " bx-pick"
    if t.app.table_ui.get("space") == sid:
        cls += " bx-sel"
    tgt = f"space:{sid}" if acts else None  # tb-page.mjs brings a decision's targets into view
    region = attrs(id=f"patch-bx-s-{sid}", data_patch=f"bx-s-{sid}")
    if len(acts) == 1:
        g_attrs = region + attrs(class_="bx-space bx-hot", data_space=sid, data_tgt=tgt, **_play_attrs(t, acts[0]))
    else:
        zoom_to = home or C.REALMS[p["side"]]
        g_attrs = region + (
            attrs(class_="bx-space", data_act="table-ui", data_k="space", data_space=sid, data_tgt=tgt)
            if t.zoom else attrs(class_="bx-space", data_act="table-ui", data_k="zoom", data_realm=zoom_to,
                                 data_tgt=tgt))
    if any(t.ctx.hinted(a) for a in acts):  # the hinted option's target (issue 24 §5)
        g_attrs = html('{} data-hint="1"', g_attrs)
    label = Markup()
    if t.zoom and sid in _labelled(t.zoom):
        nx, ny = p["nx"], p["ny"]
        off = TILE + (19 if t.b["buildings"].get(sid) else 5)
        name = sp["name"]
        if kind == "dungeon":
            nx, ny, off = -nx, -ny, 14
            name = sp["dungeon"]
        lx, ly = p["x"] + nx * off, p["y"] + ny * (off + 6) + 3
        anchor = "end" if nx < -0.35 else "start" if nx > 0.35 else "middle"
        label = html('<text class="bx-label" x="{:.1f}" y="{:.1f}" text-anchor="{}">{}</text>', lx, ly, anchor, name)
    badge = Markup()
    if sid in reach:
        bx, by = p["x"] + p["nx"] * -1 + 11, p["y"] - 13
        badge = html('<circle class="bx-die-badge" cx="{x:.1f}" cy="{y:.1f}" r="6.5"/>'
                     '<text class="bx-die-badge-t" x="{x:.1f}" y="{ty:.1f}">{die}</text>',
                     x=bx, y=by, ty=by + 3, die=reach[sid]["die"])
    return html("<g{}>{}{}{}{}{}</g>", g_attrs, _tile_shape(sid, p, kind, fill, edge, cls),
                _glyph(sid, sp, p["x"], p["y"]), _buildings_svg(t, sid, p), label, badge)


def _board(t: _T) -> Markup:
    lay = layout()
    box = zoom_box(t.zoom) if t.zoom else FULL
    targets = _targets(t)
    reach = (t.dec or {}).get("reach") or {}
    ground: list[Markup] = []  # the hexagon, the realms' bands and names, the dungeons' passages
    parts: list[Markup] = []
    hexpts = " ".join(f"{_vertex(k)[0]:.1f},{_vertex(k)[1]:.1f}" for k in range(6))
    ground.append(html('<polygon class="bx-hex" points="{}"/>', hexpts))
    for k, realm in enumerate(C.REALMS):
        col = C.realms()[realm]["color"]
        a, b = _vertex(k), _vertex(k + 1)
        ground.append(html('<line class="bx-band" x1="{:.1f}" y1="{:.1f}" x2="{:.1f}" y2="{:.1f}" '
                           'stroke="{}"/>', a[0], a[1], b[0], b[1], REALM_EDGE[col]))
        mx, my = (a[0] + b[0]) / 2 * 0.62, (a[1] + b[1]) / 2 * 0.62
        if not t.zoom:
            ground.append(html('<text class="bx-realm-name" x="{:.1f}" y="{:.1f}" fill="{}">'
                               '{}</text>', mx, my, REALM_EDGE[col], SHORT[realm]))
        gate, track = lay[f"{realm}-CITY"], C.realms()[realm]["dungeon_id"]
        pts = [gate] + [lay[f"{track}-{n}"] for n in range(1, 5)] + [lay[f"{C.REALMS[(k + 1) % 6]}-L2"]]
        d = "M" + " L".join(f"{q['x']:.1f},{q['y']:.1f}" for q in pts)
        ground.append(html('<path class="bx-passage" d="{}"/>', d))
    # the ground and every space are regions of the page too (tb_ui.regions): a token that moves
    # sends the tokens and the board's frame, not every space
    parts.append(html('<g id="patch-bx-ground" data-patch="bx-ground">{}</g>', join(ground)))
    for sid in C.spaces():
        acts = targets.get(sid, [])
        parts.append(_SPACES.draw(sid, _space_inputs(t, sid, acts, reach), _space, t, sid, acts, reach))
    parts.append(_tokens_svg(t))
    vb = " ".join(f"{v:.1f}" for v in box)
    desc = _board_description(t)
    svg = html('<svg class="bx-board{}" viewBox="{}" role="img" '
               'aria-label="{}" preserveAspectRatio="xMidYMid meet">{}</svg>',
               " bx-zoomed" if t.zoom else "", vb, desc, join(parts))
    # its small labels (token initials, space glyphs and names, die badges: 8.5 board units and up)
    # show where a unit is drawn NEAR_AT CSS px or more (tb-page.mjs sets pz-near): 11 px at least
    return html('<div class="bx-board-wrap" id="patch-bx-board" data-patch="bx-board" data-near-at="{}">{}</div>',
                NEAR_AT, svg)


@cache
def _labelled(realm: str) -> frozenset[str]:
    """Spaces named on the zoomed board: the realm's six, its two corner outposts and
    the first space of its dungeon."""
    k = C.REALMS.index(realm)
    ids = {C.outer_ids()[(7 * k + j) % 42] for j in range(0, 8)}
    ids.add(f"{C.realms()[realm]['dungeon_id']}-1")
    return frozenset(ids)


def _play_attrs(t: _T, a: dict[str, Any]) -> dict[str, Any]:
    act = "caution" if a.get("caution") or a.get("spends") else "play"  # a board tap: see TableContext.action_attrs
    return {"data_act": act, "data_a": jattr(a["action"])}  # its seat and state: the screen's


#: CSS px per board unit from which the board's small labels show (barons.css): the smallest (8.5
#: units) is then 11 CSS px or more (issue 48 §2); below it (the whole board on a phone) the board
#: shows its tiles, tokens and realm names, and a realm's zoom shows the rest.
NEAR_AT = 1.3


def _board_description(t: _T) -> str:
    where = "; ".join(f"{p['name']} on {C.name(p['pos'])}" for p in t.players if p["alive"] and p["char"])
    zoom = f"Zoomed on the {C.realms()[t.zoom]['name']}. " if t.zoom else ""
    return f"The board. {zoom}{where}."


def _zoom_bar(t: _T) -> Markup:
    btns = [button("All", "table-ui", "btn small bx-zoom" + (" on" if not t.zoom else ""), data_k="zoom",
                   data_realm="", aria_pressed="true" if not t.zoom else "false", aria_label="All: the whole board")]
    for r in C.REALMS:
        col = C.realms()[r]["color"]
        btns.append(button(SHORT[r], "table-ui", "btn small bx-zoom" + (" on" if t.zoom == r else ""),
                           data_k="zoom", data_realm=r, aria_pressed="true" if t.zoom == r else "false",
                           aria_label=f"{SHORT[r]}: zoom on the {C.realms()[r]['name']}", data_css=f"--rc:{REALM_EDGE[col]}"))
    return html('<div class="bx-zoombar" role="group" aria-label="Zoom the board">{}</div>', join(btns))


def _realm_list(t: _T) -> Markup:
    """While zoomed: the realm's spaces with prices, tolls and buildings (readable
    and reachable without the picture)."""
    if not t.zoom:
        return Markup()
    realm = C.realms()[t.zoom]
    k = C.REALMS.index(t.zoom)
    ids = [C.outer_ids()[7 * k + j] for j in range(1, 7)]
    rows = []
    sel = t.app.table_ui.get("space")
    for sid in ids:
        sp = C.space(sid)
        who = [p["name"] for p in t.players if p["alive"] and p["pos"] == sid]
        info = ""
        if sp["type"] == "land":
            bl = t.b["buildings"].get(sid, [])
            owners = ", ".join(f"{t.names[s]} ({'keep' if lv == 2 else 'dwelling'})" for s, lv in bl) or "no buildings"
            info = f"price {sp['price']} · toll {sp['toll']} (keep {sp['keep_toll']}) · {owners}"
        elif sp["type"] == "city":
            info = f"items, inn; gate of the {realm['dungeon']}"
        else:
            info = f"trains {sp['guild']}s"
        here = f" · here: {', '.join(who)}" if who else ""
        cls = "bx-sp" + (" sel" if sel == sid else "")
        rows.append(html('<li class="{}"><b>{}</b>{} <span>{}{}</span></li>', cls, sp["name"], _mark(sp), info, here))
    res = C.resource_of_realm()[t.zoom].capitalize()
    return html('<section class="bx-realm panel" aria-label="{name}"><h2>{name}'
                '{mark} <span class="count">{res} · {guild} guild</span></h2>'
                '<ul class="bx-sps">{rows}</ul></section>',
                name=realm["name"], mark=_mark(realm), res=res, guild=realm["guild"], rows=join(rows))


# ---- banner, dice, fight ---------------------------------------------------------------------------
def _banner(app: TableApp, t: _T) -> Markup:
    if t.over:
        return Markup()
    ctx = t.ctx
    d = t.dec
    if d is None:
        return Markup()
    seat = int(d["seat"])
    active = int(t.b["active"])
    col = t.color(seat)
    if ctx.acting is not None:
        if seat == active:
            text = f"Your turn, {t.names[seat]}"
        else:
            text = f"{t.names[seat]}, your decision (during {t.names[active]}’s turn)"
        return html('<div class="bx-banner mine" role="status" data-css="--pc:{}">'
                    '<span class="bx-chip" aria-hidden="true"></span><strong>{}</strong></div>', col, text)
    who = seat_name(t.names[seat], bot=ctx.kinds[seat] == "bot")
    return html('<div class="bx-banner" role="status" data-css="--pc:{}"><span class="bx-chip" aria-hidden="true"></span>'
                '{} to play · round {}</div>', col, who, t.b["round"])


def _die(v: int, hit: bool | None = None) -> Markup:
    cls = "bx-die" + (" hit" if hit else "")
    return html('<span class="{}">{}</span>', cls, v)


def _dice_tray(t: _T) -> Markup:
    rolls = [r for r in t.b["rolls"] if r["turn"] == t.b["turn"]][-6:]
    if not rolls:
        return Markup()
    items = []
    for r in rolls:
        faces = join(_die(v, r["thr"] is not None and v >= r["thr"]) for v in r["dice"]) or "—"
        thr = f" · hits on {r['thr']}+" if r["thr"] is not None else ""
        who = "" if r["who"] < 0 else t.names[r["who"]]
        what = r["what"] if r["what"].startswith(who) else f"{who}: {r['what']}"
        items.append(html('<li><span class="bx-roll-what">{}{}</span><span class="bx-faces">{}</span>'
                          '<span class="bx-roll-res">{}</span></li>', what, thr, faces, r["result"]))
    return html('<section class="bx-dice panel" aria-label="Dice rolled this turn"><h2>Dice this turn</h2>'
                '<ul class="bx-rolls">{}</ul></section>', join(items))


def _hpbar(hp: int, top: int) -> Markup:
    pct = max(0, min(100, round(100 * hp / max(1, top))))
    return html('<span class="bx-hp" role="img" aria-label="Health {} of {}"><span data-css="width:{}%"></span>'
                '</span>', hp, top, pct)


def _fight(t: _T) -> Markup:
    c = t.b["combat"]
    last = c is None
    if c is None:  # the last fight, shown during its turn and the next one
        c = t.b["last_combat"]
        if c is None or c["turn"] < t.b["turn"] - 1:
            return Markup()
    sides = []
    for s in c["side"]:
        if "mon" in s:
            traits = ", ".join(s["traits"])
            boss = " · boss" if s["boss"] else ""
            sides.append(html('<div class="bx-side mon"><b>{name}</b>{mark}'
                              '{bar}<span>{hp}/{max_hp} health · Str {strength} · '
                              'Agi {agi} · Def {def_}{boss}{traits}</span></div>',
                              name=s["name"], mark=_mark(C.dungeon_cards()[s["mon"]]),
                              bar=_hpbar(s["hp"], s["max_hp"]), hp=s["hp"], max_hp=s["max_hp"], strength=s["strength"],
                              agi=s["agility"], def_=s["defense"], boss=boss,
                              traits=" · " + traits if traits else ""))
        else:
            p = t.players[s["seat"]]
            sides.append(html('<div class="bx-side" data-css="--pc:{}"><b>{}</b>'
                              '{}<span>{}/{} health</span></div>', t.color(s["seat"]), t.chip(s["seat"]),
                              _hpbar(p["hp"], p["max_hp"]), p["hp"], p["max_hp"]))
    ev = c["events"][-7:]
    events = join(html("<li>{}</li>", x) for x in ev)
    head = "Last fight" if last else f"Fight · round {c['round']}"
    lim = t.b["rules"]["pvp_rounds"]
    note = Markup()
    if not last and c["kind"] == "pvp" and lim:
        note = html('<p class="bx-note">A fight between players stops after {}.</p>', plural(lim, "round"))
    if not last and any(c.get("undef") or []):
        note += Markup('<p class="bx-note">After a failed escape, the next blow cannot be blocked.</p>')
    return html('<section class="bx-fight panel" aria-label="{head}"><h2>{head}</h2>'
                '<div class="bx-sides">{a}<span class="bx-vs" aria-hidden="true">vs</span>{b}</div>'
                '{note}<ol class="bx-events">{events}</ol></section>',
                head=head, a=sides[0], b=sides[1], note=note, events=events)


# ---- the decision panel ---------------------------------------------------------------------------------
def _act_button(t: _T, a: dict[str, Any], cls: str = "btn bx-opt", label: str | None = None) -> Markup:
    return html('<button type="button" class="{}"{} aria-label="{}">'
                '{}{}</button>', cls + (" has-odds" if a.get("odds") else ""), t.ctx.action_attrs(a),
                odds_label(a, a["label"]), label or a["label"], odds_line(a))


PRIMARY = {"roll", "move", "build", "buy", "train", "upgrade", "melee", "attack", "castle", "accept", "reroll"}
QUIET = {"no_attack", "no_upgrade", "no_heal", "decline", "no_train", "done", "keep", "end", "cancel", "pay"}


def _decide(app: TableApp, t: _T) -> Markup:
    ctx, v = t.ctx, t.v
    if t.over:
        return Markup()
    if ctx.acting is None:
        return waiting_html(app, ctx)
    d = t.dec or {}
    kind = d.get("k")
    extra = Markup()
    if kind == "move":
        extra = html('<div class="bx-movedice" aria-label="Your movement dice">'
                     '{}</div>'
                     '<p class="bx-hint">The spaces you can reach are ringed on the board, with the die that gets you there.</p>',
                     join(_die(x) for x in d["dice"]))
    elif kind == "item":
        it = C.items()[d["item"]]
        slot = f"{it['slot']} slot" if it["slot"] else "one use"
        extra = html('<div class="bx-card"><b>{}</b>{} <span class="count">{} · '
                     '{} GP</span><p>{}</p></div>', it["name"], _mark(it), slot, d["cost"], it["text"])
    elif kind == "debt":
        extra = html('<p class="bx-owe">Still owed to {}: <b>{} GP</b></p>', t.chip(int(d["to"])), d["left"])
    elif kind == "charm":
        extra = html('<div class="bx-movedice">{}</div>',
                     join(_die(x, d["thr"] is not None and x >= d["thr"]) for x in d["roll"]))
    groups: dict[str, list[Markup]] = {}
    for a in ctx.actions:
        verb = a["action"][0]
        cls = "btn bx-opt" + (" primary" if verb in PRIMARY else "") + (" ghost" if verb in QUIET else "")
        group = {"shoot": "Ranged attack", "cast": "Ranged attack" if kind == "actions" else "Spells",
                 "steal": "Steal", "use": "Items", "offer": "Trade", "trade": "Sell",
                 "move": "Move", "reroll": "Lucky Charm", "heal": "Inn", "give": "Hand over",
                 "sell": "Sell", "castle": "Boss keep"}.get(verb, "")
        groups.setdefault(group, []).append(html("<li>{}</li>", _act_button(t, a, cls)))
    blocks = []
    for g, items in groups.items():
        head = html("<h2>{}</h2>", g) if g and len(groups) > 1 else Markup()
        blocks.append(html('{}<ul class="action-list bx-opts">{}</ul>', head, join(items)))
    return html('<section class="bx-decide panel" aria-label="Your decision">'
                '<p class="prompt yours" aria-live="polite">{}</p>{}{}{}</section>', v["prompt"], extra, join(blocks),
                odds_details(ctx.actions))


# ---- character mats ------------------------------------------------------------------------------------
def _mat(t: _T, p: dict[str, Any], open_: bool) -> Markup:
    seat = p["seat"]
    if not p["char"]:
        return html('<li class="bx-mat" data-css="--pc:{}"><p>{} is choosing a character.</p></li>',
                    t.color(seat), t.chip(seat))
    ch = C.characters()[p["char"]]
    dv = p["derived"]
    tag = Markup()
    if t.ctx.kinds[seat] == "bot":
        tag = html(' <span class="pbot">bot · {}</span>', t.ctx.levels[seat] or "")
    elif seat == t.me:
        tag = Markup(' <span class="you">you</span>')
    status = []
    if not p["alive"]:
        status.append("fallen")
    else:
        status.append("adventurer" if p["adv"] else "not yet an adventurer")
    if p["skip"]:
        status.append("misses next turn")
    a = p["attrs"]
    attrs_html = html('<span title="Strength">Str <b>{}</b></span><span title="Agility">Agi <b>{}</b></span>'
                      '<span title="Mana">Mana <b>{}</b></span><span title="Guile">Guile <b>{}</b></span>',
                      a["str"], a["agi"], a["mana"], a["guile"])
    derived = [f"move {dv['move']}d", f"melee {dv['melee']}d ({dv['melee_thr']}+)", f"armor {dv['armor']}",
               f"ward {dv['ward']}", f"hunting {dv['hunting']}", f"healing {dv['heal_dice']}d ({dv['heal_thr']}+)",
               f"escape {dv['flee']}d"]
    if dv["archery_range"] is not None:
        derived.append(f"archery {dv['archery_dice']}d, range {dv['archery_range']}")
    for sp in dv["spells"]:
        derived.append(f"{sp['name']} range {sp['range']}")
    if dv["steal_range"] is not None:
        derived.append(f"steal range {dv['steal_range']}")
    if dv["trade_range"]:
        derived.append(f"trade range {dv['trade_range']}")
    if dv["sell_bonus"]:
        derived.append(f"+{dv['sell_bonus']} GP a sale")
    items = join(html('<li><span class="bx-slot">{}</span> {}{}</li>', slot, C.items()[iid]["name"], _mark(C.items()[iid]))
                 for slot, iid in p["items"].items())
    pots: dict[str, int] = {}
    for iid in p["potions"]:
        pots[iid] = pots.get(iid, 0) + 1
    items += join(html('<li><span class="bx-slot">one use</span> {}'
                       '{}{}</li>', C.items()[iid]["name"], " ×" + str(k) if k > 1 else "", _mark(C.items()[iid]))
                  for iid, k in pots.items())
    if t.b["rules"]["skill_mode"] == "tracks":
        skills = join(html("<li>{} {}</li>", g, lv) for g, lv in p["tracks"].items() if lv)
    else:
        skills = join(html('<li>{} <span class="count">{} '
                           '{}</span>{}</li>', C.skills()[s]["name"], C.skills()[s]["guild"], C.skills()[s]["level"],
                           _mark(C.skills()[s])) for s in p["skills"])
    res = ", ".join(f"{k.capitalize()} {v}" for k, v in p["res"].items() if v) or "none"
    trophies = ", ".join(C.dungeon_cards()[m]["name"] for m in p["trophies"]) or "none"
    keeps = ", ".join(SHORT[r] for r in p["keeps_in"]) or "none"
    none = Markup("<li>none</li>")
    body = html('<div class="bx-mat-body"><p class="bx-talent"><b>{talent}</b>{mark}: '
                '{text}</p><p class="bx-attrs">{attrs}</p>'
                '<p class="bx-derived">{derived}</p>'
                '<h3>Items</h3><ul class="bx-list">{items}</ul>'
                '<h3>Skills</h3><ul class="bx-list">{skills}</ul>'
                '<p><b>Resources:</b> {res}</p><p><b>Trophies:</b> {trophies}</p>'
                '<p><b>Buildings:</b> {buildings} ({points}, worth {value} GP) · '
                '<b>realms held:</b> {realms} · <b>keeps in:</b> {keeps}</p></div>',
                talent=ch["talent"]["name"], mark=_mark(ch), text=ch["talent"]["text"], attrs=attrs_html,
                derived=" · ".join(derived), items=items or none, skills=skills or none, res=res, trophies=trophies,
                buildings=p["buildings"], points=plural(p["points"], "point"), value=p["value"], realms=p["realms"], keeps=keeps)
    where = C.name(p["pos"]) if p["alive"] else "—"
    summary = html('<span class="bx-mat-name">{chip}{tag}</span>'
                   '<span class="bx-mat-char">{name} {title} · {status}</span>'
                   '<span class="bx-mat-line">{bar}<b>{hp}</b> hp · <b>{gold}</b> GP · '
                   '{where}</span>',
                   chip=t.chip(seat), tag=tag, name=ch["name"], title=ch["title"], status=", ".join(status),
                   bar=_hpbar(p["hp"], p["max_hp"]), hp=p["hp"], gold=p["gold"], where=where)
    cls = "bx-mat" + (" dead" if not p["alive"] else "") + (" turn" if seat == t.b["active"] and not t.over else "")
    return html('<li class="{}" data-css="--pc:{}" id="bx-mat-{}" data-tgt="seat:{}"><details{}>'
                '<summary>{}</summary>{}</details></li>',
                cls, t.color(seat), seat, seat, Markup(" open") if open_ else Markup(), summary, body)


def _mats(t: _T) -> Markup:
    order = [t.bottom] + [p["seat"] for p in t.players if p["seat"] != t.bottom]
    items = join(_mat(t, t.players[s], s == t.me) for s in order)
    return html('<section class="bx-mats" id="patch-bx-mats" data-patch="bx-mats" aria-labelledby="bx-mats-h">'
                '<h2 id="bx-mats-h" class="visually-hidden">Players</h2>'
                '<ul class="bx-matlist">{}</ul></section>', items)


def _realms(t: _T) -> Markup:
    rules = t.b["rules"]
    rows = []
    for r in C.REALMS:
        who = t.b["control"][r]
        col = REALM_EDGE[C.realms()[r]["color"]]
        ctl = t.chip(who) if who is not None else "nobody"
        rows.append(html('<li><span class="bx-rdot" data-css="--rc:{}" aria-hidden="true"></span>'
                         '{}: {}</li>', col, C.realms()[r]["name"], ctl))
    need = rules["keeps_needed"]
    goals = [f"a keep in {'every realm' if need >= 6 else f'{need} realms'}"]
    if "last_survivor" in rules["win_conditions"] and rules["death_mode"] != "respawn":
        goals.append("be the last one alive")
    if "building_on_every_land" in rules["win_conditions"]:
        goals.append("a building on all 24 lands")
    lim = t.b["round_limit"]
    pol = ""
    if "all_land_claimed_political" in rules["win_conditions"] or lim:
        crit = {"realms": "most realms held", "property_count": "most buildings",
                "property_value": "most valuable buildings"}[rules["political"]]
        when = []
        if "all_land_claimed_political" in rules["win_conditions"]:
            when.append("when every land has a building")
        if lim:
            when.append(f"after round {lim}")
        pol = f" Otherwise, {' or '.join(when)}, the {crit} wins."
    variants = Markup()
    if t.b["variants"]:
        names = ", ".join(C.variants()[v]["name"] for v in t.b["variants"])
        variants = html('<p class="bx-note">Variants: {}.</p>', names)
    return html('<section class="bx-realms panel" aria-label="Realms and goals"><h2>Realms held</h2>'
                '<ul class="bx-rlist">{rows}</ul>'
                '<p class="bx-note">To win: {goals}.{pol}</p>{variants}'
                '<p class="bx-note">{mark} marks what was designed for this app to complete Geoff Maddock’s '
                'unfinished design (see Rules).</p></section>',
                rows=join(rows), goals=", or ".join(goals), pol=pol, variants=variants, mark=DESIGNED_MARK)


# ---- the table ------------------------------------------------------------------------------------------
def render(app: TableApp, ctx: TableContext) -> Markup:
    t = _T(app, ctx)
    b = t.b
    lim = f" of {b['round_limit']}" if b["round_limit"] else ""
    # The round counter moves on past the limit when the last round ends: say the game's length.
    shown = min(b["round"], b["round_limit"]) if b["round_limit"] else b["round"]
    info = f"Round {shown}{lim}" if b["round"] else "Choosing characters"
    return html('{topbar}<main class="table-main bx-main" id="main">'
                '{alerts}{end}{banner}'
                '<div class="bx-layout"><div class="bx-col-board">'
                '{zoom}{board}{realm}{fight}{dice}'
                '</div><div class="bx-col-side">'
                '{decide}{mats}{realms}{log}'
                "</div></div></main>",
                topbar=topbar(app, ctx, info), alerts=alerts(app), end=end_panel(app, ctx), banner=_banner(app, t),
                zoom=_zoom_bar(t), board=_board(t), realm=_realm_list(t), fight=_fight(t), dice=_dice_tray(t),
                decide=_decide(app, t), mats=_mats(t), realms=_realms(t), log=log_panel(app, ctx))


def handoff_note(app: TableApp, view: dict[str, Any]) -> Markup:
    """Nothing to add on the pass-the-device screen (its title names the next holder)."""
    return Markup()
