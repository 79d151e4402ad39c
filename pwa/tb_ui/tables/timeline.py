"""The Timeline table (renders ``Timeline.board_view``, see py_engine/timeline/rules.py).

- the timeline strip scrolls sideways inside itself; between and around the cards,
  every gap is a 44px+ button (accessible name "Place between 1440 CE and 1492 CE")
  only while placing there is a legal action, else a thin spacer;
- the acting human's hand: card fronts (no year) as buttons while a ``select`` is
  legal; the chosen card is highlighted and the others let the player change
  their mind (undo + select);
- feedback for the latest placement (correct/wrong with the true year), status
  chips, pile/discard/round, the log, undo, and the end panel.
"""

from __future__ import annotations

from typing import Any

from ..html import attrs, e, plural
from . import TableContext, alerts, end_panel, log_panel, topbar

STATUS = {"playing": "Playing", "finished": "Finished", "out": "Out", "winner": "Winner"}


def deck_titles(board: dict[str, Any]) -> dict[str, str]:
    return {d["id"]: d["title"] for d in board.get("decks", [])}


def place_label(label: str) -> str:
    """"Between 1440 CE and 1492 CE" -> "Place between 1440 CE and 1492 CE"."""
    return "Place " + (label[:1].lower() + label[1:] if label else "here")


def _long(title: str, limit: int) -> str:
    """" long" if the title has a word too long for a narrow card (a smaller font
    then avoids breaking the word in two)."""
    longest = max((len(w) for w in title.split()), default=0)
    return " long xlong" if longest >= limit + 3 else " long" if longest >= limit else ""


def _player_chips(ctx: TableContext, board: dict[str, Any]) -> str:
    over = ctx.view["outcome"] is not None
    items = []
    for p in board["players"]:
        s = p["seat"]
        turn = not over and s == board["turn"]
        who = ""
        if ctx.kinds[s] == "bot":
            who = f'<span class="pbot">bot · {e(ctx.levels[s] or "")}</span>'
        status = STATUS.get(p["status"], p["status"])
        if p.get("done_this_round") and p["status"] != "winner":
            status += " · done this round"
        you = ' <span class="you">(you)</span>' if s == ctx.acting else ""
        label = f"{p['name']}: {plural(len(p['hand']), 'card')}, {status}" + (", to play" if turn else "")
        items.append(
            f'<li{attrs(class_="pchip st-" + p["status"] + (" turn" if turn else ""), aria_current="true" if turn else None, aria_label=label)}>'
            f'<span class="pname">{e(p["name"])}{you}</span>{who}'
            f'<span class="pmeta"><span class="pcount">{plural(len(p["hand"]), "card")}</span>'
            f'<span class="pstatus">{e(status)}</span></span></li>')
    return f'<ul class="players" aria-label="Players">{"".join(items)}</ul>'


def _feedback(ctx: TableContext, board: dict[str, Any]) -> str:
    last = board.get("last")
    if not last:
        return ('<div class="feedback idle" role="status"><span class="fb-icon" aria-hidden="true"></span>'
                '<div class="fb-text"><strong>The timeline starts with one card.</strong>'
                '<span>Place your cards before, between or after the cards on the table.</span></div></div>')
    c = last["card"]
    fresh = ctx.fresh is not None and ctx.fresh[1].name == "place"
    ok = last["correct"]
    head = f"{'Correct' if ok else 'Wrong'} — {c['title']} is {c['year_label']}"
    sub = (f"{last['name']} placed it correctly; it stays in the timeline." if ok
           else f"{last['name']} placed it wrongly; it leaves the game"
                + (" and a new card is drawn." if ctx.view["outcome"] is None else "."))
    cls = f"feedback {'ok' if ok else 'bad'}" + (" fresh" if fresh else "")
    deck = f' <span class="fb-deck deck-{e(c["deck"])}" aria-hidden="true"></span>'
    return (f'<div class="{cls}" role="status" data-last-n="{ctx.n}"><span class="fb-icon" aria-hidden="true"></span>'
            f'<div class="fb-text"><strong>{e(head)}</strong>{deck}<span>{e(sub)}</span></div></div>')


