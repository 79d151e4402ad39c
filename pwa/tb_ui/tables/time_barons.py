"""The Time Barons table (renders ``TimeBarons.board_view``, py_engine/time_barons/rules.py).

- players: name, level marker (I–IV), followers, hand size, actions left, Loss of
  Faith; the opponent's tableau on top, the device holder's at the bottom;
- a site tile: followers, damage against integrity (a bar and numbers), fortified,
  attachments, tucked cards (names only for their tucker or when public; others
  see the level of the card back), each ability with its follower requirement,
  action cost and infinite mark, and a "Use" button when it is usable now;
- the four draw stacks with counts (a "Draw" button on each one you may draw
  from), the discard pile to browse, the damage about to land;
- the decision panel: the prompt and every option as a button; options aimed at a
  site, a stack or a card in hand are also buttons on that element, which is
  highlighted; ending the turn with actions left asks for a confirmation;
- the hand: tap a card to read it; "Play" on the opened card (two taps, so a stray
  tap never spends actions);
- only the hand of the seat holding the device is rendered; the hand-off screen's
  note says (publicly) why the other player is called, e.g. to answer damage.

With 3–4 players (TB Multiplayer rules) the device holder's tableau is shown in
full and every other player as a compact strip (team colour, name, role, level,
followers, sites, cards in hand, Forge tokens, The Hammer, eliminated) that opens
to their full tableau on a tap; a strip whose sites (or whose player) the pending
decision can target is highlighted, says how many choices it holds, and opens by
itself outside the main phase. Choosing an opponent has a button on the strip.

Card text shown is the app's own (py_engine/time_barons/data/cards.json).
"""

from __future__ import annotations

from typing import Any

from py_engine.time_barons.cards import card as _card

from ..context import Seating, TableApp, TableContext
from ..html import Markup, attrs, bare_name, button, html, join, plural
from ..parts import alerts, end_panel, log_panel, topbar, waiting_html

ROMAN = ("I", "II", "III", "IV")
TYPE_LABEL = {"site": "Site", "event": "Event", "reaction": "Reaction", "attachment": "Attachment"}
TYPE_ICON = {"site": "⌂", "event": "★", "reaction": "⇄", "attachment": "⊚"}
#: 16×16 line icons (stroke = currentColor): follower, damage, action, card, infinite.
_ICONS = {
    "f": Markup('<circle cx="8" cy="4.5" r="2.6"/><path d="M3 15c0-3.6 2.2-6 5-6s5 2.4 5 6"/>'),
    "d": Markup('<path d="M8 1.5l1.6 4 4.2-1.2-2.5 3.6 3.2 2.6-4.2.4.3 4.1L8 12.4 5.4 15l.3-4.1-4.2-.4 3.2-2.6L2.2 4.3l4.2 1.2z"/>'),
    "a": Markup('<path d="M9 1L3.5 9H8l-1 6 5.5-8H8z"/>'),
    "c": Markup('<rect x="3.5" y="1.5" width="9" height="13" rx="1.5"/>'),
    "s": Markup('<path d="M2 8l6-5.5L14 8M3.5 7v7h9V7"/>'),
}


def icon(kind: str, title: str = "") -> Markup:
    """A small inline SVG icon (``f`` follower, ``d`` damage, ``a`` action, ``c`` card, ``s`` site)."""
    tip = html("<title>{}</title>", title) if title else Markup()
    hidden = Markup() if title else Markup(' aria-hidden="true"')
    return html('<svg class="tb-ico tb-ico-{}" viewBox="0 0 16 16"{} focusable="false">{}{}</svg>',
                kind, hidden, tip, _ICONS[kind])


class _T(Seating):
    """What the pieces of the table share (:class:`Seating`), plus whether the
    holder is in their main phase, the options by board target, and the damage
    about to land per site."""

    def __init__(self, app: TableApp, ctx: TableContext) -> None:
        super().__init__(app, ctx)
        self.main = ctx.acting is not None and not any(a["action"][0] not in MAIN for a in ctx.actions)
        self.by_target: dict[str, list[dict[str, Any]]] = {}
        for a in ctx.actions:
            if a.get("target"):
                self.by_target.setdefault(str(a["target"]), []).append(a)
        self.incoming: dict[int, list[tuple[int, bool]]] = {}
        pend = self.b.get("pending")
        if pend:
            for sid, n, structural in pend["hits"]:
                self.incoming.setdefault(int(sid), []).append((int(n), bool(structural)))



MAIN = {"draw", "gain", "relocate", "play", "upgrade", "ability", "fire", "end"}


