"""The Time of Crisis table (renders ``TimeOfCrisis.board_view``, py_engine/time_of_crisis/view.py).

- a "your turn" banner and the phase bar: the eight phases of a turn (ToC §6.1–6.8),
  the current one marked, with what the player must or may do now;
- the map: the empire drawn by us from the map data (its positions are schematic and
  marked designed): provinces with their governor's colour (grey: Neutral), support
  pips out of the maximum, mobs, improvements, Militia, Quaestor, Seat of Power /
  Breakaway markers, armies (general with full and reduced legions, Castra,
  foederati), barbarians (active solid, inactive hollow), Rival Emperors and
  barbarian leaders; seas and homelands; Italia ringed. Regions the current decision
  points at are highlighted: a tap plays the only option there, or focuses the
  region, whose panel lists its options. Tap any region to focus it (the map zooms on
  it), pinch or drag to zoom freely (pwa/panzoom-frames.js);
- the decision panel: the prompt and every option as a button, grouped;
- dice as rolled: the last Place Governor (sixes chain), the last battle's hits per
  side, the crisis roll and invasion;
- the player's board: hand by suit with values, points this turn, cards played,
  available and discard piles (own only), the market with the price each card
  costs now, the trash; governors and generals with their costs;
- every player: legacy, Emperor Turns, Emperor / pretender, provinces, hand size;
  Italia's support, the current and lasting events.

Everything secret stays out: the view has another seat's hand as None, and the
hand-off screen (private information) shows between humans.
The SVG is a picture (``role="img"``); every option is also a real button.
"""

from __future__ import annotations

import math
from typing import Any

from py_engine.time_of_crisis import components as D

from ..context import Seating, TableApp, TableContext
from ..html import Markup, attrs, button, html, join, plural, seat_name
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
from .barons import SEAT_COLORS

NEUTRAL = "#868e96"
SUIT = {"military": "Military", "senate": "Senate", "populace": "Populace"}
SUIT_COLOR = {"military": "#c92a2a", "senate": "#1971c2", "populace": "#e8a30c"}
PHASES = (("upkeep", "Upkeep", "6.1"), ("crisis", "Crisis", "6.2"), ("actions", "Actions", "6.3"),
          ("support", "Support check", "6.4"), ("pretender", "Pretender empire", "6.5"),
          ("legacy", "Gain legacy", "6.6"), ("buy", "Buy / trash", "6.7"), ("end", "End of turn", "6.8"))
TILE_W, TILE_H = 112, 78
IMP_GLYPH = {"amphitheater": "A", "basilica": "B", "limes": "L"}
MARKER = {"sop": "Seat of Power", "brk": "Breakaway"}
BOX = (20.0, 8.0, 1000.0, 619.0)  # the whole map (the proportions of toc.css's aspect-ratio)
#: Map units across a focused region's view: on a 390 px phone (a map about 366 px wide) one unit
#: is drawn 1.36 px wide, past NEAR_AT, so focusing a region shows its every piece (issue 48 §2).
FOCUS_W = 270.0


class _T(Seating):
    """The pieces' shared reading of the view: options by map region, focus, names
    and colours."""

    def __init__(self, app: TableApp, ctx: TableContext) -> None:
        super().__init__(app, ctx)
        b = self.b
        self.players: list[dict[str, Any]] = b["players"]
        self.regions = {r["id"]: r for r in b["map"]["regions"]}
        self.army_at = {a["id"]: a["region"] for a in b["armies"]}
        self.by_region: dict[str, list[dict[str, Any]]] = {}
        self.by_target: dict[str, list[dict[str, Any]]] = {}
        for a in ctx.actions:
            tg = a.get("target")
            if not tg:
                continue
            self.by_target.setdefault(str(tg), []).append(a)
            rid = self.region_of(str(tg))
            if rid:
                self.by_region.setdefault(rid, []).append(a)
        counts: dict[str, int] = {}
        for a in ctx.actions:
            counts[a["label"]] = counts.get(a["label"], 0) + 1
        self.twins = {k for k, v in counts.items() if v > 1}
        focus = app.table_ui.get("focus")
        self.focus: str | None = focus if focus in self.regions else None

    def region_of(self, target: str) -> str | None:
        kind, _, ref = target.partition(":")
        if kind in ("province", "region", "capital"):
            return ref if ref in self.regions else None
        if kind == "army":
            try:
                return self.army_at.get(int(ref))
            except ValueError:
                return None
        if kind == "tribe":
            return ref.partition("@")[2] or None
        return None

    def label(self, a: dict[str, Any]) -> str:
        """The option's label, told apart from an identical one by its army (two
        armies in one region get the same engine label)."""
        text = str(a["label"])
        tg = str(a.get("target") or "")
        if text in self.twins and tg.startswith("army:"):
            ar = next((x for x in self.b["armies"] if str(x["id"]) == tg[5:]), None)
            if ar is not None:
                bits = f"{ar['full']} full, {ar['reduced']} reduced"
                text += f" — army {ar['id']} ({bits}{', in the capital' if ar['capital'] else ''})"
        return text

    def color(self, seat: int | None) -> str:
        if seat is None or seat < 0:
            return NEUTRAL
        return SEAT_COLORS[seat % len(SEAT_COLORS)]

    def chip(self, seat: int) -> Markup:
        return html('<span class="bx-chip" data-css="--pc:{}" aria-hidden="true"></span>{}',
                    self.color(seat), self.names[seat])

    def gov_name(self, g: int | None) -> str:
        if g is None:
            return "no governor"
        return "Neutral" if g < 0 else self.names[g]


# ---- view state ----------------------------------------------------------------------------------
def on_ui(app: TableApp, d: dict[str, Any]) -> None:
    """``data-act="table-ui"`` taps: ``k=focus`` (``region``: a region id, "" for the whole
    map, "home" for the opening view on the player's own provinces; tapping the focused region
    again shows the whole map)."""
    ui = app.table_ui
    if d.get("k") == "focus" and d.get("region") == "home":
        ui.pop("focus", None)  # back to the opening view: the player's own provinces
    elif d.get("k") == "focus":
        rid = d.get("region") or None
        ids = {r["id"] for r in D.raw()["map"]["regions"]}
        ui["focus"] = None if rid not in ids or ui.get("focus") == rid and d.get("toggle") else rid


def handoff_note(app: TableApp, view: dict[str, Any]) -> Markup:
    """Public news for the hand-off screen (Markup; the player's name and the roll's
    text escaped): whose turn, and the last crisis roll, from the spectator's ``view``."""
    v = view
    b = v["board"]
    cr = b.get("crisis")
    extra = ""
    if cr:
        extra = f" Last crisis roll: {cr['white']}+{cr['black']} ({_result_name(str(cr['result']))})."
    return html("{}’s turn.{}", v["seats"][b["turn"]["seat"]], extra)


def _result_name(res: str) -> str:
    if res in D.tribes():
        return f"{D.tribes()[res]['name']} invade"
    return {"ira_deorum": "Ira Deorum", "pax_deorum": "Pax Deorum", "event": "an event"}.get(res, res)


