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

from ..html import attrs, button, e, jattr
from . import Seating, TableContext, alerts, end_panel, log_panel, topbar, waiting_html

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
DESIGNED_MARK = '<abbr class="bx-dz" title="Designed for this app to complete the game">◇</abbr>'


def _C() -> Any:
    from py_engine.barons import components

    return components


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
    C = _C()
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
    C = _C()
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

    def __init__(self, app: Any, ctx: TableContext) -> None:
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

    def chip(self, seat: int) -> str:
        return (f'<span class="bx-chip" data-css="--pc:{self.color(seat)}" aria-hidden="true"></span>'
                f'{e(self.names[seat])}')


def _mark(entry: dict[str, Any]) -> str:
    return DESIGNED_MARK if _C().provenance(entry) != "sourced" else ""


# ---- view state ----------------------------------------------------------------------------------
def on_ui(app: Any, d: dict[str, Any]) -> None:
    """``data-act="table-ui"`` taps: ``k=zoom`` (``realm``: a realm id or "" for the
    whole board), ``k=space`` (show a space's details), ``k=mat`` (open a mat)."""
    ui = app.table_ui
    k = d.get("k")
    C = _C()
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
def _tile_shape(sid: str, p: dict[str, Any], kind: str, fill: str, edge: str, cls: str) -> str:
    x, y = p["x"], p["y"]
    if kind == "outpost":
        pts = " ".join(f"{x + 16 * math.cos(math.radians(60 * i - 90)):.1f},"
                       f"{y + 16 * math.sin(math.radians(60 * i - 90)):.1f}" for i in range(6))
        return f'<polygon class="{cls}" points="{pts}" fill="{fill}" stroke="{edge}"/>'
    r = 10 if kind == "dungeon" else TILE
    return f'<circle class="{cls}" cx="{x:.1f}" cy="{y:.1f}" r="{r}" fill="{fill}" stroke="{edge}"/>'


def _glyph(sid: str, sp: dict[str, Any], x: float, y: float) -> str:
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
    return f'<text class="bx-glyph bx-g-{kind}" x="{x:.1f}" y="{y + 3.6:.1f}">{e(text)}</text>'


def _buildings_svg(t: _T, sid: str, p: dict[str, Any]) -> str:
    bl = t.b["buildings"].get(sid, [])
    if not bl:
        return ""
    out = []
    tx, ty = -p["ny"], p["nx"]
    n = len(bl)
    for i, (seat, lv) in enumerate(bl):
        off = (i - (n - 1) / 2) * 11
        bx = p["x"] + p["nx"] * (TILE + 8) + tx * off
        by = p["y"] + p["ny"] * (TILE + 8) + ty * off
        s = 8.5 if lv == 1 else 10
        col = t.color(seat)
        out.append(f'<rect class="bx-bld" x="{bx - s / 2:.1f}" y="{by - s / 2:.1f}" width="{s}" height="{s}" '
                   f'rx="1" fill="{col}"/>')
        if lv == 2:
            out.append(f'<rect class="bx-keep" x="{bx - 2.2:.1f}" y="{by - s / 2 - 3:.1f}" width="4.4" height="4" '
                       f'fill="{col}"/>')
    return "".join(out)


def _tokens_svg(t: _T) -> str:
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
            ring = ' stroke="#ffd43b" stroke-width="2.6"' if seat == active and not t.over else ' stroke="#fff" stroke-width="1.5"'
            out.append(f'<circle class="bx-token" cx="{x:.1f}" cy="{y:.1f}" r="7.4" fill="{t.color(seat)}"{ring}/>'
                       f'<text class="bx-token-t" x="{x:.1f}" y="{y + 3:.1f}">{e(t.names[seat][:1].upper())}</text>')
    return "".join(out)


def _targets(t: _T) -> dict[str, list[dict[str, Any]]]:
    return {k[6:]: v for k, v in t.by_target.items() if k.startswith("space:")}


