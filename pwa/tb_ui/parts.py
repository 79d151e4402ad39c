"""Page parts shared by the screens and the game tables: the navigation bar, alerts, the
catch-up panel, a table's top bar, game log, end panel and "waiting" box. They import only
:mod:`.html` and :mod:`.context`; what they show of a replay or a daily deal arrives
pre-rendered in the :class:`~tb_ui.context.TableContext`."""

from __future__ import annotations

from typing import Any

from py_engine.core.wording import a_an

from .context import TableApp, TableContext
from .html import Markup, attrs, button, html, jattr, join, plural


def odds_line(a: dict[str, Any]) -> Markup:
    """The odds an action's entry carries (issue 24 §3: ``a["odds"]``, the engine's
    :class:`~py_engine.core.Odds` JSON), as a line to put inside its button under the label:
    ``<span class="odds-line">58% to reach 5 votes</span>``; empty if it has none."""
    o = a.get("odds")
    if not o:
        return Markup()
    return html('<span class="odds-line">{}</span>', o["short"])


def odds_label(a: dict[str, Any], label: str) -> str:
    """A button's accessible name with the action's odds after its label, in the words its
    odds line shows (``"Spend 4 (4 dice). 30% to reach 5 votes"``: a name that holds the
    visible text, as speech input and axe-core's label-content-name-mismatch require), or the
    label alone.
    """
    o = a.get("odds")
    return f"{label}. {o['short']}" if o else label


def odds_details(actions: list[dict[str, Any]]) -> Markup:
    """The whole distributions behind the options' odds (issue 24 §3), for the decision
    panel: per action whose odds carry tables (``a["odds"]["tables"]``, e.g. each side's hits
    in a battle), a fold-out named after the option with its note and one table per roll
    (outcome, chance); empty when no option has any."""
    out = []
    for a in actions:
        o = a.get("odds")
        if not o or not o.get("tables"):
            continue
        tables = join(html('<table class="odds-table"><caption>{}</caption><tbody>{}</tbody></table>',
                           t["caption"], join(html('<tr><th scope="row">{}</th><td>{}</td></tr>',
                                                   r["label"], r["percent"]) for r in t["rows"]))
                      for t in o["tables"])
        note = html('<p class="help">{}</p>', o["note"]) if o.get("note") else Markup()
        out.append(html('<details class="odds-details"><summary>Odds in detail: {}</summary>'
                        '<p class="odds-head">{}</p>{}<div class="odds-tables">{}</div></details>',
                        a["label"], o["headline"], note, tables))
    return join(out)


def appbar(app: object, active: str) -> Markup:
    """The main navigation (games, saved games, settings), ``active`` marked (the same on
    every screen: ``app`` is not read)."""
    links = [("library", "Games"), ("saves", "Saved games"), ("settings", "Settings")]
    items = join(
        html("<li>{}</li>", button(label, "go", "navlink", data_to=to, aria_current="page" if to == active else None))
        for to, label in links)
    # not a <header>: the page's banner is the shell's brand bar
    return html('<div class="appbar"><div class="appbar-in">'
                '<nav aria-label="Main"><ul class="nav">{}</ul></nav></div></div>', items)


def alerts(app: TableApp) -> Markup:
    """The error, notice and autosave-failure messages of every screen and table."""
    out = []
    if app.error:
        out.append(html('<div class="alert alert-error" role="alert"><p>{}</p>{}</div>',
                        app.error, button("Dismiss", "dismiss", "btn ghost small")))
    if app.notice:
        out.append(html('<div class="alert alert-ok" role="status"><p>{}</p>{}</div>',
                        app.notice, button("OK", "dismiss", "btn ghost small")))
    if app.save_error:
        out.append(html('<div class="alert alert-error" role="alert"><p>{}</p></div>', app.save_error))
    problem = app.storage_problem()
    if problem and problem != app.save_error:
        out.append(html('<div class="alert alert-error storage-alert" role="alert"><p>{}</p></div>', problem))
    out.append(catchup_panel(app))
    return join(out)


