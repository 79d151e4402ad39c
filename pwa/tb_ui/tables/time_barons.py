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

from ..html import attrs, button, e, plural
from . import Seating, TableContext, alerts, end_panel, log_panel, topbar, waiting_html

ROMAN = ("I", "II", "III", "IV")
TYPE_LABEL = {"site": "Site", "event": "Event", "reaction": "Reaction", "attachment": "Attachment"}
TYPE_ICON = {"site": "⌂", "event": "★", "reaction": "⇄", "attachment": "⊚"}
#: 16×16 line icons (stroke = currentColor): follower, damage, action, card, infinite.
_ICONS = {
    "f": '<circle cx="8" cy="4.5" r="2.6"/><path d="M3 15c0-3.6 2.2-6 5-6s5 2.4 5 6"/>',
    "d": '<path d="M8 1.5l1.6 4 4.2-1.2-2.5 3.6 3.2 2.6-4.2.4.3 4.1L8 12.4 5.4 15l.3-4.1-4.2-.4 3.2-2.6L2.2 4.3l4.2 1.2z"/>',
    "a": '<path d="M9 1L3.5 9H8l-1 6 5.5-8H8z"/>',
    "c": '<rect x="3.5" y="1.5" width="9" height="13" rx="1.5"/>',
    "s": '<path d="M2 8l6-5.5L14 8M3.5 7v7h9V7"/>',
}


def icon(kind: str, title: str = "") -> str:
    """A small inline SVG icon (``f`` follower, ``d`` damage, ``a`` action, ``c`` card, ``s`` site)."""
    tip = f"<title>{e(title)}</title>" if title else ""
    hidden = "" if title else ' aria-hidden="true"'
    return (f'<svg class="tb-ico tb-ico-{kind}" viewBox="0 0 16 16"{hidden} focusable="false">{tip}'
            f'{_ICONS[kind]}</svg>')


def _card(cid: str) -> dict[str, Any]:
    from py_engine.time_barons.cards import card

    return card(cid)


class _T(Seating):
    """What the pieces of the table share (:class:`Seating`), plus whether the
    holder is in their main phase, the options by board target, and the damage
    about to land per site."""

    def __init__(self, app: Any, ctx: TableContext) -> None:
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
def on_ui(app: Any, d: dict[str, Any]) -> None:
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
                name: str | None = None) -> str:
    """A button performing action ``a``: shows ``label`` (default: the action's
    label); its accessible name is ``name``, else the action's full label."""
    text = label or a["label"]
    return (f'<button type="button" class="{cls}"{t.ctx.action_attrs(a)}'
            f' aria-label="{e(name or a["label"])}">{e(text)}</button>')


def _players(t: _T) -> str:
    b, ctx = t.b, t.ctx
    items = []
    for p in b["players"]:
        s = p["seat"]
        turn = not t.over and s == b["active"]
        tag = '<span class="you">you</span>' if s == t.me else ""
        if ctx.kinds[s] == "bot":
            tag = f'<span class="pbot">bot · {e(ctx.levels[s] or "")}</span>'
        acts = f'<span class="tb-acts">{plural(b["actions"], "action")} left</span>' if turn else ""
        lof = '<span class="tb-lof">Loss of Faith next turn</span>' if p["lof"] else ""
        think = ""
        if ctx.kinds[s] == "bot" and not t.over and s in t.v["to_act"]:
            think = '<span class="tb-think"><span class="spinner" aria-hidden="true"></span>thinking…</span>'
        label = (f"{p['name']}: level {ROMAN[p['level'] - 1]}, {plural(p['followers'], 'follower')}, "
                 f"{plural(p['hand_count'], 'card')} in hand" + (", to play" if turn else ""))
        items.append(
            f'<li{attrs(class_="pchip tb-pl" + (" turn" if turn else ""), aria_current="true" if turn else None, aria_label=label, id=f"tb-player-{s}")}>'
            f'<span class="pname">{e(p["name"])}</span>'
            f'<span class="pmeta" aria-hidden="true">{tag}<span class="tb-lvl" title="Level marker">'
            f'Lv {ROMAN[p["level"] - 1]}</span><span class="tb-fol">{icon("f")} {p["followers"]}</span>'
            f'<span>{icon("c")} {p["hand_count"]}</span>{acts}{lof}{think}</span></li>')
    return f'<ul class="players tb-players" aria-label="Players">{"".join(items)}</ul>'


