"""The Time War table (renders ``TimeWar.board_view``, see py_engine/time_war/rules.py).

- the board: the five spaces in a column, the base of the seat holding the device at
  the bottom ("ahead" is up for them); on each space its cubes, markers, values,
  who controls it, and beside it the visible command half (glyph, name, and which
  player it faces: a coloured edge and pointer on that player's side, plus their
  letter), with the number of halves it covers (tap to list them);
- playing a card: tap a card of the hand (``select``), then one of the eight
  placements (``place j command``, grouped by position): the first tap previews it
  on the board (the two covered spaces, the new halves, and the whole run order
  after it), "Play the card here" confirms;
- the execution: this turn's steps, the space being carried out highlighted, and
  the choice the facing player owes (counts, push make-up, colours; rally sources
  are buttons on the board's spaces);
- only the hand of the seat holding the device is ever rendered (the view of that
  seat has no other hand); unplayed cards of each side are public and shown by
  their commands only;
- a bot's "thinking…" with progress; the end panel with the score by space,
  markers and scenario points.

Colour-blind cues: Yellow is a round badge "Y", Red a square badge "R", white
cubes a hollow "W"; facing is shown by position and text, never by colour alone.
"""

from __future__ import annotations

from typing import Any

from py_engine.time_war.rules import TimeWar
from py_engine.time_war.rules import data as _data

from ..context import Seating, TableApp, TableContext
from ..html import Markup, attrs, bare_name, button, html, join, plural
from ..parts import (
    alerts,
    end_actions,
    log_panel,
    replay_status,
    standings_table,
    think_fill,
    thinking_html,
    topbar,
)

COLOURS = ("yellow", "red", "white")
#: The table draws its own summary of the other side's last turn ("Last turn", beside the board):
#: the app's "Since your last move" panel waits for two bot turns (tb_ui.tables.own_last_turn).
LAST_TURN_PANEL = True
LETTERS = ("Y", "R", "W")
SHORT = {1: "Y base", 2: "Y front", 3: "Middle", 4: "R front", 5: "R base"}
ORDINAL = ("1st", "2nd", "3rd", "4th", "5th")
#: What each scenario does, in a short line of our own.
SCENARIO_LINES = {
    "attrition": "Every unit destroyed gives its owner’s opponent a white cube: 1 point each.",
    "centre": "After every turn, whoever holds the Middle takes a white cube: 1 point each.",
    "objectives": "Objective markers on the battlefield: +1 point per marker on each space you hold at the end.",
    "raid": "After your own turn, a white cube (1 point) if you have a unit in the enemy base.",
    "garrison": "Three neutral units hold the Middle; each one you destroy by charging is a 2-point trophy.",
}
#: What each command does, in a few words (titles and tooltips).
COMMAND_HINTS = {
    "deploy": "one unit from the supply onto this space",
    "move": "one or more units one space forward",
    "push": "units step forward, each shoving one unit a space further",
    "charge": "one unit steps forward and destroys a unit there",
    "sabotage": "destroy one unit on this space",
    "rally": "bring one unit here from another space",
}
#: 24×24 line icons (stroke = currentColor); "move" and "push" point ahead (up).
#: Each command's character in the Time War glyph font (public/fonts/tw-glyphs.woff2, drawn by
#: scripts/make_glyph_font.py, whose COMMANDS order these follow): private-use code points.
GLYPH_CHARS = {c: chr(0xE000 + i) for i, c in enumerate(("deploy", "move", "push", "charge", "sabotage", "rally"))}


def _scenario(sid: str) -> dict[str, Any]:
    return next(s for s in _data()["scenarios"] if s["id"] == sid)


def glyph(command: str, down: bool = False) -> Markup:
    """The icon of a command (``down``: turned to point at the top player's "ahead"): a character of
    the glyph font, hidden from screen readers (the command's name is always written beside it).

    A character, not an inline SVG: each SVG was a paint chunk of its own that every frame walked
    again (issue 44; scripts/make_glyph_font.py).

    >>> print(glyph("move", down=True))
    <span class="tw-glyph tw-down" aria-hidden="true">\ue001</span>
    """
    cls = "tw-glyph" + (" tw-down" if down and command in ("move", "push") else "")
    return html('<span class="{}" aria-hidden="true">{}</span>', cls, GLYPH_CHARS.get(command, ""))


def badge(k: int, extra: str = "") -> Markup:
    """The colour-blind-safe token of a colour: round Y, square R, hollow W."""
    return html('<span class="tw-badge tw-{}{}" aria-hidden="true">{}</span>', COLOURS[k], extra, LETTERS[k])


def card_halves(card: str, b: dict[str, Any]) -> tuple[str, str]:
    h = b["cards"][card[1:]]["halves"]
    return str(h[0]), str(h[1])


def general(card: str, b: dict[str, Any]) -> str:
    return str(b["cards"][card[1:]]["general"])


class _Ctx(Seating):
    """What the pieces of the table share (:class:`Seating`), and the turn report's
    first new step."""

    def __init__(self, app: TableApp, ctx: TableContext) -> None:
        super().__init__(app, ctx)
        self.new_from = len(self.b["steps"])  # steps from here on are new (set by _flash)

    def who(self, seat: int) -> str:
        """"you" for the seat holding the device, else the colour."""
        return "you" if seat == self.me else COLOURS[seat].title()

    def colour_name(self, seat: int) -> str:
        return f"{COLOURS[seat].title()} ({self.names[seat]})"

    def down(self, seat: int) -> bool:
        """True if ``seat`` sits at the top of the board (its "ahead" points down)."""
        return seat != self.bottom


