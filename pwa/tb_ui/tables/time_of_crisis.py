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

from typing import Any

from ..html import attrs, button, e, plural
from . import Seating, TableContext, alerts, end_panel, log_panel, topbar, waiting_html
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
BOX = (-20.0, -10.0, 1050.0, 650.0)  # the whole map
FOCUS_W = 440.0


def _D() -> Any:
    from py_engine.time_of_crisis import components

    return components


class _T(Seating):
    """The pieces' shared reading of the view: options by map region, focus, names
    and colours."""

    def __init__(self, app: Any, ctx: TableContext) -> None:
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

    def chip(self, seat: int) -> str:
        return (f'<span class="bx-chip" data-css="--pc:{self.color(seat)}" aria-hidden="true"></span>'
                f'{e(self.names[seat])}')

    def gov_name(self, g: int | None) -> str:
        if g is None:
            return "no governor"
        return "Neutral" if g < 0 else self.names[g]


# ---- view state ----------------------------------------------------------------------------------
def on_ui(app: Any, d: dict[str, Any]) -> None:
    """``data-act="table-ui"`` taps: ``k=focus`` (``region``: a region id, or "" for
    the whole map; tapping the focused region again shows the whole map)."""
    ui = app.table_ui
    if d.get("k") == "focus":
        rid = d.get("region") or None
        ids = {r["id"] for r in _D().raw()["map"]["regions"]}
        ui["focus"] = None if rid not in ids or ui.get("focus") == rid and d.get("toggle") else rid


def handoff_note(app: Any) -> str:
    """Public news for the hand-off screen: whose turn, and the last crisis roll."""
    st = app.match.state
    seat = st["active"]
    cr = st.get("crisis")
    extra = ""
    if cr:
        extra = f" Last crisis roll: {cr['white']}+{cr['black']} ({_result_name(str(cr['result']))})."
    return f"{st['seats'][seat]}’s turn.{extra}"


def _result_name(res: str) -> str:
    D = _D()
    if res in D.tribes():
        return f"{D.tribes()[res]['name']} invade"
    return {"ira_deorum": "Ira Deorum", "pax_deorum": "Pax Deorum", "event": "an event"}.get(res, res)


# ---- the map -------------------------------------------------------------------------------------
def _focus_box(t: _T) -> tuple[float, float, float, float]:
    if not t.focus:
        return BOX
    x, y = t.regions[t.focus]["xy"]
    w = FOCUS_W
    h = w * BOX[3] / BOX[2]
    x0 = min(max(x - w / 2, BOX[0]), BOX[0] + BOX[2] - w)
    y0 = min(max(y - h / 2, BOX[1]), BOX[1] + BOX[3] - h)
    return (x0, y0, w, h)


def _links(t: _T) -> str:
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
            out.append(f'<line class="toc-link{" sea" if sea else ""}" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}"/>')
    return "".join(out)


def _pips(x: float, y: float, have: int, top: int) -> str:
    out = []
    for i in range(top):
        cls = "toc-pip on" if i < have else "toc-pip"
        out.append(f'<circle class="{cls}" cx="{x + i * 9:.1f}" cy="{y:.1f}" r="3.4"/>')
    return "".join(out)


def _army_svg(t: _T, a: dict[str, Any], x: float, y: float) -> str:
    """An army: the general's disc in its owner's colour, then a square per full
    legion and a half-filled one per reduced legion; C for Castra, F for foederati."""
    col = t.color(a["owner"])
    parts = [f'<circle class="toc-gen" cx="{x:.1f}" cy="{y:.1f}" r="6.5" fill="{col}"/>']
    if a["capital"]:
        parts.append(f'<circle class="toc-incap" cx="{x:.1f}" cy="{y:.1f}" r="9"/>')
    cx = x + 10
    for _ in range(a["full"]):
        parts.append(f'<rect class="toc-leg" x="{cx:.1f}" y="{y - 5:.1f}" width="9" height="10" fill="{col}"/>')
        cx += 11
    for _ in range(a["reduced"]):
        parts.append(f'<rect class="toc-leg red" x="{cx:.1f}" y="{y - 5:.1f}" width="9" height="10" stroke="{col}"/>'
                     f'<rect x="{cx:.1f}" y="{y:.1f}" width="9" height="5" fill="{col}"/>')
        cx += 11
    tags = ("C" if a["castra"] else "") + ("F" * len(a["foederati"]))
    if tags:
        parts.append(f'<text class="toc-tag" x="{cx + 1:.1f}" y="{y + 3.5:.1f}">{tags}</text>')
    return "".join(parts)