def _ability_rows(t: _T, x: dict[str, Any]) -> str:
    c = _card(x["card"])
    rows = []
    for ab in c["abilities"]:
        req = f'<span class="tb-req" title="Followers needed">{icon("f")}{ab["req"]}</span>'
        cost = f'<span class="tb-cost" title="Action cost">{icon("a")}{ab["cost"]}</span>' if ab["cost"] else ""
        inf = '<span class="tb-inf" title="Infinite: any turn, any number of times">∞</span>' if ab["infinite"] else ""
        use = ""
        for a in t.by_target.get(f"site:{x['id']}", []):
            if a["action"][0] == "ability" and int(a["action"][2]) == ab["n"]:
                use = _act_button(t, a, "Use", "btn small primary tb-use")
        cls = "tb-ab" + (" usable" if use else "")
        rows.append(f'<li class="{cls}"><span class="tb-ab-icons">{req}{cost}{inf}</span>'
                    f'<span class="tb-ab-text">{e(ab["text"])}</span>{use}</li>')
    return f'<ul class="tb-abs">{"".join(rows)}</ul>' if rows else ""


def _site(t: _T, x: dict[str, Any]) -> str:
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
        badges.append('<span class="tb-badge fort" title="Fortified: damage kills nobody until destroyed">Fortified</span>')
    if x["blocked"]:
        badges.append('<span class="tb-badge blocked">Abilities blocked</span>')
    if x["used"] and x["owner"] == t.b["active"]:
        badges.append('<span class="tb-badge used">Ability used</span>')
    atts = "".join(f'<li class="tb-att" title="{e(_card(a)["text"])}">⊚ {e(_card(a)["name"])}</li>' for a in x["att"])
    tuck = ""
    if x["tuck"]:
        known = [e(_card(tc["card"])["name"]) for tc in x["tuck"] if tc["card"]]
        hidden = [ROMAN[tc["level"] - 1] for tc in x["tuck"] if not tc["card"]]
        parts = known + ([f"{len(hidden)} face down ({', '.join(hidden)})"] if hidden else [])
        tuck = f'<p class="tb-tuck">Tucked {len(x["tuck"])}: {"; ".join(parts)}</p>'
    inc = ""
    if sid in t.incoming:
        words = ", ".join(f"{n}{' structural' if st else ''}" for n, st in t.incoming[sid])
        inc = f'<p class="tb-incoming" role="note">Incoming: {e(words)} damage</p>'
    picks = "".join(_act_button(t, a, a["label"], "btn small tb-pick-btn") for a in opts)
    picks += "".join(_act_button(t, a, "+1 follower here (1 action)", "btn small ghost tb-gain",
                                 f"+1 follower here (1 action): {a['label']}") for a in gains)
    label = (f"{c['name']} of {t.names[x['owner']]}: {plural(x['f'], 'follower')}, damage {dmg} of {integ}"
             + (", fortified" if x["fortified"] else ""))
    return (f'<li{attrs(class_=" ".join(cls), id=f"tb-site-{sid}", data_site=sid, aria_label=label)}>'
            f'<div class="tb-site-head"><h4>{e(c["name"])}</h4>'
            f'<span class="tb-lv" title="Card level">{ROMAN[(c["level"] or 1) - 1]}</span></div>'
            f'<div class="tb-site-stats"><span class="tb-f" title="Followers">{icon("f")} <b>{x["f"]}</b></span>'
            f'<span class="tb-dmg" title="Damage / integrity">{icon("d")} {dmg}/{integ}'
            f'<span class="tb-bar"><span data-css="width:{pct}%"></span></span></span></div>'
            f'{"".join(badges)}{inc}'
            + (f'<ul class="tb-atts">{atts}</ul>' if atts else "")
            + tuck + _ability_rows(t, x)
            + (f'<div class="tb-picks">{picks}</div>' if picks else "") + "</li>")