# ---- view state (previews, open stacks) ---------------------------------------------------
def on_ui(app: TableApp, d: dict[str, Any]) -> None:
    """``data-act="table-ui"`` taps: ``k=preview`` (``key="j:command"``), ``k=cancel``,
    ``k=stack`` (``space=<id>``: show or hide what a stack covers)."""
    ui = app.table_ui
    k = d.get("k")
    if k == "preview":
        ui["preview"] = {"n": str(d.get("n")), "key": str(d.get("key")), "card": str(d.get("card"))}
    elif k == "cancel":
        ui.pop("preview", None)
    elif k == "stack":
        opened = set(ui.get("open", []))
        sid = str(d.get("space"))
        opened.symmetric_difference_update({sid})
        ui["open"] = sorted(opened)


def _rules(ctx: TableContext) -> TimeWar:
    """Time War's rules object (its placement geometry needs no state)."""
    assert isinstance(ctx.game, TimeWar)
    return ctx.game


def _preview(t: _Ctx) -> dict[str, Any] | None:
    """The placement being previewed: {"key", "action", "card", "laid": [(space id,
    command, facing)]}, if it is still a legal action now."""
    pv = t.app.table_ui.get("preview")
    card = t.b.get("selected")
    me = t.ctx.acting
    if not pv or pv.get("n") != str(t.ctx.n) or card is None or pv.get("card") != card or me is None:
        return None
    for a in t.ctx.actions:
        if a["action"][0] == "place" and f"{a['action'][1]}:{a['action'][2]}" == pv["key"]:
            laid = _rules(t.ctx).placement(me, int(a["action"][1]), str(a["action"][2]), card)
            return {"key": pv["key"], "action": a, "card": card,
                    "laid": [(s + 1, cmd, face) for s, cmd, face in laid]}
    return None


def _last_card(v: dict[str, Any]) -> str | None:
    """The card played last in this game (``board_view``'s ``last_play``)."""
    last = v["board"].get("last_play")
    return str(last["card"]) if last else None


# ---- top: players and scenario ---------------------------------------------------------------
def _players(t: _Ctx) -> Markup:
    b, ctx = t.b, t.ctx
    sc = _scenario(b["scenario"]["id"])
    items = []
    for p in b["players"]:
        s = p["seat"]
        turn = not t.over and s == b["active"]
        tag = Markup('<span class="you">you</span>') if s == t.me else Markup()
        if ctx.kinds[s] == "bot":
            tag = html('<span class="pbot">bot · {}</span>', ctx.levels[s] or "")
        held = Markup()
        if sc["points_per_white"]:
            word = "trophy" if b["scenario"]["id"] == "garrison" else "cube"
            held = html('<span title="White {}s held">{} {}</span>',
                        word, badge(2), plural(p["held"], word, "trophies" if word == "trophy" else None))
        label = (f"{COLOURS[s].title()}, {p['name']}: {plural(p['score'], 'point')}; "
                 f"{plural(p['hand_count'], 'card')} in hand, {p['deck_count']} in the deck, "
                 f"{p['supply']} in the supply" + (", to play" if turn else ""))
        think = Markup()
        if ctx.kinds[s] == "bot" and not t.over and s in t.v["to_act"] and ctx.mode == "play":
            # phones: the decision panel is below the board; show the bot at work up here too
            pct = round(100 * (t.app.thinking_progress() or 0.0))
            think = html('<div class="tw-pl-think" aria-hidden="true">thinking…'
                         '<span class="think-bar">{}</span></div>', think_fill(pct / 100))
        items.append(html(
            '<li{}>'
            '<div class="tw-pl-head">{}<span class="pname">{}</span>'
            '<span class="tw-score" aria-hidden="true">{}<small>pts</small></span></div>'
            '<div class="tw-pl-meta" aria-hidden="true">{}<span>Hand {}</span>'
            '<span>Deck {}</span><span>Supply {}</span>{}</div>{}</li>',
            # each player is a region of the page (tb_ui.regions): a move sends the players it changed
            attrs(class_=f"tw-pl tw-pl-{COLOURS[s]}" + (" turn" if turn else ""), id=f"patch-tw-pl-{s}",
                  data_patch=f"tw-pl-{s}", aria_current="true" if turn else None, aria_label=label),
            badge(s), bare_name(p["name"]) if ctx.kinds[s] == "bot" else p["name"], p["score"], tag, p["hand_count"],
            p["deck_count"], p["supply"], held, think))
    return html('<ul class="tw-players" aria-label="Players and scores">{}</ul>', join(items))


def _scenario_card(t: _Ctx) -> Markup:
    b = t.b
    sid = b["scenario"]["id"]
    sc = _scenario(sid)
    extra = []
    if sc["reserve"]:
        extra.append(html('{} Reserve <b>{}</b>', badge(2), b["scenario"]["reserve"]))
    if sc["points_per_white"]:
        word = "Trophies" if sid == "garrison" else "Cubes held"
        held = join((html('{} <b>{}</b>', badge(p["seat"]), p["held"]) for p in b["players"]), Markup(" · "))
        extra.append(html("{}: {}", word, held))
    if sc["points_per_marker"]:
        extra.append(html('<span class="tw-star" aria-hidden="true">★</span> {}',
                          plural(sum(sp["markers"] for sp in b["spaces"]), "marker")))
    game = Markup()
    if t.v["board"]["game_no"] > 1 or t.ctx.options.get("match_of_two"):
        carry = b["carry"]
        game = html('<p class="tw-scen-extra">Game {} of 2{}</p>', b["game_no"],
                    html(' · game 1: {} <b>{}</b> {} <b>{}</b>', badge(0), carry[0], badge(1), carry[1])
                    if b["game_no"] > 1 else "")
    return html('<section class="tw-scen" id="patch-tw-scen" data-patch="tw-scen" aria-label="Scenario card">'
                '<p class="tw-scen-name"><span class="tw-scen-tag">Scenario</span> <strong>{}</strong></p>'
                '<p class="tw-scen-line">{}</p>{}{}</section>',
                b["scenario"]["name"], SCENARIO_LINES.get(sid, ""),
                html('<p class="tw-scen-extra">{}</p>', join(extra, Markup(" · "))) if extra else "",
                game)