def _barbs_svg(t: _T, rid: str, x: float, y: float) -> tuple[str, float]:
    D = _D()
    out = []
    for tribe, c in sorted(t.b["barbarians"].get(rid, {}).items()):
        letter = D.tribes()[tribe]["name"][:2]
        if c["active"]:
            out.append(f'<polygon class="toc-barb on" points="{x:.1f},{y - 6:.1f} {x + 7:.1f},{y + 6:.1f} {x - 7:.1f},{y + 6:.1f}"/>'
                       f'<text class="toc-n" x="{x + 9:.1f}" y="{y + 4:.1f}">{c["active"]}</text>')
            x += 22
        if c["inactive"]:
            out.append(f'<polygon class="toc-barb" points="{x:.1f},{y - 6:.1f} {x + 7:.1f},{y + 6:.1f} {x - 7:.1f},{y + 6:.1f}"/>'
                       f'<text class="toc-n" x="{x + 9:.1f}" y="{y + 4:.1f}">{c["inactive"]}</text>')
            x += 22
        out.append(f'<text class="toc-tribe" x="{x - 4:.1f}" y="{y + 4:.1f}">{e(letter)}</text>')
        x += 16
    return "".join(out), x


def _figures_svg(t: _T, rid: str, x: float, y: float) -> str:
    """Rival Emperors (a gold star) and barbarian leaders (a diamond) in ``rid``."""
    D = _D()
    out = []
    for rv, where in sorted(t.b["rival_emperors"].items()):
        if where == rid:
            out.append(f'<g class="toc-rival"><title>Rival Emperor {e(D.rival_emperors()[rv]["name"])}</title>'
                       f'<polygon points="{_star(x, y, 7)}"/></g>')
            x += 17
    for ld, where in sorted(t.b["leaders"].items()):
        if where == rid:
            out.append(f'<g class="toc-leader"><title>{e(D.leaders()[ld]["name"])}</title>'
                       f'<polygon points="{x:.1f},{y - 7:.1f} {x + 6:.1f},{y:.1f} {x:.1f},{y + 7:.1f} {x - 6:.1f},{y:.1f}"/></g>')
            x += 15
    return "".join(out)


def _star(x: float, y: float, r: float) -> str:
    import math

    pts = []
    for i in range(10):
        rr = r if i % 2 == 0 else r * 0.45
        a = math.radians(-90 + 36 * i)
        pts.append(f"{x + rr * math.cos(a):.1f},{y + rr * math.sin(a):.1f}")
    return " ".join(pts)


def _province_svg(t: _T, rid: str, r: dict[str, Any]) -> str:
    p = t.b["provinces"][rid]
    x, y = r["xy"]
    x0, y0 = x - TILE_W / 2, y - TILE_H / 2
    gov = p["governor"]
    col = t.color(gov) if gov is not None else "#ffffff"
    cls = "toc-prov" + (" gov" if gov is not None else "") + (" italia" if rid == t.b["map"]["emperor_province"] else "")
    parts = [f'<rect class="{cls}" x="{x0:.1f}" y="{y0:.1f}" width="{TILE_W}" height="{TILE_H}" rx="9" '
             f'data-css="--gc:{col}"/>']
    if gov is not None:
        parts.append(f'<rect class="toc-govband" x="{x0:.1f}" y="{y0:.1f}" width="{TILE_W}" height="17" rx="9" fill="{col}"/>')
    parts.append(f'<text class="toc-name{" on" if gov is not None else ""}" x="{x0 + 6:.1f}" y="{y0 + 12.5:.1f}">{e(r["name"])}</text>')
    parts.append(_pips(x0 + 9, y0 + 26, p["support"], p["support_max"]))
    right = x0 + TILE_W - 8
    tags = []
    if p["militia"]:
        tags.append(("toc-mil", "M"))
    if p["quaestor"]:
        tags.append(("toc-q", "Q"))
    for imp in p["improvements"]:
        tags.append(("toc-imp", IMP_GLYPH.get(imp, imp[:1].upper())))
    for i, (c, g) in enumerate(reversed(tags)):
        cx = right - 6 - i * 14
        parts.append(f'<rect class="{c}" x="{cx - 6:.1f}" y="{y0 + 20:.1f}" width="12" height="12" rx="2"/>'
                     f'<text class="toc-tagt" x="{cx:.1f}" y="{y0 + 29.5:.1f}">{g}</text>')
    row = y0 + 44
    if p["mobs"]:
        parts.append(f'<g class="toc-mob"><circle cx="{x0 + 12:.1f}" cy="{row:.1f}" r="6"/>'
                     f'<text x="{x0 + 12:.1f}" y="{row + 3.5:.1f}">{p["mobs"]}</text></g>')
    if p["marker"]:
        mk = "SoP" if p["marker"] == "sop" else "Brk"
        parts.append(f'<rect class="toc-mark {p["marker"]}" x="{x0 + TILE_W - 30:.1f}" y="{row - 7:.1f}" width="24" height="13" rx="3"/>'
                     f'<text class="toc-markt" x="{x0 + TILE_W - 18:.1f}" y="{row + 3:.1f}">{mk}</text>')
    parts.append(_figures_svg(t, rid, x0 + (28 if p["mobs"] else 12), row))
    body: list[str] = []
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
        parts.append(f'<g transform="translate({ox:.1f} {oy:.1f}) scale({k:.3f}) translate({-ox:.1f} {-oy:.1f})">'
                     f'{"".join(body)}</g>')
    else:
        parts.extend(body)
    return "".join(parts)