def _timeline(ctx: TableContext, board: dict[str, Any]) -> str:
    places = {a["action"][1]: a for a in ctx.actions if a["action"][0] == "place"}
    # keyboard users: after choosing a card, focus moves to the first gap
    focus_gap = min(places) if places and ctx.fresh is not None and ctx.fresh[1].name == "select" else None
    last = board.get("last")
    fresh = ctx.fresh is not None and ctx.fresh[1].name == "place" and last and last["correct"]
    decks = deck_titles(board)
    cards = board["timeline"]
    parts = []
    for g in range(len(cards) + 1):
        a = places.get(g)
        if a is not None:
            parts.append(
                f'<li class="gap live"><button type="button" class="gap-btn" id="gap-{g}"'
                f'{ctx.action_attrs(a)}{attrs(data_autofocus="1" if g == focus_gap else None)}'
                f' aria-label="{e(place_label(a["label"]))}">'
                f'<span class="gap-plus" aria-hidden="true">+</span></button></li>')
        else:
            parts.append('<li class="gap" aria-hidden="true"></li>')
        if g < len(cards):
            c = cards[g]
            is_new = bool(last and last["correct"] and last["card"]["id"] == c["id"])
            cls = f"tcard deck-{c['deck']}" + (" placed" if is_new else "") + (" fresh" if is_new and fresh else "")
            parts.append(
                f'<li{attrs(class_=cls, data_card=c["id"], tabindex=0, title=c["description"], data_scroll_to="1" if is_new and fresh else None)}>'
                f'<span class="tc-year">{e(c["year_label"])}</span>'
                f'<span class="tc-title{_long(c["title"], 12)}">{e(c["title"])}</span>'
                f'<span class="tc-desc">{e(c["description"])}</span>'
                f'<span class="tc-deck">{e(decks.get(c["deck"], c["deck"]))}</span></li>')
    hint = ""
    if places:
        hint = '<p class="tl-hint">Tap a highlighted gap. Scroll the timeline sideways to see it all.</p>'
    return (f'<section class="tl" aria-label="Timeline, earliest on the left">'
            f'<div class="tl-scroll" id="tl-scroll" tabindex="0" aria-label="Timeline: {e(plural(len(cards), "card"))}, scrolls sideways">'
            f'<ol class="tl-strip{" placing" if places else ""}">{"".join(parts)}</ol></div>{hint}</section>')


def _hand_card(c: dict[str, Any], decks: dict[str, str], inner_cls: str = "", named: bool = False) -> str:
    """A hand card's face; ``named``: inside a button whose name says it all (the
    face is then hidden from assistive technology, which reads the name)."""
    h = ' aria-hidden="true"' if named else ""
    # spaces between the parts: its text reads as words, as its name does
    return (f'<span class="hc-title{_long(c["title"], 15)}"{h}>{e(c["title"])}</span> '
            f'<span class="hc-desc"{h}>{e(c["description"])}</span> '
            f'<span class="hc-deck"{h}>{e(decks.get(c["deck"], c["deck"]))}</span>')


def _card_name(c: dict[str, Any], decks: dict[str, str]) -> str:
    """A hand card's accessible name: what it shows, in the order it shows it."""
    return f"{c['title']} — {c['description']} — {decks.get(c['deck'], c['deck'])}"