def _tableau(t: _T, seat: int) -> str:
    sites = [x for x in t.b["sites"] if x["owner"] == seat]
    who = "Your sites" if seat == t.me else f"{t.names[seat]}’s sites"
    body = "".join(_site(t, x) for x in sites) or '<li class="empty">No sites.</li>'
    return (f'<section class="tb-tableau{" mine" if seat == t.bottom else ""}" aria-label="{e(who)}">'
            f'<h3>{e(who)} <span class="count">{len(sites)}</span></h3><ul class="tb-sites">{body}</ul></section>')


def _stacks(t: _T) -> str:
    b = t.b
    tiles = []
    for lv in range(1, 5):
        n = b["stacks"][lv - 1]
        here = t.by_target.get(f"stack:{lv}", [])
        btns = "".join(_act_button(t, a, "Draw" if a["action"][0] in ("draw", "stack") else a["label"],
                                   "btn small primary") for a in here)
        levels = [p["name"] for p in b["players"] if p["level"] == lv]
        marks = "".join(f'<span class="tb-marker">{e(nm)}</span>' for nm in levels)
        tiles.append(f'<li{attrs(class_="tb-stack" + (" pick" if here else "") + (" out" if not n else ""), id=f"tb-stack-{lv}", aria_label=f"Level {ROMAN[lv - 1]} stack: {n} cards")}>'
                     f'<span class="tb-stack-lv">{ROMAN[lv - 1]}</span><span class="tb-stack-n">{n if n else "out"}</span>'
                     f'{marks}{btns}</li>')
    out = sum(1 for n in b["stacks"] if not n)
    note = ""
    if b["eod"]:
        note = '<p class="tb-eod">End of Days: each turn begins by destroying one of your own sites.</p>'
    elif out and not t.over:
        end = "End of Days begins" if b["end_of_days_variant"] else "the game ends (majority)"
        note = f'<p class="tb-eod">{plural(out, "stack")} out of 4: at 3, {end} at the end of that turn.</p>'
    return (f'<section class="tb-center" aria-label="Draw stacks and discard pile"><ul class="tb-stacks">{"".join(tiles)}</ul>'
            f'{note}{_hammer(t)}{_discard(t)}</section>')


def _discard(t: _T) -> str:
    pile = t.b["discard"]
    opts = {str(a["target"])[8:]: a for a in t.ctx.actions if str(a.get("target") or "").startswith("discard:")}
    counts: dict[str, int] = {}
    for c in pile:
        counts[c] = counts.get(c, 0) + 1
    items = []
    for c in reversed(list(dict.fromkeys(reversed(pile)))):
        d = _card(c)
        pick = _act_button(t, opts[c], opts[c]["label"], "btn small primary") if c in opts else ""
        items.append(f'<li class="tb-dc{" pick" if pick else ""}"><b>{e(d["name"])}</b>'
                     f'{" ×" + str(counts[c]) if counts[c] > 1 else ""} <span class="tb-type">'
                     f'{TYPE_LABEL.get(d["type"], "")} · {ROMAN[(d["level"] or 1) - 1]}</span>'
                     f'<span class="tb-dc-text">{e(d["text"])}</span>{pick}</li>')
    top = f' — top: {e(_card(pile[-1])["name"])}' if pile else ""
    open_ = " open" if opts else ""
    return (f'<details class="tb-discard"{open_}><summary>Discard pile ({len(pile)}){top}</summary>'
            f'<ul class="tb-dcs">{"".join(items) or "<li class=empty>Empty.</li>"}</ul></details>')