# ---- view state ------------------------------------------------------------------------
def on_ui(app: TableApp, d: dict[str, Any]) -> None:
    """``data-act="table-ui"`` taps: ``k=card`` (open/close a hand card), ``k=end``
    (ask to confirm ending the turn), ``k=cancel``, ``k=strip`` (open/close another
    player's tableau, ``p`` = seat)."""
    ui = app.table_ui
    k = d.get("k")
    if k == "strip":
        opened = ui.setdefault("open", {})
        key = str(d.get("p"))
        opened[key] = d.get("open") != "1"
    elif k == "card":
        c = str(d.get("card"))
        ui["card"] = None if ui.get("card") == c else c
    elif k == "end":
        ui["confirm_end"] = str(d.get("n"))
    elif k == "cancel":
        ui.pop("confirm_end", None)
        ui.pop("card", None)


# ---- pieces ----------------------------------------------------------------------------
def _act_button(t: _T, a: dict[str, Any], label: str | None = None, cls: str = "btn tb-choice",
                name: str | None = None) -> Markup:
    """A button performing action ``a``: shows ``label`` (default: the action's
    label); its accessible name is ``name``, else the action's full label."""
    text = label or a["label"]
    return html('<button type="button" class="{}"{} aria-label="{}">{}</button>',
                cls, t.ctx.action_attrs(a), name or a["label"], text)


def _players(t: _T) -> Markup:
    b, ctx = t.b, t.ctx
    items = []
    for p in b["players"]:
        s = p["seat"]
        turn = not t.over and s == b["active"]
        tag = Markup('<span class="you">you</span>') if s == t.me else Markup()
        if ctx.kinds[s] == "bot":
            tag = html('<span class="pbot">bot · {}</span>', ctx.levels[s] or "")
        acts = html('<span class="tb-acts">{} left</span>', plural(b["actions"], "action")) if turn else Markup()
        lof = Markup('<span class="tb-lof">Loss of Faith next turn</span>') if p["lof"] else Markup()
        think = Markup()
        if ctx.kinds[s] == "bot" and not t.over and s in t.v["to_act"] and ctx.mode == "play":  # not in a replay
            think = Markup('<span class="tb-think"><span class="spinner" aria-hidden="true"></span>thinking…</span>')
        label = (f"{p['name']}: level {ROMAN[p['level'] - 1]}, {plural(p['followers'], 'follower')}, "
                 f"{plural(p['hand_count'], 'card')} in hand" + (", to play" if turn else ""))
        items.append(html(
            '<li{attrs}>'
            '<span class="pname">{name}</span>'
            '<span class="pmeta" aria-hidden="true">{tag}<span class="tb-lvl" title="Level marker">'
            'Lv {lv}</span><span class="tb-fol">{fi} {f}</span>'
            '<span>{ci} {cards}</span>{acts}{lof}{think}</span></li>',
            attrs=attrs(class_="pchip tb-pl" + (" turn" if turn else ""), aria_current="true" if turn else None,
                        aria_label=label, id=f"tb-player-{s}"),
            name=bare_name(p["name"]) if ctx.kinds[s] == "bot" else p["name"], tag=tag, lv=ROMAN[p["level"] - 1], fi=icon("f"), f=p["followers"], ci=icon("c"),
            cards=p["hand_count"], acts=acts, lof=lof, think=think))
    return html('<ul class="players tb-players" aria-label="Players">{}</ul>', join(items))


def _ability_rows(t: _T, x: dict[str, Any]) -> Markup:
    c = _card(x["card"])
    rows = []
    for ab in c["abilities"]:
        req = html('<span class="tb-req" title="Followers needed">{}{}</span>', icon("f"), ab["req"])
        cost = (html('<span class="tb-cost" title="Action cost">{}{}</span>', icon("a"), ab["cost"])
                if ab["cost"] else Markup())
        inf = (Markup('<span class="tb-inf" title="Infinite: any turn, any number of times">∞</span>')
               if ab["infinite"] else Markup())
        use = Markup()
        for a in t.by_target.get(f"site:{x['id']}", []):
            if a["action"][0] == "ability" and int(a["action"][2]) == ab["n"]:
                use = _act_button(t, a, "Use", "btn small primary tb-use")
        cls = "tb-ab" + (" usable" if use else "")
        rows.append(html('<li class="{}"><span class="tb-ab-icons">{}{}{}</span>'
                         '<span class="tb-ab-text">{}</span>{}</li>', cls, req, cost, inf, ab["text"], use))
    return html('<ul class="tb-abs">{}</ul>', join(rows)) if rows else Markup()