def _other_svg(t: _T, rid: str, r: dict[str, Any]) -> str:
    x, y = r["xy"]
    if r["type"] == "sea":
        parts = [f'<ellipse class="toc-sea" cx="{x}" cy="{y}" rx="64" ry="40"/>',
                 f'<text class="toc-sname" x="{x}" y="{y - 18}">{e(r["name"])}</text>']
        ay = y + 6
    else:
        parts = [f'<rect class="toc-home" x="{x - 54}" y="{y - 32}" width="108" height="64" rx="18"/>',
                 f'<text class="toc-hname" x="{x}" y="{y - 16}">{e(r["name"].replace(" homeland", ""))}</text>']
        ay = y + 6
    ax = x - 40
    for a in (a for a in t.b["armies"] if a["region"] == rid):
        parts.append(_army_svg(t, a, ax, ay))
        ax += 24 + 11 * (a["full"] + a["reduced"])
    bsvg, _ = _barbs_svg(t, rid, ax + 4, ay)
    parts.append(bsvg)
    parts.append(_figures_svg(t, rid, ax, ay + 16))
    return "".join(parts)


def _map(t: _T) -> str:
    box = _focus_box(t)
    parts = [_links(t)]
    order = sorted(t.regions.values(), key=lambda r: {"sea": 0, "homeland": 1}.get(r["type"], 2))
    for r in order:
        rid = r["id"]
        acts = t.by_region.get(rid, [])
        inner = _province_svg(t, rid, r) if r["type"] == "province" else _other_svg(t, rid, r)
        cls = f"toc-region toc-{r['type']}" + (" toc-pick" if acts else "") + (" toc-sel" if t.focus == rid else "")
        if len(acts) == 1 and acts[0].get("target", "").split(":")[0] in ("province", "region", "capital"):
            a = acts[0]
            g = attrs(class_=cls + " toc-hot", data_region=rid, data_act="play", data_seat=t.ctx.acting,
                      data_n=t.ctx.n, data_a=_jattr(a["action"]))
        else:
            g = attrs(class_=cls, data_region=rid, data_act="table-ui", data_k="focus")
        ring = ""
        if acts:
            x, y = r["xy"]
            if r["type"] == "province":
                ring = (f'<rect class="toc-ring" x="{x - TILE_W / 2 - 5:.1f}" y="{y - TILE_H / 2 - 5:.1f}" '
                        f'width="{TILE_W + 10}" height="{TILE_H + 10}" rx="12"/>')
            else:
                ring = f'<ellipse class="toc-ring" cx="{x}" cy="{y}" rx="70" ry="44"/>'
        parts.append(f"<g{g}>{ring}{inner}</g>")
    vb = " ".join(f"{v:.1f}" for v in box)
    desc = _map_description(t)
    key = f"toc-map:{t.focus or 'all'}"
    svg = (f'<svg class="toc-map{" focused" if t.focus else ""}" viewBox="{vb}" role="img" aria-label="{e(desc)}" '
           f'preserveAspectRatio="xMidYMid meet">{"".join(parts)}</svg>')
    return (f'<div class="toc-map-wrap" data-panzoom="{e(key)}"><div class="pz-inner">{svg}</div></div>'
            + _map_bar(t) + _legend())