# ---- the map -------------------------------------------------------------------------------------
def _home_box(t: _T) -> tuple[float, float, float, float] | None:
    """Where the table opens (issue 25 §1), until the player picks a view of their own (a region,
    or the whole map): the human's own provinces and the regions their decision points at (during
    setup, only the options), framed with the map's proportions; None (the whole map) when that
    is most of the map or there is nothing of theirs on it."""
    if t.me is None or "focus" in t.app.table_ui:
        return None
    mine = {rid for rid, p in t.b["provinces"].items() if p["governor"] == t.me}
    xy = [t.regions[rid]["xy"] for rid in mine | set(t.by_region)]
    if not xy:
        return None
    pad_x, pad_y = TILE_W / 2 + 14, TILE_H / 2 + 14
    x0, x1 = min(x for x, _ in xy) - pad_x, max(x for x, _ in xy) + pad_x
    y0, y1 = min(y for _, y in xy) - pad_y, max(y for _, y in xy) + pad_y
    w = max(x1 - x0, (y1 - y0) * BOX[2] / BOX[3], FOCUS_W)
    if w >= 0.8 * BOX[2]:
        return None
    h = w * BOX[3] / BOX[2]
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    return (min(max(cx - w / 2, BOX[0]), BOX[0] + BOX[2] - w), min(max(cy - h / 2, BOX[1]), BOX[1] + BOX[3] - h), w, h)


def _focus_box(t: _T) -> tuple[float, float, float, float]:
    if not t.focus:
        return _home_box(t) or BOX
    x, y = t.regions[t.focus]["xy"]
    w = FOCUS_W
    h = w * BOX[3] / BOX[2]
    x0 = min(max(x - w / 2, BOX[0]), BOX[0] + BOX[2] - w)
    y0 = min(max(y - h / 2, BOX[1]), BOX[1] + BOX[3] - h)
    return (x0, y0, w, h)


def _links(t: _T) -> Markup:
    out = []
    seen: set[tuple[str, str]] = set()
    for rid, r in t.regions.items():
        for o in r["adjacent"]:
            key = (min(rid, o), max(rid, o))
            if key in seen or o not in t.regions:
                continue
            seen.add(key)
            (x1, y1), (x2, y2) = r["xy"], t.regions[o]["xy"]
            sea = "sea" in (r["type"], t.regions[o]["type"])
            out.append(html('<line class="toc-link{}" x1="{}" y1="{}" x2="{}" y2="{}"/>',
                            " sea" if sea else "", x1, y1, x2, y2))
    return join(out)


def _pips(x: float, y: float, have: int, top: int, end: float) -> Markup:
    """Support pips from (x, y): ``have`` filled of ``top``, 9 units apart, closer (and
    smaller) when they would reach ``end``, where the province's tags begin."""
    step = 9.0 if top < 2 else max(5.5, min(9.0, (end - 3.5 - x) / (top - 1)))
    r = 3.4 if step >= 8 else 2.6
    out = []
    for i in range(top):
        cls = "toc-pip on" if i < have else "toc-pip"
        out.append(html('<circle class="{}" cx="{:.1f}" cy="{:.1f}" r="{}"/>', cls, x + i * step, y, r))
    return join(out)


def _army_svg(t: _T, a: dict[str, Any], x: float, y: float) -> Markup:
    """An army: the general's disc in its owner's colour, then a square per full
    legion and a half-filled one per reduced legion; C for Castra, F for foederati."""
    col = t.color(a["owner"])
    parts = [html('<circle class="toc-gen" cx="{:.1f}" cy="{:.1f}" r="6.5" fill="{}"/>', x, y, col)]
    if a["capital"]:
        parts.append(html('<circle class="toc-incap" cx="{:.1f}" cy="{:.1f}" r="9"/>', x, y))
    cx = x + 10
    for _ in range(a["full"]):
        parts.append(html('<rect class="toc-leg" x="{:.1f}" y="{:.1f}" width="9" height="10" fill="{}"/>',
                          cx, y - 5, col))
        cx += 11
    for _ in range(a["reduced"]):
        parts.append(html('<rect class="toc-leg red" x="{cx:.1f}" y="{top:.1f}" width="9" height="10" stroke="{col}"/>'
                          '<rect x="{cx:.1f}" y="{y:.1f}" width="9" height="5" fill="{col}"/>',
                          cx=cx, top=y - 5, y=y, col=col))
        cx += 11
    tags = ("C" if a["castra"] else "") + ("F" * len(a["foederati"]))
    if tags:
        parts.append(html('<text class="toc-tag" x="{:.1f}" y="{:.1f}">{}</text>', cx + 1, y + 3.5, tags))
    return join(parts)


def _barbs_svg(t: _T, rid: str, x: float, y: float) -> tuple[Markup, float]:
    """Barbarians in ``rid`` from (x, y), each tribe as a triangle and its count (solid: active,
    hollow: inactive), then the tribe's first letters; returns the markup and where it ends.
    Each count takes the room its digits need (a 10-unit bold digit is about 6.5 units wide),
    so two-digit counts never run into the tribe's letters (issue 25 §1)."""
    out = []
    for tribe, c in sorted(t.b["barbarians"].get(rid, {}).items()):
        letter = D.tribes()[tribe]["name"][:2]
        for n, cls in ((c["active"], "toc-barb on"), (c["inactive"], "toc-barb")):
            if not n:
                continue
            out.append(html('<polygon class="{cls}" points="{x:.1f},{top:.1f} {r:.1f},{bot:.1f} {l:.1f},{bot:.1f}"/>'
                            '<text class="toc-n" x="{nx:.1f}" y="{ny:.1f}">{n}</text>',
                            cls=cls, x=x, top=y - 6, r=x + 7, bot=y + 6, l=x - 7, nx=x + 9, ny=y + 4, n=n))
            x += 9 + 6.5 * len(str(n)) + 11
        out.append(html('<text class="toc-tribe" x="{:.1f}" y="{:.1f}">{}</text>', x - 8, y + 4, letter))
        x += 14
    return join(out), x


def _figures_svg(t: _T, rid: str, x: float, y: float) -> Markup:
    """Rival Emperors (a gold star) and barbarian leaders (a diamond) in ``rid``."""
    out = []
    for rv, where in sorted(t.b["rival_emperors"].items()):
        if where == rid:
            out.append(html('<g class="toc-rival"><title>Rival Emperor {}</title>'
                            '<polygon points="{}"/></g>', D.rival_emperors()[rv]["name"], _star(x, y, 7)))
            x += 17
    for ld, where in sorted(t.b["leaders"].items()):
        if where == rid:
            out.append(html('<g class="toc-leader"><title>{name}</title>'
                            '<polygon points="{x:.1f},{top:.1f} {r:.1f},{y:.1f} {x:.1f},{bot:.1f} {l:.1f},{y:.1f}"/></g>',
                            name=D.leaders()[ld]["name"], x=x, y=y, top=y - 7, bot=y + 7, r=x + 6, l=x - 6))
            x += 15
    return join(out)