def _site(t: _T, x: dict[str, Any]) -> Markup:
    c = _card(x["card"])
    sid = x["id"]
    opts = [a for a in t.by_target.get(f"site:{sid}", []) if a["action"][0] not in ("ability", "gain")]
    gains = [a for a in t.by_target.get(f"site:{sid}", []) if a["action"][0] == "gain"]
    cls = ["tb-site"]
    if opts:
        cls.append("pick")
    if sid in t.incoming:
        cls.append("threat")
    if x["start"]:
        cls.append("start")
    dmg, integ = x["dmg"], x["integrity"]
    pct = min(100, round(100 * dmg / max(1, integ)))
    badges = []
    if x["fortified"]:
        badges.append(Markup('<span class="tb-badge fort" title="Fortified: damage kills nobody until destroyed">'
                             'Fortified</span>'))
    if x["blocked"]:
        badges.append(Markup('<span class="tb-badge blocked">Abilities blocked</span>'))
    if x["used"] and x["owner"] == t.b["active"]:
        badges.append(Markup('<span class="tb-badge used">Ability used</span>'))
    atts = join(html('<li class="tb-att" title="{}">⊚ {}</li>', _card(a)["text"], _card(a)["name"]) for a in x["att"])
    tuck = Markup()
    if x["tuck"]:
        known = [_card(tc["card"])["name"] for tc in x["tuck"] if tc["card"]]
        hidden = [ROMAN[tc["level"] - 1] for tc in x["tuck"] if not tc["card"]]
        parts = known + ([f"{len(hidden)} face down ({', '.join(hidden)})"] if hidden else [])
        tuck = html('<p class="tb-tuck">Tucked {}: {}</p>', len(x["tuck"]), "; ".join(parts))
    inc = Markup()
    if sid in t.incoming:
        words = ", ".join(f"{n}{' structural' if st else ''}" for n, st in t.incoming[sid])
        inc = html('<p class="tb-incoming" role="note">Incoming: {} damage</p>', words)
    picks = join([_act_button(t, a, a["label"], "btn small tb-pick-btn") for a in opts]
                 + [_act_button(t, a, "+1 follower here (1 action)", "btn small ghost tb-gain",
                                f"+1 follower here (1 action): {a['label']}") for a in gains])
    label = (f"{c['name']} of {t.names[x['owner']]}: {plural(x['f'], 'follower')}, damage {dmg} of {integ}"
             + (", fortified" if x["fortified"] else ""))
    return html(
        '<li{attrs}>'
        '<div class="tb-site-head"><h4>{name}</h4>'
        '<span class="tb-lv" title="Card level">{lv}</span></div>'
        '<div class="tb-site-stats"><span class="tb-f" title="Followers">{fi} <b>{f}</b></span>'
        '<span class="tb-dmg" title="Damage / integrity">{di} {dmg}/{integ}'
        '<span class="tb-bar"><span data-css="width:{pct}%"></span></span></span></div>'
        '{badges}{inc}{atts}{tuck}{abilities}{picks}</li>',
        attrs=attrs(class_=" ".join(cls), id=f"tb-site-{sid}", data_site=sid, data_tgt=f"site:{sid}" if opts else None, aria_label=label),
        name=c["name"], lv=ROMAN[(c["level"] or 1) - 1], fi=icon("f"), f=x["f"], di=icon("d"), dmg=dmg,
        integ=integ, pct=pct, badges=join(badges), inc=inc,
        atts=html('<ul class="tb-atts">{}</ul>', atts) if atts else Markup(), tuck=tuck,
        abilities=_ability_rows(t, x),
        picks=html('<div class="tb-picks">{}</div>', picks) if picks else Markup())


def _tableau(t: _T, seat: int) -> Markup:
    sites = [x for x in t.b["sites"] if x["owner"] == seat]
    who = "Your sites" if seat == t.me else f"{t.names[seat]}’s sites"
    body = join(_site(t, x) for x in sites) or Markup('<li class="empty">No sites.</li>')
    return html('<section class="tb-tableau{mine}" id="patch-tb-sites-{seat}" data-patch="tb-sites-{seat}" aria-label="{who}">'
                '<h3>{who} <span class="count">{n}</span></h3><ul class="tb-sites">{body}</ul></section>',
                mine=" mine" if seat == t.bottom else "", seat=seat, who=who, n=len(sites), body=body)