def _jattr(v: Any) -> str:
    from ..html import jattr

    return jattr(v)


def _map_description(t: _T) -> str:
    govs = []
    for rid, p in t.b["provinces"].items():
        if p["governor"] is not None:
            govs.append(f"{t.regions[rid]['name']}: {t.gov_name(p['governor'])}")
    focus = f"Focused on {t.regions[t.focus]['name']}. " if t.focus else ""
    return f"Map of the empire. {focus}Governors: {'; '.join(govs) or 'none'}."


def _map_bar(t: _T) -> str:
    btns = [button("Whole map", "table-ui", "btn small" + (" on" if not t.focus else ""), data_k="focus",
                   data_region="", aria_pressed="true" if not t.focus else "false")]
    picks = [rid for rid in t.regions if rid in t.by_region]
    hint = ("Highlighted regions are your options: tap one." if picks else
            "Tap a region to zoom on it; pinch or drag to look around.")
    return (f'<div class="toc-mapbar" role="group" aria-label="Map view">{"".join(btns)}'
            f'<span class="toc-hint">{e(hint)}</span></div>')


def _legend() -> str:
    return ('<details class="toc-legend"><summary>Map key</summary><ul>'
            '<li>Province bar: its governor’s colour (grey: Neutral); dots: support out of the maximum</li>'
            '<li>M Militia · Q Quaestor · A Amphitheater · B Basilica · L Limes · red disc: mobs</li>'
            '<li>SoP Seat of Power · Brk Breakaway province</li>'
            '<li>Disc: a general; squares: legions (half-filled: reduced); a ring: in the capital; '
            'C Castra; F a barbarian serving as foederati</li>'
            '<li>Triangles: barbarians (solid active, hollow inactive) with their tribe</li>'
            '<li>Gold star: a Rival Emperor · diamond: a barbarian leader</li>'
            '<li>Positions are a schematic drawing made for this app, not the printed map.</li></ul></details>')


def _region_panel(t: _T) -> str:
    """The focused region in words: everything on it, and its options as buttons."""
    if not t.focus:
        return ""
    D = _D()
    rid = t.focus
    r = t.regions[rid]
    items: list[str] = []
    if r["type"] == "province":
        p = t.b["provinces"][rid]
        g = p["governor"]
        gov = t.chip(g) if g is not None and g >= 0 else e(t.gov_name(g))
        items.append(f"Governor: {gov}; support {p['support']} of {p['support_max']}")
        if p["mobs"]:
            items.append(plural(p["mobs"], "mob"))
        if p["improvements"]:
            items.append("Improvements: " + e(", ".join(D.improvements()[i] for i in p["improvements"])))
        if p["militia"]:
            items.append("Militia in the capital")
        if p["quaestor"]:
            items.append("Quaestor")
        if p["marker"]:
            items.append(e(MARKER[p["marker"]]))
        if p["no_place_governor"]:
            items.append("No Place Governor here this turn")
    elif r["type"] == "homeland":
        items.append(f"Homeland of the {e(D.tribes()[r['tribe']]['name'])}")
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
            items.append(f"{t.chip(a['owner'])}’s army {a['id']}: {e(', '.join(bits))}")
    for tribe, c in t.b["barbarians"].get(rid, {}).items():
        items.append(f"{e(D.tribes()[tribe]['name'])}: {c['active']} active, {c['inactive']} inactive")
    for rv, where in t.b["rival_emperors"].items():
        if where == rid:
            items.append(f"Rival Emperor {e(D.rival_emperors()[rv]['name'])}")
    for ld, where in t.b["leaders"].items():
        if where == rid:
            items.append(f"Leader {e(D.leaders()[ld]['name'])}")
    acts = t.by_region.get(rid, [])
    opts = "".join(f"<li>{_act_button(t, a)}</li>" for a in acts)
    opts_html = (f'<h3>Your options here</h3><ul class="action-list toc-opts">{opts}</ul>' if opts else "")
    lis = "".join(f"<li>{x}</li>" for x in items)
    return (f'<section class="toc-region-panel panel" aria-label="{e(r["name"])}"><h2>{e(r["name"])}</h2>'
            f'<ul class="toc-facts">{lis}</ul>{opts_html}</section>')