def _star(x: float, y: float, r: float) -> str:
    pts = []
    for i in range(10):
        rr = r if i % 2 == 0 else r * 0.45
        a = math.radians(-90 + 36 * i)
        pts.append(f"{x + rr * math.cos(a):.1f},{y + rr * math.sin(a):.1f}")
    return " ".join(pts)


# ---- the whole map on a small screen: one glyph row per region (issue 25 §1) -------------------------
# At the whole-map scale of a phone (about 0.36 CSS px per map unit) a label must be 31 units tall
# to be 11 px (toc.css: names at 32, glyphs' numbers at 31). The far layer draws each region's short
# name and, in a row below it, the glyphs that fit: support, armies (their legions), barbarians,
# then Rival Emperors or leaders, improvements, mobs.
# The near layer (the pieces one by one) shows once the map is zoomed in (pwa/panzoom-frames.js sets
# ``pz-near`` on the frame from the map's scale on screen); toc.css shows one layer or the other.
FAR_W, FAR_H = 26, 34  # one glyph's box (map units)
#: CSS px per map unit from which the near layer shows: its smallest label (8.5 units, toc.css) is then
#: 11 CSS px or more, so zooming in never shrinks text below the far layer's (issue 48 §2).
NEAR_AT = 1.3
FAR_DIGIT = 19  # map units a bold digit takes at the glyphs' 31-unit font


def _short(r: dict[str, Any]) -> str:
    """The region's short name (the map data's, ours: designed)."""
    return str(D.raw()["map"]["layout"]["short"].get(r["id"], r["name"][:4]))


def _far_glyphs(t: _T, rid: str, support: int | None) -> list[tuple[str, str, str]]:
    """The region's glyphs, most telling first: (class, colour or "", text) each; ``support``:
    a province's support (None for a sea or a homeland)."""
    out: list[tuple[str, str, str]] = []
    if support is not None:
        out.append(("sup", "", str(support)))
    armies = [a for a in t.b["armies"] if a["region"] == rid]
    if armies:
        out.append(("army", t.color(armies[0]["owner"]), str(sum(a["full"] + a["reduced"] for a in armies))))
    barbs = t.b["barbarians"].get(rid, {}).values()
    active, idle = sum(c["active"] for c in barbs), sum(c["inactive"] for c in barbs)
    if active or idle:
        out.append(("barb on" if active else "barb", "", str(active + idle)))
    figures = sum(w == rid for w in t.b["rival_emperors"].values()) + sum(w == rid for w in t.b["leaders"].values())
    if figures:
        out.append(("fig", "", "★" if figures == 1 else str(figures)))
    p = t.b["provinces"].get(rid)
    if p is not None:
        if p["improvements"]:
            out.append(("imp", "", str(len(p["improvements"]))))
        if p["mobs"]:
            out.append(("mob", "", str(p["mobs"])))
    return out


def _far_width(text: str) -> float:
    """A glyph's width for its text: 26 units for one character, 19 more for each other."""
    return FAR_W + FAR_DIGIT * (len(text) - 1)


def _far_fit(glyphs: list[tuple[str, str, str]], room: float) -> list[tuple[str, str, str]]:
    """The first glyphs that fit side by side (2 units apart) in ``room`` units."""
    out, used = [], -2.0
    for g in glyphs:
        used += _far_width(g[2]) + 2
        if used > room:
            break
        out.append(g)
    return out


def _far_row(glyphs: list[tuple[str, str, str]], x: float, y: float) -> Markup:
    """Glyphs left to right from (x, y), the top of the row."""
    out = []
    for cls, col, text in glyphs:
        w = _far_width(text)
        fill = html(' fill="{}"', col) if col else Markup()
        out.append(html('<g class="toc-fg {}"><rect x="{:.1f}" y="{:.1f}" width="{}" height="{}" rx="5"{}/>'
                        '<text x="{:.1f}" y="{:.1f}">{}</text></g>',
                        cls, x, y, w, FAR_H, fill, x + w / 2, y + FAR_H - 6, text))
        x += w + 2
    return join(out)


def _far_province(t: _T, rid: str, r: dict[str, Any]) -> Markup:
    """A province on the whole map: its tile in the governor's colour, its short name, and a row
    of glyphs (its support first)."""
    p = t.b["provinces"][rid]
    x, y = r["xy"]
    x0, y0 = x - TILE_W / 2, y - TILE_H / 2
    gov = p["governor"]
    cls = "toc-ftile" + (" gov" if gov is not None else "") + (" italia" if rid == t.b["map"]["emperor_province"] else "")
    fill = html(' fill="{}"', t.color(gov)) if gov is not None else Markup()
    glyphs = _far_fit(_far_glyphs(t, rid, p["support"]), TILE_W - 2)
    return html('<g class="toc-far"><rect class="{}" x="{:.1f}" y="{:.1f}" width="{}" height="{}" rx="9"{}/>'
                '<text class="toc-fname{}" x="{:.1f}" y="{:.1f}">{}</text>{}</g>',
                cls, x0, y0, TILE_W, TILE_H, fill, " on" if gov is not None else "", x0 + 5, y0 + 29,
                _short(r), _far_row(glyphs, x0 + 1, y0 + 40))


def _far_other(t: _T, rid: str, r: dict[str, Any]) -> Markup:
    """A sea or a homeland on the whole map: its short name and, centred below it, its armies,
    barbarians and figures (as many glyphs as fit in 112 units)."""
    x, y = r["xy"]
    glyphs = _far_fit(_far_glyphs(t, rid, None), TILE_W)
    width = sum(_far_width(g[2]) + 2 for g in glyphs) - 2
    row = _far_row(glyphs, x - width / 2, y + 2) if glyphs else Markup()
    return html('<g class="toc-far"><text class="toc-fname mid {}" x="{}" y="{}">{}</text>{}</g>',
                r["type"], x, y - 8 if glyphs else y + 11, _short(r), row)