def catchup_panel(app: TableApp) -> Markup:
    """The bots' moves since the player's last one, in one panel (also in the log)."""
    c = app.catchup()
    if not c:
        return Markup()
    items = join(html("<li>{}</li>", t) for t in c["lines"])
    more = (html('<p class="help">…and {} in the game log.</p>', plural(c["more"], "earlier line"))
            if c["more"] else Markup())
    return html('<section class="catchup panel" aria-labelledby="catchup-title">'
                '<h2 id="catchup-title">{} <span class="count">{}</span></h2>'
                '<ol class="catchup-list">{}</ol>{}{}</section>',
                c["title"], plural(c["moves"], "bot turn"), items, more,
                button("OK", "catchup-ok", "btn small", aria_label="OK, hide this summary"))


def think_fill(fraction: float) -> Markup:
    """The moving part of a thinking bar, ``fraction`` (0..1) of it filled: a ``scaleX`` transform
    (tb-page.mjs moves it the same way between renders, on the compositor).

    >>> str(think_fill(0.375))
    '<span class="think-fill" data-css="transform:scaleX(0.38)"></span>'
    """
    return html('<span class="think-fill" data-css="transform:scaleX({:.2f})"></span>', fraction)


def thinking_html(app: TableApp, ctx: TableContext, name: str) -> Markup:
    """"<name> is thinking…" with the search's progress (``#think-progress``; the
    browser layer moves its bar after every slice of thinking, without a re-render); in the
    replay viewer, which shows a position where nobody thinks, its status line instead."""
    if ctx.mode == "replay":  # the replay viewer shows a position: nobody is thinking or waited for
        return html('<p class="prompt">{}</p>', replay_status(ctx))
    if ctx.coach is not None and ctx.coach["done"]:  # a finished lesson: the game stops with it
        return html('<p class="prompt">The lesson stops here; {} would move next.</p>', name)
    p = app.thinking_progress()
    pct = round(100 * (p or 0.0))
    bar = attrs(class_="think-bar", id="think-progress", role="progressbar", aria_label=f"{name} is thinking",
                aria_valuemin=0, aria_valuemax=100, aria_valuenow=pct)
    return html('<div class="thinking-box" role="status">'
                '<p class="thinking-text">{} is thinking…</p>'
                '<div{}>{}</div></div>', name, bar, think_fill(pct / 100))


def replay_status(ctx: TableContext) -> str:
    """The replay viewer's line for a position where nobody on the screen decides: who moves
    next (not the live table's "Waiting for …": in a replay nobody is waited for)."""
    v = ctx.view
    names = [str(v["seats"][s]) for s in v["to_act"]]
    if not names:
        return str(v["prompt"])
    return f"Next to move: {' and '.join(names)}."


def waiting_html(app: TableApp, ctx: TableContext) -> Markup:
    """What a table's decision panel shows while no human here may act: the first bot to
    act thinking (:func:`thinking_html`), else the status line (``view["prompt"]``)."""
    v = ctx.view
    bots = [s for s in v["to_act"] if ctx.kinds[s] == "bot"]
    if bots:
        return thinking_html(app, ctx, str(v["seats"][bots[0]]))
    if ctx.mode == "replay":
        return html('<p class="prompt">{}</p>', replay_status(ctx))
    return html('<p class="prompt" aria-live="polite">{}</p>', v["prompt"])