# ---- banner, phases, decisions --------------------------------------------------------------------
def _banner(t: _T) -> str:
    if t.over:
        return ""
    ctx = t.ctx
    seat = int(t.b["turn"]["seat"])
    col = t.color(seat)
    if ctx.acting is not None:
        text = (f"Your turn, {t.names[ctx.acting]}" if ctx.acting == seat
                else f"{t.names[ctx.acting]}, your decision (during {t.names[seat]}’s turn)")
        return (f'<div class="bx-banner mine" role="status" data-css="--pc:{t.color(ctx.acting)}">'
                f'<span class="bx-chip" aria-hidden="true"></span><strong>{e(text)}</strong></div>')
    bot = " (bot)" if ctx.kinds[seat] == "bot" else ""
    return (f'<div class="bx-banner" role="status" data-css="--pc:{col}"><span class="bx-chip" aria-hidden="true"></span>'
            f'{e(t.names[seat])}{bot} to play · round {t.b["turn"]["round"]}</div>')


def _phase_bar(t: _T) -> str:
    ph = t.b["turn"]["phase"]
    cur = {"refill": "end"}.get(ph, ph)
    if ph == "setup":
        return ('<nav class="toc-phases" aria-label="Phase"><p class="toc-phase-note">Setting up: each player '
                'chooses a starting province and a first hand (ToC §3).</p></nav>')
    if ph == "over":
        return ""
    keys = [k for k, _, _ in PHASES]
    idx = keys.index(cur) if cur in keys else -1
    items = []
    for i, (_k, name, sec) in enumerate(PHASES):
        state = "now" if i == idx else "done" if i < idx else "next"
        cur_attr = ' aria-current="step"' if i == idx else ""
        items.append(f'<li class="toc-ph {state}"{cur_attr}><span class="toc-ph-n">{i + 1}</span>'
                     f'<span class="toc-ph-name">{e(name)}</span><span class="visually-hidden"> (ToC {sec})</span></li>')
    must = {"crisis": "Crisis: the crisis roll is resolved.",
            "actions": "Play cards for points, then spend them on actions; end your actions when done.",
            "buy": "Buy cards with your political points, trash a card, or finish.",
            "end": "End of turn: mobs grow, refill your hand from your available pile."}.get(cur, "")
    return (f'<nav class="toc-phases" aria-label="Phase of the turn"><ol>{"".join(items)}</ol>'
            f'{f"<p class=toc-phase-note>{e(must)}</p>" if must else ""}</nav>')


def _act_button(t: _T, a: dict[str, Any], cls: str = "btn bx-opt") -> str:
    label = t.label(a)
    return (f'<button type="button" class="{cls}"{t.ctx.action_attrs(a)} aria-label="{e(label)}">'
            f'{e(label)}</button>')


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


def _decide(app: Any, t: _T) -> str:
    ctx, v = t.ctx, t.v
    if t.over:
        return ""
    if ctx.acting is None:
        return waiting_html(app, ctx)
    groups: dict[str, list[str]] = {}
    for a in ctx.actions:
        verb = a["action"][0]
        cls = "btn bx-opt" + (" primary" if verb in QUIET else "")
        groups.setdefault(GROUPS.get(verb, ""), []).append(f"<li>{_act_button(t, a, cls)}</li>")
    blocks = ""
    last = groups.pop("", [])
    for g, items in groups.items():
        ul = f'<ul class="action-list bx-opts">{"".join(items)}</ul>'
        if len(items) > 6 and len(groups) > 1:
            blocks += f'<details class="toc-group"><summary>{e(g)} ({len(items)})</summary>{ul}</details>'
        else:
            blocks += f'<h3>{e(g)}</h3>{ul}' if g else ul
    if last:
        blocks += f'<ul class="action-list bx-opts">{"".join(last)}</ul>'
    return (f'<section class="bx-decide panel toc-decide" aria-label="Your decision">'
            f'<h2 class="visually-hidden">Your decision</h2><p class="prompt yours" aria-live="polite">{e(v["prompt"])}</p>{_battle(t)}{blocks}</section>')


# ---- dice ---------------------------------------------------------------------------------------
def _die(v: int, cls: str = "") -> str:
    return f'<span class="bx-die{" " + cls if cls else ""}">{v}</span>'


def _battle(t: _T) -> str:
    bt = t.b["battle"]
    if not bt:
        return ""
    return _battle_lines(t, bt, "Battle")