# ---- the board ---------------------------------------------------------------------------------
def _units(sp: dict[str, Any]) -> Markup:
    """A space's units and markers: a region of the page (``tw-units-<space>``)."""
    groups = []
    for k, n in enumerate(sp["units"]):
        if n <= 0:
            continue
        cubes = join(Markup("<i></i>") for _ in range(min(n, 10)))
        groups.append(html('<span class="tw-ug tw-{}">{}<span class="tw-cubes">{}</span>'
                           '<b class="tw-n">{}</b></span>', COLOURS[k], badge(k), cubes, n))
    if sp["markers"]:
        stars = "★" * sp["markers"]
        groups.append(html('<span class="tw-ug tw-marker" title="Objective markers"><span class="tw-star">{}</span></span>',
                           stars))
    return html('<div class="tw-units" id="patch-tw-units-{0}" data-patch="tw-units-{0}" aria-hidden="true">{1}</div>',
                sp["id"], join(groups) or Markup("<span class=tw-none>no units</span>"))


def _half(t: _Ctx, command: str, faces: int, extra: str = "", tag: Markup | str = "") -> Markup:
    near = faces == t.bottom
    cls = f"tw-half tw-f-{COLOURS[faces]} {'tw-f-near' if near else 'tw-f-far'}{extra}"
    return html('<div class="{}" title="{}: {}">'
                '{} <span class="tw-half-cmd">{}'
                '<span class="tw-cmd">{}</span></span> '
                '<span class="tw-face">{} <span>for {}</span></span></div>',
                cls, command.title(), COMMAND_HINTS.get(command, ""),
                tag, glyph(command, t.down(faces)),
                command.title(),
                badge(faces), t.who(faces))


def _slot(t: _Ctx, sp: dict[str, Any], new: tuple[str, int] | None, last: str | None) -> Markup:
    """The command strip beside a space: the top half (or the previewed new one over
    it). When it covers older halves, the half is a button that lists them."""
    stack = sp["stack"]
    sid = sp["id"]
    # a region of the page (``tw-slot-<space>``): a space whose units or flags change keeps its strip
    slot = html('<div class="tw-slot" id="patch-tw-slot-{0}" data-patch="tw-slot-{0}">', sid)
    opened = str(sid) in t.app.table_ui.get("open", [])
    if new is not None:
        cover = Markup()
        if stack:
            top = stack[-1]
            cover = html('<p class="tw-covers">covers {}{} {}</p>',
                         glyph(top["command"], t.down(top["faces"])), top["command"].title(), badge(top["faces"]))
        return html('{}{}{}</div>', slot,
                    _half(t, new[0], new[1], " tw-ghost", Markup("<span class=tw-tag>new</span>")), cover)
    if not stack:
        return slot + Markup('<div class="tw-half tw-empty"><span>No command</span></div></div>')
    top = stack[-1]
    fresh = " tw-last" if last is not None and top["card"] == last else ""
    tag = Markup('<span class="tw-tag">last card</span>') if fresh else Markup()
    under = len(stack) - 1
    count = (html('<span class="tw-under-n">+{} under <span class="chev" aria-hidden="true"></span></span>', under)
             if under else Markup())
    if not under:
        return html('{}{}</div>', slot, _half(t, top["command"], top["faces"], fresh, tag))
    # in the button, the tag and the count are said by its name (which starts as the half reads)
    half = _half(t, top["command"], top["faces"], fresh,
                 (tag + count).replace(Markup('<span class="tw-t'), Markup('<span aria-hidden="true" class="tw-t'))
                 .replace(Markup('<span class="tw-u'), Markup('<span aria-hidden="true" class="tw-u')))
    # the name starts with what the button shows (the tag, the command, its player, the count)
    name = (("last card " if fresh else "") + f"+{under} under {top['command'].title()} "
            f"{LETTERS[top['faces']]} for {t.who(top['faces'])}: on {sp['name']}, "
            f"{'hide' if opened else 'show'} the {plural(under, 'half', 'halves')} it covers")
    return html('{}<button type="button"{}>{}</button></div>', slot,
                attrs(class_="tw-half-btn", data_act="table-ui", data_k="stack", data_space=sid,
                      aria_expanded="true" if opened else "false", aria_label=name),
                half.replace(Markup('<div class="tw-half'), Markup('<div aria-hidden="true" class="tw-half'), 1))


def rally_name(label: str) -> str:
    """"Rally from Yellow base" -> "Rally from here: Yellow base" (the name starts
    with what the button shows)."""
    rest = label[len("Rally from "):] if label.startswith("Rally from ") else label
    return f"Rally from here: {rest}"


def _under_list(t: _Ctx, sp: dict[str, Any]) -> Markup:
    stack = sp["stack"]
    if len(stack) < 2 or str(sp["id"]) not in t.app.table_ui.get("open", []):
        return Markup()
    items = join(
        html('<li>{}<span>{}</span> '
             '{}<span>for {}</span>'
             '<small>{} · {}</small></li>',
             glyph(h["command"], t.down(h["faces"])), h["command"].title(),
             badge(h["faces"]), t.who(h["faces"]),
             h["card"], general(h["card"], t.b))
        for h in reversed(stack[:-1]))
    return html('<div class="tw-under" id="tw-under-{}"><p>Covered, newest first:</p>'
                '<ol>{}</ol></div>', sp["id"], items)