def _province_svg(t: _T, rid: str, r: dict[str, Any]) -> Markup:
    p = t.b["provinces"][rid]
    x, y = r["xy"]
    x0, y0 = x - TILE_W / 2, y - TILE_H / 2
    gov = p["governor"]
    col = t.color(gov) if gov is not None else "#ffffff"
    cls = "toc-prov" + (" gov" if gov is not None else "") + (" italia" if rid == t.b["map"]["emperor_province"] else "")
    parts = [html('<rect class="{}" x="{:.1f}" y="{:.1f}" width="{}" height="{}" rx="9" '
                  'data-css="--gc:{}"/>', cls, x0, y0, TILE_W, TILE_H, col)]
    if gov is not None:
        parts.append(html('<rect class="toc-govband" x="{:.1f}" y="{:.1f}" width="{}" height="17" rx="9" fill="{}"/>',
                          x0, y0, TILE_W, col))
    parts.append(html('<text class="toc-name{}" x="{:.1f}" y="{:.1f}">{}</text>',
                      " on" if gov is not None else "", x0 + 6, y0 + 12.5, r["name"]))
    right = x0 + TILE_W - 8
    tags = []
    if p["militia"]:
        tags.append(("toc-mil", "M"))
    if p["quaestor"]:
        tags.append(("toc-q", "Q"))
    for imp in p["improvements"]:
        tags.append(("toc-imp", IMP_GLYPH.get(imp, imp[:1].upper())))
    parts.append(_pips(x0 + 9, y0 + 26, p["support"], p["support_max"], right - 12 - 14 * max(len(tags) - 1, 0)
                       if tags else right + 4))
    for i, (c, g) in enumerate(reversed(tags)):
        cx = right - 6 - i * 14
        parts.append(html('<rect class="{c}" x="{rx:.1f}" y="{ry:.1f}" width="12" height="12" rx="2"/>'
                          '<text class="toc-tagt" x="{cx:.1f}" y="{ty:.1f}">{g}</text>',
                          c=c, rx=cx - 6, ry=y0 + 20, cx=cx, ty=y0 + 29.5, g=g))
    row = y0 + 44
    if p["mobs"]:
        parts.append(html('<g class="toc-mob"><circle cx="{x:.1f}" cy="{row:.1f}" r="6"/>'
                          '<text x="{x:.1f}" y="{ty:.1f}">{n}</text></g>',
                          x=x0 + 12, row=row, ty=row + 3.5, n=p["mobs"]))
    if p["marker"]:
        mk = "SoP" if p["marker"] == "sop" else "Brk"
        parts.append(html('<rect class="toc-mark {}" x="{:.1f}" y="{:.1f}" width="24" height="13" rx="3"/>'
                          '<text class="toc-markt" x="{:.1f}" y="{:.1f}">{}</text>',
                          p["marker"], x0 + TILE_W - 30, row - 7, x0 + TILE_W - 18, row + 3, mk))
    parts.append(_figures_svg(t, rid, x0 + (28 if p["mobs"] else 12), row))
    body: list[Markup] = []
    ax = x0 + 12
    for a in (a for a in t.b["armies"] if a["region"] == rid):
        body.append(_army_svg(t, a, ax, y0 + 62))
        ax += 24 + 11 * (a["full"] + a["reduced"]) + (8 * (a["castra"] + len(a["foederati"])))
    bsvg, end = _barbs_svg(t, rid, ax + 4, y0 + 62)
    body.append(bsvg)
    # a crowded province: the row of armies and barbarians shrinks to fit the tile
    room = TILE_W - 10
    used = end - 8 - (x0 + 5)
    if used > room:
        k = room / used
        ox, oy = x0 + 5, y0 + 62
        parts.append(html('<g transform="translate({ox:.1f} {oy:.1f}) scale({k:.3f}) translate({mx:.1f} {my:.1f})">'
                          '{body}</g>', ox=ox, oy=oy, k=k, mx=-ox, my=-oy, body=join(body)))
    else:
        parts.extend(body)
    return join(parts)


def _other_shape(r: dict[str, Any]) -> Markup:
    """A sea's ellipse or a homeland's rounded box (drawn at every zoom)."""
    x, y = r["xy"]
    if r["type"] == "sea":
        return html('<ellipse class="toc-sea" cx="{}" cy="{}" rx="64" ry="40"/>', x, y)
    return html('<rect class="toc-home" x="{}" y="{}" width="108" height="64" rx="18"/>', x - 54, y - 32)


def _other_svg(t: _T, rid: str, r: dict[str, Any]) -> Markup:
    """A sea or a homeland up close: its name, armies, barbarians and figures."""
    x, y = r["xy"]
    if r["type"] == "sea":
        parts = [html('<text class="toc-sname" x="{}" y="{}">{}</text>', x, y - 18, r["name"])]
    else:
        parts = [html('<text class="toc-hname" x="{}" y="{}">{}</text>', x, y - 16, r["name"].replace(" homeland", ""))]
    ay = y + 6
    ax = x - 40
    for a in (a for a in t.b["armies"] if a["region"] == rid):
        parts.append(_army_svg(t, a, ax, ay))
        ax += 24 + 11 * (a["full"] + a["reduced"])
    bsvg, _ = _barbs_svg(t, rid, ax + 4, ay)
    parts.append(bsvg)
    parts.append(_figures_svg(t, rid, ax, ay + 16))
    return join(parts)


#: The map's regions as last drawn (tb_ui.regions.RegionMemo): a move redraws only those it changed.
_MAP_REGIONS = RegionMemo()


def _region_inputs(t: _T, r: dict[str, Any], acts: list[dict[str, Any]]) -> str:
    """Everything :func:`_region` draws region ``r`` from, as one text: the region, the board's
    pieces in it, whether the map is focused on it, and its options (with which is hinted)."""
    rid, b = r["id"], t.b
    return repr((r, t.focus == rid, b["provinces"].get(rid), b["map"]["emperor_province"] == rid,
                 [a for a in b["armies"] if a["region"] == rid], b["barbarians"].get(rid),
                 sorted(k for k, w in b["rival_emperors"].items() if w == rid),
                 sorted(k for k, w in b["leaders"].items() if w == rid),
                 [(a, t.ctx.hinted(a)) for a in acts]))


def _region(t: _T, r: dict[str, Any], acts: list[dict[str, Any]]) -> Markup:
    """One region of the map (a region of the page too, ``toc-r-<id>``): its shape and pieces near
    and far, ringed and tappable when it holds options."""
    rid = r["id"]
    if r["type"] == "province":
        inner = html('<g class="toc-near">{}</g>{}', _province_svg(t, rid, r), _far_province(t, rid, r))
    else:
        inner = html('{}<g class="toc-near">{}</g>{}', _other_shape(r), _other_svg(t, rid, r), _far_other(t, rid, r))
    cls = f"toc-region toc-{r['type']}" + (" toc-pick" if acts else "") + (" toc-sel" if t.focus == rid else "")
    # the option targets drawn in this region (tb-page.mjs brings a decision's targets into view)
    tgt = " ".join(sorted({str(a["target"]) for a in acts})) or None
    patch = f"toc-r-{rid}"
    if len(acts) == 1 and acts[0].get("target", "").split(":")[0] in ("province", "region", "capital"):
        a = acts[0]
        g = (attrs(id=f"patch-{patch}", data_patch=patch, class_=cls + " toc-hot", data_region=rid, data_tgt=tgt)
             + t.ctx.action_attrs(a, board=True))
    else:
        g = attrs(id=f"patch-{patch}", data_patch=patch, class_=cls, data_region=rid, data_act="table-ui",
                  data_k="focus", data_tgt=tgt)
        if any(t.ctx.hinted(a) for a in acts):  # the hinted option's target (issue 24 §5)
            g = html('{} data-hint="1"', g)
    ring = Markup()
    if acts:
        x, y = r["xy"]
        if r["type"] == "province":
            ring = html('<rect class="toc-ring" x="{:.1f}" y="{:.1f}" '
                        'width="{}" height="{}" rx="12"/>',
                        x - TILE_W / 2 - 5, y - TILE_H / 2 - 5, TILE_W + 10, TILE_H + 10)
        else:
            ring = html('<ellipse class="toc-ring" cx="{}" cy="{}" rx="70" ry="44"/>', x, y)
    return html("<g{}>{}{}</g>", g, ring, inner)