def topbar(app: TableApp, ctx: TableContext, info: Markup | str = "") -> Markup:
    """The table's bar: leave, title, undo, rules; "skip to my turn" while bots play.
    In the replay viewer: close, title, and the replay controls. ``info``: text (escaped)
    or Markup beside the title."""
    if ctx.mode == "replay":
        return html('<header class="tbar replay-head"><div class="tbar-in">{}'
                    '<div class="tbar-title"><h1 tabindex="-1">Replay: {}</h1>'
                    '<span class="tbar-info">{}</span></div></div>{}</header>',
                    button("‹ Close", "back", "btn ghost small", aria_label="Close the replay"),
                    ctx.view["title"], info, ctx.controls)
    skip = Markup()
    if app.bot_pending():
        rest = " to my turn" if any(k == "human" for k in ctx.kinds) else " to the end"
        # "Skip" on a phone, "Skip to my turn" where there is room (.skip-more)
        shown = "Skipping…" if app.skipping else html('Skip<span class="skip-more">{}</span>', rest)
        skip = button(shown, "skip", "btn small skip", disabled=app.skipping,
                      aria_label=("Skipping: the bots play at full speed" if app.skipping
                                  else f"Skip{rest}: the bots play at full speed"))
    undo = button("Undo", "undo", "btn small", disabled=not ctx.can_undo,
                  aria_label="Undo your last choice" if ctx.can_undo else "Undo (nothing to undo)")
    if ctx.undo_locked:  # the player's own choice, locked by a reveal: a tap says why (issue 48)
        undo = button("Undo", "undo", "btn small", aria_disabled="true", aria_label=f"Undo: {ctx.undo_locked}")
    link = html('<p class="tbar-link" role="status">{}</p>', ctx.link) if ctx.link else Markup()
    if ctx.handed is not None:  # the last choice was the hand-over: Undo takes the seat back
        seat, level = ctx.handed
        undo = button("Undo", "take-back", "btn small", data_seat=seat,
                      aria_label="Undo: take your seat back from the bot")
        link += html('<p class="tbar-link tbar-handed" role="status">{} plays for {}. {}</p>',
                     a_an(f"{level} bot").capitalize(),
                     ctx.view["seats"][seat], button("Take my seat back", "take-back", "btn small", data_seat=seat))
    # the page's banner while a table shows (the shell's brand bar is hidden then)
    return html('<header class="tbar"><div class="tbar-in">{leave}'
                '<div class="tbar-title"><h1 tabindex="-1">{title}</h1>'
                '<span class="tbar-info">{info}</span></div>'
                '<div class="tbar-actions">{skip}{undo}{rules}</div>'
                "</div>{link}{pinned}{row}</header>",
                leave=button("‹ Games", "leave", "btn ghost small",
                             aria_label="Games: leave the table (the game stays saved)"),
                title=ctx.view["title"], info=info, skip=skip, undo=undo,
                rules=button("Rules", "rules", "btn ghost small", data_game=ctx.view["game"]),
                link=link, pinned=decision_bar(app, ctx),
                row=coach_row(ctx) if ctx.coach is not None and ctx.mode == "play" else hint_row(ctx))


def coach_row(ctx: TableContext) -> Markup:
    """A lesson's coach under the table's bar (issue 45), pinned so it stays in view: the step
    (of how many), what to do and why, and the rule it teaches; a refused tap's reason under it.
    Once the script is over: what the lesson taught, and "Play a real game" (the new-game form
    of this game), the game's whole rules help, or back to the games. Its line is a live region: each step is announced."""
    c = ctx.coach
    assert c is not None
    if c["done"]:
        points = join(html("<li>{}</li>", x) for x in c["summary"])
        return html('<div class="coach coach-done" role="status" id="coach-line">'
                    '<p class="coach-head"><b>Lesson complete.</b> What you learned:</p>'
                    '<ul class="coach-summary">{}</ul><div class="coach-actions">{}{}{}</div></div>',
                    points, button("Play a real game", "new", "btn primary small", data_game=c["game"]),
                    button("All the rules", "rules", "btn small", data_game=c["game"]),
                    button("Games", "leave", "btn ghost small", aria_label="Games: leave the lesson"))
    refused = (html('<p class="coach-refused" role="alert">{}</p>', c["refused"]) if c.get("refused")
               else Markup())
    return html('<div class="coach" id="coach-line"><p class="coach-text" role="status">'
                '<span class="coach-step">{} · step {} of {}</span> {} <span class="coach-rule">({})</span></p>{}</div>',
                c["title"], c["step"], c["steps"], c["text"], c["rule"], refused)


#: The Hint button's icon, a light bulb (drawn in the text colour).
BULB = html('<svg class="hint-bulb" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">'
            '<path d="M9 18h6M10 21h4M12 3a6 6 0 0 0-3.6 10.8c.6.5 1 1.2 1 2V16h5.2v-.2c0-.8.4-1.5 1-2A6 6 0 0 0 12 3z"'
            ' fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round"/>'
            "</svg>")