def _space_label(t: _Ctx, sp: dict[str, Any]) -> str:
    units = ", ".join(f"{n} {COLOURS[k]}" for k, n in enumerate(sp["units"]) if n) or "no units"
    ctl = sp["control"]
    who = f"{COLOURS[ctl].title()} controls it" if ctl is not None else "nobody controls it"
    vals = f"worth {sp['values'][0]} to Yellow and {sp['values'][1]} to Red"
    marks = f", {plural(sp['markers'], 'objective marker')}" if sp["markers"] else ""
    cmd = "no command"
    if sp["stack"]:
        top = sp["stack"][-1]
        cmd = f"command {top['command']} for {t.who(top['faces'])}"
        if len(sp["stack"]) > 1:
            cmd += f", covering {plural(len(sp['stack']) - 1, 'half', 'halves')}"
    return f"{sp['name']}: {units}; {who}; {vals}{marks}; {cmd}."


def _board(t: _Ctx, preview: dict[str, Any] | None) -> Markup:
    b, ctx = t.b, t.ctx
    pend = b["pending"]
    now = pend["space"] + 1 if pend is not None else None
    target = None
    if pend is not None and pend["command"] in ("move", "push", "charge"):
        nxt = pend["space"] + 1 + (1 if pend["player"] == 0 else -1)
        target = nxt if 1 <= nxt <= 5 else None
    rally = {int(str(a["target"]).split(":")[1]): a for a in ctx.actions
             if a["action"][0] == "rally" and str(a.get("target", "")).startswith("space:")}
    covered = {s: (cmd, face) for s, cmd, face in preview["laid"]} if preview else {}
    last = _last_card(t.v)
    done = {st["space"] + 1 for st in b["steps"]} if pend is not None else set()
    order = b["exec_order"]
    flash = _flash(t)
    rows = []
    ids = [5, 4, 3, 2, 1] if t.bottom == 0 else [1, 2, 3, 4, 5]
    for sid in ids:
        sp = b["spaces"][sid - 1]
        ctl = sp["control"]
        cls = ["tw-space", f"tw-{sp['kind']}", f"tw-ctl-{COLOURS[ctl]}" if ctl is not None else "tw-ctl-none"]
        tags = []
        if sid == now:
            cls.append("tw-now")
            tags.append(html('<span class="tw-flag tw-flag-now">Now: {} for {}</span>',
                             pend["command"].title(), t.who(pend["player"])))
        if sid == target:
            cls.append("tw-target")
            tags.append(Markup('<span class="tw-flag">ahead</span>'))
        if sid in done:
            cls.append("tw-done")
        if sid in covered:
            cls.append("tw-cover")
        if sid in rally:
            cls.append("tw-source")
        if sid in flash:
            cls += ["tw-flash", _delay_class(flash[sid])]
        ctl_html = (html('<p class="tw-ctl">{} <span>{} holds it'
                         ' <b>+{}</b></span></p>', badge(ctl), COLOURS[ctl].title(), sp["values"][ctl])
                    if ctl is not None
                    else Markup('<p class="tw-ctl tw-ctl-no"><span>Nobody holds it</span></p>'))
        base = Markup()
        if sp["kind"] == "base":
            base = html(" {}", badge(0 if sid == 1 else 1, " tw-small"))
        vals = html('<span class="tw-vals" title="Worth {v0} to Yellow, {v1} to Red">'
                    '{b0}<b>{v0}</b>{b1}<b>{v1}</b></span>',
                    v0=sp["values"][0], v1=sp["values"][1], b0=badge(0, " tw-small"), b1=badge(1, " tw-small"))
        run = Markup()
        if not t.over and sid in order:
            run = html('<span class="tw-run" title="Carried out {0} this turn">{0}</span>', ORDINAL[order.index(sid)])
        rally_btn = Markup()
        if sid in rally:
            a = rally[sid]
            rally_btn = html('<button type="button" class="btn tw-rally tw-choice"{}'
                             ' aria-label="{}">Rally from here</button>', ctx.action_attrs(a), rally_name(a["label"]))
        rows.append(html(
            '<li{}>'
            '<div class="tw-sp-info" role="group" id="patch-tw-info-{}" data-patch="tw-info-{}" aria-label="{}">'
            '<div class="tw-sp-head"><h3 class="tw-sp-name">{}{}</h3>{}{}</div>'
            '{}{}{}{}</div>'
            '{}{}</li>',
            # each space is a region of the page (tb_ui.regions): a move that changes one space
            # sends that space, not the board; and its words are a region inside it, so a space
            # whose classes alone changed (the step now carried out, a flash) is sent as its <li>
            attrs(class_=" ".join(cls), id=f"patch-tw-space-{sid}", data_patch=f"tw-space-{sid}", data_space=sid),
            sid, sid, _space_label(t, sp),
            sp["name"], base, run, vals,
            join(tags), _units(sp), ctl_html, rally_btn,
            _slot(t, sp, covered.get(sid), last), _under_list(t, sp)))
    top_seat = 1 - t.bottom
    label = ("The board: your base at the bottom" if t.me is not None
             else "The board: Yellow base at the bottom")
    return html('<section class="tw-board-wrap" id="patch-tw-board" data-patch="tw-board" aria-label="{label}">'
                '<h2 class="visually-hidden">{label}</h2>'
                '<p class="tw-edge tw-edge-top">{top_badge} {top_name}’s side</p>'
                '<ol class="tw-board">{rows}</ol>'
                '<p class="tw-edge tw-edge-bottom">{bottom_badge} {bottom_name}’s side{you}</p></section>',
                label=label, top_badge=badge(top_seat), top_name=t.colour_name(top_seat), rows=join(rows),
                bottom_badge=badge(t.bottom), bottom_name=t.colour_name(t.bottom),
                you=" (you)" if t.me is not None else "")