def _board(t: _T) -> str:
    C = _C()
    lay = layout()
    box = zoom_box(t.zoom) if t.zoom else FULL
    targets = _targets(t)
    reach = (t.dec or {}).get("reach") or {}
    parts: list[str] = []
    hexpts = " ".join(f"{_vertex(k)[0]:.1f},{_vertex(k)[1]:.1f}" for k in range(6))
    parts.append(f'<polygon class="bx-hex" points="{hexpts}"/>')
    for k, realm in enumerate(C.REALMS):
        col = C.realms()[realm]["color"]
        a, b = _vertex(k), _vertex(k + 1)
        parts.append(f'<line class="bx-band" x1="{a[0]:.1f}" y1="{a[1]:.1f}" x2="{b[0]:.1f}" y2="{b[1]:.1f}" '
                     f'stroke="{REALM_EDGE[col]}"/>')
        mx, my = (a[0] + b[0]) / 2 * 0.62, (a[1] + b[1]) / 2 * 0.62
        if not t.zoom:
            parts.append(f'<text class="bx-realm-name" x="{mx:.1f}" y="{my:.1f}" fill="{REALM_EDGE[col]}">'
                         f'{e(SHORT[realm])}</text>')
        gate, track = lay[f"{realm}-CITY"], C.realms()[realm]["dungeon_id"]
        pts = [gate] + [lay[f"{track}-{n}"] for n in range(1, 5)] + [lay[f"{C.REALMS[(k + 1) % 6]}-L2"]]
        d = "M" + " L".join(f"{q['x']:.1f},{q['y']:.1f}" for q in pts)
        parts.append(f'<path class="bx-passage" d="{d}"/>')
    for sid, sp in C.spaces().items():
        p = lay[sid]
        kind = sp["type"]
        realm = sp.get("realm")
        col = C.realms()[realm]["color"] if realm else sp.get("color", "white")
        fill = "#3b3545" if kind == "dungeon" else REALM_FILL[col]
        edge = REALM_EDGE[col]
        cls = "bx-tile"
        acts = targets.get(sid, [])
        if acts:
            cls += " bx-pick"
        if t.app.table_ui.get("space") == sid:
            cls += " bx-sel"
        if len(acts) == 1:
            a = acts[0]
            g_attrs = attrs(class_="bx-space bx-hot", data_space=sid, **_play_attrs(t, a))
        else:
            zoom_to = realm or C.REALMS[p["side"]]
            g_attrs = (attrs(class_="bx-space", data_act="table-ui", data_k="space", data_space=sid)
                       if t.zoom else attrs(class_="bx-space", data_act="table-ui", data_k="zoom", data_realm=zoom_to))
        label = ""
        if t.zoom and sid in _labelled(t.zoom):
            nx, ny = p["nx"], p["ny"]
            off = TILE + (19 if t.b["buildings"].get(sid) else 5)
            name = sp["name"]
            if kind == "dungeon":
                nx, ny, off = -nx, -ny, 14
                name = sp["dungeon"]
            lx, ly = p["x"] + nx * off, p["y"] + ny * (off + 6) + 3
            anchor = "end" if nx < -0.35 else "start" if nx > 0.35 else "middle"
            label = f'<text class="bx-label" x="{lx:.1f}" y="{ly:.1f}" text-anchor="{anchor}">{e(name)}</text>'
        badge = ""
        if sid in reach:
            bx, by = p["x"] + p["nx"] * -1 + 11, p["y"] - 13
            badge = (f'<circle class="bx-die-badge" cx="{bx:.1f}" cy="{by:.1f}" r="6.5"/>'
                     f'<text class="bx-die-badge-t" x="{bx:.1f}" y="{by + 3:.1f}">{reach[sid]["die"]}</text>')
        parts.append(f"<g{g_attrs}>{_tile_shape(sid, p, kind, fill, edge, cls)}{_glyph(sid, sp, p['x'], p['y'])}"
                     f"{_buildings_svg(t, sid, p)}{label}{badge}</g>")
    parts.append(_tokens_svg(t))
    vb = " ".join(f"{v:.1f}" for v in box)
    desc = _board_description(t)
    svg = (f'<svg class="bx-board{" bx-zoomed" if t.zoom else ""}" viewBox="{vb}" role="img" '
           f'aria-label="{e(desc)}" preserveAspectRatio="xMidYMid meet">{"".join(parts)}</svg>')
    return f'<div class="bx-board-wrap">{svg}</div>'