def _stacks(t: _T) -> Markup:
    b = t.b
    tiles = []
    for lv in range(1, 5):
        n = b["stacks"][lv - 1]
        here = t.by_target.get(f"stack:{lv}", [])
        btns = join(_act_button(t, a, "Draw" if a["action"][0] in ("draw", "stack") else a["label"],
                                "btn small primary") for a in here)
        levels = [p["name"] for p in b["players"] if p["level"] == lv]
        marks = join(html('<span class="tb-marker">{}</span>', nm) for nm in levels)
        tiles.append(html('<li{}><span class="tb-stack-lv">{}</span><span class="tb-stack-n">{}</span>{}{}</li>',
                          attrs(class_="tb-stack" + (" pick" if here else "") + (" out" if not n else ""),
                                id=f"tb-stack-{lv}", data_tgt=f"stack:{lv}" if here and not t.main else None,
                                aria_label=f"Level {ROMAN[lv - 1]} stack: {plural(n, 'card')}"),
                          ROMAN[lv - 1], n if n else "out", marks, btns))
    out = sum(1 for n in b["stacks"] if not n)
    note = Markup()
    if b["eod"]:
        note = Markup('<p class="tb-eod">End of Days: each turn begins by destroying one of your own sites.</p>')
    elif out and not t.over:
        end = "End of Days begins" if b["end_of_days_variant"] else "the game ends (majority)"
        note = html('<p class="tb-eod">{} out of 4: at 3, {} at the end of that turn.</p>', plural(out, "stack"), end)
    return html('<section class="tb-center" aria-label="Draw stacks and discard pile"><ul class="tb-stacks">{}</ul>'
                '{}{}{}</section>', join(tiles), note, _hammer(t), _discard(t))


def _discard(t: _T) -> Markup:
    pile = t.b["discard"]
    opts = {str(a["target"])[8:]: a for a in t.ctx.actions if str(a.get("target") or "").startswith("discard:")}
    counts: dict[str, int] = {}
    for c in pile:
        counts[c] = counts.get(c, 0) + 1
    items = []
    for c in reversed(list(dict.fromkeys(reversed(pile)))):
        d = _card(c)
        pick = _act_button(t, opts[c], opts[c]["label"], "btn small primary") if c in opts else Markup()
        items.append(html('<li class="tb-dc{}"><b>{}</b>{} <span class="tb-type">{} · {}</span>'
                          '<span class="tb-dc-text">{}</span>{}</li>',
                          " pick" if pick else "", d["name"], " ×" + str(counts[c]) if counts[c] > 1 else "",
                          TYPE_LABEL.get(d["type"], ""), ROMAN[(d["level"] or 1) - 1], d["text"], pick))
    top = f" — top: {_card(pile[-1])['name']}" if pile else ""
    open_ = Markup(" open") if opts else Markup()
    return html('<details class="tb-discard"{}><summary>Discard pile ({}){}</summary>'
                '<ul class="tb-dcs">{}</ul></details>',
                open_, len(pile), top, join(items) or Markup("<li class=empty>Empty.</li>"))


def _card_face(cid: str) -> Markup:
    d = _card(cid)
    meta = f'{TYPE_ICON.get(d["type"], "")} {TYPE_LABEL.get(d["type"], "")} · level {ROMAN[(d["level"] or 1) - 1]}'
    cost = html("{}{}", icon("a"), d["cost"]) if d["cost"] is not None else Markup()
    extra = Markup()
    if d["type"] == "site":
        extra = html('<span class="tb-int">Integrity {}{}</span>', d["integrity"],
                     " · fortified" if d["fortified"] else "")
        abs_ = join(html("<li>{}{}{}{}: {}</li>", icon("f"), ab["req"],
                         html(" {}{}", icon("a"), ab["cost"]) if ab["cost"] else Markup(),
                         " ∞" if ab["infinite"] else "", ab["text"]) for ab in d["abilities"])
        extra += html('<ul class="tb-card-abs">{}</ul>', abs_) if abs_ else Markup()
    if d.get("trigger"):
        extra += html('<p class="tb-trigger">When: {}</p>', d["trigger"])
    if d.get("modes"):
        extra += html('<ol class="tb-modes">{}</ol>', join(html("<li>{}</li>", m) for m in d["modes"]))
    return html('<div class="tb-card-head"><b>{}</b><span class="tb-cardcost">{}</span></div>'
                '<span class="tb-type">{}</span><p class="tb-card-text">{}</p>{}',
                d["name"], cost, meta, d["text"], extra)