def _map(t: _T) -> Markup:
    box = _focus_box(t)
    # every region of the map, and the links between them, is a region of the page too
    # (tb_ui.regions): a move that changes one province sends that province, not the map
    parts = [html('<g id="patch-toc-links" data-patch="toc-links">{}</g>', _links(t))]
    order = sorted(t.regions.values(), key=lambda r: {"sea": 0, "homeland": 1}.get(r["type"], 2))
    for r in order:
        rid = r["id"]
        acts = t.by_region.get(rid, [])
        parts.append(_MAP_REGIONS.draw(rid, _region_inputs(t, r, acts), _region, t, r, acts))
    vb = " ".join(f"{v:.1f}" for v in box)
    desc = _map_description(t)
    home = not t.focus and box != BOX
    key = f"toc-map:{t.focus or ('home:' + ','.join(f'{v:.0f}' for v in box) if home else 'all')}"
    svg = html('<svg class="toc-map{}" viewBox="{}" role="img" aria-label="{}" '
               'preserveAspectRatio="xMidYMid meet">{}</svg>', " focused" if t.focus or home else "", vb, desc,
               join(parts))
    return (html('<div class="toc-map-wrap" id="patch-toc-map" data-patch="toc-map" data-panzoom="{}" data-near-at="{}">'
                 '<div class="pz-inner">{}</div></div>',
                 key, NEAR_AT, svg)
            + _map_bar(t) + _legend())


def _map_description(t: _T) -> str:
    govs = []
    for rid, p in t.b["provinces"].items():
        if p["governor"] is not None:
            govs.append(f"{t.regions[rid]['name']}: {t.gov_name(p['governor'])}")
    focus = f"Focused on {t.regions[t.focus]['name']}. " if t.focus else ""
    return f"Map of the empire. {focus}Governors: {'; '.join(govs) or 'none'}."


def _map_bar(t: _T) -> Markup:
    whole = not t.focus and _home_box(t) is None
    btns = [button("Whole map", "table-ui", "btn small" + (" on" if whole else ""), data_k="focus",
                   data_region="", aria_pressed="true" if whole else "false")]
    if t.me is not None and any(p["governor"] == t.me for p in t.b["provinces"].values()):
        home = not t.focus and not whole
        btns.append(button("Your provinces", "table-ui", "btn small" + (" on" if home else ""), data_k="focus",
                           data_region="home", aria_pressed="true" if home else "false"))
    picks = [rid for rid in t.regions if rid in t.by_region]
    hint = ("Highlighted regions are your options: tap one." if picks else
            "Tap a region to zoom on it; pinch or drag to look around.")
    return html('<div class="toc-mapbar" role="group" aria-label="Map view">{}'
                '<span class="toc-hint">{}</span></div>', join(btns), hint)


def _legend() -> Markup:
    return Markup('<details class="toc-legend"><summary>Map key</summary><ul>'
                  '<li>The whole map on a small screen shows each region by a short name on its '
                  'governor’s colour and a row of counts: green, support; in a player’s colour, '
                  'the legions of the armies there; brown, barbarians (white when none is active); '
                  'gold star, a Rival Emperor or leader; yellow, improvements; red, mobs. '
                  'Zoom in, or tap a region, for every piece:</li>'
                  '<li>Province bar: its governor’s colour (grey: Neutral); dots: support out of the maximum</li>'
                  '<li><b>M</b> Militia · <b>Q</b> Quaestor · <b>A</b> Amphitheater · <b>B</b> Basilica · <b>L</b> Limes · red disc: mobs</li>'
                  '<li>SoP Seat of Power · Brk Breakaway province</li>'
                  '<li>Disc: a general; squares: legions (half-filled: reduced); a ring: in the capital; '
                  'C Castra; F a barbarian serving as foederati</li>'
                  '<li>Triangles: barbarians (solid active, hollow inactive) with their tribe</li>'
                  '<li>Gold star: a Rival Emperor · diamond: a barbarian leader</li>'
                  '<li>Positions are a schematic drawing made for this app, not the printed map.</li></ul></details>')


def _region_panel(t: _T) -> Markup:
    """The focused region in words: everything on it, and its options as buttons."""
    if not t.focus:
        return Markup()
    rid = t.focus
    r = t.regions[rid]
    items: list[Markup | str] = []  # plain text is escaped when the list is joined
    if r["type"] == "province":
        p = t.b["provinces"][rid]
        g = p["governor"]
        gov = t.chip(g) if g is not None and g >= 0 else t.gov_name(g)
        items.append(html("Governor: {}; support {} of {}", gov, p["support"], p["support_max"]))
        if p["mobs"]:
            items.append(plural(p["mobs"], "mob"))
        if p["improvements"]:
            items.append("Improvements: " + ", ".join(D.improvements()[i] for i in p["improvements"]))
        if p["militia"]:
            items.append("Militia in the capital")
        if p["quaestor"]:
            items.append("Quaestor")
        if p["marker"]:
            items.append(MARKER[p["marker"]])
        if p["no_place_governor"]:
            items.append("No Place Governor here this turn")
    elif r["type"] == "homeland":
        items.append(f"Homeland of the {D.tribes()[r['tribe']]['name']}")
    else:
        items.append("Sea zone")
    for a in t.b["armies"]:
        if a["region"] == rid:
            bits = [plural(a["full"], "full legion"), plural(a["reduced"], "reduced legion")]
            if a["foederati"]:
                bits.append(f"foederati: {', '.join(D.tribes()[x]['name'] for x in a['foederati'])}")
            if a["castra"]:
                bits.append("Castra")
            if a["capital"]:
                bits.append("in the capital")
            items.append(html("{}’s army {}: {}", t.chip(a["owner"]), a["id"], ", ".join(bits)))
    for tribe, c in t.b["barbarians"].get(rid, {}).items():
        items.append(f"{D.tribes()[tribe]['name']}: {c['active']} active, {c['inactive']} inactive")
    for rv, where in t.b["rival_emperors"].items():
        if where == rid:
            items.append(f"Rival Emperor {D.rival_emperors()[rv]['name']}")
    for ld, where in t.b["leaders"].items():
        if where == rid:
            items.append(f"Leader {D.leaders()[ld]['name']}")
    acts = t.by_region.get(rid, [])
    opts = join(html("<li>{}</li>", _act_button(t, a)) for a in acts)
    opts_html = (html('<h3>Your options here</h3><ul class="action-list toc-opts">{}</ul>', opts) if opts else Markup())
    lis = join(html("<li>{}</li>", x) for x in items)
    return html('<section class="toc-region-panel panel" aria-label="{name}"><h2>{name}</h2>'
                '<ul class="toc-facts">{lis}</ul>{opts}</section>', name=r["name"], lis=lis, opts=opts_html)