@cache
def _labelled(realm: str) -> frozenset[str]:
    """Spaces named on the zoomed board: the realm's six, its two corner outposts and
    the first space of its dungeon."""
    C = _C()
    k = C.REALMS.index(realm)
    ids = {C.outer_ids()[(7 * k + j) % 42] for j in range(0, 8)}
    ids.add(f"{C.realms()[realm]['dungeon_id']}-1")
    return frozenset(ids)


def _play_attrs(t: _T, a: dict[str, Any]) -> dict[str, Any]:
    return {"data_act": "play", "data_seat": t.ctx.acting, "data_n": t.ctx.n, "data_a": jattr(a["action"])}


def _board_description(t: _T) -> str:
    C = _C()
    where = "; ".join(f"{p['name']} on {C.name(p['pos'])}" for p in t.players if p["alive"] and p["char"])
    zoom = f"Zoomed on the {C.realms()[t.zoom]['name']}. " if t.zoom else ""
    return f"The board. {zoom}{where}."


def _zoom_bar(t: _T) -> str:
    C = _C()
    btns = [button("All", "table-ui", "btn small bx-zoom" + (" on" if not t.zoom else ""), data_k="zoom",
                   data_realm="", aria_pressed="true" if not t.zoom else "false", aria_label="All: the whole board")]
    for r in C.REALMS:
        col = C.realms()[r]["color"]
        btns.append(button(SHORT[r], "table-ui", "btn small bx-zoom" + (" on" if t.zoom == r else ""),
                           data_k="zoom", data_realm=r, aria_pressed="true" if t.zoom == r else "false",
                           aria_label=f"{SHORT[r]}: zoom on the {C.realms()[r]['name']}", data_css=f"--rc:{REALM_EDGE[col]}"))
    return f'<div class="bx-zoombar" role="group" aria-label="Zoom the board">{"".join(btns)}</div>'


def _realm_list(t: _T) -> str:
    """While zoomed: the realm's spaces with prices, tolls and buildings (readable
    and reachable without the picture)."""
    if not t.zoom:
        return ""
    C = _C()
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
        here = f' · here: {e(", ".join(who))}' if who else ""
        cls = "bx-sp" + (" sel" if sel == sid else "")
        rows.append(f'<li class="{cls}"><b>{e(sp["name"])}</b>{_mark(sp)} <span>{e(info)}{here}</span></li>')
    res = C.resource_of_realm()[t.zoom].capitalize()
    return (f'<section class="bx-realm panel" aria-label="{e(realm["name"])}"><h2>{e(realm["name"])}'
            f'{_mark(realm)} <span class="count">{e(res)} · {e(realm["guild"])} guild</span></h2>'
            f'<ul class="bx-sps">{"".join(rows)}</ul></section>')


# ---- banner, dice, fight ---------------------------------------------------------------------------
def _banner(app: Any, t: _T) -> str:
    if t.over:
        return ""
    ctx = t.ctx
    d = t.dec
    if d is None:
        return ""
    seat = int(d["seat"])
    active = int(t.b["active"])
    col = t.color(seat)
    if ctx.acting is not None:
        if seat == active:
            text = f"Your turn, {t.names[seat]}"
        else:
            text = f"{t.names[seat]}, your decision (during {t.names[active]}’s turn)"
        return (f'<div class="bx-banner mine" role="status" data-css="--pc:{col}">'
                f'<span class="bx-chip" aria-hidden="true"></span><strong>{e(text)}</strong></div>')
    who = t.names[seat]
    kind = "bot" if ctx.kinds[seat] == "bot" else "player"
    return (f'<div class="bx-banner" role="status" data-css="--pc:{col}"><span class="bx-chip" aria-hidden="true"></span>'
            f'{e(who)}{" (bot)" if kind == "bot" else ""} to play · round {t.b["round"]}</div>')


def _die(v: int, hit: bool | None = None) -> str:
    cls = "bx-die" + (" hit" if hit else "")
    return f'<span class="{cls}">{v}</span>'


def _dice_tray(t: _T) -> str:
    rolls = [r for r in t.b["rolls"] if r["turn"] == t.b["turn"]][-6:]
    if not rolls:
        return ""
    items = []
    for r in rolls:
        faces = "".join(_die(v, r["thr"] is not None and v >= r["thr"]) for v in r["dice"]) or "—"
        thr = f" · hits on {r['thr']}+" if r["thr"] is not None else ""
        who = "" if r["who"] < 0 else t.names[r["who"]]
        what = r["what"] if r["what"].startswith(who) else f"{who}: {r['what']}"
        items.append(f'<li><span class="bx-roll-what">{e(what)}{thr}</span><span class="bx-faces">{faces}</span>'
                     f'<span class="bx-roll-res">{e(r["result"])}</span></li>')
    return (f'<section class="bx-dice panel" aria-label="Dice rolled this turn"><h2>Dice this turn</h2>'
            f'<ul class="bx-rolls">{"".join(items)}</ul></section>')