def _card_face(cid: str) -> str:
    d = _card(cid)
    meta = f'{TYPE_ICON.get(d["type"], "")} {TYPE_LABEL.get(d["type"], "")} · level {ROMAN[(d["level"] or 1) - 1]}'
    cost = f'{icon("a")}{d["cost"]}' if d["cost"] is not None else ""
    extra = ""
    if d["type"] == "site":
        extra = f'<span class="tb-int">Integrity {d["integrity"]}{" · fortified" if d["fortified"] else ""}</span>'
        abs_ = "".join(f'<li>{icon("f")}{ab["req"]}{" " + icon("a") + str(ab["cost"]) if ab["cost"] else ""}'
                       f'{" ∞" if ab["infinite"] else ""}: {e(ab["text"])}</li>' for ab in d["abilities"])
        extra += f'<ul class="tb-card-abs">{abs_}</ul>' if abs_ else ""
    if d.get("trigger"):
        extra += f'<p class="tb-trigger">When: {e(d["trigger"])}</p>'
    if d.get("modes"):
        extra += "<ol class=\"tb-modes\">" + "".join(f"<li>{e(m)}</li>" for m in d["modes"]) + "</ol>"
    return (f'<div class="tb-card-head"><b>{e(d["name"])}</b><span class="tb-cardcost">{cost}</span></div>'
            f'<span class="tb-type">{meta}</span><p class="tb-card-text">{e(d["text"])}</p>{extra}')


def _hand(t: _T) -> str:
    b, ctx = t.b, t.ctx
    seat = t.me
    if seat is None:
        return ""
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
        cls = "tb-hcard" + (" playable" if playable else "") + (" pick" if picks else "") + (
            " open" if opened == c else "")
        head = (f'<button type="button"{attrs(class_="tb-hc-head", data_act="table-ui", data_k="card", data_card=c, aria_expanded="true" if opened == c else "false")}>'
                f'<b>{e(d["name"])}</b><span class="tb-type">{TYPE_ICON.get(d["type"], "")} '
                f'{ROMAN[(d["level"] or 1) - 1]} · {icon("a")}{d["cost"]}{count}</span></button>')
        body = ""
        if opened == c:
            plays = "".join(_act_button(t, a, a["label"], "btn primary") for a in acts if a["action"][0] == "play")
            body = f'<div class="tb-hc-body">{_card_face(c)}{plays}</div>'
        pick = "".join(_act_button(t, a, a["label"], "btn small primary") for a in picks)
        items.append(f'<li{attrs(class_=cls, id=f"tb-card-{c}", data_card=c)}>{head}{pick}{body}</li>')
    if not items:
        items.append('<li class="empty">No cards in hand.</li>')
    who = "Your hand" + (f" — {p['name']}" if ctx.acting == seat else f" ({p['name']})")
    hint = ('<p class="tb-hint">Tap a card to read it; cards you can afford are marked, and “Play” is on the '
            'opened card.</p>' if t.main else "")
    return (f'<section class="tb-hand panel" aria-labelledby="tb-hand-title">'
            f'<h2 id="tb-hand-title">{e(who)} <span class="count">{len(hand)}</span></h2>{hint}'
            f'<ul class="tb-hcards">{"".join(items)}</ul></section>')


def _decide(app: Any, t: _T) -> str:
    ctx, v = t.ctx, t.v
    if t.over:
        return ""
    if ctx.acting is None:
        return waiting_html(app, ctx)
    pend = t.b.get("pending")
    banner = ""
    if pend and not t.main:
        hits = "; ".join(f"{n}{' structural' if st else ''} → {_site_name(t, sid)}" for sid, n, st in pend["hits"]
                         if n)
        banner = f'<p class="tb-pending">{e(pend["label"] or "Damage")}: {e(hits)}</p>' if hits else ""
    acts = [a for a in ctx.actions if a["action"][0] != "play"]
    if t.main:
        return banner + _main_panel(app, t, acts)
    btns = "".join(f"<li>{_act_button(t, a, cls='btn tb-choice' + (' primary' if a['action'][0] not in ('pass', 'no', 'done') else ''))}</li>"
                   for a in acts)
    return (f'<section class="tb-decide panel" aria-label="Your decision">{banner}'
            f'<p class="prompt yours" aria-live="polite">{e(v["prompt"])}</p>'
            f'<ul class="action-list tb-opts">{btns}</ul></section>')


def _site_name(t: _T, sid: int) -> str:
    for x in t.b["sites"]:
        if x["id"] == sid:
            return f"{_card(x['card'])['name']} ({t.names[x['owner']]})"
    return "a site"