def _hand(t: _T) -> Markup:
    b, ctx = t.b, t.ctx
    seat = t.me
    if seat is None:
        return Markup()
    p = b["players"][seat]
    hand = sorted(p["hand"] or [])
    opened = t.app.table_ui.get("card")
    items = []
    for c in dict.fromkeys(hand):
        d = _card(c)
        k = hand.count(c)
        count = f" · ×{k}" if k > 1 else ""
        acts = [a for a in t.by_target.get(f"card:{c}", [])]
        playable = any(a["action"][0] == "play" for a in acts)
        picks = [a for a in acts if a["action"][0] != "play"]
        # a hinted play of a closed card rings the card itself: its Play button shows only when opened
        hinted = opened != c and any(ctx.hinted(a) for a in acts if a["action"][0] == "play")
        cls = "tb-hcard" + (" playable" if playable else "") + (" pick" if picks else "") + (
            " open" if opened == c else "") + (" hinted" if hinted else "")
        head = html('<button type="button"{}>'
                    '<b>{}</b><span class="tb-type">{} '
                    '{} · {}{}{}</span></button>',
                    attrs(class_="tb-hc-head", data_act="table-ui", data_k="card", data_card=c,
                          aria_expanded="true" if opened == c else "false", data_hint="1" if hinted else None),
                    d["name"], TYPE_ICON.get(d["type"], ""), ROMAN[(d["level"] or 1) - 1], icon("a"), d["cost"],
                    count)
        body = Markup()
        if opened == c:
            plays = join(_act_button(t, a, a["label"], "btn primary") for a in acts if a["action"][0] == "play")
            body = html('<div class="tb-hc-body">{}{}</div>', _card_face(c), plays)
        pick = join(_act_button(t, a, a["label"], "btn small primary") for a in picks)
        items.append(html("<li{}>{}{}{}</li>", attrs(class_=cls, id=f"tb-card-{c}", data_card=c), head, pick, body))
    if not items:
        items.append(Markup('<li class="empty">No cards in hand.</li>'))
    who = "Your hand" + (f" — {p['name']}" if ctx.acting == seat else f" ({p['name']})")
    hint = (Markup('<p class="tb-hint">Tap a card to read it; cards you can afford are marked, and “Play” is on the '
                   'opened card.</p>') if t.main else Markup())
    return html('<section class="tb-hand panel" aria-labelledby="tb-hand-title">'
                '<h2 id="tb-hand-title">{} <span class="count">{}</span></h2>{}'
                '<ul class="tb-hcards">{}</ul></section>', who, len(hand), hint, join(items))


def _decide(app: TableApp, t: _T) -> Markup:
    ctx, v = t.ctx, t.v
    if t.over:
        return Markup()
    if ctx.acting is None:
        return waiting_html(app, ctx)
    pend = t.b.get("pending")
    banner = Markup()
    if pend and not t.main:
        hits = "; ".join(f"{n}{' structural' if st else ''} → {_site_name(t, sid)}" for sid, n, st in pend["hits"]
                         if n)
        banner = html('<p class="tb-pending">{}: {}</p>', pend["label"] or "Damage", hits) if hits else Markup()
    acts = [a for a in ctx.actions if a["action"][0] != "play"]
    if t.main:
        return banner + _main_panel(app, t, acts)
    btns = join(html("<li>{}</li>", _act_button(
        t, a, cls="btn tb-choice" + (" primary" if a["action"][0] not in ("pass", "no", "done") else "")))
        for a in acts)
    return html('<section class="tb-decide panel" aria-label="Your decision">{}'
                '<p class="prompt yours" aria-live="polite">{}</p>'
                '<ul class="action-list tb-opts">{}</ul></section>', banner, v["prompt"], btns)


def _site_name(t: _T, sid: int) -> str:
    for x in t.b["sites"]:
        if x["id"] == sid:
            return f"{_card(x['card'])['name']} ({t.names[x['owner']]})"
    return "a site"