def _battle_lines(t: _T, bt: dict[str, Any], head: str) -> str:
    labels = bt.get("labels") or ["attacker", "defender"]
    where = t.regions.get(bt.get("at") or "", {}).get("name", "")
    rows = []
    for side, faces, hits in ((0, bt.get("fa"), bt.get("ha")), (1, bt.get("fd"), bt.get("hd"))):
        dice = "".join(_die(int(x)) for x in faces or []) or "—"
        h = f"{hits} {'hit' if hits == 1 else 'hits'}" if hits is not None else ""
        rows.append(f'<li><span class="bx-roll-what">{e(labels[side] or ("Attacker" if side == 0 else "Defender"))}</span>'
                    f'<span class="bx-faces">{dice}</span><span class="bx-roll-res">{e(h)}</span></li>')
    win = bt.get("win")
    res = ""
    if win:
        res = f'<p class="toc-res">{"The attacker" if win == "a" else "The defender" if win == "d" else "Nobody"} wins.</p>'
    flank = " · Flanking Maneuver" if bt.get("flank") else ""
    return (f'<div class="toc-battle"><h3>{e(head)} in {e(where)}{flank}</h3>'
            f'<ul class="bx-rolls">{"".join(rows)}</ul>{res}</div>')


def _dice(t: _T) -> str:
    b = t.b
    blocks = []
    cr = b["crisis"]
    if cr:
        who = t.names[cr["seat"]] if isinstance(cr.get("seat"), int) else ""
        inv = cr.get("invasion")
        text = f"{who}: {cr['white']} + {cr['black']} = {cr['white'] + cr['black']}: {_result_name(str(cr['result']))}"
        more = ""
        if inv:
            D = _D()
            path = " → ".join(t.regions[x]["name"] for x in inv.get("path") or [] if x in t.regions)
            placed = "; ".join(f"{t.regions[p[0]]['name']} {p[1] + p[2] + len(p[3])}" + (" (inactive: Limes)" if p[2] else "")
                               for p in inv.get("placed") or [] if p[0] in t.regions)
            n_inv = int(inv.get("invaders") or 0)
            more = (f'<p class="bx-note">The {e(D.tribes()[inv["tribe"]]["name"])}: {inv.get("flipped", 0)} turned active; '
                    f'second roll white {inv.get("white")} (the path: {e(path or "none")}), black {inv.get("black")} '
                    f'against {inv.get("strength")} active at home: '
                    f'{e(plural(n_inv, "invader") + " placed in " + placed if n_inv and placed else "no invasion")}.</p>')
        blocks.append(f'<h3>Crisis roll</h3><p class="toc-dice"><span class="bx-die white">{cr["white"]}</span>'
                      f'<span class="bx-die black">{cr["black"]}</span> <span>{e(text)}</span></p>{more}')
    pg = b["last_place_governor"]
    if pg:
        faces = "".join(_die(int(x), "hit six" if int(x) == 6 else "") for x in pg["faces"])
        name = t.regions[pg["prov"]]["name"]
        ok = "succeeds" if pg["ok"] else "fails"
        blocks.append(f'<h3>Place Governor</h3><p class="toc-dice">{faces}</p>'
                      f'<p class="bx-note">{e(t.names[pg["seat"]])} in {e(name)}: {pg["votes"]} '
                      f'{"vote" if pg["votes"] == 1 else "votes"} of {pg["need"]} needed, {ok}. '
                      f'Each 6 adds a die.</p>')
    lb = b["last_battle"]
    if lb and not b["battle"]:
        blocks.append(_battle_lines(t, lb, "Last battle"))
    if not blocks:
        return ""
    return f'<section class="toc-dice-panel panel" aria-label="Dice"><h2>Dice</h2>{"".join(blocks)}</section>'


# ---- the player's board -----------------------------------------------------------------------------
def _card(cid: str, extra: str = "", cls: str = "") -> str:
    c = _D().card(cid)
    col = SUIT_COLOR[c["suit"]]
    mark = "" if c.get("status", "confirmed") == "confirmed" else ' <abbr class="bx-dz" title="Card text not fully confirmed">◇</abbr>'
    text = f'<span class="toc-ctext">{e(c["text"])}</span>' if c.get("text") else ""
    return (f'<li class="toc-card {cls}" data-css="--sc:{col}"><span class="toc-cval">{c["value"]}</span>'
            f'<span class="toc-cname">{e(c["name"])}{mark}</span>{text}{extra}</li>')