def steps_turn(b: dict[str, Any], over: bool) -> tuple[int, int]:
    """(turn number, seat) of the turn that ``steps`` describes (``last_play``);
    (0, active seat) before the first card of a game."""
    last = b.get("last_play")
    if last is None:
        return 0, b["active"]
    return int(last["turn"]), int(last["seat"])


def _flash(t: _Ctx) -> dict[int, int]:
    """Spaces to flash one after another (their step is new since the last render):
    space id -> the step's place among the new ones (0 first; see :func:`_delay_class`). Each step is shown once; re-renders do not replay it. Also
    sets ``t.new_from``, the index of the first new step."""
    b = t.b
    turn, seat = steps_turn(b, t.over)
    key = f"{b['game_no']}:{turn}:{seat}"
    seen = t.app.table_ui.get("steps_seen")
    t.app.table_ui["steps_seen"] = [key, len(b["steps"])]
    start = seen[1] if isinstance(seen, list) and seen[0] == key else 0
    t.new_from = start
    return {st["space"] + 1: i for i, st in enumerate(b["steps"][start:])}


#: The last of the delay classes app.css has (``tw-d0`` … ``tw-d8``: 0.45 s a step).
LAST_DELAY = 8


def _delay_class(i: int) -> str:
    """The class that starts the ``i``-th new step's animation (its space's flash, its line in the turn
    report) 0.45 s after the one before: ``tw-d0`` … ``tw-d8``, the last for any later step.

    A class, not a custom property set on the element: a custom property is inherited, so setting
    or clearing it restyled the whole space (its units, strip and labels) in the frame after a move.

    >>> _delay_class(2), _delay_class(20)
    ('tw-d2', 'tw-d8')
    """
    return f"tw-d{min(i, LAST_DELAY)}"


# ---- what to do now ---------------------------------------------------------------------------
def _options(t: _Ctx, preview: dict[str, Any] | None) -> Markup:
    """The eight placements of the chosen card, by position, each a preview button."""
    ctx, b = t.ctx, t.b
    card = b["selected"]
    me = ctx.acting
    places = [a for a in ctx.actions if a["action"][0] == "place"]
    if not places or card is None or me is None:
        return Markup()
    game = _rules(t.ctx)
    groups: dict[int, list[Markup]] = {}
    for a in places:
        j, cmd = int(a["action"][1]), str(a["action"][2])
        laid = [(s + 1, c, f) for s, c, f in game.placement(me, j, cmd, card)]
        key = f"{j}:{cmd}"
        on = preview is not None and preview["key"] == key
        lines = join(
            html('<span class="tw-opt-line">{}<b>{}</b> {}'
                 '<span class="tw-opt-who">{}</span><span class="tw-opt-where">{}</span></span>',
                 glyph(c, t.down(f)), c.title(), badge(f), t.who(f), SHORT[s])
            for s, c, f in laid)
        groups.setdefault(j, []).append(html(
            '<li><button type="button"{}>'
            '<span class="tw-opt-keep">Keep {}</span>{}</button></li>',
            attrs(class_="tw-opt" + (" on" if on else ""), id=f"tw-opt-{j}-{cmd}", data_act="table-ui",
                  data_k="preview", data_key=key, data_card=card, data_n=ctx.n, data_option="1",
                  data_hint="1" if ctx.hinted(a) else None,  # the hinted placement is ringed (issue 48 §0)
                  aria_pressed="true" if on else "false", aria_label="Preview: " + a["label"]),
            cmd.title(), lines))
    blocks = []
    for j in sorted(groups):
        spaces = [s + 1 for s, _, _ in game.placement(me, j, card_halves(card, b)[0], card)]
        names = " + ".join(SHORT[s] for s in spaces)
        blocks.append(html('<li class="tw-pos"><h3>Spaces {}</h3><ul class="tw-pos-opts">{}</ul></li>',
                           names, join(groups[j])))
    return html('<div class="tw-options"><p class="tw-hint">Where does {} go? Tap a placement to see it '
                'on the board, then play it. The half you keep lies nearer your base.</p>'
                '<ol class="tw-pos-list">{}</ol></div>', card, join(blocks))


def _confirm(t: _Ctx, preview: dict[str, Any] | None) -> Markup:
    if preview is None:
        return Markup()
    b = t.b
    laid = {s: (c, f) for s, c, f in preview["laid"]}
    cells = []
    for k, sid in enumerate(b["exec_order"]):
        sp = b["spaces"][sid - 1]
        if sid in laid:
            cmd, face, new = laid[sid][0], laid[sid][1], True
        elif sp["stack"]:
            cmd, face, new = sp["stack"][-1]["command"], sp["stack"][-1]["faces"], False
        else:
            cmd, face, new = None, None, False
        if cmd is None:
            inner = Markup('<span class="tw-mini-cmd">—</span>')
            text = f"{sp['name']}: nothing"
        else:
            inner = html('{}<span class="tw-mini-cmd">{}</span>{}', glyph(cmd, t.down(face)), cmd.title(), badge(face))
            text = f"{sp['name']}: {cmd} for {t.who(face)}" + (" (new)" if new else "")
        cells.append(html('<li class="tw-mini{}"><span class="tw-mini-no" aria-hidden="true">{}</span>'
                          '<span class="tw-mini-sp" aria-hidden="true">{}</span>'
                          '<span class="tw-mini-body" aria-hidden="true">{}</span>'
                          '<span class="visually-hidden">{}</span></li>',
                          " new" if new else "", k + 1, SHORT[sid], inner, text))
    a = preview["action"]
    return html('<div class="tw-confirm" role="region" aria-label="Preview of this placement">'
                '<p class="tw-confirm-title">Then the spaces run in this order:</p>'
                '<ol class="tw-minis">{}</ol>'
                '<div class="tw-confirm-btns">'
                '<button type="button" class="btn primary tw-play"{} data-autofocus="1"'
                ' aria-label="Play the card here: {}">Play the card here</button>'
                '{}</div></div>',
                join(cells), t.ctx.action_attrs(a), a["label"],
                button("Cancel", "table-ui", "btn ghost", data_k="cancel"))