def _main_panel(app: Any, t: _T, acts: list[dict[str, Any]]) -> str:
    ctx, b = t.ctx, t.b
    groups: dict[str, list[str]] = {"Actions": [], "Site abilities": []}
    end = None
    for a in acts:
        k = a["action"][0]
        if k == "end":
            end = a
        elif k == "ability":
            groups["Site abilities"].append(f"<li>{_act_button(t, a)}</li>")
        elif k == "gain":
            continue  # on the site tiles ("+1 follower here")
        else:
            groups["Actions"].append(f"<li>{_act_button(t, a)}</li>")
    n_play = sum(1 for a in ctx.actions if a["action"][0] == "play")
    end_html = ""
    if end is not None:
        confirm = t.app.table_ui.get("confirm_end") == str(ctx.n)
        if b["actions"] and not confirm:
            end_html = button("End turn…", "table-ui", "btn tb-end", data_k="end", data_n=ctx.n,
                              aria_label=f"End turn ({plural(b['actions'], 'action')} unused)")
        elif b["actions"]:
            end_html = (f'<div class="tb-confirm" role="alertdialog" aria-label="Confirm end of turn">'
                        f'<p>End the turn with {plural(b["actions"], "action")} unused?</p>'
                        f'{_act_button(t, end, "Yes, end turn", "btn primary", name="Yes, end turn")}'
                        f'{button("Keep playing", "table-ui", "btn", data_k="cancel")}</div>')
        else:
            end_html = _act_button(t, end, "End turn", "btn primary tb-end")
    blocks = "".join(f'<h3>{k}</h3><ul class="action-list tb-opts">{"".join(v)}</ul>' for k, v in groups.items() if v)
    play_note = (f'<p class="tb-hint">{plural(n_play, "card")} in your hand can be played: open it below.</p>'
                 if n_play else "")
    if any(a["action"][0] == "gain" for a in acts):
        play_note += '<p class="tb-hint">To gain a follower, tap “+1 follower here” on one of your sites.</p>'
    return (f'<section class="tb-decide panel" aria-label="Your turn">'
            f'<p class="prompt yours" aria-live="polite">{e(t.v["prompt"])}</p>{play_note}{blocks}'
            f'<div class="tb-endrow">{end_html}</div></section>')


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


def _status(t: _T, seat: int) -> str:
    p, b = t.b["players"][seat], t.b
    bits = []
    if p.get("out"):
        bits.append('<span class="tb-out">Eliminated</span>')
    elif not t.over and seat == b["active"] and b["turn"]:
        bits.append(f'<span class="tb-acts">to play · {plural(b["actions"], "action")}</span>')
    elif not t.over and b.get("next") == seat:
        bits.append('<span class="tb-next">next</span>')
    if t.ctx.kinds[seat] == "bot":
        bits.append(f'<span class="pbot">bot · {e(t.ctx.levels[seat] or "")}</span>')
        if not t.over and seat in t.v["to_act"]:
            bits.append('<span class="tb-think"><span class="spinner" aria-hidden="true"></span>thinking…</span>')
    elif not t.over and seat in t.v["to_act"] and seat != b["active"]:
        bits.append('<span class="tb-acts">deciding</span>')
    if p["lof"]:
        bits.append('<span class="tb-lof">Loss of Faith next turn</span>')
    return "".join(bits)


def _stats(t: _T, seat: int) -> tuple[str, str]:
    """The strip's figures as HTML, and the same in words."""
    p, b = t.b["players"][seat], t.b
    html = (f'<span class="tb-lvl" title="Level marker">Lv {ROMAN[p["level"] - 1]}</span>'
            f'<span class="tb-fol" title="Followers">{icon("f")} {p["followers"]}</span>'
            f'<span title="Sites">{icon("s")} {p.get("sites", 0)}</span>'
            f'<span title="Cards in hand">{icon("c")} {p["hand_count"]}</span>')
    words = (f"level {ROMAN[p['level'] - 1]}, {plural(p['followers'], 'follower')}, {plural(p.get('sites', 0), 'site')}, "
             f"{plural(p['hand_count'], 'card')} in hand")
    if b.get("mode") == "free_for_all":
        html += f'<span class="tb-forge-n" title="Weapon tokens on the Forge">Forge {p["forge"]}</span>'
        words += f", {plural(p['forge'], 'weapon token')} on the Forge"
        if b.get("hammer") == seat:
            html += '<span class="tb-hammer-badge">Hammer</span>'
            words += ", holds The Hammer"
    return html, words