def _pile(title: str, ids: list[str]) -> str:
    if not ids:
        return f'<p class="bx-note">{e(title)}: empty</p>'
    counts: dict[str, int] = {}
    for c in ids:
        counts[c] = counts.get(c, 0) + 1
    order = _D().card_order()
    items = "".join(_card(c, f'<span class="count">×{k}</span>' if k > 1 else "")
                    for c, k in sorted(counts.items(), key=lambda x: order[x[0]]))
    return (f'<details class="toc-pile"><summary>{e(title)} ({len(ids)})</summary>'
            f'<ul class="toc-cards">{items}</ul></details>')


def _hand(t: _T) -> str:
    if t.me is None:
        return ""
    me = t.players[t.me]
    tp = t.b["turn"]
    mine = tp["seat"] == t.me
    order = _D().card_order()
    hand = "".join(_card(c) for c in sorted(me["hand"] or [], key=lambda c: order[c])) or "<li>empty</li>"
    pts = ""
    played = ""
    if mine:
        pts = "".join(f'<span class="toc-pts" data-css="--sc:{SUIT_COLOR[s]}">{SUIT[s]} <b>{tp["points"].get(s, 0)}</b></span>'
                      for s in SUIT)
        pts = f'<p class="toc-ptsrow" aria-label="Points to spend this turn">{pts}</p>'
        if tp["played"]:
            played = ('<h3>Played this turn</h3><ul class="toc-cards">'
                      + "".join(_card(p["card"], ' <span class="count">event used</span>' if p["event_used"] else "", "played")
                                for p in tp["played"]) + "</ul>")
    return (f'<section class="toc-hand panel" aria-label="Your hand"><h2>Your hand <span class="count">'
            f'{me["political_points"]} political points</span></h2>{pts}<ul class="toc-cards">{hand}</ul>{played}'
            f'{_pile("Available pile", me["available"] or [])}{_pile("Discard pile", me["discard"])}</section>')


def _market(t: _T) -> str:
    D = _D()
    b = t.b
    price = b.get("market") or {}
    buy = {a["action"][1]: a for a in t.ctx.actions if a["action"][0] == "buy"}
    gov = len(t.players[t.me]["provinces"]) if t.me is not None else None
    items = []
    for cid in D.supply_cards():
        left = b["supply"].get(cid, 0)
        cost = f'<span class="toc-price">{price[cid]}</span>' if cid in price else ""
        extra = f'{cost}<span class="count">{left} left</span>'
        if cid in buy:
            extra += _act_button(t, buy[cid], "btn small primary toc-buy")
        items.append(_card(cid, extra, "" if left else "gone"))
    note = ""
    if gov is not None:
        note = (f'<p class="bx-note">Price now for you: the card’s value, doubled when it is above the '
                f'{gov} {"province" if gov == 1 else "provinces"} you govern, +1 for each card already bought '
                f'this turn (ToC §5.3).</p>')
    trash = ", ".join(D.card_name(c) for c in b["trash"]) or "none"
    open_ = " open" if buy or t.app.table_ui.get("market") else ""
    return (f'<section class="toc-market panel" aria-label="Market"><details class="toc-pile"{open_}>'
            f'<summary>Market: the cards to buy, with your price now</summary>{note}'
            f'<ul class="toc-cards">{"".join(items)}</ul><p class="bx-note">Trashed: {e(trash)}</p></details></section>')


def _track(kind: str, p: dict[str, Any], suit: str) -> str:
    d = p[kind]
    cells = []
    for i, (cost, got) in enumerate(zip(d["costs"], d["bought"], strict=False)):
        c = "start" if cost is None else str(cost)
        cells.append(f'<li class="toc-slot{" got" if got else ""}" aria-label="{kind[:-1]} {i + 1}: '
                     f'{"recruited" if got else f"costs {c} {suit}"}">{e(c)}</li>')
    return (f'<p class="toc-trk"><span>{kind.capitalize()}: {d["available"]} ready, {d["on_map"]} placed</span></p>'
            f'<ol class="toc-slots">{"".join(cells)}</ol>')