def _choice(t: _Ctx) -> Markup:
    """The facing player's choice for the pending command."""
    ctx, b = t.ctx, t.b
    pend = b["pending"]
    sp = b["spaces"][pend["space"]]
    cmd = pend["command"]
    acts = ctx.actions
    nxt = pend["space"] + (1 if pend["player"] == 0 else -1)
    ahead = b["spaces"][nxt]["name"] if 0 <= nxt <= 4 else ""
    turn = "your turn" if b["active"] == ctx.acting else f"{COLOURS[b['active']].title()}’s turn"
    head = html('{} {} on {} — for you, during {}', glyph(cmd, t.down(pend["player"])), cmd.title(), sp["name"], turn)
    if cmd == "rally":
        return html('<div class="tw-choose"><p class="tw-choose-head">{}</p>'
                    '<p class="tw-hint">Tap <b>Rally from here</b> on a highlighted space: one of your units '
                    'comes from there to {}.</p></div>', head, sp["name"])
    btns: list[Markup] = []
    # keyboard users: after their own tap, focus goes to the first choice
    focus = Markup(' data-autofocus="1"') if ctx.fresh is not None else Markup()
    if cmd == "move":
        q = f"How many of your units on {sp['name']} move ahead to {ahead}?"
        for a in acts:
            btns.append(html('<button type="button" class="btn tw-choice tw-num"{}'
                             ' aria-label="{}">{}</button>', ctx.action_attrs(a), a["label"], a["action"][1]))
    elif cmd == "push":
        q = f"How many units push into {ahead}, and which units there are pushed on?"
        for a in acts:
            n, y, r, w = (int(x) for x in a["action"][1:5])
            # Spaced like the accessible name below, so the visible text is part of it.
            parts = join((html('<span class="tw-pushed">{}{}</span>', c, badge(k))
                          for k, c in enumerate((y, r, w)) if c), Markup(" "))
            shown = " ".join(f"{c}{LETTERS[k]}" for k, c in enumerate((y, r, w)) if c)
            btns.append(html('<button type="button" class="btn tw-choice tw-push"{}'
                             ' aria-label="{n} push {}: {}"><span>{n} push</span> '
                             '<span class="tw-push-what">{}</span></button>',
                             ctx.action_attrs(a), shown, a["label"], parts, n=n))
    else:
        where = ahead if cmd == "charge" else sp["name"]
        q = f"Which unit on {where} is destroyed?"
        for a in acts:
            k = COLOURS.index(str(a["action"][1]))
            word = "Neutral" if k == 2 else COLOURS[k].title()
            btns.append(html('<button type="button" class="btn tw-choice tw-col"{}'
                             ' aria-label="{} {} unit: {}">{} {} unit</button>',
                             ctx.action_attrs(a), LETTERS[k], word, a["label"], badge(k), word))
    if btns:
        btns[0] = btns[0].replace(Markup("<button "), html("<button{} ", focus), 1)
    return html('<div class="tw-choose"><p class="tw-choose-head">{}</p><p class="tw-q">{}</p>'
                '<div class="tw-choice-list">{}</div></div>', head, q, join(btns))


def _act(app: TableApp, t: _Ctx, preview: dict[str, Any] | None) -> Markup:
    """The panel of the decision now: a choice, a placement, a card to pick, a bot
    thinking, or nothing once the game is over."""
    ctx, b, v = t.ctx, t.b, t.v
    if t.over:
        return Markup()
    body = Markup()
    prompt = replay_status(ctx) if ctx.mode == "replay" else v["prompt"]
    mine = ctx.acting is not None
    if not mine:
        actor = v["to_act"][0] if v["to_act"] else None
        if actor is not None and ctx.kinds[actor] == "bot":
            owes = Markup()
            if b["pending"] is not None:
                pend = b["pending"]
                owes = html('<p class="tw-hint">It chooses how to carry out {} on {}.</p>',
                            pend["command"], b["spaces"][pend["space"]]["name"])
            body = html("{}{}", thinking_html(app, ctx, v["seats"][actor]), owes)
            prompt = ""
    elif b["pending"] is not None:
        body = _choice(t)
    elif b["selected"] is not None:
        body = _options(t, preview) + _confirm(t, preview)
    else:
        body = Markup('<p class="tw-hint">Tap one of your cards below to play it.</p>')
    prompt_html = (html('<p class="prompt{}" id="prompt" aria-live="polite">{}</p>', " yours" if mine else "", prompt)
                   if prompt else Markup())
    return html('<section class="tw-act" aria-label="Your move" id="tw-act">{}{}</section>', prompt_html, body)