def _hpbar(hp: int, top: int) -> str:
    pct = max(0, min(100, round(100 * hp / max(1, top))))
    return (f'<span class="bx-hp" role="img" aria-label="Health {hp} of {top}"><span data-css="width:{pct}%"></span>'
            f'</span>')


def _fight(t: _T) -> str:
    c = t.b["combat"]
    last = c is None
    if c is None:  # the last fight, shown during its turn and the next one
        c = t.b["last_combat"]
        if c is None or c["turn"] < t.b["turn"] - 1:
            return ""
    sides = []
    for s in c["side"]:
        if "mon" in s:
            traits = ", ".join(s["traits"])
            boss = " · boss" if s["boss"] else ""
            sides.append(f'<div class="bx-side mon"><b>{e(s["name"])}</b>{_mark(_C().dungeon_cards()[s["mon"]])}'
                         f'{_hpbar(s["hp"], s["max_hp"])}<span>{s["hp"]}/{s["max_hp"]} health · Str {s["strength"]} · '
                         f'Agi {s["agility"]} · Def {s["defense"]}{boss}{" · " + e(traits) if traits else ""}</span></div>')
        else:
            p = t.players[s["seat"]]
            sides.append(f'<div class="bx-side" data-css="--pc:{t.color(s["seat"])}"><b>{t.chip(s["seat"])}</b>'
                         f'{_hpbar(p["hp"], p["max_hp"])}<span>{p["hp"]}/{p["max_hp"]} health</span></div>')
    ev = c["events"][-7:]
    events = "".join(f"<li>{e(x)}</li>" for x in ev)
    head = "Last fight" if last else f"Fight · round {c['round']}"
    lim = t.b["rules"]["pvp_rounds"]
    note = ""
    if not last and c["kind"] == "pvp" and lim:
        note = f'<p class="bx-note">A fight between players stops after {lim} rounds.</p>'
    if not last and any(c.get("undef") or []):
        note += '<p class="bx-note">After a failed escape, the next blow cannot be blocked.</p>'
    return (f'<section class="bx-fight panel" aria-label="{e(head)}"><h2>{e(head)}</h2>'
            f'<div class="bx-sides">{sides[0]}<span class="bx-vs" aria-hidden="true">vs</span>{sides[1]}</div>'
            f'{note}<ol class="bx-events">{events}</ol></section>')


# ---- the decision panel ---------------------------------------------------------------------------------
def _act_button(t: _T, a: dict[str, Any], cls: str = "btn bx-opt", label: str | None = None) -> str:
    return (f'<button type="button" class="{cls}"{t.ctx.action_attrs(a)} aria-label="{e(a["label"])}">'
            f'{e(label or a["label"])}</button>')


PRIMARY = {"roll", "move", "build", "buy", "train", "upgrade", "melee", "attack", "castle", "accept", "reroll"}
QUIET = {"no_attack", "no_upgrade", "no_heal", "decline", "no_train", "done", "keep", "end", "cancel", "pay"}