def _players(t: _T) -> str:
    D = _D()
    order = [t.bottom] + [p["seat"] for p in t.players if p["seat"] != t.bottom]
    rows = []
    goal = t.b["goal"]
    for s in order:
        p = t.players[s]
        tag = ""
        if t.ctx.kinds[s] == "bot":
            tag = f' <span class="pbot">bot · {e(t.ctx.levels[s] or "")}</span>'
        elif s == t.me:
            tag = ' <span class="you">you</span>'
        crown = ' <span class="toc-emp">Emperor</span>' if p["emperor"] else ""
        pre = ' <span class="toc-pre">Pretender</span>' if p["pretender"] else ""
        provs = ", ".join(t.regions[x]["name"] for x in p["provinces"]) or "none"
        pct = min(100, round(100 * p["legacy"] / max(1, goal)))
        body = (_track("governors", p, "Senate") + _track("generals", p, "Military")
                + f'<p class="bx-note">Provinces: {e(provs)}</p>'
                + f'<p class="bx-note">Cards: {p["hand_count"]} in hand, {p["available_count"]} available, '
                  f'{len(p["discard"])} discarded ({p["deck_size"]} in all)</p>')
        if p["known"] and s != t.me:
            body += f'<p class="bx-note">Known in hand: {e(", ".join(D.card_name(c) for c in p["known"]))}</p>'
        summary = (f'<span class="bx-mat-name">{t.chip(s)}{tag}{crown}{pre}</span>'
                   f'<span class="toc-legacy"><span class="toc-lbar" role="img" aria-label="Legacy {p["legacy"]} of {goal}">'
                   f'<span data-css="width:{pct}%"></span></span>Legacy <b>{p["legacy"]}</b> · '
                   f'Emperor Turns <b>{p["emperor_turns"]}</b> · {plural(len(p["provinces"]), "province")}</span>')
        cls = "bx-mat" + (" turn" if s == t.b["turn"]["seat"] and not t.over else "")
        rows.append(f'<li class="{cls}" data-css="--pc:{t.color(s)}"><details{" open" if s == t.me else ""}>'
                    f'<summary>{summary}</summary><div class="bx-mat-body">{body}</div></details></li>')
    return (f'<section class="bx-mats toc-players" aria-label="Players"><ul class="bx-matlist">{"".join(rows)}</ul>'
            f'<p class="bx-note">The last round starts when the Emperor ends a turn with {goal} legacy or '
            'more.</p></section>')


def _empire(t: _T) -> str:
    D = _D()
    b = t.b
    it = b["provinces"][b["map"]["emperor_province"]]
    emp = next((p["seat"] for p in t.players if p["emperor"]), None)
    who = t.chip(emp) if emp is not None else "nobody"
    ev = b["events"]
    cur = D.events()[ev["drawn"][-1]] if ev["drawn"] else None
    cur_html = (f'<p><b>Current event:</b> {e(cur["name"])}{_unsure(cur)} — {e(cur.get("text", ""))}</p>'
                if cur else "<p><b>Current event:</b> none yet</p>")
    lasting = "".join(f"<li>{e(D.events()[x]['name'])}{_unsure(D.events()[x])}: {e(D.events()[x].get('text', ''))}</li>"
                      for x in ev["lasting"])
    last = b["turn"]["last_round"]
    lim = b["limits"]
    return (f'<section class="toc-empire panel" aria-label="The empire"><h2>The empire</h2>'
            f'<p><b>Emperor:</b> {who} · <b>Italia support:</b> {it["support"]} of {it["support_max"]}</p>'
            f'{cur_html}'
            f'{f"<h3>Lasting events</h3><ul class=toc-facts>{lasting}</ul>" if lasting else ""}'
            f'<p class="bx-note">Events left: {ev["deck"]} · round {b["turn"]["round"]}'
            f'{" · last round" if last else ""} · legions left {lim["legions_left"]}, militia {lim["militia_left"]}, '
            f'mob counters {lim["mob_counters_left"]}</p></section>')


def _unsure(entry: dict[str, Any]) -> str:
    if entry.get("status", "confirmed") == "confirmed":
        return ""
    return ' <abbr class="bx-dz" title="Not fully confirmed: see Rules › What we could not confirm">◇</abbr>'


# ---- the table ------------------------------------------------------------------------------------
def render(app: Any, ctx: TableContext) -> str:
    t = _T(app, ctx)
    b = t.b
    seat = b["turn"]["seat"]
    info = f"Round {b['turn']['round']} · {t.names[seat]}" if b["turn"]["phase"] != "setup" else "Setting up"
    return (topbar(app, ctx, e(info))
            + '<main class="table-main bx-main toc-main" id="main">'
            + alerts(app) + end_panel(app, ctx) + _banner(t) + _phase_bar(t)
            + '<div class="bx-layout"><div class="bx-col-board">'
            + _map(t) + _region_panel(t) + _dice(t)
            + '</div><div class="bx-col-side">'
            + _decide(app, t) + _hand(t) + _market(t) + _players(t) + _empire(t) + log_panel(app, ctx)
            + "</div></div></main>")