# ---- banner, phases, decisions --------------------------------------------------------------------
def _banner(t: _T) -> Markup:
    if t.over:
        return Markup()
    ctx = t.ctx
    seat = int(t.b["turn"]["seat"])
    col = t.color(seat)
    if t.b["turn"]["phase"] == "setup":  # no one's turn yet: each player chooses (ToC §3)
        return _setup_banner(t)
    if ctx.acting is not None:
        text = (f"Your turn, {t.names[ctx.acting]}" if ctx.acting == seat
                else f"{t.names[ctx.acting]}, your decision (during {t.names[seat]}’s turn)")
        return html('<div class="bx-banner mine" role="status" data-css="--pc:{}">'
                    '<span class="bx-chip" aria-hidden="true"></span><strong>{}</strong></div>',
                    t.color(ctx.acting), text)
    who = seat_name(t.names[seat], bot=ctx.kinds[seat] == "bot")
    return html('<div class="bx-banner" role="status" data-css="--pc:{}"><span class="bx-chip" aria-hidden="true"></span>'
                '{} to play · round {}</div>', col, who, t.b["turn"]["round"])


def _setup_banner(t: _T) -> Markup:
    """During the setup, whoever is choosing (ToC §3: first a starting province each, then a
    first hand each): the human holding the device, else the seats the game waits for, bots
    named as bots."""
    ctx = t.ctx

    def what(s: int, you: bool) -> str:
        if t.players[s]["provinces"]:
            return "your first hand" if you else "a first hand"
        return "where to start"

    if ctx.acting is not None:
        return html('<div class="bx-banner mine" role="status" data-css="--pc:{}">'
                    '<span class="bx-chip" aria-hidden="true"></span><strong>Your choice, {}: {}</strong></div>',
                    t.color(ctx.acting), t.names[ctx.acting], what(ctx.acting, True))
    deciding = [int(s) for s in t.v["to_act"]]
    if not deciding:
        return Markup()
    who = [seat_name(t.names[s], bot=ctx.kinds[s] == "bot") for s in deciding]
    names = who[0] if len(who) == 1 else ", ".join(who[:-1]) + " and " + who[-1]
    return html('<div class="bx-banner" role="status" data-css="--pc:{}"><span class="bx-chip" aria-hidden="true">'
                '</span>{} {} choosing {}</div>', t.color(deciding[0]), names,
                "is" if len(who) == 1 else "are", what(deciding[0], False))


def _phase_bar(t: _T) -> Markup:
    ph = t.b["turn"]["phase"]
    cur = {"refill": "end"}.get(ph, ph)
    if ph == "setup":
        return Markup('<nav class="toc-phases" aria-label="Phase"><p class="toc-phase-note">Setting up: each player '
                      'chooses a starting province and a first hand (ToC §3).</p></nav>')
    if ph == "over":
        return Markup()
    keys = [k for k, _, _ in PHASES]
    idx = keys.index(cur) if cur in keys else -1
    items = []
    for i, (_k, name, sec) in enumerate(PHASES):
        state = "now" if i == idx else "done" if i < idx else "next"
        cur_attr = Markup(' aria-current="step"') if i == idx else Markup()
        items.append(html('<li class="toc-ph {}"{}><span class="toc-ph-n">{}</span>'
                          '<span class="toc-ph-name">{}</span><span class="visually-hidden"> (ToC {})</span></li>',
                          state, cur_attr, i + 1, name, sec))
    must = {"crisis": "Crisis: the crisis roll is resolved.",
            "actions": "Play cards for points, then spend them on actions; end your actions when done.",
            "buy": "Buy cards with your political points, trash a card, or finish.",
            "end": "End of turn: mobs grow, refill your hand from your available pile."}.get(cur, "")
    note = html("<p class=toc-phase-note>{}</p>", must) if must else Markup()
    return html('<nav class="toc-phases" aria-label="Phase of the turn"><ol>{}</ol>{}</nav>', join(items), note)


def _act_button(t: _T, a: dict[str, Any], cls: str = "btn bx-opt") -> Markup:
    label = t.label(a)
    return html('<button type="button" class="{cls}"{attrs} aria-label="{name}">{label}{odds}</button>',
                cls=cls + (" has-odds" if a.get("odds") else ""), attrs=t.ctx.action_attrs(a),
                name=odds_label(a, label), label=label, odds=odds_line(a))


GROUPS = {
    "play": "Play a card", "end": "", "done": "",
    "recruit_general": "Military", "create_army": "Military", "add_legion": "Military", "train": "Military",
    "move": "Move an army", "enter_capital": "Military", "leave_capital": "Military", "battle": "Battle",
    "disperse": "Military",
    "place_governor": "Senate", "recruit_governor": "Senate", "recall": "Senate",
    "support": "Populace", "militia": "Populace", "games": "Populace", "build": "Populace",
    "castra": "Card events", "praetorian": "Card events", "tribute": "Card events", "foederati": "Card events",
    "quaestor": "Card events", "mob": "Card events", "pretender": "Card events",
    "buy": "Buy a card", "trash": "Trash a card", "discard": "Discard from your hand",
    "take": "Take a card into your hand", "start": "Starting province", "hand": "Your first hand",
}
QUIET = {"end", "done"}


def _decide(app: TableApp, t: _T) -> Markup:
    ctx, v = t.ctx, t.v
    if t.over:
        return Markup()
    if ctx.acting is None:
        return waiting_html(app, ctx)
    groups: dict[str, list[Markup]] = {}
    for a in ctx.actions:
        verb = a["action"][0]
        cls = "btn bx-opt" + (" primary" if verb in QUIET else "")
        groups.setdefault(GROUPS.get(verb, ""), []).append(html("<li>{}</li>", _act_button(t, a, cls)))
    blocks = Markup()
    last = groups.pop("", [])
    for g, items in groups.items():
        ul = html('<ul class="action-list bx-opts">{}</ul>', join(items))
        if len(items) > 6 and len(groups) > 1:
            blocks += html('<details class="toc-group"><summary>{} ({})</summary>{}</details>', g, len(items), ul)
        else:
            blocks += html("<h3>{}</h3>{}", g, ul) if g else ul
    if last:
        blocks += html('<ul class="action-list bx-opts">{}</ul>', join(last))
    return html('<section class="bx-decide panel toc-decide" aria-label="Your decision">'
                '<h2 class="visually-hidden">Your decision</h2><p class="prompt yours" aria-live="polite">{}</p>{}{}{}'
                '</section>', v["prompt"], _battle(t), blocks, odds_details(ctx.actions))


# ---- dice ---------------------------------------------------------------------------------------
def _die(v: int, cls: str = "") -> Markup:
    return html('<span class="bx-die{}">{}</span>', " " + cls if cls else "", v)


def _battle(t: _T) -> Markup:
    bt = t.b["battle"]
    if not bt:
        return Markup()
    return _battle_lines(t, bt, "Battle")