def _decide(app: Any, t: _T) -> str:
    ctx, v = t.ctx, t.v
    if t.over:
        return ""
    if ctx.acting is None:
        return waiting_html(app, ctx)
    d = t.dec or {}
    kind = d.get("k")
    extra = ""
    C = _C()
    if kind == "move":
        extra = ('<div class="bx-movedice" aria-label="Your movement dice">'
                 + "".join(_die(x) for x in d["dice"]) + "</div>"
                 + '<p class="bx-hint">The spaces you can reach are ringed on the board, with the die that gets you there.</p>')
    elif kind == "item":
        it = C.items()[d["item"]]
        slot = f"{it['slot']} slot" if it["slot"] else "one use"
        extra = (f'<div class="bx-card"><b>{e(it["name"])}</b>{_mark(it)} <span class="count">{e(slot)} · '
                 f'{d["cost"]} GP</span><p>{e(it["text"])}</p></div>')
    elif kind == "debt":
        extra = f'<p class="bx-owe">Still owed to {t.chip(int(d["to"]))}: <b>{d["left"]} GP</b></p>'
    elif kind == "charm":
        extra = '<div class="bx-movedice">' + "".join(_die(x, d["thr"] is not None and x >= d["thr"]) for x in d["roll"]) + "</div>"
    groups: dict[str, list[str]] = {}
    for a in ctx.actions:
        verb = a["action"][0]
        cls = "btn bx-opt" + (" primary" if verb in PRIMARY else "") + (" ghost" if verb in QUIET else "")
        group = {"shoot": "Ranged attack", "cast": "Ranged attack" if kind == "actions" else "Spells",
                 "steal": "Steal", "use": "Items", "offer": "Trade", "trade": "Sell",
                 "move": "Move", "reroll": "Lucky Charm", "heal": "Inn", "give": "Hand over",
                 "sell": "Sell", "castle": "Boss keep"}.get(verb, "")
        groups.setdefault(group, []).append(f"<li>{_act_button(t, a, cls)}</li>")
    blocks = ""
    for g, items in groups.items():
        head = f"<h2>{e(g)}</h2>" if g and len(groups) > 1 else ""
        blocks += f'{head}<ul class="action-list bx-opts">{"".join(items)}</ul>'
    return (f'<section class="bx-decide panel" aria-label="Your decision">'
            f'<p class="prompt yours" aria-live="polite">{e(v["prompt"])}</p>{extra}{blocks}</section>')


# ---- character mats ------------------------------------------------------------------------------------
def _mat(t: _T, p: dict[str, Any], open_: bool) -> str:
    C = _C()
    seat = p["seat"]
    if not p["char"]:
        return (f'<li class="bx-mat" data-css="--pc:{t.color(seat)}"><p>{t.chip(seat)} is choosing a character.</p></li>')
    ch = C.characters()[p["char"]]
    dv = p["derived"]
    tag = ""
    if t.ctx.kinds[seat] == "bot":
        tag = f' <span class="pbot">bot · {e(t.ctx.levels[seat] or "")}</span>'
    elif seat == t.me:
        tag = ' <span class="you">you</span>'
    status = []
    if not p["alive"]:
        status.append("fallen")
    else:
        status.append("adventurer" if p["adv"] else "not yet an adventurer")
    if p["skip"]:
        status.append("misses next turn")
    a = p["attrs"]
    attrs_html = (f'<span title="Strength">Str <b>{a["str"]}</b></span><span title="Agility">Agi <b>{a["agi"]}</b></span>'
                  f'<span title="Mana">Mana <b>{a["mana"]}</b></span><span title="Guile">Guile <b>{a["guile"]}</b></span>')
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
    items = "".join(f'<li><span class="bx-slot">{e(slot)}</span> {e(C.items()[iid]["name"])}{_mark(C.items()[iid])}</li>'
                    for slot, iid in p["items"].items())
    pots: dict[str, int] = {}
    for iid in p["potions"]:
        pots[iid] = pots.get(iid, 0) + 1
    items += "".join(f'<li><span class="bx-slot">one use</span> {e(C.items()[iid]["name"])}'
                     f'{" ×" + str(k) if k > 1 else ""}{_mark(C.items()[iid])}</li>' for iid, k in pots.items())
    if t.b["rules"]["skill_mode"] == "tracks":
        skills = "".join(f"<li>{e(g)} {lv}</li>" for g, lv in p["tracks"].items() if lv)
    else:
        skills = "".join(f'<li>{e(C.skills()[s]["name"])} <span class="count">{e(C.skills()[s]["guild"])} '
                         f'{C.skills()[s]["level"]}</span>{_mark(C.skills()[s])}</li>' for s in p["skills"])
    res = ", ".join(f"{k.capitalize()} {v}" for k, v in p["res"].items() if v) or "none"
    trophies = ", ".join(C.dungeon_cards()[m]["name"] for m in p["trophies"]) or "none"
    keeps = ", ".join(SHORT[r] for r in p["keeps_in"]) or "none"
    body = (f'<div class="bx-mat-body"><p class="bx-talent"><b>{e(ch["talent"]["name"])}</b>{_mark(ch)}: '
            f'{e(ch["talent"]["text"])}</p><p class="bx-attrs">{attrs_html}</p>'
            f'<p class="bx-derived">{e(" · ".join(derived))}</p>'
            f'<h3>Items</h3><ul class="bx-list">{items or "<li>none</li>"}</ul>'
            f'<h3>Skills</h3><ul class="bx-list">{skills or "<li>none</li>"}</ul>'
            f'<p><b>Resources:</b> {e(res)}</p><p><b>Trophies:</b> {e(trophies)}</p>'
            f'<p><b>Buildings:</b> {p["buildings"]} ({p["points"]} points, worth {p["value"]} GP) · '
            f'<b>realms held:</b> {p["realms"]} · <b>keeps in:</b> {e(keeps)}</p></div>')
    where = _C().name(p["pos"]) if p["alive"] else "—"
    summary = (f'<span class="bx-mat-name">{t.chip(seat)}{tag}</span>'
               f'<span class="bx-mat-char">{e(ch["name"])} {e(ch["title"])} · {e(", ".join(status))}</span>'
               f'<span class="bx-mat-line">{_hpbar(p["hp"], p["max_hp"])}<b>{p["hp"]}</b> hp · <b>{p["gold"]}</b> GP · '
               f'{e(where)}</span>')
    cls = "bx-mat" + (" dead" if not p["alive"] else "") + (" turn" if seat == t.b["active"] and not t.over else "")
    return (f'<li class="{cls}" data-css="--pc:{t.color(seat)}" id="bx-mat-{seat}"><details{" open" if open_ else ""}>'
            f'<summary>{summary}</summary>{body}</details></li>')