def hint_row(ctx: TableContext) -> Markup:
    """The hint under the table's bar (issue 24 §5): while the bot looks for it, its progress
    (``#hint-progress``, moved by the browser layer like the bots' bar) and Cancel; then the
    suggested choice, its button ringed on the table (``data-hint``), with one line of why
    and Hide. Empty when no hint was asked."""
    h = ctx.hint
    if h is None or h["state"] == "idle":
        return Markup()
    if h["state"] == "thinking":
        pct = round(100 * float(h.get("progress") or 0.0))
        bar = attrs(class_="think-bar", id="hint-progress", role="progressbar",
                    aria_label="Looking for a hint", aria_valuemin=0, aria_valuemax=100, aria_valuenow=pct)
        return html('<div class="hint-row" role="status"><p class="hint-text">'
                    'Looking for a hint…</p>'
                    '<div{}>{}</div>{}</div>',
                    bar, think_fill(pct / 100), button("Cancel", "hint-cancel", "btn ghost small",
                                     aria_label="Cancel the hint"))
    return html('<div class="hint-row hint-ready" role="status" id="hint-line"><p class="hint-text">'
                '<span class="hint-mark" aria-hidden="true">★</span><b>Hint: {}</b> '
                '<span class="hint-why">{}.</span></p>{}</div>',
                h["label"], h["reason"], button("Hide", "hint-cancel", "btn ghost small",
                                                 aria_label="Hide the hint"))


def decision_bar(app: TableApp, ctx: TableContext) -> Markup:
    """The decision pinned under the table's bar (issue 24 §2), so it stays in view while
    the player scrolls to the board: the prompt on one or two lines (``.tbar-prompt``;
    hidden from screen readers, which hear it from the decision panel's live prompt) with
    the Hint button beside it when the player may ask for one (issue 24 §5), or, while a cautioned option waits for its confirmation, :func:`caution_dialog`.
    Empty when nobody here decides (bots, the other seat, the end, a replay)."""
    if ctx.mode != "play" or ctx.view["outcome"] is not None or ctx.acting is None or not ctx.actions:
        return Markup()
    pending = ctx.caution_pending(app.table_ui)
    if pending is not None:
        return caution_dialog(ctx, pending)
    hint = Markup()
    if ctx.hint is not None:
        idle = ctx.hint["state"] == "idle"
        # a bulb on a phone, "Hint" beside it where there is room (.hint-word)
        hint = button(html('{}<span class="hint-word">Hint</span>', BULB), "hint", "btn small hint-btn",
                      disabled=not idle,
                      aria_label="Hint: what the hard bot would choose here" if idle else "Hint (asked)")
    return html('<div class="tbar-prompt"><p class="tbar-prompt-text" aria-hidden="true">{}</p>{}</div>',
                ctx.view["prompt"], hint)


def caution_dialog(ctx: TableContext, a: dict[str, Any]) -> Markup:
    """The confirmation an option that harms the player's own side asks for (``a``: the
    view's action entry, with its ``caution`` sentence): what it is, why it hurts, and
    "Do it anyway" (plays it) or "Cancel" (closes the question; nothing is played).
    An option tapped on the board that spends something (its ``spends`` sentence, no
    ``caution``; issue 48 §1) asks the same way, plainly: what it is, what it costs,
    "Do it" or "Cancel". An ``alertdialog`` in the pinned bar, so the target stays in
    view below it; Cancel takes the focus."""
    harm = bool(a.get("caution"))
    go = attrs(type="button", class_="btn danger" if harm else "btn primary", data_act="play",
               data_a=jattr(a["action"]),
               data_target=a.get("target") or None)  # its seat and state: the screen's (action_attrs)
    return html('<div class="tbar-prompt tbar-caution{plain}" role="alertdialog" aria-modal="false" '
                'aria-labelledby="caution-q" aria-describedby="caution-why">'
                '<p class="caution-text"><b id="caution-q">{label}?</b> <span id="caution-why">{why}</span>'
                '{ask}</p><div class="caution-acts"><button{go}>{yes}</button>{cancel}</div></div>',
                plain="" if harm else " tbar-spend", ask=" Do it anyway?" if harm else "",
                yes="Do it anyway" if harm else "Do it",
                label=a["label"], why=a["caution"] if harm else a["spends"], go=go,
                cancel=button("Cancel", "caution-cancel", "btn", data_autofocus=True,
                              aria_label="Cancel: do not do it"))


#: How many of the latest log lines an opened log shows until the player asks for all of them:
#: enough for a few rounds, few enough that a 600-turn game's table draws as fast as a short one's.
LOG_SHOWN = 50