def _my_hand(app: Any, ctx: TableContext, board: dict[str, Any]) -> str:
    seat = ctx.perspective
    if seat is None or ctx.kinds[seat] != "human":
        return ""
    p = board["players"][seat]
    decks = deck_titles(board)
    selects = {a["action"][1]: a for a in ctx.actions if a["action"][0] == "select"}
    selected = board.get("selected") if ctx.acting == seat else None
    # After choosing a card (and before placing it), the player may change their mind.
    reselect = selected is not None and ctx.reselect
    items = []
    # keyboard users: once a card is placed, focus the next player's first card
    autofocus = ctx.fresh is not None and ctx.fresh[1].name == "place"
    for c in p["hand"]:
        base = f"hcard deck-{c['deck']}"
        if c["id"] in selects:
            a = selects[c["id"]]
            items.append(f'<li><button type="button" class="{base} pick" id="card-{e(c["id"])}"'
                         f'{ctx.action_attrs(a)}{attrs(data_autofocus="1" if autofocus else None)}'
                         f' aria-label="Choose {e(_card_name(c, decks))}">'
                         f"{_hand_card(c, decks, named=True)}</button></li>")
            autofocus = False
        elif c["id"] == selected:
            items.append(f'<li><div class="{base} selected" aria-current="true" id="card-{e(c["id"])}">'
                         f'<span class="hc-tag">Placing</span>{_hand_card(c, decks)}</div></li>')
        elif reselect:
            a = {"action": ["select", c["id"]]}
            items.append(f'<li><button type="button" class="{base} pick alt" id="card-{e(c["id"])}"'
                         f'{ctx.action_attrs(a, "reselect")} aria-label="Choose {e(_card_name(c, decks))} instead">'
                         f"{_hand_card(c, decks, named=True)}</button></li>")
        else:
            items.append(f'<li><div class="{base}">{_hand_card(c, decks)}</div></li>')
    if not items:
        items.append('<li class="empty">No cards left.</li>')
    who = "Your cards" if ctx.acting == seat else f"{p['name']}’s cards"
    heading = f"{who}" + (f" — {p['name']}" if ctx.acting == seat else "")
    return (f'<section class="hand mine" aria-labelledby="hand-title">'
            f'<h2 id="hand-title">{e(heading)} <span class="count">{len(p["hand"])}</span></h2>'
            f'<ul class="hcards">{"".join(items)}</ul></section>')


def _other_hands(ctx: TableContext, board: dict[str, Any]) -> str:
    decks = deck_titles(board)
    mine = ctx.perspective if ctx.perspective is not None and ctx.kinds[ctx.perspective] == "human" else None
    blocks = []
    for p in board["players"]:
        if p["seat"] == mine:
            continue
        cards = "".join(f'<li class="mcard deck-{e(c["deck"])}" title="{e(c["description"])}">'
                        f'<span class="mc-title">{e(c["title"])}</span>'
                        f'<span class="mc-deck">{e(decks.get(c["deck"], c["deck"]))}</span></li>'
                        for c in p["hand"])
        blocks.append(f'<div class="ohand"><h3>{e(p["name"])} <span class="count">{len(p["hand"])}</span></h3>'
                      f'<ul class="mcards">{cards or "<li class=empty>No cards</li>"}</ul></div>')
    title = "Other players’ cards" if mine is not None else "Players’ cards"
    return (f'<section class="others" aria-label="{e(title)}"><h2>{e(title)}</h2>'
            f'{"".join(blocks)}</section>')


def render(app: Any, ctx: TableContext) -> str:
    v = ctx.view
    b = v["board"]
    info = f"Round {b['round']}" + (" · play-off" if b["phase"] == "playoff" else "")
    counts = (f'<p class="counts"><span>Round <b>{b["round"]}</b>{" (play-off)" if b["phase"] == "playoff" else ""}</span>'
              f'<span>Draw pile <b>{b["pile"]}</b></span><span>Discarded <b>{b["discard"]}</b></span></p>')
    over = v["outcome"] is not None
    prompt = v["prompt"]
    thinking = False
    if not over and ctx.acting is None:
        turn = b["turn"]
        if ctx.kinds[turn] == "bot":
            prompt = f"{v['seats'][turn]} is thinking…"
            thinking = True
    prompt_html = (f'<p class="prompt{" thinking" if thinking else ""}{" yours" if ctx.acting is not None else ""}"'
                   f' id="prompt" aria-live="polite">{e(prompt)}</p>') if not over else ""
    return (topbar(app, ctx, e(info))
            + '<main class="table-main" id="main">'
            + alerts(app)
            + end_panel(app, ctx)
            + '<div class="table-top">' + _player_chips(ctx, b) + counts + "</div>"
            + prompt_html
            + _feedback(ctx, b)
            + _timeline(ctx, b)
            + '<div class="table-bottom">'
            + _my_hand(app, ctx, b)
            + _other_hands(ctx, b)
            + log_panel(app, ctx)
            + "</div></main>")