def _main_panel(app: TableApp, t: _T, acts: list[dict[str, Any]]) -> Markup:
    ctx, b = t.ctx, t.b
    groups: dict[str, list[Markup]] = {"Actions": [], "Site abilities": []}
    end = None
    for a in acts:
        k = a["action"][0]
        if k == "end":
            end = a
        elif k == "ability":
            groups["Site abilities"].append(html("<li>{}</li>", _act_button(t, a)))
        elif k == "gain":
            continue  # on the site tiles ("+1 follower here")
        else:
            groups["Actions"].append(html("<li>{}</li>", _act_button(t, a)))
    n_play = sum(1 for a in ctx.actions if a["action"][0] == "play")
    end_html = Markup()
    if end is not None:
        confirm = t.app.table_ui.get("confirm_end") == str(ctx.n)
        if b["actions"] and not confirm:
            end_html = button("End turn…", "table-ui", "btn tb-end", data_k="end", data_n=ctx.n,
                              aria_label=f"End turn ({plural(b['actions'], 'action')} unused)")
        elif b["actions"]:
            end_html = html('<div class="tb-confirm" role="alertdialog" aria-label="Confirm end of turn">'
                            "<p>End the turn with {} unused?</p>"
                            "{}{}</div>",
                            plural(b["actions"], "action"),
                            _act_button(t, end, "Yes, end turn", "btn primary", name="Yes, end turn"),
                            button("Keep playing", "table-ui", "btn", data_k="cancel"))
        else:
            end_html = _act_button(t, end, "End turn", "btn primary tb-end")
    blocks = join(html('<h3>{}</h3><ul class="action-list tb-opts">{}</ul>', k, join(v))
                  for k, v in groups.items() if v)
    play_note = (html('<p class="tb-hint">{} in your hand can be played: open it below.</p>', plural(n_play, "card"))
                 if n_play else Markup())
    if any(a["action"][0] == "gain" for a in acts):
        play_note += Markup('<p class="tb-hint">To gain a follower, tap “+1 follower here” on one of your sites.</p>')
    return html('<section class="tb-decide panel" aria-label="Your turn">'
                '<p class="prompt yours" aria-live="polite">{}</p>{}{}'
                '<div class="tb-endrow">{}</div></section>', t.v["prompt"], play_note, blocks, end_html)


# ---- 3–4 players: strips, team colours, The Hammer and the Forge ---------------------------------
def _colour(t: _T, seat: int) -> int:
    """The colour index of a seat: its team's in team games, its own in free-for-all."""
    if t.b.get("mode") == "free_for_all":
        return seat
    return next(i for i, team in enumerate(t.b["teams"]) if seat in team)


def _role(t: _T, seat: int) -> str:
    p = t.b["players"][seat]
    role = p.get("role") or ""
    if t.me is not None and seat != t.me and seat in next((tm for tm in t.b["teams"] if t.me in tm), []):
        role = (role + " · " if role else "") + "your teammate"
    return role


def _targets_on(t: _T, seat: int) -> list[dict[str, Any]]:
    """The pending options aimed at ``seat``'s sites or at ``seat`` itself."""
    mine = {f"site:{x['id']}" for x in t.b["sites"] if x["owner"] == seat} | {f"seat:{seat}"}
    return [a for a in t.ctx.actions if a.get("target") in mine and a["action"][0] not in MAIN]


def _status(t: _T, seat: int) -> Markup:
    p, b = t.b["players"][seat], t.b
    bits = []
    if p.get("out"):
        bits.append(Markup('<span class="tb-out">Eliminated</span>'))
    elif not t.over and seat == b["active"] and b["turn"]:
        bits.append(html('<span class="tb-acts">to play · {}</span>', plural(b["actions"], "action")))
    elif not t.over and b.get("next") == seat:
        bits.append(Markup('<span class="tb-next">next</span>'))
    if t.ctx.kinds[seat] == "bot":
        bits.append(html('<span class="pbot">bot · {}</span>', t.ctx.levels[seat] or ""))
        if not t.over and seat in t.v["to_act"] and t.ctx.mode == "play":  # nobody thinks in a replay
            bits.append(Markup('<span class="tb-think"><span class="spinner" aria-hidden="true"></span>'
                               "thinking…</span>"))
    elif not t.over and seat in t.v["to_act"] and seat != b["active"]:
        bits.append(Markup('<span class="tb-acts">deciding</span>'))
    if p["lof"]:
        bits.append(Markup('<span class="tb-lof">Loss of Faith next turn</span>'))
    return join(bits)


def _stats(t: _T, seat: int) -> tuple[Markup, str]:
    """The strip's figures as Markup, and the same in words."""
    p, b = t.b["players"][seat], t.b
    figures = html('<span class="tb-lvl" title="Level marker">Lv {}</span>'
                   '<span class="tb-fol" title="Followers">{} {}</span>'
                   '<span title="Sites">{} {}</span>'
                   '<span title="Cards in hand">{} {}</span>',
                   ROMAN[p["level"] - 1], icon("f"), p["followers"], icon("s"), p.get("sites", 0),
                   icon("c"), p["hand_count"])
    words = (f"level {ROMAN[p['level'] - 1]}, {plural(p['followers'], 'follower')}, {plural(p.get('sites', 0), 'site')}, "
             f"{plural(p['hand_count'], 'card')} in hand")
    if b.get("mode") == "free_for_all":
        figures += html('<span class="tb-forge-n" title="Weapon tokens on the Forge">Forge {}</span>', p["forge"])
        words += f", {plural(p['forge'], 'weapon token')} on the Forge"
        if b.get("hammer") == seat:
            figures += Markup('<span class="tb-hammer-badge">Hammer</span>')
            words += ", holds The Hammer"
    return figures, words