def _mats(t: _T) -> str:
    order = [t.bottom] + [p["seat"] for p in t.players if p["seat"] != t.bottom]
    items = "".join(_mat(t, t.players[s], s == t.me) for s in order)
    return (f'<section class="bx-mats" aria-labelledby="bx-mats-h"><h2 id="bx-mats-h" class="visually-hidden">Players</h2>'
            f'<ul class="bx-matlist">{items}</ul></section>')


def _realms(t: _T) -> str:
    C = _C()
    rules = t.b["rules"]
    rows = []
    for r in C.REALMS:
        who = t.b["control"][r]
        col = REALM_EDGE[C.realms()[r]["color"]]
        ctl = t.chip(who) if who is not None else "nobody"
        rows.append(f'<li><span class="bx-rdot" data-css="--rc:{col}" aria-hidden="true"></span>'
                    f'{e(C.realms()[r]["name"])}: {ctl}</li>')
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
    variants = ""
    if t.b["variants"]:
        names = ", ".join(C.variants()[v]["name"] for v in t.b["variants"])
        variants = f'<p class="bx-note">Variants: {e(names)}.</p>'
    return (f'<section class="bx-realms panel" aria-label="Realms and goals"><h2>Realms held</h2>'
            f'<ul class="bx-rlist">{"".join(rows)}</ul>'
            f'<p class="bx-note">To win: {e(", or ".join(goals))}.{e(pol)}</p>{variants}'
            f'<p class="bx-note">{DESIGNED_MARK} marks what was designed for this app to complete Geoff Maddock’s '
            f'unfinished design (see Rules).</p></section>')


# ---- the table ------------------------------------------------------------------------------------------
def render(app: Any, ctx: TableContext) -> str:
    t = _T(app, ctx)
    b = t.b
    lim = f" of {b['round_limit']}" if b["round_limit"] else ""
    # The round counter moves on past the limit when the last round ends: say the game's length.
    shown = min(b["round"], b["round_limit"]) if b["round_limit"] else b["round"]
    info = f"Round {shown}{lim}" if b["round"] else "Choosing characters"
    return (topbar(app, ctx, e(info))
            + '<main class="table-main bx-main" id="main">'
            + alerts(app) + end_panel(app, ctx) + _banner(app, t)
            + '<div class="bx-layout"><div class="bx-col-board">'
            + _zoom_bar(t) + _board(t) + _realm_list(t) + _fight(t) + _dice_tray(t)
            + '</div><div class="bx-col-side">'
            + _decide(app, t) + _mats(t) + _realms(t) + log_panel(app, ctx)
            + "</div></div></main>")