def _hand(app: TableApp, t: _Ctx) -> Markup:
    """The hand of the seat holding the device (never another one)."""
    ctx, b = t.ctx, t.b
    seat = t.me
    if seat is None or t.over:
        return Markup()
    p = b["players"][seat]
    hand = p["hand"] or []
    selects = {a["action"][1]: a for a in ctx.actions if a["action"][0] == "select"}
    selected = b.get("selected") if ctx.acting == seat else None
    # After choosing a card (and before placing it), the player may change their mind.
    reselect = selected is not None and ctx.reselect
    items = []
    for c in hand:
        h1, h2 = card_halves(c, b)
        inner = html('<span class="tw-card-top"><span class="tw-card-id">{}</span> '
                     '<span class="tw-card-gen">{}</span></span> '
                     '<span class="tw-card-halves"><span class="tw-ch">{}<span>{}</span></span> '
                     '<span class="tw-ch tw-ch-b">{}<span>{}</span></span></span>',
                     c, general(c, b), glyph(h1), h1.title(), glyph(h2), h2.title())
        base = f"tw-card tw-card-{COLOURS[seat]}"
        name = f"{c}, {general(c, b)}: {h1.title()} / {h2.title()}"
        named = inner.replace(Markup('<span class="tw-card-'),
                              Markup('<span aria-hidden="true" class="tw-card-'))  # the name says it
        if c in selects:
            items.append(html('<li><button type="button" class="{base} pick" id="tw-card-{c}" data-card="{c}"'
                              '{act} aria-label="Choose {name}">{named}</button></li>',
                              base=base, c=c, act=ctx.action_attrs(selects[c]), name=name, named=named))
        elif c == selected:
            items.append(html('<li><div class="{base} selected" id="tw-card-{c}" data-card="{c}" aria-current="true">'
                              '<span class="hc-tag">Playing</span>{inner}</div></li>', base=base, c=c, inner=inner))
        elif reselect:
            a = {"action": ["select", c]}
            items.append(html('<li><button type="button" class="{base} pick alt" id="tw-card-{c}" data-card="{c}"'
                              '{act} aria-label="Choose {name} instead">{named}</button></li>',
                              base=base, c=c, act=ctx.action_attrs(a, "reselect"), name=name, named=named))
        else:
            items.append(html('<li><div class="{}" data-card="{}">{}</div></li>', base, c, inner))
    if not items:
        items.append(Markup('<li class="empty">No cards in hand.</li>'))
    who = "Your hand" + (f" — {p['name']}" if ctx.acting == seat else f" ({p['name']})")
    return html('<section class="tw-hand" id="patch-tw-hand" data-patch="tw-hand" aria-labelledby="tw-hand-title"'
                ' data-seat="{}">'
                '<h2 id="tw-hand-title">{} <span class="count">{}</span></h2>'
                '<ul class="tw-cards">{}</ul></section>', seat, who, len(hand), join(items))


def _steps(t: _Ctx) -> Markup:
    """This turn's execution (done, now, still to come), or what the last turn did."""
    b = t.b
    steps, pend = b["steps"], b["pending"]
    if not steps and pend is None:
        return Markup()
    turn, seat = steps_turn(b, t.over)
    if pend is not None:
        title = f"Turn {turn} of 16 — {COLOURS[seat].title()}’s card runs"
    else:
        title = f"Last turn — {COLOURS[seat].title()} ({t.names[seat]})"
    items = []
    for i, st in enumerate(steps):
        new = i >= t.new_from
        items.append(html('<li class="tw-step done{}">'
                          '<span class="tw-step-sp">{}{}</span>'
                          '<span>{}</span></li>',
                          f" tw-new {_delay_class(i - t.new_from)}" if new else "",
                          glyph(st["command"], t.down(st["player"])), SHORT[st["space"] + 1],
                          st["text"]))
    if pend is not None:
        sp = pend["space"] + 1
        items.append(html('<li class="tw-step now"><span class="tw-step-sp">{}'
                          '{}</span><span>Now: {} for {} — '
                          '{} chooses.</span></li>',
                          glyph(pend["command"], t.down(pend["player"])),
                          SHORT[sp], pend["command"].title(), t.who(pend["player"]),
                          t.names[pend["player"]]))
        order = b["exec_order"]
        for sid in order[order.index(sp) + 1:]:
            stack = b["spaces"][sid - 1]["stack"]
            if stack:
                top = stack[-1]
                items.append(html('<li class="tw-step next"><span class="tw-step-sp">{}'
                                  '{}</span><span>Then: {} for {}.</span></li>',
                                  glyph(top["command"], t.down(top["faces"])),
                                  SHORT[sid], top["command"].title(), t.who(top["faces"])))
    return html('<section class="tw-steps panel" id="patch-tw-steps" data-patch="tw-steps" aria-label="Turn report">'
                '<h2>{}</h2>'
                '<ol class="tw-step-list">{}</ol></section>', title, join(items))


def _decks(t: _Ctx) -> Markup:
    """Both sides' unplayed cards (public: both decks hold the same eight cards). Shown
    by their commands only, never marking which of the other side's are in hand."""
    b = t.b
    if t.over:
        return Markup()
    blocks = []
    for p in b["players"]:
        s = p["seat"]
        mine = s == t.me
        hand = set(p["hand"] or []) if mine else set()
        chips = []
        for c in p["unplayed"]:
            h1, h2 = card_halves(c, b)
            tag = Markup('<span class="tw-inhand">in hand</span>') if c in hand else Markup()
            chips.append(html('<li class="tw-up{}" title="{}">'
                              '{}{}<span>{} / {}</span>{}</li>',
                              " inhand" if c in hand else "", general(c, b),
                              glyph(h1), glyph(h2), h1.title(), h2.title(), tag))
        where = f"{p['hand_count']} in hand, {p['deck_count']} in the deck"
        blocks.append(html('<div class="tw-side"><h3>{} {} <span class="count">{}</span>'
                           '<span class="tw-side-where">{}</span></h3>'
                           '<ul class="tw-ups">{}</ul></div>',
                           badge(s), p["name"], len(p["unplayed"]), where,
                           join(chips) or Markup("<li class=empty>All played</li>")))
    return html('<section class="tw-decks panel" id="patch-tw-decks" data-patch="tw-decks"'
                ' aria-label="Cards still to be played">'
                '<h2>Cards still to play</h2>{}</section>', join(blocks))