def log_panel(app: TableApp, ctx: TableContext) -> Markup:
    """The game log (``view["log"]``: every line the seat may read), folded unless
    ``app.log_open``. Opened, it is a numbered list in the order of play, oldest first, of
    the latest :data:`LOG_SHOWN` lines (numbered as in the whole game), with a button for
    the whole log (``app.log_all``) and back. Its box scrolls, starting at the newest line."""
    lines: list[str] = ctx.view["log"]
    open_ = app.log_open
    body = Markup()
    if open_:
        total = len(lines)
        first = 0 if app.log_all or total <= LOG_SHOWN else total - LOG_SHOWN
        items = join(html("<li>{}</li>", t) for t in lines[first:])
        label = (f"Game log, all {plural(total, 'line')}, oldest first" if first == 0
                 else f"Game log, lines {first + 1} to {total} of {total}, oldest first")
        more = Markup()
        if first:
            more = button(f"Show the whole log ({plural(first, 'earlier line')})", "log-all",
                          "btn small log-more", data_all="yes")
        elif app.log_all and total > LOG_SHOWN:
            more = button(f"Show only the latest {LOG_SHOWN} lines", "log-all", "btn small log-more", data_all="no")
        body = html('<div class="log-body" id="log-body">{}<div class="log-scroll" tabindex="0">'
                    '<ol class="log-list" id="log-list" start="{}" aria-label="{}">{}</ol></div></div>',
                    more, first + 1, label, items)
    toggle = attrs(class_="log-toggle", data_act="log-toggle", aria_expanded="true" if open_ else "false",
                   aria_controls="log-body" if open_ else None)
    # a region of the page (tb_ui.regions): sent again only when a line is added or it is opened
    return html('<section class="log panel" id="patch-log" data-patch="log" aria-label="Game log">'
                '<button type="button"{}>'
                '<span>Game log</span><span class="count">{}</span>'
                '<span class="chev" aria-hidden="true"></span></button>{}{}</section>', toggle,
                plural(len(lines), "line"), body, hand_over_panel(ctx))


def hand_over_panel(ctx: TableContext) -> Markup:
    """At the foot of every table's log panel (which each table places where it fits): "Let a bot
    finish for me" (issue 48 §3), a folded offer to hand the seat shown to a bot of one of
    ``ctx.hand_over``'s levels; empty where the seat may not be handed. The bot plays from where the game stands; Undo or
    "Take my seat back" (:func:`topbar`) returns the seat."""
    if not ctx.hand_over or ctx.mode != "play":
        return Markup()
    picks = join(button(f"{lv.capitalize()} bot", "hand-over", "btn", data_level=lv,
                        aria_label=f"Let {a_an(lv)} bot finish the game for me") for lv in ctx.hand_over)
    return html('<details class="hand-over"><summary>Let a bot finish for me</summary>'
                '<p class="help">A bot takes your seat from here to the end while you watch. Undo, or '
                '“Take my seat back”, gives it back to you at any time.</p>'
                '<div class="hand-over-levels" role="group" aria-label="Bot level">{}</div></details>', picks)


def end_panel(app: TableApp, ctx: TableContext) -> Markup:
    """The end of the game: who won and why, and what next (:func:`end_actions`)."""
    out = ctx.view["outcome"]
    if not out:
        return Markup()
    seats = ctx.view["seats"]
    winners = [seats[w] for w in out["winners"]]
    if len(winners) == 1:
        head = f"{winners[0]} wins!"
    elif len(winners) == len(seats):
        head = "A draw!"
    else:
        head = f"{', '.join(winners[:-1])} and {winners[-1]} share the win!"
    daily = ctx.daily and ctx.mode == "play"
    if daily:
        head = "Today’s deal is done!"
    extra = ctx.score if daily else Markup()
    return html('<section class="endpanel" aria-labelledby="end-title">'
                '<div class="trophy" aria-hidden="true"></div>'
                '<h2 id="end-title">{}</h2><p class="reason">{}</p>{}{}{}</section>',
                head, out["reason"], standings_table(ctx), extra, end_actions(app, ctx))