def _strip(t: _T, seat: int) -> str:
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
    badge = f'<span class="tb-choices">{plural(len(targets), "choice")} here</span>' if targets else ""
    label = f"{p['name']}{', ' + role if role else ''}: {words}" + (", eliminated" if p.get("out") else "") + (
        f", {plural(len(targets), 'choice')} here" if targets else "") + (". Hide sites" if opened else ". Show sites")
    head = (f'<button type="button"{attrs(class_="tb-strip-head", data_act="table-ui", data_k="strip", data_p=seat, data_open="1" if opened else "0", aria_expanded="true" if opened else "false", aria_controls=f"tb-tab-{seat}", aria_label=label)}>'
            f'<span class="tb-strip-who"><span class="tb-dot" aria-hidden="true"></span><b>{e(p["name"])}</b>'
            f'{f"<span class=tb-role>{e(role)}</span>" if role else ""}</span>'
            f'<span class="tb-strip-stats" aria-hidden="true">{stats}</span>'
            f'<span class="tb-strip-status" aria-hidden="true">{_status(t, seat)}{badge}</span>'
            f'<span class="chev" aria-hidden="true"></span></button>')
    chooses = "".join(_act_button(t, a, a["label"] if a["action"][0] != "opp" else f"Choose {p['name']}",
                                  "btn small primary tb-strip-pick")
                      for a in targets if a.get("target") == f"seat:{seat}")
    body = ""
    if opened:
        if p.get("known"):
            body += (f'<p class="tb-known">Cards you know in {e(p["name"])}’s hand: '
                     f'{e(", ".join(_card(c)["name"] for c in p["known"]))}</p>')
        body += _tableau(t, seat)
    return (f'<li{attrs(class_=cls, id=f"tb-strip-{seat}", data_seat=seat)}>{head}'
            + (f'<div class="tb-strip-picks">{chooses}</div>' if chooses else "")
            + f'<div{attrs(id=f"tb-tab-{seat}", class_="tb-strip-body")}>{body}</div></li>')


def _strips(t: _T) -> str:
    n = len(t.names)
    others = [(t.bottom + k) % n for k in range(1, n)]
    return (f'<section class="tb-strips" aria-label="Other players">'
            f'<ul class="tb-strip-list">{"".join(_strip(t, s) for s in others)}</ul></section>')


def _me_head(t: _T) -> str:
    """The device holder's own line above their tableau (multiplayer)."""
    seat = t.bottom
    p = t.b["players"][seat]
    stats, words = _stats(t, seat)
    role = p.get("role") or ""
    forge = ""
    if t.b.get("mode") == "free_for_all":
        fire = [a for a in t.ctx.actions if a["action"][0] == "fire"]
        btn = _act_button(t, fire[0], "Fire weapon", "btn small primary tb-fire") if fire else ""
        need = "" if fire or p["forge"] >= 3 else f" · {3 - p['forge']} more to fire"
        forge = (f'<div class="tb-forge" id="tb-forge-{seat}"><span>Your Forge: '
                 f'{plural(p["forge"], "weapon token")}{need}</span>{btn}</div>')
    return (f'<div class="tb-me tb-c{_colour(t, seat)}{" out" if p.get("out") else ""}" aria-label="{e(p["name"] + ": " + words)}">'
            f'<span class="tb-strip-who"><span class="tb-dot" aria-hidden="true"></span><b>{e(p["name"])}</b>'
            f'{f"<span class=tb-role>{e(role)}</span>" if role else ""}</span>'
            f'<span class="tb-strip-stats" aria-hidden="true">{stats}</span>'
            f'<span class="tb-strip-status">{_status(t, seat)}</span></div>{forge}')