def _battle_lines(t: _T, bt: dict[str, Any], head: str) -> Markup:
    labels = bt.get("labels") or ["attacker", "defender"]
    where = t.regions.get(bt.get("at") or "", {}).get("name", "")
    rows = []
    for side, faces, hits in ((0, bt.get("fa"), bt.get("ha")), (1, bt.get("fd"), bt.get("hd"))):
        dice = join(_die(int(x)) for x in faces or []) or "—"
        h = f"{hits} {'hit' if hits == 1 else 'hits'}" if hits is not None else ""
        rows.append(html('<li><span class="bx-roll-what">{}</span>'
                         '<span class="bx-faces">{}</span><span class="bx-roll-res">{}</span></li>',
                         labels[side] or ("Attacker" if side == 0 else "Defender"), dice, h))
    win = bt.get("win")
    res = Markup()
    if win:
        res = html('<p class="toc-res">{} wins.</p>',
                   "The attacker" if win == "a" else "The defender" if win == "d" else "Nobody")
    flank = " · Flanking Maneuver" if bt.get("flank") else ""
    return html('<div class="toc-battle"><h3>{} in {}{}</h3>'
                '<ul class="bx-rolls">{}</ul>{}</div>', head, where, flank, join(rows), res)


def _dice(t: _T) -> Markup:
    b = t.b
    blocks = []
    cr = b["crisis"]
    if cr:
        who = t.names[cr["seat"]] if isinstance(cr.get("seat"), int) else ""
        inv = cr.get("invasion")
        text = f"{who}: {cr['white']} + {cr['black']} = {cr['white'] + cr['black']}: {_result_name(str(cr['result']))}"
        more = Markup()
        if inv:
            path = " → ".join(t.regions[x]["name"] for x in inv.get("path") or [] if x in t.regions)
            placed = "; ".join(f"{t.regions[p[0]]['name']} {p[1] + p[2] + len(p[3])}" + (" (inactive: Limes)" if p[2] else "")
                               for p in inv.get("placed") or [] if p[0] in t.regions)
            n_inv = int(inv.get("invaders") or 0)
            more = html('<p class="bx-note">The {}: {} turned active; '
                        'second roll white {} (the path: {}), black {} '
                        'against {} active at home: '
                        '{}.</p>',
                        D.tribes()[inv["tribe"]]["name"], inv.get("flipped", 0), inv.get("white"), path or "none",
                        inv.get("black"), inv.get("strength"),
                        plural(n_inv, "invader") + " placed in " + placed if n_inv and placed else "no invasion")
        blocks.append(html('<h3>Crisis roll</h3><p class="toc-dice"><span class="bx-die white">{}</span>'
                           '<span class="bx-die black">{}</span> <span>{}</span></p>{}',
                           cr["white"], cr["black"], text, more))
    pg = b["last_place_governor"]
    if pg:
        faces = join(_die(int(x), "hit six" if int(x) == 6 else "") for x in pg["faces"])
        name = t.regions[pg["prov"]]["name"]
        ok = "succeeds" if pg["ok"] else "fails"
        blocks.append(html('<h3>Place Governor</h3><p class="toc-dice">{}</p>'
                           '<p class="bx-note">{} in {}: {} '
                           '{} of {} needed, {}. '
                           'Each 6 adds a die.</p>',
                           faces, t.names[pg["seat"]], name, pg["votes"],
                           "vote" if pg["votes"] == 1 else "votes", pg["need"], ok))
    lb = b["last_battle"]
    if lb and not b["battle"]:
        blocks.append(_battle_lines(t, lb, "Last battle"))
    if not blocks:
        return Markup()
    return html('<section class="toc-dice-panel panel" aria-label="Dice"><h2>Dice</h2>{}</section>', join(blocks))


# ---- the player's board -----------------------------------------------------------------------------
def _card(cid: str, extra: Markup | str = "", cls: str = "") -> Markup:
    c = D.card(cid)
    col = SUIT_COLOR[c["suit"]]
    mark = (Markup() if c.get("status", "confirmed") == "confirmed"
            else Markup(' <abbr class="bx-dz" title="Card text not fully confirmed">◇</abbr>'))
    text = html('<span class="toc-ctext">{}</span>', c["text"]) if c.get("text") else Markup()
    return html('<li class="toc-card {}" data-css="--sc:{}"><span class="toc-cval">{}</span>'
                '<span class="toc-cname">{}{}</span>{}{}</li>', cls, col, c["value"], c["name"], mark, text, extra)


def _pile(title: str, ids: list[str]) -> Markup:
    if not ids:
        return html('<p class="bx-note">{}: empty</p>', title)
    counts: dict[str, int] = {}
    for c in ids:
        counts[c] = counts.get(c, 0) + 1
    order = D.card_order()
    items = join(_card(c, html('<span class="count">×{}</span>', k) if k > 1 else Markup())
                 for c, k in sorted(counts.items(), key=lambda x: order[x[0]]))
    return html('<details class="toc-pile"><summary>{} ({})</summary>'
                '<ul class="toc-cards">{}</ul></details>', title, len(ids), items)


def _hand(t: _T) -> Markup:
    if t.me is None:
        return Markup()
    me = t.players[t.me]
    tp = t.b["turn"]
    mine = tp["seat"] == t.me
    order = D.card_order()
    hand = join(_card(c) for c in sorted(me["hand"] or [], key=lambda c: order[c])) or Markup("<li>empty</li>")
    pts = Markup()
    played = Markup()
    if mine:
        pts = join(html('<span class="toc-pts" data-css="--sc:{}">{} <b>{}</b></span>',
                        SUIT_COLOR[s], SUIT[s], tp["points"].get(s, 0))
                   for s in SUIT)
        pts = html('<p class="toc-ptsrow" aria-label="Points to spend this turn">{}</p>', pts)
        if tp["played"]:
            played = html('<h3>Played this turn</h3><ul class="toc-cards">{}</ul>',
                          join(_card(p["card"], Markup(' <span class="count">event used</span>') if p["event_used"]
                                     else Markup(), "played")
                               for p in tp["played"]))
    return html('<section class="toc-hand panel" aria-label="Your hand"><h2>Your hand <span class="count">'
                '{}</span></h2>{}<ul class="toc-cards">{}</ul>{}'
                '{}{}</section>', plural(me["political_points"], "political point"), pts, hand, played,
                _pile("Available pile", me["available"] or []), _pile("Discard pile", me["discard"]))


def _market(t: _T) -> Markup:
    b = t.b
    price = b.get("market") or {}
    buy = {a["action"][1]: a for a in t.ctx.actions if a["action"][0] == "buy"}
    gov = len(t.players[t.me]["provinces"]) if t.me is not None else None
    items = []
    for cid in D.supply_cards():
        left = b["supply"].get(cid, 0)
        cost = html('<span class="toc-price">{}</span>', price[cid]) if cid in price else Markup()
        extra = html('{}<span class="count">{} left</span>', cost, left)
        if cid in buy:
            extra += _act_button(t, buy[cid], "btn small primary toc-buy")
        items.append(_card(cid, extra, "" if left else "gone"))
    note = Markup()
    if gov is not None:
        note = html('<p class="bx-note">Price now for you: the card’s value, doubled when it is above the '
                    '{} {} you govern, +1 for each card already bought '
                    'this turn (ToC §5.3).</p>', gov, "province" if gov == 1 else "provinces")
    trash = ", ".join(D.card_name(c) for c in b["trash"]) or "none"
    open_ = Markup(" open") if buy or t.app.table_ui.get("market") else Markup()
    return html('<section class="toc-market panel" id="patch-toc-market" data-patch="toc-market" aria-label="Market">'
                '<details class="toc-pile"{}>'
                '<summary>Market: the cards to buy, with your price now</summary>{}'
                '<ul class="toc-cards">{}</ul><p class="bx-note">Trashed: {}</p></details></section>',
                open_, note, join(items), trash)