def standings_table(ctx: TableContext, rows: bool = True) -> Markup:
    """The final standings of the view (``view["standings"]``, see
    :class:`py_engine.core.Standings`): a row per place with the seat names, the score and
    its breakdown in the game's terms; then how the game ended (the rule cited) and its length
    (the game's own measure, and the minutes at the table when known). ``rows`` False: the
    facts only (a table that draws its own score table, as Time War's does)."""
    st = ctx.view.get("standings")
    if not st or not st.get("rows"):
        return Markup()
    seats = ctx.view["seats"]
    trs = []
    for r in st["rows"]:
        names = join((html('<span class="st-name">{}</span>', seats[p]) for p in r["seats"]), Markup(" & "))
        first = attrs(class_="st-first" if r["place"] == 1 else None)
        trs.append(html('<tr{}><th scope="row" class="st-place">{}</th><td>{}</td><td class="st-score">{}</td></tr>',
                        first, ordinal(int(r["place"])), names, r["score"]))
        if r["details"]:  # the breakdown under the name and the score, the width of both
            trs.append(html('<tr class="st-more"><td></td><td colspan="2"><ul class="st-details">{}</ul></td></tr>',
                            join(html("<li>{}: <b>{}</b></li>", k, v) for k, v in r["details"])))
    facts = []
    reason = (ctx.view.get("outcome") or {}).get("reason", "")
    rule = str(st.get("rule") or "")
    # the panel's heading line already says the reason: not again in other words (issue 48), which
    # a line citing the same rule would be
    if st.get("how") and st["how"] != reason and not (rule and rule in reason):
        how = st["how"] + (f" ({st['rule']})" if st.get("rule") and st["rule"] not in st["how"] else "")
        facts.append(html("<li>{}</li>", how))
    length = [x for x in (st.get("length") or "",
                          plural(ctx.minutes, "minute") + " at the table" if ctx.minutes else "") if x]
    if length:
        facts.append(html("<li>Length: {}</li>", " · ".join(length)))
    if ctx.hints_used:
        facts.append(html("<li>Hints used: {}</li>", ctx.hints_used))
    if not rows:
        return (html('<div class="standings-wrap"><ul class="st-facts">{}</ul></div>', join(facts))
                if facts else Markup())
    return html('<div class="standings-wrap"><table class="standings">'
                '<caption>Final standings</caption>'
                '<thead><tr><th scope="col">Place</th><th scope="col">Player</th>'
                '<th scope="col">Score</th></tr></thead><tbody>{}</tbody></table>'
                '{}</div>', join(trs),
                html('<ul class="st-facts">{}</ul>', join(facts)) if facts else Markup())


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``… ``11th``, ``21st``."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def end_actions(app: TableApp, ctx: TableContext) -> Markup:
    """The end panel's buttons: rematch and the library (a daily deal: its result instead of a
    rematch), then "Watch again" (:func:`watch_again`); the replay viewer: none; a guest phone
    (issue 47): leaving only (the host starts a rematch; the game is the host's to replay)."""
    if ctx.mode == "replay":
        return Markup()
    if ctx.guest:
        return html('<div class="actions">{}</div>', button("Leave the table", "leave", "btn primary"))
    if ctx.daily:
        first = button("See your result", "daily", "btn primary", data_game=ctx.view["game"])
    else:
        first = button("Rematch", "rematch", "btn primary")
    return html('<div class="actions">{}{}</div>{}', first, button("Library", "leave", "btn"),
                watch_again(app, ctx))


def watch_again(app: TableApp, ctx: TableContext) -> Markup:
    """"Watch again" (issue 24 §1): the replay from the start, and from each key moment of
    ``ctx.moments`` (a button per step: "Move 12", then what happened there)."""
    sid = app.match_id
    items = [html("<li>{}</li>", button("From the start", "replay-open", "btn watch-start", data_id=sid, data_k=0,
                                        aria_label="Watch the replay from the start"))]
    for k, label in ctx.moments:
        # its name is what it shows ("Move 12 Ann takes the lead"), under the "Watch again" heading
        shown = html('<span class="wm-step">Move {}</span> <span class="wm-label">{}</span>', k, label)
        items.append(html("<li>{}</li>", button(shown, "replay-open", "btn watch-moment", data_id=sid, data_k=k)))
    return html('<section class="watch-again" aria-labelledby="watch-title">'
                '<h3 id="watch-title">Watch again</h3><ul class="watch-list">{}</ul></section>', join(items))
