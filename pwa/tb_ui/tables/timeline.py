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

from ..context import TableApp, TableContext
from ..html import Markup, attrs, bare_name, html, join, plural
from ..parts import alerts, end_panel, log_panel, replay_status, topbar

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


def _player_chips(ctx: TableContext, board: dict[str, Any]) -> Markup:
    over = ctx.view["outcome"] is not None
    items = []
    for p in board["players"]:
        s = p["seat"]
        turn = not over and s == board["turn"]
        who = Markup()
        if ctx.kinds[s] == "bot":
            who = html('<span class="pbot">bot · {}</span>', ctx.levels[s] or "")
        status = STATUS.get(p["status"], p["status"])
        if p.get("done_this_round") and p["status"] != "winner":
            status += " · done this round"
        # "you" on the line below the name, as Time Barons does: the name alone keeps the chip's width
        you = Markup('<span class="you">you</span>') if s == ctx.acting else Markup()
        label = f"{p['name']}: {plural(len(p['hand']), 'card')}, {status}" + (", to play" if turn else "")
        items.append(html(
            '<li{}>'
            '<span class="pname">{}</span>{}'
            '<span class="pmeta">{}<span class="pcount">{}</span>'
            '<span class="pstatus">{}</span></span></li>',
            attrs(class_="pchip st-" + p["status"] + (" turn" if turn else ""),
                  aria_current="true" if turn else None, aria_label=label),
            # a bot's level is in its tag: the name without it never gets cut short ("Bot 1 (no…")
            bare_name(p["name"]) if ctx.kinds[s] == "bot" else p["name"], who, you, plural(len(p["hand"]), "card"),
            status))
    return html('<ul class="players" aria-label="Players">{}</ul>', join(items))