def _track(kind: str, p: dict[str, Any], suit: str) -> Markup:
    d = p[kind]
    cells = []
    for i, (cost, got) in enumerate(zip(d["costs"], d["bought"], strict=False)):
        c = "start" if cost is None else str(cost)
        state = "recruited" if got else f"costs {c} {suit}"
        cells.append(html('<li class="toc-slot{}" aria-label="{} {}: '
                          '{}">{}</li>', " got" if got else "", kind[:-1], i + 1, state, c))
    return html('<p class="toc-trk"><span>{}: {} ready, {} placed</span></p>'
                '<ol class="toc-slots">{}</ol>', kind.capitalize(), d["available"], d["on_map"], join(cells))


def _players(t: _T) -> Markup:
    order = [t.bottom] + [p["seat"] for p in t.players if p["seat"] != t.bottom]
    rows = []
    goal = t.b["goal"]
    for s in order:
        p = t.players[s]
        tag = Markup()
        if t.ctx.kinds[s] == "bot":
            tag = html(' <span class="pbot">bot · {}</span>', t.ctx.levels[s] or "")
        elif s == t.me:
            tag = Markup(' <span class="you">you</span>')
        crown = Markup(' <span class="toc-emp">Emperor</span>') if p["emperor"] else Markup()
        pre = Markup(' <span class="toc-pre">Pretender</span>') if p["pretender"] else Markup()
        provs = ", ".join(t.regions[x]["name"] for x in p["provinces"]) or "none"
        pct = min(100, round(100 * p["legacy"] / max(1, goal)))
        prices = Markup('<p class="bx-note">Each governor and general not yet recruited has its own price, '
                        'the number on its slot (Senate for a governor, Military for a general): any one '
                        'you can afford may be recruited next, in any order (ToC §6.3.1, §6.3.2).</p>')
        body = (_track("governors", p, "Senate") + _track("generals", p, "Military")
                + (prices if s == t.bottom else Markup())
                + html('<p class="bx-note">Provinces: {}</p>', provs)
                + html('<p class="bx-note">Cards: {} in hand, {} available, '
                       '{} discarded ({} in all)</p>',
                       p["hand_count"], p["available_count"], len(p["discard"]), p["deck_size"]))
        if p["known"] and s != t.me:
            body += html('<p class="bx-note">Known in hand: {}</p>', ", ".join(D.card_name(c) for c in p["known"]))
        summary = html('<span class="bx-mat-name">{chip}{tag}{crown}{pre}</span>'
                       '<span class="toc-legacy"><span class="toc-lbar" role="img" aria-label="Legacy {legacy} of {goal}">'
                       '<span data-css="width:{pct}%"></span></span>Legacy <b>{legacy}</b> · '
                       'Emperor Turns <b>{turns}</b> · {provinces}</span>',
                       chip=t.chip(s), tag=tag, crown=crown, pre=pre, legacy=p["legacy"], goal=goal, pct=pct,
                       turns=p["emperor_turns"], provinces=plural(len(p["provinces"]), "province"))
        cls = "bx-mat" + (" turn" if s == t.b["turn"]["seat"] and not t.over else "")
        rows.append(html('<li class="{}" data-css="--pc:{}"><details{}>'
                         '<summary>{}</summary><div class="bx-mat-body">{}</div></details></li>',
                         cls, t.color(s), Markup(" open") if s == t.me else Markup(), summary, body))
    return html('<section class="bx-mats toc-players" id="patch-toc-players" data-patch="toc-players" aria-label="Players">'
                '<ul class="bx-matlist">{}</ul>'
                '<p class="bx-note">The last round starts when the Emperor ends a turn with {} legacy or '
                'more.</p></section>', join(rows), goal)


def _empire(t: _T) -> Markup:
    b = t.b
    it = b["provinces"][b["map"]["emperor_province"]]
    emp = next((p["seat"] for p in t.players if p["emperor"]), None)
    who = t.chip(emp) if emp is not None else "nobody"
    ev = b["events"]
    cur = D.events()[ev["drawn"][-1]] if ev["drawn"] else None
    cur_html = (html("<p><b>Current event:</b> {}{} — {}</p>", cur["name"], _unsure(cur), cur.get("text", ""))
                if cur else Markup("<p><b>Current event:</b> none yet</p>"))
    lasting = join(html("<li>{}{}: {}</li>", D.events()[x]["name"], _unsure(D.events()[x]), D.events()[x].get("text", ""))
                   for x in ev["lasting"])
    lasting_html = html("<h3>Lasting events</h3><ul class=toc-facts>{}</ul>", lasting) if lasting else Markup()
    last = b["turn"]["last_round"]
    lim = b["limits"]
    return html('<section class="toc-empire panel" aria-label="The empire"><h2>The empire</h2>'
                '<p><b>Emperor:</b> {} · <b>Italia support:</b> {} of {}</p>'
                '{}'
                '{}'
                '<p class="bx-note">Events left: {} · round {}'
                '{} · legions left {}, militia {}, '
                'mob counters {}</p></section>',
                who, it["support"], it["support_max"], cur_html, lasting_html, ev["deck"], b["turn"]["round"],
                " · last round" if last else "", lim["legions_left"], lim["militia_left"], lim["mob_counters_left"])


def _unsure(entry: dict[str, Any]) -> Markup:
    if entry.get("status", "confirmed") == "confirmed":
        return Markup()
    return Markup(' <abbr class="bx-dz" title="Not fully confirmed: see Rules › What we could not confirm">◇</abbr>')


# ---- the table ------------------------------------------------------------------------------------
def render(app: TableApp, ctx: TableContext) -> Markup:
    t = _T(app, ctx)
    b = t.b
    seat = b["turn"]["seat"]
    info = f"Round {b['turn']['round']} · {t.names[seat]}" if b["turn"]["phase"] != "setup" else "Setting up"
    return html('{top}<main class="table-main bx-main toc-main" id="main">'
                '{alerts}{end}{banner}{phases}'
                '<div class="bx-layout"><div class="bx-col-board">'
                '{map}{region}{dice}'
                '</div><div class="bx-col-side">'
                '{decide}{hand}{market}{players}{empire}{log}'
                '</div></div></main>',
                top=topbar(app, ctx, info), alerts=alerts(app), end=end_panel(app, ctx), banner=_banner(t),
                phases=_phase_bar(t), map=_map(t), region=_region_panel(t), dice=_dice(t),
                decide=_decide(app, t), hand=_hand(t), market=_market(t), players=_players(t), empire=_empire(t),
                log=log_panel(app, ctx))