def _strip(t: _T, seat: int) -> Markup:
    """Another player, folded to one line; a tap opens their tableau."""
    p = t.b["players"][seat]
    targets = _targets_on(t, seat)
    ui_open = t.app.table_ui.get("open", {}).get(str(seat))
    site_targets = [a for a in targets if str(a.get("target", "")).startswith("site:")]
    opened = ui_open if ui_open is not None else bool(site_targets) and not t.main
    stats, words = _stats(t, seat)
    role = _role(t, seat)
    cls = f"tb-strip tb-c{_colour(t, seat)}" + (" pick" if targets else "") + (" out" if p.get("out") else "") + (
        " turn" if not t.over and seat == t.b["active"] and t.b["turn"] else "")
    badge = html('<span class="tb-choices">{} here</span>', plural(len(targets), "choice")) if targets else Markup()
    label = f"{p['name']}{', ' + role if role else ''}: {words}" + (", eliminated" if p.get("out") else "") + (
        f", {plural(len(targets), 'choice')} here" if targets else "") + (". Hide sites" if opened else ". Show sites")
    head = html('<button type="button"{}>'
                '<span class="tb-strip-who"><span class="tb-dot" aria-hidden="true"></span><b>{}</b>'
                "{}</span>"
                '<span class="tb-strip-stats" aria-hidden="true">{}</span>'
                '<span class="tb-strip-status" aria-hidden="true">{}{}</span>'
                '<span class="chev" aria-hidden="true"></span></button>',
                attrs(class_="tb-strip-head", data_act="table-ui", data_k="strip", data_p=seat,
                      data_open="1" if opened else "0", aria_expanded="true" if opened else "false",
                      aria_controls=f"tb-tab-{seat}", aria_label=label),
                p["name"], html("<span class=tb-role>{}</span>", role) if role else Markup(), stats,
                _status(t, seat), badge)
    chooses = join(_act_button(t, a, a["label"] if a["action"][0] != "opp" else f"Choose {p['name']}",
                               "btn small primary tb-strip-pick")
                   for a in targets if a.get("target") == f"seat:{seat}")
    body = Markup()
    if opened:
        if p.get("known"):
            body += html('<p class="tb-known">Cards you know in {}’s hand: {}</p>',
                         p["name"], ", ".join(_card(c)["name"] for c in p["known"]))
        body += _tableau(t, seat)
    return html("<li{}>{}{}<div{}>{}</div></li>", attrs(class_=cls, id=f"tb-strip-{seat}", data_seat=seat, data_tgt=f"seat:{seat}" if targets else None), head,
                html('<div class="tb-strip-picks">{}</div>', chooses) if chooses else Markup(),
                attrs(id=f"tb-tab-{seat}", class_="tb-strip-body"), body)


def _strips(t: _T) -> Markup:
    n = len(t.names)
    others = [(t.bottom + k) % n for k in range(1, n)]
    return html('<section class="tb-strips" aria-label="Other players">'
                '<ul class="tb-strip-list">{}</ul></section>', join(_strip(t, s) for s in others))


def _me_head(t: _T) -> Markup:
    """The device holder's own line above their tableau (multiplayer)."""
    seat = t.bottom
    p = t.b["players"][seat]
    stats, words = _stats(t, seat)
    role = p.get("role") or ""
    forge = Markup()
    if t.b.get("mode") == "free_for_all":
        fire = [a for a in t.ctx.actions if a["action"][0] == "fire"]
        btn = _act_button(t, fire[0], "Fire weapon", "btn small primary tb-fire") if fire else Markup()
        need = "" if fire or p["forge"] >= 3 else f" · {3 - p['forge']} more to fire"
        forge = html('<div class="tb-forge" id="tb-forge-{}"><span>Your Forge: '
                     "{}{}</span>{}</div>", seat, plural(p["forge"], "weapon token"), need, btn)
    return html('<div class="tb-me tb-c{}{}" aria-label="{}">'
                '<span class="tb-strip-who"><span class="tb-dot" aria-hidden="true"></span><b>{}</b>'
                "{}</span>"
                '<span class="tb-strip-stats" aria-hidden="true">{}</span>'
                '<span class="tb-strip-status">{}</span></div>{}',
                _colour(t, seat), " out" if p.get("out") else "", p["name"] + ": " + words, p["name"],
                html("<span class=tb-role>{}</span>", role) if role else Markup(), stats, _status(t, seat), forge)