def _feedback(ctx: TableContext, board: dict[str, Any]) -> Markup:
    last = board.get("last")
    if not last:
        return Markup('<div class="feedback idle" role="status"><span class="fb-icon" aria-hidden="true"></span>'
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
    deck = html(' <span class="fb-deck deck-{}" aria-hidden="true"></span>', c["deck"])
    return html('<div class="{}" role="status" data-last-n="{}"><span class="fb-icon" aria-hidden="true"></span>'
                '<div class="fb-text"><strong>{}</strong>{}<span>{}</span></div></div>',
                cls, ctx.n, head, deck, sub)


def _timeline(ctx: TableContext, board: dict[str, Any]) -> Markup:
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
            parts.append(html(
                '<li class="gap live"><button type="button" class="gap-btn" id="gap-{}"'
                '{}{}'
                ' aria-label="{}">'
                '<span class="gap-plus" aria-hidden="true">+</span></button></li>',
                g, ctx.action_attrs(a), attrs(data_autofocus="1" if g == focus_gap else None),
                place_label(a["label"])))
        else:
            parts.append(Markup('<li class="gap" aria-hidden="true"></li>'))
        if g < len(cards):
            c = cards[g]
            is_new = bool(last and last["correct"] and last["card"]["id"] == c["id"])
            cls = f"tcard deck-{c['deck']}" + (" placed" if is_new else "") + (" fresh" if is_new and fresh else "")
            parts.append(html(
                '<li{}>'
                '<span class="tc-year">{}</span>'
                '<span class="tc-title{}">{}</span>'
                '<span class="tc-desc">{}</span>'
                '<span class="tc-deck">{}</span></li>',
                attrs(class_=cls, data_card=c["id"], tabindex=0, title=c["description"],
                      data_scroll_to="1" if is_new and fresh else None),
                c["year_label"], _long(c["title"], 12), c["title"], c["description"],
                decks.get(c["deck"], c["deck"])))
    hint = Markup()
    if places:
        hint = Markup('<p class="tl-hint">Tap a highlighted gap. Scroll the timeline sideways to see it all.</p>')
    return html('<section class="tl" aria-label="Timeline, earliest on the left">'
                '<div class="tl-scroll" id="tl-scroll" tabindex="0" aria-label="Timeline: {}, scrolls sideways">'
                '<ol class="tl-strip{}">{}</ol></div>{}</section>',
                plural(len(cards), "card"), " placing" if places else "", join(parts), hint)


def _hand_card(c: dict[str, Any], decks: dict[str, str], inner_cls: str = "", named: bool = False) -> Markup:
    """A hand card's face; ``named``: inside a button whose name says it all (the
    face is then hidden from assistive technology, which reads the name)."""
    h = Markup(' aria-hidden="true"') if named else Markup()
    # spaces between the parts: its text reads as words, as its name does
    return html('<span class="hc-title{}"{}>{}</span> '
                '<span class="hc-desc"{}>{}</span> '
                '<span class="hc-deck"{}>{}</span>',
                _long(c["title"], 15), h, c["title"], h, c["description"],
                h, decks.get(c["deck"], c["deck"]))


def _card_name(c: dict[str, Any], decks: dict[str, str]) -> str:
    """A hand card's accessible name: what it shows, in the order it shows it."""
    return f"{c['title']} — {c['description']} — {decks.get(c['deck'], c['deck'])}"


def _my_hand(app: TableApp, ctx: TableContext, board: dict[str, Any]) -> Markup:
    seat = ctx.perspective
    if seat is None or ctx.kinds[seat] != "human":
        return Markup()
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
            items.append(html('<li><button type="button" class="{} pick" id="card-{}"'
                              '{}{}'
                              ' aria-label="Choose {}">'
                              "{}</button></li>",
                              base, c["id"], ctx.action_attrs(a),
                              attrs(data_autofocus="1" if autofocus else None),
                              _card_name(c, decks), _hand_card(c, decks, named=True)))
            autofocus = False
        elif c["id"] == selected:
            items.append(html('<li><div class="{} selected" aria-current="true" id="card-{}">'
                              '<span class="hc-tag">Placing</span>{}</div></li>',
                              base, c["id"], _hand_card(c, decks)))
        elif reselect:
            a = {"action": ["select", c["id"]]}
            items.append(html('<li><button type="button" class="{} pick alt" id="card-{}"'
                              '{} aria-label="Choose {} instead">'
                              "{}</button></li>",
                              base, c["id"], ctx.action_attrs(a, "reselect"), _card_name(c, decks),
                              _hand_card(c, decks, named=True)))
        else:
            items.append(html('<li><div class="{}">{}</div></li>', base, _hand_card(c, decks)))
    if not items:
        items.append(Markup('<li class="empty">No cards left.</li>'))
    who = "Your cards" if ctx.acting == seat else f"{p['name']}’s cards"
    heading = f"{who}" + (f" — {p['name']}" if ctx.acting == seat else "")
    return html('<section class="hand mine" aria-labelledby="hand-title">'
                '<h2 id="hand-title">{} <span class="count">{}</span></h2>'
                '<ul class="hcards">{}</ul></section>',
                heading, len(p["hand"]), join(items))


def _other_hands(ctx: TableContext, board: dict[str, Any]) -> Markup:
    decks = deck_titles(board)
    mine = ctx.perspective if ctx.perspective is not None and ctx.kinds[ctx.perspective] == "human" else None
    blocks = []
    for p in board["players"]:
        if p["seat"] == mine:
            continue
        cards = join(html('<li class="mcard deck-{}" title="{}">'
                          '<span class="mc-title">{}</span>'
                          '<span class="mc-deck">{}</span></li>',
                          c["deck"], c["description"], c["title"], decks.get(c["deck"], c["deck"]))
                     for c in p["hand"])
        blocks.append(html('<div class="ohand"><h3>{} <span class="count">{}</span></h3>'
                           '<ul class="mcards">{}</ul></div>',
                           p["name"], len(p["hand"]), cards or Markup("<li class=empty>No cards</li>")))
    title = "Other players’ cards" if mine is not None else "Players’ cards"
    return html('<section class="others" aria-label="{}"><h2>{}</h2>'
                '{}</section>', title, title, join(blocks))


def render(app: TableApp, ctx: TableContext) -> Markup:
    v = ctx.view
    b = v["board"]
    info = f"Round {b['round']}" + (" · play-off" if b["phase"] == "playoff" else "")
    counts = html('<p class="counts"><span>Round <b>{}</b>{}</span>'
                  '<span>Draw pile <b>{}</b></span><span>Discarded <b>{}</b></span></p>',
                  b["round"], " (play-off)" if b["phase"] == "playoff" else "", b["pile"], b["discard"])
    over = v["outcome"] is not None
    prompt = replay_status(ctx) if ctx.mode == "replay" else v["prompt"]
    thinking = False
    if not over and ctx.acting is None:
        turn = b["turn"]
        if ctx.kinds[turn] == "bot" and ctx.mode == "play":  # nobody thinks in the replay viewer
            prompt = f"{v['seats'][turn]} is thinking…"
            thinking = True
    prompt_html = html('<p class="prompt{}{}"'
                       ' id="prompt" aria-live="polite">{}</p>',
                       " thinking" if thinking else "", " yours" if ctx.acting is not None else "",
                       prompt) if not over else Markup()
    return html('{}<main class="table-main" id="main">{}{}'
                '<div class="table-top">{}{}</div>'
                '{}{}{}'
                '<div class="table-bottom">{}{}{}</div></main>',
                topbar(app, ctx, info), alerts(app), end_panel(app, ctx),
                _player_chips(ctx, b), counts,
                prompt_html, _feedback(ctx, b), _timeline(ctx, b),
                _my_hand(app, ctx, b), _other_hands(ctx, b), log_panel(app, ctx))


def handoff_note(app: TableApp, view: dict[str, Any]) -> Markup:
    """Nothing to add on the pass-the-device screen (its title names the next holder)."""
    return Markup()


def on_ui(app: TableApp, data: dict[str, Any]) -> None:
    """The Timeline table has no view state of its own: every tap is an action."""
