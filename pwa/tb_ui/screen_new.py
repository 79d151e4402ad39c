"""The new-game form: its render and the taps it answers (issue 49 §2; :mod:`tb_ui.events`).

Seats (a name, played by a human here, a bot of a level, or a phone at the table), the game's
declared options (:meth:`py_engine.core.Game.describe`), and Start. The form being filled in is
``app.draft`` (``{"game", "seats": [{"kind", "level", "name", "custom"}], "options"}``); its taps
other than "new" reach their handlers only while a form is open (``tb_ui.app.FORM_EVENTS``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from py_engine.core import OptionError, Seat

from .context import TableApp
from .events import Effects, handles, int_or_none, truthy
from .html import Markup, attrs, button, html, join
from .parts import alerts, appbar

#: The longest seat name, in characters (the form's field says so too).
MAX_NAME = 24


def default_seat_name(seats: list[dict[str, Any]], i: int) -> str:
    """"Player 2" for a human; "Bot (hard)" for a bot, numbered when several bots
    share a level ("Bot 1 (hard)", "Bot 2 (hard)")."""
    s = seats[i]
    if s["kind"] != "bot":  # a human here or on another phone
        return f"Player {i + 1}"
    same = [j for j, t in enumerate(seats) if t["kind"] == "bot" and t["level"] == s["level"]]
    if len(same) == 1:
        return f"Bot ({s['level']})"
    return f"Bot {same.index(i) + 1} ({s['level']})"


if TYPE_CHECKING:
    class NewGameHost(TableApp, Protocol):
        """What the new-game form reads and does of the app, besides what every screen shows
        (:class:`~tb_ui.context.TableApp`)."""

        draft: dict[str, Any] | None
        draft_error: str | None

        @property
        def form(self) -> dict[str, Any]: ...
        def games(self) -> list[Any]: ...
        def game(self, game_id: str) -> Any: ...
        def go(self, screen: str) -> None: ...
        def bot_levels(self, game_id: str) -> list[str]: ...
        def new_match(self, game_id: str, seats: list[Any], options: dict[str, Any],
                      phones: list[int] | None = None, keep: Any = None) -> None: ...


def new_draft(app: NewGameHost, game_id: str) -> dict[str, Any]:
    """A fresh form for ``game_id``: a human and a bot at "normal" (or the middle level), more
    humans up to the game's least players, every option at its default."""
    g = app.game(game_id)
    desc = g.describe()
    levels = [lv for lv in desc["bot_levels"] if lv != "random"] or desc["bot_levels"]
    level = "normal" if "normal" in levels else levels[len(levels) // 2]
    seats = [{"kind": "human", "level": level, "name": "", "custom": False},
             {"kind": "bot", "level": level, "name": "", "custom": False}]
    while len(seats) < g.min_players:
        seats.append({"kind": "human", "level": level, "name": "", "custom": False})
    draft = {"game": game_id, "seats": seats,
             "options": {o["name"]: (list(o["default"]) if isinstance(o["default"], list) else o["default"])
                         for o in desc["options"]}}
    _refresh_names(draft)
    return draft


def _refresh_names(draft: dict[str, Any]) -> None:
    for i, s in enumerate(draft["seats"]):
        if not s["custom"]:
            s["name"] = default_seat_name(draft["seats"], i)


def _seat_row(app: NewGameHost, i: int, s: dict[str, Any], n: int, min_p: int, levels: list[str], role: str = "") -> Markup:
    kind_btns = join(
        button(label, "seat-kind", "seg-btn", data_i=i, data_kind=k, aria_pressed="true" if s["kind"] == k else "false")
        for k, label in (("human", "Human"), ("bot", "Bot"), ("phone", "Phone")))
    level = Markup()
    if s["kind"] == "bot":
        opts = join(html("<option{}>{}</option>", attrs(value=lv, selected=lv == s["level"]), lv.capitalize())
                    for lv in levels)
        level = html('<label class="level"><span>Level</span><select{}>{}</select></label>',
                     attrs(data_act="seat-level", data_i=i, id=f"seat-level-{i}"), opts)
    remove = button("✕", "seat-remove", "btn icon ghost", data_i=i, aria_label=f"Remove seat {i + 1}",
                    disabled=n <= min_p)
    name = attrs(type="text", class_="seat-name", name=f"seat-name-{i}", id=f"seat-name-{i}", data_act="seat-name",
                 data_i=i, value=s["name"], maxlength=24, autocomplete="off", aria_label=f"Name of seat {i + 1}")
    return html('<li class="seat"{seat}>'
                '<div class="seat-head"><span class="seat-no" aria-hidden="true">{no}</span>'
                "<input{name}>{remove}</div>"
                '<div class="seat-kind"><div class="seg" role="group" aria-label="Seat {no} is played by">{kinds}</div>'
                "{level}{role}</div></li>",
                seat=attrs(data_seat=i), no=i + 1, name=name, remove=remove, kinds=kind_btns, level=level,
                role=html('<span class="seat-role">{}</span>', role) if role else Markup())


def option_field(o: dict[str, Any], value: Any) -> Markup:
    """One declared option (Option JSON) as a form field with its help text."""
    oid = f"opt-{o['name']}"
    help_id = f"{oid}-help"
    help_html = html('<p class="help" id="{}">{}</p>', help_id, o.get("help", "")) if o.get("help") else Markup()
    desc = help_id if o.get("help") else None
    kind = o["kind"]
    if kind == "int":
        return html('<div class="field"><label for="{oid}">{label}</label>'
                    '<div class="stepper">{minus}<input{field}>{plus}</div>{help}</div>',
                    oid=oid, label=o["label"],
                    minus=button("−", "opt-step", "btn icon", data_name=o["name"], data_d=-1,
                                 aria_label="Fewer: " + o["label"], disabled=value <= o["min"]),
                    field=attrs(type="number", id=oid, name=oid, inputmode="numeric", min=o["min"], max=o["max"],
                                value=value, data_act="opt", data_name=o["name"], aria_describedby=desc),
                    plus=button("+", "opt-step", "btn icon", data_name=o["name"], data_d=1,
                                aria_label="More: " + o["label"], disabled=value >= o["max"]),
                    help=help_html)
    if kind == "choice":
        opts = join(html("<option{}>{}</option>", attrs(value=str(c), selected=c == value), lbl)
                    for c, lbl in zip(o["choices"], o["labels"], strict=False))
        return html('<div class="field"><label for="{}">{}</label><select{}>{}</select>{}</div>',
                    oid, o["label"], attrs(id=oid, data_act="opt", data_name=o["name"], aria_describedby=desc),
                    opts, help_html)
    if kind == "multi":
        boxes = join(
            html('<label class="check"><input{}><span>{}</span></label>',
                 attrs(type="checkbox", data_act="opt", data_name=o["name"], data_choice=str(c), checked=c in value), lbl)
            for c, lbl in zip(o["choices"], o["labels"], strict=False))
        checks = html('<div class="checks">{}</div>', boxes)
        if len(o["choices"]) > 12:  # a long list (e.g. a custom card mix) stays folded
            checks = html('<details class="checks-fold"><summary>{} of {} chosen</summary>{}</details>',
                          len(value), len(o["choices"]), checks)
        return html('<fieldset class="field"{}><legend>{}</legend>{}{}</fieldset>',
                    attrs(aria_describedby=desc), o["label"], checks, help_html)
    if kind == "bool":
        return html('<div class="field"><label class="switch"><input{}>'
                    '<span class="switch-track" aria-hidden="true"></span><span>{}</span></label>{}</div>',
                    attrs(type="checkbox", role="switch", id=oid, data_act="opt", data_name=o["name"],
                          checked=bool(value), aria_describedby=desc), o["label"], help_html)
    return html('<p class="help">Option {} cannot be set here.</p>', o["label"])


def render(app: NewGameHost) -> Markup:
    """The new-game form: seats (name, human or bot and its level), options, start."""
    draft = app.form
    g = app.game(draft["game"])
    d = g.describe()
    levels = app.bot_levels(draft["game"])
    n = len(draft["seats"])
    roles = g.seat_roles(n, draft["options"])
    rows = join(_seat_row(app, i, s, n, g.min_players, levels, roles[i] if i < len(roles) else "")
                for i, s in enumerate(draft["seats"]))
    add = button("+ Add a seat", "seat-add", "btn", disabled=n >= g.max_players)
    opts = join(option_field(o, draft["options"][o["name"]]) for o in d["options"])
    err = (html('<div class="alert alert-error" role="alert" id="setup-error"><p>{}</p></div>', app.draft_error)
           if app.draft_error else Markup())
    about = (html('<section class="panel about"><h2>About the cards</h2><p>{}</p></section>', d["data_notes"])
             if d.get("data_notes") else Markup())
    return html('{appbar}<main class="wrap narrow" id="main">{alerts}'
                '<h1 tabindex="-1">New game: {title}</h1>'
                '<form class="setup" data-act="start" novalidate>'
                '<section class="panel"><h2>Players <span class="count">{n} of {lo}–{hi}</span></h2>'
                '<ol class="seats">{rows}</ol><div class="row">{add}</div></section>'
                "{opts}{err}"
                '<div class="row start-row"><button type="submit" class="btn primary big">Start game</button>'
                "{cancel}</div>{about}</form></main>",
                appbar=appbar(app, "new"), alerts=alerts(app), title=d["title"], n=n, lo=d["min_players"],
                hi=d["max_players"], rows=rows, add=add,
                opts=html('<section class="panel"><h2>Options</h2>{}</section>', opts) if opts else Markup(),
                err=err, cancel=button("Cancel", "go", "btn ghost", data_to="library"), about=about)


# ---- payloads -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class NewGame:
    """Open the form for ``game`` ("" : the library's first game)."""

    game: str

    @classmethod
    def read(cls, raw: Mapping[str, Any]) -> NewGame:
        return cls(str(raw.get("game") or ""))


@dataclass(frozen=True)
class SeatTap:
    """A tap on seat ``i`` (None: no such index; the tap then changes nothing) with its
    ``value`` (a level, a name) and ``kind`` ("human", "bot", "phone")."""

    i: int | None
    value: str = ""
    kind: str = ""

    @classmethod
    def read(cls, raw: Mapping[str, Any]) -> SeatTap:
        return cls(int_or_none(raw.get("i")), str(raw.get("value", "")), str(raw.get("kind", "")))


@dataclass(frozen=True)
class OptionTap:
    """A change of option ``name``: the field's ``value`` (None if the tap has none), a multi
    option's ``choice`` and a box's ``checked``; ``d``: a stepper's +1 / -1."""

    name: str
    value: str | None = None
    choice: str | None = None
    checked: bool = False
    d: int = 0

    @classmethod
    def read(cls, raw: Mapping[str, Any]) -> OptionTap:
        value = raw.get("value")
        choice = raw.get("choice")
        return cls(str(raw.get("name")), None if value is None else str(value),
                   None if choice is None else str(choice), truthy(raw.get("checked")),
                   int_or_none(raw.get("d")) or 0)


@dataclass(frozen=True)
class StartForm:
    """Start: the form's text ``fields`` as the page read them (seat names, numbers typed)."""

    fields: dict[str, str] = field(default_factory=dict)

    @classmethod
    def read(cls, raw: Mapping[str, Any]) -> StartForm:
        fields = raw.get("fields")
        return cls({str(k): str(v) for k, v in fields.items()} if isinstance(fields, Mapping) else {})


# ---- handlers -------------------------------------------------------------------------------------
@handles("new", NewGame)
def new(app: NewGameHost, p: NewGame) -> Effects:
    """The form for ``p.game`` (the one being filled in, if it is that game's)."""
    game_id = p.game or app.games()[0].id
    if app.draft is None or app.draft["game"] != game_id:
        app.draft = new_draft(app, game_id)
    app.draft_error = None
    app.error = app.notice = None
    app.go("new")
    return None


def _seat(app: NewGameHost, i: int | None) -> dict[str, Any] | None:
    seats: list[dict[str, Any]] = app.form["seats"]
    return seats[i] if i is not None and 0 <= i < len(seats) else None


@handles("seat-add", SeatTap)
def seat_add(app: NewGameHost, p: SeatTap) -> Effects:
    """One more seat (a human at the last seat's bot level), up to the game's most players."""
    draft = app.form
    if len(draft["seats"]) < app.game(draft["game"]).max_players:
        level = draft["seats"][-1]["level"]
        draft["seats"].append({"kind": "human", "level": level, "name": "", "custom": False})
        _refresh_names(draft)
    app.draft_error = None
    return None


@handles("seat-remove", SeatTap)
def seat_remove(app: NewGameHost, p: SeatTap) -> Effects:
    """Remove seat ``p.i``, down to the game's least players."""
    draft = app.form
    if len(draft["seats"]) > app.game(draft["game"]).min_players and _seat(app, p.i) is not None:
        del draft["seats"][p.i]
        _refresh_names(draft)
    app.draft_error = None
    return None


@handles("seat-kind", SeatTap)
def seat_kind(app: NewGameHost, p: SeatTap) -> Effects:
    s = _seat(app, p.i)
    if s is not None and p.kind in ("human", "bot", "phone"):
        s["kind"] = p.kind
        _refresh_names(app.form)
    return None


@handles("seat-level", SeatTap)
def seat_level(app: NewGameHost, p: SeatTap) -> Effects:
    s = _seat(app, p.i)
    if s is not None and p.value in app.bot_levels(app.form["game"]):
        s["level"] = p.value
        _refresh_names(app.form)
    return None


@handles("seat-name", SeatTap)
def seat_name(app: NewGameHost, p: SeatTap) -> Effects:
    """A name typed (not drawn again: the focus stays in the form while typing)."""
    s = _seat(app, p.i)
    if s is not None and p.i is not None:
        _set_name(app.form, s, p.i, p.value)
    return {"render": False}


def _set_name(draft: dict[str, Any], s: dict[str, Any], i: int, value: str) -> None:
    name = " ".join(value.split())[:MAX_NAME]
    if not name or name == default_seat_name(draft["seats"], i):
        s["custom"] = False
        s["name"] = default_seat_name(draft["seats"], i)
    else:
        s["custom"], s["name"] = True, name


def _option(app: NewGameHost, name: str) -> dict[str, Any] | None:
    for o in app.game(app.form["game"]).describe()["options"]:
        if o["name"] == name:
            return dict(o)
    return None


@handles("opt", OptionTap)
def option(app: NewGameHost, p: OptionTap) -> Effects:
    """Change events of option inputs (int, choice, multi, bool)."""
    o = _option(app, p.name)
    if o is None:
        return None
    opts = app.form["options"]
    app.draft_error = None
    if o["kind"] == "int":
        try:
            v = int((p.value or "").strip())
        except ValueError:
            app.draft_error = f"{o['label']}: enter a whole number from {o['min']} to {o['max']}."
            return None
        opts[o["name"]] = max(o["min"], min(o["max"], v))
        if opts[o["name"]] == v and p.value is not None:
            # typed in range: keep the field as it is (a re-render now would swallow
            # the tap on "Start game" that caused this change event)
            return {"render": False}
    elif o["kind"] == "choice":
        for c in o["choices"]:
            if str(c) == p.value:
                opts[o["name"]] = c
    elif o["kind"] == "multi":
        chosen = [c for c in o["choices"] if c in opts[o["name"]]]
        c = next((c for c in o["choices"] if str(c) == p.choice), None)
        if c is not None:
            if p.checked and c not in chosen:
                chosen.append(c)
            elif not p.checked and c in chosen:
                chosen.remove(c)
        opts[o["name"]] = [c for c in o["choices"] if c in chosen]
    elif o["kind"] == "bool":
        opts[o["name"]] = p.checked
    return None


@handles("opt-step", OptionTap)
def option_step(app: NewGameHost, p: OptionTap) -> Effects:
    """A whole-number option's − / + (kept within its bounds)."""
    o = _option(app, p.name)
    if o is None or o["kind"] != "int":
        return None
    opts = app.form["options"]
    opts[o["name"]] = max(o["min"], min(o["max"], int(opts[o["name"]]) + p.d))
    app.draft_error = None
    return None


@handles("start", StartForm)
def start(app: NewGameHost, p: StartForm) -> Effects:
    """Start the game of the form (names typed and numbers read first; two seats of one name,
    or options the game refuses, are said on the form and nothing starts)."""
    draft = app.form
    for i, s in enumerate(draft["seats"]):
        if f"seat-name-{i}" in p.fields:
            _set_name(draft, s, i, p.fields[f"seat-name-{i}"])
    for o in app.game(draft["game"]).describe()["options"]:
        if o["kind"] == "int" and f"opt-{o['name']}" in p.fields:
            option(app, OptionTap(o["name"], p.fields[f"opt-{o['name']}"]))
            if app.draft_error:
                return None
    seen: dict[str, str] = {}
    for n in (s["name"] for s in draft["seats"]):
        if n.casefold() in seen:
            app.draft_error = f"Two seats are called “{n}”: give each seat its own name."
            return None
        seen[n.casefold()] = n
    seats = [Seat(s["name"], "bot" if s["kind"] == "bot" else "human", s["level"] if s["kind"] == "bot" else None)
             for s in draft["seats"]]
    phones = [i for i, s in enumerate(draft["seats"]) if s["kind"] == "phone"]
    try:
        app.new_match(draft["game"], seats, dict(draft["options"]), phones)
    except OptionError as e:
        app.draft_error = str(e)
        return None
    app.draft_error = None
    return None