def _hammer(t: _T) -> str:
    b = t.b
    if b.get("mode") != "free_for_all":
        return ""
    h = b.get("hammer")
    if h is None:
        text = "The Hammer lies in the middle: the next player to upgrade claims it."
    else:
        text = (f"The Hammer: {'you hold it' if h == t.me else t.names[h] + ' holds it'}. Whoever ends a turn "
                "holding it forges a weapon token; kill a follower of, damage a site of, or attach a card to a site "
                "of its holder to take it.")
    return f'<p class="tb-hammer" id="tb-hammer">{e(text)}</p>'


# ---- the hand-off screen's public news -----------------------------------------------------
def handoff_note(app: Any) -> str:
    """Why the next holder is called, from the spectator's view (nothing private)."""
    m = app.match
    v = m.game.view(m.state, None)
    b = v["board"]
    seat = app.handoff_seat()
    lines = []
    owed = b.get("owed")
    if seat is not None and owed and owed["seat"] == seat and not b.get("pending"):
        who, what = e(v["seats"][seat]), e(owed["what"])
        if not b["turn"]:
            lines.append(f'<p class="tb-ho-why">{who} is asked to {what}.</p>')
        elif owed["what"].startswith("answer"):
            lines.append(f'<p class="tb-ho-why">{who} may answer during {e(v["seats"][b["active"]])}’s turn '
                         f"(asked to {what}).</p>")
        else:
            lines.append(f'<p class="tb-ho-why">{who} is asked to {what} during '
                         f'{e(v["seats"][b["active"]])}’s turn.</p>')
    elif seat is not None and b["active"] != seat:
        pend = b.get("pending")
        what = ""
        if pend:
            names = {x["id"]: f"{_card(x['card'])['name']} ({v['seats'][x['owner']]})" for x in b["sites"]}
            hits = "; ".join(f"{n} damage to {names.get(sid, 'a site')}" for sid, n, _st in pend["hits"] if n)
            what = f" — {e(pend['label'] or 'an effect')}: {e(hits)}" if hits else ""
        lines.append(f'<p class="tb-ho-why">{e(v["seats"][seat])} may answer during '
                     f'{e(v["seats"][b["active"]])}’s turn{what}.</p>')
    recent = [t for t in v["log"][-6:]]
    if recent:
        lines.append("<h2>Just happened</h2><ol>" + "".join(f"<li>{e(t)}</li>" for t in recent) + "</ol>")
    return f'<section class="handoff-note tb-ho" aria-label="What happened">{"".join(lines)}</section>'


# ---- the table ---------------------------------------------------------------------------------
def _mode_info(b: dict[str, Any]) -> str:
    n = len(b["players"])
    if n == 2:
        return ""
    if b.get("mode") == "free_for_all":
        return f"free-for-all, {n} players · "
    return "2 v 1, Solo Baron · " if n == 3 else "teams 2 v 2 · "


def render(app: Any, ctx: TableContext) -> str:
    t = _T(app, ctx)
    b = t.b
    top = [p["seat"] for p in b["players"] if p["seat"] != t.bottom]
    info = f"{_mode_info(b)}Turn {b['turn']} · {b['card_set'].replace('_', ' ')} set"
    if len(t.names) > 2:
        return (topbar(app, ctx, e(info))
                + '<main class="table-main tb-main tb-multi" id="main">'
                + alerts(app) + end_panel(app, ctx)
                + '<div class="tb-layout"><div class="tb-col-board">'
                + _strips(t) + _stacks(t) + '<div class="tb-mine">' + _me_head(t) + _tableau(t, t.bottom) + "</div>"
                + '</div><div class="tb-col-side">'
                + _decide(app, t) + _hand(t) + log_panel(app, ctx)
                + "</div></div></main>")
    return (topbar(app, ctx, e(info))
            + '<main class="table-main tb-main" id="main">'
            + alerts(app) + end_panel(app, ctx)
            + '<div class="tb-layout"><div class="tb-col-board"><h2 class="visually-hidden">Sites and stacks</h2>'
            + "".join(_tableau(t, s) for s in top) + _stacks(t) + _tableau(t, t.bottom)
            + '</div><div class="tb-col-side">'
            + _players(t) + _decide(app, t) + _hand(t) + log_panel(app, ctx)
            + "</div></div></main>")