def _hammer(t: _T) -> Markup:
    b = t.b
    if b.get("mode") != "free_for_all":
        return Markup()
    h = b.get("hammer")
    if h is None:
        text = "The Hammer lies in the middle: the next player to upgrade claims it."
    else:
        text = (f"The Hammer: {'you hold it' if h == t.me else t.names[h] + ' holds it'}. Whoever ends a turn "
                "holding it forges a weapon token; kill a follower of, damage a site of, or attach a card to a site "
                "of its holder to take it.")
    return html('<p class="tb-hammer" id="tb-hammer">{}</p>', text)


# ---- the hand-off screen's public news -----------------------------------------------------
def handoff_note(app: TableApp, view: dict[str, Any]) -> Markup:
    """Why the next holder is called, from the spectator's ``view`` (nothing private)."""
    v = view
    b = v["board"]
    seat = app.handoff_seat()
    lines = []
    owed = b.get("owed")
    if seat is not None and owed and owed["seat"] == seat and not b.get("pending"):
        who, what = v["seats"][seat], owed["what"]
        if not b["turn"]:
            lines.append(html('<p class="tb-ho-why">{} is asked to {}.</p>', who, what))
        elif owed["what"].startswith("answer"):
            lines.append(html('<p class="tb-ho-why">{} may answer during {}’s turn '
                              "(asked to {}).</p>", who, v["seats"][b["active"]], what))
        else:
            lines.append(html('<p class="tb-ho-why">{} is asked to {} during '
                              "{}’s turn.</p>", who, what, v["seats"][b["active"]]))
    elif seat is not None and b["active"] != seat:
        pend = b.get("pending")
        what = ""
        if pend:
            names = {x["id"]: f"{_card(x['card'])['name']} ({v['seats'][x['owner']]})" for x in b["sites"]}
            hits = "; ".join(f"{n} damage to {names.get(sid, 'a site')}" for sid, n, _st in pend["hits"] if n)
            what = f" — {pend['label'] or 'an effect'}: {hits}" if hits else ""
        lines.append(html('<p class="tb-ho-why">{} may answer during '
                          "{}’s turn{}.</p>", v["seats"][seat], v["seats"][b["active"]], what))
    recent = [t for t in v["log"][-6:]]
    if recent:
        lines.append(html("<h2>Just happened</h2><ol>{}</ol>", join(html("<li>{}</li>", t) for t in recent)))
    return html('<section class="handoff-note tb-ho" aria-label="What happened">{}</section>', join(lines))


# ---- the table ---------------------------------------------------------------------------------
def _mode_info(b: dict[str, Any]) -> str:
    n = len(b["players"])
    if n == 2:
        return ""
    if b.get("mode") == "free_for_all":
        return f"free-for-all, {n} players · "
    return "2 v 1, Solo Baron · " if n == 3 else "teams 2 v 2 · "


def render(app: TableApp, ctx: TableContext) -> Markup:
    t = _T(app, ctx)
    b = t.b
    top = [p["seat"] for p in b["players"] if p["seat"] != t.bottom]
    info = f"{_mode_info(b)}Turn {b['turn']} · {b['card_set'].replace('_', ' ')} set"
    if len(t.names) > 2:
        return html('{bar}<main class="table-main tb-main tb-multi" id="main">{alerts}{end}'
                    '<div class="tb-layout"><div class="tb-col-board">'
                    '{strips}{stacks}<div class="tb-mine">{me}{mine}</div>'
                    '</div><div class="tb-col-side">'
                    "{decide}{hand}{log}"
                    "</div></div></main>",
                    bar=topbar(app, ctx, info), alerts=alerts(app), end=end_panel(app, ctx),
                    strips=_strips(t), stacks=_stacks(t), me=_me_head(t), mine=_tableau(t, t.bottom),
                    decide=_decide(app, t), hand=_hand(t), log=log_panel(app, ctx))
    return html('{bar}<main class="table-main tb-main" id="main">{alerts}{end}'
                '<div class="tb-layout"><div class="tb-col-board"><h2 class="visually-hidden">Sites and stacks</h2>'
                "{tops}{stacks}{mine}"
                '</div><div class="tb-col-side">'
                "{players}{decide}{hand}{log}"
                "</div></div></main>",
                bar=topbar(app, ctx, info), alerts=alerts(app), end=end_panel(app, ctx),
                tops=join(_tableau(t, s) for s in top), stacks=_stacks(t), mine=_tableau(t, t.bottom),
                players=_players(t), decide=_decide(app, t), hand=_hand(t), log=log_panel(app, ctx))