# ---- end of the game --------------------------------------------------------------------------
def breakdown(b: dict[str, Any]) -> dict[str, Any]:
    """The final score of each seat by source: ``rows`` of (label, [yellow, red]) with
    None where a seat scores nothing, and ``total`` per seat."""
    sid = b["scenario"]["id"]
    sc = _scenario(sid)
    rows: list[tuple[str, list[int | None]]] = []
    total = [0, 0]
    markers = [0, 0]
    for sp in b["spaces"]:
        cells: list[int | None] = [None, None]
        if sp["control"] is not None:
            p = sp["control"]
            cells[p] = sp["values"][p]
            total[p] += sp["values"][p]
            markers[p] += sp["markers"] * sc["points_per_marker"]
        rows.append((sp["name"], cells))
    if sc["points_per_marker"]:
        rows.append(("Objective markers", [markers[0], markers[1]]))
        total = [total[0] + markers[0], total[1] + markers[1]]
    if sc["points_per_white"]:
        ppw = sc["points_per_white"]
        held = [b["players"][p]["held"] * ppw for p in (0, 1)]
        label = f"Trophies (×{ppw})" if sid == "garrison" else f"White cubes (×{ppw})"
        rows.append((label, held))
        total = [total[0] + held[0], total[1] + held[1]]
    if b["game_no"] > 1:
        rows.append(("Game 1", list(b["carry"])))
        total = [total[0] + b["carry"][0], total[1] + b["carry"][1]]
    return {"rows": rows, "total": total}


def _end(t: _Ctx) -> Markup:
    out = t.v["outcome"]
    if not out:
        return Markup()
    b = t.b
    names = t.names
    if len(out["winners"]) == 1:
        w = out["winners"][0]
        head = f"{names[w]} wins!"
    else:
        head = "A draw!"
    bd = breakdown(b)
    scores = [p["score"] for p in b["players"]]
    total = bd["total"] if bd["total"] == scores else scores
    body = join(
        html('<tr><th scope="row">{}</th>{}</tr>',
             label, join(html("<td>{}</td>", "—" if c is None else c) for c in cells))
        for label, cells in bd["rows"])
    head_cells = join(html('<th scope="col">{} {}</th>', badge(p), names[p]) for p in (0, 1))
    table = html('<table class="tw-breakdown"><caption>Score by space and scenario</caption>'
                 '<thead><tr><th scope="col">Points from</th>{}</tr></thead><tbody>{}</tbody>'
                 '<tfoot><tr><th scope="row">Total</th><td>{}</td><td>{}</td></tr></tfoot></table>',
                 head_cells, body, total[0], total[1])
    draw_note = (Markup('<p class="tw-draw-note">The rules say: play again — it is a short game.</p>')
                 if len(out["winners"]) != 1 else Markup())
    return html('<section class="endpanel tw-end" aria-labelledby="end-title">'
                '<div class="trophy" aria-hidden="true"></div>'
                '<h2 id="end-title">{}</h2><p class="reason">{}</p>{}'
                '{}{}{}</section>',
                head, out["reason"], draw_note, table, standings_table(t.ctx, rows=False),
                end_actions(t.app, t.ctx))


# ---- the hand-off screen's public news ------------------------------------------------------------
def handoff_note(app: TableApp, view: dict[str, Any]) -> Markup:
    """What the device's next holder is called for, and what the last turn did: from the
    spectator's ``view`` (no hand), so nothing private reaches this screen."""
    v = view
    b = v["board"]
    seat = app.handoff_seat()
    lines = []
    pend = b["pending"]
    if pend is not None and seat is not None and pend["player"] == seat and b["active"] != seat:
        sp = b["spaces"][pend["space"]]["name"]
        lines.append(html('<p class="tw-ho-why">{} must choose how to carry out '
                          '<b>{}</b> on {}, during {}’s turn.</p>',
                          v["seats"][seat], pend["command"], sp, v["seats"][b["active"]]))
    steps = join(html("<li>{}</li>", st["text"]) for st in b["steps"])
    if steps:
        title = "This turn so far" if pend is not None else "Last turn"
        lines.append(html('<h2>{}</h2><ol class="tw-ho-steps">{}</ol>', title, steps))
    score = join((html('{} {} <b>{}</b>', badge(p["seat"]), p["name"], p["score"]) for p in b["players"]),
                 Markup(" · "))
    lines.append(html('<p class="tw-ho-score">Score now: {}</p>', score))
    return html('<section class="handoff-note tw-ho" aria-label="What happened">{}</section>', join(lines))


# ---- the table ------------------------------------------------------------------------------------
def render(app: TableApp, ctx: TableContext) -> Markup:
    t = _Ctx(app, ctx)
    b = t.b
    preview = _preview(t) if ctx.acting is not None else None
    info = f"Turn {min(b['turn'], 16)} of 16"
    if ctx.options.get("match_of_two"):
        info += f" · game {b['game_no']} of 2"
    return html('{}<main class="table-main tw-main" id="main">{}{}'
                '<div class="tw-layout"><div class="tw-col-board">{}{}{}'
                '</div><div class="tw-col-side">{}{}{}{}{}'
                "</div></div></main>",
                topbar(app, ctx, info), alerts(app), _end(t),
                _players(t), _scenario_card(t), _board(t, preview),
                _act(app, t, preview), _hand(app, t), _steps(t), _decks(t), log_panel(app, ctx))
